// Aligning one value's words to a stretch of the utterance (a slot span's similarity).

extension Query {
    /// Marks, per matched vocabulary word, the units that relate to it (`touches`, as a unit
    /// set: `hits`). Reset with `bestIds`.
    func markHits() {
        for i in 0..<n {
            let one = unitRange(i, i + 1)
            let st = mStart[i]
            for j in st..<(st + mCount[i]) where mSim[j] > 0 { Units.addHits(ws, Int(mVocab[j]), one) }
            if merge[i] >= 0 { Units.addHits(ws, Int(merge[i]), unitRange(i, i + 2)) }
            for k in splitStart[i]..<splitStart[i + 1] {
                Units.addHits(ws, Int(splitPairs[k].0), one)
                Units.addHits(ws, Int(splitPairs[k].1), one)
            }
        }
    }

    /// Spans of the units where value `vi` of `set` (global variant id `g`) is heard at least at
    /// the slot's minimum similarity, appended to `found`.
    func evaluate(set: Int32, variantIndex vi: Int32, global g: Int, into found: inout [SlotSpan]) {
        let minimum: Float = index.setIsApp[Int(set)] ? opts.model.minimumAppSimilarity : opts.model.minimumValueSimilarity
        let us = Int(index.variantUnitStart[g]), ue = Int(index.variantUnitStart[g + 1])
        let maxLen = ue - us + 2
        let best = ws.best
        let totalWeight = index.variantTotalWeight[g]
        index.variantUnits.withUnsafeBufferPointer { allUnits in
        index.variantWeights.withUnsafeBufferPointer { allWeights in
        let slotIns = scratch.slotIns
        let vu = UnsafeBufferPointer(rebasing: allUnits[us..<ue])
        let vw = UnsafeBufferPointer(rebasing: allWeights[us..<ue])
        var mask = noUnits
        for u in vu { mask.formUnion(hits(Int(u))) }
        if mask.isEmpty { return }
        var am = mask
        while let a = am.popFirst() {
            // The ends b whose span [a, b] passes the bound.
            var ends = noUnits
            var bm = mask
            bm.removeBelow(a)
            while let b = bm.popFirst() {
                if b - a + 1 > maxLen { break }
                // Bound: each value word at its best if some unit of the span relates to it, and
                // the units relating to none inserted. Spans that cannot reach the minimum are skipped.
                let range = unitRange(a, b + 1)
                var gb: Float = 0
                for j in 0..<vu.count where hits(Int(vu[j])).intersects(range) { gb += vw[j] * best[Int(vu[j])] }
                var ins: Float = 0
                var x = a
                while x <= b {
                    if !mask.contains(x) { ins += slotIns[x] }
                    x += 1
                }
                // (gb / (totalWeight + ins) < minimum - 1e-4, without the division)
                let d = totalWeight + ins
                if d > 0, gb < (minimum - 1e-4) * d { continue }
                ends.insert(b)
            }
            guard let last = ends.last else { continue }
            // One alignment from a to the last end gives every end's: a cell of the table depends
            // only on cells before it, so the cells up to column len are those of the table of
            // the span of length len.
            let longest = last - a + 1
            slotAlignment(vu, vw, a, longest)
            while let b = ends.popFirst() {
                let len = b - a + 1
                let s = slotSimilarity(totalWeight, words: vu.count, width: longest + 1, length: len)
                if s >= minimum && !numberContradicts(g, a, a + len) { found.append(SlotSpan(start: a, end: a + len, variant: vi, sim: s)) }
            }
        }
        }
        }
    }

    /// Whether a number said in the span [a, b) or right next to it is none of the numbers of the
    /// value's option (global variant `g`), where it has one ("report a problem in room 3.4" for "Room 3.14", "extend my meeting
    /// by 2 hours" for "1 hour", "plan 3" for "plan 1", "三倍" for "2倍"): the person named a
    /// value the app does not have, not this one misheard. Numbers the recognizer wrote as words
    /// that sound like them ("bedroom to") are no numbers here.
    @inline(__always)
    func numberContradicts(_ g: Int, _ a: Int, _ b: Int) -> Bool {
        let ns = Int(index.optionNumberStart[g]), ne = Int(index.optionNumberStart[g + 1])
        guard ne > ns else { return false }
        for i in max(0, a - 1)..<min(n, b + 1) where !units[i].flags.isDisjoint(with: [.number, .ordinal]) {
            var same = false
            for k in ns..<ne where index.vocabText[Int(index.optionNumberFlat[k])] == units[i].text { same = true; break }
            if !same { return true }
        }
        return false
    }

