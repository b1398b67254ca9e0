import Foundation
@testable import PhraseEngine

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
