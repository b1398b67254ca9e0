/// Collisions the matcher cannot show by matching phrases as written, because both sides are
/// words it knows (known words are not looked up fuzzily): options of one parameter that sound
/// or are spelled alike ("Mall" / "Small"), and app names of different apps ("Fitly" / "Fitlee").
/// Both are still scored by the matcher's own numbers (docs/collisions.md).
enum CollisionDirect {
    /// Similarity of two option texts by the matcher's word similarity: edit distance within its
    /// allowance, inflections, and equal sound keys.
    static func valueSimilarity(_ n: Normalizer, _ a: String, _ b: String) -> (Double, sound: Bool) {
        let na = n.normalize(a).tokens, nb = n.normalize(b).tokens
        let sa = Array(na.map(\.text).joined(separator: " ").unicodeScalars.map(\.value))
        let sb = Array(nb.map(\.text).joined(separator: " ").unicodeScalars.map(\.value))
        if sa == sb { return (1, false) }
        var s = Double(max(WordSimilarity.fuzzy(sa, sb), WordSimilarity.stem(sa, sb)))
        let ka = na.map(\.phonetic).joined(separator: " "), kb = nb.map(\.phonetic).joined(separator: " ")
        let sound = !ka.isEmpty && ka == kb
        if sound { s = max(s, Double(ScoreModel.standard.phoneticSimilarity)) }
        return (s < Double(ScoreModel.standard.minimumWordSimilarity) ? 0 : s, sound)
    }

    /// Blocking keys of a value: its normalized text, each one-letter deletion of it, and its sound key.
    static func keys(_ n: Normalizer, _ text: String) -> [String] {
        let toks = n.normalize(text).tokens
        let t = toks.map(\.text).joined(separator: " ")
        var out = ["=" + t, "~" + toks.map(\.phonetic).joined(separator: " ")]
        let sc = Array(t.unicodeScalars)
        if sc.count <= 24 {
            for i in sc.indices {
                var d = sc
                d.remove(at: i)
                var s = "="
                s.unicodeScalars.append(contentsOf: d)
                out.append(s)
            }
        }
        return out
    }

    /// Pairs of options of each parameter template whose values are alike. The phrase similarity
    /// is the matcher's: the template's score with the value left out (S0), plus the value's share
    /// at the value similarity: S0 + (1 − S0) · s.
    static func optionPairs(matcher: Matcher, locale l: String, match o: MatchOptions, minimum: Double) -> [CollisionAnalyzer.Acc] {
        let n = Normalizer.forLocale(l)
        var out: [CollisionAnalyzer.Acc] = []
        for (ai, c) in matcher.catalogs.enumerated() {
            let display = Expansion.appNames(c, locale: l).first?.text ?? c.app.id
            for (si, s) in c.shortcuts.enumerated() {
                for (ti, t) in s.templates(for: l).enumerated() {
                    guard let plan = Expansion.plan(c, s, t, locale: l), let pname = plan.param, plan.options.count > 1 else { continue }
                    var buckets: [String: [Int]] = [:]
                    for (k, v) in plan.options.enumerated() {
                        for key in keys(n, v.text) where key.count > 2 { buckets[key, default: []].append(k) }
                    }
                    var seen = Set<Int>()
                    var cands: [(Int, Int)] = []
                    for key in buckets.keys.sorted() {
                        guard let m = buckets[key], m.count > 1 else { continue }
                        for x in m.prefix(64) {
                            for y in m.prefix(64) where x < y && plan.options[x].value != plan.options[y].value {
                                if seen.insert(x * plan.options.count + y).inserted { cands.append((x, y)) }
                            }
                        }
                    }
                    if cands.isEmpty { continue }
                    // S0: the phrase said without its value.
                    let bare = Expansion.render(t, appName: display, value: "").split(separator: " ").joined(separator: " ")
                    let r = matcher.match(bare, locale: l, options: o)
                    let s0 = r.results.first { $0.app == c.app.id && $0.intent == s.intent && $0.template == t.text }?.score ?? 0
                    cands.sort { $0 < $1 }
                    for (x, y) in cands {
                        let va = plan.options[x], vb = plan.options[y]
                        let (sv, _) = valueSimilarity(n, va.text, vb.text)
                        if sv <= 0 { continue }
                        let sim = ((s0 + (1 - s0) * sv) * 10000).rounded() / 10000
                        guard sim >= minimum else { continue }
                        func side(_ v: OptionVariant) -> CollisionSide {
                            CollisionSide(app: c.app.id, intent: s.intent, locale: l, text: Expansion.render(t, appName: display, value: v.text),
                                          template: t.text, parameters: [(pname, v.value, v.title)], appName: display, isNegative: false,
                                          order: [ai, si, ti, v.optionIndex, 0])
                        }
                        out.append(CollisionAnalyzer.Acc(kind: .parameter, a: side(va), b: side(vb), forward: sim, backward: sim))
                    }
                }
            }
        }
        return out
    }

    /// App names of different apps: each app's phrases (one per template) are matched against a
    /// matcher that knows only the other app, so the name is heard the way the matcher hears an
    /// unknown word (fuzzy and sound-alike lookups).
    static func appNamePairs(matcher: Matcher, locale l: String, match o: MatchOptions, minimum: Double) -> [CollisionAnalyzer.Acc] {
        let cats = matcher.catalogs
        guard cats.count > 1 else { return [] }
        var out: [CollisionAnalyzer.Acc] = []
        for (bi, b) in cats.enumerated() {
            let alone = Matcher(catalogs: [b], locales: [l], options: matcher.options)
            for (ai, a) in cats.enumerated() where ai != bi {
                for name in Expansion.appNames(a, locale: l) {
                    for (si, s) in a.shortcuts.enumerated() {
                        for (ti, t) in s.templates(for: l).enumerated() {
                            guard let plan = Expansion.plan(a, s, t, locale: l) else { continue }
                            let first = plan.options.first
                            let text = Expansion.render(t, appName: name.text, value: first?.text)
                            let r = alone.match(text, locale: l, options: o)
                            guard let cand = r.results.first(where: { $0.appNamed }), cand.score >= minimum else { continue }
                            var params: [(name: String, value: ParameterValue, title: String)] = []
                            if let pn = plan.param, let f = first { params.append((pn, f.value, f.title)) }
                            let sa = CollisionSide(app: a.app.id, intent: s.intent, locale: l, text: text, template: t.text, parameters: params,
                                                   appName: name.text, isNegative: false, order: [ai, si, ti, first?.optionIndex ?? -1, 0])
                            var sb = CollisionAnalyzer.side(cand, locale: l)
                            sb.order[0] = bi
                            out.append(CollisionAnalyzer.Acc(kind: .appName, a: sa, b: sb, forward: cand.score, backward: nil))
                        }
                    }
                }
            }
        }
        return out
    }
}
