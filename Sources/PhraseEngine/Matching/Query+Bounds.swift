// Bounds: what a template can score at best, to skip the templates that cannot win.

extension Query {
    /// The target of a reading: app, shortcut and bound option (negatives: their template).
    func targetKey(_ s: Scored) -> Int64 { targetKey(template: s.template, option: s.option) }

    func targetKey(template t: Int, option: Int32?) -> Int64 {
        if index.templateIsNegative[t] { return -1 - Int64(t) }
        return Int64(index.templateApp[t]) << 40 | Int64(index.templateShortcut[t] & 0xFFFF) << 24
            | Int64((optionIndex(template: t, option: option) + 1) & 0xFF_FFFF)
    }

    /// Units covered by any span of each slot set.
    func slotCoverage(into out: inout [Units]) {
        out.clear()
        for list in spans.lists {
            var m = Units(units: n)
            for sp in list { m.formUnion(unitRange(sp.start, sp.end)) }
            out.append(m)
        }
    }

    func coverage(_ c: [Units], _ set: Int32) -> Units {
        for (k, s) in spans.sets.enumerated() where s == set { return c[k] }
        return Units(units: n)
    }

    /// The app span is taken; the connectors right next to it may be left out for free.
    /// Returns the units left usable (`mask` 0).
    @discardableResult
    func appMask(_ appSpan: SlotSpan?, into mask: UnsafeMutablePointer<UInt8>) -> Units {
        mask.update(repeating: 0, count: n)
        let all = unitRange(0, n)
        guard let a = appSpan else { return all }
        for u in a.start..<a.end { mask[u] = 1 }
        var k = a.start - 1
        while k >= 0, units[k].flags.contains(.connector) { mask[k] = 2; k -= 1 }
        let first = k + 1
        k = a.end
        while k < n, units[k].flags.contains(.connector) { mask[k] = 2; k += 1 }
        return all.subtracting(unitRange(first, k))
    }

    func bestSpanSim(_ set: Int32) -> Float { spans.best(set) }

    /// The gain of a template with every element at its best similarity (the numerator of
    /// `upperBound` without the app name).
    func bestGain(_ ti: Int) -> Float {
        var g: Float = 0
        for k in Int(index.templateElemStart[ti])..<Int(index.templateElemStart[ti + 1]) {
            let e = index.templateElems[k]
            switch e.kind {
            case .literal: g += e.weight * ws.best[Int(e.id)]
            case .param, .app: g += e.weight * bestSpanSim(e.id)
            }
        }
        return g
    }

    /// The units that the app name takes in every reading
    /// of a template of `app` that names it, and whether every reading names it (see
    /// `evaluate`: the name heard at `appNameSureSimilarity` or better, read at one of its
    /// first `appReadings` spans).
    func appUnitsTaken(_ app: Int) -> AppUnits {
        opts.exhaustive ? AppUnits(units: Units(units: n), sure: false) : appNameUnits(app)
    }


    /// The lowest score still worth finding once a reading scored `score`: below the result
    /// window under it nothing is listed, and nothing decides — the no-app rule looks for
    /// another app's result down to `noAppThreshold` minus the margin. (With a slack under the
    /// rounding of listed scores.)
    @inline(__always)
    func reach(after score: Float) -> Float {
        min(score - Float(max(opts.resultWindow, opts.ambiguityMargin)) - 1e-3, Float(opts.noAppThreshold - opts.ambiguityMargin))
    }

    /// `appUnitsTaken(app)`, computed again only for another app than the last (`lastApp`, `last`).
    @inline(__always)
    func appUnits(_ app: Int, _ lastApp: inout Int, _ last: inout AppUnits) -> AppUnits {
        if app != lastApp { last = appUnitsTaken(app); lastApp = app }
        return last
    }

    /// The units that relate to a literal of template `ti` (`hits`, see `markHits`).
    func literalUnits(_ ti: Int) -> Units {
        var u = Units(units: n)
        for k in Int(index.templateElemStart[ti])..<Int(index.templateElemStart[ti + 1]) where index.templateElems[k].kind == .literal {
            u.formUnion(hits(Int(index.templateElems[k].id)))
        }
        return u
    }

