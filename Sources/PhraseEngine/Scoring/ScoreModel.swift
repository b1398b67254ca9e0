import Foundation

/// What one reading of an utterance as one phrase is made of: `ScoreModel.score` turns it into
/// the reading's score, and nothing else does.
public struct ReadingTerms: Sendable, Hashable {
    /// The weighted similarity of what was said: each phrase word, the value and the app name
    /// at its weight times how well it was heard.
    public var gain: Float = 0
    /// The phrase's weight (without the app name's when the app was not named).
    public var weight: Float = 0
    /// What the utterance's words that the phrase does not have cost.
    public var insertions: Float = 0
    /// Substitutions, clauses naming another app, unknown words glued to the app name.
    public var penalties: Float = 0
    /// The paraphrase and no-app factors.
    public var factor: Float = 1
    /// `penalty.unknownWordFactor` to the power of the words the catalog never says.
    public var unknown: Float = 1
    /// The phrase has a parameter and the reading bound no value.
    public var noValue = false
    /// Content words of the phrase left out, and how many of them an unknown word replaced
    /// (counts, already inside `penalties` and the alignment; kept for the decision and reports).
    public var deletions: Float = 0
    public var substitutions: Float = 0
    /// Whether the utterance named the app.
    public var appNamed = false

    public init() {}

    public var json: JSONOut {
        .object([("gain", .double(Double(gain))), ("weight", .double(Double(weight))), ("insertions", .double(Double(insertions))),
                 ("penalties", .double(Double(penalties))), ("factor", .double(Double(factor))), ("unknown", .double(Double(unknown))),
                 ("noValue", .bool(noValue)), ("deletions", .double(Double(deletions))), ("substitutions", .double(Double(substitutions))),
                 ("appNamed", .bool(appNamed))])
    }
}

/// A fitted decision (`phrasematch fit`): the probability that the best result is right, from
/// its score, whether the app was named, how far it leads the next target and its terms, as a
/// logistic model. With one, a result runs when its confidence reaches
/// `ScoreModel.confidenceThreshold` (in place of the score thresholds); the other rules of the
/// decision (negative phrases, a value the app does not have, several apps, two close targets)
/// stay as they are.
public struct DecisionWeights: Sendable, Hashable {
    /// Feature names, in the order of `weights` (after the bias).
    public static let features = ["score", "named", "scoreNamed", "margin", "gainRatio", "insertionRatio", "penaltyRatio",
                                  "deletions", "substitutions", "unknownWords", "noValue"]
    public var bias: Double
    public var weights: [Double]

    public init(bias: Double, weights: [Double]) {
        self.bias = bias
        self.weights = weights
    }

    /// The features of a result (`features` order): its score, 1 when the app was named, both
    /// multiplied, its lead over the next target (at most 0.3), the shares of its gain,
    /// insertions and penalties in its phrase's weight, content words left out and replaced
    /// (at most 3), the words the catalog never says (as -ln of their factor, at most 0.5), and
    /// 1 when its parameter has no value.
    public static func vector(score: Double, margin: Double, terms t: ReadingTerms) -> [Double] {
        [Double](unsafeUninitializedCapacity: features.count) { b, n in
            write(score: score, margin: margin, terms: t, into: b)
            n = features.count
        }
    }

    /// `vector` written into `x` (at least `features.count` long), without allocating.
    @inline(__always)
    static func write(score: Double, margin: Double, terms t: ReadingTerms, into x: UnsafeMutableBufferPointer<Double>) {
        let named: Double = t.appNamed ? 1 : 0
        let w = Double(max(t.weight, 1e-6))
        x[0] = score; x[1] = named; x[2] = score * named; x[3] = min(max(margin, 0), 0.3)
        x[4] = Double(t.gain) / w; x[5] = Double(t.insertions) / w; x[6] = Double(t.penalties) / w
        x[7] = min(Double(t.deletions), 3); x[8] = min(Double(t.substitutions), 3)
        x[9] = min(-log(Double(max(t.unknown, 1e-6))), 0.5); x[10] = t.noValue ? 1 : 0
    }

    /// The probability that the result is right.
    public func confidence(_ x: [Double]) -> Double {
        x.withUnsafeBufferPointer { confidence($0) }
    }

    func confidence(_ x: UnsafeBufferPointer<Double>) -> Double {
        var z = bias
        for (a, b) in zip(weights, x) { z += a * b }
        return 1 / (1 + exp(-z))
    }

