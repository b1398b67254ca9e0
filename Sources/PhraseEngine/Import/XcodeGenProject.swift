import Foundation

/// A YAML value with its line: the subset XcodeGen specs use (block mappings and sequences,
/// flow `[…]` and `{…}`, plain and quoted scalars, `|`/`>` block scalars, `#` comments).
/// Anchors, aliases and tags are read as plain text. Bounded: nesting is limited to
/// `PropertyList.maxDepth`; errors carry the line.
public indirect enum YAMLValue: Sendable {
    case scalar(String, line: Int)
    case sequence([YAMLValue], line: Int)
    case mapping([(key: String, value: YAMLValue)], line: Int)

    public var line: Int {
        switch self { case .scalar(_, let l), .sequence(_, let l), .mapping(_, let l): return l }
    }
    public var string: String? { if case .scalar(let s, _) = self { return s }; return nil }
    public var sequence: [YAMLValue]? { if case .sequence(let a, _) = self { return a }; return nil }
    public var mapping: [(key: String, value: YAMLValue)]? { if case .mapping(let m, _) = self { return m }; return nil }
    public subscript(key: String) -> YAMLValue? { mapping?.first { $0.key == key }?.value }

    public struct ParseError: Error, Sendable {
        public var message: String
        public var line: Int
    }

    struct Line {
        var indent: Int
        var text: String
        var number: Int
    }

    public static func parse(_ bytes: [UInt8]) throws(ParseError) -> YAMLValue {
        let text = String(decoding: StringsFile.decode(bytes), as: UTF8.self)
        var lines: [Line] = []
        var n = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            n += 1
            var s = String(raw)
            if s.hasSuffix("\r") { s.removeLast() }
            if s.contains("\t"), s.prefix(while: { $0 == " " || $0 == "\t" }).contains("\t") {
                throw ParseError(message: "tab in indentation", line: n)
            }
            let indent = s.prefix(while: { $0 == " " }).count
            lines.append(Line(indent: indent, text: String(s.dropFirst(indent)), number: n))
        }
        var p = Parser(lines: lines)
        p.skipBlank()
        guard p.i < p.lines.count else { return .mapping([], line: 1) }
        let v = try p.block(indent: p.lines[p.i].indent, depth: 0)
        p.skipBlank()
        if p.i < p.lines.count { throw ParseError(message: "unexpected indentation", line: p.lines[p.i].number) }
        return v
    }

    struct Parser {
        var lines: [Line]
        var i = 0

        /// The text without a trailing comment (a `#` after a space, outside quotes).
        static func stripComment(_ s: String) -> String {
            var quote: Character? = nil
            var prev: Character = " "
            var out = ""
            for c in s {
                if let q = quote { if c == q { quote = nil } }
                else if c == "\"" || c == "'" { if prev == " " || prev == "[" || prev == "{" || prev == "," || prev == ":" || out.isEmpty { quote = c } }
                else if c == "#" && (prev == " " || out.isEmpty) { break }
                out.append(c)
                prev = c
            }
            return out.trimmingCharacters(in: .whitespaces)
        }

        mutating func skipBlank() {
            while i < lines.count {
                let t = Parser.stripComment(lines[i].text)
                if t.isEmpty || t == "---" || t.hasPrefix("%") { i += 1; continue }
                break
            }
        }

        func isSeqItem(_ t: String) -> Bool { t == "-" || t.hasPrefix("- ") }

        mutating func block(indent: Int, depth: Int) throws(ParseError) -> YAMLValue {
            guard depth < PropertyList.maxDepth else { throw ParseError(message: "nesting deeper than \(PropertyList.maxDepth) levels", line: lines[min(i, lines.count - 1)].number) }
            skipBlank()
            guard i < lines.count else { return .scalar("", line: lines.last?.number ?? 1) }
            let t = Parser.stripComment(lines[i].text)
            if isSeqItem(t) { return try sequence(indent: indent, depth: depth) }
            if Parser.keySplit(t) == nil {
                // A lone scalar (possibly over several lines).
                let l = lines[i].number
                var parts = [t]
                i += 1
                while i < lines.count, lines[i].indent >= indent, !Parser.stripComment(lines[i].text).isEmpty, Parser.keySplit(Parser.stripComment(lines[i].text)) == nil {
                    parts.append(Parser.stripComment(lines[i].text)); i += 1
                }
                return try Parser.inline(parts.joined(separator: " "), line: l, depth: depth)
            }
            return try mapping(indent: indent, depth: depth)
        }

        /// `key: rest` (the colon followed by a space or the end, outside quotes and brackets).
        static func keySplit(_ t: String) -> (key: String, rest: String)? {
            var quote: Character? = nil
            var level = 0
            var idx = t.startIndex
            if let f = t.first, f == "[" || f == "{" { return nil }
            while idx < t.endIndex {
                let c = t[idx]
                if let q = quote { if c == q { quote = nil } }
                else if c == "\"" || c == "'" { if idx == t.startIndex { quote = c } }
                else if c == "[" || c == "{" { level += 1 }
                else if c == "]" || c == "}" { level -= 1 }
                else if c == ":" && level == 0 {
                    let next = t.index(after: idx)
                    if next == t.endIndex || t[next] == " " {
                        let k = unquote(String(t[..<idx]).trimmingCharacters(in: .whitespaces))
                        return (k, String(t[next...]).trimmingCharacters(in: .whitespaces))
                    }
                }
                idx = t.index(after: idx)
            }
            return nil
        }

        static func unquote(_ s: String) -> String {
            if s.count >= 2, s.first == "\"", s.last == "\"" {
                var out = ""
                var esc = false
                for c in s.dropFirst().dropLast() {
                    if esc {
                        switch c { case "n": out.append("\n"); case "t": out.append("\t"); default: out.append(c) }
                        esc = false
                    } else if c == "\\" { esc = true } else { out.append(c) }
                }
                return out
            }
            if s.count >= 2, s.first == "'", s.last == "'" { return String(s.dropFirst().dropLast()).replacingOccurrences(of: "''", with: "'") }
            return s
        }

        mutating func mapping(indent: Int, depth: Int) throws(ParseError) -> YAMLValue {
            var items: [(key: String, value: YAMLValue)] = []
            let startLine = lines[i].number
            while true {
                skipBlank()
                guard i < lines.count, lines[i].indent == indent else { break }
                let line = lines[i]
                let t = Parser.stripComment(line.text)
                if isSeqItem(t) { break }
                guard let (k, rest) = Parser.keySplit(t) else { throw ParseError(message: "expected 'key: value'", line: line.number) }
                i += 1
                if rest.isEmpty {
                    skipBlank()
                    if i < lines.count, lines[i].indent > indent {
                        items.append((k, try block(indent: lines[i].indent, depth: depth + 1)))
                    } else if i < lines.count, lines[i].indent == indent, isSeqItem(Parser.stripComment(lines[i].text)) {
                        items.append((k, try sequence(indent: indent, depth: depth + 1)))
                    } else {
                        items.append((k, .scalar("", line: line.number)))
                    }
                } else if rest == "|" || rest == ">" || rest.hasPrefix("|") || rest.hasPrefix(">") {
                    var parts: [String] = []
                    while i < lines.count, lines[i].indent > indent || lines[i].text.trimmingCharacters(in: .whitespaces).isEmpty {
                        parts.append(lines[i].text); i += 1
                    }
                    items.append((k, .scalar(parts.joined(separator: rest.hasPrefix("|") ? "\n" : " ").trimmingCharacters(in: .whitespacesAndNewlines), line: line.number)))
                } else {
                    items.append((k, try Parser.inline(rest, line: line.number, depth: depth + 1)))
                }
            }
            if i < lines.count, lines[i].indent > indent, !Parser.stripComment(lines[i].text).isEmpty {
                throw ParseError(message: "unexpected indentation", line: lines[i].number)
            }
            return .mapping(items, line: startLine)
        }

        mutating func sequence(indent: Int, depth: Int) throws(ParseError) -> YAMLValue {
            var items: [YAMLValue] = []
            let startLine = lines[i].number
            while true {
                skipBlank()
                guard i < lines.count, lines[i].indent == indent else { break }
                let t = Parser.stripComment(lines[i].text)
                guard isSeqItem(t) else { break }
                let content = String(t.dropFirst(1))
                let pad = content.prefix(while: { $0 == " " }).count
                let item = String(content.dropFirst(pad))
                if item.isEmpty {
                    i += 1
                    skipBlank()
                    if i < lines.count, lines[i].indent > indent { items.append(try block(indent: lines[i].indent, depth: depth + 1)) }
                    else { items.append(.scalar("", line: lines[max(0, i - 1)].number)) }
                } else if Parser.keySplit(item) != nil {
                    // `- key: value` starts a mapping at the item's column.
                    lines[i] = Line(indent: indent + 1 + pad, text: item, number: lines[i].number)
                    items.append(try mapping(indent: indent + 1 + pad, depth: depth + 1))
                } else if isSeqItem(item) {
                    lines[i] = Line(indent: indent + 1 + pad, text: item, number: lines[i].number)
                    items.append(try sequence(indent: indent + 1 + pad, depth: depth + 1))
                } else {
                    items.append(try Parser.inline(item, line: lines[i].number, depth: depth + 1))
                    i += 1
                }
            }
            return .sequence(items, line: startLine)
        }

        /// A scalar or a flow collection on one line.
        static func inline(_ s: String, line: Int, depth: Int) throws(ParseError) -> YAMLValue {
            guard let f = s.first, f == "[" || f == "{" else { return .scalar(unquote(s), line: line) }
            var chars = Array(s)
            var k = 0
            let v = try flow(&chars, &k, line: line, depth: depth)
            while k < chars.count, chars[k] == " " { k += 1 }
            if k < chars.count { throw ParseError(message: "unexpected text after a flow collection", line: line) }
            return v
        }

        static func flow(_ c: inout [Character], _ k: inout Int, line: Int, depth: Int) throws(ParseError) -> YAMLValue {
            guard depth < PropertyList.maxDepth else { throw ParseError(message: "nesting deeper than \(PropertyList.maxDepth) levels", line: line) }
            func skip() { while k < c.count, c[k] == " " { k += 1 } }
            func scalar(stops: Set<Character>) throws(ParseError) -> String {
                skip()
                guard k < c.count else { throw ParseError(message: "unterminated flow collection", line: line) }
                if c[k] == "\"" || c[k] == "'" {
                    let q = c[k]
                    let s = k
                    k += 1
                    while k < c.count, c[k] != q { if c[k] == "\\" && q == "\"" { k += 1 }; k += 1 }
                    guard k < c.count else { throw ParseError(message: "unterminated string", line: line) }
                    k += 1
                    return unquote(String(c[s..<k]))
                }
                let s = k
                while k < c.count, !stops.contains(c[k]) { k += 1 }
                return String(c[s..<k]).trimmingCharacters(in: .whitespaces)
            }
            skip()
            guard k < c.count else { throw ParseError(message: "unterminated flow collection", line: line) }
            if c[k] == "[" {
                k += 1
                var items: [YAMLValue] = []
                while true {
                    skip()
                    guard k < c.count else { throw ParseError(message: "unterminated '['", line: line) }
                    if c[k] == "]" { k += 1; break }
                    if c[k] == "[" || c[k] == "{" { items.append(try flow(&c, &k, line: line, depth: depth + 1)) }
                    else { items.append(.scalar(try scalar(stops: [",", "]"]), line: line)) }
                    skip()
                    if k < c.count, c[k] == "," { k += 1 }
                }
                return .sequence(items, line: line)
            }
            if c[k] == "{" {
                k += 1
                var items: [(key: String, value: YAMLValue)] = []
                while true {
                    skip()
                    guard k < c.count else { throw ParseError(message: "unterminated '{'", line: line) }
                    if c[k] == "}" { k += 1; break }
                    let key = try scalar(stops: [":", ",", "}"])
                    skip()
                    var v = YAMLValue.scalar("", line: line)
                    if k < c.count, c[k] == ":" {
                        k += 1
                        skip()
                        if k < c.count, c[k] == "[" || c[k] == "{" { v = try flow(&c, &k, line: line, depth: depth + 1) }
                        else { v = .scalar(try scalar(stops: [",", "}"]), line: line) }
                    }
                    items.append((key, v))
                    skip()
                    if k < c.count, c[k] == "," { k += 1 }
                }
                return .mapping(items, line: line)
            }
            return .scalar(try scalar(stops: [",", "]", "}"]), line: line)
        }
    }
}

