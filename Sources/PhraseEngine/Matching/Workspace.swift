// Pooled buffers of a matcher, borrowed by one query at a time (no allocation per query once warm).

import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Flat buffers for the alignments of one query.
final class Scratch {
    struct Cell {
        var cost: Float
        var gain: Float
        var ins: Float
        var dels: Float
        var unks: Float
        /// Parameter slots left without a value.
        var pdels: Float
    }
    private(set) var capacity = 0
    private(set) var cells = UnsafeMutablePointer<Cell>.allocate(capacity: 1)
    private(set) var back = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private(set) var op = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    private(set) var spanOf = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    // For the slot alignments.
    private(set) var cost = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private(set) var gain = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private(set) var ins = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    /// Two unit masks (the app name's, and the app name's plus a moved value).
    private(set) var maskCapacity = 0
    private(set) var maskA = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    private(set) var maskB = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)

    func reserve(_ n: Int) {
        if n <= capacity { return }
        let c = max(n, 256)
        free()
        cells = .allocate(capacity: c)
        cost = .allocate(capacity: c)
        gain = .allocate(capacity: c)
        ins = .allocate(capacity: c)
        back = .allocate(capacity: c)
        op = .allocate(capacity: c)
        spanOf = .allocate(capacity: c)
        capacity = c
    }

    /// Column buffers of `Query.align` (per unit, plus one).
    private(set) var columnCapacity = 0
    private(set) var colUnit = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private(set) var colPass = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private(set) var colUnk = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private(set) var posOf = UnsafeMutablePointer<Int32>.allocate(capacity: 1)

    func reserveColumns(_ n: Int) {
        if n <= columnCapacity { return }
        let c = max(n, 64)
        colUnit.deallocate(); colPass.deallocate(); colUnk.deallocate(); posOf.deallocate()
        colUnit = .allocate(capacity: c)
        colPass = .allocate(capacity: c)
        colUnk = .allocate(capacity: c)
        posOf = .allocate(capacity: c)
        columnCapacity = c
    }

    /// Row buffers of `Query.align` (per template element): each row's element, the next
    /// literal, and its band (`Query.alignBandCells`): the element's index, its first and last
    /// column, where its cells start.
    private(set) var rowCapacity = 0
    private(set) var rowElems = UnsafeMutablePointer<CompiledTemplate.Elem>.allocate(capacity: 1)
    private(set) var rowNext = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private(set) var rowElem = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private(set) var rowLo = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private(set) var rowHi = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private(set) var rowBase = UnsafeMutablePointer<Int>.allocate(capacity: 1)

    func reserveRows(_ n: Int) {
        if n <= rowCapacity { return }
        let c = max(n, 32)
        rowElems.deallocate(); rowNext.deallocate(); rowElem.deallocate(); rowLo.deallocate(); rowHi.deallocate(); rowBase.deallocate()
        rowElems = .allocate(capacity: c)
        rowNext = .allocate(capacity: c)
        rowElem = .allocate(capacity: c)
        rowLo = .allocate(capacity: c)
        rowHi = .allocate(capacity: c)
        rowBase = .allocate(capacity: c)
        rowCapacity = c
    }

    /// For the tests (`WorkspacePool.alignmentWork`): how many tables the template alignments
    /// of this workspace filled, and how many cells, since it was made (an alignment that
    /// answers without a table, `Query.alignBandCells`, counts neither).
    var alignCalls = 0
    var alignCells = 0

    func reserveMasks(_ n: Int) {
        if n <= maskCapacity { return }
        let c = max(n, 64)
        maskA.deallocate(); maskB.deallocate()
        maskA = .allocate(capacity: c)
        maskB = .allocate(capacity: c)
        maskCapacity = c
    }

    /// Each unit's cost inside a value's span: its class's (`ScoreModel.slotInsertion(for:)`,
    /// set with the class by `PreparedUtterance.setClass`), for the span alignment's inner loops.
    private(set) var slotInsCapacity = 0
    private(set) var slotIns = UnsafeMutablePointer<Float>.allocate(capacity: 1)

    func reserveSlotIns(_ n: Int) {
        if n <= slotInsCapacity { return }
        let c = max(n, 64)
        slotIns.deallocate()
        slotIns = .allocate(capacity: c)
        slotInsCapacity = c
    }

    /// Insertion costs with the values of other parameters (`Query.clearValues`).
    private(set) var otherInsCapacity = 0
    private(set) var otherIns = UnsafeMutablePointer<Float>.allocate(capacity: 1)

    func reserveOtherIns(_ n: Int) {
        if n <= otherInsCapacity { return }
        let c = max(n, 256)
        otherIns.deallocate()
        otherIns = .allocate(capacity: c)
        otherInsCapacity = c
    }

    private func free() {
        cells.deallocate(); cost.deallocate(); gain.deallocate(); ins.deallocate()
        back.deallocate(); op.deallocate(); spanOf.deallocate()
    }

    deinit {
        free(); maskA.deallocate(); maskB.deallocate(); otherIns.deallocate(); slotIns.deallocate()
        colUnit.deallocate(); colPass.deallocate(); colUnk.deallocate(); posOf.deallocate()
        rowElems.deallocate(); rowNext.deallocate(); rowElem.deallocate(); rowLo.deallocate(); rowHi.deallocate(); rowBase.deallocate()
    }
}

