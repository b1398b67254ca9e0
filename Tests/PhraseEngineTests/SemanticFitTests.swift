import Foundation
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

/// The sentence encoder's fitted rule (`SemanticWeights`, issue 49): its evidence as features of
/// a fitted confidence, read by the matcher, written and read by the model file, and fitted by
/// `phrasematch fit` on the tune lines within their false accepts.
@Suite struct SemanticFitTests {
    static let root = SemanticTests.root
    let text = "hydrate the basil plant please over in leafy"

    /// A rule that runs the closest result only where the encoder's nearest shortcut is its own.
    static func agreeing(threshold: Double) -> SemanticWeights {
        var w = [Double](repeating: 0, count: SemanticWeights.features.count)
        w[SemanticWeights.features.firstIndex(of: "agrees") ?? 0] = 20
        return SemanticWeights(bias: -10, weights: w, threshold: threshold)
    }

    static func matcher(_ e: any SentenceEncoder, _ rule: SemanticWeights) throws -> Matcher {
        var o = MatchOptions()
        o.model.semantic = .never
        o.model.semantic.fitted = rule
        return Matcher(catalogs: [try CatalogLoader.load(path: SemanticTests.plants)], options: o, encoder: e)
    }

    @Test func aFittedRuleRunsARefusedResultAtItsConfidence() throws {
        let m = try Self.matcher(KeywordEncoder(), Self.agreeing(threshold: 0.9))
        var plain = m.options
        plain.semantic = false
        let lexical = m.match(text, locale: "en", options: plain)
        #expect(lexical.decision == .none)
        let r = m.match(text, locale: "en")
        #expect(r.decision == .match, "\(r.reason)")
        let p = 1 / (1 + exp(-10.0))
        guard case .meaningConfident(let c, let t) = r.why else { Issue.record("reason \(r.why)"); return }
        #expect(abs(c - p) < 1e-12 && t == 0.9)
        // The confidence it ran at is the answer's.
        #expect(r.confidence == c)
        #expect(r.reason.contains("with the meaning's evidence"))
        let ev = try #require(r.meaning)
        #expect(ev.confirmed && ev.agrees)
        #expect(r.top?.parameters.map(\.value) == lexical.results.first?.parameters.map(\.value))
        // The same evidence below the rule's threshold, or another shortcut nearest: refused.
        #expect(try Self.matcher(KeywordEncoder(), Self.agreeing(threshold: 0.99999)).match(text, locale: "en").decision == .none)
        let other = try Self.matcher(KeywordEncoder(swapped: true), Self.agreeing(threshold: 0.9)).match(text, locale: "en")
        #expect(other.decision == .none && other.meaning?.confirmed == false)
        // The box limits are not read when a fitted rule is there (they confirm nothing here).
        #expect(SemanticRule.never.fitted == nil)
    }

    /// The fit's bar (`Sample.ruleRuns`) is the verdict the matcher reaches at run time: a line
    /// the encoder reads runs by the meaning exactly where the sample says the rule runs it, with
    /// a fitted rule and with the limits alike.
    @Test func theFitReadsTheVerdictTheMatcherRuns() throws {
        let texts = [text, "hydrate the basil please", "hydrate leafy plant", "log care basil in leafy please now",
                     "water basil over in leafy please", "what is the weather", "hydrate the fern please in leafy"]
        let items = texts.enumerated().map { CorpusItem(text: $1, locale: "en", expect: nil, tags: [], file: "f", line: $0) }
        var limits = MatchOptions()
        limits.model.semantic = SemanticRule(named: .init(cosine: 0.5, margin: 0, score: 0), noApp: .init(cosine: 0.5, margin: 0, score: 0))
        let withLimits = Matcher(catalogs: [try CatalogLoader.load(path: SemanticTests.plants)], options: limits, encoder: KeywordEncoder())
        var read = 0, ran = 0
        let withLimitsSwapped = Matcher(catalogs: [try CatalogLoader.load(path: SemanticTests.plants)], options: limits,
                                        encoder: KeywordEncoder(swapped: true))
        // Limits no refused result's score reaches: read, never run.
        var strict = MatchOptions()
        strict.model.semantic = SemanticRule(named: .init(cosine: 0.5, margin: 0, score: 0.99), noApp: .init(cosine: 0.5, margin: 0, score: 0.99))
        let withStrictLimits = Matcher(catalogs: [try CatalogLoader.load(path: SemanticTests.plants)], options: strict, encoder: KeywordEncoder())
        var noProposals = Self.agreeing(threshold: 0.9)
        noProposals.weights[SemanticWeights.features.count - 1] = SemanticWeights.refusesProposals
        for m in [try Self.matcher(KeywordEncoder(), Self.agreeing(threshold: 0.9)), withLimits, withLimitsSwapped, withStrictLimits,
                  try Self.matcher(KeywordEncoder(swapped: true), Self.agreeing(threshold: 0.9)),
                  try Self.matcher(KeywordEncoder(swapped: true), noProposals)] {
            for (item, s) in zip(items, DecisionFit.samples(items, matcher: m, meaning: true)) where (s.meaning != nil || s.proposal != nil) && s.refusedNow {
                read += 1
                let r = m.match(item.text, locale: "en")
                #expect((r.decision == .match) == s.ruleRuns, "\(item.text): \(r.reason)")
                if s.ruleRuns { ran += 1 }
            }
        }
        // Both kinds are seen.
        #expect(ran > 0 && ran < read, "ran \(ran) of \(read)")
    }

