/// Phrases of different targets that the matcher confuses: each expanded phrase (within the
/// budget) is matched as if a person said it; when the best other target scores close, the pair
/// collides. The same scorer as matching, so the report predicts real confusions.
public enum CollisionFinder {
    public struct Pair: Sendable {
        public var locale: String
        public var a: ExpandedPhrase
        /// The other target's phrase (its template rendered with its app name and value).
        public var bIntent: String
        public var bApp: String
        public var bPhrase: String
        public var bParameters: [(String, ParameterValue)]
        public var similarity: Double
        public var kind: String
    }

    /// Pairs whose similarity reaches `minimum`, strongest first (ties: locale, text).
    public static func pairs(matcher: Matcher, locale: String, minimum: Double = 0.75, maxPhrasesPerApp: Int = Expansion.budget) -> [Pair] {
        var out: [Pair] = []
        var o = matcher.options
        o.explain = false
        o.limit = 4
        o.threshold = 0
        for c in matcher.catalogs {
            Expansion.forEach(c, locale: locale, includeTruncated: false) { p in
                if p.ordinal >= maxPhrasesPerApp { return false }
                // One phrase per template and value (app-name variants repeat it).
                if case .alternative = p.appName.kind { return true }
                let r = matcher.match(p.text, locale: locale, options: o)
                for cand in r.results {
                    let same = cand.app == p.app && cand.intent == p.intent
                        && cand.parameters.map(\.value) == p.parameters.map(\.1)
                    if same { continue }
                    guard cand.score >= minimum else { break }
                    let kind = cand.app != p.app ? "app-name" : (cand.intent == p.intent ? "parameter" : "intent")
                    out.append(Pair(locale: locale, a: p, bIntent: cand.intent, bApp: cand.app, bPhrase: cand.phrase,
                                    bParameters: cand.parameters.map { ($0.name, $0.value) }, similarity: cand.score, kind: kind))
                    break
                }
                return true
            }
        }
        return out.sorted { $0.similarity != $1.similarity ? $0.similarity > $1.similarity : ($0.a.text, $0.bPhrase) < ($1.a.text, $1.bPhrase) }
    }

    /// A short text report (used by the REPL's :collisions).
    public static func quickReport(matcher: Matcher, locale: String, limit: Int) -> String {
        guard let l = matcher.indexedLocale(for: locale) else { return "no phrases in \(locale)\n" }
        let ps = pairs(matcher: matcher, locale: l)
        if ps.isEmpty { return "no phrases of different shortcuts or values score ≥ 0.75 against each other in \(l)\n" }
        var s = "\(ps.count) phrase(s) in \(l) that another target also takes (similarity ≥ 0.75):\n"
        for p in ps.prefix(limit) {
            s += "  \(JSONOut.formatNumber(p.similarity))  [\(p.kind)] \"\(p.a.text)\" (\(p.a.intent)) ~ \"\(p.bPhrase)\" (\(p.bIntent))\n"
        }
        if ps.count > limit { s += "  … \(ps.count - limit) more\n" }
        return s
    }
}