    /// Alignment of the words of the variant with global id `g` with units [a, b): G / (W + I).
    func slotSimilarity(_ g: Int, _ a: Int, _ b: Int) -> Float {
        let us = Int(index.variantUnitStart[g]), ue = Int(index.variantUnitStart[g + 1])
        return index.variantUnits.withUnsafeBufferPointer { allUnits in
            index.variantWeights.withUnsafeBufferPointer { allWeights in
                slotSimilarity(UnsafeBufferPointer(rebasing: allUnits[us..<ue]), UnsafeBufferPointer(rebasing: allWeights[us..<ue]),
                               index.variantTotalWeight[g], a, b)
            }
        }
    }

    /// Alignment of a value's words `vu` (weights `vw`, total `totalWeight`) with units [a, b).
    func slotSimilarity(_ vu: UnsafeBufferPointer<Int32>, _ vw: UnsafeBufferPointer<Float>, _ totalWeight: Float, _ a: Int, _ b: Int) -> Float {
        slotAlignment(vu, vw, a, b - a)
        return slotSimilarity(totalWeight, words: vu.count, width: b - a + 1, length: b - a)
    }

    /// The similarity G / (W + I) of the value's words with the units [a, a + length), read from
    /// the table `slotAlignment` left in the scratch buffers (its row width `width`).
    @inline(__always)
    func slotSimilarity(_ totalWeight: Float, words k: Int, width w: Int, length: Int) -> Float {
        let end = k * w + length
        let denom = totalWeight + scratch.ins[end]
        guard denom > 0 else { return 0 }
        return max(0, min(1, scratch.gain[end] / denom))
    }

    /// Aligns a value's words `vu` (weights `vw`) with the units [a, a + len), leaving the table
    /// (cost, gain and insertions per cell, rows of width len + 1) in the scratch buffers.
    func slotAlignment(_ vu: UnsafeBufferPointer<Int32>, _ vw: UnsafeBufferPointer<Float>, _ a: Int, _ len: Int) {
        let k = vu.count
        let w = len + 1
        let size = (k + 1) * w
        scratch.reserve(size)
        let cost = scratch.cost, gain = scratch.gain, ins = scratch.ins
        for x in 0..<size { cost[x] = .infinity; gain[x] = 0; ins[x] = 0 }
        cost[0] = 0
        @inline(__always) func relax(_ from: Int, _ to: Int, _ c: Float, _ g: Float, _ ii: Float) {
            let nc = cost[from] + c
            let ng = gain[from] + g
            if nc < cost[to] - 1e-6 || (abs(nc - cost[to]) <= 1e-6 && ng > gain[to]) {
                cost[to] = nc
                gain[to] = ng
                ins[to] = ins[from] + ii
            }
        }
        // The value's and the units' arrays as buffer pointers (no bounds checks or retains).
        let slotInsP = scratch.slotIns
        u.merge.withUnsafeBufferPointer { mergeP in
        u.mStart.withUnsafeBufferPointer { msP in
        u.mCount.withUnsafeBufferPointer { mcP in
        u.mVocab.withUnsafeBufferPointer { mvP in
        u.mSim.withUnsafeBufferPointer { simP in
        u.splitStart.withUnsafeBufferPointer { ssP in
        u.splitPairs.withUnsafeBufferPointer { spP in
        for j in 0...k {
            let u: Int32 = j < k ? vu[j] : -1
            let wj: Float = j < k ? vw[j] : 0
            // The units that relate to the row's word (`markHits`: a match, a join, a split): at
            // any other unit the row tries none of them (nothing to test there).
            let related = u >= 0 ? hits(Int(u)) : noUnits
            for x in 0...len {
                let here = j * w + x
                if cost[here] == .infinity { continue }
                if x < len {
                    let c = slotInsP[a + x]
                    relax(here, j * w + x + 1, c, 0, c)
                }
                if j < k {
                    relax(here, (j + 1) * w + x, wj, 0, 0)
                    if x < len, related.contains(a + x) {
                        // sim(a + x, u)
                        var s: Float = 0
                        var q = msP[a + x]
                        let qe = q + mcP[a + x]
                        while q < qe { if mvP[q] == u { s = simP[q]; break }; q += 1 }
                        if s > 0 { relax(here, (j + 1) * w + x + 1, wj * (1 - s), wj * s, 0) }
                        if x + 1 < len, mergeP[a + x] == u {
                            let s2 = opts.model.joinSimilarity
                            relax(here, (j + 1) * w + x + 2, wj * (1 - s2), wj * s2, 0)
                        }
                        if j + 1 < k {
                            // splits(a + x, u, next)
                            let next = vu[j + 1]
                            var p = ssP[a + x]
                            let pe = ssP[a + x + 1]
                            var found = false
                            while p < pe { if spP[p] == (u, next) { found = true; break }; p += 1 }
                            if found {
                                let s2 = opts.model.joinSimilarity
                                let ww = wj + vw[j + 1]
                                relax(here, (j + 2) * w + x + 1, ww * (1 - s2), ww * s2, 0)
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
        }
    }
}
