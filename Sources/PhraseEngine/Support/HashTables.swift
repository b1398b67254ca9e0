/// Read-only open-addressing hash tables for the matcher's per-query lookups: a string key is
/// hashed over its UTF-8 bytes (FNV-1a) and compared byte by byte, an integer key is used as
/// is, so a lookup allocates nothing and avoids `Hasher`.

/// Whether every byte is ASCII (read eight bytes at a time).
@inline(__always)
func allASCII(_ p: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = p.baseAddress else { return true }
    let n = p.count
    var i = 0
    var acc: UInt64 = 0
    while i + 8 <= n {
        acc |= UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
        i += 8
    }
    while i < n { acc |= UInt64(base[i]); i += 1 }
    return acc & 0x8080_8080_8080_8080 == 0
}

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

/// The keys of a `StringTable`: strings → entry index (a class, so that reading a table
/// from the index retains one object; not generic, so its fields are read at fixed offsets).
///
/// Keys are found by their bytes. Swift compares strings by canonical equivalence, so a
/// query with non-ASCII bytes that equals no key byte for byte is also looked up in the
/// dictionary: results are always the dictionary's.
final class StringKeys: Sendable {
    /// Key → entry index.
    let dictionary: [String: Int32]
    private let bits: Int
    /// Entry index + 1 per slot (0: empty).
    private let slots: [Int32]
    private let hashes: [UInt64]
    /// Entry e's key bytes: bytes[starts[e] ..< starts[e + 1]].
    private let starts: [Int32]
    private let bytes: [UInt8]

    /// Entries are the keys in the given order.
    init(_ keys: [String]) {
        var d: [String: Int32] = [:]
        bits = tableBits(keys.count)
        var slots = [Int32](repeating: 0, count: 1 << bits)
        var hashes: [UInt64] = [], starts: [Int32] = [0], bytes: [UInt8] = []
        hashes.reserveCapacity(keys.count)
        for (e, k) in keys.enumerated() {
            d[k] = Int32(e)
            var key = k
            let h = key.withUTF8 { fnv1a($0) }
            bytes.append(contentsOf: key.utf8)
            starts.append(Int32(bytes.count))
            hashes.append(h)
            var s = slot(h, bits)
            while slots[s] != 0 { s = (s + 1) & ((1 << bits) - 1) }
            slots[s] = Int32(e + 1)
        }
        dictionary = d
        self.slots = slots
        self.hashes = hashes
        self.starts = starts
        self.bytes = bytes
    }

    /// The entry whose key is the bytes of `a` followed by those of `b` (hash `h`).
    @inline(__always)
    private func entry(_ h: UInt64, _ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int? {
        let m = (1 << bits) - 1
        var s = slot(h, bits)
        return slots.withUnsafeBufferPointer { sl -> Int? in
            hashes.withUnsafeBufferPointer { hs -> Int? in
                starts.withUnsafeBufferPointer { st -> Int? in
                    bytes.withUnsafeBufferPointer { by -> Int? in
                        while true {
                            let e = Int(sl[s]) - 1
                            if e < 0 { return nil }
                            if hs[e] == h {
                                let b0 = Int(st[e]), b1 = Int(st[e + 1])
                                if b1 - b0 == a.count + b.count {
                                    var same = true
                                    var k = 0
                                    while k < a.count { if by[b0 + k] != a[k] { same = false; break }; k += 1 }
                                    if same {
                                        k = 0
                                        while k < b.count { if by[b0 + a.count + k] != b[k] { same = false; break }; k += 1 }
                                    }
                                    if same { return e }
                                }
                            }
                            s = (s + 1) & m
                        }
                    }
                }
            }
        }
    }

    /// -1: no key; -2: no key byte for byte, ask the dictionary.
    @inline(__always)
    private func probe(_ p: UnsafeBufferPointer<UInt8>) -> Int {
        if let e = entry(fnv1a(p), p, UnsafeBufferPointer(start: nil, count: 0)) { return e }
        return allASCII(p) ? -1 : -2
    }

    func find(_ key: String) -> Int? {
        var e = key.utf8.withContiguousStorageIfAvailable { probe($0) } ?? -2
        if e == -2 { e = dictionary[key].map { Int($0) } ?? -1 }
        return e >= 0 ? e : nil
    }

    /// The entry of the key `a + b`, without building it.
    func findJoined(_ a: String, _ b: String) -> Int? {
        var e = a.utf8.withContiguousStorageIfAvailable { pa -> Int in
            b.utf8.withContiguousStorageIfAvailable { pb -> Int in
                if let e = entry(fnv1a(pb, fnv1a(pa)), pa, pb) { return e }
                return allASCII(pa) && allASCII(pb) ? -1 : -2
            } ?? -2
        } ?? -2
        if e == -2 { e = dictionary[a + b].map { Int($0) } ?? -1 }
        return e >= 0 ? e : nil
    }
}

/// A table keyed by strings, with the lookups of the `Dictionary` it is built from.
struct StringTable<Value: Sendable>: Sendable {
    let keys: StringKeys
    let values: [Value]

    init(_ d: [String: Value]) {
        // Sorted keys: the same layout in every process (results do not depend on it).
        let ks = d.keys.sorted()
        keys = StringKeys(ks)
        values = ks.compactMap { d[$0] }
    }

    var isEmpty: Bool { values.isEmpty }

    subscript(_ key: String) -> Value? {
        guard let e = keys.find(key) else { return nil }
        return values[e]
    }

    /// The value of the key `a + b`, without building it.
    func joined(_ a: String, _ b: String) -> Value? {
        guard let e = keys.findJoined(a, b) else { return nil }
        return values[e]
    }
}

/// The keys of a `HashTable` (not generic: fields at fixed offsets).
final class HashKeys: Sendable {
    private let bits: Int
    private let slots: [Int32]
    private let keys: [UInt64]

    init(_ keys: [UInt64]) {
        bits = tableBits(keys.count)
        var slots = [Int32](repeating: 0, count: 1 << bits)
        for (e, k) in keys.enumerated() {
            var s = slot(k, bits)
            while slots[s] != 0 { s = (s + 1) & ((1 << bits) - 1) }
            slots[s] = Int32(e + 1)
        }
        self.slots = slots
        self.keys = keys
    }

    func find(_ key: UInt64) -> Int? {
        let m = (1 << bits) - 1
        var s = slot(key, bits)
        return slots.withUnsafeBufferPointer { sl -> Int? in
            keys.withUnsafeBufferPointer { ks -> Int? in
                while true {
                    let e = Int(sl[s]) - 1
                    if e < 0 { return nil }
                    if ks[e] == key { return e }
                    s = (s + 1) & m
                }
            }
        }
    }
}

/// A table keyed by 64-bit hashes (the index's FNV keys), with the lookups of the
/// `Dictionary` it is built from.
struct HashTable<Value: Sendable>: Sendable {
    let keys: HashKeys
    let values: [Value]

    init(_ d: [UInt64: Value]) {
        let ks = d.keys.sorted()
        keys = HashKeys(ks)
        values = ks.compactMap { d[$0] }
    }

    var isEmpty: Bool { values.isEmpty }

    subscript(_ key: UInt64) -> Value? {
        guard let e = keys.find(key) else { return nil }
        return values[e]
    }
}
