import Foundation
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

/// The score model: one file of every number that shapes a score or a decision, loaded and
/// validated, and really the numbers the matcher uses.
@Suite struct ScoreModelTests {
    let habits = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Corpora/habits/catalog.json").path

    func values(_ m: ScoreModel) -> [String: Double] {
        Dictionary(uniqueKeysWithValues: ScoreModel.parameters.map { ("\($0.group).\($0.key)", $0.value(in: m)) })
    }

    @Test func bundledFileHoldsTheHandSetValues() throws {
        #expect(ScoreModel.standardError == nil)
        #expect(values(ScoreModel.standard) == values(ScoreModel.handSet))
        #expect(LocaleStore.shared.directory != nil)
    }

    @Test func everyParameterOnceAndTheFileRoundTrips() throws {
        let keys = ScoreModel.parameters.map { "\($0.group).\($0.key)" }
        #expect(Set(keys).count == keys.count)
        var m = ScoreModel.handSet
        m.unknownWordFactor = 0.5
        m.threshold = 0.55
        m.source = "a test"
        let back = try ScoreModel.parse(Array(m.json.render().utf8), file: "x.json")
        #expect(back == m)
    }

    /// A bad file names the file, line and column and what is wrong.
    @Test(arguments: [
        ("{\"similarity\": {\"form\": \"x\"}}", "'similarity.form' must be a number"),
        ("{\"similarity\": {\"shape\": 1}}", "unknown key 'similarity.shape'"),
        ("{\"weights\": {}}", "unknown key 'weights'"),
        ("{\"similarity\": {\"form\": 1.5}}", "must be in 0.0...1.0"),
        ("[1]", "a score model is an object"),
        ("{\"similarity\": ", "x.json:1:"),
        ("{}", "is missing"),
    ])
    func badFilesAreClearErrors(text: String, expected: String) {
        do {
            _ = try ScoreModel.parse(Array(text.utf8), file: "x.json")
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.message.hasPrefix("x.json:1:"), "\(error.message)")
            #expect(error.message.contains(expected), "\(error.message)")
        }
    }

    @Test func ordersTheMatcherReliesOnAreChecked() {
        var m = ScoreModel.handSet
        m.threshold = 0.2
        #expect(m.inconsistency?.contains("searchFloor") == true)
        #expect(ScoreModel.handSet.inconsistency == nil)
        // Through the loader, with a position.
        #expect(throws: ScoreModel.LoadError.self) { try ScoreModel.parse(Array(m.json.render().utf8), file: "y.json") }
    }

    /// A model whose insertion costs are in the opposite order: filler, function and connector
    /// words dearer than content words, an unknown word and a word inside a value cheaper. (The
    /// matcher once told a content word by its cost, `insertion >= insertion.content`, and the
    /// loader refused such a model.) It loads, every word keeps its class, and a filler word
    /// the catalog never says is no unknown word: the unknown-word factor does not touch the score.
    @Test func wordClassesDoNotDependOnTheOrderOfCosts() throws {
        var m = ScoreModel.handSet
        m.fillerInsertion = 0.7
        m.functionInsertion = 0.75
        m.connectorInsertion = 0.8
        m.unknownInsertion = 0.5
        m.contentSlotInsertion = 0.3
        #expect(m.inconsistency == nil)
        #expect(try ScoreModel.parse(Array(m.json.render().utf8), file: "z.json").fillerInsertion == 0.7)
        let catalog = try CatalogLoader.load(path: habits)
        var opts = MatchOptions()
        opts.model = m
        let matcher = Matcher(catalogs: [catalog], options: opts)
        let text = "please log the water zorblax in habits"
        let expected: [WordClass] = [.filler, .content, .function, .content, .unknown, .connector, .content]
        #expect(matcher.wordClasses(text, locale: "en", options: opts) == expected)
        #expect(matcher.wordClasses(text, locale: "en", options: MatchOptions()) == expected)
        // No word of "please log water in habits" is unknown, whatever the order of the costs.
        let known = "please log water in habits"
        var harsh = opts
        harsh.model.unknownWordFactor = 0.5
        let a = matcher.match(known, locale: "en").results.first?.score
        let b = Matcher(catalogs: [catalog], options: harsh).match(known, locale: "en").results.first?.score
        #expect(a != nil && a == b)
        #expect(matcher.wordClasses(known, locale: "en", options: opts)?.contains(.unknown) == false)
    }

    /// The matcher reads its numbers from the model: a decision threshold, a query-time penalty
    /// and an index-time weight each change what it does.
    @Test func theMatcherUsesTheModel() throws {
        let catalog = try CatalogLoader.load(path: habits)
        let utterance = "note my water in habit tracker"
        let standard = Matcher(catalogs: [catalog]).match(utterance, locale: "en")
        #expect(standard.decision == .none)
        var low = MatchOptions()
        low.model.threshold = 0.5
        #expect(Matcher(catalogs: [catalog], options: low).match(utterance, locale: "en").decision == .match)

        let named = "hey siri can you log my hydration in habits please"
        let base = Matcher(catalogs: [catalog]).match(named, locale: "en").results[0].score
        var penalty = MatchOptions()
        penalty.model.fillerInsertion = 0.01
        let cheaper = Matcher(catalogs: [catalog], options: penalty).match(named, locale: "en").results[0].score
        #expect(cheaper > base)
        var weight = MatchOptions()
        weight.model.parameterWeight = 4
        let heavier = Matcher(catalogs: [catalog], options: weight).match("water in habits", locale: "en")
        let plain = Matcher(catalogs: [catalog]).match("water in habits", locale: "en")
        #expect(heavier.results.first?.score != plain.results.first?.score)
    }

    @Test func theCLIReadsAModelFileAndReportsABadOne() throws {
        var m = ScoreModel.handSet
        m.threshold = 0.5
        let good = try tempFile("model.json", m.json.render())
        let (code, out, _) = runCLI(["match", "--catalog", habits, "--model", good, "note my water in habit tracker"])
        #expect(code == 0)
        #expect(out.contains("→ match"))
        let (c2, out2, _) = runCLI(["match", "--catalog", habits, "note my water in habit tracker"])
        #expect(c2 == 1)
        #expect(out2.contains("→ none"))
        let bad = try tempFile("bad.json", "{\"decision\": {\"threshold\": -1}}")
        for cmd in ["match", "eval", "repl"] {
            let (c, _, err) = runCLI([cmd, "--catalog", habits, "--model", bad] + (cmd == "eval" ? ["x.jsonl"] : cmd == "match" ? ["x"] : []))
            #expect(c == 3, "\(cmd)")
            #expect(err.contains("bad.json:1:"), "\(cmd): \(err)")
        }
        let (h, help, _) = runCLI(["eval", "--help"])
        #expect(h == 0 && help.contains("--model FILE"))
    }
}