/// Slot spans per slot set, in set order (a query finds few sets: a short sorted list).
struct SpanTable {
    private(set) var sets: [Int32] = []
    private(set) var lists: [[SlotSpan]] = []

    subscript(_ set: Int32) -> [SlotSpan]? {
        for (k, s) in sets.enumerated() where s == set { return lists[k] }
        return nil
    }

    /// Best similarity of a set's spans (0 when none).
    func best(_ set: Int32) -> Float {
        for (k, s) in sets.enumerated() where s == set { return lists[k].first?.sim ?? 0 }
        return 0
    }

    /// Emptied lists, kept with their storage for the next query's lists (`takeList`).
    private var spare: [[SlotSpan]] = []

    /// Empties the table, keeping the capacity of its own arrays and of its lists.
    mutating func removeAll() {
        while var l = lists.popLast() { giveBack(&l) }
        sets.removeAll(keepingCapacity: true)
    }

    /// An empty list, with the storage of one given back when there is one.
    mutating func takeList() -> [SlotSpan] { spare.popLast() ?? [] }

    /// Keeps a list's storage for `takeList`.
    mutating func giveBack(_ l: inout [SlotSpan]) {
        l.removeAll(keepingCapacity: true)
        if spare.count < 64 { spare.append(l) }
        l = []
    }

    mutating func insert(_ set: Int32, _ list: [SlotSpan]) {
        // Sets usually come in order: append.
        if sets.isEmpty || sets[sets.count - 1] < set {
            sets.append(set)
            lists.append(list)
            return
        }
        var k = 0
        while k < sets.count, sets[k] < set { k += 1 }
        if k < sets.count, sets[k] == set { lists[k] = list; return }
        sets.insert(set, at: k)
        lists.insert(list, at: k)
    }
}

/// Dense per-index buffers reused across queries (a pool per index): the best similarity of
/// each vocabulary word and a mark per template. Entries a query touched are reset on release.
final class Workspace: @unchecked Sendable {
    let best: UnsafeMutableBufferPointer<Float>
    let mark: UnsafeMutableBufferPointer<Bool>
    /// `Query.bestGain` of each candidate template (written before it is read in a query).
    let gain: UnsafeMutableBufferPointer<Float>
    /// Upper bounds of slot values by global variant id (zero between queries).
    let acc: UnsafeMutableBufferPointer<Float>
    /// Units relating to each vocabulary word, as bits, for utterances under 64 units (see
    /// `Query.markHits`; `Pool.wideHits` for longer ones).
    let hits: UnsafeMutableBufferPointer<UInt64>
    let scratch = Scratch()
    /// Storage of a query's per-unit arrays, lent to each query in turn.
    struct Arrays {
        var mStart: [Int] = []
        var mCount: [Int] = []
        var merge: [Int32] = []
        var splitStart: [Int] = []
        var wordClass: [WordClass] = []
        var insCost: [Float] = []
        var mVocab: [Int32] = []
        var mSim: [Float] = []
        var mKind: [WordRelation] = []
        var splitPairs: [(Int32, Int32)] = []
        var bestIds: [Int32] = []

