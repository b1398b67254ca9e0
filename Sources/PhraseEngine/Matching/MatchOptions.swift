/// How strictly utterances must follow the phrases.
public enum MatchingMode: String, Sendable, CaseIterable {
    /// iOS 17+ flexible matching: fuzzy words, filler, rewordings, the app clause anywhere.
    case flexible
    /// The phrase as written, after normalization (watchOS, or flexible matching turned off).
    case exact
}

/// The matcher's tunable numbers, documented in docs/matching.md.
public struct MatchOptions: Sendable, Hashable {
    public var mode: MatchingMode = .flexible
    /// Every number that shapes a score or the decision (`Locales/profiles/model/score-model.json`).
    /// Its weights are read when a `Matcher` builds its indexes (see `ScoreModel`).
    public var model: ScoreModel = .standard
    /// Below this score the decision is "none" (`model.threshold`).
    public var threshold: Double {
        get { model.threshold }
        set { model.threshold = newValue }
    }
    /// An utterance that names no app needs this score (and exactly one app able to take it).
    public var noAppThreshold: Double {
        get { model.noAppThreshold }
        set { model.noAppThreshold = newValue }
    }
    /// When the two best results (different shortcut or value) are closer than this: "ambiguous".
    public var ambiguityMargin: Double {
        get { model.ambiguityMargin }
        set { model.ambiguityMargin = newValue }
    }
    /// Results to return.
    public var limit: Int = 3
    /// Results are listed only within this of the best score (at most `limit` of them): the
    /// close competitors of the decision, not every phrase sharing a word. The search then
    /// stops as soon as no other phrase can come that close, which makes a confident match
    /// about a fifth faster. Decisions never depend on it: the search also finds every result
    /// the ambiguity margin and the no-app rule look at. 1 lists the `limit` best, however far.
    public var resultWindow: Double = 0.25
    /// Phrases past the per-locale budget are not matchable (as on the system).
    public var enforceBudget: Bool = true
    /// Let the matcher's sentence encoder, when it has one, confirm a refused result
    /// (`SemanticRule`); off: the lexical decision alone, as without an encoder.
    public var semantic: Bool = true
    /// Build an explanation (word alignment) for the returned results.
    public var explain: Bool = true
    /// Turn off every pruning (bounds, value limits, the named-app restriction): slow, used by
    /// the tests as the reference the pruned search must agree with.
    var exhaustive: Bool = false
    /// Align every template over the full table, one row per element and one column per unit
    /// (no merged columns, no dropped rows; also with `exhaustive`): for the tests that check
    /// that the smaller tables change no score.
    var fullAlignment: Bool = false
    /// Check every alignment, a template's and a slot value's, against every path through its
    /// table (`Query.checkAlignment`, `Query.checkSlotSpans`; slow): for the tests of the two
    /// dynamic programs.
    var referenceAlignment: Bool = false
    /// Evaluate every candidate template and every reading (and try every value and word read
    /// out of order), without the upper bounds that skip them (the value limits and the
    /// named-app restriction stay): for the test that checks that the bounds never skip a
    /// better reading.
    var noBounds: Bool = false
    /// Search this shortcut's phrases alone, every one of them a candidate whatever words it
    /// shares with the utterance, and without the search's floor: the sentence encoder's
    /// proposal, its values bound by words as in any search (`SemanticStage.reading`).
    var onlyShortcut: ShortcutRef? = nil

    public init() {}

    public init(mode: MatchingMode = .flexible, enforceBudget: Bool = true, limit: Int = 3, explain: Bool = true) {
        self.mode = mode
        self.enforceBudget = enforceBudget
        self.limit = limit
        self.explain = explain
    }
}
