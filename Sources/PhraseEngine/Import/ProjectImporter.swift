import Foundation

public struct ImportOptions: Sendable {
    /// `--entities TYPE=FILE`: exported snapshots of AppEntity options.
    public var entities: [(type: String, file: String)] = []
    public var developmentLocale: String?
    public var appID: String?
    /// `--name`: the app's display name in the development locale.
    public var appName: String?
    /// `--configuration`: the build configuration whose settings are read (default Release).
    public var configuration: String?
    /// `--target`: the app target, instead of the application target holding the AppShortcutsProvider.
    public var target: String?
    /// Called as input files are read: (files read, files to read). For a progress display.
    public var progress: (@Sendable (Int, Int) -> Void)? = nil
    public init() {}
}

public struct ImportResult: Sendable {
    /// The catalog document (spec: catalog.md), with extra `source` keys pointing at the inputs.
    public var catalog: JSONOut
    /// Every finding, in a stable order.
    public var diagnostics: [Diagnostic]
    /// The input files read, with what they were read as.
    public var inputs: [(path: String, kind: String)]
}

/// An input that cannot be read at all (a missing path): the command exits with status 3.
public struct ImportInputError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// Builds a catalog from what an iOS project has: Swift sources, `AppShortcuts.xcstrings` and
/// `AppShortcuts.strings`, `Localizable` tables (titles), `Info.plist` with `InfoPlist` tables (app
/// names), `project.pbxproj` build settings, Xcode's `extract.actionsdata`, and entity snapshots.
public enum ProjectImporter {
    /// Inputs larger than this are skipped with an error diagnostic.
    public static let maxFileSize = 8 * 1024 * 1024
    /// A folder walk stops after this many files.
    public static let maxFiles = 50_000

    public enum InputKind: Sendable, Equatable {
        case swift
        case appShortcutsCatalog
        case appShortcutsStrings(locale: String)
        case localizableCatalog
        case localizableStrings(locale: String)
        case infoPlist
        case infoPlistCatalog
        case infoPlistStrings(locale: String)
        case actionsData
        case pbxproj
        case xcodegenSpec
        case packageManifest

        var isProject: Bool { self == .pbxproj || self == .xcodegenSpec || self == .packageManifest }

        var name: String {
            switch self {
            case .swift: return "swift"
            case .appShortcutsCatalog: return "AppShortcuts.xcstrings"
            case .appShortcutsStrings(let l): return "AppShortcuts.strings (\(l))"
            case .localizableCatalog: return "Localizable.xcstrings"
            case .localizableStrings(let l): return "Localizable.strings (\(l))"
            case .infoPlist: return "Info.plist"
            case .infoPlistCatalog: return "InfoPlist.xcstrings"
            case .infoPlistStrings(let l): return "InfoPlist.strings (\(l))"
            case .actionsData: return "extract.actionsdata"
            case .pbxproj: return "project.pbxproj"
            case .xcodegenSpec: return "project.yml"
            case .packageManifest: return "Package.swift"
            }
        }
    }

    /// The locale of a `<locale>.lproj` folder (`Base` and malformed names give nil).
    static func lprojLocale(_ path: String) -> String? {
        let dir = (path as NSString).deletingLastPathComponent
        let last = (dir as NSString).lastPathComponent
        guard last.hasSuffix(".lproj") else { return nil }
        let l = String(last.dropLast(6)).replacingOccurrences(of: "_", with: "-")
        return CatalogLoader.isValidLocale(l) ? l : nil
    }

    /// What a file is read as, from its name (nil: not an input).
    public static func classify(_ path: String) -> InputKind? {
        let name = (path as NSString).lastPathComponent
        if name == "Package.swift" { return .packageManifest }
        if name.hasSuffix(".swift") { return .swift }
        switch name {
        case "AppShortcuts.xcstrings": return .appShortcutsCatalog
        case "Localizable.xcstrings": return .localizableCatalog
        case "InfoPlist.xcstrings": return .infoPlistCatalog
        case "Info.plist": return .infoPlist
        case "extract.actionsdata": return .actionsData
        case "project.pbxproj": return .pbxproj
        case "project.yml", "project.yaml": return .xcodegenSpec
        case "AppShortcuts.strings": return lprojLocale(path).map { .appShortcutsStrings(locale: $0) }
        case "Localizable.strings": return lprojLocale(path).map { .localizableStrings(locale: $0) }
        case "InfoPlist.strings":
            if ((path as NSString).deletingLastPathComponent as NSString).lastPathComponent == "Base.lproj" { return .infoPlistStrings(locale: Builder.baseLocale) }
            return lprojLocale(path).map { .infoPlistStrings(locale: $0) }
        default: return nil
        }
    }

    static let skippedFolders: Set<String> = [".git", ".build", ".swiftpm", "Pods", "Carthage", "node_modules", "DerivedData", "xcuserdata"]

