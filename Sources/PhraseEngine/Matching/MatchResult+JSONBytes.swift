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
        // Written in place into room added at the end of `out` (a line is some forty pieces,
        // each an array append otherwise), the room not used taken off again; a line too long
        // for it is written again, straight into `out`.
        let start = out.count
        out.append(contentsOf: MatchResult.room)
        let used = out.withUnsafeMutableBufferPointer { b -> Int? in
            var w = ByteCursor(UnsafeMutableBufferPointer(rebasing: b[start...]))
            writeFields(into: &w)
            return w.overflowed ? nil : w.count
        }
        out.removeLast(MatchResult.room.count - (used ?? 0))
        if used == nil { writeFields(into: &out) }
    }

    /// The room `writeJSON` adds to its array for a line (zeros, overwritten).
    /// (2 KB: the longest line of the sample corpora is 1,263 bytes.)
    private static let room = [UInt8](repeating: 0, count: 2048)

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
            // (Through a buffer pointer: the array's subscript copied each candidate out.)
            results.withUnsafeBufferPointer { rs in
                for k in rs.indices {
                    if k > 0 { out.put(", ") }
                    MatchResult.writeCandidate(rs[k], into: &out)
                }
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
    /// Appends `text`'s UTF-8 bytes, piece by piece (numbers by `JSONOut.writeNumber`), or with
    /// `escaped` those of `JSONOut.escape(text)` without its quotes (the escape of each piece:
    /// numbers need none). The rare reasons go through `text`.
    package func writeText<S: ByteSink>(into out: inout S, escaped: Bool = false) {
        func lit(_ s: StaticString) {
            if escaped { s.withUTF8Buffer { JSONOut.escapeBody(bytes: $0, into: &out) } } else { out.put(s) }
        }
        func str(_ s: String) {
            if escaped { JSONOut.escapeBody(s, into: &out) } else { out.put(utf8: s) }
        }
        func num(_ d: Double) { JSONOut.writeNumber(d, into: &out) }
        switch self {
        case .matched(let s, let t): lit("score "); num(s); lit(" ≥ threshold "); num(t)
        case .belowThreshold(let s, let t): lit("best score "); num(s); lit(" is below the threshold "); num(t)
        case .confident(let c, let t): lit("confidence "); num(c); lit(" ≥ "); num(t)
        case .lowConfidence(let c, let t): lit("the best result's confidence "); num(c); lit(" is below "); num(t)
        case .noWords: lit("nothing to match (no words after normalization)")
        case .tooLong: lit("the utterance is far longer than any phrase")
        case .noOverlap: lit("no phrase shares enough words with the utterance")
        case .negative(let t, let app):
            if let app {
                lit("matches the negative phrase \""); str(t); lit("\" of "); str(app)
            } else {
                lit("matches a negative phrase")
            }
        case .noAppBelowThreshold(let s, let t):
            lit("no app named, and the best score "); num(s); lit(" is below the no-app threshold "); num(t)
        case .severalApps: lit("no app named, and more than one app can take the utterance")
        case .otherApp(let w): lit("the utterance names another app (\""); str(w); lit("\"), and none of the catalogs' apps")
        case .tooClose(let m): lit("the two best results are within "); num(m); lit(" of each other")
        case .unknownValue(let w, let p, let t):
            lit("\""); str(w); lit("\" stands where \""); str(t); lit("\" has ${"); str(p); lit("}, and it is none of its values")
        case .matchedWithoutApp(let app, let s): lit("no app named; only "); str(app); lit(" can take it (score "); num(s); lit(")")
        case .exact: lit("said as written")
        case .noLocale, .noPhrases, .meaning, .meaningConfident: str(text)
        }
    }

    /// `JSONOut.escape(text)`'s bytes: the usual reasons need no escape (their numbers and
    /// words have no quote, backslash or control character); the others are escaped piece by piece.
    func writeJSONString<S: ByteSink>(into out: inout S) {
        out.put(0x22)
        switch self {
        case .matched, .belowThreshold, .confident, .lowConfidence: writeText(into: &out)
        default: writeText(into: &out, escaped: true)
        }
        out.put(0x22)
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
