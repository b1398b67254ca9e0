import PhraseEngine
/// `phrasematch match`: match utterances given as arguments or one per line on stdin.
public enum MatchCommand: Command {
    public static let name = "match"
    public static let summary = "Match utterances given as arguments, or one per line on standard input."
    public static let arguments = "[UTTERANCE ...]"
    public static let discussion = """
    Prints the decision (match, ambiguous or none), the ranked results with app, intent,
    parameter values by persisted identity, score and phrase, and with --explain how each word
    aligned. With --format json, one JSON object per utterance (JSON Lines).
    Exit status: 0 when every utterance was matched, 1 when one got no match, 2 usage, 3 bad input.
    """
    public static let options = [
        CatalogOptions.catalogOption, CatalogOptions.localeOption,
        OptionSpec("--format", short: "-f", value: "text|json", help: "text (default) or json."),
        CatalogOptions.matchingOption, CatalogOptions.modelOption,
        OptionSpec("--top", value: "N", help: "Results to show per utterance (default \(MatchOptions().limit), 1-100)."),
        CatalogOptions.thresholdOption, CatalogOptions.noAppThresholdOption,
        CatalogOptions.resultWindowOption,
        OptionSpec("--explain", short: "-e", help: "Show which words matched how."),
        OptionSpec("--no-budget", help: "Match phrases past the 1,000-phrase budget too."),
        CatalogOptions.noSemanticOption, CatalogOptions.encoderOption,
        CatalogOptions.outputOption,
    ]

    /// Whether a line is only white space (`CharacterSet.whitespaces`: spaces and tabs), read
    /// without trimming a copy: most lines stop at their first character.
    static func isBlank(_ line: String) -> Bool {
        var spaces: CharacterSet? = nil
        return isBlank(line, &spaces)
    }

    /// `isBlank`, with `CharacterSet.whitespaces` made at most once for many lines (`spaces`,
    /// nil until a line needs it): its getter costs some 850 instructions (a dynamic cast in
    /// Foundation), once a line for a language that is not written in ASCII.
    static func isBlank(_ line: String, _ spaces: inout CharacterSet?) -> Bool {
        for u in line.unicodeScalars {
            if u == " " || u == "\t" { continue }
            if u.isASCII { return false }
            if spaces == nil { spaces = .whitespaces }
            if spaces?.contains(u) != true { return false }
        }
        return true
    }

    public static func run(_ args: ParsedArguments, _ ctx: CLIContext) throws -> Int32 {
        let format = try PhraseMatchCLI.format(args, allowed: ["text", "json"])
        let explain = args.flag("--explain")
        var opts = try CatalogOptions.matchOptions(args, ctx)
        // The alignment steps are read only to be shown (the decision never reads them).
        opts.explain = explain
        try LocaleOption.checkForm(args)
        let (catalogs, _) = try CatalogOptions.load(args, ctx, allowSamples: true)
        let locale = try LocaleOption.choice(args, catalogs)?.tag ?? CatalogOptions.defaultLocale(catalogs)
        CatalogOptions.warnLintErrors(catalogs, ctx)
        // Only the index the utterances' locale reads (a one-shot call builds no other).
        let one = Matcher.locale(for: locale, among: Matcher.locales(of: catalogs))
        let matcher = Matcher(catalogs: catalogs, locales: one.map { [$0] } ?? [], options: opts,
                              encoder: try CatalogOptions.encoder(args, ctx), vectorCache: CatalogOptions.vectorCache(ctx))
        let toFile = args.value("--output") != nil
        // Each result's bytes, reused; written through the context's buffer (`outBuffered`),
        // or kept for --output.
        var line: [UInt8] = []
        line.reserveCapacity(1024)
        var file: [UInt8] = []
        var allMatched = true
        defer { ctx.flushOut() }
        func handle(_ text: String) {
            let r = matcher.match(text, locale: locale)
            if r.decision != .match { allMatched = false }
            line.removeAll(keepingCapacity: true)
            if format == "json" {
                r.writeJSON(into: &line, includeExplanation: explain)
                line.append(0x0A)
            } else {
                if explain {
                    line.append(contentsOf: ResultText.render(r, explain: true, color: false).utf8)
                } else {
                    ResultText.write(r, into: &line)
                }
            }
            if toFile { file.append(contentsOf: line) } else { ctx.outBuffered(line) }
        }
        if args.positionals.isEmpty {
            var spaces: CharacterSet? = nil
            while let text = ctx.readLine() {
                if MatchCommand.isBlank(text, &spaces) { continue }
                handle(text)
            }
        } else {
            for t in args.positionals { handle(t) }
        }
        if toFile { try PhraseMatchCLI.emit(String(decoding: file, as: UTF8.self), args, ctx) }
        return allMatched ? ExitCode.success : ExitCode.checkFailed
    }
}

import Foundation

/// Text rendering of match results, shared by `match` and the REPL.
public enum ResultText {
    public static func paramText(_ c: MatchCandidate) -> String {
        c.parameters.map { "\($0.name)=\($0.title) (\($0.value.identity))" }.joined(separator: ", ")
    }

