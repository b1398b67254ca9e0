import Foundation
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

/// Same input, same bytes out — across processes, whose hash seeds differ, so that no result
/// depends on the iteration order of a dictionary or a set.
@Suite struct DeterminismTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func runTool(_ args: [String]) throws -> Data {
        guard let exe = ReplTests.executable else { return Data() }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: exe)
        p.arguments = args
        p.currentDirectoryURL = Self.root
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return data
    }

    @Test(.enabled(if: ReplTests.executable != nil, "the phrasematch executable is needed"))
    func evalIsByteIdenticalAcrossProcesses() throws {
        let args = ["eval", "--catalog", "Corpora/notes/catalog.json", "--catalog", "Corpora/home/catalog.json",
                    "--format", "json", "--stable", "--threads", "2",
                    "Corpora/notes/corpus/fr.jsonl", "Corpora/notes/corpus/en.jsonl", "Corpora/home/corpus/de.jsonl"]
        let first = try runTool(args)
        #expect(!first.isEmpty)
        for _ in 0..<3 {
            #expect(try runTool(args) == first, "eval output differs between two processes")
        }
    }
}
