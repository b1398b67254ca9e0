import Foundation
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

/// Explanations by word as said, reports naming values by title, and paths shown as given
/// (issue 33's readability part), through the public API and the CLI.
@Suite struct ReadabilityTests {
    /// Runs the CLI in process with `cwd` as the current folder.
    static func run(_ args: [String], cwd: String) -> (Int32, String, String) {
        let buf = CaptureBuffer()
        let ctx = CLIContext(currentDirectory: cwd, out: { buf.stdout += $0 }, err: { buf.stderr += $0 })
        let code = PhraseMatchCLI.run(args, context: ctx)
        return (code, buf.stdout, buf.stderr)
    }

    @Test func displayPathKeepsTheLeadingSlashAtTheRoot() throws {
        #expect(CatalogOptions.displayPath("/tmp/a/catalog.json", relativeTo: "/") == "/tmp/a/catalog.json")
        #expect(CatalogOptions.displayPath("/tmp/a/catalog.json", relativeTo: "/tmp") == "a/catalog.json")
        #expect(CatalogOptions.displayPath("/tmp/a/catalog.json", relativeTo: "/tmp/") == "a/catalog.json")
        #expect(CatalogOptions.displayPath("/tmpx/catalog.json", relativeTo: "/tmp") == "/tmpx/catalog.json")
        // Through the CLI: a bad catalog's error names the file by its full path when cwd is /.
        let bad = try tempFile("catalog.json", "{\"version\": 1, \"app\": ")
        let (code, out, _) = Self.run(["lint", "--catalog", bad], cwd: "/")
        #expect(code == ExitCode.badInput)
        #expect(out.hasPrefix(bad + "\n"), "\(out)")
        let (_, out2, _) = Self.run(["lint", "--catalog", bad], cwd: (bad as NSString).deletingLastPathComponent)
        #expect(out2.hasPrefix("catalog.json\n"), "\(out2)")
        // The REPL's :load shows paths the same way.
        let s = ReplSession(catalogPaths: [], catalogs: [], locale: "en", color: false, usedSamples: false, currentDirectory: "/")
        #expect(s.displayed(bad) == bad)
    }
}

extension ReadabilityTests {
    /// The explanation lines of `match --explain` (the lines after the first result's phrase).
    static func explained(_ text: String, locale: String) -> [String] {
        let (_, out, _) = runCLI(["match", "--explain", "--locale", locale, "--top", "1", text])
        return out.split(separator: "\n").map(String.init).filter { $0.hasPrefix("       ") }
            .map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: #" +"#, with: " ", options: .regularExpression) }
    }

    @Test func englishWordsOnceAsSaid() {
        let lines = Self.explained("hey siri what's my streak on vocavo", locale: "en")
        // "what's" is two words to the engine (what, is) and one line here, with what was heard.
        #expect(lines.filter { $0.contains("\"what's\"") } == ["extra \"what's\" (heard \"what is\")"])
        // The phrase side as the catalog writes it.
        #expect(lines.contains("missing ∅ ↔ \"Show\""))
        #expect(lines.contains("exact \"vocavo\" ↔ ${app} \"Vocavo\" 1"))
        // Free text, one line.
        #expect(Self.explained("search bookworm for climate change", locale: "en").last == "free-text \"for climate change\" ↔ ${query}")
    }

