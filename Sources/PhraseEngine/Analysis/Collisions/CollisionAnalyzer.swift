import Foundation
import Dispatch

/// The over-match analysis (hassil's check, with our scorer): every expanded phrase is matched
/// as if a person said it, and every other target that scores at least `minSimilarity` makes a
/// pair. Both directions are merged (similarity = max). Runs on every core; the result is
/// identical to a single-threaded run. See docs/collisions.md.
public enum CollisionAnalyzer {
    /// A phrase matched as if said.
    struct Probe: Sendable {
        var side: CollisionSide
        /// The alternative app name said in the phrase, if any.
        var viaAlternative: String?
        /// The option's text as said (title or synonym).
        var valueText: String? = nil
    }

    /// One other target the matcher ranked for a probe.
    struct Hit: Sendable {
        var probe: Int
        var other: CollisionSide
        var score: Double
        var kind: CollisionKind
    }

    /// Analyzes catalogs (builds the matcher for the selected locales).
    public static func analyze(catalogs: [Catalog], options: CollisionOptions = CollisionOptions()) -> CollisionReport {
        var mo = MatchOptions()
        mo.mode = options.mode
        let matcher = Matcher(catalogs: catalogs, locales: options.locales, options: mo)
        return analyze(matcher: matcher, options: options)
    }

    /// Analyzes the locales of `options.locales` (default: every indexed locale) with a built matcher.
    /// - Complexity: one match per probe (one per template and option, plus alternative names in
    ///   small catalogs and negative phrases), then one explained match per reported pair.
    public static func analyze(matcher: Matcher, options: CollisionOptions = CollisionOptions()) -> CollisionReport {
        var locales: [String] = []
        for l in options.locales ?? matcher.locales {
            if let il = matcher.indexedLocale(for: l), !locales.contains(il) { locales.append(il) }
        }
        var pairs: [CollisionPair] = []
        var phrases = 0, probes = 0, negatives = 0
        for (i, l) in locales.enumerated() {
            let r = analyzeLocale(matcher: matcher, locale: l, options: options)
            pairs += r.pairs
            phrases += r.phrases
            probes += r.probes
            negatives += r.negatives
            options.progress?(i + 1, locales.count)
        }
        // Meaning: every two shortcuts' closest phrase vectors, when the matcher has an encoder.
        var tables: [String: CollisionMeaningReader.Table] = [:]
        let stage = options.meaning ? matcher.semantic : nil
        if let stage {
            for l in locales { tables[l] = CollisionMeaningReader.table(stage.vectors(l), threads: options.threads) }
            for i in pairs.indices { pairs[i].meaning = CollisionMeaningReader.meaning(pairs[i], tables) }
        }
        let perPhrase = simulate(&pairs, matcher: matcher, locales: locales, phrases: phrases, options: options)
        if stage != nil { for i in pairs.indices { pairs[i].risk = riskWithMeaning(pairs[i]) } }
        pairs.sort(by: ranked)
        let clusters = cluster(&pairs)
        var report = CollisionReport(pairs: pairs, clusters: clusters, locales: locales, phrases: phrases, probes: probes,
                                     options: options, qualified: matcher.catalogs.count > 1, reality: nil, simulated: perPhrase,
                                     negativeProbes: negatives)
        if let stage {
            report.meaning = MeaningSummary(
                encoder: stage.encoder.identity, compared: locales.reduce(0) { $0 + (tables[$1]?.pairs ?? 0) },
                threshold: options.minMeaning,
                farInWords: CollisionMeaningReader.farInWords(pairs, tables, catalogs: matcher.catalogs, minimum: options.minSimilarity,
                                                              threshold: options.minMeaning))
        }
        return report
    }

    /// Ranking: risk (the predicted confusions), closeness, severity, similarity, then locale
    /// and texts (stable).
    static func ranked(_ x: CollisionPair, _ y: CollisionPair) -> Bool {
        if x.risk != y.risk { return x.risk > y.risk }
        if x.closeness != y.closeness { return x.closeness > y.closeness }
        if x.severity != y.severity { return x.severity > y.severity }
        if x.similarity != y.similarity { return x.similarity > y.similarity }
        return (x.a.locale, x.kind, x.a.text, x.b.text) < (y.a.locale, y.kind, y.a.text, y.b.text)
    }

    // MARK: - Risk

