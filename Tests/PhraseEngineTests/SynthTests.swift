import Foundation
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

@Suite struct SynthTests {
    /// The sample apps of the repository (Corpora/<app>/catalog.json).
    static let corporaDir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Corpora").path

    static func sample(_ app: String) throws -> Catalog {
        try CatalogLoader.load(path: "\(corporaDir)/\(app)/catalog.json")
    }

    static let vocabulary = Set(Synth.variantTags + [Synth.tag])

    func run(_ args: [String], stdin: [String] = []) -> (Int32, String, String) { runCLI(args, stdin: stdin) }
    func temp(_ name: String, _ text: String) throws -> String { try tempFile(name, text) }

    @Test func splitMixIsTheReferenceSequence() {
        // First outputs of SplitMix64 seeded with 0 (reference implementation by Vigna).
        var r = SplitMix64(seed: 0)
        #expect(r.next() == 0xE220_A839_7B1D_CDAF)
        #expect(r.next() == 0x6E78_9E6A_A1B9_65F4)
        var a = SplitMix64(seed: 7), b = SplitMix64(seed: 7)
        var xs = Array(0..<50), ys = Array(0..<50)
        a.shuffle(&xs)
        b.shuffle(&ys)
        #expect(xs == ys)
        #expect(xs.sorted() == Array(0..<50))
        for n in [1, 2, 3, 10, 1000] { #expect((0..<n).contains(a.int(below: n))) }
        #expect(SplitMix64.stableHash("habits|en") == SplitMix64.stableHash("habits|en"))
    }

    @Test func deterministicPerSeed() throws {
        let cats = [try Self.sample("habits"), try Self.sample("coffee")]
        let one = Synth.render(Synth.generate(cats, locales: .all, options: .init(perShortcut: 3, seed: 42)))
        let again = Synth.render(Synth.generate(cats, locales: .all, options: .init(perShortcut: 3, seed: 42)))
        let other = Synth.render(Synth.generate(cats, locales: .all, options: .init(perShortcut: 3, seed: 43)))
        #expect(!one.isEmpty)
        #expect(one == again)
        #expect(one != other)
    }

    @Test func linesAreValidCorpusLinesWithRealExpectations() throws {
        for app in ["habits", "coffee", "home", "notes", "reader"] {
            let c = try Self.sample(app)
            let text = Synth.render(Synth.generate([c], locales: .all, options: .init(perShortcut: 2, seed: 1)))
            let parsed = CorpusReader.parse(text, file: "\(app).jsonl")
            #expect(parsed.errors.isEmpty, "\(app): \(parsed.errors.map(\.oneLine))")
            #expect(parsed.items.count == text.split(separator: "\n").count)
            var expanded: [String: Set<String>] = [:]
            for l in c.allLocales { expanded[l] = Set(Expansion.phrases(c, locale: l).map(\.text)) }
            var seenTags = Set<String>()
            for item in parsed.items {
                let at = "\(app) line \(item.line): \(item.text)"
                #expect(item.tags.last == Synth.tag, "\(at)")
                #expect(Set(item.tags).isSubset(of: Self.vocabulary), "\(at) \(item.tags)")
                seenTags.formUnion(item.tags)
                guard let locale = item.locale else { Issue.record("no locale: \(at)"); continue }
                #expect(c.allLocales.contains(locale), "\(at)")
                let nullTags: Set<String> = ["out-of-domain", "near-miss", "negative"]
                if !nullTags.isDisjoint(with: item.tags) {
                    #expect(item.expect == nil, "\(at)")
                    continue
                }
                guard let e = item.expect else { Issue.record("in-domain line without expect: \(at)"); continue }
                #expect(e.app == c.app.id, "\(at)")
                guard let s = c.shortcuts.first(where: { $0.intent == e.intent }) else {
                    Issue.record("unknown intent \(e.intent): \(at)"); continue
                }
                for (name, value) in e.parameters {
                    guard let p = s.parameter(named: name) else { Issue.record("unknown parameter \(name): \(at)"); continue }
                    switch c.kind(of: p) {
                    case .enumType(let t): #expect(c.enumType(t)?.cases.contains { $0.rawValue == value } == true, "\(at)")
                    case .entity(let t): #expect(c.entityType(t)?.options.contains { $0.id == value } == true, "\(at)")
                    case .bool: #expect(value == "true" || value == "false", "\(at)")
                    default: Issue.record("parameter \(name) cannot appear in a phrase: \(at)")
                    }
                }
                if item.tags.contains("clean") {
                    #expect(expanded[locale]?.contains(item.text) == true, "clean line is not an expanded phrase: \(at)")
                }
            }
            for t in ["clean", "filler", "reword", "asr-sound", "asr-split", "alt-name", "synonym", "near-miss", "negative",
                      "out-of-domain", "asr-accent"] {
                #expect(seenTags.contains(t), "\(app) has no \(t) line")
            }
        }
    }

    @Test func booleansAreJSONBooleansAndDefaultIsDevelopmentLocale() throws {
        let c = try Self.sample("habits")
        let lines = Synth.generate([c])
        #expect(Set(lines.map(\.locale)) == [c.developmentLocale])
        let text = Synth.render(lines)
        #expect(text.contains("\"done\": true") || text.contains("\"done\": false"))
        #expect(!text.contains("\"done\": \"true\""))
    }

    @Test func recognizerVariantsPerLocale() throws {
        let c = try Self.sample("habits")
        let lines = Synth.generate([c], locales: .all, options: .init(perShortcut: 4, seed: 3))
        func texts(_ locale: String, _ tag: String) -> [String] {
            lines.filter { $0.locale == locale && $0.tags.contains(tag) }.map(\.text)
        }
        // Numbers: "10,000 Steps" / "No Phone After 10" sampled or not, some number line exists across locales.
        #expect(lines.contains { $0.tags.contains("asr-number") })
        // fr accents stripped; ja kana swapped; zh traditional characters.
        #expect(texts("fr", "asr-accent").allSatisfy { !$0.contains("é") && !$0.contains("è") })
        #expect(texts("ja", "asr-accent").contains { $0.unicodeScalars.contains { (0x3041...0x3096).contains($0.value) } })
        #expect(!texts("zh-Hans", "asr-accent").isEmpty)
        // Sound-alike lines keep the phonetic key of the edited word in most cases: the whole
        // line's key sequence stays the same for a majority of English lines.
        let n = Normalizer.forLocale("en")
        // Pair each sound-alike line with the clean phrase it was made from (the line group's first).
        var sounds: [(String, String)] = []
        var base: String? = nil
        for l in lines where l.locale == "en" {
            if l.tags == ["clean", "synth"] { base = l.text }
            if l.tags.contains("asr-sound"), let b = base { sounds.append((l.text, b)) }
        }
        #expect(!sounds.isEmpty)
        var kept = 0
        for (s, b) in sounds where n.normalize(s).tokens.map(\.phonetic) == n.normalize(b).tokens.map(\.phonetic) {
            kept += 1
        }
        #expect(kept * 2 >= sounds.count)
        // Out-of-domain controls once per locale, with expect null.
        for l in c.allLocales { #expect(lines.contains { $0.locale == l && $0.tags.contains("out-of-domain") && $0.expect == nil }, "\(l)") }
    }

    @Test func perShortcutSpreadsOverOptionsWithinBudget() throws {
        let c = try Self.sample("music")
        let lines = Synth.generate([c], options: .init(perShortcut: 6, seed: 9))
        let inBudget = Set(Expansion.phrases(c, locale: "en").filter { $0.ordinal < Expansion.budget }.map(\.text))
        let clean = lines.filter { $0.tags.first == "clean" }
        #expect(clean.allSatisfy { inBudget.contains($0.text) })
        // Each shortcut with phrases gets at most 6 base phrases, and options are not repeated
        // while unused ones remain.
        for s in c.shortcuts {
            let bases = clean.filter { $0.expect?.intent == s.intent && $0.tags == ["clean", "synth"] }
            #expect(bases.count <= 6)
            let values = bases.compactMap { $0.expect?.parameters.first?.value.identity }
            if values.count > 1 { #expect(Set(values).count == values.count, "\(s.intent) \(values)") }
        }
    }

    @Test func cliWritesJSONLinesAndExitCodes() throws {
        let cat = try temp("habits.json", MatcherTests.habits)
        let (code, out, err) = run(["synth", "--catalog", cat, "--seed", "5", "--per-shortcut", "2"])
        #expect(code == 0, "\(err)")
        let parsed = CorpusReader.parse(out, file: "out.jsonl")
        #expect(parsed.errors.isEmpty)
        #expect(parsed.items.count > 5)
        #expect(out == run(["synth", "--catalog", cat, "--seed", "5", "--per-shortcut", "2"]).1)
        #expect(out != run(["synth", "--catalog", cat, "--seed", "6", "--per-shortcut", "2"]).1)

        // --output writes the same bytes to a file.
        let dest = URL(fileURLWithPath: cat).deletingLastPathComponent().appendingPathComponent("synth.jsonl").path
        #expect(run(["synth", "--catalog", cat, "--seed", "5", "--per-shortcut", "2", "--output", dest]).0 == 0)
        #expect(FileManager.default.contents(atPath: dest).map { String(decoding: $0, as: UTF8.self) } == out)

        // Usage errors: 2.
        #expect(run(["synth", "--help"]).0 == 0)
        #expect(run(["synth", "--catalog", cat, "extra"]).0 == 2)  // no catalog: the sample apps (CLIHelpTruthTests)
        #expect(run(["synth", "--catalog", cat, "--per-shortcut", "0"]).0 == 2)
        #expect(run(["synth", "--catalog", cat, "--per-shortcut", "x"]).0 == 2)
        #expect(run(["synth", "--catalog", cat, "--seed", "-1"]).0 == 2)
        #expect(run(["synth", "--catalog", cat, "--bogus"]).0 == 2)
        #expect(run(["synth", "--catalog", cat, "extra"]).0 == 2)
        #expect(run(["synth", "--catalog", cat, "--locale", "ko"]).0 == 2)

        // Unreadable or malformed catalog: 3, naming the file.
        let bad = try temp("bad.json", "{\"app\": 3}")
        let (c3, _, e3) = run(["synth", "--catalog", bad])
        #expect(c3 == 3)
        #expect(e3.contains("bad.json"))
        #expect(run(["synth", "--catalog", "/nonexistent/catalog.json"]).0 == 3)
    }

    @Test func severalCatalogsAndLocaleAll() throws {
        let path = "\(Self.corporaDir)/habits/catalog.json"
        let path2 = "\(Self.corporaDir)/coffee/catalog.json"
        let (code, out, _) = run(["synth", "--catalog", path, "--catalog", path2, "--locale", "all", "-n", "1"])
        #expect(code == 0)
        let items = CorpusReader.parse(out, file: "x.jsonl").items
        #expect(Set(items.compactMap(\.expect?.app)) == ["com.example.habits", "com.example.coffee"])
        #expect(Set(items.compactMap(\.locale)) == ["en", "fr", "de", "es", "ja", "zh-Hans"])
        // A near miss is never a phrase of a loaded app.
        let cats = try [CatalogLoader.load(path: path), CatalogLoader.load(path: path2)]
        for i in items where i.tags.contains("near-miss") {
            let l = i.locale ?? "en"
            let n = Normalizer.forLocale(l)
            let phrases = Set(cats.flatMap { Expansion.phrases($0, locale: l).map { n.normalizedString($0.text) } })
            #expect(!phrases.contains(n.normalizedString(i.text)), "\(i.text)")
        }
    }
    /// The words of a language are its profile's `synth` object: a profile folder whose en
    /// profile says other words gives other lines (`Synth.generate(…, store:)`).
    @Test func wordsComeFromTheLocaleProfile() throws {
        let bundledDir = try #require(LocaleStore.shared.directory)
        let real = try #require(FileManager.default.contents(atPath: bundledDir + "/en.json"))
        let object = try JSONSerialization.jsonObject(with: real)
        var profile = try #require(object as? [String: Any])
        profile["synth"] = ["outOfDomain": ["order a pizza to the moon", "sing me a lullaby"],
                            "missingValues": ["quidditch"], "wakeWords": ["yo siri"], "latinSwaps": false] as [String: Any]
        let dir = URL(fileURLWithPath: try temp("en.json", "")).deletingLastPathComponent().path
        try JSONSerialization.data(withJSONObject: profile).write(to: URL(fileURLWithPath: "\(dir)/en.json"))
        let store = LocaleStore(directory: dir)
        #expect(store.profile(for: "en").synth.missingValues == ["quidditch"])

        let c = try Self.sample("habits")
        let opts = Synth.Options(perShortcut: 4, seed: 3)
        let mine = Synth.generate([c], locales: .only("en"), options: opts, store: store)
        let bundled = Synth.generate([c], locales: .only("en"), options: opts)
        func texts(_ lines: [SynthLine], _ tag: String) -> [String] { lines.filter { $0.tags.contains(tag) }.map(\.text) }
        // Out-of-domain controls: the profile's, and only those.
        #expect(Set(texts(mine, "out-of-domain")) == ["order a pizza to the moon", "sing me a lullaby"])
        #expect(texts(bundled, "out-of-domain").contains("what's the weather like tomorrow"))
        // A value the parameter does not have: the profile's.
        #expect(texts(mine, "near-miss").contains { $0.contains("quidditch") })
        #expect(!texts(bundled, "near-miss").contains { $0.contains("quidditch") })
        // Wake words: the profile's; politeness: none listed, so none said.
        let fillers = texts(mine, "filler")
        #expect(!fillers.isEmpty && fillers.allSatisfy { $0.hasPrefix("yo siri ") })
        #expect(!texts(bundled, "filler").isEmpty && !texts(bundled, "filler").contains { $0.hasPrefix("yo siri") })
        // Without the Latin swaps and with no swaps of its own, the recognizer mishears no spelling.
        #expect(texts(mine, "asr-sound").isEmpty)
        #expect(!texts(bundled, "asr-sound").isEmpty)
    }

    /// The checks Corpora/README.md describes for the hand-written sample corpora: every line
    /// parses, its locale is its file's, its tags are from the vocabulary (plus `truncated`),
    /// and every expect names the app, an intent, parameters and values of the app's catalog.
    @Test func sampleCorporaFollowTheConventions() throws {
        let fm = FileManager.default
        let apps = try fm.contentsOfDirectory(atPath: Self.corporaDir).sorted()
            .filter { fm.fileExists(atPath: "\(Self.corporaDir)/\($0)/catalog.json") }
        #expect(apps.count >= 6)
        let allowed = Set(Synth.variantTags + ["truncated"])
        for app in apps {
            let c = try Self.sample(app)
            let dir = "\(Self.corporaDir)/\(app)/corpus"
            for f in try fm.contentsOfDirectory(atPath: dir).sorted() where f.hasSuffix(".jsonl") {
                let data = try #require(fm.contents(atPath: "\(dir)/\(f)"))
                let r = CorpusReader.parse(String(decoding: data, as: UTF8.self), file: "\(app)/\(f)")
                #expect(r.errors.isEmpty, "\(r.errors.map(\.oneLine))")
                for i in r.items {
                    let at = "\(app)/\(f):\(i.line)"
                    #expect(i.locale == String(f.dropLast(6)), "\(at)")
                    #expect(!i.tags.isEmpty && Set(i.tags).isSubset(of: allowed), "\(at) \(i.tags)")
                    guard let e = i.expect else { continue }
                    #expect(e.app == nil || e.app == c.app.id, "\(at)")
                    guard let s = c.shortcuts.first(where: { $0.intent == e.intent }) else { Issue.record("\(at): intent"); continue }
                    for (name, value) in e.parameters {
                        guard let p = s.parameter(named: name) else { Issue.record("\(at): parameter \(name)"); continue }
                        switch c.kind(of: p) {
                        case .enumType(let t): #expect(c.enumType(t)?.cases.contains { $0.rawValue == value } == true, "\(at)")
                        case .entity(let t): #expect(c.entityType(t)?.options.contains { $0.id == value } == true, "\(at)")
                        case .bool: #expect(value == "true" || value == "false", "\(at)")
                        default: Issue.record("\(at): parameter \(name) cannot be fixed by speech")
                        }
                    }
                }
            }
        }
    }
}
