import Foundation
import PhraseEngine

/// Where a long report goes, piece by piece: standard output in chunks, or `--output FILE`
/// through a temporary file renamed into place at the end (atomic, like `AtomicFile`), so a
/// report of millions of lines is never held in memory at once.
final class ReportSink {
    private let ctx: CLIContext
    private let path: String?
    private var tmpPath: String?
    private var handle: FileHandle?
    private var buffer = ""
    private let chunk = 1 << 16

    init(_ args: ParsedArguments, _ ctx: CLIContext) throws {
        self.ctx = ctx
        path = args.value("--output").map { CatalogOptions.resolvePath($0, ctx) }
        if let path {
            let url = URL(fileURLWithPath: path)
            let tmp = url.deletingLastPathComponent()
                .appendingPathComponent(".\(url.lastPathComponent).tmp-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))").path
            guard FileManager.default.createFile(atPath: tmp, contents: nil), let h = FileHandle(forWritingAtPath: tmp) else {
                throw CLIError("cannot write \(CatalogOptions.displayPath(path, ctx)): cannot create a file in its folder", code: ExitCode.badInput)
            }
            tmpPath = tmp
            handle = h
        }
    }

    func write(_ s: String) {
        buffer += s
        if buffer.utf8.count >= chunk { flush() }
    }

    private func flush() {
        guard !buffer.isEmpty else { return }
        if let handle { handle.write(Data(buffer.utf8)) } else { ctx.out(buffer) }
        buffer = ""
    }

    /// Flushes and, for a file, moves it into place.
    func finish() throws {
        flush()
        guard let handle, let tmpPath, let path else { return }
        do { try handle.close() } catch {
            try? FileManager.default.removeItem(atPath: tmpPath)
            throw CLIError("cannot write \(path): \(error.localizedDescription)", code: ExitCode.badInput)
        }
        self.handle = nil
        if rename(tmpPath, path) != 0 {
            let why = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: tmpPath)
            throw CLIError("cannot write \(path): \(why)", code: ExitCode.badInput)
        }
        self.tmpPath = nil
    }

    /// Removes a half-written temporary file (when the command fails before `finish`).
    deinit {
        if let handle { try? handle.close() }
        if let tmpPath { try? FileManager.default.removeItem(atPath: tmpPath) }
    }
}
