import Foundation

/// Choosing the app target of a project and reading the app's identity from it alone.
///
/// The app target is the application target whose sources hold the `AppShortcutsProvider`
/// (`--target` chooses one). From it: which Swift sources, string tables, catalogs and which
/// Info.plist are read (its members, plus the sources of framework and library targets, which
/// can declare its intents and enums); the bundle identifier and name from its build settings
/// for one configuration (Release unless `--configuration`); its Info.plist. Each value's
/// origin is reported as a note; guesses as warnings.
extension ProjectImporter.Builder {
    /// Reads a project file (pbxproj, project.yml, Package.swift) into targets.
    mutating func readProject(_ path: String, _ kind: ProjectImporter.InputKind, _ bytes: [UInt8]) {
        switch kind {
        case .pbxproj:
            do {
                let p = try PBXProject.read(bytes, path: path)
                diags += p.diagnostics
                projects.append((path, p.targets))
                if let d = p.developmentRegion { projectDevelopmentRegions.append(d) }
                projectKnownRegions += p.knownRegions.filter { !projectKnownRegions.contains($0) }
                if p.targets.isEmpty { legacyPBX.append(String(decoding: bytes, as: UTF8.self)) }
            } catch {
                diags.append(error.diagnostic)
                legacyPBX.append(String(decoding: bytes, as: UTF8.self))
            }
        case .xcodegenSpec:
            do {
                let r = try XcodeGenProject.read(bytes, path: path)
                diags += r.diagnostics
                projects.append((path, r.targets))
                if let d = r.developmentLanguage { projectDevelopmentRegions.append(d) }
            } catch { diags.append(error.diagnostic) }
        case .packageManifest:
            let r = SwiftPackageProject.read(bytes, path: path)
            if !r.targets.isEmpty {
                projects.append((path, r.targets))
                if let d = r.defaultLocalization { projectDevelopmentRegions.append(d) }
            }
        default: break
        }
    }

    var allTargets: [ProjectTarget] { projects.flatMap(\.targets) }

    static func isApp(_ t: ProjectTarget) -> Bool { t.kind == .application || t.kind == .watchApplication }

    /// The configuration to read, and whether it was guessed.
    func configuration(of t: ProjectTarget) -> (name: String, guessed: Bool)? {
        let names = t.configurations.map(\.name)
        if let c = options.configuration { return names.contains(c) ? (c, false) : nil }
        if names.contains("Release") { return ("Release", false) }
        if let d = t.defaultConfiguration, names.contains(d) { return (d, true) }
        return names.first.map { ($0, true) }
    }

    /// Whether a target builds for iOS, from its settings for the configuration read:
    /// `SUPPORTED_PLATFORMS` when set (how `SDKROOT = auto`, a multiplatform target, says it),
    /// else `SDKROOT`, else the project's platform; with the text that says so.
    func platforms(of t: ProjectTarget) -> (ios: Bool, text: String)? {
        let s = buildSettings(t)
        if let p = s?.value("SUPPORTED_PLATFORMS")?.value, !p.isEmpty {
            let list = p.split(separator: " ").map(String.init)
            return (list.contains { $0.hasPrefix("iphone") }, "SUPPORTED_PLATFORMS = \(p)")
        }
        if let r = s?.value("SDKROOT")?.value, !r.isEmpty, r != "auto" { return (r.hasPrefix("iphone"), "SDKROOT = \(r)") }
        if let r = t.sdk { return (r.hasPrefix("iphone"), "platform \(r)") }
        return nil
    }

    func buildSettings(_ t: ProjectTarget) -> BuildSettings? {
        guard let c = configuration(of: t), let s = t.settings(c.name) else { return nil }
        return BuildSettings(s, configuration: c.name, sdk: t.sdk ?? "iphoneos")
    }

