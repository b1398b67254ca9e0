import Foundation

/// `.xcconfig` build-setting files: `KEY = value` lines (with `[sdk=…]`/`[config=…]`
/// conditions), `//` comments, `#include "other.xcconfig"` and `#include? "optional.xcconfig"`
/// relative to the including file. Includes are expanded in place; cycles and chains deeper
/// than `maxIncludeDepth` are reported, not followed.
public enum XCConfig {
    public static let maxIncludeDepth = 32
    /// The rule of the note for a missing `#include?` file.
    public static let optionalMissingRule = "xcconfig-optional-missing"

    /// The assignments of a file and its includes, in file order (later ones win). `from` is the
    /// place that names the file (a configuration's base `.xcconfig` in the project), where a
    /// missing file is reported.
    public static func assignments(path: String, level: String, from: ImportOrigin? = nil, diagnostics: inout [Diagnostic]) -> [BuildSettings.Assignment] {
        var out: [BuildSettings.Assignment] = []
        var stack: [String] = []
        read(path, level: level, from: from, optional: false, stack: &stack, out: &out, diags: &diagnostics)
        return out
    }

    static func read(_ path: String, level: String, from: ImportOrigin?, optional: Bool, stack: inout [String],
                     out: inout [BuildSettings.Assignment], diags: inout [Diagnostic]) {
        let p = ProjectFiles.standard(path)
        let here = from ?? ImportOrigin(file: p)
        if stack.contains(p) {
            diags.append(here.diagnostic("xcconfig-include-cycle", .warning, "#include cycle: \(p) includes itself through \(stack.map { ($0 as NSString).lastPathComponent }.joined(separator: " → ")); not followed"))
            return
        }
        guard stack.count < maxIncludeDepth else {
            diags.append(here.diagnostic("xcconfig-include-cycle", .warning, "#include chain deeper than \(maxIncludeDepth) files; \(p) not read"))
            return
        }
        guard FileManager.default.fileExists(atPath: p) else {
            if optional {
                diags.append(here.diagnostic(XCConfig.optionalMissingRule, .note,
                    "optional #include \"\((p as NSString).lastPathComponent)\" is not present (a local, often git-ignored file); what it would set is unknown, the values read without it are used"))
            } else {
                diags.append(here.diagnostic("xcconfig-missing", .warning, "\(p): no such .xcconfig file; its settings are unknown"))
            }
            return
        }
        guard let bytes = ProjectImporter.readBytes(p, &diags) else { return }
        stack.append(p)
        defer { stack.removeLast() }
        let text = String(decoding: StringsFile.decode(bytes), as: UTF8.self)
        var lineNo = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNo += 1
            var line = Substring(raw)
            if let c = line.range(of: "//") { line = line[..<c.lowerBound] }
            let t = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if t.isEmpty { continue }
            let o = ImportOrigin(file: p, line: lineNo)
            if t.hasPrefix("#include") {
                let opt = t.hasPrefix("#include?")
                guard let q1 = t.firstIndex(of: "\""), let q2 = t[t.index(after: q1)...].firstIndex(of: "\"") else {
                    diags.append(o.diagnostic("malformed-input", .warning, "malformed #include (expected a quoted path)")); continue
                }
                let inc = String(t[t.index(after: q1)..<q2])
                if inc.hasPrefix("<") { continue }   // <DEVELOPER_DIR>/…: outside the project
                let dir = (p as NSString).deletingLastPathComponent
                read(ProjectFiles.join(dir, inc), level: level, from: o, optional: opt, stack: &stack, out: &out, diags: &diags)
                continue
            }
            // The `=` outside `[cond=value]` brackets.
            var bracket = 0
            let eqAt = t.indices.first { i in
                let c = t[i]
                if c == "[" { bracket += 1 } else if c == "]" { bracket -= 1 }
                return c == "=" && bracket == 0
            }
            guard let eq = eqAt else {
                diags.append(o.diagnostic("malformed-input", .warning, "not a setting (KEY = value): \(t.prefix(60))")); continue
            }
            let key = t[..<eq].trimmingCharacters(in: .whitespaces)
            var value = t[t.index(after: eq)...].trimmingCharacters(in: .whitespaces)
            if value.hasSuffix(";") { value = String(value.dropLast()).trimmingCharacters(in: .whitespaces) }
            guard !key.isEmpty, !key.contains(" ") else {
                diags.append(o.diagnostic("malformed-input", .warning, "not a setting (KEY = value): \(t.prefix(60))")); continue
            }
            out.append(BuildSettings.Assignment(key: key, value: value, origin: o, level: level))
        }
    }
}