    /// Meaning's share of the risk: a simulated pair whose shortcuts' meaning is above
    /// `meaningFloor` gains `meaningWeight` per unit above it. Chosen on the tune lines (even line
    /// numbers) of every sample app's corpus and simulated check (docs/collisions.md, "Meaning").
    static let meaningFloor = 0.93
    static let meaningWeight = 0.3

    /// A pair's risk with its meaning: `risk + meaningWeight·max(0, meaning − meaningFloor)` when
    /// the risk was simulated and the meaning read (the ranking by closeness alone, `--simulate 0`,
    /// is left as it is).
    static func riskWithMeaning(_ p: CollisionPair) -> Double {
        guard p.simulated != nil, let m = p.meaning, m.cosine > meaningFloor else { return p.risk }
        return ((p.risk + meaningWeight * (m.cosine - meaningFloor)) * 10000).rounded() / 10000
    }

    /// Pairs of targets per closeness bin, and the weight of a bin's pooled rate in utterances
    /// (the prior of `simulate`). Chosen on habits, coffee and reader (docs/collisions.md, "Risk").
    static let priorBins = 10
    static let priorWeight = 32.0

    /// Utterances per phrase the simulation hears (0: none), and the share of the phrases heard:
    /// all of them while one utterance each fits the budget, a fixed sample of it beyond.
    static func simulatedPerPhrase(_ options: CollisionOptions, phrases: Int) -> (perPhrase: Int, share: Double) {
        if let n = options.simulated { return (max(0, n), 1) }
        let budget = CollisionOptions.simulationBudget
        guard phrases > budget else { return (max(1, min(CollisionOptions.simulatedPerPhrase, budget / max(phrases, 1))), 1) }
        return (1, Double(budget) / Double(phrases))
    }

    /// The risk of every pair, from speech: every phrase is heard through the simulated
    /// recognizer (`CollisionNoise`, its own seed) and routed by the matcher, as the reality check
    /// does; a pair's targets' confusions `c` of `n` utterances said give its risk
    /// `(c + w·m) / (n + w)`, where `m` is the pooled rate of the pairs of its closeness bin (one
    /// of `priorBins` of equal size, by closeness) and `w` is `priorWeight`: a target pair said
    /// few times is pulled toward pairs as close as it, and a pair nobody confused still ranks
    /// by its closeness.
    ///
    /// Only the phrases of the shortcuts some pair names are heard: a target pair's counts come
    /// from its own targets' utterances, so the others would change no risk. Returns the
    /// utterances a phrase heard (0: none).
    static func simulate(_ pairs: inout [CollisionPair], matcher: Matcher, locales: [String], phrases: Int,
                         options: CollisionOptions) -> Int {
        guard !pairs.isEmpty, options.simulated != 0 else { return 0 }
        var shortcuts = Set<String>()
        for p in pairs { for t in [p.a.target, p.b.target] { shortcuts.insert(t.app + "/" + t.intent) } }
        let heard = CollisionNoise.phrases(matcher: matcher, locales: locales, shortcuts: shortcuts)
        let (perPhrase, share) = simulatedPerPhrase(options, phrases: heard.reduce(0) { $0 + $1.phrases.count })
        guard perPhrase > 0 else { return 0 }
        let noise = CollisionNoise.Options(perPhrase: perPhrase, seed: options.simulationSeed)
        let items = CollisionNoise.items(matcher: matcher, phrases: heard, options: noise, share: share, threads: options.threads)
        let draft = CollisionReport(pairs: pairs, clusters: [], locales: locales, phrases: phrases, probes: 0, options: options,
                                    qualified: matcher.catalogs.count > 1, reality: nil)
        let check = CollisionReality.check(draft, matcher: matcher, items: items, threads: options.threads,
                                           progress: options.step("simulated utterances"))
        // One row per target pair; its closeness is that of its closest pair (the row's first).
        var rows = check.rows.map { r in
            (key: CollisionReality.rowKey(pairs[r.pair]), closeness: pairs[r.pair].closeness, confused: r.confusions, said: r.heard)
        }
        rows.sort { $0.closeness != $1.closeness ? $0.closeness < $1.closeness : $0.key < $1.key }
        var estimate: [String: (Double, CollisionPair.Simulated)] = [:]
        let size = (rows.count + priorBins - 1) / priorBins
        for start in stride(from: 0, to: rows.count, by: size) {
            let bin = rows[start..<min(rows.count, start + size)]
            let c = bin.reduce(0) { $0 + $1.confused }, n = bin.reduce(0) { $0 + $1.said }
            let m = n == 0 ? 0 : Double(c) / Double(n)
            for r in bin {
                let rate = (Double(r.confused) + priorWeight * m) / (Double(r.said) + priorWeight)
                estimate[r.key] = ((rate * 10000).rounded() / 10000, .init(confused: r.confused, said: r.said))
            }
        }
        for i in pairs.indices {
            guard let (rate, counts) = estimate[CollisionReality.rowKey(pairs[i])] else { continue }
            pairs[i].risk = rate
            pairs[i].simulated = counts
        }
        return perPhrase
    }

