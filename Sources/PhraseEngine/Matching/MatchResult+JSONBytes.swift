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
        // Written on the stack and copied once (a line is some forty pieces); a line too long
        // for the buffer is written again straight into `out`.
        let fits = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096) { buffer -> Bool in
            var w = ByteCursor(buffer)
            writeFields(into: &w)
            guard !w.overflowed else { return false }
            out.append(contentsOf: w.written)
            return true
        }
        if !fits { writeFields(into: &out) }
    }

    /// The line of a result shown without alignment steps, field by field.
    private func writeFields<S: ByteSink>(into out: inout S) {
        out.put(#"{"text": "#)
        JSONOut.escape(text, into: &out)
        out.put(#", "locale": "#)
        JSONOut.escape(locale, into: &out)
        out.put(#", "decision": "#)
        JSONOut.escape(decision.rawValue, into: &out)
        out.put(#", "results": "#)
        if decision == .none || results.isEmpty {
            out.put("[]")
        } else {
            out.put(0x5B)
            for k in results.indices {
                if k > 0 { out.put(", ") }
                MatchResult.writeCandidate(results[k], into: &out)
            }
            out.put(0x5D)
        }
        out.put(#", "reason": "#)
        why.writeJSONString(into: &out)
        if let negative {
            out.put(#", "negativePhrase": "#)
            JSONOut.escape(negative, into: &out)
        }
        if let confidence {
            out.put(#", "confidence": "#)
            JSONOut.writeNumber((confidence * 10000).rounded() / 10000, into: &out)
        }
        if let meaning {
            out.put(#", "meaning": "#)
            meaning.json.write(into: &out, pretty: false, indent: 0)
        }
        if decision == .none, let best = results.first {
            out.put(#", "closest": "#)
            MatchResult.writeCandidate(best, into: &out)
        }
        out.put(0x7D)
    }

    /// `MatchCandidate.json`'s bytes for a candidate shown without its alignment steps.
    static func writeCandidate<S: ByteSink>(_ c: MatchCandidate, into out: inout S) {
        let (set, own) = c.parameterList
        let count = set?.count ?? (own == nil ? 0 : 1)
        // "<name>: <value from `part`>, ..." for each parameter.
        func each(_ part: (inout S, (name: String, value: ParameterValue, title: String)) -> Void) {
            for k in 0..<count {
                guard let p = set.map({ $0[k] }) ?? own else { continue }
                if k > 0 { out.put(", ") }
                JSONOut.escape(p.name, into: &out)
                out.put(": ")
                part(&out, p)
            }
        }
        out.put(#"{"app": "#)
        JSONOut.escape(c.app, into: &out)
        out.put(#", "intent": "#)
        JSONOut.escape(c.intent, into: &out)
        out.put(#", "parameters": "#)
        if count == 0 {
            out.put("{}")
        } else {
            out.put(0x7B)
            each { out, p in
                switch p.value {
                case .enumCase(let s), .entity(let s): JSONOut.escape(s, into: &out)
                case .bool(let b): if b { out.put("true") } else { out.put("false") }
                }
            }
            out.put(0x7D)
        }
        out.put(#", "score": "#)
        JSONOut.writeNumber(c.score, into: &out)
        out.put(#", "phrase": "#)
        JSONOut.escape(c.template, into: &out)
        out.put(#", "expanded": ""#)
        c.writePhraseBody(into: &out)
        out.put(#"", "appNamed": "#)
        if c.appNamed { out.put("true") } else { out.put("false") }
        if count > 0 {
            out.put(#", "titles": {"#)
            each { out, p in JSONOut.escape(p.title, into: &out) }
            out.put(0x7D)
        }
        if let u = c.unknownValue {
            out.put(#", "unknownValue": "#)
            JSONOut.escape(u, into: &out)
        }
        out.put(0x7D)
    }
}

extension Reason {
    /// Appends `text`'s UTF-8 bytes: the usual reasons written piece by piece (numbers by
    /// `JSONOut.appendNumber`; `text` reads their wording here), the others through `text`.
    package func writeText<S: ByteSink>(into out: inout S) {
        // "<a><x><b><y>": the four reasons of two numbers each.
        func two(_ a: StaticString, _ x: Double, _ b: StaticString, _ y: Double) {
            out.put(a)
            JSONOut.writeNumber(x, into: &out)
            out.put(b)
            JSONOut.writeNumber(y, into: &out)
        }
        switch self {
        case .matched(let s, let t): two("score ", s, " ≥ threshold ", t)
        case .belowThreshold(let s, let t): two("best score ", s, " is below the threshold ", t)
        case .confident(let c, let t): two("confidence ", c, " ≥ ", t)
        case .lowConfidence(let c, let t): two("the best result's confidence ", c, " is below ", t)
        default:
            out.put(utf8: text)
        }
    }

    /// `JSONOut.escape(text)`'s bytes: the usual reasons need no escape (their numbers and
    /// words have no quote, backslash or control character); the others are escaped.
    func writeJSONString<S: ByteSink>(into out: inout S) {
        switch self {
        case .matched, .belowThreshold, .confident, .lowConfidence:
            out.put(0x22)
            writeText(into: &out)
            out.put(0x22)
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
