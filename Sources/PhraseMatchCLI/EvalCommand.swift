import Foundation
import PhraseEngine

/// `phrasematch eval`: batch-evaluate corpora against catalogs.
public enum EvalCommand: Command {
    public static let name = "eval"
    public static let summary = "Evaluate one or more corpora (JSON Lines or TSV) and report the spec's metrics."
    public static let arguments = "[CORPUS ...]"
    public static let discussion = """
    CORPUS files are JSON Lines (docs/corpus-format.md) or TSV (text<TAB>intent<TAB>param=value ...; intent '-'
    for out-of-domain). With no CORPUS and no --stream, the corpora next to the catalogs are evaluated
    (corpus/*.jsonl in each catalog's folder): without --catalog, every bundled sample corpus.
    Thresholds: --min-accuracy X and --min/--max METRIC=X (metrics: \(Metrics.names.joined(separator: ", "))).
    Exit status: 0 thresholds met, 1 a threshold failed, 2 usage, 3 unreadable input or bad corpus lines.
    --stream reads corpus lines on stdin and writes one prediction line per utterance, in order, in
    bounded memory (for sharding with Spark's RDD.pipe, Hadoop streaming or GNU parallel).
    """
    public static let options = [
        CatalogOptions.catalogOption,
        OptionSpec("--locale", short: "-l", value: "ID", help: "Locale of the corpus lines that name none (default: the first catalog's development locale). \(LocaleOption.helpRule)"),
        OptionSpec("--format", short: "-f", value: "F", help: "text (default), json, markdown, junit or html; with --stream, the lines read: jsonl (default) or tsv."),
        CatalogOptions.outputOption, CatalogOptions.matchingOption, CatalogOptions.modelOption,
        OptionSpec("--min-accuracy", value: "X", help: "Fail (exit 1) when accuracy is below X (0-1)."),
        OptionSpec("--min", value: "METRIC=X", repeatable: true, help: "Fail when METRIC is below X."),
        OptionSpec("--max", value: "METRIC=X", repeatable: true, help: "Fail when METRIC is above X (e.g. falseAcceptRate=0.02)."),
        OptionSpec("--baseline", value: "OLD.json", help: "Compare with an earlier --format json report."),
        OptionSpec("--predictions", value: "FILE", help: "Write one JSON line per utterance (text, locale, expect, got, correct)."),
        OptionSpec("--stream", help: "Corpus lines on stdin, prediction lines on stdout, bounded memory."),
        OptionSpec("--threads", value: "N", help: "Worker threads (default: every core)."),
        OptionSpec("--top", value: "K", help: "k of topKAccuracy (default 3, the results the REPL shows; 1-100)."),
        CatalogOptions.thresholdOption, CatalogOptions.noAppThresholdOption,
        CatalogOptions.resultWindowOption,
        OptionSpec("--tag", value: "TAG", repeatable: true, help: "Evaluate only lines with this tag."),
        OptionSpec("--split", value: "S", help: "tune (even line numbers) or test (odd line numbers): the corpora's tuning/reporting split."),
        OptionSpec("--stable", help: "Leave timings out of reports (byte-identical output for the same input)."),
        OptionSpec("--no-budget", help: "Match phrases past the 1,000-phrase budget too."),
        CatalogOptions.noSemanticOption, CatalogOptions.encoderOption,
        ProgressLine.quietOption,
    ]

