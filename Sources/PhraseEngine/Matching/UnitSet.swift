// Sets of utterance units (positions 0..<n) as bits, of any size.

/// A set of the units of one utterance, as bits. The search is generic over it (`Query<Units>`)
/// and runs with `UInt64` for utterances under 64 units and `WideUnits` for longer ones: the same
/// code, so an utterance of 64 units or more is matched by the same rules as a short one, and
/// the short one pays nothing for it (the search is specialized for each).
protocol UnitBits: Equatable, Sendable {
    /// The longest utterance (in units) this kind of set holds.
    static var capacity: Int { get }
    /// The empty set for an utterance of `n` units.
    init(units n: Int)
    /// Units `a..<b` of an utterance of `n` units (empty when `b <= a`); `0 <= a`, `b <= n`.
    static func range(_ a: Int, _ b: Int, units n: Int) -> Self
    func contains(_ i: Int) -> Bool
    mutating func insert(_ i: Int)
    var isEmpty: Bool { get }
    /// The number of units in the set.
    var count: Int { get }
    mutating func formUnion(_ other: Self)
    mutating func formIntersection(_ other: Self)
    mutating func subtract(_ other: Self)
    func intersects(_ other: Self) -> Bool
    /// Removes the smallest unit and returns it (nil when empty).
    mutating func popFirst() -> Int?
    /// Removes the units below `i`.
    mutating func removeBelow(_ i: Int)
    /// The largest unit (nil when empty).
    var last: Int? { get }

    /// The units that relate to vocabulary word `id` (`Query.markHits`), kept in the workspace.
    static func hits(_ ws: Workspace, _ id: Int) -> Self
    /// Adds `units` to the hits of word `id`.
    static func addHits(_ ws: Workspace, _ id: Int, _ units: Self)
    /// Clears the hits of word `id` (after a query).
    static func clearHits(_ ws: Workspace, _ id: Int)
    /// Where the search's buffers keep the slot sets' coverage (`Query.search`).
    static var coverageField: WritableKeyPath<SearchBuffers, [Self]> { get }
}

extension UnitBits {
    @inline(__always) func union(_ other: Self) -> Self { var r = self; r.formUnion(other); return r }
    @inline(__always) func intersection(_ other: Self) -> Self { var r = self; r.formIntersection(other); return r }
    @inline(__always) func subtracting(_ other: Self) -> Self { var r = self; r.subtract(other); return r }
}

/// Units of an utterance under 64 units: bit i is unit i.
extension UInt64: UnitBits {
    static var capacity: Int { 63 }
    @inline(__always) init(units n: Int) { self = 0 }
    @inline(__always) static func range(_ a: Int, _ b: Int, units n: Int) -> UInt64 {
        guard b > a else { return 0 }
        // (b - a < 64 here: n < 64.)
        return ((1 << UInt64(b - a)) - 1) << UInt64(a)
    }
    @inline(__always) func contains(_ i: Int) -> Bool { (self >> UInt64(i)) & 1 == 1 }
    @inline(__always) mutating func insert(_ i: Int) { self |= 1 << UInt64(i) }
    @inline(__always) var isEmpty: Bool { self == 0 }
    @inline(__always) var count: Int { nonzeroBitCount }
    @inline(__always) mutating func formUnion(_ other: UInt64) { self |= other }
    @inline(__always) mutating func formIntersection(_ other: UInt64) { self &= other }
    @inline(__always) mutating func subtract(_ other: UInt64) { self &= ~other }
    @inline(__always) func intersects(_ other: UInt64) -> Bool { self & other != 0 }
    @inline(__always) mutating func popFirst() -> Int? {
        guard self != 0 else { return nil }
        let i = trailingZeroBitCount
        self &= self - 1
        return i
    }
    @inline(__always) mutating func removeBelow(_ i: Int) { self &= ~((1 << UInt64(i)) - 1) }
    @inline(__always) var last: Int? { self == 0 ? nil : 63 - leadingZeroBitCount }

