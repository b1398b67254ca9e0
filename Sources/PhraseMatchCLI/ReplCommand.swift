import Foundation
import PhraseEngine

/// `phrasematch repl`: type what a person would say, see where it goes and why.
public enum ReplCommand: Command {
    public static let name = "repl"
    public static let summary = "Type utterances, see what they route to (bundled sample apps when no --catalog)."
    public static let discussion = """
    On a terminal: line editing (arrows, Ctrl-A/E, Ctrl-R history search), history kept in
    $XDG_STATE_HOME/phrasematch/history; Ctrl-C abandons the line, Ctrl-D leaves. From a pipe:
    one utterance or command per line, plain output. NO_COLOR turns colors off.
    """
    public static let options = [
        CatalogOptions.catalogOption, CatalogOptions.localeOption, CatalogOptions.modelOption,
        OptionSpec("--no-explain", help: "Start with explanations off."),
        CatalogOptions.noSemanticOption, CatalogOptions.encoderOption,
    ]

    public static func run(_ args: ParsedArguments, _ ctx: CLIContext) throws -> Int32 {
        try LocaleOption.checkForm(args)
        let (catalogs, samples) = try CatalogOptions.load(args, ctx, allowSamples: true)
        let locale = try LocaleOption.choice(args, catalogs)?.tag
        CatalogOptions.warnLintErrors(catalogs, ctx)
        let paths = samples ? CatalogOptions.sampleCatalogPaths(ctx) : args.values("--catalog").map { CatalogOptions.resolvePath($0, ctx) }
        var options = MatchOptions()
        options.model = try CatalogOptions.scoreModel(args, ctx)
        let session = ReplSession(catalogPaths: paths, catalogs: catalogs, locale: locale,
                                  color: ctx.useColor, usedSamples: samples, currentDirectory: ctx.currentDirectory, options: options,
                                  encoder: try CatalogOptions.encoder(args, ctx), vectorCache: CatalogOptions.vectorCache(ctx))
        if args.flag("--no-explain") { session.explain = false }
        session.makeProgress = { label in ProgressLine.make(ctx, args, label: label) }
        let interactive = ctx.stdinIsTerminal && ctx.stdoutIsTerminal
        ctx.out(session.banner)
        session.prepareMeaning()
        if interactive {
            let editor = LineEditor(historyPath: LineEditor.defaultHistoryPath(ctx.environment))
            defer { editor.restore() }
            while true {
                switch editor.readLine(prompt: session.color ? "\u{1B}[1m\(session.prompt)\u{1B}[0m" : session.prompt) {
                case .eof: return ExitCode.success
                case .interrupted: continue
                case .line(let l):
                    editor.add(l)
                    let (out, quit) = session.handle(l)
                    ctx.out(out)
                    if quit { return ExitCode.success }
                }
            }
        }
        while let line = ctx.readLine() {
            let (out, quit) = session.handle(line)
            ctx.out(out)
            if quit { break }
        }
        return ExitCode.success
    }
}
