import Foundation
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

/// A word only the negative phrases say ("삭제해줘" of "메모장 삭제해줘", "删除" of "删除记事本")
/// said in place of a phrase's verb is no rewording of that phrase: the person asks for what
/// the app refuses.
@Suite struct NegativeWordTests {
    static let json = #"""
    {"developmentLocale":"ko","locales":["ko","zh-Hans","ja"],"app":{"id":"com.example.memo","name":{"ko":"메모장","zh-Hans":"记事本","ja":"メモ帳"}},
     "entities":{"Note":{"options":[{"id":"n1","title":{"ko":"장보기","zh-Hans":"购物","ja":"買い物"}},
                                    {"id":"n2","title":{"ko":"회의록","zh-Hans":"会议记录","ja":"議事録"}}]}},
     "shortcuts":[{"intent":"ShowNoteIntent","shortTitle":"Show","systemImageName":"note",
                   "parameters":{"note":{"type":"Note"}},
                   "phrases":{"ko":["${applicationName}에서 ${note} 메모 보여줘"],"zh-Hans":["在${applicationName}里看${note}的笔记"],
                              "ja":["${applicationName}で${note}のメモを見せて"]}}],
     "negativePhrases":{"ko":["${applicationName} 삭제해줘"],"zh-Hans":["删除${applicationName}"],"ja":["${applicationName}って何"]}}
    """#
    static let matcher = Matcher(catalogs: [try! CatalogLoader.parse(json, file: "memo.json")])

    func decision(_ text: String, _ locale: String) -> (MatchResult.Decision, String?) {
        let r = NegativeWordTests.matcher.match(text, locale: locale)
        return (r.decision, r.top?.parameters.first?.value.identity)
    }

    @Test func negativeVerbInPlaceOfThePhraseVerb() {
        #expect(decision("메모장에서 장보기 메모 보여줘", "ko") == (.match, "n1"))
        #expect(decision("메모장에서 장보기 메모 삭제해줘", "ko").0 != .match)
        #expect(decision("在记事本里看购物的笔记", "zh-Hans") == (.match, "n1"))
        #expect(decision("删除记事本里购物的笔记", "zh-Hans").0 != .match)
    }

    /// All the words of a negative phrase that only negative phrases say, said with the app
    /// named, refuse the utterance however many words of a real phrase come with them.
    @Test func negativeWordsSaidWithTheApp() {
        let json = #"""
        {"developmentLocale":"vi","locales":["vi"],"app":{"id":"com.example.cook","name":"Bếp Ngon"},
         "entities":{"Dish":{"options":[{"id":"d1","title":"phở bò"},{"id":"d2","title":"cơm tấm"}]}},
         "shortcuts":[{"intent":"ShowIntent","shortTitle":"Show","systemImageName":"book",
                       "parameters":{"dish":{"type":"Dish"}},
                       "phrases":["Xem công thức ${dish} trong ${applicationName}"]}],
         "negativePhrases":["Xóa ${applicationName}"]}
        """#
        let m = Matcher(catalogs: [try! CatalogLoader.parse(json, file: "cook.json")])
        #expect(m.match("xem công thức phở bò trong bếp ngon", locale: "vi").decision == .match)
        let r = m.match("xóa công thức phở bò trong bếp ngon", locale: "vi")
        #expect(r.decision == .none)
        #expect(r.negative == "Xóa ${applicationName}")
        // Without the app named, nothing says which app refuses: no negative rule.
        #expect(m.match("xóa công thức phở bò", locale: "vi").negative == nil)
    }

    /// One Han character that a negative phrase says is no evidence: "何" of "何時も".
    @Test func oneCharacterOfANegativePhraseIsNot() {
        #expect(decision("メモ帳で何時も買い物のメモを見せて", "ja") == (.match, "n1"))
    }
}