    @inline(__always) static func hits(_ ws: Workspace, _ id: Int) -> UInt64 { ws.hits[id] }
    @inline(__always) static func addHits(_ ws: Workspace, _ id: Int, _ units: UInt64) { ws.hits[id] |= units }
    @inline(__always) static func clearHits(_ ws: Workspace, _ id: Int) { ws.hits[id] = 0 }
    @inline(__always) static var coverageField: WritableKeyPath<SearchBuffers, [UInt64]> { \.coverage }
}

/// Units of an utterance of any length: 64 to a word.
struct WideUnits: UnitBits {
    private(set) var words: [UInt64]

    static var capacity: Int { Int.max }
    init(units n: Int) { words = Array(repeating: 0, count: max(1, (n + 63) / 64)) }

    static func range(_ a: Int, _ b: Int, units n: Int) -> WideUnits {
        var s = WideUnits(units: n)
        guard b > a else { return s }
        var i = a
        while i < b {
            let w = i >> 6, bit = i & 63
            let len = min(64 - bit, b - i)
            s.words[w] |= (len == 64 ? ~0 : ((1 << UInt64(len)) - 1)) << UInt64(bit)
            i += len
        }
        return s
    }
    func contains(_ i: Int) -> Bool { i >> 6 < words.count && (words[i >> 6] >> UInt64(i & 63)) & 1 == 1 }
    mutating func insert(_ i: Int) {
        if i >> 6 >= words.count { words += Array(repeating: 0, count: (i >> 6) + 1 - words.count) }
        words[i >> 6] |= 1 << UInt64(i & 63)
    }
    var isEmpty: Bool { words.allSatisfy { $0 == 0 } }
    var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }
    mutating func formUnion(_ other: WideUnits) {
        if other.words.count > words.count { words += Array(repeating: 0, count: other.words.count - words.count) }
        for k in 0..<other.words.count { words[k] |= other.words[k] }
    }
    mutating func formIntersection(_ other: WideUnits) {
        for k in 0..<words.count { words[k] &= k < other.words.count ? other.words[k] : 0 }
    }
    mutating func subtract(_ other: WideUnits) {
        for k in 0..<min(words.count, other.words.count) { words[k] &= ~other.words[k] }
    }
    func intersects(_ other: WideUnits) -> Bool {
        for k in 0..<min(words.count, other.words.count) where words[k] & other.words[k] != 0 { return true }
        return false
    }
    mutating func popFirst() -> Int? {
        for k in 0..<words.count where words[k] != 0 {
            let i = words[k].trailingZeroBitCount
            words[k] &= words[k] - 1
            return k << 6 + i
        }
        return nil
    }
    mutating func removeBelow(_ i: Int) {
        for k in 0..<min(words.count, i >> 6) { words[k] = 0 }
        if i >> 6 < words.count { words[i >> 6] &= ~((1 << UInt64(i & 63)) - 1) }
    }
    var last: Int? {
        for k in stride(from: words.count - 1, through: 0, by: -1) where words[k] != 0 { return k << 6 + 63 - words[k].leadingZeroBitCount }
        return nil
    }
    /// Sets equal as sets (whatever their word counts).
    static func == (a: WideUnits, b: WideUnits) -> Bool {
        for k in 0..<max(a.words.count, b.words.count) where (k < a.words.count ? a.words[k] : 0) != (k < b.words.count ? b.words[k] : 0) { return false }
        return true
    }

    static func hits(_ ws: Workspace, _ id: Int) -> WideUnits { ws.pool.pointee.wideHits[id] ?? WideUnits(units: 0) }
    static func addHits(_ ws: Workspace, _ id: Int, _ units: WideUnits) {
        ws.pool.pointee.wideHits[id, default: WideUnits(units: 0)].formUnion(units)
    }
    static func clearHits(_ ws: Workspace, _ id: Int) { ws.pool.pointee.wideHits[id] = nil }
    static var coverageField: WritableKeyPath<SearchBuffers, [WideUnits]> { \.wideCoverage }
}
