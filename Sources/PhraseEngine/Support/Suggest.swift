/// "Did you mean" suggestions by edit distance.
public enum Suggest {
    public static func closest(_ word: String, among candidates: [String]) -> String? {
        var best: (String, Int)? = nil
        for c in candidates {
            let d = Levenshtein.distance(Array(word.lowercased().unicodeScalars), Array(c.lowercased().unicodeScalars))
            if d <= max(2, c.count / 3), d < (best?.1 ?? Int.max) { best = (c, d) }
        }
        return best?.0
    }
}
