import CICUShim
import Synchronization

/// Thin Swift wrappers over the C shim. Every ICU call in PhraseEngine goes through here.
public enum ICU {
    public static var version: String { String(cString: pe_icu_version()) }

    /// Runs a shim function that writes UTF-16 into a caller buffer, growing it on overflow.
    @inline(__always)
    static func withGrowingBuffer(
        initial: Int,
        _ body: (UnsafeMutablePointer<UInt16>, Int32, inout Int32) -> Int32
    ) -> [UInt16]? {
        var cap = max(initial, 16)
        for _ in 0..<3 {
            var status: Int32 = 0
            var out = [UInt16](repeating: 0, count: cap)
            let n = out.withUnsafeMutableBufferPointer { buf -> Int32 in
                guard let base = buf.baseAddress else { return 0 }
                return body(base, Int32(cap), &status)
            }
            // U_BUFFER_OVERFLOW_ERROR = 15, U_STRING_NOT_TERMINATED_WARNING = -124
            if status == 15 || Int(n) > cap { cap = Int(n) + 16; continue }
            if status > 0 { return nil }
            out.removeSubrange(Int(n)...)
            return out
        }
        return nil
    }

    static func nfkc(_ s: [UInt16]) -> [UInt16] {
        s.withUnsafeBufferPointer { src in
            withGrowingBuffer(initial: src.count * 2 + 8) { dst, cap, st in
                pe_nfkc(src.baseAddress, Int32(src.count), dst, cap, &st)
            }
        } ?? s
    }

    static func nfd(_ s: [UInt16]) -> [UInt16] {
        s.withUnsafeBufferPointer { src in
            withGrowingBuffer(initial: src.count * 3 + 8) { dst, cap, st in
                pe_nfd(src.baseAddress, Int32(src.count), dst, cap, &st)
            }
        } ?? s
    }

    static func lower(_ s: [UInt16], locale: String) -> [UInt16] {
        s.withUnsafeBufferPointer { src in
            locale.withCString { loc in
                withGrowingBuffer(initial: src.count + 8) { dst, cap, st in
                    pe_lower(src.baseAddress, Int32(src.count), dst, cap, loc, &st)
                }
            }
        } ?? s
    }

    static func fold(_ s: [UInt16], turkic: Bool) -> [UInt16] {
        s.withUnsafeBufferPointer { src in
            withGrowingBuffer(initial: src.count + 8) { dst, cap, st in
                pe_fold(src.baseAddress, Int32(src.count), dst, cap, turkic ? 1 : 0, &st)
            }
        } ?? s
    }

    /// UCharCategory of a code point.
    static func charType(_ cp: UInt32) -> Int32 { pe_char_type(Int32(bitPattern: cp)) }
    /// UScriptCode of a code point.
    static func script(_ cp: UInt32) -> Int32 { pe_script(Int32(bitPattern: cp)) }
}

extension Array where Element == UInt16 {
    init(utf16Of s: String) { self = Array(s.utf16) }
    var string: String { String(decoding: self, as: UTF16.self) }
}

/// ICU handles of one kind (transliterators, break iterators), cloned from a prototype that is
/// only ever cloned: a use takes a free clone (cloning one when none is free) and gives it back,
/// so threads never wait on each other's ICU work, only for the moment it takes to take a
/// handle. At most as many clones exist as threads ever used one at once. Clones behave
/// exactly as the prototype: results do not depend on which one runs.
private final class HandlePool: Sendable {
    /// A handle passed out of the lock (used by one thread at a time).
    private struct Handle: @unchecked Sendable { let pointer: UnsafeMutableRawPointer }
    private struct State {
        var prototype: Handle
        var free: [Handle] = []
    }
    private let state: Mutex<State>
    private let clone: @Sendable (UnsafeMutableRawPointer, UnsafeMutablePointer<Int32>) -> UnsafeMutableRawPointer?
    private let close: @Sendable (UnsafeMutableRawPointer) -> Void

    init(prototype: UnsafeMutableRawPointer,
         clone: @escaping @Sendable (UnsafeMutableRawPointer, UnsafeMutablePointer<Int32>) -> UnsafeMutableRawPointer?,
         close: @escaping @Sendable (UnsafeMutableRawPointer) -> Void) {
        state = Mutex(State(prototype: Handle(pointer: prototype)))
        self.clone = clone
        self.close = close
    }

    deinit {
        state.withLock { s in
            close(s.prototype.pointer)
            for h in s.free { close(h.pointer) }
        }
    }

    /// Runs `body` with a handle of its own (the prototype itself, under the lock, should
    /// cloning fail).
    func with<R: Sendable>(_ body: (UnsafeMutableRawPointer) -> R) -> R {
        let taken: Handle? = state.withLock { s -> Handle? in
            if let h = s.free.popLast() { return h }
            var st: Int32 = 0
            guard let c = clone(s.prototype.pointer, &st), st <= 0 else { return nil }
            return Handle(pointer: c)
        }
        guard let h = taken else {
            return state.withLock { s -> R in body(s.prototype.pointer) }
        }
        let r = body(h.pointer)
        state.withLock { $0.free.append(h) }
        return r
    }
}

