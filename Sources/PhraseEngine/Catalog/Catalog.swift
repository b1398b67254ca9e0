/// Where something in a catalog came from: the JSON path and its byte offset in the file.
public struct SourceLocation: Sendable, Hashable {
    public var path: String
    public var offset: Int
    public init(path: String, offset: Int) {
        self.path = path
        self.offset = offset
    }
}

/// Text given once (the development locale's) or per locale.
public struct LocalizedText: Sendable, Hashable {
    /// Ordered (locale, text) pairs; a plain string is stored under the empty locale "".
    public var entries: [Entry]
    public struct Entry: Sendable, Hashable {
        public var locale: String
        public var text: String
    }

    public init(_ plain: String) { entries = [Entry(locale: "", text: plain)] }
    public init(entries: [Entry]) { self.entries = entries }

    public var isPlain: Bool { entries.count == 1 && entries[0].locale == "" }

    /// Looks a locale up: exact → language-script → language → development locale → plain.
    public func resolve(_ locale: String, development: String) -> String? {
        resolveWithSource(locale, development: development)?.text
    }

    /// The text and the locale it came from ("" for a plain string).
    public func resolveWithSource(_ locale: String, development: String) -> Entry? {
        // Fast paths without building the chain: a plain string, or the exact locale.
        if entries.count == 1, entries[0].locale == "" { return entries[0] }
        for e in entries where e.locale == locale { return e }
        for cand in LocalizedText.lookupChain(locale, development: development).dropFirst() {
            if let e = entries.first(where: { $0.locale == cand }) { return e }
        }
        return entries.first(where: { $0.locale == "" })
    }

    static func lookupChain(_ locale: String, development: String) -> [String] {
        var chain: [String] = [locale]
        let parts = locale.split(separator: "-").map(String.init)
        if parts.count > 2 { chain.append(parts[0] + "-" + parts[1]) }
        if parts.count > 1 { chain.append(parts[0]) }
        if !chain.contains(development) { chain.append(development) }
        return chain
    }
}

/// A list of strings per locale (synonyms). A bare array is the development locale's.
public struct LocalizedList: Sendable, Hashable {
    public var entries: [(locale: String, items: [String])]
    public init(entries: [(locale: String, items: [String])] = []) { self.entries = entries }

    public static func == (a: LocalizedList, b: LocalizedList) -> Bool {
        a.entries.count == b.entries.count && zip(a.entries, b.entries).allSatisfy { $0.locale == $1.locale && $0.items == $1.items }
    }
    public func hash(into h: inout Hasher) {
        for e in entries { h.combine(e.locale); h.combine(e.items) }
    }

    public func resolve(_ locale: String, development: String) -> [String] {
        for cand in LocalizedText.lookupChain(locale, development: development) {
            if let e = entries.first(where: { $0.locale == cand }) { return e.items }
        }
        return entries.first(where: { $0.locale == "" })?.items ?? []
    }
}

public struct AlternativeAppName: Sendable, Hashable {
    public var name: LocalizedText
    public var pronunciationHint: LocalizedText?
    public var location: SourceLocation
}

public struct AppInfo: Sendable, Hashable {
    public var id: String
    public var name: LocalizedText
    public var alternativeNames: [AlternativeAppName]
    /// Where `app.id` and `app.name` are in the file (nil for a catalog built in code).
    public var idLocation: SourceLocation? = nil
    public var nameLocation: SourceLocation? = nil
}

public struct EnumCase: Sendable, Hashable {
    public var rawValue: String
    public var title: LocalizedText?
    public var synonyms: LocalizedList
    public var location: SourceLocation
}

public struct EnumType: Sendable, Hashable {
    public var name: String
    public var cases: [EnumCase]
    public var location: SourceLocation
}

public struct EntityOption: Sendable, Hashable {
    public var id: String
    public var title: LocalizedText
    public var synonyms: LocalizedList
    public var location: SourceLocation
}

public struct EntityType: Sendable, Hashable {
    public var name: String
    public var options: [EntityOption]
    public var location: SourceLocation
}

