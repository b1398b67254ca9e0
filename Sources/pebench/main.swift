import Foundation
import PhraseEngine

// PhraseEngine benchmarks (release builds only): `swift run -c release pebench [suite ...] [--json]`.
// Suites: normalize, catalog, match, index (with memory), route, eval, collisions, scale, semantic, long.
// Default: all but scale, semantic and long. `long`: --only=TEXT (the cases whose name contains TEXT).
// Options: --quick (fewer iterations), --json (print JSON), --json-out=FILE, --locale=ID (normalize),
// --limit=K (match results). `profile` (untimed, for callgrind or perf): --app=APP --locale=ID
// --rounds=N or --seconds=S, --synthetic=N, --eval, --each, --repeat=K.


let args = Array(CommandLine.arguments.dropFirst())
let json = args.contains("--json")
let quick = args.contains("--quick")
let suites = args.filter { !$0.hasPrefix("--") }
nonisolated(unsafe) var results: [(String, JSONOut)] = []

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// Runs `body` repeatedly and returns per-call nanoseconds, sorted.
func sample(_ iterations: Int, _ body: () -> Void) -> [Double] {
    var out: [Double] = []
    out.reserveCapacity(iterations)
    for _ in 0..<iterations {
        let t0 = now()
        body()
        out.append(Double(now() - t0))
    }
    return out.sorted()
}

func pct(_ s: [Double], _ q: Double) -> Double {
    s.isEmpty ? 0 : s[min(s.count - 1, max(0, Int((Double(s.count) * q).rounded(.up)) - 1))]
}

func fmt(_ d: Double) -> String { JSONOut.formatNumber((d * 100).rounded() / 100) }

func report(_ name: String, _ fields: [(String, Double)]) {
    print(name.padding(toLength: 34, withPad: " ", startingAt: 0) + fields.map { "\($0.0) \(fmt($0.1))" }.joined(separator: "  "))
    results.append((name, .object(fields.map { ($0.0, .double($0.1)) })))
}

func residentKB() -> Double {
    guard let s = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in s.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        return Double(line.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0)
    }
    return 0
}

let root = FileManager.default.currentDirectoryPath
func sampleCatalogs() -> [Catalog] {
    let dir = root + "/Corpora"
    let apps = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted()
    return apps.compactMap { try? CatalogLoader.load(path: "\(dir)/\($0)/catalog.json") }
}
func corpus(_ app: String, _ locale: String) -> [CorpusItem] {
    let path = "\(root)/Corpora/\(app)/corpus/\(locale).jsonl"
    guard let d = FileManager.default.contents(atPath: path) else { return [] }
    return CorpusReader.parse(String(decoding: d, as: UTF8.self), file: path).items
}

func want(_ s: String) -> Bool { suites.isEmpty ? s != "scale" && s != "semantic" && s != "long" : suites.contains(s) }

if want("normalize") {
    let texts: [(String, String)] = [
        ("en", "hey siri log my water intake in habit tracker please"),
        ("fr", "dis siri ajoute un grand café au lait dans bean counter s'il te plaît"),
        ("de", "hey siri bitte trag meine große Laufrunde im Gewohnheitstracker ein"),
        ("ja", "ヘイシリ 習慣トラッカーで水を記録してください"),
        ("zh-Hans", "嘿siri 帮我在习惯打卡里记录喝水"),
        ("ar", "يا سيري من فضلك سجل شرب الماء في متتبع العادات"),
    ]
    let only = args.first { $0.hasPrefix("--locale=") }.map { String($0.dropFirst(9)) }
    for (l, t) in texts where only == nil || only == l {
        let n = Normalizer.forLocale(l)
        for _ in 0..<200 { _ = n.normalize(t) }
        let s = sample(quick ? 2000 : (only != nil ? 500_000 : 20000)) { _ = n.normalize(t) }
        report("normalize \(l) (\(t.split(separator: " ").count) words)", [("p50_us", pct(s, 0.5) / 1000), ("p99_us", pct(s, 0.99) / 1000)])
    }
}

