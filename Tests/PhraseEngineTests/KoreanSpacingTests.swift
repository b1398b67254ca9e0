import Foundation
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

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

    /// Requests asked as questions ("…해줄래", "…해줄 수 있어"): the ending "줄래" or "줄" in the
    /// place of "줘", and "수 있어" a filler. Without them both scored under the threshold.
    @Test func requestAskedAsAQuestion() {
        #expect(top("마음숲에서 지난 기록 보여줄래") == (.match, "HistoryIntent", nil))
        #expect(top("마음숲에서 아침 스트레칭 시작해줄 수 있어") == (.match, "StartIntent", "s2"))
        #expect(top("마음숲에서 아침 스트레칭 좀 시작해줄래요") == (.match, "StartIntent", "s2"))
    }

    /// Spaces where the catalog writes none: the words joined are the catalog's word.
    @Test func wordsSpacedApart() throws {
        let json = #"""
        {"developmentLocale":"ko","locales":["ko"],"app":{"id":"com.example.wash","name":"빨래왕"},
         "shortcuts":[{"intent":"PauseIntent","shortTitle":"Pause","systemImageName":"pause",
                       "phrases":["${applicationName}에서 세탁기 일시정지해줘"]},
                      {"intent":"StopIntent","shortTitle":"Stop","systemImageName":"stop",
                       "phrases":["${applicationName}에서 세탁기 정지"]}]}
        """#
        let m = Matcher(catalogs: [try CatalogLoader.parse(json, file: "wash.json")])
        for t in ["빨래왕에서 세탁기 일시 정지 해줘", "빨래왕에서 세탁기 일시정지 해줘", "빨래왕에서 세탁기 일시정지해줘"] {
            let r = m.match(t, locale: "ko")
            #expect(r.decision == .match && r.top?.intent == "PauseIntent", "\(t)")
        }
        // Words that are the catalog's words as said stay apart.
        let r = m.match("빨래왕에서 세탁기 정지", locale: "ko")
        #expect(r.decision == .match && r.top?.intent == "StopIntent")
    }

    /// A code said digit by digit in Sino-Korean syllables, written as one word ("일사" for 14).
    @Test func digitSyllables() throws {
        let json = #"""
        {"developmentLocale":"ko","locales":["ko"],"app":{"id":"com.example.park","name":"파르코"},
         "enums":{"Zone":{"cases":[{"rawValue":"z14","title":"14"},{"rawValue":"z23","title":"23"}]}},
         "shortcuts":[{"intent":"ParkIntent","shortTitle":"Park","systemImageName":"car",
                       "parameters":{"zone":{"type":"Zone"}},"phrases":["${applicationName}로 ${zone} 구역에 주차해줘"]}]}
        """#
        let m = Matcher(catalogs: [try CatalogLoader.parse(json, file: "park.json")])
        let r = m.match("파르코로 일사 구역에 주차해줘", locale: "ko")
        #expect(r.decision == .match && r.top?.parameters.first?.value.identity == "z14")
        // Digits the catalog has no number for stay a word ("이사", moving house, is no 24).
        #expect(m.match("파르코로 이사 구역에 주차해줘", locale: "ko").decision != .match)
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

/// Thai "ที่" is "at" as well as the ordinal mark ("ที่ 3", third).
@Suite struct OrdinalPrefixWordTests {
    @Test func prefixSaidAsAWord() throws {
        let json = #"""
        {"developmentLocale":"th","locales":["th"],"app":{"id":"com.example.wash","name":"ซักสบาย"},
         "enums":{"Temp":{"cases":[{"rawValue":"t60","title":"60 องศา"},{"rawValue":"t90","title":"90 องศา"}]}},
         "shortcuts":[{"intent":"TempIntent","shortTitle":"Temp","systemImageName":"thermometer",
                       "parameters":{"temp":{"type":"Temp"}},"phrases":["ใช้${applicationName}ซักที่${temp}"]},
                      {"intent":"SongIntent","shortTitle":"Song","systemImageName":"music.note",
                       "phrases":["เปิดเพลงที่ 3 ใน${applicationName}"]}]}
        """#
        let m = Matcher(catalogs: [try CatalogLoader.parse(json, file: "wash.json")])
        for t in ["ใช้ซักสบายซักที่ 90 องศา", "ใช้ซักสบายซักที่เก้าสิบองศา"] {
            let r = m.match(t, locale: "th")
            #expect(r.decision == .match && r.top?.parameters.first?.value.identity == "t90", "\(t)")
        }
        // Where the catalog says the ordinal, it stays one.
        let r = m.match("เปิดเพลงที่ 3 ในซักสบาย", locale: "th")
        #expect(r.decision == .match && r.top?.intent == "SongIntent")
    }
}

/// An app name in syllables heard one syllable off ("ヒトボ" for "ピトボ", "파코" for "파르코"),
/// but not a Han word that is part of the name ("寵物", pet, of "寵物窩").
@Suite struct SyllableAppNameTests {
    static func catalog(_ locale: String, _ name: String, _ phrase: String) -> String {
        #"""
        {"developmentLocale":"\#(locale)","locales":["\#(locale)"],"app":{"id":"com.example.pets","name":"\#(name)"},
         "shortcuts":[{"intent":"FeedIntent","shortTitle":"Feed","systemImageName":"fork.knife",
                       "phrases":["\#(phrase)"]}]}
        """#
    }

    @Test func nameOneSyllableOff() throws {
        let ja = Matcher(catalogs: [try CatalogLoader.parse(Self.catalog("ja", "ピトボ", "${applicationName}でごはんをあげて"), file: "p.json")])
        #expect(ja.match("ヒトボでごはんをあげて", locale: "ja").decision == .match)
        #expect(ja.match("ヒトボでごはんをあげて", locale: "ja").top?.appNamed == true)
        // A small kana is part of the syllable before it: "ウォ" for "ワ" is one syllable off.
        let worm = Matcher(catalogs: [try CatalogLoader.parse(Self.catalog("ja", "ブックワーム", "${applicationName}で記事を見せて"), file: "p.json")])
        #expect(worm.match("ブックウォームで記事を見せて", locale: "ja").top?.appNamed == true)
        let ko = Matcher(catalogs: [try CatalogLoader.parse(Self.catalog("ko", "파르코", "${applicationName}에서 내 차 찾아줘"), file: "p.json")])
        #expect(ko.match("파코에서 내 차 찾아줘", locale: "ko").decision == .match)
        #expect(ko.match("파코에서 내 차 찾아줘", locale: "ko").top?.appNamed == true)
    }

    @Test func hanWordOfTheNameIsNoName() throws {
        let m = Matcher(catalogs: [try CatalogLoader.parse(Self.catalog("zh-Hant", "寵物窩", "用${applicationName}餵寵物"), file: "p.json")])
        #expect(m.match("用寵物窩餵寵物", locale: "zh-Hant").top?.appNamed == true)
        let r = m.match("用寵物立方餵寵物", locale: "zh-Hant")
        #expect(r.results.allSatisfy { !$0.appNamed })
    }
}