    /// Chooses the app target (after the Swift sources are read) and keeps only the sources it
    /// builds with.
    mutating func chooseAppTarget() {
        let targets = allTargets
        guard !projects.isEmpty else {
            if !roots.isEmpty, roots.contains(where: { ProjectImporter.isFolder($0) }) {
                diags.append(ImportOrigin(file: roots[0]).diagnostic("no-project", .note,
                    "no Xcode project, project.yml or app Package.swift: target membership is unknown, so every source, table and Info.plist under the folder is read; pass --app-id and --name if they come out wrong"))
            }
            return
        }
        let at = ImportOrigin(file: projects[0].file)
        var chosen: ProjectTarget?
        if let want = options.target {
            guard let t = targets.first(where: { $0.name == want }) else {
                diags.append(at.diagnostic("app-target-unresolved", .error, "no target named \(want) (targets: \(targets.map(\.name).joined(separator: ", ")))"))
                return
            }
            chosen = t
            diags.append(t.origin.diagnostic("app-target", .note, "app target \(t.name) (\(t.kind.rawValue)), chosen with --target"))
        } else {
            let (m, _) = SwiftAppIntentsReader.read(swiftFiles)
            let providerFiles = Set(m.providers.map { ProjectFiles.standard($0.origin.file) })
            let apps = targets.filter { Self.isApp($0) }
            let withProvider = apps.filter { t in providerFiles.contains { t.isMember($0) } }
            let providerNames = m.providers.map(\.name).joined(separator: ", ")
            if withProvider.count == 1 {
                chosen = withProvider[0]
                diags.append(withProvider[0].origin.diagnostic("app-target", .note,
                    "app target \(withProvider[0].name): the application target whose sources hold the AppShortcutsProvider (\(providerNames))"))
            } else if withProvider.count > 1 {
                // Several: an iOS app first (its platforms, SDKROOT = auto read through
                // SUPPORTED_PLATFORMS), then an application over a watch app, then the first.
                let platforms = Dictionary(withProvider.compactMap { t in self.platforms(of: t).map { (t.name, $0) } }, uniquingKeysWith: { a, _ in a })
                func rank(_ t: ProjectTarget) -> Int {
                    (platforms[t.name]?.ios ?? true ? 0 : 2) + (t.kind == .application ? 0 : 1)
                }
                let ranked = withProvider.enumerated().sorted { a, b in
                    let ra = rank(a.element), rb = rank(b.element)
                    return ra != rb ? ra < rb : a.offset < b.offset
                }.map(\.element)
                chosen = ranked[0]
                let why = withProvider.map { "\($0.name): \(platforms[$0.name]?.text ?? "platform unknown")" }.joined(separator: "; ")
                diags.append(ranked[0].origin.diagnostic("app-target-guessed", .warning,
                    "several application targets hold the AppShortcutsProvider (\(why)); \(ranked[0].name) is read (an iOS app first, then the first listed); pass --target to choose"))
            } else if apps.count == 1 {
                chosen = apps[0]
                let why = m.providers.isEmpty ? "no AppShortcutsProvider in the sources" : "the AppShortcutsProvider (\(providerNames)) is in no application target's sources"
                diags.append(apps[0].origin.diagnostic("app-target-guessed", .warning, "app target \(apps[0].name): the only application target (\(why))"))
            } else if apps.count > 1 {
                chosen = apps[0]
                diags.append(apps[0].origin.diagnostic("app-target-guessed", .warning,
                    "no application target's sources hold an AppShortcutsProvider; \(apps[0].name) is read, the first of \(apps.map(\.name).joined(separator: ", ")); pass --target to choose"))
            } else {
                diags.append(at.diagnostic("app-target-unresolved", .warning,
                    "no application target in \(projects.map { relative($0.file) }.joined(separator: ", ")) (targets: \(targets.map { "\($0.name) (\($0.kind.rawValue))" }.joined(separator: ", "))); every file under the folder is read"))
            }
        }
        guard let app = chosen else { return }
        guard let cfg = configuration(of: app) else {
            diags.append(app.origin.diagnostic("configuration-unknown", .error,
                "target \(app.name) has no configuration \(options.configuration ?? "") (it has \(app.configurations.map(\.name).joined(separator: ", ")))"))
            return
        }
        if cfg.guessed {
            diags.append(app.origin.diagnostic("configuration-guessed", .warning, "target \(app.name) has no Release configuration; \(cfg.name) is read (pass --configuration)"))
        }
        appTarget = app
        appSettings = buildSettings(app)
        // What reading the settings found (a missing base .xcconfig), for the configuration read only:
        // another configuration's or target's files do not change the app's identity.
        for d in app.configurationDiagnostics[cfg.name] ?? [] where !diags.contains(d) { diags.append(d) }
        // Swift sources: the app's, its frameworks' and libraries' (which can declare its intents
        // and enums), and files no target lists (local packages).
        let before = swiftFiles.count
        var dropped: [String] = []
        swiftFiles = swiftFiles.filter { f in
            if explicitFiles.contains(f.path) { return true }
            let owners = targets.filter { $0.isMember(f.path) }
            let keep = owners.isEmpty || owners.contains { $0.name == app.name && $0.projectFile == app.projectFile || $0.kind.isLinkedIntoApp }
            if !keep { dropped.append(f.path) }
            return keep
        }
        if !dropped.isEmpty {
            diags.append(app.origin.diagnostic("not-in-app-target", .note,
                "\(before - swiftFiles.count) Swift file(s) not read: members only of other targets (\(relative(dropped[0]))\(dropped.count > 1 ? ", …" : ""))"))
        }
    }

