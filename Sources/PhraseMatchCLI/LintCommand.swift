import Foundation
import PhraseEngine

/// `phrasematch lint`: checks catalogs against the App Shortcuts rules.
public enum LintCommand: Command {
    public static let name = "lint"
    public static let summary = "Check catalogs against the App Shortcuts rules."
    public static let arguments = "[FILE ...]"
    public static let discussion = """
    Every rule has a stable id, a severity and the App Shortcuts fact behind it
    (--list-rules prints them). A catalog that cannot be read is reported in the chosen format
    too. With --format xcode each finding is one `file:line:column: severity: message [rule]`
    line, so lint can run as an Xcode build phase; for a catalog made by `phrasematch import`
    the line points at the Swift source of the phrase, shortcut or enum case.
    Exit status: 0 no errors; 1 errors (or warnings, with --strict); 2 usage error;
    3 a catalog cannot be read or is malformed.
    """
    public static let options = [
        CatalogOptions.catalogOption,
        OptionSpec("--format", short: "-f", value: "F", help: "text (default), json or xcode; with --list-rules: text, json or markdown."),
        OptionSpec("--strict", help: "Treat warnings as errors."),
        OptionSpec("--rule", value: "ID", repeatable: true, help: "Run only this rule."),
        OptionSpec("--disable", value: "ID", repeatable: true, help: "Do not run this rule."),
        OptionSpec("--list-rules", help: "List the rules (id, severity, fact) and exit."),
        OptionSpec("--source-root", value: "DIR", help: "Folder that the Swift locations of an imported catalog are relative to (default: the catalog's folder, then the current one)."),
        CatalogOptions.outputOption,
    ]

    public static func run(_ args: ParsedArguments, _ ctx: CLIContext) throws -> Int32 {
        let listing = args.flag("--list-rules")
        let format = try PhraseMatchCLI.format(args, allowed: listing ? ["text", "json", "markdown"] : ["text", "json", "xcode"])
        let rules = try selectedRules(args)
        if listing {
            try PhraseMatchCLI.emit(listRules(rules, format: format), args, ctx)
            return ExitCode.success
        }
        let paths = try CatalogOptions.paths(args, ctx, extra: args.positionals)

        // Load each catalog on its own, so one broken file does not hide the others' findings.
        var catalogs: [Catalog] = []
        var loadErrors: [Diagnostic] = []
        for p in paths {
            let full = CatalogOptions.resolvePath(p, ctx)
            do {
                let c = try CatalogLoader.load(path: full)
                if let other = catalogs.first(where: { $0.app.id == c.app.id }) {
                    loadErrors.append(Diagnostic(rule: "duplicate-id", severity: .error,
                                                 message: "app.id '\(c.app.id)' is also the id of \(CatalogOptions.displayPath(other.file, ctx)); catalogs linted together need distinct app ids",
                                                 file: full, path: "app.id", line: c.app.idLocation.map { c.position($0).line } ?? 1,
                                                 column: c.app.idLocation.map { c.position($0).column } ?? 1))
                }
                // Linted all the same: a second file with a taken id still gets its own findings.
                catalogs.append(c)
            } catch {
                loadErrors += error.diagnostics
            }
        }
        var findings = Linter.lint(catalogs, rules: rules)
        if args.flag("--strict") {
            findings = findings.map { d in var d = d; if d.severity == .warning { d.severity = .error }; return d }
        }

        // Swift locations of imported catalogs (for xcode, and as an extra key in json).
        var sources: [Int: String] = [:]
        var maps: [String: ImportedSourceMap?] = [:]
        let sourceRoot = args.value("--source-root").map { CatalogOptions.resolvePath($0, ctx) }
        for (i, d) in findings.enumerated() where !d.path.isEmpty {
            if maps[d.file] == nil { maps[d.file] = .some(ImportedSourceMap(catalogFile: d.file)) }
            guard let map = maps[d.file] ?? nil, let s = map.source(for: d.path) else { continue }
            sources[i] = map.resolve(s, sourceRoot: sourceRoot, ctx)
        }

        let all = (loadErrors + findings).map { DiagnosticFormat.displayed($0, ctx) }
        let mapped: [(Diagnostic, String?)] = all.enumerated().map { (i, d) in
            (d, i < loadErrors.count ? nil : sources[i - loadErrors.count])
        }

        let order = paths.map { CatalogOptions.displayPath(CatalogOptions.resolvePath($0, ctx), ctx) }
        let report: String
        switch format {
        case "json": report = json(mapped, catalogs: paths.count)
        case "xcode": report = xcode(mapped)
        default: report = text(mapped, files: order, catalogs: paths.count, color: ctx.useColor && args.value("--output") == nil)
        }
        try PhraseMatchCLI.emit(report, args, ctx)
        if !loadErrors.isEmpty {
            // The contract: input errors also go to standard error, one line each (unless the
            // same lines already went to the terminal).
            if format == "json" || args.value("--output") != nil {
                for d in all.prefix(loadErrors.count) { ctx.err("error: " + d.oneLine + "\n") }
            }
            return ExitCode.badInput
        }
        return all.contains { $0.severity == .error } ? ExitCode.checkFailed : ExitCode.success
    }

