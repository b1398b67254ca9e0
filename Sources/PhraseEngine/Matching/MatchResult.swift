/// How one part of the utterance met the phrase.
public struct AlignmentStep: Sendable, Hashable {
    /// How a part met the phrase (`StepKind`).
    public typealias Kind = StepKind
    public var kind: Kind
    /// The utterance words (original text), empty for `missing`.
    public var utterance: String
    /// UTF-16 span in the utterance (0..<0 for `missing`).
    public var start: Int
    public var end: Int
    /// The phrase words, empty for `filler` / `extra`.
    public var phrase: String
    /// "app" or the parameter name when the step is a slot.
    public var slot: String?
    public var similarity: Double

    /// Whether the step's words were said exactly (`StepKind.exactSimilarity`): a synonym or an
    /// alternative name may be said exactly too.
    var isExact: Bool { similarity >= Double(StepKind.exactSimilarity) }

    public var json: JSONOut {
        var o: [(String, JSONOut)] = [("kind", .string(kind.rawValue)), ("utterance", .string(utterance)),
                                      ("start", .int(start)), ("end", .int(end)), ("phrase", .string(phrase))]
        if let slot { o.append(("slot", .string(slot))) }
        o.append(("similarity", .double(similarity)))
        return .object(o)
    }
}

/// One ranked candidate.
///
/// A candidate keeps references to what the matcher already holds — its compiled template and
/// the app-name and value variants it read — and reads its fields from them: making one costs
/// three references, not a copy of every string. Fields that are set are kept in `overrides`.
public struct MatchCandidate: Sendable, Hashable {
    let source: CompiledTemplate
    let appVariant: SlotVariant?
    let valueVariant: SlotVariant?
    public var score: Double
    /// Whether the utterance named the app (display or alternative name).
    public var appNamed: Bool
    public var explanation: [AlignmentStep]
    /// What the score was made of (`ScoreModel.score`); shown with the explanation.
    public var terms: ReadingTerms
    /// The reading took a run of words as free text or as talk after the request
    /// (`Query.freeTextReadings`).
    public var readsFreeText = false
    /// The words read as a value the app does not have, where this candidate's parameter goes
    /// (the closest result of an unknown-value refusal); nil for every other candidate.
    public var unknownValue: String? = nil
    private var overrides: Overrides?

    /// Fields set by a caller (rare): replaced as a whole on each set, so copies stay independent.
    private final class Overrides: Sendable {
        let app: String?, appName: String?, intent: String?, template: String?, phrase: String?
        let parameters: [(name: String, value: ParameterValue, title: String)]?
        let appIndex: Int?, shortcutIndex: Int?, templateIndex: Int?, optionIndex: Int?
        init(app: String? = nil, appName: String? = nil, intent: String? = nil, template: String? = nil, phrase: String? = nil,
             parameters: [(name: String, value: ParameterValue, title: String)]? = nil,
             appIndex: Int? = nil, shortcutIndex: Int? = nil, templateIndex: Int? = nil, optionIndex: Int? = nil) {
            self.app = app; self.appName = appName; self.intent = intent; self.template = template; self.phrase = phrase
            self.parameters = parameters; self.appIndex = appIndex; self.shortcutIndex = shortcutIndex
            self.templateIndex = templateIndex; self.optionIndex = optionIndex
        }
        func with(app: String?? = nil, appName: String?? = nil, intent: String?? = nil, template: String?? = nil, phrase: String?? = nil,
                  parameters: [(name: String, value: ParameterValue, title: String)]?? = nil,
                  appIndex: Int?? = nil, shortcutIndex: Int?? = nil, templateIndex: Int?? = nil, optionIndex: Int?? = nil) -> Overrides {
            Overrides(app: app ?? self.app, appName: appName ?? self.appName, intent: intent ?? self.intent,
                      template: template ?? self.template, phrase: phrase ?? self.phrase, parameters: parameters ?? self.parameters,
                      appIndex: appIndex ?? self.appIndex, shortcutIndex: shortcutIndex ?? self.shortcutIndex,
                      templateIndex: templateIndex ?? self.templateIndex, optionIndex: optionIndex ?? self.optionIndex)
        }
    }
    private static let none = Overrides()
    private var set: Overrides { overrides ?? MatchCandidate.none }

