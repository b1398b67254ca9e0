// Rewrite: numbers and codes said digit by digit or letter by letter, joined into the word of the catalogs they spell.

extension Rewriting {
    /// The digit a Han digit says (〇 and 零 0, 一 to 九 1 to 9), nil for any other scalar.
    @inline(__always)
    static func hanDigit(_ v: UInt32) -> Unicode.Scalar? {
        switch v {
        case 0x3007, 0x96F6: return "0"
        case 0x4E00: return "1"
        case 0x4E8C: return "2"
        case 0x4E09: return "3"
        case 0x56DB: return "4"
        case 0x4E94: return "5"
        case 0x516D: return "6"
        case 0x4E03: return "7"
        case 0x516B: return "8"
        case 0x4E5D: return "9"
        default: return nil
        }
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
                guard let d = hanDigit(c.value) else { return nil }
                out.unicodeScalars.append(d)
            }
            return out.isEmpty ? nil : out
        }
        // One to three Latin letters a-z ("xa" of "XA 454").
        func shortLetters(_ p: UnsafeBufferPointer<UInt8>) -> Bool {
            p.count <= 3 && !p.contains { $0 < 0x61 || $0 > 0x7A }
        }
        // A piece's text: digits (or Han digits read as digits), or one to three Latin letters.
        func pieceText(_ i: Int) -> String? {
            var t = units[i].text
            if units[i].flags.contains(.number) { return Core.isDigits(t) ? t : nil }
            if t.withUTF8(shortLetters) { return t }
            if units[i].flags.isEmpty, let c = t.unicodeScalars.first, c.value >= 0x3007 { return hanDigits(t) }
            return nil
        }
        // Most utterances have no two pieces in a row: look with cheap tests first (a number, a
        // word of one to three letters a-z, a word starting with a Han digit), on the bytes.
        @inline(__always) func maybePiece(_ i: Int) -> Bool {
            if units[i].flags.contains(.number) { return true }
            let plain = units[i].flags.isEmpty
            var t = units[i].text
            return t.withUTF8 { p in
                if shortLetters(p) { return true }
                // (The Han digits are scalars of three bytes.)
                guard plain, p.count >= 3, p[0] >= 0xE0, p[0] < 0xF0 else { return false }
                return hanDigit(UInt32(p[0] & 0x0F) << 12 | UInt32(p[1] & 0x3F) << 6 | UInt32(p[2] & 0x3F)) != nil
            }
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
                    // Letters in twos and threes only in a code with digits ("xa" "454"; "to" "do"
                    // is a split word, matched as one).
                    let letterGroups = (i...e).contains { !numeric($0) && units[$0].text.utf8.count > 1 }
                    if letterGroups && !(i...e).contains(where: numeric) { e -= 1; continue }
                    // (The run's text made only for a run that may be read.)
                    var t = ""
                    for k in i...e { t += texts[k] ?? "" }
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
}

extension Rewrite {
    static let spelledRuns = Rewrite(
        id: "spelled-runs", repairs: "Numbers and codes said digit by digit or letter by letter, joined into the word of the catalogs they spell.",
        nonASCII: false,
        examples: [.init(locale: "en", phrases: ["pay with card 4821"], utterance: "pay with card four eight two one", units: ["pay", "with", "card", "4821"])],
        apply: { units, _, index in Rewriting.joinSpelledRuns(&units, index) })
}
