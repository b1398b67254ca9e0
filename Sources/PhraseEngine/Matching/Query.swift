/// The search over one prepared utterance (`PreparedUtterance`) and its slot reading
/// (`SlotReading`) against one locale index: candidates by their bounds, readings, alignment,
/// free text, an unknown value and the decision (`search`, `runExact`). Made only once both are
/// complete (`Query.run`), never changed after: every step is a function of the utterance, the
/// slots, the index and the score model. (Scratch memory is the workspace's.)
/// Generic over the set of units (`UnitBits`): `UInt64` under 64 units, `WideUnits` beyond.
struct Query<Units: UnitBits>: ReadsUtterance {
    /// The utterance, prepared (and revised by the slot step: `SlotFinder`).
    let u: PreparedUtterance<Units>
    /// Where values and app names are said, and what follows from them.
    let slots: SlotReading
    /// The options, behind a reference: stored inline (592 bytes), they were copied to the stack
    /// at nearly every call of a `Query` method from a mutating one (about 1,100 instructions an
    /// utterance, en habits).
    private var options: QueryOptions
    /// The options of this query. (Setting them, which only exact mode does, makes a new box.)
    var opts: MatchOptions {
        @inline(__always) get { options.value }
        set { options = QueryOptions(newValue) }
    }

    init(u: PreparedUtterance<Units>, slots: SlotReading, options: QueryOptions) {
        self.u = u
        self.slots = slots
        self.options = options
    }

    /// The longest run of unknown words read as one value the app does not have.
    static var unknownValueMaxWords: Int { 4 }
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
