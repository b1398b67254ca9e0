/// A small JSON reader that keeps where every value came from (byte offset, so errors can
/// name line and column), keeps object key order, and is bounded on hostile input
/// (nesting depth, no recursion beyond it). Foundation's reader gives no positions.
public struct JSONNode: Sendable {
    public enum Value: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONNode])
        case object([(key: String, value: JSONNode)])
    }
    public var value: Value
    /// Byte offset of the value's first character in the source text.
    public var offset: Int

    public var string: String? { if case .string(let s) = value { return s }; return nil }
    public var bool: Bool? { if case .bool(let b) = value { return b }; return nil }
    public var number: Double? { if case .number(let d) = value { return d }; return nil }
    public var array: [JSONNode]? { if case .array(let a) = value { return a }; return nil }
    public var object: [(key: String, value: JSONNode)]? { if case .object(let o) = value { return o }; return nil }
    public var isNull: Bool { if case .null = value { return true }; return false }

    public subscript(key: String) -> JSONNode? {
        guard case .object(let o) = value else { return nil }
        return o.first(where: { $0.key == key })?.value
    }

    /// A short name of the value's type for messages ("a string", "an object").
    public var typeName: String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

public struct JSONSyntaxError: Error, Sendable, Equatable {
    public var message: String
    public var offset: Int
}

/// Maps byte offsets to 1-based line and column (columns count Unicode scalars).
public struct LineTable: Sendable {
    private let lineStarts: [Int]
    private let bytes: [UInt8]

    public init(_ bytes: [UInt8]) {
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == 0x0A { starts.append(i + 1) }
        lineStarts = starts
        self.bytes = bytes
    }

    public func position(of offset: Int) -> (line: Int, column: Int) {
        let off = min(max(0, offset), bytes.count)
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= off { lo = mid } else { hi = mid - 1 }
        }
        var col = 1
        var i = lineStarts[lo]
        while i < off {
            // count scalars: skip UTF-8 continuation bytes
            if bytes[i] & 0xC0 != 0x80 { col += 1 }
            i += 1
        }
        return (lo + 1, col)
    }
}

