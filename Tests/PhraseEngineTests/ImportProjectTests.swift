import Foundation
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

/// `phrasematch import` reading the project: the app target, its bundle id, name and locales,
/// from project.pbxproj with .xcconfig files, XcodeGen project.yml and an app Package.swift.
@Suite struct ImportProjectTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Import")
    static var multi: String { fixtures.appendingPathComponent("MultiTarget").path }
    static var xcodegen: String { fixtures.appendingPathComponent("XcodeGenApp").path }
    static var package: String { fixtures.appendingPathComponent("PackageApp").path }

    func importCatalog(_ paths: [String], _ configure: (inout ImportOptions) -> Void = { _ in }) throws -> (Catalog, [Diagnostic], JSONNode) {
        var o = ImportOptions()
        configure(&o)
        let r = try ProjectImporter.run(paths: paths, options: o)
        let text = r.catalog.render(pretty: true)
        return (try CatalogLoader.parse(text, file: "imported.json"), r.diagnostics, try JSONReader.parse(text))
    }

    func tempDir() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pe-import-project-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    func write(_ dir: URL, _ name: String, _ text: String) throws {
        let url = dir.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func run(_ args: [String]) -> (Int32, String, String) {
        let (ctx, buf) = CLIContext.capturing()
        let code = PhraseMatchCLI.run(args, context: ctx)
        return (code, buf.stdout, buf.stderr)
    }

    // MARK: project.pbxproj

    /// Seen in a real app (iAPS): the target sets `APP_DISPLAY_NAME = $(APP_DISPLAY_NAME)` and
    /// `BUNDLE_IDENTIFIER = $(BUNDLE_IDENTIFIER)` over the project's Config.xcconfig, whose id
    /// uses the target's DEVELOPMENT_TEAM, and which ends with an optional local override.
    @Test func selfReferencingSettingsReportTheLevelBelow() throws {
        let dir = Self.fixtures.appendingPathComponent("SelfReference").path
        let (c, diags, _) = try importCatalog([dir])
        #expect(!diags.contains { $0.severity == .error || $0.severity == .warning })
        #expect(c.app.id == "org.example.TEAM123.GlucoseDiary")
        #expect(c.app.name.resolve("en", development: "en") == "Glucose Diary")
        #expect(c.locales == ["en", "sv"])
        // The watch app is an application too, but it does not hold the provider.
        #expect(diags.first { $0.rule == "app-target" }?.message.contains("GlucoseApp") == true)
        // Where the values really came from: the xcconfig line under the target's NAME = $(NAME).
        let name = try #require(diags.first { $0.rule == "app-name-source" })
        #expect(name.message.contains("APP_DISPLAY_NAME = \"Glucose Diary\" at Config.xcconfig:3"))
        let id = try #require(diags.first { $0.rule == "app-id-source" })
        #expect(id.message.contains("BUNDLE_IDENTIFIER = \"org.example.$(DEVELOPMENT_TEAM).GlucoseDiary\" at Config.xcconfig:4"))
        #expect(id.message.contains("DEVELOPMENT_TEAM = \"TEAM123\" at Glucose.xcodeproj/project.pbxproj:"))
        // The missing optional override is named, at its line, and in the values it could change.
        let opt = try #require(diags.first { $0.rule == XCConfig.optionalMissingRule })
        #expect(opt.severity == .note && opt.file.hasSuffix("Config.xcconfig") && opt.line == 8 && opt.message.contains("ConfigOverride.xcconfig"))
        #expect(id.message.contains("optional #include at Config.xcconfig:8") && name.message.contains("optional #include at Config.xcconfig:8"))
    }

    /// Seen in a real app (Home Assistant): Info.plist `CFBundleDisplayName = $(APP_DISPLAY_NAME)`
    /// with the variable set only in the Debug xcconfig, `CFBundleName = $(PRODUCT_NAME)`, and the
    /// bundle id's `${BUNDLE_ID_SUFFIX}` also Debug's; a framework listed first has its own names.
    @Test func emptyDisplayNameFallsBackToTheBundleNameWithAWarning() throws {
        let dir = Self.fixtures.appendingPathComponent("EmptyDisplayName").path
        let (c, diags, json) = try importCatalog([dir])
        #expect(c.app.id == "com.example.HomeHub")
        #expect(c.app.name.resolve("en", development: "en") == "Home Hub")
        #expect(json["app"]?["source"]?["target"]?.string == "App")
        #expect(!diags.contains { $0.severity == .error })
        let name = try #require(diags.first { $0.rule == "app-name-guessed" })
        #expect(name.severity == .warning && name.file.hasSuffix("App/Info.plist"))
        #expect(name.message.contains("CFBundleName = \"$(PRODUCT_NAME)\""))
        #expect(name.message.contains("CFBundleDisplayName = \"$(APP_DISPLAY_NAME)\" in App/Info.plist is empty (APP_DISPLAY_NAME not set anywhere in Release)"))
        #expect(!diags.contains { $0.rule == "app-name-source" })

        let (d, debugDiags, _) = try importCatalog([dir]) { $0.configuration = "Debug" }
        #expect(d.app.id == "com.example.HomeHub.dev")
        #expect(d.app.name.resolve("en", development: "en") == "Home Hub Δ")
        let debugName = try #require(debugDiags.first { $0.rule == "app-name-source" })
        #expect(debugName.message.contains("APP_DISPLAY_NAME = \"Home Hub Δ\" at Config/Hub.debug.xcconfig:4"))
        #expect(!debugDiags.contains { $0.rule == "app-name-guessed" || $0.rule == "app-id-guessed" })
    }

    @Test func inheritedValueIsPartOfTheResolution() {
        let o = ImportOrigin(file: "x.xcconfig", line: 1)
        let s = BuildSettings([
            .init(key: "NAME", value: "Base", origin: o, level: "project"),
            .init(key: "NAME", value: "$(NAME) Pro", origin: ImportOrigin(file: "p.pbxproj", line: 7), level: "target"),
        ], configuration: "Release")
        let r = s.value("NAME")
        #expect(r?.value == "Base Pro")
        #expect(r?.from.map(\.origin.origin) == [o])
    }

    /// A multiplatform project: the provider is in both apps' synchronized folder; the iOS app
    /// says so with SDKROOT = auto and SUPPORTED_PLATFORMS, and is listed after the Mac app.
    @Test func sdkrootAutoIsRankedByItsSupportedPlatforms() throws {
        let dir = Self.fixtures.appendingPathComponent("AutoSDK").path
        let (c, diags, json) = try importCatalog([dir])
        #expect(c.app.id == "com.example.notes")
        #expect(c.app.name.resolve("en", development: "en") == "Notes")
        #expect(json["app"]?["source"]?["target"]?.string == "Notes")
        let guess = try #require(diags.first { $0.rule == "app-target-guessed" })
        #expect(guess.severity == .warning)
        #expect(guess.message.contains("NotesMac: SDKROOT = macosx") && guess.message.contains("Notes: SUPPORTED_PLATFORMS = iphoneos"))
        // --target still chooses.
        let (mac, _, _) = try importCatalog([dir]) { $0.target = "NotesMac" }
        #expect(mac.app.id == "com.example.notes.mac")
    }

    /// The HabitTracker fixture is a whole project now: its app target is found, and the test
    /// target's provider is not read.
    @Test func habitTrackerProjectHasItsTargets() throws {
        let dir = Self.fixtures.appendingPathComponent("HabitTracker").path
        let (c, diags, json) = try importCatalog([dir])
        #expect(!diags.contains { $0.rule.hasPrefix("app-target-") || $0.rule == "malformed-input" })
        #expect(diags.first { $0.rule == "app-target" }?.message.contains("HabitShortcuts") == true)
        #expect(json["app"]?["source"]?["target"]?.string == "HabitTracker")
        #expect(c.app.id == "com.example.habits")
        #expect(c.locales == ["en", "fr"])
    }

    @Test func multiTargetProjectGivesTheAppsOwnIdentity() throws {
        let (c, diags, json) = try importCatalog([Self.multi])
        #expect(!diags.contains { $0.severity == .error })
        // Name: the app target's Info.plist CFBundleDisplayName = $(PRODUCT_NAME), not TideKit's or the extensions'.
        #expect(c.app.name.resolve("en", development: "en") == "Tide Log")
        #expect(c.app.name.resolve("fr", development: "en") == "Journal des marées")
        #expect(c.app.name.resolve("de", development: "en") == "Gezeitenbuch")
        // Bundle id: xcconfig chain (App.xcconfig includes Shared.xcconfig), $(ORG_PREFIX), :rfc1034identifier.
        #expect(c.app.id == "com.example.Tide-Log")
        // Locales: only the app target's files (the tunnel's ja/ko catalog and the widget's es table are not the app's).
        #expect(c.locales == ["en", "de", "fr"])
        // The framework's enum is read (it ships in the app); the extensions' sources are not.
        #expect(c.enumType("TideKind")?.cases.map(\.rawValue) == ["high", "low"])
        #expect(json["app"]?["source"]?["target"]?.string == "TideLog")
        #expect(json["app"]?["source"]?["configuration"]?.string == "Release")
        // Provenance: where each value came from.
        let target = try #require(diags.first { $0.rule == "app-target" })
        #expect(target.message.contains("TideShortcuts") && target.file.hasSuffix("project.pbxproj") && target.line != nil)
        let id = try #require(diags.first { $0.rule == "app-id-source" })
        #expect(id.severity == .note && id.file.hasSuffix("App/Info.plist") && id.line == 9)
        #expect(id.message.contains("Config/App.xcconfig:5") && id.message.contains("ORG_PREFIX = \"com.example\" at Config/Shared.xcconfig:2"))
        let name = try #require(diags.first { $0.rule == "app-name-source" })
        #expect(name.message.contains("PRODUCT_NAME = \"Tide Log\" at TideLog.xcodeproj/project.pbxproj:"))
        #expect(diags.contains { $0.rule == "app-locales" && $0.message.contains("en, de, fr") })
        #expect(diags.contains { $0.rule == "not-in-app-target" && $0.message.contains("Tunnel/InfoPlist.xcstrings") == false && $0.message.contains("TideKit/Info.plist") })
        #expect(!diags.contains { $0.rule.hasSuffix("-guessed") })
    }

    /// A project-level base .xcconfig per configuration, the Debug one a git-ignored local file
    /// that is not in the checkout (only its template is): Release, which is read, has no
    /// warning; the missing file is reported once, at the project line naming it, and only when
    /// its configuration is the one read (not once per target and configuration).
    @Test func missingXcconfigOfAnotherConfigurationIsNotReported() throws {
        let folder = Self.fixtures.appendingPathComponent("LocalConfig").path
        let (c, diags, _) = try importCatalog([folder])
        #expect(c.app.id == "org.harborlog.Harbor")
        #expect(c.app.name.resolve("en", development: "en") == "Harbor Log")
        // Synchronized folders: the app's Localizable catalog (nl) counts, the widget's InfoPlist catalog (sv) does not.
        #expect(c.locales == ["en", "nl"])
        #expect(!diags.contains { $0.rule == "xcconfig-missing" })
        #expect(!diags.contains { $0.severity != .note && $0.rule != "synthesized-raw-value" }, "\(diags.filter { $0.severity != .note })")
        #expect(run(["import", folder]).0 == 0)

        let (_, debug, _) = try importCatalog([folder]) { $0.configuration = "Debug" }
        let missing = debug.filter { $0.rule == "xcconfig-missing" }
        #expect(missing.count == 1)
        #expect(missing.first?.file.hasSuffix("Harbor.xcodeproj/project.pbxproj") == true)
        #expect(missing.first?.line != nil)
        #expect(missing.first?.message.contains("Harbor-Local.xcconfig") == true)
        #expect(debug.contains { $0.rule == "app-id-guessed" && $0.message.contains("BUNDLE_PREFIX") })
    }

    /// A provider whose `appShortcuts` is an empty array (a sample app that has not added any):
    /// the identity is still read; the error names the provider instead of saying there is none.
    @Test func emptyProviderIsNamedInTheError() throws {
        let dir = try tempDir()
        try write(dir, "Log.xcodeproj/project.pbxproj", "{ rootObject = P; objects = { P = { isa = PBXProject; mainGroup = G; targets = (T); buildConfigurationList = L; }; G = { isa = PBXGroup; children = (); }; T = { isa = PBXNativeTarget; name = Log; productType = \"com.apple.product-type.application\"; buildConfigurationList = M; }; L = { isa = XCConfigurationList; buildConfigurations = (R); }; M = { isa = XCConfigurationList; buildConfigurations = (S); }; R = { isa = XCBuildConfiguration; name = Release; buildSettings = { }; }; S = { isa = XCBuildConfiguration; name = Release; buildSettings = { PRODUCT_BUNDLE_IDENTIFIER = org.example.log; PRODUCT_NAME = \"$(TARGET_NAME)\"; }; }; }; }")
        try write(dir, "Log/LogShortcuts.swift", "import AppIntents\nclass LogShortcuts: AppShortcutsProvider {\n    static var appShortcuts: [AppShortcut] = []\n}\n")
        let r = try ProjectImporter.run(paths: [dir.path])
        let e = try #require(r.diagnostics.first { $0.rule == "no-shortcuts" && $0.severity == .error })
        #expect(e.message.contains("LogShortcuts declares none"))
        #expect(r.diagnostics.contains { $0.rule == "app-id-source" && $0.message.contains("org.example.log") })
        #expect(r.diagnostics.contains { $0.rule == "app-name-source" && $0.message.contains("\"Log\"") })
    }

    @Test func configurationAndOverrides() throws {
        let (debug, _, _) = try importCatalog([Self.multi]) { $0.configuration = "Debug" }
        #expect(debug.app.id == "com.example.Tide-Log.debug")   // PRODUCT_BUNDLE_IDENTIFIER[config=Debug] = $(inherited).debug
        let (_, bad, _) = try importCatalog([Self.multi]) { $0.configuration = "Staging" }
        #expect(bad.contains { $0.rule == "configuration-unknown" && $0.severity == .error && $0.message.contains("Debug, Release") })
        let (named, _, _) = try importCatalog([Self.multi]) { $0.appName = "Tides"; $0.appID = "com.other.tides" }
        #expect(named.app.name.resolve("en", development: "en") == "Tides")
        #expect(named.app.id == "com.other.tides")
        // --target picks another target; an unknown one is an error naming the targets.
        let (kit, _, _) = try importCatalog([Self.multi]) { $0.target = "TideKit" }
        #expect(kit.app.id == "com.example.TideKit")
        let (_, missing, _) = try importCatalog([Self.multi]) { $0.target = "Nope" }
        #expect(missing.contains { $0.rule == "app-target-unresolved" && $0.message.contains("TideLog, TideKit, Tunnel, TideWidget") })
    }

    @Test func importCommandOnAProject() throws {
        let (code, stdout, stderr) = run(["import", Self.multi])
        #expect(code == 0)
        #expect(stdout.contains("\"id\": \"com.example.Tide-Log\""))
        #expect(stderr.contains("[app-id-source]") && stderr.contains("[app-name-source]") && stderr.contains("[app-target]"))
        let (c2, out2, _) = run(["import", "--name", "Tide Journal", "--configuration", "Debug", Self.multi])
        #expect(c2 == 0)
        #expect(out2.contains("\"en\": \"Tide Journal\"") && out2.contains("com.example.Tide-Log.debug"))
        #expect(run(["import", "--target", "Nope", Self.multi]).0 == 1)
        #expect(run(["import", "--name", "", Self.multi]).0 == 2)
        let help = run(["import", "--help"]).1
        for o in ImportCommand.options { #expect(help.contains(o.name), "\(o.name)") }
        for o in ["--name", "--target", "--configuration", "--app-id"] { #expect(help.contains(o)) }
    }

    // MARK: XcodeGen and Package.swift

    @Test func xcodeGenProject() throws {
        let (c, diags, _) = try importCatalog([Self.xcodegen])
        #expect(!diags.contains { $0.severity == .error })
        #expect(c.app.id == "org.example.lantern.ios")          // configFiles Release: ${BUNDLE_ROOT}.$(APP_ID_SUFFIX)
        #expect(c.app.name.resolve("en", development: "en") == "Lantern Notes")   // info.properties
        #expect(c.locales == ["en", "it"])                       // not the share extension's pt table
        #expect(diags.contains { $0.rule == "app-name-source" && $0.file.hasSuffix("project.yml") && $0.line == 22 })
        // Debug has no config file: XcodeGen's bundleIdPrefix + target name.
        let (d, _, _) = try importCatalog([Self.xcodegen]) { $0.configuration = "Debug" }
        #expect(d.app.id == "org.example.lantern.Lantern")
    }

    @Test func packageOnlyApp() throws {
        let (c, diags, _) = try importCatalog([Self.package])
        #expect(!diags.contains { $0.severity == .error })
        #expect(c.app.id == "net.example.pebbles")
        #expect(c.app.name.resolve("en", development: "en") == "Pebble Count")
        #expect(c.locales == ["en", "nl"])
        #expect(diags.contains { $0.rule == "app-id-source" && $0.file.hasSuffix("Package.swift") && $0.line == 14 })
    }

    @Test func bareFolderSaysMembershipIsUnknown() throws {
        let (_, diags, _) = try importCatalog([Self.fixtures.appendingPathComponent("CoffeeOrder").path])
        #expect(diags.contains { $0.rule == "no-project" && $0.severity == .note && $0.message.contains("target membership is unknown") })
    }

    // MARK: No project

    /// Mozilla VPN (mozilla-mobile/mozilla-vpn-client): built with CMake, no Xcode project; the
    /// app's Info.plist is a CMake template (`ios/app/Info.plist.in`, not read) and the only
    /// Info.plist is a background login item's. Before, the error said "edit app.name", but an
    /// import with errors writes no catalog, so there was nothing to edit; the advice is now
    /// the option that supplies the name, and following it imports the project.
    @Test func noProjectAndOnlyAHelpersInfoPlist() throws {
        let dir = Self.fixtures.appendingPathComponent("NoXcodeProject").path
        let (code, stdout, stderr) = run(["import", dir])
        #expect(code == 1 && stdout.isEmpty)
        let lines = stderr.split(separator: "\n").map(String.init)
        let name = lines.first { $0.hasSuffix("[app-name-unresolved]") } ?? ""
        #expect(name.contains(": error: ") && name.contains("; pass --name NAME"), "\(stderr)")
        #expect(name.contains("macos/loginitem/Info.plist: a background helper's Info.plist (LSBackgroundOnly)"), "\(name)")
        #expect(lines.contains { $0.hasSuffix("; pass --app-id ID [app-id-unresolved]") }, "\(stderr)")
        #expect(lines.contains { $0.contains("loginitem/Info.plist: note: not used for the app's id and names") })
        #expect(!stderr.contains("edit app."))
        #expect(stderr.contains("import: no catalog written (2 error(s))"))
        // Following the advice imports it.
        let (ok, catalog, _) = run(["import", "--name", "Burrow VPN", "--app-id", "org.example.burrow", dir])
        #expect(ok == 0)
        let c = try CatalogLoader.parse(catalog, file: "imported.json")
        #expect(c.app.name.resolve("en", development: "en") == "Burrow VPN" && c.app.id == "org.example.burrow")
        #expect(c.shortcuts.map(\.intent) == ["ConnectIntent", "DisconnectIntent"])
        // `LocalizedStringResource("key", defaultValue: "Text")`: the development language's
        // short title is the default (Mozilla VPN's tables are generated at build time); before,
        // it was the key.
        #expect(c.shortcuts.map { $0.shortTitle?.resolve("en", development: "en") } == ["Connect Burrow", "Disconnect Burrow"])
    }

    /// A key with a default value is still the key the tables translate.
    @Test func localizationKeyWithADefaultValue() throws {
        let dir = try tempDir()
        try write(dir, "App/Shortcuts.swift", """
        import AppIntents
        struct Go: AppIntent { static var title: LocalizedStringResource = "Go" }
        struct Stop: AppIntent { static var title: LocalizedStringResource = "Stop" }
        struct S: AppShortcutsProvider {
            static var appShortcuts: [AppShortcut] {
                AppShortcut(intent: Go(), phrases: ["Go \\(.applicationName)"], shortTitle: LocalizedStringResource("app.go", defaultValue: "Go now"), systemImageName: "a")
                AppShortcut(intent: Stop(), phrases: ["Stop \\(.applicationName)"], shortTitle: .init("app.stop", defaultValue: "Stop it"), systemImageName: "b")
            }
        }
        enum Speed: String, AppEnum {
            case slow = "slow"
            static let caseDisplayRepresentations: [Speed: DisplayRepresentation] = [
                .slow: DisplayRepresentation(title: LocalizedStringResource("speed.slow", defaultValue: "slowly"), synonyms: [String(localized: "speed.gentle", defaultValue: "gently")])
            ]
        }
        """)
        try write(dir, "App/fr.lproj/Localizable.strings", "\"app.go\" = \"Vas-y\";\n\"speed.slow\" = \"lentement\";\n")
        let (c, diags, _) = try importCatalog([dir.path]) { $0.appID = "com.example.go"; $0.appName = "Go" }
        #expect(!diags.contains { $0.severity != .note }, "\(diags.map(\.message))")
        #expect(c.shortcuts.map { $0.shortTitle?.resolve("en", development: "en") } == ["Go now", "Stop it"])
        #expect(c.shortcuts.first?.shortTitle?.resolve("fr", development: "en") == "Vas-y")
        let slow = c.enums.first?.cases.first
        #expect(slow?.title?.resolve("en", development: "en") == "slowly" && slow?.title?.resolve("fr", development: "en") == "lentement")
        #expect(slow?.synonyms.resolve("en", development: "en") == ["gently"])
    }

    /// Without a project, a helper's or an extension's Info.plist does not name the app (before,
    /// a helper's literal CFBundleName became the app's name without a word); given as an input
    /// file itself, it is used. An app's Info.plist whose names are build settings, with no
    /// project to resolve them, gives an error that names them.
    @Test func notAnAppsInfoPlistDoesNotNameTheApp() throws {
        func plist(_ entries: String) -> String {
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\(entries)</dict>\n</plist>\n"
        }
        let provider = """
        import AppIntents
        struct Go: AppIntent { static var title: LocalizedStringResource = "Go" }
        struct S: AppShortcutsProvider { static var appShortcuts: [AppShortcut] { AppShortcut(intent: Go(), phrases: ["Go \\(.applicationName)"]) } }
        """
        let dir = try tempDir()
        try write(dir, "Sources/Shortcuts.swift", provider)
        try write(dir, "LoginItem/Info.plist", plist("""
        <key>CFBundleName</key><string>BurrowLoginItem</string>
        <key>CFBundleIdentifier</key><string>org.example.burrow.login</string>
        <key>LSBackgroundOnly</key><true/>

        """))
        try write(dir, "Widget/Info.plist", plist("""
        <key>CFBundleDisplayName</key><string>Burrow Widget</string>
        <key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.widgetkit-extension</string></dict>

        """))
        let r = try ProjectImporter.run(paths: [dir.path])
        let name = r.diagnostics.first { $0.rule == "app-name-unresolved" }
        #expect(name?.severity == .error && name?.message.hasSuffix("; pass --name NAME") == true)
        #expect(name?.message.contains("an app extension's Info.plist (NSExtension)") == true, "\(name?.message ?? "")")
        #expect(r.diagnostics.filter { $0.rule == "info-plist-not-app" }.count == 2)
        // Given explicitly, the helper's Info.plist is used as it is.
        let helper = dir.appendingPathComponent("LoginItem/Info.plist").path
        let (c, diags, _) = try importCatalog([dir.appendingPathComponent("Sources").path, helper])
        #expect(!diags.contains { $0.severity == .error })
        #expect(c.app.name.resolve("en", development: "en") == "BurrowLoginItem")
        // An app's Info.plist with names from build settings and no project: the error says so.
        let other = try tempDir()
        try write(other, "Sources/Shortcuts.swift", provider)
        try write(other, "App/Info.plist", plist("""
        <key>CFBundleName</key><string>$(PRODUCT_NAME)</string>
        <key>CFBundleIdentifier</key><string>org.example.go</string>
        <key>CFBundlePackageType</key><string>APPL</string>

        """))
        let r2 = try ProjectImporter.run(paths: [other.path])
        let m = r2.diagnostics.first { $0.rule == "app-name-unresolved" }?.message ?? ""
        #expect(m.contains("App/Info.plist has no literal CFBundleDisplayName or CFBundleName (CFBundleName = \"$(PRODUCT_NAME)\": build settings, and no Xcode project"), "\(m)")
        #expect(!r2.diagnostics.contains { $0.rule == "app-id-unresolved" })
        // Nothing at all: the error says what is missing.
        let bare = try tempDir()
        try write(bare, "Shortcuts.swift", provider)
        let r3 = try ProjectImporter.run(paths: [bare.path])
        #expect(r3.diagnostics.contains { $0.rule == "app-name-unresolved" && $0.message.contains("no Info.plist, Xcode project, project.yml or app Package.swift among the inputs; pass --name NAME") })
    }

    // MARK: Build settings

    @Test func buildSettingResolution() {
        let o = ImportOrigin(file: "x")
        func a(_ k: String, _ v: String) -> BuildSettings.Assignment { .init(key: k, value: v, origin: o, level: "t") }
        let s = BuildSettings([
            a("PRODUCT_NAME", "My App 2"), a("BASE", "org.ex"),
            a("PRODUCT_BUNDLE_IDENTIFIER", "$(BASE)"),
            a("PRODUCT_BUNDLE_IDENTIFIER", "$(inherited).${PRODUCT_NAME:rfc1034identifier}"),
            a("PRODUCT_BUNDLE_IDENTIFIER[sdk=macosx*]", "mac.only"),
            a("MODULE", "$(PRODUCT_NAME:c99extidentifier)"), a("LOW", "$(PRODUCT_NAME:lower)"),
            a("FALLBACK", "$(MISSING:default=dflt)"), a("HOLE", "a.$(NOT_SET).b"),
            a("NESTED", "$(PREFIX_$(KIND))"), a("KIND", "ONE"), a("PREFIX_ONE", "nested"),
            a("LOOP", "$(LOOP2)"), a("LOOP2", "$(LOOP)"), a("DOLLARS", "$$(X)"),
        ], configuration: "Release")
        #expect(s.value("PRODUCT_BUNDLE_IDENTIFIER")?.value == "org.ex.My-App-2")
        #expect(s.value("MODULE")?.value == "My_App_2")
        #expect(s.value("LOW")?.value == "my app 2")
        #expect(s.value("FALLBACK")?.value == "dflt")
        #expect(s.value("FALLBACK")?.unresolved.isEmpty == true)
        #expect(s.value("HOLE")?.value == "a..b")
        #expect(s.value("HOLE")?.unresolved == ["NOT_SET"])
        #expect(s.value("NESTED")?.value == "nested")
        #expect(s.value("LOOP") != nil)   // a cycle ends, reported as unresolved
        #expect(s.value("LOOP")?.unresolved.isEmpty == false)
        #expect(s.value("DOLLARS")?.value == "$(X)")
        #expect(s.value("UNSET") == nil)
    }

    @Test func xcconfigIncludeCycleAndMissingInclude() throws {
        let dir = try tempDir()
        try write(dir, "A.xcconfig", "#include \"B.xcconfig\"\nNAME = a // comment\n")
        try write(dir, "B.xcconfig", "#include \"A.xcconfig\"\n#include \"Gone.xcconfig\"\n#include? \"Optional.xcconfig\"\nNAME = b\nKEY[config=Release][sdk=iphoneos*] = r\nnot a setting\n")
        var diags: [Diagnostic] = []
        let list = XCConfig.assignments(path: dir.appendingPathComponent("A.xcconfig").path, level: "t", diagnostics: &diags)
        #expect(list.map(\.name) == ["NAME", "KEY", "NAME"])
        #expect(list.last?.value == "a")
        #expect(list[1].conditions.map(\.0) == ["config", "sdk"])
        #expect(diags.contains { $0.rule == "xcconfig-include-cycle" && $0.file.hasSuffix("B.xcconfig") && $0.line == 1 })
        #expect(diags.contains { $0.rule == "xcconfig-missing" && $0.line == 2 })
        // A missing #include? is only a note (a local override file), never a warning.
        #expect(!diags.contains { $0.message.contains("Optional") && $0.severity != .note })
        #expect(diags.contains { $0.rule == XCConfig.optionalMissingRule && $0.line == 3 && $0.message.contains("Optional.xcconfig") })
        #expect(diags.contains { $0.rule == "malformed-input" && $0.line == 6 })
    }

    // MARK: Bad project files

    @Test func truncatedAndOddProjectFilesGiveAnErrorWithItsLine() throws {
        let full = try String(contentsOfFile: Self.multi + "/TideLog.xcodeproj/project.pbxproj", encoding: .utf8)
        let cut = String(full.prefix(full.count / 2))
        let cases: [(String, String)] = [
            (cut, "malformed project.pbxproj"),
            (cut.components(separatedBy: "\n").dropLast(3).joined(separator: "\n") + "\n", "unterminated dictionary (opened here)"),
            ("", "expected '{'"),
            ("// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA = {isa = PBXProject; targets = (B); };\n\t};\n}\n", "rootObject"),
            ("{ rootObject = A; objects = { A = { isa = PBXGroup; }; }; }", "not a PBXProject"),
            ("{\n a = b\n}", "expected ';'"),
            ("{ a = (x y); }", "expected ','"),
            (String(repeating: "{a=", count: 5_000), "nesting"),
            ("{ a = \"never closed; }", "unterminated string"),
        ]
        for (text, message) in cases {
            do {
                _ = try PBXProject.read(Array(text.utf8), path: "p.pbxproj")
                Issue.record("no error for \(text.prefix(40))")
            } catch {
                #expect(error.diagnostic.severity == .error)
                #expect(error.diagnostic.line != nil)
                #expect(error.diagnostic.message.contains(message), "\(error.diagnostic.message)")
            }
        }
        // A target listed but not defined, a cyclic group: read, reported, no crash.
        let odd = "{ rootObject = P; objects = { P = { isa = PBXProject; mainGroup = G; targets = (T, U); }; G = { isa = PBXGroup; children = (H); }; H = { isa = PBXGroup; children = (G); path = x; }; T = { isa = PBXNativeTarget; name = App; productType = \"com.apple.product-type.application\"; buildPhases = (S); }; S = { isa = PBXSourcesBuildPhase; files = (F); }; F = { isa = PBXBuildFile; fileRef = H; }; }; }"
        let p = try PBXProject.read(Array(odd.utf8), path: "p.pbxproj")
        #expect(p.targets.map(\.name) == ["App"])
        #expect(p.diagnostics.contains { $0.message.contains("U is listed but not defined") })
        // Through the importer: an error with the line, the rest still read, exit 1 from the command.
        let dir = try tempDir()
        try write(dir, "X.xcodeproj/project.pbxproj", cut)
        try write(dir, "S.swift", "struct S: AppShortcutsProvider { static var appShortcuts: [AppShortcut] { AppShortcut(intent: I(), phrases: [\"Go \\(.applicationName)\"]) } }")
        let r = try ProjectImporter.run(paths: [dir.path])
        #expect(r.diagnostics.contains { $0.rule == "malformed-input" && $0.file.hasSuffix("project.pbxproj") && $0.line != nil })
        #expect(run(["import", dir.path]).0 == 1)
    }

    @Test func malformedProjectYAML() throws {
        for (text, line) in [("name: A\ntargets:\n  App:\n    type: application\n   bad: indent\n", 5), ("targets: [a, b\n", 1), ("name: A\n\tsources: x\n", 2)] {
            do {
                _ = try XcodeGenProject.read(Array(text.utf8), path: "project.yml")
                Issue.record("no error for \(text)")
            } catch {
                #expect(error.diagnostic.line == line, "\(text): \(error.diagnostic.message)")
            }
        }
        let y = try YAMLValue.parse(Array("a:\n  - x\n  - k: v\n    m: [1, {n: o}]\nb: 'q # not a comment' # comment\nc: |\n  line one\n  line two\n".utf8))
        #expect(y["a"]?.sequence?.first?.string == "x")
        #expect(y["a"]?.sequence?.last?["m"]?.sequence?.last?["n"]?.string == "o")
        #expect(y["b"]?.string == "q # not a comment")
        #expect(y["c"]?.string == "line one\nline two")
    }
}