    /// The app's Info.plist (`INFOPLIST_FILE`, relative to the project folder).
    var appInfoPlistPath: (path: String, setting: BuildSettings.Resolved)? {
        guard let app = appTarget, let s = appSettings, let r = s.value("INFOPLIST_FILE"), !r.value.isEmpty else { return nil }
        let dir = (app.projectFile as NSString).deletingLastPathComponent
        let base = app.projectFile.hasSuffix("project.pbxproj") ? (dir as NSString).deletingLastPathComponent : dir
        let srcroot = s.value("SRCROOT")?.value ?? base
        return (ProjectFiles.join(srcroot.isEmpty ? base : srcroot, r.value), r)
    }

    /// Whether a table, catalog or Info.plist found in a folder is the app's.
    func keeps(_ path: String, _ kind: ProjectImporter.InputKind) -> Bool {
        guard let app = appTarget else { return true }
        if explicitFiles.contains(path) { return true }
        switch kind {
        case .actionsData, .pbxproj, .xcodegenSpec, .packageManifest, .swift: return true
        case .infoPlist:
            if let p = appInfoPlistPath?.path { return ProjectFiles.standard(path) == p }
            return app.isMember(path) && !app.projectFile.hasSuffix("project.pbxproj")
        default:
            return app.isMember(path)
        }
    }

    // MARK: Provenance

    /// An Info.plist string with the app target's settings substituted (as written without a target).
    func expandInfo(_ v: String) -> String {
        guard let s = appSettings, v.contains("$") else { return v }
        return s.expand(v).value
    }

    /// The settings a value was built from, each with where it was set; and, when one of them
    /// comes from an .xcconfig, the optional includes of the read configuration that are missing
    /// (a local override file would change the value).
    func chain(_ from: [(name: String, origin: BuildSettings.Assignment)], setBy: BuildSettings.Assignment? = nil) -> String {
        let used = from.filter { $0.origin.level != "built-in" || ["TARGET_NAME", "PROJECT_NAME", "DEVELOPMENT_LANGUAGE"].contains($0.name) }
        var text = used.isEmpty ? "" : "; " + used.prefix(6).map { a in
            "\(a.name) = \"\(a.origin.value)\" " + (a.origin.level == "built-in" ? "(built-in)" : "at \(sourceText(a.origin.origin)) [\(a.origin.level)]")
        }.joined(separator: "; ")
        let files = (used.map(\.origin) + (setBy.map { [$0] } ?? [])).map(\.origin.file)
        if files.contains(where: { $0.hasSuffix(".xcconfig") }), let app = appTarget, let cfg = appSettings?.configuration {
            let missing = (app.configurationDiagnostics[cfg] ?? []).filter { $0.rule == XCConfig.optionalMissingRule }
            if !missing.isEmpty {
                text += "; the optional #include at " + missing.map { sourceText(ImportOrigin(file: $0.file, line: $0.line)) }.joined(separator: ", ")
                    + " is missing here (a local file there can replace these settings)"
            }
        }
        return text
    }

