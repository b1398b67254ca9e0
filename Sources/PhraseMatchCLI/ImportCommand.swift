import Foundation
import PhraseEngine

/// `phrasematch import`: builds a catalog from an app's sources and build products.
public enum ImportCommand: Command {
    public static let name = "import"
    public static let summary = "Build a catalog from an app's sources and build products."
    public static let arguments = "PATH ..."
    public static let discussion = """
    PATH is a project folder (searched for Swift sources, AppShortcuts.xcstrings,
    <locale>.lproj/AppShortcuts.strings, Localizable and InfoPlist tables, Info.plist,
    project.pbxproj, XcodeGen project.yml, Package.swift and
    Metadata.appintents/extract.actionsdata) or any of those files.
    With a project, the app target is the application target whose sources hold the
    AppShortcutsProvider; only its files are read (and its frameworks' sources), and the
    bundle id, name and locales come from it, each reported as a note with where it came from.
    The catalog goes to standard output or --output; every finding goes to standard error as
    `file:line:column: severity: message [rule]`, followed by a summary (text or json).
    An import with errors writes no catalog (standard output stays empty, an --output file is
    left as it was); an id or name that cannot be found is such an error, and it says what to
    pass (--app-id ID, --name NAME). With --strict, warnings fail the command but the catalog
    is written.
    Exit status: 0 success; 1 errors found (or warnings, with --strict); 2 usage error;
    3 an input cannot be read.
    """
    public static let options = [
        OptionSpec("--entities", value: "TYPE=FILE", repeatable: true, help: "Options of an AppEntity type, exported from the app as JSON or CSV."),
        OptionSpec("--development-locale", value: "ID", help: "The development locale (default: from the string catalogs or Info.plist, else en)."),
        OptionSpec("--app-id", value: "ID", help: "The bundle identifier (overrides Info.plist and the project)."),
        OptionSpec("--name", value: "NAME", help: "The app's display name in the development locale (overrides Info.plist and the project)."),
        OptionSpec("--target", value: "NAME", help: "The app target (default: the application target holding the AppShortcutsProvider)."),
        OptionSpec("--configuration", value: "NAME", help: "The build configuration whose settings are read (default: Release)."),
        CatalogOptions.outputOption,
        OptionSpec("--format", short: "-f", value: "text|json", help: "Summary of the findings on standard error: text (default) or json."),
        OptionSpec("--strict", help: "Exit 1 on warnings too."),
        ProgressLine.quietOption,
    ]

    public static func run(_ args: ParsedArguments, _ ctx: CLIContext) throws -> Int32 {
        let format = try PhraseMatchCLI.format(args, allowed: ["text", "json"])
        guard !args.positionals.isEmpty else { throw CLIError.usage("no input given (a project folder or files)") }
        var opts = ImportOptions()
        for e in args.values("--entities") {
            guard let eq = e.firstIndex(of: "="), eq != e.startIndex, e.index(after: eq) != e.endIndex else {
                throw CLIError.usage("--entities takes TYPE=FILE, got '\(e)'")
            }
            opts.entities.append((String(e[..<eq]), CatalogOptions.resolvePath(String(e[e.index(after: eq)...]), ctx)))
        }
        if let l = args.value("--development-locale") {
            guard CatalogLoader.isValidLocale(l) else { throw CLIError.usage("'\(l)' is not a locale identifier (BCP 47, such as en, fr-CA, zh-Hans)") }
            opts.developmentLocale = l
        }
        if let id = args.value("--app-id") {
            guard !id.isEmpty else { throw CLIError.usage("--app-id must not be empty") }
            opts.appID = id
        }
        for (flag, keyPath) in [("--name", \ImportOptions.appName), ("--target", \ImportOptions.target), ("--configuration", \ImportOptions.configuration)] {
            guard let v = args.value(flag) else { continue }
            guard !v.trimmingCharacters(in: .whitespaces).isEmpty else { throw CLIError.usage("\(flag) must not be empty") }
            opts[keyPath: keyPath] = v
        }
        for (_, f) in opts.entities where !FileManager.default.fileExists(atPath: f) {
            throw CLIError.input("\(CatalogOptions.displayPath(f, ctx)): no such entity snapshot")
        }
        let progress = ProgressLine.make(ctx, args, label: "import")
        opts.progress = progress?.callback
        let result: ImportResult
        do {
            defer { progress?.finish() }
            result = try ProjectImporter.run(paths: args.positionals.map { CatalogOptions.resolvePath($0, ctx) }, options: opts)
        } catch {
            throw CLIError.input(CatalogOptions.displayPath(error.message, ctx))
        }
        let diags = result.diagnostics.map { DiagnosticFormat.displayed($0, ctx) }
        for d in diags { ctx.err(d.xcodeLine + "\n") }
        let errors = diags.filter { $0.severity == .error }.count
        let warnings = diags.filter { $0.severity == .warning }.count
        let notes = diags.count - errors - warnings
        if format == "json" {
            ctx.err(JSONOut.object([("inputs", .int(result.inputs.count)), ("errors", .int(errors)), ("warnings", .int(warnings)),
                                    ("notes", .int(notes)), ("diagnostics", .array(diags.map(\.json)))]).render() + "\n")
        } else {
            ctx.err("import: \(result.inputs.count) input file(s), \(errors) error(s), \(warnings) warning(s), \(notes) note(s)\n")
        }
        if errors > 0 {
            // A catalog from a failed import is missing what the errors are about (an app name,
            // phrases): writing it would only move the failure downstream.
            ctx.err("import: no catalog written (\(errors) error(s))\n")
            return ExitCode.checkFailed
        }
        try PhraseMatchCLI.emit(result.catalog.render(pretty: true) + "\n", args, ctx)
        if args.flag("--strict") && warnings > 0 { return ExitCode.checkFailed }
        return ExitCode.success
    }
}
