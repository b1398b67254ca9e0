extension LintRules {
    public static let unsupportedParameterType = LintRule(
        id: "unsupported-parameter-type", severity: .error,
        fact: "Only an AppEnum, an AppEntity or a Bool with display names can be used in a phrase: free text, numbers and dates give the system no closed set to match.",
        triggering: #"{"app":{"id":"a","name":"Notes"},"shortcuts":[{"intent":"Search","parameters":{"query":{"type":"String"}},"phrases":["Search ${query} in ${applicationName}"]}]}"#,
        nonTriggering: #"{"app":{"id":"a","name":"Notes"},"shortcuts":[{"intent":"Search","parameters":{"query":{"type":"String"}},"phrases":["Search ${applicationName}"]}]}"#,
        check: { c, ctx in
            var out: [Diagnostic] = []
            for (s, _, t) in Linter.templates(c) {
                for name in Set(t.parameterNames).sorted() {
                    guard let p = s.parameter(named: name) else { continue }
                    switch c.kind(of: p) {
                    case .unknown: continue  // undeclared-type says what is wrong, once per parameter
                    case .array(let ty) where c.kind(of: Parameter(name: p.name, typeName: ty, location: p.location)).isUnknown: continue
                    case .primitive(let ty) where ty != "Bool", .array(let ty):
                        out.append(ctx.finding("unsupported-parameter-type", .error, c, t.location,
                                               "${\(name)} is of type \(ty == p.typeName ? ty : p.typeName), which cannot be matched from a phrase (use an AppEnum, an AppEntity or a Bool with display names)"))
                    default: break
                    }
                }
            }
            return out
        })
}
