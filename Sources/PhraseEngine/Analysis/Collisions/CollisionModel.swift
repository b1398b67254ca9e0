/// What two colliding phrases are to each other (docs/collisions.md).
public enum CollisionKind: String, Sendable, CaseIterable, Comparable {
    /// Phrases of two different shortcuts.
    case intent
    /// Two options of one parameter of one shortcut (enum cases or entities that sound alike).
    case parameter
    /// An app name: two apps whose names collide, or an alternative name that is a word of the phrases.
    case appName = "app-name"
    /// A negative phrase close to a real one (it may block the real phrase).
    case negative

    public static func < (a: CollisionKind, b: CollisionKind) -> Bool {
        (allCases.firstIndex(of: a) ?? 0) < (allCases.firstIndex(of: b) ?? 0)
    }
}

/// How bad a collision is; `--fail-on` compares against it.
public enum CollisionSeverity: Int, Sendable, CaseIterable, Comparable {
    case note = 0, warning, error

    public var name: String {
        switch self {
        case .note: return "note"
        case .warning: return "warning"
        case .error: return "error"
        }
    }

    public init?(name: String) {
        guard let s = CollisionSeverity.allCases.first(where: { $0.name == name }) else { return nil }
        self = s
    }

    public static func < (a: CollisionSeverity, b: CollisionSeverity) -> Bool { a.rawValue < b.rawValue }
}

/// One side of a pair: a concrete phrase and the target it runs.
public struct CollisionSide: Sendable {
    public var app: String
    public var intent: String
    public var locale: String
    /// The phrase as said (template with app name and value filled in).
    public var text: String
    /// The template as written in the catalog.
    public var template: String
    public var parameters: [(name: String, value: ParameterValue, title: String)]
    /// The app name said in `text`.
    public var appName: String
    /// A negative phrase (intent is empty).
    public var isNegative: Bool
    /// Catalog order: app, shortcut, template, option (for stable ordering).
    var order: [Int]

    /// The target: app, shortcut and value (what runs).
    public var target: CollisionTarget {
        CollisionTarget(app: app, intent: isNegative ? "" : intent, value: parameters.first.map { "\($0.name)=\($0.value.identity)" },
                        valueTitle: parameters.first?.title, negative: isNegative)
    }

    /// Identity of the phrase for merging directions: target and template.
    var key: String { "\(app)\u{1}\(intent)\u{1}\(template)\u{1}\(parameters.first?.value.identity ?? "")\u{1}\(isNegative)" }

    public var json: JSONOut {
        var o: [(String, JSONOut)] = [("app", .string(app)), ("intent", isNegative ? .null : .string(intent)),
                                      ("locale", .string(locale)), ("text", .string(text)),
                                      ("parameters", .object(parameters.map { ($0.name, $0.value.json) })),
                                      ("template", .string(template)), ("target", .string(target.label(qualified: true))),
                                      ("targetTitle", .string(target.title(qualified: true)))]
        if isNegative { o.append(("negative", .bool(true))) }
        return .object(o)
    }
}

/// What a phrase runs: app, shortcut and bound value. Negative phrases are their app's "negative" target.
public struct CollisionTarget: Sendable, Hashable, Comparable {
    public var app: String
    public var intent: String
    /// "name=identity" of the bound value, if any.
    public var value: String?
    public var valueTitle: String?
    public var negative: Bool

    public func label(qualified: Bool) -> String {
        var s = qualified ? app + "/" : ""
        if negative { return s + "(negative phrases)" }
        s += intent
        if let v = value { s += "(\(v))" }
        return s
    }

    /// The label people read: a value by its title with its id beside it when they differ
    /// ("LogHabitIntent(habit=Water (7E1C2B9A-…))"), as `match` prints values; else `label`.
    public func title(qualified: Bool) -> String {
        guard !negative, let v = value, let eq = v.firstIndex(of: "=") else { return label(qualified: qualified) }
        return (qualified ? app + "/" : "") + intent + "(" + ValueText.of(v[..<eq], id: String(v[v.index(after: eq)...]), title: valueTitle) + ")"
    }

    /// The shortcut this target belongs to (for the matrix).
    public var shortcut: CollisionTarget { CollisionTarget(app: app, intent: intent, value: nil, valueTitle: nil, negative: negative) }

    public static func < (a: CollisionTarget, b: CollisionTarget) -> Bool {
        (a.app, a.negative ? 1 : 0, a.intent, a.value ?? "") < (b.app, b.negative ? 1 : 0, b.intent, b.value ?? "")
    }
    public static func == (a: CollisionTarget, b: CollisionTarget) -> Bool {
        a.app == b.app && a.intent == b.intent && a.value == b.value && a.negative == b.negative
    }
    public func hash(into h: inout Hasher) { h.combine(app); h.combine(intent); h.combine(value); h.combine(negative) }
}

