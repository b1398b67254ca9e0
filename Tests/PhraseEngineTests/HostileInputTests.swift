import Foundation
import Synchronization
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

/// Hostile inputs (issue 32): each is answered with one clear line naming the file and the
/// place (line:column or JSON path) and a nonzero exit, in bounded time and memory. The bounds
/// are loose on purpose (a loaded 2-core machine, a debug build): they catch a hang or a
/// blow-up, never a slowdown.
@Suite struct HostileInputTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let plants = root.appendingPathComponent("docs/examples/plants.catalog.json").path
    static let plantsText: String = (try? String(contentsOfFile: plants, encoding: .utf8)) ?? ""

    /// Peak resident memory of this process so far, in MB.
    static func peakMB() -> Int {
        var u = rusage()
        getrusage(RUSAGE_SELF.rawValue, &u)
        return Int(u.ru_maxrss) / 1024
    }

    /// Runs `body`, then checks it took under `seconds` and raised the peak memory by under `mb`.
    func bounded<T>(_ what: String, seconds: Double, mb: Int = 1_500, _ body: () throws -> T) rethrows -> T {
        let before = Self.peakMB()
        let start = Date()
        let r = try body()
        let took = Date().timeIntervalSince(start)
        #expect(took < seconds, "\(what) took \(took) s")
        #expect(Self.peakMB() - before < mb, "\(what) raised the peak memory by \(Self.peakMB() - before) MB")
        return r
    }

    /// A catalog the command refuses: exit 3, and the first line names the file and the place.
    func refused(_ file: String, _ text: String? = nil, bytes: [UInt8]? = nil, place: String, says: String,
                 seconds: Double = 60) throws {
        let path = try tempFile(file, "")
        try Data(bytes ?? Array((text ?? "").utf8)).write(to: URL(fileURLWithPath: path))
        let (code, _, err) = bounded(file, seconds: seconds) { runCLI(["match", "--catalog", path, "water basil"]) }
        #expect(code == ExitCode.badInput)
        let first = err.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.contains(file) && first.contains(place) && (says.isEmpty || first.contains(says)), "\(file): \(first)")
        #expect(err.split(separator: "\n").count <= 2, "\(file): more than one error line: \(err.prefix(300))")
    }

    @Test func jsonNested100000Deep() throws {
        try refused("deep.json", String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000),
                    place: "1:257", says: "nesting deeper than 256")
        try refused("deep-object.json", String(repeating: #"{"a":"#, count: 100_000) + "1" + String(repeating: "}", count: 100_000),
                    place: "1:", says: "nesting deeper")
    }

    @Test func nulBytesAndInvalidUTF8InACatalog() throws {
        let nul = Self.plantsText.replacingOccurrences(of: #""Leafy""#, with: "\"Lea\u{0}fy\"")
        try refused("nul.json", nul, place: ":", says: "U+0000")
        var bad = Array(Self.plantsText.utf8)
        let at = try #require(Self.plantsText.utf8.firstIndex(of: UInt8(ascii: "L")))
        bad.insert(contentsOf: [0xFF, 0xFE], at: Self.plantsText.utf8.distance(from: Self.plantsText.utf8.startIndex, to: at))
        try refused("bad-utf8.json", bytes: bad, place: ":", says: "invalid UTF-8")
        try refused("nul-outside.json", "{\u{0}}", place: "1:2", says: "expected a string key")
    }

    // A 50 MB catalog of 1,150,000 options in twelve entities (with an error at the end: its
    // position) is CatalogCommandsTests.fiftyMegabyteCatalog; 100,000 options streamed to a file are
    // CatalogCommandsTests.hugeEntityStreamsToAFile.

    /// An entity of more options than CatalogLoader.maxEntityOptions is one error at its JSON
    /// path, answered before anything is indexed; one at the limit loads and matches.
    @Test func anEntityOfTooManyOptions() throws {
        func catalog(_ n: Int) -> String {
            var s = #"{"app":{"id":"big","name":"Big App"},"entities":{"Thing":{"options":["#
            s.reserveCapacity(n * 40)
            for i in 0..<n { s += (i > 0 ? "," : "") + "{\"id\":\"o\(i)\",\"title\":\"thing \(i)\"}" }
            return s + #"]}},"shortcuts":[{"intent":"OpenIntent","parameters":{"thing":"Thing"},"phrases":["Open ${thing} in ${applicationName}"]}]}"#
        }
        try refused("options.json", catalog(CatalogLoader.maxEntityOptions + 1), place: "entities.Thing.options",
                    says: "entity of 100,001 options; at most 100,000 are read", seconds: 60)
        let path = try tempFile("options-ok.json", catalog(CatalogLoader.maxEntityOptions))
        let (code, out, err) = bounded("100,000 options", seconds: 120, mb: 2_000) {
            runCLI(["match", "--catalog", path, "open thing 5 in big app"])
        }
        #expect(code == 0, "\(err)")
        #expect(out.contains("OpenIntent thing=thing 5 (o5)"), "\(out)")
    }

    /// A value title of thousands of words (random syllables, so no word repeats much) cost the
    /// search hours where the utterance said it (the cost grows with the cube of the value's
    /// words: 512 words took 4.8 s a query in a release build): a name, title or synonym over
    /// `CatalogLoader.maxNameBytes` is one error at its JSON path. One at the limit loads, and an
    /// utterance saying its words over and over, as long as the search still reads, is bounded.
    @Test func aValueOfThousandsOfWords() throws {
        var state: UInt64 = 12_345
        func word() -> String {
            let syllables = ["ka", "lo", "mi", "tu", "ren", "sa", "po", "di", "ve", "nu", "ga", "shi"]
            return (0..<2 + Int(state % 2)).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return syllables[Int(state >> 33) % syllables.count]
            }.joined()
        }
        func catalog(title: String, synonym: String = "leafy", alternative: String = "Diary") -> String {
            #"{"app":{"id":"a","name":"Plant Diary","alternativeNames":[""# + alternative + #""]},"entities":{"Thing":{"options":[{"id":"x","title":""#
                + title + #"","synonyms":[""# + synonym + #""]},{"id":"y","title":"basil"}]}},"shortcuts":[{"intent":"WaterIntent","parameters":{"p":"Thing"},"phrases":["Water ${p} in ${applicationName}"]}]}"#
        }
        let long = (0..<4_000).map { _ in word() }.joined(separator: " ")
        try refused("title.json", catalog(title: long), place: "entities.Thing.options[0].title", says: "at most 1024 are read")
        try refused("synonym.json", catalog(title: "fern", synonym: long), place: "entities.Thing.options[0].synonyms[0]", says: "at most 1024 are read")
        try refused("alternative.json", catalog(title: "fern", alternative: long), place: "app.alternativeNames[0]", says: "at most 1024 are read")
        // At the limit: loads and matches.
        var words: [String] = []
        while (words + [word()]).joined(separator: " ").utf8.count <= CatalogLoader.maxNameBytes { words.append(word()) }
        let title = words.joined(separator: " ")
        let m = Matcher(catalogs: [try CatalogLoader.parse(catalog(title: title), file: "limit.json")])
        let said = bounded("a value at the limit", seconds: 30) { m.match("water \(title) in plant diary", locale: "en") }
        #expect(said.decision == .match && said.top?.parameters.first?.value == .entity("x"))
        // Its words said again and again, shuffled, just short of "far longer than any phrase".
        var utterance = ["water"] + words + ["in", "plant", "diary"]
        while utterance.count < 3 * (words.count + 4) {
            state = state &* 6_364_136_223_846_793_005 &+ 1
            utterance.append(words[Int(state >> 33) % words.count])
        }
        let r = bounded("\(utterance.count) words of a value at the limit", seconds: 60) { m.match(utterance.joined(separator: " "), locale: "en") }
        #expect(r.why != .noWords)
    }

    /// Found by the `project` fuzz target (a 9.4 KB .xcconfig, 12 s): build settings that name
    /// another setting twice at every level doubled the work a level (40 lines took hours), and
    /// so did a cycle of two. Now each is expanded once a resolution, a cycle ends where it
    /// closes, and a value is at most `BuildSettings.maxValueLength` bytes, cut ones marked `…`.
    @Test func buildSettingsThatDoubleAtEveryLevel() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pe-xcconfig-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        func settings(_ name: String, _ lines: [String]) throws -> BuildSettings {
            let path = dir.appendingPathComponent(name).path
            try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
            var diags: [Diagnostic] = []
            let list = XCConfig.assignments(path: path, level: "t", diagnostics: &diags)
            #expect(diags.isEmpty, "\(diags.map(\.message))")
            return BuildSettings(list, configuration: "Debug")
        }
        // 2^12 copies of x fit; 2^40 would not.
        let short = try settings("Short.xcconfig", ["PRODUCT_NAME = $(A1)$(A1)"] + (1..<12).map { "A\($0) = $(A\($0 + 1))$(A\($0 + 1))" } + ["A12 = x"])
        let four = try #require(bounded("12 doublings", seconds: 10, mb: 200) { short.value("PRODUCT_NAME") })
        #expect(four.value == String(repeating: "x", count: 4096))
        #expect(four.unresolved.isEmpty)
        let long = try settings("Long.xcconfig", ["PRODUCT_NAME = $(A1)$(A1)"] + (1..<40).map { "A\($0) = $(A\($0 + 1))$(A\($0 + 1))" } + ["A40 = x"])
        let cut = try #require(bounded("40 doublings", seconds: 10, mb: 200) { long.value("PRODUCT_NAME") })
        #expect(cut.value.utf8.count <= BuildSettings.maxValueLength && cut.value.utf8.count > 4096)
        #expect(cut.unresolved == ["…"])
        let cycle = try settings("Cycle.xcconfig", ["PRODUCT_NAME = $(B)$(B)", "B = $(C)$(C)", "C = $(B)$(B)"])
        let ended = try #require(bounded("a cycle of two", seconds: 10, mb: 200) { cycle.value("PRODUCT_NAME") })
        #expect(ended.value == "" && ended.unresolved == ["…"])
        // A chain of 5,000 distinct settings, each named once: cut at the depth limit, quickly.
        let chain = try settings("Chain.xcconfig", ["PRODUCT_NAME = $(C1)"] + (1..<5_000).map { "C\($0) = c$(C\($0 + 1))" } + ["C5000 = end"])
        let deep = try #require(bounded("a chain of 5,000", seconds: 10, mb: 200) { chain.value("PRODUCT_NAME") })
        #expect(deep.value.hasPrefix("ccc") && deep.unresolved == ["…"])
    }

    @Test func templateWith10000Parameters() throws {
        let many = (0..<10_000).map { "${p\($0)}" }.joined(separator: " ")
        let text = Self.plantsText.replacingOccurrences(of: "Water my ${plant} with ${applicationName}", with: many)
        try refused("params.json", text, place: "shortcuts[0].phrases.en[0]", says: "at most")
        // Under the byte limit, the token limit.
        let tokens = (0..<40).map { _ in "${plant}" }.joined()
        try refused("tokens.json", Self.plantsText.replacingOccurrences(of: "Water my ${plant} with ${applicationName}", with: tokens),
                    place: "shortcuts[0].phrases.en[0]", says: "40 tokens")
    }

    @Test func enormousUtterances() throws {
        let m = Matcher(catalogs: [try CatalogLoader.load(path: Self.plants)])
        let words = Array(repeating: "water", count: 100_000).joined(separator: " ")
        let r = bounded("100,000 words", seconds: 20) { m.match(words, locale: "en") }
        #expect(r.decision == .none && r.why == .tooLong)
        // 100,000 Thai characters without a space (dictionary segmentation; 1.9 s in a release
        // build before the length limit), against a catalog with Thai phrases.
        let th = Matcher(catalogs: [try CatalogLoader.load(path: Self.root.appendingPathComponent("Corpora/recipes/catalog.json").path)])
        let thai = String(repeating: "สวัสดีครับ", count: 10_000)
        let long = bounded("100,000 Thai characters", seconds: 20) { th.match(thai, locale: "th") }
        #expect(long.decision == .none && long.why == .tooLong)
        // Just under the limit, segmented and read: still bounded.
        let under = String(thai.prefix(Matcher.maxUtteranceBytes / 3 - 1))
        let read = bounded("10,000 Thai characters", seconds: 60) { th.match(under, locale: "th") }
        #expect(read.decision == .none && read.why != .noLocale("th"))
        // Through the CLI (stdin), one result line.
        let (code, out, _) = bounded("match on stdin", seconds: 30) { runCLI(["match", "--catalog", Self.plants], stdin: [words]) }
        #expect(code == 0 || code == 1)
        #expect(out.contains("far longer than any phrase"))
    }

    @Test func corpusWithInvalidUTF8OrNULs() throws {
        var bytes = Array(#"{"text": "water basil in leafy", "expect": null}"#.utf8) + [0x0A]
        bytes += Array(#"{"text": "water "#.utf8) + [0xC3, 0x28] + Array(#" basil", "expect": null}"#.utf8) + [0x0A]
        let path = try tempFile("bad.jsonl", "")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let (code, _, err) = runCLI(["eval", "--catalog", Self.plants, path])
        #expect(code == ExitCode.badInput)
        #expect(err.contains("bad.jsonl:2:17: invalid UTF-8"), "\(err)")
        let nul = try tempFile("nul.jsonl", "{\"text\": \"water\u{0} basil\", \"expect\": null}\n")
        let (c2, out2, err2) = runCLI(["eval", "--catalog", Self.plants, nul])
        #expect(c2 != 0 || out2.contains("nul.jsonl:1:"), "\(out2) \(err2)")
    }

    @Test func aDirectoryWhereAFileIsExpected() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pe-dir-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let (c1, _, e1) = runCLI(["match", "--catalog", dir, "x"])
        #expect(c1 == ExitCode.badInput && e1.contains("is a directory"))
        let (c2, _, e2) = runCLI(["eval", "--catalog", Self.plants, dir])
        #expect(c2 == ExitCode.badInput && e2.contains("is a directory"), "\(e2)")
        let (c3, _, e3) = runCLI(["match", "--catalog", Self.plants, "--model", dir, "x"])
        #expect(c3 != 0 && e3.split(separator: "\n").count == 1, "\(e3)")
    }

    /// A catalog and a corpus removed and rewritten while commands read them: every run ends with
    /// its answer or one error line, never a crash.
    @Test func filesThatVanishWhileRead() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pe-vanish-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let cat = dir + "/c.json", corpus = dir + "/c.jsonl"
        let line = #"{"text": "water basil in leafy", "expect": null}"# + "\n"
        let stop = Flag()
        let churn = Thread {
            while !stop.isSet {
                _ = FileManager.default.createFile(atPath: cat, contents: Data(Self.plantsText.utf8))
                _ = FileManager.default.createFile(atPath: corpus, contents: Data(String(repeating: line, count: 200).utf8))
                try? FileManager.default.removeItem(atPath: cat)
                try? FileManager.default.removeItem(atPath: corpus)
            }
        }
        churn.start()
        defer { stop.set() }
        for _ in 0..<30 {
            let (code, _, err) = runCLI(["eval", "--catalog", cat, corpus])
            #expect([0, 1, ExitCode.badInput].contains(code), "exit \(code): \(err)")
            if code == ExitCode.badInput { #expect(!err.isEmpty && err.split(separator: "\n").count <= 2, "\(err)") }
        }
    }

    /// A million corpus lines through `eval --stream` (one utterance in a thousand a real one, the
    /// rest short words that match nothing): a prediction line each, in order, with the memory of
    /// the process bounded (its peak, read from /proc while it runs, on Linux) and in bounded time.
    @Test(.enabled(if: ReplTests.executable != nil, "the phrasematch executable is needed"))
    func aMillionCorpusLinesStreamInBoundedMemory() throws {
        let exe = try #require(ReplTests.executable)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pe-million-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let input = dir + "/corpus.jsonl", output = dir + "/predictions.jsonl"
        let n = 1_000_000
        #expect(FileManager.default.createFile(atPath: input, contents: nil))
        let h = try #require(FileHandle(forWritingAtPath: input))
        var chunk = ""
        for i in 0..<n {
            chunk += i % 1000 == 0 ? #"{"text": "water my basil with leafy", "expect": null}"# + "\n" : #"{"text": "zz", "expect": null}"# + "\n"
            if chunk.utf8.count > 1 << 20 { h.write(Data(chunk.utf8)); chunk = "" }
        }
        h.write(Data(chunk.utf8))
        try h.close()
        #expect(FileManager.default.createFile(atPath: output, contents: nil))
        let p = Process()
        p.executableURL = URL(fileURLWithPath: exe)
        p.arguments = ["eval", "--catalog", Self.plants, "--stream", "--threads", "2"]
        p.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: input))
        p.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        p.standardError = FileHandle.nullDevice
        let start = Date()
        try p.run()
        var peakKB = 0
        while p.isRunning {
            if let status = try? String(contentsOfFile: "/proc/\(p.processIdentifier)/status", encoding: .utf8),
               let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
               let kb = Int(line.split(separator: " ").dropFirst().first ?? "") {
                peakKB = max(peakKB, kb)
            }
            Thread.sleep(forTimeInterval: 0.2)
        }
        p.waitUntilExit()
        let took = Date().timeIntervalSince(start)
        #expect(p.terminationStatus == 0)
        #expect(took < 300, "a million lines took \(took) s")
        #if os(Linux)
        #expect(peakKB > 0 && peakKB < 400_000, "peak resident memory \(peakKB) KB")
        #endif
        // One prediction a line, in order: line 1 and every thousandth are the real utterance.
        let out = try String(contentsOfFile: output, encoding: .utf8)
        var count = 0, matched = 0
        for (i, line) in out.split(separator: "\n").enumerated() {
            count += 1
            if i % 1000 == 0 && line.contains("\"decision\": \"match\"") && line.contains("<stdin>:\(i + 1)\"") { matched += 1 }
        }
        #expect(count == n)
        #expect(matched == n / 1000, "\(matched) of the \(n / 1000) real utterances matched in their place")
    }

    /// `--output` is written to a temporary file and renamed: killing the process in the middle
    /// of a large report leaves the old report as it was.
    @Test(.enabled(if: ReplTests.executable != nil, "the phrasematch executable is needed"))
    func aKilledWriteLeavesTheOldReport() throws {
        let exe = try #require(ReplTests.executable)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pe-kill-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let report = dir + "/report.txt"
        let old = "the old report\n"
        let arguments = ["expand", "--catalog", Self.root.appendingPathComponent("Corpora/music/catalog.json").path, "--locale", "all", "--include-truncated", "--output", report]
        // A started run of the tool, its output discarded.
        func started() throws -> Process {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: exe)
            p.arguments = arguments
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            return p
        }
        // The whole report, written by a run left to finish.
        let full = try started()
        full.waitUntilExit()
        let whole = try String(contentsOfFile: report, encoding: .utf8)
        #expect(full.terminationStatus == 0 && whole.hasSuffix("\n"))
        var killedMidway = 0
        for delay in [0.05, 0.15, 0.3, 0.6, 1.0, 2.0] {
            try Data(old.utf8).write(to: URL(fileURLWithPath: report))
            let p = try started()
            Thread.sleep(forTimeInterval: delay)
            let running = p.isRunning
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
            let now = try String(contentsOfFile: report, encoding: .utf8)
            if running && p.terminationReason == .uncaughtSignal {
                killedMidway += 1
                // Killed before the rename: the old report; killed after it (while exiting): the
                // whole new one. Never a part of it.
                #expect(now == old || now == whole, "killed after \(delay) s, the report is \(now.utf8.count) bytes, neither the old one nor the whole new one")
            } else {
                // It finished first: the new report is whole.
                #expect(now == whole)
            }
        }
        #expect(killedMidway > 0, "every run finished before the kill; the test saw no write cut short")
    }
}

/// A flag one thread sets and another reads.
final class Flag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
}