        /// Empties the arrays that grow with what a query finds, keeping their capacity. (The
        /// per-unit arrays are set to each query's length by `PreparedUtterance.prepare`.)
        mutating func removeAll() {
            bestIds.clear()
            mVocab.clear()
            mSim.clear()
            mKind.clear()
            splitPairs.clear()
        }
    }

    /// The buffers lent to each query, behind a pointer (no dynamic exclusivity checks, as a
    /// class's stored properties would need): what a query holds for its life, through
    /// `PreparedUtterance.exchangeArrays` and `takeSlotReading`. (A step's scratch buffers are
    /// `wordBuffers`, `slotBuffers`, `searchBuffers`.)
    struct Pool {
        var arrays = Arrays()
        /// The slot reading's tables (spans, clear values), lent to each query for its life
        /// (`takeSlotReading`).
        var slotTables = SlotReading()
        /// This workspace's stemmer (`Stemmer` is not thread-safe), made on first use.
        var stemmerStore: Stemmer? = nil
        var stemmerMade = false
        mutating func stemmer(_ locale: String) -> Stemmer? {
            if !stemmerMade { stemmerStore = Stemmer(locale: locale); stemmerMade = true }
            return stemmerStore
        }
        /// Each unit's phonetic key when `PreparedUtterance.matchUnit` computed it.
        var unitKeys: [String?] = []
        /// What the alignment reference found (`MatchOptions.referenceAlignment`, for the tests).
        var alignmentCheck = AlignmentCheck()
        /// For the tests (`Matcher.templateBounds`): each evaluated template's bound and best
        /// score, when not nil.
        var boundLog: [(template: Int, bound: Float, score: Float)]? = nil
        /// The hits of an utterance of 64 units or more (`WideUnits.hits`; `hits` holds the
        /// shorter ones').
        var wideHits: [Int: WideUnits] = [:]
        /// What `PreparedUtterance.matchUnit` found for a word, remembered across this workspace's queries.
        var unitMemo = UnitMemo()
        /// The sound keys of windows of words (`Query.windowKey`), remembered likewise.
        var windowKeyMemo = WindowKeyMemo()
    }

    /// Each step's scratch buffers (`WordBuffers`, `SlotBuffers`, `SearchBuffers`), one value a
    /// step, lent once a query by the code that runs the step — passed `inout` to the step's
    /// functions (`&ws.searchBuffers.pointee`), so a function's signature says which buffers it
    /// uses, and the compiler that no other code uses them meanwhile. Behind their own pointers,
    /// as the pool: in place, no copy, no dynamic exclusivity checks.
    let wordBuffers = Workspace.allocated(WordBuffers())
    let slotBuffers = Workspace.allocated(SlotBuffers())
    let searchBuffers = Workspace.allocated(SearchBuffers())

    private static func allocated<T>(_ value: T) -> UnsafeMutablePointer<T> {
        let p = UnsafeMutablePointer<T>.allocate(capacity: 1)
        p.initialize(to: value)
        return p
    }

    /// A bit per slot value touched by a query (all clear between queries).
    let touchedBits: UnsafeMutableBufferPointer<UInt64>
    let pool = Workspace.allocated(Pool())

