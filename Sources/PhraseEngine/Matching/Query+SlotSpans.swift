// Slot spans: where the values of parameters occur in the utterance, found from the word matches by their bounds.

extension Query {
    /// Values evaluated per slot set (best first by their upper bound).
    static var valuesPerSet: Int { 8 }
    /// Above this many candidate values in a set, and as many values holding words heard only
    /// under the app name, values are checked against the name's units before sorting
    /// (`findSlots`).
    static var prefilterValues: Int { 48 }


    /// The spans of the values of slot set `set` (its sort keys `keys[ks..<ke]`), appended to
    /// `found` best first (`findSlots`; `top` is scratch): values are aligned in bound order
    /// until the bound falls below the `valuesPerSet`-th best similarity found, none where the
    /// app's name surely is (`taken`), and the values heard as other words (`extra`) added.
    /// (Not mutating, for the reason `soundHeardSpans` is not.)
    func findValues(_ set: Int32, _ ks: Int, _ ke: Int, _ keys: inout [UInt64], taken: Units, inflated: Bool, prefilter: Bool,
                    extra: [SlotSpan]?, into found: inout [SlotSpan], top: inout [Float]) {
        let isApp = index.setIsApp[Int(set)]
        var kth: Float = 0
        // The `valuesPerSet` best similarities found, best first (kept as spans are found).
        top.clear()
        var end = ke
        if !isApp {
            // Where the app's name surely is, each value's bound counts only its words heard
            // outside it. Among many values, those that cannot reach the minimum are left out
            // before sorting (few values: each is checked when its turn comes, below).
            if prefilter {
                end = ks
                for r in ks..<ke {
                    let vi = Query.sortKeyItem(keys[r])
                    let b = min(Query.sortKeyBound(keys[r]), valueBound(Int(index.setBase[Int(set)] + vi), outside: taken))
                    if b >= opts.model.minimumValueSimilarity - 1e-5 { keys[end] = Query.sortKey(bound: b, vi); end += 1 }
                }
            }
            if end - ks > 1 { keys[ks..<end].sort() }
        }
        for key in keys[ks..<end] {
            let ub = Query.sortKeyBound(key), vi = Query.sortKeyItem(key)
            if !opts.exhaustive, found.count >= Query.valuesPerSet, ub <= kth { break }
            let g = Int(index.setBase[Int(set)] + vi)
            if inflated && !prefilter && valueBound(g, outside: taken) < max(opts.model.minimumValueSimilarity, kth) - 1e-5 { continue }
            let before = found.count
            evaluate(set: set, variantIndex: vi, global: g, into: &found)
            if opts.referenceAlignment { checkSlotSpans(set: set, variantIndex: vi, global: g, found: found[before...]) }
            if !taken.isEmpty {
                var k = before
                while k < found.count {
                    if unitRange(found[k].start, found[k].end).intersects(taken) { found.remove(at: k) } else { k += 1 }
                }
            }
            for k in before..<found.count {
                let s = found[k].sim
                var p: Int
                if top.count == Query.valuesPerSet {
                    if !(s > top[Query.valuesPerSet - 1]) { continue }
                    p = Query.valuesPerSet - 1
                } else {
                    p = top.count
                    top.append(s)
                }
                while p > 0, top[p - 1] < s { top[p] = top[p - 1]; p -= 1 }
                top[p] = s
            }
            if found.count > before, found.count >= Query.valuesPerSet {
                kth = top[Query.valuesPerSet - 1]
            }
        }
        if let extra {
            // (Heard by its sound beside a number its option or name does not say, a value or a
            // name is none the app has, as by its words: `numberContradicts`.)
            let base = Int(index.setBase[Int(set)])
            for sp in extra where !unitRange(sp.start, sp.end).intersects(taken)
                && !found.contains(where: { $0.start == sp.start && $0.end == sp.end && $0.variant == sp.variant && $0.sim >= sp.sim })
                && !numberContradicts(base + Int(sp.variant), sp.start, sp.end) {
                found.append(sp)
            }
        }
        found.sort { ($0.sim, $1.start, $1.end, $1.variant) > ($1.sim, $0.start, $0.end, $0.variant) }
        if !isApp { dropUnidentifying(set, &found) }
    }