if want("match") {
    let cats = sampleCatalogs()
    // The six apps in English, and habits in the locales where an utterance costs most (Han and
    // kana: dictionary word breaking, one unit per character, Japanese readings).
    let runs = ["habits", "coffee", "home", "notes", "reader", "music"].map { ($0, "en") }
        + [("habits", "ja"), ("habits", "zh-Hans")]
    for (app, locale) in runs {
        guard let c = cats.first(where: { $0.file.contains("/\(app)/") }) else { continue }
        let m = Matcher(catalogs: [c], locales: [locale])
        var o = m.options
        o.explain = false
        if let l = args.first(where: { $0.hasPrefix("--limit=") }), let k = Int(l.dropFirst(8)) { o.limit = k }
        let items = corpus(app, locale)
        for it in items { _ = m.match(it.text, locale: locale, options: o) }
        var all: [Double] = []
        for _ in 0..<(quick ? 1 : 5) {
            for it in items { all.append(contentsOf: sample(1) { _ = m.match(it.text, locale: locale, options: o) }) }
        }
        all.sort()
        // The same utterances, each matched 10 times in a row (best of the 10): what a benchmark
        // that repeats one input measures, with branch predictors and caches trained on it.
        var repeated: [Double] = []
        for it in items {
            var b = Double.infinity
            for _ in 0..<10 { b = min(b, sample(1) { _ = m.match(it.text, locale: locale, options: o) }[0]) }
            repeated.append(b)
        }
        repeated.sort()
        let st = m.statistics(locale: locale)
        report("match \(locale) \(app) (\(Expansion.count(c, locale: locale)) phrases)", [("p50_us", pct(all, 0.5) / 1000), ("p99_us", pct(all, 0.99) / 1000),
                                                                               ("repeated_p50_us", pct(repeated, 0.5) / 1000), ("templates", Double(st?.templates ?? 0))])
    }
}


/// A synthetic catalog: `apps` apps, each with 10 shortcuts and an entity of `options` options
/// (three templates use it), so phrase counts scale without changing the phrase shapes.
func syntheticCatalogs(apps: Int, options: Int) -> [Catalog] {
    let words = ["morning", "evening", "jazz", "focus", "run", "chill", "party", "study", "sleep", "drive", "summer",
                 "rain", "coffee", "dinner", "road", "trip", "classic", "rock", "piano", "beats", "house", "soul",
                 "indie", "gold", "night", "city", "ocean", "forest", "retro", "fresh", "deep", "happy"]
    var out: [Catalog] = []
    for a in 0..<apps {
        var opts: [String] = []
        for k in 0..<options {
            let t = "\(words[k % words.count]) \(words[(k / words.count) % words.count]) \(k / (words.count * words.count))"
            opts.append("{\"id\":\"o\(k)\",\"title\":\"\(t)\"}")
        }
        var shortcuts: [String] = []
        let verbs = ["play", "open", "show", "start", "stop", "add", "find", "share", "save", "delete"]
        for (i, v) in verbs.enumerated() {
            if i < 3 {
                shortcuts.append("{\"intent\":\"I\(i)\",\"shortTitle\":\"S\",\"systemImageName\":\"x\",\"parameters\":{\"p\":\"E\"},\"phrases\":[\"\(v) ${p} in ${applicationName}\"]}")
            } else {
                shortcuts.append("{\"intent\":\"I\(i)\",\"shortTitle\":\"S\",\"systemImageName\":\"x\",\"phrases\":[\"\(v) my items in ${applicationName}\",\"\(v) everything with ${applicationName}\"]}")
            }
        }
        let json = "{\"app\":{\"id\":\"app\(a)\",\"name\":\"App \(a) \(words[a % words.count])\"},\"entities\":{\"E\":{\"options\":[\(opts.joined(separator: ","))]}},\"shortcuts\":[\(shortcuts.joined(separator: ","))]}"
        if let c = try? CatalogLoader.parse(json, file: "synthetic\(a).json") { out.append(c) }
    }
    return out
}


