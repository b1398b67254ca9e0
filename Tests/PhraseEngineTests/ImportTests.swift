import Foundation
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

@Suite struct ImportTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Import")
    static var habits: String { fixtures.appendingPathComponent("HabitTracker").path }
    static var coffee: String { fixtures.appendingPathComponent("CoffeeOrder").path }

    func tempDir() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pe-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    func write(_ dir: URL, _ name: String, _ bytes: [UInt8]) throws -> String {
        let url = dir.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        return url.path
    }

    func importCatalog(_ paths: [String], entities: [(String, String)] = []) throws -> (Catalog, [Diagnostic]) {
        var o = ImportOptions()
        o.entities = entities.map { (type: $0.0, file: $0.1) }
        let r = try ProjectImporter.run(paths: paths, options: o)
        let c = try CatalogLoader.parse(r.catalog.render(pretty: true), file: "imported.json")
        return (c, r.diagnostics)
    }

    func swiftDiagnostics(_ source: String) -> (ImportedModel, [Diagnostic]) {
        SwiftAppIntentsReader.read([SwiftSourceFile(path: "T.swift", bytes: Array(source.utf8))])
    }

    // MARK: Lexer

    @Test func lexerStringForms() {
        let src = ##"""
        let a = "x \(.applicationName) \"q\" \u{E9}"
        let b = #"raw \(not) \#(\.$p) "quoted""#
        let c = """
            Line one
              indented \
            joined
            """
        /* outer /* nested "not a string */ still comment */ let d = 1
        """##
        let (toks, problems) = SwiftLexer.tokenize(Array(src.utf8))
        #expect(problems.isEmpty)
        let strings = toks.compactMap(\.literal)
        #expect(strings.count == 3)
        guard strings.count == 3 else { return }
        if case .interpolation(let t, _) = strings[0].segments[1] { #expect(t.map(\.text) == [".", "applicationName"]) } else { Issue.record("no interpolation") }
        if case .text(let t) = strings[0].segments[2] { #expect(t == " \"q\" é") }
        if case .text(let t) = strings[1].segments[0] { #expect(t == #"raw \(not) "#) }
        if case .interpolation(let t, _) = strings[1].segments[1] { #expect(t.map(\.text) == ["\\", ".", "$p"]) }
        #expect(strings[2].plainText == "Line one\n  indented joined")
        #expect(toks.contains { $0.isIdent("d") })
        #expect(!toks.contains { $0.isIdent("still") })
    }

    @Test func lexerReportsUnterminatedInput() {
        for bad in ["let s = \"never closed\nlet t = 1", "let s = \"\"\"\n  open", "/* open comment", "let s = \"\\(foo(\"", "let s = #\"x\"\n"] {
            let (_, problems) = SwiftLexer.tokenize(Array(bad.utf8))
            #expect(!problems.isEmpty, "\(bad)")
        }
    }

    // MARK: Fixtures: round trip

    /// A reference expansion: every template × option × app name, in catalog order.
    static func expand(_ templates: [(String, [String])], names: [String]) -> [String] {
        var out: [String] = []
        for (t, options) in templates {
            // The phrase as written in Swift, turned into text the simple way.
            for o in options.isEmpty ? [""] : options {
                for n in names {
                    var s = t.replacingOccurrences(of: "\\(.applicationName)", with: n)
                    if let r = s.range(of: #"\\\(\\\.\$[A-Za-z]+\)"#, options: .regularExpression) { s.replaceSubrange(r, with: o) }
                    out.append(s)
                }
            }
        }
        return out
    }

    @Test func habitTrackerRoundTrip() throws {
        let snap = Self.fixtures.appendingPathComponent("HabitTracker/Snapshots/habits.json").path
        let (c, diags) = try importCatalog([Self.habits], entities: [("HabitEntity", snap)])
        #expect(c.app.id == "com.example.habits")
        #expect(c.locales == ["en", "fr"])
        #expect(c.shortcuts.map(\.intent) == ["LogHabitIntent", "ShowStreaksIntent", "SetReminderIntent"])
        // The phrases exactly as written in the fixture's Swift sources.
        let habit = ["Water", "hydration", "Run"]
        let expected = Self.expand([
            ("Log \\(\\.$habit) in \\(.applicationName)", habit),
            ("Mark \\(\\.$habit) as done with \\(.applicationName)", habit),
            ("Add to my habits in \\(.applicationName)", []),
            ("Show my streaks in \\(.applicationName)", []),
            ("How am I doing in \\(.applicationName)", []),
            ("Turn \\(\\.$enabled) reminders in \\(.applicationName)", ["on", "off"]),
            ("Remind me in the \\(\\.$time) with \\(.applicationName)", ["morning", "early", "evening"]),
        ], names: ["Habit Tracker", "Habits"])
        #expect(Expansion.phrases(c, locale: "en").map(\.text) == expected)
        let fr = Expansion.phrases(c, locale: "fr").map(\.text)
        #expect(fr.contains("Noter Course dans Suivi d'habitudes"))
        #expect(fr.contains("Montre mes séries dans Habitudes"))
        #expect(c.negativeTemplates(for: "en").map(\.text) == ["Delete ${applicationName}"])
        // Findings: the stale key and the synthesized raw value, with positions.
        let stale = diags.first { $0.rule == "stale-localization" }
        #expect(stale?.file.hasSuffix("AppShortcuts.xcstrings") == true)
        #expect(stale?.line == 29)
        let synth = diags.first { $0.rule == "synthesized-raw-value" }
        #expect(synth?.file.hasSuffix("ReminderTime.swift") == true)
        #expect(synth?.line == 4 && synth?.column == 10)
        #expect(!diags.contains { $0.severity == .error })
        // The test target's fake provider is not read; comments and strings that look like code are not code.
        #expect(!c.shortcuts.contains { $0.intent.contains("Fake") || $0.intent == "NotReal" })
    }

    @Test func entityWithoutSnapshotIsReported() throws {
        let (c, diags) = try importCatalog([Self.habits])
        #expect(c.entityType("HabitEntity")?.options.isEmpty == true)
        #expect(diags.contains { $0.rule == "entity-snapshot-missing" && $0.message.contains("--entities HabitEntity=FILE") })
    }

    @Test func csvSnapshot() throws {
        let snap = Self.fixtures.appendingPathComponent("HabitTracker/Snapshots/habits.csv").path
        let (c, diags) = try importCatalog([Self.habits], entities: [("HabitEntity", snap)])
        #expect(!diags.contains { $0.severity == .error })
        let opts = c.entityType("HabitEntity")?.options ?? []
        #expect(opts.map(\.id) == ["9C2F4D1E-0000-4000-8000-000000000001", "9C2F4D1E-0000-4000-8000-000000000002"])
        #expect(opts.last?.title.resolve("en", development: "en") == "Run, outside")
        #expect(opts.last?.title.resolve("fr", development: "en") == "Course")
        #expect(opts.first?.synonyms.resolve("en", development: "en") == ["hydration", "drink"])
    }

    @Test func coffeeOrderBothLocalizationFormsAndBinaryPlist() throws {
        let (c, diags) = try importCatalog([Self.coffee])
        #expect(c.app.id == "com.example.coffee")                       // binary Info.plist
        #expect(c.app.name.resolve("de", development: "en") == "Bohnenzähler")   // UTF-16 InfoPlist.strings
        #expect(c.app.alternativeNames.first?.pronunciationHint?.resolve("en", development: "en") == "bean co")
        let order = try #require(c.shortcuts.first)
        #expect(order.shortTitle == nil && order.systemImageName == nil)  // the deprecated initializer
        #expect(order.templates(for: "fr").map(\.text) == ["Commande un café ${size} avec ${applicationName}", "${applicationName}, un café ${size}"])
        #expect(order.templates(for: "de").map(\.text) == ["Bestelle einen ${size} Kaffee mit ${applicationName}"])
        let expected = Self.expand([
            ("Order a \\(\\.$size) coffee with \\(.applicationName)", ["small", "tiny", "short", "large"]),
            ("\\(.applicationName), get me a \\(\\.$size) coffee", ["small", "tiny", "short", "large"]),
            ("Find a store in \\(.applicationName)", []),
        ], names: ["Bean Counter", "BeanCo"])
        #expect(Expansion.phrases(c, locale: "en").map(\.text) == expected)
        #expect(Expansion.phrases(c, locale: "fr").contains { $0.text == "Commande un café petit avec Bean Counter" })
        #expect(diags.contains { $0.rule == "stale-localization" && $0.file.hasSuffix("de.lproj/AppShortcuts.strings") && $0.line == 5 })
        #expect(diags.contains { $0.rule == "build-products-differ" && $0.message.contains("Cancel my order") })
        #expect(!diags.contains { $0.severity == .error })
    }

    @Test func importFromBuildProductsAlone() throws {
        let data = Self.fixtures.appendingPathComponent("CoffeeOrder/Build/CoffeeOrder.app/Metadata.appintents/extract.actionsdata").path
        let plist = Self.fixtures.appendingPathComponent("CoffeeOrder/CoffeeOrder/Info.plist").path
        let (c, _) = try importCatalog([data, plist])
        #expect(c.shortcuts.map(\.intent) == ["OrderDrinkIntent", "FindStoreIntent"])
        #expect(c.enumType("DrinkSize")?.cases.map(\.rawValue) == ["s", "l"])
        #expect(Expansion.phrases(c, locale: "en").first?.text == "Order a small coffee with Bean Counter")
        #expect(c.negativeTemplates(for: "en").map(\.text) == ["Cancel my order in ${applicationName}"])
    }

    // MARK: What cannot be resolved statically

    @Test func unresolvableCodeIsReportedNotGuessed() {
        let (m, diags) = swiftDiagnostics(#"""
        struct A: AppShortcutsProvider {
            static var appShortcuts: [AppShortcut] {
                AppShortcut(intent: OneIntent(), phrases: makePhrases(), shortTitle: "One", systemImageName: "1.circle")
                AppShortcut(intent: TwoIntent(), phrases: ["Two \(.applicationName) \(count)"], shortTitle: Titles.two, systemImageName: "2.circle")
                #if DEBUG
                AppShortcut(intent: DebugIntent(), phrases: ["Debug \(.applicationName)"])
                #endif
                AppShortcut(intent: ThreeIntent(), phrases: Elsewhere.phrases)
            }
        }
        struct B: AppShortcutsProvider {
            static var appShortcuts: [AppShortcut] {
                AppShortcut(intent: FourIntent(), phrases: ["Four \(.applicationName)"])
                if Flags.beta { AppShortcut(intent: BetaIntent(), phrases: ["Beta \(.applicationName)"]) } else { AppShortcut(intent: StableIntent(), phrases: ["Stable \(.applicationName)"]) }
            }
        }
        enum Kind: AppEnum { case a }
        """#)
        #expect(m.shortcuts.map(\.intent) == ["OneIntent", "TwoIntent", "ThreeIntent", "FourIntent"])
        #expect(m.shortcuts.allSatisfy { $0.intent == "FourIntent" || $0.phrases.isEmpty })
        let rules = diags.map(\.rule)
        #expect(rules.filter { $0 == "dynamic-phrases" }.count == 3)
        #expect(rules.contains("conditional-compilation"))
        #expect(rules.contains("several-providers"))
        #expect(rules.filter { $0 == "dynamic-shortcuts" }.count == 2)
        #expect(diags.contains { $0.rule == "dynamic-text" && $0.message.contains("Titles.two") })
        #expect(diags.contains { $0.message.contains("no String or Int raw type") })
        let debug = diags.first { $0.rule == "conditional-compilation" }
        #expect(debug?.line == 6 && debug?.column == 9)
    }

    @Test func intRawValuesAndFollowedConstants() {
        let (m, diags) = swiftDiagnostics(#"""
        enum Level: Int, AppEnum {
            case low, mid = 5, high
            static var caseDisplayRepresentations: [Level: DisplayRepresentation] = [.low: "Low", .mid: "Mid", .high: "High", .gone: "Gone"]
        }
        enum P { static let order = [ "Go \(\.$level) in \(.applicationName)" ] }
        struct S: AppShortcutsProvider {
            static var appShortcuts: [AppShortcut] { AppShortcut(intent: GoIntent(), phrases: P.order, shortTitle: "Go", systemImageName: "g") }
        }
        struct GoIntent: AppIntent { @Parameter(title: "Level") var level: Level? }
        """#)
        #expect(m.enums.first?.cases.map(\.rawValue) == ["0", "5", "6"])
        #expect(m.enums.first?.cases.map(\.synthesized) == [true, false, true])
        #expect(m.enums.first?.cases.map(\.title) == ["Low", "Mid", "High"])
        #expect(m.shortcuts.first?.phrases.map(\.template) == ["Go ${level} in ${applicationName}"])
        #expect(m.shortcuts.first?.parameters.first?.type == "Level")
        #expect(diags.contains { $0.rule == "unknown-case" })
        #expect(diags.filter { $0.rule == "synthesized-raw-value" }.count == 2)
    }

    // MARK: Hostile input

    @Test func hostileInputsGiveDiagnostics() throws {
        let dir = try tempDir()
        _ = try write(dir, "Unterminated.swift", Array("struct A: AppShortcutsProvider {\n static var appShortcuts: [AppShortcut] {\n AppShortcut(intent: X(), phrases: [\"open \\(.applicationName)\n".utf8))
        _ = try write(dir, "Deep.swift", Array((String(repeating: "[", count: 200_000) + String(repeating: "(", count: 100_000) + String(repeating: "{", count: 100_000)).utf8))
        _ = try write(dir, "Interp.swift", Array(("let s = " + String(repeating: "\"\\(", count: 5_000)).utf8))
        _ = try write(dir, "Binary.swift", [0x73, 0x74, 0x72, 0x75, 0x63, 0x74, 0x20, 0xFF, 0xFE, 0xC3, 0x28, 0x22, 0x80, 0x0A])
        var big = [UInt8](repeating: 0x2F, count: 10 * 1024 * 1024)   // 10 MB
        big[0] = 0x22
        _ = try write(dir, "Huge.swift", big)
        _ = try write(dir, "AppShortcuts.xcstrings", Array(String(repeating: "{\"a\":", count: 10_000).utf8))
        _ = try write(dir, "fr.lproj/AppShortcuts.strings", Array("\"unterminated = \"x\";\n/* open".utf8))
        _ = try write(dir, "Info.plist", Array(("<plist><dict>" + String(repeating: "<array>", count: 50_000)).utf8))
        _ = try write(dir, "Build/extract.actionsdata", [0x7B, 0xFF, 0x00])
        let start = Date()
        let r = try ProjectImporter.run(paths: [dir.path])
        #expect(Date().timeIntervalSince(start) < 30)
        let byFile = Dictionary(grouping: r.diagnostics) { ($0.file as NSString).lastPathComponent }
        #expect(byFile["Unterminated.swift"]?.contains { $0.rule == "unterminated-string" } == true)
        #expect(byFile["Deep.swift"]?.isEmpty == false)
        #expect(byFile["Interp.swift"]?.isEmpty == false)
        #expect(byFile["Binary.swift"]?.contains { $0.rule == "invalid-utf8" } == true)
        #expect(byFile["Huge.swift"]?.contains { $0.rule == "file-too-large" } == true)
        #expect(byFile["AppShortcuts.xcstrings"]?.contains { $0.rule == "malformed-input" } == true)
        #expect(byFile["AppShortcuts.strings"]?.contains { $0.rule == "malformed-input" } == true)
        #expect(byFile["Info.plist"]?.contains { $0.rule == "malformed-input" } == true)
        #expect(byFile["extract.actionsdata"]?.contains { $0.rule == "malformed-input" } == true)
        // Still a document the engine reads.
        _ = try JSONReader.parse(r.catalog.render())
    }

    @Test func largeSourceUnderTheLimitIsLinear() throws {
        // ~4 MB of ordinary declarations: lexed and recognized without quadratic behaviour.
        let unit = "struct T: AppIntent { @Parameter(title: \"x\") var x: String? ; func f() { let s = \"a\\(b)c\" } }\n"
        let text = String(repeating: unit, count: 4 * 1024 * 1024 / unit.utf8.count)
        let start = Date()
        let f = SwiftSourceFile(path: "Big.swift", bytes: Array(text.utf8))
        #expect(f.types.count > 1000)
        #expect(Date().timeIntervalSince(start) < 30)
    }

    // MARK: Command line

    func run(_ args: [String]) -> (Int32, String, String) {
        let (ctx, buf) = CLIContext.capturing()
        let code = PhraseMatchCLI.run(args, context: ctx)
        return (code, buf.stdout, buf.stderr)
    }

    @Test func importCommand() throws {
        let dir = try tempDir()
        let out = dir.appendingPathComponent("catalog.json").path
        let snap = Self.fixtures.appendingPathComponent("HabitTracker/Snapshots/habits.json").path
        let (code, stdout, stderr) = run(["import", "--entities", "HabitEntity=\(snap)", "--output", out, Self.habits])
        #expect(code == 0)
        #expect(stdout.isEmpty)
        #expect(stderr.contains("ReminderTime.swift:4:10: warning: "))
        #expect(stderr.contains("[synthesized-raw-value]"))
        let c = try CatalogLoader.load(path: out)
        #expect(c.shortcuts.count == 3)
        #expect(run(["import", "--strict", Self.habits]).0 == 1)
        #expect(run(["import", "/nonexistent/project"]).0 == 3)
        #expect(run(["import", "--entities", "NoEquals", Self.habits]).0 == 2)
        #expect(run(["import"]).0 == 2)
        #expect(run(["import", "--app-id", "com.other", "--development-locale", "en", Self.coffee]).1.contains("\"id\": \"com.other\""))
        let (_, _, jsonErr) = run(["import", "--format", "json", Self.coffee])
        let last = jsonErr.split(separator: "\n").last.map(String.init) ?? ""
        let summary = try JSONReader.parse(last)
        #expect(summary["warnings"]?.number == 2)
        #expect(summary["diagnostics"]?.array?.first?["rule"]?.string != nil)
    }
}
