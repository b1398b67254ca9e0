import Foundation
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

/// Spellings a locale profile reads as a catalog word (`attachedPrefixes`, `endings`,
/// `droppableMarks`): ar clitics and the article written on the word, ko request endings and
/// hi verb endings added, dropped or exchanged, vi words written without their tone marks.
@Suite struct SpellingVariantTests {
    static let json = #"""
    {"developmentLocale":"vi","locales":["vi","ar","ko","hi"],
     "app":{"id":"com.example.notebook","name":{"vi":"Sổ Tay","ar":"دفتري","ko":"메모장","hi":"नोटबुक"}},
     "shortcuts":[
      {"intent":"NewNoteIntent","shortTitle":"New","systemImageName":"square.and.pencil",
       "phrases":{"vi":["Tạo ghi chú mới trong ${applicationName}"],"ar":["أنشئ ملاحظة جديدة في ${applicationName}"],
                  "ko":["${applicationName}에서 새 메모 만들어줘"],"hi":["${applicationName} में नया नोट बनाओ"]}},
      {"intent":"ShowNotesIntent","shortTitle":"Show","systemImageName":"note.text",
       "phrases":{"vi":["Xem tất cả ghi chú trong ${applicationName}"],"ar":["اعرض الملاحظات في ${applicationName}"],
                  "ko":["${applicationName}에서 메모 목록 보여줘"],"hi":["${applicationName} में सारे नोट्स दिखाओ"]}}]}
    """#
    static let matcher = Matcher(catalogs: [try! CatalogLoader.parse(json, file: "notebook.json")])

    func top(_ text: String, _ locale: String) -> (MatchResult.Decision, String?) {
        let r = SpellingVariantTests.matcher.match(text, locale: locale)
        return (r.decision, r.top?.intent)
    }

    @Test func vietnameseWithoutToneMarks() {
        #expect(top("tao ghi chu moi trong so tay", "vi") == (.match, "NewNoteIntent"))
        #expect(top("xem tat ca ghi chu trong so tay", "vi") == (.match, "ShowNotesIntent"))
        // Vowel marks kept, tone marks left out.
        #expect(top("tạo ghi chu mơi trong sổ tay", "vi") == (.match, "NewNoteIntent"))
        let v = Normalizer.forLocale("vi").spellingVariants(of: "bật").map(\.text)
        #expect(v.contains("bat") && v.contains("bât"))
        #expect(!Normalizer.forLocale("vi").spellingVariants(of: "bat").map(\.text).contains("bật"))
    }

    @Test func arabicCliticsAndArticle() {
        // و attached to the verb, the article left out of the noun.
        #expect(top("وأنشئ ملاحظة جديدة في دفتري", "ar") == (.match, "NewNoteIntent"))
        #expect(top("اعرض ملاحظات في دفتري", "ar") == (.match, "ShowNotesIntent"))
        let v = Normalizer.forLocale("ar").spellingVariants(of: "الغداء").map(\.text)
        #expect(v.contains("للغداء") && v.contains("غداء") && v.contains("بالغداء"))
    }

    @Test func koreanRequestEndings() {
        #expect(top("메모장에서 새 메모 만들어줘요", "ko") == (.match, "NewNoteIntent"))
        #expect(top("메모장에서 메모 목록 보여 주세요", "ko") == (.match, "ShowNotesIntent"))
        // A one-syllable stem: the request ending dropped ("켜" for "켜줘").
        #expect(Normalizer.forLocale("ko").spellingVariants(of: "켜줘").map(\.text).contains("켜"))
    }

    @Test func hindiVerbEndings() {
        #expect(top("नोटबुक में नया नोट बनाइए", "hi") == (.match, "NewNoteIntent"))
        // The infinitive said as a polite request, and the oblique form of a noun.
        #expect(top("नोटबुक में नया नोट बनाना", "hi") == (.match, "NewNoteIntent"))
        #expect(Normalizer.forLocale("hi").spellingVariants(of: "खाना").map(\.text).contains("खाने"))
        #expect(top("नोटबुक में सारे नोट्स दिखाइए", "hi") == (.match, "ShowNotesIntent"))
    }

    /// Locales without these profile fields have no spelling variants.
    @Test func otherLocalesUnchanged() {
        for l in ["en", "fr", "de", "es", "ja", "zh-Hans"] {
            #expect(Normalizer.forLocale(l).spellingVariants(of: "test").isEmpty)
        }
    }
}
