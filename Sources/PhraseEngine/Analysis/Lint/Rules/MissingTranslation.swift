extension LintRules {
    public static let missingTranslation = LintRule(
        id: "missing-translation", severity: .warning,
        fact: "A shipped locale without its own phrases has none: the system does not fall back to another language's phrases.",
        triggering: #"{"locales":["en","fr"],"app":{"id":"a","name":"Notes"},"shortcuts":[{"intent":"New","phrases":{"en":["New note in ${applicationName}"]}}]}"#,
        nonTriggering: #"{"locales":["en","fr"],"app":{"id":"a","name":"Notes"},"shortcuts":[{"intent":"New","phrases":{"en":["New note in ${applicationName}"],"fr":["Nouvelle note dans ${applicationName}"]}}]}"#,
        check: { c, ctx in
            var out: [Diagnostic] = []
            for s in c.shortcuts {
                for l in c.locales where s.templates(for: l).isEmpty {
                    out.append(ctx.finding("missing-translation", .warning, c, s.location, "\(s.intent) has no phrases in \(l), a locale the app ships"))
                }
            }
            return out
        })
}
