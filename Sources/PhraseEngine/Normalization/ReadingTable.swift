import Foundation
import Synchronization

/// How words written with Han characters are read (Japanese: `Locales/profiles/readings/ja.tsv`,
/// made from IPADIC by `Locales/tools/make_ja_readings.py`): the profile's `readings` file, one
/// `word<TAB>reading` per line, sorted by the word's UTF-8 bytes.
///
/// ICU romanizes Han characters by their Mandarin reading, which says nothing of how a Japanese
/// word sounds: 会議 and 懐疑 (both kaigi) get unrelated keys, and 今日 does not meet the kana
/// きょう a recognizer may write instead. With a reading table the sound key of a Japanese word is
/// the key of its reading.
///
/// The table is one byte buffer and an index of offsets (no per-entry strings); a lookup is a
/// binary search. Tables are loaded once per file and shared.
final class ReadingTable: Sendable {
    private let bytes: [UInt8]
    /// Per entry: word start, word end, reading end (the reading starts after the tab).
    private let index: [UInt32]
    /// The longest word, in scalars.
    let maxLength: Int

    var count: Int { index.count / 3 }

    private static let loaded = Mutex<[String: ReadingTable]>([:])

    /// The table of a file, loaded once per process.
    static func shared(path: String) throws(LocaleProfile.LoadError) -> ReadingTable {
        if let t = loaded.withLock({ $0[path] }) { return t }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LocaleProfile.LoadError(file: path, message: "cannot read the reading table")
        }
        let t = try ReadingTable(bytes: Array(data), file: path)
        loaded.withLock { $0[path] = t }
        return t
    }

    init(bytes: [UInt8], file: String) throws(LocaleProfile.LoadError) {
        var index: [UInt32] = []
        var maxLength = 0
        var line = 1, start = 0, tab = -1
        var i = 0
        let n = bytes.count
        guard n < Int(UInt32.max) else { throw LocaleProfile.LoadError(file: file, message: "file too large") }
        while i <= n {
            if i == n || bytes[i] == 0x0A {
                if i > start {
                    guard tab > start, tab < i - 1 else {
                        throw LocaleProfile.LoadError(file: "\(file):\(line)", message: "expected word<TAB>reading")
                    }
                    index.append(UInt32(start)); index.append(UInt32(tab)); index.append(UInt32(i))
                    var scalars = 0
                    for b in bytes[start..<tab] where b & 0xC0 != 0x80 { scalars += 1 }
                    maxLength = max(maxLength, scalars)
                }
                line += 1; start = i + 1; tab = -1
            } else if bytes[i] == 0x09, tab < 0 {
                tab = i
            }
            i += 1
        }
        self.bytes = bytes
        // Sorted by the word's bytes (the generator writes them so); sorted here if not.
        var order = Array(0..<(index.count / 3))
        // (The word of entry k.)
        func word(_ p: UnsafeBufferPointer<UInt8>, _ k: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: p[Int(index[3 * k])..<Int(index[3 * k + 1])])
        }
        let sorted = bytes.withUnsafeBufferPointer { p in
            order.indices.dropFirst().allSatisfy { k in ReadingTable.compare(word(p, k - 1), word(p, k)) < 0 }
        }
        if !sorted {
            bytes.withUnsafeBufferPointer { p in order.sort { ReadingTable.compare(word(p, $0), word(p, $1)) < 0 } }
            var re: [UInt32] = []
            re.reserveCapacity(index.count)
            for k in order { re.append(contentsOf: index[3 * k..<3 * k + 3]) }
            index = re
        }
        self.index = index
        self.maxLength = maxLength
    }

    /// Byte order of two words: negative, zero or positive.
    private static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let m = min(a.count, b.count)
        for k in 0..<m where a[k] != b[k] { return Int(a[k]) - Int(b[k]) }
        return a.count - b.count
    }

    /// The entry whose word is exactly `key`.
    private func find(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
        var lo = 0, hi = count
        return bytes.withUnsafeBufferPointer { b -> Int? in
            while lo < hi {
                let mid = (lo + hi) / 2
                let c = ReadingTable.compare(UnsafeBufferPointer(rebasing: b[Int(index[3 * mid])..<Int(index[3 * mid + 1])]), key)
                if c == 0 { return mid }
                if c < 0 { lo = mid + 1 } else { hi = mid }
            }
            return nil
        }
    }

    /// Whether a scalar is one the table's words are written with and a reading replaces
    /// (Han ideographs, the iteration mark 々, 〆 and the small ヶ).
    static func needsReading(_ v: UInt32) -> Bool {
        Script.isHan(v) || v == 0x3005 || v == 0x3006 || v == 0x30F6
    }

    /// The word with its Han characters replaced by their reading: at each position the longest
    /// word of the table that starts there and contains a Han character; a Han character no word
    /// covers is kept (the romanizer reads it). Nil when the word has no Han character.
    func read(_ word: String) -> String? {
        // A word without a Han character has no reading (`readUncached`): told from its scalars,
        // not looked up (a string's hash and comparison cost some 40 instructions a kana).
        guard word.unicodeScalars.contains(where: { ReadingTable.needsReading($0.value) }) else { return nil }
        // Words come again (a catalog's words, an app's name): each is read once. (Bounded:
        // emptied when it grows past 50,000 words.)
        if let r = memo.withLock({ $0[word] }) { return r }
        let r = readUncached(word)
        memo.withLock { m in
            if m.count >= 50_000 { m.removeAll(keepingCapacity: true) }
            m[word] = .some(r)
        }
        return r
    }

    /// The words read so far (`read`), and their readings.
    private let memo = Mutex<[String: String?]>([:])

    private func readUncached(_ word: String) -> String? {
        var lastHan = -1
        for (k, u) in word.unicodeScalars.enumerated() where ReadingTable.needsReading(u.value) { lastHan = k }
        guard lastHan >= 0 else { return nil }
        let scalars = Array(word.unicodeScalars)
        // The word's UTF-8 and the byte offset of each scalar, for the candidate keys.
        let utf8 = Array(word.utf8)
        var offsets: [Int] = [0]
        for u in scalars { offsets.append(offsets[offsets.count - 1] + UTF8.width(u)) }
        // The first position at or after each one with a Han character (scalars.count: none).
        var nextHan = [Int](filledWith: scalars.count, count: scalars.count + 1)
        for k in stride(from: scalars.count - 1, through: 0, by: -1) {
            nextHan[k] = ReadingTable.needsReading(scalars[k].value) ? k : nextHan[k + 1]
        }
        // (A string: a reading appended as a string, not its scalars one by one through
        // `UnicodeScalarView.append(contentsOf:)`, which is not specialized.)
        var out = ""
        var i = 0
        utf8.withUnsafeBufferPointer { p in
            while i < scalars.count {
                // Every word of the table contains a Han character: none starts after the last one.
                if i <= lastHan {
                    var taken = false
                    var len = min(maxLength, scalars.count - i)
                    // (A window without a Han character is no word of the table, nor is a shorter one.)
                    while len > 0 && nextHan[i] < i + len {
                        if let e = find(UnsafeBufferPointer(rebasing: p[offsets[i]..<offsets[i + len]])) {
                            let rs = Int(index[3 * e + 1]) + 1, re = Int(index[3 * e + 2])
                            out += String(decoding: bytes[rs..<re], as: UTF8.self)
                            i += len
                            taken = true
                            break
                        }
                        len -= 1
                    }
                    if taken { continue }
                }
                out.unicodeScalars.append(scalars[i])
                i += 1
            }
        }
        return out
    }
}

