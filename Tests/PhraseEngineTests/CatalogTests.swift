import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

@Suite struct CatalogTests {
    static let coffee = #"""
    {"format":"phrasematch-catalog","version":1,"developmentLocale":"en","locales":["en","fr"],
     "app":{"id":"com.example.coffee","name":{"en":"Bean Counter","fr":"Bean Counter"},
            "alternativeNames":[{"name":"BeanCo","pronunciationHint":"bean co"}]},
     "enums":{"Drink":{"cases":[
        {"rawValue":"latte","title":{"en":"Latte","fr":"Latte"},"synonyms":{"en":["cafe latte"]}},
        {"rawValue":"mocha","title":{"en":"Mocha","fr":"Moka"}}]}},
     "shortcuts":[
       {"intent":"OrderDrinkIntent","shortTitle":"Order","systemImageName":"cup.and.saucer",
        "parameters":{"drink":{"type":"Drink"}},
        "phrases":{"en":["Order a ${drink} with ${applicationName}","\\(.applicationName) order \\(\\.$drink)"],
                   "fr":["Commande un ${drink} avec ${applicationName}"]}},
       {"intent":"FindStoreIntent","shortTitle":"Find","systemImageName":"map",
        "phrases":{"en":["Find a store in ${applicationName}"],"fr":["Trouve un café avec ${applicationName}"]}}],
     "negativePhrases":{"en":["Delete ${applicationName}"]}}
    """#

    @Test func loadsAndExpands() throws {
        let c = try CatalogLoader.parse(Self.coffee, file: "coffee.json")
        #expect(c.shortcuts.count == 2)
        // en: 2 templates × (latte, cafe latte, mocha) × 2 names + 1 × 2 names
        #expect(Expansion.count(c, locale: "en") == 2 * 3 * 2 + 2)
        // fr: the en synonym "cafe latte" applies by the development-locale fallback.
        #expect(Expansion.count(c, locale: "fr") == 1 * 3 * 2 + 2)
        let ps = Expansion.phrases(c, locale: "en")
        #expect(ps.first?.text == "Order a Latte with Bean Counter")
        #expect(ps.contains { $0.text == "BeanCo order Mocha" && $0.parameters.first?.1 == .enumCase("mocha") })
        #expect(ps.map(\.ordinal) == Array(0..<ps.count))
    }

    @Test func swiftSpellingIsAccepted() {
        let (pieces, err) = CatalogLoader.parseTemplate("Open \\(\\.$section) in \\(.applicationName)")
        #expect(err == nil)
        #expect(pieces == [.text("Open "), .parameter("section"), .text(" in "), .appName])
        #expect(CatalogLoader.parseTemplate("Cost $$5 in ${applicationName}").pieces.first == .text("Cost $5 in "))
    }

    @Test func malformedCatalogsGiveErrorsWithPositions() {
        func errors(_ s: String) -> [Diagnostic] {
            do { _ = try CatalogLoader.parse(s, file: "bad.json"); return [] } catch { return error.diagnostics }
        }
        let syntax = errors("{\n  \"app\": {,\n}")
        #expect(syntax.first?.line == 2)
        let types = errors(#"{"app":{"id":"a","name":"A"},"shortcuts":[{"intent":"I","phrases":{"en":[42]}}]}"#)
        #expect(types.contains { $0.path == "shortcuts[0].phrases.en[0]" })
        let missing = errors(#"{"app":{"id":"a","name":"A"}}"#)
        #expect(missing.contains { $0.path == "shortcuts" })
        let dup = errors(#"{"app":{"id":"a","name":"A"},"shortcuts":[{"intent":"I","phrases":[]},{"intent":"I","phrases":[]}]}"#)
        #expect(dup.contains { $0.rule == "duplicate-id" })
        let unterminated = errors(#"{"app":{"id":"a","name":"A"},"shortcuts":[{"intent":"I","phrases":["Open ${x in ${applicationName}"]}]}"#)
        #expect(unterminated.contains { $0.rule == "malformed-template" })
        let locale = errors(#"{"app":{"id":"a","name":"A"},"shortcuts":[{"intent":"I","phrases":{"not a locale":["x ${applicationName}"]}}]}"#)
        #expect(locale.contains { $0.rule == "unknown-locale" })
        #expect(!errors("[").isEmpty)
        #expect(!errors(String(repeating: "[", count: 100_000)).isEmpty)
        #expect(!errors("\u{FEFF}{").isEmpty)
    }

    @Test func budgetTruncatesInOrder() throws {
        let opts = (1...600).map { "{\"id\":\"p\($0)\",\"title\":\"List \($0)\"}" }.joined(separator: ",")
        let json = #"{"app":{"id":"m","name":"Music","alternativeNames":["Tunes"]},"entities":{"P":{"options":["# + opts
            + #"]}},"shortcuts":[{"intent":"Play","parameters":{"p":"P"},"phrases":["Play ${p} in ${applicationName}"]}]}"#
        let c = try CatalogLoader.parse(json, file: "m.json")
        #expect(Expansion.count(c, locale: "en") == 1200)
        var cut: ExpandedPhrase?
        Expansion.forEach(c, locale: "en") { p in if p.ordinal == 1000 { cut = p; return false }; return true }
        #expect(cut?.text == "Play List 501 in Music")
    }

    /// The locale check over bytes says what the plain one over characters says, on random
    /// strings of the characters that matter (letters, digits, "-", other ASCII, non-ASCII).
    @Test func localeCheckAgreesWithThePlainOne() {
        func plain(_ s: String) -> Bool {
            let parts = s.split(separator: "-", omittingEmptySubsequences: false)
            guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
            for p in parts.dropFirst() {
                guard (1...8).contains(p.count), p.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return false }
            }
            return true
        }
        var rng = SplitMix(state: 4242)
        let alphabet: [Character] = ["a", "z", "A", "Z", "q", "0", "9", "-", "-", "_", "@", "[", "`", "{", " ", "é", "ß", "中", "\u{301}"]
        var valid = 0
        for _ in 0..<20_000 {
            let n = Int(rng.next() % 12)
            let s = String((0..<n).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
            #expect(CatalogLoader.isValidLocale(s) == plain(s), "\(s)")
            if plain(s) { valid += 1 }
        }
        for s in ["en", "zh-Hans", "pt-BR", "es-419", "sr-Latn-RS", "und", "e", "engl", "en-", "-en", "en--US", "en-toolongpart", "ja-JP-u-ca-japanese"] {
            #expect(CatalogLoader.isValidLocale(s) == plain(s), "\(s)")
        }
        #expect(valid > 0)
    }
}
