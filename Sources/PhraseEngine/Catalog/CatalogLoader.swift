import Foundation

/// Reads the catalog format (spec: catalog.md). Reports every problem it can find in one pass,
/// each with the JSON path and line:column; never crashes on malformed input.
public enum CatalogLoader {
    /// Files larger than this are refused with an error instead of being read.
    public static let maxFileSize = 512 * 1024 * 1024
    /// Limits past which a template is refused with one error (at its JSON path) rather than read
    /// at a cost no real app needs: its bytes and its `${…}` tokens (App Shortcuts phrases hold
    /// the app name and at most one parameter, and are a few words long).
    public static let maxTemplateBytes = 2_048
    public static let maxTemplateTokens = 16
    /// The most options an entity may list: every option is a phrase of each template that takes
    /// the entity, in every locale, and a million of them cost a release build 20 s and 3.5 GB to
    /// index (a hundred thousand: 1 s and 240 MB). The system serves 1,000 phrases an app.
    public static let maxEntityOptions = 100_000
    /// The longest name, title, synonym or display name read (bytes of UTF-8): a value said as
    /// part of a phrase is a few words (the sample catalogs' longest is under 120 bytes), and the
    /// search's cost grows with the cube of a value's words where the utterance says them (a
    /// 512-word title: 4.8 s a query in a release build, 4,000 words: hours; at this limit, 0.22 s
    /// for the worst measured, 156 words of two or three syllables, half the template limit).
    public static let maxNameBytes = 1_024

