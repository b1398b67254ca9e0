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
        </style></head><body>
        <h1>Phrase collisions</h1>

        """
        h += "<p>\(esc(CollisionFormats.summary(r, top: top))).</p>\n"
        if r.pairs.isEmpty { return h + "</body></html>\n" }
        h += "<h2>Which shortcuts collide</h2>\n<p>Rows and columns: shortcuts; a cell is colored by the worst pair between them "
        h += "(<span class=\"error\">error</span>, <span class=\"warning\">warning</span>, <span class=\"note\">note</span>); the diagonal holds pairs of one parameter's options.</p>\n"
        h += matrix(r)
        h += "<h2>Clusters</h2>\n<ol>\n"
        for c in r.clusters {
            h += "<li><span class=\"\(c.severity.name)\">\(c.severity.name)</span> \(esc(CollisionFormats.clusterLine(r, c)))</li>\n"
        }
        h += "</ol>\n"
        let limit = min(top ?? r.pairs.count, r.pairs.count)
        h += "<h2>Pairs</h2>\n<table><tr><th>#</th><th>severity</th><th>similarity</th><th>kind</th><th>locale</th><th>a</th><th>b</th><th>why / fix</th></tr>\n"
        for (i, p) in r.pairs.prefix(limit).enumerated() {
            h += "<tr><td>\(i + 1)</td><td class=\"\(p.severity.name)\">\(p.severity.name)</td><td>\(JSONOut.formatNumber(p.similarity))</td>"
            h += "<td>\(p.kind.rawValue)</td><td>\(esc(p.a.locale))</td><td>\(esc(CollisionFormats.side(p.a, r.qualified)))</td>"
            h += "<td>\(esc(CollisionFormats.side(p.b, r.qualified)))</td><td>\(esc(p.reason))<br><span class=\"why\">\(esc(p.suggestion))</span></td></tr>\n"
        }
        h += "</table>\n"
        if limit < r.pairs.count { h += "<p>… \(r.pairs.count - limit) more pairs.</p>\n" }
        if let rc = r.reality {
            h += "<h2>Against reality</h2>\n<pre>\(esc(CollisionFormats.realityText(r, rc, top: top)))</pre>\n"
        }
        return h + "</body></html>\n"
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
        let cell = n > 40 ? 10 : (n > 20 ? 16 : 24)
        let label = 240
        let size = label + n * cell + 10
        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(size)\" height=\"\(size)\" role=\"img\" aria-label=\"collision matrix\">\n"
        let font = min(12, cell - 2)
        for (i, l) in labels.enumerated() {
            let name = esc(l.label(qualified: r.qualified))
            s += "<text x=\"\(label - 4)\" y=\"\(label + i * cell + cell * 3 / 4)\" text-anchor=\"end\" font-size=\"\(font)\">\(name)</text>\n"
            s += "<text transform=\"translate(\(label + i * cell + cell * 3 / 4),\(label - 4)) rotate(-60)\" font-size=\"\(font)\">\(name)</text>\n"
        }
        for (i, a) in labels.enumerated() {
            for (j, b) in labels.enumerated() {
                let w = worst[a]?[b]
                s += "<rect x=\"\(label + j * cell)\" y=\"\(label + i * cell)\" width=\"\(cell - 1)\" height=\"\(cell - 1)\" fill=\"\(color(w?.0))\">"
                if let w { s += "<title>\(esc(a.label(qualified: r.qualified))) ~ \(esc(b.label(qualified: r.qualified))): \(w.1) pair\(w.1 == 1 ? "" : "s"), worst \(w.0.name)</title>" }
                s += "</rect>"
            }
            s += "\n"
        }
        return s + "</svg>\n"
    }
}
