/// Turns a merged pair into a reported one: the words that made the phrases close (from the
/// matcher's explanation), subsumption, severity, risk, reason and suggestion.
enum CollisionExplainer {
    /// Similarity bands of the severities (docs/collisions.md).
    static let errorAt = 0.95, warningAt = 0.85
    /// Negative phrases block a real phrase when they score within the ambiguity margin of it,
    /// so they are graded more strictly.
    static let negativeErrorAt = 0.90, negativeWarningAt = 0.80

    /// - Parameter explain: re-run the matcher with explanations (else the words are compared directly).
    static func finish(_ acc: CollisionAnalyzer.Acc, matcher: Matcher, locale: String, match o: MatchOptions, explain: Bool = true) -> CollisionPair {
        let forward = acc.forward ?? -1, backward = acc.backward ?? -1
        let saidIsA = forward != backward ? forward > backward : acc.damageForward >= acc.damageBackward
        let said = saidIsA ? acc.a : acc.b
        let other = saidIsA ? acc.b : acc.a
        var steps: [AlignmentStep] = []
        if explain {
            let r = matcher.match(said.text, locale: locale, options: o)
            steps = r.results.first { c in
                c.app == other.app && c.template == other.template && c.parameters.map(\.value) == other.parameters.map(\.value)
            }?.explanation ?? []
        }
        let normalizer = Normalizer.forLocale(locale)
        var close: [CloseWords] = []
        for s in steps {
            let u = s.utterance, p = s.phrase
            switch s.kind {
            case .phonetic:
                close.append(CloseWords(a: u, b: p, why: .sound))
            case .fuzzy:
                close.append(CloseWords(a: u, b: p, why: soundsAlike(normalizer, u, p) ? .sound : .spelling))
            case .split, .merged:
                close.append(CloseWords(a: u, b: p, why: .joined))
            case .synonym, .alternativeName, .exact:
                guard let slot = s.slot else { break }
                let differs = slot == "app" ? said.app != other.app : said.target != other.target && acc.kind == .parameter
                guard differs else { break }
                if s.isExact || normalizer.normalizedString(u) == normalizer.normalizedString(p) {
                    close.append(CloseWords(a: u, b: p, why: .same))
                } else {
                    close.append(CloseWords(a: u, b: p, why: soundsAlike(normalizer, u, p) ? .sound : .spelling))
                }
            case .missing, .extra, .filler, .freeText, .unknownValue:
                break
            }
        }
        // Steps read from the said phrase's side; orient them as a / b.
        if !saidIsA { close = close.map { CloseWords(a: $0.b, b: $0.a, why: $0.why) } }
        let ta = normalizer.normalize(acc.a.text).tokens, tb = normalizer.normalize(acc.b.text).tokens
        if close.isEmpty {
            // No fuzzy step (both words known to the matcher): one word against one word, compared directly.
            let (da, db) = difference(normalizer, ta, tb, close: [])
            if da.count == 1, db.count == 1, CollisionDirect.valueSimilarity(normalizer, da[0], db[0]).0 > 0 || soundsAlike(normalizer, da[0], db[0]) {
                close.append(CloseWords(a: da[0], b: db[0], why: soundsAlike(normalizer, da[0], db[0]) ? .sound : .spelling))
            }
        }
        let (onlyA, onlyB) = difference(normalizer, ta, tb, close: close)
        let sub = subsumption(ta, tb)
        let similarity = max(forward, backward, 0)
        let sound = close.contains { $0.why == .sound }
        let mutual = acc.forward != nil && acc.backward != nil
        let severity = max(grade(acc.kind, similarity, sound: sound, subsumption: sub != nil), acc.floor ?? .note)
        var closeness = closeness(similarity: similarity, damage: acc.damageForward + acc.damageBackward, sound: sound, mutual: mutual,
                                  subsumption: sub != nil)
        closeness = (closeness * 10000).rounded() / 10000
        var pair = CollisionPair(kind: acc.kind, similarity: similarity, a: acc.a, b: acc.b, forward: acc.forward, backward: acc.backward,
                                 severity: severity, risk: closeness, closeness: closeness, subsumption: sub, soundAlike: sound, closeWords: unique(close),
                                 onlyInA: onlyA, onlyInB: onlyB, reason: "", suggestion: "", cluster: 0,
                                 damageForward: acc.damageForward, damageBackward: acc.damageBackward)
        pair.reason = reason(pair)
        pair.suggestion = suggestion(pair)
        return pair
    }