/// Two words that made the phrases close.
public struct CloseWords: Sendable, Hashable {
    public enum Why: String, Sendable, Hashable {
        /// Same sound, different spelling (homophones in the locale).
        case sound
        /// Spelled alike (within the matcher's edit allowance).
        case spelling
        /// One is the other split or joined.
        case joined
        /// The same words name both (a synonym or title shared by two options).
        case same
    }
    public var a: String
    public var b: String
    public var why: Why
    public var text: String { why == .same ? "'\(a)' names both" : "'\(a)' ~ '\(b)' (\(why.rawValue))" }
}

/// One phrase's words contained in the other's plus filler (the shorter one is always taken too).
public enum Subsumption: String, Sendable {
    /// a's words are b's plus filler or optional words.
    case aContainsB = "a-contains-b"
    case bContainsA = "b-contains-a"
}

/// A pair of phrases of different targets that the matcher confuses.
public struct CollisionPair: Sendable {
    public var kind: CollisionKind
    /// max(score of b when a is said, score of a when b is said), by the matcher's scorer.
    public var similarity: Double
    public var a: CollisionSide
    public var b: CollisionSide
    /// Similarity a→b and b→a (nil when that direction did not rank the other among the results).
    public var forward: Double?
    public var backward: Double?
    public var severity: CollisionSeverity
    /// Ranking score: the estimated chance that speech meant for one target reaches the other
    /// (confusions per utterance said, from the simulated recognizer; docs/collisions.md, "Risk"),
    /// raised for shortcuts close in meaning when meaning is read ("Meaning"), or, without the
    /// simulation, `closeness`.
    public var risk: Double
    /// How alike the phrases are to the matcher: similarity raised for the damage probes' flips,
    /// subsumption, sound-alike words and both directions. The simulation's prior and tie-break.
    public var closeness: Double = 0
    /// The simulation's counts for the pair's targets (nil: not simulated).
    public var simulated: Simulated? = nil
    public struct Simulated: Sendable, Hashable {
        /// Simulated utterances of either target routed to the other, and utterances of either.
        public var confused: Int
        public var said: Int
    }
    public var subsumption: Subsumption?
    public var soundAlike: Bool
    public var closeWords: [CloseWords]
    /// Words one phrase has and the other lacks.
    public var onlyInA: [String]
    public var onlyInB: [String]
    public var reason: String
    public var suggestion: String
    /// Index into the report's clusters.
    public var cluster: Int
    /// Damage probes: phrases of a taken for b when one of their words is lost, per phrase of a
    /// (0 when none or not probed), and the reverse (docs/collisions.md).
    public var damageForward: Double = 0
    public var damageBackward: Double = 0
    /// How close the two shortcuts are in meaning (the sentence encoder's phrase vectors; nil:
    /// not read, one shortcut, or a negative phrase). docs/collisions.md, "Meaning".
    public var meaning: CollisionMeaning? = nil

    public var json: JSONOut { json(meaningRead: meaning != nil) }

    /// - Parameter meaningRead: the report read meaning (adds `meaning`, null for a pair without it).
    public func json(meaningRead: Bool) -> JSONOut {
        var o: [(String, JSONOut)] = [
            ("kind", .string(kind.rawValue)), ("similarity", .double(similarity)), ("a", a.json), ("b", b.json),
            ("severity", .string(severity.name)), ("risk", .double(risk)), ("closeness", .double(closeness)),
            ("simulated", simulated.map { .object([("confused", .int($0.confused)), ("said", .int($0.said))]) } ?? .null),
            ("directions", .object([("aToB", forward.map { .double($0) } ?? .null), ("bToA", backward.map { .double($0) } ?? .null)])),
            ("soundAlike", .bool(soundAlike)),
            ("subsumption", subsumption.map { .string($0.rawValue) } ?? .null),
            ("closeWords", .array(closeWords.map { .object([("a", .string($0.a)), ("b", .string($0.b)), ("why", .string($0.why.rawValue))]) })),
            ("onlyInA", .array(onlyInA.map { .string($0) })), ("onlyInB", .array(onlyInB.map { .string($0) })),
            ("reason", .string(reason)), ("suggestion", .string(suggestion)), ("cluster", .int(cluster)),
            ("damage", .object([("aToB", .double(damageForward)), ("bToA", .double(damageBackward))])),
        ]
        if meaningRead { o.append(("meaning", meaning?.json ?? .null)) }
        return .object(o)
    }
}

