/// A Swift lexer good enough to find declarations without swift-syntax: identifiers, numbers,
/// punctuation, and string literals in every form (escapes, interpolation, multi-line with
/// indentation stripping, raw strings with `#`), skipping line and nested block comments.
///
/// Bounded on hostile input: one pass over the bytes (interpolations are lexed in place, not
/// re-scanned), interpolation nesting limited to `maxInterpolationDepth`, problems reported as
/// `LexProblem`s with byte offsets, never a crash.
public struct SwiftToken: Sendable {
    public enum Kind: Sendable, Equatable {
        case identifier      // also keywords; backticks removed
        case number
        case string
        case punctuation     // one of ( ) [ ] { } , : ; . @ \
        case op              // one operator character: = - + ! * % < > & | ^ ~ ? /
        case pound           // #if, #else, #elseif, #endif, #available, #Preview ...
    }
    public var kind: Kind
    public var text: String
    /// Byte offset of the token's first character.
    public var offset: Int
    /// The first token on its line.
    public var startsLine: Bool
    /// The literal's contents, for `.string`.
    public var literal: SwiftStringLiteral?

    public func isIdent(_ s: String) -> Bool { kind == .identifier && text == s }
    public func isPunct(_ s: String) -> Bool { kind == .punctuation && text == s }
}

public struct SwiftStringLiteral: Sendable {
    public enum Segment: Sendable {
        case text(String)
        /// `\( ... )`: the tokens inside and the offset of the backslash.
        case interpolation([SwiftToken], offset: Int)
    }
    public var segments: [Segment]
    public var isMultiline: Bool
    public var hashes: Int

    /// The text when the literal has no interpolation.
    public var plainText: String? {
        var s = ""
        for seg in segments {
            guard case .text(let t) = seg else { return nil }
            s += t
        }
        return s
    }
}

public struct LexProblem: Sendable, Equatable {
    public var message: String
    public var offset: Int
    public var rule: String
}

public struct SwiftLexer {
    public static let maxInterpolationDepth = 16

    let bytes: [UInt8]
    var i = 0
    var lineStart = true
    public private(set) var problems: [LexProblem] = []

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Lexes a whole file.
    /// - Complexity: O(n) in the number of bytes.
    public static func tokenize(_ bytes: [UInt8]) -> (tokens: [SwiftToken], problems: [LexProblem]) {
        var lx = SwiftLexer(bytes)
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { lx.i = 3 }
        if let bad = firstInvalidUTF8(bytes) {
            lx.problems.append(LexProblem(message: "file is not valid UTF-8 (first bad byte at offset \(bad)); invalid bytes read as U+FFFD",
                                          offset: bad, rule: "invalid-utf8"))
        }
        let toks = lx.lex(depth: 0)
        return (toks, lx.problems)
    }

    /// Offset of the first byte that is not part of valid UTF-8, or nil.
    public static func firstInvalidUTF8(_ b: [UInt8]) -> Int? {
        var i = 0
        let n = b.count
        while i < n {
            let c = b[i]
            if c < 0x80 { i += 1; continue }
            let len: Int
            if c & 0xE0 == 0xC0 { len = 2; if c < 0xC2 { return i } }
            else if c & 0xF0 == 0xE0 { len = 3 }
            else if c & 0xF8 == 0xF0 { len = 4; if c > 0xF4 { return i } }
            else { return i }
            guard i + len <= n else { return i }
            for k in 1..<len where b[i + k] & 0xC0 != 0x80 { return i }
            if len == 3 {
                let v = (UInt32(c & 0x0F) << 12) | (UInt32(b[i + 1] & 0x3F) << 6)
                if v < 0x800 || (v >= 0xD800 && v < 0xE000) { return i }
            }
            if len == 4 {
                let v = (UInt32(c & 0x07) << 18) | (UInt32(b[i + 1] & 0x3F) << 12)
                if v < 0x10000 || v > 0x10FFFF { return i }
            }
            i += len
        }
        return nil
    }

