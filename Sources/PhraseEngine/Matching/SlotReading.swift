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
    /// The number of parameter slot sets (not app names) with a value said clearly
    /// (`clearValueSimilarity`, see `clearValues`).
    var clearValueSets = 0
}

extension Workspace {
    /// The span table lent to a query, emptied (its lists' storage kept: no allocation once
    /// warm). `returnSpans` gives it back.
    func takeSpans() -> SpanTable {
        pool.pointee.spans.removeAll()
        var s = SpanTable()
        swap(&s, &pool.pointee.spans)
        return s
    }

    /// Gives back the span table `takeSpans` lent.
    func returnSpans(_ s: SpanTable) {
        pool.pointee.spans = s
    }
}
