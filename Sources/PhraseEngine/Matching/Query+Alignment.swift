// Template alignment: the dynamic program that reads a template (literals, value spans, the app name) out of the utterance.

/// Whether `Query.align` records its path (for explanations), and whether its steps get their
/// texts (`texts`: the utterance's words, the phrase's, the similarity) or their kinds and units
/// only (what `freeTextReadings` reads: the texts cost a string each, ja some 2k an utterance).
protocol AlignTrace {
    static var enabled: Bool { get }
    static var texts: Bool { get }
}
enum NoTrace: AlignTrace {
    static var enabled: Bool { false }
    static var texts: Bool { false }
}
enum WithTrace: AlignTrace {
    static var enabled: Bool { true }
    static var texts: Bool { true }
}
enum KindsTrace: AlignTrace {
    static var enabled: Bool { true }
    static var texts: Bool { false }
}

/// Whether `Query.align` fills only a band of its table (`Query.alignBandCells`).
protocol AlignBand { static var enabled: Bool { get } }
enum WholeTable: AlignBand { static var enabled: Bool { false } }
enum BandOnly: AlignBand { static var enabled: Bool { true } }

/// What `Query.align` found: the reading's cost, gain and insertions, and its path (`steps`,
/// with the trace).
struct ReadingAlignment {
    var cost: Float
    var gain: Float
    var ins: Float
    /// The path, with the trace (`stepTexts: false`: each step's kind only, its other fields
    /// empty).
    var steps: [AlignmentStep]
    /// The units each step took (empty for `missing`): units of one word share its span (a
    /// particle split off, "요가" as "요" "가"), so a step's span does not tell them apart.
    var stepUnits: [Range<Int>] = []
    /// Phrase content words left out while unknown words were said: likely another meaning.
    var substitutions: Float = 0
    /// Phrase content words left out.
    var dels: Float = 0
    /// The parameter slot was left without a value.
    var paramMissing = false
}

extension Query {
    typealias Alignment = ReadingAlignment

    /// Tables larger than this ((template elements + 1) × (units + 1) cells) are filled only in a
    /// band around their diagonal (`alignBandUnits`), and a word said elsewhere (`skip`) is not
    /// looked for in them (no alignment: the reading keeps its words in order). 65,536 cells is a
    /// template of 255 elements against 255 units, over thirty times the largest table a corpus
    /// line can make (the longest line of the sample and Home Assistant corpora, 59 units at
    /// most, against their longest phrase, 32): no corpus line comes near it, so every prediction
    /// is the whole table's, byte for byte. Past it, one alignment costs O(elements × band)
    /// instead of O(elements × units), and a template's readings stop costing a whole table per
    /// content word (the word moves) and per run of unknown words (`unknownValueReading`): a
    /// 2,048-byte utterance against a 2,048-byte phrase went from seconds to milliseconds
    /// (`pebench long`, BENCHMARKS.md).
    /// What it can change, only there (an utterance and a phrase of some 250 words each): a
    /// path that strays from the diagonal by more than the band (the words said in another
    /// order, long talk before the request) is not found, so the reading may cost more than the
    /// whole table's least; a reading with one word moved is not tried; and words read as a
    /// value the app does not have are read so only where the band expects the value.
    static var alignBandCells: Int { 65_536 }
    /// The band's half width in units, around the unit each element is expected at (the
    /// elements laid out in order, a literal one unit, a slot its longest span, stretched over
    /// the utterance).
    static var alignBandUnits: Int { 12 }

    /// Whether an alignment of `elements` against the units is filled in a band only.
    @inline(__always)
    func alignBanded(_ elements: Int) -> Bool { (elements + 1) * (n + 1) > Query.alignBandCells }

