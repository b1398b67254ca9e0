import Foundation
import PhraseEngine

/// The `phrasematch` command line: dispatches to the subcommands.
public enum PhraseMatchCLI {
    public static let version = "0.1.0"

    /// A type-erased command (closures, so the dispatcher needs no existential metatypes).
    public struct Entry: Sendable {
        public var name: String
        public var summary: String
        /// The command's options (without `--help`), which its usage line and help are made from.
        public var options: [OptionSpec]
        /// `phrasematch NAME [options] ARGUMENTS`, as `--help` and docs/cli.md show it.
        public var usage: String
        public var helpText: @Sendable () -> String
        public var invoke: @Sendable ([String], CLIContext) throws -> Int32

        init<C: Command>(_ c: C.Type) {
            name = C.name
            summary = C.summary
            options = C.options
            usage = C.usageLine(width: 93)
            helpText = { C.helpText() }
            invoke = { argv, ctx in
                let args = try C.parse(argv)
                if args.flag("--help") {
                    ctx.out(C.helpText())
                    return ExitCode.success
                }
                return try C.run(args, ctx)
            }
        }
    }

    public static let commands: [Entry] = [
        Entry(ReplCommand.self),
        Entry(MatchCommand.self),
        Entry(EvalCommand.self),
        Entry(NormalizeCommand.self),
        Entry(SynthCommand.self),
        Entry(ImportCommand.self),
        Entry(LintCommand.self),
        Entry(ExpandCommand.self),
        Entry(DiffCommand.self),
        Entry(CollisionsCommand.self),
        Entry(FitCommand.self),
        Entry(VectorsCommand.self),
    ]

    public static func helpText() -> String {
        var s = """
        OVERVIEW: phrasematch — how spoken utterances route to an app's App Shortcuts.

        USAGE: phrasematch <command> [options] [arguments]

        COMMANDS:

        """
        for c in commands {
            s += "  " + c.name.padding(toLength: 12, withPad: " ", startingAt: 0) + c.summary + "\n"
        }
        s += "\nRun 'phrasematch <command> --help' for a command's options.\n"
        return s
    }

    /// Runs the CLI with arguments (without the program name); returns the exit status.
    public static func run(_ argv: [String], context ctx: CLIContext) -> Int32 {
        guard let first = argv.first else {
            ctx.err(helpText())
            return ExitCode.usage
        }
        if first == "--help" || first == "-h" || first == "help" {
            if first == "help", argv.count > 1, let c = commands.first(where: { $0.name == argv[1] }) {
                ctx.out(c.helpText())
            } else {
                ctx.out(helpText())
            }
            return ExitCode.success
        }
        if first == "--version" {
            let weights = ctx.environment["PHRASEENGINE_ENCODER"].flatMap { $0.isEmpty ? nil : $0 }
                ?? E5Encoder.candidatePaths().first { FileManager.default.fileExists(atPath: $0) }
            ctx.out("phrasematch \(version) (ICU \(ICU.version); locale profiles: \(LocaleStore.shared.directory ?? "built-in neutral profile only"); "
                    + "sentence encoder weights: \(weights ?? "none found"))\n")
            return ExitCode.success
        }
        guard let cmd = commands.first(where: { $0.name == first }) else {
            var msg = "phrasematch: unknown command '\(first)'"
            if let s = Suggest.closest(first, among: commands.map(\.name)) { msg += "; did you mean '\(s)'?" }
            ctx.err(msg + " (see 'phrasematch --help')\n")
            return ExitCode.usage
        }
        let rest = Array(argv.dropFirst())
        do {
            return try cmd.invoke(rest, ctx)
        } catch let e as CLIError {
            ctx.err("phrasematch \(cmd.name): \(e.message)\n")
            if e.code == ExitCode.usage { ctx.err("Run 'phrasematch \(cmd.name) --help' for usage.\n") }
            return e.code
        } catch {
            ctx.err("phrasematch \(cmd.name): \(error)\n")
            return ExitCode.badInput
        }
    }

    /// Writes a command's report to `--output FILE` (atomically) or standard output.
    static func emit(_ text: String, _ args: ParsedArguments, _ ctx: CLIContext) throws {
        if let path = args.value("--output") {
            try AtomicFile.write(text, to: path)
        } else {
            ctx.out(text)
        }
    }

    static func format(_ args: ParsedArguments, allowed: [String]) throws -> String {
        let f = args.value("--format") ?? "text"
        guard allowed.contains(f) else {
            throw CLIError.usage("unknown format '\(f)'; use one of: \(allowed.joined(separator: ", "))")
        }
        return f
    }
}
