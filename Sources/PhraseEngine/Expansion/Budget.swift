/// One locale's phrase budget as the system applies it: the expanded count (every app-name
/// variant × parameter option of every usable template), the limit, and what a truncation cuts.
public struct PhraseBudget: Sendable, Hashable {
    public var app: String
    public var locale: String
    /// Expanded phrases, counted as the system counts them (see `Expansion.count`).
    public var count: Int
    /// The per-locale limit (`Expansion.budget`).
    public var budget: Int
    /// The first phrase past the limit in budget order, when there is one.
    public var firstCut: ExpandedPhrase?

    /// How many phrases the system cuts (0 within budget).
    public var cut: Int { max(0, count - budget) }
    public var isTruncated: Bool { count > budget }

    /// Whether a phrase at an ordinal (its position in budget order) survives the truncation.
    public func keeps(ordinal: Int) -> Bool { ordinal < budget }

    /// "en: 1,234 phrases, budget 1,000, 234 cut (first cut: "…")"
    public var line: String {
        var s = "\(locale): \(PhraseBudget.grouped(count)) phrase\(count == 1 ? "" : "s"), budget \(PhraseBudget.grouped(budget))"
        if isTruncated {
            s += ", \(PhraseBudget.grouped(cut)) cut"
            if let f = firstCut { s += " (first cut: \"\(f.text)\", \(f.intent))" }
        }
        return s
    }

    /// Thousands separated by commas, the same on every platform and locale.
    public static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(ch)
        }
        return n < 0 ? "-" + out : out
    }
}

extension Expansion {
    /// The budget of a locale: the count, and the first phrase a truncation cuts. Builds at
    /// most `budget + 1` phrases, whatever the size of the option sets.
    public static func budget(_ c: Catalog, locale: String) -> PhraseBudget {
        let n = count(c, locale: locale)
        var first: ExpandedPhrase? = nil
        if n > budget {
            forEach(c, locale: locale) { p in
                if p.ordinal == budget { first = p; return false }
                return true
            }
        }
        return PhraseBudget(app: c.app.id, locale: locale, count: n, budget: budget, firstCut: first)
    }
}
