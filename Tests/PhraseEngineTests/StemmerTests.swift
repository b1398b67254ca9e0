import Foundation
import Testing
@testable import PhraseEngine

/// Snowball stems (libstemmer): a word the catalog never says meets the catalog word of its stem
/// (`similarity.stem`), where the locale's own form rules do not relate them.
@Suite struct StemmerTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let greek = root.appendingPathComponent("Benchmarks/ha-intents/el/catalog.full.json").path

    #if os(Linux)
    @Test func stemsByLanguage() throws {
        let en = try #require(Stemmer(locale: "en-US"))
        #expect(en.stem("running") == "run" && en.stem("lights") == "light")
        let es = try #require(Stemmer(locale: "es"))
        #expect(es.stem("comprar") == es.stem("compra"))
        #expect(Stemmer(locale: "ja") == nil && Stemmer(locale: "") == nil)
    }

    /// A Home Assistant tune line (el, line 128): "ενεργοποιηθεί" is no catalog word and no form
    /// the Greek profile knows; its stem is "ενεργοποίησε"'s.
    @Test func aWordMeetsTheCatalogWordOfItsStem() throws {
        let c = try CatalogLoader.load(path: greek)
        let text = "Zenvo ο ανεμιστήρας οροφής να ενεργοποιηθεί"
        let with = Matcher(catalogs: [c]).match(text, locale: "el")
        #expect(with.decision == .match && with.top?.intent == "HassTurnOn_name", "\(with.why.text)")
        #expect(with.top?.explanation.contains { $0.kind == .fuzzy && abs($0.similarity - 0.95) < 1e-4 } == true)
        var o = MatchOptions()
        o.model.stemSimilarity = 0
        let without = Matcher(catalogs: [c], options: o).match(text, locale: "el")
        #expect(without.top?.intent != "HassTurnOn_name" || without.decision != .match)
    }
    #endif

    @Test func theWeightIsAModelParameter() throws {
        #expect(ScoreModel.parameters.contains { $0.group == "similarity" && $0.key == "stem" })
        #expect(ScoreModel.standard.stemSimilarity == 0.95)
    }
}