if want("index") || want("memory") {
    let cats = sampleCatalogs()
    let phrases = cats.reduce(0) { $0 + Expansion.count($1, locale: "en") }
    let rss0 = residentKB()
    let t0 = now()
    let m = Matcher(catalogs: cats, locales: ["en"], options: MatchOptions(enforceBudget: false))
    let t1 = now()
    let rss1 = residentKB()
    _ = m.match("warm up", locale: "en")
    report("index build en, 6 sample apps", [("phrases", Double(phrases)), ("ms", Double(t1 - t0) / 1e6),
                                           ("us_per_phrase", Double(t1 - t0) / 1000 / Double(max(phrases, 1))),
                                           ("rss_kb_delta", rss1 - rss0)])
    let big = syntheticCatalogs(apps: 1, options: 100_000)
    let bigPhrases = big.reduce(0) { $0 + Expansion.count($1, locale: "en") }
    let r0 = residentKB(), b0 = now()
    let bm = Matcher(catalogs: big, locales: ["en"], options: MatchOptions(enforceBudget: false))
    let b1 = now(), r1 = residentKB()
    _ = bm.match("play jazz morning 3 in app 0 morning", locale: "en")
    report("index build en, 100k-option entity", [("phrases", Double(bigPhrases)), ("ms", Double(b1 - b0) / 1e6),
                                                 ("us_per_phrase", Double(b1 - b0) / 1000 / Double(max(bigPhrases, 1))),
                                                 ("rss_kb_delta", r1 - r0), ("bytes_per_phrase", (r1 - r0) * 1024 / Double(max(bigPhrases, 1)))])
}

if want("catalog") {
    // 10 shortcuts × 10 templates × 10 locales, an entity of 10,000 options (the catalog issue's figure).
    let locales = ["en", "fr", "de", "es", "it", "ja", "zh-Hans", "pt-BR", "nl", "sv"]
    var opts: [String] = []
    for k in 0..<10_000 {
        let titles = locales.map { "\"\($0)\":\"item \(k) \($0)\"" }.joined(separator: ",")
        opts.append("{\"id\":\"e\(k)\",\"title\":{\(titles)},\"synonyms\":{\"en\":[\"thing \(k)\"]}}")
    }
    var shortcuts: [String] = []
    for sc in 0..<10 {
        let phrases = locales.map { l in
            "\"\(l)\":[" + (0..<10).map { t in t < 3 ? "\"do \(sc) way \(t) ${e} in ${applicationName}\"" : "\"do \(sc) way \(t) in ${applicationName}\"" }.joined(separator: ",") + "]"
        }.joined(separator: ",")
        shortcuts.append("{\"intent\":\"I\(sc)\",\"shortTitle\":\"S\",\"systemImageName\":\"x\",\"parameters\":{\"e\":\"E\"},\"phrases\":{\(phrases)}}")
    }
    let json = "{\"locales\":[" + locales.map { "\"\($0)\"" }.joined(separator: ",") + "],\"app\":{\"id\":\"big\",\"name\":\"Big App\",\"alternativeNames\":[\"Biggie\"]},\"entities\":{\"E\":{\"options\":[\(opts.joined(separator: ","))]}},\"shortcuts\":[\(shortcuts.joined(separator: ","))]}"
    let bytes = Array(json.utf8)
    let rss0 = residentKB()
    let t0 = now()
    if let c = try? CatalogLoader.parse(bytes, file: "big.json") {
        let t1 = now()
        // What the system keeps: per locale, the count and the served (budgeted) phrases.
        var counted = 0, served = 0
        for l in locales {
            counted += Expansion.count(c, locale: l)
            Expansion.forEach(c, locale: l, includeTruncated: false) { _ in served += 1; return true }
        }
        let t2 = now()
        let m = Matcher(catalogs: [c])
        let t3 = now()
        _ = m.match("do 1 way 0 item 5 en in big app", locale: "en")
        report("catalog load+expand 10×10×10, 10k options", [("json_mb", Double(bytes.count) / 1e6), ("load_ms", Double(t1 - t0) / 1e6),
                                                             ("count_and_budget_ms", Double(t2 - t1) / 1e6), ("index_all_locales_ms", Double(t3 - t2) / 1e6),
                                                             ("total_ms", Double(t3 - t0) / 1e6), ("expanded_count", Double(counted)),
                                                             ("served", Double(served)), ("rss_kb_delta", residentKB() - rss0)])
        // Listing every expanded phrase (what `expand --include-truncated` does), one locale.
        var walked = 0
        let t4 = now()
        Expansion.forEach(c, locale: "en") { _ in walked += 1; return true }
        report("expand every phrase (en)", [("phrases", Double(walked)), ("ms", Double(now() - t4) / 1e6)])
    }
}

