/// A self-contained HTML report: metrics tables, a confusion-matrix heat map and per-tag bars
/// as inline SVG. No scripts, no external resources.
public enum EvalHTML {
    static func esc(_ s: String) -> String { EvalFormats.xml(s) }

    public static func render(_ r: EvalReport, stable: Bool = false) -> String {
        var h = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>PhraseEngine evaluation</title>
        <style>
        body{font-family:-apple-system,system-ui,Segoe UI,Helvetica,Arial,sans-serif;margin:2em;color:#1d1d1f}
        table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ddd;padding:4px 8px;text-align:right}
        td:first-child,th:first-child{text-align:left}h1{font-size:1.6em}h2{font-size:1.2em;margin-top:2em}
        .ok{color:#1a7f37}.bad{color:#cf222e}code{background:#f3f3f3;padding:1px 4px}
        </style></head><body>
        <h1>PhraseEngine evaluation</h1>

        """
        let o = r.overall
        h += "<p><b>\(o.count)</b> utterances (\(o.inDomain) in-domain, \(o.outOfDomain) out-of-domain): accuracy <b>\(EvalFormats.pct(o.accuracy))</b>, exact <b>\(EvalFormats.pct(o.exactAccuracy))</b>, false accepts <b>\(EvalFormats.pct(o.falseAcceptRate))</b>"
        if !stable { h += ", p50 \(JSONOut.formatNumber(o.p50Micros)) µs, \(Int(o.utterancesPerSecond)) utterances/s" }
        h += ".</p>\n"
        h += "<h2>By tag</h2>\n" + tagBars(r.byTag)
        h += table(EvalFormats.metricHeader, [EvalFormats.metricRow("overall", o)] + r.byTag.map { EvalFormats.metricRow($0.0, $0.1) })
        if r.byLocale.count > 1 {
            h += "<h2>By locale</h2>\n" + table(EvalFormats.metricHeader, r.byLocale.map { EvalFormats.metricRow($0.0, $0.1) })
        }
        h += "<h2>Confusion matrix</h2>\n<p>Rows: expected; columns: what the matcher chose. Darker is more.</p>\n" + heatmap(r)
        h += "<h2>By intent</h2>\n" + table(["intent", "support", "precision", "recall", "F1"], r.byIntent.map {
            [$0.label, String($0.support), EvalFormats.pct($0.precision), EvalFormats.pct($0.recall), EvalFormats.pct($0.f1)]
        })
        let mis = r.misrouted
        if !mis.isEmpty {
            h += "<h2>Misrouted (\(mis.count))</h2>\n" + table(["utterance", "expected", "got"], mis.prefix(200).map {
                ["\($0.item.text)", EvalFormats.expectText($0), EvalFormats.gotText($0)]
            })
        }
        h += "</body></html>\n"
        return h
    }

    static func table(_ head: [String], _ rows: [[String]]) -> String {
        var s = "<table><tr>" + head.map { "<th>\(esc($0))</th>" }.joined() + "</tr>\n"
        for r in rows { s += "<tr>" + r.map { "<td>\(esc($0))</td>" }.joined() + "</tr>\n" }
        return s + "</table>\n"
    }

    static func tagBars(_ tags: [(String, Metrics)]) -> String {
        let rowH = 22, labelW = 160, barW = 360
        let height = tags.count * rowH + 10
        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(labelW + barW + 80)\" height=\"\(height)\" role=\"img\" aria-label=\"accuracy by tag\">\n"
        for (i, (name, m)) in tags.enumerated() {
            let y = i * rowH + 5
            let w = Int(Double(barW) * m.accuracy)
            let color = m.accuracy >= 0.95 ? "#2da44e" : (m.accuracy >= 0.8 ? "#d4a72c" : "#cf222e")
            s += "<text x=\"\(labelW - 6)\" y=\"\(y + 15)\" text-anchor=\"end\" font-size=\"12\">\(esc(name))</text>"
            s += "<rect x=\"\(labelW)\" y=\"\(y + 3)\" width=\"\(barW)\" height=\"15\" fill=\"#eee\"/>"
            s += "<rect x=\"\(labelW)\" y=\"\(y + 3)\" width=\"\(w)\" height=\"15\" fill=\"\(color)\"/>"
            s += "<text x=\"\(labelW + barW + 6)\" y=\"\(y + 15)\" font-size=\"12\">\(EvalFormats.pct(m.accuracy)) (\(m.count))</text>\n"
        }
        return s + "</svg>\n"
    }

    static func heatmap(_ r: EvalReport) -> String {
        let n = r.labels.count
        guard n > 0 else { return "<p>(empty)</p>\n" }
        let cell = n > 40 ? 10 : (n > 20 ? 16 : 24)
        let label = 220
        let size = label + n * cell + 10
        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(size)\" height=\"\(size)\" role=\"img\" aria-label=\"confusion matrix\">\n"
        let maxV = max(1, r.confusion.flatMap { $0 }.max() ?? 1)
        for (i, l) in r.labels.enumerated() {
            s += "<text x=\"\(label - 4)\" y=\"\(label + i * cell + cell * 3 / 4)\" text-anchor=\"end\" font-size=\"\(min(12, cell - 2))\">\(esc(l))</text>\n"
            s += "<text transform=\"translate(\(label + i * cell + cell * 3 / 4),\(label - 4)) rotate(-60)\" font-size=\"\(min(12, cell - 2))\">\(esc(l))</text>\n"
        }
        for i in 0..<n {
            for j in 0..<n {
                let v = r.confusion[i][j]
                let t = Double(v) / Double(maxV)
                let (red, green, blue) = i == j ? (255 - Int(t * 200), 255 - Int(t * 90), 255 - Int(t * 200))
                    : (255 - Int(t * 40), 255 - Int(t * 200), 255 - Int(t * 200))
                let fill = v == 0 ? "#fafafa" : "rgb(\(red),\(green),\(blue))"
                s += "<rect x=\"\(label + j * cell)\" y=\"\(label + i * cell)\" width=\"\(cell - 1)\" height=\"\(cell - 1)\" fill=\"\(fill)\"><title>\(esc(r.labels[i])) → \(esc(r.labels[j])): \(v)</title></rect>"
                if v > 0 && cell >= 16 {
                    s += "<text x=\"\(label + j * cell + cell / 2)\" y=\"\(label + i * cell + cell * 2 / 3)\" text-anchor=\"middle\" font-size=\"9\">\(v)</text>"
                }
            }
            s += "\n"
        }
        return s + "</svg>\n"
    }
}
