/// Entry points kept for the REPL and older callers; the analysis is `CollisionAnalyzer`.
public enum CollisionFinder {
    /// Pairs of one locale whose similarity reaches `minimum`, ranked (see `CollisionAnalyzer`).
    public static func pairs(matcher: Matcher, locale: String, minimum: Double = 0.75) -> [CollisionPair] {
        var o = CollisionOptions()
        o.minSimilarity = minimum
        o.locales = [locale]
        return CollisionAnalyzer.analyze(matcher: matcher, options: o).pairs
    }

    /// A short text report (used by the REPL's :collisions): the ranked pairs of one locale.
    public static func quickReport(matcher: Matcher, locale: String, limit: Int) -> String {
        guard let l = matcher.indexedLocale(for: locale) else { return "no phrases in \(locale)\n" }
        var o = CollisionOptions()
        o.locales = [l]
        let report = CollisionAnalyzer.analyze(matcher: matcher, options: o)
        return CollisionFormats.text(report, top: limit)
    }
}
