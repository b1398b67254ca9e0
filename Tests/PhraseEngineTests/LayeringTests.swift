import Foundation
import Testing

/// The library's folders are layers, each using only the ones before it (docs/matching.md,
/// "Layout"): no file names a type declared at the top level of a later layer. The command line
/// is a target of its own (`Sources/PhraseMatchCLI`), which the compiler keeps apart.
@Suite struct LayeringTests {
    static let layers = ["Support", "Normalization", "Catalog", "Expansion", "Scoring", "Index", "Semantic", "Matching", "Analysis",
                         "Reporting", "Import"]

    static var sources: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/PhraseEngine")
    }

    /// A file's text without comments and string literals (what the code names).
    static func code(_ text: String) -> String {
        var out = ""
        var inString = false, inLineComment = false, inBlockComment = false
        var prev: Character = " "
        for c in text {
            if inLineComment { if c == "\n" { inLineComment = false; out.append(c) }; prev = c; continue }
            if inBlockComment { if prev == "*" && c == "/" { inBlockComment = false }; prev = c; continue }
            if inString {
                if c == "\"" && prev != "\\" { inString = false }
                if c == "\n" { out.append(c) }
                prev = c == "\\" && prev == "\\" ? " " : c
                continue
            }
            if prev == "/" && c == "/" { out.removeLast(); inLineComment = true; prev = c; continue }
            if prev == "/" && c == "*" { out.removeLast(); inBlockComment = true; prev = " "; continue }
            if c == "\"" { inString = true; prev = c; continue }
            out.append(c)
            prev = c
        }
        return out
    }

    /// The types a file declares at its top level (not nested: `Kind` of one type is not another's).
    static func topLevelTypes(_ code: String) -> [String] {
        var names: [String] = []
        for line in code.split(separator: "\n") where !line.hasPrefix(" ") && !line.hasPrefix("\t") {
            let words = line.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "<" || $0 == "{" })
            for (k, w) in words.enumerated() where ["struct", "enum", "class", "protocol", "typealias", "actor"].contains(String(w)) {
                if k + 1 < words.count { names.append(String(words[k + 1])) }
            }
        }
        return names
    }

    static func words(_ code: String) -> Set<Substring> {
        Set(code.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }))
    }

    @Test func layersUseOnlyEarlierLayers() throws {
        let fm = FileManager.default
        var files: [(layer: Int, path: String, code: String)] = []
        let root = LayeringTests.sources.path
        let entries = try #require(fm.enumerator(atPath: root))
        for case let rel as String in entries where rel.hasSuffix(".swift") {
            let top = String(rel.split(separator: "/").first ?? "")
            let layer = try #require(LayeringTests.layers.firstIndex(of: top), "\(rel) is in no layer of LayeringTests.layers")
            let text = try String(contentsOfFile: root + "/" + rel, encoding: .utf8)
            files.append((layer, rel, LayeringTests.code(text)))
        }
        #expect(files.count > 50)
        var declaredIn: [String: Int] = [:]
        for f in files { for t in LayeringTests.topLevelTypes(f.code) { declaredIn[t] = min(declaredIn[t] ?? .max, f.layer) } }
        #expect(declaredIn["Matcher"] == LayeringTests.layers.firstIndex(of: "Matching"))
        var wrong: [String] = []
        for f in files {
            for w in LayeringTests.words(f.code) {
                if let l = declaredIn[String(w)], l > f.layer {
                    wrong.append("\(f.path) (\(LayeringTests.layers[f.layer])) uses \(w) of \(LayeringTests.layers[l])")
                }
            }
        }
        #expect(wrong.sorted() == [])
    }

    /// The check finds what it looks for.
    @Test func checkSeesTypesAndSkipsCommentsAndStrings() {
        let c = LayeringTests.code("let a = Matcher() // Query\n/* Workspace */ let s = \"Scratch\"\nstruct Foo {\n    enum Kind {}\n}\n")
        #expect(LayeringTests.words(c).contains("Matcher"))
        #expect(!LayeringTests.words(c).contains("Query") && !LayeringTests.words(c).contains("Workspace") && !LayeringTests.words(c).contains("Scratch"))
        #expect(LayeringTests.topLevelTypes(c) == ["Foo"])
    }
}
