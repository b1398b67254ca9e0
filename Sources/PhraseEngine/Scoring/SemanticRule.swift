/// When the sentence encoder confirms a refused result (`semantic` in the score model file): the
/// lexical search refused its best result (below a threshold or the fitted confidence), and the
/// encoder's nearest shortcut is that result's, at least `cosine` close to the utterance and at
/// least `margin` ahead of the next shortcut, and the result's own score is at least `score`.
/// A result that names no app has numbers of its own (`noApp…`), as the score thresholds do: its
/// score is on another scale (`factor.noApp`) and the utterance holds no app name to share with
/// the phrases. A shortcut the catalog gives one phrase in the locale may have limits of its own
/// on each side (`onePhrase…`, `noAppOnePhrase…`): every other wording of it scores low by words,
/// so its words say less and the meaning more. The numbers are chosen on tune data only
/// (`Benchmarks/semantic_fit.py`).
public struct SemanticRule: Sendable, Hashable {
    public struct Limits: Sendable, Hashable {
        public var cosine: Double
        public var margin: Double
        public var score: Double
        public init(cosine: Double, margin: Double, score: Double) {
            self.cosine = cosine
            self.margin = margin
            self.score = score
        }
    }
    /// A result whose utterance named the app.
    public var named: Limits
    /// A result whose utterance named no app.
    public var noApp: Limits
    /// A result whose utterance named the app, of a shortcut with one phrase in the locale
    /// (`semantic.onePhraseCosine`, `…Margin`, `…Score`). nil: `named`'s.
    public var onePhrase: Limits? = nil
    /// A result whose utterance named no app, of a shortcut with one phrase in the locale
    /// (`semantic.noAppOnePhraseCosine`, `…Margin`, `…Score`). nil: `noApp`'s.
    public var noAppOnePhrase: Limits? = nil
    /// A fitted rule in place of `named`'s limits (`semantic.namedLogistic`,
    /// `semantic.namedConfidence`; or `semantic.logistic` for both sides). nil: the limits.
    public var namedFitted: SemanticWeights? = nil
    /// A fitted rule in place of `noApp`'s limits (`semantic.noAppLogistic`,
    /// `semantic.noAppConfidence`; or `semantic.logistic` for both sides). nil: the limits.
    public var noAppFitted: SemanticWeights? = nil

    public init(named: Limits, noApp: Limits) {
        self.named = named
        self.noApp = noApp
    }

    /// One fitted rule for both sides (`semantic.logistic`, `semantic.confidence`): the rule both
    /// sides share (nil where they differ, or neither has one); set, it is both sides'.
    public var fitted: SemanticWeights? {
        get { namedFitted == noAppFitted ? namedFitted : nil }
        set {
            namedFitted = newValue
            noAppFitted = newValue
        }
    }

    /// The fitted rule a result is held to, where its side has one (else its limits).
    public func fitted(appNamed: Bool) -> SemanticWeights? { appNamed ? namedFitted : noAppFitted }

    /// Whether either side has a fitted rule.
    public var isFitted: Bool { namedFitted != nil || noAppFitted != nil }

    /// Whether the matcher looks for the encoder's proposal under this rule: a side's fitted rule
    /// that reads them (the limits never run one).
    public var readsProposals: Bool { readsProposals(appNamed: true) || readsProposals(appNamed: false) }

    /// Whether a side's fitted rule reads `tokenRecall` (`SemanticWeights.readsTokens`).
    public var readsTokens: Bool { (namedFitted?.readsTokens ?? false) || (noAppFitted?.readsTokens ?? false) }

    /// Whether a side's rule reads the encoder's proposals: its fitted rule does.
    public func readsProposals(appNamed: Bool) -> Bool { fitted(appNamed: appNamed)?.readsProposals ?? false }

    /// The limits a result is held to: its side's, or its side's for a shortcut of one phrase
    /// where the rule has those.
    public func limits(appNamed: Bool, onePhrase: Bool = false) -> Limits {
        if onePhrase, let l = appNamed ? self.onePhrase : noAppOnePhrase { return l }
        return appNamed ? named : noApp
    }

