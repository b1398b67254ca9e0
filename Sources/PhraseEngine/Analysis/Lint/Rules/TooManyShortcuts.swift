extension LintRules {
    public static let tooManyShortcuts = LintRule(
        id: "too-many-shortcuts", severity: .error,
        fact: "An app may declare at most 10 App Shortcuts; the build fails above that.",
        triggering: #"{"app":{"id":"a","name":"A"},"shortcuts":[{"intent":"I1","phrases":["one ${applicationName}"]},{"intent":"I2","phrases":["two ${applicationName}"]},{"intent":"I3","phrases":["three ${applicationName}"]},{"intent":"I4","phrases":["four ${applicationName}"]},{"intent":"I5","phrases":["five ${applicationName}"]},{"intent":"I6","phrases":["six ${applicationName}"]},{"intent":"I7","phrases":["seven ${applicationName}"]},{"intent":"I8","phrases":["eight ${applicationName}"]},{"intent":"I9","phrases":["nine ${applicationName}"]},{"intent":"I10","phrases":["ten ${applicationName}"]},{"intent":"I11","phrases":["eleven ${applicationName}"]}]}"#,
        nonTriggering: #"{"app":{"id":"a","name":"A"},"shortcuts":[{"intent":"I1","phrases":["one ${applicationName}"]}]}"#,
        check: { c, ctx in
            guard c.shortcuts.count > 10 else { return [] }
            return [ctx.finding("too-many-shortcuts", .error, c, c.shortcuts[10].location,
                                "\(c.shortcuts.count) App Shortcuts; an app may declare at most 10")]
        })
}
