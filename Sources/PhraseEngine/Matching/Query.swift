/// One utterance being matched against one locale index. Holds the per-utterance scratch data.
struct Query {
    let index: LocaleIndex
    let text: String
    var opts: MatchOptions
    var units: [Raw] = []
    var n = 0
    // Unit matches, flat: unit i's matches are mVocab[mStart[i] ..< mStart[i] + mCount[i]].
    var mStart: [Int] = []
    var mCount: [Int] = []
    var mVocab: [Int32] = []
    var mSim: [Float] = []
    var mKind: [AlignmentStep.Kind] = []
    /// vocab id of units i and i+1 joined, or -1.
    var merge: [Int32] = []
    /// Vocab pairs whose join is unit i: splitPairs[splitStart[i] ..< splitStart[i + 1]].
    var splitStart: [Int] = []
    var splitPairs: [(Int32, Int32)] = []
    var insCost: [Float] = []
    /// `slotInsertionCost` of each unit.
    var slotIns: [Float] = []
    /// Matched vocab ids in the order first seen; their best similarity is `ws.best[id]`.
    var bestIds: [Int32] = []
    /// Pooled dense buffers of the index (reset after the query).
    let ws: Workspace
    /// Spans of slot values found in the utterance, per slot set.
    var spans = SpanTable()
    /// Units (as bits, utterances under 64 units) merged with a neighbour or split into two
    /// phrase words (set with the hits, see `markHits`).
    var joinedUnits: UInt64 = 0
    /// Units (as bits, utterances under 64 units) that are connectors (set with `joinedUnits`).
    var connectorUnits: UInt64 = 0
    /// `unknownWordFactor` to the power of the unknown words no slot span covers (set after the slots are found).
    var unknownFactor: Float = 1
    /// Units (as bits) of Han or kana words the catalogs never say whose characters they know:
    /// unheard for substitutions and values, but without the unknown-word cost and factor.
    var charWordUnits: UInt64 = 0
    /// Units (as bits, units under 64) of catalog words put in place of the words the utterance
    /// wrote another way that sounds the same (`readHomophones`): they match as sound-alikes.
    var readUnits: UInt64 = 0
    /// For the tests (`Matcher.templateBounds`): each evaluated template's bound and best score.
    var boundLog: [(template: Int, bound: Float, score: Float)]? = nil
    /// Units (as bits, utterances under 64 units) of content words the catalogs do not have,
    /// related to theirs only by a guess (a sound-alike or an edit): a reading that leaves such a
    /// word out counts it as unheard for substitutions (`guessedWords`).
    var guessedUnits: UInt64 = 0
    /// Units (as bits, utterances under 64 units) that count as unheard for substitutions: the
    /// words the catalog has never heard (not the Han or kana words of `charWordUnits`) and the
    /// guessed words.
    var substitutionUnits: UInt64 = 0
    /// Units that are words only negative phrases say (as bits, units under 64).
    var negativeUnits: UInt64 = 0
    /// Bit i set when units i and i + 1 are characters of one Han or kana word (utterances under
    /// 64 units; see `cutWordPenalty`).
    var innerUnits: UInt64 = 0
    /// `foreignAppClauses()` (set after the slots are found).
    var otherAppClauses = 0
    /// Where an app clause of words some app may never say can stand (`appClauseRuns`): units
    /// 0..<lead before a connector, units n - trail..<n after one (0: none).
    /// (`clauseLeadFrom..<clauseLead` when the utterance starts with the connector).
    var clauseLead = 0, clauseTrail = 0, clauseLeadFrom = 0
    /// The number of parameter slot sets (not app names) with a value said clearly
    /// (`clearValueSimilarity`; set after the slots are found, see `clearValues`).
    var clearValueSets = 0

    struct SlotSpan {
        var start: Int
        var end: Int
        var variant: Int32
        var sim: Float
    }

    /// Reused dynamic-programming buffers (pooled with the workspace, grown as needed).
    var scratch: Scratch { ws.scratch }

    init(index: LocaleIndex, text: String, options: MatchOptions, workspace: Workspace) {
        self.ws = workspace
        self.index = index
        self.text = text
        self.opts = options
    }

    /// Swaps the per-unit arrays with the workspace's storage: before a query this lends the
    /// storage (no allocation once warm), after it gives it back.
    mutating func exchangeArrays() {
        swap(&mStart, &ws.pool.pointee.arrays.mStart)
        swap(&mCount, &ws.pool.pointee.arrays.mCount)
        swap(&merge, &ws.pool.pointee.arrays.merge)
        swap(&splitStart, &ws.pool.pointee.arrays.splitStart)
        swap(&insCost, &ws.pool.pointee.arrays.insCost)
        swap(&slotIns, &ws.pool.pointee.arrays.slotIns)
        swap(&mVocab, &ws.pool.pointee.arrays.mVocab)
        swap(&mSim, &ws.pool.pointee.arrays.mSim)
        swap(&mKind, &ws.pool.pointee.arrays.mKind)
        swap(&splitPairs, &ws.pool.pointee.arrays.splitPairs)
        swap(&bestIds, &ws.pool.pointee.arrays.bestIds)
        swap(&spans, &ws.pool.pointee.spans)
    }

    // MARK: - Costs

    /// What inserting a unit of this class costs (`ScoreModel`'s `insertion.*`).
    func insertionCost(_ f: Token.Flags) -> Float {
        let m = opts.model
        if f.contains(.filler) { return m.fillerInsertion }
        if f.contains(.optional) || f.contains(.particle) || f.contains(.elision) { return m.functionInsertion }
        if f.contains(.connector) { return m.connectorInsertion }
        return m.contentInsertion
    }


    /// What a unit inside a value's span that the value does not have costs.
    func slotInsertionCost(_ f: Token.Flags) -> Float {
        if f.contains(.filler) || f.contains(.optional) || f.contains(.particle) || f.contains(.elision) { return opts.model.functionSlotInsertion }
        return opts.model.contentSlotInsertion
    }



    /// The longest run of unknown words read as one value the app does not have.
    static let unknownValueMaxWords = 4



    static let appReadings = 3


    // MARK: - Preparation

    /// A unit cut anew from a run (`recutThai`, `recutHangul`), at UTF-16 offset `a`, with the
    /// lexicon flags (filler, connector, optional word) the normalizer gives it as a word alone.
    static func cutPiece(_ t: String, at a: Int, _ index: LocaleIndex) -> Raw {
        var flags: Token.Flags = []
        let toks = index.normalizer.normalize(t).tokens
        if toks.count == 1 && toks[0].text == t { flags = toks[0].flags }
        return Raw(text: t, start: a, end: a + t.utf16.count, flags: flags)
    }

    /// Appends a text's syllables to `out`: its scalars, with a small kana (ァ ィ ゥ ェ ォ ャ ュ ョ ヮ)
    /// folded into the kana before it, as one syllable ("ウォ" is one, so "ブックウォーム" is one
    /// syllable off "ブックワーム").
    static func appendSyllables(_ text: String, to out: inout [UInt32]) {
        for c in text.unicodeScalars {
            let v = c.value
            let small = v == 0x30A1 || v == 0x30A3 || v == 0x30A5 || v == 0x30A7 || v == 0x30A9
                || v == 0x30E3 || v == 0x30E5 || v == 0x30E7 || v == 0x30EE
            if small, let last = out.last, isKana(last) {
                out[out.count - 1] = Query.foldedSyllableMark | (last << 8) | (v & 0xFF)
            } else {
                out.append(v)
            }
        }
    }

    /// Marks a syllable of a kana and the small kana after it (`appendSyllables`): no scalar
    /// has this bit.
    static let foldedSyllableMark: UInt32 = 0x4000_0000

    /// Whether an element of `appendSyllables` is a syllable of a script written in syllables:
    /// kana (folded with a small kana or not), Han, Hangul.
    static func isSyllable(_ v: UInt32) -> Bool {
        v & foldedSyllableMark != 0 || IndexBuilder.isSplitScript(v) || Core.isHangulSyllable(v)
    }

    /// Whether a scalar is kana (hiragana, katakana, their extensions).
    @inline(__always) static func isKana(_ v: UInt32) -> Bool { (v >= 0x3040 && v <= 0x30FF) || (v >= 0x31F0 && v <= 0x31FF) }

    /// Whether a scalar is in the Thai block.
    @inline(__always) static func isThai(_ v: UInt32) -> Bool { v >= 0x0E00 && v <= 0x0E7F }

    /// Thai is written without spaces and ICU's dictionary cuts an unknown word differently by
    /// context ("ฮัมมูส" alone is "ฮัม" "มูส", before "ลง" it is "ฮัม" "มู" "สลง"), so a phrase and
    /// an utterance may cut the same letters apart. A run of Thai units written together is cut
    /// again into the catalogs' words where that takes fewer pieces, counting a piece that is no
    /// catalog word (one of ICU's own units) as 2.5: a word of the catalogs costs 1. Where no
    /// cut is better, the run stays as ICU cut it. A new piece takes its lexicon flags
    /// (filler, connector, optional word) from the normalizer.
    static func recutThai(_ units: inout [Raw], _ index: LocaleIndex) {
        var any = false
        for u in units where u.text.unicodeScalars.contains(where: { isThai($0.value) }) { any = true; break }
        guard any else { return }
        func thaiOnly(_ r: Raw) -> Bool {
            r.flags.isDisjoint(with: [.number, .ordinal]) && r.end - r.start == r.text.utf16.count
                && r.text.unicodeScalars.allSatisfy { isThai($0.value) }
        }
        var out: [Raw] = []
        out.reserveCapacity(units.count)
        var k = 0
        while k < units.count {
            guard thaiOnly(units[k]) else { out.append(units[k]); k += 1; continue }
            var m = k + 1
            while m < units.count && thaiOnly(units[m]) && units[m].start == units[m - 1].end { m += 1 }
            if m - k < 2 { out.append(units[k]); k += 1; continue }
            // The run's scalars, and where ICU cut it.
            var sc: [Unicode.Scalar] = []
            var icuEnd: [Int: Int] = [:]   // start position → the ICU unit starting there
            for r in k..<m {
                icuEnd[sc.count] = r
                sc.append(contentsOf: units[r].text.unicodeScalars)
            }
            let L = sc.count
            let unknownCost: Float = 2.5
            var cost = [Float](repeating: .infinity, count: L + 1)
            var back = [Int](repeating: -1, count: L + 1)
            cost[0] = 0
            func piece(_ a: Int, _ b: Int) -> String { Core.text(sc[a..<b]) }
            for j in 0..<L where cost[j] < .infinity {
                // ICU's own unit first: on a tie the run keeps ICU's cut.
                var icuNext = j + 1
                if let r = icuEnd[j] {
                    icuNext = j + units[r].text.unicodeScalars.count
                } else {
                    while icuNext < L && icuEnd[icuNext] == nil { icuNext += 1 }
                }
                let icuPiece = piece(j, icuNext)
                let c0 = cost[j] + (index.vocabId(icuPiece) != nil ? 1 : unknownCost)
                if c0 < cost[icuNext] { cost[icuNext] = c0; back[icuNext] = j }
                var len = 1
                while len <= 24 && j + len <= L {
                    if index.vocabId(piece(j, j + len)) != nil, cost[j] + 1 < cost[j + len] {
                        cost[j + len] = cost[j] + 1
                        back[j + len] = j
                    }
                    len += 1
                }
            }
            var cuts: [Int] = []
            var p = L
            while p > 0 && back[p] >= 0 { cuts.append(p); p = back[p] }
            guard p == 0 else { for r in k..<m { out.append(units[r]) }; k = m; continue }
            cuts.reverse()
            var start = 0
            let base = units[k].start
            for e in cuts {
                if let r = icuEnd[start], units[r].text.unicodeScalars.count == e - start {
                    out.append(units[r])
                } else {
                    // (One UTF-16 unit per Thai letter.)
                    out.append(Query.cutPiece(piece(start, e), at: base + start, index))
                }
                start = e
            }
            k = m
        }
        units = out
    }

    /// An ordinal prefix is often a word of its own too: th "ที่" is "at" as well as the mark of
    /// "ที่ 3" (third), id and ms "ke" is "to". Where the catalogs say the prefix as a word and
    /// never say the ordinal, a number read as an ordinal from the prefix is read as the word and
    /// the number ("ซักที่ 90 องศา" is "ซักที่${temperature}" with 90 องศา, not "the 90th").
    static func splitOrdinalPrefixes(_ units: inout [Raw], _ text: String, _ index: LocaleIndex) {
        let prefixes = index.normalizer.core.ordinalPrefixes
        guard !prefixes.isEmpty, units.contains(where: { $0.flags.contains(.ordinal) }) else { return }
        let source = Core.utf16(text)
        var out: [Raw] = []
        out.reserveCapacity(units.count + 1)
        var changed = false
        var spelled: [String: String?] = [:]
        var pieceFlags: [String: Token.Flags] = [:]
        for r in units {
            guard r.flags.contains(.ordinal), index.vocabId(r.text).map(index.derivedOnly.contains) ?? true, r.start >= 0, r.start < r.end,
                  r.end <= source.count else { out.append(r); continue }
            let said = String(decoding: source[r.start..<r.end], as: UTF16.self)
            var split = false
            for p in prefixes where said.hasPrefix(p) && index.vocabId(p) != nil {
                let rest = String(said.dropFirst(p.count).drop { $0.isWhitespace || $0 == "-" })
                // The number as the normalizer reads it alone (digits are read as they are;
                // a spelled number once per text: a long utterance may repeat it).
                let number: String
                if !rest.isEmpty, rest.utf8.count <= 18, Core.isDigits(rest), let v = Int(rest) {
                    number = String(v)
                } else if let known = spelled[rest] {
                    guard let k = known else { continue }
                    number = k
                } else {
                    let toks = index.normalizer.normalize(rest).tokens
                    let ok = toks.count == 1 && toks[0].flags == .number
                    spelled[rest] = ok ? toks[0].text : String?.none
                    guard ok else { continue }
                    number = toks[0].text
                }
                if pieceFlags[p] == nil { pieceFlags[p] = Query.cutPiece(p, at: 0, index).flags }
                out.append(Raw(text: p, start: r.start, end: r.start + p.utf16.count, flags: pieceFlags[p] ?? []))
                out.append(Raw(text: number, start: r.end - rest.utf16.count, end: r.end, flags: .number))
                split = true
                break
            }
            if split { changed = true } else { out.append(r) }
        }
        if changed { units = out }
    }

