/// A finding about an input: a load error or a lint result. Values, so reports, the REPL and
/// tests all see the same thing.
public struct Diagnostic: Sendable, Hashable {
    public enum Severity: String, Sendable, Hashable, Comparable {
        case error, warning, note
        var rank: Int { self == .error ? 0 : (self == .warning ? 1 : 2) }
        public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    }
    public var rule: String
    public var severity: Severity
    public var message: String
    public var file: String
    /// JSON path in a catalog (`shortcuts[2].phrases.fr[0]`), or "" for other inputs.
    public var path: String
    public var line: Int?
    public var column: Int?

    public init(rule: String, severity: Severity, message: String, file: String, path: String = "", line: Int? = nil, column: Int? = nil) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.file = file
        self.path = path
        self.line = line
        self.column = column
    }

    /// `file:line:column: severity: message [rule]`, the shape editors and Xcode parse.
    public var xcodeLine: String {
        var s = file
        if let line { s += ":\(line)"; if let column { s += ":\(column)" } }
        return "\(s): \(severity.rawValue): \(message) [\(rule)]"
    }

    /// One line for people: `file:line:column: path: message`.
    public var oneLine: String {
        var s = file
        if let line { s += ":\(line)"; if let column { s += ":\(column)" } }
        if !path.isEmpty { s += ": \(path)" }
        return "\(s): \(message)"
    }

    public var json: JSONOut {
        var o: [(String, JSONOut)] = [("rule", .string(rule)), ("severity", .string(severity.rawValue)),
                                      ("message", .string(message)), ("file", .string(file)), ("path", .string(path))]
        if let line { o.append(("line", .int(line))) }
        if let column { o.append(("column", .int(column))) }
        return .object(o)
    }

    /// Stable report order: file, line, column, rule, message.
    public static func ordered(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        if a.file != b.file { return a.file < b.file }
        if (a.line ?? 0) != (b.line ?? 0) { return (a.line ?? 0) < (b.line ?? 0) }
        if (a.column ?? 0) != (b.column ?? 0) { return (a.column ?? 0) < (b.column ?? 0) }
        if a.rule != b.rule { return a.rule < b.rule }
        return a.message < b.message
    }
}

/// A catalog that could not be loaded: every problem found, each with file, path and position.
public struct CatalogLoadError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]
    public var description: String { diagnostics.map(\.oneLine).joined(separator: "\n") }
}
