import Foundation
import PhraseEngine

/// A progress line on standard error for commands that can run for a while (`eval`,
/// `collisions`, `import`, `synth`): drawn only when standard error is a terminal (not with
/// `TERM=dumb`), not with `--quiet`, and only once the command has run for
/// `CLIContext.progressDelay` seconds, so quick runs draw nothing. Redrawn at most ten times a
/// second, from any thread; `finish()` erases it. Standard output is never touched.
final class ProgressLine: @unchecked Sendable {
    static let quietOption = OptionSpec("--quiet", short: "-q", help: "No progress line on standard error (it is drawn only on a terminal anyway).")

    private let ctx: CLIContext
    private let label: String
    private let start = Date()
    private let lock = NSLock()
    private var lastDraw: Date? = nil
    private var drawn = false

    private init(_ ctx: CLIContext, label: String) {
        self.ctx = ctx
        self.label = label
    }

    /// A progress line for the command, or nil when none may be drawn.
    static func make(_ ctx: CLIContext, _ args: ParsedArguments, label: String) -> ProgressLine? {
        guard shown(ctx, args) else { return nil }
        return ProgressLine(ctx, label: label)
    }

    /// Whether a command run with these arguments in this context may draw progress.
    static func shown(_ ctx: CLIContext, _ args: ParsedArguments) -> Bool {
        ctx.stderrIsTerminal && !args.flag("--quiet") && ctx.environment["TERM"] != "dumb"
    }

    /// `label: 42% (420/1000) detail`.
    func update(_ done: Int, _ total: Int, detail: String = "") {
        lock.lock()
        defer { lock.unlock() }
        let now = Date()
        guard now.timeIntervalSince(start) >= ctx.progressDelay else { return }
        if let last = lastDraw, now.timeIntervalSince(last) < 0.1, done < total { return }
        lastDraw = now
        drawn = true
        let pct = total > 0 ? done * 100 / total : 0
        ctx.err("\r\u{1B}[K\(label): \(pct)% (\(done)/\(total))\(detail.isEmpty ? "" : " " + detail)")
    }

    /// Erases the line, if one was drawn.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if drawn { ctx.err("\r\u{1B}[K") }
        drawn = false
    }

    /// The callback shape the engine's long loops take.
    var callback: @Sendable (Int, Int) -> Void { callback(detail: "") }

    /// The same, with a word after the count ("locales", "utterances").
    func callback(detail: String) -> @Sendable (Int, Int) -> Void {
        { [self] done, total in update(done, total, detail: detail) }
    }
}
