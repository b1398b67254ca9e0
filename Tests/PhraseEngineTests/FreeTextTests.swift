import Foundation
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

/// Free text for a String parameter no phrase can say (`Query.freeTextReadings`): "search
/// Bookworm for climate change" is "Search ${applicationName}" with what to search for. Each
/// accepted line scored under the threshold without the rule; each refused one is a reading the
/// rule must not take.
@Suite struct FreeTextTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let matcher: Matcher = {
        let cats = ["reader", "notes"].compactMap {
            try? CatalogLoader.load(path: root.appendingPathComponent("Corpora/\($0)/catalog.json").path)
        }
        return Matcher(catalogs: cats)
    }()

    @Test func theSearchSaysWhatToLookFor() {
        for (text, locale) in [("hey siri search bookworm for climate change", "en"),
                               ("oye siri busca en bookworm algo sobre las elecciones", "es"),
                               ("dis siri cherche un article sur la réforme des retraites dans bookworm", "fr"),
                               ("嘿Siri在书虫里搜索一下房价", "zh-Hans"),
                               // Verb-final, the verb's ending in hiragana after the phrase.
                               ("ヘイシリ ブックワームで円安について検索して", "ja")] {
            let r = Self.matcher.match(text, locale: locale)
            #expect(r.decision == .match && r.top?.intent == "SearchArticlesIntent", "\(text): \(r.decision) \(r.results.first?.score ?? 0)")
            let free = r.top?.explanation.filter { $0.kind == .freeText } ?? []
            #expect(!free.isEmpty && free.allSatisfy { $0.slot == "query" }, "\(text)")
        }
    }

    @Test func anotherAppOrAnotherValueIsNoFreeText() {
        for (text, locale) in [("search google for bookworm", "en"),
                               ("cherche bookworm sur google", "fr"),
                               ("busca bookworm en google", "es"),
                               ("busca notely en la app store", "es"),
                               ("グーグルでブックワームを検索して", "ja")] {
            let r = Self.matcher.match(text, locale: locale)
            #expect(r.decision == .none, "\(text): \(r.decision) \(r.top?.intent ?? "-") \(r.results.first?.score ?? 0)")
        }
        // "Schule" is a list of the shortcut's other phrases, not the task's title.
        let r = Self.matcher.match("neue aufgabe in der liste schule in notely", locale: "de")
        #expect(!(r.results.first?.explanation.contains { $0.kind == .freeText } ?? false))
    }

    /// Talk after a request whose app clause ends it is discounted as filler; a negative phrase
    /// followed by talk still refuses.
    @Test func talkAfterTheRequest() {
        let r = Self.matcher.match("hey siri delete the last task in notely I added it by mistake", locale: "en")
        #expect(r.decision == .match && r.top?.intent == "DeleteLastTaskIntent", "\(r.decision) \(r.results.first?.score ?? 0)")
        #expect(r.top?.explanation.contains { $0.kind == .filler && $0.utterance == "mistake" } == true)
        let g = Self.matcher.match("hey siri open my groceries list in notely I'm at the store", locale: "en")
        #expect(g.decision == .match && g.top?.intent == "ShowTasksIntent" && g.top?.parameters.first?.value.identity == "groceries",
                "\(g.decision) \(g.results.first?.score ?? 0)")
        #expect(Self.matcher.match("delete notely because I hate it", locale: "en").decision == .none)
    }

    @Test func freeTextIsShownInTheExplanation() {
        let (code, out, _) = runCLI(["match", "--catalog", Self.root.appendingPathComponent("Corpora/reader/catalog.json").path,
                                     "--explain", "search bookworm for climate change"])
        #expect(code == 0)
        // The free text's words as one line, as said.
        #expect(out.contains("free-text        \"for climate change\" ↔ ${query}"), "\(out)")
    }
}
