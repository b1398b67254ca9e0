// Unknown values: a reading for a value the app does not have, said where a value stands.

/// A reading of a template whose parameter slot is taken by words that are none of its values.
struct UnknownValueReading {
    var score: Float
    var template: Int
    /// The words standing for the value.
    var span: SlotSpan
    /// The app name as read, if named.
    var appSpan: SlotSpan?
}

extension Query {
    /// The best reading of a template whose parameter slot is taken by words the catalog has
    /// never heard ("turn on the lights in the garage" for "…in the ${room}" when no room is
    /// called "garage"): when it beats every real reading, the person named a value the app
    /// does not have, and nothing should run.
    /// Only a reading above `above` (the best real score plus the margin) can matter (`decide`);
    /// templates that cannot reach it are not read.
    func unknownValueReading(_ candidates: [UInt64], above: Float = -1) -> UnknownValueReading? {
        guard opts.mode == .flexible, !opts.exhaustive else { return nil }
        var runs: [SlotSpan] = []
        // The words the app of the template being read never says (`foreignUnits`): to it they
        // are words it has never heard, though another app's catalog knows them ("nursery").
        var foreign = noUnits
        var runsApp = -1
        unknownRuns(foreign, into: &runs)
        let valueOnly = u.valueOnlyUnits()
        // Words no catalog says that relate to one only by a guess (`guessedUnits`: "mood" only
        // sounds like "mute") count as never heard for a template whose values are heard nowhere
        // at or next to them (`guessedFree`); next to a value heard they are more likely that
        // value misheard ("mister whiskers" for "Mr. Whiskers").
        let guessing = !guessedUnits.isEmpty
        if runs.isEmpty && valueOnly.isEmpty && !guessing { return nil }
        var appForeign = noUnits
        var runsSet: Int32 = -1
        // The units that count as never heard (for the app being read): with none, neither a
        // run nor a compound can be read.
        var unheard = noUnits
        for k in 0..<n where unknownUnit(k, foreign) { unheard.insert(k) }
        var unknownMask = unheard
        scratch.reserveMasks(n)
        let mask = scratch.maskA
        var best: UnknownValueReading? = nil
        var attached: [SlotSpan] = []
        for key in candidates {
            let ti = Int(Query.sortKeyItem(key))
            guard index.templateParamSet[ti] >= 0, !index.templateIsNegative[ti] else { continue }
            let app = Int(index.templateApp[ti])
            let set = index.templateParamSet[ti]
            let appChanged = app != runsApp
            if (!valueOnly.isEmpty && appChanged) || (guessing && (appChanged || set != runsSet)) {
                if appChanged && !valueOnly.isEmpty {
                    appForeign = u.foreignUnits(app: Int32(app), among: valueOnly).union(partialValueUnits(app: Int32(app), among: valueOnly))
                }
                runsApp = app
                runsSet = set
                foreign = guessing ? appForeign.union(guessedFree(set)) : appForeign
                unknownRuns(foreign, into: &runs)
                unknownMask = unheard
                for k in 0..<n where unknownUnit(k, foreign) { unknownMask.insert(k) }
            }
            if unknownMask.isEmpty { continue }
            let t = index.templates[ti]
            // Every literal at its best, the run at its similarity, the app name at its best.
            var literals: Float = 0
            for k in Int(index.templateElemStart[ti])..<Int(index.templateElemStart[ti + 1]) where index.templateElems[k].kind == .literal {
                literals += index.templateElems[k].weight * ws.best[Int(index.templateElems[k].id)]
            }
            let runGain = literals + index.model.parameterWeight * opts.model.unknownValueSimilarity
            let appW: Float = t.hasApp ? index.model.appWeight : 0
            let named = scale(gain: runGain + appW, weight: t.totalWeight)
            let unnamed = t.hasApp ? scale(gain: runGain, weight: t.totalWeight - appW, factor: opts.model.noAppFactor) : named
            if min(1, max(named, unnamed)) < above - 1e-3 { continue }
            attached.removeAll(keepingCapacity: true)
            let ps = spans[t.paramSet] ?? []
            unknownCompounds(ps, foreign, into: &attached)
            // A value of the slot was heard: the person named one the app has (unless words the
            // catalog has never heard are attached to it).
            let heardValue = ps.contains(where: { $0.sim >= opts.model.heardValueSimilarity })
            if heardValue && attached.isEmpty { continue }
            // Nothing unknown to read in the slot.
            if attached.isEmpty && (heardValue || runs.isEmpty) { continue }
            let appSpan: SlotSpan? = t.hasApp ? spans[index.appSlot[t.app]]?.first : nil
            appMask(appSpan, into: mask)
            let unitIns = otherValueInsertions(t.paramSet, app: Int32(t.app), negative: t.isNegative)
            // The runs (unless a value was heard), then the compounds.
            let count = (heardValue ? 0 : runs.count) + attached.count
            for k in 0..<count {
                let r = heardValue ? attached[k] : (k < runs.count ? runs[k] : attached[k - runs.count])
                if (r.start..<r.end).contains(where: { mask[$0] != 0 }) { continue }
                // One run at a time: a reading that leaves the slot empty is a real reading, which
                // the real search bounds, so a score above the real best means the run took the slot.
                let a = align(t.elems, mask: mask, paramSpans: [r], ins: unitIns, trace: false)
                guard a.cost < .infinity else { continue }
                let score = min(1, max(0, readingScore(a, t, appSpan: appSpan, mask: mask)))
                if score > (best?.score ?? 0) { best = UnknownValueReading(score: score, template: ti, span: r, appSpan: appSpan) }
            }
        }
        return best
    }

