import Foundation
import Testing
@testable import PhraseEngine

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
}
