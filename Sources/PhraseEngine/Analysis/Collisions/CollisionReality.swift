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
    }
    public var rows: [Row]
    /// In-domain utterances evaluated.
    public var utterances: Int
    /// Utterances routed to another in-domain target (another shortcut, or another value).
    public var confusions: Int
    /// Of those, the ones between targets the report lists.
    public var confusionsOnReportedPairs: Int
}

public enum CollisionReality {
    /// Evaluates `items` with `matcher` (as `eval` does) and attaches the counts to the report.
    public static func check(_ report: CollisionReport, matcher: Matcher, items: [CorpusItem], threads: Int? = nil) -> RealityCheck {
        let (preds, _) = Evaluator.run(items, matcher: matcher, k: 5, threads: threads, explain: false)
        let singleApp = matcher.catalogs.count == 1 ? matcher.catalogs.first?.app.id : nil
        // (locale, expected, got) → count, at shortcut level and at value level.
        var shortcut: [String: Int] = [:], value: [String: Int] = [:], blocked: [String: Int] = [:], support: [String: Int] = [:]
        var confusions = 0, inDomain = 0
        var confusedKeys: [(String, String, String, Bool)] = []
        for p in preds {
            guard let e = p.item.expect else { continue }
            inDomain += 1
            let l = matcher.indexedLocale(for: p.locale) ?? p.locale
            let app = e.app ?? singleApp ?? "*"
            let exp = "\(app)/\(e.intent)"
            support[l + "|" + exp, default: 0] += 1
            for (k, v) in e.parameters { support[l + "|" + exp + "|" + k + "=" + v, default: 0] += 1 }
            if p.decision == .none, p.reason.contains("negative phrase") {
                blocked[l + "|" + exp + "|" + p.reason, default: 0] += 1
            }
            guard let g = p.got else { continue }
            let got = "\(g.app)/\(g.intent)"
            if got != exp && !(e.app == nil && g.intent == e.intent) {
                shortcut[l + "|" + exp + "|" + got, default: 0] += 1
                confusions += 1
                confusedKeys.append((l, exp, got, false))
            } else {
                for (k, v) in e.parameters {
                    guard let gv = g.parameters.first(where: { $0.name == k })?.value.identity, gv != v else { continue }
                    value[l + "|" + exp + "|" + k + "=" + v + "|" + k + "=" + gv, default: 0] += 1
                    confusions += 1
                    confusedKeys.append((l, exp + "|" + k + "=" + v, exp + "|" + k + "=" + gv, true))
                    break
                }
            }
        }
        func sc(_ t: CollisionTarget) -> String { "\(t.app)/\(t.intent)" }
        var rows: [RealityCheck.Row] = []
        var rowIndex: [String: Int] = [:]
        var reported = Set<String>()
        for (i, pr) in report.pairs.enumerated() {
            let l = pr.a.locale
            let ta = pr.a.target, tb = pr.b.target
            let key = "\(l)|\(pr.kind.rawValue)|\(min(ta, tb).label(qualified: true))|\(max(ta, tb).label(qualified: true))"
            if let r = rowIndex[key] { rows[r].pairs += 1; continue }
            var ab = 0, ba = 0, sa = 0, sb = 0
            switch pr.kind {
            case .parameter:
                if let va = ta.value, let vb = tb.value {
                    ab = value[l + "|" + sc(ta) + "|" + va + "|" + vb] ?? 0
                    ba = value[l + "|" + sc(ta) + "|" + vb + "|" + va] ?? 0
                    sa = support[l + "|" + sc(ta) + "|" + va] ?? 0
                    sb = support[l + "|" + sc(tb) + "|" + vb] ?? 0
                    reported.insert(l + "|" + sc(ta) + "|" + va + "|" + sc(tb) + "|" + vb)
                    reported.insert(l + "|" + sc(tb) + "|" + vb + "|" + sc(ta) + "|" + va)
                }
            case .negative:
                let why = "matches the negative phrase \"\(pr.a.template)\" of \(pr.a.app)"
                ab = blocked[l + "|" + sc(tb) + "|" + why] ?? 0
                sb = support[l + "|" + sc(tb)] ?? 0
            case .intent, .appName:
                ab = shortcut[l + "|" + sc(ta) + "|" + sc(tb)] ?? 0
                ba = shortcut[l + "|" + sc(tb) + "|" + sc(ta)] ?? 0
                sa = support[l + "|" + sc(ta)] ?? 0
                sb = support[l + "|" + sc(tb)] ?? 0
                reported.insert(l + "|" + sc(ta) + "|" + sc(tb))
                reported.insert(l + "|" + sc(tb) + "|" + sc(ta))
            }
            rowIndex[key] = rows.count
            rows.append(RealityCheck.Row(locale: l, kind: pr.kind, a: ta, b: tb, pair: i, pairs: 1, similarity: pr.similarity,
                                         severity: pr.severity, aToB: ab, bToA: ba, supportA: sa, supportB: sb))
        }
        var onPairs = 0
        for (l, x, y, _) in confusedKeys where reported.contains(l + "|" + x + "|" + y) { onPairs += 1 }
        return RealityCheck(rows: rows, utterances: inDomain, confusions: confusions, confusionsOnReportedPairs: onPairs)
    }
}
