/// One utterance being matched against one locale index. Holds the per-utterance scratch data.
struct Query {
    let index: LocaleIndex
    let text: String
    var opts: MatchOptions
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
    var insCost: [Float] = []
    /// `slotInsertionCost` of each unit.
    var slotIns: [Float] = []
    /// Matched vocab ids in the order first seen; their best similarity is `ws.best[id]`.
    var bestIds: [Int32] = []
    /// Pooled dense buffers of the index (reset after the query).
    let ws: Workspace
    /// Spans of slot values found in the utterance, per slot set.
    var spans = SpanTable()
    /// Units (as bits, utterances under 64 units) merged with a neighbour or split into two
    /// phrase words (set with the hits, see `markHits`).
    var joinedUnits: UInt64 = 0
    /// Units (as bits, utterances under 64 units) that are connectors (set with `joinedUnits`).
    var connectorUnits: UInt64 = 0
    /// `unknownWordFactor` to the power of the unknown words no slot span covers (set after the slots are found).
    var unknownFactor: Float = 1
    /// Units (as bits) of Han or kana words the catalogs never say whose characters they know:
    /// unheard for substitutions and values, but without the unknown-word cost and factor.
    var charWordUnits: UInt64 = 0
    /// Units (as bits, units under 64) of catalog words put in place of the words the utterance
    /// wrote another way that sounds the same (`readHomophones`): they match as sound-alikes.
    var readUnits: UInt64 = 0
    /// For the tests (`Matcher.templateBounds`): each evaluated template's bound and best score.
    var boundLog: [(template: Int, bound: Float, score: Float)]? = nil
    /// Units (as bits, utterances under 64 units) of content words the catalogs do not have,
    /// related to theirs only by a guess (a sound-alike or an edit): a reading that leaves such a
    /// word out counts it as unheard for substitutions (`guessedWords`).
    var guessedUnits: UInt64 = 0
    /// Units (as bits, utterances under 64 units) that count as unheard for substitutions: the
    /// words the catalog has never heard (not the Han or kana words of `charWordUnits`) and the
    /// guessed words.
    var substitutionUnits: UInt64 = 0
    /// Units that are words only negative phrases say (as bits, units under 64).
    var negativeUnits: UInt64 = 0
    /// Bit i set when units i and i + 1 are characters of one Han or kana word (utterances under
    /// 64 units; see `cutWordPenalty`).
    var innerUnits: UInt64 = 0
    /// `foreignAppClauses()` (set after the slots are found).
    var otherAppClauses = 0
    /// Where an app clause of words some app may never say can stand (`appClauseRuns`): units
    /// 0..<lead before a connector, units n - trail..<n after one (0: none).
    /// (`clauseLeadFrom..<clauseLead` when the utterance starts with the connector).
    var clauseLead = 0, clauseTrail = 0, clauseLeadFrom = 0
    /// The number of parameter slot sets (not app names) with a value said clearly
    /// (`clearValueSimilarity`; set after the slots are found, see `clearValues`).
    var clearValueSets = 0

    struct SlotSpan {
        var start: Int
        var end: Int
        var variant: Int32
        var sim: Float
    }

    /// Reused dynamic-programming buffers (pooled with the workspace, grown as needed).
    var scratch: Scratch { ws.scratch }

    init(index: LocaleIndex, text: String, options: MatchOptions, workspace: Workspace) {
        self.ws = workspace
        self.index = index
        self.text = text
        self.opts = options
    }

    /// Swaps the per-unit arrays with the workspace's storage: before a query this lends the
    /// storage (no allocation once warm), after it gives it back.
    mutating func exchangeArrays() {
        swap(&mStart, &ws.pool.pointee.arrays.mStart)
        swap(&mCount, &ws.pool.pointee.arrays.mCount)
        swap(&merge, &ws.pool.pointee.arrays.merge)
        swap(&splitStart, &ws.pool.pointee.arrays.splitStart)
        swap(&insCost, &ws.pool.pointee.arrays.insCost)
        swap(&slotIns, &ws.pool.pointee.arrays.slotIns)
        swap(&mVocab, &ws.pool.pointee.arrays.mVocab)
        swap(&mSim, &ws.pool.pointee.arrays.mSim)
        swap(&mKind, &ws.pool.pointee.arrays.mKind)
        swap(&splitPairs, &ws.pool.pointee.arrays.splitPairs)
        swap(&bestIds, &ws.pool.pointee.arrays.bestIds)
        swap(&spans, &ws.pool.pointee.spans)
    }

    // MARK: - Costs

    /// What inserting a unit of this class costs (`ScoreModel`'s `insertion.*`).
    func insertionCost(_ f: Token.Flags) -> Float {
        let m = opts.model
        if f.contains(.filler) { return m.fillerInsertion }
        if f.contains(.optional) || f.contains(.particle) || f.contains(.elision) { return m.functionInsertion }
        if f.contains(.connector) { return m.connectorInsertion }
        return m.contentInsertion
    }

    /// What a unit inside a value's span that the value does not have costs.
    func slotInsertionCost(_ f: Token.Flags) -> Float {
        if f.contains(.filler) || f.contains(.optional) || f.contains(.particle) || f.contains(.elision) { return opts.model.functionSlotInsertion }
        return opts.model.contentSlotInsertion
    }

    /// The longest run of unknown words read as one value the app does not have.
    static let unknownValueMaxWords = 4

    static let appReadings = 3
}