public enum JSONReader {
    public static let maxDepth = 256

    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        try parse(Array(text.utf8))
    }

    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        var p = Parser(bytes: bytes)
        // Skip a UTF-8 byte order mark.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { p.i = 3 }
        p.skipSpace()
        let v = try p.value(depth: 0)
        p.skipSpace()
        if p.i < bytes.count { throw JSONSyntaxError(message: "unexpected text after the JSON value", offset: p.i) }
        return v
    }

    struct Parser {
        let bytes: [UInt8]
        var i = 0

        mutating func skipSpace() {
            while i < bytes.count {
                let b = bytes[i]
                if b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { i += 1; continue }
                // Tolerate // line comments (the spec's examples are JSONC).
                if b == 0x2F, i + 1 < bytes.count, bytes[i + 1] == 0x2F {
                    while i < bytes.count, bytes[i] != 0x0A { i += 1 }
                    continue
                }
                break
            }
        }

        func err(_ m: String, _ at: Int? = nil) -> JSONSyntaxError {
            JSONSyntaxError(message: m, offset: at ?? i)
        }

        mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONNode {
            guard depth < JSONReader.maxDepth else { throw err("nesting deeper than \(JSONReader.maxDepth) levels") }
            guard i < bytes.count else { throw err("unexpected end of input, expected a value") }
            let start = i
            switch bytes[i] {
            case UInt8(ascii: "{"):
                i += 1
                var members: [(key: String, value: JSONNode)] = []
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return JSONNode(value: .object(members), offset: start) }
                while true {
                    skipSpace()
                    guard i < bytes.count else { throw err("unterminated object", start) }
                    guard bytes[i] == UInt8(ascii: "\"") else { throw err("expected a string key") }
                    let key = try string()
                    skipSpace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw err("expected ':' after key \"\(key)\"") }
                    i += 1
                    skipSpace()
                    let v = try value(depth: depth + 1)
                    members.append((key, v))
                    skipSpace()
                    guard i < bytes.count else { throw err("unterminated object", start) }
                    if bytes[i] == UInt8(ascii: ",") {
                        i += 1
                        skipSpace()
                        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { throw err("trailing comma in object") }
                        continue
                    }
                    if bytes[i] == UInt8(ascii: "}") { i += 1; break }
                    throw err("expected ',' or '}' in object")
                }
                return JSONNode(value: .object(members), offset: start)
            case UInt8(ascii: "["):
                i += 1
                var items: [JSONNode] = []
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return JSONNode(value: .array(items), offset: start) }
                while true {
                    skipSpace()
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    guard i < bytes.count else { throw err("unterminated array", start) }
                    if bytes[i] == UInt8(ascii: ",") {
                        i += 1
                        skipSpace()
                        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { throw err("trailing comma in array") }
                        continue
                    }
                    if bytes[i] == UInt8(ascii: "]") { i += 1; break }
                    throw err("expected ',' or ']' in array")
                }
                return JSONNode(value: .array(items), offset: start)
            case UInt8(ascii: "\""):
                return JSONNode(value: .string(try string()), offset: start)
            case UInt8(ascii: "t"):
                try literal("true"); return JSONNode(value: .bool(true), offset: start)
            case UInt8(ascii: "f"):
                try literal("false"); return JSONNode(value: .bool(false), offset: start)
            case UInt8(ascii: "n"):
                try literal("null"); return JSONNode(value: .null, offset: start)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return JSONNode(value: .number(try number()), offset: start)
            default:
                throw err("unexpected character '\(printable(bytes[i]))', expected a value")
            }
        }

        func hex2(_ b: UInt8) -> String {
            let hex = Array("0123456789ABCDEF")
            return "00" + Swift.String(hex[Int(b >> 4)]) + Swift.String(hex[Int(b & 15)])
        }

        func printable(_ b: UInt8) -> String {
            if b >= 0x20 && b < 0x7F { return Swift.String(Character(Unicode.Scalar(b))) }
            let hex = Array("0123456789ABCDEF")
            return "\\x" + Swift.String(hex[Int(b >> 4)]) + Swift.String(hex[Int(b & 15)])
        }

        mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
            let w = word.withUTF8Buffer { Array($0) }
            guard i + w.count <= bytes.count, Array(bytes[i..<(i + w.count)]) == w else {
                throw err("invalid literal, expected \(word)")
            }
            i += w.count
        }

        mutating func number() throws(JSONSyntaxError) -> Double {
            let start = i
            if bytes[i] == UInt8(ascii: "-") { i += 1 }
            func digits(_ p: inout Parser) -> Int {
                let s = p.i
                while p.i < p.bytes.count, p.bytes[p.i] >= 0x30, p.bytes[p.i] <= 0x39 { p.i += 1 }
                return p.i - s
            }
            guard digits(&self) > 0 else { throw err("invalid number", start) }
            if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
                i += 1
                guard digits(&self) > 0 else { throw err("invalid number", start) }
            }
            if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
                i += 1
                if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
                guard digits(&self) > 0 else { throw err("invalid number", start) }
            }
            let text = Swift.String(decoding: bytes[start..<i], as: UTF8.self)
            guard let d = Double(text) else { throw err("invalid number", start) }
            return d
        }

        mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
            guard i + 4 <= bytes.count else { throw err("truncated \\u escape") }
            var v: UInt32 = 0
            for _ in 0..<4 {
                let b = bytes[i]
                let d: UInt32
                switch b {
                case 0x30...0x39: d = UInt32(b - 0x30)
                case 0x41...0x46: d = UInt32(b - 0x41 + 10)
                case 0x61...0x66: d = UInt32(b - 0x61 + 10)
                default: throw err("invalid \\u escape")
                }
                v = v * 16 + d
                i += 1
            }
            return v
        }

        mutating func string() throws(JSONSyntaxError) -> Swift.String {
            let start = i
            i += 1
            // Fast path: no escapes.
            var j = i
            while j < bytes.count {
                let b = bytes[j]
                if b == UInt8(ascii: "\"") {
                    let s = bytes.withUnsafeBufferPointer { Parser.utf8String(UnsafeBufferPointer(rebasing: $0[i..<j])) }
                    guard let s else { throw err("invalid UTF-8 in string", i) }
                    i = j + 1
                    return s
                }
                if b == UInt8(ascii: "\\") || b < 0x20 { break }
                j += 1
            }
            var out: [UInt8] = Array(bytes[i..<min(j, bytes.count)])
            i = j
            while true {
                guard i < bytes.count else { throw err("unterminated string", start) }
                let b = bytes[i]
                if b == UInt8(ascii: "\"") { i += 1; break }
                // A raw line break: the string's closing quote is missing (JSON strings do not
                // span lines); reported where the string starts, which is where the fix goes.
                if b == 0x0A || b == 0x0D { throw err("unterminated string: no closing quote before the end of the line", start) }
                if b < 0x20 { throw err("control character U+\(hex2(b)) in string (escape it as \\u\(hex2(b)))") }
                if b != UInt8(ascii: "\\") { out.append(b); i += 1; continue }
                i += 1
                guard i < bytes.count else { throw err("unterminated string", start) }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var cp = try hex4()
                    if cp >= 0xD800, cp < 0xDC00 {
                        if i + 6 <= bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                            i += 2
                            let lo = try hex4()
                            if lo >= 0xDC00, lo < 0xE000 {
                                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00)
                            } else { cp = 0xFFFD }
                        } else { cp = 0xFFFD }
                    } else if cp >= 0xDC00, cp < 0xE000 { cp = 0xFFFD }
                    let scalar = Unicode.Scalar(cp) ?? "\u{FFFD}"
                    out.append(contentsOf: Array(Swift.String(scalar).utf8))
                default: throw err("invalid escape '\\\(printable(e))'", i - 2)
                }
            }
            guard let s = out.withUnsafeBufferPointer({ Parser.utf8String($0) }) else { throw err("invalid UTF-8 in string", start) }
            return s
        }

        /// The string of UTF-8 bytes, nil when they are not valid UTF-8. (Decoding repairs what
        /// is invalid, so the same bytes back mean there was nothing to repair; this is the
        /// standard library's fast path, where `String(validating:as:)` of a buffer is a
        /// generic one, about ten times slower on a corpus line.)
        static func utf8String(_ b: UnsafeBufferPointer<UInt8>) -> Swift.String? {
            let s = Swift.String(decoding: b, as: UTF8.self)
            if allASCII(b) || s.utf8.elementsEqual(b) { return s }
            return nil
        }
    }
}

