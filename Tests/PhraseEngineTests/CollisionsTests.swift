import Foundation
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

@Suite struct CollisionsTests {
    static let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static func fixture(_ name: String) -> String { dir.appendingPathComponent("Collisions/\(name)").path }
    static func load(_ names: String...) throws -> [Catalog] { try names.map { try CatalogLoader.load(path: fixture($0)) } }

    func run(_ args: [String]) -> (Int32, String, String) {
        let (ctx, buf) = CLIContext.capturing()
        let code = PhraseMatchCLI.run(args, context: ctx)
        return (code, buf.stdout, buf.stderr)
    }

    func find(_ r: CollisionReport, _ kind: CollisionKind, _ a: String, _ b: String) -> CollisionPair? {
        r.pairs.first { $0.kind == kind && (($0.a.text == a && $0.b.text == b) || ($0.a.text == b && $0.b.text == a)) }
    }

    @Test func everyKindIsFound() throws {
        let r = CollisionAnalyzer.analyze(catalogs: try Self.load("kinds.json", "other-app.json"))
        // Two intents one word apart.
        let runs = try #require(find(r, .intent, "Start my morning run in Fitly", "Start my morning runs in Fitly"))
        #expect(runs.closeWords.contains { $0.a == "run" && $0.b == "runs" })
        // Enum cases and entities that sound alike.
        let mall = try #require(find(r, .parameter, "Walk to the Mall with Fitly", "Walk to the Small with Fitly"))
        #expect(mall.reason.contains("'mall' ~ 'small'"))
        let ann = try #require(find(r, .parameter, "Call Ann with Fitly", "Call Anne with Fitly"))
        #expect(ann.soundAlike)
        #expect(ann.reason.contains("(sound)"))
        #expect(ann.suggestion.contains("synonym"))
        // An alternative name that is a word of the phrases.
        let workout = try #require(find(r, .appName, "Plan a workout in Workout", "Plan a workout in Fitly"))
        #expect(workout.severity >= .warning)
        #expect(workout.suggestion.contains("rename the alternative name 'Workout'"))
        // Two apps whose names collide.
        let apps = try #require(find(r, .appName, "Start my morning run in Fitlee", "Start my morning run in Fitly"))
        #expect(apps.a.app != apps.b.app)
        #expect(apps.reason.contains("'fitlee' ~ 'fitly'"))
        // A negative phrase next to a real one.
        let neg = try #require(find(r, .negative, "Show all my stats in Fitly", "Show my stats in Fitly"))
        #expect(neg.a.isNegative)
        // Subsumption: one phrase is the other plus filler.
        let sub = try #require(find(r, .intent, "Show my stats in Fitly", "Please show my stats in Fitly"))
        #expect(sub.subsumption != nil)
        #expect(sub.severity == .error)
        #expect(sub.suggestion.hasPrefix("drop"))
    }

    @Test func nearMissesAreNotReported() throws {
        let r = CollisionAnalyzer.analyze(catalogs: try Self.load("kinds.json", "other-app.json"))
        for p in r.pairs {
            for s in [p.a, p.b] {
                #expect(s.intent != "ExportIntent" && s.intent != "BrewTeaIntent", "\(p.a.text) ~ \(p.b.text)")
                #expect(!s.text.contains("Garden") && !s.text.contains("Robert"), "\(p.a.text) ~ \(p.b.text)")
            }
        }
        // Clearly different phrases and options: nothing, even at a lower threshold.
        var o = CollisionOptions()
        o.minSimilarity = 0.6
        #expect(CollisionAnalyzer.analyze(catalogs: try Self.load("distinct.json"), options: o).pairs.isEmpty)
    }