    /// Aligns a template's elements (without the app clause) with the unmasked units.
    /// `paramSpans` are the spans the parameter slot may take; `appSpans` the app slot's (exact
    /// matching, where the app slot stays in place).
    /// `mask[i]`: 0 usable, 1 taken by the app name (skipped for free), 2 a connector next to
    /// the app name (usable, and free to leave out).
    /// `skip`: an element said elsewhere (see `evaluate`), passed over for free.
    /// `literals`: the units the template's literals relate to (`literalUnits`), when known.
    /// `ins`: each unit's insertion cost for this template (`otherValueInsertions`); nil: `insCost`.
    /// `stepTexts` (with the trace): false, the steps have their kinds only (`KindsTrace`).
    @inline(__always)
    func align(_ elems: [CompiledTemplate.Elem], mask: UnsafeMutablePointer<UInt8>, paramSpans: [SlotSpan], appSpans: [SlotSpan] = [],
               skip: Int = -1, literals: Units? = nil, ins: UnsafeMutablePointer<Float>? = nil, trace: Bool,
               stepTexts: Bool = true) -> Alignment {
        let a: Alignment
        if alignBanded(elems.count) {
            // A word moved (`skip`) is not looked for in a table this large (`alignBandCells`).
            if skip >= 0 { return Alignment(cost: .infinity, gain: 0, ins: 0, steps: []) }
            a = !trace ? align(elems, mask: mask, paramSpans: paramSpans, appSpans: appSpans, skip: skip, literals: literals, ins: ins, NoTrace.self, BandOnly.self)
                : stepTexts ? align(elems, mask: mask, paramSpans: paramSpans, appSpans: appSpans, skip: skip, literals: literals, ins: ins, WithTrace.self, BandOnly.self)
                : align(elems, mask: mask, paramSpans: paramSpans, appSpans: appSpans, skip: skip, literals: literals, ins: ins, KindsTrace.self, BandOnly.self)
        } else {
            a = !trace ? align(elems, mask: mask, paramSpans: paramSpans, appSpans: appSpans, skip: skip, literals: literals, ins: ins, NoTrace.self, WholeTable.self)
                : stepTexts ? align(elems, mask: mask, paramSpans: paramSpans, appSpans: appSpans, skip: skip, literals: literals, ins: ins, WithTrace.self, WholeTable.self)
                : align(elems, mask: mask, paramSpans: paramSpans, appSpans: appSpans, skip: skip, literals: literals, ins: ins, KindsTrace.self, WholeTable.self)
        }
        // (Here, not in the table's function: a branch there slowed its loops.)
        if opts.referenceAlignment { checkAlignment(a, elems, mask: mask, paramSpans: paramSpans, appSpans: appSpans, skip: skip, literals: literals, ins: ins) }
        return a
    }

