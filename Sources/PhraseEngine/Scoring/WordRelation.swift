/// How a word of the utterance relates to a catalog word it may be: the relation kind of a word
/// match (`PreparedUtterance.mKind`) and of a related word of the index (`LocaleIndex.Related`).
/// What the matcher asks of a match is asked of its relation (`isGuess`, `== .unmarked`), never
/// read back from its similarity; the alignment shows it as a step kind (`stepKind`), which says
/// less (every relation below but the word itself, synonyms and homophones is "fuzzy" or
/// "phonetic" there).
enum WordRelation: UInt8, Sendable {
    /// The word itself.
    case exact
    /// A catalog word put for a word that sounds the same, read so by the locale's reading
    /// table (`readHomophones`: ja 官僚 for 完了).
    case homophone
    /// Another form of the word from the locale's groups of forms (`formSimilarity`).
    case form
    /// A word of the same locale synonym group (`synonymSimilarity`).
    case synonym
    /// Another form of a word of the same synonym group (`synonymFormSimilarity`).
    case synonymForm
    /// A spelling the profile reads as the catalog word: a clitic or an ending added, dropped or
    /// exchanged, marks left out (`LocaleProfile` spelling variants).
    case spelling
    /// An inflection of a catalog word the utterance says: the other word shares its first four
    /// letters (`WordSimilarity.stem`, the index's `inflectionFlat`).
    case inflection
    /// The word written with or without the marks of the letters the locale keeps (tr "kac" /
    /// "kaç": `unmarkedSimilarity`).
    case unmarked
    /// A word the catalogs never say whose Snowball stem is a catalog word's (`stemSimilarity`).
    case stem
    /// A word that sounds like a number a catalog says ("to" for "2": `numberSoundSimilarity`).
    case numberSound
    /// A word with the same sound key (`phoneticSimilarity`).
    case soundAlike
    /// An edit of a catalog word, found by the symmetric deletes (`WordSimilarity.fuzzy`).
    case edit
    /// A word sharing its first four letters with a catalog word (`WordSimilarity.stem`).
    case sharedPrefix

    /// The kind of alignment step a match of this relation makes.
    var stepKind: StepKind {
        switch self {
        case .exact: return .exact
        case .synonym, .synonymForm: return .synonym
        case .homophone, .numberSound, .soundAlike: return .phonetic
        case .form, .spelling, .inflection, .unmarked, .stem, .edit, .sharedPrefix: return .fuzzy
        }
    }

    /// Whether the relation is one the matcher treats as a guess (`guessedWords`, the app
    /// clauses): every relation but the word itself and synonyms. (Forms and spelling variants,
    /// which the profile states, count as guesses too: the relations the step kinds "fuzzy" and
    /// "phonetic" covered when this was asked of them.)
    var isGuess: Bool {
        switch self {
        case .exact, .synonym, .synonymForm: return false
        default: return true
        }
    }
}