    /// The encoder's proposal: where the search's closest result is another shortcut's, a fitted
    /// rule reads the nearest shortcut's own best phrase (its value bound by words) and runs it
    /// at its confidence; a rule fitted without proposals, and the limits, never do.
    @Test func aFittedRuleRunsTheEncodersProposal() throws {
        let text = "!hydrate my basil with feeding"
        let m = try Self.matcher(PointingEncoder(), Self.agreeing(threshold: 0.9))
        var plain = m.options
        plain.semantic = false
        let lexical = m.match(text, locale: "en", options: plain)
        #expect(lexical.decision == .none && lexical.results.first?.source.intent == "WaterPlantIntent", "\(lexical.reason)")
        let r = m.match(text, locale: "en")
        #expect(r.decision == .match, "\(r.reason)")
        #expect(r.top?.source.intent == "LogCareIntent")
        #expect(r.top?.parameters.first?.value.json.render() == "\"fertilizing\"")
        let e = try #require(r.meaning)
        #expect(e.proposed && !e.agrees && e.confirmed)
        #expect(e.line.contains("read as its own best phrase"))
        #expect(e.json.render().contains("\"proposed\": true"))
        // Without proposals: refused, the evidence says the nearest is not the closest.
        var none = Self.agreeing(threshold: 0.9)
        none.weights[SemanticWeights.features.count - 1] = SemanticWeights.refusesProposals
        #expect(!none.readsProposals)
        let refused = try Self.matcher(PointingEncoder(), none).match(text, locale: "en")
        #expect(refused.decision == .none && refused.meaning?.proposed == false && refused.meaning?.agrees == false)
        // The limits read no proposal.
        var o = MatchOptions()
        o.model.semantic = SemanticRule(named: .init(cosine: 0, margin: 0, score: 0), noApp: .init(cosine: 0, margin: 0, score: 0))
        let boxed = Matcher(catalogs: [try CatalogLoader.load(path: SemanticTests.plants)], options: o, encoder: PointingEncoder())
        #expect(boxed.match(text, locale: "en").decision == .none)
        // An utterance that shares no phrase's words is read by a proposal only.
        let alone = m.match("!feeding", locale: "en")
        let plainAlone = m.match("!zzz", locale: "en", options: plain)
        #expect(plainAlone.why == .noOverlap)
        #expect(alone.meaning != nil)
    }

