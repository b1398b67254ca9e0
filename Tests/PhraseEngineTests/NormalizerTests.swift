import Foundation
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

@Suite struct NormalizerTests {
    func words(_ locale: String, _ text: String) -> [String] {
        Normalizer.forLocale(locale).normalize(text).tokens.map(\.text)
    }

    /// Many threads segmenting (ICU break iterators) and romanizing (ICU transliterators, each
    /// thread on a clone of its own) at once get what one thread gets: a fresh normalizer, so
    /// that no key comes from a cache.
    @Test func manyThreadsSegmentAndRomanizeAsOne() async {
        let base = ["今日の会議を確認して", "次の曲を再生して", "东京明天的天气怎么样", "สวัสดีครับวันนี้อากาศดี", "予約した会議室を見せて"]
        let texts = (0..<60).map { base[$0 % base.count] + String(repeating: "漢字", count: $0 % 4) + "\($0)" }
        for locale in ["ja", "zh-Hans", "th"] {
            let profile = Normalizer.forLocale(locale).profile
            func render(_ n: Normalizer, _ t: String) -> String {
                n.normalize(t).tokens.map { "\($0.text)/\($0.phonetic)/\($0.start)" }.joined(separator: " ")
            }
            let one = Normalizer(profile: profile)
            let expected = texts.map { render(one, $0) }
            #expect(expected.allSatisfy { !$0.isEmpty })
            let shared = Normalizer(profile: profile)
            await withTaskGroup(of: Bool.self) { g in
                for k in 0..<texts.count { g.addTask { render(shared, texts[k]) == expected[k] } }
                for await ok in g { #expect(ok, "\(locale)") }
            }
        }
    }

    @Test func englishBasics() {
        #expect(words("en", "Hey Siri, can you log water in Habit Tracker please") ==
                ["hey", "siri", "can", "you", "log", "water", "in", "habit", "tracker", "please"])
        #expect(words("en", "what's up") == ["what", "is", "up"])
        #expect(words("en", "I don’t know") == words("en", "I don't know"))
        #expect(words("en", "Anna's room") == ["annas", "room"])
        #expect(words("en", "upstairs, hallway") == words("en", "upstairs hallway"))
    }

    /// A Han word the dictionary segmenter glued to a filler, or made of two lexicon words, is
    /// read as its parts ("看一下" → "看" + the filler "一下"; "我在" → "我" + the connector "在");
    /// a word with only one lexicon part stays whole ("现在").
    @Test func hanWordsGluedToLexiconWords() {
        for locale in ["zh-Hans", "zh-Hant"] {
            let n = Normalizer.forLocale(locale)
            let r = n.normalize("帮我看一下清单").tokens
            #expect(r.map(\.text).suffix(3) == ["看", "一下", "清单"], "\(locale)")
            #expect(r.first { $0.text == "一下" }?.flags.contains(.filler) == true, "\(locale)")
            let s = n.normalize("我在家").tokens
            #expect(s.map(\.text) == ["我", "在", "家"], "\(locale)")
            #expect(s[1].flags.contains(.connector), "\(locale)")
            #expect(s[1].start == 1 && s[1].end == 2, "\(locale)")
            #expect(n.normalize("现在几点").tokens.map(\.text).first == "现在", "\(locale)")
        }
    }

    /// A wake word glued to the katakana word after it is one filler word, and the rest is
    /// segmented on its own; a word that merely begins like a short filler is left whole.
    /// ja/zh: a Han number and a counter the dictionary keeps as one word ("十枚", "十张") are the
    /// number and the counter, as "三十枚" already was; words that begin with "一" ("一起") or
    /// end in 分 ("十分", "very") stay whole (found by the held-out cards app).
    @Test func hanNumberGluedToACounter() {
        func toks(_ l: String, _ t: String) -> [String] { Normalizer.forLocale(l).normalize(t).tokens.map(\.text) }
        #expect(toks("zh-Hans", "十张") == ["10", "张"])
        #expect(toks("ja", "十枚") == ["10", "枚"])
        #expect(Normalizer.forLocale("zh-Hans").normalize("十张").tokens.first?.flags.contains(.number) == true)
        #expect(toks("zh-Hans", "一起") == ["一起"])
        #expect(toks("zh-Hans", "十分") == ["十分"])
    }

