// Evaluating one template: every app reading × the best values, aligned and scored.

extension Query {
    /// Whether a parameter span may be read with this app reading: not under the app name, and
    /// (with the budget enforced) a phrase the system keeps.
    func spanAllowed(_ s: SlotSpan, _ t: CompiledTemplate, _ mask: UnsafeMutablePointer<UInt8>, appVariant: Int) -> Bool {
        for u in s.start..<s.end where mask[u] == 1 { return false }
        if opts.enforceBudget {
            if t.budgetBase + index.positionOf(t.paramSet, s.variant) * t.appNameCount + appVariant >= Expansion.budget { return false }
        }
        return true
    }

    /// The spans of one option (the option of `variant`) that a reading may use, in span order.
    func group(_ t: CompiledTemplate, _ mask: UnsafeMutablePointer<UInt8>, appVariant: Int, option: Int) -> [SlotSpan] {
        var out: [SlotSpan] = []
        guard t.paramSet >= 0, let ps = spans[t.paramSet] else { return out }
        group(t, ps, mask, appVariant: appVariant, option: option, into: &out)
        return out
    }

    /// `group` from the template's parameter spans `ps` (already looked up), appended to `out`.
    func group(_ t: CompiledTemplate, _ ps: [SlotSpan], _ mask: UnsafeMutablePointer<UInt8>, appVariant: Int, option: Int,
               into out: inout [SlotSpan]) {
        for s in ps where index.optionOf(t.paramSet, s.variant) == option && spanAllowed(s, t, mask, appVariant: appVariant) { out.append(s) }
    }