    public static func load(path: String) throws(CatalogLoadError) -> Catalog {
        let fm = FileManager.default
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: path, isDirectory: &isDir) else {
            throw CatalogLoadError(diagnostics: [Diagnostic(rule: "unreadable", severity: .error, message: "no such file", file: path)])
        }
        if isDir.boolValue {
            throw CatalogLoadError(diagnostics: [Diagnostic(rule: "unreadable", severity: .error, message: "is a directory, expected a catalog file", file: path)])
        }
        if let size = (try? fm.attributesOfItem(atPath: path))?[.size] as? Int, size > maxFileSize {
            throw CatalogLoadError(diagnostics: [Diagnostic(rule: "unreadable", severity: .error, message: "file is larger than \(maxFileSize / 1_048_576) MB", file: path)])
        }
        guard let data = fm.contents(atPath: path) else {
            throw CatalogLoadError(diagnostics: [Diagnostic(rule: "unreadable", severity: .error, message: "cannot read file", file: path)])
        }
        return try parse(Array(data), file: path)
    }

    public static func parse(_ text: String, file: String = "<catalog>") throws(CatalogLoadError) -> Catalog {
        try parse(Array(text.utf8), file: file)
    }

    public static func parse(_ bytes: [UInt8], file: String) throws(CatalogLoadError) -> Catalog {
        let lines = LineTable(bytes)
        let root: JSONNode
        do {
            root = try JSONReader.parse(bytes)
        } catch {
            let p = lines.position(of: error.offset)
            throw CatalogLoadError(diagnostics: [Diagnostic(rule: "malformed-json", severity: .error, message: error.message, file: file, path: "", line: p.line, column: p.column)])
        }
        var r = Reader(file: file, lines: lines)
        let catalog = r.catalog(root)
        if let catalog, !r.diagnostics.contains(where: { $0.severity == .error }) { return catalog }
        throw CatalogLoadError(diagnostics: r.diagnostics.sorted(by: Diagnostic.ordered))
    }

    /// Parses a template, accepting `${name}` and the Swift spellings `\(.applicationName)` and `\(\.$name)`.
    /// Returns nil and a message for a malformed template.
    public static func parseTemplate(_ s: String) -> (pieces: [PhraseTemplate.Piece], error: String?) {
        var pieces: [PhraseTemplate.Piece] = []
        var lit = ""
        let c = Array(s.unicodeScalars)
        var i = 0
        func flush() { if !lit.isEmpty { pieces.append(.text(lit)); lit = "" } }
        func isNameChar(_ u: Unicode.Scalar) -> Bool { u.properties.isAlphabetic || u == "_" || ("0"..."9").contains(u) }
        while i < c.count {
            if c[i] == "$", i + 1 < c.count, c[i + 1] == "$" { lit.append("$"); i += 2; continue }
            if c[i] == "$", i + 1 < c.count, c[i + 1] == "{" {
                var j = i + 2
                var name = ""
                while j < c.count, c[j] != "}" { name.unicodeScalars.append(c[j]); j += 1 }
                guard j < c.count else { return (pieces, "unterminated '${' at character \(i + 1)") }
                let trimmed = name.trimmingCharacters(in: .whitespaces)
                guard !trimmed.isEmpty, trimmed.unicodeScalars.allSatisfy(isNameChar) else {
                    return (pieces, "invalid token '${\(name)}' at character \(i + 1)")
                }
                flush()
                pieces.append(trimmed == "applicationName" ? .appName : .parameter(trimmed))
                i = j + 1
                continue
            }
            if c[i] == "\\", i + 1 < c.count, c[i + 1] == "(" {
                // Swift interpolation: \(.applicationName) or \(\.$name)
                var j = i + 2
                var depth = 1
                var inner = ""
                while j < c.count {
                    if c[j] == "(" { depth += 1 }
                    if c[j] == ")" { depth -= 1; if depth == 0 { break } }
                    inner.unicodeScalars.append(c[j])
                    j += 1
                }
                guard j < c.count else { return (pieces, "unterminated '\\(' at character \(i + 1)") }
                let t = inner.trimmingCharacters(in: .whitespaces)
                flush()
                if t == ".applicationName" || t == "AppShortcutPhraseToken.applicationName" {
                    pieces.append(.appName)
                } else if t.hasPrefix("\\.$") || t.hasPrefix("\\.") {
                    let name = t.hasPrefix("\\.$") ? String(t.dropFirst(3)) : String(t.dropFirst(2))
                    guard !name.isEmpty, name.unicodeScalars.allSatisfy(isNameChar) else {
                        return (pieces, "invalid interpolation '\\(\(inner))'")
                    }
                    pieces.append(.parameter(name))
                } else {
                    return (pieces, "unsupported interpolation '\\(\(inner))' (only \\(.applicationName) and \\(\\.$parameter))")
                }
                i = j + 1
                continue
            }
            lit.unicodeScalars.append(c[i])
            i += 1
        }
        flush()
        return (pieces, nil)
    }

    /// Whether a string is a plausible BCP 47 locale identifier.
    public static func isValidLocale(_ s: String) -> Bool {
        // Over the UTF-8 bytes (every catalog string key is checked: characters would cost a
        // grapheme break each): a language of 2-3 ASCII letters, then "-" and parts of 1-8
        // ASCII letters or digits.
        var part = 0, length = 0
        for b in s.utf8 {
            if b == UInt8(ascii: "-") {
                guard part == 0 ? (2...3).contains(length) : (1...8).contains(length) else { return false }
                part += 1
                length = 0
                continue
            }
            let letter = (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z")
            let digit = b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")
            guard letter || (part > 0 && digit) else { return false }
            length += 1
        }
        return part == 0 ? (2...3).contains(length) : (1...8).contains(length)
    }

    struct Reader {
        let file: String
        let lines: LineTable
        var diagnostics: [Diagnostic] = []
        var developmentLocale = "en"

        mutating func error(_ message: String, _ path: String, _ node: JSONNode?, rule: String = "invalid-catalog") {
            let p = lines.position(of: node?.offset ?? 0)
            diagnostics.append(Diagnostic(rule: rule, severity: .error, message: message, file: file, path: path, line: p.line, column: p.column))
        }

        mutating func warning(_ message: String, _ path: String, _ node: JSONNode?, rule: String) {
            let p = lines.position(of: node?.offset ?? 0)
            diagnostics.append(Diagnostic(rule: rule, severity: .warning, message: message, file: file, path: path, line: p.line, column: p.column))
        }

        static func key(_ path: String, _ k: String) -> String {
            let simple = !k.isEmpty && k.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0 == "_" || $0 == "-" || ("0"..."9").contains($0) }
            if simple { return path.isEmpty ? k : "\(path).\(k)" }
            return "\(path)[\"\(k)\"]"
        }

        mutating func string(_ n: JSONNode?, _ path: String, required: Bool = true) -> String? {
            guard let n else {
                if required { error("missing required key", path, nil) }
                return nil
            }
            guard let s = n.string else { error("expected a string, found \(n.typeName)", path, n); return nil }
            return s
        }

        mutating func localized(_ n: JSONNode?, _ path: String, required: Bool = false) -> LocalizedText? {
            guard let n else {
                if required { error("missing required key", path, nil) }
                return nil
            }
            if let s = n.string { return spoken(s, path, n) ? LocalizedText(s) : nil }
            guard let o = n.object else { error("expected a string or an object of locale to string, found \(n.typeName)", path, n); return nil }
            var entries: [LocalizedText.Entry] = []
            for (k, v) in o {
                let p = Reader.key(path, k)
                checkLocale(k, p, v)
                guard let s = v.string else { error("expected a string, found \(v.typeName)", p, v); continue }
                guard spoken(s, p, v) else { continue }
                entries.append(.init(locale: k, text: s))
            }
            return LocalizedText(entries: entries)
        }

        mutating func localizedList(_ n: JSONNode?, _ path: String) -> LocalizedList {
            guard let n else { return LocalizedList() }
            if let a = n.array { return LocalizedList(entries: [(developmentLocale, strings(a, path))]) }
            guard let o = n.object else { error("expected an array or an object of locale to array, found \(n.typeName)", path, n); return LocalizedList() }
            var entries: [(locale: String, items: [String])] = []
            for (k, v) in o {
                let p = Reader.key(path, k)
                checkLocale(k, p, v)
                if let s = v.string { if spoken(s, p, v) { entries.append((k, [s])) }; continue }
                guard let a = v.array else { error("expected an array of strings, found \(v.typeName)", p, v); continue }
                entries.append((k, strings(a, p)))
            }
            return LocalizedList(entries: entries)
        }

        mutating func strings(_ a: [JSONNode], _ path: String) -> [String] {
            var out: [String] = []
            for (i, v) in a.enumerated() {
                if let s = v.string {
                    if spoken(s, "\(path)[\(i)]", v) { out.append(s) }
                } else { error("expected a string, found \(v.typeName)", "\(path)[\(i)]", v) }
            }
            return out
        }

        /// Whether a name, title or synonym is short enough to be read (`maxNameBytes`); an error
        /// at `path` when not.
        mutating func spoken(_ s: String, _ path: String, _ n: JSONNode?) -> Bool {
            guard s.utf8.count > CatalogLoader.maxNameBytes else { return true }
            error("name of \(PhraseBudget.grouped(s.utf8.count)) bytes; at most \(CatalogLoader.maxNameBytes) are read", path, n, rule: "limit-exceeded")
            return false
        }

        mutating func checkLocale(_ k: String, _ path: String, _ n: JSONNode?) {
            if !CatalogLoader.isValidLocale(k) { error("'\(k)' is not a locale identifier (BCP 47, such as en, fr-CA, zh-Hans)", path, n, rule: "unknown-locale") }
        }

        mutating func templates(_ n: JSONNode?, _ path: String) -> [(locale: String, templates: [PhraseTemplate])] {
            guard let n else { return [] }
            if let a = n.array { return [(developmentLocale, templateList(a, path))] }
            guard let o = n.object else { error("expected an object of locale to array of templates, found \(n.typeName)", path, n); return [] }
            var out: [(locale: String, templates: [PhraseTemplate])] = []
            for (k, v) in o {
                let p = Reader.key(path, k)
                checkLocale(k, p, v)
                if out.contains(where: { $0.locale == k }) { error("locale '\(k)' given twice", p, v); continue }
                guard let a = v.array else { error("expected an array of templates, found \(v.typeName)", p, v); continue }
                out.append((k, templateList(a, p)))
            }
            return out
        }

        mutating func templateList(_ a: [JSONNode], _ path: String) -> [PhraseTemplate] {
            var out: [PhraseTemplate] = []
            for (i, v) in a.enumerated() {
                let p = "\(path)[\(i)]"
                guard let s = v.string else { error("expected a template string, found \(v.typeName)", p, v); continue }
                if s.utf8.count > CatalogLoader.maxTemplateBytes {
                    error("template of \(s.utf8.count) bytes; at most \(CatalogLoader.maxTemplateBytes) are read", p, v, rule: "limit-exceeded"); continue
                }
                let (pieces, err) = CatalogLoader.parseTemplate(s)
                if let err { error(err, p, v, rule: "malformed-template"); continue }
                let tokens = pieces.count { if case .text = $0 { false } else { true } }
                if tokens > CatalogLoader.maxTemplateTokens {
                    error("template with \(tokens) tokens; at most \(CatalogLoader.maxTemplateTokens) are read", p, v, rule: "limit-exceeded"); continue
                }
                out.append(PhraseTemplate(text: s, pieces: pieces, location: SourceLocation(path: p, offset: v.offset)))
            }
            return out
        }

        mutating func catalog(_ root: JSONNode) -> Catalog? {
            guard root.object != nil else { error("expected a catalog object, found \(root.typeName)", "", root); return nil }
            if let f = root["format"], f.string != "phrasematch-catalog" {
                error("format must be \"phrasematch-catalog\"", "format", f)
            }
            if let v = root["version"] {
                if let n = v.number {
                    if n != 1 { error("unsupported version \(JSONOut.formatNumber(n)) (this engine reads version 1)", "version", v) }
                } else if let s = v.string {
                    error("must be the number 1, not the string \"\(s)\" (write \"version\": 1, without quotes)", "version", v)
                } else {
                    error("must be the number 1, found \(v.typeName)", "version", v)
                }
            }
            developmentLocale = string(root["developmentLocale"], "developmentLocale", required: false) ?? "en"
            if !CatalogLoader.isValidLocale(developmentLocale) { checkLocale(developmentLocale, "developmentLocale", root["developmentLocale"]) }
            var locales: [String] = []
            if let l = root["locales"] {
                if let a = l.array {
                    for (i, v) in a.enumerated() {
                        guard let s = v.string else { error("expected a locale string, found \(v.typeName)", "locales[\(i)]", v); continue }
                        checkLocale(s, "locales[\(i)]", v)
                        if locales.contains(s) { error("locale '\(s)' listed twice", "locales[\(i)]", v) } else { locales.append(s) }
                    }
                } else { error("expected an array of locales, found \(l.typeName)", "locales", l) }
            }
            // App
            var app = AppInfo(id: "", name: LocalizedText(""), alternativeNames: [])
            if let a = root["app"] {
                if a.object == nil { error("expected an object, found \(a.typeName)", "app", a) } else {
                    app.id = string(a["id"], "app.id") ?? ""
                    if app.id.isEmpty, a["id"]?.string == "" { error("app.id must not be empty", "app.id", a["id"]) }
                    app.name = localized(a["name"], "app.name", required: true) ?? LocalizedText("")
                    if let n = a["id"] { app.idLocation = SourceLocation(path: "app.id", offset: n.offset) }
                    if let n = a["name"] { app.nameLocation = SourceLocation(path: "app.name", offset: n.offset) }
                    if let alts = a["alternativeNames"] {
                        if let arr = alts.array {
                            for (i, v) in arr.enumerated() {
                                let p = "app.alternativeNames[\(i)]"
                                if let s = v.string {
                                    guard spoken(s, p, v) else { continue }
                                    app.alternativeNames.append(AlternativeAppName(name: LocalizedText(s), pronunciationHint: nil, location: SourceLocation(path: p, offset: v.offset)))
                                } else if v.object != nil {
                                    guard let name = localized(v["name"], p + ".name", required: true) else { continue }
                                    let hint = localized(v["pronunciationHint"], p + ".pronunciationHint")
                                    app.alternativeNames.append(AlternativeAppName(name: name, pronunciationHint: hint, location: SourceLocation(path: p, offset: v.offset)))
                                } else { error("expected a string or an object, found \(v.typeName)", p, v) }
                            }
                        } else { error("expected an array, found \(alts.typeName)", "app.alternativeNames", alts) }
                    }
                }
            } else { error("missing required key", "app", root) }
            // Enums
            var enums: [EnumType] = []
            if let e = root["enums"] {
                if let o = e.object {
                    for (name, v) in o {
                        let p = Reader.key("enums", name)
                        if enums.contains(where: { $0.name == name }) { error("enum '\(name)' declared twice", p, v); continue }
                        guard v.object != nil else { error("expected an object, found \(v.typeName)", p, v); continue }
                        var cases: [EnumCase] = []
                        var seen = Set<String>()
                        if let ca = v["cases"]?.array {
                            for (i, c) in ca.enumerated() {
                                let cp = "\(p).cases[\(i)]"
                                guard c.object != nil else { error("expected an object, found \(c.typeName)", cp, c); continue }
                                guard let raw = string(c["rawValue"], cp + ".rawValue") else { continue }
                                if !seen.insert(raw).inserted { error("duplicate rawValue '\(raw)'", cp + ".rawValue", c["rawValue"], rule: "duplicate-id"); continue }
                                cases.append(EnumCase(rawValue: raw, title: localized(c["title"], cp + ".title"),
                                                      synonyms: localizedList(c["synonyms"], cp + ".synonyms"),
                                                      location: SourceLocation(path: cp, offset: c.offset)))
                            }
                        } else if let c = v["cases"] {
                            error("expected an array, found \(c.typeName)", p + ".cases", c)
                        } else { error("missing required key", p + ".cases", v) }
                        enums.append(EnumType(name: name, cases: cases, location: SourceLocation(path: p, offset: v.offset)))
                    }
                } else { error("expected an object, found \(e.typeName)", "enums", e) }
            }
            // Entities
            var entities: [EntityType] = []
            if let e = root["entities"] {
                if let o = e.object {
                    for (name, v) in o {
                        let p = Reader.key("entities", name)
                        if entities.contains(where: { $0.name == name }) || enums.contains(where: { $0.name == name }) {
                            error("type '\(name)' declared twice", p, v); continue
                        }
                        guard v.object != nil else { error("expected an object, found \(v.typeName)", p, v); continue }
                        var options: [EntityOption] = []
                        var seen = Set<String>()
                        let optionNodes = v["options"]
                        if let oa = optionNodes?.array, oa.count > CatalogLoader.maxEntityOptions {
                            error("entity of \(PhraseBudget.grouped(oa.count)) options; at most \(PhraseBudget.grouped(CatalogLoader.maxEntityOptions)) are read",
                                  p + ".options", optionNodes, rule: "limit-exceeded")
                        } else if let oa = optionNodes?.array {
                            options.reserveCapacity(oa.count)
                            for (i, c) in oa.enumerated() {
                                let op = "\(p).options[\(i)]"
                                guard c.object != nil else { error("expected an object, found \(c.typeName)", op, c); continue }
                                guard let id = string(c["id"], op + ".id") else { continue }
                                if !seen.insert(id).inserted { error("duplicate id '\(id)'", op + ".id", c["id"], rule: "duplicate-id"); continue }
                                guard let title = localized(c["title"], op + ".title", required: true) else { continue }
                                options.append(EntityOption(id: id, title: title, synonyms: localizedList(c["synonyms"], op + ".synonyms"),
                                                            location: SourceLocation(path: op, offset: c.offset)))
                            }
                        } else if let c = optionNodes {
                            error("expected an array, found \(c.typeName)", p + ".options", c)
                        }
                        entities.append(EntityType(name: name, options: options, location: SourceLocation(path: p, offset: v.offset)))
                    }
                } else { error("expected an object, found \(e.typeName)", "entities", e) }
            }
            // Shortcuts
            var shortcuts: [Shortcut] = []
            if let s = root["shortcuts"] {
                if let arr = s.array {
                    for (i, v) in arr.enumerated() {
                        let p = "shortcuts[\(i)]"
                        guard v.object != nil else { error("expected an object, found \(v.typeName)", p, v); continue }
                        guard let intent = string(v["intent"], p + ".intent") else { continue }
                        if intent.isEmpty { error("intent must not be empty", p + ".intent", v["intent"]); continue }
                        if shortcuts.contains(where: { $0.intent == intent }) { error("intent '\(intent)' appears in two shortcuts", p + ".intent", v["intent"], rule: "duplicate-id"); continue }
                        var params: [Parameter] = []
                        if let po = v["parameters"] {
                            if let o = po.object {
                                for (name, pv) in o {
                                    let pp = Reader.key(p + ".parameters", name)
                                    if name == "applicationName" { error("'applicationName' is reserved for the app name token", pp, pv) }
                                    if let t = pv.string {
                                        params.append(Parameter(name: name, typeName: t, location: SourceLocation(path: pp, offset: pv.offset)))
                                        continue
                                    }
                                    guard pv.object != nil else { error("expected an object, found \(pv.typeName)", pp, pv); continue }
                                    guard let t = string(pv["type"], pp + ".type") else { continue }
                                    var param = Parameter(name: name, typeName: t, location: SourceLocation(path: pp, offset: pv.offset))
                                    if let dn = pv["displayName"] {
                                        if dn.object != nil {
                                            param.trueName = localized(dn["true"], pp + ".displayName.true")
                                            param.falseName = localized(dn["false"], pp + ".displayName.false")
                                        } else { error("expected an object with \"true\" and \"false\", found \(dn.typeName)", pp + ".displayName", dn) }
                                    }
                                    params.append(param)
                                }
                            } else { error("expected an object, found \(po.typeName)", p + ".parameters", po) }
                        }
                        let phrases = templates(v["phrases"], p + ".phrases")
                        if v["phrases"] == nil { error("missing required key", p + ".phrases", v) }
                        var image: String? = nil
                        if let im = v["systemImageName"] { image = string(im, p + ".systemImageName") }
                        shortcuts.append(Shortcut(intent: intent, shortTitle: localized(v["shortTitle"], p + ".shortTitle"),
                                                  systemImageName: image, parameters: params, phrases: phrases,
                                                  location: SourceLocation(path: p, offset: v.offset)))
                    }
                } else { error("expected an array, found \(s.typeName)", "shortcuts", s) }
            } else { error("missing required key", "shortcuts", root) }
            let negatives = templates(root["negativePhrases"], "negativePhrases")
            return Catalog(file: file, developmentLocale: developmentLocale, locales: locales, app: app, enums: enums,
                           entities: entities, shortcuts: shortcuts, negativePhrases: negatives, lines: lines)
        }
    }

    /// Loads several catalogs; app ids must differ. Collects every file's errors.
    public static func loadAll(paths: [String]) throws(CatalogLoadError) -> [Catalog] {
        var out: [Catalog] = []
        var diags: [Diagnostic] = []
        for p in paths {
            do {
                let c = try load(path: p)
                if let other = out.first(where: { $0.app.id == c.app.id }) {
                    diags.append(Diagnostic(rule: "duplicate-id", severity: .error,
                                            message: "app.id '\(c.app.id)' is also the id of \(other.file); catalogs loaded together need distinct app ids",
                                            file: p, path: "app.id"))
                    continue
                }
                out.append(c)
            } catch {
                diags.append(contentsOf: error.diagnostics)
            }
        }
        if !diags.isEmpty { throw CatalogLoadError(diagnostics: diags) }
        return out
    }
}
