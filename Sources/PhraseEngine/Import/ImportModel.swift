/// What the importers find, before it becomes a catalog: App Shortcuts, enums, entity types and
/// negative phrases, each with where it came from. Sources and build products both produce it.

/// A place in an input file (1-based line and column), for diagnostics and the catalog's `source` keys.
public struct ImportOrigin: Sendable, Hashable {
    public var file: String
    public var line: Int?
    public var column: Int?

    public init(file: String, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// The position of a byte offset in a file.
    public init(file: String, lines: LineTable, offset: Int) {
        let p = lines.position(of: offset)
        self.init(file: file, line: p.line, column: p.column)
    }

    public var text: String {
        var s = file
        if let line { s += ":\(line)"; if let column { s += ":\(column)" } }
        return s
    }

    func diagnostic(_ rule: String, _ severity: Diagnostic.Severity, _ message: String) -> Diagnostic {
        Diagnostic(rule: rule, severity: severity, message: message, file: file, line: line, column: column)
    }
}

/// A phrase template in the catalog's spelling (`${applicationName}`, `${param}`, `$$`).
public struct ImportedPhrase: Sendable, Hashable {
    public var template: String
    public var origin: ImportOrigin
}

public struct ImportedParameter: Sendable, Hashable {
    public var name: String
    public var type: String
    /// `Bool.IntentDisplayName(true:false:)`, development-language text.
    public var trueName: String?
    public var falseName: String?
    public var origin: ImportOrigin
}

public struct ImportedShortcut: Sendable, Hashable {
    public var intent: String
    public var shortTitle: String?
    public var systemImageName: String?
    public var phrases: [ImportedPhrase]
    public var parameters: [ImportedParameter]
    public var origin: ImportOrigin
}

public struct ImportedCase: Sendable, Hashable {
    public var name: String
    public var rawValue: String
    /// The raw value was not written: it follows from the case's name (String) or position (Int).
    public var synthesized: Bool
    public var title: String?
    public var synonyms: [String]
    public var origin: ImportOrigin
}

public struct ImportedEnum: Sendable, Hashable {
    public var name: String
    public var typeTitle: String?
    public var cases: [ImportedCase]
    public var origin: ImportOrigin
}

public struct ImportedModel: Sendable {
    public var shortcuts: [ImportedShortcut] = []
    public var enums: [ImportedEnum] = []
    /// AppEntity types by name.
    public var entityTypes: [(name: String, origin: ImportOrigin)] = []
    public var negativePhrases: [ImportedPhrase] = []
    public var providers: [(name: String, origin: ImportOrigin)] = []
    /// The development language's text of localization keys written with a default value
    /// (`LocalizedStringResource("key", defaultValue: "Text")`), for keys no table translates.
    public var defaultValues: [String: String] = [:]

    public init() {}

    public func enumType(_ name: String) -> ImportedEnum? { enums.first { $0.name == name } }
    public func isEntity(_ name: String) -> Bool { entityTypes.contains { $0.name == name } }
}
