import Foundation
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

/// `lint`, `expand` and `diff`: golden files, budget counts, contract changes, malformed input.
@Suite struct CatalogCommandsTests {
    static let goldenDir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Golden").path

    static let xcodeLine = #"^.+:\d+:\d+: (error|warning|note): .+ \[[a-z-]+\]$"#

    /// Runs the CLI in process with a chosen current directory (so paths in reports are relative).
    func run(_ args: [String], in dir: String? = nil, env: [String: String] = [:]) -> (code: Int32, out: String, err: String) {
        let buf = CaptureBuffer()
        let ctx = CLIContext(environment: env, currentDirectory: dir ?? FileManager.default.currentDirectoryPath,
                             out: { buf.stdout += $0 }, err: { buf.stderr += $0 })
        let code = PhraseMatchCLI.run(args, context: ctx)
        return (code, buf.stdout, buf.stderr)
    }

    func tempDir() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pe-catalog-cmds-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    func write(_ dir: String, _ name: String, _ text: String) throws -> String {
        let p = dir + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: p))
        return p
    }

    /// Compares with a golden file, or records it when RECORD_GOLDEN=1.
    func golden(_ name: String, _ actual: String) throws { try assertGolden(name, actual) }

    // MARK: Golden files

    /// Every eval format on a small corpus (timings left out with --stable; junit times are 0).
    @Test func evalGoldens() throws {
        for (format, file) in [("text", "eval.txt"), ("json", "eval.json"), ("markdown", "eval.md"), ("junit", "eval.junit.xml"), ("html", "eval.html")] {
            let r = run(["eval", "--catalog", "eval-catalog.json", "--format", format, "--stable", "--threads", "1", "eval-corpus.jsonl"], in: Self.goldenDir)
            #expect(r.code == 0, "eval --format \(format): exit \(r.code) \(r.err)")
            try golden(file, r.out)
        }
    }

    @Test func expandGoldens() throws {
        let text = run(["expand", "--catalog", "catalog.json", "--locale", "all"], in: Self.goldenDir)
        #expect(text.code == 0)
        #expect(text.err.isEmpty)
        try golden("expand.txt", text.out)
        let json = run(["expand", "--catalog", "catalog.json", "--locale", "all", "--format", "json"], in: Self.goldenDir)
        #expect(json.code == 0)
        try golden("expand.json", json.out)
        // The contract's keys.
        let root = try JSONReader.parse(json.out)
        let en = try #require(root["locales"]?["en"])
        #expect(en["count"]?.number == 16)
        #expect(en["budget"]?.number == 1000)
        #expect(en["truncated"]?.number == 0)
        let first = try #require(en["phrases"]?.array?.first)
        for k in ["intent", "text", "template", "parameters"] { #expect(first[k] != nil, "phrase lacks \(k)") }
        #expect(first["parameters"]?["size"]?.string == "small")
    }

    @Test func lintGoldens() throws {
        let text = run(["lint", "catalog.json"], in: Self.goldenDir, env: ["TERM": "xterm"])
        #expect(text.code == 1)
        #expect(!text.out.contains("\u{1B}["))
        try golden("lint.txt", text.out)
        let json = run(["lint", "--catalog", "catalog.json", "--format", "json"], in: Self.goldenDir)
        #expect(json.code == 1)
        try golden("lint.json", json.out)
        let xcode = run(["lint", "catalog.json", "--format", "xcode"], in: Self.goldenDir)
        #expect(xcode.code == 1)
        try golden("lint.xcode.txt", xcode.out)

        // Several rules fire, each finding has the contract's fields.
        let root = try JSONReader.parse(json.out)
        let ds = try #require(root["diagnostics"]?.array)
        let rules = Set(ds.compactMap { $0["rule"]?.string })
        for r in ["missing-app-name", "unknown-parameter", "unsupported-parameter-type", "bool-without-display-name",
                  "enum-case-without-title", "missing-translation", "missing-short-title", "missing-system-image"] {
            #expect(rules.contains(r), "\(r) did not fire on the fixture")
        }
        for d in ds {
            for k in ["rule", "severity", "message", "file", "path", "line", "column"] { #expect(d[k] != nil, "diagnostic lacks \(k)") }
        }
        let re = try Regex(Self.xcodeLine)
        for line in xcode.out.split(separator: "\n") { #expect(line.wholeMatch(of: re) != nil, "not an Xcode line: \(line)") }
    }

    @Test func lintColorsOnlyOnATerminal() {
        let buf = CaptureBuffer()
        let ctx = CLIContext(environment: ["TERM": "xterm"], stdoutIsTerminal: true, currentDirectory: Self.goldenDir,
                             out: { buf.stdout += $0 }, err: { buf.stderr += $0 })
        _ = PhraseMatchCLI.run(["lint", "catalog.json"], context: ctx)
        #expect(buf.stdout.contains("\u{1B}[1;31merror"))
        let noColor = CLIContext(environment: ["TERM": "xterm", "NO_COLOR": "1"], stdoutIsTerminal: true, currentDirectory: Self.goldenDir,
                                 out: { buf.stderr += $0 }, err: { _ in })
        _ = PhraseMatchCLI.run(["lint", "catalog.json"], context: noColor)
        #expect(!buf.stderr.contains("\u{1B}["))
    }

    // MARK: Lint

    @Test(arguments: Linter.rules.map(\.id))
    func ruleExamplesThroughTheCommand(_ id: String) throws {
        let rule = try #require(Linter.rules.first { $0.id == id })
        let dir = try tempDir()
        _ = try write(dir, "bad.json", rule.triggering)
        _ = try write(dir, "good.json", rule.nonTriggering)
        let bad = run(["lint", "--rule", id, "--format", "json", "bad.json"], in: dir)
        let good = run(["lint", "--rule", id, "--format", "json", "good.json"], in: dir)
        let badRules = try JSONReader.parse(bad.out)["diagnostics"]?.array?.compactMap { $0["rule"]?.string } ?? []
        let goodRules = try JSONReader.parse(good.out)["diagnostics"]?.array?.compactMap { $0["rule"]?.string } ?? []
        #expect(badRules.contains(id))
        #expect(goodRules.isEmpty)
        #expect(bad.code == (rule.severity == .error ? 1 : 0))
        #expect(good.code == 0)
        // --strict makes a warning fail the run; a note never does.
        let strict = run(["lint", "--rule", id, "--strict", "bad.json"], in: dir)
        #expect(strict.code == (rule.severity == .note ? 0 : 1))
        #expect(run(["lint", "--rule", id, "--strict", "good.json"], in: dir).code == 0)
    }

    @Test func strictAndRuleSelection() throws {
        let dir = try tempDir()
        _ = try write(dir, "c.json", #"{"app":{"id":"a","name":"Notes"},"shortcuts":[{"intent":"New","systemImageName":"note","phrases":["New note in ${applicationName}"]}]}"#)
        let plain = run(["lint", "c.json"], in: dir)
        #expect(plain.code == 0)
        #expect(plain.out.contains("0 errors, 1 warning, 0 notes in 1 catalog"))
        let strict = run(["lint", "--strict", "--format", "json", "c.json"], in: dir)
        #expect(strict.code == 1)
        #expect(try JSONReader.parse(strict.out)["diagnostics"]?.array?.first?["severity"]?.string == "error")
        #expect(run(["lint", "--strict", "--disable", "missing-short-title", "c.json"], in: dir).code == 0)
        #expect(run(["lint", "--strict", "--rule", "missing-app-name", "c.json"], in: dir).code == 0)
        let unknown = run(["lint", "--rule", "missing-app-nam", "c.json"], in: dir)
        #expect(unknown.code == 2)
        #expect(unknown.err.contains("did you mean 'missing-app-name'"))
        // `lint` with no catalog lints the sample apps (CLIHelpTruthTests).
        #expect(run(["lint", "--format", "html", "c.json"], in: dir).code == 2)
    }

    @Test func listRules() throws {
        let (code, out, _) = run(["lint", "--list-rules"])
        #expect(code == 0)
        for r in Linter.rules { #expect(out.contains(r.id) && out.contains(r.fact)) }
        let json = try JSONReader.parse(run(["lint", "--list-rules", "--format", "json"]).out)
        #expect(json["rules"]?.array?.count == Linter.rules.count)
    }

    /// docs/catalog-tools.md carries the generated table of every rule.
    @Test func docsRuleTableIsCurrent() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/catalog-tools.md").path
        let text = String(decoding: try #require(FileManager.default.contents(atPath: docs)), as: UTF8.self)
        let table = run(["lint", "--list-rules", "--format", "markdown"]).out
        #expect(text.contains("<!-- rules:begin -->\n" + table + "<!-- rules:end -->"),
                "regenerate the table with: phrasematch lint --list-rules --format markdown")
        #expect(table.split(separator: "\n").count == Linter.rules.count + 2)
    }

    /// A catalog written by `phrasematch import` marks the Swift source in xcode format.
    @Test func importedCatalogPointsAtSwiftSource() throws {
        let dir = try tempDir()
        try FileManager.default.createDirectory(atPath: dir + "/App", withIntermediateDirectories: true)
        _ = try write(dir, "App/Shortcuts.swift", "// shortcuts\n")
        _ = try write(dir, "catalog.json", #"""
        {"format":"phrasematch-catalog","version":1,"developmentLocale":"en","locales":["en","fr"],
         "app":{"id":"a","name":"Notes"},
         "enums":{"Kind":{"cases":[{"rawValue":"x","source":"App/Kinds.swift:4:10"}],"source":"App/Kinds.swift:1:1"}},
         "shortcuts":[{"intent":"NewNote","shortTitle":"New","systemImageName":"note",
           "phrases":{"en":["New note in ${applicationName}","New note"],"fr":["Nouvelle note"]},
           "source":"App/Shortcuts.swift:10:9","phraseSources":["App/Shortcuts.swift:12:17","App/Shortcuts.swift:13:17"]}]}
        """#)
        let (code, out, _) = run(["lint", "--format", "xcode", "catalog.json"], in: dir)
        #expect(code == 1)
        let lines = out.split(separator: "\n").map(String.init)
        // The development-locale phrase: its own line; the translation: the shortcut's; the case: its own.
        #expect(lines.contains { $0.hasPrefix("App/Shortcuts.swift:13:17: error:") && $0.hasSuffix("[missing-app-name]") })
        #expect(lines.contains { $0.hasPrefix("App/Shortcuts.swift:10:9: error:") && $0.contains("Nouvelle note") })
        #expect(lines.contains { $0.hasPrefix("App/Kinds.swift:4:10: error:") && $0.hasSuffix("[enum-case-without-title]") })
        let re = try Regex(Self.xcodeLine)
        for l in lines { #expect(l.wholeMatch(of: re) != nil, "not an Xcode line: \(l)") }
        // json keeps the catalog's path and position, and adds the Swift location.
        let json = try JSONReader.parse(run(["lint", "--format", "json", "catalog.json"], in: dir).out)
        let d = try #require(json["diagnostics"]?.array?.first { $0["rule"]?.string == "missing-app-name" && $0["path"]?.string == "shortcuts[0].phrases.en[1]" })
        #expect(d["file"]?.string == "catalog.json")
        #expect(d["source"]?.string == "App/Shortcuts.swift:13:17")
        // An explicit source root.
        let other = try tempDir()
        let rooted = run(["lint", "--format", "xcode", "--source-root", dir, dir + "/catalog.json"], in: other)
        #expect(rooted.out.contains(dir + "/App/Shortcuts.swift:13:17: error:"))
    }

    /// End to end: import the HabitTracker fixture project, lint the catalog for Xcode.
    @Test func importThenLintForXcode() throws {
        let project = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Import/HabitTracker").path
        let dir = try tempDir()
        #expect(run(["import", "--output", dir + "/habits.json", project], in: dir).code == 0)
        let (code, out, _) = run(["lint", "--format", "xcode", "--source-root", project, "habits.json"], in: dir)
        #expect(code == 0)
        let lines = out.split(separator: "\n").map(String.init)
        #expect(!lines.isEmpty)
        // No entity snapshot was given: the phrases over HabitEntity are marked at their Swift lines.
        let swift = project + "/HabitTracker/Shortcuts/HabitShortcuts.swift"
        #expect(lines.contains("\(swift):17:17: warning: ${habit} (HabitEntity) has no options in en: \"Log ${habit} in ${applicationName}\" never matches [empty-option-set]"))
        #expect(lines.allSatisfy { $0.hasPrefix(project + "/HabitTracker/") && $0.contains(".swift:") })
    }

    @Test func sourceMapPaths() {
        #expect(ImportedSourceMap.tokens("shortcuts[2].phrases.fr[0]") == [.key("shortcuts"), .index(2), .key("phrases"), .key("fr"), .index(0)])
        #expect(ImportedSourceMap.tokens(#"enums["A B"].cases[1].title"#) == [.key("enums"), .key("A B"), .key("cases"), .index(1), .key("title")])
        #expect(ImportedSourceMap.tokens("shortcuts[x]") == nil)
        #expect(ImportedSourceMap.split("C:/x/File.swift:12:5")?.file == "C:/x/File.swift")
        #expect(ImportedSourceMap.split("File.swift") == nil)
    }

    // MARK: Expansion counts and the budget

    static let multi = #"""
    {"developmentLocale":"en","locales":["en","pt-BR","zh-Hant-HK"],
     "app":{"id":"m","name":{"en":"Home Hub","pt":"Central","zh-Hant":"家居"},
            "alternativeNames":["Hub",{"name":{"en":"House","pt-BR":"Casa"}},{"name":{"pt":"Lar"}}]},
     "enums":{"Room":{"cases":[
        {"rawValue":"kitchen","title":{"en":"kitchen","pt":"cozinha"},"synonyms":{"en":["galley"],"pt-BR":["copa","cozinha grande"]}},
        {"rawValue":"hall","title":{"en":"hall","zh":"走廊"}}]}},
     "entities":{"Scene":{"options":[{"id":"s1","title":"Movie"},{"id":"s2","title":{"en":"Dinner","pt":"Jantar"},"synonyms":["Supper"]}]}},
     "shortcuts":[
       {"intent":"Lights","parameters":{"room":"Room","on":{"type":"Bool","displayName":{"true":{"en":"on","pt":"acender"},"false":"off"}}},
        "phrases":{"en":["Lights in the ${room} with ${applicationName}","Turn ${on} the lights with ${applicationName}"],
                   "pt-BR":["Luzes da ${room} no ${applicationName}"],
                   "zh-Hant-HK":["${applicationName} 開 ${room} 燈"]}},
       {"intent":"Scene","parameters":{"scene":"Scene"},
        "phrases":{"en":["Start ${scene} in ${applicationName}"],"pt-BR":["Iniciar ${scene} no ${applicationName}"]}}]}
    """#

    @Test func expansionCounts() throws {
        let c = try CatalogLoader.parse(Self.multi, file: "multi.json")
        // en: names Home Hub, Hub, House (Lar has no en/dev text) = 3.
        //   Lights t0: kitchen, galley, hall = 3 → 9; t1: on, off → 6; Scene: Movie, Dinner, Supper → 9.
        #expect(Expansion.appNames(c, locale: "en").map(\.text) == ["Home Hub", "Hub", "House"])
        #expect(Expansion.count(c, locale: "en") == 9 + 6 + 9)
        // pt-BR: Central (pt), Hub, Casa, Lar (pt) = 4 names; rooms: cozinha, copa, cozinha grande, hall (dev) = 4 → 16;
        //   scenes: Movie, Jantar, Supper (dev synonyms) → 12.
        #expect(Expansion.appNames(c, locale: "pt-BR").map(\.text) == ["Central", "Hub", "Casa", "Lar"])
        #expect(Expansion.count(c, locale: "pt-BR") == 16 + 12)
        // zh-Hant-HK: 家居 (zh-Hant), Hub, House (dev) = 3; rooms: kitchen (dev), galley (dev synonym), 走廊 (zh) = 3.
        #expect(Expansion.count(c, locale: "zh-Hant-HK") == 9)
        #expect(Expansion.phrases(c, locale: "zh-Hant-HK").map(\.text).contains("家居 開 走廊 燈"))
        // A locale without its own phrases has none, even if its language has some.
        #expect(Expansion.count(c, locale: "pt-PT") == 0)
        // Counting and listing agree, in budget order.
        for l in ["en", "pt-BR", "zh-Hant-HK"] {
            let ps = Expansion.phrases(c, locale: l)
            #expect(ps.count == Expansion.count(c, locale: l))
            #expect(ps.map(\.ordinal) == Array(0..<ps.count))
        }
        // Order: options, then app names within a template.
        #expect(Expansion.phrases(c, locale: "en").prefix(4).map(\.text) == [
            "Lights in the kitchen with Home Hub", "Lights in the kitchen with Hub", "Lights in the kitchen with House", "Lights in the galley with Home Hub",
        ])
        // Through the command: every locale, with bindings.
        let dir = try tempDir()
        _ = try write(dir, "multi.json", Self.multi)
        let (code, out, _) = run(["expand", "--catalog", "multi.json", "--locale", "all", "--format", "json"], in: dir)
        #expect(code == 0)
        let root = try JSONReader.parse(out)
        #expect(root["locales"]?["en"]?["count"]?.number == 24)
        #expect(root["locales"]?["pt-BR"]?["count"]?.number == 28)
        #expect(root["locales"]?["zh-Hant-HK"]?["phrases"]?.array?.count == 9)
        let off = root["locales"]?["en"]?["phrases"]?.array?.first { $0["text"]?.string == "Turn off the lights with House" }
        #expect(off?["parameters"]?["on"]?.bool == false)
        #expect(off?["variant"]?["appName"]?.string == "alternative name 2")
        #expect(run(["expand", "--catalog", "multi.json", "--locale", "pt-BR"], in: dir).out.hasPrefix("m (multi.json)\npt-BR: 28 phrases, budget 1,000\n"))
        #expect(run(["expand", "--catalog", "multi.json", "--locale", "not a locale"], in: dir).code == 2)
    }

    static func music(options: Int) -> String {
        let opts = (1...options).map { "{\"id\":\"p\($0)\",\"title\":\"List \($0)\"}" }.joined(separator: ",")
        return #"{"app":{"id":"music","name":"Music","alternativeNames":["Tunes"]},"entities":{"P":{"options":["# + opts
            + #"]}},"shortcuts":[{"intent":"Play","shortTitle":"Play","systemImageName":"play","parameters":{"p":"P"},"phrases":["Play ${p} in ${applicationName}"]},{"intent":"Stop","shortTitle":"Stop","systemImageName":"stop","phrases":["Stop ${applicationName}"]}]}"#
    }

    @Test func budgetLineAndTruncation() throws {
        let c = try CatalogLoader.parse(Self.music(options: 600), file: "music.json")
        let b = Expansion.budget(c, locale: "en")
        #expect(b.count == 1202)
        #expect(b.cut == 202)
        #expect(b.firstCut?.text == "Play List 501 in Music")
        #expect(b.line == "en: 1,202 phrases, budget 1,000, 202 cut (first cut: \"Play List 501 in Music\", Play)")
        #expect(PhraseBudget.grouped(1_234_567) == "1,234,567")
        #expect(PhraseBudget.grouped(999) == "999")

        let dir = try tempDir()
        _ = try write(dir, "music.json", Self.music(options: 600))
        let json = try JSONReader.parse(run(["expand", "--catalog", "music.json", "--format", "json"], in: dir).out)
        #expect(json["locales"]?["en"]?["count"]?.number == 1202)
        #expect(json["locales"]?["en"]?["truncated"]?.number == 202)
        #expect(json["locales"]?["en"]?["phrases"]?.array?.count == 1000)
        let all = try JSONReader.parse(run(["expand", "--catalog", "music.json", "--format", "json", "--include-truncated"], in: dir).out)
        let ps = try #require(all["locales"]?["en"]?["phrases"]?.array)
        #expect(ps.count == 1202)
        // Exactly the phrases past the budget are marked, in order: the last 200 playlist phrases, then Stop.
        #expect(ps.prefix(1000).allSatisfy { $0["truncated"]?.bool == false })
        #expect(ps.dropFirst(1000).allSatisfy { $0["truncated"]?.bool == true })
        #expect(ps[1000]["text"]?.string == "Play List 501 in Music")
        #expect(ps.last?["text"]?.string == "Stop Tunes")
        let text = run(["expand", "--catalog", "music.json", "--include-truncated"], in: dir).out
        #expect(text.contains("cut 1001  Play List 501 in Music  — Play p=p501"))
        #expect(text.contains("     1000  Play List 500 in Tunes  — Play p=p500"))
        #expect(!run(["expand", "--catalog", "music.json"], in: dir).out.contains("1001  "))
    }

    /// An entity of 100,000 options: streamed to a file, nothing past the budget unless asked.
    @Test func hugeEntityStreamsToAFile() throws {
        let dir = try tempDir()
        let opts = (0..<100_000).map { "{\"id\":\"o\($0)\",\"title\":\"Option \($0)\"}" }.joined(separator: ",\n")
        _ = try write(dir, "huge.json", #"{"app":{"id":"h","name":"Huge"},"entities":{"E":{"options":["# + opts
            + #"]}},"shortcuts":[{"intent":"Open","parameters":{"e":"E"},"phrases":["Open ${e} in ${applicationName}"]}]}"#)
        let r = run(["expand", "--catalog", "huge.json", "--include-truncated", "--format", "json", "--output", "out.json"], in: dir)
        #expect(r.code == 0)
        #expect(r.out.isEmpty)
        let data = try #require(FileManager.default.contents(atPath: dir + "/out.json"))
        let root = try JSONReader.parse(Array(data))
        #expect(root["locales"]?["en"]?["count"]?.number == 100_000)
        #expect(root["locales"]?["en"]?["truncated"]?.number == 99_000)
        #expect(root["locales"]?["en"]?["phrases"]?.array?.count == 100_000)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix(".") }.isEmpty, "temporary file left behind")
    }

    // MARK: Diff

    static let base = #"""
    {"developmentLocale":"en","locales":["en","fr"],
     "app":{"id":"cafe","name":"Bean Counter","alternativeNames":["Beans","BC"]},
     "enums":{"Size":{"cases":[{"rawValue":"small","title":"Small"},{"rawValue":"large","title":"Large"},{"rawValue":"mini","title":"Mini"}]}},
     "entities":{"Store":{"options":[{"id":"s1","title":"Harbor"}]}},
     "shortcuts":[
       {"intent":"Order","parameters":{"size":"Size"},
        "phrases":{"en":["Order a ${size} coffee with ${applicationName}","Coffee time in ${applicationName}"],
                   "fr":["Commande un café ${size} avec ${applicationName}"]}}
       ,{"intent":"Find","parameters":{"store":"Store"},"phrases":{"en":["Find ${store} in ${applicationName}"],"fr":["Trouve ${store} avec ${applicationName}"]}}]}
    """#

    func diff(_ edit: (inout String) -> Void) throws -> CatalogDiff {
        var s = Self.base
        edit(&s)
        return CatalogDiff.compare(try CatalogLoader.parse(Self.base, file: "old.json"), try CatalogLoader.parse(s, file: "new.json"))
    }

    func replacing(_ a: String, _ b: String) -> (inout String) -> Void {
        { s in
            #expect(s.contains(a), "fixture lacks \(a)")
            s = s.replacingOccurrences(of: a, with: b)
        }
    }

    @Test func diffKinds() throws {
        let same = try diff { _ in }
        #expect(same.breaking.isEmpty && same.safe.isEmpty)

        let removed = try diff(replacing(#","Coffee time in ${applicationName}""#, ""))
        #expect(removed.breaking.map(\.kind) == [.phraseRemoved])
        #expect(removed.breaking.first?.locale == "en" && removed.breaking.first?.intent == "Order")
        #expect(removed.breaking.first?.old == "Coffee time in ${applicationName}")

        let rewritten = try diff(replacing("Coffee time in", "Caffeine time in"))
        #expect(rewritten.breaking.map(\.kind) == [.phraseRewritten])
        #expect(rewritten.breaking.first?.old == "Coffee time in ${applicationName}")
        #expect(rewritten.breaking.first?.new == "Caffeine time in ${applicationName}")
        #expect(rewritten.safe.isEmpty)
        // Case, punctuation and parameter names are not spoken: not a change.
        #expect(try diff(replacing("Coffee time in", "coffee time, in")).breaking.isEmpty)

        let caseGone = try diff(replacing(#",{"rawValue":"mini","title":"Mini"}"#, ""))
        #expect(caseGone.breaking.map(\.kind) == [.enumCaseRemoved])
        #expect(caseGone.breaking.first?.old == "mini" && caseGone.breaking.first?.type == "Size")

        let raw = try diff(replacing(#""rawValue":"large""#, #""rawValue":"big""#))
        #expect(raw.breaking.map(\.kind) == [.rawValueChanged])
        #expect(raw.breaking.first?.old == "large" && raw.breaking.first?.new == "big")

        let intentGone = try diff(replacing(#",{"intent":"Find","parameters":{"store":"Store"},"phrases":{"en":["Find ${store} in ${applicationName}"],"fr":["Trouve ${store} avec ${applicationName}"]}}"#, ""))
        #expect(intentGone.breaking.map(\.kind) == [.shortcutRemoved])
        #expect(intentGone.breaking.first?.intent == "Find")

        let altGone = try diff(replacing(#"["Beans","BC"]"#, #"["BC"]"#))
        #expect(altGone.breaking.map(\.kind) == [.alternativeNameRemoved])
        #expect(altGone.breaking.first?.old == "Beans" && altGone.breaking.first?.locale == nil)

        let title = try diff(replacing(#""title":"Small""#, #""title":"Petite""#))
        #expect(title.breaking.contains { $0.kind == .spokenPhraseRemoved && $0.old == "Order a Small coffee with Beans" })

        let additions = try diff { s in
            s = s.replacingOccurrences(of: #""Coffee time in ${applicationName}""#, with: #""Coffee time in ${applicationName}","Espresso in ${applicationName}""#)
            s = s.replacingOccurrences(of: #"{"rawValue":"mini","title":"Mini"}"#, with: #"{"rawValue":"mini","title":"Mini"},{"rawValue":"huge","title":"Huge"}"#)
            s = s.replacingOccurrences(of: #"{"id":"s1","title":"Harbor"}"#, with: #"{"id":"s1","title":"Harbor"},{"id":"s2","title":"Dock"}"#)
            s = s.replacingOccurrences(of: #""shortcuts":["#, with: #""shortcuts":[{"intent":"Tip","phrases":["Tip with ${applicationName}"]},"#)
        }
        #expect(additions.breaking.isEmpty)
        let kinds = Set(additions.safe.map(\.kind))
        #expect(kinds.isSuperset(of: [.phraseAdded, .enumCaseAdded, .shortcutAdded, .entityOptionsChanged, .spokenPhraseAdded]))
    }

    @Test func diffBudgetPushesPhrasesOut() throws {
        let old = try CatalogLoader.parse(Self.music(options: 400), file: "old.json")
        let new = try CatalogLoader.parse(Self.music(options: 600), file: "new.json")
        let d = CatalogDiff.compare(old, new)
        // "Stop Music" was phrase 801; now it is 1,201st and cut. More options are run-time data.
        #expect(d.breaking.map(\.kind) == [.spokenPhraseCut, .spokenPhraseCut])
        #expect(d.breaking.first?.old == "Stop Music")
    }

    @Test func diffCommand() throws {
        let dir = try tempDir()
        _ = try write(dir, "old.json", Self.base)
        _ = try write(dir, "new.json", Self.base.replacingOccurrences(of: #""rawValue":"large""#, with: #""rawValue":"big""#))
        _ = try write(dir, "added.json", Self.base.replacingOccurrences(of: #""Coffee time in ${applicationName}""#, with: #""Coffee time in ${applicationName}","Espresso in ${applicationName}""#))
        let (code, out, _) = run(["diff", "old.json", "new.json", "--format", "json"], in: dir)
        #expect(code == 1)
        let root = try JSONReader.parse(out)
        let b = try #require(root["breaking"]?.array?.first)
        #expect(b["kind"]?.string == "raw-value-changed")
        for k in ["kind", "locale", "intent", "old", "new"] { #expect(b[k] != nil, "change lacks \(k)") }
        #expect(root["safe"]?.array?.isEmpty == true)
        let text = run(["diff", "old.json", "added.json"], in: dir)
        #expect(text.code == 0)
        #expect(text.out.contains("SAFE (1)"))
        #expect(text.out.contains("phrase-added  en  Order  \"Espresso in ${applicationName}\""))
        #expect(run(["diff", "old.json"], in: dir).code == 2)
        _ = try write(dir, "bad.json", "{")
        let bad = run(["diff", "old.json", "bad.json"], in: dir)
        #expect(bad.code == 3)
        #expect(bad.err.contains("bad.json:1:1"))
        #expect(run(["diff", "old.json", "missing.json"], in: dir).code == 3)
    }

    // MARK: Malformed catalogs

    static let malformed: [(name: String, json: String, path: String)] = [
        ("wrong-type", #"{"app":{"id":"a","name":"A"},"shortcuts":[{"intent":"I","phrases":{"en":[42]}}]}"#, "shortcuts[0].phrases.en[0]"),
        ("missing-key", #"{"app":{"id":"a","name":"A"}}"#, "shortcuts"),
        ("duplicate-id", #"{"app":{"id":"a","name":"A"},"shortcuts":[{"intent":"I","phrases":[]},{"intent":"I","phrases":[]}]}"#, "shortcuts[1].intent"),
        ("unknown-locale", #"{"app":{"id":"a","name":"A"},"shortcuts":[{"intent":"I","phrases":{"english":["x ${applicationName}"]}}]}"#, "shortcuts[0].phrases.english"),
        ("unterminated", #"{"app":{"id":"a","name":"A"},"shortcuts":[{"intent":"I","phrases":["Open ${x in ${applicationName}"]}]}"#, "shortcuts[0].phrases[0]"),
        ("syntax", "{\n  \"app\": {,\n}", ""),
    ]

    @Test(arguments: malformed.map(\.name))
    func malformedCatalogsExitThree(_ name: String) throws {
        let m = try #require(Self.malformed.first { $0.name == name })
        let dir = try tempDir()
        _ = try write(dir, "\(name).json", m.json)
        let xcode = run(["lint", "--format", "xcode", "\(name).json"], in: dir)
        #expect(xcode.code == 3)
        let re = try Regex(Self.xcodeLine)
        let lines = xcode.out.split(separator: "\n")
        #expect(!lines.isEmpty)
        for l in lines {
            #expect(l.wholeMatch(of: re) != nil, "not an Xcode line: \(l)")
            #expect(l.hasPrefix("\(name).json:"))
        }
        let json = run(["lint", "--format", "json", "\(name).json"], in: dir)
        #expect(json.code == 3)
        let ds = try #require(try JSONReader.parse(json.out)["diagnostics"]?.array)
        #expect(ds.contains { $0["path"]?.string == m.path && $0["line"]?.number != nil && $0["severity"]?.string == "error" })
        #expect(json.err.contains("\(name).json:"))
        let text = run(["lint", "\(name).json"], in: dir)
        #expect(text.code == 3)
        #expect(text.out.hasPrefix("\(name).json\n"))
        for cmd in [["expand", "--catalog", "\(name).json"], ["diff", "\(name).json", "\(name).json"]] {
            let r = run(cmd, in: dir)
            #expect(r.code == 3, "\(cmd[0])")
            #expect(r.err.contains("\(name).json:"))
        }
    }

    @Test func unreadableInputs() throws {
        let dir = try tempDir()
        let missing = run(["lint", "--format", "xcode", "nope.json"], in: dir)
        #expect(missing.code == 3)
        #expect(missing.out.hasPrefix("nope.json:1:1: error: no such file [unreadable]"))
        let folder = run(["lint", dir], in: dir)
        #expect(folder.code == 3)
        // One broken catalog does not hide another's findings.
        _ = try write(dir, "ok.json", #"{"app":{"id":"a","name":"Notes"},"shortcuts":[{"intent":"New","phrases":["New note"]}]}"#)
        let both = run(["lint", "--format", "json", "ok.json", "nope.json"], in: dir)
        #expect(both.code == 3)
        let rules = try JSONReader.parse(both.out)["diagnostics"]?.array?.compactMap { $0["rule"]?.string } ?? []
        #expect(rules.contains("missing-app-name") && rules.contains("unreadable"))
    }

    /// A ~50 MB catalog with an error near its end: an error with its position, no crash.
    @Test func fiftyMegabyteCatalog() throws {
        let dir = try tempDir()
        let path = dir + "/big.json"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let h = try #require(FileHandle(forWritingAtPath: path))
        h.write(Data(#"{"app":{"id":"big","name":"Big"},"entities":{"E":{"options":["#.utf8) + Data("\n".utf8))
        let n = 1_150_000
        var chunk = ""
        // Entities of at most CatalogLoader.maxEntityOptions options, one line an option.
        for i in 0..<n {
            let next = (i + 1) % CatalogLoader.maxEntityOptions == 0 ? "]},\"E\((i + 1) / CatalogLoader.maxEntityOptions)\":{\"options\":[" : ","
            chunk += "{\"id\":\"option-\(i)\",\"title\":\"Option \(i)\"}\(next)\n"
            if chunk.utf8.count > 1 << 20 { h.write(Data(chunk.utf8)); chunk = "" }
        }
        chunk += #"{"id":"last","title":42}"# + "\n"
        chunk += #"]}},"shortcuts":[{"intent":"I","parameters":{"e":"E"},"phrases":["Open ${e} in ${applicationName}"]}]}"# + "\n"
        h.write(Data(chunk.utf8))
        try h.close()
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size > 45_000_000)
        let r = run(["lint", "--format", "xcode", "big.json"], in: dir)
        #expect(r.code == 3)
        #expect(r.out == "big.json:\(n + 2):22: error: expected a string or an object of locale to string, found a number [invalid-catalog]\n")
    }
}
