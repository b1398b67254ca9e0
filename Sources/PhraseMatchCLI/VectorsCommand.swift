import Foundation
import PhraseEngine

/// `phrasematch vectors`: builds the phrase vectors of catalogs ahead of time (the cache the
/// matcher reads), as a build step does for CI.
public enum VectorsCommand: Command {
    public static let name = "vectors"
    public static let summary = "Build the sentence encoder's phrase vectors ahead of time (cached for match, eval, repl)."
    public static let arguments = ""
    public static let discussion = """
    Encodes every phrase template of the catalogs (with and without the app name, values spread
    over a parameter's options, at most 64 rows a shortcut) for each locale, or reads them from
    the cache when it holds them, and prints one line a locale: the rows, whether they were built
    or cached, and the cache file. The cache folder is
    $PHRASEENGINE_CACHE, else $XDG_CACHE_HOME/phrasematch, else ~/.cache/phrasematch; keep it
    between CI runs and the matcher encodes no phrase. See docs/semantic.md.
    Exit status: 0 done, 2 usage, 3 bad input (a catalog, the weights).
    """
    public static let options = [
        CatalogOptions.catalogOption,
        OptionSpec("--locale", short: "-l", value: "ID", help: "One locale (default: every locale of the catalogs). \(LocaleOption.helpRule)"),
        CatalogOptions.encoderOption,
    ]

    public static func run(_ args: ParsedArguments, _ ctx: CLIContext) throws -> Int32 {
        try LocaleOption.checkForm(args)
        let (catalogs, _) = try CatalogOptions.load(args, ctx, allowSamples: true)
        var locales = Matcher.locales(of: catalogs)
        if let c = try LocaleOption.choice(args, catalogs) { locales = [c.catalogLocale] }
        // This command exists for the encoder: it looks for the bundled weights whatever the context.
        let finds = ctx.findsEncoder
        ctx.findsEncoder = true
        defer { ctx.findsEncoder = finds }
        guard let encoder = try CatalogOptions.encoder(args, ctx) else {
            throw CLIError.input("no sentence encoder weights to build phrase vectors with")
        }
        let cache = CatalogOptions.vectorCache(ctx)
        for l in locales {
            let t0 = DispatchTime.now().uptimeNanoseconds
            let v = PhraseVectors.build(catalogs, locale: l, encoder: encoder, cache: cache)
            let s = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
            let key = PhraseVectorCache.key(identity: encoder.identity, locale: l, texts: v.texts)
            let how = v.cached ? "cached" : "built in \(String(format: "%.1f", s)) s"
            ctx.out("\(l): \(v.texts.count) phrase vectors, \(how) (\(cache.path(key)))\n")
        }
        return ExitCode.success
    }
}
