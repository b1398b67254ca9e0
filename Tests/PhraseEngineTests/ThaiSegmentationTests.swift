import Foundation
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

/// ICU's Thai dictionary cuts a word it does not know differently by context: a value said
/// between other words must still meet the value as the catalog cut it.
@Suite struct ThaiSegmentationTests {
    static let json = #"""
    {"developmentLocale":"th","locales":["th"],"app":{"id":"com.example.deli","name":"ครัวดี"},
     "entities":{"Dish":{"options":[{"id":"d1","title":"ฮัมมูส"},{"id":"d2","title":"ข้าวผัด"}]}},
     "shortcuts":[{"intent":"AddIntent","shortTitle":"Add","systemImageName":"cart",
                   "parameters":{"dish":{"type":"Dish"}},
                   "phrases":["เพิ่มวัตถุดิบ${dish}ลงรายการซื้อของใน${applicationName}"]}]}
    """#
    static let matcher = Matcher(catalogs: [try! CatalogLoader.parse(json, file: "deli.json")])

    @Test func valueCutApartByContext() {
        // Alone "ฮัมมูส" is cut "ฮัม" "มูส"; before "ลง" ICU cuts "ฮัม" "มู" "สลง".
        let r = ThaiSegmentationTests.matcher.match("เพิ่มวัตถุดิบฮัมมูสลงรายการซื้อของในครัวดี", locale: "th")
        #expect(r.decision == .match)
        #expect(r.top?.intent == "AddIntent")
        #expect(r.top?.parameters.first?.value.identity == "d1")
        let s = ThaiSegmentationTests.matcher.match("เพิ่มวัตถุดิบข้าวผัดลงรายการซื้อของในครัวดี", locale: "th")
        #expect(s.top?.parameters.first?.value.identity == "d2")
    }

    /// A dish the app does not have is not cut into the catalog's words to make one.
    @Test func unknownDishStaysUnknown() {
        let r = ThaiSegmentationTests.matcher.match("เพิ่มวัตถุดิบส้มตำลงรายการซื้อของในครัวดี", locale: "th")
        #expect(r.decision != .match)
    }
}
