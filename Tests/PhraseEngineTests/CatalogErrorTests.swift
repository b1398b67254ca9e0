import Foundation
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

/// Bad catalogs fail loudly and name the real problem, with file:line:column.
@Suite struct CatalogErrorTests {
    static let catalog = """
    {
      "app": {"id": "com.example.plants", "name": "Leafy"},
      "shortcuts": [
        {"intent": "WaterPlantIntent",
         "parameters": {"plant": "PlantKind"},
         "phrases": {"en": ["Water ${plant} in ${applicationName}", "Give ${plant} water with ${applicationName}"],
                     "fr": ["Arroser ${plant} avec ${applicationName}"]}},
        {"intent": "OpenIntent", "phrases": ["Open ${applicationName}"]}
      ]
    }
    """

    @Test func undeclaredTypeIsNamedOnceWhereItIsUsed() throws {
        let c = try CatalogLoader.parse(Self.catalog, file: "p.json")
        let findings = Linter.lint([c]).filter { $0.severity == .error }
        #expect(findings.count == 1)
        let f = try #require(findings.first)
        #expect(f.rule == "undeclared-type")
        #expect(f.message.hasPrefix("no type 'PlantKind' is declared"))
        #expect(f.path == "shortcuts[0].parameters.plant")
        #expect(f.line == 5 && f.column == 30)
        // A near miss of a declared name is suggested.
        let near = try CatalogLoader.parse(Self.catalog.replacingOccurrences(of: #""shortcuts""#,
            with: #""enums": {"PlantKinds": {"cases": [{"rawValue": "basil", "title": "Basil"}]}}, "shortcuts""#), file: "p.json")
        #expect(Linter.lint([near]).first { $0.rule == "undeclared-type" }?.message.contains("did you mean 'PlantKinds'?") == true)
    }

    @Test func versionAsAString() throws {
        let text = "{\n  \"version\": \"1\",\n  \"app\": {\"id\": \"a\", \"name\": \"A\"}, \"shortcuts\": []\n}"
        #expect(throws: CatalogLoadError.self) { try CatalogLoader.parse(text, file: "v.json") }
        do { _ = try CatalogLoader.parse(text, file: "v.json") } catch {
            let d = try #require(error.diagnostics.first)
            #expect(error.diagnostics.count == 1)
            #expect(d.message == #"must be the number 1, not the string "1" (write "version": 1, without quotes)"#)
            #expect(d.path == "version" && d.line == 2 && d.column == 14)
        }
        do { _ = try CatalogLoader.parse(text.replacingOccurrences(of: "\"1\"", with: "2"), file: "v.json") } catch {
            #expect(error.diagnostics.first?.message == "unsupported version 2 (this engine reads version 1)")
        }
    }

    @Test func unterminatedStringIsCalledThat() throws {
        let text = "{\n  \"app\": {\"id\": \"a\",\n    \"name\": \"Leafy,\n    \"alternativeNames\": []},\n  \"shortcuts\": []\n}"
        do {
            _ = try CatalogLoader.parse(text, file: "u.json")
            Issue.record("an unterminated string loaded")
        } catch {
            let d = try #require(error.diagnostics.first)
            #expect(d.message.hasPrefix("unterminated string"))
            #expect(!d.message.contains("control character"))
            // Where the string starts: line 3, the opening quote of "Leafy,.
            #expect(d.line == 3 && d.column == 13)
        }
        // A real control character (a raw tab) is still called one, with its code.
        do { _ = try CatalogLoader.parse("{\"app\": \"a\tb\"}", file: "t.json") } catch {
            #expect(error.diagnostics.first?.message.contains("control character U+0009") == true)
        }
    }

    @Test func emptyAppNameIsALintError() throws {
        let file = try tempFile("e.json", #"{"app": {"id": "a", "name": {"en": "Leafy", "fr": " "}}, "shortcuts": [{"intent": "Open", "phrases": ["Open ${applicationName}"]}]}"#)
        let (code, out, _) = runCLI(["lint", "--format", "json", file])
        #expect(code == 1)
        let ds = try JSONReader.parse(out)["diagnostics"]?.array ?? []
        let empty = ds.filter { $0["rule"]?.string == "empty-app-name" }
        #expect(empty.count == 1)
        #expect(empty.first?["message"]?.string == "the app name in fr is empty")
        #expect(empty.first?["line"]?.number == 1 && empty.first?["column"]?.number == 29)
    }

    /// A second file with a taken app id still gets its own findings.
    @Test func duplicateIdKeepsTheSecondFilesFindings() throws {
        let a = try tempFile("a.json", #"{"app": {"id": "same", "name": "A"}, "shortcuts": [{"intent": "Open", "phrases": ["Open ${applicationName}"]}]}"#)
        let b = try tempFile("b.json", "{\"app\": {\"id\": \"same\", \"name\": \"B\"},\n \"shortcuts\": [{\"intent\": \"Go\", \"phrases\": [\"Go now\"]}]}")
        let (code, out, _) = runCLI(["lint", "--format", "json", a, b])
        #expect(code == 3)
        let ds = try JSONReader.parse(out)["diagnostics"]?.array ?? []
        let dup = try #require(ds.first { $0["rule"]?.string == "duplicate-id" })
        #expect(dup["file"]?.string?.hasSuffix("b.json") == true)
        #expect(dup["line"]?.number == 1 && dup["column"]?.number == 16)
        #expect(ds.contains { $0["rule"]?.string == "missing-app-name" && $0["file"]?.string?.hasSuffix("b.json") == true && $0["line"]?.number == 2 })
    }

    /// `match`, `eval` and `repl` run a catalog that lint rejects, and say so on standard
    /// error: one line per catalog with errors, none for a clean one; standard output as before.
    @Test func commandsWarnAboutLintErrors() throws {
        let bad = try tempFile("bad.json", Self.catalog)
        let good = try tempFile("good.json", #"{"app": {"id": "g", "name": "Good"}, "shortcuts": [{"intent": "Open", "phrases": ["Open ${applicationName}"]}]}"#)
        let corpus = try tempFile("c.jsonl", #"{"text": "open good", "expect": {"app": "g", "intent": "Open"}}"#)
        let runs: [([String], [String])] = [
            (["match", "--catalog", bad, "--catalog", good, "open good"], []),
            (["eval", "--catalog", bad, "--catalog", good, "--stable", corpus], []),
            (["repl", "--catalog", bad, "--catalog", good], ["open good"]),
        ]
        for (args, stdin) in runs {
            let (code, out, err) = runCLI(args, stdin: stdin)
            #expect(code == 0, "\(args[0]): \(err)")
            let warnings = err.split(separator: "\n").filter { $0.hasPrefix("warning:") }
            #expect(warnings.count == 1, "\(args[0]): \(err)")
            let w = String(warnings.first ?? "")
            #expect(w.contains("bad.json: 1 lint error (first: 5:30: shortcuts[0].parameters.plant: no type 'PlantKind' is declared"), "\(w)")
            #expect(w.hasSuffix("[undeclared-type]); run phrasematch lint"))
            #expect(!out.contains("lint error"))
        }
        let (_, _, cleanErr) = runCLI(["match", "--catalog", good, "open good"])
        #expect(!cleanErr.contains("warning"))
    }

    /// An import with errors writes no catalog: nothing on standard output, and an --output
    /// file is not created (or replaced).
    @Test func failedImportWritesNoCatalog() throws {
        let src = try tempFile("S.swift", """
        import AppIntents
        struct Go: AppIntent { static var title: LocalizedStringResource = "Go"; func perform() async throws -> some IntentResult { .result() } }
        struct S: AppShortcutsProvider { static var appShortcuts: [AppShortcut] { AppShortcut(intent: Go(), phrases: ["Go \\(.applicationName)"], shortTitle: "Go", systemImageName: "a") } }
        """)
        let dir = URL(fileURLWithPath: src).deletingLastPathComponent().path
        let (code, out, err) = runCLI(["import", dir])
        #expect(code == 1)
        #expect(out.isEmpty)
        #expect(err.contains("[app-name-unresolved]"))
        #expect(err.contains("import: no catalog written (2 error(s))"))
        let target = dir + "/out.json"
        #expect(runCLI(["import", "--output", target, dir]).0 == 1)
        #expect(!FileManager.default.fileExists(atPath: target))
        // With what was missing given, the same sources import.
        let (ok, catalog, _) = runCLI(["import", "--app-id", "com.example.go", "--name", "Go", dir])
        #expect(ok == 0)
        #expect(catalog.contains(#""name": "Go""#))
    }
}
