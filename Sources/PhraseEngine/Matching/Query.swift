/// One prepared utterance (`PreparedUtterance`) matched against one locale index. Its
/// initializer runs the slot step (`findSlots`: where values and app names are said, a
/// `SlotReading`, and the one revision of the utterance it implies, an app opened first); once
/// made, nothing in it changes: the search (`search`, or exact mode's `runExact`: candidates by
/// their bounds, readings, alignment, free text, an unknown value, the decision) is a function
/// of the utterance, the slots, the index and the score model. `Query.run` makes one.
/// (Scratch memory is the workspace's: each step's buffers lent once, passed `inout`.)
/// Generic over the set of units (`UnitBits`): `UInt64` under 64 units, `WideUnits` beyond.
struct Query<Units: UnitBits> {
    /// The utterance, prepared (revised once by the slot step: `openAppClause`). Set only
    /// while the query is made (its initializer), as is `slots`.
    var u: PreparedUtterance<Units>
    /// Where values and app names are said, and what follows from them (`findSlots`).
    /// (No default value: the initializer's reading is its first, not one assigned over an
    /// empty one, which cost a copy and a destroy of every table.)
    var slots: SlotReading
    /// The options, behind a reference: stored inline (592 bytes), they were copied to the stack
    /// at nearly every call of a `Query` method from a mutating one (about 1,100 instructions an
    /// utterance, en habits).
    private var options: QueryOptions
    /// Makes `Query` address-only (an existential is), as it is in the generic code its methods
    /// are written as. Loadable once specialized, each method took `self` by value and kept it in
    /// a stack slot the optimizer never promotes (a 296-byte value), reloaded for every call:
    /// LLVM then copied the whole query to the stack before each call of another method
    /// (`evaluate`: some 16 copies an utterance in en, 35 in ja; also `findSlots`,
    /// `unknownValueReading`). Address-only, `self` is passed by address, as it is stored.
    private let addressOnly: Any = ()
    /// The options of this query. (Setting them, which only exact mode does, makes a new box.)
    var opts: MatchOptions {
        @inline(__always) get { options.value }
        set { options = QueryOptions(newValue) }
    }

    /// The query of `u` under `options`: the slot step runs here (the slot reading's tables are
    /// the workspace's: `giveBack` returns them, and the utterance's arrays).
    init(u: consuming PreparedUtterance<Units>, options: QueryOptions) {
        self.u = u
        self.options = options
        slots = self.u.ws.takeSlotReading()
        // The slot step's scratch buffers, lent for the step (`SlotBuffers`).
        let buffers = self.u.ws.slotBuffers
        findSlots(&buffers.pointee)
    }

    /// Gives the workspace back what the query borrowed (after it).
    mutating func giveBack() {
        u.giveBack()
        u.ws.returnSlotReading(&slots)
    }

    /// The longest run of unknown words read as one value the app does not have.
    static var unknownValueMaxWords: Int { 4 }
}

extension Query {
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
    @inline(__always) var mKind: [WordRelation] { u.mKind }
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

/// A query's options, boxed (see `Query.opts`): a matcher keeps its own in one, so that a
/// query with them copies nothing.
final class QueryOptions: Sendable {
    let value: MatchOptions
    init(_ value: MatchOptions) { self.value = value }
}

/// A stretch of the utterance read as a slot's value (or the app's name): units `start..<end`,
/// the value's variant and how well it was heard.
struct SlotSpan {
    var start: Int
    var end: Int
    var variant: Int32
    var sim: Float
}

extension SlotSpan {
    /// Whether the span says its value or name exactly (`StepKind.exactSimilarity`).
    @inline(__always)
    var isExact: Bool { sim >= StepKind.exactSimilarity }
}
