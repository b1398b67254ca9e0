import Foundation

/// An old-style (NeXTSTEP) property list value with the byte offset where it starts, as
/// `project.pbxproj` is written. Read by `StringsFile`'s parser (the same lexer as `.strings`).
public struct PlistNode: Sendable {
    public enum Kind: Sendable {
        case string(String)
        case array([PlistNode])
        case dictionary([(key: String, value: PlistNode)])
    }
    public var kind: Kind
    public var offset: Int

    public var string: String? { if case .string(let s) = kind { return s }; return nil }
    public var array: [PlistNode]? { if case .array(let a) = kind { return a }; return nil }
    public var dictionary: [(key: String, value: PlistNode)]? { if case .dictionary(let d) = kind { return d }; return nil }
    public subscript(key: String) -> PlistNode? { dictionary?.first { $0.key == key }?.value }
    /// The strings of an array value (other items skipped).
    public var strings: [String] { array?.compactMap(\.string) ?? [] }

    /// Parses an old-style property list whose root is a dictionary (`{ … }`).
    public static func parse(_ raw: [UInt8]) throws(StringsFile.ParseError) -> (root: PlistNode, text: [UInt8]) {
        var p = StringsFile.Parser(b: StringsFile.decode(raw))
        try p.skipThrowing()
        guard p.i < p.b.count, p.b[p.i] == UInt8(ascii: "{") else { throw p.err("expected '{' at the start of the property list") }
        let root = try p.node(depth: 0)
        try p.skipThrowing()
        if p.i < p.b.count { throw p.err("unexpected text after the closing '}'") }
        return (root, p.b)
    }
}

extension StringsFile.Parser {
    /// A value with its offset (the same grammar as `value(depth:)`).
    mutating func node(depth: Int) throws(StringsFile.ParseError) -> PlistNode {
        guard depth < PropertyList.maxDepth else { throw err("nesting deeper than \(PropertyList.maxDepth) levels") }
        guard i < b.count else { throw err("unexpected end of file, expected a value") }
        let start = i
        if b[i] == UInt8(ascii: "(") {
            i += 1
            var items: [PlistNode] = []
            while true {
                try skipThrowing()
                guard i < b.count else { i = start; throw err("unterminated array (opened here)") }
                if b[i] == UInt8(ascii: ")") { i += 1; break }
                items.append(try node(depth: depth + 1))
                try skipThrowing()
                if i < b.count, b[i] == UInt8(ascii: ",") { i += 1 } else if i < b.count, b[i] != UInt8(ascii: ")") { throw err("expected ',' or ')' in an array") }
            }
            return PlistNode(kind: .array(items), offset: start)
        }
        if b[i] == UInt8(ascii: "{") {
            i += 1
            var items: [(key: String, value: PlistNode)] = []
            while true {
                try skipThrowing()
                guard i < b.count else { i = start; throw err("unterminated dictionary (opened here)") }
                if b[i] == UInt8(ascii: "}") { i += 1; break }
                let k = try scalar()
                try skipThrowing()
                guard i < b.count, b[i] == UInt8(ascii: "=") else { throw err("expected '=' after \"\(k)\"") }
                i += 1
                try skipThrowing()
                let v = try node(depth: depth + 1)
                try skipThrowing()
                guard i < b.count, b[i] == UInt8(ascii: ";") else { throw err("expected ';' after the value of \"\(k)\"") }
                i += 1
                items.append((k, v))
            }
            return PlistNode(kind: .dictionary(items), offset: start)
        }
        if b[i] == UInt8(ascii: "<") {
            // Data (`<0fbd77>`): kept as its text.
            while i < b.count, b[i] != UInt8(ascii: ">") { i += 1 }
            guard i < b.count else { i = start; throw err("unterminated data value") }
            i += 1
            return PlistNode(kind: .string(String(decoding: b[start..<i], as: UTF8.self)), offset: start)
        }
        return PlistNode(kind: .string(try scalar()), offset: start)
    }
}

/// What a target builds, from its `productType`.
public enum ProductKind: String, Sendable, Equatable {
    case application, watchApplication = "watch application", appClip = "app clip", framework, library
    case appExtension = "app extension", test, tool, bundle, other

