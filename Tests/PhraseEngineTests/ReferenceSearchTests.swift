import Foundation
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

/// The pruned search (upper bounds, a few values per slot, the named app's shortcuts only)
/// against the exhaustive one (every template, every value, every reading) on seeded random
/// catalogs and utterances.
@Suite struct ReferenceSearchTests {
    static let words = ["open", "play", "show", "log", "start", "stop", "my", "the", "latest", "news", "jazz", "water",
                        "morning", "run", "list", "note", "task", "light", "kitchen", "coffee", "order", "timer", "focus",
                        "mode", "reader", "habit", "track", "music", "daily", "mix", "sport", "world"]

    /// `appInside`: some phrases say the app name between words, next to a connector ("log
    /// water with Habit Tracker today"), and the app's name shares a word with the phrases.
    func randomCatalog(_ rng: inout SplitMix, id: Int, appInside: Bool = false) throws -> Catalog {
        func word() -> String { Self.words[Int(rng.next() % UInt64(Self.words.count))] }
        var options: [String] = []
        for k in 0..<Int(3 + rng.next() % 8) {
            let t = (0..<Int(1 + rng.next() % 2)).map { _ in word() }.joined(separator: " ")
            options.append("{\"id\":\"o\(k)\",\"title\":\"\(t)\"}")
        }
        var shortcuts: [String] = []
        for s in 0..<Int(2 + rng.next() % 5) {
            var phrases: [String] = []
            for _ in 0..<Int(1 + rng.next() % 3) {
                var ws = (0..<Int(1 + rng.next() % 4)).map { _ in word() }
                if rng.next() % 2 == 0 { ws.insert("${p}", at: Int(rng.next() % UInt64(ws.count + 1))) }
                var phrase = rng.next() % 3 == 0 ? "${applicationName} " + ws.joined(separator: " ")
                    : ws.joined(separator: " ") + " in ${applicationName}"
                // A connector as a phrase word, which the utterance may say next to the app name.
                if appInside && rng.next() % 3 == 0 { ws.insert(["in", "with"][Int(rng.next() % 2)], at: Int(rng.next() % UInt64(ws.count + 1))) }
                if appInside && ws.count >= 2 && rng.next() % 2 == 0 {
                    let k = Int(1 + rng.next() % UInt64(ws.count - 1))
                    phrase = (ws[..<k] + ["with", "${applicationName}"] + ws[k...]).joined(separator: " ")
                }
                phrases.append("\"\(phrase)\"")
            }
            shortcuts.append("{\"intent\":\"I\(s)\",\"parameters\":{\"p\":\"E\"},\"phrases\":[\(phrases.joined(separator: ","))]}")
        }
        let name = ["Tempo", "Notely", "Hearth", "Bookworm"][id % 4] + " \(word())"
        let json = "{\"app\":{\"id\":\"app\(id)\",\"name\":\"\(name)\"},\"entities\":{\"E\":{\"options\":[\(options.joined(separator: ","))]}},\"shortcuts\":[\(shortcuts.joined(separator: ","))]}"
        return try CatalogLoader.parse(json, file: "random\(id).json")
    }

    /// The first `perCatalog` phrases of each catalog, lowercased, with up to `extras - 1` words
    /// from `extra` inserted anywhere, sometimes a word dropped, and (`swapEnds`) sometimes the
    /// first and last words swapped.
    func noisyPhrases(_ cats: [Catalog], _ rng: inout SplitMix, perCatalog: Int, extras: UInt64, swapEnds: Bool,
                      extra: (inout SplitMix) -> String) -> [String] {
        var texts: [String] = []
        for c in cats {
            for p in Expansion.phrases(c, locale: "en").prefix(perCatalog) {
                var ws = p.text.lowercased().split(separator: " ").map(String.init)
                for _ in 0..<Int(rng.next() % extras) {
                    let e = extra(&rng)
                    ws.insert(e, at: Int(rng.next() % UInt64(ws.count + 1)))
                }
                if ws.count > 3 && rng.next() % 3 == 0 { ws.remove(at: Int(rng.next() % UInt64(ws.count))) }
                if swapEnds && ws.count > 3 && rng.next() % 4 == 0 { ws.swapAt(0, ws.count - 1) }
                texts.append(ws.joined(separator: " "))
            }
        }
        return texts
    }