    mutating func problem(_ m: String, _ at: Int, rule: String = "swift-syntax") {
        // Keep the list bounded on hostile input.
        if problems.count < 200 { problems.append(LexProblem(message: m, offset: at, rule: rule)) }
    }

    static func isIdentStart(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b >= 0x80
    }
    static func isIdentChar(_ b: UInt8) -> Bool { isIdentStart(b) || (b >= 0x30 && b <= 0x39) }
    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    static let operatorChars: Set<UInt8> = Set("=-+!*%<>&|^~?/".utf8)
    static let punctuationChars: Set<UInt8> = Set("()[]{},:;.@\\".utf8)

    func text(_ a: Int, _ b: Int) -> String { String(decoding: bytes[a..<b], as: UTF8.self) }

    /// Lexes tokens until the end of input, or, inside an interpolation (`depth > 0`), until the
    /// `)` that closes it (consumed).
    mutating func lex(depth: Int) -> [SwiftToken] {
        var out: [SwiftToken] = []
        var parens = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b == 0x0A { lineStart = true; i += 1; continue }
            if b == 0x20 || b == 0x09 || b == 0x0D || b == 0x0B || b == 0x0C { i += 1; continue }
            if b == 0x2F, i + 1 < n, bytes[i + 1] == 0x2F {   // line comment
                while i < n, bytes[i] != 0x0A { i += 1 }
                continue
            }
            if b == 0x2F, i + 1 < n, bytes[i + 1] == 0x2A {   // block comment, nested
                let start = i
                var level = 0
                while i < n {
                    if bytes[i] == 0x2F, i + 1 < n, bytes[i + 1] == 0x2A { level += 1; i += 2; continue }
                    if bytes[i] == 0x2A, i + 1 < n, bytes[i + 1] == 0x2F { level -= 1; i += 2; if level == 0 { break }; continue }
                    if bytes[i] == 0x0A { lineStart = true }
                    i += 1
                }
                if level > 0 { problem("unterminated block comment", start) }
                continue
            }
            let start = i
            let first = lineStart
            lineStart = false
            func tok(_ k: SwiftToken.Kind, _ t: String) -> SwiftToken {
                SwiftToken(kind: k, text: t, offset: start, startsLine: first, literal: nil)
            }
            // Strings: "..." or #"..."# (any number of #).
            if b == 0x22 || b == 0x23 {
                var h = 0
                while i + h < n, bytes[i + h] == 0x23 { h += 1 }
                if i + h < n, bytes[i + h] == 0x22 {
                    i += h
                    var t = tok(.string, "")
                    t.literal = stringLiteral(hashes: h, start: start, depth: depth)
                    out.append(t)
                    continue
                }
                if b == 0x23 {
                    i += 1
                    while i < n, SwiftLexer.isIdentChar(bytes[i]) { i += 1 }
                    out.append(tok(.pound, text(start, i)))
                    continue
                }
            }
            if b == 0x60 {   // `identifier`
                i += 1
                while i < n, bytes[i] != 0x60, bytes[i] != 0x0A { i += 1 }
                if i < n, bytes[i] == 0x60 {
                    out.append(tok(.identifier, text(start + 1, i)))
                    i += 1
                } else { problem("unterminated `identifier`", start) }
                continue
            }
            if SwiftLexer.isIdentStart(b) || (b == 0x24 && i + 1 < n && SwiftLexer.isIdentChar(bytes[i + 1])) {
                i += 1
                while i < n, SwiftLexer.isIdentChar(bytes[i]) { i += 1 }
                out.append(tok(.identifier, text(start, i)))
                continue
            }
            if SwiftLexer.isDigit(b) {
                i += 1
                while i < n {
                    let c = bytes[i]
                    if SwiftLexer.isIdentChar(c) { i += 1; continue }
                    if c == 0x2E, i + 1 < n, SwiftLexer.isDigit(bytes[i + 1]) { i += 1; continue }
                    if (c == 0x2D || c == 0x2B), i > 0, bytes[i - 1] == 0x65 || bytes[i - 1] == 0x45 || bytes[i - 1] == 0x70 || bytes[i - 1] == 0x50 { i += 1; continue }
                    break
                }
                out.append(tok(.number, text(start, i)))
                continue
            }
            if SwiftLexer.punctuationChars.contains(b) {
                i += 1
                if depth > 0 {
                    if b == 0x28 { parens += 1 }
                    if b == 0x29 {
                        if parens == 0 { return out }   // closes the interpolation
                        parens -= 1
                    }
                }
                out.append(tok(.punctuation, String(UnicodeScalar(b))))
                continue
            }
            if SwiftLexer.operatorChars.contains(b) {
                i += 1
                out.append(tok(.op, String(UnicodeScalar(b))))
                continue
            }
            // Anything else (stray control bytes, a lone `$`, `'`): skip it with a note.
            i += 1
            if b != 0x24 { problem("unexpected character (byte 0x\(String(b, radix: 16)))", start) }
        }
        if depth > 0 { problem("unterminated interpolation '\\('", n) }
        return out
    }

    /// Reads a string literal; `i` is at its opening quote. Ends after the closing delimiter.
    mutating func stringLiteral(hashes h: Int, start: Int, depth: Int) -> SwiftStringLiteral {
        let n = bytes.count
        var multiline = false
        if i + 2 < n, bytes[i + 1] == 0x22, bytes[i + 2] == 0x22 {
            multiline = true
            i += 3
            // Only whitespace may follow the opening delimiter on its line.
            var j = i
            while j < n, bytes[j] == 0x20 || bytes[j] == 0x09 || bytes[j] == 0x0D { j += 1 }
            if j < n, bytes[j] == 0x0A { i = j + 1 } else {
                problem("a multi-line string literal's content must start on a new line", start)
                i = j
            }
        } else {
            i += 1
        }
        // Pieces: raw source text, escaped text (never stripped), real newlines, interpolations.
        enum Piece { case raw([UInt8]), escaped(String), newline, interp([SwiftToken], Int), continuation }
        var pieces: [Piece] = []
        var raw: [UInt8] = []
        func flushRaw() { if !raw.isEmpty { pieces.append(.raw(raw)); raw = [] } }
        var closed = false
        var closingIndent: [UInt8] = []
        func closes(at k: Int) -> Bool {
            let q = multiline ? 3 : 1
            guard k + q + h <= n else { return false }
            for d in 0..<q where bytes[k + d] != 0x22 { return false }
            for d in 0..<h where bytes[k + q + d] != 0x23 { return false }
            return true
        }
        while i < n {
            let b = bytes[i]
            if closes(at: i) {
                i += (multiline ? 3 : 1) + h
                closed = true
                break
            }
            if b == 0x0A {
                if !multiline { break }
                flushRaw()
                pieces.append(.newline)
                lineStart = true
                i += 1
                continue
            }
            if b == 0x5C {   // backslash: an escape only when followed by `h` hashes
                var k = 1
                while k <= h, i + k < n, bytes[i + k] == 0x23 { k += 1 }
                if k - 1 == h, i + k < n {
                    let e = bytes[i + k]
                    let escStart = i
                    i += k + 1
                    switch e {
                    case UInt8(ascii: "n"): flushRaw(); pieces.append(.escaped("\n"))
                    case UInt8(ascii: "t"): flushRaw(); pieces.append(.escaped("\t"))
                    case UInt8(ascii: "r"): flushRaw(); pieces.append(.escaped("\r"))
                    case UInt8(ascii: "0"): flushRaw(); pieces.append(.escaped("\0"))
                    case UInt8(ascii: "\\"): flushRaw(); pieces.append(.escaped("\\"))
                    case UInt8(ascii: "\""): flushRaw(); pieces.append(.escaped("\""))
                    case UInt8(ascii: "'"): flushRaw(); pieces.append(.escaped("'"))
                    case UInt8(ascii: "u"):
                        flushRaw()
                        var v: UInt32 = 0
                        var ok = i < n && bytes[i] == UInt8(ascii: "{")
                        if ok {
                            i += 1
                            var digits = 0
                            while i < n, bytes[i] != UInt8(ascii: "}"), digits < 9 {
                                guard let d = hexValue(bytes[i]) else { ok = false; break }
                                v = v &* 16 &+ d
                                digits += 1
                                i += 1
                            }
                            ok = ok && digits > 0 && digits <= 8 && i < n && bytes[i] == UInt8(ascii: "}")
                            if ok { i += 1 }
                        }
                        if ok, let s = Unicode.Scalar(v) { pieces.append(.escaped(String(s))) } else {
                            problem("invalid \\u{...} escape in string literal", escStart)
                            pieces.append(.escaped("\u{FFFD}"))
                        }
                    case UInt8(ascii: "("):
                        flushRaw()
                        if depth >= SwiftLexer.maxInterpolationDepth {
                            problem("string interpolation nested deeper than \(SwiftLexer.maxInterpolationDepth) levels", escStart)
                            // Skip to the end of the line; the literal is abandoned.
                            while i < n, bytes[i] != 0x0A { i += 1 }
                            return SwiftStringLiteral(segments: [], isMultiline: multiline, hashes: h)
                        }
                        let inner = lex(depth: depth + 1)
                        lineStart = false
                        pieces.append(.interp(inner, escStart))
                    case 0x0A where multiline:
                        flushRaw(); pieces.append(.continuation); lineStart = true
                    case 0x20 where multiline, 0x09 where multiline:
                        // `\` followed by spaces then newline is a line continuation.
                        var j = i
                        while j < n, bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 }
                        if j < n, bytes[j] == 0x0A { i = j + 1; flushRaw(); pieces.append(.continuation); lineStart = true } else {
                            problem("invalid escape sequence in string literal", escStart)
                        }
                    default:
                        problem("invalid escape sequence '\\\(String(UnicodeScalar(e)))' in string literal", escStart)
                    }
                    continue
                }
            }
            raw.append(b)
            i += 1
        }
        flushRaw()
        if !closed {
            problem(multiline ? "unterminated multi-line string literal" : "unterminated string literal", start, rule: "unterminated-string")
        }
        // Multi-line: the whitespace before the closing delimiter is the indentation removed
        // from every line; the newline before the closing delimiter is not part of the text.
        if multiline, closed, case .raw(let last)? = pieces.last, last.allSatisfy({ $0 == 0x20 || $0 == 0x09 }),
           pieces.count >= 2, case .newline = pieces[pieces.count - 2] {
            closingIndent = last
            pieces.removeLast(2)
        } else if multiline, closed, case .newline? = pieces.last {
            pieces.removeLast()
        } else if multiline, closed {
            problem("a multi-line string literal's closing delimiter must begin on a new line", start)
        }
        var segments: [SwiftStringLiteral.Segment] = []
        var text = ""
        var atLineStart = multiline
        for p in pieces {
            switch p {
            case .raw(var r):
                if atLineStart, !closingIndent.isEmpty {
                    if r.starts(with: closingIndent) { r.removeFirst(closingIndent.count) } else if !r.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                        problem("insufficient indentation of a line in a multi-line string literal", start)
                    }
                }
                text += String(decoding: r, as: UTF8.self)
            case .escaped(let s): text += s
            case .newline: text += "\n"
            case .continuation: break
            case .interp(let toks, let off):
                if !text.isEmpty { segments.append(.text(text)); text = "" }
                segments.append(.interpolation(toks, offset: off))
            }
            switch p {
            case .newline, .continuation: atLineStart = true
            default: atLineStart = false
            }
        }
        if !text.isEmpty || segments.isEmpty { segments.append(.text(text)) }
        return SwiftStringLiteral(segments: segments, isMultiline: multiline, hashes: h)
    }

    func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case 0x30...0x39: return UInt32(b - 0x30)
        case 0x41...0x46: return UInt32(b - 0x41 + 10)
        case 0x61...0x66: return UInt32(b - 0x61 + 10)
        default: return nil
        }
    }
}
