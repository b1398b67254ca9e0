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
    var units: [Raw] = []
    var n = 0
    // Unit matches, flat: unit i's matches are mVocab[mStart[i] ..< mStart[i] + mCount[i]].
    var mStart: [Int] = []
    var mCount: [Int] = []
    var mVocab: [Int32] = []
    var mSim: [Float] = []
    var mKind: [AlignmentStep.Kind] = []
    /// vocab id of units i and i+1 joined, or -1.
    var merge: [Int32] = []
    /// Vocab pairs whose join is unit i: splitPairs[splitStart[i] ..< splitStart[i + 1]].
    var splitStart: [Int] = []
    var splitPairs: [(Int32, Int32)] = []
    /// Each unit's class (`WordClass`): what the matcher asks of a unit's kind (`setClass`).
    /// Its cost inside a value's span is the model's for the class, kept for the span
    /// alignment in `scratch.slotIns`.
    var wordClass: [WordClass] = []
    /// Each unit's insertion cost: its class's (`ScoreModel.insertion(for:)`), spread over the
    /// characters of a Han or kana word (`prepare`). Derived from the class, never read back:
    /// kept as an array for the alignment's inner loops and the per-template costs
    /// (`otherValueInsertions`).
    var insCost: [Float] = []
    /// Matched vocab ids in the order first seen; their best similarity is `ws.best[id]`.
    var bestIds: [Int32] = []
    /// Pooled dense buffers of the index (reset after the query).
    let ws: Workspace
    /// Spans of slot values found in the utterance, per slot set.
    var spans = SpanTable()
    /// Units merged with a neighbour or split into two phrase words (set with the hits, see
    /// `markHits`).
    var joinedUnits: Units
    /// Units that are connectors (set with `joinedUnits`).
    var connectorUnits: Units
    /// `unknownWordFactor` to the power of the unknown words no slot span covers (set after the slots are found).
    var unknownFactor: Float = 1
    /// Units of Han or kana words the catalogs never say whose characters they know: unheard
    /// for substitutions and values, but without the unknown-word cost and factor.
    var charWordUnits: Units
    /// Units of content words the catalogs do not have, related to theirs only by a guess (a
    /// sound-alike or an edit): a reading that leaves such a word out counts it as unheard for
    /// substitutions (`guessedWords`).
    var guessedUnits: Units
    /// Units that count as unheard for substitutions: the words the catalog has never heard
    /// (not the Han or kana words of `charWordUnits`) and the guessed words.
    var substitutionUnits: Units
    /// Units that are words only negative phrases say.
    var negativeUnits: Units
    /// Unit i is in it when units i and i + 1 are characters of one Han or kana word (see
    /// `cutWordPenalty`).
    var innerUnits: Units
    /// `foreignAppClauses()` (set after the slots are found).
    var otherAppClauses = 0
    /// Where an app clause of words some app may never say can stand (`appClauseRuns`): units
    /// 0..<lead before a connector, units n - trail..<n after one (0: none).
    /// (`clauseLeadFrom..<clauseLead` when the utterance starts with the connector).
    var clauseLead = 0, clauseTrail = 0, clauseLeadFrom = 0
    /// The number of parameter slot sets (not app names) with a value said clearly
    /// (`clearValueSimilarity`; set after the slots are found, see `clearValues`).
    var clearValueSets = 0

    /// The empty set of this utterance's units.
    @inline(__always) var noUnits: Units { Units(units: n) }

    /// Reused dynamic-programming buffers (pooled with the workspace, grown as needed).
    var scratch: Scratch { ws.scratch }

    /// A query of `units` (`Query.units(of:)`), which must be at most `Units.capacity`.
    init(index: LocaleIndex, text: String, units: [Raw], options: QueryOptions, workspace: Workspace) {
        self.ws = workspace
        self.index = index
        self.text = text
        self.options = options
        self.units = units
        n = units.count
        let empty = Units(units: units.count)
        joinedUnits = empty
        connectorUnits = empty
        charWordUnits = empty
        guessedUnits = empty
        substitutionUnits = empty
        negativeUnits = empty
        innerUnits = empty
    }

    /// Swaps the per-unit arrays with the workspace's storage: before a query this lends the
    /// storage (no allocation once warm), after it gives it back.
    mutating func exchangeArrays() {
        swap(&mStart, &ws.pool.pointee.arrays.mStart)
        swap(&mCount, &ws.pool.pointee.arrays.mCount)
        swap(&merge, &ws.pool.pointee.arrays.merge)
        swap(&splitStart, &ws.pool.pointee.arrays.splitStart)
        swap(&wordClass, &ws.pool.pointee.arrays.wordClass)
        swap(&insCost, &ws.pool.pointee.arrays.insCost)
        swap(&mVocab, &ws.pool.pointee.arrays.mVocab)
        swap(&mSim, &ws.pool.pointee.arrays.mSim)
        swap(&mKind, &ws.pool.pointee.arrays.mKind)
        swap(&splitPairs, &ws.pool.pointee.arrays.splitPairs)
        swap(&bestIds, &ws.pool.pointee.arrays.bestIds)
        swap(&spans, &ws.pool.pointee.spans)
    }

    // MARK: - Costs

    /// Makes unit u a word of class `c`, with its class's costs (`ScoreModel.insertion(for:)`,
    /// `slotInsertion(for:)` in `scratch.slotIns`; a share spread over a Han or kana word is not
    /// kept). (`prepare` reserves `scratch.slotIns`.)
    @inline(__always)
    mutating func setClass(_ u: Int, _ c: WordClass) {
        wordClass[u] = c
        insCost[u] = opts.model.insertion(for: c)
        scratch.slotIns[u] = opts.model.slotInsertion(for: c)
    }

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
