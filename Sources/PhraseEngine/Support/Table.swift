/// An immutable array of plain values read through a pointer, for the index's hot tables.
///
/// An `Array` stored in a class is retained and released around a read whenever the optimizer
/// cannot prove the class alive across it (an atomic operation each way, on every lookup of the
/// matcher's inner loops). A table keeps its elements in a `ContiguousArray` (native storage,
/// never bridged) only as the owner of the storage, which never moves (it is never mutated), and
/// reads through the storage's address: a read loads a pointer. Reads are bounds-checked like an
/// array's.
struct Table<Element: BitwiseCopyable>: RandomAccessCollection {
    private let owner: ContiguousArray<Element>
    private let base: UnsafePointer<Element>?
    let count: Int

    init(_ array: [Element]) {
        owner = ContiguousArray(array)
        count = owner.count
        base = owner.withUnsafeBufferPointer { $0.baseAddress }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    @inline(__always)
    subscript(i: Int) -> Element {
        precondition(UInt(bitPattern: i) < UInt(bitPattern: count), "Table index out of range")
        return base.unsafelyUnwrapped[i]
    }

    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }
}

extension Table: @unchecked Sendable where Element: Sendable {}

extension Array {
    /// `count` copies of `value`, as `Array(repeating:count:)` makes them, for the arrays made on
    /// every utterance: that initializer allocates through the standard library's unspecialized
    /// `_allocateBufferUninitialized`, which looks up the metadata of the storage class at each
    /// call (some 400 instructions, more than the filling of a short array); `append(contentsOf:)`
    /// is specialized for the element and reads the metadata from a cache.
    @inline(__always)
    init(filledWith value: Element, count: Int) {
        self.init()
        append(contentsOf: repeatElement(value, count: count))
    }
}
