extension LintRules {
    public static let missingSystemImage = LintRule(
        id: "missing-system-image", severity: .warning,
        fact: "AppShortcut's initializer without systemImageName is deprecated; the tile has no SF Symbol to draw.",
        triggering: #"{"app":{"id":"a","name":"Notes"},"shortcuts":[{"intent":"New","shortTitle":"New","phrases":["New note in ${applicationName}"]}]}"#,
        nonTriggering: #"{"app":{"id":"a","name":"Notes"},"shortcuts":[{"intent":"New","shortTitle":"New","systemImageName":"square.and.pencil","phrases":["New note in ${applicationName}"]}]}"#,
        check: { c, ctx in
            c.shortcuts.filter { ($0.systemImageName ?? "").isEmpty }.map { s in
                ctx.finding("missing-system-image", .warning, c, s.location, "\(s.intent) has no systemImageName (the deprecated AppShortcut initializer)")
            }
        })
}