    /// `align`, compiled with the trace and without, for the whole table and for a band
    /// (`T.enabled`, `B.enabled` are constants).
    func align<T: AlignTrace, B: AlignBand>(_ elems: [CompiledTemplate.Elem], mask: UnsafeMutablePointer<UInt8>, paramSpans: [SlotSpan],
                                            appSpans: [SlotSpan], skip: Int, literals: Units?, ins insOverride: UnsafeMutablePointer<Float>?,
                                            _: T.Type, _: B.Type) -> Alignment {
        let trace = T.enabled
        let flexible = opts.mode == .flexible
        // What the loops read of the query, read once: `self` is passed by address (`Query`), and
        // a store through the table's pointers could write to it as far as the compiler knows.
        let n = self.n
        let best = ws.best
        let contentWeight = index.model.contentWordWeight
        let joinSimilarity = opts.model.joinSimilarity
        // The band's layout (`B.enabled`): the elements in order, a literal one unit, a slot its
        // longest span, stretched over the units. Element k is expected from unit
        // `first(before k)` to `last(after k)` (its lengths summed), `alignBandUnits` either side.
        var paramLen = 1, appLen = 1, total = 1
        let band = Query.alignBandUnits
        @inline(__always) func length(_ e: CompiledTemplate.Elem) -> Int { e.kind == .literal ? 1 : (e.kind == .param ? paramLen : appLen) }
        @inline(__always) func first(_ x: Int) -> Int { min(n, max(0, x * n / total - band)) }
        @inline(__always) func last(_ x: Int) -> Int { min(n, max(0, (x * n + total - 1) / total + band)) }
        if B.enabled {
            for s in paramSpans { paramLen = max(paramLen, s.end - s.start) }
            for s in appSpans { appLen = max(appLen, s.end - s.start) }
            total = 0
            for e in elems { total += length(e) }
            total = max(total, 1)
            // Words read as a value the app does not have (`unknownValueReading`: one span, no
            // variant) that do not start and end where the band expects the slot to: the band
            // could only leave the slot empty, which is a real reading (the search's), not this
            // one. None (and no table).
            if paramSpans.count == 1, paramSpans[0].variant < 0 {
                let s = paramSpans[0]
                var before = 0, fits = false
                for (k, e) in elems.enumerated() {
                    let after = before + length(e)
                    if e.kind == .param {
                        let next = k + 1 < elems.count ? after + length(elems[k + 1]) : after
                        let endLast = k + 1 < elems.count ? last(next) : n
                        if s.start >= first(before) && s.start <= last(after) && s.end >= first(after) && s.end <= endLast { fits = true }
                    }
                    before = after
                }
                if !fits { return Alignment(cost: .infinity, gain: 0, ins: 0, steps: []) }
            }
        }
        // Rows. A literal no unit relates to (no match, merge or split: each is noted in
        // `ws.best`) can only be left out: without the trace its row is dropped and its deletion
        // charged once (`dropCost`, `dropDels`). `rowNext[j]`: the next element of the template
        // when it is a literal with a row (-1 otherwise), for splits.
        scratch.reserveRows(elems.count + 1)
        let rowEl = scratch.rowElems, rowNext = scratch.rowNext, rowElem = scratch.rowElem
        // The full table: with the trace, and for the reference searches of the tests.
        let full = trace || opts.fullAlignment || opts.exhaustive
        @inline(__always) func dropped(_ k: Int) -> Bool {
            let e = elems[k]
            return !full && flexible && k != skip && e.kind == .literal && !(e.id >= 0 && best[Int(e.id)] > 0)
        }
        var m = 0
        var skipRow = -1
        var dropCost: Float = 0, dropDels: Float = 0
        for (k, e) in elems.enumerated() {
            if dropped(k) {
                dropCost += e.weight
                if e.weight >= contentWeight { dropDels += 1 }
                continue
            }
            if k == skip { skipRow = m }
            rowEl[m] = e
            rowElem[m] = Int32(k)
            rowNext[m] = k + 1 < elems.count && elems[k + 1].kind == .literal && !dropped(k + 1) ? Int32(k + 1) : -1
            m += 1
        }
        rowElem[m] = Int32(elems.count)
        let el = UnsafeBufferPointer(start: rowEl, count: m)
        @inline(__always) func usable(_ s: SlotSpan) -> Bool {
            if s.start >= n { return false }
            for u in s.start..<s.end where mask[u] == 1 { return false }
            return true
        }
        // Words that count as unheard for substitutions (`substitutionUnits`).
        let unheardBits = substitutionUnits
        // Units a literal of the template relates to (`literalUnits`, passed in by `evaluate`):
        // for `cutWordPenalty` and the pass-over columns below.
        let literalBits = literals ?? literalUnits(of: elems)
        @inline(__always) func isUnheard(_ k: Int) -> Bool { unheardBits.contains(k) }
        // Columns. A unit that no element can take (no literal of the template relates to it, no
        // slot span covers it; or the app name's) can only be passed over, at its insertion cost:
        // a run of such units is one column, its costs added in order. Without the trace;
        // otherwise one column per unit. `colUnit[c]` is the column's first unit,
        // `colPass[c]` 0 for such a run (its costs are added unit by unit where it is passed
        // over), -1 for a unit elements can take; `posOf[u]` the column
        // position before unit u (`posOf[n]`: the end).
        scratch.reserveColumns(n + 1)
        let colUnit = scratch.colUnit, colPass = scratch.colPass, colUnk = scratch.colUnk, posOf = scratch.posOf
        var columns = 0
        if !full && flexible {
            var taken = literalBits
            for s in paramSpans where usable(s) { taken.formUnion(unitRange(s.start, s.end)) }
            for s in appSpans where usable(s) { taken.formUnion(unitRange(s.start, s.end)) }
            var i = 0
            while i < n {
                posOf[i] = Int32(columns)
                colUnit[columns] = Int32(i)
                if taken.contains(i) && mask[i] != 1 {
                    colPass[columns] = -1
                    colUnk[columns] = 0
                    i += 1
                } else {
                    var unk: Float = 0
                    while i < n && (!taken.contains(i) || mask[i] == 1) {
                        posOf[i] = Int32(columns)
                        if mask[i] == 0 && isUnheard(i) { unk += 1 }
                        i += 1
                    }
                    colPass[columns] = 0
                    colUnk[columns] = unk
                }
                columns += 1
            }
        } else {
            for i in 0..<n { posOf[i] = Int32(i); colUnit[i] = Int32(i); colPass[i] = -1; colUnk[i] = 0 }
            columns = n
        }
        posOf[n] = Int32(columns)
        let w = columns + 1
        // Each row's columns: all of them, or (`B.enabled`, past `alignBandCells`) the band: row
        // j keeps the columns of the units its element is expected at (the layout above),
        // `alignBandUnits` either side. The bands move right from row to row, and each row's
        // reaches the next one's first column, so in flexible matching the band always holds a
        // path (the start, the end, insertions and deletions). A row's cells are stored from `rowBase[j]`, its
        // columns `rowLo[j]...rowHi[j]`: for the whole table, `j * w + p` as before.
        let lo = scratch.rowLo, hi = scratch.rowHi, base = scratch.rowBase
        var size = 0
        if B.enabled {
            // (`k` walks the elements, `before` their lengths before it.)
            var k = 0, before = 0
            for j in 0...m {
                let rk = Int(rowElem[j])
                while k < rk { before += length(elems[k]); k += 1 }
                let after = k < elems.count ? before + length(elems[k]) : before
                lo[j] = posOf[first(before)]
                hi[j] = j == m ? Int32(columns) : posOf[last(after)]
            }
            for j in stride(from: m - 1, through: 0, by: -1) where hi[j] < lo[j + 1] { hi[j] = lo[j + 1] }
            for j in 0...m {
                base[j] = size
                size += Int(hi[j] - lo[j]) + 1
            }
        } else {
            size = (m + 1) * w
        }
        scratch.alignCalls &+= 1
        scratch.alignCells &+= size
        // The cell of row r, column q (-1: outside the band).
        @inline(__always) func at(_ r: Int, _ q: Int) -> Int {
            if !B.enabled { return r &* w &+ q }
            let l = Int(lo[r])
            return q < l || q > Int(hi[r]) ? -1 : base[r] + q - l
        }
        // The row and column of cell x (for the trace).
        func rowColumn(_ x: Int) -> (Int, Int) {
            if !B.enabled { return (x / w, x % w) }
            var a = 0, b = m
            while a < b {
                let mid = (a + b + 1) / 2
                if base[mid] <= x { a = mid } else { b = mid - 1 }
            }
            return (a, Int(lo[a]) + x - base[a])
        }
        scratch.reserve(size)
        let cells = scratch.cells
        let back = scratch.back, op = scratch.op, spanOf = scratch.spanOf
        let blank = Scratch.Cell(cost: .infinity, gain: 0, ins: 0, dels: 0, unks: 0, pdels: 0)
        cells.update(repeating: blank, count: size)
        if trace { for x in 0..<size { back[x] = -1; op[x] = 0; spanOf[x] = -1 } }
        cells[0].cost = 0
        // The per-unit arrays as buffer pointers (no bounds checks or retains in the loops).
        u.insCost.withUnsafeBufferPointer { insCostP in
        u.merge.withUnsafeBufferPointer { mergeP in
        u.mStart.withUnsafeBufferPointer { msP in
        u.mCount.withUnsafeBufferPointer { mcP in
        u.mVocab.withUnsafeBufferPointer { mvP in
        u.mSim.withUnsafeBufferPointer { simP in
        u.splitStart.withUnsafeBufferPointer { ssP in
        u.splitPairs.withUnsafeBufferPointer { spP in
        let insP = UnsafeBufferPointer<Float>(start: insOverride.map { UnsafePointer($0) } ?? insCostP.baseAddress, count: insCostP.count)
        for j in 0...m {
            // The element of row j (the last row has none).
            let e = j < m ? el[j] : CompiledTemplate.Elem(kind: .literal, id: -1, weight: 0)
            let delCount: Float = e.kind == .literal && e.weight >= contentWeight ? 1 : 0
            let pdelCount: Float = e.kind == .param ? 1 : 0
            // (Not into the word said elsewhere, `skip`: it is read from its own unit.)
            let hasNextLiteral = j < m && rowNext[j] >= 0 && j + 1 != skipRow
            let nextLiteral: Int32 = hasNextLiteral ? el[j + 1].id : -1
            let nextWeight: Float = hasNextLiteral ? el[j + 1].weight : 0
            // A literal no unit relates to (no match, merge or split: each is noted in
            // `ws.best`) can only be left out: its row tries no match.
            let heard = e.kind != .literal || (e.id >= 0 && best[Int(e.id)] > 0)
            // The units that relate to the row's literal (`markHits`: a match, a join, a split):
            // at any other unit the row tries none of them (nothing to test there).
            let rowHits = e.kind == .literal && heard ? hits(Int(e.id)) : noUnits
            let pFirst = B.enabled ? Int(lo[j]) : 0, pLast = B.enabled ? Int(hi[j]) : columns
            for p in pFirst...pLast {
                // (Cell indices in wrapping arithmetic: a table is at most (elements + 1) ×
                // (units + 1) cells, far from overflow, and the checks cost in every cell.)
                let here = B.enabled ? base[j] &+ p &- pFirst : j &* w &+ p
                let c0 = cells[here].cost
                if c0 == .infinity { continue }
                let cur = cells[here]
                // Cell `to` takes the path through here at cost `nc` and gain `ng` (its totals) when
                // that is cheaper, or as cheap and more gained.
                @inline(__always) func store(_ to: Int, _ nc: Float, _ ng: Float, _ ni: Float, _ o: UInt8, _ sp: Int32,
                                             del: Float, unk: Float, pdel: Float) {
                    let old = cells[to].cost
                    if nc < old - 1e-6 || (abs(nc - old) <= 1e-6 && ng > cells[to].gain + 1e-6) {
                        cells[to] = Scratch.Cell(cost: nc, gain: ng, ins: ni, dels: cur.dels + del, unks: cur.unks + unk,
                                                 pdels: cur.pdels + pdel)
                        if trace { back[to] = Int32(here); op[to] = o; spanOf[to] = sp }
                    }
                }
                @inline(__always) func relax(_ to: Int, _ c: Float, _ g: Float, _ ii: Float, _ o: UInt8, _ sp: Int32 = -1,
                                             del: Float = 0, unk: Float = 0, pdel: Float = 0) {
                    if B.enabled && to < 0 { return }
                    store(to, c0 + c, cur.gain + g, cur.ins + ii, o, sp, del: del, unk: unk, pdel: pdel)
                }
                let i = p < columns ? Int(colUnit[p]) : n
                let pass = p < columns ? colPass[p] : -1
                if pass >= 0 {
                    // A run of units no element can take: passed over (and nothing else). Its
                    // costs are added one unit at a time from this cell, as a column per unit adds
                    // them: the run's sum added at once rounds differently, and a reported score
                    // could come out 0.0001 off the whole table's (ReferenceMatcherTests, seed 5235).
                    if !(B.enabled && p == pLast) {
                        var nc = c0, ni = cur.ins
                        let end = p + 1 < columns ? Int(colUnit[p + 1]) : n
                        for u in i..<end where mask[u] == 0 { nc += insP[u]; ni += insP[u] }
                        store(here &+ 1, nc, cur.gain, ni, 1, -1, del: 0, unk: colUnk[p], pdel: 0)
                    }
                } else if i < n {
                    let mk = mask[i]
                    let right = B.enabled && p == pLast ? -1 : here &+ 1
                    if mk == 1 {
                        relax(right, 0, 0, 0, 0)
                    } else if mk == 2 {
                        relax(right, 0, 0, 0, 7)
                    } else if flexible {
                        let c = insP[i]
                        relax(right, c, 0, c, 1, unk: isUnheard(i) ? 1 : 0)
                    }
                }
                guard j < m else { continue }
                let down = B.enabled ? at(j + 1, p) : here &+ w
                if j == skipRow { relax(down, 0, 0, 0, 8); continue }
                if flexible { relax(down, e.weight, 0, 0, 2, del: delCount, pdel: pdelCount) }
                if pass >= 0 { continue }
                switch e.kind {
                case .literal:
                    guard heard, i < n, rowHits.contains(i), mask[i] != 1 else { break }
                    // sim(i, e.id)
                    var s: Float = 0
                    var q = msP[i]
                    let qe = q + mcP[i]
                    while q < qe { if mvP[q] == e.id { s = simP[q]; break }; q += 1 }
                    if s > 0 && (flexible || s >= 1) { relax(B.enabled ? at(j + 1, p + 1) : here &+ w &+ 1, e.weight * (1 - s), e.weight * s, 0, 3) }
                    guard flexible else { break }
                    if i + 1 < n, mask[i + 1] != 1, mergeP[i] == e.id {
                        let s2 = joinSimilarity
                        relax(at(j + 1, Int(posOf[i + 2 <= n ? i + 2 : n])), e.weight * (1 - s2), e.weight * s2, 0, 4)
                    }
                    if hasNextLiteral {
                        // splits(i, e.id, next)
                        var k = ssP[i]
                        let ke = ssP[i + 1]
                        var found = false
                        while k < ke { if spP[k] == (e.id, nextLiteral) { found = true; break }; k += 1 }
                        if found {
                            let s2 = joinSimilarity
                            let ww = e.weight + nextWeight
                            relax(B.enabled ? at(j + 2, p + 1) : here &+ 2 &* w &+ 1, ww * (1 - s2), ww * s2, 0, 5)
                        }
                    }
                case .param, .app:
                    let list = e.kind == .app ? appSpans : paramSpans
                    let spanBase = e.kind == .app ? paramSpans.count : 0
                    for (k, s) in list.enumerated() where s.start == i && usable(s) {
                        if !flexible && !s.isExact { continue }
                        // A word the catalog does not know right next to the value: the person
                        // likely named a different value ("pumpkin spice latte").
                        let adj = adjacentUnknownPenalty(s.start, s.end, mask) + cutWordPenalty(s.start, s.end, literals: literalBits, mask)
                        relax(at(j + 1, Int(posOf[s.end])), e.weight * (1 - s.sim) + adj, e.weight * s.sim, adj, 6, Int32(spanBase + k))
                    }
                }
            }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        let end = at(m, columns)
        let last = cells[end]
        let dels = last.dels + dropDels
        var a = Alignment(cost: last.cost + dropCost, gain: last.gain, ins: last.ins, steps: [],
                          substitutions: min(dels, last.unks), dels: dels, paramMissing: last.pdels > 0)
        if trace, last.cost < .infinity {
            // (`KindsTrace`: each step's kind only, `AlignmentStep.kindOnly`.)
            let texts = T.texts
            var cur = end
            var steps: [AlignmentStep] = []
            var stepUnits: [Range<Int>] = []
            while cur > 0, back[cur] >= 0 {
                let prev = Int(back[cur])
                let (pj, pi) = rowColumn(prev)
                let ci = rowColumn(cur).1
                switch op[cur] {
                case 0: break
                case 7: steps.append(texts ? step(.filler, pi, ci, "", "app", 0) : .kindOnly(.filler))
                case 1:
                    let k: AlignmentStep.Kind = units[pi].flags.contains(.filler) ? .filler : .extra
                    steps.append(texts ? step(k, pi, ci, "", nil, 0) : .kindOnly(k))
                case 2:
                    let e = elems[pj]
                    steps.append(texts ? AlignmentStep(kind: .missing, utterance: "", start: 0, end: 0,
                                                       phrase: elemText(e), slot: e.kind == .param ? "parameter" : nil, similarity: 0)
                                 : .kindOnly(.missing))
                case 3:
                    let (s, k) = sim(pi, elems[pj].id)
                    steps.append(texts ? step(k, pi, ci, index.vocabText[Int(elems[pj].id)], nil, s) : .kindOnly(k))
                case 4:
                    steps.append(texts ? step(.merged, pi, ci, index.vocabText[Int(elems[pj].id)], nil, opts.model.joinSimilarity)
                                 : .kindOnly(.merged))
                case 5:
                    guard texts else { steps.append(.kindOnly(.split)); break }
                    let t = index.vocabText[Int(elems[pj].id)] + " " + index.vocabText[Int(elems[pj + 1].id)]
                    steps.append(step(.split, pi, ci, t, nil, opts.model.joinSimilarity))
                case 6:
                    let k = Int(spanOf[cur])
                    let s = k < paramSpans.count ? paramSpans[k] : appSpans[k - paramSpans.count]
                    if s.variant < 0 {
                        // Words read as a value the parameter does not have.
                        steps.append(texts ? step(.unknownValue, s.start, s.end, "", "parameter", s.sim) : .kindOnly(.unknownValue))
                        break
                    }
                    let v = index.slotSets[Int(elems[pj].id)].variants[Int(s.variant)]
                    let isApp = elems[pj].kind == .app
                    let kind: AlignmentStep.Kind = isApp ? (v.isAlternativeName ? .alternativeName : (s.isExact ? .exact : .fuzzy))
                        : (v.synonym != nil ? .synonym : (s.isExact ? .exact : .fuzzy))
                    steps.append(texts ? step(kind, s.start, s.end, v.text, isApp ? "app" : "parameter", s.sim) : .kindOnly(kind))
                default: break
                }
                // (With the trace the table has a column per unit: pi..<ci are the step's units.)
                while stepUnits.count < steps.count { stepUnits.append(pi..<ci) }
                cur = prev
            }
            a.steps = steps.reversed()
            a.stepUnits = stepUnits.reversed()
        }
        return a
    }



    /// Extra cost when a value span starts or ends inside a Han or kana word and the word's
    /// characters outside the span relate to no literal of the phrase ("アイスティー" read as
    /// "ラテ"): the value is part of a word naming something else. (Not on top of
    /// `adjacentUnknownPenalty`, which charges a word the catalog has never heard on that side.)
    @inline(__always)
    func cutWordPenalty(_ start: Int, _ end: Int, literals: Units, _ mask: UnsafeMutablePointer<UInt8>) -> Float {
        guard !innerUnits.isEmpty else { return 0 }
        var p: Float = 0
        @inline(__always) func side(_ x: Int) {
            if mask[x] == 0, !literals.contains(x), !units[x].flags.contains(.unheard) { p += opts.model.adjacentUnknownCost }
        }
        if start > 0, innerUnits.contains(start - 1) { side(start - 1) }
        if end < n, innerUnits.contains(end - 1) { side(end) }
        return p
    }

    func adjacentUnknownPenalty(_ start: Int, _ end: Int, _ mask: UnsafeMutablePointer<UInt8>) -> Float {
        var p: Float = 0
        if start > 0, mask[start - 1] == 0, units[start - 1].flags.contains(.unheard) { p += opts.model.adjacentUnknownCost }
        if end < n, mask[end] == 0, units[end].flags.contains(.unheard) { p += opts.model.adjacentUnknownCost }
        return p
    }

    func elemText(_ e: CompiledTemplate.Elem) -> String {
        switch e.kind {
        case .literal: return index.vocabText[Int(e.id)]
        case .param: return "${parameter}"
        case .app: return "${applicationName}"
        }
    }

    func source(_ a: Int, _ b: Int) -> (String, Int, Int) {
        guard a < b, a < units.count else { return ("", 0, 0) }
        let s = units[a].start, e = units[b - 1].end
        let u = text.utf16
        guard s >= 0, e <= u.count, s <= e else { return ("", s, e) }
        // (The end walked to from the start: UTF-16 offsets are walked from an index.)
        let si = u.index(u.startIndex, offsetBy: s)
        let ei = u.index(si, offsetBy: e - s)
        return (String(text[si..<ei]), s, e)
    }

    func step(_ k: AlignmentStep.Kind, _ a: Int, _ b: Int, _ phrase: String, _ slot: String?, _ s: Float) -> AlignmentStep {
        let (t, st, en) = source(a, b)
        return AlignmentStep(kind: k, utterance: t, start: st, end: en, phrase: phrase, slot: slot, similarity: Double(s))
    }
}

extension AlignmentStep {
    /// A step of `KindsTrace`: its kind, no texts (no span, no similarity).
    @inline(__always)
    static func kindOnly(_ k: Kind) -> AlignmentStep {
        AlignmentStep(kind: k, utterance: "", start: 0, end: 0, phrase: "", slot: nil, similarity: 0)
    }
}
