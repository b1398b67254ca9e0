import Foundation

/// Loading catalogs for commands: `--catalog FILE` (repeatable) or the bundled sample apps.
enum CatalogOptions {
    static let catalogOption = OptionSpec("--catalog", short: "-c", value: "FILE", repeatable: true,
                                          help: "A catalog file (spec: catalog.md); repeat for several apps. Default: the bundled sample apps.")
    static let localeOption = OptionSpec("--locale", short: "-l", value: "ID", help: "Locale (default: the development locale most catalogs share; the first catalog's on a tie).")

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

    /// The score model: `--model FILE`, else the bundled one (a bundled file that cannot be
    /// used stops the command, as a bad catalog does).
    static func scoreModel(_ args: ParsedArguments, _ ctx: CLIContext) throws -> ScoreModel {
        if let f = args.value("--model") {
            do { return try ScoreModel.load(path: resolvePath(f, ctx)) } catch { throw CLIError.input(error.message) }
        }
        if let e = ScoreModel.standardError { throw CLIError.input(e.message) }
        return .standard
    }

    /// Where the bundled sample apps are: `$PHRASEENGINE_CORPORA`, ./Corpora, or the source tree.
    static func sampleDirectory(_ ctx: CLIContext) -> String? {
        var candidates: [String] = []
        if let e = ctx.environment["PHRASEENGINE_CORPORA"], !e.isEmpty { candidates.append(e) }
        candidates.append(ctx.currentDirectory + "/Corpora")
        let src = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Corpora").path
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

    /// Loads the catalogs named by `--catalog`, or the samples when `allowSamples`.
    static func load(_ args: ParsedArguments, _ ctx: CLIContext, allowSamples: Bool) throws -> (catalogs: [Catalog], usedSamples: Bool) {
        var paths = args.values("--catalog")
        var samples = false
        if paths.isEmpty {
            guard allowSamples else { throw CLIError.usage("no catalog given (use --catalog FILE)") }
            paths = sampleCatalogPaths(ctx)
            samples = true
            if paths.isEmpty { throw CLIError.usage("no catalog given and no bundled sample apps found (use --catalog FILE)") }
        }
        do {
            let cats = try CatalogLoader.loadAll(paths: paths.map { samples ? $0 : resolvePath($0, ctx) }.map { p in p })
            return (cats.map { c in var c = c; c.file = displayPath(c.file, ctx); return c }, samples)
        } catch {
            for d in error.diagnostics { ctx.err("error: " + DiagnosticFormat.displayed(d, ctx).oneLine + "\n") }
            throw CLIError("\(error.diagnostics.count) error(s) in the catalog\(paths.count > 1 ? "s" : "")", code: ExitCode.badInput)
        }
    }

    /// Paths relative to the current directory when inside it.
    static func displayPath(_ p: String, _ ctx: CLIContext) -> String {
        let cwd = ctx.currentDirectory.hasSuffix("/") ? ctx.currentDirectory : ctx.currentDirectory + "/"
        return p.hasPrefix(cwd) ? String(p.dropFirst(cwd.count)) : p
    }

    static let resultWindowOption = OptionSpec("--result-window", value: "X",
        help: "List results only within X of the best score (default 0.25; 1 lists the best however far).")

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