    /// How alike two phrases are to the matcher (docs/collisions.md, "Risk"): similarity as
    /// written, plus the damage probes' flips (both directions, per phrase; square root: the first
    /// flipping word matters most), plus sound-alike words and both directions. The weights were
    /// chosen on the noisy corpora of three sample apps (habits, coffee, reader) when this ranked
    /// the pairs alone; now the simulation's prior and tie-break.
    static func closeness(similarity: Double, damage: Double, sound: Bool, mutual: Bool, subsumption: Bool) -> Double {
        similarity + 0.25 * max(0, damage).squareRoot() + (sound ? 0.1 : 0) + (mutual ? 0.1 : 0) + (subsumption ? 0.05 : 0)
    }

    /// Words one text has and the other lacks (normalized, as multisets), without the close words.
    static func difference(_ n: Normalizer, _ ta: [Token], _ tb: [Token], close: [CloseWords]) -> ([String], [String]) {
        let wa = ta.map(\.text), wb = tb.map(\.text)
        var skip = Set<String>()
        for c in close {
            for w in n.normalize(c.a).tokens { skip.insert(w.text) }
            for w in n.normalize(c.b).tokens { skip.insert(w.text) }
        }
        func minus(_ x: [String], _ y: [String]) -> [String] {
            var rest: [String: Int] = [:]
            for w in y { rest[w, default: 0] += 1 }
            var out: [String] = []
            for w in x {
                if let k = rest[w], k > 0 { rest[w] = k - 1; continue }
                if !skip.contains(w) { out.append(w) }
            }
            return out
        }
        return (minus(wa, wb), minus(wb, wa))
    }

    static func unique(_ xs: [CloseWords]) -> [CloseWords] {
        var seen = Set<CloseWords>()
        return xs.filter { seen.insert($0).inserted }
    }

    /// Same sound in the locale: equal phonetic keys, or keys one sound apart for words one letter apart ("mall" / "small").
    static func soundsAlike(_ n: Normalizer, _ a: String, _ b: String) -> Bool {
        let ta = n.normalize(a).tokens, tb = n.normalize(b).tokens
        let ka = ta.map(\.phonetic).joined(separator: " "), kb = tb.map(\.phonetic).joined(separator: " ")
        if ka.isEmpty || kb.isEmpty { return false }
        if ka == kb { return true }
        let wa = Array(ta.map(\.text).joined(separator: " ").unicodeScalars), wb = Array(tb.map(\.text).joined(separator: " ").unicodeScalars)
        return Levenshtein.distance(Array(ka.unicodeScalars), Array(kb.unicodeScalars)) <= 1 && min(ka.count, kb.count) >= 2
            && Levenshtein.distance(wa, wb) <= 1
    }

    /// One text's normalized words are the other's plus filler or optional words.
    static func subsumption(_ ta: [Token], _ tb: [Token]) -> Subsumption? {
        func contains(_ big: [Token], _ small: [Token]) -> Bool {
            guard big.count > small.count else { return false }
            var rest: [String: Int] = [:]
            for t in big { rest[t.text, default: 0] += 1 }
            for t in small {
                guard let k = rest[t.text], k > 0 else { return false }
                rest[t.text] = k - 1
            }
            let soft: Token.Flags = [.filler, .optional, .particle, .elision]
            for t in big where (rest[t.text] ?? 0) > 0 {
                if t.flags.isDisjoint(with: soft) { return false }
            }
            return true
        }
        if contains(ta, tb) { return .aContainsB }
        if contains(tb, ta) { return .bContainsA }
        return nil
    }