    /// The app target's bundle identifier: Info.plist `CFBundleIdentifier` with the settings
    /// substituted, else `PRODUCT_BUNDLE_IDENTIFIER`; its origin as a note.
    mutating func targetBundleID(_ app: ProjectTarget, _ s: BuildSettings, _ info: (path: String, value: PlistValue)?, _ at: [String: ImportOrigin]) -> String? {
        let cfg = s.configuration
        if let v = info?.value["CFBundleIdentifier"]?.string, !v.isEmpty {
            let e = s.expand(v)
            let where_ = "CFBundleIdentifier = \"\(v)\" in \(relative(info?.path ?? ""))"
            if !e.value.isEmpty {
                if e.unresolved.isEmpty {
                    diags.append((at["CFBundleIdentifier"] ?? app.origin).diagnostic("app-id-source", .note, "bundle identifier \"\(e.value)\" (target \(app.name), \(cfg)): \(where_)\(chain(e.from))"))
                } else {
                    diags.append((at["CFBundleIdentifier"] ?? app.origin).diagnostic("app-id-guessed", .warning, "bundle identifier \"\(e.value)\" (target \(app.name), \(cfg)): \(where_)\(chain(e.from)); \(e.unresolved.joined(separator: ", ")) not set anywhere (empty, as Xcode would read it); pass --app-id if wrong"))
                }
                return e.value
            }
        }
        if let r = s.value("PRODUCT_BUNDLE_IDENTIFIER"), !r.value.isEmpty {
            let o = r.origin.origin
            let text = "bundle identifier \"\(r.value)\" (target \(app.name), \(cfg)): PRODUCT_BUNDLE_IDENTIFIER = \"\(r.origin.value)\" [\(r.origin.level)]\(chain(r.from, setBy: r.origin))"
            if r.unresolved.isEmpty { diags.append(o.diagnostic("app-id-source", .note, text)) }
            else { diags.append(o.diagnostic("app-id-guessed", .warning, text + "; \(r.unresolved.joined(separator: ", ")) not set anywhere (empty, as Xcode would read it); pass --app-id if wrong")) }
            return r.value
        }
        diags.append(app.origin.diagnostic("app-id-unresolved", .error, "target \(app.name) has no PRODUCT_BUNDLE_IDENTIFIER in \(cfg) and its Info.plist no CFBundleIdentifier; pass --app-id ID"))
        return nil
    }

