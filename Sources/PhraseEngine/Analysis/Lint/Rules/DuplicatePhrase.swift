extension LintRules {
    public static let duplicatePhrase = LintRule(
        id: "duplicate-phrase", severity: .warning,
        fact: "Near-duplicate phrases lower match quality rather than widening coverage; two templates that normalize to the same words are one phrase twice (or two shortcuts fighting).",
        triggering: #"{"app":{"id":"a","name":"Notes"},"shortcuts":[{"intent":"New","phrases":["New note in ${applicationName}","new  note, in ${applicationName}!"]}]}"#,
        nonTriggering: #"{"app":{"id":"a","name":"Notes"},"shortcuts":[{"intent":"New","phrases":["New note in ${applicationName}","Write a note in ${applicationName}"]}]}"#,
        check: { c, ctx in
            var out: [Diagnostic] = []
            for l in c.allLocales {
                let n = Normalizer.forLocale(l)
                var seen: [String: (Shortcut, PhraseTemplate)] = [:]
                for s in c.shortcuts {
                    for t in s.templates(for: l) {
                        let key = t.pieces.map { p -> String in
                            switch p {
                            case .text(let x): return n.normalizedString(x)
                            case .appName: return "${applicationName}"
                            case .parameter(let x): return "${\(x)}"
                            }
                        }.filter { !$0.isEmpty }.joined(separator: " ")
                        if let (s0, t0) = seen[key] {
                            let other = s0.intent == s.intent ? "" : " of \(s0.intent)"
                            out.append(ctx.finding("duplicate-phrase", .warning, c, t.location, "\"\(t.text)\" (\(l)) is the same as \"\(t0.text)\"\(other) after normalization"))
                        } else {
                            seen[key] = (s, t)
                        }
                    }
                }
            }
            return out
        })
}
