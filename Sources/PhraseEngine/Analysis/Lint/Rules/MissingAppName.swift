extension LintRules {
    public static let missingAppName = LintRule(
        id: "missing-app-name", severity: .error,
        fact: "A phrase without ${applicationName} draws a build warning and is dropped by the system's index; in a localization the strings processor fails the build.",
        triggering: #"{"app":{"id":"a","name":"Notes"},"shortcuts":[{"intent":"NewNote","phrases":["New note"]}]}"#,
        nonTriggering: #"{"app":{"id":"a","name":"Notes"},"shortcuts":[{"intent":"NewNote","phrases":["New note in ${applicationName}"]}]}"#,
        check: { c, ctx in
            Linter.templates(c).filter { !$0.2.hasAppName }.map { (s, l, t) in
                ctx.finding("missing-app-name", .error, c, t.location, "phrase \"\(t.text)\" (\(l)) has no ${applicationName}: the system drops it")
            }
        })
}