    init(vocabulary: Int, templates: Int, variants: Int) {
        best = .allocate(capacity: max(1, vocabulary))
        best.initialize(repeating: 0)
        acc = .allocate(capacity: max(1, variants))
        acc.initialize(repeating: 0)
        touchedBits = .allocate(capacity: max(1, (variants + 63) / 64))
        touchedBits.initialize(repeating: 0)
        hits = .allocate(capacity: max(1, vocabulary))
        hits.initialize(repeating: 0)
        mark = .allocate(capacity: max(1, templates))
        mark.initialize(repeating: false)
        gain = .allocate(capacity: max(1, templates))
        gain.initialize(repeating: 0)
    }

    deinit {
        pool.deinitialize(count: 1)
        pool.deallocate()
        wordBuffers.deinitialize(count: 1)
        wordBuffers.deallocate()
        slotBuffers.deinitialize(count: 1)
        slotBuffers.deallocate()
        searchBuffers.deinitialize(count: 1)
        searchBuffers.deallocate()
        best.deallocate()
        mark.deallocate()
        gain.deallocate()
        acc.deallocate()
        touchedBits.deallocate()
        hits.deallocate()
    }
}

/// Values by target key (`Query.targetKey`). A query scores few targets: a linear search, with
/// a hash index once there are more than 32.
struct TargetTable<Value> {
    private(set) var keys: [Int64] = []
    var values: [Value] = []
    private var index: [Int64: Int] = [:]

    var count: Int { keys.count }

    func find(_ k: Int64) -> Int? {
        if keys.count > 32 { return index[k] }
        var i = 0
        while i < keys.count { if keys[i] == k { return i }; i += 1 }
        return nil
    }

    mutating func append(_ k: Int64, _ v: Value) {
        keys.append(k)
        values.append(v)
        if keys.count == 33 {
            for (i, x) in keys.enumerated() { index[x] = i }
        } else if keys.count > 33 {
            index[k] = keys.count - 1
        }
    }

    /// Empties the table, keeping its capacity.
    mutating func removeAll() {
        keys.clear()
        values.clear()
        if !index.isEmpty { index.removeAll(keepingCapacity: true) }
    }
}

/// The workspaces of one locale index not in use (the matcher keeps one pool per index).
final class WorkspacePool: Sendable {
    let index: LocaleIndex

    init(_ index: LocaleIndex) { self.index = index }

    /// Workspaces not in use. A thread takes one from its own slot first (the one it gave back
    /// last, its buffers still in that core's cache; no lock, no line shared with other
    /// threads), then from the shared list.
    private let pool = Mutex<[Workspace]>([])
    private let slots: [WorkspaceSlot] = (0..<WorkspaceSlot.count).map { _ in WorkspaceSlot() }

    func acquire() -> Workspace {
        if let w = slots[WorkspaceSlot.mine()].take() { return w }
        if let w = pool.withLock({ $0.popLast() }) { return w }
        return Workspace(vocabulary: index.vocabText.count, templates: index.templates.count, variants: Int(index.setBase.last ?? 0))
    }

    func release(_ w: Workspace) {
        guard let w = slots[WorkspaceSlot.mine()].put(w) else { return }
        pool.withLock { if $0.count < 64 { $0.append(w) } }
    }
}

