/// Word-level similarity used by the matcher and the collision report.
enum WordSimilarity {
    /// Optimal string alignment distance (Damerau-Levenshtein with adjacent transpositions),
    /// with an early exit once the distance exceeds `limit`. Works on Unicode scalars.
    static func distance(_ a: [UInt32], _ b: [UInt32], limit: Int) -> Int {
        let n = a.count, m = b.count
        if abs(n - m) > limit { return limit + 1 }
        if n == 0 { return m }
        if m == 0 { return n }
        // Three rows in one stack buffer (no allocation per call).
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * (m + 1)) { buf -> Int in
            guard let base = buf.baseAddress else { return limit + 1 }
            var p2 = base, p1 = base + (m + 1), cur = base + 2 * (m + 1)
            for j in 0...m { p2[j] = 0; p1[j] = j; cur[j] = 0 }
            return a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in
                    for i in 1...n {
                        cur[0] = i
                        var rowMin = cur[0]
                        for j in 1...m {
                            let cost = a[i - 1] == b[j - 1] ? 0 : 1
                            var v = min(p1[j] + 1, cur[j - 1] + 1, p1[j - 1] + cost)
                            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { v = min(v, p2[j - 2] + 1) }
                            cur[j] = v
                            rowMin = min(rowMin, v)
                        }
                        if rowMin > limit { return limit + 1 }
                        let t = p2
                        p2 = p1
                        p1 = cur
                        cur = t
                    }
                    return p1[m]
                }
            }
        }
    }

    /// Edits allowed for a word of this length (in scalars).
    @inline(__always)
    static func maxEdits(_ length: Int) -> Int { length >= 8 ? 2 : (length >= 4 ? 1 : 0) }

    /// Similarity of two words from their edit distance: 1 - d / max length, or 0 past the allowance.
    static func fuzzy(_ a: [UInt32], _ b: [UInt32]) -> Float {
        let l = max(a.count, b.count)
        let k = maxEdits(min(a.count, b.count) + (a.count == b.count ? 0 : 1))
        if k == 0 { return 0 }
        let d = distance(a, b, limit: k)
        if d > k { return 0 }
        return 1 - Float(d) / Float(l)
    }

    /// Similarity of inflected forms: one word is the other plus a short ending, or both share a
    /// long stem and differ in short endings ("grossen" / "gross", "lights" / "light", "cafés" / "café").
    static func stem(_ a: [UInt32], _ b: [UInt32]) -> Float {
        let short = min(a.count, b.count), long = max(a.count, b.count)
        guard short >= 4 else { return 0 }
        var p = 0
        while p < short && a[p] == b[p] { p += 1 }
        guard p >= 4 else { return 0 }
        let ra = a.count - p, rb = b.count - p
        if ra <= 3 && rb <= 3 && (ra + rb) <= 4 {
            return max(0.6, 0.9 - 0.05 * Float(ra + rb)) * (long > 12 ? 1 : 1)
        }
        return 0
    }

}