    // MARK: - One locale

    static func probes(matcher: Matcher, locale l: String, options: CollisionOptions) -> (probes: [Probe], phrases: Int) {
        var total = 0
        for c in matcher.catalogs {
            let n = Expansion.count(c, locale: l)
            total += options.includePastBudget ? n : min(n, Expansion.budget)
        }
        let withAlternatives = options.alternativeNameProbes ?? (total <= CollisionOptions.smallCatalogPhrases)
        var out: [Probe] = []
        var phrases = 0
        for (ai, c) in matcher.catalogs.enumerated() {
            Expansion.forEach(c, locale: l, includeTruncated: options.includePastBudget) { p in
                phrases += 1
                var alt: String? = nil
                if case .alternative = p.appName.kind {
                    guard withAlternatives else { return true }
                    alt = p.appName.text
                }
                var params: [(name: String, value: ParameterValue, title: String)] = []
                if let n = p.parameterName, let o = p.option { params.append((n, o.value, o.title)) }
                let side = CollisionSide(app: p.app, intent: p.intent, locale: l, text: p.text, template: p.template, parameters: params,
                                         appName: p.appName.text, isNegative: false,
                                         order: [ai, p.shortcutIndex, p.templateIndex, p.option?.optionIndex ?? -1, p.ordinal])
                out.append(Probe(side: side, viaAlternative: alt, valueText: p.option?.text))
                return true
            }
            guard let display = Expansion.appNames(c, locale: l).first else { continue }
            for (ti, t) in c.negativeTemplates(for: l).enumerated() where t.hasAppName {
                let side = CollisionSide(app: c.app.id, intent: "", locale: l, text: Expansion.render(t, appName: display.text, value: nil),
                                         template: t.text, parameters: [], appName: display.text, isNegative: true,
                                         order: [ai, Int.max, ti, -1, 0])
                out.append(Probe(side: side, viaAlternative: nil))
            }
        }
        return (out, phrases)
    }

    static func side(_ c: MatchCandidate, locale: String) -> CollisionSide {
        CollisionSide(app: c.app, intent: c.intent, locale: locale, text: c.phrase, template: c.template, parameters: c.parameters,
                      appName: c.appName, isNegative: false,
                      order: [c.appIndex, c.shortcutIndex, c.templateIndex, c.optionIndex, 0])
    }

    static func sameTarget(_ c: MatchCandidate, _ s: CollisionSide) -> Bool {
        c.app == s.app && c.intent == s.intent && c.parameters.map(\.value) == s.parameters.map(\.value)
    }

    /// The normalized content words of a text (no filler, optional words or particles).
    static func contentWords(_ n: Normalizer, _ text: String) -> Set<String> {
        Set(n.normalize(text).tokens.filter { $0.flags.isDisjoint(with: [.filler, .optional, .particle, .elision, .connector]) }.map(\.text))
    }

    static func hits(_ i: Int, _ probe: Probe, matcher: Matcher, locale: String, match o: MatchOptions, minimum: Double) -> [Hit] {
        let r = matcher.match(probe.side.text, locale: locale, options: o)
        var out: [Hit] = []
        let normalizer = Normalizer.forLocale(locale)
        for c in r.results {
            guard c.score >= minimum else { break }
            if probe.side.isNegative {
                guard c.app == probe.side.app else { continue }
                out.append(Hit(probe: i, other: side(c, locale: locale), score: c.score, kind: .negative))
                continue
            }
            if sameTarget(c, probe.side) { continue }
            var kind: CollisionKind
            if c.app != probe.side.app {
                kind = .appName
            } else if c.intent != probe.side.intent {
                kind = .intent
            } else {
                // A shortcut asked with or without a value: the spoken value decides, not a confusion.
                if probe.side.parameters.isEmpty != c.parameters.isEmpty { continue }
                kind = .parameter
            }
            if let alt = probe.viaAlternative, c.app == probe.side.app {
                // The alternative name's own words pull the phrase to the other target.
                let altWords = contentWords(normalizer, alt)
                let otherWords = contentWords(normalizer, Expansion.render(
                    PhraseTemplate(text: c.template, pieces: CatalogLoader.parseTemplate(c.template).pieces, location: SourceLocation(path: "", offset: 0)),
                    appName: "", value: c.parameters.first?.title))
                let ownWords = contentWords(normalizer, Expansion.render(
                    PhraseTemplate(text: probe.side.template, pieces: CatalogLoader.parseTemplate(probe.side.template).pieces,
                                   location: SourceLocation(path: "", offset: 0)),
                    appName: "", value: probe.side.parameters.first?.title))
                if !altWords.intersection(otherWords).subtracting(ownWords).isEmpty { kind = .appName }
            }
            out.append(Hit(probe: i, other: side(c, locale: locale), score: c.score, kind: kind))
        }
        return out
    }

