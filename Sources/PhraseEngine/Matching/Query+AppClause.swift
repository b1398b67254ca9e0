// The app clause: where the app's name (or another app's) is said, by its words or by its sound.

extension Query {

    /// An app name not heard as such, in Han or kana ("ハウス" for "ハース"): the locale's key of
    /// 1-2 whole words (all their characters) compared with every app name's. The same key only:
    /// the keys of Han and kana are short (a romanization's consonants), one difference would
    /// match unrelated words.
    func splitScriptAppSounds(_ info: [(count: Int, split: Bool)], _ key: inout [UInt32], _ soundSpans: inout [Int32: [SlotSpan]]) {
        var a = 0
        while a < n {
            var e = a
            var scalars = 0
            for _ in 0..<2 {
                guard e < n, info[e].split, units[e].flags.isDisjoint(with: [.number, .ordinal, .filler, .connector, .optional, .particle]) else { break }
                let f = wordEnd(e)
                for u in e..<f { scalars += info[u].count }
                e = f
                guard scalars >= 2 else { continue }
                Query.scalars(index.normalizer.phoneticKey(joinedText(a, e - 1)), into: &key)
                for j in index.appSounds.indices {
                    var best: Float = 0
                    soundMatch(key, index.appSounds[j].key, unknown: false, into: &best)
                    if best > 0 {
                        let p = index.appSounds[j].posting
                        soundSpans[p.set, default: []].append(SlotSpan(start: a, end: e, variant: p.variant, sim: best))
                    }
                }
            }
            a = wordEnd(a)
        }
    }

    /// An app name written in syllables (`LocaleIndex.appSyllables`) heard one syllable off:
    /// a recognizer's "ヒトボ" or "スデオ" for "ピトボ" and "スデロ", "파코" or "팬츄리" for "파르코" and
    /// "팬트리", where the few consonants of the keys differ too much or too little to tell. One or
    /// two whole words (no Hangul word of the catalogs' own), two syllables or more in all,
    /// within one syllable of a name of three or more (Han: one character exchanged, a Han
    /// character left out leaves a word), are the name, at the similarity of a sound-alike with
    /// one difference.
    func syllableAppSounds(_ window: inout [UInt32], _ soundSpans: inout [Int32: [SlotSpan]]) {
        guard !index.appSyllables.isEmpty else { return }
        // The end of unit a's word, a particle or connector the segmenter kept with it left out.
        @inline(__always) func syllableWordEnd(_ a: Int) -> Int {
            var f = a + 1
            while f < n && units[f].start == units[a].start && units[f].end == units[a].end
                    && units[f].flags.isDisjoint(with: [.particle, .connector, .optional]) { f += 1 }
            return f
        }
        func syllabic(_ u: Int) -> Bool {
            guard units[u].flags.isDisjoint(with: [.number, .ordinal, .filler, .connector, .optional, .particle]) else { return false }
            for c in units[u].text.unicodeScalars where !(Script.isHanOrKana(c.value) || Script.isHangulSyllable(c.value)) { return false }
            // A Hangul word of the catalogs is that word.
            if let c = units[u].text.unicodeScalars.first, Script.isHangulSyllable(c.value), index.vocabId(units[u].text) != nil { return false }
            return true
        }
        var a = 0
        while a < n {
            var e = a
            window.removeAll(keepingCapacity: true)
            for _ in 0..<2 {
                guard e < n, syllabic(e) else { break }
                let f = syllableWordEnd(e)
                guard (e..<f).allSatisfy(syllabic) else { break }
                for u in e..<f { Script.appendSyllables(units[u].text, to: &window) }
                e = f
                guard window.count >= 2 else { continue }
                // Han characters are words: one left out leaves another word ("寵物", pet, of the
                // name "寵物窩"). A Han window is the name's length.
                let han = window.contains { $0 & Script.foldedSyllableMark == 0 && Script.isHanOrKana($0) && !Script.isKana($0) }
                for (posting, name) in index.appSyllables where abs(name.count - window.count) <= (han ? 0 : 1) {
                    guard window != name, WordSimilarity.distance(window, name, limit: 1) <= 1 else { continue }
                    soundSpans[posting.set, default: []].append(SlotSpan(start: a, end: e, variant: posting.variant, sim: opts.model.soundSimilarity - opts.model.soundOneOffDiscount))
                }
            }
            a = syllableWordEnd(a)
        }
    }