    /// The app's catalog id.
    public var app: String {
        get { overrides?.app ?? source.appID }
        set { overrides = set.with(app: .some(newValue)) }
    }
    /// The app name as heard (the display name when the app was not named).
    public var appName: String {
        get { overrides?.appName ?? appVariant?.text ?? source.appDisplayName }
        set { overrides = set.with(appName: .some(newValue)) }
    }
    public var intent: String {
        get { overrides?.intent ?? source.intent }
        set { overrides = set.with(intent: .some(newValue)) }
    }
    /// The bound parameter values by persisted identity, with their display titles.
    public var parameters: [(name: String, value: ParameterValue, title: String)] {
        get {
            if let p = overrides?.parameters { return p }
            guard let v = valueVariant, let pn = source.paramName, let val = v.value else { return [] }
            return [(pn, val, v.title)]
        }
        set { overrides = set.with(parameters: .some(newValue)) }
    }
    /// The template as written in the catalog.
    public var template: String {
        get { overrides?.template ?? source.template }
        set { overrides = set.with(template: .some(newValue)) }
    }
    /// The concrete phrase (template with the app name and value said), rendered from the
    /// template's pieces when read (most callers of the matcher never read it).
    public var phrase: String {
        get {
            overrides?.phrase ?? Expansion.render(PhraseTemplate(text: source.template, pieces: source.pieces,
                                                                 location: SourceLocation(path: "", offset: 0)),
                                                  appName: appName, value: valueVariant?.text ?? source.paramName.map { "${\($0)}" })
        }
        set { overrides = set.with(phrase: .some(newValue)) }
    }
    /// `parameters`, read without building its array: the list a caller set, or else the
    /// candidate's own binding (at most one).
    var parameterList: (set: [(name: String, value: ParameterValue, title: String)]?, own: (name: String, value: ParameterValue, title: String)?) {
        if let p = overrides?.parameters { return (p, nil) }
        guard let v = valueVariant, let pn = source.paramName, let val = v.value else { return (nil, nil) }
        return (nil, (pn, val, v.title))
    }

    /// `JSONOut.escape(phrase)`'s bytes without the quotes, written piece by piece from the
    /// template (no phrase string is built), as `Expansion.render` joins them.
    func writePhraseBody<S: ByteSink>(into out: inout S) {
        if let p = overrides?.phrase { JSONOut.escapeBody(p, into: &out); return }
        for piece in source.pieces {
            switch piece {
            case .text(let s): JSONOut.escapeBody(s, into: &out)
            case .appName: JSONOut.escapeBody(appName, into: &out)
            case .parameter:
                if let v = valueVariant {
                    JSONOut.escapeBody(v.text, into: &out)
                } else if let name = source.paramName {
                    out.put("${")
                    JSONOut.escapeBody(name, into: &out)
                    out.put("}")
                }
            }
        }
    }

    /// Catalog order, for tie-breaks and reports.
    public var appIndex: Int {
        get { overrides?.appIndex ?? source.app }
        set { overrides = set.with(appIndex: .some(newValue)) }
    }
    public var shortcutIndex: Int {
        get { overrides?.shortcutIndex ?? source.shortcut }
        set { overrides = set.with(shortcutIndex: .some(newValue)) }
    }
    public var templateIndex: Int {
        get { overrides?.templateIndex ?? source.templateIndex }
        set { overrides = set.with(templateIndex: .some(newValue)) }
    }
    public var optionIndex: Int {
        get { overrides?.optionIndex ?? valueVariant?.optionIndex ?? -1 }
        set { overrides = set.with(optionIndex: .some(newValue)) }
    }

    init(source: CompiledTemplate, appVariant: SlotVariant?, valueVariant: SlotVariant?, score: Double, appNamed: Bool,
         explanation: [AlignmentStep], terms: ReadingTerms = ReadingTerms()) {
        self.terms = terms
        self.source = source
        self.appVariant = appVariant
        self.valueVariant = source.paramName == nil ? nil : valueVariant
        self.score = score
        self.appNamed = appNamed
        self.explanation = explanation
    }

    public static func == (a: MatchCandidate, b: MatchCandidate) -> Bool {
        a.app == b.app && a.intent == b.intent && a.template == b.template && a.phrase == b.phrase && a.score == b.score
    }
    public func hash(into h: inout Hasher) { h.combine(app); h.combine(intent); h.combine(phrase) }

