/// A `.strings` file: the old-style property list text form (`"key" = "value";` with comments),
/// in UTF-8 or UTF-16 (with a byte order mark), or compiled to a binary property list as in
/// build products. Values may also be arrays `( ... )` and dictionaries `{ k = v; }`, which is
/// how `InfoPlist.strings` localizes `INAlternativeAppNames`.
///
/// Bounded: one pass, nesting limited to `PropertyList.maxDepth`, errors with byte offsets
/// (of the UTF-8 text) instead of crashes.
public struct StringsFile: Sendable {
    public struct Entry: Sendable {
        public var key: String
        public var value: PlistValue
        public var offset: Int
    }
    public struct ParseError: Error, Sendable {
        public var message: String
        public var offset: Int
    }

    public var entries: [Entry]
    public var error: ParseError?
    /// The UTF-8 text the offsets refer to.
    public var text: [UInt8]

    public func value(_ key: String) -> PlistValue? { entries.last { $0.key == key }?.value }

    /// Decodes the bytes (UTF-16 with BOM, UTF-8 with or without BOM) to UTF-8.
    public static func decode(_ b: [UInt8]) -> [UInt8] {
        if b.count >= 2, (b[0] == 0xFF && b[1] == 0xFE) || (b[0] == 0xFE && b[1] == 0xFF) {
            let le = b[0] == 0xFF
            var units: [UInt16] = []
            units.reserveCapacity(b.count / 2)
            var i = 2
            while i + 1 < b.count {
                units.append(le ? UInt16(b[i]) | UInt16(b[i + 1]) << 8 : UInt16(b[i]) << 8 | UInt16(b[i + 1]))
                i += 2
            }
            return Array(String(decoding: units, as: UTF16.self).utf8)
        }
        if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { return Array(b[3...]) }
        return b
    }

    public static func parse(_ raw: [UInt8]) -> StringsFile {
        if PropertyList.isBinary(raw) {
            do {
                let v = try PropertyList.parse(raw)
                return StringsFile(entries: (v.dictionary ?? []).map { Entry(key: $0.key, value: $0.value, offset: 0) }, error: nil, text: [])
            } catch {
                return StringsFile(entries: [], error: ParseError(message: error.message, offset: 0), text: [])
            }
        }
        var p = Parser(b: decode(raw))
        var entries: [Entry] = []
        do throws(ParseError) {
            p.skip()
            // An optional outer `{ ... }` (a full old-style dictionary).
            var braced = false
            if p.i < p.b.count, p.b[p.i] == UInt8(ascii: "{") { braced = true; p.i += 1 }
            while true {
                try p.skipThrowing()
                if p.i >= p.b.count { if braced { throw p.err("unterminated dictionary") }; break }
                if braced, p.b[p.i] == UInt8(ascii: "}") { p.i += 1; break }
                let off = p.i
                let key = try p.scalar()
                try p.skipThrowing()
                var value = PlistValue.string(key)   // `"key";` means key = key
                if p.i < p.b.count, p.b[p.i] == UInt8(ascii: "=") {
                    p.i += 1
                    try p.skipThrowing()
                    value = try p.value(depth: 1)
                    try p.skipThrowing()
                }
                guard p.i < p.b.count, p.b[p.i] == UInt8(ascii: ";") else { throw p.err("expected ';' after the entry for \"\(key)\"") }
                p.i += 1
                entries.append(Entry(key: key, value: value, offset: off))
            }
        } catch {
            return StringsFile(entries: entries, error: error, text: p.b)
        }
        return StringsFile(entries: entries, error: nil, text: p.b)
    }

    struct Parser {
        let b: [UInt8]
        var i = 0

        func err(_ m: String) -> ParseError { ParseError(message: m, offset: min(i, b.count)) }

        mutating func skip() { try? skipThrowing() }

