/// An exported snapshot of an AppEntity query's options (`--entities TYPE=FILE`): entity
/// options are run-time data, so the app exports them (JSON or CSV) for the catalog.
///
/// JSON: an array of options, or an object with an `options` array; each option has `id`
/// (string or number), `title` (string, or object of locale to string) and optional
/// `synonyms` (array, or object of locale to array).
/// CSV (RFC 4180 quoting): a header row naming `id`, `title` and optionally `synonyms`
/// (separated by `|`), plus `title:<locale>` / `synonyms:<locale>` columns for translations.
public enum EntitySnapshot {
    /// The options as catalog JSON, or diagnostics.
    public static func read(_ bytes: [UInt8], path: String, developmentLocale: String) -> ([JSONOut], [Diagnostic]) {
        let trimmed = bytes.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        if trimmed.first == UInt8(ascii: "[") || trimmed.first == UInt8(ascii: "{") { return json(bytes, path: path) }
        return csv(bytes, path: path, dev: developmentLocale)
    }

    static func json(_ bytes: [UInt8], path: String) -> ([JSONOut], [Diagnostic]) {
        let lines = LineTable(bytes)
        func at(_ off: Int) -> ImportOrigin { ImportOrigin(file: path, lines: lines, offset: off) }
        let root: JSONNode
        do { root = try JSONReader.parse(bytes) } catch {
            return ([], [at(error.offset).diagnostic("malformed-input", .error, "entity snapshot: \(error.message)")])
        }
        guard let items = root.array ?? root["options"]?.array else {
            return ([], [at(root.offset).diagnostic("malformed-input", .error, "entity snapshot: expected an array of options or an object with \"options\"")])
        }
        var out: [JSONOut] = []
        var diags: [Diagnostic] = []
        var seen = Set<String>()
        for it in items {
            let id: String
            if let s = it["id"]?.string { id = s } else if let n = it["id"]?.number { id = JSONOut.formatNumber(n) } else {
                diags.append(at(it.offset).diagnostic("malformed-input", .error, "entity snapshot: an option without an id")); continue
            }
            guard seen.insert(id).inserted else {
                diags.append(at(it.offset).diagnostic("duplicate-id", .error, "entity snapshot: id '\(id)' appears twice")); continue
            }
            guard let title = it["title"].flatMap(convert) else {
                diags.append(at(it.offset).diagnostic("malformed-input", .error, "entity snapshot: option '\(id)' has no title")); continue
            }
            var o: [(String, JSONOut)] = [("id", .string(id)), ("title", title)]
            if let s = it["synonyms"].flatMap(convert) { o.append(("synonyms", s)) }
            out.append(.object(o))
        }
        return (out, diags)
    }

    /// A JSON value copied as is (strings, arrays and objects of them).
    static func convert(_ n: JSONNode) -> JSONOut? {
        switch n.value {
        case .string(let s): return .string(s)
        case .array(let a): return .array(a.compactMap { $0.string.map { JSONOut.string($0) } })
        case .object(let o): return .object(o.compactMap { kv in convert(kv.value).map { (kv.key, $0) } })
        default: return nil
        }
    }

    /// Splits CSV into rows of fields (RFC 4180: quotes, doubled quotes, newlines in quotes).
    /// - Complexity: O(n).
    public static func csvRows(_ b: [UInt8]) -> (rows: [[String]], lineOfRow: [Int]) {
        var rows: [[String]] = []
        var lineOfRow: [Int] = []
        var field: [UInt8] = []
        var row: [String] = []
        var i = 0
        var line = 1
        var rowLine = 1
        var quoted = false
        if b.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        while i < b.count {
            let c = b[i]
            if quoted {
                if c == 0x22 {
                    if i + 1 < b.count, b[i + 1] == 0x22 { field.append(0x22); i += 2; continue }
                    quoted = false; i += 1; continue
                }
                if c == 0x0A { line += 1 }
                field.append(c); i += 1; continue
            }
            switch c {
            case 0x22 where field.isEmpty: quoted = true
            case 0x2C: row.append(String(decoding: field, as: UTF8.self)); field = []
            case 0x0D: break
            case 0x0A:
                row.append(String(decoding: field, as: UTF8.self)); field = []
                if !(row.count == 1 && row[0].isEmpty) { rows.append(row); lineOfRow.append(rowLine) }
                row = []
                line += 1
                rowLine = line
            default: field.append(c)
            }
            i += 1
        }
        if !field.isEmpty || !row.isEmpty {
            row.append(String(decoding: field, as: UTF8.self))
            rows.append(row); lineOfRow.append(rowLine)
        }
        return (rows, lineOfRow)
    }

    static func csv(_ bytes: [UInt8], path: String, dev: String) -> ([JSONOut], [Diagnostic]) {
        if let bad = SwiftLexer.firstInvalidUTF8(bytes) {
            return ([], [ImportOrigin(file: path).diagnostic("invalid-utf8", .error, "entity snapshot is not valid UTF-8 (offset \(bad))")])
        }
        let (rows, lineOf) = csvRows(bytes)
        guard let header = rows.first else {
            return ([], [ImportOrigin(file: path, line: 1, column: 1).diagnostic("malformed-input", .error, "entity snapshot: empty CSV")])
        }
        let cols = header.map { $0.trimmingCharacters(in: .whitespaces) }
        guard let idCol = cols.firstIndex(of: "id"), let titleCol = cols.firstIndex(of: "title") else {
            return ([], [ImportOrigin(file: path, line: 1, column: 1).diagnostic("malformed-input", .error, "entity snapshot: the CSV header must name the columns id and title")])
        }
        var out: [JSONOut] = []
        var diags: [Diagnostic] = []
        var seen = Set<String>()
        for (r, row) in rows.enumerated().dropFirst() {
            let o = ImportOrigin(file: path, line: lineOf[r], column: 1)
            guard row.count == cols.count else {
                diags.append(o.diagnostic("malformed-input", .error, "entity snapshot: \(row.count) fields, the header has \(cols.count)")); continue
            }
            let id = row[idCol]
            guard !id.isEmpty, seen.insert(id).inserted else {
                diags.append(o.diagnostic(id.isEmpty ? "malformed-input" : "duplicate-id", .error, id.isEmpty ? "entity snapshot: empty id" : "entity snapshot: id '\(id)' appears twice")); continue
            }
            var titles: [(String, JSONOut)] = []
            var synonyms: [(String, JSONOut)] = []
            func list(_ s: String) -> JSONOut {
                .array(s.split(separator: "|").map { .string($0.trimmingCharacters(in: .whitespaces)) }.filter { $0 != .string("") })
            }
            for (k, c) in cols.enumerated() {
                if c.hasPrefix("title:"), !row[k].isEmpty { titles.append((String(c.dropFirst(6)), .string(row[k]))) }
                if c.hasPrefix("synonyms:"), !row[k].isEmpty { synonyms.append((String(c.dropFirst(9)), list(row[k]))) }
            }
            var opt: [(String, JSONOut)] = [("id", .string(id))]
            opt.append(("title", titles.isEmpty ? .string(row[titleCol]) : .object([(dev, .string(row[titleCol]))] + titles)))
            if let sc = cols.firstIndex(of: "synonyms"), !row[sc].isEmpty {
                synonyms.insert((dev, list(row[sc])), at: 0)
            }
            if !synonyms.isEmpty { opt.append(("synonyms", synonyms.count == 1 && synonyms[0].0 == dev ? synonyms[0].1 : .object(synonyms))) }
            out.append(.object(opt))
        }
        return (out, diags)
    }
}