    @Test func bothDirectionsAndDeterminism() throws {
        let cats = try Self.load("kinds.json", "other-app.json")
        var one = CollisionOptions()
        one.threads = 1
        let a = CollisionAnalyzer.analyze(catalogs: cats, options: one)
        let b = CollisionAnalyzer.analyze(catalogs: cats)
        #expect(CollisionFormats.json(a) == CollisionFormats.json(b))
        for p in a.pairs { #expect(p.similarity == max(p.forward ?? 0, p.backward ?? 0)) }
        // Each side said finds the other: both directions recorded, similarity is the larger.
        let stats = try #require(find(a, .intent, "Show my stats in Fitly", "Please show my stats in Fitly"))
        #expect(stats.forward != nil && stats.backward != nil)
        // "run" (short) is looked up fuzzily and reaches "runs"; "runs" is a known word and is not: one direction.
        let runs = try #require(find(a, .intent, "Start my morning run in Fitly", "Start my morning runs in Fitly"))
        #expect(runs.forward != nil)
        // Ranked: risk, then closeness, then severity.
        for (x, y) in zip(a.pairs, a.pairs.dropFirst()) {
            #expect(x.risk > y.risk || (x.risk == y.risk && (x.closeness > y.closeness || (x.closeness == y.closeness && x.severity >= y.severity))))
        }
        // Clusters cover every pair once.
        #expect(a.clusters.reduce(0) { $0 + $1.pairs.count } == a.pairs.count)
    }

    @Test func jsonFollowsTheContract() throws {
        let (code, out, _) = run(["collisions", "--catalog", Self.fixture("kinds.json"), "--format", "json"])
        #expect(code == 0)
        let root = try JSONReader.parse(out)
        let pairs = try #require(root["pairs"]?.array)
        #expect(!pairs.isEmpty)
        for p in pairs {
            #expect(["intent", "parameter", "app-name", "negative"].contains(p["kind"]?.string ?? ""))
            let s = try #require(p["similarity"]?.number)
            #expect(s >= 0 && s <= 1)
            for side in ["a", "b"] {
                let o = try #require(p[side])
                for f in ["app", "intent", "locale", "text", "parameters"] { #expect(o[f] != nil, "\(side).\(f)") }
            }
        }
    }

    @Test func failOnExitCodes() {
        let cat = Self.fixture("kinds.json")
        #expect(run(["collisions", "--catalog", cat]).0 == 0)
        #expect(run(["collisions", "--catalog", cat, "--fail-on", "error"]).0 == 1)
        #expect(run(["collisions", "--catalog", cat, "--fail-on", "note"]).0 == 1)
        #expect(run(["collisions", "--catalog", Self.fixture("distinct.json"), "--fail-on", "note"]).0 == 0)
        #expect(run(["collisions", "--catalog", cat, "--fail-on", "fatal"]).0 == 2)
        #expect(run(["collisions", "--catalog", cat, "--min-similarity", "2"]).0 == 2)
        #expect(run(["collisions", "--catalog", cat, "--format", "pdf"]).0 == 2)
        #expect(run(["collisions", "--catalog", "/nonexistent/catalog.json"]).0 == 3)
        #expect(run(["collisions", "--catalog", cat, "--against-corpus", "/nonexistent.jsonl"]).0 == 3)
    }

    @Test func htmlIsSelfContained() {
        let (code, out, _) = run(["collisions", "--catalog", Self.fixture("kinds.json"), "--catalog", Self.fixture("other-app.json"), "--format", "html"])
        #expect(code == 0)
        #expect(out.hasPrefix("<!DOCTYPE html>"))
        #expect(out.contains("<svg"))
        #expect(out.contains("<rect"))
        #expect(!out.contains("<script"))
        #expect(!out.contains("http://") || !out.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "").contains("http://"))
        #expect(!out.contains("https://"))
        let (_, md, _) = run(["collisions", "--catalog", Self.fixture("kinds.json"), "--format", "markdown"])
        #expect(md.contains("| # | severity |"))
    }

    @Test func replUsesTheReport() throws {
        let m = Matcher(catalogs: try Self.load("kinds.json"))
        let s = CollisionFinder.quickReport(matcher: m, locale: "en", limit: 3)
        #expect(s.hasPrefix("Collisions: "))
        #expect(s.contains("… "))
    }

    /// Every number of the text report is what it says: the probes are counted and explained
    /// (phrases said as written, negative phrases), and a pair listed below --min-similarity — a
    /// damage probe's flip can pair phrases neither of which ranks the other, similarity 0 — is
    /// marked so, under a legend that says why such pairs are listed.
    @Test func theTextReportExplainsItsNumbers() throws {
        for (files, minimum) in [(["streaks.json"], "0.75"), (["kinds.json", "other-app.json"], "0.75"), (["kinds.json"], "0.7")] {
            let (code, out, _) = run(["collisions", "--simulate", "0", "--min-similarity", minimum] + files.flatMap { ["--catalog", Self.fixture($0)] })
            #expect(code == 0)
            let lines = out.split(separator: "\n").map(String.init)
            #expect(!lines[0].contains("matched as said") && !lines[0].contains("similarity ≥"), "\(lines[0])")
            #expect(lines[1].hasPrefix("Probes: ") && lines[1].contains("said as written and matched"), "\(lines[1])")
            #expect(lines[2].hasPrefix("Similarity: ") && lines[2].contains("down to 0: neither was among the other's results"))
            let m = try #require(Double(minimum))
            var pairs = 0
            for l in lines where l.range(of: #"^  \d+\. (error|warning|note), similarity "#, options: .regularExpression) != nil {
                pairs += 1
                let number = l.components(separatedBy: ", similarity ")[1].prefix { $0 != " " && $0 != "," }
                let x = try #require(Double(number), "\(l)")
                #expect((x < m) == l.contains("(below \(minimum))"), "\(l)")
            }
            #expect(pairs > 0)
        }
        // The streaks fixture has a pair only a damage probe finds (similarity 0): marked.
        let (_, streaks, _) = run(["collisions", "--simulate", "0", "--catalog", Self.fixture("streaks.json")])
        #expect(streaks.contains(", similarity 0 (below 0.75), "), "\(streaks)")
        // The negative phrases are counted apart (kinds.json has one).
        let (_, kinds, _) = run(["collisions", "--simulate", "0", "--catalog", Self.fixture("kinds.json")])
        #expect(kinds.contains("phrases said as written and matched, and 1 negative phrase."), "\(kinds)")
    }

    /// Golden outputs; re-record with RECORD_GOLDEN=1.
    @Test(arguments: ["text", "json"]) func golden(_ format: String) throws {
        let (code, out, _) = run(["collisions", "--catalog", Self.fixture("kinds.json"), "--catalog", Self.fixture("other-app.json"),
                                  "--format", format])
        #expect(code == 0)
        try assertGolden("collisions-kinds.\(format == "json" ? "json" : "txt")", out)
    }

    /// The reality check on the showcase app: eval's confusions fall on pairs the report lists.
    @Test func realityCheckOnTheNotesCorpus() throws {
        let root = Self.dir.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let notes = root.appendingPathComponent("Corpora/notes")
        let cat = try CatalogLoader.load(path: notes.appendingPathComponent("catalog.json").path)
        var items: [CorpusItem] = []
        for l in ["en", "fr", "de", "es", "ja", "zh-Hans"] {
            let p = notes.appendingPathComponent("corpus/\(l).jsonl").path
            let text = try String(contentsOfFile: p, encoding: .utf8)
            items += CorpusReader.parse(text, file: p).items
        }
        let matcher = Matcher(catalogs: [cat])
        var o = CollisionOptions()
        o.minSimilarity = 0.6
        var report = CollisionAnalyzer.analyze(matcher: matcher, options: o)
        let rc = CollisionReality.check(report, matcher: matcher, items: items)
        report.reality = rc
        #expect(rc.utterances > 500)
        // Every confusion eval makes on the notes corpus is between targets the report pairs.
        #expect(rc.confusionsOnReportedPairs == rc.confusions)
        #expect(CollisionFormats.text(report, top: 10).contains("Against reality"))
    }
}

/// The reality check's statistics, the simulated recognizer and the damage probes, on small
/// constructed catalogs whose confusions are known.
@Suite struct CollisionRealityTests {
    static func streaks() throws -> Catalog { try CatalogLoader.load(path: CollisionsTests.fixture("streaks.json")) }

    func item(_ text: String, _ intent: String, _ params: [String: String] = [:]) -> CorpusItem {
        CorpusItem(text: text, locale: "en", expect: .init(app: "com.example.streaks", intent: intent, parameters: params),
                   tags: [], file: "t", line: 1)
    }

    @Test func spearman() throws {
        #expect(try #require(RealityCheck.spearman([1, 2, 3, 4], [10, 20, 30, 40])) == 1)
        #expect(try #require(RealityCheck.spearman([1, 2, 3, 4], [4, 3, 2, 1])) == -1)
        // Ties get their average rank: x = 1,2,3,4, y ranks 1.5,1.5,3.5,3.5.
        let r = try #require(RealityCheck.spearman([1, 2, 3, 4], [0, 0, 5, 5]))
        #expect(abs(r - 0.894427) < 1e-5)
        #expect(RealityCheck.spearman([1, 2], [1, 2]) == nil)
        #expect(RealityCheck.spearman([1, 2, 3], [7, 7, 7]) == nil)
    }

    /// Utterances said for one target but worded as another's phrase are confusions we know.
    @Test func countsAndStatisticsOnKnownConfusions() throws {
        let m = Matcher(catalogs: [try Self.streaks()])
        var report = CollisionAnalyzer.analyze(matcher: m)
        let items = [
            item("Open my journal in Tickr", "OpenHabitIntent", ["habit": "water"]),   // Habit(water) → Journal
            item("Open my journal in Tickr", "OpenHabitIntent", ["habit": "water"]),
            item("Open my Yoga in Tickr", "OpenHabitIntent", ["habit": "yoga"]),       // right
            item("Open my journal in Tickr", "OpenJournalIntent"),                     // right
            item("Open my Reading in Tickr", "OpenHabitIntent", ["habit": "yoga"]),    // value: yoga → reading
            item("Export every record to a spreadsheet with Tickr", "OpenJournalIntent"),  // Journal → Export
        ]
        let rc = CollisionReality.check(report, matcher: m, items: items, k: 3, threads: 1)
        report.reality = rc
        #expect(rc.utterances == 6)
        #expect(rc.confusions == 4)
        // The damage probes pair "Open my X" and "Open my journal" (X lost, the journal is left).
        let row = try #require(rc.rows.first { Set([$0.a.intent, $0.b.intent]) == ["OpenHabitIntent", "OpenJournalIntent"] && $0.a.value == nil })
        #expect(row.aToB + row.bToA == 2)
        #expect(row.supportA + row.supportB == 6)
        // Journal → Export is far from every reported pair: it is listed as missed.
        #expect(rc.missed.contains { $0.a.hasSuffix("OpenJournalIntent") && $0.b.hasSuffix("ExportIntent") && $0.count == 1 })
        #expect(rc.confusionsOnReportedPairs + rc.missed.reduce(0) { $0 + $1.count } == rc.confusions)
        #expect(abs(rc.recall - Double(rc.confusionsOnReportedPairs) / 4) < 1e-12)
        let top = rc.measured.prefix(3)
        #expect(abs(rc.precisionAtK - Double(top.filter { $0.confusions > 0 }.count) / Double(top.count)) < 1e-12)
        #expect(abs(rc.recallAtK - Double(top.reduce(0) { $0 + $1.confusions }) / 4) < 1e-12)
        let text = CollisionFormats.text(report, top: 3)
        #expect(text.contains("precision@3:"))
        #expect(text.contains("Confused but not reported"))
        let json = try JSONReader.parse(CollisionFormats.json(report, top: 3))
        #expect(json["reality"]?["precisionAtK"]?.number != nil)
        #expect(json["reality"]?["k"]?.number == 3)
    }

    @Test func damageProbesPairPhrasesOneLostWordApart() throws {
        let m = Matcher(catalogs: [try Self.streaks()])
        let r = CollisionAnalyzer.analyze(matcher: m)
        let p = try #require(r.pairs.first { Set([$0.a.intent, $0.b.intent]) == ["OpenHabitIntent", "OpenJournalIntent"] && $0.a.parameters.isEmpty })
        #expect(p.damageForward + p.damageBackward > 0)
        #expect(p.reason.contains("one word lost"))
        // As written, the two phrases are far apart: without the damage probes they are not paired.
        #expect(p.similarity < 0.75)
        var o = CollisionOptions()
        o.damageProbes = false
        let clean = CollisionAnalyzer.analyze(matcher: m, options: o)
        #expect(!clean.pairs.contains { Set([$0.a.intent, $0.b.intent]) == ["OpenHabitIntent", "OpenJournalIntent"] })
        // Ranked by risk.
        for (x, y) in zip(r.pairs, r.pairs.dropFirst()) { #expect(x.risk >= y.risk) }
    }

    @Test func simulatedRecognizerIsDeterministic() throws {
        let m = Matcher(catalogs: [try Self.streaks()])
        let a = CollisionNoise.items(matcher: m, locales: ["en"], options: .init(perPhrase: 5, wordErrorRate: 0.3, seed: 7))
        let b = CollisionNoise.items(matcher: m, locales: ["en"], options: .init(perPhrase: 5, wordErrorRate: 0.3, seed: 7))
        let c = CollisionNoise.items(matcher: m, locales: ["en"], options: .init(perPhrase: 5, wordErrorRate: 0.3, seed: 8))
        #expect(a == b)
        #expect(a.map(\.text) != c.map(\.text))
        var phrases: [String: CorpusItem.Expectation] = [:]
        Expansion.forEach(try Self.streaks(), locale: "en", includeTruncated: false) { p in
            phrases[p.text] = .init(app: p.app, intent: p.intent, parameters: Dictionary(uniqueKeysWithValues: p.parameters.map { ($0.0, $0.1.identity) }))
            return true
        }
        #expect(!a.isEmpty && a.count <= phrases.count * 5)
        for i in a {
            #expect(phrases[i.text] == nil, "every utterance is damaged: \(i.text)")
            #expect(i.tags.first == CollisionNoise.tag && i.tags.count >= 2)
            #expect(i.expect != nil)
        }
        // Written as a corpus, it reads back the same.
        let back = CorpusReader.parse(CollisionNoise.render(a), file: "noise.jsonl").items
        #expect(back.map(\.text) == a.map(\.text))
        #expect(back.map(\.expect) == a.map(\.expect))
    }

    /// The risk is the simulation's estimate (docs/collisions.md, "Risk"): recomputed here from
    /// the same noisy utterances through the reality check, the pairs of each closeness tenth
    /// pooled as the prior. With `simulated = 0` the risk is the closeness.
    @Test func riskIsTheSimulatedConfusionRate() throws {
        // The notes sample app in English: enough target pairs that a closeness tenth holds several.
        let notes = URL(fileURLWithPath: CollisionsTests.fixture("kinds.json")).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Corpora/notes/catalog.json")
        let m = Matcher(catalogs: [try CatalogLoader.load(path: notes.path)], locales: ["en"])
        let r = CollisionAnalyzer.analyze(matcher: m)
        #expect(r.pairs.count >= 20)
        #expect(r.simulated == CollisionOptions.simulatedPerPhrase)
        var plain = CollisionOptions()
        plain.simulated = 0
        let c = CollisionAnalyzer.analyze(matcher: m, options: plain)
        #expect(c.simulated == 0 && c.pairs.allSatisfy { $0.risk == $0.closeness && $0.simulated == nil })
        let items = CollisionNoise.items(matcher: m, locales: r.locales,
                                         options: .init(perPhrase: r.simulated, seed: CollisionOptions().simulationSeed))
        let check = CollisionReality.check(r, matcher: m, items: items, threads: 1)
        let rows = check.rows.map { row in
            (closeness: r.pairs[row.pair].closeness, c: row.confusions, n: row.kind == .negative ? row.supportB : row.supportA + row.supportB,
             label: row.a.label(qualified: true) + row.b.label(qualified: true), pair: row.pair)
        }.sorted { $0.closeness != $1.closeness ? $0.closeness < $1.closeness : $0.label < $1.label }
        #expect(rows.contains { $0.c > 0 })
        let size = (rows.count + 9) / 10
        for start in stride(from: 0, to: rows.count, by: size) {
            let bin = rows[start..<min(rows.count, start + size)]
            let pooled = Double(bin.reduce(0) { $0 + $1.c }) / Double(max(1, bin.reduce(0) { $0 + $1.n }))
            for row in bin {
                let p = r.pairs[row.pair]
                #expect(p.simulated == .init(confused: row.c, said: row.n))
                let expected = (Double(row.c) + 32 * pooled) / (Double(row.n) + 32)
                #expect(abs(p.risk - expected) < 0.00006, "\(p.a.text) / \(p.b.text): \(p.risk) vs \(expected)")
            }
        }
        // The text and JSON say so.
        #expect(CollisionFormats.text(r).contains("risk from \(CollisionOptions.simulatedPerPhrase) simulated utterances a phrase"))
        let json = try JSONReader.parse(CollisionFormats.json(r))
        #expect(json["summary"]?["simulatedPerPhrase"]?.number == Double(CollisionOptions.simulatedPerPhrase))
        #expect(json["pairs"]?.array?.first?["closeness"]?.number != nil)
    }

    /// The simulation's budget: 24 utterances a phrase, fewer in a large catalog, and beyond
    /// 150,000 phrases one each of a fixed sample; the sample's utterances are the full run's.
    @Test func simulationBudgetSamplesLargeCatalogs() throws {
        let o = CollisionOptions()
        #expect(CollisionAnalyzer.simulatedPerPhrase(o, phrases: 3_000) == (24, 1))
        #expect(CollisionAnalyzer.simulatedPerPhrase(o, phrases: 10_000) == (15, 1))
        #expect(CollisionAnalyzer.simulatedPerPhrase(o, phrases: 150_000) == (1, 1))
        #expect(CollisionAnalyzer.simulatedPerPhrase(o, phrases: 300_000) == (1, 0.5))
        var fixed = o
        fixed.simulated = 3
        #expect(CollisionAnalyzer.simulatedPerPhrase(fixed, phrases: 100_000) == (3, 1))
        let m = Matcher(catalogs: [try CatalogLoader.load(path: CollisionsTests.fixture("streaks.json"))], locales: ["en"])
        let noise = CollisionNoise.Options(perPhrase: 2, seed: 3)
        let all = CollisionNoise.items(matcher: m, locales: ["en"], options: noise)
        // Damaged on several threads (the notes app: 432 phrases in en, several chunks), the same
        // utterances in the same order as on one.
        let notes = URL(fileURLWithPath: HostileInputTests.root.path + "/Corpora/notes/catalog.json")
        let nm = Matcher(catalogs: [try CatalogLoader.load(path: notes.path)], locales: ["en"])
        let many = CollisionNoise.items(matcher: nm, locales: ["en"], options: noise, threads: 4)
        let one = CollisionNoise.items(matcher: nm, locales: ["en"], options: noise, threads: 1)
        #expect(many.count > 500)
        #expect(many.map { "\($0.line) \($0.text) \($0.tags)" } == one.map { "\($0.line) \($0.text) \($0.tags)" })
        let half = CollisionNoise.items(matcher: m, phrases: CollisionNoise.phrases(matcher: m, locales: ["en"], shortcuts: nil),
                                        options: noise, share: 0.5)
        let texts = Set(all.map { $0.text + "|" + ($0.expect?.intent ?? "") })
        #expect(half.count > all.count / 5 && half.count < all.count * 4 / 5, "\(half.count) of \(all.count)")
        #expect(half.allSatisfy { texts.contains($0.text + "|" + ($0.expect?.intent ?? "")) })
        // Only the named shortcuts' phrases.
        let intent = try #require(all.first?.expect?.intent)
        let only = CollisionNoise.items(matcher: m, phrases: CollisionNoise.phrases(matcher: m, locales: ["en"],
                                                                                    shortcuts: [m.catalogs[0].app.id + "/" + intent]),
                                        options: noise, share: 1)
        #expect(!only.isEmpty && only.allSatisfy { $0.expect?.intent == intent })
        #expect(only.count == all.filter { $0.expect?.intent == intent }.count)
    }

    @Test func cliAgainstSynth() throws {
        let cat = CollisionsTests.fixture("streaks.json")
        func run(_ args: [String]) -> (Int32, String) {
            let (ctx, buf) = CLIContext.capturing()
            return (PhraseMatchCLI.run(args, context: ctx), buf.stdout)
        }
        let (code, out) = run(["collisions", "--catalog", cat, "--against-synth", "3", "--top", "5", "--format", "json"])
        #expect(code == 0)
        let root = try JSONReader.parse(out)
        let reality = try #require(root["reality"])
        #expect(reality["noise"]?["perPhrase"]?.number == 3)
        #expect((reality["utterances"]?.number ?? 0) > 0)
        for f in ["precisionAtK", "recallAtK", "recall", "chance", "missed", "rows"] { #expect(reality[f] != nil, "\(f)") }
        // Same bytes twice (deterministic, whatever the threads).
        #expect(run(["collisions", "--catalog", cat, "--against-synth", "3", "--top", "5", "--format", "json", "--threads", "1"]).1 == out)
        #expect(run(["collisions", "--catalog", cat, "--against-synth", "0"]).0 == 2)
        #expect(run(["collisions", "--catalog", cat, "--against-synth", "101"]).0 == 2)
        #expect(run(["collisions", "--catalog", cat, "--noise-rate", "0.2"]).0 == 2)
        #expect(run(["collisions", "--catalog", cat, "--against-synth", "2", "--noise-rate", "1.5"]).0 == 2)
        #expect(run(["collisions", "--catalog", cat, "--against-synth", "2", "--seed", "-1"]).0 == 2)
        #expect(run(["collisions", "--catalog", cat, "--synth-output", "/tmp/x.jsonl"]).0 == 2)
        let (tcode, text) = run(["collisions", "--catalog", cat, "--against-synth", "2", "--top", "4"])
        #expect(tcode == 0)
        #expect(text.contains("Against reality (2 noisy utterances per phrase"))
        #expect(text.contains("precision@4:"))
    }
}