    /// The confidence of a result of `score` leading the next by `margin`, without allocating
    /// (the matcher's per-query path; the same number as `confidence(vector(…))`).
    public func confidence(score: Double, margin: Double, terms: ReadingTerms) -> Double {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: DecisionWeights.features.count) { b in
            DecisionWeights.write(score: score, margin: margin, terms: terms, into: b)
            return confidence(UnsafeBufferPointer(b))
        }
    }
}

/// Every number that shapes a reading's score or the decision: the similarity of each kind of
/// word relation, the weights of phrase words, values and the app name, what an utterance word
/// costs to insert, the penalties, and the decision's thresholds. No other place in the matcher
/// holds such a number; search limits (how many spans or readings are tried) are not scores and
/// stay with the search.
///
/// The values are data: `Locales/profiles/model/score-model.json`, loaded once
/// (`ScoreModel.standard`) and validated; `phrasematch match|eval|repl --model FILE` reads
/// another. Keys are grouped as in the file (`similarity`, `weight`, `insertion`, `penalty`,
/// `decision`); `ScoreModel.parameters` lists each key with its field and meaning, and
/// docs/matching.md explains how they combine.
///
/// Weights (`weight.*`) are read when a `Matcher` builds its indexes: changing them on the
/// options of one `match` call changes nothing. Everything else is read per query.
public struct ScoreModel: Sendable, Hashable {
    // similarity
    /// A word form of the catalog's word (a locale's inflection or affix rule: "lights" / "light").
    public var formSimilarity: Float
    /// A word of the catalog's word's synonym group ("switch" for "turn").
    public var synonymSimilarity: Float
    /// A form of a synonym.
    public var synonymFormSimilarity: Float
    /// A word written without the marks the catalog writes (Arabic and Hebrew vowel points).
    public var unmarkedSimilarity: Float
    /// A word the catalog never says whose Snowball stem is a catalog word's ("comprar" /
    /// "compra"; 0 turns the lookup off).
    public var stemSimilarity: Float = 0.95
    /// A word that sounds like the catalog's word (phonetic key).
    public var soundSimilarity: Float
    /// How much less a sound key one difference off is (an app name or value heard so).
    public var soundOneOffDiscount: Float
    /// A number heard as a word that sounds like it.
    public var numberSoundSimilarity: Float
    /// A word whose sound key matches exactly (index-side phonetic variants).
    public var phoneticSimilarity: Float
    /// A split or merged word ("book worm" / "bookworm").
    public var joinSimilarity: Float
    /// Below this a word pair does not count as related.
    public var minimumWordSimilarity: Float
    /// The least similarity of a word read out of the phrase's order.
    public var movedWordSimilarity: Float
    /// A run of unknown words standing where a value goes (a value the app does not have).
    public var unknownValueSimilarity: Float
    /// A value span this similar means the person named a value the app has.
    public var heardValueSimilarity: Float
    /// A value heard this well is said clearly (another parameter's words then cost more).
    public var clearValueSimilarity: Float
    /// A value said in part.
    public var partialValueSimilarity: Float
    /// A value (not an app name) heard worse than this is not heard.
    public var minimumValueSimilarity: Float
    /// An app name heard at least this well is read as the app name in every reading.
    public var appNameSureSimilarity: Float
    /// An app name heard worse than this is not the app.
    public var minimumAppSimilarity: Float
    /// An app name heard this well names the app: only its shortcuts compete.
    public var clearAppSimilarity: Float

    // weight (index time)
    /// The app name's weight in a phrase.
    public var appWeight: Float
    /// A parameter value's weight in a phrase.
    public var parameterWeight: Float
    /// A phrase word marked filler, optional, particle or elision.
    public var fillerLiteralWeight: Float
    public var functionLiteralWeight: Float
    /// A connector ("in", "with").
    public var connectorLiteralWeight: Float
    /// A content word: `contentLiteralWeight + contentIdfWeight × idf` (idf over the locale's
    /// templates, 0…1).
    public var contentLiteralWeight: Float
    public var contentIdfWeight: Float
    /// A phrase word of at least this weight counts as a content word when it is left out.
    public var contentWordWeight: Float
    /// The words of a value or app name: filler / function words, and the others.
    public var functionSlotWeight: Float
    public var contentSlotWeight: Float

    // insertion (query time)
    /// Inserting an utterance word the phrase does not have, by its class.
    public var fillerInsertion: Float
    public var functionInsertion: Float
    public var connectorInsertion: Float
    public var contentInsertion: Float
    /// A content word that is in no phrase, name or value of the locale.
    public var unknownInsertion: Float
    /// Words inside a value's span that the value does not have.
    public var functionSlotInsertion: Float
    public var contentSlotInsertion: Float

