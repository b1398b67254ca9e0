// The references for the two alignments, a template's and a slot value's: every path through
// the table, enumerated one by one (no table, no merged columns, no dropped rows, no bound),
// for the tests that check `Query.align` and `Query.evaluate(set:…)`.

/// What the reference found over a test's queries (`MatchOptions.referenceAlignment`): how many
/// alignments it checked, how many were too large to enumerate, and each disagreement.
struct AlignmentCheck {
    var checked = 0
    var skipped = 0
    var mismatches: [String] = []
}

extension Query {
    /// The most paths the reference walks for one alignment (more: the alignment is skipped).
    static var referencePathLimit: Int { 400_000 }

    /// Checks `a`, what `align` found for these inputs, against every path: its cost must be the
    /// least any path has and its gain the most among the paths of that cost (within the
    /// table's 1e-6 tie margin added up along a path). Writes to the workspace's `AlignmentCheck`.
    /// (`literals`: as `align` takes them, nil for the units every literal of `elems` relates to.)
    @inline(never)
    func checkAlignment(_ a: ReadingAlignment, _ elems: [CompiledTemplate.Elem], mask: UnsafeMutablePointer<UInt8>,
                        paramSpans: [SlotSpan], appSpans: [SlotSpan], skip: Int, literals given: Units?,
                        ins: UnsafeMutablePointer<Float>?) {
        let literals = given ?? literalUnits(of: elems)
        guard let paths = referencePaths(elems, mask: mask, paramSpans: paramSpans, appSpans: appSpans, skip: skip,
                                         literals: literals, ins: ins) else {
            ws.pool.pointee.alignmentCheck.skipped += 1
            return
        }
        ws.pool.pointee.alignmentCheck.checked += 1
        let least = paths.map(\.cost).min() ?? .infinity
        func describe(_ why: String) -> String {
            let e = elems.map { $0.kind == .literal ? index.vocabText[Int($0.id)] : elemText($0) }.joined(separator: " ")
            let m = (0..<n).map { String(mask[$0]) }.joined()
            return "\"\(text)\" against [\(e)] (mask \(m), skip \(skip), \(paramSpans.count) value spans, "
                + "\(appSpans.count) app spans): \(why)"
        }
        if least == .infinity || a.cost == .infinity {
            if least != a.cost { ws.pool.pointee.alignmentCheck.mismatches.append(describe("cost \(a.cost), reference \(least)")) }
            return
        }
        guard abs(a.cost - least) <= 1e-4 else {
            ws.pool.pointee.alignmentCheck.mismatches.append(describe("cost \(a.cost), reference \(least)"))
            return
        }
        let margin = 1e-6 * Float(elems.count + n + 1)
        let strict = paths.filter { $0.cost <= least + 1e-7 }.map(\.gain).max() ?? 0
        let loose = paths.filter { $0.cost <= least + margin }.map(\.gain).max() ?? 0
        if a.gain < strict - 1e-4 || a.gain > loose + 1e-4 {
            ws.pool.pointee.alignmentCheck.mismatches.append(describe("gain \(a.gain) at cost \(a.cost), reference \(strict)...\(loose)"))
        }
    }

    /// The cost and gain of every path that reads `elems` out of the units, with the steps
    /// `align` takes (its documentation has them): a unit passed over (free under the app name
    /// or as its connector, else its insertion cost), an element left out (its weight), a
    /// literal read from a unit, two units joined or one split, a span for a slot. Nil past
    /// `referencePathLimit` paths.
    func referencePaths(_ elems: [CompiledTemplate.Elem], mask: UnsafeMutablePointer<UInt8>, paramSpans: [SlotSpan],
                        appSpans: [SlotSpan], skip: Int, literals: Units,
                        ins: UnsafeMutablePointer<Float>?) -> [(cost: Float, gain: Float)]? {
        let flexible = opts.mode == .flexible
        let m = elems.count
        let join = opts.model.joinSimilarity
        var paths: [(cost: Float, gain: Float)] = []
        var walked = 0
        func usable(_ s: SlotSpan) -> Bool { s.start < n && (s.start..<s.end).allSatisfy { mask[$0] != 1 } }
        func walk(_ j: Int, _ i: Int, _ c: Float, _ g: Float) {
            walked += 1
            guard walked <= Query.referencePathLimit else { return }
            if j == m && i == n { paths.append((c, g)); return }
            if i < n {
                if mask[i] == 1 || mask[i] == 2 { walk(j, i + 1, c, g) }
                else if flexible { walk(j, i + 1, c + (ins?[i] ?? insCost[i]), g) }
            }
            guard j < m else { return }
            if j == skip { walk(j + 1, i, c, g); return }
            let e = elems[j]
            if flexible { walk(j + 1, i, c + e.weight, g) }
            switch e.kind {
            case .literal:
                guard e.id >= 0, ws.best[Int(e.id)] > 0, i < n, mask[i] != 1 else { break }
                let s = sim(i, e.id).0
                if s > 0 && (flexible || s >= 1) { walk(j + 1, i + 1, c + e.weight * (1 - s), g + e.weight * s) }
                guard flexible else { break }
                if i + 1 < n, mask[i + 1] != 1, merge[i] == e.id { walk(j + 1, i + 2, c + e.weight * (1 - join), g + e.weight * join) }
                if j + 1 < m, j + 1 != skip, elems[j + 1].kind == .literal, splits(i, e.id, elems[j + 1].id) {
                    let w = e.weight + elems[j + 1].weight
                    walk(j + 2, i + 1, c + w * (1 - join), g + w * join)
                }
            case .param, .app:
                for s in e.kind == .app ? appSpans : paramSpans where s.start == i && usable(s) {
                    if !flexible && !s.isExact { continue }
                    let adj = adjacentUnknownPenalty(s.start, s.end, mask) + cutWordPenalty(s.start, s.end, literals: literals, mask)
                    walk(j + 1, s.end, c + e.weight * (1 - s.sim) + adj, g + e.weight * s.sim)
                }
            }
        }
        walk(0, 0, 0, 0)
        return walked <= Query.referencePathLimit ? paths : nil
    }
}

