/// Checks a collision report against reality: evaluates corpora and counts, for each reported
/// pair of targets, how often eval routed one target's utterances to the other.
public struct RealityCheck: Sendable {
    /// One pair of targets (the pairs of the report grouped by locale and targets), in report order.
    public struct Row: Sendable {
        public var locale: String
        public var kind: CollisionKind
        public var a: CollisionTarget
        public var b: CollisionTarget
        /// The best-ranked pair of the group (index into the report's pairs) and the group's size.
        public var pair: Int
        public var pairs: Int
        public var similarity: Double
        public var severity: CollisionSeverity
        /// Utterances expecting a that eval routed to b, and the reverse (negative rows: real
        /// utterances of b that the negative phrase blocked).
        public var aToB: Int
        public var bToA: Int
        /// Utterances of the corpora expecting a and b.
        public var supportA: Int
        public var supportB: Int
        public var confusions: Int { aToB + bToA }
        /// Confusions per utterance said (a→b and b→a over the utterances of a and b; negative
        /// rows: over b's).
        public var rate: Double { heard == 0 ? 0 : Double(confusions) / Double(heard) }
        /// The utterances a rate counts over: of a and b (negative rows: of b).
        public var heard: Int { kind == .negative ? supportB : supportA + supportB }
        /// The utterances said one of the targets (a target pair nobody said cannot be measured).
        public var said: Bool { heard > 0 }
    }
    /// A confused pair of targets the report does not list.
    public struct Missed: Sendable {
        public var locale: String
        /// "app/Intent" or "app/Intent|name=value" (expected, got), the more frequent direction first.
        public var a: String
        public var b: String
        public var count: Int
        /// `a` and `b` as reports show them: "app/Intent(name=Title (id))" when the value's title
        /// is known (from a result that bound it), "app/Intent(name=id)" otherwise.
        public var aTitle: String = ""
        public var bTitle: String = ""
    }
    public var rows: [Row]
    /// In-domain utterances evaluated.
    public var utterances: Int
    /// Utterances routed to another in-domain target (another shortcut, or another value).
    public var confusions: Int
    /// Of those, the ones between targets the report lists.
    public var confusionsOnReportedPairs: Int
    /// Corpus files read, and the simulated recognizer's settings (`--against-synth`), for the report.
    public var corpora = 0
    public var noise: CollisionNoise.Options? = nil
    /// The cutoff of the statistics (`--top`, default 10).
    public var k: Int
    /// Confused pairs the report does not list, most confused first.
    public var missed: [Missed]

    /// The target pairs whose targets the utterances said at all (the others cannot be measured).
    public var measured: [Row] { rows.filter { $0.said } }

    /// Fraction of the top k measured target pairs with at least one confusion.
    public var precisionAtK: Double {
        let top = measured.prefix(k)
        return top.isEmpty ? 0 : Double(top.filter { $0.confusions > 0 }.count) / Double(top.count)
    }
    /// Fraction of all confusions (counted per utterance) that fall on the top k measured target pairs.
    public var recallAtK: Double {
        confusions == 0 ? 0 : Double(measured.prefix(k).reduce(0) { $0 + $1.confusions }) / Double(confusions)
    }
    /// Fraction of all measured target pairs with at least one confusion: precision@k of a ranking by chance.
    public var chance: Double {
        let m = measured
        return m.isEmpty ? 0 : Double(m.filter { $0.confusions > 0 }.count) / Double(m.count)
    }
    /// Fraction of all confusions (counted per utterance) between target pairs the report lists.
    public var recall: Double { confusions == 0 ? 0 : Double(confusionsOnReportedPairs) / Double(confusions) }
    /// Spearman's rank correlation between the report's ranking and the confusion rate, over
    /// the measured target pairs (ties get their average rank); nil with fewer than 3 of them or
    /// no variation.
    public var spearman: Double? {
        let m = measured
        return RealityCheck.spearman(m.indices.map { Double(-$0) }, m.map(\.rate))
    }

