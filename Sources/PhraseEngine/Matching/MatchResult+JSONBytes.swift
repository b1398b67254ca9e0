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
        out.append(contentsOf: #"{"text": "#.utf8)
        JSONOut.escape(text, into: &out)
        out.append(contentsOf: #", "locale": "#.utf8)
        JSONOut.escape(locale, into: &out)
        out.append(contentsOf: #", "decision": "#.utf8)
        JSONOut.escape(decision.rawValue, into: &out)
        out.append(contentsOf: #", "results": "#.utf8)
        if shown.isEmpty {
            out.append(contentsOf: "[]".utf8)
        } else {
            out.append(0x5B)
            for (k, c) in shown.enumerated() {
                if k > 0 { out.append(contentsOf: ", ".utf8) }
                MatchResult.writeCandidate(c, into: &out)
            }
            out.append(0x5D)
        }
        out.append(contentsOf: #", "reason": "#.utf8)
        JSONOut.escape(reason, into: &out)
        if let negative {
            out.append(contentsOf: #", "negativePhrase": "#.utf8)
            JSONOut.escape(negative, into: &out)
        }
        if let confidence {
            out.append(contentsOf: #", "confidence": "#.utf8)
            JSONOut.appendNumber((confidence * 10000).rounded() / 10000, into: &out)
        }
        if let meaning {
            out.append(contentsOf: #", "meaning": "#.utf8)
            meaning.json.write(into: &out, pretty: false, indent: 0)
        }
        if decision == .none, let best = results.first {
            out.append(contentsOf: #", "closest": "#.utf8)
            MatchResult.writeCandidate(best, into: &out)
        }
        out.append(0x7D)
    }

    /// `MatchCandidate.json`'s bytes for a candidate shown without its alignment steps.
    static func writeCandidate(_ c: MatchCandidate, into out: inout [UInt8]) {
        let parameters = c.parameters
        out.append(contentsOf: #"{"app": "#.utf8)
        JSONOut.escape(c.app, into: &out)
        out.append(contentsOf: #", "intent": "#.utf8)
        JSONOut.escape(c.intent, into: &out)
        out.append(contentsOf: #", "parameters": "#.utf8)
        if parameters.isEmpty {
            out.append(contentsOf: "{}".utf8)
        } else {
            out.append(0x7B)
            for (k, p) in parameters.enumerated() {
                if k > 0 { out.append(contentsOf: ", ".utf8) }
                JSONOut.escape(p.name, into: &out)
                out.append(contentsOf: ": ".utf8)
                switch p.value {
                case .enumCase(let s), .entity(let s): JSONOut.escape(s, into: &out)
                case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
                }
            }
            out.append(0x7D)
        }
        out.append(contentsOf: #", "score": "#.utf8)
        JSONOut.appendNumber(c.score, into: &out)
        out.append(contentsOf: #", "phrase": "#.utf8)
        JSONOut.escape(c.template, into: &out)
        out.append(contentsOf: #", "expanded": "#.utf8)
        JSONOut.escape(c.phrase, into: &out)
        out.append(contentsOf: #", "appNamed": "#.utf8)
        out.append(contentsOf: (c.appNamed ? "true" : "false").utf8)
        if !parameters.isEmpty {
            out.append(contentsOf: #", "titles": {"#.utf8)
            for (k, p) in parameters.enumerated() {
                if k > 0 { out.append(contentsOf: ", ".utf8) }
                JSONOut.escape(p.name, into: &out)
                out.append(contentsOf: ": ".utf8)
                JSONOut.escape(p.title, into: &out)
            }
            out.append(0x7D)
        }
        if let u = c.unknownValue {
            out.append(contentsOf: #", "unknownValue": "#.utf8)
            JSONOut.escape(u, into: &out)
        }
        out.append(0x7D)
    }
}
