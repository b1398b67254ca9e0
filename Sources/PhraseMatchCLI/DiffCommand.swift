import PhraseEngine
/// `phrasematch diff OLD NEW`: persisted contracts an app update would break.
public enum DiffCommand: Command {
    public static let name = "diff"
    public static let summary = "Compare an old and a new catalog for broken contracts."
    public static let arguments = "OLD NEW"
    public static let discussion = """
    Phrases and enum raw values are persisted contracts: people say shipped phrases, and saved
    shortcuts store intents, raw values and entity ids. Breaking: removed or rewritten phrases
    per locale (a template replaced at the same index is one rewrite), expanded phrases that can
    no longer be said or are pushed past the budget, removed shortcuts, enums, cases and entity
    types, changed raw values (a case with the same title and a new raw value), removed
    alternative names and changed app names. Safe: additions, and entity snapshots (run-time data).
    Exit status: 0 no breaking change; 1 breaking changes; 2 usage error; 3 unreadable or
    malformed catalog.
    """
    public static let options = [
        OptionSpec("--format", short: "-f", value: "text|json", help: "text (default) or json."),
        CatalogOptions.outputOption,
    ]

    public static func run(_ args: ParsedArguments, _ ctx: CLIContext) throws -> Int32 {
        let format = try PhraseMatchCLI.format(args, allowed: ["text", "json"])
        guard args.positionals.count == 2 else {
            throw CLIError.usage("expected two catalogs, OLD and NEW (got \(args.positionals.count))")
        }
        var loaded: [Catalog] = []
        var errors: [Diagnostic] = []
        for p in args.positionals {
            do {
                var c = try CatalogLoader.load(path: CatalogOptions.resolvePath(p, ctx))
                c.file = CatalogOptions.displayPath(c.file, ctx)
                loaded.append(c)
            } catch {
                errors += error.diagnostics
            }
        }
        if !errors.isEmpty {
            for d in errors { ctx.err("error: " + DiagnosticFormat.displayed(d, ctx).oneLine + "\n") }
            throw CLIError("\(errors.count) error(s) in the catalogs", code: ExitCode.badInput)
        }
        let old = loaded[0], new = loaded[1]
        let diff = CatalogDiff.compare(old, new)
        let report = format == "json" ? json(diff, old, new) : text(diff, old, new, color: ctx.useColor && args.value("--output") == nil)
        try PhraseMatchCLI.emit(report, args, ctx)
        return diff.hasBreakingChanges ? ExitCode.checkFailed : ExitCode.success
    }

    static func json(_ d: CatalogDiff, _ old: Catalog, _ new: Catalog) -> String {
        JSONOut.object([
            ("old", .string(old.file)), ("new", .string(new.file)), ("app", .string(new.app.id)),
            ("breaking", .array(d.breaking.map(\.json))),
            ("safe", .array(d.safe.map(\.json))),
        ]).render(pretty: true) + "\n"
    }

    static func text(_ d: CatalogDiff, _ old: Catalog, _ new: Catalog, color: Bool) -> String {
        func paint(_ s: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
        var out = "\(old.file) → \(new.file) (\(new.app.id))\n"
        func section(_ title: String, _ code: String, _ cs: [CatalogChange]) {
            guard !cs.isEmpty else { return }
            out += "\n" + paint("\(title) (\(cs.count))", code) + "\n"
            for c in cs {
                var head = "  " + c.kind.rawValue
                if let l = c.locale { head += "  \(l)" }
                if let i = c.intent { head += "  \(i)" } else if let t = c.type { head += "  \(t)" }
                switch (c.old, c.new) {
                case let (o?, n?): head += "  \"\(o)\" → \"\(n)\""
                case let (o?, nil): head += "  \"\(o)\""
                case let (nil, n?): head += "  \"\(n)\""
                default: break
                }
                out += head + "\n      " + c.message + (c.omitted > 0 ? " (and \(c.omitted) more like it)" : "") + "\n"
            }
        }
        section("BREAKING", "1;31", d.breaking)
        section("SAFE", "1;32", d.safe)
        func n(_ k: Int, _ w: String) -> String { "\(k) \(w)\(k == 1 ? "" : "s")" }
        out += "\n\(n(d.breaking.count, "breaking change")), \(n(d.safe.count, "safe change"))\n"
        return out
    }
}
