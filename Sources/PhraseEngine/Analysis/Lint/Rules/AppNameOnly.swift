extension LintRules {
    public static let appNameOnly = LintRule(
        id: "app-name-only", severity: .warning,
        fact: "A phrase that is nothing but the app name says nothing about the action: it collides with opening the app.",
        triggering: #"{"app":{"id":"a","name":"Notes"},"shortcuts":[{"intent":"New","phrases":["${applicationName}"]}]}"#,
        nonTriggering: #"{"app":{"id":"a","name":"Notes"},"shortcuts":[{"intent":"New","phrases":["New ${applicationName} note"]}]}"#,
        check: { c, ctx in
            Linter.templates(c).filter { (_, l, t) in
                t.hasAppName && t.parameterNames.isEmpty && t.pieces.allSatisfy { p in
                    if case .text(let x) = p { return Normalizer.forLocale(l).normalize(x).tokens.allSatisfy { !$0.flags.isDisjoint(with: [.filler, .optional, .connector]) } }
                    return true
                }
            }.map { (_, l, t) in ctx.finding("app-name-only", .warning, c, t.location, "\"\(t.text)\" (\(l)) is only the app name") }
        })
}
