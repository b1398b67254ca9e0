extension Query {
    /// A scored way of reading the utterance as one template.
    struct Scored {
        var template: Int
        var score: Float
        var appNamed: Bool
        var appSpan: SlotSpan?
        var option: Int32?      // variant index of the bound parameter value
        /// Set when the value was read out of the template's order ("the kitchen lights").
        var movedParam: SlotSpan? = nil
        /// Set when one phrase word was read out of the template's order: its element and unit.
        var movedWord: (elem: Int, unit: Int)? = nil
        /// Units read as the free text of the shortcut's String parameter, or as talk after the
        /// request where the template has none (`freeTextReadings`, `readsTalk`).
        var freeText: Range<Int>? = nil
        /// What the score was made of (`ScoreModel.score`).
        var terms = ReadingTerms()
    }

    mutating func run(locale: String, catalogs: [Catalog]) -> MatchResult {
        prepare()
        func none(_ reason: Reason, closest: [MatchCandidate] = [], negative: String? = nil) -> MatchResult {
            MatchResult(text: text, locale: locale, decision: .none, results: closest, why: reason, negative: negative)
        }
        if n == 0 { return none(.noWords) }
        // An utterance far longer than any phrase cannot reach the threshold: its extra words
        // alone cost more than any phrase can gain. Refuse it in linear time.
        // (At the cheapest insertion, and against half the threshold: a safe margin.)
        let cheapest = min(opts.model.fillerInsertion, opts.model.functionInsertion, opts.model.connectorInsertion)
        let minExtra = Float(max(0, n - 3 * index.maxTemplateUnits - 8)) * cheapest
        let maxW = index.maxTemplateWeight
        if maxW / (maxW + minExtra) < Float(opts.threshold) * 0.5 {
            return none(.tooLong)
        }
        if opts.mode == .exact { return runExact(locale: locale, catalogs: catalogs) }
        findSlots()
        // Candidates and their upper bounds.
        // The app name picks the app: when an app was clearly named, only its shortcuts compete.
        var heard: [Int32] = []
        swap(&heard, &ws.pool.pointee.heardApps)
        heard.clear()
        if !opts.exhaustive {
            for (k, set) in spans.sets.enumerated() where index.setIsApp[Int(set)] && (spans.lists[k].first?.sim ?? 0) >= opts.model.clearAppSimilarity {
                heard.append(index.setApp[Int(set)])
            }
        }
        var candList: [Int32] = []
        swap(&candList, &ws.pool.pointee.candList)
        candList.clear()
        // Candidates as sort keys (`sortKey`: bound descending, template ascending).
        var cands: [UInt64] = []
        swap(&cands, &ws.pool.pointee.cands)
        cands.clear()
        var scored: [Scored] = []
        swap(&scored, &ws.pool.pointee.scored)
        scored.clear()
        var targets = TargetTable<Float>()
        swap(&targets, &ws.pool.pointee.targets)
        targets.removeAll()
        defer {
            swap(&heard, &ws.pool.pointee.heardApps)
            swap(&candList, &ws.pool.pointee.candList)
            swap(&cands, &ws.pool.pointee.cands)
            swap(&scored, &ws.pool.pointee.scored)
            swap(&targets, &ws.pool.pointee.targets)
        }
        for id in bestIds {
            for k in Int(index.literalStart[Int(id)])..<Int(index.literalStart[Int(id) + 1]) {
                let t = index.literalFlat[k]
                if ws.mark[Int(t)] { continue }
                if !heard.isEmpty && !heard.contains(index.templateApp[Int(t)]) { continue }
                ws.mark[Int(t)] = true
                candList.append(t)
            }
        }
        for set in spans.sets {
            for k in Int(index.setTemplateStart[Int(set)])..<Int(index.setTemplateStart[Int(set) + 1]) {
                let t = index.setTemplateFlat[k]
                if ws.mark[Int(t)] { continue }
                if !heard.isEmpty && !heard.contains(index.templateApp[Int(t)]) { continue }
                ws.mark[Int(t)] = true
                candList.append(t)
            }
        }
        for t in candList { ws.mark[Int(t)] = false }
        var coverage: [UInt64] = []
        swap(&coverage, &ws.pool.pointee.coverage)
        slotCoverage(into: &coverage)
        defer { swap(&coverage, &ws.pool.pointee.coverage) }
        // The units the app name takes in every reading, for the last app looked up.
        var takenApp = -1
        var taken = AppUnits(units: 0, sure: false)
        for t in candList {
            let g = bestGain(Int(t))
            ws.gain[Int(t)] = g
            let ub = max(0, upperBound(Int(t), coverage: coverage, refined: false, gain: g))
            cands.append(Query.sortKey(bound: ub, t))
        }
        cands.sort()
        let floor = Float(opts.model.searchFloor)
        let need = max(opts.limit, 2)
        let logBounds = boundLog != nil
        var kth: Float = -1
        // Below `floorNow` nothing is listed or decides (`reach(after:)` the best reading so far).
        var floorNow: Float = -1
        for key in cands {
            let ub = Query.sortKeyBound(key), t = Query.sortKeyItem(key)
            if !opts.exhaustive && !opts.noBounds {
                if ub < floor { break }
                // Enough distinct results already beat this bound.
                if ub < kth { break }
                // The refined bound also charges the words this template cannot take.
                // It also reads the literals heard only under the app name as not heard, where
                // every reading names the app.
                let ub2 = upperBound(Int(t), coverage: coverage, refined: true, gain: ws.gain[Int(t)],
                                     taken: index.templateHasApp[Int(t)] ? appUnits(Int(index.templateApp[Int(t)]), &takenApp, &taken) : AppUnits(units: 0, sure: false))
                if ub2 < floor || ub2 < kth { continue }
            }
            var changed = false
            let from = scored.count
            evaluate(Int(t), into: &scored, below: kth)
            if logBounds { logBound(Int(t), ub, coverage, scored[from...]) }
            // (Fields read in place: a reading is too large to copy cheaply.)
            for si in from..<scored.count {
                let key = targetKey(template: scored[si].template, option: scored[si].option)
                let score = scored[si].score
                if !index.templateIsNegative[scored[si].template] {
                    let r = reach(after: score)
                    if r > floorNow { floorNow = r; changed = true }
                }
                if let k = targets.find(key) {
                    if score > targets.values[k] { targets.values[k] = score; changed = true }
                } else if score > -1 {
                    targets.append(key, score)
                    changed = true
                }
            }
            if changed {
                kth = max(floorNow, targets.count >= need ? Query.kthLargest(targets.values, need) : -1)
            }
        }
        freeTextReadings(&scored)
        // Only worth looking for when a real reading would otherwise be accepted.
        var topScore: Float = 0
        for si in scored.indices where !index.templateIsNegative[scored[si].template] { topScore = max(topScore, scored[si].score) }
        let wild = topScore >= Float(opts.threshold) ? unknownValueReading(cands, above: topScore + Float(opts.ambiguityMargin)) : nil
        return decide(scored, wildcard: wild, locale: locale, catalogs: catalogs)
    }

    /// Appends template `t`'s bound (the smaller of `ub` and the refined one) and its best
    /// reading's score to `boundLog` (for the tests).
    @inline(never)
    mutating func logBound(_ t: Int, _ ub: Float, _ coverage: [UInt64], _ readings: ArraySlice<Scored>) {
        let ub2 = upperBound(t, coverage: coverage, refined: true, gain: ws.gain[t],
                             taken: index.templateHasApp[t] ? appUnitsTaken(Int(index.templateApp[t])) : AppUnits(units: 0, sure: false))
        var best: Float = -1
        for r in readings { best = max(best, r.score) }
        boundLog?.append((t, min(ub, ub2), best))
    }

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

    /// `readingTerms`' score before the unknown-word factor (`ScoreModel.baseScore`).
    func readingScore(_ a: Alignment, _ t: CompiledTemplate, appSpan: SlotSpan?, mask: UnsafeMutablePointer<UInt8>) -> Float {
        opts.model.baseScore(readingTerms(a, t, appSpan: appSpan, mask: mask))
    }

    /// The best reading of a template whose parameter slot is taken by words the catalog has
    /// never heard ("turn on the lights in the garage" for "…in the ${room}" when no room is
    /// called "garage"): when it beats every real reading, the person named a value the app
    /// does not have, and nothing should run.
    /// Only a reading above `above` (the best real score plus the margin) can matter (`decide`);
    /// templates that cannot reach it are not read.
    func unknownValueReading(_ candidates: [UInt64], above: Float = -1) -> (score: Float, template: Int, span: SlotSpan)? {
        guard opts.mode == .flexible, !opts.exhaustive else { return nil }
        var runs: [SlotSpan] = []
        // The words the app of the template being read never says (`foreignUnits`): to it they
        // are words it has never heard, though another app's catalog knows them ("nursery").
        var foreign: UInt64 = 0
        var runsApp = -1
        unknownRuns(foreign, into: &runs)
        let valueOnly = valueOnlyUnits()
        if runs.isEmpty && valueOnly == 0 { return nil }
        // The units that count as never heard (for the app being read): with none, neither a
        // run nor a compound can be read.
        var unheard: UInt64 = 0
        if n < 64 {
            for k in 0..<n where unknownUnit(k, 0) { unheard |= 1 << UInt64(k) }
        } else {
            unheard = ~0
        }
        var unknownMask = unheard
        scratch.reserveMasks(n)
        let mask = scratch.maskA
        var best: (score: Float, template: Int, span: SlotSpan)? = nil
        var attached: [SlotSpan] = []
        for key in candidates {
            let ti = Int(Query.sortKeyItem(key))
            guard index.templateParamSet[ti] >= 0, !index.templateIsNegative[ti] else { continue }
            let app = Int(index.templateApp[ti])
            if valueOnly != 0 && app != runsApp {
                runsApp = app
                foreign = foreignUnits(app: Int32(app), among: valueOnly) | partialValueUnits(app: Int32(app), among: valueOnly)
                unknownRuns(foreign, into: &runs)
                unknownMask = unheard
                if n < 64 { for k in 0..<n where unknownUnit(k, foreign) { unknownMask |= 1 << UInt64(k) } }
            }
            if unknownMask == 0 { continue }
            let t = index.templates[ti]
            // Every literal at its best, the run at its similarity, the app name at its best.
            var literals: Float = 0
            for k in Int(index.templateElemStart[ti])..<Int(index.templateElemStart[ti + 1]) where index.templateElems[k].kind == .literal {
                literals += index.templateElems[k].weight * ws.best[Int(index.templateElems[k].id)]
            }
            let runGain = literals + index.model.parameterWeight * opts.model.unknownValueSimilarity
            let appW: Float = t.hasApp ? index.model.appWeight : 0
            let named = (runGain + appW) / max(t.totalWeight, 1e-6)
            let unnamed = t.hasApp ? opts.model.noAppFactor * runGain / max(t.totalWeight - appW, 1e-6) : named
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
                if score > (best?.score ?? 0) { best = (score, ti, r) }
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
    func partialValueUnits(app: Int32, among candidates: UInt64) -> UInt64 {
        var partial: UInt64 = 0
        var x = candidates
        while x != 0 {
            let i = x.trailingZeroBitCount
            x &= x - 1
            let whole = hasValueSpan(app: app) { $0.start <= i && i < $0.end && $0.sim >= opts.model.heardValueSimilarity }
            if !whole { partial |= 1 << UInt64(i) }
        }
        var out: UInt64 = 0
        x = partial
        while x != 0 {
            let i = x.trailingZeroBitCount
            x &= x - 1
            for step in [-1, 1] {
                var j = i + step
                while j >= 0 && j < n && !units[j].flags.isDisjoint(with: [.optional, .elision, .particle])
                    && units[j].flags.isDisjoint(with: [.connector, .filler]) { j += step }
                guard j >= 0 && j < n else { continue }
                let lo = min(i, j), hi = max(i, j)
                if units[j].flags.contains(.unheard) && units[j].flags.isDisjoint(with: [.number, .ordinal])
                    && !hasValueSpan(app: app, where: { $0.start <= lo && hi < $0.end })
                    || (partial & (1 << UInt64(j)) != 0 && !shareValue(i, j, app: app)) {
                    out |= 1 << UInt64(i)
                    break
                }
            }
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
    func unknownUnit(_ k: Int, _ foreign: UInt64) -> Bool {
        (units[k].flags.contains(.unheard) || (k < 64 && foreign & (1 << UInt64(k)) != 0))
            && units[k].flags.isDisjoint(with: [.number, .ordinal])
    }

    /// The runs of at most `unknownValueMaxWords` units that count as never heard (`unknownUnit`).
    func unknownRuns(_ foreign: UInt64, into runs: inout [SlotSpan]) {
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
    func unknownCompounds(_ ps: [SlotSpan], _ foreign: UInt64, into out: inout [SlotSpan]) {
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

    /// A negative phrase of `app` whose literal words are all words only negative phrases say,
    /// each said in the utterance (`negativeUnits`), if any (the first in catalog order).
    func refusedByNegativeWords(app: Int) -> CompiledTemplate? {
        var said = Set<Int32>()
        for i in 0..<min(n, 64) where (negativeUnits >> UInt64(i)) & 1 == 1 {
            for j in mStart[i]..<(mStart[i] + mCount[i]) where mKind[j] == .exact { said.insert(mVocab[j]); break }
        }
        for (ti, t) in index.templates.enumerated() where index.templateIsNegative[ti] && t.app == app {
            var literals = 0
            var all = true
            for e in t.elems where e.kind == .literal && e.id >= 0 {
                literals += 1
                if !index.vocabNegativeOnly[Int(e.id)] || !said.contains(e.id) { all = false; break }
            }
            if all && literals > 0 { return t }
        }
        return nil
    }

    /// The target of a reading: app, shortcut and bound option (negatives: their template).
    func targetKey(_ s: Scored) -> Int64 { targetKey(template: s.template, option: s.option) }

    func targetKey(template t: Int, option: Int32?) -> Int64 {
        if index.templateIsNegative[t] { return -1 - Int64(t) }
        return Int64(index.templateApp[t]) << 40 | Int64(index.templateShortcut[t] & 0xFFFF) << 24
            | Int64((optionIndex(template: t, option: option) + 1) & 0xFF_FFFF)
    }

    /// Units covered by any span of each slot set (bitmask; utterances of 64 units or more are
    /// treated as fully covered, which only loosens the bound).
    func slotCoverage(into out: inout [UInt64]) {
        out.clear()
        for list in spans.lists {
            var m: UInt64 = 0
            if n >= 64 { m = ~0 } else { for sp in list { m |= Query.unitRange(sp.start, sp.end) } }
            out.append(m)
        }
    }

    func coverage(_ c: [UInt64], _ set: Int32) -> UInt64 {
        for (k, s) in spans.sets.enumerated() where s == set { return c[k] }
        return 0
    }

    /// The app span is taken; the connectors right next to it may be left out for free.
    /// Returns the units left usable (`mask` 0) as bits (utterances under 64 units).
    @discardableResult
    func appMask(_ appSpan: SlotSpan?, into mask: UnsafeMutablePointer<UInt8>) -> UInt64 {
        mask.update(repeating: 0, count: n)
        let all = n < 64 ? Query.unitRange(0, n) : 0
        guard let a = appSpan else { return all }
        for u in a.start..<a.end { mask[u] = 1 }
        var k = a.start - 1
        while k >= 0, units[k].flags.contains(.connector) { mask[k] = 2; k -= 1 }
        let first = k + 1
        k = a.end
        while k < n, units[k].flags.contains(.connector) { mask[k] = 2; k += 1 }
        return all & ~Query.unitRange(first, k)
    }

    func bestSpanSim(_ set: Int32) -> Float { spans.best(set) }

    /// The gain of a template with every element at its best similarity (the numerator of
    /// `upperBound` without the app name).
    func bestGain(_ ti: Int) -> Float {
        var g: Float = 0
        for k in Int(index.templateElemStart[ti])..<Int(index.templateElemStart[ti + 1]) {
            let e = index.templateElems[k]
            switch e.kind {
            case .literal: g += e.weight * ws.best[Int(e.id)]
            case .param, .app: g += e.weight * bestSpanSim(e.id)
            }
        }
        return g
    }

    /// The units (as bits, utterances under 64 units) that the app name takes in every reading
    /// of a template of `app` that names it, and whether every reading names it (see
    /// `evaluate`: the name heard at `appNameSureSimilarity` or better, read at one of its
    /// first `appReadings` spans).
    struct AppUnits { var units: UInt64; var sure: Bool }
    func appUnitsTaken(_ app: Int) -> AppUnits {
        opts.exhaustive ? AppUnits(units: 0, sure: false) : appNameUnits(app)
    }

    /// `appUnitsTaken` whatever the search (`findSlots` reads it in the exhaustive search too).
    func appNameUnits(_ app: Int) -> AppUnits {
        guard let list = spans[index.appSlot[app]], let first = list.first,
              first.sim >= opts.model.appNameSureSimilarity else { return AppUnits(units: 0, sure: false) }
        guard n < 64 else { return AppUnits(units: 0, sure: true) }
        var m: UInt64 = ~0
        for s in list.prefix(Query.appReadings) { m &= Query.unitRange(s.start, s.end) }
        return AppUnits(units: m, sure: true)
    }

    /// The lowest score still worth finding once a reading scored `score`: below the result
    /// window under it nothing is listed, and nothing decides — the no-app rule looks for
    /// another app's result down to `noAppThreshold` minus the margin. (With a slack under the
    /// rounding of listed scores.)
    @inline(__always)
    func reach(after score: Float) -> Float {
        min(score - Float(max(opts.resultWindow, opts.ambiguityMargin)) - 1e-3, Float(opts.noAppThreshold - opts.ambiguityMargin))
    }

    /// `appUnitsTaken(app)`, computed again only for another app than the last (`lastApp`, `last`).
    @inline(__always)
    func appUnits(_ app: Int, _ lastApp: inout Int, _ last: inout AppUnits) -> AppUnits {
        if app != lastApp { last = appUnitsTaken(app); lastApp = app }
        return last
    }

    /// The units (as bits, utterances under 64 units) that relate to a literal of template `ti`
    /// (`ws.hits`, see `markHits`).
    func literalUnits(_ ti: Int) -> UInt64 {
        var u: UInt64 = 0
        for k in Int(index.templateElemStart[ti])..<Int(index.templateElemStart[ti + 1]) where index.templateElems[k].kind == .literal {
            u |= ws.hits[Int(index.templateElems[k].id)]
        }
        return u
    }

    /// An upper bound of a template's score: every element at its best similarity, and the
    /// units no element can take inserted at their cost (the app name's and its connectors free).
    /// `g` is `bestGain(ti)`; `taken` (refined only): the app name's units in every reading.
    func upperBound(_ ti: Int, coverage cov: [UInt64], refined: Bool, gain g: Float, taken: AppUnits = AppUnits(units: 0, sure: false)) -> Float {
        let paramSet = index.templateParamSet[ti], hasApp = index.templateHasApp[ti]
        let app = Int(index.templateApp[ti]), totalWeight = index.templateTotalWeight[ti]
        var minIns: Float = 0
        // Where every reading names the app: the gain of the literals heard only in the units
        // its name takes in every reading (`taken`), which no such reading can give them.
        var lost: Float = 0
        if refined && n < 64 {
            var covered: UInt64 = 0
            if paramSet >= 0 { covered |= coverage(cov, paramSet) }
            if hasApp { covered |= coverage(cov, index.appSlot[app]) }
            // A unit is usable when it relates to a literal of the template (`ws.hits`: every
            // unit match has a similarity above 0) or is part of a merged or split word.
            var lits: UInt64 = 0
            let outside = ~taken.units
            for k in Int(index.templateElemStart[ti])..<Int(index.templateElemStart[ti + 1]) where index.templateElems[k].kind == .literal {
                let id = Int(index.templateElems[k].id)
                let h = ws.hits[id]
                lits |= h
                if h & outside == 0 { lost += index.templateElems[k].weight * ws.best[id] }
            }
            // The units no element can take, connectors aside, in unit order.
            minIns = forcedInsertions(free: Query.unitRange(0, n), cover: covered | joinedUnits | lits | connectorUnits,
                                      ins: otherValueInsertions(paramSet, app: index.templateApp[ti], negative: index.templateIsNegative[ti]))
        }
        let appW: Float = hasApp ? index.model.appWeight : 0
        let appG = hasApp ? appW * bestSpanSim(index.appSlot[app]) : 0
        let namedOnly = hasApp && taken.sure
        let named = ((namedOnly ? g - lost : g) + appG) / max(totalWeight + minIns, 1e-6)
        if namedOnly { return min(1, named) }
        let noApp = opts.model.noAppFactor * g / max(totalWeight - appW + minIns, 1e-6)
        return min(1, max(named, noApp))
    }

    /// Units [a, b) as a bit set (utterances under 64 units).
    @inline(__always)
    static func unitRange(_ a: Int, _ b: Int) -> UInt64 {
        guard b > a, a < 64 else { return 0 }
        let len = min(b, 64) - a
        return (len >= 64 ? ~0 : ((1 << UInt64(len)) - 1)) << UInt64(a)
    }

    /// Insertion cost of the usable units (`mask` 0) outside `cover`: units no element of a
    /// reading can take (utterances under 64 units).
    /// The usable units are given as bits (`free`); costs are added in unit order.
    @inline(__always)
    func forcedInsertions(free: UInt64, cover: UInt64, ins: UnsafeMutablePointer<Float>?) -> Float {
        var c: Float = 0
        var x = free & ~cover
        if let ins {
            while x != 0 {
                c += ins[x.trailingZeroBitCount]
                x &= x - 1
            }
        } else {
            while x != 0 {
                c += insCost[x.trailingZeroBitCount]
                x &= x - 1
            }
        }
        return c
    }

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
    func evaluate(_ ti: Int, into out: inout [Scored], below kth: Float = -1) {
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
        for k in elemRange where index.templateElems[k].kind != .param {
            literalBound += index.templateElems[k].weight * ws.best[Int(index.templateElems[k].id)]
        }
        let paramWeight: Float = t.paramSet >= 0 ? index.model.parameterWeight : 0
        // The best score found so far per option (readings of one option are one target): a
        // reading whose bound is below it cannot change the result.
        var bestOf: [(option: Int, score: Float)] = []
        swap(&bestOf, &ws.pool.pointee.bestOf)
        bestOf.clear()
        var options: [(variant: Int32, option: Int)] = []
        swap(&options, &ws.pool.pointee.options)
        var group: [SlotSpan] = []
        swap(&group, &ws.pool.pointee.group)
        defer {
            swap(&bestOf, &ws.pool.pointee.bestOf)
            swap(&options, &ws.pool.pointee.options)
            swap(&group, &ws.pool.pointee.group)
        }
        // Units a literal of the template relates to (bit sets; see `markHits`).
        var literalUnits: UInt64 = 0
        if n < 64 { literalUnits = self.literalUnits(ti) }
        // Each unit's insertion cost, when a value of another parameter was said clearly.
        let unitIns = otherValueInsertions(t.paramSet, app: Int32(t.app), negative: t.isNegative)
        let prunes = !(t.isNegative || opts.exhaustive || opts.noBounds)
        let floor: Float = prunes ? kth : -1
        // `reach(after:)` this template's own best reading so far (see `run`): a later reading of
        // the template below it is neither listed nor decides.
        var localReach: Float = -1
        for ak in (withoutApp ? -1 : 0)..<appCount {
            let appSpan: SlotSpan? = ak < 0 ? nil : appSpans?[ak]
            // The usable units as bits (utterances under 64 units).
            let free = appMask(appSpan, into: mask)
            let appVariant = appSpan.map { index.positionOf(index.appSlot[t.app], $0.variant) } ?? 0
            // Options in the order of their best span (spans are sorted best first).
            options.clear()
            if let ps = paramSpans {
                for s in ps where spanAllowed(s, t, mask, appVariant: appVariant) {
                    let o = index.optionOf(t.paramSet, s.variant)
                    if !options.contains(where: { $0.option == o }) { options.append((s.variant, o)) }
                }
            }
            let groups = options.isEmpty ? 1 : min(options.count, opts.exhaustive ? Int.max : 3)
            for gk in 0..<groups {
                let variant: Int32 = options.isEmpty ? -1 : options[gk].variant
                let option = options.isEmpty ? -1 : options[gk].option
                let reference = max(floor, localReach, opts.exhaustive || opts.noBounds ? -1 : (bestOf.first(where: { $0.option == option })?.score ?? -1))
                if reference > 0 && n < 64 {
                    // Every word at its best, the value and the app name as heard; the units that
                    // neither a literal nor the value can take inserted at their cost.
                    var valueSim: Float = 0
                    var cover = literalUnits
                    if let ps = paramSpans {
                        for sp in ps where index.optionOf(t.paramSet, sp.variant) == option {
                            valueSim = max(valueSim, sp.sim)
                            cover |= Query.unitRange(sp.start, sp.end)
                        }
                    }
                    let minIns = forcedInsertions(free: free, cover: cover, ins: unitIns)
                    var gb = literalBound + paramWeight * valueSim
                    var wb = t.totalWeight + minIns
                    if let s = appSpan { gb += index.model.appWeight * s.sim } else if t.hasApp { wb -= index.model.appWeight }
                    var bound = gb / max(wb, 1e-6)
                    if appSpan == nil && t.hasApp { bound *= opts.model.noAppFactor }
                    if min(1, bound * unknownFactor) < reference - 1e-5 { continue }
                }
                group.clear()
                if !options.isEmpty, let ps = paramSpans { self.group(t, ps, mask, appVariant: appVariant, option: option, into: &group) }
                var a = align(t.elems, mask: mask, paramSpans: group, literals: literalUnits, ins: unitIns, trace: false)
                guard a.cost < .infinity else { continue }
                // The value said elsewhere in the sentence: take its best span out, align the
                // rest, and charge a small reordering cost.
                var moved: SlotSpan? = nil
                if let best = group.first, t.paramSet >= 0 {
                    let i1 = a.ins + opts.model.substitutionCost * a.substitutions
                    let current = a.gain / (t.totalWeight + i1)
                    // Taking the value out cannot gain more than every literal at its best, and
                    // the units no literal relates to, outside the value, are inserted. (The
                    // group's spans are never under the app name: `spanAllowed`.)
                    let minIns = n < 64 ? forcedInsertions(free: free, cover: literalUnits | Query.unitRange(best.start, best.end), ins: unitIns) : 0
                    let reachGain = literalBound + index.model.parameterWeight * best.sim - opts.model.valueReorderCost
                    let movedReach = reachGain / (t.totalWeight + minIns)
                    // The same on the final score's scale (app name, factors), against the score
                    // other readings already reached.
                    let reachScore = min(1, readingScore(Alignment(cost: 0, gain: reachGain, ins: minIns, steps: []), t,
                                                         appSpan: appSpan, mask: mask) * unknownFactor)
                    if (movedReach > current + 1e-6 && reachScore >= reference - 1e-5) || opts.noBounds {
                        moveMask.update(from: mask, count: n)
                        for u in best.start..<best.end { moveMask[u] = 1 }
                        let b = align(t.elemsWithoutParam, mask: moveMask, paramSpans: [], literals: literalUnits, ins: unitIns, trace: false)
                        let adj = adjacentUnknownPenalty(best.start, best.end, mask)
                            + cutWordPenalty(best.start, best.end, literals: literalUnits, mask)
                        let g2 = b.gain + index.model.parameterWeight * best.sim - opts.model.valueReorderCost
                        let i2 = b.ins + adj + opts.model.substitutionCost * b.substitutions
                        if b.cost < .infinity, g2 / (t.totalWeight + i2) > current + 1e-6 {
                            a = Alignment(cost: b.cost, gain: g2, ins: i2 - opts.model.substitutionCost * b.substitutions, steps: [],
                                          substitutions: b.substitutions)
                            moved = best
                        }
                    }
                }
                // One word of the phrase said elsewhere in the sentence ("kannst du … suchen" for
                // "Such …", "turn the lights off" for "turn off the lights"): take its unit out,
                // align the rest without the word, and charge a small reordering cost.
                var movedWord: (elem: Int, unit: Int)? = nil
                if moved == nil && a.dels >= 1 {
                    var groupParamBound: Float = 0
                    for sp in group { groupParamBound = max(groupParamBound, paramWeight * sp.sim) }
                    var current = a.gain / (t.totalWeight + a.ins + opts.model.substitutionCost * a.substitutions)
                    for (j, e) in t.elems.enumerated() where e.kind == .literal && e.weight >= index.model.contentWordWeight {
                        var u = -1
                        var us: Float = 0
                        if n < 64 {
                            // Only the usable units that relate to the word (`ws.hits`), in order.
                            var x = free & ws.hits[Int(e.id)]
                            while x != 0 {
                                let i = x.trailingZeroBitCount
                                x &= x - 1
                                let si = sim(i, e.id).0
                                if si > us { us = si; u = i }
                            }
                        } else {
                            for i in 0..<n where mask[i] == 0 {
                                let si = sim(i, e.id).0
                                if si > us { us = si; u = i }
                            }
                        }
                        guard u >= 0, us >= opts.model.movedWordSimilarity else { continue }
                        // Not more than every other word kept and this one's unit no longer inserted:
                        // against this reading, and on the final score's scale (app name, factors)
                        // against the score other readings already reached.
                        // (Nor more than every other element at its best: this reading's gain counts
                        // the word once already when it was read in place.)
                        let others = literalBound - e.weight * ws.best[Int(e.id)] + groupParamBound
                        let bound = Alignment(cost: 0, gain: min(a.gain, others) + e.weight * us - opts.model.wordReorderCost,
                                              ins: max(0, a.ins - (unitIns?[u] ?? insCost[u])), steps: [])
                        if bound.gain / (t.totalWeight + bound.ins) <= current + 1e-6 && !opts.noBounds { continue }
                        if min(1, readingScore(bound, t, appSpan: appSpan, mask: mask) * unknownFactor) < reference - 1e-5 { continue }
                        mask[u] = 1
                        let b = align(t.elems, mask: mask, paramSpans: group, skip: j, literals: literalUnits, ins: unitIns, trace: false)
                        mask[u] = 0
                        guard b.cost < .infinity else { continue }
                        let g2 = b.gain + e.weight * us - opts.model.wordReorderCost
                        let s2 = g2 / (t.totalWeight + b.ins + opts.model.substitutionCost * b.substitutions)
                        if s2 > current + 1e-6 {
                            a = Alignment(cost: b.cost, gain: g2, ins: b.ins, steps: [], substitutions: b.substitutions, dels: b.dels,
                                          paramMissing: b.paramMissing)
                            current = s2
                            movedWord = (j, u)
                        }
                    }
                }
                var terms = readingTerms(a, t, appSpan: appSpan, mask: mask)
                terms.unknown = unknownFactor
                terms.noValue = t.paramSet >= 0 && (variant < 0 || (moved == nil && a.paramMissing))
                let score = opts.model.score(terms)
                // Which value the alignment bound: the first span used (the group is one option).
                let bound: Int32? = variant >= 0 ? variant : nil
                out.append(Scored(template: ti, score: score, appNamed: appSpan != nil, appSpan: appSpan,
                                  option: bound, movedParam: moved, movedWord: movedWord, terms: terms))
                if prunes { localReach = max(localReach, reach(after: score)) }
                if let k = bestOf.firstIndex(where: { $0.option == option }) {
                    bestOf[k].score = max(bestOf[k].score, score)
                } else {
                    bestOf.append((option, score))
                }
            }
        }
    }

    /// The most units free text may have.
    static let freeTextMaxUnits = 16
    /// How many readings are read again for free text (the best first), and the least score
    /// one needs (free text takes only insertions off: a reading far below cannot get there).
    static let freeTextReadings = 3
    static let freeTextFloor: Float = 0.2

    /// Free text for a String parameter no phrase can say ("search Bookworm for climate change"
    /// for "Search ${applicationName}" of an intent with a `query`), and talk after a request
    /// ("…in Notely, I added it by mistake"). Only when no reading reaches the threshold, for the
    /// best readings (`freeTextReadings`) that name the app and say every content word of their
    /// phrase (nothing left out or replaced), with one run of words the phrase does not have
    /// (fillers may stand in and around it): for a shortcut with free text, a run ending the
    /// utterance, right after the app clause before phrase words (verb-final), or right before
    /// an app clause that ends the utterance is the free text; for any phrase, a run of two
    /// words or more right after an app clause that ends the request is talk. The run is
    /// charged `freeTextCost` instead of its insertions, its unknown words no longer count as
    /// unknown. A run anywhere else is neither ("search Google for Bookworm": other words
    /// before the app name), nor is a run a connector opens at the end ("search Bookworm on
    /// Google": an app clause), nor one with a value of the app in it.
    mutating func freeTextReadings(_ scored: inout [Scored]) {
        guard opts.mode == .flexible, n < 64, !scored.isEmpty else { return }
        var top: Float = 0
        for s in scored where !index.templateIsNegative[s.template] { top = max(top, s.score) }
        guard top < Float(opts.threshold) else { return }
        scratch.reserveMasks(n)
        let mask = scratch.maskA
        // The best readings of such templates that name the app (ties: first scored).
        var picks: [Int] = []
        for k in scored.indices {
            let s = scored[k]
            guard s.appSpan != nil, s.movedParam == nil, s.movedWord == nil, s.score >= Query.freeTextFloor else { continue }
            picks.append(k)
        }
        guard !picks.isEmpty else { return }
        picks.sort { scored[$0].score != scored[$1].score ? scored[$0].score > scored[$1].score : $0 < $1 }
        // 0 not read, 1 read as a phrase word, the value or the app name, 2 extra, 3 filler.
        var role = [UInt8](repeating: 0, count: n)
        for k in picks.prefix(Query.freeTextReadings) {
            let s = scored[k]
            let t = index.templates[s.template]
            guard let appSpan = s.appSpan else { continue }
            let unitIns = otherValueInsertions(t.paramSet, app: Int32(t.app), negative: t.isNegative)
            appMask(appSpan, into: mask)
            let al = align(t.elems, mask: mask, paramSpans: valueGroup(s, t, mask), ins: unitIns, trace: true)
            guard al.cost < .infinity, al.dels < 1e-3, al.substitutions < 1e-3, !al.paramMissing else { continue }
            // (mask 1: the app name; 2: a connector next to it, read like a filler.)
            for u in 0..<n { role[u] = mask[u] == 1 ? 1 : (mask[u] == 2 ? 3 : 0) }
            for st in al.steps where st.kind != .missing {
                let r: UInt8 = st.kind == .extra ? 2 : (st.kind == .filler ? 3 : 1)
                for u in 0..<n where mask[u] != 1 && units[u].start >= st.start && units[u].end <= st.end { role[u] = r }
            }
            // A verb ending written in hiragana after the phrase's last word ("検索して" for
            // "検索") belongs to the request.
            if let last = role.lastIndex(of: 1), last < n - 1, n - 1 - last <= 3,
               ((last + 1)..<n).allSatisfy({ role[$0] != 1 && writtenIn(0x3040...0x309F, $0) }) {
                for u in (last + 1)..<n { role[u] = 3 }
            }
            guard let lo = role.firstIndex(of: 2), let hi = role.lastIndex(of: 2), hi - lo < Query.freeTextMaxUnits,
                  (lo...hi).allSatisfy({ role[$0] >= 2 }) else { continue }
            // Where the run stands, fillers around it aside: at the end, right after the app
            // clause and before phrase words (verb-final), or right before an app clause that
            // ends the utterance. A connector opening a run at the end or closing one after the
            // app makes the run an app clause ("busca Bookworm en Google"); before the app clause
            // a connector must join them ("cherche un article sur la réforme dans Bookworm", not
            // "search Google for Bookworm").
            func connector(_ r: ClosedRange<Int>) -> Bool { r.contains { units[$0].flags.contains(.connector) } }
            var p = lo - 1
            while p >= 0 && role[p] == 3 { p -= 1 }
            var q = hi + 1
            while q < n && role[q] == 3 { q += 1 }
            let atEnd = q == n && !connector((p + 1)...lo)
            let afterApp = p == appSpan.end - 1 && q < n && role[q] == 1 && !connector(hi...(q - 1))
            let beforeApp = q == appSpan.start && q > hi + 1 && connector((hi + 1)...(q - 1))
                && (appSpan.end..<n).allSatisfy { role[$0] == 3 }
            // Any other template: talk after the request, the app clause ending it ("…in
            // Notely, I added it by mistake"), of two words or more.
            if Query.readsTalk(t) {
                guard atEnd, p == appSpan.end - 1, hi > lo else { continue }
            } else {
                guard atEnd || afterApp || beforeApp else { continue }
            }
            // Words that name a value of the app are that value, not free text ("neue Aufgabe in
            // der Liste Schule": the list "Schule" of another phrase of the shortcut).
            if (lo...hi).contains(where: { u in hasValueSpan(app: Int32(t.app)) { $0.start <= u && u < $0.end && $0.sim >= opts.model.clearValueSimilarity } }) { continue }
            var a2 = al
            var unheard = 0
            var runIns: Float = 0
            for u in lo...hi where role[u] == 2 {
                runIns += unitIns?[u] ?? insCost[u]
                if lowersEveryReading(u) { unheard += 1 }
                mask[u] = 1  // taken: no unknown word "touches" the app name
            }
            a2.ins = max(0, al.ins - runIns) + opts.model.freeTextCost
            var f = unknownFactor
            for _ in 0..<unheard { f /= opts.model.unknownWordFactor }
            var terms = readingTerms(a2, t, appSpan: appSpan, mask: mask)
            terms.unknown = f
            terms.noValue = t.paramSet >= 0 && s.option == nil
            let score = opts.model.score(terms)
            if score > s.score {
                scored[k].score = score
                scored[k].terms = terms
                scored[k].freeText = lo..<(hi + 1)
            }
        }
    }

    /// Whether `freeTextReadings` reads a run of template `t`'s reading as talk after the request
    /// (no free text, or a negative phrase) rather than as free text.
    static func readsTalk(_ t: CompiledTemplate) -> Bool { t.freeText == nil || t.isNegative }

    /// The spans of reading `s`'s bound value under `mask` (`group`), for its app name's variant;
    /// none when no value is bound.
    func valueGroup(_ s: Scored, _ t: CompiledTemplate, _ mask: UnsafeMutablePointer<UInt8>) -> [SlotSpan] {
        guard let o = s.option else { return [] }
        let appVariant = s.appSpan.map { index.slotSets[Int(index.appSlot[t.app])].variants[Int($0.variant)].variantIndex } ?? 0
        return group(t, mask, appVariant: appVariant, option: index.slotSets[Int(t.paramSet)].variants[Int(o)].optionIndex)
    }

    func candidate(_ s: Scored, catalogs: [Catalog], explain: Bool) -> MatchCandidate {
        let t = index.templates[s.template]
        let appVariant = s.appSpan.map { index.slotSets[Int(index.appSlot[t.app])].variants[Int($0.variant)] }
        let valueVariant = s.option.map { index.slotSets[Int(t.paramSet)].variants[Int($0)] }
        var steps: [AlignmentStep] = []
        if explain {
            let unitIns = otherValueInsertions(t.paramSet, app: Int32(t.app), negative: t.isNegative)
            scratch.reserveMasks(n)
            let mask = scratch.maskA
            appMask(s.appSpan, into: mask)
            var appSteps: [AlignmentStep] = []
            if let a = s.appSpan, let v = appVariant {
                let kind: AlignmentStep.Kind = v.isAlternativeName ? .alternativeName : (a.sim >= 0.999 ? .exact : (v.synonym != nil ? .phonetic : .fuzzy))
                appSteps.append(step(kind, a.start, a.end, v.text, "app", a.sim))
            }
            var al: Alignment
            if let mv = s.movedParam {
                let m2 = scratch.maskB
                m2.update(from: mask, count: n)
                for u in mv.start..<mv.end { m2[u] = 1 }
                al = align(t.elemsWithoutParam, mask: m2, paramSpans: [], ins: unitIns, trace: true)
                let v = index.slotSets[Int(t.paramSet)].variants[Int(mv.variant)]
                al.steps.append(step(v.synonym != nil ? .synonym : (mv.sim >= 0.999 ? .exact : .fuzzy), mv.start, mv.end, v.text, "parameter", mv.sim))
            } else {
                let g = valueGroup(s, t, mask)
                if let mw = s.movedWord {
                    mask[mw.unit] = 1
                    al = align(t.elems, mask: mask, paramSpans: g, skip: mw.elem, ins: unitIns, trace: true)
                    mask[mw.unit] = 0
                    let id = t.elems[mw.elem].id
                    let (ws, wk) = sim(mw.unit, id)
                    al.steps.append(step(wk, mw.unit, mw.unit + 1, index.vocabText[Int(id)], nil, ws))
                } else {
                    al = align(t.elems, mask: mask, paramSpans: g, ins: unitIns, trace: true)
                }
            }
            steps = al.steps + appSteps
            if let ft = s.freeText {
                let a = units[ft.lowerBound].start, b = units[ft.upperBound - 1].end
                for k in steps.indices where steps[k].kind == .extra && steps[k].start >= a && steps[k].end <= b {
                    // Talk after the request is discounted as filler.
                    let talk = Query.readsTalk(t)
                    steps[k].kind = talk ? .filler : .freeText
                    steps[k].slot = talk ? nil : t.freeText
                }
            }
            steps.sort { ($0.kind == .missing ? Int.max : $0.start) < ($1.kind == .missing ? Int.max : $1.start) }
        }
        return MatchCandidate(source: t, appVariant: appVariant, valueVariant: valueVariant,
                              score: (Double(s.score) * 10000).rounded() / 10000, appNamed: s.appNamed, explanation: steps,
                              terms: s.terms)
    }

    func decide(_ scored: [Scored], wildcard: (score: Float, template: Int, span: SlotSpan)? = nil, locale: String,
                catalogs: [Catalog]) -> MatchResult {
        // Best reading per target.
        var best = TargetTable<Scored>()
        swap(&best, &ws.pool.pointee.bestReadings)
        best.removeAll()
        defer { swap(&best, &ws.pool.pointee.bestReadings) }
        var negBest: Scored? = nil
        for s in scored {
            if index.templateIsNegative[s.template] {
                if s.score > (negBest?.score ?? -1) { negBest = s }
                continue
            }
            let k = targetKey(s)
            if let at = best.find(k) {
                let b = best.values[at]
                let better = s.score > b.score || (s.score == b.score && (s.appNamed && !b.appNamed || (s.appNamed == b.appNamed && s.template < b.template)))
                if better { best.values[at] = s }
            } else {
                best.append(k, s)
            }
        }
        // Rank the readings, then build the shown ones. Order: score (4 decimals), app named
        // first, then catalog order (app, shortcut, template, option); keys computed once each.
        struct Key { var score: Double; var named: Bool; var app: Int; var shortcut: Int; var template: Int; var option: Int; var s: Scored }
        var keyed: [Key] = []
        keyed.reserveCapacity(best.count)
        for sc in best.values {
            let t = index.templates[sc.template]
            keyed.append(Key(score: (Double(sc.score) * 10000).rounded(), named: sc.appNamed, app: t.app, shortcut: t.shortcut,
                             template: t.templateIndex, option: optionIndex(sc), s: sc))
        }
        keyed.sort { a, b in
            if a.score != b.score { return a.score > b.score }
            if a.named != b.named { return a.named }
            if a.app != b.app { return a.app < b.app }
            if a.shortcut != b.shortcut { return a.shortcut < b.shortcut }
            if a.template != b.template { return a.template < b.template }
            return a.option < b.option
        }
        let cands = keyed.prefix(max(1, opts.limit)).map { candidate($0.s, catalogs: catalogs, explain: opts.explain) }
        let th = Float(opts.threshold)
        let margin = opts.ambiguityMargin
        // Listed: the results within `resultWindow` of the best (the decision below reads the
        // others too: the no-app rule may look further down).
        let lowest = (cands.first?.score ?? 0) - max(opts.resultWindow, margin) - 1e-9
        let listed = cands.firstIndex { $0.score < lowest } ?? cands.count
        // A fitted decision: the best result's confidence (`ScoreModel.logistic`).
        var confidence: Double? = nil
        if let l = opts.model.logistic, let x = DecisionWeights.vector(results: cands[..<listed]) {
            confidence = l.confidence(x)
        }
        func result(_ d: MatchResult.Decision, _ reason: Reason, negative: String? = nil) -> MatchResult {
            var r = MatchResult(text: text, locale: locale, decision: d, results: listed == cands.count ? cands : Array(cands[..<listed]),
                                why: reason, negative: negative)
            r.confidence = confidence
            return r
        }
        guard !cands.isEmpty else {
            if let nb = negBest, nb.score >= th {
                let t = index.templates[nb.template]
                return result(.none, .negative(template: t.template, app: nil), negative: t.template)
            }
            return result(.none, .noOverlap)
        }
        let topScore = cands[0].score, topNamed = cands[0].appNamed
        if let nb = negBest, nb.score >= th, Double(nb.score) >= topScore - margin {
            let t = index.templates[nb.template]
            return result(.none, .negative(template: t.template, app: catalogs[t.app].app.id), negative: t.template)
        }
        // The person named the app and said every word of one of its negative phrases that only
        // negative phrases say ("팬트리에서 볶음밥 레시피 삭제해줘", "Delete …"): they ask for what the
        // app refuses, however many other words of its phrases they add.
        if topNamed, negativeUnits != 0, let t = refusedByNegativeWords(app: cands[0].appIndex) {
            return result(.none, .negative(template: t.template, app: catalogs[t.app].app.id), negative: t.template)
        }
        if let wc = wildcard, wc.score >= th, Double(wc.score) > topScore + margin {
            let t = index.templates[wc.template]
            let words = units[wc.span.start..<wc.span.end].map(\.text).joined(separator: " ")
            return result(.none, .unknownValue(words: words, parameter: t.paramName ?? "", template: t.template))
        }
        if let p = confidence {
            let need = opts.model.confidenceThreshold
            if p < need { return result(.none, .lowConfidence(confidence: p, threshold: need)) }
            if !topNamed, cands.contains(where: { $0.app != cands[0].app && $0.score >= opts.noAppThreshold - margin }) {
                return result(.ambiguous, .severalApps)
            }
        } else if topNamed {
            if Float(topScore) < th { return result(.none, .belowThreshold(score: topScore, threshold: opts.threshold)) }
        } else {
            if topScore < opts.noAppThreshold {
                return result(.none, .noAppBelowThreshold(score: topScore, threshold: opts.noAppThreshold))
            }
            let topApp = cands[0].app
            if cands.contains(where: { $0.app != topApp && $0.score >= opts.noAppThreshold - margin }) {
                return result(.ambiguous, .severalApps)
            }
        }
        if cands.count > 1, topScore - cands[1].score < margin, cands[1].score >= Double(th), !cands[0].sameTarget(cands[1]) {
            return result(.ambiguous, .tooClose(margin: margin))
        }
        if let p = confidence { return result(.match, .confident(confidence: p, threshold: opts.model.confidenceThreshold)) }
        return result(.match, topNamed ? .matched(score: topScore, threshold: opts.threshold)
                      : .matchedWithoutApp(app: cands[0].app, score: topScore))
    }

    func optionIndex(_ s: Scored) -> Int { optionIndex(template: s.template, option: s.option) }

    /// The option index of variant `option` of template `t`'s parameter (-1: none).
    func optionIndex(template t: Int, option: Int32?) -> Int {
        let paramSet = index.templateParamSet[t]
        guard let o = option, paramSet >= 0 else { return -1 }
        return index.optionOf(paramSet, o)
    }

    // MARK: - Exact matching

    /// The phrase as written after normalization: every unit in order, nothing skipped.
    mutating func runExact(locale: String, catalogs: [Catalog]) -> MatchResult {
        findSlots()
        var scored: [Scored] = []
        scratch.reserveMasks(n)
        let zero = scratch.maskA
        zero.update(repeating: 0, count: n)
        for ti in 0..<index.templates.count where !index.templates[ti].derived {
            let t = index.templates[ti]
            let appSet = t.hasApp ? index.appSlot[t.app] : -1
            let appSpans = (spans[appSet] ?? []).filter { $0.sim >= 0.999 }
            var groups: [(Int32, [SlotSpan])] = []
            if t.paramSet >= 0 {
                let set = index.slotSets[Int(t.paramSet)]
                var byOption: [Int: Int] = [:]
                for s in spans[t.paramSet] ?? [] where s.sim >= 0.999 {
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
        return q.decide(scored, locale: locale, catalogs: catalogs)
    }
}
