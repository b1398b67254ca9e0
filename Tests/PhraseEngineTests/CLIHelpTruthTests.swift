import Foundation
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

/// `--help` tells the truth: every option is in the usage line, every default it states is the
/// default (running without the option works, and passing the stated value changes nothing),
/// and the long commands' progress never reaches standard output.
@Suite struct CLIHelpTruthTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static var plants: String { root.appendingPathComponent("docs/examples/plants.catalog.json").path }
    static var plantsCorpus: String { root.appendingPathComponent("docs/examples/plants.corpus.jsonl").path }
    static var habitsProject: String { root.appendingPathComponent("Tests/PhraseEngineTests/Fixtures/Import/HabitTracker").path }

    /// A sample-apps folder holding only the plants example (catalog and corpus), so the
    /// "default: the sample apps" runs take the same code path as the bundled ones, quickly.
    static func samplesFolder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pe-samples-\(UUID().uuidString)")
        let app = dir.appendingPathComponent("plants")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("corpus"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: plants, toPath: app.appendingPathComponent("catalog.json").path)
        try FileManager.default.copyItem(atPath: plantsCorpus, toPath: app.appendingPathComponent("corpus/plants.jsonl").path)
        return dir.path
    }

    struct Run { var code: Int32; var out: String; var err: String }

    static func run(_ args: [String], stdin: [String] = [], env: [String: String] = [:],
                    stderrIsTerminal: Bool = false, progressDelay: Double = 1) -> Run {
        let buf = CaptureBuffer()
        var lines = stdin[...]
        let ctx = CLIContext(environment: env, stderrIsTerminal: stderrIsTerminal, readLine: { lines.popFirst() },
                             out: { buf.stdout += $0 }, err: { buf.stderr += $0 })
        ctx.progressDelay = progressDelay
        let code = PhraseMatchCLI.run(args, context: ctx)
        return Run(code: code, out: buf.stdout, err: buf.stderr)
    }

    /// What each command needs besides its options, to run on the plants example.
    static func base(_ command: String) -> (args: [String], stdin: [String]) {
        switch command {
        case "repl": return (["--catalog", plants], ["water basil in leafy"])
        case "match": return (["--catalog", plants, "water basil in leafy"], [])
        case "eval": return (["--catalog", plants, "--stable", plantsCorpus], [])
        case "normalize": return (["Ouvre l'école"], [])
        case "import": return ([habitsProject], [])
        case "diff": return ([plants, plants], [])
        case "fit": return (["--catalog", plants, "--output", NSTemporaryDirectory() + "/fit-help-truth.json", plantsCorpus], [])
        default: return (["--catalog", plants], [])
        }
    }

    /// The usage line of a help text (from `USAGE:` to the blank line).
    static func usage(_ help: String) -> String {
        guard let r = help.range(of: "USAGE: ") else { return "" }
        let rest = help[r.upperBound...]
        return String(rest[..<(rest.range(of: "\n\n")?.lowerBound ?? rest.endIndex)])
    }

    /// The default an option's help states: `.value("3")` for "(default 3…", "Default: en." or
    /// "text (default)"; `.described` for "(default: every core)" and the like; nil for none.
    enum Stated: Equatable { case value(String), described }
    static func statedDefault(_ help: String) -> Stated? {
        if let r = help.range(of: #"(\S+) \(default\)"#, options: .regularExpression) {
            return .value(String(help[r].dropLast(" (default)".count)))
        }
        if let r = help.range(of: #"\(default [^\s,;)]+[,;)]"#, options: .regularExpression) {
            return .value(String(help[r].dropFirst("(default ".count).dropLast()))
        }
        if let r = help.range(of: #"Default: [^\s.]+\."#, options: .regularExpression) {
            return .value(String(help[r].dropFirst("Default: ".count).dropLast()))
        }
        if help.contains("(default:") || help.contains("Default:") || help.contains("(default ") { return .described }
        return nil
    }

    @Test func statedDefaultParsing() {
        #expect(Self.statedDefault("Results to show per utterance (default 3, 1-100).") == .value("3"))
        #expect(Self.statedDefault("text (default) or json.") == .value("text"))
        #expect(Self.statedDefault("Locale (BCP 47). Default: en.") == .value("en"))
        #expect(Self.statedDefault("Worker threads (default: every core).") == .described)
        #expect(Self.statedDefault("A catalog file; repeat. Default: the bundled sample apps.") == .described)
        #expect(Self.statedDefault("Show which words matched how.") == nil)
    }

    @Test(arguments: PhraseMatchCLI.commands.map(\.name))
    func usageLineListsEveryOption(_ name: String) throws {
        let c = try #require(PhraseMatchCLI.commands.first { $0.name == name })
        let help = Self.run([name, "--help"])
        #expect(help.code == 0)
        let usage = Self.usage(help.out)
        #expect(usage.hasPrefix("phrasematch \(name)"))
        let words = Set(usage.split(whereSeparator: { " []\n".contains($0) }).map(String.init))
        for o in c.options {
            #expect(words.contains(o.name), "\(name): \(o.name) is missing from the usage line")
            #expect(help.out.contains(o.name), "\(name): \(o.name) is missing from OPTIONS")
        }
        // And the other way round: nothing in the usage line the command does not take.
        for w in words where w.hasPrefix("--") {
            #expect(c.options.contains { $0.name == w }, "\(name): usage names \(w), which is not an option")
        }
    }

    /// docs/cli.md shows each command's usage line as `--help` prints it.
    @Test func docsShowTheGeneratedUsageLines() throws {
        let text = try String(contentsOfFile: Self.root.appendingPathComponent("docs/cli.md").path, encoding: .utf8)
        for c in PhraseMatchCLI.commands {
            #expect(text.contains("## `\(c.name)`\n\n```\n\(c.usage)\n```\n"), "docs/cli.md: the usage of \(c.name) is not \(c.usage)")
            #expect(Self.usage(c.helpText()).replacingOccurrences(of: "\n       ", with: "\n") == c.usage)
        }
    }

    /// The numbers the help states come from the values the code uses.
    @Test func statedNumbersAreTheCodes() {
        let match = Self.run(["match", "--help"]).out
        #expect(match.contains("(default \(MatchOptions().limit), 1-100)"))
        #expect(MatchOptions().limit == 3)
        #expect(match.contains("(default \(JSONOut.formatNumber(ScoreModel.standard.threshold)),"))
        let synth = Self.run(["synth", "--help"]).out
        #expect(synth.contains("(default \(Synth.Options().perShortcut), 1-1000)"))
    }

    @Test(arguments: PhraseMatchCLI.commands.map(\.name))
    func statedDefaultsAreTheDefaults(_ name: String) throws {
        let c = try #require(PhraseMatchCLI.commands.first { $0.name == name })
        let samples = try Self.samplesFolder()
        let (args, stdin) = Self.base(name)
        let plain = Self.run([name] + args, stdin: stdin)
        #expect(plain.code == 0 || plain.code == 1, "\(name) \(args): exit \(plain.code): \(plain.err)")
        for o in c.options {
            guard let stated = Self.statedDefault(o.help) else { continue }
            if o.name == "--catalog" {
                // Default: the sample apps, found the way every command finds them.
                var without = args
                if let i = without.firstIndex(of: "--catalog") { without.removeSubrange(i...(i + 1)) }
                let r = Self.run([name] + without, stdin: stdin, env: ["PHRASEENGINE_CORPORA": samples])
                #expect(r.code == 0 || r.code == 1, "\(name) without --catalog: exit \(r.code): \(r.err)")
                #expect(!r.err.contains("no catalog given"), "\(name): \(r.err)")
                continue
            }
            // The base run is the run without the option: it worked above.
            guard case .value(let v) = stated, !o.help.hasPrefix("With --") else { continue }
            let explicit = Self.run([name] + [o.name, v] + args, stdin: stdin)
            #expect(explicit.code == plain.code, "\(name) \(o.name) \(v): exit \(explicit.code), without it \(plain.code): \(explicit.err)")
            #expect(explicit.out == plain.out, "\(name): \(o.name) \(v), the stated default, changes the output")
        }
    }

    /// `eval` with no CORPUS evaluates the corpora next to the catalogs, with or without
    /// `--catalog`, as its help says; a catalog with none beside it is a usage error.
    @Test func evalWithoutCorpus() throws {
        let samples = try Self.samplesFolder()
        let fromSamples = Self.run(["eval", "--stable", "--format", "json"], env: ["PHRASEENGINE_CORPORA": samples])
        let named = Self.run(["eval", "--stable", "--format", "json", "--catalog", samples + "/plants/catalog.json"])
        let explicit = Self.run(["eval", "--stable", "--format", "json", "--catalog", samples + "/plants/catalog.json", samples + "/plants/corpus/plants.jsonl"])
        #expect(named.code == explicit.code && fromSamples.code == explicit.code)
        #expect(named.out == explicit.out && fromSamples.out == explicit.out)
        let lines = try String(contentsOfFile: Self.plantsCorpus, encoding: .utf8).split(separator: "\n").count
        #expect(try JSONReader.parse(named.out)["count"]?.number == Double(lines))
        let none = Self.run(["eval", "--catalog", Self.plants])
        #expect(none.code == 2)
        #expect(none.err.contains("no corpus given"))
    }

    /// `eval --locale` is the locale of corpus lines that give none, in reports and streams.
    @Test func evalLocaleFillsLinesWithout() throws {
        let corpus = try tempFile("fr.jsonl", """
        {"text": "arrosage de basilic avec leafy", "expect": {"intent": "WaterPlantIntent", "parameters": {"plant": "plant-basil"}}}
        {"text": "water basil in leafy", "locale": "en", "expect": {"intent": "WaterPlantIntent", "parameters": {"plant": "plant-basil"}}}
        """)
        let fr = Self.run(["eval", "--catalog", Self.plants, "--stable", "--format", "json", "--locale", "fr", corpus])
        #expect(fr.code == 0)
        let root = try JSONReader.parse(fr.out)
        #expect(root["accuracy"]?.number == 1)
        #expect(root["byLocale"]?["fr"]?["count"]?.number == 1 && root["byLocale"]?["en"]?["count"]?.number == 1)
        let en = try JSONReader.parse(Self.run(["eval", "--catalog", Self.plants, "--stable", "--format", "json", corpus]).out)
        #expect(en["byLocale"]?["fr"] == nil)
        let stream = Self.run(["eval", "--catalog", Self.plants, "--stream", "--locale", "fr"],
                              stdin: [#"{"text": "arrosage de basilic avec leafy", "expect": {"intent": "WaterPlantIntent"}}"#])
        #expect(stream.code == 0)
        #expect(stream.out.contains(#""locale": "fr""#))
        #expect(Self.run(["eval", "--catalog", Self.plants, "--locale", "not a locale", corpus]).code == 2)
    }

    /// `eval --stream --format tsv` reads TSV corpus lines; other formats are refused with a
    /// message saying what --format means with --stream.
    @Test func evalStreamTSV() throws {
        let tsv = Self.run(["eval", "--catalog", Self.plants, "--stream", "--format", "tsv"],
                           stdin: ["water basil in leafy\tWaterPlantIntent\tplant=plant-basil", "what's the weather\t-"])
        #expect(tsv.code == 0, "\(tsv.err)")
        let lines = tsv.out.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.contains(#""correct": true"#) })
        let jsonl = Self.run(["eval", "--catalog", Self.plants, "--stream"],
                             stdin: [#"{"text": "water basil in leafy", "expect": {"intent": "WaterPlantIntent", "parameters": {"plant": "plant-basil"}}}"#])
        #expect(jsonl.code == 0 && jsonl.out.contains(#""correct": true"#))
        let bad = Self.run(["eval", "--catalog", Self.plants, "--stream", "--format", "html"])
        #expect(bad.code == 2 && bad.err.contains("jsonl or tsv"))
    }

    @Test func lintAndSynthDefaultToTheSampleApps() throws {
        let samples = try Self.samplesFolder()
        let lint = Self.run(["lint", "--format", "json"], env: ["PHRASEENGINE_CORPORA": samples])
        #expect(lint.code == 0 || lint.code == 1)
        #expect(try JSONReader.parse(lint.out)["catalogs"]?.number == 1)
        let synth = Self.run(["synth"], env: ["PHRASEENGINE_CORPORA": samples])
        #expect(synth.code == 0)
        #expect(synth.out == Self.run(["synth", "--catalog", samples + "/plants/catalog.json"]).out)
        #expect(!synth.out.isEmpty)
    }

    // MARK: - Progress

    /// The long commands and what they run on here.
    static let longRuns: [[String]] = [
        ["eval", "--catalog", plants, "--stable", plantsCorpus],
        ["collisions", "--catalog", plants],
        // One locale: the steps of its analysis are counted ("phrases heard", …).
        ["collisions", "--catalog", plants, "--locale", "fr"],
        ["synth", "--catalog", plants],
        ["import", habitsProject],
    ]

    @Test(arguments: longRuns)
    func progressOnlyOnATerminal(_ args: [String]) {
        let plain = Self.run(args)
        #expect(plain.code == 0, "\(args): \(plain.err)")
        #expect(!plain.err.contains("\r") && !plain.err.contains("\u{1B}"), "\(args): progress without a terminal")
        // On a terminal (no delay, so even this quick run draws): a progress line on standard
        // error, erased at the end, and standard output byte for byte the same.
        let tty = Self.run(args, stderrIsTerminal: true, progressDelay: 0)
        #expect(tty.code == plain.code)
        #expect(tty.out == plain.out)
        #expect(tty.err.contains("\r\u{1B}[K\(args[0]): "), "\(args): no progress line on a terminal")
        #expect(tty.err.contains("100%"), "\(tty.err.debugDescription)")
        #expect(tty.err.replacingOccurrences(of: #"\r\x{1B}\[K([a-z]+: \d+% \(\d+/\d+\)( [a-z][a-z ]*)?)?"#, with: "", options: .regularExpression) == plain.err)
        // --quiet: none.
        let quiet = Self.run(args + ["--quiet"], stderrIsTerminal: true, progressDelay: 0)
        #expect(quiet.out == plain.out && quiet.err == plain.err)
        // The default delay keeps a quick run quiet even on a terminal; so does TERM=dumb.
        #expect(Self.run(args, stderrIsTerminal: true, progressDelay: 60).err == plain.err)
        #expect(Self.run(args, env: ["TERM": "dumb"], stderrIsTerminal: true, progressDelay: 0).err == plain.err)
    }
}
