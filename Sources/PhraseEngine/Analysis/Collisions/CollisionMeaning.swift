/// How close in meaning the two shortcuts of a pair are: the cosine of their closest phrase
/// vectors, the rows the matcher's semantic stage compares an utterance with (docs/collisions.md,
/// "Meaning"). Two shortcuts that mean nearly the same are ones the encoder cannot tell apart: an
/// utterance of one is about as close to the other, so the margin the stage asks for is not there.
public struct CollisionMeaning: Sendable, Hashable {
    /// The highest cosine between a phrase vector of a's shortcut and one of b's (4 digits).
    public var cosine: Double
    /// The two closest rows' texts (what was encoded): a's, then b's.
    public var a: String
    public var b: String

    public var json: JSONOut { .object([("cosine", .double(cosine)), ("a", .string(a)), ("b", .string(b))]) }

    /// The same closeness seen from the other side.
    var swapped: CollisionMeaning { CollisionMeaning(cosine: cosine, a: b, b: a) }
}

/// Two shortcuts close in meaning that no pair of the report relates at `--min-similarity` or
/// above: far in words, close in meaning.
public struct MeaningPair: Sendable {
    public var locale: String
    /// The two shortcuts (no value), a before b in catalog order.
    public var a: CollisionTarget
    public var b: CollisionTarget
    public var meaning: CollisionMeaning
    /// The best-ranked reported pair between the two shortcuts (index into the report's pairs)
    /// and the highest similarity of those pairs (below `--min-similarity`); nil: none reported.
    public var pair: Int?
    public var similarity: Double?
    /// Catalog order of a and b (the last tie-break).
    var order: (ShortcutRef, ShortcutRef)

    public var json: JSONOut {
        .object([("locale", .string(locale)), ("a", .string(a.label(qualified: true))), ("b", .string(b.label(qualified: true))),
                 ("cosine", .double(meaning.cosine)), ("aText", .string(meaning.a)), ("bText", .string(meaning.b)),
                 ("pair", pair.map { .int($0) } ?? .null), ("similarity", similarity.map { .double($0) } ?? .null)])
    }
}

/// What the report read of meaning: the encoder, and the shortcut pairs close in meaning but far in words.
public struct MeaningSummary: Sendable {
    /// The sentence encoder's identity.
    public var encoder: String
    /// Pairs of shortcuts whose closeness was read (over the analyzed locales).
    public var compared: Int
    /// The cosine from which two shortcuts are close in meaning (`CollisionOptions.minMeaning`).
    public var threshold: Double
    /// Close in meaning (cosine ≥ threshold), far in words: closest first, then locale, then the
    /// shortcuts in catalog order.
    public var farInWords: [MeaningPair]
}

/// Reads the phrase vectors of the matcher's sentence encoder for the collision report.
enum CollisionMeaningReader {
    /// A side's shortcut in the matcher's catalogs (nil: a negative phrase).
    static func shortcut(_ s: CollisionSide) -> ShortcutRef? {
        guard !s.isNegative, s.order.count >= 2, s.order[1] != Int.max, s.order[0] >= 0, s.order[1] >= 0 else { return nil }
        return ShortcutRef(app: s.order[0], shortcut: s.order[1])
    }

    /// One locale's closeness between every two shortcuts that have phrase vectors.
    struct Table: Sendable {
        /// a → b → closeness, for a < b (catalog order).
        let closest: [ShortcutRef: [ShortcutRef: CollisionMeaning]]
        let pairs: Int

        /// The closeness of two different shortcuts, seen from `x` (nil: the same shortcut, or one without vectors).
        func meaning(_ x: ShortcutRef, _ y: ShortcutRef) -> CollisionMeaning? {
            if x < y { return closest[x]?[y] }
            if y < x { return closest[y]?[x]?.swapped }
            return nil
        }
    }

