extension LintRules {
    public static let negativePhraseShadows = LintRule(
        id: "negative-phrase-shadows", severity: .warning,
        fact: "Negative phrases keep utterances away from the app; one that is as close to a real phrase as the phrase itself blocks that shortcut.",
        triggering: #"{"app":{"id":"a","name":"Notely"},"shortcuts":[{"intent":"Delete","phrases":["Delete the note in ${applicationName}"]}],"negativePhrases":["Delete the note in ${applicationName}"]}"#,
        nonTriggering: #"{"app":{"id":"a","name":"Notely"},"shortcuts":[{"intent":"Delete","phrases":["Delete the last note in ${applicationName}"]}],"negativePhrases":["Uninstall ${applicationName}"]}"#,
        check: { c, ctx in
            guard !c.negativePhrases.isEmpty else { return [] }
            var out: [Diagnostic] = []
            let m = Matcher(catalogs: [c])
            var o = m.options
            o.explain = false
            for l in c.allLocales where !c.negativeTemplates(for: l).isEmpty {
                var seen = Set<String>()
                Expansion.forEach(c, locale: l) { p in
                    guard seen.insert(p.template).inserted else { return true }
                    let r = m.match(p.text, locale: l, options: o)
                    if let neg = r.negative {
                        let t = c.shortcuts[p.shortcutIndex].templates(for: l)[p.templateIndex]
                        out.append(ctx.finding("negative-phrase-shadows", .warning, c, t.location, "negative phrase \"\(neg)\" blocks \"\(p.text)\" (\(l)) of \(p.intent)"))
                    }
                    return true
                }
            }
            return out
        })
}
