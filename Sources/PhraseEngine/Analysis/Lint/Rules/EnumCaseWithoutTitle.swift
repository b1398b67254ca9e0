extension LintRules {
    public static let enumCaseWithoutTitle = LintRule(
        id: "enum-case-without-title", severity: .error,
        fact: "Every AppEnum case needs a display representation; a case without one crashes when the system displays it, and cannot be spoken.",
        triggering: #"{"app":{"id":"a","name":"Reader"},"enums":{"Section":{"cases":[{"rawValue":"news"}]}},"shortcuts":[]}"#,
        nonTriggering: #"{"app":{"id":"a","name":"Reader"},"enums":{"Section":{"cases":[{"rawValue":"news","title":"News"}]}},"shortcuts":[]}"#,
        check: { c, ctx in
            var out: [Diagnostic] = []
            for e in c.enums {
                for cs in e.cases where cs.title == nil || cs.title?.entries.allSatisfy({ $0.text.isEmpty }) == true {
                    out.append(ctx.finding("enum-case-without-title", .error, c, cs.location, "case '\(cs.rawValue)' of \(e.name) has no display title"))
                }
            }
            return out
        })
}