    /// Spearman's ρ of two samples: Pearson's correlation of their average ranks.
    public static func spearman(_ x: [Double], _ y: [Double]) -> Double? {
        guard x.count == y.count, x.count >= 3 else { return nil }
        func ranks(_ v: [Double]) -> [Double] {
            let order = v.indices.sorted { v[$0] != v[$1] ? v[$0] < v[$1] : $0 < $1 }
            var r = [Double](repeating: 0, count: v.count)
            var i = 0
            while i < order.count {
                var j = i
                while j + 1 < order.count && v[order[j + 1]] == v[order[i]] { j += 1 }
                let avg = Double(i + j) / 2 + 1
                for t in i...j { r[order[t]] = avg }
                i = j + 1
            }
            return r
        }
        let rx = ranks(x), ry = ranks(y)
        let n = Double(x.count)
        let mx = rx.reduce(0, +) / n, my = ry.reduce(0, +) / n
        var sxy = 0.0, sxx = 0.0, syy = 0.0
        for i in rx.indices {
            sxy += (rx[i] - mx) * (ry[i] - my)
            sxx += (rx[i] - mx) * (rx[i] - mx)
            syy += (ry[i] - my) * (ry[i] - my)
        }
        guard sxx > 0, syy > 0 else { return nil }
        return sxy / (sxx * syy).squareRoot()
    }
}

public enum CollisionReality {
    /// The pairs of one row share this: locale, kind and the two targets in either order.
    static func rowKey(_ p: CollisionPair) -> String {
        let ta = p.a.target, tb = p.b.target
        return "\(p.a.locale)|\(p.kind.rawValue)|\(min(ta, tb).label(qualified: true))|\(max(ta, tb).label(qualified: true))"
    }

