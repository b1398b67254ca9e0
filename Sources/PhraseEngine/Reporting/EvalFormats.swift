/// Renders an evaluation report in each format. Timing figures are left out with
/// `stable: true` so reports can be golden-tested and diffed.
public enum EvalFormats {
    public static func pct(_ d: Double) -> String { JSONOut.formatNumber((d * 1000).rounded() / 10) + "%" }

    public static func json(_ r: EvalReport, stable: Bool = false) -> String {
        var o = r.overall.jsonFields(includeTiming: !stable)
        o.append(("byTag", .object(r.byTag.map { ($0.0, .object($0.1.jsonFields(includeTiming: false))) })))
        o.append(("byLocale", .object(r.byLocale.map { ($0.0, .object($0.1.jsonFields(includeTiming: false))) })))
        o.append(("byIntent", .object(r.byIntent.map { s in
            (s.label, .object(s.metrics.jsonFields(includeTiming: false) + [
                ("precision", .double(s.precision)), ("recall", .double(s.recall)), ("f1", .double(s.f1)), ("support", .int(s.support)),
            ]))
        })))
        o.append(("confusion", .object([("labels", .array(r.labels.map { .string($0) })),
                                         ("matrix", .array(r.confusion.map { .array($0.map { .int($0) }) }))])))
        o.append(("misrouted", .array(r.misrouted.map { p in
            var m = p.json
            if case .object(var f) = m {
                f.append(("reason", .string(p.reason)))
                if let c = p.closest, !c.explanation.isEmpty {
                    f.append(("explanation", .array(c.explanation.map(\.json))))
                    f.append(("words", .array(WordAlignment.words(c, text: p.item.text, locale: p.locale).map(\.json))))
                }
                m = .object(f)
            }
            return m
        })))
        if let rel = r.reliability { o.append(("reliability", rel.json)) }
        o.append(("errors", .array(r.errors.map(\.json))))
        return JSONOut.object(o).render(pretty: true) + "\n"
    }

