// The slot step's result: where the values of parameters and the apps' names are said, and what
// follows from them (found by `Query.findSlots` while the query is made).

/// What the slot step found (`Query.findSlots`, run by the query's initializer): complete when
/// the search starts, never changed after.
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
    /// The parameter slot sets (not app names) with a value said clearly (`clearValueSimilarity`),
    /// their apps (once each), and whether each row of the insertion costs with their values said
    /// (`Scratch.otherIns`) charges anything (`Query.clearValues`).
    var clearSets: [Int32] = []
    var clearApps: [Int32] = []
    var clearRowCharges: [Bool] = []
    /// The number of `clearSets`.
    var clearValueSets: Int { clearSets.count }
}

extension Workspace {
    /// A new slot reading whose tables are the workspace's (emptied, their storage kept: no
    /// allocation once warm), lent to a query for its life; `returnSlotReading` gives them back.
    func takeSlotReading() -> SlotReading {
        var r = SlotReading()
        swap(&r.spans, &pool.pointee.slotTables.spans)
        swap(&r.clearSets, &pool.pointee.slotTables.clearSets)
        swap(&r.clearApps, &pool.pointee.slotTables.clearApps)
        swap(&r.clearRowCharges, &pool.pointee.slotTables.clearRowCharges)
        r.spans.removeAll()
        r.clearSets.clear()
        r.clearApps.clear()
        r.clearRowCharges.clear()
        return r
    }

    /// Gives back the tables `takeSlotReading` lent: swapped back, as they were lent (`r` keeps
    /// the empty ones). (Assigning a copy of the reading retained every table, and released
    /// the workspace's, for the query to release them again.)
    func returnSlotReading(_ r: inout SlotReading) {
        swap(&r.spans, &pool.pointee.slotTables.spans)
        swap(&r.clearSets, &pool.pointee.slotTables.clearSets)
        swap(&r.clearApps, &pool.pointee.slotTables.clearApps)
        swap(&r.clearRowCharges, &pool.pointee.slotTables.clearRowCharges)
    }
}
