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
