import Foundation
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI
#if canImport(FoundationXML)
import FoundationXML
#endif

/// `eval --format junit` read back by a real XML parser, and `--format html` self-contained.
@Suite struct EvalReportTests {
    static let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Repl/habits.json").path

    /// Two corpus files: utterances said as written (routed right whatever the tuning), two that
    /// expect the wrong thing (so they are misrouted for certain), and text that XML and HTML must escape.
    static let corpusA = """
    {"text": "log water in habit tracker", "expect": {"intent": "LogHabitIntent", "parameters": {"habit": "h1"}}, "tags": ["clean"]}
    {"text": "show my streaks in habit tracker", "expect": {"intent": "ShowStreaksIntent"}, "tags": ["clean"]}
    {"text": "what's the weather tomorrow", "expect": null, "tags": ["out-of-domain"]}
    {"text": "log water in habit tracker", "expect": {"intent": "LogHabitIntent", "parameters": {"habit": "h2"}}, "tags": ["wrong"]}
    {"text": "<script>alert('x')</script> & \\"quotes\\" \\u0001 \\ufffe", "expect": {"intent": "ShowStreaksIntent"}, "tags": ["escape <me>"]}

    """
    static let corpusB = """
    {"text": "note eau dans suivi habitudes", "locale": "fr", "expect": {"intent": "LogHabitIntent", "parameters": {"habit": "h1"}}, "tags": ["clean"]}
    {"text": "log meditation in habit tracker", "expect": {"intent": "LogHabitIntent", "parameters": {"habit": "h2"}}, "tags": ["clean"]}

    """

    func corpora() throws -> (String, String, String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pe-eval-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data(Self.corpusA.utf8).write(to: URL(fileURLWithPath: dir + "/a.jsonl"))
        try Data(Self.corpusB.utf8).write(to: URL(fileURLWithPath: dir + "/b.jsonl"))
        return (dir, "a.jsonl", "b.jsonl")
    }

    func run(_ args: [String], in dir: String) -> (code: Int32, out: String, err: String) {
        let buf = CaptureBuffer()
        let ctx = CLIContext(currentDirectory: dir, out: { buf.stdout += $0 }, err: { buf.stderr += $0 })
        let code = PhraseMatchCLI.run(args, context: ctx)
        return (code, buf.stdout, buf.stderr)
    }

