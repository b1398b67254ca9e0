// The decision: from the scored readings to a match, a refusal or an ambiguity, and the candidates shown.

extension Query {
    /// A negative phrase of `app` whose literal words are all words only negative phrases say,
    /// each said in the utterance (`negativeUnits`), if any (the first in catalog order).
    func refusedByNegativeWords(app: Int) -> CompiledTemplate? {
        var said = Set<Int32>()
        for i in 0..<n where negativeUnits.contains(i) {
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

    /// The spans of reading `s`'s bound value under `mask` (`group`), for its app name's variant;
    /// none when no value is bound.
    func valueGroup(_ s: Scored, _ t: CompiledTemplate, _ mask: UnsafeMutablePointer<UInt8>) -> [SlotSpan] {
        guard let o = s.option else { return [] }
        let appVariant = s.appSpan.map { index.slotSets[Int(index.appSlot[t.app])].variants[Int($0.variant)].variantIndex } ?? 0
        return group(t, mask, appVariant: appVariant, option: index.slotSets[Int(t.paramSet)].variants[Int(o)].optionIndex)
    }

    /// `unknown`: the words read as a value the app does not have (no value is bound).
    func candidate(_ s: Scored, catalogs: [Catalog], explain: Bool, unknown: SlotSpan? = nil) -> MatchCandidate {
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
                let kind: AlignmentStep.Kind = v.isAlternativeName ? .alternativeName : (a.isExact ? .exact : (v.synonym != nil ? .phonetic : .fuzzy))
                appSteps.append(step(kind, a.start, a.end, v.text, "app", a.sim))
            }
            var al: Alignment
            if let mv = s.movedParam {
                let m2 = scratch.maskB
                m2.update(from: mask, count: n)
                for u in mv.start..<mv.end { m2[u] = 1 }
                al = align(t.elemsWithoutParam, mask: m2, paramSpans: [], ins: unitIns, trace: true)
                let v = index.slotSets[Int(t.paramSet)].variants[Int(mv.variant)]
                al.steps.append(step(v.synonym != nil ? .synonym : (mv.isExact ? .exact : .fuzzy), mv.start, mv.end, v.text, "parameter", mv.sim))
            } else {
                let g = unknown.map { [$0] } ?? valueGroup(s, t, mask)
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
            // The words read as a value the app does not have stand for the parameter.
            for k in steps.indices where steps[k].kind == .unknownValue { steps[k].slot = t.paramName ?? "parameter" }
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
        var c = MatchCandidate(source: t, appVariant: appVariant, valueVariant: valueVariant,
                               score: (Double(s.score) * 10000).rounded() / 10000, appNamed: s.appNamed, explanation: steps,
                               terms: s.terms)
        c.readsFreeText = s.freeText != nil
        return c
    }

    func decide(_ scored: [Scored], wildcard: UnknownValueReading? = nil, locale: String,
                catalogs: [Catalog], _ best: inout TargetTable<Scored>) -> MatchResult {
        // Best reading per target.
        best.removeAll()
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
        var keyed: [RankKey] = []
        keyed.reserveCapacity(best.count)
        for sc in best.values {
            let t = index.templates[sc.template]
            keyed.append(RankKey(score: (Double(sc.score) * 10000).rounded(), named: sc.appNamed, app: t.app, shortcut: t.shortcut,
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
        // At least two, whatever the limit: the decision (two close targets) and the confidence
        // (the best result's lead over the next) read the second; `limit` of them are listed.
        let cands = keyed.prefix(max(2, opts.limit)).map { candidate($0.s, catalogs: catalogs, explain: opts.explain) }
        let th = Float(opts.threshold)
        let margin = opts.ambiguityMargin
        // Listed: the results within `resultWindow` of the best (the decision below reads the
        // others too: the no-app rule may look further down).
        let lowest = (cands.first?.score ?? 0) - max(opts.resultWindow, margin) - 1e-9
        let inWindow = cands.firstIndex { $0.score < lowest } ?? cands.count
        let listed = min(inWindow, max(1, opts.limit))
        // The best result's confidence (`ScoreModel.confidenceModel`: the fitted decision or the
        // calibration); only a fitted decision (`ScoreModel.logistic`) decides by it.
        var shownConfidence: Double? = nil
        if let l = opts.model.confidenceModel { shownConfidence = l.confidence(results: cands[..<inWindow]) }
        let confidence = opts.model.logistic == nil ? nil : shownConfidence
        // A refusal's confidence is the refusal's: that nothing should run (`ScoreModel.refusal`,
        // of the closest result's features), so an answer and its confidence tell one story.
        // Read only for a refusal (most answers are matches).
        let refusal = opts.model.refusal
        let otherApp = otherAppName
        func result(_ d: MatchResult.Decision, _ reason: Reason, negative: String? = nil) -> MatchResult {
            var why = reason
            // Refused with no catalog's app named, and another app named: that is why.
            if d == .none, let w = otherApp, !(cands.first?.appNamed ?? false) {
                switch reason {
                case .noOverlap, .belowThreshold, .noAppBelowThreshold, .lowConfidence: why = .otherApp(w)
                default: break
                }
            }
            var r = MatchResult(text: text, locale: locale, decision: d, results: listed == cands.count ? cands : Array(cands[..<listed]),
                                why: why, negative: negative)
            r.confidence = d == .none ? refusal?.confidence(results: cands[..<inWindow]) : shownConfidence
            r.namesOtherApp = otherApp != nil
            if !cands.isEmpty { r.lead = DecisionWeights.margin(cands[..<inWindow]) }
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
        if topNamed, !negativeUnits.isEmpty, let t = refusedByNegativeWords(app: cands[0].appIndex) {
            return result(.none, .negative(template: t.template, app: catalogs[t.app].app.id), negative: t.template)
        }
        if let wc = wildcard, wc.score >= th, Double(wc.score) > topScore + margin {
            let t = index.templates[wc.template]
            let words = units[wc.span.start..<wc.span.end].map(\.text).joined(separator: " ")
            var r = result(.none, .unknownValue(words: words, parameter: t.paramName ?? "", template: t.template))
            // The closest result is that phrase, its value unknown.
            let s = Scored(template: wc.template, score: wc.score, appNamed: wc.appSpan != nil, appSpan: wc.appSpan, option: nil)
            var c = candidate(s, catalogs: catalogs, explain: opts.explain, unknown: wc.span)
            c.unknownValue = words
            r.results.insert(c, at: 0)
            if r.results.count > max(1, opts.limit) { r.results.removeLast() }
            return r
        }
        // With `decision.rescue`, a result the confidence does not run is decided by the thresholds.
        let confident = confidence.map { $0 >= opts.model.confidenceThreshold } ?? false
        if let p = confidence, confident || !opts.model.rescue {
            // A guard no corpus can lift: a result whose utterance names no app runs only at the
            // no-app threshold's score, whatever a fitted decision's confidence (`phrasematch fit`).
            if !topNamed, topScore < opts.noAppThreshold {
                return result(.none, .noAppBelowThreshold(score: topScore, threshold: opts.noAppThreshold))
            }
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
        if let p = confidence, confident { return result(.match, .confident(confidence: p, threshold: opts.model.confidenceThreshold)) }
        return result(.match, topNamed ? .matched(score: topScore, threshold: opts.threshold)
                      : .matchedWithoutApp(app: cands[0].app, score: topScore))
    }

    func optionIndex(_ s: Scored) -> Int { optionIndex(template: s.template, option: s.option) }

    /// The utterance names an app that is none of the catalogs': an app clause of words the
    /// catalogs never say ("… in flipboard", `foreignAppClauses`) or a widely used app's name
    /// (`OtherApps`) not heard as a catalog word.
    var namesOtherApp: Bool { otherAppName != nil }

    /// The words that name that app: a known app's name, else the foreign app clause's words
    /// (nil when the utterance names none).
    var otherAppName: String? {
        for b in 0..<n where (mCount[b] == 0 || mKind[mStart[b]] != .exact) && OtherApps.isKnown(units[b].text) { return units[b].text }
        guard otherAppClauses > 0 else { return nil }
        let c = foreignAppClauseSpans()
        guard let r = c.trailing ?? c.leading else { return nil }
        return units[r].map(\.text).joined(separator: " ")
    }

    /// The option index of variant `option` of template `t`'s parameter (-1: none).
    func optionIndex(template t: Int, option: Int32?) -> Int {
        let paramSet = index.templateParamSet[t]
        guard let o = option, paramSet >= 0 else { return -1 }
        return index.optionOf(paramSet, o)
    }
}

/// A reading's place in the ranking (`Query.decide`): score (4 decimals), app named first, then
/// catalog order (app, shortcut, template, option).
struct RankKey { var score: Double; var named: Bool; var app: Int; var shortcut: Int; var template: Int; var option: Int; var s: ScoredReading }
