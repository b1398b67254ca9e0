// Rewrite: Japanese words written another way that sounds the same, replaced by the catalogs' words.

extension Rewriting {
    /// Japanese words written another way than the catalogs write them that sound the same — a
    /// homophone the recognizer chose (官僚 for 完了), kana for kanji (きょう for 今日), kanji for
    /// kana (何時も for いつも) — are read as the catalogs' words (`ReadingWindows`).
    ///
    /// A stretch of Han and kana words with a word the catalogs do not have is read out (each
    /// word by `Normalizer.spoken`; a word with Han stays whole, kana may be cut anywhere, as
    /// the segmenter cuts kana poorly: "では|やね" for "で 早寝") and cut again into the cheapest
    /// pieces. A piece is what the utterance wrote — 10 when the catalogs' text has it (three
    /// characters or more, or a one-character word of theirs), 15 for two characters it has,
    /// 20 for another character it has (店 of 店舗), 25 otherwise — or a run of catalog words
    /// read the same and written otherwise (21, at least two kana: dearer than two pieces as
    /// written, so "で|ル|ナに" stays "で ルナ に", not 出る 何); a cut inside a word of the
    /// utterance adds 8. The pieces written otherwise are replaced by the catalog's words.
    /// The replaced units are marked (`Raw.read`): they match as sound-alikes.
    static func readHomophones(_ units: inout [Raw], _ windows: ReadingWindows, _ index: LocaleIndex) {
        typealias W = ReadingWindows
        // The words: runs of units with one span (a Han or kana word is split into characters,
        // each a unit of one scalar).
        var words: [(start: Int, end: Int, cjk: Bool, known: Bool)] = []
        words.reserveCapacity(units.count)
        var scalar = [UInt32](filledWith: 0, count: units.count)
        var i = 0
        var any = false
        while i < units.count {
            var j = i + 1
            while j < units.count && units[j].start == units[i].start && units[j].end == units[i].end { j += 1 }
            var cjk = true
            var h = W.hashSeed
            for u in i..<j {
                // (One scalar: at most four UTF-8 bytes, and nothing after the first.)
                let t = units[u].text
                var it = t.unicodeScalars.makeIterator()
                guard t.utf8.count <= 4, let v = it.next()?.value, it.next() == nil, W.isCJK(v) else {
                    cjk = false
                    break
                }
                scalar[u] = v
                h = W.hash(h, v)
            }
            let known = !cjk || windows.words.contains(h)
            if !known { any = true }
            words.append((i, j, cjk, known))
            i = j
        }
        guard any else { return }
        // What writing units a..<b as they are costs: 10 for a piece of the catalogs' text of
        // three characters or more or a one-character word of theirs, 15 for a piece of two
        // (weaker evidence: "ショ" "サイ" are pieces of some catalog text where 書斎 was said), 20
        // for another character their text has, 25 otherwise.
        func asWritten(_ us: Range<Int>) -> Int {
            let h = W.hash(scalar[us])
            if us.count == 1 && windows.words.contains(h) { return 10 }
            guard windows.pieces.contains(h) else { return 25 }
            return us.count > 2 ? 10 : us.count == 2 ? 15 : 20
        }
        // The units read, built only once a piece is replaced (most utterances have none): until
        // then they are the units as written, in order.
        var out: [Raw]? = nil
        var replaced = false
        var w = 0
        while w < words.count {
            var e = w
            while e < words.count && words[e].cjk { e += 1 }
            if e == w {
                out?.append(contentsOf: units[words[w].start..<words[w].end])
                w += 1
                continue
            }
            guard words[w..<e].contains(where: { !$0.known }) else {
                out?.append(contentsOf: units[words[w].start..<words[e - 1].end])
                w = e
                continue
            }
            // The stretch read out: per reading position its word and its unit (a kana word's
            // character; -1 inside a word with Han, which stays whole), and where cuts may be.
            var r: [UInt32] = [], owner: [Int] = [], unitAt: [Int] = [], wordStart: [Int] = []
            var cut: [Bool] = [true]
            // (At most a reading per unit but for words with Han, read out: room for twice that.)
            let room = 2 * (words[e - 1].end - words[w].start) + 1
            r.reserveCapacity(room); owner.reserveCapacity(room); unitAt.reserveCapacity(room)
            wordStart.reserveCapacity(e - w); cut.reserveCapacity(room + 1)
            for k in w..<e {
                let written = scalar[words[k].start..<words[k].end]
                let han = written.contains { ReadingTable.needsReading($0) }
                wordStart.append(r.count)
                if !han {
                    for (o, v) in written.enumerated() {
                        r.append(v)
                        owner.append(k)
                        unitAt.append(words[k].start + o)
                        cut.append(true)
                    }
                    continue
                }
                var text = ""
                for u in words[k].start..<words[k].end { text += units[u].text }
                // (An array: its count is read per scalar.)
                let spoken = Array(index.normalizer.spoken(text).unicodeScalars)
                for (o, v) in spoken.enumerated() {
                    r.append(v.value)
                    owner.append(k)
                    unitAt.append(-1)
                    cut.append(o == spoken.count - 1)
                }
            }
            let L = r.count
            // The end of the piece as written that starts at p: the next character of a kana
            // word, the end of a word with Han.
            func next(_ p: Int) -> Int {
                if unitAt[p] >= 0 { return p + 1 }
                let k = owner[p]
                return k + 1 < e ? wordStart[k + 1 - w] : L
            }
            // The units written at positions p..<q.
            func writtenUnits(_ p: Int, _ q: Int) -> Range<Int> {
                let a = unitAt[p] >= 0 ? unitAt[p] : words[owner[p]].start
                let b = unitAt[q - 1] >= 0 ? unitAt[q - 1] + 1 : words[owner[q - 1]].end
                return a..<b
            }
            let inf = Int.max / 2
            var cost = [Int](filledWith: inf, count: L + 1)
            var back = [Int](filledWith: -1, count: L + 1)
            var piece = [[Raw]?](filledWith: nil, count: L + 1)
            cost[0] = 0
            func relax(_ p: Int, _ q: Int, _ c: Int, _ said: [Raw]?) {
                // Cutting a word of the utterance costs 8.
                let c = c + (q < L && owner[q] == owner[q - 1] ? 8 : 0)
                if cost[p] + c < cost[q] { cost[q] = cost[p] + c; back[q] = p; piece[q] = said }
            }
            for p in 0..<L where cost[p] < inf && cut[p] {
                // As written: one character or word, or a run the catalogs write.
                var q = next(p)
                relax(p, q, asWritten(writtenUnits(p, q)), nil)
                while q < L {
                    q = next(q)
                    let us = writtenUnits(p, q)
                    guard us.count <= W.maxPiece else { break }
                    let c = asWritten(us)
                    guard c < 25 else { break }
                    relax(p, q, c, nil)
                }
                // A run of catalog words read the same.
                var h = W.hash(W.hashSeed, r[p])
                var len = 2
                while len <= min(windows.maxReading, L - p) {
                    h = W.hash(h, r[p + len - 1])
                    if cut[p + len], let found = windows.runs[h], found.reading.elementsEqual(r[p..<(p + len)]) {
                        let us = writtenUnits(p, p + len)
                        if !found.run.lazy.flatMap({ $0.text.unicodeScalars.lazy.map(\.value) }).elementsEqual(scalar[us]) {
                            relax(p, p + len, 21, found.run)
                        }
                    }
                    len += 1
                }
            }
            var pieces: [(p: Int, q: Int, said: [Raw]?)] = []
            var q = L
            while q > 0 && back[q] >= 0 { pieces.append((back[q], q, piece[q])); q = back[q] }
            for (p, q, said) in pieces.reversed() {
                let us = writtenUnits(p, q)
                guard let said else {
                    out?.append(contentsOf: units[us])
                    continue
                }
                if out == nil {
                    var o: [Raw] = []
                    o.reserveCapacity(units.count + 8)
                    o.append(contentsOf: units[..<us.lowerBound])
                    out = o
                }
                let start = units[us.lowerBound].start, end = units[us.upperBound - 1].end
                for t in said {
                    for c in t.text.unicodeScalars {
                        var r = Raw(text: String(c), start: start, end: end, flags: t.flags)
                        r.read = true
                        out?.append(r)
                        replaced = true
                    }
                }
            }
            w = e
        }
        if replaced, let out { units = out }
    }
}

extension Rewrite {
    static let homophones = Rewrite(
        id: "homophones", repairs: "Japanese words written another way that sounds the same (a homophone, kana for kanji, kanji for kana), read as the catalogs' words.",
        nonASCII: true,
        examples: [.init(locale: "ja", phrases: ["今日の予定を見せて"], utterance: "きょうの予定を見せて", units: ["今", "日", "ノ", "予", "定", "ヲ", "見", "セ", "テ"])],
        apply: { units, _, index in
            guard let windows = index.readingWindows else { return }
            Rewriting.readHomophones(&units, windows, index)
        })
}
