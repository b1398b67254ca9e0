import Foundation
import Testing
@testable import PhraseEngine

/// A word match's relation kind (`WordRelation`): what the steps ask of it, and the step kind
/// the alignment shows for it (the explanation and the JSON steps must not change with it).
@Suite struct WordRelationTests {
    static let all: [WordRelation] = [.exact, .homophone, .form, .synonym, .synonymForm, .spelling, .inflection,
                                      .unmarked, .stem, .numberSound, .soundAlike, .edit, .sharedPrefix]

    @Test func eachRelationShowsItsStepKind() {
        let shown: [WordRelation: StepKind] = [
            .exact: .exact, .homophone: .phonetic, .form: .fuzzy, .synonym: .synonym, .synonymForm: .synonym,
            .spelling: .fuzzy, .inflection: .fuzzy, .unmarked: .fuzzy, .stem: .fuzzy, .numberSound: .phonetic,
            .soundAlike: .phonetic, .edit: .fuzzy, .sharedPrefix: .fuzzy,
        ]
        for r in WordRelationTests.all { #expect(r.stepKind == shown[r], "\(r)") }
    }

    @Test func onlyTheWordAndItsSynonymsAreNoGuess() {
        for r in WordRelationTests.all {
            #expect(r.isGuess == !(r == .exact || r == .synonym || r == .synonymForm), "\(r)")
        }
    }

    /// The relation a word of the utterance gets for a catalog word, through the matcher's own
    /// preparation: the word itself, a sound-alike ("watr" keyed as "water"), an inflection
    /// ("habits" / "habit"), none for a word the catalog never heard.
    @Test func preparationTagsEachMatchWithItsRelation() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let catalog = try CatalogLoader.load(path: root.appendingPathComponent("Corpora/habits/catalog.json").path)
        let matcher = Matcher(catalogs: [catalog])
        let relations = try #require(matcher.wordRelations("log the watr zorblax in habits", locale: "en"))
        #expect(relations == [[.exact], [.exact], [.soundAlike], [], [.exact], [.exact, .inflection]], "\(relations)")
    }
}
