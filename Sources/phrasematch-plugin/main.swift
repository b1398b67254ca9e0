// The tool the two SwiftPM/Xcode plugins run (Plugins/): `phrasematch` itself, in process, with
// the catalogs and options found at run time from the plugin conventions (PluginConfig.swift).
//
//   phrasematch-plugin build   --root DIR --work DIR [--folder DIR ...] [--catalog FILE ...]
//   phrasematch-plugin command --root DIR [--folder DIR ...] [--catalog FILE ...] -- lint|eval|collisions [OPTION ...]
//
// `build` is `phrasematch lint --format xcode` over the catalogs, run from --work so that every
// finding names its file by an absolute path (the tool shows paths inside its current folder
// relative to it); its exit status is lint's (1 errors, or warnings with "strict": true; 3 a
// catalog that does not load), which fails the build. `command` runs the subcommand from --root
// with the catalogs (and, for eval, the configured corpora) added. --folder: a target's folder,
// searched for catalog.json and *.catalog.json; --catalog: a catalog the plugin already knows.
// phrasematch.json's "catalogs", when given, replace both. Errors are one line, exit 2.
import Foundation
import PhraseEngine
import PhraseMatchCLI

struct Invocation {
    var mode: String
    var root: URL
    var work: URL?
    var folders: [URL] = []
    var catalogs: [URL] = []
    var rest: [String] = []

    init(_ argv: [String]) throws {
        guard let mode = argv.first, mode == "build" || mode == "command" else {
            throw PhraseMatchPluginError("expects 'build' or 'command' first (it is run by the PhraseEngine plugins)")
        }
        self.mode = mode
        var root: URL?
        var i = 1
        func value(_ name: String) throws -> URL {
            i += 1
            guard i < argv.count else { throw PhraseMatchPluginError("\(name) needs a value") }
            return URL(fileURLWithPath: argv[i]).standardizedFileURL
        }
        while i < argv.count {
            switch argv[i] {
            case "--root": root = try value("--root")
            case "--work": work = try value("--work")
            case "--folder": folders.append(try value("--folder"))
            case "--catalog": catalogs.append(try value("--catalog"))
            case "--": rest = Array(argv[(i + 1)...]); i = argv.count
            default: throw PhraseMatchPluginError("unknown argument '\(argv[i])'")
            }
            i += 1
        }
        guard let root else { throw PhraseMatchPluginError("--root is required") }
        self.root = root
        if mode == "build" && work == nil { throw PhraseMatchPluginError("build needs --work") }
    }

    /// The catalogs: the config's, else the ones given and those in the folders, without repeats.
    func catalogs(_ config: PhraseMatchConfig) -> [URL] {
        if let configured = config.catalogs { return configured }
        var seen = Set<String>()
        let found = catalogs + folders.flatMap { PhraseMatchConfig.files(in: $0, matching: PhraseMatchConfig.isCatalog) }
        return found.filter { seen.insert($0.path).inserted }
    }
}

let subcommands = ["lint", "eval", "collisions"]

/// The `phrasematch` arguments for `command`'s arguments.
func commandArguments(_ arguments: [String], config: PhraseMatchConfig, catalogs: [URL]) throws -> [String] {
    guard let command = arguments.first, subcommands.contains(command) else {
        let given = arguments.first.map { "unknown subcommand '\($0)'" } ?? "no subcommand"
        throw PhraseMatchPluginError("\(given); use one of \(subcommands.joined(separator: ", ")) (swift package phrasematch lint [--target NAME] [OPTION ...])")
    }
    let rest = Array(arguments.dropFirst())
    let asksForHelp = rest.contains("--help") || rest.contains("-h") || rest.contains("--list-rules")
    var out = [command]
    // With --catalog among the options the user chose the catalogs.
    if !rest.contains(where: { $0 == "--catalog" || $0 == "-c" || $0.hasPrefix("--catalog=") }) {
        if catalogs.isEmpty && !asksForHelp {
            throw PhraseMatchPluginError("no catalog found (add a catalog.json or *.catalog.json to a target's folder, or list 'catalogs' in \(PhraseMatchConfig.fileName))")
        }
        out += catalogs.flatMap { ["--catalog", $0.path] }
    }
    switch command {
    case "lint":
        // --strict is a flag the tool takes once.
        out += config.lintOptions.filter { $0 != "--strict" || !rest.contains("--strict") } + rest
    case "eval":
        // Corpora: those named in the arguments (files ending .jsonl or .tsv, or anything after
        // --), else the configured ones.
        out += rest
        let namesCorpus = rest.contains { PhraseMatchConfig.isCorpus($0) || $0 == "--" || $0 == "--stream" }
        if !namesCorpus && !asksForHelp {
            guard !config.corpora.isEmpty else {
                throw PhraseMatchPluginError("eval needs a corpus: name one (swift package phrasematch eval CORPUS.jsonl) or list 'corpora' in \(PhraseMatchConfig.fileName)")
            }
            out += ["--"] + config.corpora.map(\.path)
        }
    default:
        out += rest
    }
    return out
}

/// `phrasematch ARGS` in this process, from `folder`.
func runPhraseMatch(_ arguments: [String], from folder: URL) -> Int32 {
    let env = ProcessInfo.processInfo.environment
    let ctx = CLIContext(environment: env, stdoutIsTerminal: isatty(1) == 1, stdinIsTerminal: isatty(0) == 1,
                         currentDirectory: folder.path,
                         readLine: { Swift.readLine(strippingNewline: true) },
                         out: { s in FileHandle.standardOutput.write(Data(s.utf8)) },
                         err: { s in FileHandle.standardError.write(Data(s.utf8)) })
    return PhraseMatchCLI.run(arguments, context: ctx)
}

do {
    let invocation = try Invocation(Array(CommandLine.arguments.dropFirst()))
    let config = try PhraseMatchConfig.load(root: invocation.root)
    let catalogs = invocation.catalogs(config)
    if invocation.mode == "build" {
        guard !catalogs.isEmpty else {
            // A plugin applied to a target without a catalog is a mistake, but not a broken build.
            print("warning: phrasematch: no catalog in \(invocation.folders.map(\.path).joined(separator: ", ")) (a catalog.json or *.catalog.json, or 'catalogs' in \(invocation.root.appendingPathComponent(PhraseMatchConfig.fileName).path))")
            exit(0)
        }
        exit(runPhraseMatch(["lint", "--format", "xcode"] + config.lintOptions + ["--"] + catalogs.map(\.path),
                            from: invocation.work!))
    }
    exit(runPhraseMatch(try commandArguments(invocation.rest, config: config, catalogs: catalogs), from: invocation.root))
} catch {
    FileHandle.standardError.write(Data("error: phrasematch plugin: \(error)\n".utf8))
    exit(ExitCode.usage)
}
