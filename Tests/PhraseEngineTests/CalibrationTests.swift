import Foundation
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

/// The confidence every result carries (`decision.calibration`, fitted by `fit --calibrate`) and
/// the reliability diagram of the eval report: it decides nothing, it is binned as documented,
/// and it reaches the text, json, markdown and html reports.
@Suite struct CalibrationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let catalog = root.appendingPathComponent("Corpora/habits/catalog.json").path
    let corpus = root.appendingPathComponent("Corpora/habits/corpus/en.jsonl").path
    /// Enough lines of each split for a fit (93, `DecisionFit.minimumLines`): en and fr.
    var fitCorpora: [String] { ["en", "fr"].map { Self.root.appendingPathComponent("Corpora/habits/corpus/\($0).jsonl").path } }

    static func prediction(_ confidence: Double?, right: Bool) -> Prediction {
        let item = CorpusItem(text: "x", locale: "en", expect: .init(app: nil, intent: "I", parameters: [:]), tags: [], file: "f", line: 1)
        var p = Prediction(item: item, locale: "en", decision: .match, got: nil, closest: nil, why: .noOverlap,
                           intentCorrect: false, exactCorrect: false, inTopK: false, correct: false, micros: 0)
        p.confidence = confidence
        p.bestRight = right
        return p
    }

    @Test func reliabilityBinsTheConfidenceAndWeighsTheGaps() throws {
        // Bin 0.9–1: 0.95 right, 0.95 wrong, 1.0 right; bin 0.2–0.3: 0.25 wrong; no confidence: left out.
        let ps = [Self.prediction(0.95, right: true), Self.prediction(0.95, right: false), Self.prediction(1.0, right: true),
                  Self.prediction(0.25, right: false), Self.prediction(nil, right: true)]
        let r = try #require(Reliability(ps))
        #expect(r.count == 4)
        #expect(r.bins.count == Reliability.binCount)
        #expect(r.bins[9].count == 3 && r.bins[2].count == 1 && r.bins.map(\.count).reduce(0, +) == 4)
        #expect(abs(r.bins[9].meanConfidence - (0.95 + 0.95 + 1.0) / 3) < 1e-12)
        #expect(abs(r.bins[9].accuracy - 2.0 / 3) < 1e-12)
        #expect(r.bins[2].accuracy == 0 && abs(r.bins[2].meanConfidence - 0.25) < 1e-12)
        let ece = 3.0 / 4 * abs(2.0 / 3 - 2.9 / 3) + 1.0 / 4 * 0.25
        #expect(abs(r.expectedCalibrationError - ece) < 1e-12)
        let brier = (0.05 * 0.05 + 0.95 * 0.95 + 0 + 0.25 * 0.25) / 4
        #expect(abs(r.brierScore - brier) < 1e-12)
        #expect(Reliability([Self.prediction(nil, right: true)]) == nil)
        #expect(r.json.render().contains("\"expectedCalibrationError\""))
    }

    @Test func theBundledCalibrationGivesAConfidenceAndDecidesNothing() throws {
        #expect(ScoreModel.standard.calibration != nil)
        #expect(ScoreModel.standard.logistic == nil)
        let c = try CatalogLoader.load(path: catalog)
        let (items, _) = CorpusReader.parse(try String(contentsOfFile: corpus, encoding: .utf8), file: corpus)
        let calibrated = Matcher(catalogs: [c])
        var o = MatchOptions()
        o.model.calibration = nil
        o.model.refusal = nil
        let uncalibrated = Matcher(catalogs: [c], options: o)
        for item in items {
            let a = calibrated.match(item.text, locale: "en"), b = uncalibrated.match(item.text, locale: "en")
            #expect(a.decision == b.decision && a.results.map(\.score) == b.results.map(\.score) && a.why.text == b.why.text, "\(item.text)")
            #expect(b.confidence == nil)
            if !a.results.isEmpty {
                let p = try #require(a.confidence, "\(item.text)")
                #expect(p > 0 && p < 1)
            }
        }
    }

    @Test func theConfidenceDoesNotDependOnHowManyResultsAreListed() throws {
        let c = try CatalogLoader.load(path: catalog)
        let m = Matcher(catalogs: [c])
        for text in ["log water in habits", "log my mood", "show my streak in habits", "habits"] {
            var one = m.options, five = m.options
            one.limit = 1
            five.limit = 5
            let a = m.match(text, locale: "en", options: one), b = m.match(text, locale: "en", options: five)
            #expect(a.confidence == b.confidence && a.decision == b.decision, "\(text)")
            #expect(a.results.count <= 1)
            // A negative phrase ("habits" reads two of them best) does not hide the second result.
            var exhaustive = one
            exhaustive.exhaustive = true
            exhaustive.limit = 2
            var two = one
            two.limit = 2
            let e = m.match(text, locale: "en", options: exhaustive), f = m.match(text, locale: "en", options: two)
            // (The exhaustive search reads no value the app does not have.)
            #expect(e.results.map(\.score) == f.readings.map(\.score) && e.decision == f.decision, "\(text)")
        }
    }

    /// The confidence is of the decision made (issue 51: "none … confidence 83.6%" read as "right
    /// but refused"): a result's is that it is the expected one (`decision.calibration`), a
    /// refusal's that nothing should run (`decision.refusal`), read from the closest result's
    /// features; a model without the refusal part gives a refusal none. The reliability diagram
    /// counts a refusal right when its line is out of domain.
    @Test func aRefusalsConfidenceIsThatNothingShouldRun() throws {
        let model = ScoreModel.standard
        let refusal = try #require(model.refusal), calibration = try #require(model.calibration)
        let c = try CatalogLoader.load(path: catalog)
        let (items, _) = CorpusReader.parse(try String(contentsOfFile: corpus, encoding: .utf8), file: corpus)
        var o = MatchOptions()
        o.semantic = false
        o.limit = 5
        let m = Matcher(catalogs: [c], options: o)
        var noRefusal = o
        noRefusal.model.refusal = nil
        let withoutRefusal = Matcher(catalogs: [c], options: noRefusal)
        var refusals = 0, results = 0
        for item in items {
            let r = m.match(item.text, locale: "en")
            let b = withoutRefusal.match(item.text, locale: "en")
            #expect(r.decision == b.decision && r.why.text == b.why.text, "\(item.text)")
            let real = r.readings
            guard !real.isEmpty else { continue }
            if r.decision == .none {
                refusals += 1
                let p = try #require(r.confidence, "\(item.text)")
                #expect(abs(p - (refusal.confidence(results: real) ?? -1)) < 1e-12, "\(item.text)")
                #expect(b.confidence == nil, "\(item.text)")
            } else {
                results += 1
                #expect(r.confidence == calibration.confidence(results: real), "\(item.text)")
                #expect(b.confidence == r.confidence, "\(item.text)")
            }
        }
        #expect(refusals > 10 && results > 10)
        // This corpus's refusals are all of lines no app takes: on average the refusal is
        // likely right (the closest result's chance of being right was what a refusal showed).
        var sum = 0.0
        for item in items where item.expect == nil {
            let r = m.match(item.text, locale: "en")
            if r.decision == .none, let p = r.confidence { sum += p - 0.5 }
        }
        #expect(sum > 0)
        // Reliability: a refusal is right when its line is out of domain.
        let ood = CorpusItem(text: "x", locale: "en", expect: nil, tags: [], file: "f", line: 1)
        var p = Prediction(item: ood, locale: "en", decision: .none, got: nil, closest: nil, why: .noOverlap,
                           intentCorrect: false, exactCorrect: false, inTopK: false, correct: true, micros: 0)
        p.confidence = 0.9
        let rel = try #require(Reliability([p]))
        #expect(rel.bins[9].accuracy == 1)
    }

    @Test func theCalibrationIsReadWrittenAndChecked() throws {
        var m = ScoreModel.handSet
        m.calibration = DecisionWeights(bias: -1, weights: Array(repeating: 0.5, count: DecisionWeights.features.count))
        m.refusal = DecisionWeights(bias: 2, weights: Array(repeating: -0.25, count: DecisionWeights.features.count))
        let back = try ScoreModel.parse(Array(m.json.render().utf8), file: "m.json")
        #expect(back.calibration == m.calibration && back.logistic == nil)
        #expect(back.refusal == m.refusal)
        #expect(back.confidenceModel == m.calibration)
        var bad = m.json.render()
        bad = bad.replacingOccurrences(of: "\"calibration\": {\"bias\": -1, ", with: "\"calibration\": {")
        #expect(throws: ScoreModel.LoadError.self) { try ScoreModel.parse(Array(bad.utf8), file: "m.json") }
        do {
            _ = try ScoreModel.parse(Array(bad.utf8), file: "m.json")
        } catch {
            #expect(error.message.contains("'decision.calibration.bias' is missing"), "\(error.message)")
        }
    }

    @Test func fitCalibrateKeepsTheDecisionAndWritesTheSameFile() throws {
        let out = try tempFile("calibrated.json", "")
        let (code, report, err) = runCLI(["fit", "--calibrate", "--catalog", catalog, "--output", out] + fitCorpora)
        #expect(code == 0, "\(err)")
        #expect(report.contains("the decision is the base model's"))
        #expect(report.contains("expected calibration error"))
        let model = try ScoreModel.load(path: out)
        #expect(model.calibration != nil && model.calibration != ScoreModel.standard.calibration)
        #expect(model.refusal != nil && model.refusal != ScoreModel.standard.refusal)
        #expect(report.contains("refusal weights: bias"))
        #expect(model.logistic == nil && model.threshold == ScoreModel.standard.threshold)
        let first = try String(contentsOfFile: out, encoding: .utf8)
        _ = runCLI(["fit", "--calibrate", "--catalog", catalog, "--output", out] + fitCorpora)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == first)
        // A base whose decision is fitted already has its confidence.
        var fitted = ScoreModel.handSet
        fitted.logistic = DecisionWeights(bias: 0, weights: Array(repeating: 0, count: DecisionWeights.features.count))
        let base = try tempFile("fitted.json", fitted.json.render())
        let (c2, _, e2) = runCLI(["fit", "--calibrate", "--model", base, "--catalog", catalog, "--output", out] + fitCorpora)
        #expect(c2 == 2 && e2.contains("--calibrate needs a model decided by its thresholds"), "\(e2)")
    }

    @Test func everyEvalReportShowsTheReliability() throws {
        for (format, mark) in [("json", "\"reliability\""), ("text", "Reliability ("), ("markdown", "expected calibration error"),
                               ("html", "aria-label=\"reliability diagram\"")] {
            let (code, out, err) = runCLI(["eval", "--catalog", catalog, "--format", format, "--stable", corpus])
            #expect(code == 0 || code == 1, "\(err)")
            #expect(out.contains(mark), "\(format)")
        }
        let (_, json, _) = runCLI(["eval", "--catalog", catalog, "--format", "json", "--stable", corpus])
        let o = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let rel = try #require(o?["reliability"] as? [String: Any])
        #expect((rel["bins"] as? [Any])?.count == 10)
        #expect((rel["lines"] as? Int ?? 0) > 0)
    }
}