    /// Korean reads codes digit by digit in Sino-Korean syllables, and recognizers write them
    /// as one word ("일사" for 14, "일이삼" for 123). A Hangul word of two syllables or more, each a
    /// digit (영 or 공, 일, 이, 삼, 사, 오, 육 or 륙, 칠, 팔, 구), that is no catalog word is read as
    /// its digits where the catalogs have that number.
    static func readHangulDigits(_ units: inout [Raw], _ index: LocaleIndex) {
        func digit(_ v: UInt32) -> UInt8? {
            switch v {
            case 0xC601, 0xACF5: return 0   // 영 공
            case 0xC77C: return 1           // 일
            case 0xC774: return 2           // 이
            case 0xC0BC: return 3           // 삼
            case 0xC0AC: return 4           // 사
            case 0xC624: return 5           // 오
            case 0xC721, 0xB959: return 6   // 육 륙
            case 0xCE60: return 7           // 칠
            case 0xD314: return 8           // 팔
            case 0xAD6C: return 9           // 구
            default: return nil
            }
        }
        for k in units.indices {
            let sc = units[k].text.unicodeScalars
            guard sc.count >= 2, sc.count <= 12, units[k].flags.isDisjoint(with: [.number, .ordinal, .filler]),
                  let c = sc.first, Core.isHangulSyllable(c.value) else { continue }
            var digits: [UInt8] = []
            for u in sc {
                guard let d = digit(u.value) else { digits = []; break }
                digits.append(0x30 + d)
            }
            guard !digits.isEmpty, index.vocabId(units[k].text) == nil else { continue }
            let number = String(decoding: digits, as: UTF8.self)
            guard index.vocabId(number) != nil else { continue }
            units[k] = Raw(text: number, start: units[k].start, end: units[k].end, flags: [.number])
        }
    }

    /// Korean is written with spaces between words, but recognizers often drop them
    /// ("팬트리에서장보기목록보여줘"). A Hangul word of four syllables or more that is no catalog word
    /// is cut into catalog words (particles and endings included) when they cover all of it, in
    /// the fewest pieces; otherwise it stays whole. A piece takes its lexicon flags from the
    /// normalizer.
    static func recutHangul(_ units: inout [Raw], _ index: LocaleIndex) {
        guard hasHangulWord(units) else { return }
        var out: [Raw] = []
        var changed = false
        for r in units {
            let sc = Array(r.text.unicodeScalars)
            guard sc.count >= 4, r.flags.isEmpty, r.end - r.start == r.text.utf16.count,
                  sc.allSatisfy({ Core.isHangulSyllable($0.value) }), index.vocabId(r.text) == nil else { out.append(r); continue }
            let L = sc.count
            var cost = [Int](repeating: Int.max, count: L + 1)
            var back = [Int](repeating: -1, count: L + 1)
            cost[0] = 0
            func piece(_ a: Int, _ b: Int) -> String { Core.text(sc[a..<b]) }
            for j in 0..<L where cost[j] < Int.max {
                var len = 1
                while len <= 12 && j + len <= L {
                    if cost[j] + 1 < cost[j + len], index.vocabId(piece(j, j + len)) != nil {
                        cost[j + len] = cost[j] + 1
                        back[j + len] = j
                    }
                    len += 1
                }
            }
            guard cost[L] < Int.max, cost[L] >= 2 else { out.append(r); continue }
            var cuts: [Int] = []
            var p = L
            while p > 0 { cuts.append(p); p = back[p] }
            var start = 0
            for e in cuts.reversed() {
                // (One UTF-16 unit per syllable.)
                out.append(Query.cutPiece(piece(start, e), at: r.start + start, index))
                start = e
            }
            changed = true
        }
        if changed { units = out }
    }

    /// Whether a unit is a Hangul word with no lexicon flags. Most utterances have none: the
    /// Korean passes look at first scalars before building anything.
    static func hasHangulWord(_ units: [Raw]) -> Bool {
        units.contains { $0.flags.isEmpty && ($0.text.unicodeScalars.first.map { Core.isHangulSyllable($0.value) } ?? false) }
    }

