import Foundation
import PhraseEngine

/// Where a command reads and writes. The real process uses the standard streams; tests use
/// buffers, so the CLI is tested in process through the same code path.
public final class CLIContext: @unchecked Sendable {
    public var environment: [String: String]
    /// Lines of standard input (read lazily).
    public var readLine: () -> String?
    public var stdoutIsTerminal: Bool
    public var stdinIsTerminal: Bool
    /// Whether standard error is a terminal: progress lines are drawn there only then.
    public var stderrIsTerminal: Bool
    /// Seconds a long command runs before its progress line appears (so quick runs draw none).
    public var progressDelay: Double = 1.0
    private let writeOut: (String) -> Void
    private let writeErr: (String) -> Void
    public var currentDirectory: String
    /// Whether a command looks for the bundled sentence encoder's weights when neither
    /// `--encoder` nor `PHRASEENGINE_ENCODER` names them (the real process: yes; a capturing
    /// context, as the tests use: no, so reports read as the lexical matcher's unless asked).
    public var findsEncoder = false

    public init(environment: [String: String] = [:], stdoutIsTerminal: Bool = false, stdinIsTerminal: Bool = false,
                stderrIsTerminal: Bool = false, currentDirectory: String = FileManager.default.currentDirectoryPath,
                readLine: @escaping () -> String? = { nil },
                out: @escaping (String) -> Void, err: @escaping (String) -> Void) {
        self.environment = environment
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stdinIsTerminal = stdinIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
        self.currentDirectory = currentDirectory
        self.readLine = readLine
        self.writeOut = out
        self.writeErr = err
    }

    public func out(_ s: String) {
        if !pending.isEmpty { flushOut() }
        writeOut(s)
    }
    public func err(_ s: String) {
        if !pending.isEmpty { flushOut() }
        writeErr(s)
    }

    /// Output of `outBuffered`, not written yet.
    private var pending: [UInt8] = []
    private static let pendingLimit = 1 << 16

    /// Appends UTF-8 bytes to standard output through a buffer, for a stream of results (one
    /// write for many lines, not one a line): they are written when 64 KB wait, before a read
    /// of standard input that may wait for the next line (`standard()`), before anything
    /// written by `out` or `err`, at `flushOut()`, and at once on a terminal.
    public func outBuffered(_ bytes: [UInt8]) {
        // (One access to the buffer, not one a read or write of it: each was checked at run time.)
        let full = CLIContext.append(bytes, to: &pending)
        if stdoutIsTerminal || full { flushOut() }
    }

    /// Appends `bytes` to `pending`; whether it then holds enough to be written. Room for all it
    /// holds before it is written is made once (grown line by line, it was copied at each
    /// doubling up to 64 KB).
    private static func append(_ bytes: [UInt8], to pending: inout [UInt8]) -> Bool {
        if pending.capacity == 0 { pending.reserveCapacity(pendingLimit + 4096) }
        pending.append(contentsOf: bytes)
        return pending.count >= pendingLimit
    }

    /// Writes what `outBuffered` holds.
    public func flushOut() {
        guard !pending.isEmpty else { return }
        let bytes = pending
        pending.removeAll(keepingCapacity: true)
        if let writeOutBytes { writeOutBytes(bytes) } else { writeOut(String(decoding: bytes, as: UTF8.self)) }
    }

    /// Writes bytes to standard output as they are (the real process); nil: through `writeOut`.
    private var writeOutBytes: (([UInt8]) -> Void)? = nil

    /// Colors only on a terminal and when NO_COLOR is not set.
    public var useColor: Bool {
        stdoutIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    /// The process's own streams.
    public static func standard() -> CLIContext {
        let env = ProcessInfo.processInfo.environment
        let ctx = CLIContext(
            environment: env,
            stdoutIsTerminal: isatty(1) == 1,
            stdinIsTerminal: isatty(0) == 1,
            stderrIsTerminal: isatty(2) == 1,
            out: { s in FileHandle.standardOutput.write(Data(s.utf8)) },
            err: { s in FileHandle.standardError.write(Data(s.utf8)) })
        ctx.findsEncoder = true
        ctx.writeOutBytes = { bytes in StandardInputLines.writeAll(1, bytes) }
        // Lines read in blocks; what is buffered for standard output is written before a read
        // that may wait, so a program that writes a line and waits for its answer gets it.
        let lines = StandardInputLines(fd: 0)
        lines.beforeRead = { [weak ctx] in ctx?.flushOut() }
        ctx.readLine = { lines.next() }
        return ctx
    }

    /// A context writing into strings (for tests and the REPL's nested commands).
    public static func capturing(stdin: [String] = [], environment: [String: String] = [:]) -> (CLIContext, CaptureBuffer) {
        let buf = CaptureBuffer()
        var lines = stdin[...]
        let ctx = CLIContext(environment: environment,
                             readLine: { lines.popFirst() },
                             out: { buf.stdout += $0 }, err: { buf.stderr += $0 })
        return (ctx, buf)
    }
}

/// The lines of a file descriptor (standard input), as `Swift.readLine(strippingNewline: true)`
/// gives them (a line's "\n" or "\r\n" removed, invalid UTF-8 repaired, the last line without
/// its newline too), read 64 KB at a time, not through C's buffered streams.
final class StandardInputLines: @unchecked Sendable {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    /// Runs before each read of the descriptor (which may wait for input).
    var beforeRead: () -> Void = {}