/// Targets connected by pairs (connected components), ranked by their worst pair.
public struct CollisionCluster: Sendable {
    public var targets: [CollisionTarget]
    /// Indexes into the report's pairs, best-ranked first.
    public var pairs: [Int]
    public var severity: CollisionSeverity
    public var maxRisk: Double
    public var locales: [String]
}

/// Settings of the analysis.
public struct CollisionOptions: Sendable {
    /// Pairs below this similarity are not reported.
    public var minSimilarity: Double = 0.75
    /// Locales to analyze (nil: every indexed locale).
    public var locales: [String]? = nil
    /// Analyze phrases past the 1,000-phrase budget too (the system never matches them).
    public var includePastBudget = false
    /// Probe phrases said with alternative app names too; nil: when a locale has at most
    /// `smallCatalogPhrases` phrases (app-name variants repeat the display-name phrase otherwise).
    public var alternativeNameProbes: Bool? = nil
    public static let smallCatalogPhrases = 5000
    /// Results per probe in the fast pass.
    public var probeLimit = 4
    public var threads: Int? = nil
    /// Pairs per locale explained by re-running the matcher (strongest first); the others compare words directly.
    public var explainLimit = 2000
    public var mode: MatchingMode = .flexible
    /// Say each phrase again with one word lost and pair the phrases it is then taken for (`--no-damage`: off).
    public var damageProbes = true
    /// Noisy utterances per phrase that the ranking simulates (docs/collisions.md, "Risk"). nil:
    /// `simulatedPerPhrase`, fewer in a large catalog so that about `simulationBudget` are
    /// matched (at least one a phrase); 0: none, pairs are ranked by closeness.
    public var simulated: Int? = nil
    public static let simulatedPerPhrase = 24
    public static let simulationBudget = 150_000
    /// The simulation's seed: fixed, and apart from the reality check's (`--seed`, default 1), so
    /// that `--against-synth` checks the ranking on other utterances than it was made from.
    public var simulationSeed: UInt64 = 0x5EED_C011
    /// Read how close in meaning the pairs' shortcuts are, when the matcher has a sentence encoder
    /// (its phrase vectors, from its cache). docs/collisions.md, "Meaning".
    public var meaning = true
    /// Two shortcuts whose closest phrase vectors have at least this cosine are close in meaning
    /// (the report lists those no pair relates as written; `--min-meaning`).
    public var minMeaning = CollisionOptions.closeInMeaning
    public static let closeInMeaning = 0.96
    /// Called after each locale is analyzed: (locales done, locales). For a progress display.
    public var progress: (@Sendable (Int, Int) -> Void)? = nil
    /// Called as each step of a locale's analysis goes: (done, total, what is counted: "phrases
    /// heard", "damage probes", "pairs explained", "simulated utterances"). For a progress display
    /// of a run of one locale (the REPL's `:collisions`), where `progress` would only say 0 or 1.
    public var stepProgress: (@Sendable (_ done: Int, _ total: Int, _ step: String) -> Void)? = nil

    /// `stepProgress` for one step, in the shape `Parallel.map` takes.
    func step(_ name: String) -> (@Sendable (Int, Int) -> Void)? {
        guard let f = stepProgress else { return nil }
        return { done, total in f(done, total, name) }
    }

    public init() {}
}

/// A whole collision analysis.
public struct CollisionReport: Sendable {
    public var pairs: [CollisionPair]
    public var clusters: [CollisionCluster]
    public var locales: [String]
    /// Expanded phrases in the analyzed locales, and the probes: the phrases matched as if said
    /// (all of them, or in a locale of over `CollisionOptions.smallCatalogPhrases` phrases the
    /// display-name one of each) and the negative phrases (`negativeProbes` of them).
    public var phrases: Int
    public var probes: Int
    public var options: CollisionOptions
    /// Several apps loaded (labels carry the app).
    public var qualified: Bool
    /// Set by the reality check (`--against-corpus`).
    public var reality: RealityCheck?
    /// Noisy utterances per phrase the risk was simulated from (0: ranked by closeness).
    public var simulated = 0
    /// The probes that are negative phrases.
    public var negativeProbes = 0
    /// What was read of meaning (nil: no sentence encoder, or `meaning` off).
    public var meaning: MeaningSummary? = nil

    public func count(_ s: CollisionSeverity) -> Int { pairs.reduce(0) { $0 + ($1.severity == s ? 1 : 0) } }
    public var worst: CollisionSeverity? { pairs.map(\.severity).max() }
}