    public init(productType t: String) {
        switch t {
        case "com.apple.product-type.application", "com.apple.product-type.application.messages": self = .application
        case "com.apple.product-type.application.watchapp", "com.apple.product-type.application.watchapp2", "com.apple.product-type.application.watchapp2-container": self = .watchApplication
        case "com.apple.product-type.application.on-demand-install-capable": self = .appClip
        case "com.apple.product-type.framework", "com.apple.product-type.framework.static", "com.apple.product-type.xcframework": self = .framework
        case "com.apple.product-type.library.static", "com.apple.product-type.library.dynamic": self = .library
        case "com.apple.product-type.tool": self = .tool
        case "com.apple.product-type.bundle": self = .bundle
        default:
            if t.hasPrefix("com.apple.product-type.bundle.") && (t.hasSuffix("test") || t.contains("testing")) { self = .test }
            else if t.contains("extension") { self = .appExtension }   // app-extension, extensionkit-extension, watchkit2-extension, widgetkit
            else { self = .other }
        }
    }

    /// Code that ships inside the app (its sources can declare the app's intents and enums).
    public var isLinkedIntoApp: Bool { self == .framework || self == .library }
}

/// A target of a project, from any project format (`project.pbxproj`, XcodeGen `project.yml`,
/// `Package.swift`): what it builds, which files are its members, and its build settings per
/// configuration as an ordered list of assignments (lowest priority first).
public struct ProjectTarget: Sendable {
    public var name: String
    public var kind: ProductKind
    /// As written (`com.apple.product-type.app-extension`, `application`, `iOSApplication`).
    public var productType: String
    /// `iphoneos`, `macosx`, … when known.
    public var sdk: String?
    public var origin: ImportOrigin
    /// The project file that declares it.
    public var projectFile: String
    /// Files that are members (absolute, standardized paths).
    public var memberFiles: Set<String> = []
    /// Folders whose files are all members, except the listed paths (relative to the folder).
    public var memberFolders: [(root: String, except: [String])] = []
    /// Files in other targets' folders that are members of this one.
    public var extraMembers: Set<String> = []
    public var configurations: [(name: String, settings: [BuildSettings.Assignment])] = []
    /// What reading a configuration's settings found (a missing or cyclic `.xcconfig`), reported
    /// only for the configuration that is read.
    public var configurationDiagnostics: [String: [Diagnostic]] = [:]
    public var defaultConfiguration: String?
    /// Info.plist keys the project itself declares (XcodeGen `info.properties`, Package.swift).
    public var infoProperties: [(key: String, value: String, origin: ImportOrigin)] = []
    /// Names of targets this one depends on.
    public var dependencies: [String] = []

    public init(name: String, kind: ProductKind, productType: String, origin: ImportOrigin, projectFile: String) {
        self.name = name
        self.kind = kind
        self.productType = productType
        self.origin = origin
        self.projectFile = projectFile
    }

    /// Whether a file (absolute path) is compiled or copied into this target.
    public func isMember(_ path: String) -> Bool {
        let p = ProjectFiles.standard(path)
        if memberFiles.contains(p) || extraMembers.contains(p) { return true }
        for f in memberFolders {
            guard let rel = ProjectFiles.relative(p, to: f.root) else { continue }
            if f.except.contains(where: { rel == $0 || rel.hasPrefix($0 + "/") }) { continue }
            return true
        }
        return false
    }

    public func settings(_ configuration: String) -> [BuildSettings.Assignment]? { configurations.first { $0.name == configuration }?.settings }
}

enum ProjectFiles {
    static func standard(_ p: String) -> String { (p as NSString).standardizingPath }
    static func join(_ a: String, _ b: String) -> String {
        if b.hasPrefix("/") { return standard(b) }
        if a.isEmpty { return standard(b) }
        return standard((a as NSString).appendingPathComponent(b))
    }
    /// `path` relative to `root`, nil when it is not inside it.
    static func relative(_ path: String, to root: String) -> String? {
        let r = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(r) ? String(path.dropFirst(r.count)) : nil
    }
}

/// A parsed Xcode project (`X.xcodeproj/project.pbxproj`): its targets with product types,
/// build configurations (each with its base `.xcconfig`), files by build phase (sources,
/// resources) with variant groups (`fr.lproj/…`) and Xcode 16 synchronized folders, and the
/// project's `developmentRegion` and `knownRegions`.
public struct PBXProject: Sendable {
    public var path: String
    /// The folder holding the `.xcodeproj` (`$(SRCROOT)`).
    public var projectDir: String
    public var name: String
    public var developmentRegion: String?
    public var knownRegions: [String]
    public var targets: [ProjectTarget]
    public var diagnostics: [Diagnostic]

    public struct ReadError: Error, Sendable { public var diagnostic: Diagnostic }