    /// Values heard as other words (`findSlots`): the sound of 1-3 words joined, where a word is
    /// unknown (or, for app names, anywhere when no app name was heard as such), per slot set.
    /// (Not mutating: `findSlots` is, and would pass the whole query by copy to each method
    /// this calls.)
    func soundHeardSpans(appHeard: Bool, _ buf: inout SlotBuffers) -> [Int32: [SlotSpan]] {
        var soundSpans: [Int32: [SlotSpan]] = [:]
        // The locale's key of the words a...b joined, computed once for both searches below.
        // A one-word window's key is the word's own, when `matchUnit` computed it.
        Query.resetKeys(&buf.windowKeys, count: 3 * n)
        // Each unit's `scalarInfo`, computed once for both searches.
        buf.unitInfo.clear()
        if opts.mode == .flexible && (!index.soundIndex.isEmpty || (!appHeard && !index.appSounds.isEmpty)) {
            for i in 0..<n { buf.unitInfo.append(scalarInfo(i)) }
        }

        // The English key of the app-name search is the locale's own where the locale keys
        // words by Double Metaphone.
        let localeKeyIsEnglish = index.normalizer.keysAreDoubleMetaphone
        let longestWindow = index.longestRelatable
        if opts.mode == .flexible && !index.soundIndex.isEmpty {
            for a in 0..<n {
                var joinedCount = 0
                var hasUnknown = false
                for b in a..<min(n, a + 3) {
                    if !units[b].flags.isDisjoint(with: [.number, .ordinal, .filler, .connector]) { break }
                    joinedCount += buf.unitInfo[b].count
                    // No catalog word or name is this long (see `matchUnit`).
                    if joinedCount > longestWindow { break }
                    if mCount[b] == 0 || mKind[mStart[b]] != .exact { hasUnknown = true }
                    let appsOnly = !hasUnknown
                    guard hasUnknown || (!appHeard && b > a), joinedCount >= 4 else { continue }
                    let key = windowKey(a, b, &buf.windowKeys)
                    guard Query.keyLength(key) >= 3, let hits = index.soundPostings(key) else { continue }
                    for h in hits.prefix(8) where !appsOnly || index.setIsApp[Int(h.set)] {
                        soundSpans[h.set, default: []].append(SlotSpan(start: a, end: b + 1, variant: h.variant, sim: opts.model.soundSimilarity))
                    }
                }
            }
        }
        // An app name not heard as such: compare the sound of 1-3 words with every app name's,
        // in the locale's key and in English, allowing one difference in the key.
        if opts.mode == .flexible && !appHeard && !index.appSounds.isEmpty {
            // The window's keys as scalars (pooled: each key reuses the buffer).
            // Words that name a widely used app the catalogs do not know ("strava"): a window
            // with one is that app, not a catalog app that sounds like it.
            func isOtherApp(_ b: Int) -> Bool { (mCount[b] == 0 || mKind[mStart[b]] != .exact) && OtherApps.isKnown(units[b].text) }
            var otherApp = noUnits
            for b in 0..<n where isOtherApp(b) { otherApp.insert(b) }
            for a in 0..<n {
                var joinedCount = 0
                var split = false
                var windowUnknown = false
                for b in a..<min(n, a + 3) {
                    if !units[b].flags.isDisjoint(with: [.number, .ordinal, .filler, .connector]) { break }
                    if otherApp.contains(b) { break }
                    joinedCount += buf.unitInfo[b].count
                    if joinedCount > longestWindow { break }
                    // An article or pronoun inside a name heard in pieces ("have it tracker", "have
                    // a tracker" for "Habit Tracker"), never at its edges. The pieces are no words
                    // of the catalogs as said: one difference is allowed as for an unknown word.
                    if units[b].flags.contains(.optional) {
                        if b == a || buf.unitInfo[b].split { break }
                        windowUnknown = true
                        continue
                    }
                    if buf.unitInfo[b].split { split = true }
                    if mCount[b] == 0 || mKind[mStart[b]] != .exact { windowUnknown = true }
                    guard joinedCount >= 3 else { continue }
                    if split { break }
                    Query.scalars(windowKey(a, b, &buf.windowKeys), into: &buf.soundKeyA)
                    if !localeKeyIsEnglish {
                        Query.scalars(englishKey(a, b), into: &buf.soundKeyB)
                    }
                    for j in index.appSounds.indices {
                        var best: Float = 0
                        soundMatch(buf.soundKeyA, index.appSounds[j].key, unknown: windowUnknown, into: &best)
                        if !localeKeyIsEnglish { soundMatch(buf.soundKeyB, index.appSounds[j].key, unknown: windowUnknown, into: &best) }
                        if best > 0 {
                            let p = index.appSounds[j].posting
                            soundSpans[p.set, default: []].append(SlotSpan(start: a, end: b + 1, variant: p.variant, sim: best))
                        }
                    }
                }
            }
            splitScriptAppSounds(buf.unitInfo, &buf.soundKeyA, &soundSpans)
            syllableAppSounds(&buf.soundKeyA, &soundSpans)
        }
        return soundSpans
    }


