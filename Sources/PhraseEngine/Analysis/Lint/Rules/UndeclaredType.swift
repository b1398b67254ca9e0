extension LintRules {
    public static let undeclaredType = LintRule(
        id: "undeclared-type", severity: .error,
        fact: "A parameter's AppEnum or AppEntity type must be declared for its phrases to expand: the system builds them from the type's cases or entities.",
        triggering: #"{"app":{"id":"a","name":"Leafy"},"shortcuts":[{"intent":"Water","parameters":{"plant":"PlantKind"},"phrases":["Water ${plant} in ${applicationName}"]}]}"#,
        nonTriggering: #"{"app":{"id":"a","name":"Leafy"},"enums":{"PlantKind":{"cases":[{"rawValue":"basil","title":"Basil"}]}},"shortcuts":[{"intent":"Water","parameters":{"plant":"PlantKind"},"phrases":["Water ${plant} in ${applicationName}"]}]}"#,
        check: { c, ctx in
            var out: [Diagnostic] = []
            let declared = c.enums.map(\.name) + c.entities.map(\.name)
            for s in c.shortcuts {
                let used = Set(s.phrases.flatMap { $0.templates.flatMap(\.parameterNames) })
                for p in s.parameters where used.contains(p.name) {
                    let type: String
                    switch c.kind(of: p) {
                    case .unknown(let t): type = t
                    case .array(let t) where c.kind(of: Parameter(name: p.name, typeName: t, location: p.location)).isUnknown: type = t
                    default: continue
                    }
                    var message = "no type '\(type)' is declared (${\(p.name)} of \(s.intent) uses it; declare it under \"enums\" or \"entities\")"
                    if let near = Suggest.closest(type, among: declared) { message += "; did you mean '\(near)'?" }
                    out.append(ctx.finding("undeclared-type", .error, c, p.location, message))
                }
            }
            return out
        })
}

extension Parameter.Kind {
    var isUnknown: Bool { if case .unknown = self { return true }; return false }
}
