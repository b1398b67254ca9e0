import Foundation

/// A property list value with dictionary keys in a stable (sorted, or file) order.
public indirect enum PlistValue: Sendable {
    case string(String)
    case number(String)
    case bool(Bool)
    case data
    case date
    case array([PlistValue])
    case dictionary([(key: String, value: PlistValue)])

    public var string: String? { if case .string(let s) = self { return s }; return nil }
    public var array: [PlistValue]? { if case .array(let a) = self { return a }; return nil }
    public var dictionary: [(key: String, value: PlistValue)]? { if case .dictionary(let d) = self { return d }; return nil }
    public subscript(key: String) -> PlistValue? { dictionary?.first { $0.key == key }?.value }
}

/// Reads property lists: XML and binary (`bplist00`) through Foundation's
/// `PropertyListSerialization` (it reads both on Linux, and refuses over-deep nesting), and the
/// old-style text form of `.strings` files through `StringsFile`.
public enum PropertyList {
    public static let maxDepth = 64

    public struct ReadError: Error, Sendable {
        public var message: String
        public var offset: Int
    }

    public static func isBinary(_ b: [UInt8]) -> Bool { b.starts(with: Array("bplist".utf8)) }

    public static func parse(_ bytes: [UInt8]) throws(ReadError) -> PlistValue {
        let trimmed = bytes.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        if !isBinary(bytes), trimmed.first != UInt8(ascii: "<") {
            // Old-style text (what `.strings` files are).
            let r = StringsFile.parse(bytes)
            if let e = r.error { throw ReadError(message: e.message, offset: e.offset) }
            return .dictionary(r.entries.map { ($0.key, $0.value) })
        }
        if isBinary(bytes), let problem = binaryProblem(bytes) {
            throw ReadError(message: "malformed binary property list: \(problem)", offset: 0)
        }
        let obj: Any
        do {
            obj = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch {
            let ns = error as NSError
            let detail = (ns.userInfo[NSDebugDescriptionErrorKey] as? String) ?? "the data is not a property list"
            throw ReadError(message: "malformed property list: \(detail)", offset: 0)
        }
        guard let v = convert(obj, depth: 0) else { throw ReadError(message: "property list nested too deeply", offset: 0) }
        return v
    }

    /// What is wrong with a binary property list's structure (its trailer, offset table and the
    /// type of every object), checked before Foundation reads it: swift-corelibs-foundation
    /// crashes on some malformed files (a set, which no property list holds, where a dictionary
    /// was: found by the `strings` fuzz target, docs/fuzzing.md). nil when it is sound.
    static func binaryProblem(_ b: [UInt8]) -> String? {
        guard b.count >= 8 + 1 + 32 else { return "shorter than its header and trailer" }
        let t = b.count - 32
        /// The big-endian integer of `n` bytes at `at`, nil past the end or above Int.max.
        func integer(_ at: Int, _ n: Int) -> Int? {
            guard (1...8).contains(n), at >= 0, at + n <= b.count else { return nil }
            var v: UInt64 = 0
            for k in 0..<n { v = v << 8 | UInt64(b[at + k]) }
            return v <= UInt64(Int.max) ? Int(v) : nil
        }
        let offsetSize = Int(b[t + 6])
        guard (1...8).contains(offsetSize), (1...8).contains(Int(b[t + 7])),
              let count = integer(t + 8, 8), let top = integer(t + 16, 8), let table = integer(t + 24, 8),
              count >= 1, top < count, table >= 8, table <= t, count <= (t - table) / offsetSize else {
            return "its trailer or offset table is out of range"
        }
        for k in 0..<count {
            guard let at = integer(table + k * offsetSize, offsetSize), at >= 8, at < table else {
                return "object \(k) is out of range"
            }
            switch b[at] >> 4 {
            case 0x0, 0x1, 0x2, 0x3, 0x4, 0x5, 0x6, 0xA, 0xD: continue
            default: return "object \(k) has type 0x\(String(b[at] >> 4, radix: 16)), not a property list type"
            }
        }
        return nil
    }

    static func convert(_ o: Any, depth: Int) -> PlistValue? {
        guard depth < maxDepth else { return nil }
        switch o {
        case let s as String: return .string(s)
        case let b as Bool where type(of: o) == Bool.self: return .bool(b)
        case let n as NSNumber: return .number(n.stringValue)
        case let n as Int: return .number(String(n))
        case let d as Double: return .number(String(d))
        case is Data: return .data
        case is Date: return .date
        case let a as [Any]:
            var out: [PlistValue] = []
            for x in a { guard let v = convert(x, depth: depth + 1) else { return nil }; out.append(v) }
            return .array(out)
        case let d as [String: Any]:
            var out: [(key: String, value: PlistValue)] = []
            for k in d.keys.sorted() {
                guard let x = d[k], let v = convert(x, depth: depth + 1) else { return nil }
                out.append((k, v))
            }
            return .dictionary(out)
        case let d as [AnyHashable: Any]:
            var out: [(key: String, value: PlistValue)] = []
            for (k, x) in d {
                guard let v = convert(x, depth: depth + 1) else { return nil }
                out.append(("\(k.base)", v))
            }
            return .dictionary(out.sorted { $0.key < $1.key })
        default: return .string(String(describing: o))
        }
    }

    /// Where `<key>name</key>` first appears in an XML plist (for diagnostics), else 0.
    public static func keyOffset(_ name: String, in bytes: [UInt8]) -> Int {
        let needle = Array("<key>\(name)</key>".utf8)
        guard !needle.isEmpty, bytes.count >= needle.count, !isBinary(bytes) else { return 0 }
        var i = 0
        let last = bytes.count - needle.count
        while i <= last {
            if bytes[i] == needle[0], bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return 0
    }
}
