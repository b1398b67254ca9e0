// Running a query: the steps from an utterance to its `MatchResult`.

extension Query {
    typealias Scored = ScoredReading

    /// Matches the prepared utterance `u` under `options`: the checks that refuse it unread, then
    /// a query of it (which finds the slots, and may revise `u`: `openAppClause`) and its search
    /// (`search`, or exact mode's `runExact`). Gives the workspace back what the query borrowed.
    static func run(_ u: consuming PreparedUtterance<Units>, options: QueryOptions, locale: String, catalogs: [Catalog]) -> MatchResult {
        let text = u.text, n = u.n, index = u.index, opts = options.value
        // The checks before the slots (the utterance's arrays are then given back unused).
        var refusal: Reason? = nil
        if n == 0 {
            refusal = .noWords
        } else if index.templates.isEmpty {
            // Every phrase of the locale was dropped (no `${applicationName}`): nothing to read.
            refusal = .noPhrases(locale)
        } else {
            // An utterance far longer than any phrase cannot reach the threshold: its extra words
            // alone cost more than any phrase can gain. Refuse it in linear time. (At the
            // cheapest insertion of any class, and against half the threshold: a safe margin.)
            let minExtra = Float(max(0, n - 3 * index.maxTemplateUnits - 8)) * opts.model.cheapestInsertion
            let maxW = index.maxTemplateWeight
            if scale(opts.model, gain: maxW, weight: maxW, insertions: minExtra) < Float(opts.threshold) * 0.5 {
                refusal = .tooLong
            }
        }
        if let refusal {
            var v = consume u
            v.giveBack()
            return MatchResult(text: text, locale: locale, decision: .none, results: [], why: refusal, negative: nil)
        }
        var q = Query(u: consume u, options: options)
        defer { q.giveBack() }
        // The search's scratch buffers, lent for the query (`SearchBuffers`).
        let buffers = q.ws.searchBuffers
        if opts.mode == .exact { return q.runExact(locale: locale, catalogs: catalogs, &buffers.pointee) }
        return q.search(locale: locale, catalogs: catalogs, &buffers.pointee)
    }

