extension LintRules {
    public static let tooManyAlternativeNames = LintRule(
        id: "too-many-alternative-names", severity: .error,
        fact: "INAlternativeAppNames holds at most three names per localization.",
        triggering: #"{"app":{"id":"a","name":"Tempo","alternativeNames":["T1","T2","T3","T4"]},"shortcuts":[]}"#,
        nonTriggering: #"{"app":{"id":"a","name":"Tempo","alternativeNames":["T1","T2"]},"shortcuts":[]}"#,
        check: { c, ctx in
            var out: [Diagnostic] = []
            for l in c.allLocales {
                let n = c.app.alternativeNames.filter { $0.name.resolve(l, development: c.developmentLocale).map { !$0.isEmpty } ?? false }.count
                if n > 3 {
                    out.append(ctx.finding("too-many-alternative-names", .error, c, c.app.alternativeNames[3].location,
                                           "\(n) alternative app names in \(l); at most 3 are allowed"))
                }
            }
            return out
        })
}