    /// Reads a project file. A file that is not a property list (truncated, not UTF-8) throws
    /// one error with its line; objects it cannot use are reported and skipped.
    public static func read(_ bytes: [UInt8], path: String) throws(ReadError) -> PBXProject {
        let lines: LineTable
        let root: PlistNode
        do {
            let (r, text) = try PlistNode.parse(bytes)
            root = r
            lines = LineTable(text)
        } catch {
            let l = LineTable(StringsFile.decode(bytes))
            throw ReadError(diagnostic: ImportOrigin(file: path, lines: l, offset: error.offset).diagnostic("malformed-input", .error, "malformed project.pbxproj: \(error.message)"))
        }
        func at(_ n: PlistNode?) -> ImportOrigin { n.map { ImportOrigin(file: path, lines: lines, offset: $0.offset) } ?? ImportOrigin(file: path) }
        guard let objectList = root["objects"]?.dictionary, let rootID = root["rootObject"]?.string else {
            throw ReadError(diagnostic: at(root).diagnostic("malformed-input", .error, "not an Xcode project: no objects or rootObject"))
        }
        var objects: [String: PlistNode] = [:]
        for (k, v) in objectList where objects[k] == nil { objects[k] = v }
        var diags: [Diagnostic] = []
        guard let project = objects[rootID], project["isa"]?.string == "PBXProject" else {
            throw ReadError(diagnostic: at(root["rootObject"]).diagnostic("malformed-input", .error, "rootObject \(rootID) is not a PBXProject"))
        }
        let xcodeproj = (path as NSString).deletingLastPathComponent
        var projectDir = (xcodeproj as NSString).deletingLastPathComponent
        if let d = project["projectDirPath"]?.string, !d.isEmpty { projectDir = ProjectFiles.join(projectDir, d) }
        let name = ((xcodeproj as NSString).lastPathComponent as NSString).deletingPathExtension

        // Parents of group children, to resolve `<group>`-relative paths.
        var parent: [String: String] = [:]
        for (id, o) in objectList {
            guard let isa = o["isa"]?.string, isa.hasSuffix("Group") else { continue }
            for c in o["children"]?.strings ?? [] where parent[c] == nil { parent[c] = id }
        }
        let mainGroup = project["mainGroup"]?.string
        var pathCache: [String: String?] = [:]
        func filePath(_ id: String, depth: Int = 0) -> String? {
            if let c = pathCache[id] { return c }
            guard depth < 64, let o = objects[id] else { return nil }
            let own = o["path"]?.string
            var result: String?
            switch o["sourceTree"]?.string ?? "<group>" {
            case "<group>":
                if id == mainGroup { result = own.map { ProjectFiles.join(projectDir, $0) } ?? projectDir }
                else if let p = parent[id] {
                    if let base = filePath(p, depth: depth + 1) { result = own.map { ProjectFiles.join(base, $0) } ?? base }
                } else {
                    result = own.map { ProjectFiles.join(projectDir, $0) } ?? projectDir
                }
            case "SOURCE_ROOT": result = own.map { ProjectFiles.join(projectDir, $0) } ?? projectDir
            case "<absolute>": result = own.map(ProjectFiles.standard)
            default: result = nil   // BUILT_PRODUCTS_DIR, SDKROOT, DEVELOPER_DIR: not a source file
            }
            pathCache[id] = result
            return result
        }
        /// The files a build file or file reference stands for (a variant group: each localization).
        func files(_ refID: String) -> [String] {
            guard let o = objects[refID] else { return [] }
            if o["isa"]?.string == "PBXVariantGroup" { return (o["children"]?.strings ?? []).compactMap { filePath($0) } }
            return filePath(refID).map { [$0] } ?? []
        }

        typealias Configuration = (name: String, settings: [BuildSettings.Assignment], base: String?, baseOrigin: ImportOrigin, origin: ImportOrigin)
        func configurations(_ listID: String?, level: String, target: String?) -> (list: [Configuration], defaultName: String?) {
            guard let listID, let list = objects[listID] else { return ([], nil) }
            var out: [Configuration] = []
            for cid in list["buildConfigurations"]?.strings ?? [] {
                guard let c = objects[cid], let n = c["name"]?.string else { continue }
                var settings: [BuildSettings.Assignment] = []
                for (k, v) in c["buildSettings"]?.dictionary ?? [] {
                    let value: String
                    if let s = v.string { value = s } else { value = v.strings.joined(separator: " ") }
                    settings.append(BuildSettings.Assignment(key: k, value: value, origin: at(v), level: level))
                }
                let base = c["baseConfigurationReference"]?.string.flatMap { filePath($0) }
                out.append((n, settings, base, at(c["baseConfigurationReference"] ?? c), at(c)))
            }
            return (out, list["defaultConfigurationName"]?.string)
        }
        let projectConfigs = configurations(project["buildConfigurationList"]?.string, level: "project \(name)", target: nil)

        // Synchronized folders (objectVersion 77): membership by folder, with exceptions per target.
        var syncedExceptions: [String: [(target: String, paths: [String])]] = [:]
        for (id, o) in objectList where o["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" {
            for e in o["exceptions"]?.strings ?? [] {
                guard let ex = objects[e], ex["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet", let t = ex["target"]?.string else { continue }
                syncedExceptions[id, default: []].append((t, ex["membershipExceptions"]?.strings ?? []))
            }
        }

        var targets: [ProjectTarget] = []
        var targetIDs: [String] = []
        var synced: [(target: String, group: String)] = []
        for tid in project["targets"]?.strings ?? [] {
            guard let t = objects[tid] else {
                diags.append(at(project["targets"]).diagnostic("malformed-input", .warning, "target \(tid) is listed but not defined in the project; skipped"))
                continue
            }
            guard let tname = t["name"]?.string else { continue }
            let isa = t["isa"]?.string ?? ""
            let productType = t["productType"]?.string ?? (isa == "PBXAggregateTarget" ? "aggregate" : "")
            var target = ProjectTarget(name: tname, kind: ProductKind(productType: productType), productType: productType, origin: at(t), projectFile: path)
            for ph in t["buildPhases"]?.strings ?? [] {
                guard let phase = objects[ph], let pisa = phase["isa"]?.string,
                      pisa == "PBXSourcesBuildPhase" || pisa == "PBXResourcesBuildPhase" else { continue }
                for bf in phase["files"]?.strings ?? [] {
                    guard let ref = objects[bf]?["fileRef"]?.string else { continue }
                    for f in files(ref) { target.memberFiles.insert(f) }
                }
            }
            for g in t["fileSystemSynchronizedGroups"]?.strings ?? [] {
                guard let root = filePath(g) else { continue }
                let except = (syncedExceptions[g] ?? []).filter { $0.target == tid }.flatMap(\.paths)
                target.memberFolders.append((root, except))
                synced.append((tid, g))
            }
            for d in t["dependencies"]?.strings ?? [] {
                if let dt = objects[d]?["target"]?.string, let n = objects[dt]?["name"]?.string { target.dependencies.append(n) }
                else if let n = objects[d]?["name"]?.string { target.dependencies.append(n) }
            }
            let tc = configurations(t["buildConfigurationList"]?.string, level: "target \(tname)", target: tname)
            target.defaultConfiguration = tc.defaultName ?? projectConfigs.defaultName
            var names = tc.list.map(\.name)
            for pc in projectConfigs.list where !names.contains(pc.name) { names.append(pc.name) }
            for n in names {
                let pc = projectConfigs.list.first { $0.name == n }
                let own = tc.list.first { $0.name == n }
                var stack = BuildSettings.builtins(target: tname, project: name, projectDir: projectDir, configuration: n,
                                                   developmentRegion: project["developmentRegion"]?.string, origin: at(t))
                var found: [Diagnostic] = []
                if let pc, let base = pc.base { stack += XCConfig.assignments(path: base, level: "project \(name) \(n)", from: pc.baseOrigin, diagnostics: &found) }
                stack += pc?.settings ?? []
                if let own, let base = own.base { stack += XCConfig.assignments(path: base, level: "target \(tname) \(n)", from: own.baseOrigin, diagnostics: &found) }
                stack += own?.settings ?? []
                target.configurations.append((n, stack))
                if !found.isEmpty { target.configurationDiagnostics[n] = found }
            }
            targets.append(target)
            targetIDs.append(tid)
        }
        // A synchronized folder's exception for a target that does not own the folder adds files to it.
        for (gid, sets) in syncedExceptions {
            guard let root = filePath(gid) else { continue }
            for s in sets where !synced.contains(where: { $0.target == s.target && $0.group == gid }) {
                guard let ti = targetIDs.firstIndex(of: s.target) else { continue }
                for p in s.paths { targets[ti].extraMembers.insert(ProjectFiles.join(root, p)) }
            }
        }
        var regions = project["knownRegions"]?.strings ?? []
        regions = regions.map { $0.replacingOccurrences(of: "_", with: "-") }
        return PBXProject(path: path, projectDir: projectDir, name: name,
                          developmentRegion: project["developmentRegion"]?.string?.replacingOccurrences(of: "_", with: "-"),
                          knownRegions: regions, targets: targets, diagnostics: diags)
    }
}
