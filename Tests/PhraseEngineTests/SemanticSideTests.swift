import Foundation
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

/// A fitted rule of the sentence encoder per side (issue 49): one for results whose utterance
/// named the app (`semantic.namedLogistic`), one for those naming none (`semantic.noAppLogistic`),
/// each side keeping its limits where it has none; written and read by the model file, read by
/// the matcher, fitted by `phrasematch fit` each on its own lines.
@Suite struct SemanticSideTests {
    let named = "hydrate the basil plant please over in leafy"
    let plain = "hydrate the basil plant please"

    static func matcher(_ rule: SemanticRule) throws -> Matcher {
        var o = MatchOptions()
        o.model.semantic = rule
        return Matcher(catalogs: [try CatalogLoader.load(path: SemanticTests.plants)], options: o, encoder: KeywordEncoder())
    }

    /// The bundled model with its limits alone (the bundled one has a fitted rule a side): the
    /// file tests add their own rules to it.
    static var limitsOnly: ScoreModel {
        var m = ScoreModel.standard
        m.semantic.namedFitted = nil
        m.semantic.noAppFitted = nil
        return m
    }

    /// Limits that confirm whatever the encoder agrees with.
    static let open = SemanticRule.Limits(cosine: 0, margin: 0, score: 0)
    static let shut = SemanticRule.Limits(cosine: 1, margin: 1, score: 1)

