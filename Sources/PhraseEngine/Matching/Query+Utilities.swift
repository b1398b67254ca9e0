// Small helpers of the search: array fills, sort keys, scalars.

extension Query {
    /// Sets an array to `count` copies of `value`, keeping its storage.
    static func fill<T: BitwiseCopyable>(_ a: inout [T], _ value: T, count: Int) {
        if a.count > count {
            a.removeLast(a.count - count)
        } else if a.count < count {
            a.append(contentsOf: repeatElement(value, count: count - a.count))
        }
        a.withUnsafeMutableBufferPointer { p in
            for i in 0..<p.count { p[i] = value }
        }
    }

    /// Makes the first `count` entries of a key cache nil, growing it as needed. Entries past
    /// `count` (left from a longer utterance) are never read. (Cheaper than emptying the array
    /// and filling it again: `removeAll(keepingCapacity:)` of optional strings is a generic
    /// range replacement.)
    static func resetKeys(_ keys: inout [String?], count: Int) {
        let k = min(keys.count, count)
        keys.withUnsafeMutableBufferPointer { p in
            for i in 0..<k where p[i] != nil { p[i] = nil }
        }
        if keys.count < count { keys.append(contentsOf: repeatElement(nil, count: count - keys.count)) }
    }

    /// A sort key of an item (template or value index) and its bound (≥ 0): the bound's bits
    /// inverted, then the item, so that integer order is bound descending, item ascending.
    @inline(__always)
    static func sortKey(bound: Float, _ item: Int32) -> UInt64 {
        UInt64(~bound.bitPattern) << 32 | UInt64(UInt32(bitPattern: item))
    }
    @inline(__always)
    static func sortKeyBound(_ key: UInt64) -> Float { Float(bitPattern: ~UInt32(truncatingIfNeeded: key >> 32)) }
    @inline(__always)
    static func sortKeyItem(_ key: UInt64) -> Int32 { Int32(truncatingIfNeeded: key & 0xFFFF_FFFF) }

    /// The scalar values of a string, into `out` (replacing its contents).
    static func scalars(_ s: String, into out: inout [UInt32]) {
        out.clear()
        var t = s
        let ascii = t.withUTF8 { p -> Bool in
            for x in p where x >= 0x80 { return false }
            for x in p { out.append(UInt32(x)) }
            return true
        }
        if !ascii {
            out.clear()
            for u in s.unicodeScalars { out.append(u.value) }
        }
    }

    /// The length of a sound key in characters: its byte count when it is ASCII, as keys are.
    @inline(__always)
    static func keyLength(_ key: String) -> Int {
        var k = key
        let ascii = k.withUTF8 { p in p.allSatisfy { $0 < 0x80 } }
        return ascii ? key.utf8.count : key.count
    }

    /// The texts of units a...b joined.
    func joinedText(_ a: Int, _ b: Int) -> String {
        var t = units[a].text
        for k in (a + 1)..<(b + 1) { t += units[k].text }
        return t
    }
}

extension Query {
    /// The `k`-th largest of `values` (as `values.sorted(by: >)[k - 1]`), without sorting.
    static func kthLargest(_ values: [Float], _ k: Int) -> Float {
        withUnsafeTemporaryAllocation(of: Float.self, capacity: k) { top -> Float in
            var filled = 0
            for v in values {
                // Insert v into the descending list `top` of the k largest so far.
                var p = filled
                if p == k {
                    if !(v > top[k - 1]) { continue }
                    p = k - 1
                } else {
                    filled += 1
                }
                while p > 0, top[p - 1] < v { top[p] = top[p - 1]; p -= 1 }
                top[p] = v
            }
            return top[k - 1]
        }
    }
}

extension Array {
    /// Empties the array and keeps its storage, like `removeAll(keepingCapacity: true)`, but
    /// a few elements are dropped one by one instead of through the general replace path (the
    /// matcher empties many small arrays per query).
    @inline(__always)
    mutating func clear() {
        if count > 8 { removeAll(keepingCapacity: true); return }
        while !isEmpty { removeLast() }
    }
}
