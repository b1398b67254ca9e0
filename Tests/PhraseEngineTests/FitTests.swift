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
        let (code, report, err) = runCLI(["fit", "--catalog", haCatalog, "--output", out, haCorpus])
        #expect(code == 0, "\(err)")
        #expect(report.contains("held-out"))
        #expect(report.contains("confidence a result needs"))
        let first = try String(contentsOfFile: out, encoding: .utf8)
        let model = try ScoreModel.load(path: out)
        #expect(model.logistic != nil)
        #expect(model.confidenceThreshold > 0 && model.confidenceThreshold < 1)
        // The same corpus and catalog: the same bytes.
        let again = try tempFile("model2.json", "")
        _ = runCLI(["fit", "--catalog", haCatalog, "--output", again, haCorpus])
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
        let r = Matcher(catalogs: [c], options: o).match("log my mood in habit tracker", locale: "en")
        #expect(r.decision == .match)
        #expect((r.confidence ?? 0) > 0.99)
        #expect(r.json().render().contains("\"confidence\""))
        let plain = Matcher(catalogs: [c]).match("log my mood in habit tracker", locale: "en")
        #expect(plain.decision == .none && plain.confidence == nil)
        // Through a file and back.
        let back = try ScoreModel.parse(Array(m.json.render().utf8), file: "m.json")
        #expect(back.logistic == m.logistic && back.confidenceThreshold == 0.5)
    }

    /// Tune lines that reward running weak readings, held-out lines that punish it: the fitted
    /// decision is worse where it was not fitted, and nothing is written.
    @Test func aModelWorseOnTheHeldOutLinesIsRefused() throws {
        var lines: [String] = []
        for k in 0..<40 {
            let text = ["log my mood in habit tracker", "habit tracker reminders", "turn my reminders in habit tracker"][k % 3]
            // Line k+1: even lines expect the closest shortcut, odd lines expect nothing.
            let expect = (k + 1) % 2 == 0 ? "{\"intent\": \"SetRemindersIntent\"}" : "null"
            lines.append("{\"text\": \"\(text)\", \"locale\": \"en\", \"expect\": \(expect)}")
        }
        let corpus = try tempFile("adversarial.jsonl", lines.joined(separator: "\n") + "\n")
        let out = (corpus as NSString).deletingLastPathComponent + "/never.json"
        let (code, _, err) = runCLI(["fit", "--catalog", catalog, "--output", out, corpus])
        #expect(code == 1, "\(err)")
        #expect(err.contains("refused"))
        #expect(!FileManager.default.fileExists(atPath: out))
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
