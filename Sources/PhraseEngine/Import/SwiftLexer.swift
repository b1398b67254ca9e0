/// A Swift lexer good enough to find declarations without swift-syntax: identifiers, numbers,
/// punctuation, string literals in every form (escapes, interpolation, multi-line with
/// indentation stripping, raw strings with `#`), regex literals (`/.../`, `#/.../#`, multi-line
/// `#/` … `/#`), skipping line and nested block comments.
///
/// Whether a `/` starts a bare regex literal or is an operator follows the heuristic of Swift's
/// own lexer (swift-syntax `RegexLiteralLexer.swift`): the operator run holding the `/` must not
/// be bound to what precedes it; a `/` with whitespace on both sides starts a regex only where an
/// expression is expected (after `(`, `,`, `=`, a binary operator, `return` and other keywords, at
/// the start of the file …); the literal may not start with a space or tab, may not end with one,
/// may not hold an unbalanced `)`, must close on its line and not be followed by `//` or `/*`.
/// Otherwise it is division (or another operator). `#/…/#` is always a regex literal.
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
        case regex           // a regex literal, `/.../` or `#/.../#`; `text` is its source
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
    /// A multi-line `#/` literal ran to the end of the file: later ones are not scanned again
    /// (each would run to the end too), which keeps lexing linear on hostile input.
    var multilineRegexUnterminated = false

    /// A run of adjacent operator characters (Swift lexes it as one operator token), with the
    /// tokens before it: what decides whether a `/` in it starts a regex literal.
    struct OperatorRun {
        var start: Int
        var end: Int
        var triedSlash = false
        var before: SwiftToken?
        var beforeBefore: SwiftToken?
    }

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
        var run: OperatorRun? = nil
        var previousRun: OperatorRun? = nil
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
                if b == 0x23, i + h < n, bytes[i + h] == 0x2F {   // #/.../#: always a regex literal
                    let end = extendedRegex(start: start, hashes: h)
                    i = end
                    lineStart = false
                    out.append(tok(.regex, text(start, end)))
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
                var r: OperatorRun
                if let current = run, current.end == i { r = current } else {
                    previousRun = run
                    r = OperatorRun(start: i, end: i, before: out.last, beforeBefore: out.count >= 2 ? out[out.count - 2] : nil)
                }
                if b == 0x2F, !r.triedSlash {   // only the first `/` of an operator can start a regex
                    r.triedSlash = true
                    if let end = bareRegex(at: i, run: r, previousRun: previousRun) {
                        i = end
                        run = nil
                        previousRun = nil
                        out.append(tok(.regex, text(start, end)))
                        continue
                    }
                }
                i += 1
                r.end = i
                run = r
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

    // MARK: Regex literals

    static let reservedWords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
        "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "as", "Any", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
    ]
    /// Keywords that are expressions themselves: a `/` after them is an operator.
    static let expressionKeywords: Set<String> = ["true", "false", "Any", "nil", "self", "Self", "super"]

    /// Whether the character before offset `p` binds an operator starting there to what precedes.
    func isLeftBound(_ p: Int) -> Bool {
        if p == 0 || (p == 3 && bytes.starts(with: [0xEF, 0xBB, 0xBF])) { return false }
        switch bytes[p - 1] {
        case 0x20, 0x0D, 0x0A, 0x09, 0x28, 0x5B, 0x7B, 0x2C, 0x3B, 0x3A, 0x00: return false
        case 0x2F: return !(p >= 2 && bytes[p - 2] == 0x2A)   // the end of a `/* */` comment
        case 0xA0: return !(p >= 2 && bytes[p - 2] == 0xC2)   // no-break space
        default: return true
        }
    }

    /// Whether the character at offset `e` binds an operator ending there to what follows.
    func isRightBound(_ e: Int, leftBound: Bool) -> Bool {
        guard e < bytes.count else { return false }
        switch bytes[e] {
        case 0x20, 0x0D, 0x0A, 0x09, 0x29, 0x5D, 0x7D, 0x2C, 0x3B, 0x3A, 0x00: return false
        case 0x2E: return !leftBound
        case 0x2F: return !(e + 1 < bytes.count && (bytes[e + 1] == 0x2F || bytes[e + 1] == 0x2A))
        case 0xC2: return !(e + 1 < bytes.count && bytes[e + 1] == 0xA0)
        default: return true
        }
    }

    enum OperatorRole { case binary, equal, prefix, postfix, infixQuestionMark, arrow }

    /// What an operator run is, from the characters around it (Swift's `classifyOperatorToken`,
    /// with a left-bound `!` / `?` lexed as a postfix token of its own).
    func role(of r: OperatorRun) -> OperatorRole {
        var a = r.start
        let lb = isLeftBound(a)
        if lb, bytes[a] == 0x21 || bytes[a] == 0x3F {
            if r.end - a == 1 { return .postfix }
            a += 1   // the rest of the run is an operator of its own, bound on its left
        }
        if r.end - a == 1 {
            if bytes[a] == 0x3D { return .equal }
            if bytes[a] == 0x3F { return .infixQuestionMark }
        }
        if r.end - a == 2, bytes[a] == 0x2D, bytes[a + 1] == 0x3E { return .arrow }
        let left = a > r.start || lb
        let rb = isRightBound(r.end, leftBound: left)
        if left == rb { return .binary }
        return left ? .postfix : .prefix
    }

    /// Whether an expression is expected after `p` (the token before an operator): Swift's
    /// `isInRegexLiteralPosition`. `pr` is the operator run `p` ends, when `p` is an operator.
    func expectsExpression(after p: SwiftToken?, run pr: OperatorRun?) -> Bool {
        guard let p else { return true }   // the start of the file, or of an interpolation
        switch p.kind {
        case .punctuation: return ["(", "[", "{", ",", ";", ":"].contains(p.text)
        case .identifier: return SwiftLexer.reservedWords.contains(p.text) && !SwiftLexer.expressionKeywords.contains(p.text)
        case .number, .string, .regex: return false
        case .pound: return ["#if", "#else", "#elseif", "#endif"].contains(p.text)
        case .op:
            guard let pr, pr.end > pr.start else { return true }
            switch role(of: pr) {
            case .binary, .equal, .prefix, .infixQuestionMark: return true
            case .postfix, .arrow: return false
            }
        }
    }

    /// Whether the `/` at `s`, the first `/` of operator run `r`, starts a `/.../` regex literal;
    /// the offset after the literal if it does.
    mutating func bareRegex(at s: Int, run r: OperatorRun, previousRun: OperatorRun?) -> Int? {
        guard !isLeftBound(r.start) else { return nil }   // `a/b`, `x/ 2`: an operator
        if let p = r.before, p.isIdent("func") || p.isIdent("operator") { return nil }   // `static func /(`
        var e = s + 1   // the end of the operator the `/` is in
        while e < bytes.count, SwiftLexer.operatorChars.contains(bytes[e]),
              !(bytes[e] == 0x2F && e + 1 < bytes.count && (bytes[e + 1] == 0x2F || bytes[e + 1] == 0x2A)) { e += 1 }
        var mustBeRegex = false
        if !isRightBound(e, leftBound: false) {
            // Whitespace on both sides, as around a binary operator: a regex only where an
            // expression is expected. After `try?` / `try!` it must be one.
            if let p = r.before, let pp = r.beforeBefore, p.kind == .op, p.text == "?" || p.text == "!",
               pp.isIdent("try"), p.offset == pp.offset + 3 {
                mustBeRegex = true
            }
            if !mustBeRegex, !expectsExpression(after: r.before, run: previousRun) { return nil }
            // After a binary operator (or `=`) an operand must follow.
            if let p = r.before, p.kind == .op, let pr = previousRun, pr.end > pr.start,
               [.binary, .equal].contains(role(of: pr)) {
                mustBeRegex = true
            }
        }
        return scanBareRegex(s, mustBeRegex: mustBeRegex)
    }

    /// Scans `/.../` from the `/` at `s`: the offset after the closing `/`, or nil when the text is
    /// not a regex literal. With `mustBeRegex`, a literal that breaks the rules still is one.
    mutating func scanBareRegex(_ s: Int, mustBeRegex: Bool) -> Int? {
        let n = bytes.count
        var k = s + 1
        if k < n, bytes[k] == 0x20 || bytes[k] == 0x09 {
            guard mustBeRegex else { return nil }
            problem("a '/' regex literal may not start with a space or tab (write #/ ... /#)", s)
        }
        var groups = 0, classes = 0, lastSpace = -1
        scan: while k < n {
            let c = bytes[k]
            if c == 0x2F {
                // A comment right after the closing `/` wins: the literal is unterminated.
                if k + 1 < n, bytes[k + 1] == 0x2F || bytes[k + 1] == 0x2A { break scan }
                if lastSpace == k - 1 {
                    guard mustBeRegex else { return nil }
                    problem("a '/' regex literal may not end with a space or tab (write #/ ... /#)", s)
                }
                return k + 1
            }
            switch c {
            case 0x0A, 0x0D:
                break scan
            case 0x5C:   // an escape: the next character is not a delimiter, group or space
                if k + 1 < n, bytes[k + 1] == 0x0A || bytes[k + 1] == 0x0D { k += 1; break scan }
                k += 1
            case 0x28 where classes == 0:
                groups += 1
            case 0x29 where classes == 0:
                if groups == 0 {
                    guard mustBeRegex else { return nil }   // `(a / b) / c`: an unbalanced `)` is not a regex
                } else {
                    groups -= 1
                }
            case 0x5B:
                classes += 1
            case 0x5D:
                if classes > 0 { classes -= 1 }
            case 0x20, 0x09:
                lastSpace = k
            default:
                break
            }
            k += 1
        }
        guard mustBeRegex else { return nil }
        problem("unterminated regex literal", s, rule: "unterminated-regex")
        return min(k, n)
    }

    /// Scans an extended regex literal from `start`: `hashes` `#`, `/`, the pattern, `/` and at
    /// least as many `#`. Multi-line when only whitespace follows the opening delimiter on its
    /// line; then the closing delimiter must begin a line. Returns the offset after the literal
    /// (for an unterminated multi-line literal, its first line end: lexing resumes there).
    mutating func extendedRegex(start: Int, hashes h: Int) -> Int {
        let n = bytes.count
        var k = start + h + 1
        var firstNewline: Int? = nil
        var lastNewlineEnd: Int? = nil
        var j = k
        while j < n, bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 }
        if j < n, bytes[j] == 0x0A || bytes[j] == 0x0D {
            if multilineRegexUnterminated {
                problem("unterminated regex literal", start, rule: "unterminated-regex")
                return j
            }
            firstNewline = j
            k = j
        }
        scan: while k < n {
            let c = bytes[k]
            if c == 0x2F {
                var p = 0
                while k + 1 + p < n, bytes[k + 1 + p] == 0x23 { p += 1 }
                if p >= h {
                    if let l = lastNewlineEnd, l <= k, !bytes[l..<k].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                        problem("a multi-line regex literal's closing delimiter must begin on a new line", k)
                    }
                    return k + 1 + p
                }
            }
            switch c {
            case 0x0A, 0x0D:
                guard firstNewline != nil else { break scan }
                lastNewlineEnd = k + 1
            case 0x5C:
                if k + 1 < n {
                    if bytes[k + 1] == 0x0A || bytes[k + 1] == 0x0D {
                        guard firstNewline != nil else { k += 1; break scan }
                        lastNewlineEnd = k + 2
                    }
                    k += 1
                }
            default:
                break
            }
            k += 1
        }
        problem("unterminated regex literal", start, rule: "unterminated-regex")
        if let f = firstNewline {
            multilineRegexUnterminated = true
            return f
        }
        return min(k, n)
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
