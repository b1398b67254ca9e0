import Foundation
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

/// Real sentences per locale with the tokens a linguist expects, in
/// `Fixtures/Normalization/<locale>.json`:
///
/// ```
/// { "locale": "fr",
///   "notes": { "<text>": "why the expectation is what it is" },   (optional)
///   "cases": [ { "text": "Ouvre l’app", "tokens": ["ouvre", "l'", "app"],
///                "flags": { "l'": ["elision", "optional"], "ouvre": [] } } ] }
/// ```
///
/// `flags` is optional; each listed token (every occurrence of that text) must carry exactly
/// the listed flags, an empty list meaning none.
@Suite struct LocaleFixtureTests {
    struct Case: Decodable, Sendable {
        var text: String
        var tokens: [String]
        var flags: [String: [String]]?
    }

    struct Fixture: Decodable, Sendable {
        var locale: String
        var cases: [Case]
    }

    static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Normalization")

    /// The fixture files, by locale id.
    static let locales: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }()

    static func load(_ locale: String) throws -> Fixture {
        let data = try Data(contentsOf: directory.appendingPathComponent("\(locale).json"))
        return try JSONDecoder().decode(Fixture.self, from: data)
    }

    @Test func everyProfileHasAFixtureWithEightSentences() throws {
        let profiles = LocaleStore.shared.availableIdentifiers
        #expect(profiles.count == 33)
        for id in profiles {
            #expect(Self.locales.contains(id), "no fixture for profile \(id)")
            if Self.locales.contains(id) {
                let f = try Self.load(id)
                #expect(f.locale == id)
                #expect(f.cases.count >= 8, "\(id): only \(f.cases.count) sentences")
            }
        }
    }

    /// Every synonym group member takes effect: one token, not a filler, article or connector,
    /// and no group pairs a word with its opposite from a short list of command antonyms. A
    /// separable verb (`separablePrefixes`) is read as its prefix and verb: it takes effect
    /// through the verb's own group, and is left out of these checks.
    @Test(arguments: LocaleFixtureTests.locales)
    func synonymGroupsAreSingleContentWords(_ locale: String) throws {
        let n = Normalizer.forLocale(locale)
        let separable = Core.separableVerbs(n.profile)
        let groups = n.profile.synonyms.map { $0.filter { separable[$0.lowercased()] == nil } }.filter { $0.count > 1 }
        if ["ja", "zh-Hans", "zh-Hant", "zh-HK", "und"].contains(locale) { #expect(groups.isEmpty); return }
        #expect(groups.count >= 8, "\(locale): \(groups.count) synonym groups")
        #expect(n.synonymGroups.count == groups.count, "\(locale): a group lost members")
        for g in groups {
            for w in g {
                let t = n.normalize(w).tokens
                #expect(t.count == 1, "\(locale): synonym \"\(w)\" is \(t.count) tokens")
                if let tok = t.first {
                    #expect(tok.flags.isDisjoint(with: [.filler, .optional, .connector]), "\(locale): synonym \"\(w)\" is \(tok.flagNames)")
                }
            }
        }
        for g in n.profile.forms {
            for w in g where separable[w.lowercased()] == nil {
                let t = n.normalize(w).tokens
                #expect(t.count == 1, "\(locale): form \"\(w)\" is \(t.count) tokens")
                if let tok = t.first {
                    #expect(tok.flags.isDisjoint(with: [.filler, .optional, .connector]), "\(locale): form \"\(w)\" is \(tok.flagNames)")
                }
            }
        }
        if locale == "en" {
            let opposites = [("on", "off"), ("open", "close"), ("start", "stop"), ("show", "hide"), ("add", "delete"), ("like", "dislike")]
            for g in n.synonymGroups {
                for (a, b) in opposites { #expect(!(g.contains(a) && g.contains(b)), "\(a)/\(b) grouped") }
            }
        }
    }

    @Test(arguments: LocaleFixtureTests.locales)
    func sentencesNormalizeToTheExpectedTokens(_ locale: String) throws {
        let fixture = try Self.load(locale)
        let n = Normalizer.forLocale(locale)
        #expect(n.profile.id == locale, "\(locale) resolved to \(n.profile.id)")
        for c in fixture.cases {
            let got = n.normalize(c.text).tokens
            let words = got.map(\.text)
            #expect(words == c.tokens, """
                [\(locale)] "\(c.text)"
                  expected: \(c.tokens)
                  got:      \(words)
                """)
            for (word, want) in (c.flags ?? [:]).sorted(by: { $0.key < $1.key }) {
                let hits = got.filter { $0.text == word }
                #expect(!hits.isEmpty, "[\(locale)] \"\(c.text)\": no token \(word) in \(words)")
                for t in hits {
                    #expect(Set(t.flagNames) == Set(want), """
                        [\(locale)] "\(c.text)": token \(word)
                          expected flags: \(want.sorted())
                          got flags:      \(t.flagNames.sorted())
                          tokens: \(got.map { "\($0.text)\($0.flagNames.isEmpty ? "" : "/" + $0.flagNames.joined(separator: ","))" })
                        """)
                }
            }
            // Spans point into the original text, in order, and never outside it.
            let length = c.text.utf16.count
            for t in got {
                #expect(t.start >= 0 && t.start <= t.end && t.end <= length, "[\(locale)] \"\(c.text)\": bad span \(t.start)..<\(t.end) for \(t.text)")
            }
        }
    }

    // MARK: - Cross-locale properties

    @Test(arguments: ["en", "fr", "de", "es", "it", "pt-BR", "pt-PT", "nl", "ja", "zh-Hans", "zh-Hant", "zh-HK"])
    func numbersInBothDirections(_ locale: String) throws {
        let n = Normalizer.forLocale(locale)
        guard let sp = Spellout(locale: locale.replacingOccurrences(of: "-", with: "_")) else {
            Issue.record("no ICU spellout for \(locale)")
            return
        }
        let cardinal = sp.ruleSets.first { $0 == "%spellout-cardinal" || $0 == "%spellout-cardinal-masculine" }
            ?? "%spellout-numbering"
        // "3" ≡ spelled 3, 0…1000 (1 is an article in several languages and stays a word).
        for v in Array(0...1000) where v != 1 {
            guard let s = sp.format(v, ruleSet: cardinal) else { continue }
            let spelled = n.normalize(s).tokens.map(\.text)
            let digits = n.normalize(String(v)).tokens.map(\.text)
            #expect(spelled == digits, "[\(locale)] \(v): \"\(s)\" → \(spelled), digits → \(digits)")
            if spelled != digits { break }
        }
        if let ordinal = sp.ruleSets.first(where: { $0.hasPrefix("%spellout-ordinal") }) {
            for v in 1...100 {
                guard let s = sp.format(v, ruleSet: ordinal) else { continue }
                let spelled = n.normalize(s).tokens
                #expect(spelled.map(\.text) == ["\(v)."] && spelled.first?.flags == .ordinal,
                        "[\(locale)] ordinal \(v): \"\(s)\" → \(spelled.map(\.text))")
                if spelled.map(\.text) != ["\(v)."] { break }
            }
        }
    }

    @Test func curlyAndStraightApostrophesMeet() {
        let pairs: [(String, String, String)] = [
            ("en", "I don’t know Anna’s number", "I don't know Anna's number"),
            ("fr", "l’heure qu’il est", "l'heure qu'il est"),
            ("it", "dov’è l’auto", "dov'è l'auto"),
            ("ca", "l’alarma d’avui", "l'alarma d'avui"),
            ("tr", "Spotify’da", "Spotify'da"),
            ("uk", "п’ять", "п'ять"),
            ("nl", "m’n foto’s", "m'n foto's"),
            ("en", "rock‘n’roll ＇90s", "rock'n'roll '90s"),
        ]
        for (locale, a, b) in pairs {
            let n = Normalizer.forLocale(locale)
            #expect(n.normalize(a).tokens.map(\.text) == n.normalize(b).tokens.map(\.text), "[\(locale)] \(a) vs \(b)")
        }
    }

    @Test func fullWidthAndHalfWidthForms() {
        let n = Normalizer.forLocale("ja")
        // Full-width Latin and digits, half-width katakana.
        #expect(n.normalize("ＳＰＯＴＩＦＹで３曲").tokens.map(\.text) == n.normalize("Spotifyで3曲").tokens.map(\.text))
        #expect(n.normalize("ｱﾗｰﾑ").tokens.map(\.text) == ["アラーム"])
        #expect(Normalizer.forLocale("en").normalize("ｐｌａｙ　ｍｕｓｉｃ").tokens.map(\.text) == ["play", "music"])
    }

    @Test func turkishAndAzerbaijaniDottedI() {
        for l in ["tr", "az"] {
            let n = Normalizer.forLocale(l)
            #expect(n.normalize("İZMİR").tokens.map(\.text) == ["izmir"])
            #expect(n.normalize("ISPARTA").tokens.map(\.text) == ["ısparta"])
            #expect(n.normalize("ılık").tokens.map(\.text) != n.normalize("ilik").tokens.map(\.text))
        }
        // Other locales fold I to i.
        #expect(Normalizer.forLocale("de").normalize("ISPARTA").tokens.map(\.text) == ["isparta"])
    }

    @Test func hiraganaMeetsKatakana() {
        let n = Normalizer.forLocale("ja")
        for (h, k) in [("めーる", "メール"), ("あらーむ", "アラーム"), ("すぽてぃふぁい", "スポティファイ")] {
            #expect(n.normalize(h).tokens.map(\.text).joined() == n.normalize(k).tokens.map(\.text).joined(), "\(h) vs \(k)")
        }
    }

    @Test(arguments: ["zh-Hans", "zh-Hant", "zh-HK"])
    func traditionalMeetsSimplified(_ locale: String) {
        let n = Normalizer.forLocale(locale)
        for (t, s) in [("記錄", "记录"), ("設定鬧鐘", "设定闹钟"), ("打開應用程式", "打开应用程式"), ("發訊息給媽媽", "发讯息给妈妈")] {
            #expect(n.normalize(t).tokens.map(\.text) == n.normalize(s).tokens.map(\.text), "[\(locale)] \(t) vs \(s)")
        }
    }

    @Test func localeAliases() {
        let s = LocaleStore.shared
        #expect(s.resolve("pt").profile.id == "pt-BR")
        #expect(s.resolve("pt-AO").profile.id == "pt-PT")
        #expect(s.resolve("pt-MZ").profile.id == "pt-PT")
        #expect(s.resolve("no").profile.id == "nb")
        #expect(s.resolve("nn").profile.id == "nb")
        #expect(s.resolve("nn-NO").profile.id == "nb")
        #expect(s.resolve("iw").profile.id == "he")
        #expect(s.resolve("iw-IL").profile.id == "he")
        #expect(s.resolve("in").profile.id == "id")
        #expect(s.resolve("yue").profile.id == "zh-HK")
        #expect(s.resolve("yue-Hant").profile.id == "zh-HK")
        #expect(s.resolve("pt-BR").profile.id == "pt-BR")
        #expect(s.resolve("pt-PT").profile.id == "pt-PT")
        #expect(LocaleStore.fallbackChain("pt").last == "und")
    }

    @Test func elidedListEntriesMatchTheElisionToken() {
        for (l, text, word) in [("fr", "l'app", "l'"), ("fr", "d'abord", "d'"), ("it", "un'amica", "un'"),
                                ("it", "quell'app", "quell'"), ("ca", "l'alarma", "l'")] {
            let t = Normalizer.forLocale(l).normalize(text).tokens
            #expect(t.first?.text == word && t.first?.flags.contains(.optional) == true, "[\(l)] \(text): \(t.map(\.text))")
        }
    }

    // MARK: - Hostile input

    // A guard against hangs, not a speed check: a debug build normalizes the megabyte below in
    // about 80 s alone, and 33 locales run side by side (past 120 s on a loaded machine).
    @Test(.timeLimit(.minutes(5)), arguments: LocaleFixtureTests.locales)
    func hostileInputReturns(_ locale: String) {
        let n = Normalizer.forLocale(locale)
        #expect(n.normalize("").tokens.isEmpty)
        #expect(n.normalize(" \t\n\r\u{3000}\u{A0}\u{2028} ").tokens.isEmpty)
        #expect(n.normalize("\u{0}\u{1}\u{7}\u{1B}[31m\u{7F}\u{FFFE}\u{FFFF}\u{202E}\u{200B}\u{FEFF}").tokens.count <= 3)
        let odd = [
            String(repeating: "a\u{301}\u{302}\u{303}\u{304}", count: 500),   // stacked marks
            "👩‍👩‍👧‍👦🇫🇷🏳️‍🌈 \u{1F600}",                                          // emoji sequences
            "\u{D7FF}\u{E000}\u{F8FF}\u{10FFFF}",                             // private use, edges
            "ﷺ ﷽ ㍿ ㌀ ﬃ ǅ ẞ ΐ",                                               // long NFKC expansions
            "\u{0E01}\u{0E49}\u{0E49}\u{0E49}\u{0E49}",                       // Thai repeated tone marks
            "'''' ’’ 3. 1.º 第 ke- thứ",                                      // ordinal marks without numbers
            String(repeating: "1", count: 400),                              // a huge number
            "\u{0301}leading mark",
        ]
        for s in odd { _ = n.normalize(s) }
        // About 1 MB of mixed text.
        let chunk = "Play the 3rd song, l’app 第3 ３番目 Spotify'da niño 12345 ... "
        let big = String(repeating: chunk, count: 1_048_576 / chunk.utf8.count)
        let r = n.normalize(big)
        #expect(!r.tokens.isEmpty)
        #expect(r.tokens.allSatisfy { $0.start >= 0 && $0.end <= big.utf16.count })
    }
}
