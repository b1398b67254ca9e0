import Foundation
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

/// Runs the CLI in process with captured streams: (exit status, stdout, stderr).
func runCLI(_ args: [String], stdin: [String] = []) -> (Int32, String, String) {
    let (ctx, buf) = CLIContext.capturing(stdin: stdin)
    let code = PhraseMatchCLI.run(args, context: ctx)
    return (code, buf.stdout, buf.stderr)
}

/// Writes a file into a fresh temporary folder and returns its path.
func tempFile(_ name: String, _ text: String) throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pe-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let p = dir.appendingPathComponent(name).path
    try Data(text.utf8).write(to: URL(fileURLWithPath: p))
    return p
}

/// The golden files of every suite (`Tests/PhraseEngineTests/Fixtures/Golden`).
let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Golden").path

/// Compares `actual` with the golden file `name` byte for byte and reports the first differing
/// line; with RECORD_GOLDEN=1 it records the file instead (unless `record` is false).
func assertGolden(_ name: String, _ actual: String, record: Bool = true) throws {
    let path = goldenDirectory + "/" + name
    if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" {
        guard record else { return }
        try Data(actual.utf8).write(to: URL(fileURLWithPath: path))
        return
    }
    guard let data = FileManager.default.contents(atPath: path) else {
        Issue.record("missing golden file \(name); run with RECORD_GOLDEN=1 to record it")
        return
    }
    let expected = String(decoding: data, as: UTF8.self)
    guard expected != actual else { return }
    let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let i = (0..<min(e.count, a.count)).first { e[$0] != a[$0] } ?? min(e.count, a.count)
    Issue.record("\(name) differs at line \(i + 1):\n  expected: \(i < e.count ? String(e[i]) : "<end>")\n  actual:   \(i < a.count ? String(a[i]) : "<end>")\n(RECORD_GOLDEN=1 re-records)")
}

/// The tests' seeded generator: the library's `SplitMix64` (Synth) as a `RandomNumberGenerator`.
struct SplitMix: RandomNumberGenerator {
    private var base: SplitMix64
    init(state: UInt64) { base = SplitMix64(seed: state) }
    mutating func next() -> UInt64 { base.next() }
    mutating func below(_ k: Int) -> Int { Int(next() % UInt64(max(k, 1))) }
    mutating func pick<T>(_ a: [T]) -> T { a[below(a.count)] }
}