    static func grade(_ kind: CollisionKind, _ s: Double, sound: Bool, subsumption: Bool) -> CollisionSeverity {
        if subsumption { return .error }
        let (e, w) = kind == .negative ? (negativeErrorAt, negativeWarningAt) : (errorAt, warningAt)
        var g: CollisionSeverity = s >= e ? .error : (s >= w ? .warning : .note)
        // Recognizers write either spelling of a sound-alike: one level worse.
        if sound, g < .error, let up = CollisionSeverity(rawValue: g.rawValue + 1) { g = up }
        return g
    }

    static func quoted(_ xs: [String]) -> String { xs.map { "'\($0)'" }.joined(separator: ", ") }

    static func reason(_ p: CollisionPair) -> String {
        var parts: [String] = []
        if let s = p.subsumption {
            let (long, extra) = s == .aContainsB ? ("a", p.onlyInA) : ("b", p.onlyInB)
            parts.append("\(long) is the other plus filler\(extra.isEmpty ? "" : " (" + quoted(extra) + ")")")
        }
        parts += p.closeWords.map(\.text)
        let lost = [p.damageForward > 0 ? "a → b" : nil, p.damageBackward > 0 ? "b → a" : nil].compactMap { $0 }
        if !lost.isEmpty {
            let n = JSONOut.formatNumber((max(p.damageForward, p.damageBackward) * 100).rounded() / 100)
            parts.append("one word lost takes \(lost.joined(separator: " and ")) (up to \(n) per phrase)")
        }
        if p.kind == .appName && p.a.app == p.b.app && p.a.appName != p.b.appName {
            parts.append("the alternative name '\(p.a.appName)' is made of words of \"\(p.b.template)\"")
        }
        if p.subsumption == nil {
            let ia = p.onlyInA.filter { !$0.hasPrefix("${") }, ib = p.onlyInB.filter { !$0.hasPrefix("${") }
            if ia.isEmpty && ib.isEmpty {
                if p.closeWords.isEmpty { parts.append("the same words") } else { parts.append("otherwise the same words") }
            } else if ia.count + ib.count <= 4 {
                let d = [ia.isEmpty ? nil : "a has " + quoted(ia), ib.isEmpty ? nil : "b has " + quoted(ib)].compactMap { $0 }
                parts.append("differ only in: " + d.joined(separator: ", "))
            } else {
                parts.append("\(ia.count + ib.count) words differ")
            }
        }
        return parts.joined(separator: "; ")
    }

    static func suggestion(_ p: CollisionPair) -> String {
        if let s = p.subsumption {
            let (long, short) = s == .aContainsB ? (p.a, p.b) : (p.b, p.a)
            return "drop \"\(long.template)\" or give it a word that sets it apart: it always also matches \"\(short.template)\""
        }
        let alike = p.closeWords.first { $0.why != .same }
        switch p.kind {
        case .negative:
            return "the negative phrase may block \"\(p.b.text)\": make it more specific (a word the real phrase lacks) or drop it"
        case .appName:
            if p.a.app != p.b.app {
                return "the app names '\(p.a.appName)' and '\(p.b.appName)' are close: use a more distinctive name or alternative name"
            }
            return "rename the alternative name '\(p.a.appName)': its words are words of the phrases, so plain requests read as naming the app"
        case .parameter:
            let ta = p.a.parameters.first?.title ?? "", tb = p.b.parameters.first?.title ?? ""
            if let same = p.closeWords.first(where: { $0.why == .same }) {
                return "'\(same.a)' names both '\(ta)' and '\(tb)': drop it from one of them"
            }
            if alike != nil {
                return "add a synonym to '\(ta)' or '\(tb)' that sounds different, or rename one of them"
            }
            return "add a synonym or a distinguishing word to '\(ta)' or '\(tb)'"
        case .intent:
            if let c = alike {
                return "replace '\(c.a)' or '\(c.b)' with a word that sounds different"
            }
            let ia = p.onlyInA.filter { !$0.hasPrefix("${") }, ib = p.onlyInB.filter { !$0.hasPrefix("${") }
            if ia.count + ib.count <= 2 {
                return "add a distinguishing word to one of them (one word apart), or drop the weaker phrase"
            }
            return "add a distinguishing word to one of them"
        }
    }
}
