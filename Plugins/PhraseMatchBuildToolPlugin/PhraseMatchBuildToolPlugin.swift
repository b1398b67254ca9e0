// Build-tool plugin: lints a target's App Shortcuts catalogs as part of its build.
//
// The command is `phrasematch lint --format xcode CATALOG ...`, run in process by the
// `phrasematch-plugin` tool, which SwiftPM (or Xcode) builds from source before it runs. The
// findings are `file:line:column: severity: message [rule]` lines with absolute paths, which Xcode
// and `swift build` show as build diagnostics; lint exits 1 on errors (and on warnings when
// phrasematch.json says "strict": true) and 3 on a catalog that does not load, which fails the
// build. The catalogs (catalog.json or *.catalog.json in the target's folder, or phrasematch.json's
// "catalogs") and the options are read when the command runs, so editing them needs no clean.
import Foundation
import PackagePlugin

@main
struct PhraseMatchBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        // Target.directoryURL needs tools version 6.1; the source targets have it on 6.0.
        let folder: URL
        switch target {
        case let t as SwiftSourceModuleTarget: folder = t.directoryURL
        case let t as ClangSourceModuleTarget: folder = t.directoryURL
        default:
            Diagnostics.warning("phrasematch: '\(target.name)' has no sources, so no catalogs to lint")
            return []
        }
        let root = context.package.directoryURL
        return [Self.lintCommand(tool: try context.tool(named: "phrasematch-plugin").url, label: target.name,
                                 root: root, work: context.pluginWorkDirectoryURL,
                                 sources: ["--folder", folder.path], folder: folder)]
    }

    static func lintCommand(tool: URL, label: String, root: URL, work: URL, sources: [String], folder: URL) -> Command {
        .buildCommand(
            displayName: "phrasematch lint \(label)",
            executable: tool,
            arguments: ["build", "--root", root.path, "--work", work.path] + sources,
            environment: ["NO_COLOR": "1"],
            inputFiles: [tool] + inputs(root: root, folder: folder),
            // No outputs: SwiftPM runs the command on the first build, after a failure, and when
            // an input changed; Xcode runs it on every build.
            outputFiles: [])
    }

    /// What the command reads, for the build's dependency tracking: phrasematch.json and the
    /// catalog-named files in the target's folder, or, with a phrasematch.json (which may name
    /// catalogs anywhere), those in the whole package. The command itself finds the catalogs
    /// when it runs (Sources/phrasematch-plugin/PluginConfig.swift); this only has to cover them.
    static func inputs(root: URL, folder: URL) -> [URL] {
        let config = root.appendingPathComponent("phrasematch.json")
        let hasConfig = FileManager.default.fileExists(atPath: config.path)
        guard let walker = FileManager.default.enumerator(at: hasConfig ? root : folder, includingPropertiesForKeys: nil,
                                                          options: [.skipsHiddenFiles]) else { return [] }
        var found: [URL] = []
        for case let url as URL in walker {
            let name = url.lastPathComponent
            if name == ".build" || name.hasSuffix(".xcodeproj") { walker.skipDescendants() }
            if name == "catalog.json" || name.hasSuffix(".catalog.json") { found.append(url) }
        }
        return (hasConfig ? [config] : []) + found.sorted { $0.path < $1.path }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

// For app projects: add the package, then this plugin under the app target's Build Phases →
// Run Build Tool Plug-ins. The catalogs: the target's files named catalog.json or
// *.catalog.json, and those in the '<target name>/' folder beside the .xcodeproj, or the
// "catalogs" of a phrasematch.json there.
extension PhraseMatchBuildToolPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let root = context.xcodeProject.directoryURL
        let members = target.inputFiles.map(\.url).filter {
            $0.lastPathComponent == "catalog.json" || $0.lastPathComponent.hasSuffix(".catalog.json")
        }
        let sources = members.flatMap { ["--catalog", $0.path] }
            + ["--folder", root.appendingPathComponent(target.displayName).path]
        return [Self.lintCommand(tool: try context.tool(named: "phrasematch-plugin").url, label: target.displayName,
                                 root: root, work: context.pluginWorkDirectoryURL, sources: sources,
                                 folder: root.appendingPathComponent(target.displayName))]
    }
}
#endif