    /// Evaluates `items` with `matcher` (as `eval` does) and attaches the counts to the report.
    /// - Parameter k: the cutoff of precision@k and recall@k.
    public static func check(_ report: CollisionReport, matcher: Matcher, items: [CorpusItem], k: Int = 10, threads: Int? = nil,
                             progress: (@Sendable (Int, Int) -> Void)? = nil) -> RealityCheck {
        let (preds, _) = Evaluator.run(items, matcher: matcher, k: 5, threads: threads, explain: false, progress: progress)
        let singleApp = matcher.catalogs.count == 1 ? matcher.catalogs.first?.app.id : nil
        // (locale, expected, got) → count, for every combination of the shortcut alone and the
        // shortcut with each of its values ("app/Intent", "app/Intent|name=value").
        var confused: [String: Int] = [:], blocked: [String: Int] = [:], support: [String: Int] = [:]
        var confusions = 0, inDomain = 0
        /// Each confusion: locale, the expected and got keys, and the pair of keys it is listed under when missed.
        var confusedKeys: [(l: String, exp: [String], got: [String], shown: (String, String))] = []
        /// "app/Intent|name=id" → the value's title, from the results that bound it.
        var valueTitles: [String: String] = [:]
        for p in preds {
            guard let e = p.item.expect else { continue }
            inDomain += 1
            let l = matcher.indexedLocale(for: p.locale) ?? p.locale
            let app = e.app ?? singleApp ?? "*"
            let exp = "\(app)/\(e.intent)"
            let expValues = e.parameters.sorted { $0.key < $1.key }.map { exp + "|" + $0.key + "=" + $0.value }
            support[l + "|" + exp, default: 0] += 1
            for k in expValues { support[l + "|" + k, default: 0] += 1 }
            if p.decision == .none, p.reason.contains("negative phrase") {
                blocked[l + "|" + exp + "|" + p.reason, default: 0] += 1
            }
            guard let g = p.got else { continue }
            let got = "\(g.app)/\(g.intent)"
            let gotValues = g.parameters.map { got + "|" + $0.name + "=" + $0.value.identity }.sorted()
            for v in g.parameters where valueTitles[got + "|" + v.name + "=" + v.value.identity] == nil {
                valueTitles[got + "|" + v.name + "=" + v.value.identity] = v.title
            }
            var ek: [String] = [], gk: [String] = [], shown: (String, String)
            if got != exp && !(e.app == nil && g.intent == e.intent) {
                ek = [exp] + expValues
                gk = [got] + gotValues
                shown = (exp, got)
            } else {
                guard let (k, v, gv) = e.parameters.sorted(by: { $0.key < $1.key }).lazy.compactMap({ (k, v) -> (String, String, String)? in
                    guard let gv = g.parameters.first(where: { $0.name == k })?.value.identity, gv != v else { return nil }
                    return (k, v, gv)
                }).first else { continue }
                ek = [exp + "|" + k + "=" + v]
                gk = [exp + "|" + k + "=" + gv]
                shown = (ek[0], gk[0])
            }
            confusions += 1
            for x in ek { for y in gk { confused[l + "|" + x + "|" + y, default: 0] += 1 } }
            confusedKeys.append((l, ek, gk, shown))
        }
        func sc(_ t: CollisionTarget) -> String { "\(t.app)/\(t.intent)" }
        func tk(_ t: CollisionTarget) -> String { sc(t) + (t.value.map { "|" + $0 } ?? "") }
        var rows: [RealityCheck.Row] = []
        var rowIndex: [String: Int] = [:]
        var reported = Set<String>()
        for (i, pr) in report.pairs.enumerated() {
            let l = pr.a.locale
            let ta = pr.a.target, tb = pr.b.target
            let key = rowKey(pr)
            if let r = rowIndex[key] { rows[r].pairs += 1; continue }
            var ab = 0, ba = 0, sa = 0, sb = 0
            switch pr.kind {
            case .negative:
                let why = "matches the negative phrase \"\(pr.a.template)\" of \(pr.a.app)"
                ab = blocked[l + "|" + sc(tb) + "|" + why] ?? 0
                sb = support[l + "|" + sc(tb)] ?? 0
            case .intent, .appName, .parameter:
                ab = confused[l + "|" + tk(ta) + "|" + tk(tb)] ?? 0
                ba = confused[l + "|" + tk(tb) + "|" + tk(ta)] ?? 0
                sa = support[l + "|" + tk(ta)] ?? 0
                sb = support[l + "|" + tk(tb)] ?? 0
                reported.insert(l + "|" + tk(ta) + "|" + tk(tb))
                reported.insert(l + "|" + tk(tb) + "|" + tk(ta))
            }
            rowIndex[key] = rows.count
            rows.append(RealityCheck.Row(locale: l, kind: pr.kind, a: ta, b: tb, pair: i, pairs: 1, similarity: pr.similarity,
                                         severity: pr.severity, aToB: ab, bToA: ba, supportA: sa, supportB: sb))
        }
        var onPairs = 0
        var missedCount: [String: Int] = [:]
        for c in confusedKeys {
            if c.exp.contains(where: { x in c.got.contains { y in reported.contains(c.l + "|" + x + "|" + y) } }) { onPairs += 1; continue }
            missedCount[c.l + "\u{1}" + c.shown.0 + "\u{1}" + c.shown.1, default: 0] += 1
        }
        // Both directions of a missed pair together, the more frequent one first.
        var merged: [String: RealityCheck.Missed] = [:]
        for (key, n) in missedCount.sorted(by: { $0.key < $1.key }) {
            let f = key.components(separatedBy: "\u{1}")
            guard f.count == 3 else { continue }
            let (l, x, y) = (f[0], f[1], f[2])
            let u = l + "\u{1}" + min(x, y) + "\u{1}" + max(x, y)
            if var m = merged[u] {
                m.count += n
                if n > (missedCount[l + "\u{1}" + m.a + "\u{1}" + m.b] ?? 0) { (m.a, m.b) = (x, y) }
                merged[u] = m
            } else {
                merged[u] = RealityCheck.Missed(locale: l, a: x, b: y, count: n)
            }
        }
        /// "app/Intent|name=id" as a target's title reads ("app/Intent(name=Title (id))").
        func title(_ key: String) -> String {
            guard let bar = key.firstIndex(of: "|") else { return key }
            let value = key[key.index(after: bar)...]
            guard let eq = value.firstIndex(of: "=") else { return key }
            return key[..<bar] + "(" + ValueText.of(value[..<eq], id: String(value[value.index(after: eq)...]), title: valueTitles[key]) + ")"
        }
        let missed = merged.values.sorted { ($0.count, $1.locale, $1.a, $1.b) > ($1.count, $0.locale, $0.a, $0.b) }.map { m in
            var m = m
            (m.aTitle, m.bTitle) = (title(m.a), title(m.b))
            return m
        }
        return RealityCheck(rows: rows, utterances: inDomain, confusions: confusions, confusionsOnReportedPairs: onPairs,
                            k: k, missed: missed)
    }
}