    /// Every two shortcuts' closeness (on every core; rows are in catalog order, so are the shortcuts).
    static func table(_ v: PhraseVectors, threads: Int?) -> Table {
        let groups = v.rowsByShortcut()
        let rows = Parallel.map(count: groups.count, threads: threads, chunk: 1) { i -> [ShortcutRef: CollisionMeaning] in
            var out: [ShortcutRef: CollisionMeaning] = [:]
            for j in (i + 1)..<groups.count {
                guard let c = v.closest(groups[i].rows, groups[j].rows) else { continue }
                out[groups[j].owner] = CollisionMeaning(cosine: (Double(c.cosine) * 10000).rounded() / 10000,
                                                        a: v.texts[c.rowA], b: v.texts[c.rowB])
            }
            return out
        }
        var closest: [ShortcutRef: [ShortcutRef: CollisionMeaning]] = [:]
        var n = 0
        for (i, r) in rows.enumerated() {
            for (o, m) in r {
                let a = groups[i].owner
                n += 1
                if a < o { closest[a, default: [:]][o] = m } else { closest[o, default: [:]][a] = m.swapped }
            }
        }
        return Table(closest: closest, pairs: n)
    }

    /// The closeness of a pair's two shortcuts (nil: one shortcut, a negative phrase, or no vectors).
    static func meaning(_ p: CollisionPair, _ tables: [String: Table]) -> CollisionMeaning? {
        guard let t = tables[p.a.locale], let x = shortcut(p.a), let y = shortcut(p.b) else { return nil }
        return t.meaning(x, y)
    }

    /// The shortcut pairs at `threshold` or closer that no reported pair relates at `minimum` or above.
    static func farInWords(_ pairs: [CollisionPair], _ tables: [String: Table], catalogs: [Catalog],
                           minimum: Double, threshold: Double) -> [MeaningPair] {
        // The best-ranked pair between two shortcuts of a locale, and their highest similarity.
        var reported: [String: (pair: Int, similarity: Double)] = [:]
        func key(_ l: String, _ x: ShortcutRef, _ y: ShortcutRef) -> String {
            let (a, b) = x < y ? (x, y) : (y, x)
            return "\(l)|\(a.app).\(a.shortcut)|\(b.app).\(b.shortcut)"
        }
        for (i, p) in pairs.enumerated() {
            guard let x = shortcut(p.a), let y = shortcut(p.b), x != y else { continue }
            let k = key(p.a.locale, x, y)
            if let r = reported[k] { reported[k] = (r.pair, max(r.similarity, p.similarity)) } else { reported[k] = (i, p.similarity) }
        }
        func target(_ s: ShortcutRef) -> CollisionTarget {
            let c = catalogs[s.app]
            return CollisionTarget(app: c.app.id, intent: c.shortcuts[s.shortcut].intent, value: nil, valueTitle: nil, negative: false)
        }
        var out: [MeaningPair] = []
        for (l, t) in tables {
            for (a, row) in t.closest {
                for (b, m) in row where m.cosine >= threshold {
                    guard catalogs.indices.contains(a.app), catalogs.indices.contains(b.app),
                          catalogs[a.app].shortcuts.indices.contains(a.shortcut), catalogs[b.app].shortcuts.indices.contains(b.shortcut) else { continue }
                    let r = reported[key(l, a, b)]
                    if let r, r.similarity >= minimum { continue }
                    out.append(MeaningPair(locale: l, a: target(a), b: target(b), meaning: m, pair: r?.pair, similarity: r?.similarity, order: (a, b)))
                }
            }
        }
        return out.sorted { x, y in
            if x.meaning.cosine != y.meaning.cosine { return x.meaning.cosine > y.meaning.cosine }
            if x.locale != y.locale { return x.locale < y.locale }
            return (x.order.0.app, x.order.0.shortcut, x.order.1.app, x.order.1.shortcut) < (y.order.0.app, y.order.0.shortcut, y.order.1.app, y.order.1.shortcut)
        }
    }
}