    public static func render(_ r: MatchResult, explain: Bool, color: Bool, showRunnerUp: Bool = true) -> String {
        func paint(_ s: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
        var s = "\"\(r.text)\" → "
        switch r.decision {
        case .match: s += paint("match", "1;32")
        case .ambiguous: s += paint("ambiguous", "1;33")
        case .none: s += paint("none", "1;31")
        }
        // The best result's confidence, unless the reason already gives it (a fitted decision).
        var confidence = ""
        if let p = r.confidence {
            switch r.why {
            case .confident, .lowConfidence: break
            default: confidence = "; confidence \(EvalFormats.pct(p))"
            }
        }
        s += " (\(r.reason)\(confidence))\n"
        let shown: [MatchCandidate]
        if r.decision == .none {
            shown = Array(r.results.prefix(1))
            if let c = shown.first {
                s += "  closest: \(c.app) \(c.intent)\(c.parameters.isEmpty ? "" : " " + paramText(c)) score \(JSONOut.formatNumber(c.score))\n"
                // Why it fell short: the closest phrase, and what was extra or missing.
                if explain && !c.explanation.isEmpty {
                    s += "     phrase: \(c.template) → \"\(c.phrase)\"\n"
                    s += steps(c, r, paint)
                }
            }
            if let n = r.negative { s += "  negative phrase: \(n)\n" }
            if let m = r.meaning { s += "  \(m.line)\n" }
            return s
        } else {
            shown = r.results
        }
        for (k, c) in shown.enumerated() {
            if k > 0 && !showRunnerUp { break }
            let head = "  \(k + 1). \(c.app) \(paint(c.intent, "1"))\(c.parameters.isEmpty ? "" : " " + paramText(c))"
            s += head + "  score \(JSONOut.formatNumber(c.score))\(c.appNamed ? "" : "  [app not named]")\n"
            s += "     phrase: \(c.template) → \"\(c.phrase)\"\n"
            if explain && k == 0 { s += steps(c, r, paint) }
        }
        if let m = r.meaning { s += "  \(m.line)\n" }
        return s
    }

    /// `render(r, explain: false, color: false)`'s UTF-8 bytes, appended to `out` as they are
    /// made (no string grown piece by piece: `match --format text` writes one per line).
    public static func write(_ r: MatchResult, into out: inout [UInt8]) {
        func text(_ s: String) { out.appendUTF8(s) }
        func parameters(_ c: MatchCandidate) {
            let ps = c.parameters
            guard !ps.isEmpty else { return }
            out.append(0x20)
            for (k, p) in ps.enumerated() {
                if k > 0 { out.appendLiteral(", ") }
                text(p.name)
                out.append(0x3D)
                text(p.title)
                out.appendLiteral(" (")
                text(p.value.identity)
                out.append(0x29)
            }
        }
        // "<app> <intent> <parameters><sep><score>": a closest result's or a listed one's line.
        func candidate(_ c: MatchCandidate, scoreAfter sep: StaticString) {
            text(c.app)
            out.append(0x20)
            text(c.intent)
            parameters(c)
            out.appendLiteral(sep)
            JSONOut.appendNumber(c.score, into: &out)
        }
        out.append(0x22)
        text(r.text)
        out.appendLiteral("\" → ")
        switch r.decision {
        case .match: out.appendLiteral("match")
        case .ambiguous: out.appendLiteral("ambiguous")
        case .none: out.appendLiteral("none")
        }
        out.appendLiteral(" (")
        r.why.writeText(into: &out)
        if let p = r.confidence {
            switch r.why {
            case .confident, .lowConfidence: break
            default:
                out.appendLiteral("; confidence ")
                JSONOut.appendNumber((p * 1000).rounded() / 10, into: &out)
                out.append(0x25)
            }
        }
        out.appendLiteral(")\n")
        if r.decision == .none {
            if let c = r.results.first {
                out.appendLiteral("  closest: ")
                candidate(c, scoreAfter: " score ")
                out.append(0x0A)
            }
            if let n = r.negative { out.appendLiteral("  negative phrase: "); text(n); out.append(0x0A) }
            if let m = r.meaning { out.appendLiteral("  "); text(m.line); out.append(0x0A) }
            return
        }
        for (k, c) in r.results.enumerated() {
            out.appendLiteral("  ")
            text(String(k + 1))
            out.appendLiteral(". ")
            candidate(c, scoreAfter: "  score ")
            if !c.appNamed { out.appendLiteral("  [app not named]") }
            out.append(0x0A)
            out.appendLiteral("     phrase: ")
            text(c.template)
            out.appendLiteral(" → \"")
            text(c.phrase)
            out.appendLiteral("\"\n")
        }
        if let m = r.meaning { out.appendLiteral("  "); text(m.line); out.append(0x0A) }
    }

    /// The explanation of a result, one word as said per line (`WordAlignment`).
    static func steps(_ c: MatchCandidate, _ r: MatchResult, _ paint: (String, String) -> String) -> String {
        var s = ""
        let words = WordAlignment.words(c, text: r.text, locale: r.locale)
        let width = words.map { DisplayWidth.of($0.kind) + 1 }.max().map { max($0, 17) } ?? 17
        for w in words {
            var line = w.said.isEmpty ? "∅" : "\"\(w.said)\""
            if let h = w.heard { line += " (heard \"\(h)\")" }
            if w.kinds.contains(.freeText) || w.kinds.contains(.unknownValue) {
                line += " ↔ ${\(w.slot ?? "")}"
            } else if !w.phrase.isEmpty {
                line += " ↔ \(w.slot.map { "${\($0)} " } ?? "")\"\(w.phrase)\""
            }
            if let sim = w.similarity { line += " " + JSONOut.formatNumber((sim * 10000).rounded() / 10000) }
            let kind = DisplayWidth.pad(w.kind, to: width)
            s += "       \(paint(kind, kindColor(w.kinds.last { $0 != .exact } ?? .exact)))\(line)\n"
        }
        return s
    }

    static func kindColor(_ k: AlignmentStep.Kind) -> String {
        switch k {
        case .exact: return "32"
        case .fuzzy, .phonetic, .split, .merged, .synonym, .alternativeName: return "36"
        case .filler, .freeText: return "2"
        case .extra, .missing, .unknownValue: return "31"
        }
    }
}
