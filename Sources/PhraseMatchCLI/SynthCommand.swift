import Foundation
import PhraseEngine

/// `phrasematch synth`: derive a starter corpus from catalogs.
public enum SynthCommand: Command {
    public static let name = "synth"
    public static let summary = "Generate a starter corpus (JSON Lines, tagged synth) from catalogs."
    public static let discussion = """
    For a sample of expanded phrases inside the 1,000-phrase budget (N per shortcut and locale, spread
    over templates and options), writes the phrase (clean) and variants: filler, reword, asr-sound,
    asr-split, asr-number, asr-accent, alt-name, synonym, no-app-name; near misses (another app's name,
    a value the parameter does not have) and the catalog's negative phrases with expect null; and
    out-of-domain controls per locale. Every line is also tagged synth. Lines follow the corpus format
    (docs/corpus-format.md) and can be fed to 'phrasematch eval'. The same catalogs, options and seed give
    the same bytes. Synthetic lines are a starting point: review them before using them as ground truth.
    Exit status: 0 success, 2 usage, 3 unreadable or malformed catalog.
    """
    public static let options = [
        CatalogOptions.catalogOption,
        OptionSpec("--locale", short: "-l", value: "ID|all", help: "A locale, or 'all' (default: each catalog's development locale). \(LocaleOption.helpRule)"),
        OptionSpec("--per-shortcut", short: "-n", value: "N", help: "Phrases sampled per shortcut and locale (default \(Synth.Options().perShortcut), 1-1000)."),
        OptionSpec("--seed", short: "-s", value: "N", help: "Random seed, an unsigned integer (default \(Synth.Options().seed))."),
        CatalogOptions.outputOption, ProgressLine.quietOption,
    ]

    public static func run(_ args: ParsedArguments, _ ctx: CLIContext) throws -> Int32 {
        if let p = args.positionals.first { throw CLIError.usage("unexpected argument '\(p)'") }
        var opts = Synth.Options()
        if let v = args.value("--per-shortcut") {
            guard let k = Int(v), (1...1000).contains(k) else { throw CLIError.usage("--per-shortcut takes a number from 1 to 1000") }
            opts.perShortcut = k
        }
        if let v = args.value("--seed") {
            guard let s = UInt64(v) else { throw CLIError.usage("--seed takes an unsigned integer") }
            opts.seed = s
        }
        try LocaleOption.checkForm(args, allowAll: true)
        let (catalogs, _) = try CatalogOptions.load(args, ctx, allowSamples: true)
        let selection: Synth.Locales
        switch args.value("--locale") {
        case nil: selection = .development
        case "all"?: selection = .all
        case let l?:
            selection = .only(try LocaleOption.choice(args, catalogs)?.catalogLocale ?? l)
            LocaleOption.noteCatalogsWithout(l, catalogs, ctx)
        }
        for l in Synth.locales(selection, catalogs: catalogs) {
            if let note = Normalizer.forLocale(l).fallbackNote { ctx.err("note: \(note)\n") }
        }
        let progress = ProgressLine.make(ctx, args, label: "synth")
        let lines = Synth.generate(catalogs, locales: selection, options: opts, progress: progress?.callback)
        progress?.finish()
        try PhraseMatchCLI.emit(Synth.render(lines), args, ctx)
        if args.value("--output") != nil {
            ctx.err("wrote \(lines.count) line(s) to \(args.value("--output") ?? "")\n")
        }
        return ExitCode.success
    }
}