    /// Scores a template: each way of placing the app name (or none) × the best few values.
    /// Readings whose bound is below `kth` (the score enough other targets already beat; not
    /// for negative phrases) or below their option's best reading are not aligned.
    /// (`unbounded`: as with `MatchOptions.noBounds`, for `readAgainForFreeText`.)
    func evaluate(_ ti: Int, into out: inout [Scored], below kth: Float = -1, unbounded: Bool = false,
                  _ buf: inout EvaluateBuffers) {
        let noBounds = opts.noBounds || unbounded
        let t = index.templates[ti]
        let appSpans = t.hasApp ? spans[index.appSlot[t.app]] : nil
        let appCount = min(appSpans?.count ?? 0, opts.exhaustive ? Int.max : Query.appReadings)
        // Reading the utterance without its app name only helps when the name was heard poorly.
        let withoutApp = (appSpans?.first?.sim ?? 0) < opts.model.appNameSureSimilarity
        scratch.reserveMasks(n)
        let mask = scratch.maskA, moveMask = scratch.maskB
        let paramSpans = t.paramSet >= 0 ? spans[t.paramSet] : nil
        // Literal gains bound what reading the value out of order can reach.
        // (`t.elemsWithoutParam`, read from the flat element array.)
        let elemRange = Int(index.templateElemStart[ti])..<Int(index.templateElemStart[ti + 1])
        var literalBound: Float = 0
        // (A phrase may say its parameter twice, "${p} or ${p}": each slot weighs.)
        var slots: Float = 0
        for k in elemRange {
            if index.templateElems[k].kind == .param { slots += 1; continue }
            literalBound += index.templateElems[k].weight * ws.best[Int(index.templateElems[k].id)]
        }
        let paramWeight: Float = t.paramSet >= 0 ? index.model.parameterWeight * slots : 0
        // The best score found so far per option (readings of one option are one target): a
        // reading whose bound is below it cannot change the result.
        buf.bestOf.clear()
        // Units a literal of the template relates to (see `markHits`).
        let literalUnits = self.literalUnits(ti)
        // Each unit's insertion cost, when a value of another parameter was said clearly.
        let unitIns = otherValueInsertions(t.paramSet, app: Int32(t.app), negative: t.isNegative)
        let prunes = !(t.isNegative || opts.exhaustive || noBounds)
        let floor: Float = prunes ? kth : -1
        // `reach(after:)` this template's own best reading so far (see `run`): a later reading of
        // the template below it is neither listed nor decides.
        var localReach: Float = -1
        for ak in (withoutApp ? -1 : 0)..<appCount {
            let appSpan: SlotSpan? = ak < 0 ? nil : appSpans?[ak]
            // The usable units.
            let free = appMask(appSpan, into: mask)
            let appVariant = appSpan.map { index.positionOf(index.appSlot[t.app], $0.variant) } ?? 0
            var frame: ReadingFrame? = nil
            // Options in the order of their best span (spans are sorted best first).
            buf.options.clear()
            if let ps = paramSpans {
                for s in ps where spanAllowed(s, t, mask, appVariant: appVariant) {
                    let o = index.optionOf(t.paramSet, s.variant)
                    if !buf.options.contains(where: { $0.option == o }) { buf.options.append((s.variant, o)) }
                }
            }
            let groups = buf.options.isEmpty ? 1 : min(buf.options.count, opts.exhaustive ? Int.max : 3)
            for gk in 0..<groups {
                let variant: Int32 = buf.options.isEmpty ? -1 : buf.options[gk].variant
                let option = buf.options.isEmpty ? -1 : buf.options[gk].option
                let reference = max(floor, localReach, opts.exhaustive || noBounds ? -1 : (buf.bestOf.first(where: { $0.option == option })?.score ?? -1))
                if reference > 0 {
                    // Every word at its best, the value and the app name as heard; the units that
                    // neither a literal nor the value can take inserted at their cost.
                    var valueSim: Float = 0
                    var cover = literalUnits
                    if let ps = paramSpans {
                        for sp in ps where index.optionOf(t.paramSet, sp.variant) == option {
                            valueSim = max(valueSim, sp.sim)
                            cover.formUnion(unitRange(sp.start, sp.end))
                        }
                    }
                    let minIns = forcedInsertions(free: free, cover: cover, ins: unitIns)
                    var gb = literalBound + paramWeight * valueSim
                    var wb = t.totalWeight + minIns
                    if let s = appSpan { gb += index.model.appWeight * s.sim } else if t.hasApp { wb -= index.model.appWeight }
                    let bound = scale(gain: gb, weight: wb, factor: appSpan == nil && t.hasApp ? opts.model.noAppFactor : 1)
                    if min(1, bound * unknownFactor) < reference - 1e-5 { continue }
                }
                buf.group.clear()
                if !buf.options.isEmpty, let ps = paramSpans { self.group(t, ps, mask, appVariant: appVariant, option: option, into: &buf.group) }
                var a = align(t.elems, mask: mask, paramSpans: buf.group, literals: literalUnits, ins: unitIns, trace: false)
                guard a.cost < .infinity else { continue }
                // (What the app reading adds to every alignment: computed once per app reading.)
                let f = frame ?? readingFrame(t, appSpan: appSpan, mask: mask)
                frame = f
                // The alignment in order (its figures: `a` may change below), compared with the others
                // on the final score's scale (`alignmentScore`) where there is another.
                let plainDels = a.dels
                let plainScore = (t.paramSet >= 0 && !buf.group.isEmpty) || plainDels >= 1
                    ? alignmentScore(a, f, noValue: t.paramSet >= 0 && (variant < 0 || a.paramMissing)) : 0
                // The value said elsewhere in the sentence: take its best span out, align the
                // rest, and charge a small reordering cost.
                var moved: SlotSpan? = nil
                if let best = buf.group.first, t.paramSet >= 0 {
                    // Taking the value out cannot gain more than every literal at its best, and
                    // the units no literal relates to, outside the value, are inserted. (The
                    // group's spans are never under the app name: `spanAllowed`.)
                    let minIns = forcedInsertions(free: free, cover: literalUnits.union(unitRange(best.start, best.end)), ins: unitIns)
                    let reachGain = literalBound + index.model.parameterWeight * best.sim - opts.model.valueReorderCost
                    // Against the reading in order, and (times the unknown-word factor) against the
                    // score other readings already reached.
                    let movedReach = opts.model.baseScore(terms(gain: reachGain, insertions: minIns, f))
                    if (movedReach > plainScore + 1e-6 && min(1, movedReach * unknownFactor) >= reference - 1e-5) || noBounds {
                        moveMask.update(from: mask, count: n)
                        for u in best.start..<best.end { moveMask[u] = 1 }
                        let b = align(t.elemsWithoutParam, mask: moveMask, paramSpans: [], literals: literalUnits, ins: unitIns, trace: false)
                        let adj = adjacentUnknownPenalty(best.start, best.end, mask)
                            + cutWordPenalty(best.start, best.end, literals: literalUnits, mask)
                        let g2 = b.gain + index.model.parameterWeight * best.sim - opts.model.valueReorderCost
                        let i2 = b.ins + adj + opts.model.substitutionCost * b.substitutions
                        let c = Alignment(cost: b.cost, gain: g2, ins: i2 - opts.model.substitutionCost * b.substitutions, steps: [],
                                          substitutions: b.substitutions)
                        if b.cost < .infinity, alignmentScore(c, f, noValue: false) > plainScore + 1e-6 {
                            a = c
                            moved = best
                        }
                    }
                }
                // One word of the phrase said elsewhere in the sentence ("kannst du … suchen" for
                // "Such …", "turn the lights off" for "turn off the lights"): take its unit out,
                // align the rest without the word, and charge a small reordering cost. Tried from
                // the reading in order, whether or not the value moved; the better of the two
                // moves is kept (trying it only where the value did not move made the result
                // depend on whether the bounds let the value move be tried).
                var movedWord: (elem: Int, unit: Int)? = nil
                if plainDels >= 1 {
                    var groupParamBound: Float = 0
                    var cover = literalUnits
                    for sp in buf.group {
                        groupParamBound = max(groupParamBound, paramWeight * sp.sim)
                        cover.formUnion(unitRange(sp.start, sp.end))
                    }
                    // The units neither a literal nor the value can take are inserted in every
                    // alignment (the moved word's unit relates to the word: it is covered).
                    let minIns = forcedInsertions(free: free, cover: cover, ins: unitIns)
                    let valueMoved: Float = moved == nil ? -1 : alignmentScore(a, f, noValue: false)
                    var current = plainScore
                    var wordMoved: Alignment? = nil
                    for (j, e) in t.elems.enumerated() where e.kind == .literal && e.weight >= index.model.contentWordWeight {
                        var u = -1
                        var us: Float = 0
                        // Only the usable units that relate to the word (`hits`), in order.
                        var x = free.intersection(hits(Int(e.id)))
                        while let i = x.popFirst() {
                            let si = sim(i, e.id).0
                            if si > us { us = si; u = i }
                        }
                        guard u >= 0, us >= opts.model.movedWordSimilarity else { continue }
                        // Not more than every other element at its best and the units nothing can
                        // take inserted: against this reading, and on the final score's scale (app
                        // name, factors) against the score other readings already reached. (Not
                        // the reading in order's gain and insertions less this unit's: the
                        // alignment without the word may gain more than that one, which had the
                        // least cost, not the most gain; FuzzFindingTests.wordMoveBoundTooLow.)
                        let others = literalBound - e.weight * ws.best[Int(e.id)] + groupParamBound
                        let reach = opts.model.baseScore(terms(gain: others + e.weight * us - opts.model.wordReorderCost,
                                                               insertions: minIns, f))
                        if reach <= max(current, valueMoved) + 1e-6 && !noBounds { continue }
                        if min(1, reach * unknownFactor) < reference - 1e-5 { continue }
                        mask[u] = 1
                        let b = align(t.elems, mask: mask, paramSpans: buf.group, skip: j, literals: literalUnits, ins: unitIns, trace: false)
                        mask[u] = 0
                        guard b.cost < .infinity else { continue }
                        let g2 = b.gain + e.weight * us - opts.model.wordReorderCost
                        let w = Alignment(cost: b.cost, gain: g2, ins: b.ins, steps: [], substitutions: b.substitutions, dels: b.dels,
                                          paramMissing: b.paramMissing)
                        let s2 = alignmentScore(w, f, noValue: t.paramSet >= 0 && (variant < 0 || b.paramMissing))
                        if s2 > current + 1e-6 {
                            wordMoved = w
                            current = s2
                            movedWord = (j, u)
                        }
                    }
                    if let w = wordMoved, current > valueMoved + 1e-6 {
                        a = w
                        moved = nil
                    } else {
                        movedWord = nil
                    }
                }
                var terms = self.terms(a, f)
                terms.unknown = unknownFactor
                terms.noValue = t.paramSet >= 0 && (variant < 0 || (moved == nil && a.paramMissing))
                let score = opts.model.score(terms)
                // Which value the alignment bound: the first span used (the group is one option).
                let bound: Int32? = variant >= 0 ? variant : nil
                out.append(Scored(template: ti, score: score, appNamed: appSpan != nil, appSpan: appSpan,
                                  option: bound, movedParam: moved, movedWord: movedWord, terms: terms))
                if prunes { localReach = max(localReach, reach(after: score)) }
                if let k = buf.bestOf.firstIndex(where: { $0.option == option }) {
                    buf.bestOf[k].score = max(buf.bestOf[k].score, score)
                } else {
                    buf.bestOf.append((option, score))
                }
            }
        }
    }
}
