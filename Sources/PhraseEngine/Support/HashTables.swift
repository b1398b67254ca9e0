/// Read-only open-addressing hash tables for the matcher's per-query lookups: a string key is
/// hashed over its UTF-8 bytes (FNV-1a) and compared byte by byte, an integer key is used as
/// is, so a lookup allocates nothing and avoids `Hasher`.

/// FNV-1a over bytes, continuing from `h` (hashing two strings in turn hashes their join).
@inline(__always)
func fnv1a(_ bytes: UnsafeBufferPointer<UInt8>, _ h: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
    var h = h
    for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
    return h
}

/// Slot of a hash in a table of `1 << bits` slots (Fibonacci hashing: the high bits).
@inline(__always)
private func slot(_ h: UInt64, _ bits: Int) -> Int {
    Int(truncatingIfNeeded: (h &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
}

@inline(__always)
private func tableBits(_ count: Int) -> Int {
    var bits = 3
    while (1 << bits) < count * 2 { bits += 1 }
    return bits
}

/// A table keyed by strings, with the lookups of the `Dictionary` it is built from.
///
/// Keys are found by their bytes. Swift compares strings by canonical equivalence, so a
/// query with non-ASCII bytes that equals no key byte for byte is also looked up in the
/// dictionary: results are always the dictionary's.
final class StringTable<Value: Sendable>: Sendable {
    let dictionary: [String: Value]
    private let bits: Int
    /// Entry index + 1 per slot (0: empty).
    private let slots: [Int32]
    private let hashes: [UInt64]
    /// Entry e's key bytes: bytes[starts[e] ..< starts[e + 1]].
    private let starts: [Int32]
    private let bytes: [UInt8]
    private let values: [Value]

    init(_ d: [String: Value]) {
        dictionary = d
        bits = tableBits(d.count)
        var slots = [Int32](repeating: 0, count: 1 << bits)
        var hashes: [UInt64] = [], starts: [Int32] = [0], bytes: [UInt8] = [], values: [Value] = []
        hashes.reserveCapacity(d.count)
        values.reserveCapacity(d.count)
        // Sorted keys: the same layout in every process (results do not depend on it).
        for k in d.keys.sorted() {
            guard let v = d[k] else { continue }
            var key = k
            let h = key.withUTF8 { fnv1a($0) }
            bytes.append(contentsOf: key.utf8)
            starts.append(Int32(bytes.count))
            hashes.append(h)
            values.append(v)
            var s = slot(h, bits)
            while slots[s] != 0 { s = (s + 1) & ((1 << bits) - 1) }
            slots[s] = Int32(values.count)
        }
        self.slots = slots
        self.hashes = hashes
        self.starts = starts
        self.bytes = bytes
        self.values = values
    }

    var isEmpty: Bool { values.isEmpty }

    /// The entry whose key is the bytes of `a` followed by those of `b` (hash `h`).
    @inline(__always)
    private func entry(_ h: UInt64, _ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int? {
        let m = (1 << bits) - 1
        var s = slot(h, bits)
        return slots.withUnsafeBufferPointer { sl -> Int? in
            bytes.withUnsafeBufferPointer { by -> Int? in
                while true {
                    let e = Int(sl[s]) - 1
                    if e < 0 { return nil }
                    if hashes[e] == h {
                        let st = Int(starts[e]), en = Int(starts[e + 1])
                        if en - st == a.count + b.count {
                            var same = true
                            var k = 0
                            while k < a.count { if by[st + k] != a[k] { same = false; break }; k += 1 }
                            if same {
                                k = 0
                                while k < b.count { if by[st + a.count + k] != b[k] { same = false; break }; k += 1 }
                            }
                            if same { return e }
                        }
                    }
                    s = (s + 1) & m
                }
            }
        }
    }

    @inline(__always)
    private static func isASCII(_ p: UnsafeBufferPointer<UInt8>) -> Bool {
        for b in p where b >= 0x80 { return false }
        return true
    }

    subscript(_ key: String) -> Value? {
        var k = key
        let found: Int?? = k.withUTF8 { p -> Int?? in
            if let e = entry(fnv1a(p), p, UnsafeBufferPointer(start: nil, count: 0)) { return .some(e) }
            return StringTable.isASCII(p) ? .some(nil) : nil
        }
        switch found {
        case .some(.some(let e)): return values[e]
        case .some(.none): return nil
        case .none: return dictionary[key]
        }
    }

    /// The value of the key `a + b`, without building it.
    func joined(_ a: String, _ b: String) -> Value? {
        var x = a, y = b
        let found: Int?? = x.withUTF8 { pa -> Int?? in
            y.withUTF8 { pb -> Int?? in
                if let e = entry(fnv1a(pb, fnv1a(pa)), pa, pb) { return .some(e) }
                return StringTable.isASCII(pa) && StringTable.isASCII(pb) ? .some(nil) : nil
            }
        }
        switch found {
        case .some(.some(let e)): return values[e]
        case .some(.none): return nil
        case .none: return dictionary[a + b]
        }
    }
}

/// A table keyed by 64-bit hashes (the index's FNV keys), with the lookups of the
/// `Dictionary` it is built from.
final class HashTable<Value: Sendable>: Sendable {
    private let bits: Int
    private let slots: [Int32]
    private let keys: [UInt64]
    private let values: [Value]

    init(_ d: [UInt64: Value]) {
        bits = tableBits(d.count)
        var slots = [Int32](repeating: 0, count: 1 << bits)
        var keys: [UInt64] = [], values: [Value] = []
        keys.reserveCapacity(d.count)
        values.reserveCapacity(d.count)
        for k in d.keys.sorted() {
            guard let v = d[k] else { continue }
            keys.append(k)
            values.append(v)
            var s = slot(k, bits)
            while slots[s] != 0 { s = (s + 1) & ((1 << bits) - 1) }
            slots[s] = Int32(values.count)
        }
        self.slots = slots
        self.keys = keys
        self.values = values
    }

    var isEmpty: Bool { values.isEmpty }

    subscript(_ key: UInt64) -> Value? {
        let m = (1 << bits) - 1
        var s = slot(key, bits)
        while true {
            let e = Int(slots[s]) - 1
            if e < 0 { return nil }
            if keys[e] == key { return values[e] }
            s = (s + 1) & m
        }
    }
}
