/// The collision report as text, JSON (the contract of spec/cli.md) and Markdown. Output is
/// byte-stable: no timings, everything in report order.
public enum CollisionFormats {
    static func side(_ s: CollisionSide, _ q: Bool) -> String {
        "\"\(s.text)\" (\(s.target.title(qualified: q)))"
    }

    static func summary(_ r: CollisionReport, top: Int?) -> String {
        let n = r.pairs.count
        var s = "\(n) colliding pair\(n == 1 ? "" : "s")"
        if n > 0 {
            s += " (\(r.count(.error)) error\(r.count(.error) == 1 ? "" : "s"), \(r.count(.warning)) warning\(r.count(.warning) == 1 ? "" : "s"), \(r.count(.note)) note\(r.count(.note) == 1 ? "" : "s"))"
            s += " in \(r.clusters.count) cluster\(r.clusters.count == 1 ? "" : "s")"
        }
        s += "; \(r.phrases) phrase\(r.phrases == 1 ? "" : "s") in \(r.locales.isEmpty ? "no locale" : r.locales.joined(separator: ", "))"
        if n > 0 {
            s += r.simulated > 0 ? "; risk from \(r.simulated) simulated utterance\(r.simulated == 1 ? "" : "s") a phrase" : "; ranked by closeness (no simulation)"
        }
        return s
    }

    /// What the summary's counts are and what a pair's similarity is: the line under the summary
    /// in every format.
    static func legend(_ r: CollisionReport) -> String { legendLines(r).joined(separator: " ") }

    /// The legend's sentences: what the probes were, then what the similarity is.
    static func legendLines(_ r: CollisionReport) -> [String] {
        let minimum = JSONOut.formatNumber(r.options.minSimilarity)
        let said = r.probes - r.negativeProbes
        var s = "Probes: \(said) phrase\(said == 1 ? "" : "s") said as written and matched"
        if said < r.phrases {
            s += " (of each template and value the display-name phrase: its alternative-name variants are said only in a locale of at most "
                + "\(PhraseBudget.grouped(CollisionOptions.smallCatalogPhrases)) phrases)"
        }
        if r.negativeProbes > 0 { s += ", and \(r.negativeProbes) negative phrase\(r.negativeProbes == 1 ? "" : "s")" }
        s += "."
        if r.pairs.isEmpty {
            return [s, "No probe scores \(minimum) or more for another target, and no lost word, app name or alike values bring two targets together."]
        }
        return [s, "Similarity: the score a phrase of one target said as written gets for the other target, the higher of the two directions. "
            + "A pair is reported at \(minimum) or more, or below it (down to 0: neither was among the other's results) when a word lost takes "
            + "one to the other, an app name reads as another's, or two values are alike compared directly; its \"why\" says which."]
            + (r.meaning.map { [meaningLegend($0)] } ?? [])
    }

    /// What a pair's meaning is (a report that read it).
    static func meaningLegend(_ m: MeaningSummary) -> String {
        "Meaning: the cosine of the two shortcuts' closest phrase vectors (the sentence encoder \(m.encoder), as the matcher's meaning stage reads them); "
            + "two shortcuts at \(JSONOut.formatNumber(m.threshold)) or more are close in meaning, and an utterance of one is hardly closer to it than to the other."
    }

    /// ", meaning 0.93" for a pair whose shortcuts' meaning was read.
    static func meaningText(_ p: CollisionPair) -> String {
        p.meaning.map { ", meaning \(JSONOut.formatNumber($0.cosine))" } ?? ""
    }

    /// A pair of shortcuts close in meaning and far in words, as a line.
    static func meaningPairLine(_ r: CollisionReport, _ m: MeaningPair) -> String {
        let words: String
        if let sim = m.similarity, let k = m.pair {
            words = "in words: pair \(k + 1), similarity \(JSONOut.formatNumber(sim)) (below \(JSONOut.formatNumber(r.options.minSimilarity)))"
        } else {
            words = "in words: not paired"
        }
        return "[\(m.locale)] \(m.a.title(qualified: r.qualified)) ~ \(m.b.title(qualified: r.qualified)): meaning \(JSONOut.formatNumber(m.meaning.cosine)) "
            + "(\"\(m.meaning.a)\" ~ \"\(m.meaning.b)\"); \(words)"
    }