    /// Whether a span of some slot set (`spans`) covers unit i.
    func coveredBySpan(_ i: Int) -> Bool {
        for list in spans.lists { for sp in list where sp.start <= i && i < sp.end { return true } }
        return false
    }


    /// App clauses of words the catalog has never heard: a connector and a run of such words
    /// ending the utterance ("sur Google"), or such words starting it and a connector
    /// ("グーグルで…") — where people put the app clause. The words must be covered by no slot
    /// span; Han and kana words the catalogs never say are left out, as for the insertion cost.
    func foreignAppClauses() -> Int {
        let c = foreignAppClauseSpans()
        return (c.trailing == nil ? 0 : 1) + (c.leading == nil ? 0 : 1)
    }

    /// The words of those clauses (connectors left out): the trailing clause's, else the
    /// leading one's.
    func foreignAppClauseSpans() -> (trailing: Range<Int>?, leading: Range<Int>?) {
        @inline(__always) func unknown(_ i: Int) -> Bool {
            guard units[i].flags.contains(.unheard) || guessedUnits.contains(i), units[i].flags.isDisjoint(with: [.number, .ordinal]) else { return false }
            if charWordUnits.contains(i) { return false }
            return !coveredBySpan(i)
        }
        guard n >= 2 else { return (nil, nil) }
        var trailing: Range<Int>? = nil, leading: Range<Int>? = nil
        var i = n - 1
        while i > 0 && unknown(i) { i -= 1 }
        if i < n - 1 && units[i].flags.contains(.connector) { trailing = (i + 1)..<n }
        var j = 0
        while j < n - 1 && unknown(j) { j += 1 }
        if j > 0 && units[j].flags.contains(.connector) { leading = 0..<j }
        return (trailing, leading)
    }

    /// Whether unknown unit i lowers every reading (`unknownFactor`): no Han or kana word the
    /// catalogs never say (matched character by character, `charWordUnits`), no slot span over it.
    @inline(__always)
    func lowersEveryReading(_ i: Int) -> Bool {
        units[i].flags.contains(.unheard) && !charWordUnits.contains(i) && !coveredBySpan(i)
    }

    /// Whether unit i's word is written in the text with characters of `script` only (kana are
    /// folded to katakana by the normalizer: the text tells katakana from hiragana). Reads the
    /// text: for Han and kana words only, no copy of it otherwise.
    func writtenIn(_ script: Script, _ i: Int) -> Bool {
        let u = text.utf16, a = units[i].start, b = units[i].end
        guard a >= 0, a < b, b <= u.count else { return false }
        let from = u.index(u.startIndex, offsetBy: a)
        return u[from..<u.index(from, offsetBy: b - a)].allSatisfy { Script.of(UInt32($0)) == script }
    }

    /// The most words an app clause's name is read as (`appClauseRuns`).
    static var appClauseMaxWords: Int { 3 }


    /// The app clauses (`appClauseRuns`) whose words app `app` never says, or says only by a
    /// guess (`guessedUnits`; a sound-alike or an edit of one of its words), and no value or name
    /// of it covers (another app's name or value there names that app): a reading of the app's
    /// phrase without its name pays for each, as for a clause naming an app no catalog has
    /// (`otherAppClauseCost`).
    func otherAppClauses(app: Int32) -> Int {
        func foreign(_ i: Int) -> Bool {
            // A value or name of the app itself (another app's is no defence).
            for (k, set) in spans.sets.enumerated() where index.setApp[Int(set)] == app {
                if spans.lists[k].contains(where: { $0.start <= i && i < $0.end }) { return false }
            }
            if units[i].flags.contains(.unheard) || guessedUnits.contains(i) { return true }
            guard mCount[i] > 0 else { return false }
            for j in mStart[i]..<(mStart[i] + mCount[i]) where !mKind[j].isGuess {
                if index.appSays(mVocab[j], app: app) { return false }
            }
            return true
        }
        var c = 0
        if clauseTrail > 0 && ((n - clauseTrail)..<n).allSatisfy(foreign) { c += 1 }
        if clauseLead > 0 && (clauseLeadFrom..<clauseLead).allSatisfy(foreign) { c += 1 }
        return max(c, otherAppClauses)
    }

