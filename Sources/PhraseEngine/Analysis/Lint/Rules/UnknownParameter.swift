extension LintRules {
    public static let unknownParameter = LintRule(
        id: "unknown-parameter", severity: .error,
        fact: "A phrase token must name a parameter of the shortcut's intent; anything else cannot be filled.",
        triggering: #"{"app":{"id":"a","name":"Reader"},"shortcuts":[{"intent":"Open","phrases":["Open ${section} in ${applicationName}"]}]}"#,
        nonTriggering: #"{"app":{"id":"a","name":"Reader"},"enums":{"Section":{"cases":[{"rawValue":"news","title":"News"}]}},"shortcuts":[{"intent":"Open","parameters":{"section":{"type":"Section"}},"phrases":["Open ${section} in ${applicationName}"]}]}"#,
        check: { c, ctx in
            var out: [Diagnostic] = []
            for (s, _, t) in Linter.templates(c) {
                for p in t.parameterNames where s.parameter(named: p) == nil {
                    var m = "${\(p)} in \"\(t.text)\" names no parameter of \(s.intent)"
                    if let sug = Suggest.closest(p, among: s.parameters.map(\.name)) { m += "; did you mean ${\(sug)}?" }
                    out.append(ctx.finding("unknown-parameter", .error, c, t.location, m))
                }
            }
            return out
        })
}
