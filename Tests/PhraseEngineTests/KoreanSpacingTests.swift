import Foundation
import Testing
@testable import PhraseEngine

/// Korean recognizers drop the spaces between words, and spell a number written together with
/// its counter ("십분" for "10분").
@Suite struct KoreanSpacingTests {
    static let json = #"""
    {"developmentLocale":"ko","locales":["ko"],"app":{"id":"com.example.calm","name":"마음숲"},
     "entities":{"Session":{"options":[{"id":"s1","title":"10분 명상"},{"id":"s2","title":"아침 스트레칭"}]}},
     "shortcuts":[{"intent":"StartIntent","shortTitle":"Start","systemImageName":"leaf",
                   "parameters":{"session":{"type":"Session"}},
                   "phrases":["${applicationName}에서 ${session} 시작해줘"]},
                  {"intent":"HistoryIntent","shortTitle":"History","systemImageName":"clock",
                   "phrases":["${applicationName}에서 지난 기록 보여줘"]}]}
    """#
    static let matcher = Matcher(catalogs: [try! CatalogLoader.parse(json, file: "calm.json")])

    func top(_ text: String) -> (MatchResult.Decision, String?, String?) {
        let r = KoreanSpacingTests.matcher.match(text, locale: "ko")
        return (r.decision, r.top?.intent, r.top?.parameters.first?.value.identity)
    }

    @Test func wordsWrittenTogether() {
        #expect(top("마음숲에서지난기록보여줘") == (.match, "HistoryIntent", nil))
        #expect(top("마음숲에서 아침스트레칭 시작해줘") == (.match, "StartIntent", "s2"))
        // A word that no catalog words cover stays whole: not a phrase of the app.
        #expect(top("마음숲에서지난주문취소해줘").0 != .match)
    }

    @Test func spelledNumberWithItsCounter() {
        #expect(top("마음숲에서 십분 명상 시작해줘") == (.match, "StartIntent", "s1"))
        #expect(top("마음숲에서 10분 명상 시작해줘") == (.match, "StartIntent", "s1"))
    }
}

/// A two-syllable Korean word is long enough for a sound-alike ("매뉴" heard for "메뉴"): a
/// Hangul syllable is a block of two or three letters.
@Suite struct KoreanSoundAlikeTests {
    @Test func twoSyllableSoundAlike() throws {
        let json = #"""
        {"developmentLocale":"ko","locales":["ko"],"app":{"id":"com.example.lunch","name":"밥친구"},
         "shortcuts":[{"intent":"MenuIntent","shortTitle":"Menu","systemImageName":"fork.knife",
                       "phrases":["${applicationName}에서 오늘 메뉴 보여줘"]}]}
        """#
        let m = Matcher(catalogs: [try CatalogLoader.parse(json, file: "lunch.json")])
        #expect(m.match("밥친구에서 오늘 메뉴 보여줘", locale: "ko").decision == .match)
        #expect(m.match("밥친구에서 오늘 매뉴 보여줘", locale: "ko").decision == .match)
    }

    /// ㄴ and ㄹ assimilate into each other (목록 is said 몽녹): one sound in the Korean key.
    @Test func nasalAssimilation() throws {
        let n = Normalizer.forLocale("ko")
        #expect(n.phoneticKey("목록") == n.phoneticKey("목녹"))
        #expect(n.phoneticKey("신라") == n.phoneticKey("실라"))
        let json = #"""
        {"developmentLocale":"ko","locales":["ko"],"app":{"id":"com.example.lunch","name":"밥친구"},
         "shortcuts":[{"intent":"ListIntent","shortTitle":"List","systemImageName":"list.bullet",
                       "phrases":["${applicationName}에서 주문 목록 보여줘"]}]}
        """#
        let m = Matcher(catalogs: [try CatalogLoader.parse(json, file: "lunch.json")])
        #expect(m.match("밥친구에서 주문 목녹 보여줘", locale: "ko").decision == .match)
    }
}
