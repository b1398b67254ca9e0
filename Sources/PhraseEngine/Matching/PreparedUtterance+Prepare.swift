// Preparing an utterance: its units, the rewrites that repair them, each unit's matches and costs, the words the catalogs never say.

extension LocaleIndex {
    /// The units of an utterance to match: the normalizer's, repaired by the rewrites the locale
    /// turns on (`Rewrite`, in order; flexible matching only). A query is made of them.
    func queryUnits(_ text: String, mode: MatchingMode) -> [Raw] {
        var units = IndexBuilder.units(normalizer, text)
        if mode == .flexible && rewriteMask != 0 {
            let ascii = Core.isASCII(text)
            for (k, r) in Rewrite.all.enumerated() where rewriteMask & (1 << UInt32(k)) != 0 && !(r.nonASCII && ascii) {
                r.apply(&units, text, self)
            }
        }
        return units
    }
}

extension PreparedUtterance {
    /// Fills the utterance (its initializer): borrows the workspace's arrays, matches each
    /// unit, joins and splits, classes and costs, the words the catalogs never say.
    mutating func prepare() {
        ws.pool.pointee.arrays.removeAll()
        exchangeArrays()
        // The per-unit arrays, at their length for this query (not emptied in between).
        Query<Units>.fill(&mStart, 0, count: n)
        Query<Units>.fill(&mCount, 0, count: n)
        Query<Units>.fill(&merge, -1, count: n)
        Query<Units>.fill(&splitStart, 0, count: n + 1)
        Query<Units>.fill(&wordClass, .content, count: n)
        Query<Units>.fill(&insCost, 0, count: n)
        scratch.reserveSlotIns(n)
        for i in 0..<n { setClass(i, WordClass(units[i].flags)) }
        Query<Units>.resetKeys(&ws.pool.pointee.unitKeys, count: n)
        // The word step's scratch buffers, lent for the step (`WordBuffers`).
        let buffers = ws.wordBuffers
        for i in 0..<n {
            mStart[i] = mVocab.count
            rememberedMatchUnit(i, &buffers.pointee)
            mCount[i] = mVocab.count - mStart[i]
        }
        if opts.mode == .flexible {
            for i in 0..<n {
                let hasExact = mCount[i] > 0 && mKind[mStart[i]] == .exact
                // Two words the recognizer split ("book worm"), even when each is a word of its own.
                if i + 1 < n, let id = index.vocabId(joining: units[i].text, units[i + 1].text) {
                    merge[i] = id
                    note(id, opts.model.joinSimilarity)
                }
                splitStart[i] = splitPairs.count
                if !hasExact, let pairs = index.concatPairs(units[i].text) {
                    splitPairs.append(contentsOf: pairs)
                    for (a, b) in pairs {
                        note(a, opts.model.joinSimilarity)
                        note(b, opts.model.joinSimilarity)
                    }
                }
            }
            splitStart[n] = splitPairs.count
        }
        // Words the catalog has never heard of say the person means something else.
        if opts.mode == .flexible {
            // (A word only a value said another way says — the "3." of "third" where a value is
            // "Floor 3" — is heard only where that value's span covers it.)
            @inline(__always) func onlyDerived(_ i: Int) -> Bool {
                guard !index.derivedOnly.isEmpty, mCount[i] > 0 else { return false }
                for j in mStart[i]..<(mStart[i] + mCount[i]) where !index.derivedOnly.contains(mVocab[j]) { return false }
                return true
            }
            for i in 0..<n where wordClass[i] == .content && (mCount[i] == 0 || onlyDerived(i)) {
                let joined = merge[i] >= 0 || (i > 0 && merge[i - 1] >= 0) || hasSplits(i)
                if !joined {
                    setClass(i, WordClass(units[i].flags, known: false))
                    units[i].flags.insert(.unheard)
                }
            }
            // A word only negative phrases say ("delete" of "Delete ${applicationName}") asks for
            // what the app refuses: another phrase that leaves it out pays for it as for a word
            // never heard, and counts a content word of its own left out as replaced by it
            // ("delete the fried rice recipe in Pantry" is not "Show the fried rice recipe…").
            // A Han or kana word (its characters share its span) counts only when each of its
            // characters is such a word: one character is no evidence ("何" of "何時も").
            func negativeOnly(_ i: Int) -> Bool {
                guard wordClass[i].isContent else { return false }
                for j in mStart[i]..<(mStart[i] + mCount[i]) where mKind[j] == .exact {
                    return index.vocabNegativeOnly[Int(mVocab[j])]
                }
                return false
            }
            var i0 = index.hasNegativeOnly ? 0 : n
            while i0 < n {
                let j0 = wordEnd(i0)
                if (i0..<j0).allSatisfy(negativeOnly) {
                    for u in i0..<j0 {
                        setClass(u, .unknown)
                        negativeUnits.insert(u)
                    }
                }
                i0 = j0
            }
            // A Han or kana word is matched character by character (units i..<j share its span).
            var spread = noUnits
            var i = 0
            while i < n {
                let j = wordEnd(i)
                // A word with two characters that follow each other nowhere in the catalogs'
                // text is a word they never say ("明天" where the phrase says "今天"), even when
                // each character is known.
                if j - i > 1 && !knownCharWord(i, j) {
                    for u in i..<j where !units[u].flags.contains(.unheard) {
                        units[u].flags.insert(.unheard)
                        charWordUnits.insert(u)
                    }
                }
                // (The inside of a Han or kana word, for `cutWordPenalty`: not of a word of other
                // letters the normalizer cut in two, "10with", which is two words.)
                if j - i > 1 && (i..<j).contains(where: { u in units[u].text.unicodeScalars.contains { Script.isHanOrKana($0.value) } }) {
                    for u in i..<(j - 1) { innerUnits.insert(u) }
                }
                // Saying the word costs one word: its insertion cost is spread over its characters.
                if spreadsInsertion(i, j) {
                    let share = 1 / Float(j - i).squareRoot()
                    for u in i..<j { insCost[u] *= share }
                    spread.formUnion(unitRange(i, j))
                }
                i = j
            }
            guessedWords(spread: spread)
            for k in 0..<n where units[k].flags.contains(.unheard) { substitutionUnits.insert(k) }
            substitutionUnits = substitutionUnits.subtracting(charWordUnits).union(guessedUnits).union(negativeUnits)
        }
        for i in 0..<n where merge[i] >= 0 || (i > 0 && merge[i - 1] >= 0) || hasSplits(i) { joinedUnits.insert(i) }
        for i in 0..<n where units[i].flags.contains(.connector) { connectorUnits.insert(i) }
    }