    /// The no-overlap gate (`SemanticStage.noOverlapUnits`): an utterance that shares no phrase's
    /// words is read for a proposal only from two word units on. One unit ("zz", the million-line
    /// stream's) is never encoded, by the matcher or by the fit's reading; two are, once.
    @Test func aOneUnitUtteranceSharingNoWordIsNotEncoded() throws {
        let e = CountingEncoder(identity: "test/gate")
        let m = try Self.matcher(e, Self.agreeing(threshold: 0.9))
        #expect(m.options.model.semantic.readsProposals)
        #expect(m.prepareSemantic() > 0)
        var plain = m.options
        plain.semantic = false
        let before = e.count
        for one in ["zz", "Zz!", "qqqqqqqq"] {
            let lexical = m.match(one, locale: "en", options: plain)
            #expect(lexical.why == .noOverlap, "\(one): \(lexical.reason)")
            let r = m.match(one, locale: "en")
            #expect(r.decision == .none && r.why == .noOverlap && r.meaning == nil, "\(one): \(r.reason)")
            #expect(m.semanticReading(for: lexical) == nil)
        }
        #expect(e.count == before, "a one-unit line was encoded")
        let two = "zz qq"
        let lexical = m.match(two, locale: "en", options: plain)
        #expect(lexical.why == .noOverlap, "\(lexical.reason)")
        let r = m.match(two, locale: "en")
        #expect(r.meaning != nil, "\(r.reason)")
        #expect(e.count == before + 1)
        #expect(m.semanticReading(for: lexical) != nil)
        #expect(e.count == before + 2)
        // The limits read no proposal: not even two units sharing no word are encoded.
        var o = MatchOptions()
        o.model.semantic = SemanticRule(named: .init(cosine: 0, margin: 0, score: 0), noApp: .init(cosine: 0, margin: 0, score: 0))
        let limits = CountingEncoder(identity: "test/gate-limits")
        let boxed = Matcher(catalogs: [try CatalogLoader.load(path: SemanticTests.plants)], options: o, encoder: limits)
        boxed.prepareSemantic()
        let built = limits.count
        #expect(boxed.match(two, locale: "en").meaning == nil && limits.count == built)
    }

    @Test func theModelFileCarriesTheFittedRule() throws {
        var m = ScoreModel.standard
        m.semantic.fitted = Self.agreeing(threshold: 0.75)
        let text = m.json.render()
        #expect(text.contains("\"logistic\": {\"bias\": -10") && text.contains("\"meaningMarginAgrees\""))
        let back = try ScoreModel.parse(Array(text.utf8), file: "m.json")
        #expect(back.semantic == m.semantic)
        func error(_ t: String) -> String {
            do { _ = try ScoreModel.parse(Array(t.utf8), file: "m.json"); return "" } catch { return error.message }
        }
        #expect(error(text.replacingOccurrences(of: ", \"confidence\": 0.75", with: "")).contains("needs 'semantic.confidence'"))
        #expect(error(text.replacingOccurrences(of: "\"meaningMarginAgrees\"", with: "\"meaningMarginAgree\"")).contains("unknown key 'semantic.logistic.meaningMarginAgree'"))
        #expect(error(text.replacingOccurrences(of: ", \"cosineAgrees\": 0", with: "")).contains("'semantic.logistic.cosineAgrees' is missing"))
        let noLogistic = ScoreModel.standard.json.render().replacingOccurrences(of: "\"noAppScore\"", with: "\"confidence\": 0.5, \"noAppScore\"")
        #expect(error(noLogistic).contains("without 'semantic.logistic'"))
    }

