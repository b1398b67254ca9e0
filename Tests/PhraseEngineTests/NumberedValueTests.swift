import Foundation
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

/// A value that ends with its number ("Bedroom 2") said with the number first, as an ordinal
/// ("the second bedroom", "2番目の寝室", "第二个卧室", "二号卧室"), or with the number said as an
/// English word in another script ("寝室ツー"). Each check fails without its rule
/// (`IndexBuilder.ordinalFirst`; the ordinal mark 号; the katakana numbers of the ja profile).
@Suite struct NumberedValueTests {
    static let json = #"""
    {"developmentLocale":"en","locales":["en","ja","zh-Hans"],
     "app":{"id":"com.example.lamp","name":{"en":"Lumo","ja":"ルモ","zh-Hans":"卢莫"}},
     "entities":{"Room":{"options":[
       {"id":"bed","title":{"en":"Bedroom","ja":"寝室","zh-Hans":"卧室"}},
       {"id":"bed2","title":{"en":"Bedroom 2","ja":"寝室2","zh-Hans":"卧室2"}},
       {"id":"vol3","title":{"en":"Quiet Songs Vol. 3","ja":"静かな歌 第3集","zh-Hans":"安静的歌 3"}}]}},
     "shortcuts":[
       {"intent":"LightsOnIntent","shortTitle":"On","systemImageName":"lightbulb",
        "parameters":{"room":{"type":"Room"}},
        "phrases":{"en":["Turn on the lights in the ${room} with ${applicationName}"],
                   "ja":["${applicationName}で${room}の電気をつけて"],
                   "zh-Hans":["用${applicationName}打开${room}的灯"]}}]}
    """#

    static let matcher: Matcher = {
        let c = (try? CatalogLoader.parse(json, file: "lamp.json")).map { [$0] } ?? []
        return Matcher(catalogs: c)
    }()

    func room(_ text: String, _ locale: String) -> String? {
        let r = Self.matcher.match(text, locale: locale)
        return r.decision == .match ? r.top?.parameters.first?.value.identity : "\(r.decision) \(r.results.first?.score ?? 0)"
    }

    @Test func ordinalBeforeTheName() {
        #expect(room("turn on the lights in the bedroom 2 with lumo", "en") == "bed2")
        #expect(room("turn on the lights in the second bedroom with lumo", "en") == "bed2")
        #expect(room("turn on the lights in the bedroom with lumo", "en") == "bed")
        #expect(room("ルモで2番目の寝室の電気をつけて", "ja") == "bed2")
        #expect(room("用卢莫打开第二个卧室的灯", "zh-Hans") == "bed2")
        #expect(room("用卢莫打开二号卧室的灯", "zh-Hans") == "bed2")
    }

    @Test func englishNumberInKatakana() {
        #expect(room("ルモで寝室ツーの電気をつけて", "ja") == "bed2")
    }

    /// Only a short name before a small number: a title's volume number is no ordinal ("the third
    /// quiet songs vol" is not said), so "third" stays a word no phrase or value says.
    @Test func titlesKeepTheirNumber() throws {
        let c = try CatalogLoader.parse(Self.json, file: "lamp.json")
        let index = IndexBuilder.build(catalogs: [c], locale: "en")
        #expect(index.vocabId("2.") != nil)
        #expect(index.vocabId("3.") == nil)
        #expect(index.vocabId("2.").map(index.derivedOnly.contains) == true)
    }
}
