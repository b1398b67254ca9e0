import Foundation

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

/// FNV-1a's starting value; `fnvStep` adds one byte or scalar. Every FNV hash of the index and
/// the matcher (bytes: `fnv1a`; scalars: `LocaleIndex.scalarHash`, `ReadingWindows.hash`) is
/// these two.
let fnvOffsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

@inline(__always)
func fnvStep(_ h: UInt64, _ v: UInt64) -> UInt64 { (h ^ v) &* 0x100_0000_01b3 }

/// FNV-1a over bytes, continuing from `h` (hashing two strings in turn hashes their join).
@inline(__always)
func fnv1a(_ bytes: UnsafeBufferPointer<UInt8>, _ h: UInt64 = fnvOffsetBasis) -> UInt64 {
    var h = h
    for b in bytes { h = fnvStep(h, UInt64(b)) }
    return h
}

/// Whether a scalar is in NFC on its own and can never join a neighbour in normalization:
/// canonical combining class 0, unchanged by NFC, and never the second scalar of a canonical
/// composition (which excludes combining marks, Hangul vowel and final jamo, the kana voicing
/// marks U+3099/309A, Indic vowel parts). Kept to the scripts where lookups
/// miss often (Latin letters, Cyrillic, Thai, kana, Han, Hangul syllables, full- and halfwidth
/// forms); `nfcStableScalarsAreStable` checks every one against Foundation's normalization.
@inline(__always)
func isNFCStable(_ v: UInt32) -> Bool {
    switch v {
    case 0x00A0...0x024F: return true                               // Latin-1, Extended-A/B
    case 0x0400...0x0482, 0x048A...0x04FF: return true              // Cyrillic (no marks)
    case 0x0E01...0x0E37, 0x0E3F...0x0E47, 0x0E4C...0x0E5B: return true // Thai (no ccc>0 marks)
    case 0x3000...0x3029, 0x3030...0x303F: return true              // CJK symbols (no tone marks)
    case 0x3041...0x3096, 0x309B...0x30FF: return true              // kana (no combining voicing)
    case 0x3400...0x4DBF, 0x4E00...0x9FFF: return true              // Han
    case 0xAC00...0xD7A3: return true                               // Hangul syllables
    case 0xFF01...0xFFEF: return true                               // full- and halfwidth forms
    default: return false
    }
}

/// Whether UTF-8 bytes are surely in NFC: every scalar ASCII or `isNFCStable`.
@inline(__always)
func isSurelyNFC(_ p: UnsafeBufferPointer<UInt8>) -> Bool {
    var i = 0
    let n = p.count
    while i < n {
        let b0 = UInt32(p[i])
        if b0 < 0x80 { i += 1; continue }
        var v: UInt32
        if b0 >= 0xF0 { return false }     // beyond the BMP: none of the stable ranges
        if b0 >= 0xE0 {
            guard i + 2 < n else { return false }
            v = (b0 & 0x0F) << 12 | (UInt32(p[i + 1]) & 0x3F) << 6 | (UInt32(p[i + 2]) & 0x3F)
            i += 3
        } else {
            guard i + 1 < n else { return false }
            v = (b0 & 0x1F) << 6 | (UInt32(p[i + 1]) & 0x3F)
            i += 2
        }
        if !isNFCStable(v) { return false }
    }
    return true
}

/// Whether a string is surely in NFC (`isSurelyNFC` of its bytes).
func isSurelyNFC(_ s: String) -> Bool {
    var t = s
    return t.withUTF8 { isSurelyNFC($0) }
}

/// Whether a string is in NFC (at build time only: Foundation normalizes it).
func isNFC(_ s: String) -> Bool { s.precomposedStringWithCanonicalMapping.utf8.elementsEqual(s.utf8) }

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
/// dictionary: results are always the dictionary's. That lookup (hashing and comparing through
/// NFC) costs as much as a thousand byte comparisons; it is skipped when it cannot find
/// anything: every key is in NFC (checked once, here) and so is the query, surely
/// (`isSurelyNFC`), so that canonically equal means byte for byte equal.
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
    /// Every key is in NFC: a query surely in NFC that no key equals byte for byte is no key.
    private let keysAreNFC: Bool

    /// Entries are the keys in the given order.
    init(_ keys: [String]) {
        var d: [String: Int32] = [:]
        var nfc = true
        bits = tableBits(keys.count)
        var slots = [Int32](repeating: 0, count: 1 << bits)
        var hashes: [UInt64] = [], starts: [Int32] = [0], bytes: [UInt8] = []
        hashes.reserveCapacity(keys.count)
        for (e, k) in keys.enumerated() {
            d[k] = Int32(e)
            var key = k
            let h = key.withUTF8 { p -> UInt64 in
                if nfc && !allASCII(p) && !isSurelyNFC(p) && !isNFC(k) { nfc = false }
                return fnv1a(p)
            }
            bytes.append(contentsOf: key.utf8)
            starts.append(Int32(bytes.count))
            hashes.append(h)
            var s = slot(h, bits)
            while slots[s] != 0 { s = (s + 1) & ((1 << bits) - 1) }
            slots[s] = Int32(e + 1)
        }
        dictionary = d
        keysAreNFC = nfc
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
        return allASCII(p) || (keysAreNFC && isSurelyNFC(p)) ? -1 : -2
    }

    /// The entry whose key is these UTF-8 bytes (a piece of a word, without making a string).
    func find(bytes p: UnsafeBufferPointer<UInt8>) -> Int? {
        var e = probe(p)
        if e == -2 { e = dictionary[String(decoding: p, as: UTF8.self)].map { Int($0) } ?? -1 }
        return e >= 0 ? e : nil
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
                if allASCII(pa) && allASCII(pb) { return -1 }
                // (A join of two NFC-stable runs is one: no stable scalar joins its neighbour.)
                return keysAreNFC && isSurelyNFC(pa) && isSurelyNFC(pb) ? -1 : -2
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

    /// The value of the key spelled by these UTF-8 bytes.
    subscript(bytes p: UnsafeBufferPointer<UInt8>) -> Value? {
        guard let e = keys.find(bytes: p) else { return nil }
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

    func contains(_ key: UInt64) -> Bool { find(key) != nil }

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
