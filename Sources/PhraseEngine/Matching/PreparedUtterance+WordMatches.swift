// Word matches: which catalog words each unit of the utterance may be, with what similarity and relation kind.

extension PreparedUtterance {
    mutating func note(_ id: Int32, _ s: Float) {
        let i = Int(id)
        if ws.best[i] == 0 { bestIds.append(id) }
        if s > ws.best[i] { ws.best[i] = s }
    }

    mutating func add(_ id: Int32, _ s: Float, _ k: WordRelation, from: Int) {
        for j in from..<mVocab.count where mVocab[j] == id {
            if s > mSim[j] { mSim[j] = s; mKind[j] = k }
            note(id, s)
            return
        }
        mVocab.append(id)
        mSim.append(s)
        mKind.append(k)
        note(id, s)
    }

    /// `matchUnit`, or what it found for the same word in an earlier query of this workspace
    /// (`UnitMemo`): the same matches in the same order, each noted at its similarity, and the
    /// same sound key. (Noting a word once at its best similarity is what noting it at each of
    /// its similarities in turn leaves: `note` keeps the best, and lists the word once.)
    mutating func rememberedMatchUnit(_ i: Int, _ buf: inout WordBuffers) {
        let read: UInt32 = units[i].read ? 1 : 0
        let bits = UInt32(units[i].flags.rawValue) | read << 8 | (opts.mode == .exact ? 1 << 9 : 0)
        var text = units[i].text
        let memo = ws.pool
        // The word's hash (nil: too long to remember), for the lookup and then the insertion.
        var hash: UInt64? = nil
        let found = text.withUTF8 { p -> Bool in
            guard p.count <= ByteKeys.maxKeyBytes else { return false }
            let h = ByteKeys.hash(p, bits)
            hash = h
            guard let e = memo.pointee.unitMemo.keys.find(p, bits, h) else { return false }
            // (Fields read in place: an entry holds a string.)
            let start = Int(memo.pointee.unitMemo.entries[e].start)
            let range = start..<start + Int(memo.pointee.unitMemo.entries[e].count)
            for k in range {
                let id = memo.pointee.unitMemo.vocab[k], s = memo.pointee.unitMemo.sim[k]
                mVocab.append(id)
                mSim.append(s)
                mKind.append(memo.pointee.unitMemo.kind[k])
                note(id, s)
            }
            if let k = memo.pointee.unitMemo.entries[e].key { memo.pointee.unitKeys[i] = k }
            return true
        }
        if found { return }
        let from = mVocab.count
        matchUnit(i, &buf)
        guard let h = hash else { return }
        let key = memo.pointee.unitKeys[i]
        text.withUTF8 { p in
            memo.pointee.unitMemo.insert(p, bits, h, mVocab[from...], mSim[from...], mKind[from...], key: key)
        }
    }

