// Rewrites: Hangul spacing (runs cut again, words joined) and digit syllables read as numbers.

extension Rewriting {
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
                  let c = sc.first, Script.isHangulSyllable(c.value) else { continue }
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
                  sc.allSatisfy({ Script.isHangulSyllable($0.value) }), index.vocabId(r.text) == nil else { out.append(r); continue }
            let L = sc.count
            var cost = [Int](filledWith: Int.max, count: L + 1)
            var back = [Int](filledWith: -1, count: L + 1)
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
                out.append(Rewriting.cutPiece(piece(start, e), at: r.start + start, index))
                start = e
            }
            changed = true
        }
        if changed { units = out }
    }

    /// Whether a unit is a Hangul word with no lexicon flags. Most utterances have none: the
    /// Korean passes look at first scalars before building anything.
    static func hasHangulWord(_ units: [Raw]) -> Bool {
        units.contains { $0.flags.isEmpty && ($0.text.unicodeScalars.first.map { Script.isHangulSyllable($0.value) } ?? false) }
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
                && r.text.unicodeScalars.allSatisfy { Script.isHangulSyllable($0.value) }
        }
        let n = units.count
        guard n >= 2 else { return }
        var cost = [Float](filledWith: .infinity, count: n + 1)
        var back = [Int](filledWith: -1, count: n + 1)
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
                var r = Rewriting.cutPiece(t, at: units[start].start, index)
                r.end = units[e - 1].end
                out.append(r)
            }
            start = e
        }
        units = out
    }
}

extension Rewrite {
    static let hangulDigits = Rewrite(
        id: "hangul-digits", repairs: "A code said in Sino-Korean digit syllables and written as one word (\"일사\" for 14), read as its digits.",
        nonASCII: true,
        examples: [.init(locale: "ko", phrases: ["14 구역에 주차해줘"], utterance: "일사 구역에 주차해줘", units: ["14", "구역", "에", "주차해줘"])],
        apply: { units, _, index in Rewriting.readHangulDigits(&units, index) })

    static let hangulRecut = Rewrite(
        id: "hangul-recut", repairs: "Korean words the recognizer wrote without spaces, cut into the catalogs' words.",
        nonASCII: true,
        examples: [.init(locale: "ko", phrases: ["팬트리에서 장보기 목록 보여줘"], utterance: "팬트리에서장보기목록보여줘", units: ["팬트리", "에서", "장보기", "목록", "보여줘"])],
        apply: { units, _, index in Rewriting.recutHangul(&units, index) })

    static let hangulJoin = Rewrite(
        id: "hangul-join", repairs: "Korean words the recognizer spaced apart (\"일시 정지 해줘\"), joined into the catalog's word.",
        nonASCII: true,
        examples: [.init(locale: "ko", phrases: ["일시정지해줘"], utterance: "일시 정지 해줘", units: ["일시정지해줘"])],
        apply: { units, _, index in Rewriting.joinHangul(&units, index) })
}
