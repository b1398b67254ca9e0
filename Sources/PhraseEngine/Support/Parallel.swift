import Dispatch
import Foundation
import Synchronization

/// Runs `body(i)` for i in 0..<count on worker threads and returns the results in index order, the
/// same as one thread. Workers claim chunks of indices from a shared counter (a slow or preempted
/// worker holds up no one) and write each result straight into its slot of the output array.
public enum Parallel {
    public static func map<T: Sendable>(count n: Int, threads: Int? = nil, chunk: Int = 64,
                       progress: (@Sendable (Int, Int) -> Void)? = nil, _ body: @Sendable (Int) -> T) -> [T] {
        guard n > 0 else { return [] }
        let chunk = max(1, chunk)
        let chunks = (n + chunk - 1) / chunk
        let workers = max(1, min(threads ?? ProcessInfo.processInfo.activeProcessorCount, 64, chunks))
        return [T](unsafeUninitializedCapacity: n) { buffer, initialized in
            guard let base = buffer.baseAddress else { initialized = 0; return }
            if workers == 1 {
                for i in 0..<n {
                    (base + i).initialize(to: body(i))
                    if let progress, (i + 1) % chunk == 0 || i + 1 == n { progress(i + 1, n) }
                }
                initialized = n
                return
            }
            let out = SendablePointer(base)
            let next = ChunkCounter()
            let done = ChunkCounter()
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                work(chunks: chunks, chunk: chunk, count: n, next: next, out: out, body) { k in
                    if let progress { progress(done.add(k), n) }
                }
            }
            // Every chunk was claimed exactly once and finished before concurrentPerform returned.
            initialized = n
        }
    }
}

extension Parallel {
    /// `map` on threads of its own rather than Dispatch's workers. Called from inside a `map`
    /// worker (a table built lazily under a lock the other workers wait on: a locale's phrase
    /// vectors), a nested `concurrentPerform` runs on the calling thread alone; these threads
    /// take the cores the waiting workers leave idle. Same results, in index order.
    public static func mapOnOwnThreads<T: Sendable>(count n: Int, threads: Int? = nil, chunk: Int = 64,
                                                    _ body: @escaping @Sendable (Int) -> T) -> [T] {
        guard n > 0 else { return [] }
        let chunk = max(1, chunk)
        let chunks = (n + chunk - 1) / chunk
        let workers = max(1, min(threads ?? ProcessInfo.processInfo.activeProcessorCount, 64, chunks))
        if workers == 1 { return map(count: n, threads: 1, chunk: chunk, body) }
        return [T](unsafeUninitializedCapacity: n) { buffer, initialized in
            guard let base = buffer.baseAddress else { initialized = 0; return }
            let out = SendablePointer(base)
            let next = ChunkCounter()
            let finished = DispatchSemaphore(value: 0)
            for _ in 0..<workers {
                let t = Thread {
                    work(chunks: chunks, chunk: chunk, count: n, next: next, out: out, body) { _ in }
                    finished.signal()
                }
                t.stackSize = 8 << 20
                t.start()
            }
            for _ in 0..<workers { finished.wait() }
            // Every chunk was claimed exactly once and finished before its thread signalled.
            initialized = n
        }
    }
}

extension Parallel {
    /// One worker's loop: claims chunks from `next` until none is left, writes each result into
    /// its slot of `out`, and reports each finished chunk's size to `finished`.
    @inline(__always)
    static func work<T>(chunks: Int, chunk: Int, count n: Int, next: ChunkCounter, out: SendablePointer<T>,
                        _ body: (Int) -> T, finished: (Int) -> Void) {
        while true {
            let c = next.add(1) - 1
            if c >= chunks { break }
            let lo = c * chunk, hi = min(n, lo + chunk)
            for i in lo..<hi { (out.base + i).initialize(to: body(i)) }
            finished(hi - lo)
        }
    }
}

/// A shared counter of claimed chunks (or of finished items).
final class ChunkCounter: Sendable {
    private let value = Atomic<Int>(0)
    /// Adds `k` and returns the new value.
    func add(_ k: Int) -> Int { value.wrappingAdd(k, ordering: .relaxed).newValue }
}

/// Disjoint-index writes from concurrent workers.
struct SendablePointer<T>: @unchecked Sendable {
    let base: UnsafeMutablePointer<T>
    init(_ b: UnsafeMutablePointer<T>) { base = b }
}
