import Foundation

/// One utterance of a test corpus with what should happen to it (spec: corpus.md).
public struct CorpusItem: Sendable, Hashable {
    public struct Expectation: Sendable, Hashable {
        public var app: String?
        public var intent: String
        /// Parameter name → persisted identity ("true"/"false" for Bool).
        public var parameters: [String: String]
    }
    public var text: String
    public var locale: String?
    /// nil: nothing may run.
    public var expect: Expectation?
    public var tags: [String]
    public var file: String
    public var line: Int

    /// The corpora's two halves: rules, weights and thresholds are chosen on the tune lines
    /// (even line numbers); figures are reported on the test lines (odd).
    public enum Split: String, Sendable, CaseIterable { case tune, test }
    public var split: Split { line % 2 == 0 ? .tune : .test }
}

extension Matcher {
    /// Builds the phrase vectors of the indexed locales `items` are matched in (an item without a
    /// locale: the matcher's default), before a run over them: built on every core now, where
    /// under one line's lock they would be built on that line's thread alone.
    @discardableResult
    public func prepareSemantic(for items: [CorpusItem]) -> Int {
        guard encoder != nil else { return 0 }
        let ls = Set(items.compactMap { indexedLocale(for: $0.locale ?? defaultLocale) })
        return prepareSemantic(locales: locales.filter { ls.contains($0) })
    }
}

/// Reads corpora: JSON Lines (spec) or the quick TSV form `text<TAB>intent<TAB>param=value ...`
/// (intent `-` or `none` for out-of-domain). Bad lines are reported and skipped.
public enum CorpusReader {
    public static func parse(_ text: String, file: String, format: String? = nil) -> (items: [CorpusItem], errors: [Diagnostic]) {
        var items: [CorpusItem] = []
        var errors: [Diagnostic] = []
        let isTSV = format == "tsv" || (format == nil && file.hasSuffix(".tsv"))
        var lines: [String] = []
        forEachLine(text) { lines.append($0) }
        let all = lines
        // Lines are parsed on every core, and their results taken in line order.
        let results = Parallel.map(count: all.count, chunk: 256) { i in
            isTSV ? parseTSV(all[i], file: file, line: i + 1) : parseJSONLine(all[i], file: file, line: i + 1)
        }
        items.reserveCapacity(results.count)
        for r in results {
            switch r {
            case .skip: break
            case .item(let i): items.append(i)
            case .error(let d): errors.append(d)
            }
        }
        return (items, errors)
    }

    /// The lines of `text` as `enumerateLines` gives them (separators: LF, CR, CR LF, NEL, U+2028,
    /// U+2029; no empty line after a final separator), found in the UTF-8 bytes without bridging.
    static func forEachLine(_ text: String, _ body: (String) -> Void) {
        var text = text
        text.withUTF8 { u in
            let n = u.count
            var start = 0, i = 0
            while i < n {
                let b = u[i]
                var sep = 0
                if b == 0x0A { sep = 1 } else if b == 0x0D {
                    sep = i + 1 < n && u[i + 1] == 0x0A ? 2 : 1
                } else if b == 0xC2, i + 1 < n, u[i + 1] == 0x85 {
                    sep = 2
                } else if b == 0xE2, i + 2 < n, u[i + 1] == 0x80, u[i + 2] == 0xA8 || u[i + 2] == 0xA9 {
                    sep = 3
                }
                if sep == 0 { i += 1; continue }
                body(String(decoding: UnsafeBufferPointer(rebasing: u[start..<i]), as: UTF8.self))
                i += sep
                start = i
            }
            if start < n { body(String(decoding: UnsafeBufferPointer(rebasing: u[start..<n]), as: UTF8.self)) }
        }
    }

    /// `s.trimmingCharacters(in: .whitespaces)`, without Foundation when neither end can be trimmed.
    static func trimmedSpaces(_ s: String) -> String {
        func plain(_ b: UInt8?) -> Bool { b.map { $0 < 0x80 && $0 != 0x20 && $0 != 0x09 } ?? false }
        if plain(s.utf8.first) && plain(s.utf8.last) { return s }
        return s.trimmingCharacters(in: .whitespaces)
    }

