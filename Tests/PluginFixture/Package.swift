// swift-tools-version:6.0
// A package as an app developer has it: a target with an App Shortcuts catalog, the two
// PhraseEngine plugins applied, PhraseEngine itself depended on by path. .ci/run builds it and
// checks the plugins' output and exit statuses (Tests/PluginFixture/check.sh).
import PackageDescription

// SwiftPM names a path dependency by its folder's name (lowercased): here the repository's
// clone, whatever its folder is called. A package depending on PhraseEngine by URL names it
// "PhraseEngine".
let engine = Context.packageDirectory.split(separator: "/").dropLast(2).last.map { $0.lowercased() } ?? "phraseengine"

let package = Package(
    name: "PluginFixture",
    dependencies: [
        .package(path: "../.."),
    ],
    targets: [
        .target(
            name: "Garden",
            // The plugin finds the catalog on disk; excluding it keeps SwiftPM from asking
            // whether it is a resource.
            exclude: ["AppShortcuts.catalog.json"],
            plugins: [.plugin(name: "PhraseMatchBuildToolPlugin", package: engine)]
        ),
    ],
    swiftLanguageModes: [.v6]
)
