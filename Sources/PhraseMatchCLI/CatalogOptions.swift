import Foundation
import PhraseEngine

/// Loading catalogs for commands: `--catalog FILE` (repeatable) or the bundled sample apps.
enum CatalogOptions {
    static let catalogOption = OptionSpec("--catalog", short: "-c", value: "FILE", repeatable: true,
                                          help: "A catalog file (docs/catalog-format.md); repeat for several apps. Default: the bundled sample apps.")
    static let localeOption = OptionSpec("--locale", short: "-l", value: "ID", help: "Locale (default: the development locale most catalogs share; the first catalog's on a tie). \(LocaleOption.helpRule)")

    /// The locale to work in when none is given: the development locale most of the catalogs
    /// share, the earliest catalog's on a tie (one catalog: its own). With the bundled samples,
    /// whose first catalog sorts to a pt-PT app, that is `en`.
    static func defaultLocale(_ catalogs: [Catalog]) -> String {
        var count: [String: Int] = [:]
        for c in catalogs { count[c.developmentLocale, default: 0] += 1 }
        var best = catalogs.first?.developmentLocale ?? "en"
        for c in catalogs where count[c.developmentLocale, default: 0] > count[best, default: 0] { best = c.developmentLocale }
        return best
    }
    static let formatOption = OptionSpec("--format", short: "-f", value: "F", help: "Output format.")
    static let outputOption = OptionSpec("--output", short: "-o", value: "FILE", help: "Write the report to FILE (atomically) instead of standard output.")
    static let matchingOption = OptionSpec("--matching", value: "M", help: "flexible (default) or exact.")
    static let modelOption = OptionSpec("--model", value: "FILE",
                                        help: "A score model file (default: the bundled Locales/profiles/model/score-model.json).")

    static let noSemanticOption = OptionSpec("--no-semantic", help: "Match by words only: no sentence encoder confirms a refused result.")
    static let encoderOption = OptionSpec("--encoder", value: "FILE",
                                          help: "The sentence encoder's weights (default: $PHRASEENGINE_ENCODER, else the bundled Models/\(E5Encoder.fileName)).")

    /// The sentence encoder: none with `--no-semantic`; the weights `--encoder` or
    /// `PHRASEENGINE_ENCODER` names; else, in the real process, the bundled ones where they are
    /// found (none found: a one-line note, and matching by words only). A missing or corrupt
    /// named file is an input error naming it.
    /// (`withoutIt`: what the note says the command does without one.)
    static func encoder(_ args: ParsedArguments, _ ctx: CLIContext, withoutIt: String = "matching by words only") throws -> (any SentenceEncoder)? {
        if args.flag("--no-semantic") { return nil }
        let path: String
        if let f = args.value("--encoder") {
            path = resolvePath(f, ctx)
        } else if let e = ctx.environment["PHRASEENGINE_ENCODER"], !e.isEmpty {
            path = resolvePath(e, ctx)
        } else if ctx.findsEncoder, let p = E5Encoder.candidatePaths().first(where: { FileManager.default.fileExists(atPath: $0) }) {
            path = p
        } else {
            if ctx.findsEncoder {
                ctx.err("note: no sentence encoder weights found (\(E5Encoder.fileName); --encoder FILE or PHRASEENGINE_ENCODER); \(withoutIt)\n")
            }
            return nil
        }
        do { return try EncoderStore.e5(path: path) } catch { throw CLIError.input(error.description) }
    }

    /// `--split`: the half of the corpora kept (`CorpusItem.Split`: tune or test); nil without it.
    static func split(_ args: ParsedArguments) throws -> CorpusItem.Split? {
        guard let s = args.value("--split") else { return nil }
        guard let split = CorpusItem.Split(rawValue: s) else { throw CLIError.usage("--split takes tune or test") }
        return split
    }

    /// Where phrase vectors are kept between runs (`PHRASEENGINE_CACHE`, else the user's cache folder).
    static func vectorCache(_ ctx: CLIContext) -> PhraseVectorCache {
        PhraseVectorCache(directory: PhraseVectorCache.defaultDirectory(environment: ctx.environment))
    }

    /// Reads corpus files (JSON Lines, or TSV by their extension): the items in order and the
    /// bad lines; an unreadable file is an input error.
    static func readCorpora(_ paths: [String], _ ctx: CLIContext) throws -> (items: [CorpusItem], errors: [Diagnostic]) {
        var items: [CorpusItem] = []
        var errors: [Diagnostic] = []
        for p in paths {
            let full = resolvePath(p, ctx)
            let data = try readInput(p, full, what: "a corpus file")
            guard let text = String(validating: data, as: UTF8.self) else {
                let bytes = [UInt8](data)
                let at = LineTable(bytes).position(of: SwiftLexer.firstInvalidUTF8(bytes) ?? 0)
                throw CLIError.input("\(p):\(at.line):\(at.column): invalid UTF-8 (a corpus is UTF-8 text)")
            }
            let r = CorpusReader.parse(text, file: displayPath(full, ctx))
            // A file of no utterance line (empty, blank or comments only) would pass any check.
            if r.items.isEmpty && r.errors.isEmpty {
                throw CLIError.input("\(p): no utterance lines (an empty corpus checks nothing)")
            }
            items += r.items
            errors += r.errors
        }
        return (items, errors)
    }