    /// The units the literals of `elems` relate to (`literalUnits` of a list of elements).
    func literalUnits(of elems: [CompiledTemplate.Elem]) -> Units {
        var u = Units(units: n)
        for e in elems where e.kind == .literal && e.id >= 0 { u.formUnion(hits(Int(e.id))) }
        return u
    }

    /// An upper bound of a template's score: every element at its best similarity, and the
    /// units no element can take inserted at their cost (the app name's and its connectors free).
    /// `g` is `bestGain(ti)`; `taken` (refined only): the app name's units in every reading.
    @inline(__always)
    func upperBound(_ ti: Int, coverage cov: [Units], refined: Bool, gain g: Float, taken: AppUnits) -> Float {
        let paramSet = index.templateParamSet[ti], hasApp = index.templateHasApp[ti]
        let app = Int(index.templateApp[ti]), totalWeight = index.templateTotalWeight[ti]
        var minIns: Float = 0
        // Where every reading names the app: the gain of the literals heard only in the units
        // its name takes in every reading (`taken`), which no such reading can give them.
        var lost: Float = 0
        if refined {
            var covered = joinedUnits.union(connectorUnits)
            if paramSet >= 0 { covered.formUnion(coverage(cov, paramSet)) }
            if hasApp { covered.formUnion(coverage(cov, index.appSlot[app])) }
            // A unit is usable when it relates to a literal of the template (`ws.hits`: every
            // unit match has a similarity above 0) or is part of a merged or split word.
            for k in Int(index.templateElemStart[ti])..<Int(index.templateElemStart[ti + 1]) where index.templateElems[k].kind == .literal {
                let id = Int(index.templateElems[k].id)
                let h = hits(id)
                covered.formUnion(h)
                if h.subtracting(taken.units).isEmpty { lost += index.templateElems[k].weight * ws.best[id] }
            }
            // The units no element can take, connectors aside, in unit order.
            minIns = forcedInsertions(free: unitRange(0, n), cover: covered,
                                      ins: otherValueInsertions(paramSet, app: index.templateApp[ti], negative: index.templateIsNegative[ti]))
        }
        let appW: Float = hasApp ? index.model.appWeight : 0
        let appG = hasApp ? appW * bestSpanSim(index.appSlot[app]) : 0
        let namedOnly = hasApp && taken.sure
        let named = scale(gain: (namedOnly ? g - lost : g) + appG, weight: totalWeight, insertions: minIns)
        if namedOnly { return min(1, named) }
        let noApp = scale(gain: g, weight: totalWeight - appW, insertions: minIns, factor: opts.model.noAppFactor)
        return min(1, max(named, noApp))
    }

    /// Insertion cost of the usable units (`mask` 0) outside `cover`: units no element of a
    /// reading can take. The usable units are given as a set (`free`); costs are added in unit
    /// order.
    @inline(__always)
    func forcedInsertions(free: Units, cover: Units, ins: UnsafeMutablePointer<Float>?) -> Float {
        var c: Float = 0
        var x = free.subtracting(cover)
        if let ins {
            while let i = x.popFirst() { c += ins[i] }
        } else {
            while let i = x.popFirst() { c += insCost[i] }
        }
        return c
    }
}

/// The units an app's name takes in every reading that names it, and whether every reading
/// names it (`Query.appNameUnits`).
struct AppNameUnits<Units: UnitBits> { var units: Units; var sure: Bool }

extension Query {
    typealias AppUnits = AppNameUnits<Units>

    /// `appUnitsTaken` whatever the search (`findSlots` reads it in the exhaustive search too).
    func appNameUnits(_ app: Int) -> AppUnits {
        guard let list = spans[index.appSlot[app]], let first = list.first,
              first.sim >= opts.model.appNameSureSimilarity else { return AppUnits(units: Units(units: n), sure: false) }
        var m = unitRange(first.start, first.end)
        for s in list.prefix(Query.appReadings).dropFirst() { m.formIntersection(unitRange(s.start, s.end)) }
        return AppUnits(units: m, sure: true)
    }
}