/// Japanese words of the catalogs by how they are read, for words an utterance writes another
/// way: a recognizer picks one of several homophone kanji (官僚 for 完了, 会議 / 懐疑) or writes
/// kana for kanji (きょう for 今日, つぎのきょく for 次の曲), and the catalogs' words then share no
/// character with them although they sound the same (`Query.readHomophones`).
///
/// Every run of one to three Han or kana words of a catalog text (a phrase's literal text, a
/// name, a value) is keyed by its reading (each word's `Normalizer.spoken`, in a row). A reading
/// two different runs share is left out: it cannot say which one is meant.
struct ReadingWindows: Sendable {
    /// Hash of a reading (`hash`) → the reading and the run of catalog words read so
    /// (normalized, with their flags).
    let runs: HashTable<(reading: [UInt32], run: [Raw])>
    /// Hashes of the Han and kana words of the catalogs' texts.
    let words: HashKeys
    /// Hashes of every piece of up to `maxPiece` characters of a run of Han and kana words of
    /// the catalogs' texts, as normalized ("ルナ" although the segmenter cuts it ル|ナ).
    let pieces: HashKeys
    /// The longest reading, in scalars.
    let maxReading: Int

    static let maxWords = 3
    static let maxPiece = 16

    /// FNV-1a over scalar values (as `LocaleIndex.scalarHash`), extended one scalar at a time
    /// (`hash(h, v)` from `hashSeed`): lookups hash as they go, with no string or array made. The words and pieces are tested
    /// by hash alone (a 64-bit collision among a catalog's few thousand pieces is out of reach);
    /// a run is compared with its reading.
    static let hashSeed = fnvOffsetBasis
    @inline(__always)
    static func hash(_ h: UInt64, _ v: UInt32) -> UInt64 { fnvStep(h, UInt64(v)) }
    static func hash<S: Sequence>(_ s: S) -> UInt64 where S.Element == UInt32 { s.reduce(hashSeed, hash) }