    /// Marks the guessed words (`guessedUnits`): content words that are no word of the catalogs
    /// and relate to one only by a guess — a sound-alike or an edit — not by spelling, synonym,
    /// form or an added ending. A reading that uses the guess takes the word; a reading that
    /// leaves it out has no evidence left that the catalogs know it, so when it also leaves a
    /// content word of the phrase out, the word stands in for it ("teile meine letzte Notiz" for
    /// "Lösch meine letzte Notiz": "teile" only sounds like "tall", a word of another phrase).
    /// (Nor is a unit of `spread`, a Han or kana word whose insertion is spread over its units,
    /// a Latin piece of one included: `spreadsInsertion`.)
    mutating func guessedWords(spread: Units) {
        for i in 0..<n where mCount[i] > 0 && wordClass[i].isContent && !spread.contains(i) && !units[i].flags.contains(.unheard) {
            if !units[i].flags.isDisjoint(with: [.number, .ordinal]) { continue }
            var guess = true
            for j in mStart[i]..<(mStart[i] + mCount[i]) where !mKind[j].isGuess { guess = false; break }
            guard guess else { continue }
            if merge[i] >= 0 || (i > 0 && merge[i - 1] >= 0) || hasSplits(i) { continue }
            // Han and kana are matched character by character, a character's sound being its
            // syllable's: a homophone character is no evidence either way.
            if scalarInfo(i).split { continue }
            // A word of the catalogs with an ending added or dropped ("reminder" / "reminders")
            // is a form of a word they know; written without the marks of letters the locale
            // keeps ("kac" / "kaç"), it is the word.
            for j in mStart[i]..<(mStart[i] + mCount[i]) where Query<Units>.isEnding(units[i].text, index.vocabScalars[Int(mVocab[j])])
                || (index.normalizer.keepsMarkedLetters && mKind[j] == .unmarked
                    && index.normalizer.unmarked(units[i].text) == index.normalizer.unmarked(index.vocabText[Int(mVocab[j])])) {
                guess = false
                break
            }
            if guess { guessedUnits.insert(i) }
        }
    }