    /// The heading of the close-in-meaning section.
    static func meaningHeading(_ m: MeaningSummary) -> String {
        "Close in meaning, far in words (meaning \(JSONOut.formatNumber(m.threshold)) or more, no pair at the minimum similarity; \(m.farInWords.count) of \(m.compared) shortcut pairs)"
    }

    /// The close-in-meaning section as text lines ("  1. …"), `top` of them at most.
    static func meaningSection(_ r: CollisionReport, top: Int?) -> String {
        guard let m = r.meaning else { return "" }
        var s = "\n" + meaningHeading(m) + ":\n"
        if m.farInWords.isEmpty { return s + "  none\n" }
        let limit = min(top ?? m.farInWords.count, m.farInWords.count)
        for (i, x) in m.farInWords.prefix(limit).enumerated() { s += "  \(i + 1). " + meaningPairLine(r, x) + "\n" }
        if limit < m.farInWords.count { s += "  … \(m.farInWords.count - limit) more (--top N or --format json)\n" }
        return s
    }

    /// A pair's similarity, marked when it is below the report's minimum (the legend says why
    /// such a pair is listed).
    static func similarityText(_ p: CollisionPair, _ r: CollisionReport) -> String {
        let x = JSONOut.formatNumber(p.similarity)
        if p.similarity >= r.options.minSimilarity { return x }
        return x + " (below \(JSONOut.formatNumber(r.options.minSimilarity)))"
    }

    /// - Parameter severity: start with the severity (the html report shows it colored apart).
    static func clusterLine(_ r: CollisionReport, _ c: CollisionCluster, severity: Bool = true) -> String {
        let names = c.targets.map { $0.title(qualified: r.qualified) }
        let shown = names.count > 6 ? names.prefix(6).joined(separator: ", ") + ", … \(names.count - 6) more" : names.joined(separator: ", ")
        return (severity ? c.severity.name + " " : "") + "[\(c.locales.joined(separator: ", "))] \(shown) — \(c.pairs.count) pair\(c.pairs.count == 1 ? "" : "s"), max risk \(JSONOut.formatNumber(c.maxRisk))"
    }

    /// - Parameter top: pairs to list (nil: all).
    public static func text(_ r: CollisionReport, top: Int? = nil) -> String {
        var s = "Collisions: " + summary(r, top: top) + "\n" + legendLines(r).joined(separator: "\n") + "\n"
        if r.pairs.isEmpty { return s + meaningSection(r, top: top) + (r.reality.map { "\n" + realityText(r, $0, top: top) } ?? "") }
        let limit = min(top ?? r.pairs.count, r.pairs.count)
        s += "\nClusters (worst first):\n"
        for (i, c) in r.clusters.enumerated() {
            if top != nil && i >= max(limit, 1) { s += "  … \(r.clusters.count - i) more\n"; break }
            s += "  \(i + 1). " + clusterLine(r, c) + "\n"
        }
        s += "\nPairs (worst first):\n"
        for (i, p) in r.pairs.prefix(limit).enumerated() {
            s += "  \(i + 1). \(p.severity.name), similarity \(similarityText(p, r)), \(p.kind.rawValue) [\(p.a.locale), cluster \(p.cluster + 1), risk \(JSONOut.formatNumber(p.risk))\(p.simulated.map { ", \($0.confused) of \($0.said) heard confused" } ?? "")\(meaningText(p))]\n"
            s += "     a: \(side(p.a, r.qualified))\n"
            s += "     b: \(side(p.b, r.qualified))\n"
            s += "     why: \(p.reason)\n"
            s += "     fix: \(p.suggestion)\n"
        }
        if limit < r.pairs.count { s += "  … \(r.pairs.count - limit) more (--top N or --format json)\n" }
        s += meaningSection(r, top: top)
        if let rc = r.reality { s += "\n" + realityText(r, rc, top: top) }
        return s
    }

