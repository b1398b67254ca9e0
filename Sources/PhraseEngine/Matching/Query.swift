/// One utterance being matched against one locale index. Holds the per-utterance scratch data.
/// Generic over the set of units (`UnitBits`): `UInt64` under 64 units, `WideUnits` beyond.
struct Query<Units: UnitBits> {
    let index: LocaleIndex
    let text: String
    /// The options, behind a reference: stored inline (592 bytes), they were copied to the stack
    /// at nearly every call of a `Query` method from a mutating one (about 1,100 instructions an
    /// utterance, en habits).
    private var options: QueryOptions
    /// The options of this query. (Setting them, which only exact mode does, makes a new box.)
    var opts: MatchOptions {
        @inline(__always) get { options.value }
        set { options = QueryOptions(newValue) }
    }
    /// The utterance, prepared (`PreparedUtterance`): units, word classes and costs, word
    /// matches, joins and splits, unit sets. Revised once, by `openAppClause`.
    var u: PreparedUtterance<Units>
    /// Pooled dense buffers of the index (reset after the query).
    let ws: Workspace
    /// Spans of slot values found in the utterance, per slot set.
    var spans = SpanTable()
    /// `unknownWordFactor` to the power of the unknown words no slot span covers (set after the slots are found).
    var unknownFactor: Float = 1
    /// `foreignAppClauses()` (set after the slots are found).
    var otherAppClauses = 0
    /// Where an app clause of words some app may never say can stand (`appClauseRuns`): units
    /// 0..<lead before a connector, units n - trail..<n after one (0: none).
    /// (`clauseLeadFrom..<clauseLead` when the utterance starts with the connector).
    var clauseLead = 0, clauseTrail = 0, clauseLeadFrom = 0
    /// The number of parameter slot sets (not app names) with a value said clearly
    /// (`clearValueSimilarity`; set after the slots are found, see `clearValues`).
    var clearValueSets = 0

    /// Reused dynamic-programming buffers (pooled with the workspace, grown as needed).
    var scratch: Scratch { ws.scratch }

    /// A query of `units` (`Query.units(of:)`), which must be at most `Units.capacity`: the
    /// utterance is prepared (`PreparedUtterance`), the workspace's span lists borrowed.
    init(index: LocaleIndex, text: String, units: [Raw], options: QueryOptions, workspace: Workspace) {
        self.ws = workspace
        self.index = index
        self.text = text
        self.options = options
        workspace.pool.pointee.spans.removeAll()
        u = PreparedUtterance(index: index, text: text, units: units, options: options, workspace: workspace)
        swap(&spans, &ws.pool.pointee.spans)
    }

    /// Gives the workspace back what the query borrowed (after it).
    mutating func giveBack() {
        u.giveBack()
        swap(&spans, &ws.pool.pointee.spans)
    }

    // MARK: - The prepared utterance, read in place

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
    @inline(__always) var noUnits: Units { u.noUnits }
    @inline(__always) func unitRange(_ a: Int, _ b: Int) -> Units { u.unitRange(a, b) }
    @inline(__always) func wordStart(_ i: Int) -> Int { u.wordStart(i) }
    @inline(__always) func wordEnd(_ i: Int) -> Int { u.wordEnd(i) }
    @inline(__always) func scalarInfo(_ i: Int) -> (count: Int, split: Bool) { u.scalarInfo(i) }
    @inline(__always) func hasSplits(_ i: Int) -> Bool { u.hasSplits(i) }
    @inline(__always) func splits(_ i: Int, _ a: Int32, _ b: Int32) -> Bool { u.splits(i, a, b) }
    @inline(__always) func sim(_ i: Int, _ v: Int32) -> (Float, AlignmentStep.Kind) { u.sim(i, v) }

    /// The longest run of unknown words read as one value the app does not have.
    static var unknownValueMaxWords: Int { 4 }

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
