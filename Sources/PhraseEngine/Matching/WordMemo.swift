// What a workspace remembers across queries: the matches of words seen before, sound keys of windows.

/// Byte strings with a tag → entry numbers, for what a workspace remembers across queries
/// (`UnitMemo`, `WindowKeyMemo`): FNV-1a over the bytes and the tag, open addressing in
/// `2 * limit` slots (`limit` a power of two), compared byte for byte. Past `limit` entries the
/// owner empties it.
struct ByteKeys {
    /// Longer keys are not remembered: what a memory holds stays bounded (`limit` keys of at
    /// most this many bytes), whatever words a hostile input brings.
    static let maxKeyBytes = 256
    let limit: Int
    private var slots: [Int32]
    private var hashes: [UInt64] = []
    private var tags: [UInt32] = []
    private var starts: [Int32] = [0]
    private var bytes: [UInt8] = []

    /// (The slots are made on the first insertion: a workspace that never remembers anything
    /// costs nothing.)
    init(limit: Int) {
        self.limit = limit
        slots = []
    }

    var isFull: Bool { hashes.count >= limit }

    @inline(__always)
    static func hash(_ p: UnsafeBufferPointer<UInt8>, _ tag: UInt32) -> UInt64 { fnv1a(p, fnvOffsetBasis ^ UInt64(tag)) }

    @inline(__always)
    private func slot(_ h: UInt64) -> Int { Int(truncatingIfNeeded: (h &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - (2 * limit).trailingZeroBitCount)) }

    /// The entry of these bytes and tag (`h`: their `hash`), if any.
    func find(_ p: UnsafeBufferPointer<UInt8>, _ tag: UInt32, _ h: UInt64) -> Int? {
        if slots.isEmpty { return nil }
        var s = slot(h)
        while true {
            let e = Int(slots[s]) - 1
            if e < 0 { return nil }
            let o = Int(starts[e])
            if hashes[e] == h && tags[e] == tag && Int(starts[e + 1]) - o == p.count {
                let same = bytes.withUnsafeBufferPointer { b -> Bool in
                    for k in 0..<p.count where b[o + k] != p[k] { return false }
                    return true
                }
                if same { return e }
            }
            s = (s + 1) & (2 * limit - 1)
        }
    }

    /// Adds bytes and a tag not in the table; returns their entry (`count - 1`).
    mutating func insert(_ p: UnsafeBufferPointer<UInt8>, _ tag: UInt32, _ h: UInt64) -> Int {
        if slots.isEmpty { slots = [Int32](repeating: 0, count: 2 * limit) }
        var s = slot(h)
        while slots[s] != 0 { s = (s + 1) & (2 * limit - 1) }
        hashes.append(h)
        tags.append(tag)
        bytes.append(contentsOf: p)
        starts.append(Int32(bytes.count))
        slots[s] = Int32(hashes.count)
        return hashes.count - 1
    }

    mutating func removeAll() {
        for i in slots.indices { slots[i] = 0 }
        hashes.removeAll(keepingCapacity: true)
        tags.removeAll(keepingCapacity: true)
        starts.removeAll(keepingCapacity: true)
        starts.append(0)
        bytes.removeAll(keepingCapacity: true)
    }
}

/// The matches `PreparedUtterance.matchUnit` found for a word (and its sound key), remembered across the
/// queries of one workspace: the same words come back in utterance after utterance, and looking
/// a word up again costs a fraction of matching it (the fuzzy and sound-alike lookups). A
/// word's matches depend on its text, its flags, whether it was read as a homophone and the
/// matching mode, which make the key (its bytes, and the rest as the tag: a word's matches are
/// a function of its bytes); the index is the workspace's own. At most `limit` words are kept;
/// past that the memory is emptied and fills again (results never depend on it).
struct UnitMemo {
    struct Entry {
        /// Its matches: `vocab`, `sim`, `kind` at `start ..< start + count`.
        var start: Int32
        var count: Int32
        var key: String?
    }
    static let limit = 4096
    private(set) var keys = ByteKeys(limit: UnitMemo.limit)
    private(set) var entries: [Entry] = []
    private(set) var vocab: [Int32] = []
    private(set) var sim: [Float] = []
    private(set) var kind: [WordRelation] = []

    /// Remembers a word's matches (`vocab`/`sim`/`kind` as found) and sound key.
    mutating func insert(_ p: UnsafeBufferPointer<UInt8>, _ tag: UInt32, _ h: UInt64,
                         _ v: ArraySlice<Int32>, _ si: ArraySlice<Float>, _ k: ArraySlice<WordRelation>, key: String?) {
        if keys.isFull {
            keys.removeAll()
            entries.removeAll(keepingCapacity: true)
            vocab.removeAll(keepingCapacity: true)
            sim.removeAll(keepingCapacity: true)
            kind.removeAll(keepingCapacity: true)
        }
        _ = keys.insert(p, tag, h)
        entries.append(Entry(start: Int32(vocab.count), count: Int32(v.count), key: key))
        vocab.append(contentsOf: v)
        sim.append(contentsOf: si)
        kind.append(contentsOf: k)
    }
}

/// The sound keys of windows of words joined (`Query.windowKey`), remembered across the queries
/// of one workspace as `UnitMemo` remembers words: the key is the words' bytes, each followed by
/// a unit separator (0x1F).
struct WindowKeyMemo {
    static let limit = 4096
    private(set) var keys = ByteKeys(limit: WindowKeyMemo.limit)
    private(set) var values: [String] = []
    /// The window's bytes, built for each lookup.
    var scratch: [UInt8] = []

    mutating func insert(_ p: UnsafeBufferPointer<UInt8>, _ h: UInt64, _ value: String) {
        if keys.isFull {
            keys.removeAll()
            values.removeAll(keepingCapacity: true)
        }
        _ = keys.insert(p, 0, h)
        values.append(value)
    }
}
