extension LintRules {
    public static let missingShortTitle = LintRule(
        id: "missing-short-title", severity: .warning,
        fact: "AppShortcut's initializer without shortTitle and systemImageName is deprecated; the Shortcuts app and Spotlight have no title to show.",
        triggering: #"{"app":{"id":"a","name":"Notes"},"shortcuts":[{"intent":"New","systemImageName":"note","phrases":["New note in ${applicationName}"]}]}"#,
        nonTriggering: #"{"app":{"id":"a","name":"Notes"},"shortcuts":[{"intent":"New","shortTitle":"New Note","systemImageName":"note","phrases":["New note in ${applicationName}"]}]}"#,
        check: { c, ctx in
            c.shortcuts.filter { $0.shortTitle == nil }.map { s in
                ctx.finding("missing-short-title", .warning, c, s.location, "\(s.intent) has no shortTitle (the deprecated AppShortcut initializer)")
            }
        })
}