    init(fd: Int32) { self.fd = fd }

    func next() -> String? {
        var scanned = start
        while true {
            if let nl = buffer[scanned...].firstIndex(of: 0x0A) {
                var end = nl
                if end > start, buffer[end - 1] == 0x0D { end -= 1 }
                let line = buffer.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self) }
                start = nl + 1
                return line
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = buffer.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start...]), as: UTF8.self) }
                start = buffer.count
                return line
            }
            if start > 0 {
                buffer.removeSubrange(0..<start)
                start = 0
            }
            scanned = buffer.count
            beforeRead()
            let chunk = 1 << 16
            let old = buffer.count
            buffer.append(contentsOf: repeatElement(0, count: chunk))
            var n = 0
            repeat {
                n = buffer.withUnsafeMutableBufferPointer { b in
                    guard let base = b.baseAddress else { return -1 }
                    return Foundation.read(fd, base + old, chunk)
                }
            } while n < 0 && errno == EINTR
            buffer.removeSubrange((old + max(n, 0))...)
            if n <= 0 { atEnd = true }
        }
    }

    /// Writes every byte to `fd` (retrying short writes and interruptions); stops at an error.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            guard var p = raw.baseAddress else { return }
            var left = raw.count
            while left > 0 {
                let n = Foundation.write(fd, p, left)
                if n < 0 { if errno == EINTR { continue }; return }
                p += n
                left -= n
            }
        }
    }
}

public final class CaptureBuffer: @unchecked Sendable {
    public var stdout = ""
    public var stderr = ""
}

/// Exit statuses of the CLI contract.
public enum ExitCode {
    public static let success: Int32 = 0
    public static let checkFailed: Int32 = 1
    public static let usage: Int32 = 2
    public static let badInput: Int32 = 3
}

/// An error that ends a command with a message and an exit status.
public struct CLIError: Error, CustomStringConvertible {
    public var message: String
    public var code: Int32
    public init(_ message: String, code: Int32 = ExitCode.usage) {
        self.message = message
        self.code = code
    }
    public var description: String { message }
    public static func usage(_ m: String) -> CLIError { CLIError(m, code: ExitCode.usage) }
    public static func input(_ m: String) -> CLIError { CLIError(m, code: ExitCode.badInput) }
}

/// One option a command accepts.
public struct OptionSpec: Sendable {
    public var name: String          // "--catalog"
    public var short: String?        // "-c"
    public var value: String?        // placeholder ("FILE"); nil for a flag
    public var repeatable: Bool
    public var help: String
    public init(_ name: String, short: String? = nil, value: String? = nil, repeatable: Bool = false, help: String) {
        self.name = name
        self.short = short
        self.value = value
        self.repeatable = repeatable
        self.help = help
    }
}

/// Parsed command line of one command.
public struct ParsedArguments {
    public var options: [String: [String]] = [:]
    public var flags: Set<String> = []
    public var positionals: [String] = []

    public func value(_ name: String) -> String? { options[name]?.last }
    public func values(_ name: String) -> [String] { options[name] ?? [] }
    public func flag(_ name: String) -> Bool { flags.contains(name) }
}

/// A subcommand: declares its options (help and the usage line are generated from them, so
/// they cannot drift apart) and runs.
public protocol Command: SendableMetatype {
    static var name: String { get }
    static var summary: String { get }
    /// The positional part of the usage line (`[UTTERANCE ...]`, `OLD NEW`); "" for none.
    static var arguments: String { get }
    static var discussion: String { get }
    static var options: [OptionSpec] { get }
    static func run(_ args: ParsedArguments, _ ctx: CLIContext) throws -> Int32
}

