// A rewrite: one repair of the units the normalizer cut, run before the words are matched.

/// One repair of an utterance's units (a re-cut, a join, a reading), with a stable id, the one
/// thing it repairs, and examples that are also its tests (`RewriteTests` runs every one).
/// A locale profile turns rewrites on by id (`"rewrites"`, `Locales/README.md`); the matcher
/// runs the ones its profile names, in the order of `Rewrite.all`, in flexible matching only.
struct Rewrite: Sendable {
    /// A stable id, as profiles name it.
    let id: String
    /// What it repairs, in one sentence.
    let repairs: String
    /// Whether it can act only on text with a character outside ASCII (then ASCII text skips it).
    let nonASCII: Bool
    let examples: [Example]
    /// Rewrites the units of `text`. Units it puts in place of words that sound the same are
    /// marked (`Raw.read`): they then match as sound-alikes.
    let apply: @Sendable (_ units: inout [Raw], _ text: String, _ index: LocaleIndex) -> Void

    /// An utterance the rewrite repairs: with a catalog whose phrases are `phrases` (in
    /// `locale`), the normalizer's units of `utterance` become `units` (their texts).
    struct Example: Sendable {
        let locale: String
        let phrases: [String]
        let utterance: String
        let units: [String]
    }

    /// Every rewrite, in the order they run.
    static let all: [Rewrite] = [
        ordinalPrefixes, spelledRuns, thaiRecut, hangulDigits, hangulRecut, hangulJoin, homophones,
    ]

    /// The rewrites a profile turns on (`LocaleProfile.rewrites`), in the order of `all`.
    static func enabled(by profile: LocaleProfile) -> [Rewrite] {
        all.filter { profile.rewrites.contains($0.id) }
    }
}

/// The rewrites' code (one file each in `Rewrites/`), apart from the search.
enum Rewriting {}