    /// How well the sound key `k` of a window matches an app name's key: the same key, or (for
    /// windows with words the catalog does not know: "herz", not its own "notes" for "Notely")
    /// one difference. Raises `best`.
    func soundMatch(_ k: [UInt32], _ key: [UInt32], unknown: Bool, into best: inout Float) {
        guard k.count >= 2 else { return }
        if k == key { best = max(best, opts.model.soundSimilarity); return }
        if unknown, key.count >= 3, k.count >= 3, WordSimilarity.distance(k, key, limit: 1) <= 1 {
            best = max(best, opts.model.soundSimilarity - opts.model.soundOneOffDiscount)
        }
    }

    /// The locale's key of units a...b joined, computed once per query (`cache`: 3 entries per
    /// unit, filled on first use). A one-unit window's key is the unit's own when `matchUnit`
    /// computed it. (A method, not a local function: a local function capturing `self` in a
    /// mutating method copies the whole query on every call.)
    func windowKey(_ a: Int, _ b: Int, _ cache: inout [String?]) -> String {
        if a == b, let k = ws.pool.pointee.unitKeys[a] { return k }
        if let k = cache[3 * a + (b - a)] { return k }
        // Remembered from an earlier query (`WindowKeyMemo`), or computed and remembered.
        let memo = ws.pool
        let used = memo.pointee.windowKeyMemo.scratch.count
        if used > 0 { memo.pointee.windowKeyMemo.scratch.removeLast(used) }
        for u in a...b {
            var t = units[u].text
            t.withUTF8 { memo.pointee.windowKeyMemo.scratch.append(contentsOf: $0) }
            memo.pointee.windowKeyMemo.scratch.append(0x1F)
        }
        let k = memo.pointee.windowKeyMemo.scratch.withUnsafeBufferPointer { p -> String in
            if p.count > ByteKeys.maxKeyBytes { return computedWindowKey(a, b) }
            let h = ByteKeys.hash(p, 0)
            if let e = memo.pointee.windowKeyMemo.keys.find(p, 0, h) { return memo.pointee.windowKeyMemo.values[e] }
            let k = computedWindowKey(a, b)
            memo.pointee.windowKeyMemo.insert(p, h, k)
            return k
        }
        cache[3 * a + (b - a)] = k
        return k
    }

    /// The locale's key of units a...b joined, computed.
    func computedWindowKey(_ a: Int, _ b: Int) -> String {
        index.normalizer.keysAreDoubleMetaphone ? englishKey(a, b) : index.normalizer.phoneticKey(joinedText(a, b))
    }

    /// The English Double Metaphone key of units a...b (at most 3) joined, computed without
    /// joining them.
    func englishKey(_ a: Int, _ b: Int) -> String {
        a == b ? PhoneticKey.key(units[a].text, algorithm: .doubleMetaphone, language: "en")
            : PhoneticKey.doubleMetaphoneJoined(units[a].text, units[a + 1].text, b > a + 1 ? units[b].text : nil)
    }
}

