/// The class of an utterance word: what inserting it costs (`ScoreModel.insertion(for:)`), what
/// it costs inside a value's span (`ScoreModel.slotInsertion(for:)`), and whether it is a
/// content word. The matcher asks the class; it never reads it back from a cost.
enum WordClass: UInt8, Sendable, CaseIterable {
    /// A filler word ("please", "hey").
    case filler
    /// An optional word, a particle or an elision ("the", "を", "l'").
    case function
    /// A connector ("in", "with").
    case connector
    /// A content word the catalogs know.
    case content
    /// A content word the catalogs never say, or one only negative phrases say: both pay as a
    /// word never heard (`insertion.unknown`).
    case unknown

    /// The class of a word with these flags (`known`: the catalogs know it, or relate it to a
    /// word they know). The one place a word's flags become its class: a filler flag wins over a
    /// function flag, which wins over a connector flag; a word none of them is a content word,
    /// unknown when the catalogs do not know it.
    @inline(__always)
    init(_ flags: Token.Flags, known: Bool = true) {
        if flags.contains(.filler) {
            self = .filler
        } else if !flags.isDisjoint(with: [.optional, .particle, .elision]) {
            self = .function
        } else if flags.contains(.connector) {
            self = .connector
        } else {
            self = known ? .content : .unknown
        }
    }

    /// A content word, known or not.
    @inline(__always)
    var isContent: Bool { self == .content || self == .unknown }
}

extension ScoreModel {
    /// What inserting a word of class `c` costs (`insertion.*`).
    @inline(__always)
    func insertion(for c: WordClass) -> Float {
        switch c {
        case .filler: fillerInsertion
        case .function: functionInsertion
        case .connector: connectorInsertion
        case .content: contentInsertion
        case .unknown: unknownInsertion
        }
    }

    /// What a word of class `c` inside a value's span the value does not have costs: a filler
    /// or function word `insertion.functionSlot`, any other `insertion.contentSlot`.
    @inline(__always)
    func slotInsertion(for c: WordClass) -> Float {
        switch c {
        case .filler, .function: functionSlotInsertion
        case .connector, .content, .unknown: contentSlotInsertion
        }
    }

    /// The least a word of any class costs to insert.
    var cheapestInsertion: Float {
        min(fillerInsertion, functionInsertion, connectorInsertion, contentInsertion, unknownInsertion)
    }
}