    /// Refused lines with the encoder's evidence: the in-domain ones close in meaning, the
    /// out-of-domain ones less so, a few in-domain ones wrong. The rule runs the close ones and
    /// no out-of-domain line where no false accept is allowed.
    @Test func theFitRunsWhatTheTuneLinesAllow() throws {
        let n = SemanticWeights.features.count, cos = SemanticWeights.features.firstIndex(of: "cosine") ?? 0
        let agrees = SemanticWeights.features.firstIndex(of: "agrees") ?? 0
        func sample(_ k: Int, cosine: Double, right: Bool, ood: Bool) -> DecisionFit.Sample {
            var x = [Double](repeating: 0, count: n)
            x[0] = 0.4 + 0.001 * Double(k % 7)
            x[cos] = cosine + 0.0001 * Double(k % 5)
            x[agrees] = 1
            var s = DecisionFit.Sample(features: Array(x.prefix(DecisionWeights.features.count)), right: right, outOfDomain: ood,
                                       eligible: false, correctNow: ood, tune: true)
            s.refusedNow = true
            s.meaning = x
            return s
        }
        var samples: [DecisionFit.Sample] = []
        for k in 0..<60 { samples.append(sample(k, cosine: 0.95, right: true, ood: false)) }
        for k in 0..<60 { samples.append(sample(k, cosine: 0.80, right: false, ood: true)) }
        for k in 0..<10 { samples.append(sample(k, cosine: 0.86, right: false, ood: false)) }
        // Lines the encoder does not read: as decided now.
        for k in 0..<40 {
            var s = DecisionFit.Sample(features: [1], right: true, outOfDomain: false, eligible: false, correctNow: true, tune: true)
            s.weight = Double(1 + k % 2)
            samples.append(s)
        }
        let w = try #require(DecisionFit.fitSemantic(samples, maxFalseAccepts: 0))
        var ran = 0, fa = 0
        for s in samples { if let x = s.meaning, w.confidence(x) >= w.threshold { if s.outOfDomain { fa += 1 } else if s.right { ran += 1 } } }
        #expect(ran == 60 && fa == 0, "ran \(ran), false accepts \(fa) at \(w.threshold)")
        // The samples read with a rule that already runs exactly the right lines: nothing to
        // gain, it stays.
        func read(_ runs: (Double) -> Bool) -> [DecisionFit.Sample] {
            samples.map { s in
                var s = s
                s.ruleRuns = s.meaning.map { runs($0[cos]) } ?? false
                s.ruleRunsRight = s.ruleRuns && s.right
                return s
            }
        }
        #expect(DecisionFit.fitSemantic(read { $0 >= 0.9 }, maxFalseAccepts: 0) == nil)
        // A rule that runs every read line (the out-of-domain ones too): the fitted rule is better.
        #expect(DecisionFit.fitSemantic(read { _ in true }, maxFalseAccepts: 0) != nil)
        // Only out-of-domain lines, or only right ones, tell nothing: no rule.
        #expect(DecisionFit.fitSemantic(samples.filter(\.outOfDomain), maxFalseAccepts: 1) == nil)
        // No line runs more accurately (every read line is out of domain or wrong): no rule.
        #expect(DecisionFit.fitSemantic(samples.filter { $0.outOfDomain || !$0.right || $0.meaning == nil }, maxFalseAccepts: 1) == nil)
    }

    /// Proposals are read where the tune lines are better with them: lines with no closest
    /// result whose proposal is close in meaning and right are run; proposals no better than the
    /// out-of-domain lines' give a rule that never runs one.
    @Test func theFitReadsProposalsWhereTheyPay() throws {
        let n = SemanticWeights.features.count, cos = SemanticWeights.features.firstIndex(of: "cosine") ?? 0
        func line(_ k: Int, cosine: Double, right: Bool, ood: Bool, proposal: Bool) -> DecisionFit.Sample {
            var x = [Double](repeating: 0, count: n)
            x[0] = 0.2 + 0.001 * Double(k % 7)
            x[cos] = cosine + 0.0001 * Double(k % 5)
            x[SemanticWeights.features.firstIndex(of: "agrees") ?? 0] = 1
            var s = DecisionFit.Sample(features: [], right: false, outOfDomain: ood, eligible: false, correctNow: ood, tune: true)
            s.refusedNow = true
            if proposal {
                x[n - 1] = 1
                s.proposal = x
                s.proposalRight = right
            } else {
                s.meaning = x
                s.right = right
            }
            return s
        }
        var good: [DecisionFit.Sample] = []
        for k in 0..<40 { good.append(line(k, cosine: 0.95, right: true, ood: false, proposal: false)) }
        for k in 0..<40 { good.append(line(k, cosine: 0.95, right: true, ood: false, proposal: true)) }
        for k in 0..<60 { good.append(line(k, cosine: 0.80, right: false, ood: true, proposal: k % 2 == 0)) }
        for k in 0..<10 { good.append(line(k, cosine: 0.86, right: false, ood: false, proposal: k % 2 == 0)) }
        let with = DecisionFit.fitSemantic(good, maxFalseAccepts: 0)
        #expect(with?.readsProposals == true)
        // Proposals as close as the right lines but out of domain: none is read.
        var bad = good.filter { $0.proposal == nil }
        for k in 0..<40 { bad.append(line(k, cosine: 0.95, right: false, ood: true, proposal: true)) }
        let without = DecisionFit.fitSemantic(bad, maxFalseAccepts: 0)
        #expect(without?.readsProposals == false)
        #expect(without?.weights[n - 1] == SemanticWeights.refusesProposals)
    }

