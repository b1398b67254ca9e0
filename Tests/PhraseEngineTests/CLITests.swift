import Foundation
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

@Suite struct CLITests {
    func run(_ args: [String], stdin: [String] = []) -> (Int32, String, String) { runCLI(args, stdin: stdin) }
    func temp(_ name: String, _ text: String) throws -> String { try tempFile(name, text) }

    @Test func helpAndUsage() {
        #expect(run(["--help"]).0 == 0)
        for c in PhraseMatchCLI.commands { #expect(run([c.name, "--help"]).0 == 0, "\(c.name) --help") }
        let (code, _, err) = run(["mtach"])
        #expect(code == 2)
        #expect(err.contains("did you mean 'match'"))
        #expect(run(["match", "--bogus"]).0 == 2)
    }

    @Test func normalizeJSON() {
        let (code, out, _) = run(["normalize", "--locale", "fr", "--format", "json", "Ouvre l'école, s'il te plaît"])
        #expect(code == 0)
        #expect(out.contains("\"text\": \"ecole\""))
    }

    @Test func matchAndExitCodes() throws {
        let cat = try temp("habits.json", MatcherTests.habits)
        let (code, out, _) = run(["match", "--catalog", cat, "--format", "json", "log water in habit tracker"])
        #expect(code == 0)
        #expect(out.contains("\"decision\": \"match\""))
        #expect(out.contains("\"habit\": \"h1\""))
        #expect(run(["match", "--catalog", cat, "what's the weather"]).0 == 1)
        let bad = try temp("bad.json", "{\"app\": 3}")
        let (c3, _, err) = run(["match", "--catalog", bad, "x"])
        #expect(c3 == 3)
        #expect(err.contains("bad.json"))
    }

    /// With `--explain`, an utterance that falls short shows its closest phrase and how each
    /// word aligned: what was extra, what was missing.
    @Test func explainShowsWhyNone() throws {
        let cat = try temp("habits.json", MatcherTests.habits)
        let (code, out, _) = run(["match", "--catalog", cat, "--explain", "log nothing but water crackers in habit tracker"])
        #expect(code == 1)
        #expect(out.contains("→ none"))
        #expect(out.contains("closest:"))
        #expect(out.contains("phrase: Log ${habit} in ${applicationName}"))
        #expect(out.contains("extra"))
        let (_, plain, _) = run(["match", "--catalog", cat, "log nothing but water crackers in habit tracker"])
        #expect(plain.contains("closest:") && !plain.contains("phrase:"))
    }

    /// `--result-window` widens (or narrows) the listed results; decisions stay the same.
    @Test func matchResultWindow() throws {
        let cat = try temp("habits.json", MatcherTests.habits)
        func results(_ extra: [String]) throws -> (String?, Int) {
            let (code, out, _) = run(["match", "--catalog", cat, "--format", "json", "--top", "5"] + extra + ["log my water streaks in habit tracker"])
            #expect(code == 0)
            let root = try JSONReader.parse(out)
            return (root["decision"]?.string, root["results"]?.array?.count ?? -1)
        }
        let (d0, n0) = try results([])
        let (d1, n1) = try results(["--result-window", "1"])
        let (d2, n2) = try results(["--result-window", "0"])
        #expect(d0 == "match" && d1 == "match" && d2 == "match")
        #expect(n1 > n0)
        #expect(n2 == 1)
        let (c, _, err) = run(["match", "--catalog", cat, "--result-window", "2", "x"])
        #expect(c == 2)
        #expect(err.contains("--result-window"))
    }

    @Test func evalMetricsAndThresholds() throws {
        let cat = try temp("habits.json", MatcherTests.habits)
        let corpus = try temp("c.jsonl", """
        {"text": "log water in habit tracker", "expect": {"intent": "LogHabitIntent", "parameters": {"habit": "h1"}}, "tags": ["clean"]}
        {"text": "show my streaks in habit tracker", "expect": {"intent": "ShowStreaksIntent"}, "tags": ["clean"]}
        {"text": "what's the weather", "expect": null, "tags": ["out-of-domain"]}
        {"text": "log run in habit tracker", "expect": {"intent": "LogHabitIntent", "parameters": {"habit": "h2"}}, "tags": ["wrong"]}
        not json
        """)
        let (code, out, err) = run(["eval", "--catalog", cat, "--format", "json", "--stable", corpus])
        #expect(code == 3)  // one bad line
        #expect(err.contains("c.jsonl:5"))
        let root = try JSONReader.parse(out)
        #expect(root["count"]?.number == 4)
        #expect(root["accuracy"]?.number == 0.75)
        #expect(root["exactAccuracy"]?.number == 2.0 / 3.0 || abs((root["exactAccuracy"]?.number ?? 0) - 0.6667) < 0.001)
        #expect(root["intentAccuracy"]?.number == 1)
        #expect(root["falseAcceptRate"]?.number == 0)
        let good = try temp("g.jsonl", """
        {"text": "log water in habit tracker", "expect": {"intent": "LogHabitIntent", "parameters": {"habit": "h1"}}}
        """)
        #expect(run(["eval", "--catalog", cat, "--min-accuracy", "0.9", good]).0 == 0)
        #expect(run(["eval", "--catalog", cat, "--min-accuracy", "0.9", corpus]).0 == 3)
        let wrong = try temp("w.jsonl", """
        {"text": "log run in habit tracker", "expect": {"intent": "LogHabitIntent", "parameters": {"habit": "h2"}}}
        """)
        #expect(run(["eval", "--catalog", cat, "--min-accuracy", "0.9", wrong]).0 == 1)
        let (_, junit, _) = run(["eval", "--catalog", cat, "--format", "junit", "--stable", good])
        #expect(junit.hasPrefix("<?xml"))
        #expect(junit.contains("<testcase"))
    }

    @Test func replThroughAPipe() throws {
        let cat = try temp("habits.json", MatcherTests.habits)
        let (code, out, _) = run(["repl", "--catalog", cat], stdin: [
            "log water in habit tracker", ":top 1", ":explain off", "show my streaks in habits", ":lcale", ":apps", ":phrases water", ":quit", "never read",
        ])
        #expect(code == 0)
        #expect(out.contains("→ match"))
        #expect(out.contains("LogHabitIntent habit=Water (h1)"))
        #expect(out.contains("did you mean :locale?"))
        #expect(out.contains("Log Water in Habit Tracker"))
        #expect(!out.contains("never read"))
        #expect(!out.contains("\u{1B}["))
    }

    @Test func replKeepsCatalogsWhenReloadFails() throws {
        let cat = try temp("habits.json", MatcherTests.habits)
        let s = ReplSession(catalogPaths: [cat], catalogs: [try CatalogLoader.load(path: cat)], locale: "en", color: false, usedSamples: false)
        try Data("{ broken".utf8).write(to: URL(fileURLWithPath: cat))
        let (out, _) = s.handle(":reload")
        #expect(out.contains("kept the previously loaded catalogs"))
        #expect(s.handle("log water in habit tracker").output.contains("→ match"))
    }
}
