extension LintRules {
    public static let multipleParameters = LintRule(
        id: "multiple-parameters", severity: .error,
        fact: "A phrase holds at most one parameter besides the app name.",
        triggering: #"{"app":{"id":"a","name":"Cafe"},"enums":{"Size":{"cases":[{"rawValue":"s","title":"small"}]},"Drink":{"cases":[{"rawValue":"l","title":"latte"}]}},"shortcuts":[{"intent":"Order","parameters":{"size":"Size","drink":"Drink"},"phrases":["Order a ${size} ${drink} with ${applicationName}"]}]}"#,
        nonTriggering: #"{"app":{"id":"a","name":"Cafe"},"enums":{"Drink":{"cases":[{"rawValue":"l","title":"latte"}]}},"shortcuts":[{"intent":"Order","parameters":{"drink":"Drink"},"phrases":["Order a ${drink} with ${applicationName}"]}]}"#,
        check: { c, ctx in
            Linter.templates(c).filter { Set($0.2.parameterNames).count > 1 }.map { (_, _, t) in
                ctx.finding("multiple-parameters", .error, c, t.location,
                            "\"\(t.text)\" uses \(Set(t.parameterNames).count) parameters (\(Set(t.parameterNames).sorted().joined(separator: ", "))); a phrase can hold one")
            }
        })
}