if want("route") {
    let cats = syntheticCatalogs(apps: 100, options: 300)
    let phrases = cats.reduce(0) { $0 + Expansion.count($1, locale: "en") }
    let m = Matcher(catalogs: cats, locales: ["en"])
    var o = m.options
    o.explain = false
    let names = ["morning", "evening", "jazz", "focus", "run", "chill", "party", "study", "sleep", "drive", "summer",
                 "rain", "coffee", "dinner", "road", "trip", "classic", "rock", "piano", "beats", "house", "soul",
                 "indie", "gold", "night", "city", "ocean", "forest", "retro", "fresh", "deep", "happy"]
    let qs = (0..<200).map { k in "play \(["morning", "jazz", "focus", "chill"][k % 4]) \(["evening", "run", "party"][k % 3]) \(k % 7) in app \(k % 100) \(names[(k % 100) % names.count])" }
    for q in qs { _ = m.match(q, locale: "en", options: o) }
    var all: [Double] = []
    for _ in 0..<(quick ? 1 : 5) { for q in qs { all.append(contentsOf: sample(1) { _ = m.match(q, locale: "en", options: o) }) } }
    all.sort()
    report("route en, 100 apps", [("phrases", Double(phrases)), ("p50_us", pct(all, 0.5) / 1000), ("p99_us", pct(all, 0.99) / 1000)])
}

// `long` (not in the default run): the worst case of alignment length (issue 50). One phrase as long
// as a template may be (`CatalogLoader.maxTemplateBytes`: 2,048 bytes of short words, the app name
// and a value), matched against utterances of 2,048 bytes: the phrase itself, its words shuffled,
// every seventh word left out and another said, and words of the phrase with words the catalog
// does not know; and a phrase of 300 bytes (the `template` fuzz target's) likewise. p50 and max of
// the query (no explanation) in ms. `swift run -c release pebench long` (BENCHMARKS.md, issue 50).
func longCatalog(_ word: (Int) -> String, bytes limit: Int = 2048) -> (Catalog?, [String]) {
    var words: [String] = []
    var bytes = "${applicationName} ${kind}".utf8.count
    var i = 0
    while bytes + word(i).utf8.count + 1 <= limit { words.append(word(i)); bytes += word(i).utf8.count + 1; i += 1 }
    let template = "${applicationName} " + words.joined(separator: " ") + " ${kind}"
    let json = """
    {"developmentLocale":"en","locales":["en"],"app":{"id":"com.example.long","name":"Long Box"},
     "enums":{"Kind":{"cases":[{"rawValue":"a","title":"alpha"},{"rawValue":"b","title":"beta gamma"}]}},
     "shortcuts":[{"intent":"LongIntent","parameters":{"kind":{"type":"Kind"}},"phrases":[\(JSONOut.string(template).render()), "Open ${applicationName}"]},
                  {"intent":"ShortIntent","phrases":["Start the ${applicationName} timer"]}]}
    """
    return (try? CatalogLoader.parse(Array(json.utf8), file: "long.json"), words)
}

func cut(_ s: String, _ limit: Int) -> String {
    var out = ""
    for w in s.split(separator: " ") {
        if out.utf8.count + w.utf8.count + 1 > limit { break }
        out += out.isEmpty ? String(w) : " " + w
    }
    return out
}