    /// Thousands written in groups or with a spelled multiplier are one number, as written whole:
    /// "10.000", "10 000", "10 mil" all read "10000"; "3.14" stays two numbers.
    @Test func thousandsInGroupsAreOneNumber() {
        func toks(_ l: String, _ t: String) -> [String] { Normalizer.forLocale(l).normalize(t).tokens.map(\.text) }
        #expect(toks("es", "10.000 pasos") == ["10000", "pasos"])
        #expect(toks("es", "10 mil pasos") == ["10000", "pasos"])
        #expect(toks("fr", "10 000 pas") == ["10000", "pas"])
        #expect(toks("en", "1,234,567 steps") == ["1234567", "steps"])
        #expect(toks("en", "room 3.14") == ["room", "3", "14"])
        #expect(toks("en", "after 10:00") == ["after", "10"])
        #expect(toks("en", "at 10:30") == ["at", "10", "30"])
        // Spelled thousands and the spelled rest are one number; digits said apart stay apart.
        #expect(toks("en", "two thousand five hundred steps") == ["2500", "steps"])
        #expect(toks("es", "dos mil quinientos pasos") == ["2500", "pasos"])
        #expect(toks("id", "empat ribu delapan ratus dua puluh satu") == ["4821"])
        #expect(toks("en", "2000 500 steps") == ["2000", "500", "steps"])
        #expect(toks("en", "two thousand 500 steps") == ["2000", "500", "steps"])
    }

    /// A profile's reading table: a missing file or a line without a tab is an error naming the
    /// file (and line); lines out of order are sorted; the longest word wins.
    @Test func readingTableFilesAndErrors() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pe-readings-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let profile = Array(#"{"id":"ja","phonetic":"romanize","readings":"r.tsv"}"#.utf8)
        #expect(throws: LocaleProfile.LoadError.self) { try LocaleProfile.parse(profile, file: "\(dir)/ja.json") }
        try "会議\tカイギ\n会\n".write(toFile: "\(dir)/r.tsv", atomically: true, encoding: .utf8)
        var message = ""
        do { _ = try LocaleProfile.parse(profile, file: "\(dir)/ja.json") } catch { message = "\(error)" }
        #expect(message.contains("r.tsv:2: expected word<TAB>reading"), "\(message)")
        let t = try ReadingTable(bytes: Array("日\tニチ\n会議\tカイギ\n今日\tキョウ\n会\tカイ\n".utf8), file: "t.tsv")
        #expect(t.count == 4 && t.maxLength == 2)
        #expect(t.read("今日の会議") == "キョウのカイギ")
        #expect(t.read("会日") == "カイニチ")
        #expect(t.read("タスク") == nil)
    }

    @Test func wakeWordGluedToKatakana() {
        let n = Normalizer.forLocale("ja")
        let r = n.normalize("ヘイシリアンペリーで充電を停止").tokens
        #expect(r.first?.text == "ヘイシリ" && r.first?.flags.contains(.filler) == true)
        #expect(r.first?.start == 0 && r.first?.end == 4)
        #expect(r.dropFirst().first?.start == 4)
        #expect(!r.contains { $0.text == "シリア" })
        let s = n.normalize("ヘイシリノートリーでメモを作って").tokens
        #expect(s.first?.text == "ヘイシリ" && s.first?.flags.contains(.filler) == true)
        #expect(n.normalize("シリーズを見せて").tokens.first?.text == "シリーズ")
        // The whole phrase matches again once the wake word is cut off.
        let charge = #"{"app":{"id":"c","name":{"ja":"アンペリー"}},"developmentLocale":"ja","shortcuts":[{"intent":"Stop","phrases":{"ja":["${applicationName}で充電を停止"]}}]}"#
        if let c = try? CatalogLoader.parse(charge, file: "c.json") {
            let m = Matcher(catalogs: [c])
            #expect((m.match("ヘイシリアンペリーで充電を停止", locale: "ja").top?.score ?? 0) > 0.9)
        } else {
            Issue.record("catalog did not parse")
        }
    }

