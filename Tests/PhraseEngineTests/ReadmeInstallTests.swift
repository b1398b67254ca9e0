import Foundation
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

/// README's "Install" commands work as written from any folder, as an installed `phrasematch`
/// is run: each `phrasematch …` line of the section, run from a fresh folder, routes its
/// utterance (`/path/to/PhraseEngine` stands for the repository).
@Suite struct ReadmeInstallTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The words of a shell line: spaces split, double quotes group.
    static func words(_ line: String) -> [String] {
        var out: [String] = [], cur = "", quoted = false, any = false
        for ch in line {
            if ch == "\"" { quoted.toggle(); any = true; continue }
            if ch == " " && !quoted {
                if any { out.append(cur) }
                cur = ""; any = false
                continue
            }
            cur.append(ch); any = true
        }
        if any { out.append(cur) }
        return out
    }

    /// The `phrasematch` lines of the README's "## Install" section, comments dropped.
    static func installLines() throws -> [String] {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "\n## Install\n").dropFirst().first?.components(separatedBy: "\n## ").first)
        var lines: [String] = [], inCode = false
        for l in section.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if l.hasPrefix("```") { inCode.toggle(); continue }
            if inCode, l.hasPrefix("phrasematch ") {
                lines.append(String(l.split(separator: "#", maxSplits: 1)[0]).trimmingCharacters(in: .whitespaces))
            }
        }
        return lines
    }

    @Test func theInstallCommandsWorkFromAnyFolder() throws {
        let lines = try Self.installLines()
        #expect(!lines.isEmpty)
        let elsewhere = (try tempFile("marker", "") as NSString).deletingLastPathComponent
        for line in lines {
            let args = Self.words(line.replacingOccurrences(of: "/path/to/PhraseEngine", with: Self.root.path)).dropFirst()
            let buf = CaptureBuffer()
            let ctx = CLIContext(currentDirectory: elsewhere, out: { buf.stdout += $0 }, err: { buf.stderr += $0 })
            let code = PhraseMatchCLI.run(Array(args), context: ctx)
            #expect(code == 0, "\(line): \(buf.stderr)")
            #expect(buf.stdout.contains("→ match"), "\(line): \(buf.stdout)")
        }
    }

    /// Outside the repository, a binary that is not installed finds the sample apps of the source
    /// tree it was built from (docs/cli.md, "Catalogs").
    @Test func theSourceTreesSampleAppsAreFoundFromAnywhere() throws {
        let elsewhere = (try tempFile("marker", "") as NSString).deletingLastPathComponent
        let ctx = CLIContext(currentDirectory: elsewhere, out: { _ in }, err: { _ in })
        #expect(CatalogOptions.sampleDirectory(ctx) == Self.root.appendingPathComponent("Corpora").path)
    }
}
