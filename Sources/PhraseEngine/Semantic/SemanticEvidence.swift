import Foundation

/// What the sentence encoder said of an utterance: its nearest shortcut, how close, by how much
/// ahead of the next, and whether that is the lexical search's candidate.
public struct SemanticEvidence: Sendable, Hashable {
    public struct Neighbour: Sendable, Hashable {
        public var app: String
        public var intent: String
        /// The template of the closest row, as written.
        public var phrase: String
        public var cosine: Double
    }
    public var nearest: Neighbour
    public var next: Neighbour?
    /// The nearest's lead over the next shortcut (its cosine when it has no other).
    public var margin: Double { nearest.cosine - (next?.cosine ?? 0) }
    /// The nearest shortcut is the lexical best (or closest) result's.
    public var agrees: Bool
    /// The lexical search's closest result was another shortcut's, or there was none, and the
    /// candidate read is the nearest shortcut's best phrase, from a search of its phrases alone
    /// (its values bound by words). Only a fitted rule (`SemanticWeights`) runs such a one.
    public var proposed: Bool = false
    /// The nearest shortcut has one phrase in the locale (the catalog's templates): the rule may
    /// hold its candidate to limits of their own (`SemanticRule.onePhrase`).
    public var onePhrase: Bool = false
    /// How much of the utterance's meaning the candidate's phrase (as the search read it: its
    /// values and the app's name in place) holds, token by token (`TokenStates.recall`): read
    /// where the rule does (a fitted rule with a `tokenRecall` weight) and the encoder has token
    /// states. nil: not read.
    public var tokenRecall: Double? = nil
    /// The candidate read is the nearest shortcut's: the search's closest, or the proposal.
    public var candidateIsNearest: Bool { agrees || proposed }
    /// The evidence turned a refusal into a match (`SemanticRule`).
    public var confirmed: Bool

    /// One line for people: "meaning: 0.93 to 'Zenvo turn on ${name}', next 0.88 to '…'".
    public var line: String {
        let f = { (x: Double) in JSONOut.formatNumber((x * 10000).rounded() / 10000) }
        var s = "meaning: \(f(nearest.cosine)) to \(nearest.intent) '\(nearest.phrase)'"
        if let n = next { s += ", next \(f(n.cosine)) to \(n.intent) '\(n.phrase)'" }
        s += agrees ? " (the closest result's shortcut" : (proposed ? " (not the search's closest; read as its own best phrase" : " (not the closest result's shortcut")
        s += onePhrase ? ", its one phrase)" : ")"
        if let t = tokenRecall { s += "; its words in the phrase \(f(t))" }
        if confirmed { s += "; confirmed" }
        return s
    }

    public var json: JSONOut {
        func n(_ x: Neighbour) -> JSONOut {
            .object([("app", .string(x.app)), ("intent", .string(x.intent)), ("phrase", .string(x.phrase)),
                     ("cosine", .double((x.cosine * 10000).rounded() / 10000))])
        }
        var o: [(String, JSONOut)] = [("nearest", n(nearest))]
        if let x = next { o.append(("next", n(x))) }
        o += [("margin", .double((margin * 10000).rounded() / 10000)), ("agrees", .bool(agrees))]
        if proposed { o.append(("proposed", .bool(true))) }
        if onePhrase { o.append(("onePhrase", .bool(true))) }
        if let t = tokenRecall { o.append(("tokenRecall", .double((t * 10000).rounded() / 10000))) }
        o.append(("confirmed", .bool(confirmed)))
        return .object(o)
    }
}