    /// Same shortcut and same values.
    func sameTarget(_ o: MatchCandidate) -> Bool {
        let p = parameters, q = o.parameters
        guard app == o.app, intent == o.intent, p.count == q.count else { return false }
        for k in p.indices where p[k].value != q[k].value { return false }
        return true
    }

    public var json: JSONOut {
        var o: [(String, JSONOut)] = [
            ("app", .string(app)), ("intent", .string(intent)),
            ("parameters", .object(parameters.map { ($0.name, $0.value.json) })),
            ("score", .double(score)), ("phrase", .string(template)), ("expanded", .string(phrase)),
            ("appNamed", .bool(appNamed)),
        ]
        if !parameters.isEmpty {
            o.append(("titles", .object(parameters.map { ($0.name, .string($0.title)) })))
        }
        if let u = unknownValue { o.append(("unknownValue", .string(u))) }
        if !explanation.isEmpty {
            o.append(("explanation", .array(explanation.map(\.json))))
            o.append(("terms", terms.json))
        }
        return .object(o)
    }
}

/// Why a decision was taken.
public enum Reason: Sendable, Hashable {
    case noLocale(String)
    /// The catalogs have the locale, but none of its phrases is one the system keeps (a phrase
    /// without `${applicationName}` is dropped).
    case noPhrases(String)
    case noWords
    case tooLong
    case noOverlap
    case negative(template: String, app: String?)
    case belowThreshold(score: Double, threshold: Double)
    case noAppBelowThreshold(score: Double, threshold: Double)
    case severalApps
    case tooClose(margin: Double)
    /// No catalog's app was named, and the utterance names another app (its words).
    case otherApp(String)
    /// The utterance reads better as a phrase whose parameter is a value the app does not have.
    case unknownValue(words: String, parameter: String, template: String)
    case matched(score: Double, threshold: Double)
    case matchedWithoutApp(app: String, score: Double)
    /// A fitted decision (`ScoreModel.logistic`): the best result's confidence against the model's.
    case lowConfidence(confidence: Double, threshold: Double)
    case confident(confidence: Double, threshold: Double)
    case exact
    /// Refused by a threshold, run because the sentence encoder's nearest shortcut is the
    /// result's (`SemanticRule`).
    case meaning(score: Double, cosine: Double, margin: Double)
    /// Refused by a threshold, run because a fitted rule (`SemanticWeights`) gives the result,
    /// with the encoder's evidence, at least the confidence it needs.
    case meaningConfident(confidence: Double, threshold: Double)

    public var text: String {
        let f = JSONOut.formatNumber
        switch self {
        case .noLocale(let l): return "no catalog has phrases in locale '\(l)'"
        case .noPhrases(let l):
            return "no phrase in locale '\(l)' is one the system keeps (a phrase without ${applicationName} is dropped; phrasematch lint names them)"
        case .noWords: return "nothing to match (no words after normalization)"
        case .tooLong: return "the utterance is far longer than any phrase"
        case .noOverlap: return "no phrase shares enough words with the utterance"
        case .negative(let t, let app): return app.map { "matches the negative phrase \"\(t)\" of \($0)" } ?? "matches a negative phrase"
        case .belowThreshold, .matched, .lowConfidence, .confident:
            // Worded once, by the byte writer the result lines use (`writeText`).
            var out: [UInt8] = []
            writeText(into: &out)
            return String(decoding: out, as: UTF8.self)
        case .noAppBelowThreshold(let s, let t):
            return "no app named, and the best score \(f(s)) is below the no-app threshold \(f(t))"
        case .severalApps: return "no app named, and more than one app can take the utterance"
        case .otherApp(let w): return "the utterance names another app (\"\(w)\"), and none of the catalogs' apps"
        case .tooClose(let m): return "the two best results are within \(f(m)) of each other"
        case .unknownValue(let w, let p, let t):
            return "\"\(w)\" stands where \"\(t)\" has ${\(p)}, and it is none of its values"
        case .matchedWithoutApp(let app, let s): return "no app named; only \(app) can take it (score \(f(s)))"
        case .exact: return "said as written"
        case .meaning(let s, let c, let m):
            return "score \(f(s)) is below the threshold, but the meaning is this shortcut's (\(f((c * 10000).rounded() / 10000)), \(f((m * 10000).rounded() / 10000)) ahead of the next)"
        case .meaningConfident(let c, let t):
            return "refused by the words alone, but its confidence with the meaning's evidence is \(f((c * 10000).rounded() / 10000)) ≥ \(f(t))"
        }
    }
}

