import Foundation
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

/// `phrasematch fit`: a decision fitted to a corpus, checked on its held-out lines, refused when
/// worse, deterministic, and used by the matcher with its confidence.
@Suite struct FitTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let catalog = root.appendingPathComponent("Corpora/habits/catalog.json").path
    var corpora: [String] {
        ["en", "fr", "de"].map { FitTests.root.appendingPathComponent("Corpora/habits/corpus/\($0).jsonl").path }
    }
    /// Home Assistant's English sentences (Benchmarks/ha-intents): a corpus the fit helps.
    let haCatalog = root.appendingPathComponent("Benchmarks/ha-intents/en/catalog.full.json").path
    let haCorpus = root.appendingPathComponent("Benchmarks/ha-intents/en/corpus.named.jsonl").path

    @Test func fitsWritesAndIsDeterministic() throws {
        let out = try tempFile("model.json", "")
        let (code, report, err) = runCLI(["fit", "--no-semantic", "--catalog", haCatalog, "--output", out, haCorpus])
        #expect(code == 0, "\(err)")
        #expect(report.contains("held-out"))
        #expect(report.contains("confidence a result needs"))
        let first = try String(contentsOfFile: out, encoding: .utf8)
        let model = try ScoreModel.load(path: out)
        #expect(model.logistic != nil)
        #expect(model.confidenceThreshold > 0 && model.confidenceThreshold < 1)
        // The same corpus and catalog: the same bytes.
        let again = try tempFile("model2.json", "")
        _ = runCLI(["fit", "--no-semantic", "--catalog", haCatalog, "--output", again, haCorpus])
        #expect(try String(contentsOfFile: again, encoding: .utf8) == first)
    }

    @Test func theFittedDecisionDecidesAndShowsItsConfidence() throws {
        var m = ScoreModel.handSet
        // A decision that only the confidence can explain: everything runs at a score of 0.3.
        m.logistic = DecisionWeights(bias: -30, weights: [100] + Array(repeating: 0, count: DecisionWeights.features.count - 1))
        m.confidenceThreshold = 0.5
        var o = MatchOptions()
        o.model = m
        let c = try CatalogLoader.load(path: catalog)
        let r = Matcher(catalogs: [c], options: o).match("note my water in habit tracker", locale: "en")
        #expect(r.decision == .match)
        #expect((r.confidence ?? 0) > 0.99)
        #expect(r.json().render().contains("\"confidence\""))
        let plain = Matcher(catalogs: [c]).match("note my water in habit tracker", locale: "en")
        // The bundled model's calibration gives a confidence too, and decides nothing.
        #expect(plain.decision == .none && plain.confidence != nil)
        // Through a file and back.
        let back = try ScoreModel.parse(Array(m.json.render().utf8), file: "m.json")
        #expect(back.logistic == m.logistic && back.confidenceThreshold == 0.5)
    }

    /// Tune lines that reward running weak readings, held-out lines that punish it: the fitted
    /// decision is worse where it was not fitted, and nothing is written.
    @Test func aModelWorseOnTheHeldOutLinesIsRefused() throws {
        var lines: [String] = []
        // Enough lines of each split for the fit to be judged at all (DecisionFit.minimumLines).
        for k in 0..<(2 * DecisionFit.minimumLines() + 6) {
            let text = ["mute habit tracker reminders now please", "habit tracker reminders", "turn my reminders in habit tracker"][k % 3]
            // Line k+1: even lines expect the closest shortcut, odd lines expect nothing.
            let expect = (k + 1) % 2 == 0 ? "{\"intent\": \"SetRemindersIntent\"}" : "null"
            lines.append("{\"text\": \"\(text)\", \"locale\": \"en\", \"expect\": \(expect)}")
        }
        let corpus = try tempFile("adversarial.jsonl", lines.joined(separator: "\n") + "\n")
        let out = (corpus as NSString).deletingLastPathComponent + "/never.json"
        let (code, _, err) = runCLI(["fit", "--no-semantic", "--catalog", catalog, "--output", out, corpus])
        #expect(code == 1, "\(err)")
        #expect(err.contains("refused: the fitted decision is"), "\(err)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// Twenty lines (ten of each split) say nothing about a decision: the fit is refused before
    /// anything is matched, with the minimum and why, and nothing is written.
    @Test func aFitOnTooFewLinesIsRefused() throws {
        #expect(DecisionFit.minimumLines() == 93)
        #expect(DecisionFit.wilsonHalfWidth(0.5, n: 93) <= DecisionFit.maxHalfWidth)
        #expect(DecisionFit.wilsonHalfWidth(0.5, n: 92) > DecisionFit.maxHalfWidth)
        let en = try String(contentsOfFile: corpora[0], encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("{") }
        let corpus = try tempFile("tiny.jsonl", en.prefix(20).joined(separator: "\n") + "\n")
        let out = (corpus as NSString).deletingLastPathComponent + "/tiny-model.json"
        for extra in [[], ["--calibrate"]] {
            let (code, report, err) = runCLI(["fit", "--no-semantic", "--catalog", catalog, "--output", out] + extra + [corpus])
            #expect(code == 1, "\(extra): \(report)")
            #expect(err.contains("refused: 10 tune lines (even line numbers) and 10 held-out lines (odd) are too few; a fit needs at least 93 of each"), "\(err)")
            #expect(err.contains("95% Wilson interval") && err.contains("nothing written"))
            #expect(!report.contains("held-out fitted"))
            #expect(!FileManager.default.fileExists(atPath: out))
        }
    }

    /// What needs no data stays whatever a fitted decision says: an utterance that names no app
    /// runs only at the no-app threshold's score, and a negative phrase still refuses.
    @Test func aFittedDecisionKeepsTheGuardsThatNeedNoData() throws {
        let c = try CatalogLoader.load(path: catalog)
        var o = MatchOptions()
        o.model = ScoreModel.handSet
        // A confidence that always runs the best result, in place of the thresholds and beside them.
        o.model.logistic = DecisionWeights(bias: 30, weights: Array(repeating: 0, count: DecisionWeights.features.count))
        o.model.confidenceThreshold = 0.5
        for rescue in [false, true] {
            o.model.rescue = rescue
            let m = Matcher(catalogs: [c], options: o)
            let bare = m.match("note my water", locale: "en")
            #expect(bare.decision == .none, "rescue \(rescue): \(bare.reason)")
            if case .noAppBelowThreshold = bare.why {} else { Issue.record("expected the no-app threshold's refusal, got \(bare.why)") }
            #expect(m.match("delete habit tracker", locale: "en").decision == .none)
            // What names the app, or scores above the no-app threshold, is the confidence's to run.
            #expect(m.match("note my water in habit tracker", locale: "en").decision == .match)
            #expect(m.match("log water", locale: "en").decision == .match)
        }
    }

    /// A plan fits on several catalog sets at once: each group is matched with its own catalogs,
    /// the report shows every group and the pool, and a weight changes what the fit sees.
    @Test func aPlanFitsSeveralCatalogSets() throws {
        let dir = (try tempFile("plan-dir-marker", "") as NSString).deletingLastPathComponent
        let root = FitTests.root.path
        let plan = """
        {"format": "phrasematch-fit-plan", "groups": [
          {"name": "ha-en", "catalogs": ["\(haCatalog)"], "corpora": ["\(haCorpus)"]},
          {"name": "ha-de", "catalogs": ["\(root)/Benchmarks/ha-intents/de/catalog.full.json"], "corpora": ["\(root)/Benchmarks/ha-intents/de/corpus.named.jsonl"], "weight": 2}
        ]}
        """
        let planFile = dir + "/plan.json"
        try plan.write(toFile: planFile, atomically: true, encoding: .utf8)
        let out = dir + "/plan-model.json"
        let (code, report, err) = runCLI(["fit", "--no-semantic", "--plan", planFile, "--output", out])
        #expect(code == 0 || code == 1, "\(err)")
        #expect(report.contains("ha-en ") && report.contains("ha-de ") && report.contains("pooled "))
        #expect(report.contains("on the tune lines, weighted"))
        if code == 0 {
            let m = try ScoreModel.load(path: out)
            #expect(m.logistic != nil && m.source.contains("2 groups"))
        }
        // Relative paths are read from the plan's folder.
        let rel = dir + "/rel/plan.json"
        try FileManager.default.createDirectory(atPath: dir + "/rel", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: catalog, toPath: dir + "/rel/habits.json")
        try FileManager.default.copyItem(atPath: corpora[0], toPath: dir + "/rel/en.jsonl")
        try FileManager.default.copyItem(atPath: corpora[1], toPath: dir + "/rel/fr.jsonl")
        try #"{"format": "phrasematch-fit-plan", "groups": [{"name": "h", "catalogs": ["habits.json"], "corpora": ["en.jsonl", "fr.jsonl"]}]}"#
            .write(toFile: rel, atomically: true, encoding: .utf8)
        let (c2, r2, e2) = runCLI(["fit", "--no-semantic", "--plan", rel, "--output", dir + "/rel/model.json"])
        #expect(c2 == 0 || c2 == 1, "\(e2)")
        #expect(r2.contains("fit on"))
    }

    @Test func badPlansAreOneLineErrors() throws {
        func run(_ text: String) throws -> (Int32, String) {
            let f = try tempFile("bad-plan.json", text)
            let (code, _, err) = runCLI(["fit", "--plan", f, "--output", f + ".out"])
            return (code, err)
        }
        let noFormat = try run(#"{"groups": []}"#)
        #expect(noFormat.0 == 3 && noFormat.1.contains("bad-plan.json:1:1: a fit plan has \"format\""))
        let empty = try run(#"{"format": "phrasematch-fit-plan", "groups": []}"#)
        #expect(empty.0 == 3 && empty.1.contains("non-empty \"groups\""))
        let twice = try run(#"{"format": "phrasematch-fit-plan", "groups": [{"name": "a", "catalogs": ["x"], "corpora": ["y"]}, {"name": "a", "catalogs": ["x"], "corpora": ["y"]}]}"#)
        #expect(twice.0 != 0)
        let weight = try run("{\"format\": \"phrasematch-fit-plan\", \"groups\": [{\"name\": \"a\", \"catalogs\": [\"\(catalog)\"], \"corpora\": [\"\(corpora[0])\"], \"weight\": -1}]}")
        #expect(weight.0 == 3 && weight.1.contains("\"weight\" must be a number above 0"))
        let syntax = try run("{\"format\": ")
        #expect(syntax.0 == 3 && syntax.1.contains("bad-plan.json:1:"))
        // A plan with --catalog or corpora beside it is a usage error.
        #expect(runCLI(["fit", "--plan", "p.json", "--output", "o.json", corpora[0]]).0 == 2)
    }

    /// `decision.rescue`: the confidence only adds results; what the thresholds run still runs.
    @Test func aRescuingDecisionKeepsWhatTheThresholdsRun() throws {
        let c = try CatalogLoader.load(path: catalog)
        // A confidence that never reaches its threshold.
        var m = ScoreModel.handSet
        m.logistic = DecisionWeights(bias: -30, weights: Array(repeating: 0, count: DecisionWeights.features.count))
        m.confidenceThreshold = 0.5
        var o = MatchOptions()
        o.model = m
        let said = "log water in habit tracker"
        #expect(Matcher(catalogs: [c]).match(said, locale: "en").decision == .match)
        #expect(Matcher(catalogs: [c], options: o).match(said, locale: "en").decision == .none)
        o.model.rescue = true
        let r = Matcher(catalogs: [c], options: o).match(said, locale: "en")
        #expect(r.decision == .match)
        if case .matched = r.why {} else { Issue.record("expected the thresholds' reason, got \(r.why)") }
        // And one that always does: a weak reading runs by its confidence.
        o.model.logistic = DecisionWeights(bias: 30, weights: Array(repeating: 0, count: DecisionWeights.features.count))
        let weak = Matcher(catalogs: [c], options: o).match("note my water in habit tracker", locale: "en")
        #expect(weak.decision == .match)
        // The key goes through the file.
        let back = try ScoreModel.parse(Array(o.model.json.render().utf8), file: "m.json")
        #expect(back.rescue && back.logistic == o.model.logistic)
        #expect(throws: ScoreModel.LoadError.self) {
            try ScoreModel.parse(Array(o.model.json.render().replacingOccurrences(of: "\"rescue\": true", with: "\"rescue\": 1").utf8), file: "m.json")
        }
    }

    @Test func usageErrors() {
        #expect(runCLI(["fit", "--catalog", catalog] + corpora).0 == 2)
        #expect(runCLI(["fit", "--catalog", catalog, "--output", "/tmp/x.json"]).0 == 2)
        #expect(runCLI(["fit", "--catalog", catalog, "--output", "/tmp/x.json", "--max-false-accepts", "2"] + corpora).0 == 2)
    }

    @Test func logisticRegressionRecoversASeparatingDirection() {
        // y = 1 exactly when the score is above 0.5: the fit weighs the score up.
        var samples: [DecisionFit.Sample] = []
        for i in 0..<200 {
            let s = Double(i) / 200
            var x = [Double](repeating: 0, count: DecisionWeights.features.count)
            x[0] = s
            samples.append(.init(features: x, right: s > 0.5 || i % 17 == 0, outOfDomain: false, eligible: true, correctNow: false, tune: true))
        }
        let w = DecisionFit.fit(samples)
        #expect(w.weights[0] > 5)
        #expect(w.confidence([0.9] + Array(repeating: 0, count: DecisionWeights.features.count - 1)) > 0.8)
        #expect(w.confidence([0.1] + Array(repeating: 0, count: DecisionWeights.features.count - 1)) < 0.3)
    }
}