if want("long") {
    let syl = ["ka", "lo", "mi", "ren", "tu", "sa", "vo", "ne", "dar", "pel", "qui", "zo"]
    let shapes: [(String, (Int) -> String, Int)] = [
        ("syllables", { i in syl[i % 12] + syl[(i / 12) % 12] }, 2048),
        ("english", { i in ["the", "red", "lamp", "in", "kitchen", "turn", "on", "my", "music", "please", "and", "play",
                                  "next", "song", "from", "list", "of", "water", "log", "a"][(i &* 7 + i / 20) % 20] }, 2048),
        ("letters", { i in String(syl[i % 12].prefix(1) + syl[(i / 12) % 12].prefix(1)) }, 2048),
        // The `template` fuzz target's slow inputs: a phrase of some 300 characters.
        ("300 B syllables", { i in syl[i % 12] + syl[(i / 12) % 12] }, 300),
    ]
    for (name, word, limit) in shapes {
        let (cat, words) = longCatalog(word, bytes: limit)
        guard let c = cat else { print("long: catalog refused"); continue }
        let m = Matcher(catalogs: [c], locales: ["en"])
        var o = m.options
        o.explain = false
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let phrase = "Long Box " + words.joined(separator: " ") + " beta gamma"
        let shuffled = words.shuffledDeterministically(&state).joined(separator: " ")
        let dropped = words.enumerated().map { $0.offset % 7 == 6 ? "zebra" : $0.element }.joined(separator: " ")
        let unknown = words.enumerated().map { $0.offset % 2 == 1 ? "quux\($0.offset % 5)" : $0.element }.joined(separator: " ")
        let qs = [("itself", phrase), ("shuffled", "Long Box " + shuffled), ("7th replaced", "Long Box " + dropped + " alpha"),
                  ("half unknown", unknown + " Long Box")].map { ($0.0, cut($0.1, 2048)) }
        let only = args.first { $0.hasPrefix("--only=") }.map { String($0.dropFirst(7)) }
        for (qn, q) in qs where only.map({ "\(name), \(qn)".contains($0) }) ?? true {
            _ = m.match(q, locale: "en", options: o)
            let s = sample(quick ? 3 : 10) { _ = m.match(q, locale: "en", options: o) }
            report("long \(name), \(qn)", [("p50_ms", pct(s, 0.5) / 1e6), ("max_ms", s.last.map { $0 / 1e6 } ?? 0)])
        }
    }
}

if want("scale") {
    for size in [1_000, 10_000, 100_000, 1_000_000] {
        let options = max(1, size / 3)
        let cats = syntheticCatalogs(apps: 1, options: options)
        let phrases = cats.reduce(0) { $0 + Expansion.count($1, locale: "en") }
        let t0 = now()
        let m = Matcher(catalogs: cats, locales: ["en"], options: MatchOptions(enforceBudget: false))
        let build = Double(now() - t0) / 1e6
        var o = m.options
        o.explain = false
        let qs = (0..<100).map { k in "play \(["morning", "jazz", "focus", "chill"][k % 4]) \(["evening", "run", "party"][k % 3]) \(k % 5) in app 0 morning" }
        for q in qs { _ = m.match(q, locale: "en", options: o) }
        var all: [Double] = []
        for _ in 0..<3 { for q in qs { all.append(contentsOf: sample(1) { _ = m.match(q, locale: "en", options: o) }) } }
        all.sort()
        report("scale en \(phrases) phrases", [("build_ms", build), ("p50_us", pct(all, 0.5) / 1000), ("p99_us", pct(all, 0.99) / 1000)])
    }
}

