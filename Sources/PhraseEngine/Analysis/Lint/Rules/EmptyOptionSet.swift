extension LintRules {
    public static let emptyOptionSet = LintRule(
        id: "empty-option-set", severity: .warning,
        fact: "A parameterized phrase expands over its enum's cases or its entity's options; with none, it never matches.",
        triggering: #"{"app":{"id":"a","name":"Music"},"entities":{"Playlist":{"options":[]}},"shortcuts":[{"intent":"Play","parameters":{"p":"Playlist"},"phrases":["Play ${p} in ${applicationName}"]}]}"#,
        nonTriggering: #"{"app":{"id":"a","name":"Music"},"entities":{"Playlist":{"options":[{"id":"1","title":"Jazz"}]}},"shortcuts":[{"intent":"Play","parameters":{"p":"Playlist"},"phrases":["Play ${p} in ${applicationName}"]}]}"#,
        check: { c, ctx in
            var out: [Diagnostic] = []
            for (s, l, t) in Linter.templates(c) {
                for name in Set(t.parameterNames).sorted() {
                    guard let p = s.parameter(named: name) else { continue }
                    switch c.kind(of: p) {
                    case .enumType, .entity:
                        if Expansion.options(c, parameter: p, locale: l)?.isEmpty == true {
                            out.append(ctx.finding("empty-option-set", .warning, c, t.location, "${\(name)} (\(p.typeName)) has no options in \(l): \"\(t.text)\" never matches"))
                        }
                    default: break
                    }
                }
            }
            return out
        })
}
