// Where the catalogs are and how to lint them, read when the command runs (so an edit to
// phrasematch.json or a new catalog takes effect on the next build).
//
// Convention: a target's catalogs are the files named `catalog.json` or `*.catalog.json` in its
// folder (found on disk, so excluding them from the target does not hide them). An optional
// `phrasematch.json` at the package root (beside the .xcodeproj for an Xcode project) names
// them instead and sets the lint options:
//
//     { "catalogs": ["Sources/App/AppShortcuts.catalog.json"],
//       "corpora": ["Tests/Utterances"],
//       "strict": false,
//       "disable": ["phrase-too-long"] }
//
// Paths are relative to the file's folder; a folder stands for the catalogs (or, in `corpora`,
// the `.jsonl` and `.tsv` files) inside it.
import Foundation

struct PhraseMatchConfig {
    static let fileName = "phrasematch.json"
    static let keys = ["catalogs", "corpora", "strict", "disable"]

    /// The config file, when there is one.
    var file: URL?
    /// Catalogs named by the config (nil: use the convention).
    var catalogs: [URL]?
    var corpora: [URL] = []
    var strict = false
    var disable: [String] = []

    /// Reads `phrasematch.json` in `root`; no file is the default configuration.
    static func load(root: URL) throws -> PhraseMatchConfig {
        let url = root.appendingPathComponent(fileName)
        var config = PhraseMatchConfig()
        guard FileManager.default.fileExists(atPath: url.path) else { return config }
        config.file = url
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw PhraseMatchPluginError("\(url.path): cannot be read")
        }
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data) } catch {
            throw PhraseMatchPluginError("\(url.path): not valid JSON")
        }
        guard let dict = object as? [String: Any] else {
            throw PhraseMatchPluginError("\(url.path): must be a JSON object with the keys \(keys.joined(separator: ", "))")
        }
        for key in dict.keys.sorted() where !keys.contains(key) {
            throw PhraseMatchPluginError("\(url.path): unknown key '\(key)' (known: \(keys.joined(separator: ", ")))")
        }
        let raw: Raw
        do { raw = try JSONDecoder().decode(Raw.self, from: data) } catch let DecodingError.typeMismatch(_, context) {
            let key = context.codingPath.first?.stringValue ?? "?"
            throw PhraseMatchPluginError("\(url.path): '\(key)' must be \(key == "strict" ? "true or false" : "an array of strings")")
        } catch {
            throw PhraseMatchPluginError("\(url.path): \(error.localizedDescription)")
        }
        if let list = raw.catalogs {
            config.catalogs = try list.flatMap { try expand($0, root: root, key: "catalogs", matching: isCatalog) }
        }
        if let list = raw.corpora {
            config.corpora = try list.flatMap { try expand($0, root: root, key: "corpora", matching: isCorpus) }
        }
        config.disable = raw.disable ?? []
        config.strict = raw.strict ?? false
        return config
    }

    /// The lint options the config asks for.
    var lintOptions: [String] {
        (strict ? ["--strict"] : []) + disable.flatMap { ["--disable", $0] }
    }

    /// The inputs a build command depends on: the catalogs and the config file.
    func inputs(_ catalogs: [URL]) -> [URL] { catalogs + (file.map { [$0] } ?? []) }

    static func isCatalog(_ name: String) -> Bool { name == "catalog.json" || name.hasSuffix(".catalog.json") }
    static func isCorpus(_ name: String) -> Bool { name.hasSuffix(".jsonl") || name.hasSuffix(".tsv") }

    /// A configured path: a file as it is, a folder as the matching files inside it.
    static func expand(_ path: String, root: URL, key: String, matching: (String) -> Bool) throws -> [URL] {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw PhraseMatchPluginError("\(root.appendingPathComponent(fileName).path): '\(key)' names '\(path)', which does not exist")
        }
        return isDirectory.boolValue ? files(in: url, matching: matching) : [url.standardizedFileURL]
    }

    /// Files under `folder` whose name matches, sorted by path; hidden folders and `.build` are skipped.
    static func files(in folder: URL, matching: (String) -> Bool) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isDirectoryKey],
                                                          options: [.skipsHiddenFiles]) else { return [] }
        var found: [URL] = []
        for case let url as URL in walker {
            let name = url.lastPathComponent
            if (try? url.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true {
                if name == ".build" || name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcassets") { walker.skipDescendants() }
                continue
            }
            if matching(name) { found.append(url.standardizedFileURL) }
        }
        return found.sorted { $0.path < $1.path }
    }
}

/// The file's shape; JSONDecoder checks the types (a number is not a Bool).
private struct Raw: Decodable {
    var catalogs: [String]?
    var corpora: [String]?
    var strict: Bool?
    var disable: [String]?
}

struct PhraseMatchPluginError: Error, CustomStringConvertible {
    var description: String
    init(_ message: String) { description = message }
}
