import Foundation
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

/// `match` builds the one index its utterances' locale reads: the choice must be the locale a
/// matcher of every locale would use for them.
@Suite struct LocaleChoiceTests {
    @Test(arguments: [
        ("en", ["de", "en", "fr"], "en"),
        ("en-GB", ["de", "en", "fr"], "en"),
        ("fr-CA", ["fr", "en"], "fr"),
        ("pt-BR", ["pt-PT", "en"], "pt-PT"),
        ("zh-Hans", ["ja", "zh-Hans"], "zh-Hans"),
        ("xx", ["en"], nil),
    ] as [(String, [String], String?)])
    func oneLocaleForTheUtterances(locale: String, available: [String], expected: String?) {
        #expect(Matcher.locale(for: locale, among: available) == expected)
    }

    @Test func aMatcherOfOneLocaleAnswersAsOneOfEvery() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let catalogs = try ["coffee", "habits", "home", "music", "notes", "reader"].map {
            try CatalogLoader.load(path: root.appendingPathComponent("Corpora/\($0)/catalog.json").path)
        }
        let every = Matcher(catalogs: catalogs)
        for (locale, text) in [("en", "log water in habits"), ("ja", "ハビットで水を記録"), ("de", "spiel jazz in tempo"),
                               ("en-GB", "turn on the kitchen lights in hearth")] {
            let l = try #require(Matcher.locale(for: locale, among: every.locales))
            let one = Matcher(catalogs: catalogs, locales: [l])
            let a = one.match(text, locale: locale), b = every.match(text, locale: locale)
            #expect(a.decision == b.decision && a.results == b.results && a.reason == b.reason, "\(locale): \(text)")
            #expect(!a.results.isEmpty)
        }
    }
}