    /// The search after the slots are found: candidates by their bounds, each evaluated while
    /// its bound can still change the result, then free text, an unknown value and the
    /// decision.
    /// (`buf`: the scratch buffers of the search, lent by `run`.)
    func search(locale: String, catalogs: [Catalog], _ buf: inout SearchBuffers) -> MatchResult {
        // Candidates and their upper bounds.
        // The app name picks the app: when an app was clearly named, only its shortcuts compete.
        buf.heardApps.clear()
        if !opts.exhaustive {
            for (k, set) in spans.sets.enumerated() where index.setIsApp[Int(set)] && (spans.lists[k].first?.sim ?? 0) >= opts.model.clearAppSimilarity {
                buf.heardApps.append(index.setApp[Int(set)])
            }
        }
        buf.candList.clear()
        // Candidates as sort keys (`sortKey`: bound descending, template ascending).
        buf.cands.clear()
        buf.scored.clear()
        buf.targets.removeAll()
        for id in bestIds {
            for k in Int(index.literalStart[Int(id)])..<Int(index.literalStart[Int(id) + 1]) {
                let t = index.literalFlat[k]
                if ws.mark[Int(t)] { continue }
                if !buf.heardApps.isEmpty && !buf.heardApps.contains(index.templateApp[Int(t)]) { continue }
                ws.mark[Int(t)] = true
                buf.candList.append(t)
            }
        }
        for set in spans.sets {
            for k in Int(index.setTemplateStart[Int(set)])..<Int(index.setTemplateStart[Int(set) + 1]) {
                let t = index.setTemplateFlat[k]
                if ws.mark[Int(t)] { continue }
                if !buf.heardApps.isEmpty && !buf.heardApps.contains(index.templateApp[Int(t)]) { continue }
                ws.mark[Int(t)] = true
                buf.candList.append(t)
            }
        }
        for t in buf.candList { ws.mark[Int(t)] = false }
        // The encoder's proposal: its shortcut's phrases, all of them (of the app heard, if one was).
        let proposal = opts.onlyShortcut
        if let only = proposal {
            buf.candList.clear()
            if buf.heardApps.isEmpty || buf.heardApps.contains(Int32(only.app)) {
                for (t, c) in index.templates.enumerated() where c.app == only.app && c.shortcut == only.shortcut { buf.candList.append(Int32(t)) }
            }
        }
        slotCoverage(into: &buf[keyPath: Units.coverageField])
        let coverage = buf[keyPath: Units.coverageField]
        // The units the app name takes in every reading, for the last app looked up.
        var takenApp = -1
        var taken = AppUnits(units: noUnits, sure: false)
        for t in buf.candList {
            let g = bestGain(Int(t))
            ws.gain[Int(t)] = g
            let ub = max(0, upperBound(Int(t), coverage: coverage, refined: false, gain: g, taken: AppUnits(units: noUnits, sure: false)))
            buf.cands.append(Query.sortKey(bound: ub, t))
        }
        buf.cands.sort()
        let floor = Float(opts.model.searchFloor)
        let need = max(opts.limit, 2)
        let logBounds = ws.pool.pointee.boundLog != nil
        var kth: Float = -1
        // Below `floorNow` nothing is listed or decides (`reach(after:)` the best reading so far).
        var floorNow: Float = -1
        for key in buf.cands {
            let ub = Query.sortKeyBound(key), t = Query.sortKeyItem(key)
            // A negative phrase is not one of the `need` results: it refuses whatever is within
            // the ambiguity margin of the best, so only `floorNow` (at most `kth`) bounds it.
            let negative = index.templateIsNegative[Int(t)]
            let bar = negative ? floorNow : kth
            if !opts.exhaustive && !opts.noBounds && proposal == nil {
                if ub < floor || ub < floorNow { break }
                // Enough distinct results already beat this bound.
                if ub < bar { continue }
                // The refined bound also charges the words this template cannot take.
                // It also reads the literals heard only under the app name as not heard, where
                // every reading names the app.
                let named = index.templateHasApp[Int(t)] ? appUnits(Int(index.templateApp[Int(t)]), &takenApp, &taken) : AppUnits(units: noUnits, sure: false)
                let gain = ws.gain[Int(t)]
                let ub2 = upperBound(Int(t), coverage: coverage, refined: true, gain: gain, taken: named)
                if ub2 < floor || ub2 < bar { continue }
            }
            var changed = false
            let from = buf.scored.count
            evaluate(Int(t), into: &buf.scored, below: bar, &buf.evaluate)
            if logBounds { logBound(Int(t), ub, coverage, buf.scored[from...]) }
            // (Fields read in place: a reading is too large to copy cheaply.)
            for si in from..<buf.scored.count {
                // A negative phrase's reading neither lowers the floor nor takes a result's place.
                if index.templateIsNegative[buf.scored[si].template] { continue }
                let key = targetKey(template: buf.scored[si].template, option: buf.scored[si].option)
                let score = buf.scored[si].score
                let r = reach(after: score)
                if r > floorNow { floorNow = r; changed = true }
                if let k = buf.targets.find(key) {
                    if score > buf.targets.values[k] { buf.targets.values[k] = score; changed = true }
                } else if score > -1 {
                    buf.targets.append(key, score)
                    changed = true
                }
            }
            if changed {
                kth = max(floorNow, buf.targets.count >= need ? Query.kthLargest(buf.targets.values, need) : -1)
            }
        }
        if !opts.exhaustive && !opts.noBounds && proposal == nil { readAgainForFreeText(buf.cands, &buf.scored, kth: kth, floorNow: floorNow, &buf.evaluate) }
        freeTextReadings(&buf.scored)
        // Read where it can reach the threshold and beat the best real reading: a refusal's
        // closest result is then the phrase whose other words were said, its value unknown.
        let topScore = bestScore(buf.scored)
        let wild = unknownValueReading(buf.cands, above: max(Float(opts.threshold), topScore + Float(opts.ambiguityMargin)))
        return decide(buf.scored, wildcard: wild, locale: locale, catalogs: catalogs, &buf.bestReadings)
    }

    /// The best score of a reading that is not of a negative phrase (0 when none).
    func bestScore(_ scored: [Scored]) -> Float {
        var top: Float = 0
        // (Fields read in place: a reading is too large to copy cheaply.)
        for si in scored.indices where !index.templateIsNegative[scored[si].template] { top = max(top, scored[si].score) }
        return top
    }

    /// Appends template `t`'s bound (the smaller of `ub` and the refined one) and its best
    /// reading's score to `boundLog` (for the tests).
    @inline(never)
    func logBound(_ t: Int, _ ub: Float, _ coverage: [Units], _ readings: ArraySlice<Scored>) {
        let ub2 = upperBound(t, coverage: coverage, refined: true, gain: ws.gain[t],
                             taken: index.templateHasApp[t] ? appUnitsTaken(Int(index.templateApp[t])) : AppUnits(units: noUnits, sure: false))
        var best: Float = -1
        for r in readings { best = max(best, r.score) }
        ws.pool.pointee.boundLog?.append((t, min(ub, ub2), best))
    }
}

/// A scored way of reading the utterance as one template.
struct ScoredReading {
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
