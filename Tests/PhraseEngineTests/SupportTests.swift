import Testing
@testable import PhraseEngine

@Suite struct SupportTests {
    /// A `Table` reads what its array holds, in order, through copies of the table too.
    @Test func tableReadsItsArray() {
        var rng = ReferenceSearchTests.SplitMix(state: 99)
        for count in [0, 1, 2, 17, 1_000] {
            let values = (0..<count).map { _ in Int32(truncatingIfNeeded: rng.next()) }
            let t = Table(values)
            let copy = t
            #expect(t.count == count && t.isEmpty == values.isEmpty)
            #expect(Array(t) == values)
            #expect(copy.indices.allSatisfy { copy[$0] == values[$0] })
            #expect(t.withUnsafeBufferPointer { Array($0) } == values)
        }
    }
}