extension Query {
    /// Opening the app before the request ("open Linjo and show my ticket", "åbn linjo og vis min
    /// billet", "打开沃卡沃看看我的学习数据"; verb-final: "ボカボを開いて統計を見せて"): where the
    /// utterance starts (after fillers) with one of the locale's `openApp` verbs right before an
    /// app name heard surely — or with the name, its particles, then the verb — the verb and a
    /// joining word right after it (or after the name) are heard as filler. They are how the
    /// person reached the app, not words the phrase misses or words it has never heard.
    mutating func openAppClause() {
        guard opts.mode == .flexible, !index.openVerbs.isEmpty else { return }
        var start = 0
        while start < n && units[start].flags.contains(.filler) { start += 1 }
        guard start < n else { return }
        // The longest entry of `list` said at unit i: its length in units (0: none).
        func said(_ list: [[String]], at i: Int) -> Int {
            var best = 0
            for e in list where e.count > best && i + e.count <= n {
                var ok = true
                for (k, w) in e.enumerated() where units[i + k].text != w { ok = false; break }
                if ok { best = e.count }
            }
            return best
        }
        for (k, set) in spans.sets.enumerated() where index.setIsApp[Int(set)] {
            guard let sp = spans.lists[k].first, sp.sim >= opts.model.appNameSureSimilarity else { continue }
            // The name starts the utterance, or follows a verb of at most three units there.
            guard sp.start >= start && sp.start - start <= 3 else { continue }
            var clause: [Int] = []
            var after = sp.end
            let v = said(index.openVerbs, at: start)
            if v > 0 && start + v == sp.start {
                clause = Array(start..<(start + v))
            } else if sp.start == start {
                var j = sp.end
                while j < n && !units[j].flags.isDisjoint(with: [.particle, .optional]) { j += 1 }
                let w = j < n ? said(index.openVerbs, at: j) : 0
                if w > 0 {
                    clause = Array(j..<(j + w))
                    after = j + w
                }
            }
            guard !clause.isEmpty else { continue }
            if after < n {
                let t = said(index.openThen, at: after)
                if t > 0 { clause += Array(after..<(after + t)) }
            }
            // Something must be left to ask for.
            guard (clause.max() ?? n) + 1 < n else { continue }
            u.hearAsFiller(clause)
            return
        }
    }

    /// The places of an app clause that a reading without the app name may have to pay for
    /// (`clauseLead`, `clauseTrail`): at most `appClauseMaxWords` words, no numbers, after a
    /// connector at the end of the utterance ("w strava", or glued to it as a prefix the
    /// profile attaches: he "בביט"), before one at its start ("Todoist の…",
    /// "サファリで…"), or the one word right after one that starts it ("用携程…"). A Han or kana
    /// word the catalogs never say (`charWordUnits`, which `foreignAppClauses` leaves out) may
    /// stand before the connector when written in katakana (a name, not a reworded verb) and
    /// after a connector that starts the utterance, not at the end. Whether the words name
    /// another app depends on the app being read (`otherAppClauses(app:)`).
    mutating func appClauseRuns() {
        slots.clauseLead = 0; slots.clauseTrail = 0; slots.clauseLeadFrom = 0
        guard n >= 2, opts.mode == .flexible else { return }
        @inline(__always) func free(_ i: Int) -> Bool {
            units[i].flags.isDisjoint(with: [.number, .ordinal, .connector, .filler, .optional])
        }
        // Not part of a Han or kana word the catalogs never say.
        @inline(__always) func plain(_ i: Int) -> Bool { !charWordUnits.contains(i) }
        func glued(_ i: Int) -> Bool {
            index.gluedConnectors.contains { units[i].text.count > $0.count && units[i].text.hasPrefix($0) }
        }
        // After a connector that ends the utterance's request.
        var k = n, words = 0
        while k > 0 && words < Query.appClauseMaxWords {
            let s = wordStart(k - 1)
            guard (s..<k).allSatisfy({ free($0) && plain($0) }) else { break }
            k = s; words += 1
            if k > 0 && (units[k - 1].flags.contains(.connector) || glued(k)) { slots.clauseTrail = n - k; break }
        }
        // Before a connector at the start ("Todoist の", "サファリで").
        k = 0; words = 0
        while k < n - 1 && words < Query.appClauseMaxWords {
            let e = wordEnd(k)
            guard e < n, (k..<e).allSatisfy({ free($0) && (plain($0) || writtenIn(.katakana, $0)) }) else { break }
            k = e; words += 1
            if units[k].flags.contains(.connector) && k + 1 < n { slots.clauseLead = k; break }
        }
        // After a connector that starts the utterance ("用携程为我的…", "in Strava start…").
        // The name is the one word after it: nothing marks where a longer one would end.
        if clauseLead == 0 && units[0].flags.contains(.connector) {
            let e = wordEnd(1)
            if e < n && (1..<e).allSatisfy(free) { slots.clauseLeadFrom = 1; slots.clauseLead = e }
        }
    }
}