    /// Each unit's insertion cost for a reading of a template of `app` with parameter set
    /// `paramSet` (-1: none) when a value of another parameter of the app was said clearly: a
    /// unit of such a value costs `otherValueCost` divided among the value's units more
    /// (`clearValues`). Nil when no such value was said (the costs are `insCost`), and for
    /// negative phrases: they refuse whatever resembles them ("supprime l'habitude méditation"
    /// for "Supprime ${applicationName}").
    @inline(__always)
    func otherValueInsertions(_ paramSet: Int32, app: Int32, negative: Bool) -> UnsafeMutablePointer<Float>? {
        guard clearValueSets > 0, !negative else { return nil }
        var row = -1
        for (k, s) in slots.clearSets.enumerated() where s == paramSet { row = k; break }
        if row < 0 {
            for (a, x) in slots.clearApps.enumerated() where x == app { row = clearValueSets + a; break }
        }
        guard row >= 0, slots.clearRowCharges[row] else { return nil }
        return scratch.otherIns + row * n
    }

    /// An upper bound of value `g`'s similarity in a window that avoids the units `taken`:
    /// each of its words at its best when it relates to a unit outside them.
    @inline(__always)
    func valueBound(_ g: Int, outside taken: Units) -> Float {
        let us = Int(index.variantUnitStart[g]), ue = Int(index.variantUnitStart[g + 1])
        var gain: Float = 0
        for k in us..<ue {
            let u = Int(index.variantUnits[k])
            if !hits(u).subtracting(taken).isEmpty { gain += index.variantWeights[k] * ws.best[u] }
        }
        let w = index.variantTotalWeight[g]
        return w > 0 ? gain / w : 0
    }

    /// Inserts `a` into the ascending list `list` unless it is there.
    @inline(__always)
    static func insertSorted(_ a: Int32, into list: inout [Int32]) {
        var k = 0
        while k < list.count, list[k] < a { k += 1 }
        if k == list.count || list[k] != a { list.insert(a, at: k) }
    }

    /// Adds posting `p` of a word heard at similarity `s` to its value's bound (`acc`), marking
    /// the value touched (`bits`, and its word in `touched` when first set).
    @inline(__always)
    static func accumulate(_ p: LocaleIndex.SlotPosting, _ s: Float, _ setBase: Table<Int32>, _ acc: UnsafeMutableBufferPointer<Float>,
                           _ bits: UnsafeMutableBufferPointer<UInt64>, _ touched: inout [Int32]) {
        let g = Int(setBase[Int(p.set)] + p.variant)
        let wi = g >> 6
        if bits[wi] == 0 { touched.append(Int32(wi)) }
        bits[wi] |= 1 << UInt64(g & 63)
        acc[g] += p.share * s
    }