/// An ICU transliterator. ICU transliterators are not safe to share across threads: each use
/// takes a clone of its own (`HandlePool`).
final class Transliterator: Sendable {
    private let pool: HandlePool
    let id: String

    init?(_ id: String) {
        let u = Array(id.utf16)
        var st: Int32 = 0
        let h = u.withUnsafeBufferPointer { pe_translit_open($0.baseAddress, Int32($0.count), &st) }
        guard let h, st <= 0 else { return nil }
        pool = HandlePool(prototype: h, clone: { pe_translit_clone($0, $1) }, close: { pe_translit_close($0) })
        self.id = id
    }

    func transliterate(_ s: [UInt16]) -> [UInt16] {
        pool.with { h -> [UInt16] in
            var cap = s.count * 4 + 16
            for _ in 0..<3 {
                var buf = s
                buf.append(contentsOf: repeatElement(0, count: cap - s.count))
                var st: Int32 = 0
                let n = buf.withUnsafeMutableBufferPointer {
                    pe_translit(h, $0.baseAddress, Int32(s.count), Int32(cap), &st)
                }
                if st == 15 || Int(n) > cap { cap = Int(n) * 2 + 16; continue }
                if st > 0 { return s }
                buf.removeSubrange(Int(n)...)
                return buf
            }
            return s
        }
    }

    func transliterate(_ s: String) -> String { transliterate(Array(s.utf16)).string }
}

/// An ICU word break iterator for one locale; each use takes a clone of its own (`HandlePool`).
final class WordBreaker: Sendable {
    private let pool: HandlePool

    struct Segment: Sendable { var start: Int; var end: Int; var status: Int32 }

    init?(locale: String) {
        var st: Int32 = 0
        let h = locale.withCString { pe_wordbreak_open($0, &st) }
        guard let h, st <= 0 else { return nil }
        pool = HandlePool(prototype: h, clone: { pe_wordbreak_clone($0, $1) }, close: { pe_wordbreak_close($0) })
    }

    /// Segments UTF-16 text. Thread-safe: each call uses an iterator no other thread is using.
    func segments(_ text: [UInt16]) -> [Segment] {
        if text.isEmpty { return [] }
        return pool.with { h -> [Segment] in
            var cap = Swift.max(16, text.count / 2 + 8)
            for _ in 0..<2 {
                // The starts, ends and statuses, `cap` each, in one buffer on the stack (three
                // arrays cost an allocation each, through the standard library's unspecialized
                // path: see `Array(filledWith:count:)`).
                let found: [Segment]? = withUnsafeTemporaryAllocation(of: Int32.self, capacity: 3 * cap) { buf in
                    buf.initialize(repeating: 0)
                    defer { buf.deinitialize() }
                    guard let starts = buf.baseAddress else { return [Segment(start: 0, end: text.count, status: 200)] }
                    let ends = starts + cap, statuses = starts + 2 * cap
                    var st: Int32 = 0
                    let n = text.withUnsafeBufferPointer { t in
                        pe_wordbreak_segment(h, t.baseAddress, Int32(t.count), starts, ends, statuses, Int32(cap), &st)
                    }
                    if st > 0 { return [Segment(start: 0, end: text.count, status: 200)] }
                    if Int(n) > cap { cap = Int(n) + 1; return nil }
                    var out: [Segment] = []
                    out.reserveCapacity(Int(n))
                    for i in 0..<Int(n) {
                        out.append(Segment(start: Int(starts[i]), end: Int(ends[i]), status: statuses[i]))
                    }
                    return out
                }
                if let found { return found }
            }
            return [Segment(start: 0, end: text.count, status: 200)]
        }
    }
}

/// ICU rule-based number spellout for one locale.
final class Spellout {
    private let handle: UnsafeMutableRawPointer

    init?(locale: String) {
        var st: Int32 = 0
        guard let h = locale.withCString({ pe_spellout_open($0, &st) }), st <= 0 else { return nil }
        handle = h
    }

    deinit { pe_spellout_close(handle) }

    var ruleSets: [String] {
        let out = ICU.withGrowingBuffer(initial: 512) { dst, cap, st in
            pe_spellout_rulesets(handle, dst, cap, &st)
        }
        guard let out else { return [] }
        return out.string.split(separator: ";").map(String.init).filter { !$0.isEmpty }
    }

    func format(_ n: Int, ruleSet: String) -> String? {
        let rs = Array(ruleSet.utf16)
        let out = rs.withUnsafeBufferPointer { r in
            ICU.withGrowingBuffer(initial: 64) { dst, cap, st in
                pe_spellout_format(handle, Int64(n), r.baseAddress, Int32(r.count), dst, cap, &st)
            }
        }
        return out?.string
    }
}