extension Command {
    public static var discussion: String { "" }
    public static var arguments: String { "" }

    static var allOptions: [OptionSpec] { options + [OptionSpec("--help", short: "-h", help: "Show this help.")] }

    /// `phrasematch NAME [--option VALUE] [--flag] [--repeatable VALUE ...] ARGUMENTS`, made from
    /// the options, wrapped before `width` columns with continuation lines indented under the
    /// first option.
    public static func usageLine(width: Int = 100) -> String {
        let head = "phrasematch \(name)"
        var pieces = options.map { o -> String in
            var p = o.name
            if let v = o.value { p += " \(v)" + (o.repeatable ? " ..." : "") }
            return "[\(p)]"
        }
        if !arguments.isEmpty { pieces.append(arguments) }
        let indent = String(repeating: " ", count: head.count + 1)
        var lines: [String] = []
        var line = head
        for p in pieces {
            if line.count + 1 + p.count > width, line != head, line != indent {
                lines.append(line)
                line = indent + p
            } else {
                line += (line == indent ? "" : " ") + p
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    public static func helpText() -> String {
        let usage = usageLine(width: 93).split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated().map { $0.offset == 0 ? String($0.element) : "       " + $0.element }.joined(separator: "\n")
        var s = "OVERVIEW: \(summary)\n\nUSAGE: \(usage)\n"
        if !discussion.isEmpty { s += "\n" + discussion + "\n" }
        s += "\nOPTIONS:\n"
        let rows = allOptions.map { o -> (String, String) in
            var left = o.short.map { "\($0), " } ?? ""
            left += o.name
            if let v = o.value { left += " \(v)" }
            return (left, o.help + (o.repeatable ? " (repeatable)" : ""))
        }
        let w = min(30, (rows.map(\.0.count).max() ?? 10) + 2)
        for (l, r) in rows {
            let pad = l.count < w ? String(repeating: " ", count: w - l.count) : "\n" + String(repeating: " ", count: w + 2)
            s += "  \(l)\(pad)\(r)\n"
        }
        return s
    }

    public static func parse(_ argv: [String]) throws -> ParsedArguments {
        var out = ParsedArguments()
        let specs = allOptions
        var i = 0
        var onlyPositionals = false
        while i < argv.count {
            let a = argv[i]
            i += 1
            if onlyPositionals || !a.hasPrefix("-") || a == "-" {
                out.positionals.append(a)
                continue
            }
            if a == "--" { onlyPositionals = true; continue }
            var name = a
            var inline: String? = nil
            if a.hasPrefix("--"), let eq = a.firstIndex(of: "=") {
                name = String(a[..<eq])
                inline = String(a[a.index(after: eq)...])
            }
            guard let spec = specs.first(where: { $0.name == name || $0.short == name }) else {
                var msg = "unknown option '\(name)' for '\(Self.name)'"
                if let s = Suggest.closest(name, among: specs.map(\.name)) { msg += "; did you mean '\(s)'?" }
                throw CLIError.usage(msg)
            }
            if spec.value != nil {
                let v: String
                if let inline { v = inline } else {
                    guard i < argv.count else { throw CLIError.usage("option '\(spec.name)' needs a value (\(spec.value ?? ""))") }
                    v = argv[i]
                    i += 1
                }
                if !spec.repeatable, out.options[spec.name] != nil {
                    throw CLIError.usage("option '\(spec.name)' given more than once")
                }
                out.options[spec.name, default: []].append(v)
            } else {
                if inline != nil { throw CLIError.usage("option '\(spec.name)' takes no value") }
                out.flags.insert(spec.name)
            }
        }
        return out
    }
}

/// Writes a report to a file atomically (temporary file in the same folder, then rename),
/// so an interrupted run never leaves a half-written report or destroys the old one.
public enum AtomicFile {
    public static func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent()
        let tmp = dir.appendingPathComponent(".\(url.lastPathComponent).tmp-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))")
        do {
            try Data(text.utf8).write(to: tmp)
            // rename(2) replaces the destination atomically.
            if rename(tmp.path, url.path) != 0 {
                throw CLIError(String(cString: strerror(errno)), code: ExitCode.badInput)
            }
        } catch {
            try? FileManager.default.removeItem(at: tmp)
            let why = (error as? CLIError)?.message ?? error.localizedDescription
            throw CLIError("cannot write \(path): \(why)", code: ExitCode.badInput)
        }
    }
}
