/// How one part of an utterance met a phrase: the kind of an alignment step (`AlignmentStep.Kind`),
/// and of a relation between two words of the index (a form, a synonym, a sound-alike).
public enum StepKind: String, Sendable, Hashable {
    case exact, fuzzy, phonetic, split, merged
    /// A parameter value said by a synonym, or a word said by another of its locale synonym group.
    case synonym
    /// The app said by an alternative name.
    case alternativeName = "alternative-name"
    /// Utterance words the phrase does not have, discounted as filler.
    case filler
    /// Utterance words the phrase does not have.
    case extra
    /// Utterance words taken as the free text of a String parameter no phrase can say
    /// ("climate change" of "search Bookworm for climate change").
    case freeText = "free-text"
    /// Phrase words the utterance does not have.
    case missing
    /// Utterance words standing where the phrase's parameter goes that are none of its values.
    case unknownValue = "unknown-value"
}

extension StepKind {
    /// The similarity from which a value's or app name's span counts as said exactly (`.exact`;
    /// `SlotSpan.isExact`, `AlignmentStep.isExact`). A span's similarity adds Float gains over
    /// weights: an exact reading may come out a hair below 1. (A word match carries its kind.)
    static let exactSimilarity: Float = 0.999
}