    @Test func theModelFileCarriesEachSidesRule() throws {
        func roundTrip(_ m: ScoreModel) throws -> (ScoreModel, String) {
            let text = m.json.render()
            return (try ScoreModel.parse(Array(text.utf8), file: "m.json"), text)
        }
        var m = Self.limitsOnly
        m.semantic.noAppFitted = SemanticFitTests.agreeing(threshold: 0.75)
        var (back, text) = try roundTrip(m)
        #expect(back.semantic == m.semantic && back.semantic.namedFitted == nil && back.semantic.fitted == nil)
        #expect(text.contains("\"noAppLogistic\": {\"bias\": -10") && text.contains("\"noAppConfidence\": 0.75"))
        #expect(!text.contains("\"logistic\"") && !text.contains("namedLogistic"))
        m.semantic.namedFitted = SemanticFitTests.agreeing(threshold: 0.6)
        (back, text) = try roundTrip(m)
        #expect(back.semantic == m.semantic && text.contains("\"namedConfidence\": 0.6") && text.contains("\"noAppConfidence\": 0.75"))
        // One rule both sides share is written as before the sides had their own.
        m.semantic.fitted = SemanticFitTests.agreeing(threshold: 0.7)
        (back, text) = try roundTrip(m)
        #expect(back.semantic == m.semantic && back.semantic.namedFitted == back.semantic.noAppFitted)
        #expect(text.contains("\"logistic\": {") && text.contains("\"confidence\": 0.7") && !text.contains("noAppLogistic"))
        // Errors name the key.
        var one = Self.limitsOnly
        one.semantic.noAppFitted = SemanticFitTests.agreeing(threshold: 0.75)
        let sideText = one.json.render()
        func error(_ t: String) -> String {
            do { _ = try ScoreModel.parse(Array(t.utf8), file: "m.json"); return "" } catch { return error.message }
        }
        #expect(error(sideText.replacingOccurrences(of: ", \"noAppConfidence\": 0.75", with: "")).contains("'semantic.noAppLogistic' needs 'semantic.noAppConfidence'"))
        #expect(error(sideText.replacingOccurrences(of: "\"noAppConfidence\": 0.75", with: "\"noAppConfidence\": 0.75, \"namedConfidence\": 0.5"))
            .contains("'semantic.namedConfidence' is given without 'semantic.namedLogistic'"))
        #expect(error(sideText.replacingOccurrences(of: "\"noAppConfidence\": 0.75", with: "\"noAppConfidence\": 1")).contains("'semantic.noAppConfidence' must be"))
        #expect(error(sideText.replacingOccurrences(of: "\"noAppLogistic\": {", with: "\"noAppLogistic\": {\"cosin\": 1, "))
            .contains("unknown key 'semantic.noAppLogistic.cosin'"))
        let both = sideText.replacingOccurrences(of: "\"noAppConfidence\": 0.75",
                                                 with: "\"noAppConfidence\": 0.75, \"confidence\": 0.5, \"logistic\": " + logisticObject())
        #expect(error(both).contains("'semantic.logistic' is one rule for both sides"), "\(error(both))")
        #expect(error(sideText.replacingOccurrences(of: "\"noAppLogistic\"", with: "\"noAppLogistics\"")).contains("unknown key 'semantic.noAppLogistics'"))
    }

    /// A rule's object as the file writes it.
    func logisticObject() -> String {
        var m = ScoreModel.standard
        m.semantic.fitted = SemanticFitTests.agreeing(threshold: 0.5)
        let t = m.json.render()
        guard let a = t.range(of: "\"logistic\": "), let b = t.range(of: "}", range: a.upperBound..<t.endIndex) else { return "{}" }
        return String(t[a.upperBound..<b.upperBound])
    }

    /// Each side reads its own rule: a fitted one where it has one, else its limits.
    @Test func aSideWithoutAFittedRuleKeepsItsLimits() throws {
        let words = try Self.matcher(.never)
        var plainOptions = words.options
        plainOptions.semantic = false
        let n = words.match(named, locale: "en", options: plainOptions), p = words.match(plain, locale: "en", options: plainOptions)
        #expect(n.decision == .none && n.results.first?.appNamed == true, "\(n.reason)")
        #expect(p.decision == .none && p.results.first?.appNamed == false, "\(p.reason)")
        let agreeing = SemanticFitTests.agreeing(threshold: 0.9)
        // The no-app side fitted, the named side's limits shut: only the utterance that names no app runs.
        var rule = SemanticRule(named: Self.shut, noApp: Self.shut)
        rule.noAppFitted = agreeing
        var m = try Self.matcher(rule)
        #expect(m.match(named, locale: "en").decision == .none)
        let ran = m.match(plain, locale: "en")
        #expect(ran.decision == .match, "\(ran.reason)")
        guard case .meaningConfident = ran.why else { Issue.record("\(ran.why)"); return }
        // The named side's limits open: it runs by them (no confidence), the no-app side by its rule.
        rule.named = Self.open
        m = try Self.matcher(rule)
        let byLimits = m.match(named, locale: "en")
        #expect(byLimits.decision == .match && byLimits.confidence == nil, "\(byLimits.reason)")
        guard case .meaning = byLimits.why else { Issue.record("\(byLimits.why)"); return }
        // The other way round: the named side fitted, the no-app side's limits shut.
        var other = SemanticRule(named: Self.shut, noApp: Self.shut)
        other.namedFitted = agreeing
        m = try Self.matcher(other)
        #expect(m.match(named, locale: "en").decision == .match)
        #expect(m.match(plain, locale: "en").decision == .none)
        // A side's fitted rule replaces its open limits: a threshold it does not reach refuses.
        other.noApp = Self.open
        other.noAppFitted = SemanticFitTests.agreeing(threshold: 0.99999)
        #expect(try Self.matcher(other).match(plain, locale: "en").decision == .none)
    }

    /// `fitSemanticSides`: each side fitted on its own lines; a side whose lines the rule the
    /// samples were read with already gets right keeps it (nil).
    @Test func theFitGivesEachSideItsOwnRule() throws {
        let n = SemanticWeights.features.count, cos = SemanticWeights.features.firstIndex(of: "cosine") ?? 0
        let agrees = SemanticWeights.features.firstIndex(of: "agrees") ?? 0
        func sample(_ k: Int, cosine: Double, right: Bool, ood: Bool, named: Bool) -> DecisionFit.Sample {
            var x = [Double](repeating: 0, count: n)
            x[0] = 0.4 + 0.001 * Double(k % 7)
            x[1] = named ? 1 : 0
            x[cos] = cosine + 0.0001 * Double(k % 5)
            x[agrees] = 1
            var s = DecisionFit.Sample(features: Array(x.prefix(DecisionWeights.features.count)), right: right, outOfDomain: ood,
                                       eligible: false, correctNow: ood, tune: true)
            s.refusedNow = true
            s.meaning = x
            s.meaningNamed = named
            return s
        }
        var samples: [DecisionFit.Sample] = []
        for named in [false, true] {
            for k in 0..<60 { samples.append(sample(k, cosine: 0.95, right: true, ood: false, named: named)) }
            for k in 0..<60 { samples.append(sample(k, cosine: 0.80, right: false, ood: true, named: named)) }
            for k in 0..<10 { samples.append(sample(k, cosine: 0.86, right: false, ood: false, named: named)) }
        }
        // Read with limits that run exactly the right named lines, and nothing of the no-app ones.
        let read = samples.map { s -> DecisionFit.Sample in
            var s = s
            s.ruleRuns = s.meaningNamed && (s.meaning?[cos] ?? 0) >= 0.9
            s.ruleRunsRight = s.ruleRuns && s.right
            return s
        }
        let sides = DecisionFit.fitSemanticSides(read, maxFalseAccepts: 0)
        let noApp = try #require(sides.noApp)
        #expect(sides.named == nil)
        var ran = 0, fa = 0
        for s in read where !s.meaningNamed {
            if let x = s.meaning, noApp.confidence(x) >= noApp.threshold { if s.outOfDomain { fa += 1 } else if s.right { ran += 1 } }
        }
        #expect(ran == 60 && fa == 0, "ran \(ran), false accepts \(fa)")
        // Read with no rule running anything: both sides get one; asked for one side, only it.
        let none = samples
        let both = DecisionFit.fitSemanticSides(none, maxFalseAccepts: 0)
        #expect(both.named != nil && both.noApp != nil)
        let onlyNamed = DecisionFit.fitSemanticSides(none, maxFalseAccepts: 0, noApp: false)
        #expect(onlyNamed.named != nil && onlyNamed.noApp == nil)
        // A side's rule never runs the other side's lines in its tally: the named side alone,
        // on samples with no named line, is nil.
        #expect(DecisionFit.fitSemantic(none.filter { !$0.meaningNamed }, maxFalseAccepts: 0, side: true) == nil)
    }

    /// `phrasematch fit --meaning-only` writes a rule per side (`--side`), each on its own lines,
    /// and reads `--side` strictly.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: SemanticTests.weights), "the encoder's weights are needed"))
    func fitWritesEachSidesRule() throws {
        let catalog = SemanticTests.root.appendingPathComponent("Benchmarks/ha-intents/en/catalog.sparse.json").path
        let corpora = ["corpus.named.jsonl", "corpus.plain.jsonl"].map { SemanticTests.root.appendingPathComponent("Benchmarks/ha-intents/en/\($0)").path }
        // A base model with the limits on both sides (the bundled one has a no-app rule).
        var limitsOnly = ScoreModel.standard
        limitsOnly.semantic.namedFitted = nil
        limitsOnly.semantic.noAppFitted = nil
        let base = try tempFile("limits.json", limitsOnly.json.render())
        let out = try tempFile("sides.json", "")
        let (code, report, err) = runCLI(["fit", "--meaning-only", "--model", base, "--encoder", SemanticTests.weights, "--catalog", catalog,
                                          "--output", out] + corpora)
        #expect(code == 0, "\(err)\n\(report)")
        #expect(report.contains("the meaning (sentence encoder) for results that name no app, on "), "\(report)")
        #expect(report.contains("the meaning (sentence encoder) for results whose utterance named the app, on "), "\(report)")
        let model = try ScoreModel.load(path: out)
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(model.semantic.isFitted && !text.contains("\"logistic\": {\"bias\""), "\(report)")
        #expect((model.semantic.noAppFitted != nil) == text.contains("\"noAppLogistic\""))
        #expect((model.semantic.namedFitted != nil) == text.contains("\"namedLogistic\""))
        // The bundled limits stay where a side has no rule.
        #expect(model.semantic.named == ScoreModel.standard.semantic.named && model.semantic.noApp == ScoreModel.standard.semantic.noApp)
        // One side only: the other keeps the base model's.
        let noAppOnly = try tempFile("noapp.json", "")
        let (c2, r2, e2) = runCLI(["fit", "--meaning-only", "--side", "no-app", "--model", base, "--encoder", SemanticTests.weights, "--catalog", catalog,
                                   "--output", noAppOnly] + corpora)
        if c2 == 0 {
            let m2 = try ScoreModel.load(path: noAppOnly)
            #expect(m2.semantic.namedFitted == nil && m2.semantic.noAppFitted == model.semantic.noAppFitted, "\(r2)")
        } else {
            #expect(model.semantic.noAppFitted == nil, "\(e2)")
        }
        #expect(!r2.contains("named the app, on"), "\(r2)")
        let (c3, _, e3) = runCLI(["fit", "--meaning-only", "--side", "left", "--output", out] + corpora)
        #expect(c3 == 2 && e3.contains("--side takes both, named, no-app or shared"), "\(e3)")
        let (c4, _, e4) = runCLI(["fit", "--calibrate", "--side", "named", "--output", out] + corpora)
        #expect(c4 == 2 && e4.contains("--side"), "\(e4)")
    }

    /// A shortcut the catalog gives one phrase in the locale is held to its side's one-phrase
    /// limits where the rule has them (`semantic.onePhrase…`), else to its side's; the evidence
    /// says so. Plants' "Water" has two en phrases; `oneWater` keeps only the first.
    @Test func aShortcutOfOnePhraseIsHeldToItsOwnLimits() throws {
        let text = try String(contentsOfFile: SemanticTests.plants, encoding: .utf8)
        let second = ",\n               \"Water \\\\(\\\\.$plant) in \\\\(.applicationName)\"]"
        #expect(text.contains(second))
        let oneWater = try CatalogLoader.parse(text.replacingOccurrences(of: second, with: "]"), file: "one.json")
        #expect(oneWater.shortcuts[0].templates(for: "en").count == 1)
        func matcher(_ c: Catalog, _ rule: SemanticRule) -> Matcher {
            var o = MatchOptions()
            o.model.semantic = rule
            return Matcher(catalogs: [c], options: o, encoder: KeywordEncoder())
        }
        let plants = try CatalogLoader.load(path: SemanticTests.plants)
        // The side's limits shut, its one-phrase limits open: only the shortcut of one phrase runs.
        var rule = SemanticRule(named: Self.shut, noApp: Self.shut)
        rule.onePhrase = Self.open
        rule.noAppOnePhrase = Self.open
        let ran = matcher(oneWater, rule).match(named, locale: "en"), ranPlain = matcher(oneWater, rule).match(plain, locale: "en")
        #expect(ran.decision == .match && ran.meaning?.onePhrase == true, "\(ran.reason)")
        #expect(ranPlain.decision == .match && ranPlain.meaning?.onePhrase == true, "\(ranPlain.reason)")
        #expect(ran.meaning?.line.contains("(the closest result's shortcut, its one phrase)") == true, "\(ran.meaning?.line ?? "")")
        #expect(ran.meaning?.json.render().contains("\"onePhrase\": true") == true)
        let two = matcher(plants, rule).match(named, locale: "en")
        #expect(two.decision == .none && two.meaning?.onePhrase == false, "\(two.reason)")
        #expect(two.meaning?.json.render().contains("onePhrase") == false)
        // The other way round: the one-phrase limits shut hold it back where its side's would run it.
        var other = SemanticRule(named: Self.open, noApp: Self.open)
        other.onePhrase = Self.shut
        #expect(matcher(oneWater, other).match(named, locale: "en").decision == .none)
        #expect(matcher(oneWater, other).match(plain, locale: "en").decision == .match, "no no-app one-phrase limits: the side's")
        #expect(matcher(plants, other).match(named, locale: "en").decision == .match)
        // The model file: each side's three keys together, read back to the same rule.
        var m = Self.limitsOnly
        m.semantic.onePhrase = .init(cosine: 0.96, margin: 0.035, score: 0.3)
        m.semantic.noAppOnePhrase = nil
        let file = m.json.render()
        #expect(file.contains("\"onePhraseCosine\": 0.96") && !file.contains("noAppOnePhrase"))
        #expect(try ScoreModel.parse(Array(file.utf8), file: "m.json").semantic == m.semantic)
        do {
            _ = try ScoreModel.parse(Array(file.replacingOccurrences(of: ", \"onePhraseMargin\": 0.035", with: "").utf8), file: "m.json")
            Issue.record("a side's one-phrase limits given in part were read")
        } catch {
            #expect(error.message.contains("'semantic.onePhraseMargin' is missing"), "\(error.message)")
        }
    }

    /// The evidence's later features (session 33): whether the nearest shortcut has one phrase,
    /// whether the candidate binds a value, and the utterance's and the nearest template's words.
    @Test func theRuleReadsTheShortcutsPhraseAndTheUtterancesWords() throws {
        let f = SemanticWeights.features
        func at(_ name: String) -> Int { f.firstIndex(of: name) ?? -1 }
        #expect(f.last == "proposed" && SemanticWeights.proposedIndex == f.count - 1)
        let r = try Self.matcher(SemanticRule(named: Self.shut, noApp: Self.shut)).match(named, locale: "en")
        let e = try #require(r.meaning)
        let x = try #require(SemanticWeights.vector(r, evidence: e))
        #expect(x.count == f.count)
        #expect(x[at("onePhrase")] == 0 && x[at("bindsValue")] == 1, "\(x)")
        #expect(x[at("utteranceWords")] == 8.0 / 20, "\(r.text)")
        let templateWords = Double(e.nearest.phrase.split(whereSeparator: \.isWhitespace).count)
        #expect(templateWords >= 3 && x[at("phraseWords")] == templateWords / 20, "\(e.nearest.phrase)")
        #expect(SemanticWeights.wordShare("  a  b\tc \n") == 3.0 / 20 && SemanticWeights.wordShare("") == 0)
        #expect(SemanticWeights.wordShare(Array(repeating: "w", count: 25).joined(separator: " ")) == 1)
        // A rule that reads only the template's words: run where the nearest template is long
        // enough, refused where it asks for more.
        func rule(needing words: Double) -> SemanticWeights {
            var w = [Double](repeating: 0, count: f.count)
            w[at("phraseWords")] = 20
            return SemanticWeights(bias: -words + 0.5, weights: w, threshold: 0.5)
        }
        var side = SemanticRule(named: Self.shut, noApp: Self.shut)
        side.namedFitted = rule(needing: templateWords)
        #expect(try Self.matcher(side).match(named, locale: "en").decision == .match)
        side.namedFitted = rule(needing: templateWords + 1)
        #expect(try Self.matcher(side).match(named, locale: "en").decision == .none)
        // A model file written before these features (its rule without them) reads them as 0.
        var m = Self.limitsOnly
        m.semantic.namedFitted = SemanticFitTests.agreeing(threshold: 0.75)
        var text = m.json.render()
        #expect(text.contains("\"phraseWords\": 0"))
        for k in ["onePhrase", "bindsValue", "utteranceWords", "phraseWords"] {
            text = text.replacingOccurrences(of: "\"\(k)\": 0, ", with: "")
        }
        #expect(!text.contains("phraseWords"))
        #expect(try ScoreModel.parse(Array(text.utf8), file: "old.json").semantic.namedFitted == m.semantic.namedFitted)
    }

    /// A fitted rule's two options (session 34): its own threshold for a shortcut of one phrase
    /// (`onePhraseConfidence`), and keeping its side's limits (`keepsLimits`: the limits run what
    /// they run, the rule runs more). Written and read by the model file, read by the matcher.
    @Test func aRuleHoldsAShortcutOfOnePhraseToItsOwnThresholdAndMayKeepItsLimits() throws {
        var m = Self.limitsOnly
        // Confidence 0.88 where the encoder agrees: under 0.9, over 0.55.
        var base = SemanticFitTests.agreeing(threshold: 0.9)
        base.bias = -18
        var w = base
        w.onePhraseThreshold = 0.55
        w.keepsLimits = true
        m.semantic.namedFitted = w
        let text = m.json.render()
        let back = try ScoreModel.parse(Array(text.utf8), file: "m.json")
        #expect(back.semantic == m.semantic && back.semantic.namedFitted?.onePhraseThreshold == 0.55 && back.semantic.namedFitted?.keepsLimits == true)
        #expect(text.contains("\"namedOnePhraseConfidence\": 0.55") && text.contains("\"namedKeepsLimits\": true"))
        #expect(!text.contains("noAppOnePhraseConfidence") && !text.contains("noAppKeepsLimits"))
        func error(_ t: String) -> String {
            do { _ = try ScoreModel.parse(Array(t.utf8), file: "m.json"); return "" } catch { return error.message }
        }
        #expect(error(text.replacingOccurrences(of: "\"namedKeepsLimits\": true", with: "\"namedKeepsLimits\": 1"))
            .contains("'semantic.namedKeepsLimits' must be true or false"))
        #expect(error(text.replacingOccurrences(of: "\"namedOnePhraseConfidence\": 0.55", with: "\"namedOnePhraseConfidence\": 1"))
            .contains("'semantic.namedOnePhraseConfidence' must be a number between 0 and 1"))
        #expect(error(text.replacingOccurrences(of: "\"namedKeepsLimits\": true", with: "\"namedKeepsLimits\": true, \"noAppOnePhraseConfidence\": 0.5"))
            .contains("'semantic.noAppOnePhraseConfidence' is given without 'semantic.noAppLogistic'"))
        #expect(error(text.replacingOccurrences(of: "\"namedKeepsLimits\": true", with: "\"namedKeepsLimits\": true, \"keepsLimits\": false"))
            .contains("'semantic.keepsLimits' is given without 'semantic.logistic'"))
        // A file without them reads as before: one threshold, the rule in place of the limits.
        #expect(try ScoreModel.parse(Array(text.replacingOccurrences(of: ", \"namedOnePhraseConfidence\": 0.55, \"namedKeepsLimits\": true", with: "").utf8),
                                     file: "m.json").semantic.namedFitted == base)

        // The matcher. "hydrate …" is the watering shortcut's (two phrases in en), "… care …" the
        // care log's (one phrase): both refused by words, both agreed with by the encoder, at
        // confidence 0.88.
        let care = "please jot down some care about repotting over in leafy"
        let words = try Self.matcher(.never)
        var plainOptions = words.options
        plainOptions.semantic = false
        let c0 = words.match(care, locale: "en", options: plainOptions)
        #expect(c0.decision == .none && c0.results.first?.intent == "LogCareIntent" && c0.results.first?.appNamed == true, "\(c0.reason)")
        var rule = SemanticRule(named: Self.shut, noApp: Self.shut)
        rule.namedFitted = w
        rule.namedFitted?.keepsLimits = false
        var matcher = try Self.matcher(rule)
        // The one-phrase threshold runs the care log's line; the watering line needs the other.
        let ranCare = matcher.match(care, locale: "en")
        #expect(ranCare.decision == .match && ranCare.meaning?.onePhrase == true, "\(ranCare.reason)")
        guard case .meaningConfident(_, let t) = ranCare.why else { Issue.record("\(ranCare.why)"); return }
        #expect(t == 0.55)
        #expect(matcher.match(named, locale: "en").decision == .none)
        // Open limits: replaced by the rule, they run nothing; kept, they run the watering line.
        rule.named = Self.open
        matcher = try Self.matcher(rule)
        #expect(matcher.match(named, locale: "en").decision == .none)
        rule.namedFitted?.keepsLimits = true
        matcher = try Self.matcher(rule)
        let byLimits = matcher.match(named, locale: "en")
        #expect(byLimits.decision == .match && byLimits.confidence == nil, "\(byLimits.reason)")
        guard case .meaning = byLimits.why else { Issue.record("\(byLimits.why)"); return }
        // What the rule runs, it runs at its confidence (the limits are read after it).
        let care2 = matcher.match(care, locale: "en")
        guard case .meaningConfident = care2.why else { Issue.record("\(care2.why)"); return }
    }
}