    // penalty
    /// Each word the catalog has never heard (and no phrase can take) multiplies the score.
    public var unknownWordFactor: Float
    /// Per phrase word replaced by an unknown word ("share" for "delete").
    public var substitutionCost: Float
    /// Reading one phrase word out of the phrase's order.
    public var wordReorderCost: Float
    /// Reading the value out of the phrase's order.
    public var valueReorderCost: Float
    /// A result whose app was not named.
    public var noAppFactor: Float
    /// A phrase with a parameter read without a value: every phrase with a parameter is said
    /// with one of its values, so such a reading can show as the closest phrase but not run.
    public var noValueFactor: Float
    /// A reading through a paraphrase of the phrase.
    public var paraphraseFactor: Float
    /// Words taken as free text (in place of their insertions).
    public var freeTextCost: Float
    /// A word of another parameter's value said clearly.
    public var otherValueCost: Float
    /// A word of an app clause naming another app.
    public var otherAppClauseCost: Float
    /// An unknown content word touching a value's span.
    public var adjacentUnknownCost: Float

    // decision
    /// Below this score the decision is "none".
    public var threshold: Double
    /// An utterance that names no app needs this score.
    public var noAppThreshold: Double
    /// Two best results (different shortcut or value) closer than this: "ambiguous".
    public var ambiguityMargin: Double
    /// Readings whose bound is below this are not evaluated: they are neither listed nor
    /// decide (nor shown as the closest phrase).
    public var searchFloor: Double

    /// A fitted decision, when the model has one (`decision.logistic`); nil: the thresholds decide.
    public var logistic: DecisionWeights? = nil
    /// The least confidence of a result that runs, with `logistic` (`decision.confidence`).
    public var confidenceThreshold: Double = 0.5
    /// With `logistic`: the confidence only adds results (`decision.rescue`): a result runs when
    /// the thresholds run it or its confidence reaches `confidenceThreshold`. Off: the confidence
    /// decides in place of the thresholds.
    public var rescue = false
    /// The calibration of the confidence when the thresholds decide (`decision.calibration`,
    /// written by `phrasematch fit --calibrate`): the same logistic model of "the best result is
    /// right", fitted on every tune line, read only to give each result its `confidence`; it
    /// never changes a decision. With `logistic`, that model gives the confidence instead.
    public var calibration: DecisionWeights? = nil
    /// The confidence of a refusal (`decision.refusal`, written by `phrasematch fit`): the same
    /// logistic model, of the closest result's features, fitted on the tune lines the decision
    /// refuses, of "nothing should run" (the line is out of domain). A refused utterance's
    /// `confidence` is this; without it a refusal carries none. It never changes a decision.
    public var refusal: DecisionWeights? = nil

    /// When the sentence encoder confirms a refused result (`semantic`).
    public var semantic: SemanticRule = .never

    /// The model that gives a result its confidence: the fitted decision, else the calibration.
    public var confidenceModel: DecisionWeights? { logistic ?? calibration }

    /// Where the values came from (the file's `source`: "hand-set", a fit's command line).
    public var source: String

    /// The values the matcher was tuned with by hand through session 13. The bundled file holds
    /// them too (a test checks it); a missing file falls back to them.
    public static let handSet = ScoreModel(
        formSimilarity: 0.95, synonymSimilarity: 0.85, synonymFormSimilarity: 0.8, unmarkedSimilarity: 0.95,
        soundSimilarity: 0.8, soundOneOffDiscount: 0.08, numberSoundSimilarity: 0.8, phoneticSimilarity: 0.85, joinSimilarity: 0.95,
        minimumWordSimilarity: 0.6, movedWordSimilarity: 0.7, unknownValueSimilarity: 0.85, heardValueSimilarity: 0.75,
        clearValueSimilarity: 0.9, partialValueSimilarity: 0.6, minimumValueSimilarity: 0.5, appNameSureSimilarity: 0.8, minimumAppSimilarity: 0.7,
        clearAppSimilarity: 0.9,
        appWeight: 1.2, parameterWeight: 2.0, fillerLiteralWeight: 0.2, functionLiteralWeight: 0.2, connectorLiteralWeight: 0.3,
        contentLiteralWeight: 0.4, contentIdfWeight: 0.6, contentWordWeight: 0.5, functionSlotWeight: 0.2, contentSlotWeight: 1.0,
        fillerInsertion: 0.08, functionInsertion: 0.15, connectorInsertion: 0.25, contentInsertion: 0.6, unknownInsertion: 0.9,
        functionSlotInsertion: 0.15, contentSlotInsertion: 0.6,
        unknownWordFactor: 0.93, substitutionCost: 0.6, wordReorderCost: 0.3, valueReorderCost: 0.3, noAppFactor: 0.9,
        noValueFactor: 0.5, paraphraseFactor: 0.97, freeTextCost: 0.5, otherValueCost: 0.6, otherAppClauseCost: 0.6,
        adjacentUnknownCost: 0.6,
        threshold: 0.6, noAppThreshold: 0.72, ambiguityMargin: 0.04, searchFloor: 0.3,
        source: "hand-set (sessions 1-13)")

