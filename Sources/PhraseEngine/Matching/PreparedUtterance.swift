/// An utterance prepared for matching against one locale index: its units, each unit's word
/// class and costs, the catalog words each unit may be (with their similarity and relation
/// kind), the joins and splits of two words, and the sets of units the later steps ask about.
/// Made whole by its initializer (`prepare`, in `PreparedUtterance+Prepare.swift`); the steps
/// after it (slot spans, app clause, readings, alignment, bounds, the decision) read it.
/// One revision is made later, and only one: an app opened first turns its verb into filler
/// (`hearAsFiller`, from `Query.openAppClause`), once the app's name has been found.
///
/// Its arrays are lent by the workspace (`Workspace.Pool.arrays`): no allocation once warm.
/// `giveBack` returns them after the query.
/// Generic over the set of units (`UnitBits`): `UInt64` under 64 units, `WideUnits` beyond.
struct PreparedUtterance<Units: UnitBits> {
    let index: LocaleIndex
    let text: String
    /// The options it was prepared with (boxed: see `Query.opts`).
    let options: QueryOptions
    @inline(__always) var opts: MatchOptions { options.value }
    /// Pooled dense buffers of the index (reset after the query).
    let ws: Workspace
    /// The units, their flags completed by preparation (`unheard`; `filler` for an opening verb).
    var units: [Raw]
    let n: Int
    // Unit matches, flat: unit i's matches are mVocab[mStart[i] ..< mStart[i] + mCount[i]], each
    // with its similarity (`mSim`) and relation kind (`mKind`, a `WordRelation`: what the steps
    // ask of a match). A unit's first match is the word itself when the catalogs say it.
    var mStart: [Int] = []
    var mCount: [Int] = []
    var mVocab: [Int32] = []
    var mSim: [Float] = []
    var mKind: [WordRelation] = []
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
    /// Units merged with a neighbour or split into two phrase words.
    var joinedUnits: Units
    /// Units that are connectors.
    var connectorUnits: Units
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

    /// Prepares `units` (`LocaleIndex.queryUnits`), which must be at most `Units.capacity`:
    /// borrows the workspace's arrays and fills them (`prepare`).
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
        prepare()
    }

    /// The empty set of this utterance's units.
    @inline(__always) var noUnits: Units { Units(units: n) }

    /// Reused dynamic-programming buffers (pooled with the workspace, grown as needed).
    var scratch: Scratch { ws.scratch }

    /// Swaps the per-unit arrays with the workspace's storage: `prepare` borrows the storage
    /// (no allocation once warm), `giveBack` returns it after the query.
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
    }

    /// Returns the borrowed arrays to the workspace, the matched words' best similarities and
    /// hits cleared (after the query).
    mutating func giveBack() {
        for id in bestIds { ws.best[Int(id)] = 0; Units.clearHits(ws, Int(id)) }
        exchangeArrays()
    }

    /// Makes unit u a word of class `c`, with its class's costs (`ScoreModel.insertion(for:)`,
    /// `slotInsertion(for:)` in `scratch.slotIns`; a share spread over a Han or kana word is not
    /// kept). (`prepare` reserves `scratch.slotIns`.)
    @inline(__always)
    mutating func setClass(_ u: Int, _ c: WordClass) {
        wordClass[u] = c
        insCost[u] = opts.model.insertion(for: c)
        scratch.slotIns[u] = opts.model.slotInsertion(for: c)
    }

    /// The one revision after preparation: the units of an app's opening verb and its joining
    /// word (`Query.openAppClause`) are filler, no longer unheard, guessed or negative words.
    mutating func hearAsFiller(_ clause: [Int]) {
        for u in clause {
            setClass(u, .filler)
            units[u].flags.remove(.unheard)
            units[u].flags.insert(.filler)
            let one = unitRange(u, u + 1)
            substitutionUnits.subtract(one)
            guessedUnits.subtract(one)
            negativeUnits.subtract(one)
        }
    }

    /// The set of units a..<b.
    @inline(__always)
    func unitRange(_ a: Int, _ b: Int) -> Units { Units.range(a, b, units: n) }

    /// The units of the word unit i belongs to: a Han or kana word's characters share its span.
    @inline(__always)
    func wordStart(_ i: Int) -> Int {
        var k = i
        while k > 0 && units[k - 1].start == units[i].start && units[k - 1].end == units[i].end { k -= 1 }
        return k
    }
    @inline(__always)
    func wordEnd(_ i: Int) -> Int {
        var k = i + 1
        while k < n && units[k].start == units[i].start && units[k].end == units[i].end { k += 1 }
        return k
    }

    /// Unicode scalars of unit i (counted on its UTF-8 bytes), and whether one is Han or kana.
    @inline(__always)
    func scalarInfo(_ i: Int) -> (count: Int, split: Bool) {
        var c = 0
        var split = false
        var t = units[i].text
        t.withUTF8 { p in
            // (One pass over the bytes, each scalar decoded from them: a string's UTF-8 is valid.)
            var k = 0
            while k < p.count {
                let x = p[k]
                c += 1
                if x < 0x80 { k += 1; continue }
                let len = x >= 0xF0 ? 4 : (x >= 0xE0 ? 3 : 2)
                var v = UInt32(x) & (x >= 0xF0 ? 0x07 : (x >= 0xE0 ? 0x0F : 0x1F))
                var j = 1
                while j < len && k + j < p.count { v = v << 6 | UInt32(p[k + j] & 0x3F); j += 1 }
                if Script.isHanOrKana(v) { split = true }
                k += len
            }
        }
        return (c, split)
    }
}
