/// One word as the engine hears it.
public struct Token: Sendable, Equatable, Hashable {
    public struct Flags: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Part of a filler expression ("please", "hey siri", "can you").
        public static let filler = Flags(rawValue: 1 << 0)
        /// An article or similar word that rewordings add or drop ("the", "my").
        public static let optional = Flags(rawValue: 1 << 1)
        /// A word that attaches the app name ("in", "with", "using").
        public static let connector = Flags(rawValue: 1 << 2)
        /// A cardinal number, written with digits.
        public static let number = Flags(rawValue: 1 << 3)
        /// An ordinal number, written as digits and a dot ("1.").
        public static let ordinal = Flags(rawValue: 1 << 4)
        /// A grammatical particle split off a word (Korean).
        public static let particle = Flags(rawValue: 1 << 5)
        /// An elided article or pronoun split off a word ("l'").
        public static let elision = Flags(rawValue: 1 << 6)
        /// Set by the matcher on an utterance word no phrase, name or value of the locale has.
        static let unheard = Flags(rawValue: 1 << 7)
    }

    /// The normalized form.
    public var text: String
    /// Start of the original span, as a UTF-16 offset into the input.
    public var start: Int
    /// End of the original span (exclusive), as a UTF-16 offset.
    public var end: Int
    public var flags: Flags
    /// Sound-alike key ("" when the locale has none).
    public var phonetic: String

    public init(text: String, start: Int, end: Int, flags: Flags = [], phonetic: String = "") {
        self.text = text
        self.start = start
        self.end = end
        self.flags = flags
        self.phonetic = phonetic
    }

    /// Names of the flags, for reports.
    public var flagNames: [String] {
        var out: [String] = []
        if flags.contains(.filler) { out.append("filler") }
        if flags.contains(.optional) { out.append("optional") }
        if flags.contains(.connector) { out.append("connector") }
        if flags.contains(.number) { out.append("number") }
        if flags.contains(.ordinal) { out.append("ordinal") }
        if flags.contains(.particle) { out.append("particle") }
        if flags.contains(.elision) { out.append("elision") }
        return out
    }
}

/// The result of normalizing one text.
public struct NormalizedText: Sendable {
    public var original: String
    public var locale: String
    public var tokens: [Token]

    /// The original text a token came from.
    public func source(of token: Token) -> String {
        let u = original.utf16
        guard token.start >= 0, token.end <= u.count, token.start <= token.end else { return token.text }
        let a = u.index(u.startIndex, offsetBy: token.start)
        let b = u.index(u.startIndex, offsetBy: token.end)
        return String(original[a..<b])
    }

    /// The normalized tokens joined by single spaces.
    public var joined: String { tokens.map(\.text).joined(separator: " ") }
}