    /// What the reality check was measured on.
    static func realitySource(_ rc: RealityCheck) -> String {
        var parts: [String] = []
        if rc.corpora > 0 { parts.append("\(rc.corpora) corpus file\(rc.corpora == 1 ? "" : "s")") }
        if let n = rc.noise {
            parts.append("\(n.perPhrase) noisy utterance\(n.perPhrase == 1 ? "" : "s") per phrase (word error rate \(JSONOut.formatNumber(n.wordErrorRate)), seed \(n.seed))")
        }
        return parts.isEmpty ? "no utterances" : parts.joined(separator: " + ")
    }

    static func optionalNumber(_ x: Double?) -> String { x.map { JSONOut.formatNumber(($0 * 1000).rounded() / 1000) } ?? "-" }

    public static func realityText(_ r: CollisionReport, _ rc: RealityCheck, top: Int? = nil) -> String {
        var s = "Against reality (\(realitySource(rc))): \(rc.utterances) in-domain utterances, \(rc.confusions) routed to another target; "
        s += "\(rc.confusionsOnReportedPairs) of those (\(EvalFormats.pct(rc.recall))) are between targets this report pairs.\n"
        let rows = rc.rows.prefix(top ?? 20)
        if !rows.isEmpty {
            s += "  rank  locale   severity  sim     risk    a→b   b→a   a/b said   rate    targets\n"
            for (i, row) in rows.enumerated() {
                let risk = r.pairs.indices.contains(row.pair) ? r.pairs[row.pair].risk : 0
                let cols = [String(i + 1).padding(toLength: 4, withPad: " ", startingAt: 0),
                            row.locale.padding(toLength: 7, withPad: " ", startingAt: 0),
                            row.severity.name.padding(toLength: 8, withPad: " ", startingAt: 0),
                            JSONOut.formatNumber(row.similarity).padding(toLength: 6, withPad: " ", startingAt: 0),
                            JSONOut.formatNumber(risk).padding(toLength: 6, withPad: " ", startingAt: 0),
                            String(row.aToB).padding(toLength: 4, withPad: " ", startingAt: 0),
                            String(row.bToA).padding(toLength: 4, withPad: " ", startingAt: 0),
                            "\(row.supportA)/\(row.supportB)".padding(toLength: 9, withPad: " ", startingAt: 0),
                            (row.said ? EvalFormats.pct(row.rate) : "-").padding(toLength: 6, withPad: " ", startingAt: 0)]
                s += "  " + cols.joined(separator: "  ") + "  \(row.a.title(qualified: r.qualified)) ~ \(row.b.title(qualified: r.qualified)) [\(row.kind.rawValue), \(row.pairs) pair\(row.pairs == 1 ? "" : "s")]\n"
            }
        }
        let measured = rc.measured
        let top = measured.prefix(rc.k)
        let hit = top.filter { $0.confusions > 0 }.count
        s += "  precision@\(rc.k): \(hit) of the top \(top.count) target pairs were confused (\(EvalFormats.pct(rc.precisionAtK)); by chance \(EvalFormats.pct(rc.chance)))"
        s += "; recall@\(rc.k): \(EvalFormats.pct(rc.recallAtK)) of the confusions; recall: \(EvalFormats.pct(rc.recall))"
        s += "; Spearman ρ (rank vs confusion rate, \(measured.count) target pairs): \(optionalNumber(rc.spearman))\n"
        if measured.count < rc.rows.count {
            s += "  (\(rc.rows.count - measured.count) reported target pair\(rc.rows.count - measured.count == 1 ? "" : "s") had no utterance and are left out of the statistics.)\n"
        }
        if !rc.missed.isEmpty {
            let n = rc.missed.reduce(0) { $0 + $1.count }
            s += "  Confused but not reported (\(rc.missed.count) target pair\(rc.missed.count == 1 ? "" : "s"), \(n) utterance\(n == 1 ? "" : "s")), most first:\n"
            for m in rc.missed.prefix(5) { s += "    \(m.count)  [\(m.locale)] \(m.aTitle) ~ \(m.bTitle)\n" }
        }
        return s
    }