if want("eval") {
    let cats = sampleCatalogs()
    var items: [CorpusItem] = []
    for app in ["coffee", "habits", "home", "music", "notes", "reader"] {
        for l in ["en", "fr", "de", "es", "ja", "zh-Hans"] { items += corpus(app, l) }
    }
    let m = Matcher(catalogs: cats)
    var many: [CorpusItem] = []
    while many.count < (quick ? 20_000 : 200_000) { many += items }
    _ = Evaluator.run(Array(items.prefix(500)), matcher: m)
    let (_, secs) = Evaluator.run(many, matcher: m)
    report("eval throughput, 6 apps × 6 locales", [("utterances", Double(many.count)), ("seconds", secs),
                                                   ("utterances_per_second", Double(many.count) / secs),
                                                   ("threads", Double(ProcessInfo.processInfo.activeProcessorCount))])

    // The requirement's shape: a ~1,000-phrase catalog (Habit Tracker 750 + Bean Counter 303 = 1,053
    // expanded en phrases), their own en corpora (360 lines) repeated to ≥ 200,000 utterances, 2 threads.
    // The matcher alone on the same items, one thread, shows what the evaluation adds.
    let pair = ["habits", "coffee"].compactMap { app in cats.first { $0.file.contains("/\(app)/") } }
    let pm = Matcher(catalogs: pair, locales: ["en"])
    let phrases = pair.reduce(0) { $0 + Expansion.count($1, locale: "en") }
    let own = corpus("habits", "en") + corpus("coffee", "en")
    var reps: [CorpusItem] = []
    while reps.count < (quick ? 20_000 : 200_000) { reps += own }
    _ = Evaluator.run(own, matcher: pm, threads: 2)
    let (_, s2) = Evaluator.run(reps, matcher: pm, threads: 2)
    let (_, s1) = Evaluator.run(reps, matcher: pm, threads: 1)
    var mo = pm.options
    mo.explain = false
    mo.limit = max(3, mo.limit)
    let m0 = now()
    for it in reps { _ = pm.match(it.text, locale: it.locale, options: mo) }
    let matcherUs = Double(now() - m0) / 1000 / Double(reps.count)
    report("eval throughput, habits+coffee en", [("phrases", Double(phrases)), ("utterances", Double(reps.count)),
                                                 ("utterances_per_second", Double(reps.count) / s2), ("threads", 2),
                                                 ("one_thread_utterances_per_second", Double(reps.count) / s1),
                                                 ("matcher_alone_us", matcherUs),
                                                 ("eval_overhead_us", s1 * 1e6 / Double(reps.count) - matcherUs)])
}
// MARK: - collisions (scale series)
// A synthetic catalog: two templates over an entity of many two-word options (words of four
// syllables out of twelve, so some options are one letter apart, as in a real library), a display name and
// one alternative name, so phrases = 4 × options. Analyzed past the budget (every phrase counts).
func syntheticCollisionCatalog(phrases: Int) -> Catalog? {
    let syl = ["ka", "lo", "mi", "ren", "tu", "sa", "vo", "ne", "dar", "pel", "qui", "zo"]
    func word(_ i: Int) -> String { syl[i % 12] + syl[(i / 12) % 12] + syl[(i / 144) % 12] + syl[(i / 1728) % 12] }
    let options = max(1, phrases / 4)
    var opts: [String] = []
    opts.reserveCapacity(options)
    for i in 0..<options {
        opts.append("{\"id\":\"o\(i)\",\"title\":\"\(word(i &* 7919 % 20736)) \(word(i))\"}")
    }
    let json = """
    {"developmentLocale":"en","locales":["en"],"app":{"id":"com.example.synth","name":"Synth Box","alternativeNames":["Synthy"]},
     "entities":{"Item":{"options":[\(opts.joined(separator: ","))]}},
     "shortcuts":[{"intent":"OpenItemIntent","parameters":{"item":"Item"},"phrases":["Open ${item} in ${applicationName}","Show me ${item} with ${applicationName}"]}],
     "negativePhrases":["Delete ${applicationName}"]}
    """
    return try? CatalogLoader.parse(json, file: "synthetic.json")
}

if want("collisions") {
    var o = CollisionOptions()
    o.includePastBudget = true
    if let c = sampleCatalogs().first(where: { $0.file.contains("/notes/") }) {
        let t0 = now()
        let r = CollisionAnalyzer.analyze(catalogs: [c], options: CollisionOptions())
        report("collisions notes (all locales)", [("seconds", Double(now() - t0) / 1e9), ("phrases", Double(r.phrases)), ("pairs", Double(r.pairs.count))])
    }
    for size in quick ? [1000, 10_000] : [1000, 10_000, 100_000] {
        guard let c = syntheticCollisionCatalog(phrases: size) else { continue }
        let m = Matcher(catalogs: [c], locales: ["en"])
        let t0 = now()
        let r = CollisionAnalyzer.analyze(matcher: m, options: o)
        let secs = Double(now() - t0) / 1e9
        report("collisions \(size) phrases", [("seconds", secs), ("phrases", Double(r.phrases)), ("probes", Double(r.probes)), ("pairs", Double(r.pairs.count))])
    }
}
// MARK: - end of collisions