    /// Adds each heard word's share, at the similarity heard (`best`), to the bounds of the
    /// values and names it is in (`acc`; the values touched are bits of `bits`, their words listed
    /// in `touched`): only the apps heard (`apps`) when any was. (A function of its own: inside
    /// `findSlots` the loop costs more.)
    static func accumulateValues(_ index: LocaleIndex, _ bestIds: [Int32], _ apps: [Int32], _ best: UnsafeMutableBufferPointer<Float>,
                                 _ acc: UnsafeMutableBufferPointer<Float>, _ bits: UnsafeMutableBufferPointer<UInt64>,
                                 _ touched: inout [Int32]) {
        let flat = index.slotFlat, setBase = index.setBase
        for id in bestIds {
            let s = best[Int(id)]
            if apps.isEmpty {
                for k in index.postings(id) { accumulate(flat[k], s, setBase, acc, bits, &touched) }
            } else {
                for a in apps { for k in index.postings(id, app: a) { accumulate(flat[k], s, setBase, acc, bits, &touched) } }
            }
        }
    }

    /// Reads back the values touched (`touched`, `bits`), clearing their bits and bounds, and
    /// lists those with a bound of at least `minimum` (a value's least similarity) as sort keys
    /// grouped by set (`bySet`: each set's range of `keys`), in ascending global variant order.
    static func collectValues(_ touched: [Int32], _ bits: UnsafeMutableBufferPointer<UInt64>, _ acc: UnsafeMutableBufferPointer<Float>,
                              _ setBase: Table<Int32>, minimum: Float, into keys: inout [UInt64], _ bySet: inout [(set: Int32, start: Int, end: Int)]) {
        var total = 0
        for wi in touched { total += bits[Int(wi)].nonzeroBitCount }
        keys.reserveCapacity(total)
        var setCursor = 0
        var lastSet: Int32 = -1
        for wi in touched {
            var x = bits[Int(wi)]
            bits[Int(wi)] = 0
            while x != 0 {
                let g = Int32(Int(wi) * 64 + x.trailingZeroBitCount)
                x &= x - 1
                let v = acc[Int(g)]
                acc[Int(g)] = 0
                guard v >= minimum else { continue }
                while setCursor + 1 < setBase.count, setBase[setCursor + 1] <= g { setCursor += 1 }
                let set = Int32(setCursor)
                if lastSet != set {
                    lastSet = set
                    bySet.append((set, keys.count, keys.count))
                }
                keys.append(Query.sortKey(bound: v < 1 ? v : 1, g - setBase[setCursor]))
            }
        }
        // Each set's values end where the next set's begin.
        for k in bySet.indices { bySet[k].end = k + 1 < bySet.count ? bySet[k + 1].start : keys.count }
    }

    /// Words heard as part of a value (below `partialValueSimilarity`) that fit another value of
    /// the set as well ("thé" of "thé chaï" and of "thé matcha") name neither: those spans are
    /// dropped. So are such spans of words the phrases say themselves ("music" of the playlist
    /// "focus music" where a phrase says "pause the music"; "tea" of "peppermint tea" where one
    /// says "cancel my tea"): a generic part of a name is no value heard.
    /// `found` is sorted (similarity descending, then start, end, variant), so the spans of the
    /// same words at the same similarity are adjacent.
    func dropUnidentifying(_ set: Int32, _ found: inout [SlotSpan]) {
        guard let last = found.last, last.sim < opts.model.partialValueSimilarity else { return }
        var out = 0
        var a = 0
        while a < found.count {
            var b = a + 1
            while b < found.count && found[b].sim == found[a].sim && found[b].start == found[a].start && found[b].end == found[a].end { b += 1 }
            var several = false
            if found[a].sim < opts.model.partialValueSimilarity {
                let o = index.optionOf(set, found[a].variant)
                for k in (a + 1)..<b where index.optionOf(set, found[k].variant) != o { several = true; break }
                // (Not a Bool's: "an" of "schalt an" is what tells on from off.)
                var isBool = false
                if case .bool = index.slotSets[Int(set)].variants[Int(found[a].variant)].value { isBool = true }
                if !several && !isBool { several = saidByPhrases(found[a].start, found[a].end, app: index.setApp[Int(set)]) }
            }
            if !several {
                for k in a..<b { found[out] = found[k]; out += 1 }
            }
            a = b
        }
        if out < found.count { found.removeLast(found.count - out) }
    }

