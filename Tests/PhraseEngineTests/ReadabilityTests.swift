import Foundation
import Testing
@testable import PhraseEngine

/// Explanations by word as said, reports naming values by title, and paths shown as given
/// (issue 33's readability part), through the public API and the CLI.
@Suite struct ReadabilityTests {
    /// Runs the CLI in process with `cwd` as the current folder.
    static func run(_ args: [String], cwd: String) -> (Int32, String, String) {
        let buf = CaptureBuffer()
        let ctx = CLIContext(currentDirectory: cwd, out: { buf.stdout += $0 }, err: { buf.stderr += $0 })
        let code = PhraseMatchCLI.run(args, context: ctx)
        return (code, buf.stdout, buf.stderr)
    }

    @Test func displayPathKeepsTheLeadingSlashAtTheRoot() throws {
        #expect(CatalogOptions.displayPath("/tmp/a/catalog.json", relativeTo: "/") == "/tmp/a/catalog.json")
        #expect(CatalogOptions.displayPath("/tmp/a/catalog.json", relativeTo: "/tmp") == "a/catalog.json")
        #expect(CatalogOptions.displayPath("/tmp/a/catalog.json", relativeTo: "/tmp/") == "a/catalog.json")
        #expect(CatalogOptions.displayPath("/tmpx/catalog.json", relativeTo: "/tmp") == "/tmpx/catalog.json")
        // Through the CLI: a bad catalog's error names the file by its full path when cwd is /.
        let bad = try tempFile("catalog.json", "{\"version\": 1, \"app\": ")
        let (code, out, _) = Self.run(["lint", "--catalog", bad], cwd: "/")
        #expect(code == ExitCode.badInput)
        #expect(out.hasPrefix(bad + "\n"), "\(out)")
        let (_, out2, _) = Self.run(["lint", "--catalog", bad], cwd: (bad as NSString).deletingLastPathComponent)
        #expect(out2.hasPrefix("catalog.json\n"), "\(out2)")
        // The REPL's :load shows paths the same way.
        let s = ReplSession(catalogPaths: [], catalogs: [], locale: "en", color: false, usedSamples: false, currentDirectory: "/")
        #expect(s.displayed(bad) == bad)
    }
}