    /// One parameter of the file: its group and key, its field, and what it means.
    public struct Parameter: @unchecked Sendable {  // key paths into a value type: immutable
        public let group: String
        public let key: String
        public let meaning: String
        let float: WritableKeyPath<ScoreModel, Float>?
        let double: WritableKeyPath<ScoreModel, Double>?
        init(_ group: String, _ key: String, _ f: WritableKeyPath<ScoreModel, Float>, _ meaning: String) {
            self.group = group; self.key = key; self.meaning = meaning; float = f; double = nil
        }
        init(_ group: String, _ key: String, decision d: WritableKeyPath<ScoreModel, Double>, _ meaning: String) {
            self.group = group; self.key = key; self.meaning = meaning; float = nil; double = d
        }
        public func value(in m: ScoreModel) -> Double { float.map { Double(m[keyPath: $0]) } ?? double.map { m[keyPath: $0] } ?? 0 }
        func set(_ v: Double, in m: inout ScoreModel) {
            if let f = float { m[keyPath: f] = Float(v) } else if let d = double { m[keyPath: d] = v }
        }
    }

    /// Every parameter, in the file's order.
    public static let parameters: [Parameter] = [
        .init("similarity", "form", \.formSimilarity, "a word form of the catalog's word"),
        .init("similarity", "synonym", \.synonymSimilarity, "a word of the catalog word's synonym group"),
        .init("similarity", "synonymForm", \.synonymFormSimilarity, "a form of a synonym"),
        .init("similarity", "unmarked", \.unmarkedSimilarity, "a word written without the catalog's marks"),
        .init("similarity", "stem", \.stemSimilarity, "a word the catalog never says of a catalog word's Snowball stem"),
        .init("similarity", "sound", \.soundSimilarity, "a word that sounds like the catalog's word"),
        .init("similarity", "soundOneOff", \.soundOneOffDiscount, "how much less a sound key one difference off is"),
        .init("similarity", "numberSound", \.numberSoundSimilarity, "a number heard as a word that sounds like it"),
        .init("similarity", "phonetic", \.phoneticSimilarity, "a word whose sound key matches exactly"),
        .init("similarity", "join", \.joinSimilarity, "a split or merged word"),
        .init("similarity", "minimumWord", \.minimumWordSimilarity, "below this a word pair is unrelated"),
        .init("similarity", "movedWord", \.movedWordSimilarity, "least similarity of a word read out of order"),
        .init("similarity", "unknownValue", \.unknownValueSimilarity, "unknown words where a value goes"),
        .init("similarity", "heardValue", \.heardValueSimilarity, "a value span this similar names a value of the app"),
        .init("similarity", "clearValue", \.clearValueSimilarity, "a value heard this well is said clearly"),
        .init("similarity", "partialValue", \.partialValueSimilarity, "a value said in part"),
        .init("similarity", "minimumValue", \.minimumValueSimilarity, "a value heard worse is not heard"),
        .init("similarity", "appNameSure", \.appNameSureSimilarity, "an app name heard this well is the app name"),
        .init("similarity", "minimumApp", \.minimumAppSimilarity, "an app name heard worse is not the app"),
        .init("similarity", "clearApp", \.clearAppSimilarity, "an app name heard this well: only its shortcuts compete"),
        .init("weight", "app", \.appWeight, "the app name in a phrase"),
        .init("weight", "parameter", \.parameterWeight, "a parameter value in a phrase"),
        .init("weight", "fillerLiteral", \.fillerLiteralWeight, "a phrase word marked filler"),
        .init("weight", "functionLiteral", \.functionLiteralWeight, "a phrase word marked optional, particle or elision"),
        .init("weight", "connectorLiteral", \.connectorLiteralWeight, "a connector of the phrase"),
        .init("weight", "contentLiteral", \.contentLiteralWeight, "a content word of the phrase, before idf"),
        .init("weight", "contentIdf", \.contentIdfWeight, "a content word's weight per unit of idf (0-1)"),
        .init("weight", "contentWord", \.contentWordWeight, "a phrase word this heavy counts as a content word left out"),
        .init("weight", "functionSlot", \.functionSlotWeight, "a function word of a value or app name"),
        .init("weight", "contentSlot", \.contentSlotWeight, "another word of a value or app name"),
        .init("insertion", "filler", \.fillerInsertion, "an inserted filler word"),
        .init("insertion", "function", \.functionInsertion, "an inserted optional word, particle or elision"),
        .init("insertion", "connector", \.connectorInsertion, "an inserted connector"),
        .init("insertion", "content", \.contentInsertion, "an inserted content word the catalog knows"),
        .init("insertion", "unknown", \.unknownInsertion, "an inserted content word the catalog never says"),
        .init("insertion", "functionSlot", \.functionSlotInsertion, "a function word inside a value's span"),
        .init("insertion", "contentSlot", \.contentSlotInsertion, "another word inside a value's span"),
        .init("penalty", "unknownWordFactor", \.unknownWordFactor, "score factor per word the catalog never says"),
        .init("penalty", "substitution", \.substitutionCost, "per phrase word replaced by an unknown word"),
        .init("penalty", "wordReorder", \.wordReorderCost, "one phrase word read out of order"),
        .init("penalty", "valueReorder", \.valueReorderCost, "the value read out of order"),
        .init("penalty", "noAppFactor", \.noAppFactor, "score factor when the app is not named"),
        .init("penalty", "noValueFactor", \.noValueFactor, "score factor when the parameter has no value"),
        .init("penalty", "paraphraseFactor", \.paraphraseFactor, "score factor of a reading through a paraphrase"),
        .init("penalty", "freeText", \.freeTextCost, "words taken as free text"),
        .init("penalty", "otherValue", \.otherValueCost, "a word of another parameter's value said clearly"),
        .init("penalty", "otherAppClause", \.otherAppClauseCost, "a word of a clause naming another app"),
        .init("penalty", "adjacentUnknown", \.adjacentUnknownCost, "an unknown content word touching a value"),
        .init("decision", "threshold", decision: \.threshold, "least score of a match (app named)"),
        .init("decision", "noAppThreshold", decision: \.noAppThreshold, "least score of a match that names no app"),
        .init("decision", "ambiguityMargin", decision: \.ambiguityMargin, "two targets closer than this are ambiguous"),
        .init("decision", "searchFloor", decision: \.searchFloor, "readings below this are not evaluated"),
    ]

