/// When the sentence encoder confirms a refused result (`semantic` in the score model file): the
/// lexical search refused its best result (below a threshold or the fitted confidence), and the
/// encoder's nearest shortcut is that result's, at least `cosine` close to the utterance and at
/// least `margin` ahead of the next shortcut, and the result's own score is at least `score`.
/// The numbers are chosen on tune data only (`Benchmarks/semantic_fit.py`).
public struct SemanticRule: Sendable, Hashable {
    public var cosine: Double
    public var margin: Double
    public var score: Double

    public init(cosine: Double, margin: Double, score: Double) {
        self.cosine = cosine
        self.margin = margin
        self.score = score
    }

    /// Used when a model file has no `semantic` group.
    public static let standard = SemanticRule(cosine: 0.905, margin: 0.045, score: 0.2)

    /// The file's keys, in order.
    public static let keys = ["cosine", "margin", "score"]
}
