// A reading's terms and score: the alignment turned into `ReadingTerms`, scored by the `ScoreModel`.

extension Query {
    /// The terms of an alignment of template `t` read with `appSpan` (nil: the app not named),
    /// before the unknown-word factor and the missing value (`ScoreModel.score`).
    func readingTerms(_ a: Alignment, _ t: CompiledTemplate, appSpan: SlotSpan?, mask: UnsafeMutablePointer<UInt8>) -> ReadingTerms {
        var r = ReadingTerms()
        r.gain = a.gain
        r.weight = t.totalWeight
        r.insertions = a.ins
        r.deletions = a.dels
        r.substitutions = a.substitutions
        r.appNamed = appSpan != nil
        var extra: Float = opts.model.substitutionCost * a.substitutions + opts.model.otherAppClauseCost * Float(otherAppClauses)
        if let s = appSpan {
            r.gain += index.model.appWeight * s.sim
            // "google home": an unknown word glued to the app name names another app.
            extra += adjacentUnknownPenalty(s.start, s.end, mask)
        }
        r.factor = t.derived ? opts.model.paraphraseFactor : 1
        if appSpan == nil && t.hasApp {
            r.weight -= index.model.appWeight
            if clauseTrail + clauseLead > 0 {
                extra += opts.model.otherAppClauseCost * Float(otherAppClauses(app: Int32(t.app)) - otherAppClauses)
            }
            r.factor *= opts.model.noAppFactor
        }
        r.penalties = extra
        return r
    }

    /// A gain over a weight, insertions and penalties, times a factor, on the scale of
    /// `ScoreModel.baseScore`: what the search's bounds and its comparisons of a template's other
    /// alignments are measured in. The formula is the model's; nothing else writes it.
    @inline(__always)
    func scale(gain: Float, weight: Float, insertions: Float = 0, penalties: Float = 0, factor: Float = 1) -> Float {
        var t = ReadingTerms()
        t.gain = gain
        t.weight = weight
        t.insertions = insertions
        t.penalties = penalties
        t.factor = factor
        return opts.model.baseScore(t)
    }

    /// The score of one alignment of a reading, the unknown-word factor aside (the same for every
    /// alignment of the reading): what a template's alignments (in order, the value moved, a word
    /// moved) are compared by, so the one kept is the one the final score ranks first.
    func alignmentScore(_ a: Alignment, _ t: CompiledTemplate, appSpan: SlotSpan?, mask: UnsafeMutablePointer<UInt8>, noValue: Bool) -> Float {
        var r = readingTerms(a, t, appSpan: appSpan, mask: mask)
        r.noValue = noValue
        return opts.model.score(r)
    }

    /// `readingTerms`' score before the unknown-word factor (`ScoreModel.baseScore`).
    func readingScore(_ a: Alignment, _ t: CompiledTemplate, appSpan: SlotSpan?, mask: UnsafeMutablePointer<UInt8>) -> Float {
        opts.model.baseScore(readingTerms(a, t, appSpan: appSpan, mask: mask))
    }
}