    /// The input files under the given paths (folders are walked; files are taken as given).
    public static func discover(_ paths: [String]) throws(ImportInputError) -> (inputs: [(path: String, kind: InputKind)], diagnostics: [Diagnostic]) {
        var out: [(path: String, kind: InputKind)] = []
        var diags: [Diagnostic] = []
        let fm = FileManager.default
        for root in paths {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: root, isDirectory: &isDir) else { throw ImportInputError(message: "\(root): no such file or folder") }
            if !isDir.boolValue {
                guard let k = classify(root) else {
                    throw ImportInputError(message: "\(root): not an input that import reads (Swift sources, AppShortcuts.xcstrings, <locale>.lproj/*.strings, Info.plist, InfoPlist/Localizable tables, extract.actionsdata, project.pbxproj, project.yml, Package.swift)")
                }
                out.append((root, k))
                continue
            }
            guard let en = fm.enumerator(atPath: root) else { throw ImportInputError(message: "\(root): cannot read folder") }
            var found: [(String, InputKind)] = []
            var count = 0
            while let rel = en.nextObject() as? String {
                count += 1
                if count > maxFiles {
                    diags.append(ImportOrigin(file: root).diagnostic("too-many-files", .warning, "more than \(maxFiles) files; the rest of the folder is not read"))
                    break
                }
                let last = (rel as NSString).lastPathComponent
                if skippedFolders.contains(last) || (last.hasSuffix("Tests") && en.fileAttributes?[.type] as? FileAttributeType == .typeDirectory) {
                    en.skipDescendants(); continue
                }
                let full = root.hasSuffix("/") ? root + rel : root + "/" + rel
                if let k = classify(full) { found.append((full, k)) }
            }
            out += found.sorted { $0.0 < $1.0 }
        }
        return (out, diags)
    }

    static func readBytes(_ path: String, _ diags: inout [Diagnostic]) -> [UInt8]? {
        let fm = FileManager.default
        if let size = (try? fm.attributesOfItem(atPath: path))?[.size] as? Int, size > maxFileSize {
            diags.append(ImportOrigin(file: path).diagnostic("file-too-large", .error, "file is larger than \(maxFileSize / 1_048_576) MB; not read"))
            return nil
        }
        guard let d = fm.contents(atPath: path) else {
            diags.append(ImportOrigin(file: path).diagnostic("unreadable", .error, "cannot read file"))
            return nil
        }
        return Array(d)
    }

    /// Runs the import.
    public static func run(paths: [String], options: ImportOptions = ImportOptions()) throws(ImportInputError) -> ImportResult {
        let (inputs, discoverDiags) = try discover(paths)
        var b = Builder(options: options, roots: paths)
        b.diags = discoverDiags
        b.explicitFiles = Set(paths.filter { !isFolder($0) })
        // Projects and sources first: they decide the app target, which decides the rest.
        let first = inputs.filter { $0.kind.isProject || $0.kind == .swift }
        b.toRead = inputs.count
        b.read(first)
        b.chooseAppTarget()
        var rest: [(path: String, kind: InputKind)] = []
        var skipped: [String] = []
        for i in inputs where !i.kind.isProject && i.kind != .swift {
            if b.keeps(i.path, i.kind) { rest.append(i) } else { skipped.append(i.path) }
        }
        if let plist = b.appInfoPlistPath?.path, !rest.contains(where: { ProjectFiles.standard($0.path) == plist }), FileManager.default.fileExists(atPath: plist) {
            rest.append((plist, .infoPlist))
        }
        if let app = b.appTarget, !skipped.isEmpty {
            b.diags.append(app.origin.diagnostic("not-in-app-target", .note,
                "\(skipped.count) table(s), catalog(s) or Info.plist(s) not read: not members of \(app.name) (\(skipped.prefix(3).map { b.relative($0) }.joined(separator: ", "))\(skipped.count > 3 ? ", …" : ""))"))
        }
        b.toRead = first.count + rest.count
        b.read(rest)
        let catalog = b.build()
        let read = first + rest
        return ImportResult(catalog: catalog, diagnostics: b.diags.sorted(by: Diagnostic.ordered),
                            inputs: read.map { ($0.path, $0.kind.name) })
    }

    struct Builder {
        let options: ImportOptions
        let roots: [String]
        var diags: [Diagnostic] = []
        /// Files read so far and to read (for `ImportOptions.progress`).
        var readCount = 0
        var toRead = 0
        var swiftFiles: [SwiftSourceFile] = []
        var shortcutCatalogs: [XCStringsFile] = []
        var shortcutStrings: [(locale: String, path: String, file: StringsFile)] = []
        /// Localizable tables: locale → key → value.
        var titleTables: [String: [String: String]] = [:]
        var infoPlists: [(path: String, bytes: [UInt8], value: PlistValue)] = []
        /// InfoPlist tables: locale → key → value.
        var infoTables: [String: [(key: String, value: PlistValue)]] = [:]
        /// Where each InfoPlist table entry is: locale → key → place.
        var infoOrigins: [String: [String: ImportOrigin]] = [:]
        var actionsData: [(path: String, model: ImportedModel)] = []
        /// Project files that could not be read as a model (their settings are scanned as text).
        var legacyPBX: [String] = []
        var sourceLanguages: [String] = []
        /// Projects read (file → targets), and what they say about regions.
        var projects: [(file: String, targets: [ProjectTarget])] = []
        var projectDevelopmentRegions: [String] = []
        var projectKnownRegions: [String] = []
        var appTarget: ProjectTarget?
        var appSettings: BuildSettings?
        /// Paths given as files on the command line (always read).
        var explicitFiles: Set<String> = []

        init(options: ImportOptions, roots: [String]) {
            self.options = options
            self.roots = roots
        }

        /// A path relative to the imported folder it is in (for the catalog's `source` keys).
        func relative(_ path: String) -> String {
            for r in roots {
                if path == r { return (path as NSString).lastPathComponent }   // a file given itself
                let prefix = r.hasSuffix("/") ? r : r + "/"
                if path.hasPrefix(prefix) { return String(path.dropFirst(prefix.count)) }
            }
            return path
        }

        func sourceText(_ o: ImportOrigin) -> String {
            ImportOrigin(file: relative(o.file), line: o.line, column: o.column).text
        }

        mutating func read(_ inputs: [(path: String, kind: InputKind)]) {
            for (path, kind) in inputs {
                readCount += 1
                options.progress?(readCount, max(toRead, readCount))
                guard let bytes = ProjectImporter.readBytes(path, &diags) else { continue }
                switch kind {
                case .swift:
                    swiftFiles.append(SwiftSourceFile(path: path, bytes: bytes))
                case .appShortcutsCatalog, .localizableCatalog, .infoPlistCatalog:
                    let (f, d) = XCStringsFile.parse(bytes, path: path)
                    diags += d
                    guard let f else { continue }
                    if let s = f.sourceLanguage { sourceLanguages.append(s) }
                    if kind == .appShortcutsCatalog { shortcutCatalogs.append(f); continue }
                    for e in f.entries where kind == .infoPlistCatalog && e.key.hasPrefix("INAlternativeAppName") {
                        diags.append(f.origin(e.offset).diagnostic("unsupported-localization", .warning,
                            "key \"\(e.key)\" is not how alternative app names are localized: the system looks each INAlternativeAppName (and hint) up by its value; give the Info.plist entry a key such as APP_NAME_SYNONYM_1 and localize that key"))
                    }
                    for e in f.entries {
                        for l in e.localizations {
                            guard case .unit(let v) = l.value else { continue }
                            if kind == .localizableCatalog { titleTables[l.locale, default: [:]][e.key] = v } else {
                                infoTables[l.locale, default: []].append((e.key, .string(v)))
                                infoOrigins[l.locale, default: [:]][e.key] = f.origin(l.offset)
                            }
                        }
                    }
                case .appShortcutsStrings(let l), .localizableStrings(let l), .infoPlistStrings(let l):
                    let f = StringsFile.parse(bytes)
                    if let e = f.error {
                        let p = LineTable(f.text).position(of: e.offset)
                        diags.append(ImportOrigin(file: path, line: p.line, column: p.column).diagnostic("malformed-input", .error, "malformed .strings file: \(e.message)"))
                    }
                    switch kind {
                    case .appShortcutsStrings: shortcutStrings.append((l, path, f))
                    case .localizableStrings:
                        for e in f.entries { if let s = e.value.string { titleTables[l, default: [:]][e.key] = s } }
                    default:
                        infoTables[l, default: []] += f.entries.map { ($0.key, $0.value) }
                        let lt = LineTable(f.text)
                        for e in f.entries { let p = lt.position(of: e.offset); infoOrigins[l, default: [:]][e.key] = ImportOrigin(file: path, line: p.line, column: p.column) }
                    }
                case .infoPlist:
                    do {
                        infoPlists.append((path, bytes, try PropertyList.parse(bytes)))
                    } catch {
                        diags.append(ImportOrigin(file: path).diagnostic("malformed-input", .error, error.message))
                    }
                case .actionsData:
                    let (m, d) = ActionsData.read(bytes, path: path)
                    diags += d
                    if let m { actionsData.append((path, m)) }
                case .pbxproj, .xcodegenSpec, .packageManifest:
                    if let bad = SwiftLexer.firstInvalidUTF8(bytes) {
                        diags.append(ImportOrigin(file: path).diagnostic("invalid-utf8", .error, "not valid UTF-8 (offset \(bad)); not read"))
                    } else {
                        readProject(path, kind, bytes)
                    }
                }
            }
        }

        // MARK: Build settings

        /// Distinct literal values of a build setting in the project files (`NAME = value;`).
        func buildSetting(_ name: String) -> [String] {
            var out: [String] = []
            for text in legacyPBX {
                for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
                    let t = line.trimmingCharacters(in: .whitespaces)
                    guard t.hasPrefix(name + " = ") || t.hasPrefix("\"\(name)\" = "), t.hasSuffix(";") else { continue }
                    guard let eq = t.range(of: " = ") else { continue }
                    var v = String(t[eq.upperBound...].dropLast()).trimmingCharacters(in: .whitespaces)
                    if v.hasPrefix("\""), v.hasSuffix("\""), v.count >= 2 {
                        v = String(v.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
                    }
                    if !v.contains("$("), !v.isEmpty, !out.contains(v) { out.append(v) }
                }
            }
            return out
        }

        /// The locale of `Base.lproj` tables: the development locale's fallback.
        static let baseLocale = "Base"

        /// A value written like a localization key rather than a name: `APP_NAME_SYNONYM_1`.
        static func looksLikeKey(_ s: String) -> Bool {
            !s.isEmpty && s.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "." }
                && s.unicodeScalars.contains { $0 == "_" || $0 == "." }
        }

        static func isLiteral(_ s: String?) -> Bool {
            guard let s, !s.isEmpty else { return false }
            return !s.contains("$(") && !s.contains("${")
        }

        // MARK: Building

        mutating func build() -> JSONOut {
            // Sources first; the build products fill in what the sources lack and are compared.
            var (model, srcDiags) = SwiftAppIntentsReader.read(swiftFiles)
            diags += srcDiags
            let fromSources = !model.providers.isEmpty || !model.shortcuts.isEmpty
            for (path, built) in actionsData {
                if !fromSources && model.shortcuts.isEmpty {
                    model.shortcuts = built.shortcuts
                    model.negativePhrases = built.negativePhrases
                } else {
                    compare(model, built, path)
                    mergeDisplayNames(&model, built)
                }
                for e in built.enums where model.enumType(e.name) == nil { model.enums.append(e) }
                for e in built.entityTypes where !model.isEntity(e.name) { model.entityTypes.append(e) }
            }
            if model.shortcuts.isEmpty {
                let why = model.providers.isEmpty
                    ? "no AppShortcutsProvider in the Swift sources, no autoShortcuts in extract.actionsdata"
                    : "\(model.providers.map(\.name).joined(separator: ", ")) declares none that can be read statically, and there are no autoShortcuts in extract.actionsdata"
                diags.append(ImportOrigin(file: roots.first ?? "").diagnostic("no-shortcuts", .error, "no App Shortcuts found (\(why))"))
            }

            // Development locale.
            let infoDev = infoPlists.compactMap { $0.value["CFBundleDevelopmentRegion"]?.string.map { expandInfo($0) } }.first { Builder.isLiteral($0) }
            let dev = options.developmentLocale ?? sourceLanguages.first ?? infoDev?.replacingOccurrences(of: "_", with: "-")
                ?? projectDevelopmentRegions.first ?? buildSetting("developmentRegion").first ?? "en"

            // Localized phrases.
            let phrases = localizePhrases(model, dev: dev)

            // App.
            let app = appInfo(dev: dev)

            var locales = [dev]
            for l in (Array(phrases.locales) + app.locales + Array(titleTables.keys)).sorted() where !locales.contains(l) && CatalogLoader.isValidLocale(l) {
                locales.append(l)
            }
            reportLocales(locales, dev: dev)

            func localized(_ key: String) -> JSONOut {
                var entries: [(String, JSONOut)] = [(dev, .string(titleTables[dev]?[key] ?? model.defaultValues[key] ?? key))]
                for l in locales where l != dev {
                    if let v = titleTables[l]?[key] { entries.append((l, .string(v))) }
                }
                return entries.count == 1 ? entries[0].1 : .object(entries)
            }

            // Enums.
            var enums: [(String, JSONOut)] = []
            for e in model.enums {
                var cases: [JSONOut] = []
                for c in e.cases {
                    var o: [(String, JSONOut)] = [("rawValue", .string(c.rawValue))]
                    if let t = c.title { o.append(("title", localized(t))) }
                    if !c.synonyms.isEmpty {
                        var per: [(String, JSONOut)] = [(dev, .array(c.synonyms.map { .string(titleTables[dev]?[$0] ?? model.defaultValues[$0] ?? $0) }))]
                        for l in locales where l != dev {
                            let tr = c.synonyms.compactMap { titleTables[l]?[$0] }
                            if !tr.isEmpty { per.append((l, .array(tr.map { .string($0) }))) }
                        }
                        o.append(("synonyms", per.count == 1 ? per[0].1 : .object(per)))
                    }
                    if c.synthesized { o.append(("rawValueSynthesized", .bool(true))) }
                    o.append(("source", .string(sourceText(c.origin))))
                    cases.append(.object(o))
                }
                var eo: [(String, JSONOut)] = []
                if let t = e.typeTitle { eo.append(("typeDisplayRepresentation", localized(t))) }
                eo.append(("cases", .array(cases)))
                eo.append(("source", .string(sourceText(e.origin))))
                enums.append((e.name, .object(eo)))
            }

            // Entities: snapshots given with --entities, and every AppEntity a parameter uses.
            var entities: [(String, JSONOut)] = []
            var entityNames: [String] = model.entityTypes.map(\.name)
            for (t, _) in options.entities where !entityNames.contains(t) { entityNames.append(t) }
            for s in model.shortcuts { for p in s.parameters where model.isEntity(SwiftAppIntentsReader.elementType(p.type)) && !entityNames.contains(p.type) { entityNames.append(p.type) } }
            for name in entityNames {
                let decl = model.entityTypes.first { $0.name == name }
                var options: [JSONOut] = []
                if let snap = self.options.entities.last(where: { $0.type == name }) {
                    if decl == nil {
                        diags.append(ImportOrigin(file: snap.file).diagnostic("unknown-entity", .warning, "--entities names \(name), which is not an AppEntity in the imported sources"))
                    }
                    if let bytes = ProjectImporter.readBytes(snap.file, &diags) {
                        let (opts, d) = EntitySnapshot.read(bytes, path: snap.file, developmentLocale: dev)
                        options = opts
                        diags += d
                    }
                } else {
                    let users = model.shortcuts.flatMap { s in s.parameters.filter { SwiftAppIntentsReader.elementType($0.type) == name }.map { (s, $0) } }
                    let inPhrases = users.filter { (s, p) in s.phrases.contains { $0.template.contains("${\(p.name)}") } }
                    let o = decl?.origin ?? users.first?.1.origin ?? ImportOrigin(file: roots.first ?? "")
                    if !inPhrases.isEmpty {
                        let params = inPhrases.map { "${\($0.1.name)}" }.joined(separator: ", ")
                        diags.append(o.diagnostic("entity-snapshot-missing", .warning,
                            "the options of \(name) are run-time data (its query's suggested entities); export them and pass --entities \(name)=FILE, until then phrases with \(params) expand to nothing"))
                    }
                }
                var eo: [(String, JSONOut)] = [("options", .array(options))]
                if let decl { eo.append(("source", .string(sourceText(decl.origin)))) }
                entities.append((name, .object(eo)))
            }

            // Shortcuts.
            var shortcuts: [JSONOut] = []
            for (si, s) in model.shortcuts.enumerated() {
                var o: [(String, JSONOut)] = [("intent", .string(s.intent))]
                if let t = s.shortTitle { o.append(("shortTitle", localized(t))) }
                if let im = s.systemImageName { o.append(("systemImageName", .string(im))) }
                if !s.parameters.isEmpty {
                    var ps: [(String, JSONOut)] = []
                    for p in s.parameters where !ps.contains(where: { $0.0 == p.name }) {
                        var po: [(String, JSONOut)] = [("type", .string(p.type))]
                        if p.trueName != nil || p.falseName != nil {
                            var dn: [(String, JSONOut)] = []
                            if let t = p.trueName { dn.append(("true", localized(t))) }
                            if let f = p.falseName { dn.append(("false", localized(f))) }
                            po.append(("displayName", .object(dn)))
                        }
                        ps.append((p.name, .object(po)))
                    }
                    o.append(("parameters", .object(ps)))
                }
                var per: [(String, JSONOut)] = [(dev, .array(s.phrases.map { .string($0.template) }))]
                for l in locales where l != dev {
                    if let ts = phrases.shortcuts[l]?[si] { per.append((l, .array(ts.map { .string($0) }))) }
                }
                o.append(("phrases", .object(per)))
                o.append(("source", .string(sourceText(s.origin))))
                o.append(("phraseSources", .array(s.phrases.map { .string(sourceText($0.origin)) })))
                shortcuts.append(.object(o))
            }
            if model.shortcuts.count > 10 {
                diags.append(model.shortcuts[10].origin.diagnostic("too-many-shortcuts", .warning, "\(model.shortcuts.count) App Shortcuts; an app may declare at most 10 (a build error above that)"))
            }

            var doc: [(String, JSONOut)] = [
                ("format", .string("phrasematch-catalog")), ("version", .int(1)),
                ("developmentLocale", .string(dev)), ("locales", .array(locales.map { .string($0) })),
                ("app", app.json), ("enums", .object(enums)), ("entities", .object(entities)),
                ("shortcuts", .array(shortcuts)),
            ]
            if !model.negativePhrases.isEmpty {
                var per: [(String, JSONOut)] = [(dev, .array(model.negativePhrases.map { .string($0.template) }))]
                for l in locales where l != dev {
                    if let ts = phrases.negative[l], !ts.isEmpty { per.append((l, .array(ts.map { .string($0) }))) }
                }
                doc.append(("negativePhrases", .object(per)))
            }
            return .object(doc)
        }

        /// Differences between the sources and the build products (a stale build, or code the
        /// recognizer could not read).
        mutating func compare(_ src: ImportedModel, _ built: ImportedModel, _ path: String) {
            for b in built.shortcuts {
                guard let s = src.shortcuts.first(where: { $0.intent == b.intent }) else {
                    diags.append(b.origin.diagnostic("build-products-differ", .warning, "the build products have an App Shortcut for \(b.intent) that the sources do not (stale build, or a shortcut the sources hide behind #if or run-time code)"))
                    continue
                }
                let sp = s.phrases.map(\.template), bp = b.phrases.map(\.template)
                if sp != bp {
                    let missing = bp.filter { !sp.contains($0) }, extra = sp.filter { !bp.contains($0) }
                    var what: [String] = []
                    if let m = missing.first { what.append("the build has \"\(m)\"") }
                    if let e = extra.first { what.append("the sources have \"\(e)\"") }
                    if what.isEmpty { what.append("the order differs") }
                    diags.append(b.origin.diagnostic("build-products-differ", .warning, "the phrases of \(b.intent) differ between the sources and the build products (\(what.joined(separator: "; "))); rebuild"))
                }
            }
            let srcNegative = src.negativePhrases.map(\.template)
            for n in built.negativePhrases where !srcNegative.contains(n.template) {
                diags.append(n.origin.diagnostic("build-products-differ", .warning, "the build products have the negative phrase \"\(n.template)\" that the sources do not; rebuild"))
            }
            for s in src.shortcuts where !built.shortcuts.contains(where: { $0.intent == s.intent }) {
                diags.append(s.origin.diagnostic("build-products-differ", .warning, "\(s.intent) is not in the build products at \(relative(path)) (stale build?)"))
            }
        }

        /// Bool display names the sources leave unresolved (a constant the reader cannot follow)
        /// are taken from the build products; names both have are compared.
        mutating func mergeDisplayNames(_ src: inout ImportedModel, _ built: ImportedModel) {
            for si in src.shortcuts.indices {
                let intent = src.shortcuts[si].intent
                guard let b = built.shortcuts.first(where: { $0.intent == intent }) else { continue }
                for pi in src.shortcuts[si].parameters.indices {
                    let p = src.shortcuts[si].parameters[pi]
                    guard p.type == "Bool", let bp = b.parameters.first(where: { $0.name == p.name && $0.type == "Bool" }) else { continue }
                    for (which, mine, theirs) in [("true", p.trueName, bp.trueName), ("false", p.falseName, bp.falseName)] {
                        guard let theirs else { continue }
                        if let mine {
                            if mine != theirs {
                                diags.append(bp.origin.diagnostic("build-products-differ", .warning, "the \(which) display name of \(p.name) of \(intent) is \"\(mine)\" in the sources and \"\(theirs)\" in the build products; rebuild"))
                            }
                        } else {
                            if which == "true" { src.shortcuts[si].parameters[pi].trueName = theirs } else { src.shortcuts[si].parameters[pi].falseName = theirs }
                            diags.append(p.origin.diagnostic("from-build-products", .note, "the \(which) display name of \(p.name) of \(intent) is taken from the build products: \"\(theirs)\""))
                        }
                    }
                }
            }
        }

        struct Phrases {
            /// locale → shortcut index → templates
            var shortcuts: [String: [Int: [String]]] = [:]
            var negative: [String: [String]] = [:]
            var locales: Set<String> = []
        }

        mutating func checkTemplate(_ t: String, _ o: ImportOrigin) -> Bool {
            if let e = CatalogLoader.parseTemplate(t).error {
                diags.append(o.diagnostic("malformed-template", .error, "\"\(t)\": \(e)")); return false
            }
            return true
        }

        mutating func localizePhrases(_ m: ImportedModel, dev: String) -> Phrases {
            var out = Phrases()
            var sets: [String: [Int: [String]]] = [:]
            var units: [String: [String: String]] = [:]
            let titleKeys = Set(m.shortcuts.compactMap(\.shortTitle) + m.enums.flatMap { $0.cases.compactMap(\.title) + $0.cases.flatMap(\.synonyms) })
            func known(_ key: String) -> Bool {
                m.shortcuts.contains { $0.phrases.contains { $0.template == key } } || m.negativePhrases.contains { $0.template == key }
            }
            for f in shortcutCatalogs {
                for e in f.entries {
                    let o = f.origin(e.offset)
                    let first = m.shortcuts.firstIndex { $0.phrases.first?.template == e.key }
                        ?? m.shortcuts.firstIndex { $0.phrases.contains { $0.template == e.key } }
                    if first == nil && !known(e.key) {
                        if titleKeys.contains(e.key) {
                            for l in e.localizations { if case .unit(let v) = l.value { titleTables[l.locale, default: [:]][e.key] = v } }
                        } else {
                            diags.append(o.diagnostic("stale-localization", .warning, "key \"\(e.key)\" matches no phrase in the sources (stale after an edit?); its translations are not imported"))
                        }
                        continue
                    }
                    for l in e.localizations {
                        let lo = f.origin(l.offset)
                        if l.locale == dev {
                            if case .set(let vs) = l.value, let si = first, vs != m.shortcuts[si].phrases.map(\.template) {
                                diags.append(lo.diagnostic("development-phrases-differ", .note, "the \(dev) stringSet of \"\(e.key)\" differs from the phrases in the sources; the sources are used"))
                            }
                            continue
                        }
                        out.locales.insert(l.locale)
                        switch l.value {
                        case .set(let vs):
                            let valid = vs.filter { checkTemplate($0, lo) }
                            if let si = first {
                                if m.shortcuts[si].phrases.first?.template != e.key {
                                    diags.append(o.diagnostic("stale-localization", .note, "stringSet key \"\(e.key)\" is not the first phrase of \(m.shortcuts[si].intent); Xcode keys a shortcut's phrases by its first phrase"))
                                }
                                sets[l.locale, default: [:]][si, default: []] += valid
                            } else {
                                out.negative[l.locale, default: []] += valid
                            }
                        case .unit(let v):
                            if checkTemplate(v, lo) { units[l.locale, default: [:]][e.key] = v }
                        case .variations:
                            diags.append(lo.diagnostic("unsupported-localization", .warning, "variations of \"\(e.key)\" (\(l.locale)) are not read; App Shortcut phrases have none"))
                        }
                    }
                }
            }
            for (locale, path, f) in shortcutStrings {
                let table = LineTable(f.text)
                for e in f.entries {
                    let p = table.position(of: e.offset)
                    let o = ImportOrigin(file: path, line: p.line, column: p.column)
                    guard known(e.key) else {
                        if titleKeys.contains(e.key), let v = e.value.string { titleTables[locale, default: [:]][e.key] = v; continue }
                        diags.append(o.diagnostic("stale-localization", .warning, "key \"\(e.key)\" matches no phrase in the sources (stale after an edit?); its translation is not imported"))
                        continue
                    }
                    guard let v = e.value.string else {
                        diags.append(o.diagnostic("malformed-input", .warning, "the value of \"\(e.key)\" is not a string")); continue
                    }
                    if locale == dev { continue }
                    out.locales.insert(locale)
                    if units[locale]?[e.key] == nil, checkTemplate(v, o) { units[locale, default: [:]][e.key] = v }
                }
            }
            for l in out.locales {
                for (si, s) in m.shortcuts.enumerated() {
                    if let set = sets[l]?[si] { out.shortcuts[l, default: [:]][si] = set; continue }
                    let ts = s.phrases.compactMap { units[l]?[$0.template] }
                    if !ts.isEmpty { out.shortcuts[l, default: [:]][si] = ts }
                }
                let neg = m.negativePhrases.compactMap { units[l]?[$0.template] }
                if !neg.isEmpty { out.negative[l, default: []] += neg }
            }
            return out
        }

        struct App {
            var json: JSONOut
            var locales: [String]
        }

        /// Why an Info.plist is plainly not an app's, or nil.
        static func notAnApp(_ v: PlistValue) -> String? {
            if v["NSExtension"] != nil || v["EXAppExtensionAttributes"] != nil { return "an app extension's Info.plist (NSExtension)" }
            if case .bool(true)? = v["LSBackgroundOnly"] { return "a background helper's Info.plist (LSBackgroundOnly)" }
            if let t = v["CFBundlePackageType"]?.string, Builder.isLiteral(t), t != "APPL" { return "the Info.plist of a bundle of type \(t), not an application (CFBundlePackageType)" }
            return nil
        }

        mutating func appInfo(dev: String) -> App {
            // The app's Info.plist: the one that says the most about names.
            func score(_ v: PlistValue) -> Int {
                (v["INAlternativeAppNames"] != nil ? 4 : 0) + (v["CFBundleDisplayName"] != nil ? 2 : 0) + (v["CFBundleName"] != nil ? 1 : 0)
                    + (v["CFBundlePackageType"]?.string == "APPL" ? 1 : 0) + (v["NSExtension"] != nil ? -8 : 0)
            }
            // Without a project, an Info.plist that is plainly not an app's (an extension's, a
            // background helper's, a framework's) says nothing of the app: its name and id would be
            // taken for the app's. One given as an input file itself is used as it is.
            var notApp: [(path: String, why: String)] = []
            let candidates = infoPlists.filter { p in
                guard appTarget == nil, !explicitFiles.contains(p.path), let why = Builder.notAnApp(p.value) else { return true }
                notApp.append((p.path, why))
                return false
            }
            for n in notApp {
                diags.append(ImportOrigin(file: n.path).diagnostic("info-plist-not-app", .note,
                    "not used for the app's id and names: \(n.why) (pass the app's Info.plist explicitly if it is the app's)"))
            }
            let ranked = candidates.enumerated().sorted { (a, b) in
                let sa = score(a.element.value), sb = score(b.element.value)
                return sa != sb ? sa > sb : a.offset < b.offset
            }.map(\.element)
            let info = ranked.first
            /// Why a value the app's Info.plist would give is missing, for the errors below.
            func missing(_ keys: [String]) -> String {
                guard let info else {
                    let found = notApp.map { "\(relative($0.path)): \($0.why)" }
                    return found.isEmpty
                        ? "no Info.plist, Xcode project, project.yml or app Package.swift among the inputs"
                        : "no app Info.plist (\(found.joined(separator: "; "))) and no Xcode project, project.yml or app Package.swift among the inputs"
                }
                let written = keys.compactMap { k in info.value[k]?.string.map { "\(k) = \"\($0)\"" } }
                let unresolved = written.isEmpty ? "" : appTarget == nil
                    ? " (\(written.joined(separator: ", ")): build settings, and no Xcode project, project.yml or app Package.swift to resolve them)"
                    : " (\(written.joined(separator: ", ")): build settings that could not be resolved)"
                return "\(relative(info.path)) has no literal \(keys.joined(separator: " or "))\(unresolved)"
            }
            for other in ranked.dropFirst() {
                diags.append(ImportOrigin(file: other.path).diagnostic("several-info-plists", .note, "not used for app names; \(relative(info?.path ?? "")) is (pass the app's Info.plist explicitly to choose)"))
            }
            func at(_ key: String) -> ImportOrigin {
                guard let info else { return ImportOrigin(file: roots.first ?? "") }
                let off = PropertyList.keyOffset(key, in: info.bytes)
                if off == 0 { return ImportOrigin(file: info.path) }
                let p = LineTable(info.bytes).position(of: off)
                return ImportOrigin(file: info.path, line: p.line, column: p.column)
            }

            // Bundle identifier.
            var id = options.appID
            if id == nil, let app = appTarget, let s = appSettings {
                let places = ["CFBundleIdentifier": at("CFBundleIdentifier")]
                id = targetBundleID(app, s, info.map { ($0.path, $0.value) }, places)
            } else if id == nil {
                let v = info?.value["CFBundleIdentifier"]?.string
                if Builder.isLiteral(v) { id = v } else {
                    let ids = buildSetting("PRODUCT_BUNDLE_IDENTIFIER").filter { !$0.lowercased().hasSuffix("tests") }
                    if ids.count == 1 { id = ids[0] } else if ids.count > 1 {
                        diags.append(at("CFBundleIdentifier").diagnostic("app-id-unresolved", .error, "several bundle identifiers in the project (\(ids.joined(separator: ", "))); pass --app-id ID"))
                    }
                }
            }
            if id == nil, !diags.contains(where: { $0.rule == "app-id-unresolved" }) {
                diags.append(at("CFBundleIdentifier").diagnostic("app-id-unresolved", .error, "the bundle identifier cannot be resolved statically: \(missing(["CFBundleIdentifier"])); pass --app-id ID"))
            }

            // InfoPlist tables: a key's value in a locale. The development locale falls back to
            // `Base.lproj`. An Info.plist string is looked up by its value, as the system does for
            // alternative names and their hints (the documented way to localize them).
            func table(_ key: String, _ l: String) -> String? {
                if let v = infoTables[l]?.last(where: { $0.key == key })?.value.string { return v }
                return l == dev ? infoTables[Builder.baseLocale]?.last(where: { $0.key == key })?.value.string : nil
            }
            let otherLocales = infoTables.keys.sorted().filter { $0 != dev && $0 != Builder.baseLocale }

            // Display name: the development locale's InfoPlist table overrides Info.plist, as the
            // localized info dictionary does at run time.
            var name: String? = options.appName
            if name == nil, let app = appTarget, let s = appSettings {
                let keys = ["CFBundleDisplayName", "CFBundleName"]
                var places: [String: ImportOrigin] = [:]
                var values: [String: String] = [:]
                for k in keys { places[k] = at(k); values[k] = table(k, dev) }
                name = targetName(app, s, info.map { ($0.path, $0.value) }, places, table: values, dev: dev)
            }
            for k in ["CFBundleDisplayName", "CFBundleName"] where name == nil {
                if let v = table(k, dev), !v.isEmpty { name = v; break }
                if let v = info?.value[k]?.string, Builder.isLiteral(v) { name = v; break }
            }
            if name == nil, appTarget == nil { name = buildSetting("INFOPLIST_KEY_CFBundleDisplayName").first ?? buildSetting("PRODUCT_NAME").first }
            if name == nil, !diags.contains(where: { $0.rule == "app-name-unresolved" }) {
                // An error: no catalog is written, so the advice is an option, not an edit.
                diags.append(at("CFBundleDisplayName").diagnostic("app-name-unresolved", .error,
                    "the app's display name cannot be resolved statically: \(missing(["CFBundleDisplayName", "CFBundleName"])); pass --name NAME"))
            }
            var nameEntries: [(String, JSONOut)] = [(dev, .string(name ?? ""))]
            var locales: [String] = []
            for l in otherLocales {
                locales.append(l)
                if let v = table("CFBundleDisplayName", l) ?? table("CFBundleName", l) { nameEntries.append((l, .string(v))) }
            }

            // Alternative names, localized per index: each Info.plist name (and hint) looked up by
            // its value in the locale's InfoPlist table (`APP_NAME_SYNONYM_1` in InfoPlist.xcstrings
            // or InfoPlist.strings); a locale's `.strings` may also replace the whole array.
            typealias Alternative = (name: String?, hint: String?)
            func alternatives(_ v: PlistValue?) -> [Alternative] {
                (v?.array ?? []).compactMap { item in
                    guard let n = item["INAlternativeAppName"]?.string else { return nil }
                    return (n, item["INAlternativeAppNamePronunciationHint"]?.string)
                }
            }
            let written = alternatives(info?.value["INAlternativeAppNames"])
            let base: [Alternative] = written.map { a in
                (a.name.map { table($0, dev) ?? $0 }, a.hint.map { table($0, dev) ?? $0 })
            }
            for a in written {
                guard let n = a.name, table(n, dev) == nil, Builder.looksLikeKey(n) else { continue }
                let elsewhere = otherLocales.filter { table(n, $0) != nil }
                diags.append(at("INAlternativeAppNames").diagnostic("alternative-name-unlocalized", .warning,
                    "alternative app name \"\(n)\" looks like a localization key, but the development locale (\(dev)) has no InfoPlist value for it\(elsewhere.isEmpty ? "" : " (\(elsewhere.joined(separator: ", ")) has)"); Siri would match the key itself"))
            }
            var perLocale: [(String, [Alternative])] = []
            for l in otherLocales {
                if let v = infoTables[l]?.last(where: { $0.key == "INAlternativeAppNames" })?.value {
                    perLocale.append((l, alternatives(v)))
                    continue
                }
                let list: [Alternative] = written.map { a in (a.name.flatMap { table($0, l) }, a.hint.flatMap { table($0, l) }) }
                if list.contains(where: { $0.name != nil || $0.hint != nil }) { perLocale.append((l, list)) }
            }
            let count = max(base.count, perLocale.map(\.1.count).max() ?? 0)
            var alts: [JSONOut] = []
            for i in 0..<count {
                var names: [(String, JSONOut)] = []
                var hints: [(String, JSONOut)] = []
                for (l, list) in [(dev, base)] + perLocale where i < list.count {
                    if let n = list[i].name { names.append((l, .string(n))) }
                    if let h = list[i].hint { hints.append((l, .string(h))) }
                }
                guard !names.isEmpty else { continue }
                var o: [(String, JSONOut)] = [("name", names.count == 1 && names[0].0 == dev ? names[0].1 : .object(names))]
                if !hints.isEmpty { o.append(("pronunciationHint", hints.count == 1 && hints[0].0 == dev ? hints[0].1 : .object(hints))) }
                alts.append(.object(o))
            }
            for (l, list) in [(dev, base)] + perLocale where list.count > 3 {
                diags.append(at("INAlternativeAppNames").diagnostic("too-many-alternative-names", .warning, "\(list.count) alternative app names in \(l); the system reads at most 3"))
            }
            var app: [(String, JSONOut)] = [("id", .string(id ?? "unresolved.bundle.identifier")),
                                            ("name", nameEntries.count == 1 ? nameEntries[0].1 : .object(nameEntries))]
            if !alts.isEmpty { app.append(("alternativeNames", .array(alts))) }
            if let t = appTarget, let s = appSettings {
                app.append(("source", .object([("target", .string(t.name)), ("project", .string(relative(t.projectFile))), ("configuration", .string(s.configuration))])))
            }
            return App(json: .object(app), locales: locales)
        }
    }
}

extension SwiftAppIntentsReader {
    /// `[T]` → `T`; other types unchanged.
    static func elementType(_ t: String) -> String {
        t.hasPrefix("[") && t.hasSuffix("]") ? String(t.dropFirst().dropLast()) : t
    }
}
