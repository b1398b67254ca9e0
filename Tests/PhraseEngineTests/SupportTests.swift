import Foundation
import Testing
import Synchronization
@testable import PhraseEngine
@testable import PhraseMatchCLI

@Suite struct SupportTests {
    /// `Parallel.mapOnOwnThreads` gives `map`'s results in order, and from inside a `map` worker
    /// (a locale's phrase vectors built lazily while eval's other workers wait) it runs on more
    /// than the calling thread.
    @Test func mapOnOwnThreadsRunsInsideAWorker() {
        for n in [0, 1, 5, 257] {
            #expect(Parallel.mapOnOwnThreads(count: n, threads: 3, chunk: 4) { $0 * $0 } == (0..<n).map { $0 * $0 })
        }
        let seen = Mutex<Set<UInt>>([])
        let outer = Parallel.map(count: 2, threads: 2, chunk: 1) { k -> Int in
            guard k == 0 else { return 0 }
            let inner = Parallel.mapOnOwnThreads(count: 32, threads: 4, chunk: 1) { i -> Int in
                let me = UInt(bitPattern: Unmanaged.passUnretained(Thread.current).toOpaque())
                seen.withLock { _ = $0.insert(me) }
                Thread.sleep(forTimeInterval: 0.002)
                return i
            }
            return inner.reduce(0, +)
        }
        #expect(outer == [(0..<32).reduce(0, +), 0])
        #expect(seen.withLock { $0.count } > 1)
    }

