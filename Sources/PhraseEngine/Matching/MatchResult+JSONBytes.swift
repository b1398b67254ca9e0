// A result's JSON line written straight into bytes: the bytes of `json(includeExplanation:)`
// rendered compactly, without building its tree of values first.

extension MatchResult {
    /// Appends `json(includeExplanation:).render()`'s UTF-8 bytes to `out` (no newline). A
    /// result without alignment steps to show (the usual case: `match --format json` without
    /// --explain) is written field by field, with no value tree and no string per number; one
    /// with steps goes through `json(includeExplanation:)`.
    public func writeJSON(into out: inout [UInt8], includeExplanation: Bool = true) {
        let shown = decision == .none ? results[..<0] : results[...]
        if includeExplanation && (shown.contains { !$0.explanation.isEmpty } || (decision == .none && !(results.first?.explanation.isEmpty ?? true))) {
            json(includeExplanation: includeExplanation).write(into: &out, pretty: false, indent: 0)
            return
        }
        out.appendLiteral(#"{"text": "#)
        JSONOut.escape(text, into: &out)
        out.appendLiteral(#", "locale": "#)
        JSONOut.escape(locale, into: &out)
        out.appendLiteral(#", "decision": "#)
        JSONOut.escape(decision.rawValue, into: &out)
        out.appendLiteral(#", "results": "#)
        if shown.isEmpty {
            out.appendLiteral("[]")
        } else {
            out.append(0x5B)
            for (k, c) in shown.enumerated() {
                if k > 0 { out.appendLiteral(", ") }
                MatchResult.writeCandidate(c, into: &out)
            }
            out.append(0x5D)
        }
        out.appendLiteral(#", "reason": "#)
        why.writeJSONString(into: &out)
        if let negative {
            out.appendLiteral(#", "negativePhrase": "#)
            JSONOut.escape(negative, into: &out)
        }
        if let confidence {
            out.appendLiteral(#", "confidence": "#)
            JSONOut.appendNumber((confidence * 10000).rounded() / 10000, into: &out)
        }
        if let meaning {
            out.appendLiteral(#", "meaning": "#)
            meaning.json.write(into: &out, pretty: false, indent: 0)
        }
        if decision == .none, let best = results.first {
            out.appendLiteral(#", "closest": "#)
            MatchResult.writeCandidate(best, into: &out)
        }
        out.append(0x7D)
    }

    /// `MatchCandidate.json`'s bytes for a candidate shown without its alignment steps.
    static func writeCandidate(_ c: MatchCandidate, into out: inout [UInt8]) {
        let parameters = c.parameters
        out.appendLiteral(#"{"app": "#)
        JSONOut.escape(c.app, into: &out)
        out.appendLiteral(#", "intent": "#)
        JSONOut.escape(c.intent, into: &out)
        out.appendLiteral(#", "parameters": "#)
        if parameters.isEmpty {
            out.appendLiteral("{}")
        } else {
            out.append(0x7B)
            for (k, p) in parameters.enumerated() {
                if k > 0 { out.appendLiteral(", ") }
                JSONOut.escape(p.name, into: &out)
                out.appendLiteral(": ")
                switch p.value {
                case .enumCase(let s), .entity(let s): JSONOut.escape(s, into: &out)
                case .bool(let b): if b { out.appendLiteral("true") } else { out.appendLiteral("false") }
                }
            }
            out.append(0x7D)
        }
        out.appendLiteral(#", "score": "#)
        JSONOut.appendNumber(c.score, into: &out)
        out.appendLiteral(#", "phrase": "#)
        JSONOut.escape(c.template, into: &out)
        out.appendLiteral(#", "expanded": "#)
        JSONOut.escape(c.phrase, into: &out)
        out.appendLiteral(#", "appNamed": "#)
        if c.appNamed { out.appendLiteral("true") } else { out.appendLiteral("false") }
        if !parameters.isEmpty {
            out.appendLiteral(#", "titles": {"#)
            for (k, p) in parameters.enumerated() {
                if k > 0 { out.appendLiteral(", ") }
                JSONOut.escape(p.name, into: &out)
                out.appendLiteral(": ")
                JSONOut.escape(p.title, into: &out)
            }
            out.append(0x7D)
        }
        if let u = c.unknownValue {
            out.appendLiteral(#", "unknownValue": "#)
            JSONOut.escape(u, into: &out)
        }
        out.append(0x7D)
    }
}

extension Reason {
    /// Appends `text`'s UTF-8 bytes: the usual reasons written piece by piece (numbers by
    /// `JSONOut.appendNumber`; `text` reads their wording here), the others through `text`.
    package func writeText(into out: inout [UInt8]) {
        // "<a><x><b><y>": the four reasons of two numbers each.
        func two(_ a: StaticString, _ x: Double, _ b: StaticString, _ y: Double) {
            out.appendLiteral(a)
            JSONOut.appendNumber(x, into: &out)
            out.appendLiteral(b)
            JSONOut.appendNumber(y, into: &out)
        }
        switch self {
        case .matched(let s, let t): two("score ", s, " ≥ threshold ", t)
        case .belowThreshold(let s, let t): two("best score ", s, " is below the threshold ", t)
        case .confident(let c, let t): two("confidence ", c, " ≥ ", t)
        case .lowConfidence(let c, let t): two("the best result's confidence ", c, " is below ", t)
        default:
            out.appendUTF8(text)
        }
    }

    /// `JSONOut.escape(text)`'s bytes: the usual reasons need no escape (their numbers and
    /// words have no quote, backslash or control character); the others are escaped.
    func writeJSONString(into out: inout [UInt8]) {
        switch self {
        case .matched, .belowThreshold, .confident, .lowConfidence:
            out.append(0x22)
            writeText(into: &out)
            out.append(0x22)
        default:
            JSONOut.escape(text, into: &out)
        }
    }
}

extension [UInt8] {
    /// Appends a literal's UTF-8 bytes in one copy (a `String`'s `utf8` view is appended byte
    /// by byte through a generic path).
    @inline(__always)
    package mutating func appendLiteral(_ s: StaticString) {
        s.withUTF8Buffer { append(contentsOf: $0) }
    }

    /// Appends a string's UTF-8 bytes in one copy.
    @inline(__always)
    package mutating func appendUTF8(_ s: String) {
        var s = s
        s.withUTF8 { append(contentsOf: $0) }
    }
}