    /// Whether the limits run a refused result (its value bound): the encoder's nearest shortcut
    /// is the result's, close enough, far enough ahead of the next, and the result's own score
    /// high enough. `onePhrase`: that shortcut has one phrase in the locale.
    public func confirms(agrees: Bool, cosine: Double, margin: Double, score: Double, appNamed: Bool, onePhrase: Bool = false) -> Bool {
        let l = limits(appNamed: appNamed, onePhrase: onePhrase)
        return agrees && cosine >= l.cosine && margin >= l.margin && score >= l.score
    }

    /// Used when a model file has no `semantic` group: confirms nothing.
    public static let never = SemanticRule(named: Limits(cosine: 1, margin: 1, score: 1), noApp: Limits(cosine: 1, margin: 1, score: 1))

    /// The file's keys, in order.
    public static let keys = ["cosine", "margin", "score", "noAppCosine", "noAppMargin", "noAppScore"]
    /// Each side's one-phrase limits in the file: the keys' prefix and where they go.
    static var onePhraseSides: [(prefix: String, limits: WritableKeyPath<SemanticRule, Limits?>)] {
        [("onePhrase", \.onePhrase), ("noAppOnePhrase", \.noAppOnePhrase)]
    }
    /// A side's three keys, in order: given together or not at all.
    static func onePhraseKeys(_ prefix: String) -> [String] { ["Cosine", "Margin", "Score"].map { prefix + $0 } }
    /// The keys of the one-phrase limits, in order.
    public static let onePhraseKeys = onePhraseSides.flatMap { onePhraseKeys($0.prefix) }

    /// The one-phrase keys the rule has (each side's three, where it has that side's limits) and their values.
    var onePhraseValues: [(String, Double)] {
        Self.onePhraseSides.flatMap { side -> [(String, Double)] in
            guard let l = self[keyPath: side.limits] else { return [] }
            return Array(zip(Self.onePhraseKeys(side.prefix), [l.cosine, l.margin, l.score]))
        }
    }

    func value(_ key: String) -> Double {
        switch key {
        case "cosine": return named.cosine
        case "margin": return named.margin
        case "score": return named.score
        case "noAppCosine": return noApp.cosine
        case "noAppMargin": return noApp.margin
        default: return noApp.score
        }
    }

    init(values v: [String: Double]) {
        named = Limits(cosine: v["cosine"] ?? 1, margin: v["margin"] ?? 1, score: v["score"] ?? 1)
        noApp = Limits(cosine: v["noAppCosine"] ?? 1, margin: v["noAppMargin"] ?? 1, score: v["noAppScore"] ?? 1)
        for side in Self.onePhraseSides {
            let k = Self.onePhraseKeys(side.prefix)
            if let c = v[k[0]], let m = v[k[1]], let s = v[k[2]] { self[keyPath: side.limits] = Limits(cosine: c, margin: m, score: s) }
        }
    }
}

