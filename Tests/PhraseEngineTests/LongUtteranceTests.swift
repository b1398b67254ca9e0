import Foundation
import Testing
@testable import PhraseEngine

/// Utterances of 64 units or more are matched by the same rules as short ones: the search keeps
/// its sets of units in a `UInt64` under 64 units and in `WideUnits` beyond (`UnitSet.swift`),
/// the same code for both. (Before, some rules were skipped past 63 units: the app opened
/// before the request, an app clause at the start, talk after the request.)
@Suite struct LongUtteranceTests {
    /// 72 words, each a word of the catalog.
    static let longTitle: String = {
        let w = "amber birch cedar delta ember fjord garnet harbor indigo juniper kestrel lagoon meadow nectar opal prairie quartz raven sierra tundra umber valley willow xenon yarrow zephyr".split(separator: " ")
        return (w + w.map { $0 + "s" } + w.prefix(20).map { "north" + $0 }).joined(separator: " ")
    }()

    /// A music app whose songs are "jazz" and a title of 72 words.
    static func matcher() throws -> Matcher {
        let json = #"""
        {"developmentLocale":"en","locales":["en"],"app":{"id":"com.example.tempo","name":"Tempo"},
         "entities":{"Song":{"options":[{"id":"short","title":"jazz"},{"id":"long","title":"\#(longTitle)"}]}},
         "shortcuts":[{"intent":"PlayIntent","shortTitle":"Play","systemImageName":"play","parameters":{"song":"Song"},
                       "phrases":["Play ${song} in ${applicationName}","Start the ${song} mix with ${applicationName}"]},
                      {"intent":"StopIntent","shortTitle":"Stop","systemImageName":"stop","phrases":["Stop the music in ${applicationName}"]}]}
        """#
        return Matcher(catalogs: [try CatalogLoader.parse(json, file: "tempo.json")], locales: ["en"])
    }

    /// A value said exactly weighs the same whatever its length, so each utterance must reach the
    /// same decision, shortcut and score with the 72-word title (over 64 units) as with "jazz".
    @Test(arguments: [
        "play SONG in tempo",
        "open tempo and play SONG",              // the app opened before the request (`openAppClause`)
        "in spotify play SONG",                  // an app clause at the start (`appClauseRuns`)
        "play SONG in tempo and then tell me a joke", // talk after the request (`freeTextReadings`)
        "SONG play in tempo",                    // the value out of order
        "hey siri could you please play SONG in tempo",
        "plai SONG in tempo",
        "play SONG with spotify",
        "play the SONG mix",
    ])
    func aLongValueIsMatchedByTheSameRules(_ pattern: String) throws {
        let m = try Self.matcher()
        let short = m.match(pattern.replacingOccurrences(of: "SONG", with: "jazz"), locale: "en")
        let longText = pattern.replacingOccurrences(of: "SONG", with: Self.longTitle)
        #expect(longText.split(separator: " ").count >= 64)
        let long = m.match(longText, locale: "en")
        #expect(long.decision == short.decision, "\(pattern): \(long.why) / \(short.why)")
        #expect(long.results.first?.intent == short.results.first?.intent, "\(pattern)")
        #expect(long.results.first?.score == short.results.first?.score, "\(pattern): \(long.results.first?.score ?? -1) / \(short.results.first?.score ?? -1)")
        if short.results.first?.parameters.first?.value == .entity("short") {
            #expect(long.results.first?.parameters.first?.value == .entity("long"), "\(pattern)")
        }
    }

    /// The upper bounds hold past 64 units (`WideUnits`): every template's bound is at least the
    /// score of its best reading, on the long title said with noise, and the pruned search
    /// decides as the one that evaluates every template and reading.
    @Test func boundsHoldPast64Units() throws {
        let m = try Self.matcher()
        var rng = SplitMix(state: 64_064)
        let noise = ["hey", "please", "zebra", "the", "in", "with", "tempo", "play", "jazz", "stop", "music", "amber", "mix"]
        var fast = m.options
        fast.explain = false
        var all = fast
        all.noBounds = true
        var checked = 0
        for k in 0..<30 {
            var ws = (["play"] + Self.longTitle.split(separator: " ").map(String.init) + ["in", "tempo"])
            if k % 3 == 1 { ws = ["start", "the"] + ws.dropFirst() + ["mix", "with", "tempo"] }
            for _ in 0..<Int(rng.next() % 6) { ws.insert(noise[Int(rng.next() % UInt64(noise.count))], at: Int(rng.next() % UInt64(ws.count + 1))) }
            for _ in 0..<Int(rng.next() % 4) { ws.remove(at: Int(rng.next() % UInt64(ws.count))) }
            let t = ws.joined(separator: " ")
            for e in m.templateBounds(t, locale: "en") ?? [] where e.score > e.bound + 1e-5 {
                Issue.record("template \(e.template) scored \(e.score) above its bound \(e.bound) for \"\(t)\"")
            }
            let a = m.match(t, locale: "en", options: fast), b = m.match(t, locale: "en", options: all)
            #expect(a.decision == b.decision, "\(t)")
            #expect(a.results.first?.score == b.results.first?.score, "\(t)")
            checked += 1
        }
        #expect(checked == 30)
    }

    /// `UInt64` (under 64 units) and `WideUnits` (any number) against a plain `Set<Int>`, on
    /// seeded random sets and operations.
    @Test func unitSetsAgreeWithAPlainSet() {
        var rng = SplitMix(state: 2026_12_02)
        func check<U: UnitBits>(_: U.Type, units n: Int, rounds: Int) {
            func random() -> (U, Set<Int>) {
                var u = U(units: n), s = Set<Int>()
                for _ in 0..<Int(rng.next() % UInt64(n + 1)) {
                    let i = Int(rng.next() % UInt64(n))
                    u.insert(i); s.insert(i)
                }
                if rng.next() % 3 == 0 {
                    let a = Int(rng.next() % UInt64(n + 1)), b = Int(rng.next() % UInt64(n + 1))
                    u.formUnion(U.range(a, b, units: n)); s.formUnion(a < b ? Array(a..<b) : [])
                }
                return (u, s)
            }
            func same(_ u: U, _ s: Set<Int>, _ what: String) {
                var x = u, popped: [Int] = []
                while let i = x.popFirst() { popped.append(i) }
                #expect(popped == s.sorted(), "\(U.self) \(n) \(what)")
                #expect(u.count == s.count && u.isEmpty == s.isEmpty && u.last == s.max(), "\(U.self) \(n) \(what)")
                for i in 0..<n where u.contains(i) != s.contains(i) { Issue.record("\(U.self) \(n) \(what): contains(\(i))") }
            }
            for _ in 0..<rounds {
                let (a, sa) = random(), (b, sb) = random()
                same(a, sa, "insert/range")
                same(a.union(b), sa.union(sb), "union")
                same(a.intersection(b), sa.intersection(sb), "intersection")
                same(a.subtracting(b), sa.subtracting(sb), "subtracting")
                #expect(a.intersects(b) == !sa.isDisjoint(with: sb))
                let k = Int(rng.next() % UInt64(n + 1))
                var c = a
                c.removeBelow(k)
                same(c, sa.filter { $0 >= k }, "removeBelow(\(k))")
                #expect((a == b) == (sa == sb))
            }
        }
        for n in [1, 2, 17, 63] { check(UInt64.self, units: n, rounds: 200) }
        for n in [1, 63, 64, 65, 127, 128, 129, 300] { check(WideUnits.self, units: n, rounds: 200) }
    }

    /// A phrase as long as a template may be (`CatalogLoader.maxTemplateBytes`, short words), the
    /// app name and a value, and utterances of 2,048 bytes made of its words (issue 50).
    static func longPhrase() throws -> (Matcher, [String]) {
        let syl = ["ka", "lo", "mi", "ren", "tu", "sa", "vo", "ne", "dar", "pel", "qui", "zo"]
        var words: [String] = []
        var bytes = "${applicationName} ${kind}".utf8.count
        while true {
            let i = words.count, w = syl[i % 12] + syl[(i / 12) % 12]
            if bytes + w.utf8.count + 1 > CatalogLoader.maxTemplateBytes { break }
            words.append(w)
            bytes += w.utf8.count + 1
        }
        let json = """
        {"developmentLocale":"en","locales":["en"],"app":{"id":"com.example.long","name":"Long Box"},
         "enums":{"Kind":{"cases":[{"rawValue":"a","title":"alpha"},{"rawValue":"b","title":"beta gamma"}]}},
         "shortcuts":[{"intent":"LongIntent","parameters":{"kind":{"type":"Kind"}},
                       "phrases":["${applicationName} \(words.joined(separator: " ")) ${kind}", "Open ${applicationName}"]},
                      {"intent":"ShortIntent","phrases":["Start the ${applicationName} timer"]}]}
        """
        return (Matcher(catalogs: [try CatalogLoader.parse(json, file: "long.json")], locales: ["en"]), words)
    }

    /// The work of the alignments is bounded past `Query.alignBandCells` (counted, not timed):
    /// each alignment fills a band of its table, a few dozen columns a row, not every cell, and
    /// no word move is aligned (one whole table per content word before: seconds a query).
    @Test func alignmentWorkIsBoundedPastTheBandLimit() throws {
        let (m, words) = try Self.longPhrase()
        let pool = try #require(m.pools["en"])
        var o = m.options
        o.explain = false
        let phrase = "Long Box " + words.joined(separator: " ") + " beta gamma"
        var rng = SplitMix(state: 50)
        var shuffled = words
        for k in stride(from: shuffled.count - 1, to: 0, by: -1) { shuffled.swapAt(k, Int(rng.next() % UInt64(k + 1))) }
        let cases = [phrase,
                     "Long Box " + shuffled.joined(separator: " "),
                     "Long Box " + words.enumerated().map { $0.offset % 7 == 6 ? "zebra" : $0.element }.joined(separator: " ") + " alpha"]
        let elements = words.count + 2
        let band = Query<UInt64>.alignBandUnits
        for text in cases {
            #expect(text.utf8.count >= 2_000 && text.utf8.count <= 2_100)
            let units = text.split(separator: " ").count
            #expect((elements + 1) * (units + 1) > Query<UInt64>.alignBandCells)
            let before = pool.alignmentWork()
            let r = m.match(text, locale: "en", options: o)
            let after = pool.alignmentWork()
            let calls = after.calls - before.calls, cells = after.cells - before.cells
            // The tables filled: each template's readings in order (app readings × values ×
            // the value moved, and again for free text), no word move. 1 to 4 here; before the
            // band, 700 a query, most of them word moves, each a whole table.
            #expect(calls > 0 && calls <= 48, "\(calls) alignments")
            // A row: the units its element is expected at (about one here), the band either side.
            let perCall = (elements + 1) * (2 * band + 8)
            #expect(cells <= calls * perCall, "\(cells) cells in \(calls) alignments, at most \(perCall) each")
            #expect(cells * 10 <= calls * (elements + 1) * (units + 1), "\(cells) cells: not a tenth of the whole tables")
            if text == phrase {
                // The phrase said is read in the band: every word, the value, the app.
                #expect(r.decision == .match)
                #expect(r.results.first?.intent == "LongIntent")
                #expect(r.results.first?.score == 1)
            }
        }
        // The explanation reads the same band, with the trace: every word of the phrase said,
        // each step within the utterance.
        let explained = m.match(phrase, locale: "en")
        let steps = explained.results.first?.explanation ?? []
        #expect(steps.filter { $0.kind == .exact }.count >= words.count)
        for st in steps where st.kind != .missing {
            #expect(st.start >= 0 && st.start <= st.end && st.end <= phrase.utf16.count, "\(st)")
        }
        // A table under the limit is filled whole: one cell per element and unit (the short
        // phrases, and the long one against a short utterance).
        let before = pool.alignmentWork()
        _ = m.match("start the long box timer", locale: "en", options: o)
        let after = pool.alignmentWork()
        #expect(after.calls > before.calls)
        #expect(after.cells - before.cells <= (after.calls - before.calls) * (elements + 1) * 6)
    }
}