    static func selectedRules(_ args: ParsedArguments) throws -> [LintRule] {
        let ids = Linter.rules.map(\.id)
        func check(_ id: String, _ option: String) throws {
            guard ids.contains(id) else {
                var m = "unknown rule '\(id)' for \(option)"
                if let s = Suggest.closest(id, among: ids) { m += "; did you mean '\(s)'?" }
                throw CLIError.usage(m + " (see --list-rules)")
            }
        }
        let only = args.values("--rule")
        let off = args.values("--disable")
        for id in only { try check(id, "--rule") }
        for id in off { try check(id, "--disable") }
        return Linter.rules.filter { (only.isEmpty || only.contains($0.id)) && !off.contains($0.id) }
    }

    /// The rules as text, json, or the markdown table of docs/catalog-tools.md.
    static func listRules(_ rules: [LintRule], format: String) -> String {
        if format == "markdown" {
            return "| id | severity | fact |\n|---|---|---|\n" + rules.map { r in
                "| `\(r.id)` | \(r.severity.rawValue) | \(r.fact.replacingOccurrences(of: "|", with: "\\|")) |\n"
            }.joined()
        }
        if format == "json" {
            return JSONOut.object([("rules", .array(rules.map { r in
                .object([("id", .string(r.id)), ("severity", .string(r.severity.rawValue)), ("fact", .string(r.fact))])
            }))]).render(pretty: true) + "\n"
        }
        let w = (rules.map(\.id.count).max() ?? 0) + 2
        return rules.map { r in
            r.id.padding(toLength: w, withPad: " ", startingAt: 0) + r.severity.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0) + r.fact
        }.joined(separator: "\n") + "\n"
    }

    /// "2 errors, 1 warning, 0 notes in 1 catalog"
    static func countLine(_ ds: [Diagnostic], catalogs: Int) -> String {
        func n(_ k: Int, _ w: String) -> String { "\(k) \(w)\(k == 1 ? "" : "s")" }
        let e = ds.filter { $0.severity == .error }.count
        let w = ds.filter { $0.severity == .warning }.count
        let no = ds.count - e - w
        return "\(n(e, "error")), \(n(w, "warning")), \(n(no, "note")) in \(n(catalogs, "catalog"))"
    }

    static func text(_ items: [(Diagnostic, String?)], files: [String], catalogs: Int, color: Bool) -> String {
        func paint(_ s: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
        func sevColor(_ s: Diagnostic.Severity) -> String { s == .error ? "1;31" : (s == .warning ? "1;33" : "1;36") }
        var out = ""
        var fileOrder: [String] = []
        for f in files + items.map(\.0.file) where !fileOrder.contains(f) { fileOrder.append(f) }
        for f in fileOrder {
            let mine = items.filter { $0.0.file == f }
            guard !mine.isEmpty else { continue }
            out += paint(f, "1") + "\n"
            for (d, src) in mine {
                let pos = d.line.map { l in "\(l):\(d.column ?? 1)" } ?? "-"
                let sev = d.severity.rawValue
                out += "  " + pos.padding(toLength: max(8, pos.count + 1), withPad: " ", startingAt: 0)
                    + paint(sev, sevColor(d.severity)) + String(repeating: " ", count: 8 - sev.count)
                    + (d.path.isEmpty ? "" : d.path + ": ") + oneLine(d.message) + " " + paint("[\(d.rule)]", "2") + "\n"
                if let src { out += "          Swift source: \(src)\n" }
            }
        }
        out += countLine(items.map(\.0), catalogs: catalogs) + "\n"
        return out
    }

    static func json(_ items: [(Diagnostic, String?)], catalogs: Int) -> String {
        let ds = items.map(\.0)
        let list: [JSONOut] = items.map { (d, src) in
            guard let src, case .object(var o) = d.json else { return d.json }
            o.append(("source", .string(src)))
            return .object(o)
        }
        return JSONOut.object([
            ("diagnostics", .array(list)),
            ("errors", .int(ds.filter { $0.severity == .error }.count)),
            ("warnings", .int(ds.filter { $0.severity == .warning }.count)),
            ("notes", .int(ds.filter { $0.severity == .note }.count)),
            ("catalogs", .int(catalogs)),
        ]).render(pretty: true) + "\n"
    }

    /// `file:line:column: severity: message [rule]`, one line per finding; a finding in an
    /// imported catalog points at its Swift source; one without a position points at 1:1.
    static func xcode(_ items: [(Diagnostic, String?)]) -> String {
        var out = ""
        for (d, src) in items {
            var x = d
            x.message = oneLine(d.message)
            if let src, let loc = ImportedSourceMap.split(src) {
                x.file = loc.file
                x.line = loc.line
                x.column = loc.column
            }
            if x.line == nil { x.line = 1 }
            if x.column == nil { x.column = 1 }
            out += x.xcodeLine + "\n"
        }
        return out
    }

    static func oneLine(_ s: String) -> String {
        s.contains(where: { $0.isNewline }) ? s.split(whereSeparator: { $0.isNewline }).joined(separator: " ") : s
    }
}

