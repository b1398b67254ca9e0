import Foundation
import PhraseEngine

/// `phrasematch collisions`: phrases that fight each other (docs/collisions.md).
public enum CollisionsCommand: Command {
    public static let name = "collisions"
    public static let summary = "Report phrases that are easy to confuse, ranked by risk, with reasons and fixes."
    public static let discussion = """
    Every expanded phrase is matched as if a person said it; another target scoring at least --min-similarity
    makes a pair (kinds: intent, parameter, app-name, negative). Severities: error, warning, note (see
    docs/collisions.md). Pairs are ranked by risk: the chance that speech meant for one target reaches the
    other, from every phrase heard through a simulated recognizer (--simulate N a phrase) and routed by the
    matcher. --against-corpus evaluates corpora and counts how often eval confused each pair's targets;
    --against-synth N does the same with N noisy utterances per phrase from a simulated recognizer (deterministic),
    and both report precision@K (K = --top, default 10), recall and Spearman's rank correlation.
    Exit status: 0 no pair at or above --fail-on, 1 one is, 2 usage, 3 unreadable or malformed input.
    """
    public static let options = [
        CatalogOptions.catalogOption,
        OptionSpec("--locale", short: "-l", value: "ID|all", help: "A locale, or all (default: every locale of the catalogs). \(LocaleOption.helpRule)"),
        OptionSpec("--format", short: "-f", value: "F", help: "text (default), json, markdown or html."),
        OptionSpec("--min-similarity", value: "X", help: "Report pairs at or above this similarity (default 0.75)."),
        OptionSpec("--fail-on", value: "SEVERITY", help: "Exit 1 when a pair of this severity or worse exists: error, warning or note."),
        OptionSpec("--top", value: "N", help: "List only the N worst pairs (default: all; the exit status counts every pair)."),
        CatalogOptions.outputOption, CatalogOptions.matchingOption, CatalogOptions.modelOption,
        OptionSpec("--against-corpus", value: "FILE", repeatable: true, help: "Evaluate a corpus and count confusions between each pair's targets."),
        OptionSpec("--against-synth", value: "N", help: "Check against N noisy utterances per phrase from a simulated recognizer (1-100)."),
        OptionSpec("--noise-rate", value: "X", help: "With --against-synth: chance that each word is damaged (default \(JSONOut.formatNumber(CollisionNoise.Options().wordErrorRate)))."),
        OptionSpec("--seed", value: "N", help: "With --against-synth: random seed, an unsigned integer (default \(CollisionNoise.Options().seed))."),
        OptionSpec("--synth-output", value: "FILE", help: "With --against-synth: also write the noisy utterances as a corpus (JSON Lines) to FILE."),
        OptionSpec("--split", value: "S", help: "Check against only the tune (even line numbers) or test (odd) utterances of --against-corpus and --against-synth."),
        OptionSpec("--simulate", value: "N", help: "Noisy utterances per phrase the ranking hears (0-100; default \(CollisionOptions.simulatedPerPhrase), fewer when that makes over \(CollisionOptions.simulationBudget); 0: rank by closeness)."),
        OptionSpec("--no-damage", help: "Skip the damage probes (each phrase said with one word lost)."),
        OptionSpec("--no-budget", help: "Analyze phrases past the 1,000-phrase budget too."),
        OptionSpec("--min-meaning", value: "X", help: "List the shortcut pairs whose meaning (cosine) is at or above X (default \(JSONOut.formatNumber(CollisionOptions.closeInMeaning))) that no pair relates as written."),
        OptionSpec("--no-semantic", help: "Do not read how close in meaning the shortcuts are (the sentence encoder's phrase vectors)."),
        CatalogOptions.encoderOption,
        OptionSpec("--threads", value: "N", help: "Worker threads (default: every core)."),
        ProgressLine.quietOption,
    ]

    /// The sentence encoder whose phrase vectors the report reads: as `match` and `eval` find it
    /// (`--encoder`, `PHRASEENGINE_ENCODER`, the bundled weights); none with `--no-semantic` or
    /// none found, and then one line on standard error says meaning is not read.
    static func meaningEncoder(_ args: ParsedArguments, _ ctx: CLIContext) throws -> (any SentenceEncoder)? {
        if args.flag("--no-semantic") {
            ctx.err("note: meaning is not read (--no-semantic): collisions by words only\n")
            return nil
        }
        return try CatalogOptions.encoder(args, ctx, withoutIt: "meaning is not read: collisions by words only")
    }

