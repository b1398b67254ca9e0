import PhraseEngine
/// `phrasematch normalize`: shows what the engine hears.
public enum NormalizeCommand: Command {
    public static let name = "normalize"
    public static let summary = "Show the tokens the engine hears for a text (one per line on stdin when no argument)."
    public static let arguments = "[TEXT ...]"
    public static let discussion = """
    Each token shows its normalized form, its span in the input, its flags (filler, optional,
    connector, number, ordinal, particle, elision) and its phonetic key.
    """
    public static let options = [
        OptionSpec("--locale", short: "-l", value: "ID", help: "Locale (BCP 47). Default: en."),
        OptionSpec("--format", short: "-f", value: "text|json", help: "text or json."),
    ]

    public static func run(_ args: ParsedArguments, _ ctx: CLIContext) throws -> Int32 {
        let format = try PhraseMatchCLI.format(args, allowed: ["text", "json"])
        // No catalog here: the tag's form is checked as everywhere, and a well-formed tag without
        // a locale profile of its own is heard by the profile it falls back to (a note says which).
        try LocaleOption.checkForm(args)
        let locale = args.value("--locale").map(LocaleOption.canonical) ?? "en"
        let n = Normalizer.forLocale(locale)
        if let note = n.fallbackNote { ctx.err("note: \(note)\n") }
        var inputs = args.positionals
        let fromStdin = inputs.isEmpty
        func handle(_ text: String) {
            let r = n.normalize(text)
            if format == "json" {
                let toks: [JSONOut] = r.tokens.map { t in
                    .object([("text", .string(t.text)), ("start", .int(t.start)), ("end", .int(t.end)),
                             ("source", .string(r.source(of: t))), ("flags", .array(t.flagNames.map { .string($0) })),
                             ("phonetic", .string(t.phonetic))])
                }
                ctx.out(JSONOut.object([("text", .string(text)), ("locale", .string(locale)),
                                        ("profile", .string(n.profile.id)), ("tokens", .array(toks))]).render() + "\n")
            } else {
                var s = "\(text)\n"
                if r.tokens.isEmpty { s += "  (no tokens)\n" }
                // Columns padded by display width (a CJK character takes two columns).
                let textWidth = r.tokens.map { DisplayWidth.of($0.text) }.max().map { max($0, 16) } ?? 16
                let spanWidth = r.tokens.map { "\($0.start)..<\($0.end)".count }.max() ?? 0
                let sourceWidth = r.tokens.map { DisplayWidth.of(r.source(of: $0)) + 2 }.max() ?? 0
                for t in r.tokens {
                    var line = "  " + DisplayWidth.pad(t.text, to: textWidth)
                    line += " " + DisplayWidth.pad("\(t.start)..<\(t.end)", to: spanWidth)
                    line += " " + DisplayWidth.pad("\"\(r.source(of: t))\"", to: sourceWidth)
                    if !t.flagNames.isEmpty { line += " [\(t.flagNames.joined(separator: ","))]" }
                    if !t.phonetic.isEmpty { line += " /\(t.phonetic)/" }
                    s += String(line.reversed().drop { $0 == " " }.reversed()) + "\n"
                }
                ctx.out(s)
            }
        }
        if fromStdin {
            while let line = ctx.readLine() { inputs = [line]; handle(line) }
        } else {
            for t in inputs { handle(t) }
        }
        return ExitCode.success
    }
}