// `semantic` (not in the default run): the sentence encoder (docs/semantic.md). Loading the
// weights (page-cached), encoding corpus utterances on one thread (p50/p90, every sample app's
// every locale, at most 400), the nearest-shortcut search over a locale's phrase vectors, and
// `match` of utterances the matcher refuses, with and without the encoder.
if want("semantic") {
    guard let path = E5Encoder.defaultPath() else { print("semantic: no weights"); exit(1) }
    var loads: [Double] = []
    for _ in 0..<5 { let t0 = now(); _ = try? E5Encoder(path: path); loads.append(Double(now() - t0)) }
    loads.sort()
    report("semantic load weights", [("p50_ms", pct(loads, 0.5) / 1e6), ("max_ms", loads.last! / 1e6)])
    guard let e = try? E5Encoder(path: path) else { print("semantic: cannot load \(path)"); exit(1) }
    let cats = sampleCatalogs()
    var texts: [(String, String)] = []
    for c in cats { for l in c.locales { for it in corpus(c.app.id.split(separator: ".").last.map(String.init) ?? "", l).prefix(8) { texts.append((it.text, l)) } } }
    var lcg: UInt64 = 42
    texts.sort { $0.0 < $1.0 }
    texts = texts.shuffledDeterministically(&lcg).prefix(quick ? 60 : 400).map { $0 }
    var times: [Double] = []
    for (t, l) in texts { let t0 = now(); _ = e.encode(t, locale: l); times.append(Double(now() - t0)) }
    times.sort()
    report("semantic encode (1 thread)", [("utterances", Double(texts.count)), ("p50_ms", pct(times, 0.5) / 1e6), ("p90_ms", pct(times, 0.9) / 1e6)])
    let en = cats.filter { $0.locales.contains("en") }
    let t0 = now()
    let pv = PhraseVectors.build(en, locale: "en", encoder: e, cache: nil)
    report("semantic phrase vectors en", [("rows", Double(pv.texts.count)), ("seconds", Double(now() - t0) / 1e9)])
    // A rule that weighs `tokenRecall` (the bundled one, session 35): the utterance's token
    // states from its own pass, and the candidate's phrase encoded too where the process has
    // not read it before (the worst case: every phrase new).
    var tokTimes: [Double] = []
    for (i, (t, l)) in texts.enumerated() {
        let phrase = pv.texts[(i * 7919) % max(pv.texts.count, 1)]
        let t0 = now()
        if let u = e.encodeWithTokens(t, locale: l)?.tokens, let p = e.encodeWithTokens(phrase, locale: l)?.tokens { _ = u.recall(in: p) }
        tokTimes.append(Double(now() - t0))
    }
    tokTimes.sort()
    report("semantic tokens + a new phrase", [("utterances", Double(texts.count)), ("p50_ms", pct(tokTimes, 0.5) / 1e6),
                                                                     ("p90_ms", pct(tokTimes, 0.9) / 1e6)])
    let q = e.encode("please record that i drank water", locale: "en")
    let near = sample(quick ? 200 : 2000) { _ = pv.nearest(q) }
    report("semantic nearest (en rows)", [("rows", Double(pv.texts.count)), ("p50_us", pct(near, 0.5) / 1000)])
    let m = Matcher(catalogs: en, locales: ["en"], encoder: e)
    m.prepareSemantic()
    var plain = m.options
    plain.semantic = false
    // The refusals the encoder reads (the others cost what they cost without it).
    let refused = corpus("habits", "en").map(\.text).filter { m.match($0, locale: "en").meaning != nil }.prefix(100)
    let with = sample(refused.count) { }
    _ = with
    var a: [Double] = [], b: [Double] = []
    for t in refused {
        a.append(sample(1) { _ = m.match(t, locale: "en", options: plain) }[0])
        b.append(sample(1) { _ = m.match(t, locale: "en") }[0])
    }
    a.sort(); b.sort()
    report("semantic match, read (habits)", [("utterances", Double(refused.count)), ("words_p50_ms", pct(a, 0.5) / 1e6),
                                                   ("with_encoder_p50_ms", pct(b, 0.5) / 1e6)])
}


if json {
    print(JSONOut.object(results).render(pretty: true))
}
if let out = args.first(where: { $0.hasPrefix("--json-out=") }).map({ String($0.dropFirst(11)) }) {
    try? Data((JSONOut.object(results).render(pretty: true) + "\n").utf8).write(to: URL(fileURLWithPath: out))
}