    @Test func fillersAreMarkedNotDeleted() {
        let r = Normalizer.forLocale("en").normalize("please log water for me")
        #expect(r.tokens.map(\.text) == ["please", "log", "water", "for", "me"])
        #expect(r.tokens[0].flags.contains(.filler))
        #expect(!r.tokens[1].flags.contains(.filler))
    }

    /// Common polite requests are filler in each sample locale ("tu veux bien", "if you
    /// could", "sei so gut und", "me haces el favor de", "してほしい", "拜托").
    @Test func politeRequestsAreFiller() {
        // (locale, polite words, the request, whether the polite words come last)
        let cases: [(String, String, String, Bool)] = [
            ("en", "i'd love it if you could", "order a latte", false), ("en", "would you kindly", "order a latte", false),
            ("fr", "tu veux bien", "commence une liste", true), ("de", "sei so gut und", "starte eine liste", false),
            ("es", "me haces el favor de", "pedir un cafe", false), ("ja", "してほしい", "メモを表示", true),
            ("zh-Hans", "拜托", "暂停音乐", false),
        ]
        for (locale, polite, request, last) in cases {
            let n = Normalizer.forLocale(locale)
            let k = n.normalize(polite).tokens.count
            let tokens = n.normalize(last ? "\(request) \(polite)" : "\(polite) \(request)").tokens
            let politeTokens = last ? tokens.suffix(k) : tokens.prefix(k)
            #expect(k > 0 && politeTokens.allSatisfy { $0.flags.contains(.filler) }, "\(locale): \(polite)")
            #expect(tokens.contains { !$0.flags.contains(.filler) }, "\(locale): \(request)")
        }
    }

    /// Hesitations and polite openers and endings of Japanese and Chinese are filler.
    @Test func japaneseAndChineseHesitationsAreFiller() {
        let ja = Normalizer.forLocale("ja").normalize("すみません あー メモを表示してもらえますか")
        for t in ja.tokens where ["スミマセン", "アー", "モ", "ラ", "エ", "マス", "カ"].contains(t.text) {
            #expect(t.flags.contains(.filler), "\(t.text)")
        }
        #expect(ja.tokens.contains { $0.text == "メモ" && !$0.flags.contains(.filler) })
        let zh = Normalizer.forLocale("zh-Hans").normalize("呃 暂停音乐")
        #expect(zh.tokens.first?.flags.contains(.filler) == true)
    }

    /// Round thousands spelled out are numbers ("dos mil" is 2000), and so are digits with a Han
    /// power of ten ("1万歩" and "一万歩" are 10000 steps).
    @Test func thousandsAndHanPowersOfTen() {
        #expect(Normalizer.forLocale("es").normalize("dos mil").tokens.map(\.text) == ["2000"])
        for text in ["1万歩", "一万歩", "10000歩"] {
            let ja = Normalizer.forLocale("ja").normalize(text)
            #expect(ja.tokens.first?.text == "10000", "\(text)")
            #expect(ja.tokens.first?.flags.contains(.number) == true, "\(text)")
        }
        #expect(Normalizer.forLocale("zh-Hans").normalize("3千").tokens.map(\.text) == ["3000"])
    }

    /// German separable verbs of the profile's forms are read as the prefix and the verb, as the
    /// imperative says them ("weiterspielen" for "spiel … weiter"); other words stay whole.
    @Test func germanSeparableVerbs() {
        let de = Normalizer.forLocale("de")
        #expect(de.normalize("weiterspielen").tokens.map(\.text) == ["weiter", "spielen"])
        #expect(de.normalize("abzuspielen").tokens.map(\.text) == ["ab", "spielen"])
        #expect(de.normalize("abend").tokens.map(\.text) == ["abend"])
        #expect(de.normalize("bestellen").tokens.map(\.text) == ["bestellen"])
    }