    struct Acc {
        var kind: CollisionKind
        var a: CollisionSide
        var b: CollisionSide
        var forward: Double?
        var backward: Double?
        /// The least severity (a common-word alternative name that takes plain requests).
        var floor: CollisionSeverity? = nil
        /// Damage probes: flips per phrase of a toward b, and of b toward a (CollisionDamage).
        var damageForward = 0.0
        var damageBackward = 0.0
    }

    static func analyzeLocale(matcher: Matcher, locale l: String, options: CollisionOptions)
        -> (pairs: [CollisionPair], phrases: Int, probes: Int, negatives: Int) {
        let (ps, phrases) = probes(matcher: matcher, locale: l, options: options)
        var o = matcher.options
        o.explain = false
        o.limit = max(2, options.probeLimit)
        o.threshold = 0
        o.enforceBudget = !options.includePastBudget
        o.mode = options.mode
        let minimum = options.minSimilarity
        let passOptions = o
        let all = Parallel.map(count: ps.count, threads: options.threads, progress: options.step("phrases heard")) { i in
            hits(i, ps[i], matcher: matcher, locale: l, match: passOptions, minimum: minimum)
        }
        // Merge both directions, in probe order (deterministic).
        var accs: [Acc] = []
        var index: [String: Int] = [:]
        for hs in all {
            for h in hs {
                let p = ps[h.probe].side
                var ka = p.key, kb = h.other.key
                if h.kind == .appName { ka += "\u{1}" + p.appName; kb += "\u{1}" + h.other.appName }
                let probeIsA: Bool
                switch h.kind {
                case .negative: probeIsA = true
                case .appName where ps[h.probe].viaAlternative != nil && p.app == h.other.app: probeIsA = true
                default: probeIsA = p.order.lexicographicallyPrecedes(h.other.order) || p.order == h.other.order
                }
                let key = "\(h.kind.rawValue)|" + (ka < kb ? ka + "|" + kb : kb + "|" + ka)
                if let k = index[key] {
                    let forward = accs[k].a.key == p.key && (h.kind != .appName || accs[k].a.appName == p.appName)
                    if forward { accs[k].forward = max(accs[k].forward ?? 0, h.score) } else { accs[k].backward = max(accs[k].backward ?? 0, h.score) }
                } else {
                    index[key] = accs.count
                    accs.append(probeIsA ? Acc(kind: h.kind, a: p, b: h.other, forward: h.score, backward: nil)
                                         : Acc(kind: h.kind, a: h.other, b: p, forward: nil, backward: h.score))
                }
            }
        }
        // Common-word alternative names: a phrase said without any app name reads as naming the app.
        accs += commonWordNames(matcher: matcher, locale: l, match: o, minimum: minimum, known: Set(index.keys))
        // Pairs of known words the probes cannot show: alike options, alike app names of different apps.
        for extra in CollisionDirect.optionPairs(matcher: matcher, locale: l, match: o, minimum: minimum, threads: options.threads)
            + CollisionDirect.appNamePairs(matcher: matcher, locale: l, match: o, minimum: minimum) {
            var ka = extra.a.key, kb = extra.b.key
            if extra.kind == .appName { ka += "\u{1}" + extra.a.appName; kb += "\u{1}" + extra.b.appName }
            let key = "\(extra.kind.rawValue)|" + (ka < kb ? ka + "|" + kb : kb + "|" + ka)
            if let k = index[key] {
                if extra.a.key == accs[k].a.key {
                    accs[k].forward = max(accs[k].forward ?? 0, extra.forward ?? 0)
                } else {
                    accs[k].backward = max(accs[k].backward ?? 0, extra.forward ?? 0)
                }
                continue
            }
            index[key] = accs.count
            accs.append(extra)
        }
        if options.damageProbes {
            addDamage(&accs, index: &index, matcher: matcher, locale: l, probes: ps, match: o, threads: options.threads,
                      progress: options.step("damage probes"))
        }
        // Explain each pair once, in the direction that scored higher.
        var eo = o
        eo.explain = true
        eo.limit = max(8, o.limit * 2)
        // The strongest `explainLimit` pairs get the matcher's word alignment; the rest (huge
        // catalogs with thousands of alike options) compare their differing words directly.
        let strength = accs.map { max($0.forward ?? 0, $0.backward ?? 0) }
        let byStrength = accs.indices.sorted { strength[$0] != strength[$1] ? strength[$0] > strength[$1] : $0 < $1 }
        var explainIt = [Bool](repeating: false, count: accs.count)
        for i in byStrength.prefix(options.explainLimit) { explainIt[i] = true }
        let merged = accs, explainOptions = eo, flags = explainIt
        let pairs = Parallel.map(count: merged.count, threads: options.threads, progress: options.step("pairs explained")) { i in
            CollisionExplainer.finish(merged[i], matcher: matcher, locale: l, match: explainOptions, explain: flags[i])
        }
        return (pairs, phrases, ps.count, ps.filter(\.side.isNegative).count)
    }