        mutating func skipThrowing() throws(ParseError) {
            while i < b.count {
                let c = b[i]
                if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { i += 1; continue }
                if c == 0x2F, i + 1 < b.count, b[i + 1] == 0x2F { while i < b.count, b[i] != 0x0A { i += 1 }; continue }
                if c == 0x2F, i + 1 < b.count, b[i + 1] == 0x2A {
                    let start = i
                    i += 2
                    while i + 1 < b.count, !(b[i] == 0x2A && b[i + 1] == 0x2F) { i += 1 }
                    if i + 1 >= b.count { i = start; throw err("unterminated comment") }
                    i += 2
                    continue
                }
                break
            }
        }

        static func isBare(_ c: UInt8) -> Bool {
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F || c == 0x2E || c == 0x2D || c == 0x24 || c == 0x2F || c == 0x3A
        }

        mutating func scalar() throws(ParseError) -> String {
            guard i < b.count else { throw err("unexpected end of file") }
            if b[i] == 0x22 || b[i] == 0x27 { return try quoted() }
            let s = i
            while i < b.count, Parser.isBare(b[i]) { i += 1 }
            guard i > s else { throw err("unexpected character, expected a string") }
            return String(decoding: b[s..<i], as: UTF8.self)
        }

        mutating func quoted() throws(ParseError) -> String {
            let q = b[i]
            let start = i
            i += 1
            var out: [UInt8] = []
            while i < b.count, b[i] != q {
                if b[i] != 0x5C { out.append(b[i]); i += 1; continue }
                i += 1
                guard i < b.count else { break }
                let e = b[i]
                i += 1
                switch e {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "U"), UInt8(ascii: "u"):
                    var v: UInt32 = 0
                    var n = 0
                    while n < 4, i < b.count, let d = hex(b[i]) { v = v * 16 + d; i += 1; n += 1 }
                    out.append(contentsOf: Array(String(Unicode.Scalar(v).map(Character.init) ?? "\u{FFFD}").utf8))
                default: out.append(e)
                }
            }
            guard i < b.count else { i = start; throw err("unterminated string") }
            i += 1
            return String(decoding: out, as: UTF8.self)
        }

        func hex(_ c: UInt8) -> UInt32? {
            switch c {
            case 0x30...0x39: return UInt32(c - 0x30)
            case 0x41...0x46: return UInt32(c - 0x41 + 10)
            case 0x61...0x66: return UInt32(c - 0x61 + 10)
            default: return nil
            }
        }

        mutating func value(depth: Int) throws(ParseError) -> PlistValue {
            guard depth < PropertyList.maxDepth else { throw err("nesting deeper than \(PropertyList.maxDepth) levels") }
            guard i < b.count else { throw err("unexpected end of file, expected a value") }
            if b[i] == UInt8(ascii: "(") {
                i += 1
                var items: [PlistValue] = []
                while true {
                    try skipThrowing()
                    guard i < b.count else { throw err("unterminated array") }
                    if b[i] == UInt8(ascii: ")") { i += 1; break }
                    items.append(try value(depth: depth + 1))
                    try skipThrowing()
                    if i < b.count, b[i] == UInt8(ascii: ",") { i += 1 }
                }
                return .array(items)
            }
            if b[i] == UInt8(ascii: "{") {
                i += 1
                var items: [(key: String, value: PlistValue)] = []
                while true {
                    try skipThrowing()
                    guard i < b.count else { throw err("unterminated dictionary") }
                    if b[i] == UInt8(ascii: "}") { i += 1; break }
                    let k = try scalar()
                    try skipThrowing()
                    guard i < b.count, b[i] == UInt8(ascii: "=") else { throw err("expected '=' after \"\(k)\"") }
                    i += 1
                    try skipThrowing()
                    let v = try value(depth: depth + 1)
                    try skipThrowing()
                    guard i < b.count, b[i] == UInt8(ascii: ";") else { throw err("expected ';' after the value of \"\(k)\"") }
                    i += 1
                    items.append((k, v))
                }
                return .dictionary(items)
            }
            if b[i] == UInt8(ascii: "<") { throw err("data values are not supported in .strings files") }
            return .string(try scalar())
        }
    }
}