    /// The bytes of an input file named on the command line, with the same words for every kind
    /// of file as for a catalog: `FILE: no such file`, `FILE: is a directory, expected …`,
    /// `FILE: cannot read file` (exit 3). `shown` is the path as the person gave it.
    static func readInput(_ shown: String, _ full: String, what: String) throws -> Data {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: full, isDirectory: &isDir) else { throw CLIError.input("\(shown): no such file") }
        if isDir.boolValue { throw CLIError.input("\(shown): is a directory, expected \(what)") }
        guard let data = FileManager.default.contents(atPath: full) else { throw CLIError.input("\(shown): cannot read file") }
        return data
    }

    /// The score model: `--model FILE`, else the bundled one (a bundled file that cannot be
    /// used stops the command, as a bad catalog does).
    static func scoreModel(_ args: ParsedArguments, _ ctx: CLIContext) throws -> ScoreModel {
        if let f = args.value("--model") {
            let full = resolvePath(f, ctx)
            _ = try readInput(f, full, what: "a score model file")
            do { return try ScoreModel.load(path: full) } catch { throw CLIError.input(error.message) }
        }
        if let e = ScoreModel.standardError { throw CLIError.input(e.message) }
        return .standard
    }

    /// Where the bundled sample apps are: `$PHRASEENGINE_CORPORA`, ./Corpora, the
    /// `share/phrasematch/Corpora` folder of an installed binary (`make install`), or the source tree.
    static func sampleDirectory(_ ctx: CLIContext) -> String? {
        var candidates: [String] = []
        if let e = ctx.environment["PHRASEENGINE_CORPORA"], !e.isEmpty { candidates.append(e) }
        candidates.append(ctx.currentDirectory + "/Corpora")
        if let exe = CommandLine.arguments.first, exe.contains("/") {
            let bin = URL(fileURLWithPath: exe).resolvingSymlinksInPath().deletingLastPathComponent()
            candidates.append(bin.deletingLastPathComponent().appendingPathComponent("share/phrasematch/Corpora").path)
        }
        // This file is <root>/Sources/PhraseMatchCLI/CatalogOptions.swift: three folders up is the root.
        let src = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Corpora").path
        candidates.append(src)
        for c in candidates where FileManager.default.fileExists(atPath: c) { return c }
        return nil
    }

    /// The sample catalogs, in a stable order.
    static func sampleCatalogPaths(_ ctx: CLIContext) -> [String] {
        guard let dir = sampleDirectory(ctx),
              let entries = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return [] }
        return entries.sorted().map { "\(dir)/\($0)/catalog.json" }.filter { FileManager.default.fileExists(atPath: $0) }
    }

    static func resolvePath(_ p: String, _ ctx: CLIContext) -> String {
        p.hasPrefix("/") ? p : ctx.currentDirectory + "/" + p
    }

    /// The catalog files a command works on: those named by `--catalog` (resolved), else the
    /// sample apps' (a usage error when there are none).
    static func paths(_ args: ParsedArguments, _ ctx: CLIContext, extra: [String] = []) throws -> [String] {
        let named = args.values("--catalog") + extra
        if !named.isEmpty { return named.map { resolvePath($0, ctx) } }
        let samples = sampleCatalogPaths(ctx)
        if samples.isEmpty { throw CLIError.usage("no catalog given and no bundled sample apps found (use --catalog FILE)") }
        return samples
    }

    /// Loads the catalogs named by `--catalog`, or the samples when `allowSamples`.
    static func load(_ args: ParsedArguments, _ ctx: CLIContext, allowSamples: Bool) throws -> (catalogs: [Catalog], usedSamples: Bool) {
        if args.values("--catalog").isEmpty && !allowSamples { throw CLIError.usage("no catalog given (use --catalog FILE)") }
        let samples = args.values("--catalog").isEmpty
        let paths = try self.paths(args, ctx)
        return (try loadCatalogs(paths, ctx, what: "the catalog\(paths.count > 1 ? "s" : "")"), samples)
    }

    /// Loads catalog files, their paths shown relative to the current directory; every problem is
    /// an `error:` line on standard error, then "N error(s) in `what`" (exit 3).
    static func loadCatalogs(_ paths: [String], _ ctx: CLIContext, what: String) throws -> [Catalog] {
        do {
            return try CatalogLoader.loadAll(paths: paths).map { c in var c = c; c.file = displayPath(c.file, ctx); return c }
        } catch {
            for d in error.diagnostics { ctx.err("error: " + DiagnosticFormat.displayed(d, ctx).oneLine + "\n") }
            throw CLIError("\(error.diagnostics.count) error(s) in \(what)", code: ExitCode.badInput)
        }
    }

    /// A catalog that loads can still break the App Shortcuts rules (a phrase without the app
    /// name, a type nobody declared): `match`, `eval` and `repl` run it anyway but say so, one
    /// line per catalog on standard error. Only the error rules run here (they are cheap).
    static func warnLintErrors(_ catalogs: [Catalog], _ ctx: CLIContext) {
        for line in lintWarnings(catalogs) { ctx.err(line + "\n") }
    }

    /// `warning: FILE: N lint errors (first: LINE:COLUMN: PATH: message [rule]); run phrasematch lint`
    static func lintWarnings(_ catalogs: [Catalog]) -> [String] {
        let findings = Linter.lint(catalogs, rules: Linter.rules.filter { $0.severity == .error }).filter { $0.severity == .error }
        var out: [String] = []
        for c in catalogs {
            let mine = findings.filter { $0.file == c.file }
            guard let first = mine.first else { continue }
            var pos = ""
            if let l = first.line { pos = "\(l):\(first.column ?? 1): " }
            let what = pos + (first.path.isEmpty ? "" : first.path + ": ") + LintCommand.oneLine(first.message) + " [\(first.rule)]"
            out.append("warning: \(c.file): \(mine.count) lint error\(mine.count == 1 ? "" : "s") (first: \(what)); run phrasematch lint")
        }
        return out
    }

    /// Paths relative to the current directory when inside it.
    static func displayPath(_ p: String, _ ctx: CLIContext) -> String {
        displayPath(p, relativeTo: ctx.currentDirectory)
    }

    /// `p` relative to the folder `cwd` when it lies inside it; otherwise (and when the folder is
    /// the root, where a relative path would only lose its leading "/") `p` as given.
    static func displayPath(_ p: String, relativeTo cwd: String) -> String {
        let dir = cwd.hasSuffix("/") ? cwd : cwd + "/"
        guard dir != "/", p.hasPrefix(dir), p.count > dir.count else { return p }
        return String(p.dropFirst(dir.count))
    }

    static let resultWindowOption = OptionSpec("--result-window", value: "X",
        help: "List results only within X of the best score (default \(JSONOut.formatNumber(MatchOptions().resultWindow)); 1 lists the best however far).")
    static let thresholdOption = OptionSpec("--threshold", value: "X",
        help: "Score below which the decision is none (default \(JSONOut.formatNumber(ScoreModel.standard.threshold)), from the score model; 0-1).")
    static let noAppThresholdOption = OptionSpec("--no-app-threshold", value: "X",
        help: "Score an utterance that names no app needs (default \(JSONOut.formatNumber(ScoreModel.standard.noAppThreshold)), from the score model; 0-1).")

    static func matchOptions(_ args: ParsedArguments, _ ctx: CLIContext) throws -> MatchOptions {
        var o = MatchOptions()
        o.model = try scoreModel(args, ctx)
        if let m = args.value("--matching") {
            guard let mode = MatchingMode(rawValue: m) else { throw CLIError.usage("unknown matching mode '\(m)'; use flexible or exact") }
            o.mode = mode
        }
        if let t = args.value("--threshold") {
            guard let d = Double(t), d >= 0, d <= 1 else { throw CLIError.usage("--threshold takes a number in [0, 1]") }
            o.threshold = d
        }
        if let t = args.value("--no-app-threshold") {
            guard let d = Double(t), d >= 0, d <= 1 else { throw CLIError.usage("--no-app-threshold takes a number in [0, 1]") }
            o.noAppThreshold = d
        }
        if let t = args.value("--top") {
            guard let k = Int(t), k >= 1, k <= 100 else { throw CLIError.usage("--top takes a number from 1 to 100") }
            o.limit = k
        }
        if let t = args.value("--result-window") {
            guard let d = Double(t), d >= 0, d <= 1 else { throw CLIError.usage("--result-window takes a number in [0, 1]") }
            o.resultWindow = d
        }
        if args.flag("--no-budget") { o.enforceBudget = false }
        return o
    }
}

enum DiagnosticFormat {
    static func displayed(_ d: Diagnostic, _ ctx: CLIContext) -> Diagnostic {
        var d = d
        d.file = CatalogOptions.displayPath(d.file, ctx)
        return d
    }
}