/// Build-setting resolution over an ordered list of assignments (lowest priority first:
/// built-ins, the project's `.xcconfig`, the project's settings, the target's `.xcconfig`, the
/// target's settings). `$(VAR)` and `${VAR}` refer to the final value of `VAR`; `$(inherited)`
/// and a setting naming itself refer to the value before this assignment; modifiers
/// `:rfc1034identifier`, `:c99extidentifier`, `:identifier`, `:lower`, `:upper`, `:base`,
/// `:file`, `:dir`, `:suffix`, `:standardizepath`, `:default=…` are applied. A variable with no
/// value is empty (as in Xcode) and reported in `unresolved`.
///
/// Bounded on hostile files: each assignment is expanded once a resolution (a setting naming
/// another twice, at every level, doubled the work a level: 40 lines took hours), a cycle ends
/// where it closes, and a resolution follows at most `maxReferences` references and makes
/// values of at most `maxValueLength` bytes; what is cut is reported as `…` in `unresolved`.
public struct BuildSettings: Sendable {
    public struct Assignment: Sendable {
        /// The key as written, with conditions (`PRODUCT_BUNDLE_IDENTIFIER[sdk=iphoneos*]`).
        public var key: String
        public var value: String
        public var origin: ImportOrigin
        /// `built-in`, `project App Release`, `target App Release`, …
        public var level: String
        public var name: String { key.firstIndex(of: "[").map { String(key[..<$0]) }?.trimmingCharacters(in: .whitespaces) ?? key }
        public var conditions: [(String, String)] {
            var out: [(String, String)] = []
            var rest = Substring(key)
            while let o = rest.firstIndex(of: "["), let c = rest[o...].firstIndex(of: "]") {
                let inner = rest[rest.index(after: o)..<c]
                if let eq = inner.firstIndex(of: "=") { out.append((String(inner[..<eq]), String(inner[inner.index(after: eq)...]))) }
                rest = rest[rest.index(after: c)...]
            }
            return out
        }
        public init(key: String, value: String, origin: ImportOrigin, level: String) {
            self.key = key
            self.value = value
            self.origin = origin
            self.level = level
        }
    }

    public struct Resolved: Sendable {
        public var value: String
        /// The assignment that set it.
        public var origin: Assignment
        /// Variables referenced on the way that have no value.
        public var unresolved: [String]
        /// Other settings it was built from, with where each was set (`ORG_PREFIX` → Build.xcconfig:12).
        public var from: [(name: String, origin: Assignment)]
    }

    public var assignments: [Assignment]
    public var configuration: String
    public var sdk: String

    public init(_ assignments: [Assignment], configuration: String, sdk: String = "iphoneos") {
        self.assignments = assignments
        self.configuration = configuration
        self.sdk = sdk
    }

    static let maxDepth = 48
    /// The references one resolution follows (real settings follow a handful).
    public static let maxReferences = 1_000
    /// The longest value a resolution makes, in UTF-8 bytes (real values are a few dozen).
    public static let maxValueLength = 16_384

    static func builtins(target: String, project: String, projectDir: String, configuration: String, developmentRegion: String?, origin: ImportOrigin) -> [Assignment] {
        var b: [(String, String)] = [("TARGET_NAME", target), ("PROJECT_NAME", project), ("CONFIGURATION", configuration),
                                     ("SRCROOT", projectDir), ("PROJECT_DIR", projectDir), ("SOURCE_ROOT", projectDir),
                                     ("PLATFORM_NAME", "iphoneos"), ("EFFECTIVE_PLATFORM_NAME", "-iphoneos"),
                                     ("PRODUCT_MODULE_NAME", "$(PRODUCT_NAME:c99extidentifier)"), ("EXECUTABLE_NAME", "$(PRODUCT_NAME)"),
                                     ("TARGET_BUILD_DIR", ""), ("BUILT_PRODUCTS_DIR", "")]
        if let d = developmentRegion { b.append(("DEVELOPMENT_LANGUAGE", d)) }
        return b.map { Assignment(key: $0.0, value: $0.1, origin: origin, level: "built-in") }
    }

    func matches(_ a: Assignment) -> Bool {
        for (k, v) in a.conditions {
            switch k {
            case "config": if !BuildSettings.glob(v, configuration) { return false }
            case "sdk": if !BuildSettings.glob(v, sdk) { return false }
            case "arch": if !BuildSettings.glob(v, "arm64") { return false }
            default: return false
            }
        }
        return true
    }

    static func glob(_ pattern: String, _ s: String) -> Bool {
        if pattern == "*" { return true }
        if pattern.hasSuffix("*") { return s.hasPrefix(pattern.dropLast()) }
        return pattern == s
    }

    /// The index of the assignment of `name` in effect below `limit`.
    func definition(_ name: String, below limit: Int, _ st: inout State) -> Int? {
        if st.byName == nil {
            var byName: [String: [Int]] = [:]
            for (i, a) in assignments.enumerated() where matches(a) { byName[a.name, default: []].append(i) }
            st.byName = byName
        }
        return st.byName?[name]?.last { $0 < limit }
    }

    /// The value of a setting (nil: not set at any level).
    public func value(_ name: String) -> Resolved? {
        var st = State()
        guard let i = definition(name, below: assignments.count, &st) else { return nil }
        let v = expand(assignment: i, depth: 0, &st)
        return Resolved(value: v, origin: assignments[i], unresolved: st.unresolved, from: st.from)
    }