    /// Recognizers also put spaces where Korean writes none ("일시 정지 해줘" for "일시정지해줘",
    /// "설정 해줘" for "설정해줘"). A run of two to four Hangul words, one after the other, that
    /// joined is a catalog word is read as that word, where that takes fewer pieces: a word as
    /// said costs 1 when it is a catalog word, 2.5 when not, a joined word 1 (on a tie the words
    /// stay as said). The joined unit spans the words and takes its flags from the normalizer.
    static func joinHangul(_ units: inout [Raw], _ index: LocaleIndex) {
        guard hasHangulWord(units) else { return }
        func hangulWord(_ r: Raw) -> Bool {
            r.flags.isDisjoint(with: [.number, .ordinal]) && r.end - r.start == r.text.utf16.count
                && r.text.unicodeScalars.allSatisfy { Core.isHangulSyllable($0.value) }
        }
        let n = units.count
        guard n >= 2 else { return }
        var cost = [Float](repeating: .infinity, count: n + 1)
        var back = [Int](repeating: -1, count: n + 1)
        cost[0] = 0
        for j in 0..<n {
            let one = cost[j] + (hangulWord(units[j]) && index.vocabId(units[j].text) == nil ? 2.5 : 1)
            if one < cost[j + 1] { cost[j + 1] = one; back[j + 1] = j }
            guard hangulWord(units[j]) else { continue }
            var joined = units[j].text
            var e = j + 1
            while e < n && e - j < 4 && hangulWord(units[e]) && units[e].start > units[e - 1].end {
                joined += units[e].text
                e += 1
                if index.vocabId(joined) != nil, cost[j] + 1 < cost[e] { cost[e] = cost[j] + 1; back[e] = j }
            }
        }
        var cuts: [Int] = []
        var p = n
        while p > 0 { cuts.append(p); p = back[p] }
        guard cuts.count < n else { return }
        var out: [Raw] = []
        out.reserveCapacity(cuts.count)
        var start = 0
        for e in cuts.reversed() {
            if e - start == 1 {
                out.append(units[start])
            } else {
                let t = units[start..<e].map(\.text).joined()
                var r = Query.cutPiece(t, at: units[start].start, index)
                r.end = units[e - 1].end
                out.append(r)
            }
            start = e
        }
        units = out
    }

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
    /// Returns the replaced units as bits (units under 64), which match as sound-alikes.
    static func readHomophones(_ units: inout [Raw], _ windows: ReadingWindows, _ index: LocaleIndex) -> UInt64 {
        typealias W = ReadingWindows
        // The words: runs of units with one span (a Han or kana word is split into characters,
        // each a unit of one scalar).
        var words: [(start: Int, end: Int, cjk: Bool, known: Bool)] = []
        var scalar = [UInt32](repeating: 0, count: units.count)
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
        guard any else { return 0 }
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
        var out: [Raw] = []
        var mask: UInt64 = 0
        var w = 0
        while w < words.count {
            var e = w
            while e < words.count && words[e].cjk { e += 1 }
            if e == w {
                out.append(contentsOf: units[words[w].start..<words[w].end])
                w += 1
                continue
            }
            guard words[w..<e].contains(where: { !$0.known }) else {
                out.append(contentsOf: units[words[w].start..<words[e - 1].end])
                w = e
                continue
            }
            // The stretch read out: per reading position its word and its unit (a kana word's
            // character; -1 inside a word with Han, which stays whole), and where cuts may be.
            var r: [UInt32] = [], owner: [Int] = [], unitAt: [Int] = [], wordStart: [Int] = []
            var cut: [Bool] = [true]
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
            var cost = [Int](repeating: inf, count: L + 1)
            var back = [Int](repeating: -1, count: L + 1)
            var piece = [[Raw]?](repeating: nil, count: L + 1)
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
                    out.append(contentsOf: units[us])
                    continue
                }
                let start = units[us.lowerBound].start, end = units[us.upperBound - 1].end
                for t in said {
                    for c in t.text.unicodeScalars {
                        if out.count < 64 { mask |= 1 << UInt64(out.count) }
                        out.append(Raw(text: String(c), start: start, end: end, flags: t.flags))
                    }
                }
            }
            w = e
        }
        if mask != 0 { units = out }
        return mask
    }

    /// Numbers and codes said digit by digit, letter by letter or in groups ("four eight two
    /// one", "48 21" for the card "4821"; "a b 1 2 3" for the plate "AB 123"; flight, room and
    /// card numbers; "XA 四五四" for the flight "XA454"): a run of pieces, each a number in digits,
    /// Han digits said one by one, or Latin letters (one, or two or three in a run with digits),
    /// whose text put together is a word of the catalogs is read as that word (the longest such
    /// run first). Other runs stay as said ("2 3" is no "23" the catalogs say).
    static func joinSpelledRuns(_ units: inout [Raw], _ index: LocaleIndex) {
        guard index.hasSpelledWords, units.count >= 2 else { return }
        // Han digits said one by one ("四五四" for 454; the segmenter may keep "五四" as a word).
        func hanDigits(_ t: String) -> String? {
            var out = ""
            for c in t.unicodeScalars {
                switch c {
                case "〇", "零": out += "0"
                case "一": out += "1"
                case "二": out += "2"
                case "三": out += "3"
                case "四": out += "4"
                case "五": out += "5"
                case "六": out += "6"
                case "七": out += "7"
                case "八": out += "8"
                case "九": out += "9"
                default: return nil
                }
            }
            return out.isEmpty ? nil : out
        }
        // A piece's text: digits (or Han digits read as digits), or one to three Latin letters
        // ("xa" of "XA 454").
        func pieceText(_ i: Int) -> String? {
            var t = units[i].text
            if units[i].flags.contains(.number) { return Core.isDigits(t) ? t : nil }
            if t.utf8.count <= 3 {
                let letters = t.withUTF8 { p in !p.contains { $0 < 0x61 || $0 > 0x7A } }
                if letters { return t }
            }
            if units[i].flags.isEmpty, let c = t.unicodeScalars.first, c.value >= 0x3007 { return hanDigits(t) }
            return nil
        }
        // Most utterances have no two pieces in a row: look with cheap tests first (a number, a
        // word of three bytes or fewer, a word starting at U+3000 or above).
        @inline(__always) func maybePiece(_ i: Int) -> Bool {
            units[i].flags.contains(.number) || units[i].text.utf8.count <= 3
                || (units[i].flags.isEmpty && (units[i].text.utf8.first ?? 0) >= 0xE3)
        }
        var pair = false
        for i in 0..<(units.count - 1) where maybePiece(i) && maybePiece(i + 1) { pair = true; break }
        guard pair else { return }
        // Each unit's piece text, read once.
        let texts = units.indices.map(pieceText)
        func piece(_ i: Int) -> Bool { texts[i] != nil }
        func numeric(_ i: Int) -> Bool { units[i].flags.contains(.number) || (texts[i].map(Core.isDigits) ?? false) }
        // Built only once a run is joined: most utterances have none.
        var out: [Raw]? = nil
        var i = 0
        while i < units.count {
            if i + 1 < units.count, piece(i), piece(i + 1) {
                var j = i + 1
                while j + 1 < units.count && j + 1 - i < 12 && piece(j + 1) { j += 1 }
                var e = j
                while e > i {
                    var t = ""
                    for k in i...e { t += texts[k] ?? "" }
                    // Letters in twos and threes only in a code with digits ("xa" "454"; "to" "do"
                    // is a split word, matched as one).
                    let letterGroups = (i...e).contains { !numeric($0) && units[$0].text.utf8.count > 1 }
                    if letterGroups && !(i...e).contains(where: numeric) { e -= 1; continue }
                    if index.vocabId(t) != nil {
                        let number = (i...e).allSatisfy(numeric)
                        if out == nil { out = Array(units[..<i]) }
                        out?.append(Raw(text: t, start: units[i].start, end: units[e].end, flags: number ? [.number] : []))
                        break
                    }
                    e -= 1
                }
                if e > i {
                    i = e + 1
                    continue
                }
            }
            out?.append(units[i])
            i += 1
        }
        if let out { units = out }
    }

    mutating func prepare() {
        units = IndexBuilder.units(index.normalizer, text)
        if opts.mode == .flexible {
            Query.splitOrdinalPrefixes(&units, text, index)
            Query.joinSpelledRuns(&units, index)
        }
        if opts.mode == .flexible && !Core.isASCII(text) {
            Query.recutThai(&units, index)
            Query.readHangulDigits(&units, index)
            Query.recutHangul(&units, index)
            Query.joinHangul(&units, index)
            if let windows = index.readingWindows { readUnits = Query.readHomophones(&units, windows, index) }
        }
        n = units.count
        ws.pool.pointee.arrays.removeAll()
        ws.pool.pointee.spans.removeAll()
        exchangeArrays()
        // The per-unit arrays, at their length for this query (not emptied in between).
        Query.fill(&mStart, 0, count: n)
        Query.fill(&mCount, 0, count: n)
        Query.fill(&merge, -1, count: n)
        Query.fill(&splitStart, 0, count: n + 1)
        Query.fill(&insCost, 0, count: n)
        Query.fill(&slotIns, 0, count: n)
        for i in 0..<n {
            insCost[i] = insertionCost(units[i].flags)
            slotIns[i] = slotInsertionCost(units[i].flags)
        }
        Query.resetKeys(&ws.pool.pointee.unitKeys, count: n)
        for i in 0..<n {
            mStart[i] = mVocab.count
            rememberedMatchUnit(i)
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
            func onlyDerived(_ i: Int) -> Bool {
                guard !index.derivedOnly.isEmpty, mCount[i] > 0 else { return false }
                for j in mStart[i]..<(mStart[i] + mCount[i]) where !index.derivedOnly.contains(mVocab[j]) { return false }
                return true
            }
            for i in 0..<n where (mCount[i] == 0 || onlyDerived(i)) && insCost[i] >= opts.model.contentInsertion {
                let joined = merge[i] >= 0 || (i > 0 && merge[i - 1] >= 0) || hasSplits(i)
                if !joined { insCost[i] = opts.model.unknownInsertion; units[i].flags.insert(.unheard) }
            }
            // A word only negative phrases say ("delete" of "Delete ${applicationName}") asks for
            // what the app refuses: another phrase that leaves it out pays for it as for a word
            // never heard, and counts a content word of its own left out as replaced by it
            // ("delete the fried rice recipe in Pantry" is not "Show the fried rice recipe…").
            // A Han or kana word (its characters share its span) counts only when each of its
            // characters is such a word: one character is no evidence ("何" of "何時も").
            func negativeOnly(_ i: Int) -> Bool {
                guard insCost[i] >= opts.model.contentInsertion, units[i].flags.isDisjoint(with: [.filler, .optional, .connector]) else { return false }
                for j in mStart[i]..<(mStart[i] + mCount[i]) where mKind[j] == .exact {
                    return index.vocabNegativeOnly[Int(mVocab[j])]
                }
                return false
            }
            var i0 = index.hasNegativeOnly ? 0 : n
            while i0 < min(n, 64) {
                let j0 = wordEnd(i0)
                if (i0..<j0).allSatisfy(negativeOnly) {
                    for u in i0..<min(j0, 64) {
                        insCost[u] = opts.model.unknownInsertion
                        negativeUnits |= 1 << UInt64(u)
                    }
                }
                i0 = j0
            }
            // A Han or kana word is matched character by character (units i..<j share its span).
            var i = 0
            while i < n {
                let j = wordEnd(i)
                // A word with two characters that follow each other nowhere in the catalogs'
                // text is a word they never say ("明天" where the phrase says "今天"), even when
                // each character is known.
                if j - i > 1 && !knownCharWord(i, j) {
                    for u in i..<j where !units[u].flags.contains(.unheard) {
                        units[u].flags.insert(.unheard)
                        charWordUnits |= u < 64 ? 1 << UInt64(u) : 0
                    }
                }
                if j - i > 1 && j <= 64 { for u in i..<(j - 1) { innerUnits |= 1 << UInt64(u) } }
                // Saying the word costs one word: its insertion cost is spread over its characters.
                if j - i > 1, let c = units[i].text.unicodeScalars.first, IndexBuilder.isSplitScript(c.value) {
                    let share = 1 / Float(j - i).squareRoot()
                    for u in i..<j { insCost[u] *= share }
                }
                i = j
            }
            guessedWords()
            if n < 64 {
                for k in 0..<n where units[k].flags.contains(.unheard) { substitutionUnits |= 1 << UInt64(k) }
                substitutionUnits = substitutionUnits & ~charWordUnits | guessedUnits | negativeUnits
            }
        }
    }

    /// Marks the guessed words (`guessedUnits`): content words that are no word of the catalogs
    /// and relate to one only by a guess — a sound-alike or an edit — not by spelling, synonym,
    /// form or an added ending. A reading that uses the guess takes the word; a reading that
    /// leaves it out has no evidence left that the catalogs know it, so when it also leaves a
    /// content word of the phrase out, the word stands in for it ("teile meine letzte Notiz" for
    /// "Lösch meine letzte Notiz": "teile" only sounds like "tall", a word of another phrase).
    mutating func guessedWords() {
        guard n < 64 else { return }
        for i in 0..<n where mCount[i] > 0 && insCost[i] >= opts.model.contentInsertion && !units[i].flags.contains(.unheard) {
            if !units[i].flags.isDisjoint(with: [.number, .ordinal, .filler, .optional, .connector, .particle, .elision]) { continue }
            var guess = true
            for j in mStart[i]..<(mStart[i] + mCount[i]) where mKind[j] != .fuzzy && mKind[j] != .phonetic { guess = false; break }
            guard guess else { continue }
            if merge[i] >= 0 || (i > 0 && merge[i - 1] >= 0) || hasSplits(i) { continue }
            // Han and kana are matched character by character, a character's sound being its
            // syllable's: a homophone character is no evidence either way.
            if scalarInfo(i).split { continue }
            // A word of the catalogs with an ending added or dropped ("reminder" / "reminders")
            // is a form of a word they know; written without the marks of letters the locale
            // keeps ("kac" / "kaç"), it is the word.
            for j in mStart[i]..<(mStart[i] + mCount[i]) where Query.isEnding(units[i].text, index.vocabScalars[Int(mVocab[j])])
                || (index.normalizer.keepsMarkedLetters && mSim[j] == opts.model.unmarkedSimilarity
                    && index.normalizer.unmarked(units[i].text) == index.normalizer.unmarked(index.vocabText[Int(mVocab[j])])) {
                guess = false
                break
            }
            if guess { guessedUnits |= 1 << UInt64(i) }
        }
    }

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

    /// Units (as bits, utterances under 64 units) of content words the catalogs know only as
    /// values or names — no phrase says them, and no number ("nursery", a playlist of another
    /// app): candidates for `foreignUnits`.
    func valueOnlyUnits() -> UInt64 {
        guard n < 64, opts.mode == .flexible else { return 0 }
        var out: UInt64 = 0
        for i in 0..<n where mCount[i] > 0 {
            let f = units[i].flags
            if !f.isDisjoint(with: [.unheard, .number, .ordinal, .filler, .optional, .connector, .particle, .elision]) { continue }
            if joinedUnits & (1 << UInt64(i)) != 0 { continue }
            var phraseWord = false
            for j in mStart[i]..<(mStart[i] + mCount[i]) {
                let v = Int(mVocab[j])
                if index.literalStart[v + 1] > index.literalStart[v] { phraseWord = true; break }
            }
            if phraseWord { continue }
            // Numbers are not names (nor the pieces of one: ",000" of "10,000").
            if Query.hasNumeral(units[i].text) { continue }
            out |= 1 << UInt64(i)
        }
        return out
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

    /// The units of `candidates` (`valueOnlyUnits`) that app `app` never says: no value or name
    /// of it relates to them. To the app they are words it has never heard, though the catalog
    /// of another app knows them ("turn on the lights in the nursery": a playlist, not a room).
    func foreignUnits(app: Int32, among candidates: UInt64) -> UInt64 {
        var out: UInt64 = 0
        var x = candidates
        while x != 0 {
            let i = x.trailingZeroBitCount
            x &= x - 1
            var says = false
            for j in mStart[i]..<(mStart[i] + mCount[i]) where index.appSays(mVocab[j], app: app) { says = true; break }
            if !says { out |= 1 << UInt64(i) }
        }
        return out
    }

    /// Whether unit k is a Han character (not kana).
    func isHan(_ k: Int) -> Bool {
        guard let c = units[k].text.unicodeScalars.first else { return false }
        return IndexBuilder.isSplitScript(c.value) && !Query.isKana(c.value)
    }

    /// Whether units a..<b (one word of the utterance) are Han or kana characters that follow
    /// each other in the catalogs' text, or not such a word at all (Latin, filler, articles).
    func knownCharWord(_ a: Int, _ b: Int) -> Bool {
        for u in a..<b {
            guard insCost[u] >= opts.model.contentInsertion, units[u].flags.isDisjoint(with: [.number, .ordinal]),
                  let c = units[u].text.unicodeScalars.first, IndexBuilder.isSplitScript(c.value) else { return true }
        }
        for u in a..<(b - 1) {
            let x = index.vocabId(units[u].text), y = index.vocabId(units[u + 1].text)
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

    mutating func note(_ id: Int32, _ s: Float) {
        let i = Int(id)
        if ws.best[i] == 0 { bestIds.append(id) }
        if s > ws.best[i] { ws.best[i] = s }
    }

    mutating func add(_ id: Int32, _ s: Float, _ k: AlignmentStep.Kind, from: Int) {
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
    mutating func rememberedMatchUnit(_ i: Int) {
        let read: UInt32 = i < 64 && readUnits & (1 << UInt64(i)) != 0 ? 1 : 0
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
        matchUnit(i)
        guard let h = hash else { return }
        let key = memo.pointee.unitKeys[i]
        text.withUTF8 { p in
            memo.pointee.unitMemo.insert(p, bits, h, mVocab[from...], mSim[from...], mKind[from...], key: key)
        }
    }

    mutating func matchUnit(_ i: Int) {
        let from = mVocab.count
        let t = units[i].text
        let entry = index.wordEntry(t)
        // The vocabulary holds distinct words: a word other than `t` is one with another id.
        // The word itself comes first: a unit's first match tells whether it is a catalog word
        // (`mKind[mStart[i]] == .exact`).
        let exactId = entry?.id ?? -1
        if exactId >= 0 {
            // A catalog word put for a word that sounds the same (`readHomophones`).
            if i < 64 && readUnits & (1 << UInt64(i)) != 0 {
                add(exactId, opts.model.phoneticSimilarity, .phonetic, from: from)
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
                    add(r.id, r.similarity, .fuzzy, from: from)
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
                for id in ids where id != exactId { add(id, opts.model.unmarkedSimilarity, .fuzzy, from: from) }
            }
            if u != t, let id = index.vocabId(u), id != exactId { add(id, opts.model.unmarkedSimilarity, .fuzzy, from: from) }
        }
        var sc: [UInt32] = []
        swap(&sc, &ws.pool.pointee.unitScalars)
        sc.clear()
        for u in t.unicodeScalars { sc.append(u.value) }
        // A word of the vocabulary has its key already (computed the same way, see
        // `LocaleIndex.vocabKeyIsPlain`).
        let key = exactId >= 0 && index.vocabKeyIsPlain[Int(exactId)] ? index.vocabPhonetic[Int(exactId)]
            : IndexBuilder.phonetic(index.normalizer, t, flags: f)
        let keyLength = Query.keyLength(key)
        // Kept for the one-word windows of the sound search (the same key, except for a single
        // Han or kana character, whose key is its syllable's).
        if !(sc.count == 1 && IndexBuilder.isSplitScript(sc[0])) {
            ws.pool.pointee.unitKeys[i] = key
        }
        // A number heard as a word that sounds like it ("bedroom to" for "bedroom 2").
        if let ids = index.numberSoundIds(key) {
            for id in ids.prefix(4) where id != exactId { add(id, opts.model.numberSoundSimilarity, .phonetic, from: from) }
        }
        // Sound-alike only for words long enough to have a telling sound (or a CJK syllable). A
        // Hangul syllable is a block of two or three letters: it counts as two ("매뉴" / "메뉴").
        var letters = 0
        for v in sc { letters += Core.isHangulSyllable(v) ? 2 : 1 }
        let phoneticOK = key.utf8.first == UInt8(ascii: "~") || (letters >= 3 && keyLength >= 2)
        if phoneticOK, let ids = index.phoneticIds(key) {
            for id in ids.prefix(16) where id != exactId {
                add(id, opts.model.phoneticSimilarity, .phonetic, from: from)
            }
        }
        var cands: [Int32] = []
        swap(&cands, &ws.pool.pointee.fuzzyCandidates)
        cands.clear()
        defer {
            swap(&sc, &ws.pool.pointee.unitScalars)
            swap(&cands, &ws.pool.pointee.fuzzyCandidates)
        }
        guard sc.count >= 3 else { return }
        if let ids = index.deletedIds(LocaleIndex.scalarHash(sc)) { cands.append(contentsOf: ids) }
        if sc.count >= 4 {
            for k in 0..<sc.count {
                let h = LocaleIndex.scalarHash(sc, skipping: k)
                if let ids = index.deletedIds(h) { cands.append(contentsOf: ids.prefix(32)) }
                if let id = index.vocabId(hash: h) { cands.append(id) }
            }
        }
        if sc.count == 3 {
            // Short words: a query letter dropped from a 4-letter word.
            // (covered by deleteIndex[t]); nothing more.
        }
        for id in cands where id != exactId {
            let s = WordSimilarity.fuzzy(sc, index.vocabScalars[Int(id)])
            if s >= opts.model.minimumWordSimilarity { add(id, s, .fuzzy, from: from) }
        }
        // Inflections: the word's first four letters as a prefix key.
        if sc.count >= 4, let ids = index.prefixIds(LocaleIndex.prefixHash(sc)) {
            for id in ids.prefix(64) where id != exactId {
                let s = WordSimilarity.stem(sc, index.vocabScalars[Int(id)])
                if s >= opts.model.minimumWordSimilarity { add(id, s, .fuzzy, from: from) }
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
        for j in s..<(s + mCount[i]) where mVocab[j] == v { return (mSim[j], mKind[j]) }
        return (0, .extra)
    }

    // MARK: - Slots





    /// Values evaluated per slot set (best first by their upper bound).
    static let valuesPerSet = 8
    /// Above this many candidate values in a set, and as many values holding words heard only
    /// under the app name, values are checked against the name's units before sorting
    /// (`findSlots`).
    static let prefilterValues = 48

    /// Finds where slot values occur. Each value's upper bound (its words' best similarities,
    /// weighted) is accumulated from the postings of the matched words; values are then aligned
    /// in bound order until the bound falls below the `valuesPerSet`-th best similarity found.
    mutating func findSlots() {
        markHits()
        if n < 64 {
            for i in 0..<n where merge[i] >= 0 || (i > 0 && merge[i - 1] >= 0) || hasSplits(i) { joinedUnits |= 1 << UInt64(i) }
            for i in 0..<n where units[i].flags.contains(.connector) { connectorUnits |= 1 << UInt64(i) }
        }
        // App names first: when one is heard clearly, only that app's values are searched
        // (the app-name span picks the app, then the shortcut).
        var apps: [Int32] = []
        swap(&apps, &ws.pool.pointee.apps)
        apps.clear()
        var touched: [Int32] = []
        swap(&touched, &ws.pool.pointee.touched)
        touched.clear()
        var top: [Float] = []
        swap(&top, &ws.pool.pointee.topSims)
        defer {
            swap(&apps, &ws.pool.pointee.apps)
            swap(&touched, &ws.pool.pointee.touched)
            swap(&top, &ws.pool.pointee.topSims)
        }
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
                if all { Query.insertSorted(index.setApp[Int(p.set)], into: &apps) }
            }
        }
        for i in 0..<n where merge[i] >= 0 && !opts.exhaustive {
            for k in index.appPostings(merge[i]) {
                Query.insertSorted(index.setApp[Int(index.appPostFlat[k].set)], into: &apps)
            }
        }
        // Upper bounds of the values, accumulated densely (global variant ids: setBase + variant).
        // The values touched are bits of `ws.touchedBits`; its words with a bit set are listed in
        // `touched`, so that the values are read back in ascending order without sorting them.
        let acc = ws.acc, bits = ws.touchedBits
        Query.accumulateValues(index, bestIds, apps, ws.best, acc, bits, &touched)
        if touched.count > 1 { touched.sort() }
        // The values with a bound of at least 0.5, grouped by set (ascending ids keep each set's
        // values together), each set's best bound first: keys are the bound's bits inverted, then
        // the variant, so that plain integer order is bound descending, variant ascending.
        var keys: [UInt64] = []
        swap(&keys, &ws.pool.pointee.valueKeys)
        keys.clear()
        var bySet: [(set: Int32, start: Int, end: Int)] = []
        swap(&bySet, &ws.pool.pointee.valueSets)
        bySet.clear()
        defer {
            swap(&keys, &ws.pool.pointee.valueKeys)
            swap(&bySet, &ws.pool.pointee.valueSets)
        }
        Query.collectValues(touched, bits, acc, index.setBase, minimum: opts.model.minimumValueSimilarity, into: &keys, &bySet)
        // (A value set's keys are sorted when it is searched, after its app's name: see below.)
        for e in bySet where e.end - e.start > 1 && index.setIsApp[Int(e.set)] { keys[e.start..<e.end].sort() }
        // Values heard as other words: the sound of 1-3 words joined, where a word is unknown
        // (or, for app names, anywhere when no app name was heard as such).
        var soundSpans: [Int32: [SlotSpan]] = [:]
        var appHeard = false
        for a in index.appSlot {
            guard let e = bySet.first(where: { $0.set == a }) else { continue }
            if Query.sortKeyBound(keys[e.start]) >= 0.99 { appHeard = true; break }
        }
        // The locale's key of the words a...b joined, computed once for both searches below.
        // A one-word window's key is the word's own, when `matchUnit` computed it.
        var windowKeys: [String?] = []
        swap(&windowKeys, &ws.pool.pointee.windowKeys)
        Query.resetKeys(&windowKeys, count: 3 * n)
        // Each unit's `scalarInfo`, computed once for both searches.
        var info: [(count: Int, split: Bool)] = []
        swap(&info, &ws.pool.pointee.unitInfo)
        info.clear()
        defer {
            swap(&windowKeys, &ws.pool.pointee.windowKeys)
            swap(&info, &ws.pool.pointee.unitInfo)
        }
        if opts.mode == .flexible && (!index.soundIndex.isEmpty || (!appHeard && !index.appSounds.isEmpty)) {
            for i in 0..<n { info.append(scalarInfo(i)) }
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
                    joinedCount += info[b].count
                    // No catalog word or name is this long (see `matchUnit`).
                    if joinedCount > longestWindow { break }
                    if mCount[b] == 0 || mKind[mStart[b]] != .exact { hasUnknown = true }
                    let appsOnly = !hasUnknown
                    guard hasUnknown || (!appHeard && b > a), joinedCount >= 4 else { continue }
                    let key = windowKey(a, b, &windowKeys)
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
            var k1: [UInt32] = [], k2: [UInt32] = []
            swap(&k1, &ws.pool.pointee.soundKeyA)
            swap(&k2, &ws.pool.pointee.soundKeyB)
            defer {
                swap(&k1, &ws.pool.pointee.soundKeyA)
                swap(&k2, &ws.pool.pointee.soundKeyB)
            }
            // Words that name a widely used app the catalogs do not know ("strava"): a window
            // with one is that app, not a catalog app that sounds like it.
            // (As bits for units under 64.)
            func isOtherApp(_ b: Int) -> Bool { (mCount[b] == 0 || mKind[mStart[b]] != .exact) && OtherApps.isKnown(units[b].text) }
            var otherApp: UInt64 = 0
            for b in 0..<min(n, 64) where isOtherApp(b) { otherApp |= 1 << UInt64(b) }
            for a in 0..<n {
                var joinedCount = 0
                var split = false
                var windowUnknown = false
                for b in a..<min(n, a + 3) {
                    if !units[b].flags.isDisjoint(with: [.number, .ordinal, .filler, .connector]) { break }
                    if b < 64 ? otherApp & (1 << UInt64(b)) != 0 : isOtherApp(b) { break }
                    joinedCount += info[b].count
                    if joinedCount > longestWindow { break }
                    // An article or pronoun inside a name heard in pieces ("have it tracker", "have
                    // a tracker" for "Habit Tracker"), never at its edges. The pieces are no words
                    // of the catalogs as said: one difference is allowed as for an unknown word.
                    if units[b].flags.contains(.optional) {
                        if b == a || info[b].split { break }
                        windowUnknown = true
                        continue
                    }
                    if info[b].split { split = true }
                    if mCount[b] == 0 || mKind[mStart[b]] != .exact { windowUnknown = true }
                    guard joinedCount >= 3 else { continue }
                    if split { break }
                    Query.scalars(windowKey(a, b, &windowKeys), into: &k1)
                    if !localeKeyIsEnglish {
                        Query.scalars(englishKey(a, b), into: &k2)
                    }
                    for j in index.appSounds.indices {
                        var best: Float = 0
                        soundMatch(k1, index.appSounds[j].key, unknown: windowUnknown, into: &best)
                        if !localeKeyIsEnglish { soundMatch(k2, index.appSounds[j].key, unknown: windowUnknown, into: &best) }
                        if best > 0 {
                            let p = index.appSounds[j].posting
                            soundSpans[p.set, default: []].append(SlotSpan(start: a, end: b + 1, variant: p.variant, sim: best))
                        }
                    }
                }
            }
            splitScriptAppSounds(info, &k1, &soundSpans)
            syllableAppSounds(&k1, &soundSpans)
        }
        if !soundSpans.isEmpty {
            for set in soundSpans.keys.sorted() where !bySet.contains(where: { $0.set == set }) { bySet.append((set, 0, 0)) }
            bySet.sort { $0.set < $1.set }
        }
        // (Sets come in ascending order: an app's name set before its value sets.)
        var takenApp = -1
        var takenUnits: UInt64 = 0
        var takenPostings = 0
        for (set, ks, ke) in bySet {
            // (The storage of a list an earlier query dropped, when there is one.)
            var found = spans.takeList()
            found.reserveCapacity(Query.valuesPerSet * 2)
            var kth: Float = 0
            // The `valuesPerSet` best similarities found, best first (kept as spans are found).
            top.clear()
            // A value is not heard where its app's name surely is (`appNameUnits`): no reading
            // could read it there. Its words heard only there do not count toward its bound.
            let isApp = index.setIsApp[Int(set)]
            if !isApp, Int(index.setApp[Int(set)]) != takenApp {
                takenApp = Int(index.setApp[Int(set)])
                takenUnits = appNameUnits(takenApp).units
                // How many values the words heard only there occur in: none, and no value's
                // bound changes; many, and most bounds may fall (the name's words are in them).
                takenPostings = 0
                if takenUnits != 0 {
                    for id in bestIds where ws.hits[Int(id)] & ~takenUnits == 0 { takenPostings += index.postings(id).count }
                }
            }
            let taken: UInt64 = isApp ? 0 : takenUnits
            let inflated = taken != 0 && takenPostings > 0 && !opts.exhaustive
            var end = ke
            let prefilter = inflated && takenPostings >= Query.prefilterValues && ke - ks > Query.prefilterValues
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
                if taken != 0 {
                    var k = before
                    while k < found.count {
                        if Query.unitRange(found[k].start, found[k].end) & taken != 0 { found.remove(at: k) } else { k += 1 }
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
            if let extra = soundSpans[set] {
                for sp in extra where Query.unitRange(sp.start, sp.end) & taken == 0
                    && !found.contains(where: { $0.start == sp.start && $0.end == sp.end && $0.variant == sp.variant && $0.sim >= sp.sim }) {
                    found.append(sp)
                }
            }
            found.sort { ($0.sim, $1.start, $1.end, $1.variant) > ($1.sim, $0.start, $0.end, $0.variant) }
            if !isApp { dropUnidentifying(set, &found) }
            if !found.isEmpty { spans.insert(set, found) } else { spans.giveBack(&found) }
        }
        openAppClause()
        // Unknown words no slot span covers.
        var f: Float = 1
        for i in 0..<n where lowersEveryReading(i) { f *= opts.model.unknownWordFactor }
        unknownFactor = f
        otherAppClauses = foreignAppClauses()
        appClauseRuns()
        clearValues()
    }

    /// Opening the app before the request ("open Linjo and show my ticket", "åbn linjo og vis min
    /// billet", "打开沃卡沃看看我的学习数据"; verb-final: "ボカボを開いて統計を見せて"): where the
    /// utterance starts (after fillers) with one of the locale's `openApp` verbs right before an
    /// app name heard surely — or with the name, its particles, then the verb — the verb and a
    /// joining word right after it (or after the name) are heard as filler. They are how the
    /// person reached the app, not words the phrase misses or words it has never heard.
    mutating func openAppClause() {
        guard n < 64, opts.mode == .flexible, !index.openVerbs.isEmpty else { return }
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
            for u in clause {
                insCost[u] = insertionCost(.filler)
                slotIns[u] = slotInsertionCost(.filler)
                units[u].flags.remove(.unheard)
                units[u].flags.insert(.filler)
                let bit: UInt64 = 1 << UInt64(u)
                substitutionUnits &= ~bit
                guessedUnits &= ~bit
                negativeUnits &= ~bit
            }
            return
        }
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
        var sets: [Int32] = [], apps: [Int32] = [], charges: [Bool] = []
        swap(&sets, &ws.pool.pointee.clearSets)
        swap(&apps, &ws.pool.pointee.clearApps)
        swap(&charges, &ws.pool.pointee.clearRowCharges)
        sets.clear()
        apps.clear()
        charges.clear()
        defer {
            swap(&sets, &ws.pool.pointee.clearSets)
            swap(&apps, &ws.pool.pointee.clearApps)
            swap(&charges, &ws.pool.pointee.clearRowCharges)
        }
        for (k, set) in spans.sets.enumerated() where !index.setIsApp[Int(set)] && (spans.lists[k].first?.sim ?? 0) >= opts.model.clearValueSimilarity {
            sets.append(set)
            let app = index.setApp[Int(set)]
            if !apps.contains(app) { apps.append(app) }
        }
        clearValueSets = sets.count
        guard !sets.isEmpty else { return }
        let rows = sets.count + apps.count
        scratch.reserveOtherIns(rows * n)
        let out = scratch.otherIns
        for r in 0..<rows { for u in 0..<n { out[r * n + u] = insCost[u] } }
        charges.append(contentsOf: repeatElement(false, count: rows))
        for (k, set) in spans.sets.enumerated() {
            guard let c = sets.firstIndex(of: set) else { continue }
            let app = index.setApp[Int(set)]
            for sp in spans.lists[k] {
                guard sp.sim >= opts.model.clearValueSimilarity else { break }
                let share = opts.model.otherValueCost / Float(sp.end - sp.start)
                for r in 0..<rows where r != c {
                    if (r < sets.count ? index.setApp[Int(sets[r])] : apps[r - sets.count]) != app { continue }
                    charges[r] = true
                    for u in sp.start..<sp.end { out[r * n + u] = max(out[r * n + u], insCost[u] + share) }
                }
            }
        }
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
        for (k, s) in ws.pool.pointee.clearSets.enumerated() where s == paramSet { row = k; break }
        if row < 0 {
            for (a, x) in ws.pool.pointee.clearApps.enumerated() where x == app { row = clearValueSets + a; break }
        }
        guard row >= 0, ws.pool.pointee.clearRowCharges[row] else { return nil }
        return scratch.otherIns + row * n
    }

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
            for c in units[u].text.unicodeScalars where !(IndexBuilder.isSplitScript(c.value) || Core.isHangulSyllable(c.value)) { return false }
            // A Hangul word of the catalogs is that word.
            if let c = units[u].text.unicodeScalars.first, Core.isHangulSyllable(c.value), index.vocabId(units[u].text) != nil { return false }
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
                for u in e..<f { Query.appendSyllables(units[u].text, to: &window) }
                e = f
                guard window.count >= 2 else { continue }
                // Han characters are words: one left out leaves another word ("寵物", pet, of the
                // name "寵物窩"). A Han window is the name's length.
                let han = window.contains { $0 & Query.foldedSyllableMark == 0 && IndexBuilder.isSplitScript($0) && !Query.isKana($0) }
                for (posting, name) in index.appSyllables where abs(name.count - window.count) <= (han ? 0 : 1) {
                    guard window != name, WordSimilarity.distance(window, name, limit: 1) <= 1 else { continue }
                    soundSpans[posting.set, default: []].append(SlotSpan(start: a, end: e, variant: posting.variant, sim: opts.model.soundSimilarity - opts.model.soundOneOffDiscount))
                }
            }
            a = syllableWordEnd(a)
        }
    }

    /// An upper bound of value `g`'s similarity in a window that avoids the units `taken`:
    /// each of its words at its best when it relates to a unit outside them.
    @inline(__always)
    func valueBound(_ g: Int, outside taken: UInt64) -> Float {
        let us = Int(index.variantUnitStart[g]), ue = Int(index.variantUnitStart[g + 1])
        var gain: Float = 0
        for k in us..<ue {
            let u = Int(index.variantUnits[k])
            if ws.hits[u] & ~taken != 0 { gain += index.variantWeights[k] * ws.best[u] }
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
        @inline(__always) func unknown(_ i: Int) -> Bool {
            let guessed = i < 64 && guessedUnits & (1 << UInt64(i)) != 0
            guard units[i].flags.contains(.unheard) || guessed, units[i].flags.isDisjoint(with: [.number, .ordinal]) else { return false }
            if i < 64, charWordUnits & (1 << UInt64(i)) != 0 { return false }
            return !coveredBySpan(i)
        }
        guard n >= 2 else { return 0 }
        var c = 0
        var i = n - 1
        while i > 0 && unknown(i) { i -= 1 }
        if i < n - 1 && units[i].flags.contains(.connector) { c += 1 }
        var j = 0
        while j < n - 1 && unknown(j) { j += 1 }
        if j > 0 && units[j].flags.contains(.connector) { c += 1 }
        return c
    }

    /// The units of the word unit i belongs to: a Han or kana word's characters share its span.
    @inline(__always)
    func wordStart(_ i: Int) -> Int {
        var k = i
        while k > 0 && units[k - 1].start == units[i].start && units[k - 1].end == units[i].end { k -= 1 }
        return k
    }
    @inline(__always)
    func wordEnd(_ i: Int) -> Int {
        var k = i + 1
        while k < n && units[k].start == units[i].start && units[k].end == units[i].end { k += 1 }
        return k
    }

    /// Whether unknown unit i lowers every reading (`unknownFactor`): no Han or kana word the
    /// catalogs never say (matched character by character, `charWordUnits`), no slot span over it.
    @inline(__always)
    func lowersEveryReading(_ i: Int) -> Bool {
        units[i].flags.contains(.unheard) && !(i < 64 && charWordUnits & (1 << UInt64(i)) != 0) && !coveredBySpan(i)
    }

    /// Whether unit i's word is written in the text with characters of `range` only (kana are
    /// folded to katakana by the normalizer: the text tells katakana from hiragana). Reads the
    /// text: for Han and kana words only, no copy of it otherwise.
    func writtenIn(_ range: ClosedRange<UInt16>, _ i: Int) -> Bool {
        let u = text.utf16, a = units[i].start, b = units[i].end
        guard a >= 0, a < b, b <= u.count else { return false }
        let from = u.index(u.startIndex, offsetBy: a)
        return u[from..<u.index(from, offsetBy: b - a)].allSatisfy { range.contains($0) }
    }

    /// The most words an app clause's name is read as (`appClauseRuns`).
    static let appClauseMaxWords = 3

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
        clauseLead = 0; clauseTrail = 0; clauseLeadFrom = 0
        guard n >= 2, n < 64, opts.mode == .flexible else { return }
        @inline(__always) func free(_ i: Int) -> Bool {
            units[i].flags.isDisjoint(with: [.number, .ordinal, .connector, .filler, .optional])
        }
        // Not part of a Han or kana word the catalogs never say.
        @inline(__always) func plain(_ i: Int) -> Bool { charWordUnits & (1 << UInt64(i)) == 0 }
        func glued(_ i: Int) -> Bool {
            index.gluedConnectors.contains { units[i].text.count > $0.count && units[i].text.hasPrefix($0) }
        }
        // After a connector that ends the utterance's request.
        var k = n, words = 0
        while k > 0 && words < Query.appClauseMaxWords {
            let s = wordStart(k - 1)
            guard (s..<k).allSatisfy({ free($0) && plain($0) }) else { break }
            k = s; words += 1
            if k > 0 && (units[k - 1].flags.contains(.connector) || glued(k)) { clauseTrail = n - k; break }
        }
        // Before a connector at the start ("Todoist の", "サファリで").
        k = 0; words = 0
        while k < n - 1 && words < Query.appClauseMaxWords {
            let e = wordEnd(k)
            guard e < n, (k..<e).allSatisfy({ free($0) && (plain($0) || writtenIn(0x30A0...0x30FF, $0)) }) else { break }
            k = e; words += 1
            if units[k].flags.contains(.connector) && k + 1 < n { clauseLead = k; break }
        }
        // After a connector that starts the utterance ("用携程为我的…", "in Strava start…").
        // The name is the one word after it: nothing marks where a longer one would end.
        if clauseLead == 0 && units[0].flags.contains(.connector) {
            let e = wordEnd(1)
            if e < n && (1..<e).allSatisfy(free) { clauseLeadFrom = 1; clauseLead = e }
        }
    }

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
            if units[i].flags.contains(.unheard) || guessedUnits & (1 << UInt64(i)) != 0 { return true }
            guard mCount[i] > 0 else { return false }
            for j in mStart[i]..<(mStart[i] + mCount[i]) where mKind[j] != .fuzzy && mKind[j] != .phonetic {
                if index.appSays(mVocab[j], app: app) { return false }
            }
            return true
        }
        var c = 0
        if clauseTrail > 0 && ((n - clauseTrail)..<n).allSatisfy(foreign) { c += 1 }
        if clauseLead > 0 && (clauseLeadFrom..<clauseLead).allSatisfy(foreign) { c += 1 }
        return max(c, otherAppClauses)
    }


    /// Words heard as part of a value (below `partialValueSimilarity`) that fit another value of
    /// the set as well ("thé" of "thé chaï" and of "thé matcha") name neither: those spans are
    /// dropped. `found` is sorted (similarity descending, then start, end, variant), so the
    /// spans of the same words at the same similarity are adjacent.
    func dropUnidentifying(_ set: Int32, _ found: inout [SlotSpan]) {
        guard found.count > 1, let last = found.last, last.sim < opts.model.partialValueSimilarity else { return }
        var out = 0
        var a = 0
        while a < found.count {
            var b = a + 1
            while b < found.count && found[b].sim == found[a].sim && found[b].start == found[a].start && found[b].end == found[a].end { b += 1 }
            var several = false
            if found[a].sim < opts.model.partialValueSimilarity && b - a > 1 {
                let o = index.optionOf(set, found[a].variant)
                for k in (a + 1)..<b where index.optionOf(set, found[k].variant) != o { several = true; break }
            }
            if !several {
                for k in a..<b { found[out] = found[k]; out += 1 }
            }
            a = b
        }
        if out < found.count { found.removeLast(found.count - out) }
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

    /// Sets an array to `count` copies of `value`, keeping its storage.
    static func fill<T: BitwiseCopyable>(_ a: inout [T], _ value: T, count: Int) {
        if a.count > count {
            a.removeLast(a.count - count)
        } else if a.count < count {
            a.append(contentsOf: repeatElement(value, count: count - a.count))
        }
        a.withUnsafeMutableBufferPointer { p in
            for i in 0..<p.count { p[i] = value }
        }
    }

    /// Makes the first `count` entries of a key cache nil, growing it as needed. Entries past
    /// `count` (left from a longer utterance) are never read. (Cheaper than emptying the array
    /// and filling it again: `removeAll(keepingCapacity:)` of optional strings is a generic
    /// range replacement.)
    static func resetKeys(_ keys: inout [String?], count: Int) {
        let k = min(keys.count, count)
        keys.withUnsafeMutableBufferPointer { p in
            for i in 0..<k where p[i] != nil { p[i] = nil }
        }
        if keys.count < count { keys.append(contentsOf: repeatElement(nil, count: count - keys.count)) }
    }

    /// A sort key of an item (template or value index) and its bound (≥ 0): the bound's bits
    /// inverted, then the item, so that integer order is bound descending, item ascending.
    @inline(__always)
    static func sortKey(bound: Float, _ item: Int32) -> UInt64 {
        UInt64(~bound.bitPattern) << 32 | UInt64(UInt32(bitPattern: item))
    }
    @inline(__always)
    static func sortKeyBound(_ key: UInt64) -> Float { Float(bitPattern: ~UInt32(truncatingIfNeeded: key >> 32)) }
    @inline(__always)
    static func sortKeyItem(_ key: UInt64) -> Int32 { Int32(truncatingIfNeeded: key & 0xFFFF_FFFF) }

    /// The scalar values of a string, into `out` (replacing its contents).
    static func scalars(_ s: String, into out: inout [UInt32]) {
        out.clear()
        var t = s
        let ascii = t.withUTF8 { p -> Bool in
            for x in p where x >= 0x80 { return false }
            for x in p { out.append(UInt32(x)) }
            return true
        }
        if !ascii {
            out.clear()
            for u in s.unicodeScalars { out.append(u.value) }
        }
    }

    /// The length of a sound key in characters: its byte count when it is ASCII, as keys are.
    @inline(__always)
    static func keyLength(_ key: String) -> Int {
        var k = key
        let ascii = k.withUTF8 { p in p.allSatisfy { $0 < 0x80 } }
        return ascii ? key.utf8.count : key.count
    }

    /// The texts of units a...b joined.
    func joinedText(_ a: Int, _ b: Int) -> String {
        var t = units[a].text
        for k in (a + 1)..<(b + 1) { t += units[k].text }
        return t
    }

    /// Unicode scalars of unit i (counted on its UTF-8 bytes), and whether one is Han or kana.
    @inline(__always)
    func scalarInfo(_ i: Int) -> (count: Int, split: Bool) {
        var c = 0
        var ascii = true
        var t = units[i].text
        t.withUTF8 { p in
            for x in p {
                if x & 0xC0 != 0x80 { c += 1 }
                if x >= 0x80 { ascii = false }
            }
        }
        if ascii { return (c, false) }
        for u in units[i].text.unicodeScalars where IndexBuilder.isSplitScript(u.value) { return (c, true) }
        return (c, false)
    }

    /// Whether unit i relates to any word of the variant with global id `g`.
    func touches(_ i: Int, variant g: Int) -> Bool {
        for k in Int(index.variantUnitStart[g])..<Int(index.variantUnitStart[g + 1]) {
            let u = index.variantUnits[k]
            if sim(i, u).0 > 0 { return true }
            if merge[i] == u { return true }
            if i > 0, merge[i - 1] == u { return true }
            if splitsWith(i, u) { return true }
        }
        return false
    }

    /// Marks, per matched vocabulary word, the units that relate to it (`touches`, as a bit
    /// set; utterances of 64 units or more use `touches` itself). Reset with `bestIds`.
    func markHits() {
        guard n < 64 else { return }
        let hits = ws.hits
        for i in 0..<n {
            let bit: UInt64 = 1 << UInt64(i)
            let st = mStart[i]
            for j in st..<(st + mCount[i]) where mSim[j] > 0 { hits[Int(mVocab[j])] |= bit }
            if merge[i] >= 0 { hits[Int(merge[i])] |= bit | (bit << 1) }
            for k in splitStart[i]..<splitStart[i + 1] {
                hits[Int(splitPairs[k].0)] |= bit
                hits[Int(splitPairs[k].1)] |= bit
            }
        }
    }

    /// Spans of the units where value `vi` of `set` (global variant id `g`) is heard at least at
    /// the slot's minimum similarity, appended to `found`.
    func evaluate(set: Int32, variantIndex vi: Int32, global g: Int, into found: inout [SlotSpan]) {
        let minimum: Float = index.setIsApp[Int(set)] ? opts.model.minimumAppSimilarity : opts.model.minimumValueSimilarity
        let us = Int(index.variantUnitStart[g]), ue = Int(index.variantUnitStart[g + 1])
        let maxLen = ue - us + 2
        if n >= 64 {
            var hit: [Int] = []
            for i in 0..<n where touches(i, variant: g) { hit.append(i) }
            for a in hit {
                for b in hit where b >= a && b - a + 1 <= maxLen {
                    let s = slotSimilarity(g, a, b + 1)
                    if s >= minimum, !numberContradicts(g, a, b + 1) {
                        found.append(SlotSpan(start: a, end: b + 1, variant: vi, sim: s))
                    }
                }
            }
            return
        }
        let hits = ws.hits, best = ws.best
        let totalWeight = index.variantTotalWeight[g]
        index.variantUnits.withUnsafeBufferPointer { allUnits in
        index.variantWeights.withUnsafeBufferPointer { allWeights in
        slotIns.withUnsafeBufferPointer { si in
        let vu = UnsafeBufferPointer(rebasing: allUnits[us..<ue])
        let vw = UnsafeBufferPointer(rebasing: allWeights[us..<ue])
        var mask: UInt64 = 0
        for u in vu { mask |= hits[Int(u)] }
        if mask == 0 { return }
        var am = mask
        while am != 0 {
            let a = am.trailingZeroBitCount
            am &= am - 1
            // The ends b whose span [a, b] passes the bound, as bits (bit b - a).
            var ends: UInt64 = 0
            var bm = mask >> UInt64(a)
            while bm != 0 {
                let b = a + bm.trailingZeroBitCount
                bm &= bm - 1
                if b - a + 1 > maxLen { break }
                // Bound: each value word at its best if some unit of the span relates to it, and
                // the units relating to none inserted. Spans that cannot reach the minimum are skipped.
                // (`unitRange(a, b + 1)` without its checks, which this loop measurably pays for:
                // a ≤ b < n < 64 here.)
                let range: UInt64 = (b - a + 1 >= 64 ? ~0 : ((1 << UInt64(b - a + 1)) - 1)) << UInt64(a)
                var gb: Float = 0
                for j in 0..<vu.count where hits[Int(vu[j])] & range != 0 { gb += vw[j] * best[Int(vu[j])] }
                var ins: Float = 0
                var x = a
                while x <= b {
                    if mask & (1 << UInt64(x)) == 0 { ins += si[x] }
                    x += 1
                }
                // (gb / (totalWeight + ins) < minimum - 1e-4, without the division)
                let d = totalWeight + ins
                if d > 0, gb < (minimum - 1e-4) * d { continue }
                ends |= 1 << UInt64(b - a)
            }
            if ends == 0 { continue }
            // One alignment from a to the last end gives every end's: a cell of the table depends
            // only on cells before it, so the cells up to column len are those of the table of
            // the span of length len.
            let longest = 64 - ends.leadingZeroBitCount
            slotAlignment(vu, vw, a, longest)
            while ends != 0 {
                let len = ends.trailingZeroBitCount + 1
                ends &= ends - 1
                let s = slotSimilarity(totalWeight, words: vu.count, width: longest + 1, length: len)
                if s >= minimum && !numberContradicts(g, a, a + len) { found.append(SlotSpan(start: a, end: a + len, variant: vi, sim: s)) }
            }
        }
        }
        }
        }
    }

    /// Whether a number said in the span [a, b) or right next to it is none of the numbers of the
    /// value's option (global variant `g`), where it has one ("report a problem in room 3.4" for "Room 3.14", "extend my meeting
    /// by 2 hours" for "1 hour", "plan 3" for "plan 1", "三倍" for "2倍"): the person named a
    /// value the app does not have, not this one misheard. Numbers the recognizer wrote as words
    /// that sound like them ("bedroom to") are no numbers here.
    @inline(__always)
    func numberContradicts(_ g: Int, _ a: Int, _ b: Int) -> Bool {
        let ns = Int(index.optionNumberStart[g]), ne = Int(index.optionNumberStart[g + 1])
        guard ne > ns else { return false }
        for i in max(0, a - 1)..<min(n, b + 1) where !units[i].flags.isDisjoint(with: [.number, .ordinal]) {
            var same = false
            for k in ns..<ne where index.vocabText[Int(index.optionNumberFlat[k])] == units[i].text { same = true; break }
            if !same { return true }
        }
        return false
    }

    /// Alignment of the words of the variant with global id `g` with units [a, b): G / (W + I).
    func slotSimilarity(_ g: Int, _ a: Int, _ b: Int) -> Float {
        let us = Int(index.variantUnitStart[g]), ue = Int(index.variantUnitStart[g + 1])
        return index.variantUnits.withUnsafeBufferPointer { allUnits in
            index.variantWeights.withUnsafeBufferPointer { allWeights in
                slotSimilarity(UnsafeBufferPointer(rebasing: allUnits[us..<ue]), UnsafeBufferPointer(rebasing: allWeights[us..<ue]),
                               index.variantTotalWeight[g], a, b)
            }
        }
    }

    /// Alignment of a value's words `vu` (weights `vw`, total `totalWeight`) with units [a, b).
    func slotSimilarity(_ vu: UnsafeBufferPointer<Int32>, _ vw: UnsafeBufferPointer<Float>, _ totalWeight: Float, _ a: Int, _ b: Int) -> Float {
        slotAlignment(vu, vw, a, b - a)
        return slotSimilarity(totalWeight, words: vu.count, width: b - a + 1, length: b - a)
    }

    /// The similarity G / (W + I) of the value's words with the units [a, a + length), read from
    /// the table `slotAlignment` left in the scratch buffers (its row width `width`).
    @inline(__always)
    func slotSimilarity(_ totalWeight: Float, words k: Int, width w: Int, length: Int) -> Float {
        let end = k * w + length
        let denom = totalWeight + scratch.ins[end]
        guard denom > 0 else { return 0 }
        return max(0, min(1, scratch.gain[end] / denom))
    }

    /// Aligns a value's words `vu` (weights `vw`) with the units [a, a + len), leaving the table
    /// (cost, gain and insertions per cell, rows of width len + 1) in the scratch buffers.
    func slotAlignment(_ vu: UnsafeBufferPointer<Int32>, _ vw: UnsafeBufferPointer<Float>, _ a: Int, _ len: Int) {
        let k = vu.count
        let w = len + 1
        let size = (k + 1) * w
        scratch.reserve(size)
        let cost = scratch.cost, gain = scratch.gain, ins = scratch.ins
        for x in 0..<size { cost[x] = .infinity; gain[x] = 0; ins[x] = 0 }
        cost[0] = 0
        @inline(__always) func relax(_ from: Int, _ to: Int, _ c: Float, _ g: Float, _ ii: Float) {
            let nc = cost[from] + c
            let ng = gain[from] + g
            if nc < cost[to] - 1e-6 || (abs(nc - cost[to]) <= 1e-6 && ng > gain[to]) {
                cost[to] = nc
                gain[to] = ng
                ins[to] = ins[from] + ii
            }
        }
        // The value's and the units' arrays as buffer pointers (no bounds checks or retains).
        slotIns.withUnsafeBufferPointer { slotInsP in
        merge.withUnsafeBufferPointer { mergeP in
        mStart.withUnsafeBufferPointer { msP in
        mCount.withUnsafeBufferPointer { mcP in
        mVocab.withUnsafeBufferPointer { mvP in
        mSim.withUnsafeBufferPointer { simP in
        splitStart.withUnsafeBufferPointer { ssP in
        splitPairs.withUnsafeBufferPointer { spP in
        for j in 0...k {
            let u: Int32 = j < k ? vu[j] : -1
            let wj: Float = j < k ? vw[j] : 0
            for x in 0...len {
                let here = j * w + x
                if cost[here] == .infinity { continue }
                if x < len {
                    let c = slotInsP[a + x]
                    relax(here, j * w + x + 1, c, 0, c)
                }
                if j < k {
                    relax(here, (j + 1) * w + x, wj, 0, 0)
                    if x < len {
                        // sim(a + x, u)
                        var s: Float = 0
                        var q = msP[a + x]
                        let qe = q + mcP[a + x]
                        while q < qe { if mvP[q] == u { s = simP[q]; break }; q += 1 }
                        if s > 0 { relax(here, (j + 1) * w + x + 1, wj * (1 - s), wj * s, 0) }
                        if x + 1 < len, mergeP[a + x] == u {
                            let s2 = opts.model.joinSimilarity
                            relax(here, (j + 1) * w + x + 2, wj * (1 - s2), wj * s2, 0)
                        }
                        if j + 1 < k {
                            // splits(a + x, u, next)
                            let next = vu[j + 1]
                            var p = ssP[a + x]
                            let pe = ssP[a + x + 1]
                            var found = false
                            while p < pe { if spP[p] == (u, next) { found = true; break }; p += 1 }
                            if found {
                                let s2 = opts.model.joinSimilarity
                                let ww = wj + vw[j + 1]
                                relax(here, (j + 2) * w + x + 1, ww * (1 - s2), ww * s2, 0)
                            }
                        }
                    }
                }
            }
        }
        }
        }
        }
        }
        }
        }
        }
        }
    }

    // MARK: - Template alignment

    struct Alignment {
        var cost: Float
        var gain: Float
        var ins: Float
        var steps: [AlignmentStep]
        /// Phrase content words left out while unknown words were said: likely another meaning.
        var substitutions: Float = 0
        /// Phrase content words left out.
        var dels: Float = 0
        /// The parameter slot was left without a value.
        var paramMissing = false
    }

    /// Aligns a template's elements (without the app clause) with the unmasked units.
    /// `paramSpans` are the spans the parameter slot may take; `appSpans` the app slot's (exact
    /// matching, where the app slot stays in place).
    /// `mask[i]`: 0 usable, 1 taken by the app name (skipped for free), 2 a connector next to
    /// the app name (usable, and free to leave out).
    /// `skip`: an element said elsewhere (see `evaluate`), passed over for free.
    /// `literals`: the units the template's literals relate to (`literalUnits`), when known.
    /// `ins`: each unit's insertion cost for this template (`otherValueInsertions`); nil: `insCost`.
    @inline(__always)
    func align(_ elems: [CompiledTemplate.Elem], mask: UnsafeMutablePointer<UInt8>, paramSpans: [SlotSpan], appSpans: [SlotSpan] = [],
               skip: Int = -1, literals: UInt64? = nil, ins: UnsafeMutablePointer<Float>? = nil, trace: Bool) -> Alignment {
        trace ? align(elems, mask: mask, paramSpans: paramSpans, appSpans: appSpans, skip: skip, literals: literals, ins: ins, WithTrace.self)
            : align(elems, mask: mask, paramSpans: paramSpans, appSpans: appSpans, skip: skip, literals: literals, ins: ins, NoTrace.self)
    }

    /// `align`, compiled once with the trace and once without (`T.enabled` is a constant).
    func align<T: AlignTrace>(_ elems: [CompiledTemplate.Elem], mask: UnsafeMutablePointer<UInt8>, paramSpans: [SlotSpan],
                              appSpans: [SlotSpan], skip: Int, literals: UInt64?, ins insOverride: UnsafeMutablePointer<Float>?,
                              _: T.Type) -> Alignment {
        let trace = T.enabled
        let flexible = opts.mode == .flexible
        // Rows. A literal no unit relates to (no match, merge or split: each is noted in
        // `ws.best`) can only be left out: without the trace its row is dropped and its deletion
        // charged once (`dropCost`, `dropDels`). `rowNext[j]`: the next element of the template
        // when it is a literal with a row (-1 otherwise), for splits.
        scratch.reserveRows(elems.count + 1)
        let rowEl = scratch.rowElems, rowNext = scratch.rowNext
        // The full table: with the trace, and for the reference searches of the tests.
        let full = trace || opts.fullAlignment || opts.exhaustive
        @inline(__always) func dropped(_ k: Int) -> Bool {
            let e = elems[k]
            return !full && flexible && k != skip && e.kind == .literal && !(e.id >= 0 && ws.best[Int(e.id)] > 0)
        }
        var m = 0
        var skipRow = -1
        var dropCost: Float = 0, dropDels: Float = 0
        for (k, e) in elems.enumerated() {
            if dropped(k) {
                dropCost += e.weight
                if e.weight >= index.model.contentWordWeight { dropDels += 1 }
                continue
            }
            if k == skip { skipRow = m }
            rowEl[m] = e
            rowNext[m] = k + 1 < elems.count && elems[k + 1].kind == .literal && !dropped(k + 1) ? Int32(k + 1) : -1
            m += 1
        }
        let el = UnsafeBufferPointer(start: rowEl, count: m)
        @inline(__always) func usable(_ s: SlotSpan) -> Bool {
            if s.start >= n { return false }
            for u in s.start..<s.end where mask[u] == 1 { return false }
            return true
        }
        // Words that count as unheard for substitutions, as bits (`substitutionUnits`).
        let unheardBits = substitutionUnits
        // Units a literal of the template relates to (for `cutWordPenalty`).
        // Units a literal of the template relates to (`literalUnits`, passed in by `evaluate`):
        // for `cutWordPenalty` and the pass-over columns below.
        var literalBits: UInt64 = literals ?? 0
        if literals == nil && n < 64 { for e in elems where e.kind == .literal && e.id >= 0 { literalBits |= ws.hits[Int(e.id)] } }
        @inline(__always) func isUnheard(_ k: Int) -> Bool {
            n < 64 ? (unheardBits >> UInt64(k)) & 1 == 1 : units[k].flags.contains(.unheard)
        }
        // Columns. A unit that no element can take (no literal of the template relates to it, no
        // slot span covers it; or the app name's) can only be passed over, at its insertion cost:
        // a run of such units is one column, its costs added in order. Without the trace and under
        // 64 units; otherwise one column per unit. `colUnit[c]` is the column's first unit,
        // `colPass[c]` its pass-over cost (-1: a unit elements can take); `posOf[u]` the column
        // position before unit u (`posOf[n]`: the end).
        scratch.reserveColumns(n + 1)
        let colUnit = scratch.colUnit, colPass = scratch.colPass, colUnk = scratch.colUnk, posOf = scratch.posOf
        var columns = 0
        if !full && flexible && n < 64 {
            var taken = literalBits
            for s in paramSpans where usable(s) { taken |= Query.unitRange(s.start, s.end) }
            for s in appSpans where usable(s) { taken |= Query.unitRange(s.start, s.end) }
            var i = 0
            while i < n {
                posOf[i] = Int32(columns)
                colUnit[columns] = Int32(i)
                if taken & (1 << UInt64(i)) != 0 && mask[i] != 1 {
                    colPass[columns] = -1
                    colUnk[columns] = 0
                    i += 1
                } else {
                    var c: Float = 0, unk: Float = 0
                    while i < n && (taken & (1 << UInt64(i)) == 0 || mask[i] == 1) {
                        posOf[i] = Int32(columns)
                        if mask[i] == 0 {
                            c += insOverride?[i] ?? insCost[i]
                            if isUnheard(i) { unk += 1 }
                        }
                        i += 1
                    }
                    colPass[columns] = c
                    colUnk[columns] = unk
                }
                columns += 1
            }
        } else {
            for i in 0..<n { posOf[i] = Int32(i); colUnit[i] = Int32(i); colPass[i] = -1; colUnk[i] = 0 }
            columns = n
        }
        posOf[n] = Int32(columns)
        let w = columns + 1
        let size = (m + 1) * w
        scratch.reserve(size)
        let cells = scratch.cells
        let back = scratch.back, op = scratch.op, spanOf = scratch.spanOf
        let blank = Scratch.Cell(cost: .infinity, gain: 0, ins: 0, dels: 0, unks: 0, pdels: 0)
        cells.update(repeating: blank, count: size)
        if trace { for x in 0..<size { back[x] = -1; op[x] = 0; spanOf[x] = -1 } }
        cells[0].cost = 0
        // The per-unit arrays as buffer pointers (no bounds checks or retains in the loops).
        insCost.withUnsafeBufferPointer { insCostP in
        merge.withUnsafeBufferPointer { mergeP in
        mStart.withUnsafeBufferPointer { msP in
        mCount.withUnsafeBufferPointer { mcP in
        mVocab.withUnsafeBufferPointer { mvP in
        mSim.withUnsafeBufferPointer { simP in
        splitStart.withUnsafeBufferPointer { ssP in
        splitPairs.withUnsafeBufferPointer { spP in
        let insP = UnsafeBufferPointer<Float>(start: insOverride.map { UnsafePointer($0) } ?? insCostP.baseAddress, count: insCostP.count)
        for j in 0...m {
            // The element of row j (the last row has none).
            let e = j < m ? el[j] : CompiledTemplate.Elem(kind: .literal, id: -1, weight: 0)
            let delCount: Float = e.kind == .literal && e.weight >= index.model.contentWordWeight ? 1 : 0
            let pdelCount: Float = e.kind == .param ? 1 : 0
            let hasNextLiteral = j < m && rowNext[j] >= 0
            let nextLiteral: Int32 = hasNextLiteral ? el[j + 1].id : -1
            let nextWeight: Float = hasNextLiteral ? el[j + 1].weight : 0
            // A literal no unit relates to (no match, merge or split: each is noted in
            // `ws.best`) can only be left out: its row tries no match.
            let heard = e.kind != .literal || (e.id >= 0 && ws.best[Int(e.id)] > 0)
            for p in 0...columns {
                let here = j * w + p
                let c0 = cells[here].cost
                if c0 == .infinity { continue }
                let cur = cells[here]
                @inline(__always) func relax(_ to: Int, _ c: Float, _ g: Float, _ ii: Float, _ o: UInt8, _ sp: Int32 = -1,
                                             del: Float = 0, unk: Float = 0, pdel: Float = 0) {
                    let nc = c0 + c
                    let ng = cur.gain + g
                    let old = cells[to].cost
                    if nc < old - 1e-6 || (abs(nc - old) <= 1e-6 && ng > cells[to].gain + 1e-6) {
                        cells[to] = Scratch.Cell(cost: nc, gain: ng, ins: cur.ins + ii, dels: cur.dels + del, unks: cur.unks + unk,
                                                 pdels: cur.pdels + pdel)
                        if trace { back[to] = Int32(here); op[to] = o; spanOf[to] = sp }
                    }
                }
                let i = p < columns ? Int(colUnit[p]) : n
                let pass = p < columns ? colPass[p] : -1
                if pass >= 0 {
                    // A run of units no element can take: passed over (and nothing else).
                    relax(here + 1, pass, 0, pass, 1, unk: colUnk[p])
                } else if i < n {
                    let mk = mask[i]
                    if mk == 1 {
                        relax(here + 1, 0, 0, 0, 0)
                    } else if mk == 2 {
                        relax(here + 1, 0, 0, 0, 7)
                    } else if flexible {
                        let c = insP[i]
                        relax(here + 1, c, 0, c, 1, unk: isUnheard(i) ? 1 : 0)
                    }
                }
                guard j < m else { continue }
                if j == skipRow { relax(here + w, 0, 0, 0, 8); continue }
                if flexible { relax(here + w, e.weight, 0, 0, 2, del: delCount, pdel: pdelCount) }
                if pass >= 0 { continue }
                switch e.kind {
                case .literal:
                    guard heard, i < n, mask[i] != 1 else { break }
                    // sim(i, e.id)
                    var s: Float = 0
                    var q = msP[i]
                    let qe = q + mcP[i]
                    while q < qe { if mvP[q] == e.id { s = simP[q]; break }; q += 1 }
                    if s > 0 && (flexible || s >= 1) { relax(here + w + 1, e.weight * (1 - s), e.weight * s, 0, 3) }
                    guard flexible else { break }
                    if i + 1 < n, mask[i + 1] != 1, mergeP[i] == e.id {
                        let s2 = opts.model.joinSimilarity
                        relax((j + 1) * w + Int(posOf[i + 2 <= n ? i + 2 : n]), e.weight * (1 - s2), e.weight * s2, 0, 4)
                    }
                    if hasNextLiteral {
                        // splits(i, e.id, next)
                        var k = ssP[i]
                        let ke = ssP[i + 1]
                        var found = false
                        while k < ke { if spP[k] == (e.id, nextLiteral) { found = true; break }; k += 1 }
                        if found {
                            let s2 = opts.model.joinSimilarity
                            let ww = e.weight + nextWeight
                            relax(here + 2 * w + 1, ww * (1 - s2), ww * s2, 0, 5)
                        }
                    }
                case .param, .app:
                    let list = e.kind == .app ? appSpans : paramSpans
                    let base = e.kind == .app ? paramSpans.count : 0
                    for (k, s) in list.enumerated() where s.start == i && usable(s) {
                        if !flexible && s.sim < 1 { continue }
                        // A word the catalog does not know right next to the value: the person
                        // likely named a different value ("pumpkin spice latte").
                        let adj = adjacentUnknownPenalty(s.start, s.end, mask) + cutWordPenalty(s.start, s.end, literals: literalBits, mask)
                        relax((j + 1) * w + Int(posOf[s.end]), e.weight * (1 - s.sim) + adj, e.weight * s.sim, adj, 6, Int32(base + k))
                    }
                }
            }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        let end = m * w + columns
        let last = cells[end]
        let dels = last.dels + dropDels
        var a = Alignment(cost: last.cost + dropCost, gain: last.gain, ins: last.ins, steps: [],
                          substitutions: min(dels, last.unks), dels: dels, paramMissing: last.pdels > 0)
        if trace, last.cost < .infinity {
            var cur = end
            var steps: [AlignmentStep] = []
            while cur > 0, back[cur] >= 0 {
                let prev = Int(back[cur])
                let pj = prev / w, pi = prev % w
                let ci = cur % w
                switch op[cur] {
                case 0: break
                case 7: steps.append(step(.filler, pi, ci, "", "app", 0))
                case 1:
                    let f = units[pi].flags
                    steps.append(step(f.contains(.filler) ? .filler : .extra, pi, ci, "", nil, 0))
                case 2:
                    let e = elems[pj]
                    steps.append(AlignmentStep(kind: .missing, utterance: "", start: 0, end: 0,
                                               phrase: elemText(e), slot: e.kind == .param ? "parameter" : nil, similarity: 0))
                case 3:
                    let (s, k) = sim(pi, elems[pj].id)
                    steps.append(step(k, pi, ci, index.vocabText[Int(elems[pj].id)], nil, s))
                case 4:
                    steps.append(step(.merged, pi, ci, index.vocabText[Int(elems[pj].id)], nil, opts.model.joinSimilarity))
                case 5:
                    let t = index.vocabText[Int(elems[pj].id)] + " " + index.vocabText[Int(elems[pj + 1].id)]
                    steps.append(step(.split, pi, ci, t, nil, opts.model.joinSimilarity))
                case 6:
                    let k = Int(spanOf[cur])
                    let s = k < paramSpans.count ? paramSpans[k] : appSpans[k - paramSpans.count]
                    let v = index.slotSets[Int(elems[pj].id)].variants[Int(s.variant)]
                    let isApp = elems[pj].kind == .app
                    let kind: AlignmentStep.Kind = isApp ? (v.isAlternativeName ? .alternativeName : (s.sim >= 0.999 ? .exact : .fuzzy))
                        : (v.synonym != nil ? .synonym : (s.sim >= 0.999 ? .exact : .fuzzy))
                    steps.append(step(kind, s.start, s.end, v.text, isApp ? "app" : "parameter", s.sim))
                default: break
                }
                cur = prev
            }
            a.steps = steps.reversed()
        }
        return a
    }



    /// Extra cost when a value span starts or ends inside a Han or kana word and the word's
    /// characters outside the span relate to no literal of the phrase ("アイスティー" read as
    /// "ラテ"): the value is part of a word naming something else. (Not on top of
    /// `adjacentUnknownPenalty`, which charges a word the catalog has never heard on that side.)
    @inline(__always)
    func cutWordPenalty(_ start: Int, _ end: Int, literals: UInt64, _ mask: UnsafeMutablePointer<UInt8>) -> Float {
        guard innerUnits != 0, n < 64 else { return 0 }
        var p: Float = 0
        @inline(__always) func side(_ x: Int) {
            if mask[x] == 0, (literals >> UInt64(x)) & 1 == 0, !units[x].flags.contains(.unheard) { p += opts.model.adjacentUnknownCost }
        }
        if start > 0, (innerUnits >> UInt64(start - 1)) & 1 == 1 { side(start - 1) }
        if end < n, (innerUnits >> UInt64(end - 1)) & 1 == 1 { side(end) }
        return p
    }

    func adjacentUnknownPenalty(_ start: Int, _ end: Int, _ mask: UnsafeMutablePointer<UInt8>) -> Float {
        var p: Float = 0
        if start > 0, mask[start - 1] == 0, units[start - 1].flags.contains(.unheard) { p += opts.model.adjacentUnknownCost }
        if end < n, mask[end] == 0, units[end].flags.contains(.unheard) { p += opts.model.adjacentUnknownCost }
        return p
    }

    func elemText(_ e: CompiledTemplate.Elem) -> String {
        switch e.kind {
        case .literal: return index.vocabText[Int(e.id)]
        case .param: return "${parameter}"
        case .app: return "${applicationName}"
        }
    }

    func source(_ a: Int, _ b: Int) -> (String, Int, Int) {
        guard a < b, a < units.count else { return ("", 0, 0) }
        let s = units[a].start, e = units[b - 1].end
        let u = text.utf16
        guard s >= 0, e <= u.count, s <= e else { return ("", s, e) }
        let si = u.index(u.startIndex, offsetBy: s), ei = u.index(u.startIndex, offsetBy: e)
        return (String(text[si..<ei]), s, e)
    }

    func step(_ k: AlignmentStep.Kind, _ a: Int, _ b: Int, _ phrase: String, _ slot: String?, _ s: Float) -> AlignmentStep {
        let (t, st, en) = source(a, b)
        return AlignmentStep(kind: k, utterance: t, start: st, end: en, phrase: phrase, slot: slot, similarity: Double(s))
    }
}

/// Flat buffers for the alignments of one query.
final class Scratch {
    struct Cell {
        var cost: Float
        var gain: Float
        var ins: Float
        var dels: Float
        var unks: Float
        /// Parameter slots left without a value.
        var pdels: Float
    }
    private(set) var capacity = 0
    private(set) var cells = UnsafeMutablePointer<Cell>.allocate(capacity: 1)
    private(set) var back = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private(set) var op = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    private(set) var spanOf = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    // For the slot alignments.
    private(set) var cost = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private(set) var gain = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private(set) var ins = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    /// Two unit masks (the app name's, and the app name's plus a moved value).
    private(set) var maskCapacity = 0
    private(set) var maskA = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    private(set) var maskB = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)

    func reserve(_ n: Int) {
        if n <= capacity { return }
        let c = max(n, 256)
        free()
        cells = .allocate(capacity: c)
        cost = .allocate(capacity: c)
        gain = .allocate(capacity: c)
        ins = .allocate(capacity: c)
        back = .allocate(capacity: c)
        op = .allocate(capacity: c)
        spanOf = .allocate(capacity: c)
        capacity = c
    }

    /// Column buffers of `Query.align` (per unit, plus one).
    private(set) var columnCapacity = 0
    private(set) var colUnit = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private(set) var colPass = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private(set) var colUnk = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private(set) var posOf = UnsafeMutablePointer<Int32>.allocate(capacity: 1)

    func reserveColumns(_ n: Int) {
        if n <= columnCapacity { return }
        let c = max(n, 64)
        colUnit.deallocate(); colPass.deallocate(); colUnk.deallocate(); posOf.deallocate()
        colUnit = .allocate(capacity: c)
        colPass = .allocate(capacity: c)
        colUnk = .allocate(capacity: c)
        posOf = .allocate(capacity: c)
        columnCapacity = c
    }

    /// Row buffers of `Query.align` (per template element).
    private(set) var rowCapacity = 0
    private(set) var rowElems = UnsafeMutablePointer<CompiledTemplate.Elem>.allocate(capacity: 1)
    private(set) var rowNext = UnsafeMutablePointer<Int32>.allocate(capacity: 1)

    func reserveRows(_ n: Int) {
        if n <= rowCapacity { return }
        let c = max(n, 32)
        rowElems.deallocate(); rowNext.deallocate()
        rowElems = .allocate(capacity: c)
        rowNext = .allocate(capacity: c)
        rowCapacity = c
    }

    func reserveMasks(_ n: Int) {
        if n <= maskCapacity { return }
        let c = max(n, 64)
        maskA.deallocate(); maskB.deallocate()
        maskA = .allocate(capacity: c)
        maskB = .allocate(capacity: c)
        maskCapacity = c
    }

    /// Insertion costs with the values of other parameters (`Query.clearValues`).
    private(set) var otherInsCapacity = 0
    private(set) var otherIns = UnsafeMutablePointer<Float>.allocate(capacity: 1)

    func reserveOtherIns(_ n: Int) {
        if n <= otherInsCapacity { return }
        let c = max(n, 256)
        otherIns.deallocate()
        otherIns = .allocate(capacity: c)
        otherInsCapacity = c
    }

    private func free() {
        cells.deallocate(); cost.deallocate(); gain.deallocate(); ins.deallocate()
        back.deallocate(); op.deallocate(); spanOf.deallocate()
    }

    deinit {
        free(); maskA.deallocate(); maskB.deallocate(); otherIns.deallocate()
        colUnit.deallocate(); colPass.deallocate(); colUnk.deallocate(); posOf.deallocate()
        rowElems.deallocate(); rowNext.deallocate()
    }
}

/// Slot spans per slot set, in set order (a query finds few sets: a short sorted list).
struct SpanTable {
    private(set) var sets: [Int32] = []
    private(set) var lists: [[Query.SlotSpan]] = []

    subscript(_ set: Int32) -> [Query.SlotSpan]? {
        for (k, s) in sets.enumerated() where s == set { return lists[k] }
        return nil
    }

    /// Best similarity of a set's spans (0 when none).
    func best(_ set: Int32) -> Float {
        for (k, s) in sets.enumerated() where s == set { return lists[k].first?.sim ?? 0 }
        return 0
    }

    /// Emptied lists, kept with their storage for the next query's lists (`takeList`).
    private var spare: [[Query.SlotSpan]] = []

    /// Empties the table, keeping the capacity of its own arrays and of its lists.
    mutating func removeAll() {
        while var l = lists.popLast() { giveBack(&l) }
        sets.removeAll(keepingCapacity: true)
    }

    /// An empty list, with the storage of one given back when there is one.
    mutating func takeList() -> [Query.SlotSpan] { spare.popLast() ?? [] }

    /// Keeps a list's storage for `takeList`.
    mutating func giveBack(_ l: inout [Query.SlotSpan]) {
        l.removeAll(keepingCapacity: true)
        if spare.count < 64 { spare.append(l) }
        l = []
    }

    mutating func insert(_ set: Int32, _ list: [Query.SlotSpan]) {
        // Sets usually come in order: append.
        if sets.isEmpty || sets[sets.count - 1] < set {
            sets.append(set)
            lists.append(list)
            return
        }
        var k = 0
        while k < sets.count, sets[k] < set { k += 1 }
        if k < sets.count, sets[k] == set { lists[k] = list; return }
        sets.insert(set, at: k)
        lists.insert(list, at: k)
    }
}

/// Dense per-index buffers reused across queries (a pool per index): the best similarity of
/// each vocabulary word and a mark per template. Entries a query touched are reset on release.
final class Workspace: @unchecked Sendable {
    let best: UnsafeMutableBufferPointer<Float>
    let mark: UnsafeMutableBufferPointer<Bool>
    /// `Query.bestGain` of each candidate template (written before it is read in a query).
    let gain: UnsafeMutableBufferPointer<Float>
    /// Upper bounds of slot values by global variant id (zero between queries).
    let acc: UnsafeMutableBufferPointer<Float>
    /// Units relating to each vocabulary word, as bits (see `Query.markHits`).
    let hits: UnsafeMutableBufferPointer<UInt64>
    let scratch = Scratch()
    /// Storage of a query's per-unit arrays, lent to each query in turn.
    struct Arrays {
        var mStart: [Int] = []
        var mCount: [Int] = []
        var merge: [Int32] = []
        var splitStart: [Int] = []
        var insCost: [Float] = []
        var slotIns: [Float] = []
        var mVocab: [Int32] = []
        var mSim: [Float] = []
        var mKind: [AlignmentStep.Kind] = []
        var splitPairs: [(Int32, Int32)] = []
        var bestIds: [Int32] = []

        /// Empties the arrays that grow with what a query finds, keeping their capacity. (The
        /// per-unit arrays are set to each query's length by `Query.prepare`.)
        mutating func removeAll() {
            bestIds.clear()
            mVocab.clear()
            mSim.clear()
            mKind.clear()
            splitPairs.clear()
        }
    }

    /// The buffers lent to each query, behind a pointer: a query swaps them in and out
    /// without the dynamic exclusivity checks a class's stored properties need.
    struct Pool {
        var arrays = Arrays()
        /// The slot spans table (`Query.spans`), lent to each query in turn.
        var spans = SpanTable()
        /// A unit's scalars and its fuzzy candidates (`Query.matchUnit`).
        var unitScalars: [UInt32] = []
        /// Apps heard, and the words of `touchedBits` with a bit set (`Query.findSlots`).
        var apps: [Int32] = []
        var touched: [Int32] = []
        /// The best value similarities of a slot set (`Query.findSlots`).
        var topSims: [Float] = []
        /// The values found per slot set: sort keys, and each set's range of them (`Query.findSlots`).
        var valueKeys: [UInt64] = []
        var valueSets: [(set: Int32, start: Int, end: Int)] = []
        var fuzzyCandidates: [Int32] = []
        /// Each unit's phonetic key when `Query.matchUnit` computed it, and the keys of the
        /// windows of 1-3 units (`Query.findSlots`).
        var unitKeys: [String?] = []
        var windowKeys: [String?] = []
        /// A window's sound keys as scalars (`Query.findSlots`), with room for any key.
        var soundKeyA: [UInt32] = Array(repeating: 0, count: 32)
        var soundKeyB: [UInt32] = Array(repeating: 0, count: 32)
        /// Each unit's scalar count and whether it is Han or kana (`Query.findSlots`).
        var unitInfo: [(count: Int, split: Bool)] = []
        /// The parameter slot sets with a value said clearly, their apps, and whether each row of
        /// the insertion costs charges anything (`Query.clearValues`).
        var clearSets: [Int32] = []
        var clearApps: [Int32] = []
        var clearRowCharges: [Bool] = []
        /// Buffers of `Query.run` / `evaluate` / `decide`, lent to each query in turn (swapped out
        /// and back, so they keep their capacity).
        var scored: [Query.Scored] = []
        var candList: [Int32] = []
        /// The apps heard clearly, and the units each slot set's spans cover (`Query.run`).
        var heardApps: [Int32] = []
        var coverage: [UInt64] = []
        var cands: [UInt64] = []
        var options: [(variant: Int32, option: Int)] = []
        var bestOf: [(option: Int, score: Float)] = []
        var group: [Query.SlotSpan] = []
        var targets = TargetTable<Float>()
        var bestReadings = TargetTable<Query.Scored>()
        /// What `Query.matchUnit` found for a word, remembered across this workspace's queries.
        var unitMemo = UnitMemo()
        /// The sound keys of windows of words (`Query.windowKey`), remembered likewise.
        var windowKeyMemo = WindowKeyMemo()
    }

    /// A bit per slot value touched by a query (all clear between queries).
    let touchedBits: UnsafeMutableBufferPointer<UInt64>
    let pool: UnsafeMutablePointer<Pool> = {
        let p = UnsafeMutablePointer<Pool>.allocate(capacity: 1)
        p.initialize(to: Pool())
        return p
    }()

    init(vocabulary: Int, templates: Int, variants: Int) {
        best = .allocate(capacity: max(1, vocabulary))
        best.initialize(repeating: 0)
        acc = .allocate(capacity: max(1, variants))
        acc.initialize(repeating: 0)
        touchedBits = .allocate(capacity: max(1, (variants + 63) / 64))
        touchedBits.initialize(repeating: 0)
        hits = .allocate(capacity: max(1, vocabulary))
        hits.initialize(repeating: 0)
        mark = .allocate(capacity: max(1, templates))
        mark.initialize(repeating: false)
        gain = .allocate(capacity: max(1, templates))
        gain.initialize(repeating: 0)
    }

    deinit {
        pool.deinitialize(count: 1)
        pool.deallocate()
        best.deallocate()
        mark.deallocate()
        gain.deallocate()
        acc.deallocate()
        touchedBits.deallocate()
        hits.deallocate()
    }
}

/// Values by target key (`Query.targetKey`). A query scores few targets: a linear search, with
/// a hash index once there are more than 32.
struct TargetTable<Value> {
    private(set) var keys: [Int64] = []
    var values: [Value] = []
    private var index: [Int64: Int] = [:]

    var count: Int { keys.count }

    func find(_ k: Int64) -> Int? {
        if keys.count > 32 { return index[k] }
        var i = 0
        while i < keys.count { if keys[i] == k { return i }; i += 1 }
        return nil
    }

    mutating func append(_ k: Int64, _ v: Value) {
        keys.append(k)
        values.append(v)
        if keys.count == 33 {
            for (i, x) in keys.enumerated() { index[x] = i }
        } else if keys.count > 33 {
            index[k] = keys.count - 1
        }
    }

    /// Empties the table, keeping its capacity.
    mutating func removeAll() {
        keys.clear()
        values.clear()
        if !index.isEmpty { index.removeAll(keepingCapacity: true) }
    }
}

extension Query {
    /// The `k`-th largest of `values` (as `values.sorted(by: >)[k - 1]`), without sorting.
    static func kthLargest(_ values: [Float], _ k: Int) -> Float {
        withUnsafeTemporaryAllocation(of: Float.self, capacity: k) { top -> Float in
            var filled = 0
            for v in values {
                // Insert v into the descending list `top` of the k largest so far.
                var p = filled
                if p == k {
                    if !(v > top[k - 1]) { continue }
                    p = k - 1
                } else {
                    filled += 1
                }
                while p > 0, top[p - 1] < v { top[p] = top[p - 1]; p -= 1 }
                top[p] = v
            }
            return top[k - 1]
        }
    }
}

/// Whether `Query.align` records its path (for explanations).
protocol AlignTrace { static var enabled: Bool { get } }
enum NoTrace: AlignTrace { static var enabled: Bool { false } }
enum WithTrace: AlignTrace { static var enabled: Bool { true } }

extension Array {
    /// Empties the array and keeps its storage, like `removeAll(keepingCapacity: true)`, but
    /// a few elements are dropped one by one instead of through the general replace path (the
    /// matcher empties many small arrays per query).
    @inline(__always)
    mutating func clear() {
        if count > 8 { removeAll(keepingCapacity: true); return }
        while !isEmpty { removeLast() }
    }
}

/// Byte strings with a tag → entry numbers, for what a workspace remembers across queries
/// (`UnitMemo`, `WindowKeyMemo`): FNV-1a over the bytes and the tag, open addressing in
/// `2 * limit` slots (`limit` a power of two), compared byte for byte. Past `limit` entries the
/// owner empties it.
struct ByteKeys {
    /// Longer keys are not remembered: what a memory holds stays bounded (`limit` keys of at
    /// most this many bytes), whatever words a hostile input brings.
    static let maxKeyBytes = 256
    let limit: Int
    private var slots: [Int32]
    private var hashes: [UInt64] = []
    private var tags: [UInt32] = []
    private var starts: [Int32] = [0]
    private var bytes: [UInt8] = []

    /// (The slots are made on the first insertion: a workspace that never remembers anything
    /// costs nothing.)
    init(limit: Int) {
        self.limit = limit
        slots = []
    }

    var isFull: Bool { hashes.count >= limit }

    @inline(__always)
    static func hash(_ p: UnsafeBufferPointer<UInt8>, _ tag: UInt32) -> UInt64 { fnv1a(p, fnvOffsetBasis ^ UInt64(tag)) }

    @inline(__always)
    private func slot(_ h: UInt64) -> Int { Int(truncatingIfNeeded: (h &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - (2 * limit).trailingZeroBitCount)) }

    /// The entry of these bytes and tag (`h`: their `hash`), if any.
    func find(_ p: UnsafeBufferPointer<UInt8>, _ tag: UInt32, _ h: UInt64) -> Int? {
        if slots.isEmpty { return nil }
        var s = slot(h)
        while true {
            let e = Int(slots[s]) - 1
            if e < 0 { return nil }
            let o = Int(starts[e])
            if hashes[e] == h && tags[e] == tag && Int(starts[e + 1]) - o == p.count {
                let same = bytes.withUnsafeBufferPointer { b -> Bool in
                    for k in 0..<p.count where b[o + k] != p[k] { return false }
                    return true
                }
                if same { return e }
            }
            s = (s + 1) & (2 * limit - 1)
        }
    }

    /// Adds bytes and a tag not in the table; returns their entry (`count - 1`).
    mutating func insert(_ p: UnsafeBufferPointer<UInt8>, _ tag: UInt32, _ h: UInt64) -> Int {
        if slots.isEmpty { slots = [Int32](repeating: 0, count: 2 * limit) }
        var s = slot(h)
        while slots[s] != 0 { s = (s + 1) & (2 * limit - 1) }
        hashes.append(h)
        tags.append(tag)
        bytes.append(contentsOf: p)
        starts.append(Int32(bytes.count))
        slots[s] = Int32(hashes.count)
        return hashes.count - 1
    }

    mutating func removeAll() {
        for i in slots.indices { slots[i] = 0 }
        hashes.removeAll(keepingCapacity: true)
        tags.removeAll(keepingCapacity: true)
        starts.removeAll(keepingCapacity: true)
        starts.append(0)
        bytes.removeAll(keepingCapacity: true)
    }
}

/// The matches `Query.matchUnit` found for a word (and its sound key), remembered across the
/// queries of one workspace: the same words come back in utterance after utterance, and looking
/// a word up again costs a fraction of matching it (the fuzzy and sound-alike lookups). A
/// word's matches depend on its text, its flags, whether it was read as a homophone and the
/// matching mode, which make the key (its bytes, and the rest as the tag: a word's matches are
/// a function of its bytes); the index is the workspace's own. At most `limit` words are kept;
/// past that the memory is emptied and fills again (results never depend on it).
struct UnitMemo {
    struct Entry {
        /// Its matches: `vocab`, `sim`, `kind` at `start ..< start + count`.
        var start: Int32
        var count: Int32
        var key: String?
    }
    static let limit = 4096
    private(set) var keys = ByteKeys(limit: UnitMemo.limit)
    private(set) var entries: [Entry] = []
    private(set) var vocab: [Int32] = []
    private(set) var sim: [Float] = []
    private(set) var kind: [AlignmentStep.Kind] = []

    /// Remembers a word's matches (`vocab`/`sim`/`kind` as found) and sound key.
    mutating func insert(_ p: UnsafeBufferPointer<UInt8>, _ tag: UInt32, _ h: UInt64,
                         _ v: ArraySlice<Int32>, _ si: ArraySlice<Float>, _ k: ArraySlice<AlignmentStep.Kind>, key: String?) {
        if keys.isFull {
            keys.removeAll()
            entries.removeAll(keepingCapacity: true)
            vocab.removeAll(keepingCapacity: true)
            sim.removeAll(keepingCapacity: true)
            kind.removeAll(keepingCapacity: true)
        }
        _ = keys.insert(p, tag, h)
        entries.append(Entry(start: Int32(vocab.count), count: Int32(v.count), key: key))
        vocab.append(contentsOf: v)
        sim.append(contentsOf: si)
        kind.append(contentsOf: k)
    }
}

/// The sound keys of windows of words joined (`Query.windowKey`), remembered across the queries
/// of one workspace as `UnitMemo` remembers words: the key is the words' bytes, each followed by
/// a unit separator (0x1F).
struct WindowKeyMemo {
    static let limit = 4096
    private(set) var keys = ByteKeys(limit: WindowKeyMemo.limit)
    private(set) var values: [String] = []
    /// The window's bytes, built for each lookup.
    var scratch: [UInt8] = []

    mutating func insert(_ p: UnsafeBufferPointer<UInt8>, _ h: UInt64, _ value: String) {
        if keys.isFull {
            keys.removeAll()
            values.removeAll(keepingCapacity: true)
        }
        _ = keys.insert(p, 0, h)
        values.append(value)
    }
}