/// One workspace kept for the threads that hash to this slot (an atomic word: the workspace's
/// retained address, 0 when empty), padded to a cache line of its own.
final class WorkspaceSlot: Sendable {
    static let count = 16
    private let word = Atomic<UInt>(0)
    private let padding: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)

    /// The calling thread's slot (threads' identities hashed; two threads may share one).
    @inline(__always)
    static func mine() -> Int {
        #if canImport(Glibc)
        let id = UInt64(pthread_self())
        #else
        let id = UInt64(UInt(bitPattern: pthread_self()))
        #endif
        return Int(truncatingIfNeeded: ((id >> 12) &* 0x9E37_79B9_7F4A_7C15) >> 60) & (count - 1)
    }

    /// The workspace kept here, if any (the slot is empty after).
    @inline(__always)
    func take() -> Workspace? {
        let raw = word.exchange(0, ordering: .acquiring)
        guard raw != 0, let p = UnsafeRawPointer(bitPattern: raw) else { return nil }
        return Unmanaged<Workspace>.fromOpaque(p).takeRetainedValue()
    }

    /// Keeps `w` here if the slot is empty (nil), else gives it back.
    @inline(__always)
    func put(_ w: Workspace) -> Workspace? {
        let u = Unmanaged.passRetained(w)
        if word.compareExchange(expected: 0, desired: UInt(bitPattern: u.toOpaque()), ordering: .releasing).exchanged { return nil }
        u.release()
        return w
    }

    deinit { _ = take() }
}

extension WorkspacePool {
    /// For the tests: the alignment work (`Scratch.alignCalls`, `alignCells`) of the workspace
    /// the calling thread takes, which is the one its queries took before (one thread, one pool).
    func alignmentWork() -> (calls: Int, cells: Int) {
        let w = acquire()
        defer { release(w) }
        return (w.scratch.alignCalls, w.scratch.alignCells)
    }
}


/// The search's scratch buffers (`Query.search` and the functions it calls), one value lent to
/// each query by `Query.run` (`Workspace.searchBuffers`, passed `inout`); emptied where they are
/// used, they keep their storage from query to query.
struct SearchBuffers {
    /// The apps heard clearly.
    var heardApps: [Int32] = []
    /// The candidate templates, then as sort keys (`Query.sortKey`: bound descending).
    var candList: [Int32] = []
    var cands: [UInt64] = []
    /// The readings found.
    var scored: [ScoredReading] = []
    var targets = TargetTable<Float>()
    /// The units each slot set's spans cover (`Query.slotCoverage`): `coverage` for utterances
    /// under 64 units, `wideCoverage` beyond (`UnitBits.coverageField`).
    var coverage: [UInt64] = []
    var wideCoverage: [WideUnits] = []
    /// `Query.evaluate`'s.
    var evaluate = EvaluateBuffers()
    /// The best reading per target (`Query.decide`).
    var bestReadings = TargetTable<ScoredReading>()
}

/// `Query.evaluate`'s scratch buffers (part of `SearchBuffers`).
struct EvaluateBuffers {
    var options: [(variant: Int32, option: Int)] = []
    var bestOf: [(option: Int, score: Float)] = []
    var group: [SlotSpan] = []
}

/// The slot step's scratch buffers (`Query.findSlots` and `soundHeardSpans`), one value lent to
/// each query by its initializer (`Workspace.slotBuffers`, passed `inout`).
struct SlotBuffers {
    /// Apps heard, and the words of `Workspace.touchedBits` with a bit set.
    var apps: [Int32] = []
    var touched: [Int32] = []
    /// The best value similarities of a slot set.
    var topSims: [Float] = []
    /// The values found per slot set: sort keys, and each set's range of them.
    var valueKeys: [UInt64] = []
    var valueSets: [(set: Int32, start: Int, end: Int)] = []
    /// The keys of the windows of 1-3 units (`Query.windowKey`).
    var windowKeys: [String?] = []
    /// Each unit's scalar count and whether it is Han or kana.
    var unitInfo: [(count: Int, split: Bool)] = []
    /// A window's sound keys as scalars, with room for any key.
    var soundKeyA: [UInt32] = Array(repeating: 0, count: 32)
    var soundKeyB: [UInt32] = Array(repeating: 0, count: 32)
}

/// The word step's scratch buffers (`PreparedUtterance.matchUnit`), one value lent to each
/// utterance by `prepare` (`Workspace.wordBuffers`, passed `inout`).
struct WordBuffers {
    /// A unit's scalars, and its fuzzy candidates.
    var unitScalars: [UInt32] = []
    var fuzzyCandidates: [Int32] = []
}
