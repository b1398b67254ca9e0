extension LintRules {
    /// Words (after normalization, app name and parameter counted as one each) above which a phrase is too long.
    public static let longPhraseWords = 12

    public static let phraseTooLong = LintRule(
        id: "phrase-too-long", severity: .note,
        fact: "Phrases should be short and memorable; people do not say long sentences to Siri word for word.",
        triggering: #"{"app":{"id":"a","name":"Notes"},"shortcuts":[{"intent":"New","phrases":["Please could you go ahead and create a brand new empty note for me right now in ${applicationName}"]}]}"#,
        nonTriggering: #"{"app":{"id":"a","name":"Notes"},"shortcuts":[{"intent":"New","phrases":["New note in ${applicationName}"]}]}"#,
        check: { c, ctx in
            Linter.templates(c).compactMap { (_, l, t) -> Diagnostic? in
                let n = Normalizer.forLocale(l)
                var words = 0
                for p in t.pieces {
                    if case .text(let x) = p { words += n.normalize(x).tokens.count } else { words += 1 }
                }
                guard words > longPhraseWords else { return nil }
                return ctx.finding("phrase-too-long", .note, c, t.location, "\"\(t.text)\" (\(l)) has \(words) words; people say far shorter phrases")
            }
        })
}