    /// Matches `t` with both options and expects the same decision, and the same scores and
    /// phrases above the search floor (0.3: results under it are not looked for); the second
    /// result.
    @discardableResult
    func sameAboveTheFloor(_ m: Matcher, _ t: String, _ fast: MatchOptions, _ all: MatchOptions,
                           sourceLocation: Testing.SourceLocation = #_sourceLocation) -> MatchResult {
        let a = m.match(t, locale: "en", options: fast)
        let b = m.match(t, locale: "en", options: all)
        let ra = a.results.filter { $0.score > 0.301 }, rb = b.results.filter { $0.score > 0.301 }
        #expect(a.decision == b.decision, "decision differs for \"\(t)\"", sourceLocation: sourceLocation)
        #expect(ra.map(\.score) == rb.map(\.score), "scores differ for \"\(t)\": \(ra.map(\.score)) \(rb.map(\.score))",
                sourceLocation: sourceLocation)
        #expect(ra.map(\.phrase) == rb.map(\.phrase), "results differ for \"\(t)\"", sourceLocation: sourceLocation)
        return b
    }

    /// The matcher's options without explanations, and the same with `change` applied.
    func optionPair(_ m: Matcher, _ change: (inout MatchOptions) -> Void) -> (MatchOptions, MatchOptions) {
        var a = m.options
        a.explain = false
        var b = a
        change(&b)
        return (a, b)
    }

    @Test func prunedSearchAgreesWithExhaustiveSearch() throws {
        var rng = SplitMix(state: 20261129)
        var agreements = 0, total = 0
        var disagreements: [String] = []
        for round in 0..<12 {
            let cats = try (0..<Int(1 + rng.next() % 3)).map { try randomCatalog(&rng, id: round * 10 + $0) }
            let m = Matcher(catalogs: cats, locales: ["en"])
            var fast = m.options
            fast.explain = false
            var slow = fast
            slow.exhaustive = true
            // Utterances: expanded phrases with noise, and random word salads.
            var texts: [String] = []
            for c in cats {
                for p in Expansion.phrases(c, locale: "en").prefix(6) {
                    var ws = p.text.lowercased().split(separator: " ").map(String.init)
                    switch rng.next() % 4 {
                    case 0: ws.insert("please", at: 0)
                    case 1: if ws.count > 2 { ws.remove(at: Int(rng.next() % UInt64(ws.count))) }
                    case 2: ws.append(Self.words[Int(rng.next() % UInt64(Self.words.count))])
                    default: break
                    }
                    texts.append(ws.joined(separator: " "))
                }
            }
            for _ in 0..<10 {
                texts.append((0..<Int(2 + rng.next() % 6)).map { _ in Self.words[Int(rng.next() % UInt64(Self.words.count))] }.joined(separator: " "))
            }
            for t in texts {
                let a = m.match(t, locale: "en", options: fast)
                let b = m.match(t, locale: "en", options: slow)
                let sa = a.results.first?.score ?? 0, sb = b.results.first?.score ?? 0
                // The exhaustive search sees every reading the pruned one sees.
                #expect(sa <= sb + 1e-6, "pruned search scored higher than exhaustive for \"\(t)\"")
                total += 1
                // Below the search floor (0.3) nothing is reported by design; the decision must agree.
                let sameTop = a.top?.intent == b.top?.intent && a.top?.app == b.top?.app
                    && a.top?.parameters.map(\.value) == b.top?.parameters.map(\.value)
                let agree = sb < 0.3 ? (a.decision == .none && b.decision == .none)
                    : (abs(sa - sb) < 1e-6 && a.decision == b.decision && sameTop)
                if agree { agreements += 1 } else {
                    disagreements.append("\(t): pruned \(sa) \(a.decision), exhaustive \(sb) \(b.decision)")
                }
            }
        }
        // Pruning is exact except for the documented value limits; it must agree almost always.
        #expect(Double(agreements) / Double(total) >= 0.97, "agreement \(agreements)/\(total): \(disagreements.prefix(5))")
    }

    /// The upper bounds that skip templates and readings never skip a better one: the pruned
    /// search against the same search evaluating every candidate template and reading, on seeded
    /// random catalogs whose app names share words with their phrases and sit between words.
    @Test func boundsNeverSkipABetterReading() throws {
        var rng = SplitMix(state: 4_242)
        var compared = 0
        for round in 0..<12 {
            let cats = try (0..<Int(1 + rng.next() % 3)).map { try randomCatalog(&rng, id: 900 + round * 10 + $0, appInside: true) }
            let m = Matcher(catalogs: cats, locales: ["en"])
            let (fast, all) = optionPair(m) { $0.noBounds = true }
            let texts = noisyPhrases(cats, &rng, perCatalog: 10, extras: 3, swapEnds: true) { rng in
                ["hey", "please", "zebra", "with", "in", "the", Self.words[Int(rng.next() % UInt64(Self.words.count))]][Int(rng.next() % 7)]
            }
            for t in texts {
                // Every template's bound is at least the score of its best reading.
                for e in m.templateBounds(t, locale: "en") ?? [] where e.score > e.bound + 1e-5 {
                    Issue.record("template \(e.template) scored \(e.score) above its bound \(e.bound) for \"\(t)\"")
                }
                sameAboveTheFloor(m, t, fast, all)
                compared += 1
            }
        }
        #expect(compared > 150)
    }

    /// Free text and talk after the request lift a reading after the search: the pruned search
    /// still decides and scores as the unbounded one (`Query.readAgainForFreeText`), on seeded
    /// random catalogs and their phrases with two to four words said after them, some misheard.
    @Test func freeTextAndTalkDoNotDependOnTheBounds() throws {
        var rng = SplitMix(state: 7_171)
        var compared = 0, lifted = 0
        for round in 0..<24 {
            let cats = try (0..<Int(1 + rng.next() % 3)).map { try randomCatalog(&rng, id: 700 + round * 10 + $0, appInside: true) }
            let m = Matcher(catalogs: cats, locales: ["en"])
            let (fast, all) = optionPair(m) { $0.noBounds = true }
            let phrases = noisyPhrases(cats, &rng, perCatalog: 10, extras: 2, swapEnds: false) { rng in
                ["hey", "please", "the", Self.words[Int(rng.next() % UInt64(Self.words.count))]][Int(rng.next() % 4)]
            }
            for p in phrases {
                var talk = (0..<Int(2 + rng.next() % 3)).map { _ in ["zebra", "because", "tomorrow", "it", "was", Self.words[Int(rng.next() % UInt64(Self.words.count))]][Int(rng.next() % 6)] }
                // Sometimes the talk opens with the phrase's last word misheard ("newsr"), which
                // a reading may take as part of the app name.
                if let last = p.split(separator: " ").last, rng.next() % 2 == 0 {
                    talk.insert(String(last) + ["r", "s", "y", "er"][Int(rng.next() % 4)], at: 0)
                }
                let t = p + " " + talk.joined(separator: " ")
                let b = sameAboveTheFloor(m, t, fast, all)
                if b.results.contains(where: \.readsFreeText) { lifted += 1 }
                compared += 1
            }
        }
        #expect(compared > 300)
        // The path is taken: utterances were read with talk or free text.
        #expect(lifted >= 10, "\(lifted) of \(compared) read free text")
    }

    /// The same check of the template bounds on the sample apps and a slice of their corpora in
    /// every locale (Han and kana words, postpositions, app names that share words with phrases).
    @Test func boundsHoldOnTheSampleCorpora() throws {
        var checked = 0
        for app in ["habits", "coffee", "home", "notes", "reader"] {
            let c = try SynthTests.sample(app)
            let m = Matcher(catalogs: [c])
            for locale in c.locales {
                let path = "\(SynthTests.corporaDir)/\(app)/corpus/\(locale).jsonl"
                guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
                for item in CorpusReader.parse(text, file: path).items.prefix(40) {
                    for e in m.templateBounds(item.text, locale: locale) ?? [] where e.score > e.bound + 1e-5 {
                        Issue.record("\(app) \(locale): template \(e.template) scored \(e.score) above its bound \(e.bound) for \"\(item.text)\"")
                    }
                    checked += 1
                }
            }
        }
        #expect(checked > 500)
    }

    /// Values that share words with the app name: a value is not heard where the name surely is,
    /// and the search skips values whose words outside it cannot reach a span. The pruned search
    /// must return exactly what the exhaustive one does (few values: no value limit binds).
    @Test func valuesSharingTheAppNamesWords() throws {
        let json = #"""
        {"developmentLocale":"en","locales":["en"],"app":{"id":"com.example.zero","name":"Zero Morning Radio"},
         "entities":{"Station":{"options":[{"id":"s1","title":"jazz zero"},{"id":"s2","title":"rock morning"},
           {"id":"s3","title":"zero hits"},{"id":"s4","title":"morning radio"},{"id":"s5","title":"zero"},{"id":"s6","title":"chill radio zero"}]}},
         "shortcuts":[{"intent":"PlayIntent","shortTitle":"Play","systemImageName":"play","parameters":{"station":"Station"},
                       "phrases":["Play ${station} in ${applicationName}","Tune ${applicationName} to ${station}"]},
                      {"intent":"StopIntent","shortTitle":"Stop","systemImageName":"stop","phrases":["Stop ${applicationName}"]}]}
        """#
        let m = Matcher(catalogs: [try CatalogLoader.parse(json, file: "zero.json")], locales: ["en"])
        var fast = m.options
        fast.explain = false
        var slow = fast
        slow.exhaustive = true
        let words = ["play", "jazz", "zero", "rock", "morning", "radio", "hits", "chill", "in", "tune", "to", "stop", "please"]
        var rng = SplitMix(state: 4_242)
        var texts = ["play jazz zero in zero morning radio", "play jazz in zero morning radio", "play rock in zero morning radio",
                     "tune zero morning radio to zero hits", "play zero in zero morning radio", "stop zero morning radio",
                     "play chill radio in zero morning radio", "zero morning radio play morning radio"]
        for _ in 0..<150 {
            let salad = (0..<Int(1 + rng.next() % 4)).map { _ in words[Int(rng.next() % UInt64(words.count))] }
            texts.append((salad + ["in", "zero", "morning", "radio"]).joined(separator: " "))
        }
        var bound = 0
        for t in texts {
            let a = m.match(t, locale: "en", options: fast), b = m.match(t, locale: "en", options: slow)
            #expect(a.decision == b.decision, "\(t)")
            // (Below the search floor, 0.3, the pruned search reports nothing by design; the
            // exhaustive search reads no value the app does not have.)
            // (That reading, listed first, takes the last listed place of a real one.)
            let ra = a.readings.filter { $0.score >= 0.3 }
            let rb = Array(b.results.filter { $0.score >= 0.3 }.prefix(a.results.first?.unknownValue == nil ? b.results.count : ra.count))
            #expect(ra.map(\.score) == rb.map(\.score), "\(t)")
            // (Among readings of equal score the pruned search may list another option: it
            // tries three options per reading.)
            #expect(ra.first?.phrase == rb.first?.phrase, "\(t)")
            if a.top?.parameters.isEmpty == false { bound += 1 }
        }
        #expect(bound > 30)
        // The name's own words bind no value: "zero" is heard only inside the app name.
        #expect(m.match("play in zero morning radio", locale: "en").top?.parameters.isEmpty ?? true)
    }

    /// Results are listed within `resultWindow` of the best; the search that stops early for it
    /// decides exactly as one that lists the three best however far (`resultWindow` 1), and
    /// lists the same results inside the window, on a slice of the sample corpora.
    @Test func resultWindowChangesNoDecision() throws {
        var compared = 0, cut = 0
        for app in ["habits", "coffee", "home", "notes", "reader", "music"] {
            let c = try SynthTests.sample(app)
            let m = Matcher(catalogs: [c])
            var wide = m.options
            wide.resultWindow = 1
            for locale in c.locales {
                let path = "\(SynthTests.corporaDir)/\(app)/corpus/\(locale).jsonl"
                guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
                for item in CorpusReader.parse(text, file: path).items.prefix(30) {
                    let a = m.match(item.text, locale: locale), b = m.match(item.text, locale: locale, options: wide)
                    #expect(a.decision == b.decision, "\(item.text)")
                    #expect(a.reason == b.reason, "\(item.text)")
                    let best = b.results.first?.score ?? 0
                    let inside = b.results.filter { $0.score >= best - 0.25 - 1e-9 }
                    #expect(a.results.map(\.phrase) == inside.map(\.phrase), "\(item.text)")
                    #expect(a.results.map(\.score) == inside.map(\.score), "\(item.text)")
                    if inside.count < b.results.count { cut += 1 }
                    compared += 1
                }
            }
        }
        #expect(compared > 500)
        #expect(cut > 50)
    }

    /// The alignment's smaller table (runs of units no element can take as one column, rows of
    /// literals no unit relates to dropped) changes no decision and no score: the same search
    /// over the full table, on seeded random catalogs and utterances with filler and unknown words.
    @Test func smallerAlignmentTableChangesNoScore() throws {
        var rng = SplitMix(state: 7_001)
        var compared = 0
        for round in 0..<10 {
            let cats = try (0..<Int(1 + rng.next() % 3)).map { try randomCatalog(&rng, id: 500 + round * 10 + $0) }
            let m = Matcher(catalogs: cats, locales: ["en"])
            let (fast, full) = optionPair(m) { $0.fullAlignment = true }
            // Filler, words no phrase has, and dropped words, anywhere.
            let texts = noisyPhrases(cats, &rng, perCatalog: 8, extras: 4, swapEnds: false) { rng in
                ["hey", "siri", "please", "um", "zebra", "quantum", "blorf", "can", "you"][Int(rng.next() % 9)]
            }
            for t in texts {
                let a = m.match(t, locale: "en", options: fast)
                let b = m.match(t, locale: "en", options: full)
                #expect(a.decision == b.decision, "decision differs for \"\(t)\"")
                #expect(a.results.map(\.score) == b.results.map(\.score), "scores differ for \"\(t)\"")
                #expect(a.results.map(\.template) == b.results.map(\.template), "results differ for \"\(t)\"")
                compared += 1
            }
        }
        #expect(compared > 100)
    }

    /// The alignment's dynamic program against every path through its table, enumerated one by
    /// one (`Query.referencePaths`): each alignment the search computes, with the smaller table,
    /// the full one and the trace of the explanations, in flexible and exact matching, has the
    /// least cost of any path and the most gain among those, on seeded random catalogs and
    /// utterances with filler, unknown words, dropped, swapped, joined and cut words. A failure
    /// names its seed.
    @Test(arguments: [(UInt64(8_101), false), (8_102, true), (8_103, false)])
    func alignmentAgreesWithEveryPath(seed: UInt64, appInside: Bool) throws {
        var rng = SplitMix(state: seed)
        var checked = 0, skipped = 0
        for round in 0..<6 {
            let cats = try (0..<Int(1 + rng.next() % 2)).map { try randomCatalog(&rng, id: 800 + round * 10 + $0, appInside: appInside) }
            let m = Matcher(catalogs: cats, locales: ["en"])
            var texts = noisyPhrases(cats, &rng, perCatalog: 6, extras: 3, swapEnds: true) { rng in
                ["please", "um", "zebra", "blorf", "in", "with", Self.words[Int(rng.next() % UInt64(Self.words.count))]][Int(rng.next() % 7)]
            }
            for _ in 0..<4 {
                texts.append((0..<Int(2 + rng.next() % 5)).map { _ in Self.words[Int(rng.next() % UInt64(Self.words.count))] }.joined(separator: " "))
            }
            // Two words said as one (a split of the unit) or one word said in two (a join of the units).
            texts += texts.prefix(12).map { t in
                var ws = t.split(separator: " ").map(String.init)
                let k = Int(rng.next() % UInt64(ws.count))
                if rng.next() % 2 == 0, k + 1 < ws.count {
                    ws[k] += ws.remove(at: k + 1)
                } else if ws[k].count >= 4 {
                    let w = ws[k], cut = w.index(w.startIndex, offsetBy: w.count / 2)
                    ws[k...k] = [String(w[..<cut]), String(w[cut...])]
                }
                return ws.joined(separator: " ")
            }
            let changes: [(inout MatchOptions) -> Void] = [{ _ in }, { $0.fullAlignment = true }, { $0.mode = .exact }]
            for (k, change) in changes.enumerated() {
                var o = m.options
                change(&o)
                for t in texts {
                    guard let c = m.checkAlignments(t, locale: "en", options: o) else { continue }
                    checked += c.checked
                    skipped += c.skipped
                    #expect(c.mismatches.isEmpty, "seed \(seed), round \(round), options \(k): \(c.mismatches.prefix(3))")
                }
            }
        }
        #expect(checked > 500, "seed \(seed): \(checked) alignments checked")
        #expect(skipped * 20 < checked, "seed \(seed): \(skipped) of \(checked + skipped) alignments too large to check")
    }
}
