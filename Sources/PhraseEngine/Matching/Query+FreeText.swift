// Free text: a String parameter no phrase can say, and talk after a request.

extension Query {
    /// The most units free text may have.
    static var freeTextMaxUnits: Int { 16 }
    /// The least score a reading needs to be read again for free text (free text takes only
    /// insertions off: a reading far below cannot get there).
    static var freeTextFloor: Float { 0.2 }

    /// Whether every content word of template `ti` relates to some unit (`ws.best`): free text
    /// reads only a phrase that says all of them, and one no unit relates to is left out of
    /// every alignment.
    func hearsEveryContentWord(_ ti: Int) -> Bool {
        for k in Int(index.templateElemStart[ti])..<Int(index.templateElemStart[ti + 1]) {
            let e = index.templateElems[k]
            if e.kind == .literal && e.weight >= index.model.contentWordWeight && (e.id < 0 || ws.best[Int(e.id)] <= 0) { return false }
        }
        return true
    }

    /// The pruned search leaves out readings that cannot beat what other readings reached, but
    /// free text lifts a reading after the search, so a reading left out could have been lifted
    /// past them. Where free text may apply (no reading reaches the threshold), every template
    /// that names an app heard in the utterance, hears every content word, and whose bound with
    /// free text reaches what matters (the `kth` best target, `floorNow` for a negative phrase,
    /// `freeTextFloor`) is read again without bounds, in the search's order: free text then
    /// re-reads the readings the unbounded search has. (The bound: `upperBound`, which charges
    /// no insertion, over the weight plus `freeTextCost`, which free text charges at least.)
    func readAgainForFreeText(_ cands: [UInt64], _ scored: inout [Scored], kth: Float, floorNow: Float,
                              _ buf: inout EvaluateBuffers) {
        guard opts.mode == .flexible, !cands.isEmpty, bestScore(scored) < Float(opts.threshold) else { return }
        guard rereadsAny(cands, kth: kth, floorNow: floorNow) else { return }
        // (A rare path: an utterance no reading matches that names an app.)
        var out: [Scored] = []
        out.reserveCapacity(scored.count)
        // The first search's readings: each template's together, in `cands` order.
        var i = 0
        for key in cands {
            let t = Int(Query.sortKeyItem(key))
            var j = i
            while j < scored.count && scored[j].template == t { j += 1 }
            if rereads(key, kth: kth, floorNow: floorNow) { evaluate(t, into: &out, unbounded: true, &buf) } else { out.append(contentsOf: scored[i..<j]) }
            i = j
        }
        scored = out
    }

    /// Whether `readAgainForFreeText` reads the template of `key` again: it names an app heard
    /// in the utterance, hears every content word, and its bound with free text reaches what
    /// matters. (A method, not a local function of the mutating caller: a local function that
    /// reads `self` there copied the whole query at each call.)
    func rereads(_ key: UInt64, kth: Float, floorNow: Float) -> Bool {
        let t = Int(Query.sortKeyItem(key))
        guard index.templateHasApp[t], !(spans[index.appSlot[Int(index.templateApp[t])]]?.isEmpty ?? true) else { return false }
        let floor = max(Float(opts.model.searchFloor), Query.freeTextFloor)
        let w = index.templateTotalWeight[t]
        let bound = Query.sortKeyBound(key) * w / max(w + opts.model.freeTextCost, 1e-6)
        return bound >= max(floor, index.templateIsNegative[t] ? floorNow : kth) && hearsEveryContentWord(t)
    }

    /// Whether `rereads` holds for any of `cands`.
    func rereadsAny(_ cands: [UInt64], kth: Float, floorNow: Float) -> Bool {
        for key in cands where rereads(key, kth: kth, floorNow: floorNow) { return true }
        return false
    }

    /// Free text for a String parameter no phrase can say ("search Bookworm for climate change"
    /// for "Search ${applicationName}" of an intent with a `query`), and talk after a request
    /// ("…in Notely, I added it by mistake"). Only when no reading reaches the threshold, for
    /// every reading (`readAgainForFreeText`) that names the app and says every content word of its
    /// phrase (nothing left out or replaced), with one run of words the phrase does not have
    /// (fillers may stand in and around it): for a shortcut with free text, a run ending the
    /// utterance, right after the app clause before phrase words (verb-final), or right before
    /// an app clause that ends the utterance is the free text; for any phrase, a run of two
    /// words or more right after an app clause that ends the request is talk. The run is
    /// charged `freeTextCost` instead of its insertions, its unknown words no longer count as
    /// unknown. A run anywhere else is neither ("search Google for Bookworm": other words
    /// before the app name), nor is a run a connector opens at the end ("search Bookworm on
    /// Google": an app clause), nor one with a value of the app in it.
    func freeTextReadings(_ scored: inout [Scored]) {
        guard opts.mode == .flexible, !scored.isEmpty else { return }
        let top = bestScore(scored)
        guard top < Float(opts.threshold) else { return }
        scratch.reserveMasks(n)
        let mask = scratch.maskA
        // A lift that leaves a reading below this changes nothing: it is neither listed nor
        // decides (`reach(after:)` the best reading).
        let matters = reach(after: top)
        // 0 not read, 1 read as a phrase word, the value or the app name, 2 extra, 3 filler.
        var role = [UInt8](filledWith: 0, count: n)
        // Each reading that names the app, its words in place, not far below (each on its own),
        // that says every content word and whose bound with free text (every word at its best,
        // `freeTextCost` the only insertion, no unknown word) reaches `matters`.
        for k in scored.indices {
            let s = scored[k]
            guard let appSpan = s.appSpan, s.movedParam == nil, s.movedWord == nil, s.score >= Query.freeTextFloor else { continue }
            let t = index.templates[s.template]
            var most = ReadingTerms()
            most.gain = ws.gain[s.template] + index.model.appWeight * appSpan.sim
            most.weight = t.totalWeight
            most.insertions = opts.model.freeTextCost
            most.factor = s.terms.factor
            most.noValue = s.terms.noValue
            guard opts.model.score(most) >= matters, hearsEveryContentWord(s.template) else { continue }
            let unitIns = otherValueInsertions(t.paramSet, app: Int32(t.app), negative: t.isNegative)
            appMask(appSpan, into: mask)
            // (The steps' kinds and units are what is read here: no texts.)
            let al = align(t.elems, mask: mask, paramSpans: valueGroup(s, t, mask), ins: unitIns, trace: true, stepTexts: false)
            guard al.cost < .infinity, al.dels < 1e-3, al.substitutions < 1e-3, !al.paramMissing else { continue }
            // (mask 1: the app name; 2: a connector next to it, read like a filler.)
            for u in 0..<n { role[u] = mask[u] == 1 ? 1 : (mask[u] == 2 ? 3 : 0) }
            // (Each step's own units: not every unit inside its span, which a word of several
            // units shares, "습관에서" read as an extra "습관" and a filler "에서".)
            for (st, us) in zip(al.steps, al.stepUnits) where st.kind != .missing {
                let r: UInt8 = st.kind == .extra ? 2 : (st.kind == .filler ? 3 : 1)
                for u in us where mask[u] != 1 { role[u] = r }
            }
            // A verb ending written in hiragana after the phrase's last word ("検索して" for
            // "検索") belongs to the request.
            if let last = role.lastIndex(of: 1), last < n - 1, n - 1 - last <= 3,
               ((last + 1)..<n).allSatisfy({ role[$0] != 1 && writtenIn(.hiragana, $0) }) {
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
}