    /// Units of content words the catalogs know only as
    /// values or names — no phrase says them, and no number ("nursery", a playlist of another
    /// app): candidates for `foreignUnits`.
    func valueOnlyUnits() -> Units {
        var out = noUnits
        guard opts.mode == .flexible else { return out }
        for i in 0..<n where mCount[i] > 0 {
            let f = units[i].flags
            if !f.isDisjoint(with: [.unheard, .number, .ordinal, .filler, .optional, .connector, .particle, .elision]) { continue }
            if joinedUnits.contains(i) { continue }
            var phraseWord = false
            for j in mStart[i]..<(mStart[i] + mCount[i]) {
                let v = Int(mVocab[j])
                if index.literalStart[v + 1] > index.literalStart[v] { phraseWord = true; break }
            }
            if phraseWord { continue }
            // Numbers are not names (nor the pieces of one: ",000" of "10,000").
            if Query<Units>.hasNumeral(units[i].text) { continue }
            out.insert(i)
        }
        return out
    }

    /// The units of `candidates` (`valueOnlyUnits`) that app `app` never says: no value or name
    /// of it relates to them. To the app they are words it has never heard, though the catalog
    /// of another app knows them ("turn on the lights in the nursery": a playlist, not a room).
    func foreignUnits(app: Int32, among candidates: Units) -> Units {
        var out = noUnits
        var x = candidates
        while let i = x.popFirst() {
            var says = false
            for j in mStart[i]..<(mStart[i] + mCount[i]) where index.appSays(mVocab[j], app: app) { says = true; break }
            if !says { out.insert(i) }
        }
        return out
    }

    /// Whether word i..<j (`wordEnd`) is a Han or kana word of several units: saying it costs
    /// one word, its insertion spread over its units (`prepare`).
    @inline(__always)
    func spreadsInsertion(_ i: Int, _ j: Int) -> Bool {
        guard j - i > 1, let c = units[i].text.unicodeScalars.first else { return false }
        return Script.isHanOrKana(c.value)
    }

    /// Whether unit k is a Han character (not kana).
    func isHan(_ k: Int) -> Bool {
        guard let c = units[k].text.unicodeScalars.first else { return false }
        return Script.isHan(c.value)
    }

    /// Whether units a..<b (one word of the utterance) are Han or kana characters that follow
    /// each other in the catalogs' text, or not such a word at all (Latin, filler, articles).
    func knownCharWord(_ a: Int, _ b: Int) -> Bool {
        for u in a..<b {
            guard wordClass[u].isContent, units[u].flags.isDisjoint(with: [.number, .ordinal]),
                  let c = units[u].text.unicodeScalars.first, Script.isHanOrKana(c.value) else { return true }
        }
        guard b - a >= 2 else { return true }
        // (Each unit looked up once: a pair's second unit is the next pair's first.)
        var next = index.vocabId(units[a].text)
        for u in a..<(b - 1) {
            let x = next, y = index.vocabId(units[u + 1].text)
            next = y
            if let x, let y, index.charPairs.contains(LocaleIndex.charPair(x, y)) { continue }
            // Or the same sounds (homophone characters). A Han character's key is its Mandarin
            // reading: where kana are written (Japanese) it is not its reading, and the pair
            // may be homophones ("化学" for "科学") that no key shows.
            if index.hanKeysAreForeign && (isHan(u) || isHan(u + 1)) { continue }
            func key(_ k: Int, _ id: Int32?) -> String {
                if let id { return index.vocabPhonetic[Int(id)] }
                return IndexBuilder.phonetic(index.normalizer, units[k].text, flags: units[k].flags)
            }
            let kx = key(u, x), ky = key(u + 1, y)
            if kx.isEmpty || ky.isEmpty || !index.charSoundPairs.contains(LocaleIndex.soundPair(kx, ky)) { return false }
        }
        return true
    }
}

extension Query {
    /// Whether one of two words is the other with an ending of 1-3 letters, the shorter one of
    /// at least 4 letters ("reminder" / "reminders", "nuevo" / "nuevos").
    static func isEnding(_ word: String, _ other: [UInt32]) -> Bool {
        let count = word.unicodeScalars.count
        let short = min(count, other.count), long = max(count, other.count)
        guard short >= 4, long - short >= 1, long - short <= 3 else { return false }
        var k = 0
        for u in word.unicodeScalars {
            if k == short { break }
            if u.value != other[k] { return false }
            k += 1
        }
        return true
    }

    /// Whether a word has a character with a numeric value (digits, "½", "五"). ASCII is read
    /// byte by byte: there only the digits have one (the property lookup is slow).
    static func hasNumeral(_ word: String) -> Bool {
        var w = word
        let ascii: Bool? = w.withUTF8 { p in
            var digit = false
            for b in p {
                if b >= 0x80 { return nil }
                if b >= 0x30 && b <= 0x39 { digit = true }
            }
            return digit
        }
        if let ascii { return ascii }
        return word.unicodeScalars.contains { $0.properties.numericType != nil }
    }
}
