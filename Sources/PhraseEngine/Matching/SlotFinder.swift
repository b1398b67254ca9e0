// The slot step: where the values of parameters and the apps' names are said (`SlotReading`),
// found by `SlotFinder` from the prepared utterance; and `ReadsUtterance`, what every step after
// preparation reads.

/// What the slot step found (`SlotFinder.find`): complete when the search (`Query`) starts,
/// never changed after.
struct SlotReading {
    /// Spans of slot values found in the utterance, per slot set.
    var spans = SpanTable()
    /// `unknownWordFactor` to the power of the unknown words no slot span covers.
    var unknownFactor: Float = 1
    /// `foreignAppClauses()`: clauses of words the catalogs never say where an app clause stands.
    var otherAppClauses = 0
    /// Where an app clause of words some app may never say can stand (`appClauseRuns`): units
    /// 0..<lead before a connector, units n - trail..<n after one (0: none).
    /// (`clauseLeadFrom..<clauseLead` when the utterance starts with the connector).
    var clauseLead = 0, clauseTrail = 0, clauseLeadFrom = 0
    /// The number of parameter slot sets (not app names) with a value said clearly
    /// (`clearValueSimilarity`, see `clearValues`).
    var clearValueSets = 0
}

/// What the steps after preparation read: the prepared utterance (`u`), the slot reading
/// (`slots`: being found by `SlotFinder`, found for `Query`) and the options. The functions
/// both steps ask (the spans' units, the app clauses, the slot alignment) are written once, in
/// extensions of this protocol; its two types are `SlotFinder` and `Query`.
protocol ReadsUtterance {
    associatedtype Units: UnitBits
    var u: PreparedUtterance<Units> { get }
    var slots: SlotReading { get }
    var opts: MatchOptions { get }
}

extension ReadsUtterance {
    @inline(__always) var index: LocaleIndex { u.index }
    @inline(__always) var text: String { u.text }
    /// Pooled dense buffers of the index (reset after the query).
    @inline(__always) var ws: Workspace { u.ws }
    /// Reused dynamic-programming buffers (pooled with the workspace, grown as needed).
    @inline(__always) var scratch: Scratch { u.ws.scratch }

    // The prepared utterance, read in place.
    @inline(__always) var units: [Raw] { u.units }
    @inline(__always) var n: Int { u.n }
    @inline(__always) var mStart: [Int] { u.mStart }
    @inline(__always) var mCount: [Int] { u.mCount }
    @inline(__always) var mVocab: [Int32] { u.mVocab }
    @inline(__always) var mSim: [Float] { u.mSim }
    @inline(__always) var mKind: [AlignmentStep.Kind] { u.mKind }
    @inline(__always) var merge: [Int32] { u.merge }
    @inline(__always) var splitStart: [Int] { u.splitStart }
    @inline(__always) var splitPairs: [(Int32, Int32)] { u.splitPairs }
    @inline(__always) var wordClass: [WordClass] { u.wordClass }
    @inline(__always) var insCost: [Float] { u.insCost }
    @inline(__always) var bestIds: [Int32] { u.bestIds }
    @inline(__always) var joinedUnits: Units { u.joinedUnits }
    @inline(__always) var connectorUnits: Units { u.connectorUnits }
    @inline(__always) var charWordUnits: Units { u.charWordUnits }
    @inline(__always) var guessedUnits: Units { u.guessedUnits }
    @inline(__always) var substitutionUnits: Units { u.substitutionUnits }
    @inline(__always) var negativeUnits: Units { u.negativeUnits }
    @inline(__always) var innerUnits: Units { u.innerUnits }
    /// The empty set of this utterance's units.
    @inline(__always) var noUnits: Units { u.noUnits }
    /// Units [a, b) of the utterance.
    @inline(__always) func unitRange(_ a: Int, _ b: Int) -> Units { u.unitRange(a, b) }
    @inline(__always) func wordStart(_ i: Int) -> Int { u.wordStart(i) }
    @inline(__always) func wordEnd(_ i: Int) -> Int { u.wordEnd(i) }
    @inline(__always) func scalarInfo(_ i: Int) -> (count: Int, split: Bool) { u.scalarInfo(i) }
    @inline(__always) func hasSplits(_ i: Int) -> Bool { u.hasSplits(i) }
    @inline(__always) func splits(_ i: Int, _ a: Int32, _ b: Int32) -> Bool { u.splits(i, a, b) }
    @inline(__always) func sim(_ i: Int, _ v: Int32) -> (Float, AlignmentStep.Kind) { u.sim(i, v) }

    // The slot reading, read in place.
    @inline(__always) var spans: SpanTable { slots.spans }
    @inline(__always) var unknownFactor: Float { slots.unknownFactor }
    @inline(__always) var otherAppClauses: Int { slots.otherAppClauses }
    @inline(__always) var clauseLead: Int { slots.clauseLead }
    @inline(__always) var clauseTrail: Int { slots.clauseTrail }
    @inline(__always) var clauseLeadFrom: Int { slots.clauseLeadFrom }
    @inline(__always) var clearValueSets: Int { slots.clearValueSets }

    /// The units that relate to vocabulary word `id` (`markHits`).
    @inline(__always)
    func hits(_ id: Int) -> Units { Units.hits(ws, id) }

    static var appReadings: Int { 3 }
}

/// The slot step: finds where values and app names are said (`findSlots`) and what follows
/// from them (`SlotReading`), and makes the one revision of the utterance it implies (an app
/// opened first: `PreparedUtterance.hearAsFiller`). Its mutating functions are here; what it
/// shares with the search is in extensions of `ReadsUtterance`.
struct SlotFinder<Units: UnitBits>: ReadsUtterance {
    var u: PreparedUtterance<Units>
    var slots = SlotReading()
    @inline(__always) var opts: MatchOptions { u.opts }

    /// The slots of `u` (revised by the step where an app is opened first). The spans' lists
    /// are the workspace's (`Workspace.Pool.spans`): `Query.giveBack` returns them.
    static func find(_ u: inout PreparedUtterance<Units>) -> SlotReading {
        let spans = u.ws.takeSpans()
        // (The utterance moved in and back: the finder's revision copies none of its arrays.)
        var f = SlotFinder(u: consume u)
        f.slots.spans = spans
        f.findSlots()
        u = f.u
        return f.slots
    }

    private init(u: PreparedUtterance<Units>) {
        self.u = u
    }
}

extension Workspace {
    /// The span table lent to a query, emptied (its lists' storage kept: no allocation once
    /// warm). `returnSpans` gives it back.
    func takeSpans() -> SpanTable {
        pool.pointee.spans.removeAll()
        var s = SpanTable()
        swap(&s, &pool.pointee.spans)
        return s
    }

    /// Gives back the span table `takeSpans` lent.
    func returnSpans(_ s: SpanTable) {
        pool.pointee.spans = s
    }
}
