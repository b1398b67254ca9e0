import Foundation
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

/// The fast paths of `match` (issue 50) write what the paths they replace wrote, byte for byte:
/// a result's JSON line, a number, a blank line skipped, standard input's lines.
@Suite struct EndToEndSpeedTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `JSONOut.formatNumber` as it was written before it wrote bytes (the reference).
    static func referenceFormat(_ d: Double) -> String {
        guard d.isFinite else { return "0" }
        let scaled = (d * 10000).rounded()
        if abs(scaled) >= 1e15 {
            return abs(d) < 9e18 ? String(Int64(d)) : "\(d.rounded())"
        }
        let neg = scaled < 0
        var v = Int64(abs(scaled))
        let whole = v / 10000
        v %= 10000
        var frac = String(v)
        frac = String(repeating: "0", count: 4 - frac.count) + frac
        while frac.hasSuffix("0") { frac.removeLast() }
        let body = frac.isEmpty ? String(whole) : "\(whole).\(frac)"
        return (neg && (whole != 0 || !frac.isEmpty)) ? "-" + body : body
    }

    @Test func numbersAreWrittenAsBefore() {
        var values: [Double] = [0, -0.0, 1, -1, 0.5, 0.00005, 0.00004, -0.00005, -0.00004, 0.99995, 0.99994, 1.0001, 10, 100.25,
                                123456789.1234, 99999999999.9999, 1e11, 1e15, -1e15, 1e19, -1.5e300, 8.9e18, 9e18,
                                .nan, .infinity, -.infinity, .ulpOfOne, 0.1 + 0.2, 2.5e-5, 7.5e-5, 0.6, 0.544, 0.9669]
        var rng = SplitMix(state: 50)
        for _ in 0..<20_000 {
            let scale = [1.0, 10, 1000, 1e-3, 1e6, 1e12][rng.below(6)]
            let x = Double(rng.next() % 2_000_001) / 1_000_000 - 1
            values.append(x * scale)
            values.append((x * 10000).rounded() / 10000)
        }
        for v in values {
            #expect(JSONOut.formatNumber(v) == Self.referenceFormat(v), "\(v)")
        }
    }

    /// Every line of the apps' corpora in every language, matched with and without alignment
    /// steps: `writeJSON` writes `json(includeExplanation:).render()`.
    @Test func resultLinesAreTheTreesBytes() throws {
        for app in ["habits", "home", "music", "cards"] {
            let catalog = try CatalogLoader.load(path: Self.root.appendingPathComponent("Corpora/\(app)/catalog.json").path)
            let matcher = Matcher(catalogs: [catalog])
            let dir = Self.root.appendingPathComponent("Corpora/\(app)/corpus").path
            for file in try FileManager.default.contentsOfDirectory(atPath: dir).sorted() where file.hasSuffix(".jsonl") {
                let text = try String(contentsOfFile: dir + "/" + file, encoding: .utf8)
                let items = CorpusReader.parse(text, file: file).items
                for (k, item) in items.enumerated() where k % 3 == 0 {
                    for explain in [false, true] {
                        var o = matcher.options
                        o.explain = explain
                        let r = matcher.match(item.text, locale: item.locale, options: o)
                        var textBytes: [UInt8] = []
                        ResultText.write(r, into: &textBytes)
                        #expect(String(decoding: textBytes, as: UTF8.self) == ResultText.render(r, explain: false, color: false),
                                "\(app) \(file): \(item.text)")
                        for include in [false, true] {
                            var bytes: [UInt8] = []
                            r.writeJSON(into: &bytes, includeExplanation: include)
                            #expect(String(decoding: bytes, as: UTF8.self) == r.json(includeExplanation: include).render(),
                                    "\(app) \(file): \(item.text)")
                        }
                    }
                }
            }
        }
    }

    /// Refusals of every kind, a negative phrase, an unknown value and parameters: written as
    /// the tree writes them.
    @Test func unusualResultsAreTheTreesBytes() throws {
        let catalog = try CatalogLoader.load(path: Self.root.appendingPathComponent("Corpora/habits/catalog.json").path)
        let matcher = Matcher(catalogs: [catalog])
        for text in ["", "   ", "\"quoted\" \\ back\tslash \u{2028} line", "log water in habit tracker", "zzz", String(repeating: "a ", count: 20_000),
                     "log frobnicate in habit tracker", "delete all my habits in habit tracker"] {
            for o in [false, true] {
                var opts = matcher.options
                opts.explain = o
                let r = matcher.match(text, locale: "en", options: opts)
                var bytes: [UInt8] = []
                r.writeJSON(into: &bytes, includeExplanation: o)
                #expect(String(decoding: bytes, as: UTF8.self) == r.json(includeExplanation: o).render(), "\(text.prefix(40))")
                var textBytes: [UInt8] = []
                ResultText.write(r, into: &textBytes)
                #expect(String(decoding: textBytes, as: UTF8.self) == ResultText.render(r, explain: false, color: false), "\(text.prefix(40))")
            }
        }
    }

    @Test func reasonsAreWrittenAsTheirText() {
        // The four reasons worded by the byte writer alone (`Reason.text` reads it): their words.
        #expect(Reason.matched(score: 0.95, threshold: 0.6).text == "score 0.95 ≥ threshold 0.6")
        #expect(Reason.belowThreshold(score: 0.5381, threshold: 0.6).text == "best score 0.5381 is below the threshold 0.6")
        #expect(Reason.confident(confidence: 0.9, threshold: 0.75).text == "confidence 0.9 ≥ 0.75")
        #expect(Reason.lowConfidence(confidence: -0.25, threshold: 0.5).text == "the best result's confidence -0.25 is below 0.5")
        var rng = SplitMix(state: 7)
        for _ in 0..<2_000 {
            let a = Double(rng.next() % 2_000_001) / 1_000_000 - 0.5, b = Double(rng.next() % 1_000_001) / 1_000_000
            for r in [Reason.matched(score: a, threshold: b), .belowThreshold(score: a, threshold: b), .confident(confidence: a, threshold: b),
                      .lowConfidence(confidence: a, threshold: b), .noAppBelowThreshold(score: a, threshold: b), .tooClose(margin: a),
                      .matchedWithoutApp(app: "a \"q\" \\ app", score: a), .noOverlap, .otherApp("x\ty"), .exact,
                      .negative(template: "Delete \"${applicationName}\"", app: "com.a"), .negative(template: "x", app: nil),
                      .unknownValue(words: "a\u{2028}b", parameter: "p", template: "Log ${p} in \\ ${applicationName}"),
                      .severalApps, .noWords, .tooLong, .noLocale("x\"y"), .meaning(score: a, cosine: b, margin: a)] {
                var t: [UInt8] = [], j: [UInt8] = [], e: [UInt8] = []
                r.writeText(into: &t)
                r.writeJSONString(into: &j)
                JSONOut.escape(r.text, into: &e)
                #expect(String(decoding: t, as: UTF8.self) == r.text)
                #expect(j == e, "\(r.text)")
            }
        }
    }

    @Test func blankLinesAreTheTrimmedOnes() {
        for s in ["", " ", "\t", " \t ", "\u{3000}", "\u{00A0}x", "\u{00A0}", "\u{2003} \u{2009}", "a", " a ", "\u{200B}", "\u{FEFF}",
                  "\n", "\r", "\u{0085}", "\u{1680}", "\u{180E}", "\u{202F}\u{205F}", "é", "日本"] {
            #expect(MatchCommand.isBlank(s) == s.trimmingCharacters(in: .whitespaces).isEmpty, "\(s.unicodeScalars.map { $0.value })")
        }
    }

    /// `StandardInputLines` gives the lines `Swift.readLine(strippingNewline: true)` gives.
    @Test func standardInputLinesAreReadLinesLines() throws {
        let inputs: [[UInt8]] = [
            Array("one\ntwo\r\nthree".utf8), Array("\n\n".utf8), Array("a\r\r\nb\rc\n".utf8), [],
            Array("x\n".utf8) + [0xFF, 0xFE, 0x0A] + Array("é\r".utf8), Array(repeating: UInt8(ascii: "z"), count: 200_000) + [0x0A, 0x41],
            Array("\0mid\0\n\r\n".utf8),
        ]
        for bytes in inputs {
            var fds: [Int32] = [0, 0]
            #expect(pipe(&fds) == 0)
            let (readEnd, writeEnd) = (fds[0], fds[1])
            let writer = Thread {
                StandardInputLines.writeAll(writeEnd, bytes)
                close(writeEnd)
            }
            writer.start()
            let lines = StandardInputLines(fd: readEnd)
            var got: [String] = []
            while let l = lines.next() { got.append(l) }
            close(readEnd)
            #expect(got == Self.referenceLines(bytes), "\(bytes.prefix(20))")
        }
    }

    /// What `readLine(strippingNewline: true)` returns line by line for these bytes: split after
    /// each "\n", decoded (repairing), a last Character "\n" or "\r\n" removed.
    static func referenceLines(_ bytes: [UInt8]) -> [String] {
        var out: [String] = []
        var start = 0
        func emit(_ end: Int) {
            var s = String(decoding: bytes[start..<end], as: UTF8.self)
            if let c = s.last, c == "\n" || c == "\r\n" { s.removeLast() }
            out.append(s)
        }
        for (i, b) in bytes.enumerated() where b == 0x0A {
            emit(i + 1)
            start = i + 1
        }
        if start < bytes.count { emit(bytes.count) }
        return out
    }

    /// `match` over standard input writes one line per utterance, blank lines skipped, in order.
    @Test func matchWritesEveryLineThroughItsBuffer() throws {
        let catalog = Self.root.appendingPathComponent("Corpora/habits/catalog.json").path
        let texts = (0..<3000).map { k in k % 7 == 0 ? "  " : "log \(["water", "reading", "yoga"][k % 3]) in habit tracker \(k)" }
        let (code, out, _) = runCLI(["match", "--no-semantic", "--format", "json", "--catalog", catalog], stdin: texts)
        #expect(code == 0 || code == 1)
        let lines = out.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == texts.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count + 1)
        #expect(lines.last == "")
        #expect(lines.first?.contains("habit tracker 1\"") == true)
    }
}