/// A JSON value to write, with object keys in the order given (deterministic output).
public indirect enum JSONOut: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONOut])
    case object([(String, JSONOut)])

    public static func == (a: JSONOut, b: JSONOut) -> Bool { a.render() == b.render() }

    /// Renders compactly (one line) or pretty with two-space indentation.
    public func render(pretty: Bool = false) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(into: &out, pretty: pretty, indent: 0)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `s` as a JSON string literal: quote, backslash, the control characters, U+2028 and
    /// U+2029 escaped (`\"`, `\\`, `\n`, `\r`, `\t`, else `\u` and four lowercase hex digits),
    /// every other byte copied. The output is UTF-8 bytes: appending to a `String` piece by piece
    /// costs some 300 instructions per piece, more than the matcher spends on a word.
    static func escape<S: ByteSink>(_ s: String, into out: inout S) {
        out.put(0x22)
        escapeBody(s, into: &out)
        out.put(0x22)
    }

    /// `escape(s)` without the quotes around it (a string written in pieces: the escape of a
    /// concatenation is the concatenation of the pieces' escapes).
    static func escapeBody<S: ByteSink>(_ s: String, into out: inout S) {
        var s = s
        s.withUTF8 { escapeBody(bytes: $0, into: &out) }
    }

    static func escapeBody<S: ByteSink>(bytes u: UnsafeBufferPointer<UInt8>, into out: inout S) {
        let n = u.count
        // Most strings need no escape: found by a scan, then copied in one piece.
        var i = 0
        if let base = u.baseAddress {
            while i + 8 <= n, !JSONOut.mayNeedEscape(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) { i += 8 }
        }
        while i < n, u[i] >= 0x20, u[i] != 0x22, u[i] != 0x5C, u[i] != 0xE2 { i += 1 }
        if i == n { out.put(u); return }
        var from = 0
        func flush(_ to: Int) { if to > from { out.put(UnsafeBufferPointer(rebasing: u[from..<to])) } }
        while i < n {
            // Eight bytes at a time while none of them can need escaping.
            if i + 8 <= n, let base = u.baseAddress,
               !JSONOut.mayNeedEscape(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) {
                i += 8
                continue
            }
            let b = u[i]
            var code: UInt32? = nil, width = 1
            if b < 0x20 || b == 0x22 || b == 0x5C {
                code = UInt32(b)
            } else if b == 0xE2, i + 2 < n, u[i + 1] == 0x80, u[i + 2] == 0xA8 || u[i + 2] == 0xA9 {
                code = u[i + 2] == 0xA8 ? 0x2028 : 0x2029
                width = 3
            }
            guard let c = code else { i += 1; continue }
            flush(i)
            out.put(0x5C)
            switch c {
            case 0x22: out.put(0x22)
            case 0x5C: out.put(0x5C)
            case 0x0A: out.put(0x6E)
            case 0x0D: out.put(0x72)
            case 0x09: out.put(0x74)
            default:
                out.put(0x75)
                for shift in stride(from: 12, through: 0, by: -4) {
                    let d = UInt8((c >> UInt32(shift)) & 0xF)
                    out.put(d < 10 ? 0x30 + d : 0x61 + d - 10)
                }
            }
            i += width
            from = i
        }
        flush(n)
    }

    /// Whether one of eight bytes may be one that `escape` looks at: below 0x20, a quote, a
    /// backslash or 0xE2 (the lead byte of U+2028 and U+2029). Never false when one is; true
    /// at times when none is (a borrow past a byte that is), and the bytes are then read one
    /// by one.
    @inline(__always)
    static func mayNeedEscape(_ w: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ v: UInt64) -> UInt64 { (v &- ones) & ~v & highs }
        let below = (w &- ones &* 0x20) & ~w & highs
        return below | hasZero(w ^ (ones &* 0x22)) | hasZero(w ^ (ones &* 0x5C)) | hasZero(w ^ (ones &* 0xE2)) != 0
    }

    /// Formats a double the same way on every platform: up to 4 decimals, no trailing zeros.
    public static func formatNumber(_ d: Double) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(24)
        appendNumber(d, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `formatNumber(d)`'s UTF-8 bytes: the whole part, and up to 4 decimals without
    /// trailing zeros; "0" for a number that is not finite.
    public static func appendNumber(_ d: Double, into out: inout [UInt8]) {
        writeNumber(d, into: &out)
    }

    /// `appendNumber` into any byte sink.
    static func writeNumber<S: ByteSink>(_ d: Double, into out: inout S) {
        guard d.isFinite else { out.put(0x30); return }
        let scaled = (d * 10000).rounded()
        if abs(scaled) >= 1e15 {
            // Whole numbers beyond Int64 (a catalog's "version": 1666…6) in Swift's shortest form, the same everywhere.
            out.put(utf8: abs(d) < 9e18 ? String(Int64(d)) : "\(d.rounded())")
            return
        }
        let neg = scaled < 0
        let v = Int64(abs(scaled))
        let whole = v / 10000
        // The decimals without trailing zeros: `frac` of `digits` digits.
        var frac = v % 10000, digits = 4
        if frac == 0 { digits = 0 } else { while frac % 10 == 0 { frac /= 10; digits -= 1 } }
        if neg && (whole != 0 || digits > 0) { out.put(0x2D) }
        appendDigits(whole, count: 1, into: &out)
        if digits > 0 {
            out.put(0x2E)
            appendDigits(frac, count: digits, into: &out)
        }
    }

    /// Appends a non-negative integer in decimal, with leading zeros to `count` digits.
    static func appendDigits<S: ByteSink>(_ v: Int64, count: Int, into out: inout S) {
        // From the most significant digit: `p` the power of ten of the first one.
        var p: Int64 = 1, n = 1
        while n < count || p <= v / 10 { p *= 10; n += 1 }
        var x = v
        while p > 0 {
            out.put(UInt8(truncatingIfNeeded: 0x30 + x / p))
            x %= p
            p /= 10
        }
    }

    func write<S: ByteSink>(into out: inout S, pretty: Bool, indent: Int) {
        func text(_ t: String) { out.put(utf8: t) }
        func newline(_ level: Int) {
            out.put(0x0A)
            for _ in 0..<level { out.put(0x20); out.put(0x20) }
        }
        switch self {
        case .null: text("null")
        case .bool(let b): text(b ? "true" : "false")
        case .int(let i): text(String(i))
        case .double(let d): JSONOut.writeNumber(d, into: &out)
        case .string(let s): JSONOut.escape(s, into: &out)
        case .array(let a):
            if a.isEmpty { text("[]"); return }
            out.put(0x5B)
            for (k, v) in a.enumerated() {
                if k > 0 { text(pretty ? "," : ", ") }
                if pretty { newline(indent + 1) }
                v.write(into: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { newline(indent) }
            out.put(0x5D)
        case .object(let o):
            if o.isEmpty { text("{}"); return }
            out.put(0x7B)
            for (k, kv) in o.enumerated() {
                if k > 0 { text(pretty ? "," : ", ") }
                if pretty { newline(indent + 1) }
                JSONOut.escape(kv.0, into: &out)
                text(": ")
                kv.1.write(into: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { newline(indent) }
            out.put(0x7D)
        }
    }
}

/// Where written JSON bytes go: an array, or a `ByteCursor` over a buffer (`escape`,
/// `writeNumber` and the result lines write into either).
package protocol ByteSink {
    mutating func put(_ b: UInt8)
    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension ByteSink {
    /// A literal's UTF-8 bytes.
    @inline(__always)
    package mutating func put(_ s: StaticString) {
        s.withUTF8Buffer { put($0) }
    }

    /// A string's UTF-8 bytes.
    @inline(__always)
    package mutating func put(utf8 s: String) {
        var s = s
        s.withUTF8 { put($0) }
    }
}

extension Array: ByteSink where Element == UInt8 {
    @inline(__always)
    package mutating func put(_ b: UInt8) { append(b) }
    @inline(__always)
    package mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
}

/// Bytes written into a buffer the caller owns (a line on the stack), without what an array
/// checks on every append (a unique reference, the capacity, a copy through the generic
/// `append(contentsOf:)`): a result line is some forty pieces. Bytes that do not fit are
/// dropped and `overflowed` is set; the caller then writes the line into an array instead.
package struct ByteCursor: ByteSink {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    package private(set) var count = 0
    package private(set) var overflowed = false

    package init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

    /// The bytes written.
    package var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: buffer[..<count]) }

    @inline(__always)
    package mutating func put(_ b: UInt8) {
        guard count < buffer.count else { overflowed = true; return }
        buffer[count] = b
        count += 1
    }

    @inline(__always)
    package mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        let n = bytes.count
        guard n <= buffer.count - count else { overflowed = true; return }
        guard n > 0, let src = bytes.baseAddress, let dst = buffer.baseAddress else { return }
        // (One copy; for a literal its size is a constant once inlined.)
        (dst + count).update(from: src, count: n)
        count += n
    }
}