    /// A `Table` reads what its array holds, in order, through copies of the table too.
    @Test func tableReadsItsArray() {
        var rng = SplitMix(state: 99)
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

    /// The one script classifier: its predicates say what `Script.of` says on every code point
    /// they cover, and characters of each script land where the rules expect them.
    @Test func scriptPredicatesAgreeWithTheClassifier() {
        for v in UInt32(0)...0x3134F {
            let s = Script.of(v)
            #expect(Script.isHan(v) == (s == .han), "U+\(String(v, radix: 16))")
            #expect(Script.isKana(v) == (s == .hiragana || s == .katakana), "U+\(String(v, radix: 16))")
            #expect(Script.isHangulSyllable(v) == (s == .hangul), "U+\(String(v, radix: 16))")
            #expect(Script.isThai(v) == (s == .thai), "U+\(String(v, radix: 16))")
            #expect(Script.isHanOrKana(v) == (Script.isHan(v) || Script.isKana(v)))
            if Script.isHanOrKana(v) || s == .thai || s == .lao { #expect(Script.isDictionarySegmented(v)) }
        }
        let cases: [(String, Script)] = [("漢", .han), ("𠀋", .han), ("豈", .han), ("か", .hiragana), ("ゝ", .hiragana),
                                          ("カ", .katakana), ("ー", .katakana), ("ㇰ", .katakana), ("한", .hangul),
                                          ("ก", .thai), ("ກ", .lao), ("a", .latin), ("7", .digit), ("é", .other), ("ж", .other)]
        for (c, want) in cases { #expect(Script.of(c.unicodeScalars.first!.value) == want, "\(c)") }
        #expect(Script.isDictionarySegmented(0x1000) && Script.isDictionarySegmented(0x1780) && !Script.isDictionarySegmented(0xAC00))
    }

    /// A word's postings in one app (two binary searches) and in app names (a list of their own)
    /// are exactly the postings a scan of all of them finds, for every word and app of the six
    /// sample apps loaded together.
    /// The eight-bytes-at-a-time ASCII check, against a byte scan: every length up to 24 with
    /// one non-ASCII character at every position.
    @Test func asciiCheckReadsEveryByte() {
        for n in 0...24 {
            let plain = String(repeating: "a", count: n)
            #expect(Core.isASCII(plain))
            for k in 0..<n {
                var scalars = Array(plain.unicodeScalars)
                scalars[k] = "é"
                let s = String(String.UnicodeScalarView(scalars))
                #expect(!Core.isASCII(s), "\(n) \(k)")
                #expect(Core.isASCII(s) == s.utf8.allSatisfy { $0 < 0x80 })
            }
        }
    }

    /// Every scalar `isNFCStable` accepts is its own NFC form, has combining class 0 and is never
    /// the second scalar of a canonical decomposition (so it cannot compose with the scalar
    /// before it): a string of them is in NFC. Checked against Foundation over the whole BMP.
    @Test func nfcStableScalarsAreStable() {
        var seconds = Set<UInt32>()
        for v in UInt32(0x80)...0xFFFF {
            guard let u = Unicode.Scalar(v) else { continue }
            let d = Array(String(Character(u)).decomposedStringWithCanonicalMapping.unicodeScalars)
            for x in d.dropFirst() { seconds.insert(x.value) }
        }
        var stable = 0
        for v in UInt32(0x80)...0xFFFF where isNFCStable(v) {
            guard let u = Unicode.Scalar(v) else { Issue.record("not a scalar \(v)"); continue }
            stable += 1
            let s = String(Character(u))
            #expect(u.properties.canonicalCombiningClass == .notReordered, "U+\(String(v, radix: 16))")
            #expect(isNFC(s), "U+\(String(v, radix: 16))")
            #expect(!seconds.contains(v), "U+\(String(v, radix: 16))")
        }
        #expect(stable > 40_000)
    }

    /// String keys are found as the dictionary finds them (canonical equivalence): byte for byte,
    /// NFC against decomposed forms either way, in tables of NFC keys (where a miss of a query
    /// surely in NFC is answered without the dictionary) and in tables with a decomposed key.
    @Test func stringKeysFindWhatTheDictionaryFinds() {
        let nfcKeys = ["が", "学校", "카페", "ไทย", "café", "привет", "ｶﾞ", "go", "東京駅"]
        let decomposed = ["か\u{3099}", "cafe\u{301}", "\u{1100}\u{1161}"]
        let queries = nfcKeys + decomposed + ["がっこう", "가", "ไท", "cafe", "東京", "駅", "学校が", "ガ", "e\u{301}"]
        for keys in [nfcKeys, nfcKeys + decomposed, decomposed] {
            // (Canonically equal keys are one key: the first is kept.)
            let d = Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
            let table = StringTable(d)
            for q in queries {
                #expect(table[q] == d[q], "\(keys) \(q.unicodeScalars.map { String($0.value, radix: 16) })")
                for cut in 1..<max(2, q.count) where cut < q.count {
                    let a = String(q.prefix(cut)), b = String(q.dropFirst(cut))
                    #expect(table.joined(a, b) == d[a + b], "\(q) \(cut)")
                }
            }
        }
    }

    @Test func postingRangesMatchAScan() throws {
        let cats = try ["habits", "coffee", "home", "music", "notes", "reader"].map { try SynthTests.sample($0) }
        let m = Matcher(catalogs: cats, locales: ["en", "ja"])
        var checked = 0
        for index in m.poolList.map(\.index) {
            let apps = Int32(index.appSlot.count)
            for id in 0..<Int32(index.vocabText.count) {
                let all = index.postings(id)
                for app in -1...apps {
                    let want = all.filter { index.setApp[Int(index.slotFlat[$0].set)] == app }
                    let got = index.postings(id, app: app)
                    #expect(Array(got) == want, "word \(index.vocabText[Int(id)]) app \(app)")
                    // Within an app, by set then variant (`Query.shareValue` merges two such lists).
                    let keys = got.map { (index.slotFlat[$0].set, index.slotFlat[$0].variant) }
                    #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 <= $1 }, "word \(index.vocabText[Int(id)]) app \(app)")
                    checked += got.count
                }
                let names = all.filter { index.setIsApp[Int(index.slotFlat[$0].set)] }.map { index.slotFlat[$0] }
                let listed = index.appPostings(id).map { index.appPostFlat[$0] }
                #expect(listed.map(\.set) == names.map(\.set) && listed.map(\.variant) == names.map(\.variant))
            }
        }
        #expect(checked > 1_000)
    }

    /// A workspace remembers what each word matched (`UnitMemo`) and the sound keys of windows of
    /// words (`WindowKeyMemo`): a result does not depend on what the workspace matched before.
    /// The same utterances in two orders on two matchers, and again after enough new words to
    /// empty both memories (`UnitMemo.limit`), give the same results.
    @Test func rememberedWordsMatchAsNew() throws {
        let cats = try ["habits", "reader"].map { try SynthTests.sample($0) }
        let utterances: [(String, String)] = [
            ("log water in habit tracker", "en"), ("log watter in habbit trakker please", "en"),
            ("hey siri search book worm for news", "en"), ("in habit tracker log water", "en"),
            ("show my streaks", "en"), ("log log log", "en"), ("water", "en"), ("", "en"),
            ("習慣トラッカーで水を記録", "ja"), ("習慣トラッカーできょうのタスク", "ja"), ("水を記録", "ja"),
            // (Words longer than `ByteKeys.maxKeyBytes` are matched each time, not remembered.)
            ("log " + String(repeating: "wa", count: 200) + " in habit tracker", "en"),
        ]
        func results(_ m: Matcher, _ order: [Int]) -> [Int: String] {
            var out: [Int: String] = [:]
            for k in order { out[k] = m.match(utterances[k].0, locale: utterances[k].1).json().render() }
            return out
        }
        let a = Matcher(catalogs: cats, locales: ["en", "ja"])
        let b = Matcher(catalogs: cats, locales: ["en", "ja"])
        let forward = results(a, Array(utterances.indices))
        func same(_ got: [Int: String], _ how: String) {
            for k in utterances.indices { #expect(got[k] == forward[k], "\(how): \(utterances[k].0)") }
        }
        same(results(b, utterances.indices.reversed()), "reversed")
        same(results(a, Array(utterances.indices)), "again")
        var rng = SplitMix(state: 7)
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        for _ in 0..<(UnitMemo.limit / 4 + 10) {
            let words = (0..<4).map { _ in String((0..<(4 + Int(rng.next() % 5))).map { _ in letters[Int(rng.next() % 26)] }) }
            _ = b.match(words.joined(separator: " "), locale: "en")
        }
        same(results(b, Array(utterances.indices)), "after the memory was emptied")
    }

    /// Workspaces come back through the calling thread's slot or the shared list: two taken at
    /// once are distinct, and one given back is the one taken next.
    @Test func workspacesAreReused() throws {
        let m = Matcher(catalogs: [try SynthTests.sample("habits")], locales: ["en"])
        let pool = try #require(m.poolList.first)
        let a = pool.acquire(), b = pool.acquire()
        #expect(a !== b)
        pool.release(a)
        let c = pool.acquire()
        #expect(c === a)
        pool.release(b)
        pool.release(c)
        let d = pool.acquire(), e = pool.acquire()
        #expect(Set([ObjectIdentifier(d), ObjectIdentifier(e)]) == Set([ObjectIdentifier(a), ObjectIdentifier(b)]))
    }

    /// A step's scratch buffers are lent in place (passed `inout`): what a step leaves in them,
    /// however its scope is left, and their storage stay in the pool for the next query.
    @Test func lentBuffersComeBackWithTheirStorage() throws {
        let m = Matcher(catalogs: [try SynthTests.sample("habits")], locales: ["en"])
        let pool = try #require(m.poolList.first)
        // A match lends every step's buffers and gives them back, filled: the workspace it used
        // (the one this thread takes next) holds their storage.
        _ = m.match("log water in habit tracker", locale: "en")
        let ws = pool.acquire()
        defer { pool.release(ws) }
        #expect(ws.wordBuffers.pointee.unitScalars.capacity > 0)
        #expect(ws.slotBuffers.pointee.windowKeys.capacity > 0)
        #expect(ws.searchBuffers.pointee.candList.capacity > 0)
        func fill(_ n: Int) -> Int {
            let loan = ws.searchBuffers
            loan.pointee.candList.clear()
            for i in 0..<n { loan.pointee.candList.append(Int32(i)) }
            if n > 10 { return loan.pointee.candList.count }
            loan.pointee.candList.clear()
            return 0
        }
        _ = fill(100)
        #expect(ws.searchBuffers.pointee.candList.count == 100, "given back on an early return")
        let storage = ws.searchBuffers.pointee.candList.withUnsafeBufferPointer { $0.baseAddress }
        _ = fill(5)
        #expect(ws.searchBuffers.pointee.candList.isEmpty)
        #expect(ws.searchBuffers.pointee.candList.withUnsafeBufferPointer { $0.baseAddress } == storage, "the same storage")
    }
}


@Suite struct JSONStringTests {
    /// Strings are read as the bytes say (ASCII, multi-byte, escaped), and bytes that are not
    /// UTF-8 are a syntax error at the string, with or without escapes in it.
    @Test func stringsAreValidatedUTF8() throws {
        let ok: [([UInt8], String)] = [
            (Array(#"["plain"]"#.utf8), "plain"),
            (Array(#"["café 日本 🎵"]"#.utf8), "café 日本 🎵"),
            (Array(#"["a\"b\u00e9\ud83c\udfb5"]"#.utf8), "a\"bé🎵"),
            (Array(#"[""]"#.utf8), ""),
        ]
        for (bytes, want) in ok {
            let node = try JSONReader.parse(bytes)
            #expect(node.array?.first?.string == want)
        }
        let bad: [[UInt8]] = [
            [0x5B, 0x22, 0x61, 0xFF, 0x62, 0x22, 0x5D],              // ["a\xFFb"]
            [0x5B, 0x22, 0xC3, 0x22, 0x5D],                          // a truncated sequence
            [0x5B, 0x22, 0x5C, 0x6E, 0xED, 0xA0, 0x80, 0x22, 0x5D],  // an escape, then a surrogate's bytes
        ]
        for bytes in bad {
            #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(bytes) }
            do { _ = try JSONReader.parse(bytes) } catch { #expect(error.message.contains("invalid UTF-8")) }
        }
    }
}
