import Foundation
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

/// What a newcomer meets first in the REPL: `:apps` lists the apps of the current locale first,
/// `:lint` ends with the `lint` command's count line, `:collisions` shows progress while it runs.
@Suite struct ReplFirstContactTests {
    /// An app with phrases in German only, loaded before the English one.
    static let germanOnly = #"""
    {"developmentLocale":"de","locales":["de"],"app":{"id":"com.example.aaa","name":"Wecker"},
     "shortcuts":[{"intent":"WakeIntent","shortTitle":"Wecken","systemImageName":"alarm","phrases":{"de":["Weck mich mit ${applicationName}"]}}]}
    """#

    @Test func appsListsTheCurrentLocalesAppsFirstAndCountsTheOthers() throws {
        let de = try tempFile("aaa.json", Self.germanOnly)
        let catalogs = [try CatalogLoader.load(path: de), try CatalogLoader.load(path: LocaleOptionTests.plants)]
        let s = ReplSession(catalogPaths: [de, LocaleOptionTests.plants], catalogs: catalogs, locale: "en", color: false, usedSamples: false)
        let (out, _) = s.handle(":apps")
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("com.example.plants: Leafy") == true, "\(out)")
        #expect(!out.contains("WakeIntent"))
        #expect(lines.last == "1 other app has no phrases in en (:locale ID to see them): com.example.aaa")
        // In German the other way round.
        _ = s.handle(":locale de")
        let (deOut, _) = s.handle(":apps")
        #expect(deOut.hasPrefix("com.example.aaa: Wecker\n  WakeIntent: 1 phrase template(s) in de\n"), "\(deOut)")
        #expect(deOut.hasSuffix("1 other app has no phrases in de (:locale ID to see them): com.example.plants\n"))
    }

    @Test func lintEndsWithTheCountLine() throws {
        let cat = try CatalogLoader.load(path: LocaleOptionTests.plants)
        let s = ReplSession(catalogPaths: [LocaleOptionTests.plants], catalogs: [cat], locale: nil, color: false, usedSamples: false)
        let (out, _) = s.handle(":lint")
        let count = LintCommand.countLine(Linter.lint([cat]), catalogs: 1)
        #expect(out.hasSuffix(count + "\n"), "\(out)")
        #expect(count.hasSuffix("in 1 catalog"))
    }

    /// On a terminal the REPL's `:collisions` draws the progress line of the other long commands
    /// on standard error (erased at the end); standard output is the same.
    @Test func collisionsShowsProgress() throws {
        func run(terminal: Bool) -> (out: String, err: String) {
            let buf = CaptureBuffer()
            var lines = [":collisions"][...]
            let ctx = CLIContext(stderrIsTerminal: terminal, readLine: { lines.popFirst() },
                                 out: { buf.stdout += $0 }, err: { buf.stderr += $0 })
            ctx.progressDelay = 0
            _ = PhraseMatchCLI.run(["repl", "--catalog", LocaleOptionTests.plants, "--no-semantic"], context: ctx)
            return (buf.stdout, buf.stderr)
        }
        let tty = run(terminal: true), plain = run(terminal: false)
        #expect(tty.err.contains("collisions: ") && tty.err.contains("phrases heard"), "\(tty.err)")
        #expect(tty.err.hasSuffix("\r\u{1B}[K"))
        #expect(plain.err.isEmpty)
        #expect(tty.out == plain.out)
    }
}

/// The REPL starts with the index its locale needs and builds the others on a thread of their
/// own: the first utterance does not wait for thirty locales, and another locale still works.
@Suite struct ReplStartupTests {
    @Test func theFirstMatcherHasTheSessionsLocaleOnly() throws {
        let cat = try CatalogLoader.load(path: LocaleOptionTests.plants)
        let s = ReplSession(catalogPaths: [LocaleOptionTests.plants], catalogs: [cat], locale: nil, color: false, usedSamples: false)
        #expect(s.matcher.locales == ["en"])
        #expect(s.banner.contains("Locales: en, fr; matching in en."))
        let (en, _) = s.handle("water basil in leafy")
        let every = Matcher(catalogs: [cat])
        #expect(en == ResultText.render(every.match("water basil in leafy", locale: "en", options: { var o = every.options; o.limit = 3; o.explain = true; return o }()),
                                        explain: true, color: false))
        _ = s.handle(":locale fr")
        let (fr, _) = s.handle("rappels activés dans leafy")
        #expect(fr.contains("→ match"), "\(fr)")
        #expect(s.matcher.locales == ["en", "fr"])
    }
}
