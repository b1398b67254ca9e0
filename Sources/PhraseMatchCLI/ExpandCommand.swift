import PhraseEngine
/// `phrasematch expand`: the expanded phrases per locale with their bindings, and the budget.
public enum ExpandCommand: Command {
    public static let name = "expand"
    public static let summary = "List expanded phrases and the phrase budget per locale."
    public static let discussion = """
    Every template × app-name variant × parameter option is one phrase, in the order the
    system's budget counts them: shortcuts, then templates, then options (title, then
    synonyms), then app names (display name, then alternative names). Each locale has its own
    budget of 1,000; the phrases past it are what the system cuts. They are left out unless
    --include-truncated is given, and then marked. The report is written as it is produced,
    so catalogs with huge option sets need little memory.
    Exit status: 0; 2 usage error; 3 unreadable or malformed catalog.
    """
    public static let options = [
        CatalogOptions.catalogOption,
        OptionSpec("--locale", short: "-l", value: "ID|all", help: "A locale, or all (default: each catalog's development locale). \(LocaleOption.helpRule)"),
        OptionSpec("--format", short: "-f", value: "text|json", help: "text (default) or json."),
        OptionSpec("--include-truncated", help: "List the phrases past the budget too, marked as cut."),
        CatalogOptions.outputOption,
    ]

    /// The (catalog, locale) pairs to expand, grouped by locale in first-seen order.
    static func plan(_ catalogs: [Catalog], locale: String?) -> [(locale: String, catalogs: [Catalog])] {
        var out: [(locale: String, catalogs: [Catalog])] = []
        func add(_ l: String, _ c: Catalog) {
            if let i = out.firstIndex(where: { $0.locale == l }) { out[i].catalogs.append(c) } else { out.append((l, [c])) }
        }
        for c in catalogs {
            switch locale {
            case nil: add(c.developmentLocale, c)
            case "all": for l in c.allLocales { add(l, c) }
            case let l?: if let m = LocaleOption.reach(l, among: LocaleOption.phraseLocales([c])) { add(m, c) }
            }
        }
        return out
    }

    public static func run(_ args: ParsedArguments, _ ctx: CLIContext) throws -> Int32 {
        let format = try PhraseMatchCLI.format(args, allowed: ["text", "json"])
        if let p = args.positionals.first { throw CLIError.usage("unexpected argument '\(p)' (catalogs are given with --catalog FILE)") }
        let locale = args.value("--locale")
        try LocaleOption.checkForm(args, allowAll: true)
        let (catalogs, _) = try CatalogOptions.load(args, ctx, allowSamples: true)
        if let l = locale, l != "all" {
            _ = try LocaleOption.choice(args, catalogs)
            LocaleOption.noteCatalogsWithout(l, catalogs, ctx)
        }
        let include = args.flag("--include-truncated")
        let sink = try ReportSink(args, ctx)
        let groups = plan(catalogs, locale: locale)
        if format == "json" {
            writeJSON(groups, include: include, several: catalogs.count > 1, sink)
        } else {
            writeText(catalogs, groups, include: include, sink)
        }
        try sink.finish()
        return ExitCode.success
    }

    static func phraseJSON(_ p: ExpandedPhrase, truncated: Bool) -> JSONOut {
        var variant: [(String, JSONOut)] = [("appName", .string(p.appName.label))]
        if let o = p.option { variant.append(("option", .string(o.label))) }
        return .object([
            ("app", .string(p.app)), ("intent", .string(p.intent)), ("text", .string(p.text)), ("template", .string(p.template)),
            ("parameters", .object(p.parameters.map { ($0.0, $0.1.json) })),
            ("ordinal", .int(p.ordinal)), ("truncated", .bool(truncated)), ("variant", .object(variant)),
        ])
    }

    static func writeJSON(_ groups: [(locale: String, catalogs: [Catalog])], include: Bool, several: Bool, _ sink: ReportSink) {
        sink.write("{\n  \"locales\": {")
        for (gi, g) in groups.enumerated() {
            let budgets = g.catalogs.map { Expansion.budget($0, locale: g.locale) }
            sink.write(gi == 0 ? "\n" : ",\n")
            sink.write("    " + JSONOut.string(g.locale).render() + ": {\n")
            sink.write("      \"count\": \(budgets.reduce(0) { $0 + $1.count }),\n")
            sink.write("      \"budget\": \(Expansion.budget),\n")
            sink.write("      \"truncated\": \(budgets.reduce(0) { $0 + $1.cut }),\n")
            if several {
                let apps = JSONOut.object(budgets.map { b in
                    (b.app, .object([("count", .int(b.count)), ("budget", .int(b.budget)), ("truncated", .int(b.cut))]))
                })
                sink.write("      \"apps\": \(apps.render()),\n")
            }
            sink.write("      \"phrases\": [")
            var first = true
            for c in g.catalogs {
                Expansion.forEach(c, locale: g.locale, includeTruncated: include) { p in
                    sink.write(first ? "\n        " : ",\n        ")
                    first = false
                    sink.write(phraseJSON(p, truncated: p.ordinal >= Expansion.budget).render())
                    return true
                }
            }
            sink.write(first ? "]\n" : "\n      ]\n")
            sink.write("    }")
        }
        sink.write(groups.isEmpty ? "}\n}\n" : "\n  }\n}\n")
    }

    static func bindingText(_ p: ExpandedPhrase) -> String {
        p.parameters.map { "\($0.0)=\($0.1.identity)" }.joined(separator: " ")
    }

    static func writeText(_ catalogs: [Catalog], _ groups: [(locale: String, catalogs: [Catalog])], include: Bool, _ sink: ReportSink) {
        var firstSection = true
        for c in catalogs {
            let locales = groups.filter { g in g.catalogs.contains { $0.app.id == c.app.id } }.map(\.locale)
            guard !locales.isEmpty else { continue }
            if !firstSection { sink.write("\n") }
            firstSection = false
            sink.write("\(c.app.id) (\(c.file))\n")
            for l in locales {
                let b = Expansion.budget(c, locale: l)
                sink.write(b.line + "\n")
                let width = String(include ? b.count : min(b.count, b.budget)).count
                Expansion.forEach(c, locale: l, includeTruncated: include) { p in
                    let n = String(p.ordinal + 1)
                    let mark = b.keeps(ordinal: p.ordinal) ? "    " : "cut "
                    var line = "  \(mark)\(String(repeating: " ", count: max(0, width - n.count)))\(n)  \(p.text)  — \(p.intent)"
                    let binding = bindingText(p)
                    if !binding.isEmpty { line += " " + binding }
                    sink.write(line + "\n")
                    return true
                }
            }
        }
    }
}
