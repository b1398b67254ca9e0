// Exact matching (`--matching exact`): the utterance is one of the expanded phrases, or nothing.

extension Query {
    /// The phrase as written after normalization: every unit in order, nothing skipped.
    func runExact(locale: String, catalogs: [Catalog], _ buf: inout SearchBuffers) -> MatchResult {
        var scored: [Scored] = []
        scratch.reserveMasks(n)
        let zero = scratch.maskA
        zero.update(repeating: 0, count: n)
        for ti in 0..<index.templates.count where !index.templates[ti].derived {
            let t = index.templates[ti]
            let appSet = t.hasApp ? index.appSlot[t.app] : -1
            let appSpans = (spans[appSet] ?? []).filter(\.isExact)
            var groups: [(Int32, [SlotSpan])] = []
            if t.paramSet >= 0 {
                let set = index.slotSets[Int(t.paramSet)]
                var byOption: [Int: Int] = [:]
                for s in spans[t.paramSet] ?? [] where s.isExact {
                    let v = set.variants[Int(s.variant)]
                    if opts.enforceBudget, t.budgetBase + v.variantIndex * t.appNameCount >= Expansion.budget { continue }
                    if let g = byOption[v.optionIndex] { groups[g].1.append(s) } else {
                        byOption[v.optionIndex] = groups.count
                        groups.append((s.variant, [s]))
                    }
                }
                if groups.isEmpty { continue }
            } else {
                groups = [(-1, [])]
            }
            for (variant, g) in groups {
                let a = align(t.fullElems, mask: zero, paramSpans: g, appSpans: appSpans, trace: false)
                guard a.cost < 1e-3 else { continue }
                let appSpan = appSpans.first
                scored.append(Scored(template: ti, score: 1, appNamed: appSpan != nil, appSpan: appSpan,
                                     option: variant >= 0 ? variant : nil))
            }
        }
        var o = opts
        o.noAppThreshold = 0
        var q = self
        q.opts = o
        return q.decide(scored, locale: locale, catalogs: catalogs, &buf.bestReadings)
    }
}
