extension LintRules {
    public static let emptyAppName = LintRule(
        id: "empty-app-name", severity: .error,
        fact: "Every phrase says the app's name (${applicationName}); an empty name or alternative name leaves nothing to say, and Xcode rejects an empty CFBundleDisplayName.",
        triggering: #"{"app":{"id":"a","name":""},"shortcuts":[{"intent":"NewNote","phrases":["New note in ${applicationName}"]}]}"#,
        nonTriggering: #"{"app":{"id":"a","name":"Notes"},"shortcuts":[{"intent":"NewNote","phrases":["New note in ${applicationName}"]}]}"#,
        check: { c, ctx in
            var out: [Diagnostic] = []
            func blank(_ s: String) -> Bool { s.allSatisfy { $0.isWhitespace } }
            for e in c.app.name.entries where blank(e.text) {
                out.append(ctx.finding("empty-app-name", .error, c, c.app.nameLocation,
                                       e.locale.isEmpty ? "the app name is empty" : "the app name in \(e.locale) is empty"))
            }
            if c.app.name.entries.isEmpty {
                out.append(ctx.finding("empty-app-name", .error, c, c.app.nameLocation, "the app name has no text in any locale"))
            }
            for a in c.app.alternativeNames {
                for e in a.name.entries where blank(e.text) {
                    out.append(ctx.finding("empty-app-name", .error, c, a.location,
                                           e.locale.isEmpty ? "an alternative app name is empty" : "an alternative app name in \(e.locale) is empty"))
                }
            }
            return out
        })
}