    /// Whether every unit of start..<end is a content word (a word of its own, not a character
    /// of a Han or kana word, nor a function word) that a phrase of `app` says as written.
    func saidByPhrases(_ start: Int, _ end: Int, app: Int32) -> Bool {
        for i in start..<end {
            guard units[i].flags.isDisjoint(with: [.optional, .particle, .elision, .connector, .filler, .number, .ordinal]),
                  wordStart(i) == i, wordEnd(i) == i + 1 else { return false }
            var said = false
            for j in mStart[i]..<(mStart[i] + mCount[i]) where mKind[j] == .exact {
                let v = Int(mVocab[j])
                for k in Int(index.literalStart[v])..<Int(index.literalStart[v + 1])
                    where index.templateApp[Int(index.literalFlat[k])] == app && !index.templateIsNegative[Int(index.literalFlat[k])] {
                    said = true
                    break
                }
                if said { break }
            }
            if !said { return false }
        }
        return true
    }
}

extension Query {
    /// Finds where slot values occur. Each value's upper bound (its words' best similarities,
    /// weighted) is accumulated from the postings of the matched words; values are then aligned
    /// in bound order until the bound falls below the `valuesPerSet`-th best similarity found.
    mutating func findSlots(_ buf: inout SlotBuffers) {
        markHits()
        // App names first: when one is heard clearly, only that app's values are searched
        // (the app-name span picks the app, then the shortcut).
        buf.apps.clear()
        buf.touched.clear()
        // (No local functions over `apps` and `touched`: a captured variable is boxed and every
        // access to it checked for exclusivity at run time.)
        for id in bestIds where ws.best[Int(id)] >= 0.9 && !opts.exhaustive {
            for k in index.appPostings(id) {
                let p = index.appPostFlat[k]
                // A one-word name, or every word of the name heard.
                let g = Int(index.setBase[Int(p.set)] + p.variant)
                let us = Int(index.variantUnitStart[g]), ue = Int(index.variantUnitStart[g + 1])
                var all = true
                if ue - us != 1 { for k in us..<ue where ws.best[Int(index.variantUnits[k])] < 0.9 { all = false; break } }
                if all { Query.insertSorted(index.setApp[Int(p.set)], into: &buf.apps) }
            }
        }
        for i in 0..<n where merge[i] >= 0 && !opts.exhaustive {
            for k in index.appPostings(merge[i]) {
                Query.insertSorted(index.setApp[Int(index.appPostFlat[k].set)], into: &buf.apps)
            }
        }
        // Upper bounds of the values, accumulated densely (global variant ids: setBase + variant).
        // The values touched are bits of `ws.touchedBits`; its words with a bit set are listed in
        // `touched`, so that the values are read back in ascending order without sorting them.
        let acc = ws.acc, bits = ws.touchedBits
        Query.accumulateValues(index, bestIds, buf.apps, ws.best, acc, bits, &buf.touched)
        if buf.touched.count > 1 { buf.touched.sort() }
        // The values with a bound of at least 0.5, grouped by set (ascending ids keep each set's
        // values together), each set's best bound first: keys are the bound's bits inverted, then
        // the variant, so that plain integer order is bound descending, variant ascending.
        buf.valueKeys.clear()
        buf.valueSets.clear()
        Query.collectValues(buf.touched, bits, acc, index.setBase, minimum: opts.model.minimumValueSimilarity, into: &buf.valueKeys, &buf.valueSets)
        // (A value set's keys are sorted when it is searched, after its app's name: see below.)
        for e in buf.valueSets where e.end - e.start > 1 && index.setIsApp[Int(e.set)] { buf.valueKeys[e.start..<e.end].sort() }
        // Values heard as other words: the sound of 1-3 words joined, where a word is unknown
        // (or, for app names, anywhere when no app name was heard as such).
        var appHeard = false
        for a in index.appSlot {
            guard let e = buf.valueSets.first(where: { $0.set == a }) else { continue }
            if Query.sortKeyBound(buf.valueKeys[e.start]) >= 0.99 { appHeard = true; break }
        }
        let soundSpans = soundHeardSpans(appHeard: appHeard, &buf)
        if !soundSpans.isEmpty {
            for set in soundSpans.keys.sorted() where !buf.valueSets.contains(where: { $0.set == set }) { buf.valueSets.append((set, 0, 0)) }
            buf.valueSets.sort { $0.set < $1.set }
        }
        // (Sets come in ascending order: an app's name set before its value sets.)
        var takenApp = -1
        var takenUnits = noUnits
        var takenPostings = 0
        for (set, ks, ke) in buf.valueSets {
            // (The storage of a list an earlier query dropped, when there is one.)
            var found = slots.spans.takeList()
            found.reserveCapacity(Query.valuesPerSet * 2)
            // A value is not heard where its app's name surely is (`appNameUnits`): no reading
            // could read it there. Its words heard only there do not count toward its bound.
            let isApp = index.setIsApp[Int(set)]
            if !isApp, Int(index.setApp[Int(set)]) != takenApp {
                takenApp = Int(index.setApp[Int(set)])
                takenUnits = appNameUnits(takenApp).units
                // How many values the words heard only there occur in: none, and no value's
                // bound changes; many, and most bounds may fall (the name's words are in them).
                takenPostings = 0
                if !takenUnits.isEmpty {
                    for id in bestIds where hits(Int(id)).subtracting(takenUnits).isEmpty { takenPostings += index.postings(id).count }
                }
            }
            let taken = isApp ? noUnits : takenUnits
            let inflated = !taken.isEmpty && takenPostings > 0 && !opts.exhaustive
            let prefilter = inflated && takenPostings >= Query.prefilterValues && ke - ks > Query.prefilterValues
            findValues(set, ks, ke, &buf.valueKeys, taken: taken, inflated: inflated, prefilter: prefilter, extra: soundSpans[set],
                       into: &found, top: &buf.topSims)
            if !found.isEmpty { slots.spans.insert(set, found) } else { slots.spans.giveBack(&found) }
        }
        openAppClause()
        // Unknown words no slot span covers.
        var f: Float = 1
        for i in 0..<n where lowersEveryReading(i) { f *= opts.model.unknownWordFactor }
        slots.unknownFactor = f
        slots.otherAppClauses = foreignAppClauses()
        appClauseRuns()
        clearValues()
    }