    /// Words of values put together that no value says together: the units of `candidates`
    /// (words known only as values or names) that no value of the app's parameters takes as a
    /// whole (every span covering the unit is below `heardValueSimilarity`), next to (articles
    /// aside) a word the catalogs never heard, with no value span taking both, or next to
    /// another such unit with which no value of the app says a word of both ("giorno braccia"
    /// when the routines are "giorno gambe" and "braccia e petto"; "день рук" next to "день
    /// ног"). They name none of the app's values: for the unknown-value reading they are words
    /// the app has never heard as one. (A value said in part, "flat weit" for "flat white" or
    /// "laufen mit hundertachtzig bpm", is still that value.)
    func partialValueUnits(app: Int32, among candidates: Units) -> Units {
        var partial = noUnits
        var x = candidates
        while let i = x.popFirst() {
            let whole = hasValueSpan(app: app) { $0.start <= i && i < $0.end && $0.sim >= opts.model.heardValueSimilarity }
            if !whole { partial.insert(i) }
        }
        var out = noUnits
        x = partial
        while let i = x.popFirst() {
            for step in [-1, 1] {
                var j = i + step
                while j >= 0 && j < n && !units[j].flags.isDisjoint(with: [.optional, .elision, .particle])
                    && units[j].flags.isDisjoint(with: [.connector, .filler]) { j += step }
                guard j >= 0 && j < n else { continue }
                let lo = min(i, j), hi = max(i, j)
                if units[j].flags.contains(.unheard) && units[j].flags.isDisjoint(with: [.number, .ordinal])
                    && !hasValueSpan(app: app, where: { $0.start <= lo && hi < $0.end })
                    || (partial.contains(j) && !shareValue(i, j, app: app)) {
                    out.insert(i)
                    break
                }
            }
        }
        return out
    }

    /// The guessed units (`guessedUnits`) no value span of `set` covers or touches, numbers aside.
    func guessedFree(_ set: Int32) -> Units {
        var out = noUnits
        var x = guessedUnits
        let ps = spans[set] ?? []
        while let i = x.popFirst() {
            if Query.hasNumeral(units[i].text) { continue }
            if !ps.contains(where: { $0.start - 1 <= i && i <= $0.end }) { out.insert(i) }
        }
        return out
    }

    /// Whether some value span of the app's parameters satisfies `test` (one covering both
    /// units: a word misheard inside a value said in part, "laufen mit hundertachtzig bpm").
    func hasValueSpan(app: Int32, where test: (SlotSpan) -> Bool) -> Bool {
        for (k, set) in spans.sets.enumerated() where !index.setIsApp[Int(set)] && index.setApp[Int(set)] == app {
            if spans.lists[k].contains(where: test) { return true }
        }
        return false
    }

    /// Whether one value of the app says a word unit i relates to and one unit j relates to.
    /// (A word's postings in one app are sorted by set, then variant: each pair of words is one
    /// merge of their two lists.)
    func shareValue(_ i: Int, _ j: Int, app: Int32) -> Bool {
        for a in mStart[i]..<(mStart[i] + mCount[i]) {
            let ra = index.postings(mVocab[a], app: app)
            if ra.isEmpty { continue }
            for b in mStart[j]..<(mStart[j] + mCount[j]) {
                let rb = index.postings(mVocab[b], app: app)
                var x = ra.lowerBound, y = rb.lowerBound
                while x < ra.upperBound && y < rb.upperBound {
                    let p = index.slotFlat[x], q = index.slotFlat[y]
                    if p.set == q.set && p.variant == q.variant { return true }
                    if p.set < q.set || (p.set == q.set && p.variant < q.variant) { x += 1 } else { y += 1 }
                }
            }
        }
        return false
    }

    /// Whether unit k counts as never heard for the unknown-value reading: unheard, or a word the
    /// template's app never says (`foreign`). Numbers are not names: an unheard number is more
    /// likely misheard than new.
    @inline(__always)
    func unknownUnit(_ k: Int, _ foreign: Units) -> Bool {
        (units[k].flags.contains(.unheard) || foreign.contains(k))
            && units[k].flags.isDisjoint(with: [.number, .ordinal])
    }

    /// The runs of at most `unknownValueMaxWords` units that count as never heard (`unknownUnit`).
    func unknownRuns(_ foreign: Units, into runs: inout [SlotSpan]) {
        runs.removeAll(keepingCapacity: true)
        var i = 0
        while i < n {
            guard unknownUnit(i, foreign) else { i += 1; continue }
            var j = i
            while j < n && unknownUnit(j, foreign) { j += 1 }
            if j - i <= Query.unknownValueMaxWords {
                runs.append(SlotSpan(start: i, end: j, variant: -1, sim: opts.model.unknownValueSimilarity))
            }
            i = j
        }
    }

    /// A value followed by an article or preposition and words never heard ("latte de
    /// calabaza", "chambre de bébé"): the person named another value, of which the value heard is
    /// only a part. Appends such spans (the value and the words after it) of the best 3 value
    /// spans `ps`.
    func unknownCompounds(_ ps: [SlotSpan], _ foreign: Units, into out: inout [SlotSpan]) {
        for sp in ps.prefix(3) {
            var b = sp.end
            guard b + 1 < n else { continue }
            let f = units[b].flags
            let function = f.isDisjoint(with: [.filler, .connector, .number, .ordinal])
                && !f.isDisjoint(with: [.optional, .elision, .particle])
            guard function, unknownUnit(b + 1, foreign) else { continue }
            b += 1
            while b < n && unknownUnit(b, foreign) && b - sp.end <= Query.unknownValueMaxWords { b += 1 }
            if !out.contains(where: { $0.start == sp.start && $0.end == b }) {
                out.append(SlotSpan(start: sp.start, end: b, variant: -1, sim: opts.model.unknownValueSimilarity))
            }
        }
    }
}
