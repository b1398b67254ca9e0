import Foundation

/// Turns a sentence into a unit vector whose dot product with another's says how close their
/// meanings are. The matcher's semantic stage (`SemanticIndex`) reads one to confirm what the
/// lexical search finds; it never binds a value or overrides a negative phrase.
///
/// An encoder is shared by every thread of a matcher: `encode` must be safe to call at once from
/// several threads.
public protocol SentenceEncoder: Sendable {
    /// Names the model and its weights: vectors of two encoders with different identities are
    /// never compared, and the phrase-vector cache is keyed by it.
    var identity: String { get }
    /// The length of every vector `encode` returns.
    var dimension: Int { get }
    /// The unit vector of `text`, said in `locale` (a BCP 47 tag).
    func encode(_ text: String, locale: String) -> [Float]
    /// `encode`'s vector (the same floats) and, from the same pass, the meaning of each of the
    /// text's tokens (`TokenStates`). nil: the encoder has no token states (the default), and
    /// evidence that reads them (`SemanticEvidence.tokenRecall`) is left out.
    func encodeWithTokens(_ text: String, locale: String) -> (vector: [Float], tokens: TokenStates)?
}

extension SentenceEncoder {
    public func encodeWithTokens(_ text: String, locale: String) -> (vector: [Float], tokens: TokenStates)? { nil }
}

/// The meaning of a text's tokens: the encoder's last layer for each of them (its own tokens:
/// no prefix or special token), each a unit vector, row after row.
public struct TokenStates: Sendable, Hashable {
    public let dimension: Int
    /// `count` rows of `dimension` floats.
    public let values: [Float]

    public init(dimension: Int, values: [Float]) {
        self.dimension = dimension
        self.values = dimension > 0 ? Array(values.prefix(values.count / dimension * dimension)) : []
    }

    public var count: Int { dimension > 0 ? values.count / dimension : 0 }

    /// How much of this text's meaning `other` holds, token by token: the mean over this text's
    /// tokens of the closest of `other`'s (cosine; BERTScore's recall). Words of the utterance
    /// that the phrase has no counterpart for ("previous" against "next track", "date" against
    /// "what time is it") lower it where the sentence's cosine barely moves. nil when either has
    /// no token, or the two are of different encoders' sizes.
    public func recall(in other: TokenStates) -> Double? {
        let n = count, m = other.count, d = dimension
        guard n > 0, m > 0, d == other.dimension else { return nil }
        var total = 0.0
        values.withUnsafeBufferPointer { u in
            other.values.withUnsafeBufferPointer { p in
                for i in 0..<n {
                    var best = -Float.infinity
                    for j in 0..<m {
                        var dot: Float = 0
                        for k in 0..<d { dot += u[i * d + k] * p[j * d + k] }
                        if dot > best { best = dot }
                    }
                    total += Double(best)
                }
            }
        }
        return total / Double(n)
    }
}

/// Why an encoder's weights could not be used: a one-line message naming the file.
public struct EncoderError: Error, CustomStringConvertible, Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case missing, unreadable, corrupt }
    public var kind: Kind
    public var path: String
    public var reason: String
    public var description: String {
        switch kind {
        case .missing: return "\(path): no such file (the sentence encoder's weights)"
        case .unreadable: return "\(path): cannot read the sentence encoder's weights: \(reason)"
        case .corrupt: return "\(path): not a usable sentence encoder weights file: \(reason)"
        }
    }
}