    /// Runs the damage probes and attaches their flip rates to the pairs; a flip between two
    /// phrases that are not paired yet makes a new pair (its similarity as written may be low).
    static func addDamage(_ accs: inout [Acc], index: inout [String: Int], matcher: Matcher, locale l: String, probes ps: [Probe],
                          match o: MatchOptions, threads: Int?, progress: (@Sendable (Int, Int) -> Void)? = nil) {
        let t = CollisionDamage.run(matcher: matcher, locale: l, probes: ps, threads: threads, progress: progress)
        func rate(_ a: CollisionSide, _ b: CollisionSide) -> Double {
            var r = t.rate(a.key, b.key)
            if a.app != b.app || a.intent != b.intent || a.parameters.isEmpty || b.parameters.isEmpty {
                r += t.rate(CollisionDamage.templateKey(a), CollisionDamage.templateKey(b))
            }
            return r
        }
        // New pairs, in the order their first flip was seen (probe order: deterministic).
        var made = Set<String>()
        for key in t.order {
            guard let ex = t.examples[key] else { continue }
            var a = ps[ex.probe].side
            var b = side(ex.to, locale: l)
            if ex.shortcutLevel {
                a.parameters = []
                b.parameters = []
            }
            var ka = a.key, kb = b.key
            if ex.kind == .appName { ka += "\u{1}" + a.appName; kb += "\u{1}" + b.appName }
            let pairKey = "\(ex.kind.rawValue)|" + (ka < kb ? ka + "|" + kb : kb + "|" + ka)
            if index[pairKey] != nil || !made.insert(pairKey).inserted { continue }
            if !(a.order.lexicographicallyPrecedes(b.order) || a.order == b.order) { swap(&a, &b) }
            // The similarity as written, both ways (nil when the other is not among the results).
            var eo = o
            eo.limit = 8
            func score(_ said: CollisionSide, _ other: CollisionSide) -> Double? {
                matcher.match(said.text, locale: l, options: eo).results.first { c in
                    c.app == other.app && c.intent == other.intent && c.template == other.template
                        && (other.parameters.isEmpty || c.parameters.map(\.value) == other.parameters.map(\.value))
                }?.score
            }
            index[pairKey] = accs.count
            accs.append(Acc(kind: ex.kind, a: a, b: b, forward: score(a, b), backward: score(b, a)))
        }
        for i in accs.indices {
            accs[i].damageForward = rate(accs[i].a, accs[i].b)
            accs[i].damageBackward = rate(accs[i].b, accs[i].a)
        }
    }

