// What the rewrites share: cutting a unit anew, syllables of kana, script tests.

extension Query {
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
            if small, let last = out.last, Script.isKana(last) {
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
        v & foldedSyllableMark != 0 || Script.isHanOrKana(v) || Script.isHangulSyllable(v)
    }


}