/// The Swift locations a catalog written by `phrasematch import` carries in its extra keys:
/// `source` on shortcuts, enums, cases and entities, and `phraseSources` (one per
/// development-locale phrase) on shortcuts. Read from the raw JSON, since the engine's
/// catalog model ignores them.
struct ImportedSourceMap {
    let root: JSONNode
    let catalogFile: String
    let developmentLocale: String

    /// nil when the file cannot be read or has no such keys (a hand-written catalog).
    init?(catalogFile: String) {
        guard let data = FileManager.default.contents(atPath: catalogFile) else { return nil }
        let bytes = Array(data)
        guard Self.mentionsSources(bytes), let root = try? JSONReader.parse(bytes) else { return nil }
        self.root = root
        self.catalogFile = catalogFile
        developmentLocale = root["developmentLocale"]?.string ?? "en"
    }

    /// A cheap test for `"source"` or `"phraseSources"` before parsing the file again.
    static func mentionsSources(_ b: [UInt8]) -> Bool {
        let needle = Array("ource\"".utf8)
        guard b.count >= needle.count else { return false }
        var i = 0
        while i + needle.count <= b.count {
            if b[i] == needle[0] && Array(b[i..<(i + needle.count)]) == needle { return true }
            i += 1
        }
        return false
    }

    enum Token: Equatable {
        case key(String)
        case index(Int)
    }

    /// Splits a JSON path as the loader writes it: `shortcuts[2].phrases.fr[0]`, `enums["A B"].cases[1]`.
    static func tokens(_ path: String) -> [Token]? {
        var out: [Token] = []
        let c = Array(path)
        var i = 0
        var name = ""
        func flush() { if !name.isEmpty { out.append(.key(name)); name = "" } }
        while i < c.count {
            switch c[i] {
            case ".":
                flush(); i += 1
            case "[":
                flush()
                if i + 1 < c.count, c[i + 1] == "\"" {
                    var j = i + 2
                    var k = ""
                    while j + 1 < c.count, !(c[j] == "\"" && c[j + 1] == "]") { k.append(c[j]); j += 1 }
                    guard j + 1 < c.count else { return nil }
                    out.append(.key(k))
                    i = j + 2
                } else {
                    var j = i + 1
                    var digits = ""
                    while j < c.count, c[j] != "]" { digits.append(c[j]); j += 1 }
                    guard j < c.count, let n = Int(digits) else { return nil }
                    out.append(.index(n))
                    i = j + 1
                }
            default:
                name.append(c[i]); i += 1
            }
        }
        flush()
        return out
    }

    /// The innermost Swift location along a JSON path (`File.swift:line:column`), if any.
    func source(for path: String) -> String? {
        guard let toks = Self.tokens(path) else { return nil }
        var node = root
        var best: String? = nil
        var k = 0
        while k < toks.count {
            let t = toks[k]
            // A development-locale phrase: its own location, from the shortcut's phraseSources.
            if t == .key("phrases"), let ps = node["phraseSources"]?.array {
                var idx: Int? = nil
                if k + 1 < toks.count, case .index(let j) = toks[k + 1], node["phrases"]?.array != nil { idx = j }
                if k + 2 < toks.count, toks[k + 1] == .key(developmentLocale), case .index(let j) = toks[k + 2] { idx = j }
                if let j = idx, j >= 0, j < ps.count, let s = ps[j].string { return s }
                return best
            }
            let next: JSONNode?
            switch t {
            case .key(let key): next = node[key]
            case .index(let j): next = node.array.flatMap { j >= 0 && j < $0.count ? $0[j] : nil }
            }
            guard let n = next else { break }
            node = n
            if let s = node["source"]?.string { best = s }
            k += 1
        }
        return best
    }

    /// `File.swift:12:5` → parts (the file may itself contain colons).
    static func split(_ s: String) -> (file: String, line: Int, column: Int)? {
        let parts = s.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 3, let col = Int(parts[parts.count - 1]), let line = Int(parts[parts.count - 2]) else { return nil }
        let file = parts.dropLast(2).joined(separator: ":")
        guard !file.isEmpty, line >= 1, col >= 1 else { return nil }
        return (file, line, col)
    }

    /// The location with its file found: relative to --source-root, the catalog's folder or the
    /// current directory (the first where it exists), shown relative to the current directory.
    func resolve(_ s: String, sourceRoot: String?, _ ctx: CLIContext) -> String {
        guard let loc = Self.split(s) else { return s }
        var file = loc.file
        if !file.hasPrefix("/") {
            let catalogDir = URL(fileURLWithPath: catalogFile).deletingLastPathComponent().path
            let candidates = [sourceRoot, catalogDir, ctx.currentDirectory].compactMap { $0 }.map { $0.hasSuffix("/") ? $0 + file : $0 + "/" + file }
            if let hit = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) {
                file = hit
            } else if let sourceRoot {
                file = sourceRoot.hasSuffix("/") ? sourceRoot + file : sourceRoot + "/" + file
            }
        }
        return "\(CatalogOptions.displayPath(file, ctx)):\(loc.line):\(loc.column)"
    }
}