    /// Expands `$(…)` in a value that is not itself a setting (an Info.plist string).
    public func expand(_ text: String) -> (value: String, unresolved: [String], from: [(name: String, origin: Assignment)]) {
        var st = State()
        let v = expand(text, key: nil, index: assignments.count, depth: 0, &st)
        return (v, st.unresolved, st.from)
    }

    struct State {
        var unresolved: [String] = []
        var from: [(name: String, origin: Assignment)] = []
        /// Matching assignments by name, in order (built on the first lookup).
        var byName: [String: [Int]]?
        /// Each assignment's value once expanded; nil while it is being expanded.
        var expanded: [Int: String?] = [:]
        var references = 0

        /// Marks the value as cut short (too deep, a cycle, too long or too many references).
        mutating func cut() { if !unresolved.contains("…") { unresolved.append("…") } }
    }

    /// The value of assignment `d` expanded, once a resolution; a cycle back to it reads empty.
    func expand(assignment d: Int, depth: Int, _ st: inout State) -> String {
        switch st.expanded[d] {
        case .some(.some(let v)): return v
        case .some(.none): st.cut(); return ""
        case .none:
            st.expanded[d] = .some(nil)
            let v = expand(assignments[d].value, key: assignments[d].name, index: d, depth: depth, &st)
            st.expanded[d] = v
            return v
        }
    }

    func expand(_ text: String, key: String?, index: Int, depth: Int, _ st: inout State) -> String {
        guard text.contains("$") else { return text }
        guard depth < BuildSettings.maxDepth else { st.cut(); return "" }
        let b = Array(text.unicodeScalars)
        var out = ""
        var i = 0
        while i < b.count {
            guard out.utf8.count <= BuildSettings.maxValueLength else {
                st.cut(); return String(decoding: out.utf8.prefix(BuildSettings.maxValueLength), as: UTF8.self)
            }
            guard b[i] == "$", i + 1 < b.count, b[i + 1] == "(" || b[i + 1] == "{" else {
                if b[i] == "$", i + 1 < b.count, b[i + 1] == "$" { out.unicodeScalars.append("$"); i += 2; continue }
                out.unicodeScalars.append(b[i]); i += 1; continue
            }
            let close: Unicode.Scalar = b[i + 1] == "(" ? ")" : "}"
            let open = b[i + 1]
            var j = i + 2, level = 1
            while j < b.count {
                if b[j] == open { level += 1 } else if b[j] == close { level -= 1; if level == 0 { break } }
                j += 1
            }
            guard j < b.count else { out += String(String.UnicodeScalarView(b[i...])); break }   // unbalanced: kept as written
            st.references += 1
            guard st.references <= BuildSettings.maxReferences else { st.cut(); break }
            let inner = expand(String(String.UnicodeScalarView(b[(i + 2)..<j])), key: key, index: index, depth: depth + 1, &st)
            var parts = inner.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            let name = parts.removeFirst()
            var value: String
            if name == "inherited" || name == key, let key {
                if let d = definition(key, below: index, &st) {
                    // The value below is part of where the result came from (a target's
                    // `NAME = $(NAME)` over the project's .xcconfig): report that level too.
                    if !st.from.contains(where: { $0.name == key && $0.origin.origin == assignments[d].origin }) { st.from.append((key, assignments[d])) }
                    value = expand(assignment: d, depth: depth + 1, &st)
                } else { value = "" }
            } else if let d = definition(name, below: assignments.count, &st) {
                if !st.from.contains(where: { $0.name == name }) { st.from.append((name, assignments[d])) }
                value = expand(assignment: d, depth: depth + 1, &st)
            } else {
                value = ""
                if !parts.contains(where: { $0.hasPrefix("default=") }) && !st.unresolved.contains(name) { st.unresolved.append(name) }
            }
            for m in parts { value = BuildSettings.modify(value, m) }
            out += value
            i = j + 1
        }
        return out
    }

    static func modify(_ v: String, _ m: String) -> String {
        switch m {
        case "rfc1034identifier":
            return String(String.UnicodeScalarView(v.unicodeScalars.map { s in
                (s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s))) || s == "-" || s == "." ? s : "-"
            }))
        case "c99extidentifier", "identifier":
            var out = String.UnicodeScalarView(v.unicodeScalars.map { s in
                (s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s))) || s == "_" ? s : "_"
            })
            if let f = out.first, ("0"..."9").contains(f) { out.insert("_", at: out.startIndex) }
            return String(out)
        case "lower": return v.lowercased()
        case "upper": return v.uppercased()
        case "base": return ((v as NSString).lastPathComponent as NSString).deletingPathExtension
        case "file": return (v as NSString).lastPathComponent
        case "dir": return (v as NSString).deletingLastPathComponent
        case "suffix": let e = (v as NSString).pathExtension; return e.isEmpty ? "" : "." + e
        case "standardizepath": return (v as NSString).standardizingPath
        case "quote": return v.contains(" ") ? "\"\(v)\"" : v
        default:
            if m.hasPrefix("default=") { return v.isEmpty ? String(m.dropFirst(8)) : v }
            return v
        }
    }
}