extension Query {
    /// Checks what `evaluate(set:…)` found for value `vi` of `set` (global variant `g`) against
    /// every span that starts and ends at a unit relating to one of the value's words (the
    /// spans it looks at), each aligned alone by enumerating every path (`referenceSlotSimilarity`):
    /// the same spans, with the same similarities, where the bound skipped none that reaches the
    /// minimum and one table gave every end's similarity. Spans within 1e-4 of the minimum are
    /// not compared. Writes to the workspace's `AlignmentCheck`.
    @inline(never)
    func checkSlotSpans(set: Int32, variantIndex vi: Int32, global g: Int, found: ArraySlice<SlotSpan>) {
        let minimum: Float = index.setIsApp[Int(set)] ? opts.model.minimumAppSimilarity : opts.model.minimumValueSimilarity
        let us = Int(index.variantUnitStart[g]), ue = Int(index.variantUnitStart[g + 1])
        let words = Array(index.variantUnits[us..<ue]), weights = Array(index.variantWeights[us..<ue])
        var mask = noUnits
        for u in words { mask.formUnion(hits(Int(u))) }
        var expected: [SlotSpan] = []
        var near: Set<Int> = []
        for a in 0..<n where mask.contains(a) {
            for b in a..<min(n, a + words.count + 2) where mask.contains(b) {
                let s = referenceSlotSimilarity(words, weights, index.variantTotalWeight[g], a, b + 1)
                if abs(s - minimum) <= 1e-4 { near.insert(a * (n + 1) + b + 1); continue }
                if s >= minimum && !numberContradicts(g, a, b + 1) { expected.append(SlotSpan(start: a, end: b + 1, variant: vi, sim: s)) }
            }
        }
        ws.pool.pointee.alignmentCheck.checked += 1
        let got = found.filter { !near.contains($0.start * (n + 1) + $0.end) }
        let same = got.count == expected.count && zip(got, expected).allSatisfy {
            $0.start == $1.start && $0.end == $1.end && abs($0.sim - $1.sim) <= 1e-4
        }
        if !same {
            func list(_ xs: [SlotSpan]) -> String { xs.map { "\($0.start)..<\($0.end) \($0.sim)" }.joined(separator: ", ") }
            let value = words.map { $0 >= 0 ? index.vocabText[Int($0)] : "?" }.joined(separator: " ")
            ws.pool.pointee.alignmentCheck.mismatches.append("\"\(text)\", value \"\(value)\": spans [\(list(got))], reference [\(list(expected))]")
        }
    }

    /// The similarity G / (W + I) of a value's words with the units [a, b): over every path (a
    /// unit inserted at its slot cost, a word left out at its weight, a word read from a unit,
    /// two units joined, one split), the least cost and among those the most gain.
    func referenceSlotSimilarity(_ words: [Int32], _ weights: [Float], _ total: Float, _ a: Int, _ b: Int) -> Float {
        let join = opts.model.joinSimilarity
        var best: (cost: Float, gain: Float, ins: Float) = (.infinity, 0, 0)
        func walk(_ j: Int, _ x: Int, _ c: Float, _ g: Float, _ i: Float) {
            if j == words.count && x == b {
                if c < best.cost - 1e-6 || (abs(c - best.cost) <= 1e-6 && g > best.gain) { best = (c, g, i) }
                return
            }
            if x < b {
                let si = opts.model.slotInsertion(for: wordClass[x])
                walk(j, x + 1, c + si, g, i + si)
            }
            guard j < words.count else { return }
            let w = weights[j]
            walk(j + 1, x, c + w, g, i)
            guard x < b else { return }
            let s = sim(x, words[j]).0
            if s > 0 { walk(j + 1, x + 1, c + w * (1 - s), g + w * s, i) }
            if x + 1 < b, merge[x] == words[j] { walk(j + 1, x + 2, c + w * (1 - join), g + w * join, i) }
            if j + 1 < words.count, splits(x, words[j], words[j + 1]) {
                let ww = w + weights[j + 1]
                walk(j + 2, x + 1, c + ww * (1 - join), g + ww * join, i)
            }
        }
        walk(0, a, 0, 0, 0)
        let d = total + best.ins
        return best.cost == .infinity || d <= 0 ? 0 : max(0, min(1, best.gain / d))
    }
}
