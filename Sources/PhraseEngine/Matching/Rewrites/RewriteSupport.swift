// What the rewrites share: cutting a unit anew.

extension Rewriting {
    /// A unit cut anew from a run (`recutThai`, `recutHangul`), at UTF-16 offset `a`, with the
    /// lexicon flags (filler, connector, optional word) the normalizer gives it as a word alone.
    static func cutPiece(_ t: String, at a: Int, _ index: LocaleIndex) -> Raw {
        var flags: Token.Flags = []
        let toks = index.normalizer.tokensWithoutPhonetics(t)
        if toks.count == 1 && toks[0].text == t { flags = toks[0].flags }
        return Raw(text: t, start: a, end: a + t.utf16.count, flags: flags)
    }
}
