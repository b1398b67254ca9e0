extension LintRules {
    public static let phraseBudgetExceeded = LintRule(
        id: "phrase-budget-exceeded", severity: .warning,
        fact: "The system serves about 1,000 expanded phrases per locale (every app-name variant × parameter option counts) and truncates the rest.",
        triggering: #"{"app":{"id":"a","name":"Music","alternativeNames":["Tunes"]},"entities":{"Playlist":{"options":[\#((1...600).map { "{\"id\":\"p\($0)\",\"title\":\"List \($0)\"}" }.joined(separator: ","))]}},"shortcuts":[{"intent":"Play","parameters":{"p":"Playlist"},"phrases":["Play ${p} in ${applicationName}"]}]}"#,
        nonTriggering: #"{"app":{"id":"a","name":"Music"},"shortcuts":[{"intent":"Play","phrases":["Play music in ${applicationName}"]}]}"#,
        check: { c, ctx in
            var out: [Diagnostic] = []
            for l in c.allLocales {
                let n = Expansion.count(c, locale: l)
                guard n > Expansion.budget else { continue }
                var first: ExpandedPhrase? = nil
                Expansion.forEach(c, locale: l) { p in
                    if p.ordinal == Expansion.budget { first = p; return false }
                    return true
                }
                let loc = first.flatMap { f in c.shortcuts[f.shortcutIndex].templates(for: l)[f.templateIndex].location }
                out.append(ctx.finding("phrase-budget-exceeded", .warning, c, loc,
                                       "\(l): \(n) expanded phrases; the system keeps \(Expansion.budget) and cuts \(n - Expansion.budget), starting with \"\(first?.text ?? "?")\" (run `phrasematch expand --locale \(l)` for the list)"))
            }
            return out
        })
}