    /// The insertion costs with the values of other parameters said clearly, computed once per
    /// query (`otherValueInsertions`). The slot sets with such a value are `clearSets`, their
    /// apps (once each) `clearApps`. Row k of `scratch.otherIns` holds each unit's cost for a
    /// template whose parameter is the k-th set — the values of the other sets of its app charged
    /// — and row `clearSets.count + a` the costs for a template of the a-th app with another
    /// parameter or none. Only the template's own app counts: another app's values are not
    /// looked for once an app was named (`findSlots`), so they cannot weigh on a reading.
    /// `clearRowCharges[r]`: whether row r charges anything.
    mutating func clearValues() {
        // (The slot reading's arrays come empty from the workspace: `takeSlotReading`.)
        for (k, set) in spans.sets.enumerated() where !index.setIsApp[Int(set)] && (spans.lists[k].first?.sim ?? 0) >= opts.model.clearValueSimilarity {
            slots.clearSets.append(set)
            let app = index.setApp[Int(set)]
            if !slots.clearApps.contains(app) { slots.clearApps.append(app) }
        }
        guard !slots.clearSets.isEmpty else { return }
        let rows = slots.clearSets.count + slots.clearApps.count
        scratch.reserveOtherIns(rows * n)
        let out = scratch.otherIns
        for r in 0..<rows { for u in 0..<n { out[r * n + u] = insCost[u] } }
        slots.clearRowCharges.append(contentsOf: repeatElement(false, count: rows))
        for (k, set) in spans.sets.enumerated() {
            guard let c = slots.clearSets.firstIndex(of: set) else { continue }
            let app = index.setApp[Int(set)]
            for sp in spans.lists[k] {
                guard sp.sim >= opts.model.clearValueSimilarity else { break }
                let share = opts.model.otherValueCost / Float(sp.end - sp.start)
                for r in 0..<rows where r != c {
                    if (r < slots.clearSets.count ? index.setApp[Int(slots.clearSets[r])] : slots.clearApps[r - slots.clearSets.count]) != app { continue }
                    slots.clearRowCharges[r] = true
                    for u in sp.start..<sp.end { out[r * n + u] = max(out[r * n + u], insCost[u] + share) }
                }
            }
        }
    }
}