    /// A reading's score before the unknown-word factor: its gain over the phrase's weight, the
    /// insertions and the penalties, times its factors. (Also the scale of the search's bounds.)
    @inline(__always)
    public func baseScore(_ t: ReadingTerms) -> Float {
        t.factor * t.gain / max(t.weight + t.insertions + t.penalties, 1e-6)
    }

    /// A reading's score, 0...1: `baseScore` times the unknown-word factor, halved (by
    /// `penalty.noValueFactor`) when the phrase's parameter got no value.
    @inline(__always)
    public func score(_ t: ReadingTerms) -> Float {
        var s = min(1, max(0, baseScore(t) * t.unknown))
        if t.noValue { s *= noValueFactor }
        return s
    }

    /// A model file that cannot be used: what is wrong, with the file and line.
    public struct LoadError: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// Reads and validates a model file: every key of `parameters` present once as a number
    /// in its range, no unknown key, and the orders the matcher relies on (a function word costs
    /// less to insert than a content word, a content word no more than an unknown one).
    public static func load(path: String) throws(LoadError) -> ScoreModel {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LoadError(message: "\(path): cannot read the score model")
        }
        return try parse([UInt8](data), file: path)
    }

    public static func parse(_ bytes: [UInt8], file: String) throws(LoadError) -> ScoreModel {
        let lines = LineTable(bytes)
        func fail(_ offset: Int, _ m: String) -> LoadError {
            let p = lines.position(of: offset)
            return LoadError(message: "\(file):\(p.line):\(p.column): \(m)")
        }
        let root: JSONNode
        do { root = try JSONReader.parse(bytes) } catch { throw fail(error.offset, error.message) }
        guard let top = root.object else { throw fail(root.offset, "a score model is an object, found \(root.typeName)") }
        var m = ScoreModel.handSet
        var seen = Set<String>()
        let groups = Set(parameters.map(\.group))
        for (key, node) in top {
            switch key {
            case "format":
                guard node.string == "phrasematch-score-model" else { throw fail(node.offset, "format must be \"phrasematch-score-model\"") }
            case "version":
                guard node.number == 1 else { throw fail(node.offset, "unsupported version (this engine reads version 1)") }
            case "source", "fit":
                if key == "source" {
                    guard let s = node.string else { throw fail(node.offset, "source must be a string") }
                    m.source = s
                }
            case "semantic":
                m.semantic = try parseSemantic(node, fail)
            default:
                guard groups.contains(key) else { throw fail(node.offset, "unknown key '\(key)'") }
                guard let members = node.object else { throw fail(node.offset, "'\(key)' must be an object, found \(node.typeName)") }
                for (name, v) in members {
                    if key == "decision" && (name == "logistic" || name == "calibration" || name == "refusal") {
                        let w = try parseLogistic(v, name: "decision.\(name)", fail)
                        switch name {
                        case "logistic": m.logistic = w
                        case "calibration": m.calibration = w
                        default: m.refusal = w
                        }
                        continue
                    }
                    if key == "decision" && name == "rescue" {
                        guard let b = v.bool else { throw fail(v.offset, "'decision.rescue' must be true or false") }
                        m.rescue = b
                        continue
                    }
                    if key == "decision" && name == "confidence" {
                        guard let x = v.number, x > 0, x < 1 else { throw fail(v.offset, "'decision.confidence' must be a number between 0 and 1") }
                        m.confidenceThreshold = x
                        continue
                    }
                    guard let p = parameters.first(where: { $0.group == key && $0.key == name }) else {
                        throw fail(v.offset, "unknown key '\(key).\(name)'")
                    }
                    guard seen.insert("\(key).\(name)").inserted else { throw fail(v.offset, "'\(key).\(name)' given twice") }
                    guard let x = v.number, x.isFinite else { throw fail(v.offset, "'\(key).\(name)' must be a number, found \(v.typeName)") }
                    let range: ClosedRange<Double> = key == "weight" ? 0...10 : 0...1
                    guard range.contains(x) else { throw fail(v.offset, "'\(key).\(name)' must be in \(range.lowerBound)...\(range.upperBound), found \(x)") }
                    p.set(x, in: &m)
                }
            }
        }
        if let missing = parameters.first(where: { !seen.contains("\($0.group).\($0.key)") }) {
            throw fail(root.offset, "'\(missing.group).\(missing.key)' is missing")
        }
        if let why = m.inconsistency { throw fail(root.offset, why) }
        return m
    }

    /// The fitted rules' keys: one for both sides (`logistic`, `confidence`, and optionally
    /// `onePhraseConfidence`, `keepsLimits`), or one a side (`namedLogistic`, `namedConfidence`,
    /// `namedOnePhraseConfidence`, `namedKeepsLimits`; `noApp…` likewise).
    static let semanticFittedKeys = semanticPrefixes.flatMap { p in
        ["logistic", "confidence", "onePhraseConfidence", "keepsLimits"].map { semanticKey(p, $0) }
    }

    /// The fitted rules' prefixes: "" one rule for both sides, then each side's.
    static let semanticPrefixes = ["", "named", "noApp"]

    /// A fitted rule's key: `name` as it is for both sides, or after a side's prefix.
    static func semanticKey(_ prefix: String, _ name: String) -> String {
        prefix.isEmpty ? name : prefix + name.prefix(1).uppercased() + name.dropFirst()
    }

    private static func parseSemantic(_ v: JSONNode, _ fail: (Int, String) -> LoadError) throws(LoadError) -> SemanticRule {
        guard let o = v.object else { throw fail(v.offset, "'semantic' must be an object, found \(v.typeName)") }
        var values: [String: Double] = [:]
        // Each fitted rule's weights and threshold, by its prefix ("" both sides, "named", "noApp").
        var fitted: [String: (weights: (bias: Double, weights: [Double]), at: Int)] = [:]
        var thresholds: [String: (value: Double, at: Int)] = [:]
        var onePhraseThresholds: [String: (value: Double, at: Int)] = [:]
        var keepsLimits: [String: (value: Bool, at: Int)] = [:]
        let key = semanticKey
        for (k, x) in o {
            if let prefix = Self.semanticPrefixes.first(where: { key($0, "onePhraseConfidence") == k }) {
                guard onePhraseThresholds[prefix] == nil else { throw fail(x.offset, "'semantic.\(k)' given twice") }
                guard let d = x.number, d > 0, d < 1 else { throw fail(x.offset, "'semantic.\(k)' must be a number between 0 and 1") }
                onePhraseThresholds[prefix] = (d, x.offset)
                continue
            }
            if let prefix = Self.semanticPrefixes.first(where: { key($0, "keepsLimits") == k }) {
                guard keepsLimits[prefix] == nil else { throw fail(x.offset, "'semantic.\(k)' given twice") }
                guard let b = x.bool else { throw fail(x.offset, "'semantic.\(k)' must be true or false, found \(x.typeName)") }
                keepsLimits[prefix] = (b, x.offset)
                continue
            }
            if let prefix = Self.semanticPrefixes.first(where: { key($0, "logistic") == k }) {
                guard fitted[prefix] == nil else { throw fail(x.offset, "'semantic.\(k)' given twice") }
                fitted[prefix] = (try parseWeights(x, name: "semantic.\(k)", features: SemanticWeights.features,
                                                   optional: SemanticWeights.optionalFeatures, fail), x.offset)
                continue
            }
            if let prefix = Self.semanticPrefixes.first(where: { key($0, "confidence") == k }) {
                guard thresholds[prefix] == nil else { throw fail(x.offset, "'semantic.\(k)' given twice") }
                guard let d = x.number, d > 0, d < 1 else { throw fail(x.offset, "'semantic.\(k)' must be a number between 0 and 1") }
                thresholds[prefix] = (d, x.offset)
                continue
            }
            guard SemanticRule.keys.contains(k) || SemanticRule.onePhraseKeys.contains(k) else {
                throw fail(x.offset, "unknown key 'semantic.\(k)' (keys: \((SemanticRule.keys + SemanticRule.onePhraseKeys + semanticFittedKeys).joined(separator: ", ")))")
            }
            guard values[k] == nil else { throw fail(x.offset, "'semantic.\(k)' given twice") }
            guard let d = x.number, d.isFinite, (0...1).contains(d) else { throw fail(x.offset, "'semantic.\(k)' must be a number in 0...1") }
            values[k] = d
        }
        for k in SemanticRule.keys where values[k] == nil { throw fail(v.offset, "'semantic.\(k)' is missing") }
        // A side's one-phrase limits: its three keys together, or none.
        for side in SemanticRule.onePhraseSides.map({ SemanticRule.onePhraseKeys($0.prefix) }) {
            let given = side.filter { values[$0] != nil }
            if !given.isEmpty, let missing = side.first(where: { values[$0] == nil }) {
                throw fail(v.offset, "'semantic.\(missing)' is missing ('semantic.\(given[0])' is given: a side's one-phrase limits are given together)")
            }
        }
        var rule = SemanticRule(values: values)
        var rules: [String: SemanticWeights] = [:]
        for prefix in Self.semanticPrefixes {
            let l = key(prefix, "logistic"), c = key(prefix, "confidence")
            switch (fitted[prefix], thresholds[prefix]) {
            case let (f?, t?):
                rules[prefix] = SemanticWeights(bias: f.weights.bias, weights: f.weights.weights, threshold: t.value,
                                                onePhraseThreshold: onePhraseThresholds[prefix]?.value,
                                                keepsLimits: keepsLimits[prefix]?.value ?? false)
            case let (f?, nil): throw fail(f.at, "'semantic.\(l)' needs 'semantic.\(c)' (the confidence a refused result needs)")
            case let (nil, t?): throw fail(t.at, "'semantic.\(c)' is given without 'semantic.\(l)'")
            case (nil, nil):
                // A fitted rule's options without the rule.
                if let at = onePhraseThresholds[prefix]?.at ?? keepsLimits[prefix]?.at {
                    let k = onePhraseThresholds[prefix] != nil ? key(prefix, "onePhraseConfidence") : key(prefix, "keepsLimits")
                    throw fail(at, "'semantic.\(k)' is given without 'semantic.\(l)'")
                }
            }
        }
        if let both = rules[""] {
            // One rule for both sides, or one a side: not both.
            if let side = ["named", "noApp"].first(where: { fitted[$0] != nil }), let at = fitted[side]?.at {
                throw fail(at, "'semantic.logistic' is one rule for both sides; give it, or 'semantic.namedLogistic' and "
                         + "'semantic.noAppLogistic' (either or both), not both kinds (here 'semantic.\(key(side, "logistic"))')")
            }
            rule.fitted = both
        } else {
            rule.namedFitted = rules["named"]
            rule.noAppFitted = rules["noApp"]
        }
        return rule
    }

    private static func parseLogistic(_ v: JSONNode, name: String, _ fail: (Int, String) -> LoadError) throws(LoadError) -> DecisionWeights {
        let w = try parseWeights(v, name: name, features: DecisionWeights.features, fail)
        return DecisionWeights(bias: w.bias, weights: w.weights)
    }

    /// A logistic model's object: `bias` and one weight per feature, each in -1000…1000.
    private static func parseWeights(_ v: JSONNode, name: String, features: [String], optional: Set<String> = [],
                                     _ fail: (Int, String) -> LoadError) throws(LoadError) -> (bias: Double, weights: [Double]) {
        guard let o = v.object else { throw fail(v.offset, "'\(name)' must be an object, found \(v.typeName)") }
        var values: [String: Double] = [:]
        for (k, x) in o {
            guard k == "bias" || features.contains(k) else {
                throw fail(x.offset, "unknown key '\(name).\(k)' (features: \(features.joined(separator: ", ")))")
            }
            guard let d = x.number, d.isFinite, abs(d) <= 1000 else { throw fail(x.offset, "'\(name).\(k)' must be a number in -1000...1000") }
            values[k] = d
        }
        for k in ["bias"] + features where values[k] == nil && !optional.contains(k) { throw fail(v.offset, "'\(name).\(k)' is missing") }
        return (values["bias"] ?? 0, features.map { values[$0] ?? 0 })
    }

    /// The orders between parameters that the search relies on. (The insertion costs may be in
    /// any order: a word's class is a `WordClass`, never told by its cost.)
    var inconsistency: String? {
        if threshold < searchFloor || noAppThreshold < searchFloor {
            return "decision.threshold and decision.noAppThreshold must be at least decision.searchFloor (readings below it are not evaluated)"
        }
        return nil
    }

    /// The model as a file (`load` reads it back to the same value).
    public var json: JSONOut {
        var groups: [(String, [(String, JSONOut)])] = []
        for p in ScoreModel.parameters {
            if groups.last?.0 != p.group { groups.append((p.group, [])) }
            groups[groups.count - 1].1.append((p.key, .double(p.value(in: self))))
        }
        // A logistic model's object: its bias, then each feature's weight by name.
        func weights(_ bias: Double, _ names: [String], _ ws: [Double]) -> JSONOut {
            .object([("bias", .double(bias))] + zip(names, ws).map { ($0.0, JSONOut.double($0.1)) })
        }
        func weights(_ l: DecisionWeights) -> JSONOut { weights(l.bias, DecisionWeights.features, l.weights) }
        if let k = groups.firstIndex(where: { $0.0 == "decision" }) {
            if let l = logistic {
                groups[k].1.append(("logistic", weights(l)))
                groups[k].1.append(("confidence", .double(confidenceThreshold)))
                if rescue { groups[k].1.append(("rescue", .bool(true))) }
            }
            if let c = calibration { groups[k].1.append(("calibration", weights(c))) }
            if let r = refusal { groups[k].1.append(("refusal", weights(r))) }
        }
        var semanticMembers: [(String, JSONOut)] = SemanticRule.keys.map { ($0, JSONOut.double(semantic.value($0))) }
        semanticMembers += semantic.onePhraseValues.map { ($0.0, JSONOut.double($0.1)) }
        // One rule both sides share as `logistic` (as files before the sides had their own), else
        // each side's own.
        let sides: [(String, SemanticWeights?)] = semantic.fitted != nil ? [("", semantic.fitted)]
            : [("named", semantic.namedFitted), ("noApp", semantic.noAppFitted)]
        for (prefix, rule) in sides {
            guard let f = rule else { continue }
            semanticMembers.append((Self.semanticKey(prefix, "logistic"), weights(f.bias, SemanticWeights.features, f.weights)))
            semanticMembers.append((Self.semanticKey(prefix, "confidence"), .double(f.threshold)))
            if let t = f.onePhraseThreshold { semanticMembers.append((Self.semanticKey(prefix, "onePhraseConfidence"), .double(t))) }
            if f.keepsLimits { semanticMembers.append((Self.semanticKey(prefix, "keepsLimits"), .bool(true))) }
        }
        let semanticGroup: [(String, JSONOut)] = [("semantic", .object(semanticMembers))]
        return .object([("format", .string("phrasematch-score-model")), ("version", .int(1)), ("source", .string(source))]
                       + groups.map { ($0.0, JSONOut.object($0.1)) } + semanticGroup)
    }

    /// The bundled model file, relative to the locale profiles.
    public static let fileName = "model/score-model.json"

    /// The model of the bundled file (`LocaleStore.shared`), loaded once; `handSet` when the
    /// store has no folder. A bad file is `standardError` and the hand-set values are used.
    public static var standard: ScoreModel { loaded.model }
    /// Why the bundled model file could not be used (the CLI reports it and stops).
    public static var standardError: LoadError? { loaded.error }
    private static let loaded = loadStandard()

    private static func loadStandard() -> (model: ScoreModel, error: LoadError?) {
        guard let dir = LocaleStore.shared.directory else { return (handSet, nil) }
        let path = "\(dir)/\(fileName)"
        guard FileManager.default.fileExists(atPath: path) else { return (handSet, LoadError(message: "\(path): the score model is missing")) }
        do { return (try load(path: path), nil) } catch { return (handSet, error) }
    }
}
