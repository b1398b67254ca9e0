/// Collisions the matcher cannot show by matching phrases as written, because both sides are
/// words it knows (known words are not looked up fuzzily): options of one parameter that sound
/// or are spelled alike ("Mall" / "Small"), and app names of different apps ("Fitly" / "Fitlee").
/// Both are still scored by the matcher's own numbers (docs/collisions.md).
enum CollisionDirect {
    /// Similarity of two option texts by the matcher's word similarity: edit distance within its
    /// allowance, inflections, and equal sound keys.
    static func valueSimilarity(_ n: Normalizer, _ a: String, _ b: String) -> (Double, sound: Bool) {
        valueSimilarity(ValueForm(n, a), ValueForm(n, b))
    }

    /// A value as the similarity and the blocking keys read it: its normalized words joined, and
    /// their sound keys joined.
    struct ValueForm: Sendable {
        var text: String
        var scalars: [UInt32]
        var sound: String
        init(_ n: Normalizer, _ value: String) {
            let toks = n.normalize(value).tokens
            text = toks.map(\.text).joined(separator: " ")
            scalars = Array(text.unicodeScalars.map(\.value))
            sound = toks.map(\.phonetic).joined(separator: " ")
        }
    }

    static func valueSimilarity(_ a: ValueForm, _ b: ValueForm) -> (Double, sound: Bool) {
        if a.scalars == b.scalars { return (1, false) }
        var s = Double(max(WordSimilarity.fuzzy(a.scalars, b.scalars), WordSimilarity.stem(a.scalars, b.scalars)))
        let sound = !a.sound.isEmpty && a.sound == b.sound
        if sound { s = max(s, Double(ScoreModel.standard.phoneticSimilarity)) }
        return (s < Double(ScoreModel.standard.minimumWordSimilarity) ? 0 : s, sound)
    }

    /// Blocking keys of a value: its normalized text, each one-letter deletion of it, and its sound key.
    static func keys(_ v: ValueForm) -> [String] {
        var out = ["=" + v.text, "~" + v.sound]
        let sc = Array(v.text.unicodeScalars)
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
    static func optionPairs(matcher: Matcher, locale l: String, match o: MatchOptions, minimum: Double,
                            threads: Int? = nil) -> [CollisionAnalyzer.Acc] {
        let n = Normalizer.forLocale(l)
        var out: [CollisionAnalyzer.Acc] = []
        // Each option text read once (the templates of a shortcut share their options).
        var forms: [String: (form: ValueForm, keys: [String])] = [:]
        for (ai, c) in matcher.catalogs.enumerated() {
            let display = Expansion.appNames(c, locale: l).first?.text ?? c.app.id
            for (si, s) in c.shortcuts.enumerated() {
                for (ti, t) in s.templates(for: l).enumerated() {
                    guard let plan = Expansion.plan(c, s, t, locale: l), let pname = plan.param, plan.options.count > 1 else { continue }
                    let fresh = Array(Set(plan.options.map(\.text).filter { forms[$0] == nil })).sorted()
                    let made = Parallel.map(count: fresh.count, threads: threads) { i -> (ValueForm, [String]) in
                        let f = ValueForm(n, fresh[i])
                        return (f, keys(f))
                    }
                    for (i, text) in fresh.enumerated() { forms[text] = made[i] }
                    var buckets: [String: [Int]] = [:]
                    for (k, v) in plan.options.enumerated() {
                        for key in forms[v.text]?.keys ?? [] where key.count > 2 { buckets[key, default: []].append(k) }
                    }
                    // The candidates are sorted below, so the buckets are read in any order.
                    var seen = Set<Int>()
                    var cands: [(Int, Int)] = []
                    for m in buckets.values {
                        guard m.count > 1 else { continue }
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
                    let options = plan.options, known = forms, pairs = cands
                    let similarity = Parallel.map(count: pairs.count, threads: threads) { i -> Double in
                        guard let a = known[options[pairs[i].0].text]?.form, let b = known[options[pairs[i].1].text]?.form else { return 0 }
                        return valueSimilarity(a, b).0
                    }
                    for (i, (x, y)) in cands.enumerated() {
                        let va = plan.options[x], vb = plan.options[y]
                        let sv = similarity[i]
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