// MARK: - profile (not timed): matches one app's corpus in a loop for `perf record`.
if suites.contains("profile") {
    let app = args.first { $0.hasPrefix("--app=") }.map { String($0.dropFirst(6)) } ?? "habits"
    // `--locale=ID`: the app's corpus in that locale (default en).
    let locale = args.first { $0.hasPrefix("--locale=") }.map { String($0.dropFirst(9)) } ?? "en"
    let seconds = args.first { $0.hasPrefix("--seconds=") }.flatMap { Double($0.dropFirst(10)) } ?? 5
    let synthetic = args.first { $0.hasPrefix("--synthetic=") }.flatMap { Int($0.dropFirst(12)) }
    let cats = synthetic.map { syntheticCatalogs(apps: 1, options: max(1, $0 / 3)) } ?? sampleCatalogs()
    if let c = synthetic != nil ? cats.first : cats.first(where: { $0.file.contains("/\(app)/") }) {
        let m = Matcher(catalogs: [c], locales: [locale])
        var o = m.options
        o.explain = false
        if let l = args.first(where: { $0.hasPrefix("--limit=") }), let k = Int(l.dropFirst(8)) { o.limit = k }
        let items: [String] = synthetic == nil ? corpus(app, locale).map(\.text) : (0..<100).map { k in
            "play \(["morning", "jazz", "focus", "chill"][k % 4]) \(["evening", "run", "party"][k % 3]) \(k % 5) in app 0 morning"
        }
        let rounds = args.first { $0.hasPrefix("--rounds=") }.flatMap { Int($0.dropFirst(9)) }
        // `--each`: each utterance's best-of-20 latency and its text, slowest first.
        if args.contains("--each") {
            var rows: [(Double, String)] = []
            for it in items {
                var b = Double.infinity
                for _ in 0..<20 { b = min(b, sample(1) { _ = m.match(it, locale: locale, options: o) }[0]) }
                rows.append((b / 1000, it))
            }
            for (us, t) in rows.sorted(by: { $0.0 > $1.0 }) { print(fmt(us), t) }
            // The same, each utterance's best over 20 rounds of the whole corpus in order.
            var best = [Double](repeating: .infinity, count: items.count)
            for _ in 0..<20 { for (k, it) in items.enumerated() { best[k] = min(best[k], sample(1) { _ = m.match(it, locale: locale, options: o) }[0]) } }
            var best2 = [Double](repeating: .infinity, count: items.count)
            let order = items.indices.sorted { items[$0] < items[$1] }
            for _ in 0..<20 { for k in order { best2[k] = min(best2[k], sample(1) { _ = m.match(items[k], locale: locale, options: o) }[0]) } }
            print("median sorted by text", fmt(best2.sorted()[items.count / 2] / 1000))
            let sorted = best.sorted()
            print("median: repeated", fmt(rows.map(\.0).sorted()[rows.count / 2]), "in corpus order", fmt(sorted[sorted.count / 2] / 1000))
        }
        // `--eval`: the same utterances through the evaluation (one thread), as `phrasematch eval` runs them.
        let corpusItems = args.contains("--eval") && synthetic == nil ? corpus(app, locale) : []
        let t0 = now()
        var count = 0
        while rounds.map({ count < $0 * items.count }) ?? (Double(now() - t0) / 1e9 < seconds) {
            let repeats = args.first { $0.hasPrefix("--repeat=") }.flatMap { Int($0.dropFirst(9)) } ?? 1
            if args.contains("--eval") {
                for _ in 0..<repeats { _ = Evaluator.run(corpusItems, matcher: m, threads: 1) }
            } else {
                for it in items { for _ in 0..<repeats { _ = m.match(it, locale: locale, options: o) } }
            }
            count += items.count * repeats
        }
        report("profile \(locale) \(app)", [("utterances", Double(count)), ("us_per_utterance", Double(now() - t0) / 1000 / Double(count))])
    }
}

extension Array {
    /// A fixed shuffle (Fisher-Yates with a linear congruential generator).
    func shuffledDeterministically(_ state: inout UInt64) -> [Element] {
        var a = self
        guard a.count > 1 else { return a }
        for i in stride(from: a.count - 1, to: 0, by: -1) {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let j = Int((state >> 33) % UInt64(i + 1))
            a.swapAt(i, j)
        }
        return a
    }
}
