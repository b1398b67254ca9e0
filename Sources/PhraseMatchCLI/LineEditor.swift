import Foundation
import PhraseEngine

/// A small line editor for the REPL (no libedit needed): arrows, Home/End, Ctrl-A / Ctrl-E,
/// Ctrl-B / Ctrl-F, Ctrl-K / Ctrl-U / Ctrl-W, backspace and delete, history with up / down,
/// Ctrl-R reverse search, Ctrl-C abandons the line, Ctrl-D on an empty line leaves.
/// Used only when standard input and output are terminals.
final class LineEditor {
    enum Result { case line(String), interrupted, eof }

    var history: [String] = []
    let historyPath: String?
    let maxHistory = 1000
    private var original = termios()

    /// Lines in the history file, which may be more than `history` holds: others append to it too.
    private var fileLines = 0

    init(historyPath: String?) {
        self.historyPath = historyPath
        if let p = historyPath, let d = FileManager.default.contents(atPath: p) {
            let lines = String(decoding: d, as: UTF8.self).split(separator: "\n").map(String.init)
            fileLines = lines.count
            history = Array(lines.suffix(maxHistory))
        }
    }

    /// `$XDG_STATE_HOME/phrasematch/history`, else `~/.local/state/phrasematch/history`
    /// (a relative `XDG_STATE_HOME` is ignored, as the XDG spec asks).
    static func defaultHistoryPath(_ env: [String: String]) -> String? {
        let base: String
        if let x = env["XDG_STATE_HOME"], x.hasPrefix("/") { base = x } else if let h = env["HOME"], !h.isEmpty {
            base = h + "/.local/state"
        } else { return nil }
        let dir = base + "/phrasematch"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return dir + "/history"
    }