    static func table(_ header: [String], _ rows: [[String]]) -> String {
        var widths = header.map(\.count)
        for r in rows { for (i, c) in r.enumerated() where i < widths.count { widths[i] = max(widths[i], c.count) } }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { i, c in
                i == 0 ? c.padding(toLength: widths[i], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: max(0, widths[i] - c.count)) + c
            }.joined(separator: "  ")
        }
        var s = line(header) + "\n" + widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n"
        for r in rows { s += line(r) + "\n" }
        return s
    }

    static func metricRow(_ name: String, _ m: Metrics) -> [String] {
        [name, String(m.count), pct(m.accuracy), m.inDomain > 0 ? pct(m.exactAccuracy) : "-", m.inDomain > 0 ? pct(m.intentAccuracy) : "-",
         m.inDomain > 0 ? pct(m.falseRejectRate) : "-", m.outOfDomain > 0 ? pct(m.falseAcceptRate) : "-"]
    }

    static let metricHeader = ["", "count", "accuracy", "exact", "intent", "false reject", "false accept"]

    public static func text(_ r: EvalReport, stable: Bool = false, maxMisrouted: Int = 50, titles: ValueTitles = .none) -> String {
        var s = "Evaluation: \(r.overall.count) utterances (\(r.overall.inDomain) in-domain, \(r.overall.outOfDomain) out-of-domain)\n\n"
        s += table(metricHeader, [metricRow("overall", r.overall)])
        s += "top-\(r.overall.k) accuracy: \(pct(r.overall.topKAccuracy))\n"
        if !stable {
            s += "latency p50 \(JSONOut.formatNumber(r.overall.p50Micros)) µs, p99 \(JSONOut.formatNumber(r.overall.p99Micros)) µs, \(Int(r.overall.utterancesPerSecond)) utterances/s\n"
        }
        s += "\nBy tag\n" + table(metricHeader, r.byTag.map { metricRow($0.0, $0.1) })
        if r.byLocale.count > 1 { s += "\nBy locale\n" + table(metricHeader, r.byLocale.map { metricRow($0.0, $0.1) }) }
        s += "\nBy intent\n" + table(["", "support", "precision", "recall", "F1"], r.byIntent.map {
            [$0.label, String($0.support), pct($0.precision), pct($0.recall), pct($0.f1)]
        })
        if let rel = r.reliability { s += "\n" + reliabilityText(rel) + reliabilityTable(rel) }
        let mis = r.misrouted
        if !mis.isEmpty {
            s += "\nMisrouted (\(mis.count))\(mis.count > maxMisrouted ? ", first \(maxMisrouted)" : "")\n"
            for p in mis.prefix(maxMisrouted) {
                s += "  \(p.item.file):\(p.item.line) [\(p.item.tags.joined(separator: ","))] \"\(p.item.text)\"\n"
                s += "    expected \(expectText(p, titles)); got \(gotText(p))\n"
            }
        }
        if !r.errors.isEmpty {
            s += "\nBad lines (\(r.errors.count))\n"
            for e in r.errors { s += "  \(e.oneLine)\n" }
        }
        return s
    }

    /// - Parameter titles: the catalogs' value titles (a corpus gives ids only); without them a
    ///   title is known only when the matcher bound the same value.
    static func expectText(_ p: Prediction, _ titles: ValueTitles = .none) -> String {
        guard let e = p.item.expect else { return "none" }
        let bound = (p.got ?? p.closest)?.parameters ?? []
        let ps = e.parameters.sorted { $0.key < $1.key }.map { k, v in
            ValueText.of(k, id: v, title: titles.title(app: e.app, intent: e.intent, parameter: k, id: v, locale: p.locale)
                        ?? bound.first { $0.name == k && $0.value.identity == v }?.title)
        }.joined(separator: " ")
        return e.intent + (ps.isEmpty ? "" : " " + ps)
    }

    static func gotText(_ p: Prediction) -> String {
        // What the sentence encoder said, when it read the line (docs/semantic.md).
        let meaning = p.meaning.map { "; \($0.line)" } ?? ""
        guard let g = p.got else {
            let c = p.closest.map { " (closest \($0.intent) \(JSONOut.formatNumber($0.score)))" } ?? ""
            return "none: \(p.reason)\(c)\(meaning)"
        }
        let ps = g.parameters.map { ValueText.of($0.name, id: $0.value.identity, title: $0.title) }.joined(separator: " ")
        return "\(p.decision.rawValue) \(g.intent)\(ps.isEmpty ? "" : " " + ps) score \(JSONOut.formatNumber(g.score)) via \"\(g.template)\"\(meaning)"
    }

    public static func markdown(_ r: EvalReport, stable: Bool = false, maxMisrouted: Int = 30, titles: ValueTitles = .none) -> String {
        func mdTable(_ h: [String], _ rows: [[String]]) -> String {
            var s = "| " + h.map { $0.isEmpty ? " " : $0 }.joined(separator: " | ") + " |\n|" + h.enumerated().map { $0.offset == 0 ? "---" : "---:" }.joined(separator: "|") + "|\n"
            for r in rows { s += "| " + r.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |\n" }
            return s
        }
        var s = "## PhraseEngine evaluation\n\n**\(r.overall.count)** utterances: accuracy **\(pct(r.overall.accuracy))**, exact **\(pct(r.overall.exactAccuracy))**, false accepts **\(pct(r.overall.falseAcceptRate))**"
        if !stable { s += ", p50 \(JSONOut.formatNumber(r.overall.p50Micros)) µs" }
        s += "\n\n"
        s += mdTable(metricHeader, [metricRow("overall", r.overall)] + r.byTag.map { metricRow($0.0, $0.1) })
        s += "\n" + mdTable(["intent", "support", "precision", "recall", "F1"], r.byIntent.map {
            [$0.label, String($0.support), pct($0.precision), pct($0.recall), pct($0.f1)]
        })
        if let rel = r.reliability { s += "\n" + reliabilityText(rel) + "\n" + mdTable(reliabilityHeader, reliabilityRows(rel)) }
        let mis = r.misrouted
        if !mis.isEmpty {
            s += "\n<details><summary>Misrouted (\(mis.count))</summary>\n\n"
            s += mdTable(["utterance", "expected", "got"], mis.prefix(maxMisrouted).map { ["`\($0.item.text)`", expectText($0, titles), gotText($0)] })
            s += "\n</details>\n"
        }
        return s
    }

    /// The reliability diagram's summary line (text and markdown).
    static func reliabilityText(_ r: Reliability) -> String {
        "Reliability (\(r.count) lines with a confidence; right: a result is the expected one, a refusal's line is out of domain): " + calibrationFigures(r) + "\n"
    }

    /// "expected calibration error 2.7%, Brier score 0.0978" (every report and `fit`).
    public static func calibrationFigures(_ r: Reliability) -> String {
        "expected calibration error \(pct(r.expectedCalibrationError)), Brier score \(JSONOut.formatNumber((r.brierScore * 10000).rounded() / 10000))"
    }

    /// The bins that hold lines as a text table (text reports and `fit`).
    public static func reliabilityTable(_ r: Reliability) -> String { table(reliabilityHeader, reliabilityRows(r)) }

    static let reliabilityHeader = ["confidence", "lines", "mean confidence", "right"]

    /// The bins that hold lines, lowest first.
    static func reliabilityRows(_ r: Reliability) -> [[String]] {
        r.bins.filter { $0.count > 0 }.map { b in
            ["\(JSONOut.formatNumber(b.lower))–\(JSONOut.formatNumber(b.upper))", String(b.count), pct(b.meanConfidence), pct(b.accuracy)]
        }
    }

    static func xml(_ s: String) -> String {
        var o = ""
        for u in s.unicodeScalars {
            switch u {
            case "&": o += "&amp;"
            case "<": o += "&lt;"
            case ">": o += "&gt;"
            case "\"": o += "&quot;"
            case "'": o += "&apos;"
            default:
                // Only characters XML 1.0 allows (no C0 controls but tab and newline, no U+FFFE/U+FFFF).
                if (u.value < 0x20 && u != "\n" && u != "\t") || u.value == 0xFFFE || u.value == 0xFFFF { continue }
                o.unicodeScalars.append(u)
            }
        }
        return o
    }

    public static func junit(_ r: EvalReport, stable: Bool = false, titles: ValueTitles = .none) -> String {
        let failures = r.misrouted.count
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        s += "<testsuites name=\"phrasematch eval\" tests=\"\(r.overall.count)\" failures=\"\(failures)\">\n"
        var byFile: [String: [Prediction]] = [:]
        for p in r.predictions { byFile[p.item.file, default: []].append(p) }
        for file in byFile.keys.sorted() {
            let ps = byFile[file] ?? []
            s += "  <testsuite name=\"\(xml(file))\" tests=\"\(ps.count)\" failures=\"\(ps.filter { !$0.correct }.count)\">\n"
            for p in ps {
                let time = stable ? "0" : JSONOut.formatNumber(p.micros / 1e6)
                s += "    <testcase classname=\"\(xml(file))\" name=\"\(xml("line \(p.item.line): \(p.item.text)"))\" time=\"\(time)\""
                if p.correct { s += "/>\n"; continue }
                s += ">\n      <failure message=\"\(xml("expected \(expectText(p, titles)); got \(gotText(p))"))\" type=\"misrouted\">\(xml(p.reason))</failure>\n    </testcase>\n"
            }
            s += "  </testsuite>\n"
        }
        s += "</testsuites>\n"
        return s
    }
}

