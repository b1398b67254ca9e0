// A reading's terms and score: the alignment turned into `ReadingTerms`, scored by the `ScoreModel`.

extension Query {
    /// What a reading of template `t` with `appSpan` (nil: the app not named) under `mask` adds
    /// to any of its alignments (`terms(_:_:)`): the app name's gain, the penalties of the app
    /// name's neighbours and of other apps' clauses, the weight and the factor. The same for every
    /// alignment of the reading, so the search computes it once per app reading.
    struct ReadingFrame {
        var weight: Float
        var appGain: Float = 0
        var otherApps: Float
        var adjacent: Float = 0
        var noAppClauses: Float = 0
        var factor: Float
        var appNamed: Bool
    }

    func readingFrame(_ t: CompiledTemplate, appSpan: SlotSpan?, mask: UnsafeMutablePointer<UInt8>) -> ReadingFrame {
        var f = ReadingFrame(weight: t.totalWeight, otherApps: opts.model.otherAppClauseCost * Float(otherAppClauses),
                             factor: t.derived ? opts.model.paraphraseFactor : 1, appNamed: appSpan != nil)
        if let s = appSpan {
            f.appGain = index.model.appWeight * s.sim
            // "google home": an unknown word glued to the app name names another app.
            f.adjacent = adjacentUnknownPenalty(s.start, s.end, mask)
        }
        if appSpan == nil && t.hasApp {
            f.weight -= index.model.appWeight
            if clauseTrail + clauseLead > 0 {
                f.noAppClauses = opts.model.otherAppClauseCost * Float(otherAppClauses(app: Int32(t.app)) - otherAppClauses)
            }
            f.factor *= opts.model.noAppFactor
        }
        return f
    }

    /// The terms of alignment `a` in reading frame `f`, before the unknown-word factor and the
    /// missing value (`ScoreModel.score`).
    @inline(__always)
    func terms(_ a: Alignment, _ f: ReadingFrame) -> ReadingTerms {
        terms(gain: a.gain, insertions: a.ins, deletions: a.dels, substitutions: a.substitutions, f)
    }

    /// `terms(_:_:)` of an alignment's figures (the bounds' alignments have no steps to build).
    @inline(__always)
    func terms(gain: Float, insertions: Float, deletions: Float = 0, substitutions: Float = 0, _ f: ReadingFrame) -> ReadingTerms {
        var r = ReadingTerms()
        r.gain = gain
        r.weight = f.weight
        r.insertions = insertions
        r.deletions = deletions
        r.substitutions = substitutions
        r.appNamed = f.appNamed
        var extra: Float = opts.model.substitutionCost * substitutions + f.otherApps
        if f.appNamed {
            r.gain += f.appGain
            extra += f.adjacent
        } else {
            extra += f.noAppClauses
        }
        r.factor = f.factor
        r.penalties = extra
        return r
    }

    /// The terms of an alignment of template `t` read with `appSpan` (nil: the app not named),
    /// before the unknown-word factor and the missing value (`ScoreModel.score`).
    func readingTerms(_ a: Alignment, _ t: CompiledTemplate, appSpan: SlotSpan?, mask: UnsafeMutablePointer<UInt8>) -> ReadingTerms {
        terms(a, readingFrame(t, appSpan: appSpan, mask: mask))
    }

    /// A gain over a weight, insertions and penalties, times a factor, on the scale of
    /// `ScoreModel.baseScore`: what the search's bounds and its comparisons of a template's other
    /// alignments are measured in. The formula is the model's; nothing else writes it.
    @inline(__always)
    func scale(gain: Float, weight: Float, insertions: Float = 0, penalties: Float = 0, factor: Float = 1) -> Float {
        Query.scale(opts.model, gain: gain, weight: weight, insertions: insertions, penalties: penalties, factor: factor)
    }

    /// `scale` under the score model `model`.
    @inline(__always)
    static func scale(_ model: ScoreModel, gain: Float, weight: Float, insertions: Float = 0, penalties: Float = 0, factor: Float = 1) -> Float {
        var t = ReadingTerms()
        t.gain = gain
        t.weight = weight
        t.insertions = insertions
        t.penalties = penalties
        t.factor = factor
        return model.baseScore(t)
    }

    /// The score of one alignment of a reading (frame `f`), the unknown-word factor aside (the
    /// same for every alignment of the reading): what a template's alignments (in order, the value
    /// moved, a word moved) are compared by, so the one kept is the one the final score ranks first.
    @inline(__always)
    func alignmentScore(_ a: Alignment, _ f: ReadingFrame, noValue: Bool) -> Float {
        var r = terms(a, f)
        r.noValue = noValue
        return opts.model.score(r)
    }

    /// `readingTerms`' score before the unknown-word factor (`ScoreModel.baseScore`).
    func readingScore(_ a: Alignment, _ t: CompiledTemplate, appSpan: SlotSpan?, mask: UnsafeMutablePointer<UInt8>) -> Float {
        opts.model.baseScore(readingTerms(a, t, appSpan: appSpan, mask: mask))
    }
}