    /// Alternative names whose words are words of the locale's phrases ("Habits", "Notes"): each
    /// phrase containing those words is said without an app name; when the matcher reads it as
    /// naming the app, the pair (phrase with the alternative name, the phrase) is reported.
    static func commonWordNames(matcher: Matcher, locale l: String, match o: MatchOptions, minimum: Double, known: Set<String>) -> [Acc] {
        let normalizer = Normalizer.forLocale(l)
        var out: [Acc] = []
        var seen = Set<String>()
        for c in matcher.catalogs {
            for name in Expansion.appNames(c, locale: l) {
                guard case .alternative = name.kind else { continue }
                let words = contentWords(normalizer, name.text)
                if words.isEmpty { continue }
                for (ai, oc) in matcher.catalogs.enumerated() {
                    for (si, s) in oc.shortcuts.enumerated() {
                        for (ti, t) in s.templates(for: l).enumerated() {
                            guard let plan = Expansion.plan(oc, s, t, locale: l) else { continue }
                            let first = plan.options.first
                            let bare = Expansion.render(t, appName: "", value: first?.text)
                            guard words.isSubset(of: contentWords(normalizer, bare)) else { continue }
                            let said = bare.split(separator: " ").joined(separator: " ")
                            let r = matcher.match(said, locale: l, options: o)
                            // Reported when the reading would run (the matcher's threshold), not only above --min-similarity.
                            guard let cand = r.results.first(where: { $0.app == c.app.id && $0.appNamed && $0.appName == name.text }),
                                  cand.score >= min(minimum, matcher.options.threshold) else { continue }
                            var params: [(name: String, value: ParameterValue, title: String)] = []
                            if let n = plan.param, let f = first { params.append((n, f.value, f.title)) }
                            let display = Expansion.appNames(oc, locale: l).first?.text ?? oc.app.id
                            let b = CollisionSide(app: oc.app.id, intent: s.intent, locale: l, text: Expansion.render(t, appName: display, value: first?.text),
                                                  template: t.text, parameters: params, appName: display, isNegative: false,
                                                  order: [ai, si, ti, first?.optionIndex ?? -1, 0])
                            let a = side(cand, locale: l)
                            let key = "app-name|" + a.key + "|" + a.appName + "|" + b.key
                            if seen.contains(key) || known.contains(key) { continue }
                            seen.insert(key)
                            out.append(Acc(kind: .appName, a: a, b: b, forward: nil, backward: cand.score, floor: .warning))
                        }
                    }
                }
            }
        }
        return out
    }

    // MARK: - Clusters

    /// Connected components of targets over the pairs, ranked by their worst pair; sets `cluster`.
    static func cluster(_ pairs: inout [CollisionPair]) -> [CollisionCluster] {
        var id: [CollisionTarget: Int] = [:]
        var targets: [CollisionTarget] = []
        var parent: [Int] = []
        func node(_ t: CollisionTarget) -> Int {
            if let i = id[t] { return i }
            id[t] = targets.count
            targets.append(t)
            parent.append(parent.count)
            return parent.count - 1
        }
        func find(_ x: Int) -> Int {
            var r = x
            while parent[r] != r { r = parent[r] }
            var y = x
            while parent[y] != r { let n = parent[y]; parent[y] = r; y = n }
            return r
        }
        for p in pairs {
            let x = find(node(p.a.target)), y = find(node(p.b.target))
            if x != y { parent[max(x, y)] = min(x, y) }
        }
        var byRoot: [Int: Int] = [:]
        var clusters: [CollisionCluster] = []
        for (k, p) in pairs.enumerated() {
            let r = find(node(p.a.target))
            if let c = byRoot[r] {
                clusters[c].pairs.append(k)
                clusters[c].severity = max(clusters[c].severity, p.severity)
                if !clusters[c].locales.contains(p.a.locale) { clusters[c].locales.append(p.a.locale) }
            } else {
                byRoot[r] = clusters.count
                clusters.append(CollisionCluster(targets: [], pairs: [k], severity: p.severity, maxRisk: p.risk, locales: [p.a.locale]))
            }
        }
        for (i, t) in targets.enumerated() {
            if let c = byRoot[find(i)] { clusters[c].targets.append(t) }
        }
        for c in clusters.indices {
            clusters[c].targets.sort()
            clusters[c].locales.sort()
        }
        // Pairs are ranked, so each cluster's first pair is its worst; order clusters by it.
        let order = clusters.indices.sorted { x, y in
            let a = clusters[x], b = clusters[y]
            if a.maxRisk != b.maxRisk { return a.maxRisk > b.maxRisk }
            if a.severity != b.severity { return a.severity > b.severity }
            if a.pairs.count != b.pairs.count { return a.pairs.count > b.pairs.count }
            return a.pairs[0] < b.pairs[0]
        }
        let ranked = order.map { clusters[$0] }
        for (ci, c) in ranked.enumerated() { for k in c.pairs { pairs[k].cluster = ci } }
        return ranked
    }
}