/// A fitted rule for the sentence encoder (`semantic.logistic` and `semantic.confidence` in the
/// score model file; `phrasematch fit` with the encoder writes them): a logistic model of whether
/// a refused closest result is right, from its lexical features (`DecisionWeights.features`)
/// and the encoder's evidence (`SemanticWeights.evidenceFeatures`). Where a model has one, it
/// replaces the limits of `SemanticRule` (of both sides, or of one: `semantic.namedLogistic`,
/// `semantic.noAppLogistic`): a refusal the encoder reads runs its closest result
/// when this confidence is at least `threshold`, and the result carries that confidence.
public struct SemanticWeights: Sendable, Hashable {
    /// The encoder's features, after the lexical ones: the nearest shortcut's cosine, its lead
    /// over the next shortcut (0…0.2), 1 when it is the candidate's shortcut, those two numbers
    /// again where it is (0 where not); 1 when the nearest shortcut has one phrase in the locale
    /// (`SemanticEvidence.onePhrase`), 1 when the candidate binds a parameter's value, the
    /// utterance's words and the nearest row's template's words (split at white space, at most
    /// 20, over 20: a short template says little, and its closeness to short requests of every
    /// kind is high; in a script written without spaces both are 1/20 or so); how much of the
    /// utterance's meaning the candidate's phrase holds token by token
    /// (`SemanticEvidence.tokenRecall`; 0 where the encoder has no token states); and 1 when the
    /// candidate is the encoder's proposal (the search's closest was another shortcut's, or
    /// none: `SemanticEvidence.proposed`).
    public static let evidenceFeatures = ["cosine", "meaningMargin", "agrees", "cosineAgrees", "meaningMarginAgrees",
                                          "onePhrase", "bindsValue", "utteranceWords", "phraseWords", "tokenRecall", "proposed"]
    /// Features a model file may leave out (weight 0): those added after files with fitted rules
    /// were written (session 33: the first four; session 35: `tokenRecall`).
    public static let optionalFeatures: Set<String> = ["onePhrase", "bindsValue", "utteranceWords", "phraseWords", "tokenRecall"]
    /// Every feature, in the order of `weights` (after the bias).
    public static let features = DecisionWeights.features + evidenceFeatures
    /// Where `proposed` is in `features`.
    static let proposedIndex = features.count - 1
    /// Where `tokenRecall` is in `features`.
    static let tokenRecallIndex = features.count - 2
    /// Whether the rule reads `tokenRecall` (a weight other than 0): the matcher then asks the
    /// encoder for token states and encodes the candidate's phrase (`SemanticStage.reading`).
    public var readsTokens: Bool { weights.count == SemanticWeights.features.count && weights[SemanticWeights.tokenRecallIndex] != 0 }
    /// The weight of `proposed` in a rule that never runs a proposal (`phrasematch fit` writes
    /// it where the tune lines are better without them): no other evidence can lift a proposal
    /// back to any threshold, and the matcher does not search for one (`readsProposals`).
    public static let refusesProposals = -50.0
    /// Whether the matcher looks for the encoder's proposal under this rule.
    public var readsProposals: Bool { weights.count == SemanticWeights.features.count && weights[SemanticWeights.proposedIndex] > SemanticWeights.refusesProposals / 2 }
    public var bias: Double
    public var weights: [Double]
    /// The confidence a refused result needs to run.
    public var threshold: Double
    /// The confidence a refused result of a shortcut with one phrase in the locale needs
    /// (`SemanticEvidence.onePhrase`; `semantic.namedOnePhraseConfidence`, and so on). nil:
    /// `threshold`. The `onePhrase` feature moves such a result's confidence, but one threshold
    /// still holds both kinds to one rate of false accepts: this lets each have its own, as the
    /// limits have (`SemanticRule.onePhrase`).
    public var onePhraseThreshold: Double? = nil
    /// Whether the side's limits still run what they run (`semantic.namedKeepsLimits`, and so on):
    /// the rule then runs a refused result its limits do not. false: the rule replaces them.
    public var keepsLimits: Bool = false

    public init(bias: Double, weights: [Double], threshold: Double, onePhraseThreshold: Double? = nil, keepsLimits: Bool = false) {
        self.bias = bias
        self.weights = weights
        self.threshold = threshold
        self.onePhraseThreshold = onePhraseThreshold
        self.keepsLimits = keepsLimits
    }

    /// The confidence a refused result needs: `onePhraseThreshold` for a shortcut of one phrase
    /// where the rule has one, else `threshold`.
    public func threshold(onePhrase: Bool) -> Double {
        onePhrase ? onePhraseThreshold ?? threshold : threshold
    }

    /// The probability that the closest result is right, from the full feature vector.
    public func confidence(_ x: [Double]) -> Double {
        DecisionWeights(bias: bias, weights: weights).confidence(x)
    }
}
