import Foundation

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

    init(historyPath: String?) {
        self.historyPath = historyPath
        if let p = historyPath, let d = FileManager.default.contents(atPath: p) {
            history = String(decoding: d, as: UTF8.self).split(separator: "\n").map(String.init).suffix(maxHistory).map { $0 }
        }
    }

    /// `$XDG_STATE_HOME/phrasematch/history`, else `~/.local/state/phrasematch/history`.
    static func defaultHistoryPath(_ env: [String: String]) -> String? {
        let base: String
        if let x = env["XDG_STATE_HOME"], !x.isEmpty { base = x } else if let h = env["HOME"], !h.isEmpty {
            base = h + "/.local/state"
        } else { return nil }
        let dir = base + "/phrasematch"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir + "/history"
    }

    func add(_ line: String) {
        let t = line.trimmingCharacters(in: .whitespaces)
        guard !t.isEmpty, history.last != t else { return }
        history.append(t)
        if history.count > maxHistory { history.removeFirst(history.count - maxHistory) }
        guard let p = historyPath else { return }
        try? AtomicFile.write(history.joined(separator: "\n") + "\n", to: p)
    }

    private func rawMode() {
        tcgetattr(0, &original)
        var raw = original
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutablePointer(to: &raw.c_cc) { p in
            p.withMemoryRebound(to: cc_t.self, capacity: Int(NCCS)) { cc in
                cc[Int(VMIN)] = 1
                cc[Int(VTIME)] = 0
            }
        }
        tcsetattr(0, TCSAFLUSH, &raw)
    }

    private func restore() { tcsetattr(0, TCSAFLUSH, &original) }

    private func write(_ s: String) { FileHandle.standardOutput.write(Data(s.utf8)) }

    private func readByte() -> UInt8? {
        var b: UInt8 = 0
        let n = Foundation.read(0, &b, 1)
        return n == 1 ? b : nil
    }

    func readLine(prompt: String) -> Result {
        rawMode()
        defer { restore() }
        var buf: [Character] = []
        var pos = 0
        var hist = history.count
        var saved: [Character] = []
        var search: String? = nil
        func redraw() {
            if let q = search {
                let hit = history.last { $0.contains(q) } ?? ""
                write("\r\u{1B}[K(reverse-i-search)'\(q)': \(hit)")
                return
            }
            write("\r\u{1B}[K" + prompt + String(buf))
            let back = buf.count - pos
            if back > 0 { write("\u{1B}[\(back)D") }
        }
        redraw()
        var pending: [UInt8] = []
        while true {
            guard let b = readByte() else { write("\n"); return .eof }
            if search != nil {
                switch b {
                case 0x12: redraw(); continue
                case 0x7F, 0x08: if var q = search, !q.isEmpty { q.removeLast(); search = q }; redraw(); continue
                case 0x03, 0x07: search = nil; redraw(); continue
                case 0x20...0x7E: search?.append(Character(Unicode.Scalar(b))); redraw(); continue
                default:
                    let q = search ?? ""
                    if let hit = history.last(where: { $0.contains(q) }) { buf = Array(hit); pos = buf.count }
                    search = nil
                    if b == 0x0D || b == 0x0A { write("\r\u{1B}[K" + prompt + String(buf) + "\r\n"); return .line(String(buf)) }
                    redraw()
                    continue
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
            case 0x12: search = ""
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
