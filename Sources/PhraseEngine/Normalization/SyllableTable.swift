import Foundation
import Synchronization

/// The syllable of each single Han and kana character, as ICU's `Any-Latin; Latin-ASCII; Lower`
/// romanizes it, letters only (水 → shui, 記 → ji, カ → ka): `Locales/profiles/readings/syllables.txt`.
///
/// A single character's syllable is the sound key that lets homophone characters meet
/// (`IndexBuilder.phonetic`). Asking ICU for it compiles the Han-Latin rules on first use, which
/// is most of a one-shot Japanese `match` (850 of 2,350 million instructions). The table holds
/// the same answers, made by ICU itself: `PE_WRITE_SYLLABLES=1 swift test --filter
/// SyllableTableTests` rewrites it, and the test checks every entry against ICU when the ICU
/// version is the one the file names. A character outside the file's ranges (Han beyond the BMP)
/// is still asked of ICU.
///
/// Format (UTF-8): `#` lines are comments; every other line is `<first code point, hex><TAB>` and
/// the keys of consecutive code points from it, separated by spaces, `-` for a character ICU
/// gives no letters for.
final class SyllableTable: Sendable {
    /// Per line: its first code point and the index of its first key.
    private let lineStart: [UInt32]
    private let lineFirstKey: [Int32]
    /// Key k is bytes[keyStart[k] ..< keyStart[k + 1]] (empty: no syllable).
    private let keyStart: [Int32]
    private let bytes: [UInt8]
    /// The ICU version the file was made with (its `# icu` line), or "".
    let icuVersion: String

    /// The code point ranges the table covers, as the generator writes them.
    static let ranges: [ClosedRange<UInt32>] = [0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF]

    static let fileName = "readings/syllables.txt"

    private static let loaded = Mutex<[String: SyllableTable?]>([:])

    /// The table of the store's folder, loaded once; nil when the file is missing or unreadable
    /// (ICU answers then).
    static func shared(store: LocaleStore = .shared) -> SyllableTable? {
        guard let dir = store.directory else { return nil }
        let path = "\(dir)/\(fileName)"
        if let t = loaded.withLock({ $0[path] }) { return t }
        let t = FileManager.default.contents(atPath: path).flatMap { try? SyllableTable(bytes: Array($0)) }
        loaded.withLock { $0[path] = t }
        return t
    }

    struct FormatError: Error { let line: Int }

    init(bytes data: [UInt8]) throws(FormatError) {
        var lineStart: [UInt32] = [], lineFirstKey: [Int32] = [], keyStart: [Int32] = [], out: [UInt8] = []
        var version = ""
        var line = 0
        for raw in data.split(separator: 0x0A, omittingEmptySubsequences: false) {
            line += 1
            if raw.isEmpty { continue }
            if raw.first == UInt8(ascii: "#") {
                let text = String(decoding: raw, as: UTF8.self)
                if text.hasPrefix("# icu ") { version = String(text.dropFirst(6)) }
                continue
            }
            guard let tab = raw.firstIndex(of: 0x09), let start = UInt32(String(decoding: raw[raw.startIndex..<tab], as: UTF8.self), radix: 16),
                  lineStart.last.map({ start > $0 }) ?? true else { throw FormatError(line: line) }
            lineStart.append(start)
            lineFirstKey.append(Int32(keyStart.count))
            for k in raw[(tab + 1)...].split(separator: 0x20) {
                keyStart.append(Int32(out.count))
                guard k.allSatisfy({ $0 == UInt8(ascii: "-") || ($0 >= 0x61 && $0 <= 0x7A) }) else { throw FormatError(line: line) }
                if k.first != UInt8(ascii: "-") { out.append(contentsOf: k) }
            }
        }
        keyStart.append(Int32(out.count))
        lineFirstKey.append(Int32(keyStart.count - 1))
        self.lineStart = lineStart
        self.lineFirstKey = lineFirstKey
        self.keyStart = keyStart
        self.bytes = out
        self.icuVersion = version
    }

    /// The syllable of code point `v` ("" for a character without one), or nil when the table
    /// does not cover it.
    func syllable(_ v: UInt32) -> String? {
        var lo = 0, hi = lineStart.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if lineStart[mid] <= v { lo = mid + 1 } else { hi = mid }
        }
        guard lo > 0 else { return nil }
        let line = lo - 1
        let k = Int(lineFirstKey[line]) + Int(v - lineStart[line])
        guard k < Int(lineFirstKey[line + 1]) else { return nil }
        return String(decoding: bytes[Int(keyStart[k])..<Int(keyStart[k + 1])], as: UTF8.self)
    }
}