    /// Japanese native counting words are numbers ("カフェラテをひとつ" orders one).
    @Test func japaneseNativeCountingWords() {
        let ja = Normalizer.forLocale("ja").normalize("カフェラテをひとつ 二つ")
        #expect(ja.tokens.filter { $0.flags.contains(.number) }.map(\.text) == ["1", "2"])
    }

    @Test func spansPointIntoTheOriginal() {
        let r = Normalizer.forLocale("fr").normalize("Ouvre l’école")
        #expect(r.tokens.map { r.source(of: $0) } == ["Ouvre", "l’", "école"])
        #expect(r.tokens.map(\.text) == ["ouvre", "l'", "ecole"])
    }

    @Test func numbersInBothDirections() {
        #expect(words("en", "three") == words("en", "3"))
        #expect(words("en", "twenty one") == ["21"])
        #expect(words("fr", "trois") == ["3"])
        #expect(words("de", "drei") == ["3"])
        #expect(words("en", "1st") == words("en", "first"))
        #expect(words("en", "007") == ["7"])
    }

    @Test func turkishDottedAndDotlessI() {
        #expect(words("tr", "İSTANBUL") == ["istanbul"])
        #expect(words("tr", "IRMAK") == ["ırmak"])
        #expect(words("en", "IRMAK") == ["irmak"])
    }

    @Test func germanUmlautsMeetTheirSpellings() {
        #expect(words("de", "Größe") == words("de", "groesse"))
    }

    @Test func widthAndAccents() {
        #expect(words("en", "ＡＢＣ") == ["abc"])
        #expect(words("fr", "café") == words("fr", "cafe"))
        #expect(words("es", "niño") != words("es", "nino"))
    }

    @Test func japaneseKanaAndSegmentation() {
        let n = Normalizer.forLocale("ja")
        // Hiragana and katakana meet; ICU may segment them differently (the matcher compares characters).
        #expect(n.normalize("コーヒー").tokens.map(\.text).joined() == n.normalize("こーひー").tokens.map(\.text).joined())
        #expect(n.normalize("こーひー").tokens.map(\.text).joined() == "コーヒー")
        #expect(n.normalize("水を記録して").tokens.count >= 2)
    }

    @Test func chineseTraditionalMeetsSimplified() {
        #expect(words("zh-Hans", "記錄") == words("zh-Hans", "记录"))
    }

    @Test func thaiIsSegmented() {
        #expect(words("th", "สวัสดีครับ").count >= 2)
    }

    @Test func unknownLocaleFallsBack() {
        let r = LocaleStore.shared.resolve("xx-YY")
        #expect(r.profile.id == "und")
        #expect(r.note != nil)
        #expect(LocaleStore.shared.resolve("en-GB").profile.id == "en")
        #expect(LocaleStore.shared.resolve("zh-TW").profile.id == "zh-Hant")
    }

    @Test func everyProfileLoads() {
        let ids = LocaleStore.shared.availableIdentifiers
        #expect(ids.count >= 28)
        for id in ids {
            let r = LocaleStore.shared.resolve(id)
            #expect(r.profile.id == id, "profile \(id) did not load")
        }
    }

    @Test func hostileInputReturns() {
        let n = Normalizer.forLocale("en")
        #expect(n.normalize("").tokens.isEmpty)
        #expect(n.normalize("   \t\n ").tokens.isEmpty)
        #expect(n.normalize("\u{0}\u{1}\u{7F}\u{FFFF}\u{202E}").tokens.count <= 2)
        let big = String(repeating: "word ", count: 200_000)
        #expect(n.normalize(big).tokens.count == 200_000)
        let odd = String(repeating: "e\u{301}\u{302}\u{303}", count: 1000) + "👩‍👩‍👧‍👦"
        _ = n.normalize(odd)
        _ = Normalizer.forLocale("ja").normalize(String(repeating: "あ", count: 100_000))
    }
}
