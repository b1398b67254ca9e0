// Rewrite: a number read as an ordinal from a prefix that is also a word of the catalogs (th "ที่", id "ke") read as the word and the number.

extension Rewriting {
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
                    let toks = index.normalizer.tokensWithoutPhonetics(rest)
                    let ok = toks.count == 1 && toks[0].flags == .number
                    spelled[rest] = ok ? toks[0].text : String?.none
                    guard ok else { continue }
                    number = toks[0].text
                }
                if pieceFlags[p] == nil { pieceFlags[p] = Rewriting.cutPiece(p, at: 0, index).flags }
                out.append(Raw(text: p, start: r.start, end: r.start + p.utf16.count, flags: pieceFlags[p] ?? []))
                out.append(Raw(text: number, start: r.end - rest.utf16.count, end: r.end, flags: .number))
                split = true
                break
            }
            if split { changed = true } else { out.append(r) }
        }
        if changed { units = out }
    }
}

extension Rewrite {
    static let ordinalPrefixes = Rewrite(
        id: "ordinal-prefixes", repairs: "A number read as an ordinal from a prefix that is also a word of the catalogs, read as the word and the number.",
        nonASCII: false,
        examples: [.init(locale: "th", phrases: ["ซักที่บ้าน", "ซัก 90 องศา"], utterance: "ซักที่ 90 องศา", units: ["ซัก", "ที่", "90", "องศา"])],
        apply: { units, text, index in Rewriting.splitOrdinalPrefixes(&units, text, index) })
}
