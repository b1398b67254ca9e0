/// A self-contained HTML collision report: summary, an inline SVG matrix of which shortcuts
/// collide (colored by their worst pair), the clusters and the pairs. No scripts, no external resources.
public enum CollisionHTML {
    static func esc(_ s: String) -> String { EvalFormats.xml(s) }

    static func color(_ s: CollisionSeverity?) -> String {
        switch s {
        case .error: return "#cf222e"
        case .warning: return "#d4a72c"
        case .note: return "#8fb8de"
        case nil: return "#fafafa"
        }
    }

    public static func render(_ r: CollisionReport, top: Int? = nil) -> String {
        var h = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>PhraseEngine collisions</title>
        <style>
        body{font-family:-apple-system,system-ui,Segoe UI,Helvetica,Arial,sans-serif;margin:2em;color:#1d1d1f}
        table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ddd;padding:4px 8px;text-align:left;vertical-align:top}
        h1{font-size:1.6em}h2{font-size:1.2em;margin-top:2em}.error{color:#cf222e}.warning{color:#9a6700}.note{color:#0969da}
        .why{color:#57606a;font-size:.9em}
        table.pairs{table-layout:fixed;width:100%}table.pairs td{overflow-wrap:break-word}
        pre{white-space:pre-wrap;overflow-wrap:anywhere}li{overflow-wrap:anywhere}
        </style></head><body>
        <h1>Phrase collisions</h1>

        """
        h += "<p>\(esc(CollisionFormats.summary(r, top: top))).</p>\n<p>\(esc(CollisionFormats.legend(r)))</p>\n"
        if r.pairs.isEmpty { return h + meaningSection(r, top: top) + "</body></html>\n" }
        h += "<h2>Which shortcuts collide</h2>\n<p>Rows and columns: shortcuts; a cell is colored by the worst pair between them "
        h += "(<span class=\"error\">error</span>, <span class=\"warning\">warning</span>, <span class=\"note\">note</span>); the diagonal holds pairs of one parameter's options.</p>\n"
        h += matrix(r)
        h += "<h2>Clusters</h2>\n<ol>\n"
        for c in r.clusters {
            h += "<li><span class=\"\(c.severity.name)\">\(c.severity.name)</span> \(esc(CollisionFormats.clusterLine(r, c, severity: false)))</li>\n"
        }
        h += "</ol>\n"
        let limit = min(top ?? r.pairs.count, r.pairs.count)
        // Fixed columns that fit the window: the phrases and the why / fix wrap within theirs.
        h += "<h2>Pairs</h2>\n<table class=\"pairs\"><colgroup><col style=\"width:3em\"><col style=\"width:5.5em\"><col style=\"width:6em\">"
        h += "<col style=\"width:7.5em\"><col style=\"width:4.5em\"><col><col><col style=\"width:32%\"></colgroup>\n"
        h += "<tr><th>#</th><th>severity</th><th>similarity</th><th>kind</th><th>locale</th><th>a</th><th>b</th><th>why / fix</th></tr>\n"
        func side(_ x: CollisionSide) -> String {
            // The target may break after its app and before its value ("com.example.home/" "CheckTemperatureIntent" "(room=…)").
            let target = esc(x.target.title(qualified: r.qualified)).replacingOccurrences(of: "/", with: "/<wbr>").replacingOccurrences(of: "(", with: "<wbr>(")
            return "\"\(esc(x.text))\"<br><span class=\"why\">\(target)</span>"
        }
        for (i, p) in r.pairs.prefix(limit).enumerated() {
            let meaning = p.meaning.map { "<br><span class=\"why\">meaning \(JSONOut.formatNumber($0.cosine))</span>" } ?? ""
            h += "<tr><td>\(i + 1)</td><td class=\"\(p.severity.name)\">\(p.severity.name)</td><td>\(esc(CollisionFormats.similarityText(p, r)))\(meaning)</td>"
            h += "<td>\(p.kind.rawValue)</td><td>\(esc(p.a.locale))</td><td>\(side(p.a))</td>"
            h += "<td>\(side(p.b))</td><td>\(esc(p.reason))<br><span class=\"why\">\(esc(p.suggestion))</span></td></tr>\n"
        }
        h += "</table>\n"
        if limit < r.pairs.count { h += "<p>… \(r.pairs.count - limit) more pairs.</p>\n" }
        h += meaningSection(r, top: top)
        if let rc = r.reality {
            h += "<h2>Against reality</h2>\n<pre>\(esc(CollisionFormats.realityText(r, rc, top: top)))</pre>\n"
        }
        return h + "</body></html>\n"
    }

    /// The close-in-meaning section (empty when meaning was not read).
    static func meaningSection(_ r: CollisionReport, top: Int?) -> String {
        guard let m = r.meaning else { return "" }
        var h = "<h2>Close in meaning, far in words</h2>\n<p>\(esc(CollisionFormats.meaningHeading(m))).</p>\n"
        if m.farInWords.isEmpty { return h + "<p>None.</p>\n" }
        let limit = min(top ?? m.farInWords.count, m.farInWords.count)
        h += "<ol>\n"
        for x in m.farInWords.prefix(limit) { h += "<li>\(esc(CollisionFormats.meaningPairLine(r, x)))</li>\n" }
        h += "</ol>\n"
        if limit < m.farInWords.count { h += "<p>… \(m.farInWords.count - limit) more.</p>\n" }
        return h
    }

    /// Shortcut × shortcut, symmetric, colored by the worst pair (count in the tooltip).
    static func matrix(_ r: CollisionReport) -> String {
        var worst: [CollisionTarget: [CollisionTarget: (CollisionSeverity, Int)]] = [:]
        var nodes = Set<CollisionTarget>()
        for p in r.pairs {
            let x = p.a.target.shortcut, y = p.b.target.shortcut
            nodes.insert(x)
            nodes.insert(y)
            for (u, v) in [(x, y), (y, x)] {
                let cur = worst[u]?[v]
                worst[u, default: [:]][v] = (max(cur?.0 ?? p.severity, p.severity), (cur?.1 ?? 0) + (u == v && cur != nil ? 0 : 1))
            }
        }
        let labels = nodes.sorted()
        let n = labels.count
        // Names without the prefix they all share (com.example.), the full name in each cell's tooltip.
        let (names, prefix) = EvalHTML.shortLabels(labels.map { $0.title(qualified: r.qualified) })
        // Sized to fit a 1,400 px window (the page's margins and scroll bar aside): the cells
        // shrink with many shortcuts, the labels with them; column labels rise at 60°, so they
        // reach half their length to the right of their column.
        let available = 1300
        func extent(_ font: Int) -> Int { (names.map { EvalHTML.textWidth($0, size: font) }.max() ?? 40) + 8 }
        var cell = 24, font = 12
        while cell > 8 && 10 + extent(font) + n * cell + extent(font) / 2 > available {
            cell -= 1
            font = max(8, min(12, cell - 1))
        }
        let label = extent(font)
        let width = label + n * cell + label / 2 + 10
        let height = label * 87 / 100 + 10 + n * cell + 10
        let top = label * 87 / 100 + 10
        var s = prefix.isEmpty ? "" : "<p class=\"why\">Names are shown without the prefix <code>\(esc(prefix))</code></p>\n"
        s += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" role=\"img\" aria-label=\"collision matrix\" font-family=\"sans-serif\">\n"
        for (i, name) in names.enumerated() {
            s += "<text x=\"\(label - 4)\" y=\"\(top + i * cell + cell * 3 / 4)\" text-anchor=\"end\" font-size=\"\(font)\">\(esc(name))</text>\n"
            s += "<text transform=\"translate(\(label + i * cell + cell * 3 / 4),\(top - 4)) rotate(-60)\" font-size=\"\(font)\">\(esc(name))</text>\n"
        }
        for (i, a) in labels.enumerated() {
            for (j, b) in labels.enumerated() {
                let w = worst[a]?[b]
                s += "<rect x=\"\(label + j * cell)\" y=\"\(top + i * cell)\" width=\"\(cell - 1)\" height=\"\(cell - 1)\" fill=\"\(color(w?.0))\">"
                if let w { s += "<title>\(esc(a.title(qualified: r.qualified))) ~ \(esc(b.title(qualified: r.qualified))): \(w.1) pair\(w.1 == 1 ? "" : "s"), worst \(w.0.name)</title>" }
                s += "</rect>"
            }
            s += "\n"
        }
        return s + "</svg>\n"
    }
}