    public enum LineResult: Sendable {
        case skip
        case item(CorpusItem)
        case error(Diagnostic)
    }

    static func bad(_ file: String, _ line: Int, _ col: Int?, _ msg: String) -> LineResult {
        .error(Diagnostic(rule: "bad-corpus-line", severity: .error, message: msg, file: file, path: "", line: line, column: col))
    }

    public static func parseJSONLine(_ raw: String, file: String, line: Int) -> LineResult {
        let t = trimmedSpaces(raw)
        if t.isEmpty || t.hasPrefix("//") { return .skip }
        let node: JSONNode
        do { node = try JSONReader.parse(t) } catch {
            return bad(file, line, error.offset + 1, "malformed JSON: \(error.message)")
        }
        guard node.object != nil else { return bad(file, line, 1, "expected a JSON object, found \(node.typeName)") }
        guard let text = node["text"]?.string else { return bad(file, line, 1, "missing \"text\" (a string)") }
        var locale: String? = nil
        if let l = node["locale"], !l.isNull {
            guard let s = l.string else { return bad(file, line, l.offset + 1, "\"locale\" must be a string") }
            locale = s
        }
        var tags: [String] = []
        if let tg = node["tags"], !tg.isNull {
            guard let a = tg.array else { return bad(file, line, tg.offset + 1, "\"tags\" must be an array of strings") }
            for v in a { guard let s = v.string else { return bad(file, line, v.offset + 1, "\"tags\" must be an array of strings") }; tags.append(s) }
        }
        guard let e = node["expect"] else { return bad(file, line, 1, "missing \"expect\" (an object, or null for out-of-domain)") }
        var expect: CorpusItem.Expectation? = nil
        if !e.isNull {
            guard e.object != nil else { return bad(file, line, e.offset + 1, "\"expect\" must be an object or null") }
            guard let intent = e["intent"]?.string else { return bad(file, line, e.offset + 1, "\"expect.intent\" is required (a string)") }
            var params: [String: String] = [:]
            if let p = e["parameters"], !p.isNull {
                guard let o = p.object else { return bad(file, line, p.offset + 1, "\"expect.parameters\" must be an object") }
                for (k, v) in o {
                    if let s = v.string { params[k] = s } else if let b = v.bool { params[k] = b ? "true" : "false" } else if let d = v.number {
                        params[k] = JSONOut.formatNumber(d)
                    } else { return bad(file, line, v.offset + 1, "parameter \"\(k)\" must be a string or a boolean") }
                }
            }
            var app: String? = nil
            if let a = e["app"], !a.isNull {
                guard let s = a.string else { return bad(file, line, a.offset + 1, "\"expect.app\" must be a string") }
                app = s
            }
            expect = .init(app: app, intent: intent, parameters: params)
        }
        return .item(CorpusItem(text: text, locale: locale, expect: expect, tags: tags, file: file, line: line))
    }

    public static func parseTSV(_ raw: String, file: String, line: Int) -> LineResult {
        if trimmedSpaces(raw).isEmpty || raw.hasPrefix("#") { return .skip }
        let cols = raw.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard cols.count >= 2 else { return bad(file, line, nil, "expected text<TAB>intent[<TAB>param=value ...]") }
        let text = cols[0]
        if text.isEmpty { return bad(file, line, 1, "empty text") }
        let intent = trimmedSpaces(cols[1])
        var expect: CorpusItem.Expectation? = nil
        if !(intent.isEmpty || intent == "-" || intent == "none" || intent == "null") {
            var params: [String: String] = [:]
            var app: String? = nil
            for c in cols.dropFirst(2) where !c.isEmpty {
                guard let eq = c.firstIndex(of: "=") else { return bad(file, line, nil, "expected param=value, found '\(c)'") }
                let k = String(c[..<eq]), v = String(c[c.index(after: eq)...])
                if k == "@app" { app = v } else { params[k] = v }
            }
            expect = .init(app: app, intent: intent, parameters: params)
        }
        return .item(CorpusItem(text: text, locale: nil, expect: expect, tags: [], file: file, line: line))
    }
}
