/// Entry points kept for the REPL and older callers; the analysis is `CollisionAnalyzer`.
public enum CollisionFinder {
    /// Pairs of one locale whose similarity reaches `minimum`, ranked (see `CollisionAnalyzer`).
    public static func pairs(matcher: Matcher, locale: String, minimum: Double = 0.75) -> [CollisionPair] {
        var o = CollisionOptions()
        o.minSimilarity = minimum
        o.locales = [locale]
        return CollisionAnalyzer.analyze(matcher: matcher, options: o).pairs
    }
}
