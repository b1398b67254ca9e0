// Command plugin: `swift package phrasematch lint|eval|collisions [--target NAME ...] [OPTION ...]`.
//
// Runs `phrasematch` (in process, through the `phrasematch-plugin` tool that SwiftPM builds from
// source) from the package root on the package's catalogs: the selected targets' (every
// target's without --target) catalog.json and *.catalog.json files, or the "catalogs" of
// phrasematch.json at the package root. `eval` takes its corpora from the arguments (files
// ending .jsonl or .tsv), else from "corpora" in phrasematch.json; `lint` takes "strict" and
// "disable" from it. Every other option goes to the tool as it is (`swift package phrasematch
// eval --format markdown`); with --catalog among them no catalog is added. The tool's exit
// status (1 a failed check, 2 usage, 3 bad input) fails the command.
import Foundation
import PackagePlugin

@main
struct PhraseMatchCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let targets = try names.isEmpty ? context.package.targets : context.package.targets(named: names)
        let folders: [URL] = targets.compactMap {
            switch $0 {
            case let t as SwiftSourceModuleTarget: return t.directoryURL
            case let t as ClangSourceModuleTarget: return t.directoryURL
            default: return nil
            }
        }
        try Self.run(tool: context.tool(named: "phrasematch-plugin").url, root: context.package.directoryURL,
                     sources: folders.flatMap { ["--folder", $0.path] }, arguments: extractor.remainingArguments)
    }

    /// Runs the tool, its output going straight to the plugin's own; a nonzero exit fails the command.
    static func run(tool: URL, root: URL, sources: [String], arguments: [String]) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = ["command", "--root", root.path] + sources + ["--"] + arguments
        process.currentDirectoryURL = root
        try process.run()
        process.waitUntilExit()
        let what = "phrasematch \(arguments.first ?? "")"
        guard process.terminationReason == .exit else {
            throw PluginFailure("\(what) was stopped by signal \(process.terminationStatus)")
        }
        let status = process.terminationStatus
        guard status == 0 else {
            let meaning = [1: "the check failed", 2: "usage error", 3: "unreadable or malformed input"][status] ?? "failed"
            throw PluginFailure("\(what) exited with status \(status) (\(meaning))")
        }
    }
}

struct PluginFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

// In Xcode: right-click the project in the navigator → phrasematch, with the arguments
// (`lint`, `eval`, `collisions`, options). The catalogs: the selected targets' files named
// catalog.json or *.catalog.json, or the "catalogs" of a phrasematch.json beside the .xcodeproj.
extension PhraseMatchCommandPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let names = Set(extractor.extractOption(named: "target"))
        let catalogs = context.xcodeProject.targets
            .filter { names.isEmpty || names.contains($0.displayName) }
            .flatMap { $0.inputFiles.map(\.url) }
            .filter { $0.lastPathComponent == "catalog.json" || $0.lastPathComponent.hasSuffix(".catalog.json") }
        try Self.run(tool: context.tool(named: "phrasematch-plugin").url, root: context.xcodeProject.directoryURL,
                     sources: catalogs.flatMap { ["--catalog", $0.path] }, arguments: extractor.remainingArguments)
    }
}
#endif