/// The answer for one utterance.
public struct MatchResult: Sendable {
    public enum Decision: String, Sendable { case match, ambiguous, none }
    public var text: String
    public var locale: String
    public var decision: Decision
    /// Ranked, best first (may be non-empty for "none": the closest phrases, below threshold).
    public var results: [MatchCandidate]
    /// Why the decision is what it is (the sentence is built only when asked for).
    public var why: Reason
    /// Why the decision is what it is, in a sentence.
    public var reason: String { why.text }
    /// Set when a negative phrase blocked the utterance.
    public var negative: String?
    /// The probability that the decision is right, on lines like the score model's tune lines:
    /// for a match or an ambiguity, that the best result is the expected shortcut and value (the
    /// fitted decision or `decision.calibration`); for a refusal, that nothing should run
    /// (`decision.refusal`, read from the closest result). nil when the model has no such part,
    /// for a refusal with no closest result, and for a result the sentence encoder confirmed.
    public var confidence: Double? = nil
    /// What the sentence encoder said, when the matcher has one and the decision needed it.
    public var meaning: SemanticEvidence? = nil
    /// The utterance names an app none of the catalogs has (`Query.namesOtherApp`): the
    /// sentence encoder never confirms such a refusal.
    public internal(set) var namesOtherApp = false
    /// The best result's lead over the next target as the decision read it (nil: no result).
    public internal(set) var lead: Double? = nil

    public var top: MatchCandidate? { decision == .none ? nil : results.first }

    /// The results that are readings of the utterance: all of them but an unknown-value
    /// refusal's closest phrase (its value unknown, `MatchCandidate.unknownValue`), which is
    /// listed first and read apart from the others.
    public var readings: ArraySlice<MatchCandidate> {
        results.first?.unknownValue == nil ? results[...] : results.dropFirst()
    }

    public func json(includeExplanation: Bool = true) -> JSONOut {
        let rs: [JSONOut] = (decision == .none ? [] : results).map { r in
            var r = r
            if !includeExplanation { r.explanation = [] }
            return withWords(r)
        }
        var o: [(String, JSONOut)] = [("text", .string(text)), ("locale", .string(locale)),
                                      ("decision", .string(decision.rawValue)), ("results", .array(rs)),
                                      ("reason", .string(reason))]
        if let negative { o.append(("negativePhrase", .string(negative))) }
        if let confidence { o.append(("confidence", .double((confidence * 10000).rounded() / 10000))) }
        if let meaning { o.append(("meaning", meaning.json)) }
        if decision == .none, let best = results.first {
            var b = best
            if !includeExplanation { b.explanation = [] }
            o.append(("closest", withWords(b)))
        }
        return .object(o)
    }

    /// A candidate's JSON with its explanation also as words as said (`WordAlignment`), after
    /// the matcher's steps.
    func withWords(_ c: MatchCandidate) -> JSONOut {
        guard !c.explanation.isEmpty, case .object(var o) = c.json else { return c.json }
        let words = JSONOut.array(WordAlignment.words(c, text: text, locale: locale).map(\.json))
        o.insert(("words", words), at: (o.firstIndex { $0.0 == "explanation" } ?? o.count - 1) + 1)
        return .object(o)
    }
}

extension DecisionWeights {
    /// The features of the best of `results` (ranked, as a result's reader sees them), its lead
    /// measured to the next one; nil for no result. The matcher's decision and `DecisionFit`
    /// read results through this one function, so the two cannot disagree.
    public static func vector<C: Collection<MatchCandidate>>(results: C) -> [Double]? {
        guard let top = results.first else { return nil }
        return vector(score: top.score, margin: margin(results), terms: top.terms)
    }

    /// The best result's lead over the next (its score when it is alone).
    static func margin<C: Collection<MatchCandidate>>(_ results: C) -> Double {
        guard let top = results.first else { return 0 }
        return results.dropFirst().first.map { top.score - $0.score } ?? top.score
    }

    /// The confidence of the best of `results` (nil: none), without allocating.
    func confidence<C: Collection<MatchCandidate>>(results: C) -> Double? {
        guard let top = results.first else { return nil }
        return confidence(score: top.score, margin: DecisionWeights.margin(results), terms: top.terms)
    }
}