/// The titles of the catalogs' parameter values by id (enum cases, entity options, Bool names),
/// for reports that get ids only: a corpus line's expected values.
public struct ValueTitles: Sendable {
    /// "app|intent|parameter=id" and "|intent|parameter=id" (the first catalog's) → the title and
    /// its catalog's development locale.
    var titles: [String: (title: LocalizedText, development: String)] = [:]

    public static let none = ValueTitles()

    init() {}

    public init(catalogs: [Catalog]) {
        for c in catalogs {
            for sc in c.shortcuts {
                for p in sc.parameters {
                    var values: [(String, LocalizedText)] = []
                    switch c.kind(of: p) {
                    case .enumType(let t): values = (c.enumType(t)?.cases ?? []).compactMap { k in k.title.map { (k.rawValue, $0) } }
                    case .entity(let t): values = (c.entityType(t)?.options ?? []).map { ($0.id, $0.title) }
                    case .bool: values = [("true", p.trueName), ("false", p.falseName)].compactMap { k, v in v.map { (k, $0) } }
                    default: break
                    }
                    for (id, title) in values {
                        let key = "|\(sc.intent)|\(p.name)=\(id)"
                        if titles[c.app.id + key] == nil { titles[c.app.id + key] = (title, c.developmentLocale) }
                        if titles[key] == nil { titles[key] = (title, c.developmentLocale) }
                    }
                }
            }
        }
    }

    /// The title of value `id` of `parameter` in `locale` (any app's when `app` is nil).
    public func title(app: String?, intent: String, parameter: String, id: String, locale: String) -> String? {
        guard !titles.isEmpty, let t = titles["\(app ?? "")|\(intent)|\(parameter)=\(id)"] else { return nil }
        return t.title.resolve(locale, development: t.development)
    }
}