    init(_ n: Normalizer, _ texts: [String]) {
        var runs: [UInt64: (reading: [UInt32], run: [Raw])] = [:]
        var ambiguous = Set<UInt64>()
        var words = Set<UInt64>()
        var pieces = Set<UInt64>()
        var seen = Set<String>()
        for text in texts where seen.insert(text).inserted {
            let toks = n.tokensWithoutPhonetics(text)
            let cjk = toks.map { ReadingWindows.isCJK($0.text) }
            let spoken = toks.map { n.spoken($0.text).unicodeScalars.map(\.value) }
            for (i, t) in toks.enumerated() where cjk[i] { words.insert(ReadingWindows.hash(t.text.unicodeScalars.map(\.value))) }
            var i = 0
            while i < toks.count {
                guard cjk[i] else { i += 1; continue }
                var stretch: [UInt32] = []
                while i < toks.count && cjk[i] { stretch += toks[i].text.unicodeScalars.map(\.value); i += 1 }
                for a in stretch.indices {
                    var h = ReadingWindows.hashSeed
                    for b in a..<min(stretch.count, a + ReadingWindows.maxPiece) {
                        h = ReadingWindows.hash(h, stretch[b])
                        pieces.insert(h)
                    }
                }
            }
            for a in toks.indices {
                var reading: [UInt32] = []
                for b in a..<min(toks.count, a + ReadingWindows.maxWords) {
                    guard cjk[b] else { break }
                    reading += spoken[b]
                    guard ReadingWindows.isReading(reading) else { continue }
                    let run = Array(toks[a...b])
                    let h = ReadingWindows.hash(reading)
                    if let old = runs[h] {
                        if old.reading != reading || old.run.map(\.text).joined() != run.map(\.text).joined() { ambiguous.insert(h) }
                    } else {
                        runs[h] = (reading, run)
                    }
                }
            }
        }
        for r in ambiguous { runs[r] = nil }
        // (Open-addressing tables: `Hasher` costs more than the rest of a lookup.)
        self.runs = HashTable(runs)
        self.words = HashKeys(words.sorted())
        self.pieces = HashKeys(pieces.sorted())
        self.maxReading = runs.values.reduce(0) { max($0, $1.reading.count) }
    }

    /// Whether a scalar is Han or kana (what a Japanese word is written with).
    @inline(__always)
    static func isCJK(_ v: UInt32) -> Bool { Script.isHanOrKana(v) || ReadingTable.needsReading(v) }

    /// Whether every scalar of a word is Han or kana.
    static func isCJK(_ s: String) -> Bool { !s.isEmpty && s.unicodeScalars.allSatisfy { isCJK($0.value) } }

    /// A reading: all kana (no Han character left unread).
    static func isReading(_ s: [UInt32]) -> Bool { !s.isEmpty && s.allSatisfy(Script.isKana) }
}