public struct Parameter: Sendable, Hashable {
    public var name: String
    /// As written: an enum or entity name, a primitive name, or `[T]`.
    public var typeName: String
    public var trueName: LocalizedText?
    public var falseName: LocalizedText?
    public var location: SourceLocation

    public enum Kind: Sendable, Hashable {
        case enumType(String)
        case entity(String)
        case bool
        case primitive(String)
        case array(String)
        case unknown(String)
    }
}

/// A phrase template: literal text, the app name token and parameter tokens.
public struct PhraseTemplate: Sendable, Hashable {
    public enum Piece: Sendable, Hashable {
        case text(String)
        case appName
        case parameter(String)
    }
    /// The template as written in the catalog (Swift spelling is converted on load).
    public var text: String
    public var pieces: [Piece]
    public var location: SourceLocation

    public var hasAppName: Bool { pieces.contains(.appName) }
    public var parameterNames: [String] {
        pieces.compactMap { if case .parameter(let p) = $0 { return p }; return nil }
    }
}

public struct Shortcut: Sendable, Hashable {
    public var intent: String
    public var shortTitle: LocalizedText?
    public var systemImageName: String?
    public var parameters: [Parameter]
    /// Templates per locale, in file order.
    public var phrases: [(locale: String, templates: [PhraseTemplate])]
    public var location: SourceLocation

    public static func == (a: Shortcut, b: Shortcut) -> Bool { a.intent == b.intent && a.location == b.location }
    public func hash(into h: inout Hasher) { h.combine(intent); h.combine(location) }

    public func parameter(named n: String) -> Parameter? { parameters.first { $0.name == n } }

    /// The templates of a locale (a locale without its own list has none: no fallback, as on the system).
    public func templates(for locale: String) -> [PhraseTemplate] {
        phrases.first(where: { $0.locale == locale })?.templates ?? []
    }
}

/// One app's App Shortcuts, as loaded from a catalog file.
public struct Catalog: Sendable {
    public var file: String
    public var developmentLocale: String
    public var locales: [String]
    public var app: AppInfo
    public var enums: [EnumType]
    public var entities: [EntityType]
    public var shortcuts: [Shortcut]
    public var negativePhrases: [(locale: String, templates: [PhraseTemplate])]
    /// Maps byte offsets of the source text to line and column.
    public var lines: LineTable

    public func enumType(_ name: String) -> EnumType? { enums.first { $0.name == name } }
    public func entityType(_ name: String) -> EntityType? { entities.first { $0.name == name } }

    public static let primitiveTypes: Set<String> = [
        "Bool", "String", "Int", "Double", "Decimal", "Date", "DateComponents", "Duration", "Measurement", "URL",
        "IntentFile", "IntentPerson", "CurrencyAmount", "PaymentMethod", "PlacemarkLocation", "Color", "Float",
        "AttributedString",
    ]

    public func kind(of p: Parameter) -> Parameter.Kind {
        let t = p.typeName
        if t.hasPrefix("[") && t.hasSuffix("]") { return .array(String(t.dropFirst().dropLast())) }
        if t == "Bool" { return .bool }
        if enumType(t) != nil { return .enumType(t) }
        if entityType(t) != nil { return .entity(t) }
        if Catalog.primitiveTypes.contains(t) { return .primitive(t) }
        return .unknown(t)
    }

    /// Every locale with phrases or listed in `locales`, in a stable order (listed first).
    public var allLocales: [String] {
        var out = locales
        for s in shortcuts { for p in s.phrases where !out.contains(p.locale) { out.append(p.locale) } }
        if out.isEmpty { out = [developmentLocale] }
        return out
    }

    public func negativeTemplates(for locale: String) -> [PhraseTemplate] {
        negativePhrases.first(where: { $0.locale == locale })?.templates ?? []
    }

    /// Position of a location in the source file.
    public func position(_ loc: SourceLocation) -> (line: Int, column: Int) { lines.position(of: loc.offset) }
}
