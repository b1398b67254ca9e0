import Foundation
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

/// `--locale` follows one rule in every command (docs/cli.md, "Locales"): a malformed tag and a
/// tag no loaded catalog has phrases in are each one line and exit 2, the same in every command;
/// tags compare case-insensitively; a tag falls back as the matcher does (en-GB → en).
@Suite struct LocaleOptionTests {
    static let plants = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/examples/plants.catalog.json").path

    /// A catalog in en and zh-CN (a region-tagged locale, to check case-insensitive tags).
    static let zhCatalog = #"""
    {"developmentLocale":"en","locales":["en","zh-CN"],"app":{"id":"com.example.tea","name":{"en":"Teapot","zh-CN":"茶壶"}},
     "shortcuts":[{"intent":"BrewIntent","shortTitle":"Brew","systemImageName":"cup.and.saucer",
                   "phrases":{"en":["Brew tea in ${applicationName}"],"zh-CN":["用${applicationName}泡茶"]}}]}
    """#

    /// Each command with `--locale`, with what else it needs to get as far as reading it.
    static func commands(_ catalog: String, _ corpus: String) -> [[String]] {
        [["match", "--catalog", catalog, "water basil in leafy"],
         ["eval", "--catalog", catalog, corpus],
         ["eval", "--catalog", catalog, "--stream"],
         ["expand", "--catalog", catalog],
         ["synth", "--catalog", catalog],
         ["collisions", "--catalog", catalog],
         ["vectors", "--catalog", catalog],
         ["repl", "--catalog", catalog, "--no-semantic"]]
    }

    @Test func aLocaleNoCatalogHasIsOneErrorEverywhere() throws {
        let corpus = try tempFile("c.jsonl", #"{"text": "water basil in leafy", "expect": null}"# + "\n")
        for cmd in Self.commands(Self.plants, corpus) {
            let (code, out, err) = runCLI(cmd + ["--locale", "de"], stdin: ["water basil in leafy"])
            #expect(code == 2, "\(cmd[0]): exit \(code)")
            #expect(err.hasPrefix("phrasematch \(cmd[0]): no loaded catalog has phrases in locale 'de' (their locales: en, fr)\n"), "\(cmd[0]): \(err)")
            #expect(out.isEmpty, "\(cmd[0])")
        }
    }

    @Test(arguments: ["klingon", "en_US", "e", "fr-", "123"])
    func aMalformedTagIsOneErrorEverywhere(tag: String) throws {
        let corpus = try tempFile("c.jsonl", #"{"text": "water basil in leafy", "expect": null}"# + "\n")
        for cmd in Self.commands(Self.plants, corpus) + [["normalize", "Ouvre l'école"]] {
            let (code, out, err) = runCLI(cmd + ["--locale", tag], stdin: ["water basil in leafy"])
            #expect(code == 2, "\(cmd[0]) \(tag): exit \(code)")
            #expect(err.hasPrefix("phrasematch \(cmd[0]): '\(tag)' is not a locale identifier (BCP 47, such as en, fr-CA, zh-Hans)"), "\(cmd[0]): \(err)")
            #expect(out.isEmpty, "\(cmd[0])")
        }
        if tag == "en_US" {
            #expect(runCLI(["match", "--catalog", Self.plants, "--locale", tag, "x"]).2.contains("did you mean 'en-US'?"))
        }
    }

    @Test func tagsCompareCaseInsensitively() throws {
        let cat = try tempFile("tea.json", Self.zhCatalog)
        let (code, out, _) = runCLI(["expand", "--catalog", cat, "--locale", "zh-cn"])
        #expect(code == 0)
        #expect(out.contains("zh-CN: 1 phrase,"), "\(out)")
        #expect(out.contains("用茶壶泡茶"))
        let (mc, mo, _) = runCLI(["match", "--catalog", cat, "--locale", "ZH-cn", "--format", "json", "用茶壶泡茶"])
        #expect(mc == 0)
        #expect(mo.contains("\"locale\": \"zh-CN\""), "\(mo)")
        let (sc, so, _) = runCLI(["synth", "--catalog", cat, "--locale", "zh-cn"])
        #expect(sc == 0 && so.contains("\"locale\": \"zh-CN\""))
        #expect(LocaleOption.canonical("zh-hans-cn") == "zh-Hans-CN")
        #expect(LocaleOption.canonical("EN-gb") == "en-GB")
    }

    /// A regional tag the catalog lacks reads the phrases it falls back to, as the matcher does.
    @Test func aTagFallsBackAsTheMatcherDoes() throws {
        let (code, out, _) = runCLI(["match", "--catalog", Self.plants, "--locale", "en-GB", "water basil in leafy"])
        #expect(code == 0, "\(out)")
        let (ec, eo, _) = runCLI(["expand", "--catalog", Self.plants, "--locale", "fr-CA"])
        #expect(ec == 0 && eo.contains("fr: "), "\(eo)")
        #expect(!eo.contains("0 phrases"))
    }

    /// The REPL's `:locale` follows the same rule, prints the same message and stays in the
    /// session, in the locale it was in.
    @Test func replLocaleCommand() throws {
        let cat = try CatalogLoader.load(path: Self.plants)
        let s = ReplSession(catalogPaths: [Self.plants], catalogs: [cat], locale: nil, color: false, usedSamples: false)
        var (out, quit) = s.handle(":locale de")
        #expect(!quit)
        #expect(out == "error: no loaded catalog has phrases in locale 'de' (their locales: en, fr); still matching in en\n")
        #expect(s.locale == "en")
        (out, quit) = s.handle(":locale en_US")
        #expect(out.hasPrefix("error: 'en_US' is not a locale identifier") && !quit)
        #expect(s.locale == "en")
        (out, _) = s.handle(":locale FR")
        #expect(out == "locale: fr\n")
        #expect(s.prompt == "phrasematch[fr]> ")
        (out, _) = s.handle(":locale fr-ca")
        #expect(out == "locale: fr-CA (phrases of fr)\n")
    }
}
