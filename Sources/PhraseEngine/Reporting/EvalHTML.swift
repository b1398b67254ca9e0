import Foundation

/// A self-contained HTML report: metrics tables, a confusion-matrix heat map and per-tag bars
/// as inline SVG. No scripts, no external resources, no URLs at all (inline SVG in HTML needs
/// no namespace), so it opens offline and passes strict content policies.
public enum EvalHTML {
    static func esc(_ s: String) -> String { EvalFormats.xml(s) }

    /// Misrouted utterances listed in the report (the count above the table is the full count).
    static let maxMisrouted = 200

    public static func render(_ r: EvalReport, stable: Bool = false, titles: ValueTitles = .none) -> String {
        var h = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>PhraseEngine evaluation</title>
        <style>
        body{font-family:-apple-system,system-ui,Segoe UI,Helvetica,Arial,sans-serif;margin:2em;color:#1d1d1f;max-width:1200px}
        table{border-collapse:collapse;margin:1em 0;font-variant-numeric:tabular-nums}
        td,th{border:1px solid #d0d7de;padding:4px 8px;text-align:left;vertical-align:top}
        th{background:#f6f8fa}td.n,th.n{text-align:right;white-space:nowrap}
        h1{font-size:1.6em}h2{font-size:1.2em;margin-top:2em}
        .note{color:#57606a;font-size:.9em}.scroll{overflow-x:auto}
        .key{display:inline-block;width:12px;height:12px;vertical-align:-1px;margin:0 4px 0 12px;border:1px solid #d0d7de}
        .key:first-child{margin-left:0}
        code{background:#f3f3f3;padding:1px 4px}
        table.mis td{max-width:34em;overflow-wrap:anywhere}
        </style></head><body>
        <h1>PhraseEngine evaluation</h1>

        """
        let o = r.overall
        h += "<p><b>\(o.count)</b> utterances (\(o.inDomain) in-domain, \(o.outOfDomain) out-of-domain): accuracy <b>\(EvalFormats.pct(o.accuracy))</b>, exact <b>\(EvalFormats.pct(o.exactAccuracy))</b>, false accepts <b>\(EvalFormats.pct(o.falseAcceptRate))</b>"
        if !stable { h += "; median latency \(Int(o.p50Micros.rounded())) µs, \(Int(o.utterancesPerSecond)) utterances/s" }
        h += ".</p>\n"
        h += "<h2>Accuracy by tag</h2>\n" + tagBars(r.byTag)
        h += table(EvalFormats.metricHeader, [EvalFormats.metricRow("overall", o)] + r.byTag.map { EvalFormats.metricRow($0.0, $0.1) })
        if r.byLocale.count > 1 {
            h += "<h2>By locale</h2>\n" + table(EvalFormats.metricHeader, r.byLocale.map { EvalFormats.metricRow($0.0, $0.1) })
        }
        h += "<h2>Confusion matrix</h2>\n" + heatmap(r)
        h += "<h2>By intent</h2>\n" + table(["intent", "support", "precision", "recall", "F1"], r.byIntent.map {
            [$0.label, String($0.support), EvalFormats.pct($0.precision), EvalFormats.pct($0.recall), EvalFormats.pct($0.f1)]
        })
        if let rel = r.reliability {
            h += "<h2>Reliability of the confidence</h2>\n" + reliabilityDiagram(rel)
            h += table(EvalFormats.reliabilityHeader, EvalFormats.reliabilityRows(rel))
        }
        let mis = r.misrouted
        if !mis.isEmpty {
            h += "<h2>Misrouted (\(mis.count))</h2>\n"
            if mis.count > maxMisrouted {
                h += "<p class=\"note\">The first \(maxMisrouted) of \(mis.count); <code>eval --format json</code> or <code>--predictions FILE</code> lists them all.</p>\n"
            }
            h += table(["utterance", "expected", "got"], mis.prefix(maxMisrouted).map {
                ["\($0.item.text)", EvalFormats.expectText($0, titles), EvalFormats.gotText($0)]
            }, numeric: false, cls: "mis")
        }
        h += "</body></html>\n"
        return h
    }

    /// A cell is right-aligned when it holds a number, a percentage or "-".
    static func isNumeric(_ s: String) -> Bool {
        if s == "-" { return true }
        let t = s.hasSuffix("%") ? String(s.dropLast()) : s
        return !t.isEmpty && Double(t) != nil
    }

    static func table(_ head: [String], _ rows: [[String]], numeric: Bool = true, cls: String? = nil) -> String {
        // A column is numeric when every cell in it is (the first column never is).
        let numCols = head.indices.map { i in
            numeric && i > 0 && !rows.isEmpty && rows.allSatisfy { i < $0.count && isNumeric($0[i]) }
        }
        func cell(_ tag: String, _ i: Int, _ text: String) -> String {
            let n = i < numCols.count && numCols[i] ? " class=\"n\"" : ""
            return "<\(tag)\(n)>\(esc(text))</\(tag)>"
        }
        var s = "<table\(cls.map { " class=\"\($0)\"" } ?? "")><tr>" + head.enumerated().map { cell("th", $0.offset, $0.element) }.joined() + "</tr>\n"
        for r in rows { s += "<tr>" + r.enumerated().map { cell("td", $0.offset, $0.element) }.joined() + "</tr>\n" }
        return s + "</table>\n"
    }

    /// Rough width of text in the SVG's sans-serif at `size` px (no layout engine here).
    static func textWidth(_ s: String, size: Int) -> Int {
        var w = 0.0
        for c in s.unicodeScalars { w += c.properties.isIdeographic || c.value >= 0x3000 ? 1.0 : 0.56 }
        return Int((w * Double(size)).rounded(.up))
    }

    static let good = 0.95, fair = 0.8

    static func barColor(_ a: Double) -> String { a >= good ? "#2da44e" : (a >= fair ? "#d4a72c" : "#cf222e") }

    static func tagBars(_ tags: [(String, Metrics)]) -> String {
        guard !tags.isEmpty else { return "<p>(no tags)</p>\n" }
        let rowH = 22, barW = 360, top = 18
        let labelW = max(60, tags.map { textWidth($0.0, size: 12) }.max() ?? 60) + 12
        let valueW = 130
        let height = top + tags.count * rowH + 6
        var s = "<div class=\"scroll\"><svg width=\"\(labelW + barW + valueW)\" height=\"\(height)\" role=\"img\" aria-label=\"accuracy by tag\" font-family=\"sans-serif\">\n"
        // Scale: 0 and the amber and green thresholds (the bar ends at 100 %).
        for (f, name) in [(0.0, "0%"), (fair, "80%"), (good, "95%")] {
            let x = labelW + Int(Double(barW) * f)
            let anchor = f == 0 ? "start" : "middle"
            s += "<text x=\"\(x)\" y=\"12\" text-anchor=\"\(anchor)\" font-size=\"10\" fill=\"#57606a\">\(name)</text>"
        }
        s += "\n"
        for (i, (name, m)) in tags.enumerated() {
            let y = top + i * rowH
            let w = Int(Double(barW) * m.accuracy)
            s += "<text x=\"\(labelW - 8)\" y=\"\(y + 15)\" text-anchor=\"end\" font-size=\"12\">\(esc(name))</text>"
            s += "<rect x=\"\(labelW)\" y=\"\(y + 3)\" width=\"\(barW)\" height=\"15\" fill=\"#eaeef2\"/>"
            s += "<rect x=\"\(labelW)\" y=\"\(y + 3)\" width=\"\(w)\" height=\"15\" fill=\"\(barColor(m.accuracy))\"><title>\(esc(name)): \(EvalFormats.pct(m.accuracy)) of \(m.count)</title></rect>"
            s += "<text x=\"\(labelW + barW + 8)\" y=\"\(y + 15)\" font-size=\"12\">\(EvalFormats.pct(m.accuracy)) <tspan fill=\"#57606a\">of \(m.count)</tspan></text>\n"
        }
        for f in [fair, good] {
            let x = labelW + Int(Double(barW) * f)
            s += "<line x1=\"\(x)\" y1=\"\(top)\" x2=\"\(x)\" y2=\"\(height - 4)\" stroke=\"#57606a\" stroke-width=\"1\" stroke-dasharray=\"2,3\"/>"
        }
        s += "\n</svg></div>\n"
        s += "<p class=\"note\"><span class=\"key\" style=\"background:#2da44e\"></span>at least 95%"
        s += "<span class=\"key\" style=\"background:#d4a72c\"></span>80% to 95%<span class=\"key\" style=\"background:#cf222e\"></span>below 80%; "
        s += "the number after each bar is how many utterances carry the tag.</p>\n"
        return s
    }

    /// Predicted confidence (x) against how often the answer was right (y), one bar per bin
    /// that holds lines, its mean confidence as a dot; a calibrated confidence follows the diagonal.
    static func reliabilityDiagram(_ r: Reliability) -> String {
        let left = 44, top = 10, side = 280, bottom = 36
        let width = left + side + 16, height = top + side + bottom
        func x(_ v: Double) -> Int { left + Int((Double(side) * v).rounded()) }
        func y(_ v: Double) -> Int { top + side - Int((Double(side) * v).rounded()) }
        var s = "<div class=\"scroll\"><svg width=\"\(width)\" height=\"\(height)\" role=\"img\" aria-label=\"reliability diagram\" font-family=\"sans-serif\">\n"
        s += "<rect x=\"\(left)\" y=\"\(top)\" width=\"\(side)\" height=\"\(side)\" fill=\"#f6f8fa\" stroke=\"#d0d7de\"/>\n"
        for t in stride(from: 0.0, through: 1.0, by: 0.2) {
            let label = "\(Int((t * 100).rounded()))%"
            s += "<text x=\"\(x(t))\" y=\"\(top + side + 14)\" text-anchor=\"middle\" font-size=\"10\" fill=\"#57606a\">\(label)</text>"
            s += "<text x=\"\(left - 6)\" y=\"\(y(t) + 4)\" text-anchor=\"end\" font-size=\"10\" fill=\"#57606a\">\(label)</text>\n"
        }
        for b in r.bins where b.count > 0 {
            let x0 = x(b.lower) + 2, x1 = x(b.upper) - 2
            s += "<rect x=\"\(x0)\" y=\"\(y(b.accuracy))\" width=\"\(max(1, x1 - x0))\" height=\"\(y(0) - y(b.accuracy))\" fill=\"#54aeff\" fill-opacity=\"0.75\">"
            s += "<title>confidence \(JSONOut.formatNumber(b.lower))–\(JSONOut.formatNumber(b.upper)): \(b.count) lines, mean confidence \(EvalFormats.pct(b.meanConfidence)), right \(EvalFormats.pct(b.accuracy))</title></rect>"
            s += "<circle cx=\"\(x(b.meanConfidence))\" cy=\"\(y(b.accuracy))\" r=\"3\" fill=\"#0969da\"/>\n"
        }
        s += "<line x1=\"\(x(0))\" y1=\"\(y(0))\" x2=\"\(x(1))\" y2=\"\(y(1))\" stroke=\"#57606a\" stroke-width=\"1\" stroke-dasharray=\"4,3\"/>\n"
        s += "<text x=\"\(left + side / 2)\" y=\"\(height - 4)\" text-anchor=\"middle\" font-size=\"11\">confidence</text>"
        s += "<text x=\"12\" y=\"\(top + side / 2)\" text-anchor=\"middle\" font-size=\"11\" transform=\"rotate(-90 12 \(top + side / 2))\">right</text>\n"
        s += "</svg></div>\n"
        s += "<p class=\"note\">\(r.count) lines with a confidence, in ten bins of it; a bar is how often the answer was right (a result: the expected shortcut and value; "
        s += "a refusal: nothing should run), its dot the bin's mean confidence; the dashed diagonal is a perfectly calibrated confidence. "
        s += "E" + EvalFormats.calibrationFigures(r).dropFirst() + ".</p>\n"
        return s
    }

    /// Labels without the prefix they all share up to a dot (e.g. `com.example.`), and that prefix.
    static func shortLabels(_ labels: [String]) -> ([String], String) {
        let named = labels.filter { $0 != "none" }
        guard var prefix = named.first, named.count > 1 else { return (labels, "") }
        for l in named.dropFirst() {
            while !l.hasPrefix(prefix) { prefix.removeLast() }
        }
        guard let dot = prefix.lastIndex(of: ".") else { return (labels, "") }
        prefix = String(prefix[...dot])
        return (labels.map { $0 == "none" ? $0 : String($0.dropFirst(prefix.count)) }, prefix)
    }

    /// Green for the share of a row routed correctly, red for the share misrouted; `t` in 0...1.
    static func shade(_ t: Double, correct: Bool) -> (fill: String, text: String) {
        let lo = correct ? (218.0, 251.0, 225.0) : (255.0, 235.0, 233.0)
        let hi = correct ? (17.0, 99.0, 41.0) : (164.0, 14.0, 38.0)
        func mix(_ a: Double, _ b: Double) -> Int { Int((a + (b - a) * t).rounded()) }
        return ("rgb(\(mix(lo.0, hi.0)),\(mix(lo.1, hi.1)),\(mix(lo.2, hi.2)))", t > 0.5 ? "#ffffff" : "#1d1d1f")
    }

    /// Width the report's content takes (the body's max-width).
    static let contentWidth = 1200

    static func heatmap(_ r: EvalReport) -> String {
        guard !r.labels.isEmpty else { return "<p>(empty)</p>\n" }
        let totals = r.confusion.map { $0.reduce(0, +) }
        // With many intents the full matrix cannot fit the page at a readable size: then only the
        // intents confused with another intent (a count off the diagonal, in their row or column,
        // not counting none) are drawn, with none; the rest are counted in a note.
        var shown = Array(r.labels.indices)
        func layout(_ idx: [Int]) -> (cell: Int, font: Int, labelW: Int, totalW: Int) {
            let names = shortLabels(idx.map { r.labels[$0] }).0
            let totalW = textWidth(String(totals.max() ?? 0), size: 11) + 16
            for (cell, font) in [(18, 11), (16, 11), (14, 10), (12, 10), (10, 9)] {
                let labelW = (names.map { textWidth($0, size: font) }.max() ?? 40) + 10
                if labelW + idx.count * cell + totalW <= contentWidth { return (cell, font, labelW, totalW) }
            }
            return (0, 0, 0, 0)
        }
        var fit = layout(shown)
        if fit.cell < 16 {
            let named = r.labels.indices.filter { r.labels[$0] != "none" }
            let confused = r.labels.indices.filter { i in
                r.labels[i] == "none" || named.contains { j in j != i && (r.confusion[i][j] > 0 || r.confusion[j][i] > 0) }
            }
            if confused.count < shown.count, !confused.isEmpty {
                shown = confused
                fit = layout(shown)
            }
        }
        let left = r.labels.count - shown.count
        guard fit.cell > 0 else { return confusionList(r, totals) }
        let (labels, prefix) = shortLabels(shown.map { r.labels[$0] })
        let n = shown.count, cell = fit.cell, font = fit.font, labelW = fit.labelW
        let top = labelW
        let width = labelW + n * cell + fit.totalW
        let height = top + n * cell + 4
        var s = "<p>Rows: the expected intent; columns: what the matcher chose; the last column counts each row. "
        s += "A cell's shade is its share of the row: green on the diagonal (routed right), red elsewhere (misrouted)"
        if !prefix.isEmpty { s += "; names are shown without <code>\(esc(prefix))</code>" }
        s += ". Numbers are utterance counts.</p>\n"
        s += "<p class=\"note\">"
        for (k, t) in [0.25, 0.5, 1.0].enumerated() {
            s += "<span class=\"key\" style=\"background:\(shade(t, correct: true).fill)\"></span>\(Int(t * 100))%" + (k == 2 ? " routed right" : "")
        }
        for (k, t) in [0.25, 0.5, 1.0].enumerated() {
            s += "<span class=\"key\" style=\"background:\(shade(t, correct: false).fill)\"></span>\(Int(t * 100))%" + (k == 2 ? " misrouted" : "")
        }
        s += "<span class=\"key\" style=\"background:#f6f8fa\"></span>none</p>\n"
        if left > 0 {
            s += "<p class=\"note\">\(r.labels.count) intents are too many to draw at a readable size: these are the ones confused with another intent, and none; "
            s += "the other \(left) were never taken for another intent nor another for them (what they missed went to none: see By intent).</p>\n"
        }
        s += "<svg width=\"\(width)\" height=\"\(height)\" role=\"img\" aria-label=\"confusion matrix\" font-family=\"sans-serif\">\n"
        for (i, l) in labels.enumerated() {
            let y = top + i * cell + cell / 2 + font * 35 / 100
            s += "<text x=\"\(labelW - 6)\" y=\"\(y)\" text-anchor=\"end\" font-size=\"\(font)\">\(esc(l))</text>"
            let x = labelW + i * cell + cell / 2 + font * 35 / 100
            s += "<text transform=\"translate(\(x),\(top - 6)) rotate(-90)\" font-size=\"\(font)\">\(esc(l))</text>\n"
        }
        s += "<text x=\"\(labelW + n * cell + 6)\" y=\"\(top - 6)\" font-size=\"\(font)\" fill=\"#57606a\">n</text>\n"
        for (i, ri) in shown.enumerated() {
            for (j, rj) in shown.enumerated() {
                let v = r.confusion[ri][rj]
                let x = labelW + j * cell, y = top + i * cell
                let frac = totals[ri] > 0 ? Double(v) / Double(totals[ri]) : 0
                // Misroutes are usually a small share of a row: a floor and a square root keep them visible.
                let (fill, ink) = v == 0 ? ("#f6f8fa", "#1d1d1f")
                    : (i == j ? shade(max(0.1, frac), correct: true) : shade(0.2 + 0.8 * frac.squareRoot(), correct: false))
                s += "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(cell - 1)\" height=\"\(cell - 1)\" fill=\"\(fill)\"><title>\(esc(r.labels[ri])) → \(esc(r.labels[rj])): \(v) of \(totals[ri])</title></rect>"
                if v > 0 && cell >= 16 {
                    let size = v >= 1000 ? 7 : (v >= 100 ? 8 : 9)
                    s += "<text x=\"\(x + cell / 2)\" y=\"\(y + cell / 2 + size * 35 / 100)\" text-anchor=\"middle\" font-size=\"\(size)\" fill=\"\(ink)\">\(v)</text>"
                }
            }
            s += "<text x=\"\(labelW + n * cell + 6)\" y=\"\(top + i * cell + cell / 2 + font * 35 / 100)\" font-size=\"\(font)\" fill=\"#57606a\">\(totals[ri])</text>\n"
        }
        return s + "</svg>\n"
    }

    /// The confusions as a list, for a matrix too large to draw: expected → chosen, most first.
    static func confusionList(_ r: EvalReport, _ totals: [Int]) -> String {
        var rows: [(Int, Int, Int)] = []
        for i in r.labels.indices { for j in r.labels.indices where i != j && r.confusion[i][j] > 0 { rows.append((r.confusion[i][j], i, j)) } }
        rows.sort { ($0.0, $1.1, $1.2) > ($1.0, $0.1, $0.2) }
        return "<p>Too many intents in a confusion to draw; the confusions, most first:</p>\n"
            + table(["expected", "chosen", "utterances", "of the row"], rows.map { [r.labels[$0.1], r.labels[$0.2], String($0.0), String(totals[$0.1])] })
    }
}