    public static func run(_ args: ParsedArguments, _ ctx: CLIContext) throws -> Int32 {
        let format = try PhraseMatchCLI.format(args, allowed: ["text", "json", "markdown", "html"])
        var o = CollisionOptions()
        if let m = args.value("--min-similarity") {
            guard let v = Double(m), v > 0, v <= 1 else { throw CLIError.usage("--min-similarity takes a number in (0, 1]") }
            o.minSimilarity = v
        }
        // Before the analysis: a usage error should not wait for it.
        let split = try CatalogOptions.split(args)
        if split != nil {
            guard !args.values("--against-corpus").isEmpty || args.value("--against-synth") != nil else {
                throw CLIError.usage("--split goes with --against-corpus or --against-synth")
            }
        }
        if let m = args.value("--min-meaning") {
            guard let v = Double(m), v >= -1, v <= 1 else { throw CLIError.usage("--min-meaning takes a number in [-1, 1]") }
            o.minMeaning = v
        }
        var failOn: CollisionSeverity? = nil
        if let f = args.value("--fail-on") {
            guard let s = CollisionSeverity(name: f) else { throw CLIError.usage("--fail-on takes error, warning or note, found '\(f)'") }
            failOn = s
        }
        var top: Int? = nil
        if let t = args.value("--top") {
            guard let k = Int(t), k >= 1 else { throw CLIError.usage("--top takes a positive number") }
            top = k
        }
        if let t = args.value("--threads") {
            guard let v = Int(t), v >= 1 else { throw CLIError.usage("--threads takes a positive number") }
            o.threads = v
        }
        if let m = args.value("--matching") {
            guard let mode = MatchingMode(rawValue: m) else { throw CLIError.usage("unknown matching mode '\(m)'; use flexible or exact") }
            o.mode = mode
        }
        o.includePastBudget = args.flag("--no-budget")
        o.damageProbes = !args.flag("--no-damage")
        if let v = args.value("--simulate") {
            guard let n = Int(v), (0...100).contains(n) else { throw CLIError.usage("--simulate takes a number from 0 to 100") }
            o.simulated = n
        }
        try LocaleOption.checkForm(args, allowAll: true)
        let (catalogs, _) = try CatalogOptions.load(args, ctx, allowSamples: true)
        var mo = MatchOptions()
        mo.model = try CatalogOptions.scoreModel(args, ctx)
        mo.mode = o.mode
        if let l = args.value("--locale"), l != "all", let c = try LocaleOption.choice(args, catalogs) {
            o.locales = [c.catalogLocale]
        }
        // The encoder's phrase vectors are read (how close in meaning two shortcuts are); the
        // matching of the analysis and of the checks stays by words, as without one.
        let encoder = try meaningEncoder(args, ctx)
        mo.semantic = false
        let matcher = Matcher(catalogs: catalogs, options: mo, encoder: encoder, vectorCache: encoder.map { _ in CatalogOptions.vectorCache(ctx) })
        let progress = ProgressLine.make(ctx, args, label: "collisions")
        // One locale: each step of its analysis (phrases heard, damage probes, …) has its count;
        // several: the locales done.
        if let p = progress {
            if (o.locales ?? matcher.locales).count == 1 {
                o.stepProgress = { done, total, step in p.update(done, total, detail: step) }
            } else {
                o.progress = p.callback(detail: "locales")
            }
        }
        var report = CollisionAnalyzer.analyze(matcher: matcher, options: o)
        progress?.finish()
        // `--against-corpus A B C`: the files after the first are positionals.
        let corpora = args.values("--against-corpus") + args.positionals
        if corpora.count > args.values("--against-corpus").count && args.values("--against-corpus").isEmpty {
            throw CLIError.usage("unexpected argument '\(args.positionals[0])' (corpora go after --against-corpus)")
        }
        var noise: CollisionNoise.Options? = nil
        if let v = args.value("--against-synth") {
            guard let n = Int(v), (1...100).contains(n) else { throw CLIError.usage("--against-synth takes a number from 1 to 100") }
            noise = CollisionNoise.Options(perPhrase: n)
        }
        if let v = args.value("--noise-rate") {
            guard noise != nil else { throw CLIError.usage("--noise-rate goes with --against-synth") }
            guard let x = Double(v), x >= 0, x <= 1 else { throw CLIError.usage("--noise-rate takes a number in [0, 1]") }
            noise?.wordErrorRate = x
        }
        if let v = args.value("--seed") {
            guard noise != nil else { throw CLIError.usage("--seed goes with --against-synth") }
            guard let x = UInt64(v) else { throw CLIError.usage("--seed takes an unsigned integer") }
            noise?.seed = x
        }
        if args.value("--synth-output") != nil && noise == nil { throw CLIError.usage("--synth-output goes with --against-synth") }
        if !corpora.isEmpty || noise != nil {
            var (items, errors) = try CatalogOptions.readCorpora(corpora, ctx)
            for e in errors { ctx.err("error: \(e.oneLine)\n") }
            if !errors.isEmpty { throw CLIError.input("\(errors.count) bad corpus line(s)") }
            if let ls = o.locales {
                let keep = Set(ls.compactMap { matcher.indexedLocale(for: $0) })
                items = items.filter { matcher.indexedLocale(for: $0.locale ?? matcher.defaultLocale).map(keep.contains) ?? false }
            }
            if let no = noise {
                let generated = CollisionNoise.items(matcher: matcher, locales: report.locales, options: no, threads: o.threads)
                if let f = args.value("--synth-output") {
                    try AtomicFile.write(CollisionNoise.render(generated), to: f)
                }
                items += generated
            }
            if let split { items = items.filter { $0.split == split } }
            var rc = CollisionReality.check(report, matcher: matcher, items: items, k: top ?? 10, threads: o.threads,
                                            progress: progress?.callback(detail: "utterances"))
            progress?.finish()
            rc.corpora = corpora.count
            rc.noise = noise
            report.reality = rc
        }
        let text: String
        switch format {
        case "json": text = CollisionFormats.json(report, top: top)
        case "markdown": text = CollisionFormats.markdown(report, top: top)
        case "html": text = CollisionHTML.render(report, top: top)
        default: text = CollisionFormats.text(report, top: top)
        }
        try PhraseMatchCLI.emit(text, args, ctx)
        if let f = failOn, let w = report.worst, w >= f {
            let n = report.pairs.filter { $0.severity >= f }.count
            ctx.err("phrasematch collisions: \(n) pair(s) at or above \(f.name)\n")
            return ExitCode.checkFailed
        }
        return ExitCode.success
    }
}