    /// The app target's display name: the development locale's InfoPlist table, Info.plist
    /// (`CFBundleDisplayName`, then `CFBundleName`, settings substituted), the project's own
    /// Info.plist keys (XcodeGen `info.properties`), `INFOPLIST_KEY_*`, then `PRODUCT_NAME`.
    mutating func targetName(_ app: ProjectTarget, _ s: BuildSettings, _ info: (path: String, value: PlistValue)?, _ at: [String: ImportOrigin],
                             table: [String: String], dev: String) -> String? {
        let cfg = s.configuration
        let who = "app name"
        // An Info.plist key whose settings are all unset here (`CFBundleDisplayName =
        // $(APP_DISPLAY_NAME)` with the variable set only in the Debug xcconfig, seen in Home
        // Assistant) is empty, so the system shows the next name: said, and a warning, not silent.
        var emptied: [String] = []
        func report(_ o: ImportOrigin, _ text: String, guessed: Bool) {
            if emptied.isEmpty && !guessed { diags.append(o.diagnostic("app-name-source", .note, text)); return }
            let skipped = emptied.isEmpty ? "" : "; " + emptied.joined(separator: "; ") + ", so the system shows this name"
            diags.append(o.diagnostic("app-name-guessed", .warning, text + skipped + "; pass --name if wrong"))
        }
        for k in ["CFBundleDisplayName", "CFBundleName"] {
            if let v = table[k], !v.isEmpty {
                let o = infoOrigins[dev]?[k] ?? infoOrigins[ProjectImporter.Builder.baseLocale]?[k] ?? app.origin
                report(o, "\(who) \"\(v)\": \(k) in the \(dev) InfoPlist table of target \(app.name)", guessed: false)
                return v
            }
            if let v = info?.value[k]?.string, !v.isEmpty {
                let e = s.expand(v)
                if !e.value.isEmpty {
                    let text = "\(who) \"\(e.value)\" (target \(app.name), \(cfg)): \(k) = \"\(v)\" in \(relative(info?.path ?? ""))\(chain(e.from))"
                    report(at[k] ?? app.origin, e.unresolved.isEmpty ? text : text + "; \(e.unresolved.joined(separator: ", ")) not set anywhere", guessed: !e.unresolved.isEmpty)
                    return e.value
                }
                let unset = e.unresolved.isEmpty ? "" : " (\(e.unresolved.joined(separator: ", ")) not set anywhere in \(cfg))"
                emptied.append("\(k) = \"\(v)\" in \(relative(info?.path ?? "")) is empty\(unset)")
            }
            if let p = app.infoProperties.last(where: { $0.key == k }), !p.value.isEmpty {
                let e = s.expand(p.value)
                report(p.origin, "\(who) \"\(e.value)\" (target \(app.name)): \(k) in the project's Info.plist properties\(chain(e.from))", guessed: false)
                return e.value
            }
            if let r = s.value("INFOPLIST_KEY_" + k), !r.value.isEmpty {
                report(r.origin.origin, "\(who) \"\(r.value)\" (target \(app.name), \(cfg)): build setting INFOPLIST_KEY_\(k) = \"\(r.origin.value)\" [\(r.origin.level)]\(chain(r.from, setBy: r.origin))", guessed: false)
                return r.value
            }
        }
        if let r = s.value("PRODUCT_NAME"), !r.value.isEmpty {
            let noPlist = info == nil ? "no Info.plist" : emptied.isEmpty ? "its Info.plist has no CFBundleDisplayName or CFBundleName" : "its Info.plist names are empty"
            let text = "\(who) \"\(r.value)\" (target \(app.name), \(cfg)): PRODUCT_NAME = \"\(r.origin.value)\" [\(r.origin.level)]\(chain(r.from, setBy: r.origin)) (\(noPlist); the bundle name is the product name)"
            report(r.origin.origin, text, guessed: !r.unresolved.isEmpty)
            return r.value
        }
        diags.append(app.origin.diagnostic("app-name-unresolved", .error, "target \(app.name) has no display name, bundle name or PRODUCT_NAME in \(cfg); pass --name NAME"))
        return nil
    }

    /// A note listing the catalog's locales and the app target's files they come from.
    mutating func reportLocales(_ locales: [String], dev: String) {
        guard let app = appTarget else { return }
        var text = "locales \(locales.joined(separator: ", ")) (development \(dev)): from the members of target \(app.name)"
        let known = projectKnownRegions.filter { $0 != "Base" }
        let extra = locales.filter { l in !known.isEmpty && !known.contains(l) && !known.contains(String(l.prefix { $0 != "-" })) }
        if !extra.isEmpty { text += "; not in the project's knownRegions: \(extra.joined(separator: ", "))" }
        diags.append(app.origin.diagnostic("app-locales", .note, text))
    }
}

extension ProjectImporter {
    static func isFolder(_ p: String) -> Bool {
        var d: ObjCBool = false
        return FileManager.default.fileExists(atPath: p, isDirectory: &d) && d.boolValue
    }
}
