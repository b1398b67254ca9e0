extension LintRules {
    public static let boolWithoutDisplayName = LintRule(
        id: "bool-without-display-name", severity: .warning,
        fact: "A Bool parameter produces phrase variants only when it declares true and false display names (Bool.IntentDisplayName); without them the phrase yields nothing.",
        triggering: #"{"app":{"id":"a","name":"Home"},"shortcuts":[{"intent":"Lights","parameters":{"on":{"type":"Bool"}},"phrases":["Lights ${on} in ${applicationName}"]}]}"#,
        nonTriggering: #"{"app":{"id":"a","name":"Home"},"shortcuts":[{"intent":"Lights","parameters":{"on":{"type":"Bool","displayName":{"true":"on","false":"off"}}},"phrases":["Lights ${on} in ${applicationName}"]}]}"#,
        check: { c, ctx in
            var out: [Diagnostic] = []
            for (s, l, t) in Linter.templates(c) {
                for name in Set(t.parameterNames).sorted() {
                    guard let p = s.parameter(named: name), c.kind(of: p) == .bool else { continue }
                    let hasT = p.trueName?.resolve(l, development: c.developmentLocale).map { !$0.isEmpty } ?? false
                    let hasF = p.falseName?.resolve(l, development: c.developmentLocale).map { !$0.isEmpty } ?? false
                    if !hasT || !hasF {
                        out.append(ctx.finding("bool-without-display-name", .warning, c, t.location,
                                               "${\(name)} is a Bool without \(!hasT && !hasF ? "true/false" : (!hasT ? "a true" : "a false")) display name in \(l): \"\(t.text)\" yields \(hasT || hasF ? "only one variant" : "no phrases")"))
                    }
                }
            }
            return out
        })
}