    /// Counts elements and collects the attributes of the suites, as a JUnit consumer would.
    final class JUnitReader: NSObject, XMLParserDelegate {
        var testcases = 0, failures = 0
        var root: [String: String] = [:]
        var suites: [(attributes: [String: String], testcases: Int, failures: Int)] = []
        var names: [String] = []
        var failureMessages: [String] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            switch name {
            case "testsuites": root = attributes
            case "testsuite": suites.append((attributes, 0, 0))
            case "testcase":
                testcases += 1
                names.append(attributes["name"] ?? "")
                if !suites.isEmpty { suites[suites.count - 1].testcases += 1 }
            case "failure":
                failures += 1
                failureMessages.append(attributes["message"] ?? "")
                if !suites.isEmpty { suites[suites.count - 1].failures += 1 }
            default: break
            }
        }
    }

    @Test func junitParsesAndCountsMatchTheCorpusAndTheMisrouted() throws {
        let (dir, a, b) = try corpora()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let args = ["eval", "--catalog", Self.catalog, "--stable", a, b]
        let junit = run(args + ["--format", "junit"], in: dir)
        let json = run(args + ["--format", "json"], in: dir)
        #expect(junit.code == 0 && json.code == 0)
        let report = try JSONReader.parse(json.out)
        let count = Int(report["count"]?.number ?? -1)
        guard let misrouted = report["misrouted"]?.array else {
            Issue.record("no misrouted array in the json report")
            return
        }

        let reader = JUnitReader()
        let parser = XMLParser(data: Data(junit.out.utf8))
        parser.delegate = reader
        #expect(parser.parse(), "XMLParser: \(parser.parserError.map { "\($0)" } ?? "") at line \(parser.lineNumber)")
        #expect(count == 7)
        #expect(reader.testcases == count)
        #expect(misrouted.count == 2)
        #expect(reader.failures == misrouted.count)
        #expect(reader.root["tests"] == String(count))
        #expect(reader.root["failures"] == String(misrouted.count))
        #expect(reader.suites.map { $0.attributes["name"] ?? "" } == ["a.jsonl", "b.jsonl"])
        for s in reader.suites {
            #expect(s.attributes["tests"] == String(s.testcases))
            #expect(s.attributes["failures"] == String(s.failures))
        }
        // Escaped text comes back as written (less the control characters XML cannot hold).
        #expect(reader.names.contains("line 5: <script>alert('x')</script> & \"quotes\"  "))
        // Values by title with the id beside it (the expected one from the catalog).
        #expect(reader.failureMessages.contains { $0.hasPrefix("expected LogHabitIntent habit=Meditation (h2); got match LogHabitIntent habit=Water (h1)") })
    }

    @Test func htmlIsSelfContained() throws {
        let (dir, a, b) = try corpora()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = run(["eval", "--catalog", Self.catalog, "--stable", "--format", "html", a, b], in: dir)
        #expect(r.code == 0)
        let html = r.out
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<svg"))
        #expect(html.contains("aria-label=\"confusion matrix\""))
        #expect(!html.lowercased().contains("<script"), "no scripts (and the utterance's is escaped)")
        #expect(html.contains("&lt;script&gt;"))
        #expect(!html.contains("http://") && !html.contains("https://"), "no URLs at all")
        #expect(!html.contains("src=") && !html.contains("<link") && !html.contains("url(") && !html.contains("@import"))
        #expect(html.contains("Misrouted (2)"))
        #expect(html.hasSuffix("</body></html>\n"))
        // The same with timings: still nothing outside the file.
        let timed = run(["eval", "--catalog", Self.catalog, "--format", "html", a, b], in: dir).out
        #expect(!timed.contains("http") && timed.contains("utterances/s"))
    }

    /// Predictions on many threads are those of one thread, in input order, whatever the chunking.
    @Test func parallelEvaluationEqualsOneThread() throws {
        let m = Matcher(catalogs: [try CatalogLoader.load(path: Self.catalog)])
        let base = CorpusReader.parse(Self.corpusA + Self.corpusB, file: "x.jsonl").items
        #expect(base.count == 7)
        var items: [CorpusItem] = []
        while items.count < 1003 { items += base }
        items = Array(items.prefix(1003))
        func render(_ ps: [Prediction]) -> [String] { ps.map { $0.json.render() + $0.reason } }
        let one = Evaluator.run(items, matcher: m, threads: 1).predictions
        #expect(one.map(\.item) == items)
        for threads in [2, 3, 8] {
            #expect(render(Evaluator.run(items, matcher: m, threads: threads).predictions) == render(one))
        }
        #expect(Evaluator.run([], matcher: m, threads: 2).predictions.isEmpty)
        #expect(render(Evaluator.run([items[0]], matcher: m, threads: 2).predictions) == render([one[0]]))
    }

    /// `--stream`: the same lines and warnings with one thread or several, across batch boundaries.
    @Test func streamIsTheSameOnOneThreadOrMany() {
        var input: [String] = []
        for k in 0..<5000 {
            let lines = (Self.corpusA + Self.corpusB).split(separator: "\n").map(String.init)
            input.append(k == 4500 ? "{not json" : lines[k % lines.count])
        }
        func stream(_ threads: String) -> (Int32, String, String) {
            let (ctx, buf) = CLIContext.capturing(stdin: input)
            let code = PhraseMatchCLI.run(["eval", "--catalog", Self.catalog, "--stream", "--threads", threads], context: ctx)
            return (code, buf.stdout, buf.stderr)
        }
        let one = stream("1"), two = stream("2")
        #expect(one.0 == ExitCode.badInput)
        #expect(one.1.split(separator: "\n").count == 4999)
        #expect(one.2.contains("<stdin>:4501"))
        #expect(two.0 == one.0 && two.1 == one.1 && two.2 == one.2)
    }

    /// The corpus reader's line splitting and trimming agree with Foundation's.
    @Test func linesAndTrimmingAsFoundation() {
        let texts = ["", "\n", "a", "a\n", "a\n\nb", "a\r\nb\rc\n", "a\u{2028}b\u{2029}c\u{85}d", "\r\n\r\n", "x\r",
                     "é\nü\r\n日本\u{2028}", "a\u{0B}b\u{0C}c", "\r\r\n\n"]
        for t in texts {
            var expected: [String] = []
            t.enumerateLines { line, _ in expected.append(line) }
            var got: [String] = []
            CorpusReader.forEachLine(t) { got.append($0) }
            #expect(got == expected, "\(t.debugDescription)")
        }
        for t in ["", " ", " a ", "\ta", "a\t", "a\u{00A0}", "\u{3000}x", "x", "é", "\u{2003}\u{2003}", "a b"] {
            #expect(CorpusReader.trimmedSpaces(t) == t.trimmingCharacters(in: .whitespaces), "\(t.debugDescription)")
        }
    }

    /// A string literal is what a scalar-by-scalar escaper writes (the renderer copies a string
    /// with nothing to escape whole), and reads back as the string.
    @Test func stringsRenderAsEscapedScalarByScalar() throws {
        func reference(_ s: String) -> String {
            var out = "\""
            for u in s.unicodeScalars {
                switch u {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                default:
                    if u.value < 0x20 || u.value == 0x2028 || u.value == 0x2029 {
                        let hex = String(u.value, radix: 16)
                        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    } else {
                        out.unicodeScalars.append(u)
                    }
                }
            }
            return out + "\""
        }
        let tricky = ["", "plain", "quote \" and \\ back", "tab\tnew\nline\r", "\u{01}\u{1F}\u{7F}", "line\u{2028}para\u{2029}",
                      "’curly’ “quotes” …", "日本語", "emoji 👍🏽", "\u{E2}", "end\u{2028}", "é\u{301}", "\u{2027}\u{202A}"]
        for t in tricky {
            #expect(JSONOut.string(t).render() == reference(t), "\(t.debugDescription)")
            #expect(JSONOut.object([(t, .string(t))]).render() == "{" + reference(t) + ": " + reference(t) + "}")
            let back = try JSONSerialization.jsonObject(with: Data(JSONOut.array([.string(t)]).render().utf8)) as? [String]
            #expect(back == [t], "\(t.debugDescription)")
        }
        // Long strings (read eight bytes at a time) with the characters to escape anywhere.
        let alphabet: [String] = ["a", "Z", " ", "\"", "\\", "\n", "\u{1F}", "\u{7F}", "é", "日", "\u{2028}", "\u{2029}",
                                  "\u{2027}", "\u{202F}", "“", "👍🏽", "\u{80}", "~"]
        var rng = SplitMix64(seed: 7)
        for _ in 0..<2000 {
            let t = (0..<Int(rng.next() % 40)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }.joined()
            #expect(JSONOut.string(t).render() == reference(t), "\(t.debugDescription)")
        }
    }
}
