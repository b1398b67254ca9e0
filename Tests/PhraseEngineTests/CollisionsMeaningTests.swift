import Foundation
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

/// Meaning in the collision report: the cosine of the pairs' shortcuts' closest phrase vectors,
/// read through the public encoder API with stub encoders (no weights needed).
@Suite struct CollisionsMeaningTests {
    static func load(_ names: String...) throws -> [Catalog] { try names.map { try CatalogLoader.load(path: CollisionsTests.fixture($0)) } }

    /// A matcher as `collisions` builds one: an encoder for the phrase vectors, matching by words.
    static func matcher(_ cats: [Catalog], _ e: (any SentenceEncoder)?) -> Matcher {
        var o = MatchOptions()
        o.semantic = false
        return Matcher(catalogs: cats, options: o, encoder: e)
    }

    func run(_ args: [String], env: [String: String] = [:]) -> (Int32, String, String) {
        let (ctx, buf) = CLIContext.capturing()
        ctx.environment = env
        let code = PhraseMatchCLI.run(args, context: ctx)
        return (code, buf.stdout, buf.stderr)
    }

    /// Each pair of two shortcuts carries their closest rows' cosine, recomputed here from the
    /// public phrase vectors; a pair of one shortcut (two values) or with a negative phrase has none.
    @Test func pairsCarryTheirShortcutsClosestPhraseVectors() throws {
        let cats = try Self.load("kinds.json", "other-app.json")
        let e = CountingEncoder(identity: "test/bytes")
        let r = CollisionAnalyzer.analyze(matcher: Self.matcher(cats, e))
        let m = try #require(r.meaning)
        #expect(m.encoder == "test/bytes")
        let v = PhraseVectors.build(cats, locale: "en", encoder: e, cache: nil)
        let rows = Dictionary(uniqueKeysWithValues: v.rowsByShortcut().map { ($0.owner, $0.rows) })
        func ref(_ s: CollisionSide) -> ShortcutRef? {
            guard let ci = cats.firstIndex(where: { $0.app.id == s.app }),
                  let si = cats[ci].shortcuts.firstIndex(where: { $0.intent == s.intent }) else { return nil }
            return ShortcutRef(app: ci, shortcut: si)
        }
        var checked = 0
        for p in r.pairs {
            if p.a.isNegative || p.b.isNegative || (p.a.app == p.b.app && p.a.intent == p.b.intent) {
                #expect(p.meaning == nil, "\(p.a.text) ~ \(p.b.text)")
                continue
            }
            let x = try #require(ref(p.a)), y = try #require(ref(p.b))
            let c = try #require(v.closest(rows[x] ?? [], rows[y] ?? []))
            let got = try #require(p.meaning, "\(p.a.text) ~ \(p.b.text)")
            #expect(got.cosine == (Double(c.cosine) * 10000).rounded() / 10000)
            #expect(got.a == v.texts[c.rowA] && got.b == v.texts[c.rowB])
            checked += 1
        }
        #expect(checked >= 3)
        #expect(r.pairs.contains { $0.kind == .parameter && $0.meaning == nil })
        #expect(r.pairs.contains { $0.kind == .negative && $0.meaning == nil })
        #expect(r.pairs.contains { $0.kind == .appName && $0.a.app != $0.b.app && $0.meaning != nil })
    }

    /// No encoder, or meaning turned off: the report is the words-only one, byte for byte, in every format.
    @Test func withoutMeaningTheReportIsUnchanged() throws {
        let cats = try Self.load("kinds.json", "other-app.json")
        let plain = CollisionAnalyzer.analyze(matcher: Self.matcher(cats, nil))
        var off = CollisionOptions()
        off.meaning = false
        let withOff = CollisionAnalyzer.analyze(matcher: Self.matcher(cats, CountingEncoder(identity: "test/bytes")), options: off)
        #expect(plain.meaning == nil && withOff.meaning == nil)
        #expect(CollisionFormats.json(plain) == CollisionFormats.json(withOff))
        #expect(CollisionFormats.text(plain) == CollisionFormats.text(withOff))
        #expect(CollisionFormats.markdown(plain) == CollisionFormats.markdown(withOff))
        #expect(CollisionHTML.render(plain) == CollisionHTML.render(withOff))
        #expect(!CollisionFormats.json(plain).contains("\"meaning\""))
        #expect(!CollisionFormats.text(plain).contains("Meaning:"))
        // Read: every format shows it.
        let read = CollisionAnalyzer.analyze(matcher: Self.matcher(cats, CountingEncoder(identity: "test/bytes")))
        #expect(CollisionFormats.json(read).contains("\"meaning\""))
        #expect(CollisionFormats.json(read).contains("\"closeInMeaning\""))
        #expect(CollisionFormats.text(read).contains(", meaning "))
        #expect(CollisionFormats.text(read).contains("Close in meaning, far in words"))
        #expect(CollisionFormats.markdown(read).contains("| meaning |"))
        #expect(CollisionHTML.render(read).contains("<h2>Close in meaning, far in words</h2>"))
    }

