import Foundation
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

/// The import gaps: regex literals in the Swift lexer, Bool display names from
/// `extract.actionsdata`, alternative app names from `InfoPlist.xcstrings`.
@Suite struct ImportGapsTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Import")

    static func lex(_ source: String) -> (tokens: [SwiftToken], problems: [LexProblem]) {
        SwiftLexer.tokenize(Array(source.utf8))
    }

    /// The tokens as compact text: regex literals and strings marked, the rest as written.
    static func shape(_ source: String) -> [String] {
        lex(source).tokens.map { t in
            switch t.kind {
            case .regex: return "R" + t.text
            case .string: return "S" + (t.literal?.plainText ?? "?")
            default: return t.text
            }
        }
    }

    // MARK: Regex literals

    @Test func divisionIsNotARegex() {
        #expect(Self.shape("let x = a / b / c") == ["let", "x", "=", "a", "/", "b", "/", "c"])
        #expect(Self.shape("let x = a/b/c") == ["let", "x", "=", "a", "/", "b", "/", "c"])
        #expect(Self.shape("let y = (a + b) / 2 / c") == ["let", "y", "=", "(", "a", "+", "b", ")", "/", "2", "/", "c"])
        #expect(Self.shape("let z = x! / y / 2") == ["let", "z", "=", "x", "!", "/", "y", "/", "2"])
        #expect(Self.shape("total /= 2; let h = n / 2 // half") == ["total", "/", "=", "2", ";", "let", "h", "=", "n", "/", "2"])
        #expect(Self.shape("let r = items.count / 3 / (a) ") == ["let", "r", "=", "items", ".", "count", "/", "3", "/", "(", "a", ")"])
        // A `/` right after `(` with an unbalanced `)` before the next `/` is an operator.
        #expect(Self.shape("f(/a) / b)").filter { $0.hasPrefix("R") }.isEmpty)
        // Operator declarations.
        #expect(Self.shape("static func /(lhs: V, rhs: V) -> V { lhs }").contains("/"))
        #expect(Self.shape("prefix operator /").last == "/")
        #expect(Self.lex("let x = a / b / c").problems.isEmpty)
    }

    @Test func bareRegexLiterals() {
        // A `"` inside a regex literal does not start a string.
        #expect(Self.shape(#"let r = /"foo"/; let s = "bar""#) == ["let", "r", "=", #"R/"foo"/"#, ";", "let", "s", "=", "Sbar"])
        #expect(Self.shape(#"return /x"y/"#) == ["return", #"R/x"y/"#])
        #expect(Self.shape(#"s.firstMatch(of: /(\d+) ?"oz"/)"#) == ["s", ".", "firstMatch", "(", "of", ":", #"R/(\d+) ?"oz"/"#, ")"])
        // An escaped `/` does not close it; `//` written escaped is no comment.
        #expect(Self.shape(#"url.replacing(/https?:\/\//, with: "")"#) == ["url", ".", "replacing", "(", #"R/https?:\/\//"#, ",", "with", ":", "S", ")"])
        // After a prefix operator, in an array, after `=` with spaces around the `/`.
        #expect(Self.shape("let m = !/a/.matches(s)").contains("R/a/"))
        #expect(Self.shape("let all = [/a/, /b c/]") == ["let", "all", "=", "[", "R/a/", ",", "R/b c/", "]"])
        #expect(Self.shape("let p = / x /").contains("R/ x /"))   // after `=` it must be a regex
        // `try?` / `try!` then a regex.
        #expect(Self.shape("let m = try? /^ x/.wholeMatch(in: s)").contains("R/^ x/"))
        // A regex with `/*` after its closing `/` is not one: the comment wins.
        #expect(Self.shape("let q = a /b/* c */").filter { $0.hasPrefix("R") }.isEmpty)
        // In an interpolation.
        let (toks, problems) = Self.lex(#"let t = "n: \(s.contains(/"/))" + "z""#)
        #expect(problems.isEmpty)
        #expect(toks.filter { $0.kind == .string }.count == 2)
        if case .interpolation(let inner, _)? = toks.first(where: { $0.kind == .string })?.literal?.segments.dropFirst().first {
            #expect(inner.contains { $0.kind == .regex && $0.text == #"/"/"# })
        } else {
            Issue.record("no interpolation")
        }
    }

    @Test func extendedRegexLiterals() {
        // `//` inside `#/…/#` is not a comment; a `/` alone does not close it.
        #expect(Self.shape(#"let r = #/a//b/#; let t = "x""#) == ["let", "r", "=", "R#/a//b/#", ";", "let", "t", "=", "Sx"])
        #expect(Self.shape(##"let r = ##/a/#b/##"##) == ["let", "r", "=", "R##/a/#b/##"])
        #expect(Self.shape(#"let r = #/"/* not a comment/#; let u = 1"#) == ["let", "r", "=", #"R#/"/* not a comment/#"#, ";", "let", "u", "=", "1"])
        // #/…/# is a regex even where a `/` would be division.
        #expect(Self.shape(#"let r = a + #/x/#"#).last == "R#/x/#")
        // Multi-line: quotes, comment markers and `/` inside; the closing delimiter on its own line.
        let src = """
        let receipt = #/
            (?<item> [^"]+ ) \\s+ " (?<size> \\w+ ) "   # a quoted size
            \\s* // \\s* (?<price> \\d+ ) /* stars */
            /\\*
          /#
        let after = "ok"
        """
        let (toks, problems) = Self.lex(src)
        #expect(problems.isEmpty)
        #expect(toks.filter { $0.kind == .regex }.count == 1)
        #expect(toks.last?.literal?.plainText == "ok")
        let after = toks.firstIndex { $0.isIdent("after") } ?? 0
        #expect(after > 0 && toks[after - 1].isIdent("let") && toks[after - 1].startsLine)
    }

    @Test func unterminatedRegexIsReportedAndBounded() {
        // A `#/` literal must close: reported, and lexing resumes at the end of its first line.
        let (toks, problems) = Self.lex("let r = #/abc\nlet s = \"ok\"")
        #expect(problems.contains { $0.rule == "unterminated-regex" })
        #expect(toks.last?.literal?.plainText == "ok")
        let (toks2, problems2) = Self.lex("let r = #/\n  abc\nlet s = \"ok\"")
        #expect(problems2.contains { $0.rule == "unterminated-regex" })
        #expect(toks2.contains { $0.isIdent("abc") })
        // After `=` a bare `/` must start a regex, so an unclosed one is reported.
        #expect(Self.lex("let r = / abc").problems.contains { $0.rule == "unterminated-regex" })
        // Many unterminated multi-line literals stay linear.
        let hostile = String(repeating: "x = #/\n", count: 50_000) + String(repeating: "a / b /* c\n", count: 20_000)
        let start = Date()
        _ = Self.lex(hostile)
        #expect(Date().timeIntervalSince(start) < 20)
    }

    /// Real-app shapes: a regex with quotes next to an App Shortcuts provider; without regex
    /// literals the quote inside `/"([^"]*)"/` opens a string and the import reports errors.
    @Test func regexLiteralsInAnImportedProject() throws {
        let project = Self.fixtures.appendingPathComponent("RecipeBox").path
        let r = try ProjectImporter.run(paths: [project])
        let swiftDiags = r.diagnostics.filter { $0.file.hasSuffix(".swift") }
        #expect(swiftDiags.isEmpty, "\(swiftDiags.map(\.message))")
        let c = try CatalogLoader.parse(r.catalog.render(pretty: true), file: "imported.json")
        #expect(c.shortcuts.map(\.intent) == ["ScaleRecipeIntent", "ImportRecipeIntent"])
        #expect(c.shortcuts.last?.templates(for: "en").map(\.text) == ["Import a recipe into ${applicationName}"])
    }

    // MARK: Bool display names from extract.actionsdata

    static var recipeBox: String { fixtures.appendingPathComponent("RecipeBox").path }
    static var recipeActions: String { fixtures.appendingPathComponent("RecipeBox/Build/RecipeBox.app/Metadata.appintents/extract.actionsdata").path }

    func tempDir() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pe-import-gaps-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    func write(_ dir: URL, _ name: String, _ text: String) throws -> String {
        let url = dir.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func importCatalog(_ paths: [String]) throws -> (Catalog, [Diagnostic]) {
        let r = try ProjectImporter.run(paths: paths)
        let c = try CatalogLoader.parse(r.catalog.render(pretty: true), file: "imported.json")
        return (c, r.diagnostics)
    }

    /// Phrases with the display name, not an alternative name.
    static func mainName(_ phrase: String) -> Bool { !phrase.contains("Cookbook") && !phrase.hasSuffix("Recipes") && !phrase.contains("Recipes to") }

    static let recipeEnglish = [
        "Show metric amounts in Recipe Box", "Show imperial amounts in Recipe Box",
        "Switch Recipe Box to metric units", "Switch Recipe Box to imperial units",
        "Import a recipe into Recipe Box",
    ]

    @Test func boolDisplayNamesFromBuildProductsAlone() throws {
        let dir = Self.fixtures.appendingPathComponent("RecipeBox/RecipeBox")
        let (c, diags) = try importCatalog([Self.recipeActions, dir.appendingPathComponent("Info.plist").path,
                                            dir.appendingPathComponent("InfoPlist.xcstrings").path,
                                            dir.appendingPathComponent("Localizable.xcstrings").path])
        let metric = try #require(c.shortcuts.first?.parameters.first)
        #expect(metric.name == "metric" && metric.typeName == "Bool")
        #expect(metric.trueName?.resolve("en", development: "en") == "metric")
        #expect(metric.falseName?.resolve("fr", development: "en") == "impériales")
        // The expanded phrases use the display names, as with the Swift sources.
        #expect(Expansion.phrases(c, locale: "en").map(\.text).filter(Self.mainName) == Self.recipeEnglish)
        #expect(!diags.contains { $0.severity != .note })
    }

    @Test func sourcesAndBuildProductsAgreeOnBoolDisplayNames() throws {
        let (c, diags) = try importCatalog([Self.recipeBox])
        #expect(Expansion.phrases(c, locale: "en").map(\.text).filter(Self.mainName) == Self.recipeEnglish)
        #expect(Expansion.phrases(c, locale: "fr").map(\.text).contains("Affiche les unités métriques dans Boîte à recettes"))
        #expect(!diags.contains { $0.rule == "build-products-differ" || $0.rule == "bool-without-display-name" })
    }

    /// The shapes `typeSpecificMetadata` may take: a flat `[key, value, …]` array (how Swift
    /// encodes a dictionary with non-String keys), `[key, value]` pairs, an object; values as
    /// wrapped strings, localized strings `{"key": …}`, or plain strings; both key spellings.
    @Test func typeSpecificMetadataShapes() throws {
        func action(_ meta: String, type: Int = 1) -> [UInt8] {
            Array(("""
            { "actions" : { "LightsIntent" : { "identifier" : "LightsIntent", "parameters" : [
                { "name" : "on", "title" : { "key" : "On", "alternatives" : [] },
                  "valueType" : { "primitive" : { "wrapper" : { "typeIdentifier" : \(type) } } },
                  "typeSpecificMetadata" : \(meta) } ] } },
              "autoShortcuts" : [ { "actionIdentifier" : "LightsIntent",
                "phraseTemplates" : [ { "key" : "Turn ${on} the lights in ${applicationName}", "alternatives" : [] } ] } ] }
            """).utf8)
        }
        let shapes = [
            #"[ "LNValueTypeMetadataKeyBoolTrueDisplayName", { "key" : "on", "alternatives" : [] }, "LNValueTypeMetadataKeyBoolFalseDisplayName", { "key" : "off", "alternatives" : [] } ]"#,
            #"[ [ "LNValueTypeSpecificMetadataKeyBoolTrueDisplayName", { "string" : { "wrapper" : "on" } } ], [ "LNValueTypeSpecificMetadataKeyBoolFalseDisplayName", { "string" : { "wrapper" : "off" } } ] ]"#,
            #"{ "LNValueTypeMetadataKeyBoolTrueDisplayName" : "on", "LNValueTypeMetadataKeyBoolFalseDisplayName" : "off" }"#,
            #"[ "LNValueTypeSpecificMetadataKeyDefaultValue", { "bool" : { "wrapper" : false } }, "LNValueTypeMetadataKeyBoolTrueDisplayName", { "string" : { "wrapper" : "on" } }, "LNValueTypeMetadataKeyBoolFalseDisplayName", { "string" : { "wrapper" : "off" } } ]"#,
        ]
        for shape in shapes {
            let (m, diags) = ActionsData.read(action(shape), path: "extract.actionsdata")
            let p = try #require(m?.shortcuts.first?.parameters.first, "\(shape)")
            #expect(p.type == "Bool" && p.trueName == "on" && p.falseName == "off", "\(shape)")
            #expect(diags.isEmpty, "\(shape)")
        }
        // Display names make a parameter a Bool even when its primitive type is not known.
        let (m, _) = ActionsData.read(action(shapes[0], type: 99), path: "extract.actionsdata")
        #expect(m?.shortcuts.first?.parameters.first?.type == "Bool")
        // A Bool in a phrase without display names is reported.
        let (m2, diags2) = ActionsData.read(action("[ ]"), path: "extract.actionsdata")
        #expect(m2?.shortcuts.first?.parameters.first?.type == "Bool")
        #expect(diags2.contains { $0.rule == "bool-without-display-name" && $0.severity == .warning })
        let (_, diags3) = ActionsData.read(action(#"[ "LNValueTypeMetadataKeyBoolTrueDisplayName", "on" ]"#), path: "extract.actionsdata")
        #expect(diags3.contains { $0.rule == "bool-without-display-name" && $0.message.contains("only one") })
    }

    /// Display names written as constants the reader cannot follow come from the build products;
    /// names that differ between the two are reported.
    @Test func boolDisplayNamesFilledInAndCompared() throws {
        let dir = try tempDir()
        _ = try write(dir, "App/Lights.swift", #"""
        import AppIntents

        enum Labels {
            static func switchLabel(_ on: Bool) -> LocalizedStringResource { on ? "on" : "off" }
        }

        struct LightsIntent: AppIntent {
            static let title: LocalizedStringResource = "Lights"
            @Parameter(title: "On", displayName: Bool.IntentDisplayName(true: Labels.switchLabel(true), false: "off"))
            var on: Bool
            func perform() async throws -> some IntentResult { .result() }
        }

        struct HomeShortcuts: AppShortcutsProvider {
            static var appShortcuts: [AppShortcut] {
                AppShortcut(intent: LightsIntent(), phrases: ["Turn \(\.$on) the lights in \(.applicationName)"],
                            shortTitle: "Lights", systemImageName: "lightbulb")
            }
        }
        """#)
        _ = try write(dir, "App/Info.plist", """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.example.home</string>
        <key>CFBundleDisplayName</key><string>Home Lights</string></dict></plist>
        """)
        _ = try write(dir, "Build/Home.app/Metadata.appintents/extract.actionsdata", """
        { "actions" : { "LightsIntent" : { "identifier" : "LightsIntent", "parameters" : [
            { "name" : "on", "valueType" : { "primitive" : { "wrapper" : { "typeIdentifier" : 1 } } },
              "typeSpecificMetadata" : [ "LNValueTypeMetadataKeyBoolTrueDisplayName", { "string" : { "wrapper" : "on" } },
                                         "LNValueTypeMetadataKeyBoolFalseDisplayName", { "string" : { "wrapper" : "out" } } ] } ] } },
          "autoShortcuts" : [ { "actionIdentifier" : "LightsIntent",
            "phraseTemplates" : [ { "key" : "Turn ${on} the lights in ${applicationName}", "alternatives" : [] } ] } ] }
        """)
        let (c, diags) = try importCatalog([dir.path])
        #expect(Expansion.phrases(c, locale: "en").map(\.text) == ["Turn on the lights in Home Lights", "Turn off the lights in Home Lights"])
        #expect(diags.contains { $0.rule == "from-build-products" && $0.message.contains("\"on\"") })
        #expect(diags.contains { $0.rule == "build-products-differ" && $0.message.contains("\"off\" in the sources and \"out\"") })
    }

    // MARK: Alternative app names from InfoPlist.xcstrings

    static let plistHead = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>CFBundleIdentifier</key>
    \t<string>com.example.beans</string>

    """

    static let provider = #"""
    import AppIntents
    struct OrderIntent: AppIntent {
        static let title: LocalizedStringResource = "Order"
        func perform() async throws -> some IntentResult { .result() }
    }
    struct BeanShortcuts: AppShortcutsProvider {
        static var appShortcuts: [AppShortcut] {
            AppShortcut(intent: OrderIntent(), phrases: ["Order coffee with \(.applicationName)"], shortTitle: "Order", systemImageName: "cup.and.saucer")
        }
    }
    """#

    /// The documented way: Info.plist names are keys (`APP_NAME_SYNONYM_1`) or English names,
    /// and each locale's InfoPlist table holds their values; the display name per locale too.
    @Test func alternativeNamesFromInfoPlistCatalog() throws {
        let (c, diags) = try importCatalog([Self.recipeBox])
        #expect(c.locales == ["en", "de", "fr"])
        #expect(c.app.name.resolve("en", development: "en") == "Recipe Box")
        #expect(c.app.name.resolve("fr", development: "en") == "Boîte à recettes")
        #expect(c.app.name.resolve("de", development: "en") == "Rezeptbox")
        let alts = c.app.alternativeNames
        #expect(alts.count == 2)
        guard alts.count == 2 else { return }
        #expect(["en", "fr", "de"].map { alts[0].name.resolve($0, development: "en") } == ["Cookbook", "Livre de cuisine", "Kochbuch"])
        #expect(["en", "fr", "de"].map { alts[0].pronunciationHint?.resolve($0, development: "en") } == ["cook book", "livre de cui zine", "cook book"])
        // Keyed by its English value; German has no entry and keeps it, as the system does.
        #expect(["en", "fr", "de"].map { alts[1].name.resolve($0, development: "en") } == ["Recipes", "Recettes", "Recipes"])
        let fr = Expansion.phrases(c, locale: "fr").map(\.text)
        #expect(fr.contains("Importe une recette dans Livre de cuisine"))
        #expect(fr.contains("Importe une recette dans Recettes"))
        #expect(!fr.contains { $0.contains("APP_NAME_SYNONYM") || $0.contains("Cookbook") })
        let de = Expansion.phrases(c, locale: "de").map(\.text)
        #expect(de.contains("Importiere ein Rezept in Kochbuch") && de.contains("Importiere ein Rezept in Recipes"))
        #expect(Expansion.phrases(c, locale: "en").map(\.text).contains("Import a recipe into Cookbook"))
        #expect(!diags.contains { $0.severity != .note })
    }

    /// Modern projects set the display name as a build setting; the String Catalog has its value.
    @Test func displayNameFromInfoPlistCatalog() throws {
        let dir = try tempDir()
        _ = try write(dir, "Beans/Order.swift", Self.provider)
        _ = try write(dir, "Beans/Info.plist", Self.plistHead + """
        \t<key>CFBundleDisplayName</key>
        \t<string>$(INFOPLIST_KEY_CFBundleDisplayName)</string>
        </dict>
        </plist>
        """)
        _ = try write(dir, "Beans/InfoPlist.xcstrings", """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "CFBundleDisplayName" : {
              "comment" : "Bundle display name",
              "extractionState" : "extracted_with_value",
              "localizations" : {
                "en" : { "stringUnit" : { "state" : "new", "value" : "Bean Counter" } },
                "ja" : { "stringUnit" : { "state" : "translated", "value" : "豆カウンター" } }
              }
            }
          },
          "version" : "1.0"
        }
        """)
        let (c, diags) = try importCatalog([dir.path])
        #expect(c.app.name.resolve("en", development: "en") == "Bean Counter")
        #expect(c.app.name.resolve("ja", development: "en") == "豆カウンター")
        #expect(!diags.contains { $0.rule == "app-name-unresolved" })
    }

    /// Keys that address an array item by position are not a form the system reads: reported.
    /// A key without a development value is reported; `Base.lproj` and `.strings` tables work too.
    @Test func unsupportedAndUnlocalizedAlternativeNames() throws {
        let dir = try tempDir()
        _ = try write(dir, "Beans/Order.swift", Self.provider)
        _ = try write(dir, "Beans/Info.plist", Self.plistHead + """
        \t<key>CFBundleDisplayName</key>
        \t<string>Bean Counter</string>
        \t<key>INAlternativeAppNames</key>
        \t<array>
        \t\t<dict>
        \t\t\t<key>INAlternativeAppName</key>
        \t\t\t<string>BEANS_NAME</string>
        \t\t</dict>
        \t\t<dict>
        \t\t\t<key>INAlternativeAppName</key>
        \t\t\t<string>CAFE_NAME</string>
        \t\t</dict>
        \t</array>
        </dict>
        </plist>
        """)
        _ = try write(dir, "Beans/InfoPlist.xcstrings", """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "CAFE_NAME" : {
              "extractionState" : "manual",
              "localizations" : {
                "fr" : { "stringUnit" : { "state" : "translated", "value" : "Café" } }
              }
            },
            "INAlternativeAppNames.0.INAlternativeAppName" : {
              "extractionState" : "manual",
              "localizations" : {
                "fr" : { "stringUnit" : { "state" : "translated", "value" : "Grains" } }
              }
            }
          },
          "version" : "1.0"
        }
        """)
        _ = try write(dir, "Beans/Base.lproj/InfoPlist.strings", "/* Alternative names */\n\"BEANS_NAME\" = \"Beans\";\n")
        _ = try write(dir, "Beans/de.lproj/InfoPlist.strings", "BEANS_NAME = \"Bohnen\";\n")
        let (c, diags) = try importCatalog([dir.path])
        let alts = c.app.alternativeNames
        #expect(alts.count == 2)
        guard alts.count == 2 else { return }
        #expect(["en", "de", "fr"].map { alts[0].name.resolve($0, development: "en") } == ["Beans", "Bohnen", "Beans"])
        #expect(["en", "fr"].map { alts[1].name.resolve($0, development: "en") } == ["CAFE_NAME", "Café"])
        let positional = diags.first { $0.rule == "unsupported-localization" }
        #expect(positional?.file.hasSuffix("InfoPlist.xcstrings") == true && positional?.line == 10)
        #expect(diags.contains { $0.rule == "alternative-name-unlocalized" && $0.message.contains("CAFE_NAME") && $0.message.contains("(fr has)") })
        #expect(!diags.contains { $0.rule == "alternative-name-unlocalized" && $0.message.contains("BEANS_NAME") })
        #expect(!c.locales.contains("Base"))
    }

    // MARK: Type names resolved as Swift does

    static func readSources(_ sources: [(String, String)]) -> (ImportedModel, [Diagnostic]) {
        SwiftAppIntentsReader.read(sources.map { SwiftSourceFile(path: $0.0, bytes: Array($0.1.utf8)) })
    }

    /// iAPS (Artificial-Pancreas/iAPS): `class MealMode { enum Mode }` (no raw type, no AppEnum)
    /// is read before the top-level `enum Mode: String` that `extension Mode: AppEnum` extends in
    /// another folder, and a data-flow enum nests a third `Mode`. The extension names the
    /// top-level type; before, the three were one type and the import failed with
    /// "AppEnum Mode has no String or Int raw type" at MealMode.swift.
    @Test func appEnumExtensionNamesTheTopLevelTypeNotANestedOne() throws {
        let (c, diags) = try importCatalog([Self.fixtures.appendingPathComponent("NestedModes").path])
        #expect(!diags.contains { $0.severity != .note }, "\(diags.map(\.message))")
        #expect(c.enums.map(\.name) == ["Mode"])
        let mode = try #require(c.enums.first)
        #expect(mode.cases.map(\.rawValue) == ["Closed", "Open"])
        #expect(mode.cases.map { $0.title?.resolve("en", development: "en") } == ["closed loop", "open loop"])
        #expect(c.shortcuts.first?.parameters.first?.typeName == "Mode")
        #expect(Expansion.phrases(c, locale: "en").map(\.text).contains("Switch Loop Keeper to open loop"))
        let (code, stdout, stderr) = runCLI(["import", Self.fixtures.appendingPathComponent("NestedModes").path])
        #expect(code == 0 && stdout.contains("\"rawValue\": \"Closed\""), "\(stderr)")
    }

    /// The conformance on the declaration itself, same-named nested types in other files, and
    /// `extension Outer.Mode: AppEnum` naming the nested one.
    @Test func qualifiedExtensionsAndConformanceOnTheDeclaration() throws {
        let provider = ("Shortcuts.swift", """
        struct Shortcuts: AppShortcutsProvider {
            static var appShortcuts: [AppShortcut] {
                AppShortcut(intent: PickIntent(), phrases: ["Pick \\(\\.$mode) in \\(.applicationName)"])
            }
        }
        struct PickIntent: AppIntent {
            @Parameter(title: "Mode") var mode: Settings.Mode
        }
        """)
        // Declared conforming; a nested Mode without a raw type elsewhere is not it.
        let (m1, d1) = Self.readSources([
            ("A.swift", "struct Meal { enum Mode { case photo } }"),
            ("B.swift", "enum Mode: String, AppEnum { case fast = \"f\" }"),
        ])
        #expect(m1.enums.map(\.name) == ["Mode"] && m1.enums.first?.cases.map(\.rawValue) == ["f"])
        #expect(!d1.contains { $0.severity == .error })
        // `extension Settings.Mode: AppEnum` extends the nested type, not the top-level `Mode`
        // (no raw type, no AppEnum) nor `Meal.Mode`; the parameter's `Settings.Mode` is it.
        let (m2, d2) = Self.readSources([
            ("A.swift", "struct Meal { enum Mode { case photo } }\nenum Mode { case plain }"),
            ("Settings.swift", "struct Settings {\n    enum Mode: Int {\n        case dark = 1\n        case light = 2\n    }\n}"),
            ("Conformance.swift", "extension Settings.Mode: AppEnum {\n    static let caseDisplayRepresentations: [Self: DisplayRepresentation] = [.dark: \"dark\", .light: \"light\"]\n}"),
            provider,
        ])
        #expect(!d2.contains { $0.severity == .error }, "\(d2.map(\.message))")
        #expect(m2.enums.map(\.name) == ["Mode"])
        #expect(m2.enums.first?.cases.map(\.rawValue) == ["1", "2"] && m2.enums.first?.cases.map(\.title) == ["dark", "light"])
        #expect(m2.enums.first?.origin.file == "Settings.swift")
        #expect(m2.shortcuts.first?.parameters.first?.type == "Mode")
        // A type declared in an extension of its owner, and a module-qualified extension.
        let (m3, d3) = Self.readSources([
            ("Meal.swift", "final class MealMode {}\nextension MealMode {\n    enum Kind: String { case snack }\n}"),
            ("Conformance.swift", "extension FreeAPS.MealMode.Kind: AppEnum {}"),
        ])
        #expect(m3.enums.map(\.name) == ["Kind"] && m3.enums.first?.cases.map(\.rawValue) == ["snack"])
        #expect(!d3.contains { $0.severity == .error })
        // Two top-level declarations (two modules): the conforming one is read, with a warning.
        let (m6, d6) = Self.readSources([
            ("Kit/Mode.swift", "enum Mode { case internal }"),
            ("App/Mode.swift", "enum Mode: String, AppEnum { case on = \"on\" }"),
        ])
        #expect(m6.enums.first?.cases.map(\.rawValue) == ["on"])
        #expect(d6.contains { $0.rule == "several-declarations" && $0.severity == .warning && $0.file == "App/Mode.swift" && $0.message.contains("Kit/Mode.swift:1:6") })
        // An attributed conformance (`@preconcurrency AppEnum`) is a conformance.
        let (m4, _) = Self.readSources([("M.swift", "enum Mode: String, @preconcurrency AppEnum, @unchecked Sendable { case on = \"on\" }")])
        #expect(m4.enums.map(\.name) == ["Mode"])
        // A hostile qualified name stays bounded.
        let long = "extension " + Array(repeating: "A", count: 100_000).joined(separator: ".") + " { enum K: String, AppEnum { case x } }\n"
            + "extension " + Array(repeating: "A", count: 100_000).joined(separator: ".") + ": AppShortcutsProvider { static var appShortcuts: [AppShortcut] { AppShortcut(intent: K(), phrases: []) } }"
        let start = Date()
        let (m5, _) = Self.readSources([("Long.swift", long)])
        #expect(Date().timeIntervalSince(start) < 20)
        #expect(m5.enums.count == 1)
    }

    /// Two AppEnums with one name: each is named by its qualified name in the catalog, and a
    /// parameter's type is looked up from its intent outwards.
    @Test func sameNamedAppEnumsAreQualified() throws {
        let (m, d) = Self.readSources([
            ("Shortcuts.swift", """
            struct Shortcuts: AppShortcutsProvider {
                static var appShortcuts: [AppShortcut] {
                    AppShortcut(intent: Lights.SetIntent(), phrases: ["Set \\(\\.$mode) lights in \\(.applicationName)"])
                    AppShortcut(intent: TopIntent(), phrases: ["Use \\(\\.$mode) in \\(.applicationName)"])
                }
            }
            struct TopIntent: AppIntent { @Parameter var mode: Mode }
            enum Mode: String, AppEnum { case a = "a" }
            """),
            ("Lights.swift", """
            enum Lights {
                enum Mode: String { case dim = "dim" }
                struct SetIntent: AppIntent { @Parameter var mode: Mode? }
            }
            extension Lights.Mode: AppEnum {}
            """),
        ])
        #expect(m.enums.map(\.name).sorted() == ["Lights.Mode", "Mode"])
        #expect(m.shortcuts.map { $0.parameters.first?.type } == ["Lights.Mode", "Mode"])
        #expect(d.filter { $0.rule == "qualified-type-name" }.count == 2)
        #expect(!d.contains { $0.severity == .error })
    }

    /// `extension Mode: AppEnum` when the sources declare only nested `Mode`s: the message says
    /// which they are and how to name one.
    @Test func extensionOfAnUndeclaredTopLevelTypeNamesTheNestedOnes() {
        let (m, d) = Self.readSources([
            ("A.swift", "class MealMode { enum Mode { case photo } }"),
            ("B.swift", "extension Mode: AppEnum {}"),
        ])
        #expect(m.enums.isEmpty)
        let w = d.first { $0.rule == "unresolved" }
        #expect(w?.severity == .warning && w?.file == "B.swift")
        #expect(w?.message.contains("MealMode.Mode is a nested type") == true, "\(w?.message ?? "")")
        #expect(!d.contains { $0.severity == .error })
    }
}