    /// `phrasematch fit` with the encoder: its rule is fitted on the refused tune lines and
    /// written; the same corpus gives the same file.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: SemanticTests.weights), "the encoder's weights are needed"))
    func fitWritesTheEncodersRule() throws {
        let catalog = Self.root.appendingPathComponent("Benchmarks/ha-intents/en/catalog.sparse.json").path
        let corpus = Self.root.appendingPathComponent("Benchmarks/ha-intents/en/corpus.named.jsonl").path
        let out = try tempFile("model.json", "")
        let (code, report, err) = runCLI(["fit", "--encoder", SemanticTests.weights, "--catalog", catalog, "--output", out, corpus])
        #expect(code == 0, "\(err)")
        // Named utterances only: the named side's rule (the no-app side reads none of them).
        #expect(report.contains("the meaning (sentence encoder) for results whose utterance named the app, on "), "\(report)")
        let model = try ScoreModel.load(path: out)
        let rule = try #require(model.semantic.namedFitted, "\(report)")
        // The no-app side reads none of them: it keeps the base model's (the bundled one's).
        #expect(model.semantic.noAppFitted == ScoreModel.standard.semantic.noAppFitted)
        #expect(rule.threshold > 0 && rule.threshold < 1)
        #expect(report.contains("meaning (named) weights: bias "))
        let again = try tempFile("model2.json", "")
        _ = runCLI(["fit", "--encoder", SemanticTests.weights, "--catalog", catalog, "--output", again, corpus])
        #expect(try String(contentsOfFile: again, encoding: .utf8) == String(contentsOfFile: out, encoding: .utf8))
    }

    /// `fit --meaning-only`: the base model's decision stays byte for byte; only the encoder's
    /// rule is fitted and written (here one for both sides, `--side shared`: `semantic.logistic`).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: SemanticTests.weights), "the encoder's weights are needed"))
    func fitMeaningOnlyKeepsTheDecision() throws {
        let catalog = Self.root.appendingPathComponent("Benchmarks/ha-intents/en/catalog.sparse.json").path
        let corpus = Self.root.appendingPathComponent("Benchmarks/ha-intents/en/corpus.named.jsonl").path
        let base = try tempFile("base.json", "")
        let (c0, _, e0) = runCLI(["fit", "--no-semantic", "--catalog", catalog, "--output", base, corpus])
        #expect(c0 == 0, "\(e0)")
        let out = try tempFile("meaning.json", "")
        let (code, report, err) = runCLI(["fit", "--meaning-only", "--side", "shared", "--model", base, "--encoder", SemanticTests.weights,
                                          "--catalog", catalog, "--output", out, corpus])
        #expect(code == 0, "\(err)")
        #expect(report.contains("the base model's decision (kept)"), "\(report)")
        func decision(_ path: String) throws -> NSDictionary {
            let o = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
            return try #require(o?["decision"] as? NSDictionary)
        }
        #expect(try decision(out) == decision(base))
        let fitted = try ScoreModel.load(path: out), before = try ScoreModel.load(path: base)
        #expect(fitted.logistic != nil && fitted.logistic == before.logistic)
        #expect(fitted.semantic.fitted != nil, "\(report)")
        #expect(report.contains("the meaning (sentence encoder), on ") && report.contains("meaning weights: bias "), "\(report)")
        #expect(before.semantic.fitted == nil)
    }

    @Test func meaningOnlyIsAUsageErrorWithCalibrateOrWithoutTheEncoder() throws {
        let out = try tempFile("never.json", "")
        for extra in [["--calibrate"], ["--no-semantic"]] {
            let (code, _, err) = runCLI(["fit", "--meaning-only", "--output", out] + extra + ["corpus.jsonl"])
            #expect(code == 2, "\(extra): \(err)")
            #expect(err.contains("--meaning-only"), "\(err)")
        }
    }
}

/// Points every utterance that starts with "!" at Log Care; phrases as `KeywordEncoder` does.
struct PointingEncoder: SentenceEncoder {
    let identity = "test/pointing"
    let dimension = 3
    func encode(_ text: String, locale: String) -> [Float] {
        text.hasPrefix("!") ? [0, 1, 0] : KeywordEncoder().encode(text, locale: locale)
    }
}