    public static func json(_ r: CollisionReport, top: Int? = nil) -> String {
        let limit = min(top ?? r.pairs.count, r.pairs.count)
        var o: [(String, JSONOut)] = [("pairs", .array(r.pairs.prefix(limit).map { $0.json(meaningRead: r.meaning != nil) }))]
        o.append(("clusters", .array(r.clusters.compactMap { c -> JSONOut? in
            let ps = c.pairs.filter { $0 < limit }
            if ps.isEmpty { return nil }
            return .object([("severity", .string(c.severity.name)), ("maxRisk", .double(c.maxRisk)),
                            ("targets", .array(c.targets.map { .string($0.label(qualified: r.qualified)) })),
                            ("titles", .array(c.targets.map { .string($0.title(qualified: r.qualified)) })),
                            ("locales", .array(c.locales.map { .string($0) })), ("pairs", .array(ps.map { .int($0) }))])
        })))
        o.append(("summary", .object([
            ("locales", .array(r.locales.map { .string($0) })), ("phrases", .int(r.phrases)), ("probes", .int(r.probes)),
            ("negativeProbes", .int(r.negativeProbes)),
            ("minSimilarity", .double(r.options.minSimilarity)), ("pairs", .int(r.pairs.count)),
            ("errors", .int(r.count(.error))), ("warnings", .int(r.count(.warning))), ("notes", .int(r.count(.note))),
            ("simulatedPerPhrase", .int(r.simulated)),
        ] + (r.meaning.map { m in [("meaning", JSONOut.object([("encoder", .string(m.encoder)), ("threshold", .double(m.threshold)),
                                                               ("compared", .int(m.compared)), ("farInWords", .int(m.farInWords.count))]))] } ?? []))))
        if let m = r.meaning {
            o.append(("closeInMeaning", .array(m.farInWords.prefix(top ?? m.farInWords.count).map(\.json))))
        }
        if let rc = r.reality {
            o.append(("reality", .object([
                ("utterances", .int(rc.utterances)), ("confusions", .int(rc.confusions)),
                ("confusionsOnReportedPairs", .int(rc.confusionsOnReportedPairs)),
                ("corpora", .int(rc.corpora)),
                ("noise", rc.noise.map { n in .object([("perPhrase", .int(n.perPhrase)), ("wordErrorRate", .double(n.wordErrorRate)),
                                                       ("seed", .string(String(n.seed)))]) } ?? .null),
                ("k", .int(rc.k)), ("measured", .int(rc.measured.count)), ("precisionAtK", .double(rc.precisionAtK)), ("chance", .double(rc.chance)), ("recallAtK", .double(rc.recallAtK)),
                ("recall", .double(rc.recall)), ("spearman", rc.spearman.map { .double($0) } ?? .null),
                ("missed", .array(rc.missed.map { m in
                    .object([("locale", .string(m.locale)), ("a", .string(m.a)), ("b", .string(m.b)), ("count", .int(m.count)),
                             ("aTitle", .string(m.aTitle)), ("bTitle", .string(m.bTitle))])
                })),
                ("rows", .array(rc.rows.prefix(top ?? rc.rows.count).map { row in
                    .object([("locale", .string(row.locale)), ("kind", .string(row.kind.rawValue)),
                             ("a", .string(row.a.label(qualified: true))), ("b", .string(row.b.label(qualified: true))),
                             ("aTitle", .string(row.a.title(qualified: true))), ("bTitle", .string(row.b.title(qualified: true))),
                             ("similarity", .double(row.similarity)), ("severity", .string(row.severity.name)),
                             ("pairs", .int(row.pairs)), ("aToB", .int(row.aToB)), ("bToA", .int(row.bToA)),
                             ("supportA", .int(row.supportA)), ("supportB", .int(row.supportB)),
                             ("rate", row.said ? .double(row.rate) : .null), ("pair", .int(row.pair))])
                })),
            ])))
        }
        return JSONOut.object(o).render(pretty: true) + "\n"
    }