/// An XcodeGen spec (`project.yml`): targets with `type`, `platform`, `sources` (folders, with
/// `excludes`), `settings` (`base`, `configs`), `configFiles`, `info` (`path`, `properties`),
/// `dependencies`; `options.bundleIdPrefix` (the bundle id XcodeGen gives a target without
/// one), `options.developmentLanguage`, root `settings`, `configs` and `configFiles`.
/// `include:`d specs are read for their targets.
public enum XcodeGenProject {
    public static let maxIncludes = 16

    public struct Read: Sendable {
        public var name: String
        public var developmentLanguage: String?
        public var targets: [ProjectTarget]
        public var diagnostics: [Diagnostic]
    }

    static func scalarText(_ v: YAMLValue) -> String {
        if let s = v.string {
            switch s { case "true", "yes", "True", "YES": return "YES"; case "false", "no", "False", "NO": return "NO"; default: return s }
        }
        if let a = v.sequence { return a.compactMap(\.string).joined(separator: " ") }
        return ""
    }

    public static func read(_ bytes: [UInt8], path: String) throws(PBXProject.ReadError) -> Read {
        let root: YAMLValue
        do { root = try YAMLValue.parse(bytes) } catch {
            throw PBXProject.ReadError(diagnostic: ImportOrigin(file: path, line: error.line).diagnostic("malformed-input", .error, "malformed project.yml: \(error.message)"))
        }
        guard root.mapping != nil else {
            throw PBXProject.ReadError(diagnostic: ImportOrigin(file: path, line: root.line).diagnostic("malformed-input", .error, "not an XcodeGen spec: the top level is not a mapping"))
        }
        var diags: [Diagnostic] = []
        let dir = (path as NSString).deletingLastPathComponent
        // Included specs: their targets and options join this one's (this file wins).
        var specs: [(path: String, root: YAMLValue)] = []
        var seen: Set<String> = [ProjectFiles.standard(path)]
        func includes(_ v: YAMLValue, _ from: String, depth: Int) {
            guard depth < maxIncludes else { return }
            for item in v["include"]?.sequence ?? (v["include"].map { [$0] } ?? []) {
                guard let rel = item.string ?? item["path"]?.string else { continue }
                let p = ProjectFiles.join((from as NSString).deletingLastPathComponent, rel)
                guard !seen.contains(p) else { continue }
                seen.insert(p)
                guard let b = FileManager.default.contents(atPath: p) else {
                    diags.append(ImportOrigin(file: from, line: item.line).diagnostic("xcodegen-include-missing", .warning, "\(rel): included spec not found; its targets are unknown")); continue
                }
                do {
                    let r = try YAMLValue.parse(Array(b))
                    specs.append((p, r))
                    includes(r, p, depth: depth + 1)
                } catch {
                    diags.append(ImportOrigin(file: p, line: error.line).diagnostic("malformed-input", .warning, "malformed included spec: \(error.message); not read"))
                }
            }
        }
        includes(root, path, depth: 0)
        let all = specs.reversed() + [(path, root)]   // lowest priority first
        func first(_ f: (YAMLValue) -> YAMLValue?) -> (YAMLValue, String)? {
            for s in all.reversed() { if let v = f(s.root) { return (v, s.path) } }
            return nil
        }
        let name = first { $0["name"] }?.0.string ?? ((dir as NSString).lastPathComponent)
        let options = first { $0["options"] }
        let prefix = options?.0["bundleIdPrefix"]
        let devLang = options?.0["developmentLanguage"]?.string
        var configNames: [String] = []
        for s in all { for (k, _) in s.root["configs"]?.mapping ?? [] where !configNames.contains(k) { configNames.append(k) } }
        if configNames.isEmpty { configNames = ["Debug", "Release"] }

        func settingsAssignments(_ v: YAMLValue?, config: String, file: String, level: String) -> [BuildSettings.Assignment] {
            guard let m = v?.mapping else { return [] }
            let grouped = m.contains { ["base", "configs", "groups"].contains($0.key) }
            var out: [BuildSettings.Assignment] = []
            func add(_ map: [(key: String, value: YAMLValue)]) {
                for (k, x) in map { out.append(.init(key: k, value: scalarText(x), origin: ImportOrigin(file: file, line: x.line), level: level)) }
            }
            if !grouped { add(m); return out }
            if let g = v?["groups"], g.sequence?.isEmpty == false {
                diags.append(ImportOrigin(file: file, line: g.line).diagnostic("xcodegen-unsupported", .note, "settingGroups are not read"))
            }
            add(v?["base"]?.mapping ?? [])
            for (cn, cv) in v?["configs"]?.mapping ?? [] where cn.lowercased() == config.lowercased() { add(cv.mapping ?? []) }
            return out
        }
        func configFile(_ v: YAMLValue?, config: String, file: String, level: String, _ found: inout [Diagnostic]) -> [BuildSettings.Assignment] {
            for (cn, cv) in v?.mapping ?? [] where cn.lowercased() == config.lowercased() {
                guard let rel = cv.string else { continue }
                return XCConfig.assignments(path: ProjectFiles.join((file as NSString).deletingLastPathComponent, rel), level: level,
                                            from: ImportOrigin(file: file, line: cv.line), diagnostics: &found)
            }
            return []
        }

        var targets: [ProjectTarget] = []
        var seenTargets: Set<String> = []
        for s in all.reversed() {
            for (tname, t) in s.root["targets"]?.mapping ?? [] where !seenTargets.contains(tname) {
                seenTargets.insert(tname)
                let sdir = (s.path as NSString).deletingLastPathComponent
                let type = t["type"]?.string ?? ""
                var target = ProjectTarget(name: tname, kind: ProductKind(productType: "com.apple.product-type." + type), productType: type,
                                           origin: ImportOrigin(file: s.path, line: t.line), projectFile: path)
                let platform = t["platform"]?.string ?? t["platform"]?.sequence?.first?.string ?? ""
                target.sdk = ["iOS": "iphoneos", "macOS": "macosx", "watchOS": "watchos", "tvOS": "appletvos", "visionOS": "xros"][platform]
                if t["platform"]?.sequence != nil || t["supportedDestinations"] != nil {
                    diags.append(ImportOrigin(file: s.path, line: t.line).diagnostic("xcodegen-unsupported", .note, "\(tname): several platforms; read as \(platform.isEmpty ? "iOS" : platform)"))
                }
                let sources = t["sources"]?.sequence ?? (t["sources"].map { [$0] } ?? [])
                for src in sources {
                    guard let rel = src.string ?? src["path"]?.string else { continue }
                    let p = ProjectFiles.join(sdir, rel)
                    var isDir: ObjCBool = false
                    if FileManager.default.fileExists(atPath: p, isDirectory: &isDir), !isDir.boolValue { target.memberFiles.insert(p); continue }
                    let ex = (src["excludes"]?.sequence ?? []).compactMap(\.string).map { e in
                        // A glob is kept up to its first wildcard (a folder excluded whole).
                        String(e.prefix { $0 != "*" && $0 != "?" }).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
                    }.filter { !$0.isEmpty }
                    target.memberFolders.append((p, ex))
                }
                for d in t["dependencies"]?.sequence ?? [] { if let n = d["target"]?.string ?? d["framework"]?.string ?? d["package"]?.string { target.dependencies.append(n) } }
                for (k, v) in t["info"]?["properties"]?.mapping ?? [] {
                    if let sv = v.string { target.infoProperties.append((k, sv, ImportOrigin(file: s.path, line: v.line))) }
                }
                for c in configNames {
                    var stack = BuildSettings.builtins(target: tname, project: name, projectDir: dir, configuration: c, developmentRegion: devLang ?? "en", origin: target.origin)
                    stack.append(.init(key: "PRODUCT_NAME", value: tname, origin: target.origin, level: "XcodeGen default"))
                    if let px = prefix?.string {
                        stack.append(.init(key: "PRODUCT_BUNDLE_IDENTIFIER", value: px + "." + tname, origin: ImportOrigin(file: options?.1 ?? path, line: prefix?.line), level: "XcodeGen bundleIdPrefix"))
                    }
                    var found: [Diagnostic] = []
                    for sp in all {
                        stack += configFile(sp.root["configFiles"], config: c, file: sp.path, level: "project \(c)", &found)
                        stack += settingsAssignments(sp.root["settings"], config: c, file: sp.path, level: "project \(c)")
                    }
                    stack += configFile(t["configFiles"], config: c, file: s.path, level: "target \(tname) \(c)", &found)
                    stack += settingsAssignments(t["settings"], config: c, file: s.path, level: "target \(tname) \(c)")
                    if let ip = t["info"]?["path"], let rel = ip.string, !stack.contains(where: { $0.name == "INFOPLIST_FILE" }) {
                        stack.append(.init(key: "INFOPLIST_FILE", value: rel, origin: ImportOrigin(file: s.path, line: ip.line), level: "target \(tname) \(c)"))
                    }
                    target.configurations.append((c, stack))
                    if !found.isEmpty { target.configurationDiagnostics[c] = found }
                }
                target.defaultConfiguration = configNames.contains("Release") ? "Release" : configNames.last
                targets.append(target)
            }
        }
        return Read(name: name, developmentLanguage: devLang, targets: targets, diagnostics: diags)
    }
}