    public static func run(_ args: ParsedArguments, _ ctx: CLIContext) throws -> Int32 {
        let streaming = args.flag("--stream")
        let format: String
        if streaming {
            // A stream makes no report: --format names the shape of the lines read.
            format = args.value("--format") ?? "jsonl"
            guard ["jsonl", "tsv"].contains(format) else {
                throw CLIError.usage("with --stream, --format takes jsonl or tsv (the lines read), found '\(format)'")
            }
        } else {
            format = try PhraseMatchCLI.format(args, allowed: ["text", "json", "markdown", "junit", "html"])
        }
        var opts = try CatalogOptions.matchOptions(args, ctx)
        opts.explain = false
        let k = Int(args.value("--top") ?? "3") ?? 3
        opts.limit = max(k, 2)
        var threads: Int? = nil
        if let t = args.value("--threads") {
            guard let v = Int(t), v >= 1 else { throw CLIError.usage("--threads takes a positive number") }
            threads = v
        }
        try LocaleOption.checkForm(args)
        let thresholds = try parseThresholds(args)
        let catalogPaths = try CatalogOptions.paths(args, ctx)
        let (catalogs, _) = try CatalogOptions.load(args, ctx, allowSamples: true)
        let locale = try LocaleOption.choice(args, catalogs)?.tag
        CatalogOptions.warnLintErrors(catalogs, ctx)
        let matcher = Matcher(catalogs: catalogs, options: opts,
                              encoder: try CatalogOptions.encoder(args, ctx), vectorCache: CatalogOptions.vectorCache(ctx))
        if streaming { return stream(matcher, args, ctx, k: k, threads: threads, tsv: format == "tsv", locale: locale) }

        var paths = args.positionals
        if paths.isEmpty {
            paths = corporaBeside(catalogPaths)
            if paths.isEmpty {
                throw CLIError.usage("no corpus given, and no corpus/*.jsonl next to the catalog\(catalogPaths.count == 1 ? "" : "s")")
            }
        }
        var (items, errors) = try CatalogOptions.readCorpora(paths, ctx)
        if let split = try CatalogOptions.split(args) { items = items.filter { $0.split == split } }
        let tags = args.values("--tag")
        if !tags.isEmpty { items = items.filter { !Set($0.tags).isDisjoint(with: tags) } }
        if items.isEmpty && errors.isEmpty {
            let by = [args.value("--split").map { "--split \($0)" }, tags.isEmpty ? nil : "--tag " + tags.joined(separator: ", ")].compactMap { $0 }
            throw CLIError.usage("no corpus line is left after \(by.joined(separator: " and ")): nothing to evaluate")
        }
        if let locale { for i in items.indices where items[i].locale == nil { items[i].locale = locale } }
        for e in errors { ctx.err("warning: \(e.oneLine)\n") }
        // The phrase vectors of the corpus's locales, before the lines.
        matcher.prepareSemantic(for: items)
        let progress = ProgressLine.make(ctx, args, label: "eval")
        var (preds, secs) = Evaluator.run(items, matcher: matcher, k: k, threads: threads, explain: false, progress: progress?.callback)
        progress?.finish()
        // Explanations for the misrouted only, and only for the one format that lists them (JSON):
        // the misrouted are matched again with explanations on (the ranking is the same).
        if format == "json" {
            let wrong = preds.indices.filter { !preds[$0].correct }
            let again = Evaluator.run(wrong.map { preds[$0].item }, matcher: matcher, k: k, threads: threads, explain: true)
            for (i, p) in zip(wrong, again.predictions) { preds[i].closest = p.closest }
        }
        let report = Evaluator.report(preds, seconds: secs, k: k, errors: errors, qualifyApps: catalogs.count > 1)
        let stable = args.flag("--stable")
        var text: String
        let titles = ValueTitles(catalogs: catalogs)
        switch format {
        case "json": text = EvalFormats.json(report, stable: stable)
        case "markdown": text = EvalFormats.markdown(report, stable: stable, titles: titles)
        case "junit": text = EvalFormats.junit(report, stable: stable, titles: titles)
        case "html": text = EvalHTML.render(report, stable: stable, titles: titles)
        default: text = EvalFormats.text(report, stable: stable, titles: titles)
        }
        if let b = args.value("--baseline") {
            let cmp = try Baseline.compare(path: CatalogOptions.resolvePath(b, ctx), report: report)
            if format == "text" || format == "markdown" { text += "\n" + cmp } else { ctx.err(cmp) }
        }
        if let pf = args.value("--predictions") {
            let ps = report.predictions
            let lines = Parallel.map(count: ps.count, threads: threads) { ps[$0].json.render() }.joined(separator: "\n") + "\n"
            try AtomicFile.write(lines, to: CatalogOptions.resolvePath(pf, ctx))
        }
        try PhraseMatchCLI.emit(text, args, ctx)
        var failed: [String] = []
        for t in thresholds {
            guard let v = report.overall.value(t.metric) else { continue }
            if t.isMin ? v < t.value : v > t.value {
                failed.append("\(t.metric) \(JSONOut.formatNumber(v)) is \(t.isMin ? "below" : "above") \(JSONOut.formatNumber(t.value))")
            }
        }
        for f in failed { ctx.err("phrasematch eval: threshold failed: \(f)\n") }
        if !errors.isEmpty { return ExitCode.badInput }
        return failed.isEmpty ? ExitCode.success : ExitCode.checkFailed
    }

    struct Threshold { var metric: String; var value: Double; var isMin: Bool }

    static func parseThresholds(_ args: ParsedArguments) throws -> [Threshold] {
        var out: [Threshold] = []
        if let a = args.value("--min-accuracy") {
            guard let v = Double(a), v >= 0, v <= 1 else { throw CLIError.usage("--min-accuracy takes a number in [0, 1]") }
            out.append(Threshold(metric: "accuracy", value: v, isMin: true))
        }
        for (opt, isMin) in [("--min", true), ("--max", false)] {
            for s in args.values(opt) {
                let parts = s.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, let v = Double(parts[1]) else { throw CLIError.usage("\(opt) takes METRIC=X, found '\(s)'") }
                guard Metrics.names.contains(parts[0]) else {
                    var m = "unknown metric '\(parts[0])'"
                    if let sug = Suggest.closest(parts[0], among: Metrics.names) { m += "; did you mean '\(sug)'?" }
                    throw CLIError.usage(m)
                }
                out.append(Threshold(metric: parts[0], value: v, isMin: isMin))
            }
        }
        return out
    }