    /// Adds a line to the history and appends it to the file (created private, 0600), so two
    /// sessions at once both keep their lines; the file is cut back to the last `maxHistory`
    /// lines when it has grown to twice that.
    func add(_ line: String) {
        let t = line.trimmingCharacters(in: .whitespaces)
        guard !t.isEmpty, !t.contains("\n"), history.last != t else { return }
        history.append(t)
        if history.count > maxHistory { history.removeFirst(history.count - maxHistory) }
        guard let p = historyPath else { return }
        let fd = open(p, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        let bytes = Array((t + "\n").utf8)
        _ = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        fileLines += 1
        if fileLines >= 2 * maxHistory, let d = FileManager.default.contents(atPath: p) {
            let lines = String(decoding: d, as: UTF8.self).split(separator: "\n").suffix(maxHistory)
            if (try? AtomicFile.write(lines.joined(separator: "\n") + "\n", to: p)) != nil {
                chmod(p, 0o600)
                fileLines = lines.count
            }
        }
    }

    private var raw = false

    /// Raw mode for the whole session, not line by line: keys typed while a line is being
    /// handled (Ctrl-R, Ctrl-C, a paste) then wait for the editor instead of being taken by the
    /// terminal's own line discipline (reprint, interrupt) or echoed over the output.
    private func rawMode() {
        guard !raw, tcgetattr(0, &original) == 0 else { return }
        var t = original
        t.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        t.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutablePointer(to: &t.c_cc) { p in
            p.withMemoryRebound(to: cc_t.self, capacity: Int(NCCS)) { cc in
                cc[Int(VMIN)] = 1
                cc[Int(VTIME)] = 0
            }
        }
        // TCSADRAIN, not TCSAFLUSH: keys typed ahead stay.
        raw = tcsetattr(0, TCSADRAIN, &t) == 0
    }

    /// Gives the terminal back as it was; call when the session ends.
    func restore() {
        guard raw else { return }
        tcsetattr(0, TCSADRAIN, &original)
        raw = false
    }

    deinit { restore() }

    private func write(_ s: String) { FileHandle.standardOutput.write(Data(s.utf8)) }

    /// Terminal columns a character takes: 2 for East Asian wide and fullwidth characters (the
    /// sample apps speak Japanese and Chinese), else 1, so the cursor lands where it should.
    static func columns(_ c: Character) -> Int {
        guard let v = c.unicodeScalars.first?.value else { return 0 }
        return DisplayWidth.isWide(v) ? 2 : 1
    }

    /// One byte of input; nil at end of input or on an error (a signal's EINTR is retried).
    private func readByte() -> UInt8? {
        var b: UInt8 = 0
        while true {
            let n = Foundation.read(0, &b, 1)
            if n == 1 { return b }
            if n < 0 && errno == EINTR { continue }
            return nil
        }
    }

    func readLine(prompt: String) -> Result {
        rawMode()
        var buf: [Character] = []
        var pos = 0
        var hist = history.count
        var saved: [Character] = []
        var search: String? = nil
        var hitIndex: Int? = nil
        func findHit(_ q: String, before end: Int) -> Int? {
            q.isEmpty ? nil : history[..<end].lastIndex { $0.contains(q) }
        }
        func redraw() {
            if let q = search {
                let hit = hitIndex.map { history[$0] } ?? ""
                write("\r\u{1B}[K(\(hitIndex == nil && !q.isEmpty ? "failed " : "")reverse-i-search)'\(q)': \(hit)")
                return
            }
            write("\r\u{1B}[K" + prompt + String(buf))
            let back = buf[pos...].reduce(0) { $0 + LineEditor.columns($1) }
            if back > 0 { write("\u{1B}[\(back)D") }
        }
        redraw()
        var pending: [UInt8] = []
        while true {
            guard let b = readByte() else { write("\n"); return .eof }
            if let q = search {
                switch b {
                case 0x12:  // again: the next older line with the text
                    if let i = hitIndex, let j = findHit(q, before: i) { hitIndex = j }
                    redraw(); continue
                case 0x7F, 0x08:
                    let shorter = String(q.dropLast())
                    search = shorter
                    hitIndex = findHit(shorter, before: history.count)
                    redraw(); continue
                case 0x03, 0x07: search = nil; hitIndex = nil; redraw(); continue
                case 0x20...0x7E:
                    let longer = q + String(Character(Unicode.Scalar(b)))
                    search = longer
                    hitIndex = findHit(longer, before: (hitIndex ?? history.count - 1) + 1)
                    redraw(); continue
                default:
                    // Any other key takes the line found and then does what it does
                    // (Enter runs it, arrows and Ctrl-A/E move in it), as in readline.
                    if let i = hitIndex { buf = Array(history[i]); pos = buf.count; hist = i }
                    search = nil
                    hitIndex = nil
                    redraw()
                }
            }
            switch b {
            case 0x0D, 0x0A:
                write("\r\n")
                return .line(String(buf))
            case 0x03:
                write("^C\r\n")
                return .interrupted
            case 0x04:
                if buf.isEmpty { write("\r\n"); return .eof }
                if pos < buf.count { buf.remove(at: pos) }
            case 0x01: pos = 0
            case 0x05: pos = buf.count
            case 0x02: pos = max(0, pos - 1)
            case 0x06: pos = min(buf.count, pos + 1)
            case 0x0B: buf.removeSubrange(pos...)
            case 0x15: buf.removeSubrange(..<pos); pos = 0
            case 0x17:
                var p = pos
                while p > 0, buf[p - 1] == " " { p -= 1 }
                while p > 0, buf[p - 1] != " " { p -= 1 }
                buf.removeSubrange(p..<pos)
                pos = p
            case 0x12: search = ""; hitIndex = nil
            case 0x7F, 0x08:
                if pos > 0 { buf.remove(at: pos - 1); pos -= 1 }
            case 0x1B:
                guard let b1 = readByte() else { continue }
                if b1 == UInt8(ascii: "[") || b1 == UInt8(ascii: "O") {
                    guard var b2 = readByte() else { continue }
                    var num = 0
                    while b2 >= 0x30 && b2 <= 0x39 { num = num * 10 + Int(b2 - 0x30); guard let nb = readByte() else { break }; b2 = nb }
                    switch b2 {
                    case UInt8(ascii: "A"):
                        if hist > 0 { if hist == history.count { saved = buf }; hist -= 1; buf = Array(history[hist]); pos = buf.count }
                    case UInt8(ascii: "B"):
                        if hist < history.count { hist += 1; buf = hist == history.count ? saved : Array(history[hist]); pos = buf.count }
                    case UInt8(ascii: "C"): pos = min(buf.count, pos + 1)
                    case UInt8(ascii: "D"): pos = max(0, pos - 1)
                    case UInt8(ascii: "H"): pos = 0
                    case UInt8(ascii: "F"): pos = buf.count
                    case UInt8(ascii: "~"):
                        if num == 3, pos < buf.count { buf.remove(at: pos) }
                        if num == 1 || num == 7 { pos = 0 }
                        if num == 4 || num == 8 { pos = buf.count }
                    default: break
                    }
                }
            default:
                if b < 0x20 { continue }
                pending.append(b)
                if let s = String(validating: pending, as: UTF8.self) {
                    for c in s { buf.insert(c, at: pos); pos += 1 }
                    pending.removeAll()
                } else if pending.count > 4 {
                    pending.removeAll()
                }
            }
            redraw()
        }
    }
}
