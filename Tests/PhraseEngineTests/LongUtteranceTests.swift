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
        var rng = ReferenceSearchTests.SplitMix(state: 64_064)
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
        var rng = ReferenceSearchTests.SplitMix(state: 2026_12_02)
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
}