    /// The corpora next to catalogs: `corpus/*.jsonl` in each catalog's folder, in catalog order
    /// (for the sample apps, every sample corpus).
    static func corporaBeside(_ catalogPaths: [String]) -> [String] {
        let fm = FileManager.default
        var out: [String] = []
        for p in catalogPaths {
            let cdir = URL(fileURLWithPath: p).deletingLastPathComponent().appendingPathComponent("corpus").path
            for f in ((try? fm.contentsOfDirectory(atPath: cdir)) ?? []).sorted() where f.hasSuffix(".jsonl") {
                let path = "\(cdir)/\(f)"
                if !out.contains(path) { out.append(path) }
            }
        }
        return out
    }

    /// Streaming: read a batch of lines, parse, match and render them on every core, write them in
    /// order; memory is bounded by the batch. No prediction is kept.
    static func stream(_ matcher: Matcher, _ args: ParsedArguments, _ ctx: CLIContext, k: Int, threads: Int?,
                       tsv: Bool, locale: String?) -> Int32 {
        let batchSize = 4096
        let options = Evaluator.options(matcher, k: k, explain: false)
        enum Outcome: Sendable { case skip, line(String), bad(Diagnostic) }
        var firstLine = 1
        var bad = 0
        var eof = false
        while !eof {
            var raw: [String] = []
            raw.reserveCapacity(batchSize)
            while raw.count < batchSize {
                guard let line = ctx.readLine() else { eof = true; break }
                raw.append(line)
            }
            if raw.isEmpty { continue }
            let lines = raw, first = firstLine
            firstLine += lines.count
            let outcomes = Parallel.map(count: lines.count, threads: threads) { i -> Outcome in
                let r = tsv ? CorpusReader.parseTSV(lines[i], file: "<stdin>", line: first + i)
                    : CorpusReader.parseJSONLine(lines[i], file: "<stdin>", line: first + i)
                switch r {
                case .skip: return .skip
                case .error(let d): return .bad(d)
                case .item(var item):
                    if item.locale == nil, let locale { item.locale = locale }
                    return .line(Evaluator.predict(item, matcher: matcher, k: k, options: options).json.render() + "\n")
                }
            }
            var out = ""
            for o in outcomes {
                switch o {
                case .skip: break
                case .bad(let d): bad += 1; ctx.err("warning: \(d.oneLine)\n")
                case .line(let l): out += l
                }
            }
            if !out.isEmpty { ctx.out(out) }
        }
        return bad > 0 ? ExitCode.badInput : ExitCode.success
    }
}

/// Comparison with an earlier JSON report, utterance by utterance.
enum Baseline {
    static func compare(path: String, report: EvalReport) throws -> String {
        let data = try CatalogOptions.readInput(path, path, what: "an eval JSON report")
        let root: JSONNode
        do { root = try JSONReader.parse(Array(data)) } catch {
            let p = LineTable(Array(data)).position(of: error.offset)
            throw CLIError.input("\(path):\(p.line):\(p.column): \(error.message)")
        }
        guard root.object != nil else { throw CLIError.input("\(path): not an eval JSON report") }
        var s = "Compared with \(path)\n"
        for m in ["accuracy", "exactAccuracy", "intentAccuracy", "falseAcceptRate", "falseRejectRate"] {
            guard let old = root[m]?.number, let new = report.overall.value(m) else { continue }
            let d = new - old
            let sign = d > 0 ? "+" : ""
            s += "  \(m.padding(toLength: 16, withPad: " ", startingAt: 0)) \(EvalFormats.pct(old)) → \(EvalFormats.pct(new)) (\(sign)\(JSONOut.formatNumber(d * 100)) pts)\n"
        }
        var oldBad = Set<String>()
        for m in root["misrouted"]?.array ?? [] {
            if let src = m["source"]?.string, let t = m["text"]?.string { oldBad.insert(src + "|" + t) }
        }
        var newBad = Set<String>()
        for p in report.misrouted { newBad.insert("\(p.item.file):\(p.item.line)|\(p.item.text)") }
        let fixed = oldBad.subtracting(newBad).sorted()
        let broken = newBad.subtracting(oldBad).sorted()
        s += "  better: \(fixed.count) utterance(s) now right; worse: \(broken.count) utterance(s) now wrong\n"
        for b in broken.prefix(50) { s += "    worse:  \(b.replacingOccurrences(of: "|", with: " "))\n" }
        for f in fixed.prefix(50) { s += "    better: \(f.replacingOccurrences(of: "|", with: " "))\n" }
        return s
    }
}