    /// The close-in-meaning section in Markdown (empty when meaning was not read).
    static func meaningMarkdown(_ r: CollisionReport, top: Int?) -> String {
        guard let m = r.meaning else { return "" }
        var s = "\n## Close in meaning, far in words\n\n" + meaningHeading(m) + ".\n\n"
        if m.farInWords.isEmpty { return s + "None.\n" }
        let limit = min(top ?? m.farInWords.count, m.farInWords.count)
        for (i, x) in m.farInWords.prefix(limit).enumerated() { s += "\(i + 1). " + md(meaningPairLine(r, x)) + "\n" }
        if limit < m.farInWords.count { s += "\n… \(m.farInWords.count - limit) more.\n" }
        return s
    }

    static func md(_ s: String) -> String {
        s.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    public static func markdown(_ r: CollisionReport, top: Int? = nil) -> String {
        var s = "# Phrase collisions\n\n" + summary(r, top: top) + ".\n\n" + legend(r) + "\n"
        if r.pairs.isEmpty { return s + meaningMarkdown(r, top: top) + (r.reality.map { "\n## Against reality\n\n```\n" + realityText(r, $0, top: top) + "```\n" } ?? "") }
        s += "\n## Clusters\n\n| # | severity | locales | targets | pairs | max risk |\n|---|---|---|---|---|---|\n"
        for (i, c) in r.clusters.enumerated() {
            s += "| \(i + 1) | \(c.severity.name) | \(c.locales.joined(separator: ", ")) | \(md(c.targets.map { $0.title(qualified: r.qualified) }.joined(separator: ", "))) | \(c.pairs.count) | \(JSONOut.formatNumber(c.maxRisk)) |\n"
        }
        let limit = min(top ?? r.pairs.count, r.pairs.count)
        let read = r.meaning != nil
        s += "\n## Pairs\n\n| # | severity | similarity |\(read ? " meaning |" : "") kind | locale | a | b | why | fix |\n|---|---|---|\(read ? "---|" : "")---|---|---|---|---|---|\n"
        for (i, p) in r.pairs.prefix(limit).enumerated() {
            let meaning = read ? " \(p.meaning.map { JSONOut.formatNumber($0.cosine) } ?? "-") |" : ""
            s += "| \(i + 1) | \(p.severity.name) | \(similarityText(p, r)) |\(meaning) \(p.kind.rawValue) | \(p.a.locale) | \(md(side(p.a, r.qualified))) | \(md(side(p.b, r.qualified))) | \(md(p.reason)) | \(md(p.suggestion)) |\n"
        }
        if limit < r.pairs.count { s += "\n… \(r.pairs.count - limit) more pairs.\n" }
        s += meaningMarkdown(r, top: top)
        if let rc = r.reality {
            s += "\n## Against reality\n\n```\n" + realityText(r, rc, top: top) + "```\n"
        }
        return s
    }
}

extension CollisionFinder {
    /// A short text report (used by the REPL's :collisions): the ranked pairs of one locale.
    public static func quickReport(matcher: Matcher, locale: String, limit: Int,
                                   progress: (@Sendable (_ done: Int, _ total: Int, _ step: String) -> Void)? = nil) -> String {
        guard let l = matcher.indexedLocale(for: locale) else { return "no phrases in \(locale)\n" }
        var o = CollisionOptions()
        o.locales = [l]
        o.stepProgress = progress
        let report = CollisionAnalyzer.analyze(matcher: matcher, options: o)
        return CollisionFormats.text(report, top: limit)
    }
}