    @Test func japaneseByWordNotByCharacter() {
        let lines = Self.explained("すみませんアンペリーでバッテリー残量を教えてください", locale: "ja")
        #expect(lines == [
            "filler \"すみません\"",
            "exact \"アンペリー\" ↔ ${app} \"アンペリー\" 1",
            "filler \"で\"",
            "exact \"バッテリー\" ↔ \"バッテリー\" 1",
            "exact \"残量\" ↔ \"残量\" 1",
            "exact \"を\" ↔ \"を\" 1",
            "exact \"教え\" ↔ \"教え\" 1",
            "exact \"て\" ↔ \"て\" 1",
            "filler \"ください\"",
        ])
        let lock = Self.explained("ハースで玄関をロックしてくれる", locale: "ja")
        #expect(lock.filter { $0.contains("玄関") } == ["exact \"玄関\" ↔ \"玄関\" 1"])
        #expect(lock.last == "filler \"してくれる\"")
        // A character left out is part of its word's line, not a line of its own.
        let short = Self.explained("アンペリーでバテリー残量を教えて", locale: "ja")
        #expect(short.contains("exact+missing \"バテリー\" ↔ \"バッテリー\" 0.8"))
        #expect(!short.contains { $0.hasPrefix("missing") })
    }

    @Test func chineseByWordWithWhatWasHeard() {
        let lines = Self.explained("用爐邊開燈", locale: "zh-Hans")
        #expect(lines == [
            "filler \"用\"",
            "exact \"爐邊\" (heard \"炉边\") ↔ ${app} \"炉边\" 1",
            "exact \"開\" (heard \"开\") ↔ ${parameter} \"开\" 1",
            "exact \"燈\" (heard \"灯\") ↔ \"灯\" 1",
        ])
        // One-character Chinese words stay words.
        let all = Self.explained("用炉边把所有灯都开了", locale: "zh-Hans")
        #expect(all.contains("exact \"所有\" ↔ \"所有\" 1") && all.contains("exact \"灯\" ↔ \"灯\" 1") && all.contains("exact \"都\" ↔ \"都\" 1"))
    }

    /// JSON keeps the matcher's steps and adds the words, each pointing at its steps.
    @Test func jsonAddsWordsAndKeepsSteps() throws {
        let (_, out, _) = runCLI(["match", "--explain", "--format", "json", "--locale", "ja", "ハースで玄関をロックしてくれる"])
        let root = try JSONReader.parse(out)
        let best = try #require(root["results"]?.array?.first)
        let steps = try #require(best["explanation"]?.array)
        let words = try #require(best["words"]?.array)
        #expect(steps.count == 13 && words.count == 6)
        let said: [String] = words.map { $0["said"]?.string ?? "" }
        #expect(said == ["ハース", "で", "玄関", "を", "ロック", "してくれる"])
        func indices(_ w: JSONNode) -> [Int] { (w["steps"]?.array ?? []).compactMap { $0.number.map { Int($0) } } }
        #expect(indices(words[2]) == [2, 3])
        let all: [Int] = words.flatMap(indices)
        #expect(all == Array(0..<13))
    }

    @Test func normalizeColumnsLineUpInDisplayWidth() {
        #expect(DisplayWidth.of("バッテリー") == 10 && DisplayWidth.of("abc") == 3 && DisplayWidth.of("所有") == 4)
        let (_, out, _) = runCLI(["normalize", "--locale", "ja", "すみませんアンペリーで"])
        let rows = out.split(separator: "\n").dropFirst().map(String.init)
        // Every row's span column starts at the same display column.
        let starts = rows.map { r in DisplayWidth.of(String(r[..<r.range(of: "..<")!.lowerBound].reversed().drop { $0.isNumber }.reversed())) }
        #expect(Set(starts).count == 1, "\(rows)")
    }
}

extension ReadabilityTests {
    static let kinds = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Collisions/kinds.json").path

    /// Collision reports name a value by its title with its id beside it (the JSON keeps the id
    /// form and adds the title form).
    @Test func collisionsNameValuesByTitle() throws {
        let text = try String(contentsOfFile: Self.kinds, encoding: .utf8)
            .replacingOccurrences(of: "{\"id\": \"ann\", \"title\": \"Ann\"}", with: "{\"id\": \"7E1C2B9A-0001\", \"title\": \"Ann\"}")
        let file = try tempFile("catalog.json", text)
        let (_, out, _) = runCLI(["collisions", "--catalog", file, "--quiet"])
        #expect(out.contains("CallIntent(friend=Ann (7E1C2B9A-0001))"), "\(out)")
        #expect(out.contains("CallIntent(friend=anne)"))
        let (_, json, _) = runCLI(["collisions", "--catalog", file, "--quiet", "--format", "json"])
        let root = try JSONReader.parse(json)
        let sides = (root["pairs"]?.array ?? []).flatMap { [$0["a"], $0["b"]].compactMap { $0 } }
        let ann = try #require(sides.first { $0["target"]?.string == "com.example.fit/CallIntent(friend=7E1C2B9A-0001)" })
        #expect(ann["targetTitle"]?.string == "com.example.fit/CallIntent(friend=Ann (7E1C2B9A-0001))")
    }

    /// The html reports are laid out for a 1,400 px window (what Tests/HTML/check.py verifies in
    /// a browser): the collision matrix at most 1,300 px wide, the pairs in fixed columns.
    @Test func collisionsHTMLFitsTheWindow() throws {
        let (_, html, _) = runCLI(["collisions", "--catalog", Self.kinds, "--quiet", "--format", "html"])
        #expect(html.contains("<table class=\"pairs\">"))
        let widths = html.matches(of: /<svg [^>]*width="(\d+)"/).map { Int($0.1)! }
        #expect(!widths.isEmpty && widths.allSatisfy { $0 <= 1300 }, "\(widths)")
    }
}