    /// Two shortcuts whose phrases share no word but mean the same are listed as close in meaning
    /// and far in words; two that the words already pair are not.
    @Test func closeInMeaningFarInWordsIsFindable() throws {
        let garden = try Self.load("distinct.json")
        let r = CollisionAnalyzer.analyze(matcher: Self.matcher(garden, TopicEncoder()))
        #expect(r.pairs.isEmpty)
        let m = try #require(r.meaning)
        #expect(m.compared == 3)
        #expect(m.farInWords.count == 1)
        let x = try #require(m.farInWords.first)
        #expect(x.a.intent == "WaterIntent" && x.b.intent == "OrderSeedsIntent")
        #expect(x.meaning.cosine == 1 && x.pair == nil && x.similarity == nil)
        #expect(CollisionFormats.text(r).contains("[en] WaterIntent ~ OrderSeedsIntent: meaning 1"))
        // A higher bar lists none; the pair "Show my stats" / "Please show my stats" is close in
        // words too, so it is not listed whatever its meaning.
        var o = CollisionOptions()
        o.minMeaning = 1.01
        #expect(CollisionAnalyzer.analyze(matcher: Self.matcher(garden, TopicEncoder()), options: o).meaning?.farInWords.isEmpty == true)
        let kinds = CollisionAnalyzer.analyze(matcher: Self.matcher(try Self.load("kinds.json"), TopicEncoder()))
        let far = try #require(kinds.meaning).farInWords
        #expect(!far.contains { Set([$0.a.intent, $0.b.intent]) == ["ShowStatsIntent", "ShowStatsPleaseIntent"] })
        #expect(far.contains { Set([$0.a.intent, $0.b.intent]) == ["PlanWorkoutIntent", "ExportIntent"] })
        // Ordered: closest first, then locale, then catalog order.
        for (p, q) in zip(far, far.dropFirst()) { #expect(p.meaning.cosine >= q.meaning.cosine) }
    }

    /// The risk: the words-only simulated risk plus 0.3 per unit of meaning above 0.93; the
    /// ranking by closeness alone (`--simulate 0`) is untouched.
    @Test func meaningRaisesTheSimulatedRisk() throws {
        let cats = try Self.load("kinds.json", "other-app.json")
        var off = CollisionOptions()
        off.meaning = false
        let words = CollisionAnalyzer.analyze(matcher: Self.matcher(cats, TopicEncoder()), options: off)
        let read = CollisionAnalyzer.analyze(matcher: Self.matcher(cats, TopicEncoder()))
        #expect(words.pairs.count == read.pairs.count)
        func key(_ p: CollisionPair) -> String { "\(p.kind)|\(p.a.text)|\(p.a.appName)|\(p.b.text)|\(p.b.appName)" }
        let before = Dictionary(words.pairs.map { (key($0), $0) }, uniquingKeysWith: { a, _ in a })
        var raised = 0
        for p in read.pairs {
            let w = try #require(before[key(p)])
            #expect(p.simulated == w.simulated)
            let gain = 0.3 * max(0, (p.meaning?.cosine ?? 0) - 0.93)
            #expect(abs(p.risk - (w.risk + gain)) < 0.00006, "\(p.a.text) ~ \(p.b.text)")
            if gain > 0 { raised += 1 }
        }
        #expect(raised > 0)
        // Ranked by the new risk: a raised pair ranks above a pair it now exceeds.
        for (x, y) in zip(read.pairs, read.pairs.dropFirst()) { #expect(x.risk >= y.risk) }
        var noSim = CollisionOptions()
        noSim.simulated = 0
        let closeness = CollisionAnalyzer.analyze(matcher: Self.matcher(cats, TopicEncoder()), options: noSim)
        for p in closeness.pairs { #expect(p.risk == p.closeness) }
    }

    /// Same input, same bytes: one thread or many, and twice.
    @Test func meaningIsDeterministic() throws {
        let cats = try Self.load("kinds.json", "other-app.json")
        var one = CollisionOptions()
        one.threads = 1
        let a = CollisionAnalyzer.analyze(matcher: Self.matcher(cats, CountingEncoder(identity: "test/bytes")), options: one)
        let b = CollisionAnalyzer.analyze(matcher: Self.matcher(cats, CountingEncoder(identity: "test/bytes")))
        #expect(CollisionFormats.json(a) == CollisionFormats.json(b))
        #expect(CollisionFormats.text(a) == CollisionFormats.text(b))
    }

    /// Golden reports with a stub encoder; re-record with RECORD_GOLDEN=1.
    @Test(arguments: ["text", "json"]) func golden(_ format: String) throws {
        let cats = try Self.load("kinds.json", "other-app.json")
        let r = CollisionAnalyzer.analyze(matcher: Self.matcher(cats, TopicEncoder()))
        try assertGolden("collisions-meaning.\(format == "json" ? "json" : "txt")", format == "json" ? CollisionFormats.json(r) : CollisionFormats.text(r))
    }

    /// The command: `--no-semantic` says in one line that meaning is not read and changes no byte;
    /// its flags are checked.
    @Test func commandLine() throws {
        let cat = CollisionsTests.fixture("kinds.json")
        let (c0, plain, e0) = run(["collisions", "--catalog", cat, "--simulate", "0"])
        let (c1, off, e1) = run(["collisions", "--catalog", cat, "--simulate", "0", "--no-semantic"])
        #expect(c0 == 1 || c0 == 0)
        #expect(c1 == c0 && off == plain)
        #expect(e0.isEmpty)
        #expect(e1.split(separator: "\n").count == 1 && e1.contains("meaning is not read"))
        // A named encoder file that is not there: one line naming it, exit 3.
        let (c2, _, e2) = run(["collisions", "--catalog", cat, "--encoder", "/nonexistent/e5.bin"])
        #expect(c2 == 3)
        #expect(e2.contains("/nonexistent/e5.bin") && e2.split(separator: "\n").count == 1)
        #expect(run(["collisions", "--catalog", cat, "--min-meaning", "2"]).0 == 2)
        #expect(run(["collisions", "--catalog", cat, "--split", "tune"]).0 == 2)
        #expect(run(["collisions", "--catalog", cat, "--against-synth", "1", "--split", "odd"]).0 == 2)
    }

    /// `--split`: the tune and test halves of the check's utterances (even and odd line numbers)
    /// add up to the whole check.
    @Test func splitHalvesTheCheck() throws {
        let cat = CollisionsTests.fixture("streaks.json")
        func utterances(_ extra: [String]) throws -> Int {
            let (code, out, err) = run(["collisions", "--catalog", cat, "--simulate", "0", "--format", "json", "--against-synth", "4"] + extra)
            #expect(code == 0 || code == 1, "\(err)")
            let o = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
            let rc = try #require(o["reality"] as? [String: Any])
            return try #require(rc["utterances"] as? Int)
        }
        let all = try utterances([]), tune = try utterances(["--split", "tune"]), test = try utterances(["--split", "test"])
        #expect(tune > 0 && test > 0)
        #expect(tune + test == all)
    }
}

/// Meaning by topic: garden care ("water", "seeds"), the weather ("forecast"), stats ("stats"),
/// exercise ("run", "walk", "workout", "export"), the rest on an axis of its own.
struct TopicEncoder: SentenceEncoder {
    let identity = "test/topics"
    let dimension = 5
    func encode(_ text: String, locale: String) -> [Float] {
        let t = text.lowercased()
        let topics: [(axis: Int, words: [String])] = [(0, ["water", "seeds"]), (1, ["forecast"]), (2, ["stats"]),
                                                      (3, ["run", "walk", "workout", "export"])]
        let axis = topics.first { $0.words.contains { t.contains($0) } }?.axis ?? 4
        var v = [Float](repeating: 0, count: dimension)
        v[axis] = 1
        return v
    }
}