    mutating func matchUnit(_ i: Int, _ buf: inout WordBuffers) {
        let from = mVocab.count
        let t = units[i].text
        let entry = index.wordEntry(t)
        // The vocabulary holds distinct words: a word other than `t` is one with another id.
        // The word itself comes first: a unit's first match tells whether it is a catalog word
        // (`mKind[mStart[i]] == .exact`).
        let exactId = entry?.id ?? -1
        if exactId >= 0 {
            // A catalog word put for a word that sounds the same (`readHomophones`).
            if units[i].read {
                add(exactId, opts.model.phoneticSimilarity, .homophone, from: from)
            } else {
                add(exactId, 1, .exact, from: from)
            }
        }
        // A word of the same synonym group ("keep reading" / "continue reading") or another
        // form of the word ("kannst du … spielen" / "Spiel …").
        if opts.mode == .flexible, let e = entry, e.relatedEnd > e.relatedStart,
           units[i].flags.isDisjoint(with: [.filler, .optional, .particle, .elision]) {
            for k in Int(e.relatedStart)..<Int(e.relatedEnd) {
                let r = index.relatedFlat[k]
                add(r.id, r.similarity, r.kind, from: from)
            }
        }
        if exactId >= 0 {
            let id = exactId
            if opts.mode == .exact { return }
            // Known words need no fuzzy lookup, but their inflections do ("task" / "tasks"),
            // and short ones may be sound-alikes.
            if index.vocabLength[Int(id)] > 3 {
                if !units[i].flags.isDisjoint(with: [.filler, .optional, .particle, .elision]) { return }
                // A name has no inflections: a word of the phrases or values is not a form of an
                // app name sharing its stem ("notes" is not "Notely", in "montre mes notes dans
                // l'app Notes"); a word of another name may be ("bean" / "BeanCo").
                let nameWord = index.vocabNameOnly[Int(id)]
                for k in Int(index.inflectionStart[Int(id)])..<Int(index.inflectionStart[Int(id) + 1]) {
                    let r = index.inflectionFlat[k]
                    if !nameWord && index.vocabNameOnly[Int(r.id)] { continue }
                    add(r.id, r.similarity, .inflection, from: from)
                }
                return
            }
        }
        if opts.mode == .exact { return }
        let f = units[i].flags
        if f.contains(.number) || f.contains(.ordinal) { return }
        // Filler and articles are discounted anyway: no fuzzy lookup for them.
        if !f.isDisjoint(with: [.filler, .optional, .particle, .elision]) { return }
        // A word too long to relate to any word of the catalogs (`longestRelatable`): not
        // looking keeps a hostile run of letters without spaces (200,000 Hangul syllables) from
        // being romanized and compared.
        let longest = index.longestRelatable
        if t.utf8.count > longest, t.unicodeScalars.count > longest { return }
        // The same word written with or without the marks of the letters the locale keeps
        // (tr "kac" / "kaç", "bugun" / "bugün"): not a guess, nearly the word itself.
        if index.normalizer.keepsMarkedLetters {
            let u = index.normalizer.unmarked(t)
            if let ids = index.unmarkedIds(u) {
                for id in ids where id != exactId { add(id, opts.model.unmarkedSimilarity, .unmarked, from: from) }
            }
            if u != t, let id = index.vocabId(u), id != exactId { add(id, opts.model.unmarkedSimilarity, .unmarked, from: from) }
        }
        // A word the catalog never says whose Snowball stem is a catalog word's ("comprar" for
        // "compra"): a form the locale's own rules do not know.
        if exactId < 0, opts.model.stemSimilarity > 0, !index.stemIndex.isEmpty, t.unicodeScalars.count >= 3,
           let st = ws.pool.pointee.stemmer(index.locale)?.stem(t), let ids = index.stemIds(st) {
            for id in ids { add(id, opts.model.stemSimilarity, .stem, from: from) }
        }
        buf.unitScalars.clear()
        for u in t.unicodeScalars { buf.unitScalars.append(u.value) }
        // A word of the vocabulary has its key already (computed the same way, see
        // `LocaleIndex.vocabKeyIsPlain`).
        let key = exactId >= 0 && index.vocabKeyIsPlain[Int(exactId)] ? index.vocabPhonetic[Int(exactId)]
            : IndexBuilder.phonetic(index.normalizer, t, flags: f)
        let keyLength = Query<Units>.keyLength(key)
        // Kept for the one-word windows of the sound search (the same key, except for a single
        // Han or kana character, whose key is its syllable's).
        if !(buf.unitScalars.count == 1 && Script.isHanOrKana(buf.unitScalars[0])) {
            ws.pool.pointee.unitKeys[i] = key
        }
        // A number heard as a word that sounds like it ("bedroom to" for "bedroom 2").
        if let ids = index.numberSoundIds(key) {
            for id in ids.prefix(4) where id != exactId { add(id, opts.model.numberSoundSimilarity, .numberSound, from: from) }
        }
        // Sound-alike only for words long enough to have a telling sound (or a CJK syllable). A
        // Hangul syllable is a block of two or three letters: it counts as two ("매뉴" / "메뉴").
        var letters = 0
        for v in buf.unitScalars { letters += Script.isHangulSyllable(v) ? 2 : 1 }
        let phoneticOK = key.utf8.first == UInt8(ascii: "~") || (letters >= 3 && keyLength >= 2)
        if phoneticOK, let ids = index.phoneticIds(key) {
            for id in ids.prefix(16) where id != exactId {
                add(id, opts.model.phoneticSimilarity, .soundAlike, from: from)
            }
        }
        buf.fuzzyCandidates.clear()
        guard buf.unitScalars.count >= 3 else { return }
        if let ids = index.deletedIds(LocaleIndex.scalarHash(buf.unitScalars)) { buf.fuzzyCandidates.append(contentsOf: ids) }
        if buf.unitScalars.count >= 4 {
            for k in 0..<buf.unitScalars.count {
                let h = LocaleIndex.scalarHash(buf.unitScalars, skipping: k)
                if let ids = index.deletedIds(h) { buf.fuzzyCandidates.append(contentsOf: ids.prefix(32)) }
                if let id = index.vocabId(hash: h) { buf.fuzzyCandidates.append(id) }
            }
        }
        if buf.unitScalars.count == 3 {
            // Short words: a query letter dropped from a 4-letter word.
            // (covered by deleteIndex[t]); nothing more.
        }
        for id in buf.fuzzyCandidates where id != exactId {
            let s = WordSimilarity.fuzzy(buf.unitScalars, index.vocabScalars[Int(id)])
            if s >= opts.model.minimumWordSimilarity { add(id, s, .edit, from: from) }
        }
        // Inflections: the word's first four letters as a prefix key.
        if buf.unitScalars.count >= 4, let ids = index.prefixIds(LocaleIndex.prefixHash(buf.unitScalars)) {
            for id in ids.prefix(64) where id != exactId {
                let s = WordSimilarity.stem(buf.unitScalars, index.vocabScalars[Int(id)])
                if s >= opts.model.minimumWordSimilarity { add(id, s, .sharedPrefix, from: from) }
            }
        }
    }

    /// Whether unit i is the join of two phrase words.
    @inline(__always)
    func hasSplits(_ i: Int) -> Bool { splitStart[i + 1] > splitStart[i] }

    /// Whether unit i is the join of the words a and b.
    @inline(__always)
    func splits(_ i: Int, _ a: Int32, _ b: Int32) -> Bool {
        var k = splitStart[i]
        let e = splitStart[i + 1]
        while k < e { if splitPairs[k] == (a, b) { return true }; k += 1 }
        return false
    }

    /// Whether unit i is the join of a and some word.
    func splitsWith(_ i: Int, _ u: Int32) -> Bool {
        for k in splitStart[i]..<splitStart[i + 1] where splitPairs[k].0 == u || splitPairs[k].1 == u { return true }
        return false
    }

    /// Similarity of unit i to vocab id v (0 when unrelated).
    @inline(__always)
    func sim(_ i: Int, _ v: Int32) -> (Float, AlignmentStep.Kind) {
        let s = mStart[i]
        for j in s..<(s + mCount[i]) where mVocab[j] == v { return (mSim[j], mKind[j].stepKind) }
        return (0, .extra)
    }
}