/// A Swift package that is an app (`Package.swift` with `.iOSApplication(name:targets:bundleIdentifier:…)`,
/// as Swift Playgrounds and Xcode write app packages): the product's name and bundle identifier,
/// `defaultLocalization`, and the folders of its targets (`path:` or `Sources/<name>`).
public enum SwiftPackageProject {
    public struct Read: Sendable {
        public var defaultLocalization: String?
        public var targets: [ProjectTarget]
    }

    public static func read(_ bytes: [UInt8], path: String) -> Read {
        let (toks, _) = SwiftLexer.tokenize(bytes)
        let lines = LineTable(bytes)
        let dir = (path as NSString).deletingLastPathComponent
        func at(_ t: SwiftToken) -> ImportOrigin { ImportOrigin(file: path, lines: lines, offset: t.offset) }
        /// The arguments of the call whose `(` is at `open`: label → token range of the value.
        func arguments(_ open: Int) -> [(label: String, start: Int, end: Int)] {
            var out: [(String, Int, Int)] = []
            var level = 0, k = open + 1, argStart = open + 1
            while k < toks.count {
                let t = toks[k]
                if t.isPunct("(") || t.isPunct("[") || t.isPunct("{") { level += 1 }
                else if t.isPunct(")") || t.isPunct("]") || t.isPunct("}") {
                    if level == 0 { if k > argStart { out.append(label(argStart, k)) }; break }
                    level -= 1
                } else if level == 0 && t.isPunct(",") { out.append(label(argStart, k)); argStart = k + 1 }
                k += 1
            }
            return out
            func label(_ s: Int, _ e: Int) -> (String, Int, Int) {
                if e - s >= 2, toks[s].kind == .identifier, toks[s + 1].isPunct(":") { return (toks[s].text, s + 2, e) }
                return ("", s, e)
            }
        }
        func string(_ r: (label: String, start: Int, end: Int)?) -> (String, SwiftToken)? {
            guard let r, r.end > r.start, toks[r.start].kind == .string, let s = toks[r.start].literal?.plainText else { return nil }
            return (s, toks[r.start])
        }
        func strings(_ r: (label: String, start: Int, end: Int)?) -> [String] {
            guard let r else { return [] }
            return toks[r.start..<r.end].compactMap { $0.kind == .string ? $0.literal?.plainText : nil }
        }
        var defaultLocalization: String?
        var folders: [String: String] = [:]
        var apps: [(name: String, nameTok: SwiftToken, id: (String, SwiftToken)?, targets: [String], tok: SwiftToken)] = []
        var k = 0
        while k + 2 < toks.count {
            defer { k += 1 }
            let t = toks[k]
            if t.isIdent("defaultLocalization"), toks[k + 1].isPunct(":"), toks[k + 2].kind == .string { defaultLocalization = toks[k + 2].literal?.plainText }
            guard t.isPunct("."), toks[k + 1].kind == .identifier, toks[k + 2].isPunct("(") else { continue }
            let fn = toks[k + 1].text
            let args = arguments(k + 2)
            func arg(_ l: String) -> (label: String, start: Int, end: Int)? { args.first { $0.label == l } }
            if fn == "iOSApplication", let (n, nt) = string(arg("name")) {
                apps.append((n, nt, string(arg("bundleIdentifier")), strings(arg("targets")), toks[k + 1]))
            } else if ["executableTarget", "target"].contains(fn), let (n, _) = string(arg("name")) {
                folders[n] = string(arg("path"))?.0 ?? "Sources/\(n)"
            }
        }
        var targets: [ProjectTarget] = []
        for a in apps {
            var target = ProjectTarget(name: a.name, kind: .application, productType: "iOSApplication", origin: at(a.tok), projectFile: path)
            target.sdk = "iphoneos"
            for t in a.targets { target.memberFolders.append((ProjectFiles.join(dir, folders[t] ?? "Sources/\(t)"), [])) }
            var stack = BuildSettings.builtins(target: a.name, project: a.name, projectDir: dir, configuration: "Release", developmentRegion: defaultLocalization, origin: at(a.tok))
            stack.append(.init(key: "PRODUCT_NAME", value: a.name, origin: at(a.nameTok), level: "Package.swift"))
            if let (id, tok) = a.id { stack.append(.init(key: "PRODUCT_BUNDLE_IDENTIFIER", value: id, origin: at(tok), level: "Package.swift")) }
            target.configurations = [("Debug", stack), ("Release", stack)]
            target.defaultConfiguration = "Release"
            targets.append(target)
        }
        return Read(defaultLocalization: defaultLocalization, targets: targets)
    }
}
