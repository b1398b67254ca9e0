import Foundation

/// One line of an explanation as the person said it: a word (or a run of CJK characters, or the
/// words of a slot) once, in its original spelling, with the normalized form only where it
/// differs, against the phrase words as the catalog writes them.
///
/// A presentation over the matcher's alignment steps (`MatchCandidate.explanation`): the steps
/// are grouped, never changed; `steps` says which of them a word stands for.
public struct ExplainedWord: Sendable, Hashable {
    /// The kinds of the word's steps, each once, in order ("exact", or "exact" and "missing" for
    /// a word said with a character left out).
    public var kinds: [AlignmentStep.Kind]
    /// The utterance as said (original spelling), empty for phrase words the utterance lacks.
    public var said: String
    /// UTF-16 span of `said` in the utterance (0..<0 when nothing was said).
    public var start: Int
    public var end: Int
    /// What the engine heard (the normalized words), only when it differs from `said` in more
    /// than case, width or kana ("what is" for "what's"); nil otherwise.
    public var heard: String?
    /// The phrase words as the catalog writes them (the app name or value for a slot).
    public var phrase: String
    /// "app" or "parameter" when the word filled a slot.
    public var slot: String?
    /// The mean similarity of the word's aligned steps (a phrase character the word lacks counts
    /// 0); nil for words only discounted, extra, missing or free text.
    public var similarity: Double?
    /// The steps of `MatchCandidate.explanation` this word stands for (indices, ascending).
    public var steps: [Int]

    /// The kinds as one label ("exact", "exact+missing").
    public var kind: String { kinds.map(\.rawValue).joined(separator: "+") }

    public var json: JSONOut {
        var o: [(String, JSONOut)] = [("kind", .string(kind)), ("said", .string(said)), ("start", .int(start)), ("end", .int(end))]
        if let heard { o.append(("heard", .string(heard))) }
        o.append(("phrase", .string(phrase)))
        if let slot { o.append(("slot", .string(slot))) }
        if let similarity { o.append(("similarity", .double((similarity * 10000).rounded() / 10000))) }
        o.append(("steps", .array(steps.map { .int($0) })))
        return .object(o)
    }
}

/// Groups a candidate's alignment steps into words as said (`ExplainedWord`).
public enum WordAlignment {
    /// The words of `candidate`'s explanation for the utterance `text` in `locale` (the
    /// locale's normalizer recovers what was heard and the phrase's own spelling).
    public static func words(_ candidate: MatchCandidate, text: String, locale: String) -> [ExplainedWord] {
        let steps = candidate.explanation
        guard !steps.isEmpty else { return [] }
        let normalizer = Normalizer.forLocale(locale)
        let heard = normalizer.normalize(text)
        let phraseText = candidate.phrase
        let phrase = normalizer.normalize(phraseText)
        let tokenOf = phraseTokens(steps, phrase.tokens)

        // Steps join the word before them when they read part of its utterance span, or the same
        // phrase word (the characters of one CJK word); a phrase character the utterance lacks
        // joins the word that reads the rest of its phrase word, wherever the matcher listed it.
        var groups: [[Int]] = []
        var spans: [(Int, Int)?] = []
        for (i, s) in steps.enumerated() {
            if let last = groups.last {
                let overlaps = !s.utterance.isEmpty && spans[spans.count - 1].map { s.start < $0.1 && s.end > $0.0 } == true
                let sameWord = !tokenOf[i].isEmpty && last.contains { !tokenOf[$0].isDisjoint(with: tokenOf[i]) }
                if overlaps || sameWord {
                    groups[groups.count - 1].append(i)
                    if !s.utterance.isEmpty {
                        spans[spans.count - 1] = spans[spans.count - 1].map { (min($0.0, s.start), max($0.1, s.end)) } ?? (s.start, s.end)
                    }
                    continue
                }
            }
            groups.append([i])
            spans.append(s.utterance.isEmpty ? nil : (s.start, s.end))
        }
        func tokens(_ g: [Int]) -> Set<Int> { g.reduce(into: Set<Int>()) { $0.formUnion(tokenOf[$1]) } }
        var k = 0
        while k < groups.count {
            let ts = tokens(groups[k])
            if spans[k] == nil, !ts.isEmpty, let home = groups.indices.first(where: { $0 != k && spans[$0] != nil && !tokens(groups[$0]).isDisjoint(with: ts) }) {
                groups[home] = (groups[home] + groups[k]).sorted()
                groups.remove(at: k)
                spans.remove(at: k)
            } else {
                k += 1
            }
        }

        var words = groups.map { g in word(g, steps, tokenOf, text: text, heard: heard, phraseText: phraseText, phrase: phrase) }
        // The words of one free text read as one; so do runs said without a space of words only
        // discounted or extra ("くだ" "さい" → "ください", "し" "て" "くれる") and, where the profile
        // says so (`joinSingleHan`, ja), of single Han characters aligned alike to consecutive
        // phrase words ("残" "量" → "残量", a compound the segmenter split).
        k = 1
        var single = words.map { $0.said.count == 1 }
        let joinSingleHan = normalizer.profile.joinSingleHan
        while k < words.count {
            let a = words[k - 1], b = words[k]
            let unaligned = a.kinds.count == 1 && [.filler, .extra].contains(a.kinds[0]) && a.phrase.isEmpty && b.phrase.isEmpty
            let kanji = joinSingleHan && single[k - 1] && single[k] && isHanRun(a.said) && isHanRun(b.said)
                && tokens(groups[k]).min().map { $0 == (tokens(groups[k - 1]).max() ?? -2) + 1 } == true
            let freeText = a.kinds == [.freeText] && a.slot == b.slot
            if a.kinds == b.kinds, !a.said.isEmpty, freeText || (a.slot == nil && b.slot == nil && a.end == b.start && (unaligned || kanji)) {
                groups[k - 1] += groups[k]
                groups.remove(at: k)
                words[k - 1] = word(groups[k - 1], steps, tokenOf, text: text, heard: heard, phraseText: phraseText, phrase: phrase)
                words.remove(at: k)
                single.remove(at: k)
            } else {
                k += 1
            }
        }
        return words
    }

    /// For each step, the phrase words (indices into `tokens`) its phrase side reads. The
    /// matcher's phrase units are normalized words, or characters of them in CJK, mostly in
    /// phrase order: a unit reads the next unread characters of the word being read (skipping
    /// characters the utterance lacks), else a word starting with it, else a word equal to it.
    static func phraseTokens(_ steps: [AlignmentStep], _ tokens: [Token]) -> [Set<Int>] {
        let texts = tokens.map { Array($0.text) }
        var read = texts.map { [Bool](repeating: false, count: $0.count) }
        var cursor = 0
        /// Where `p` stands among the unread characters of word `k` (at its first unread one unless `anywhere`).
        func position(_ p: [Character], in k: Int, anywhere: Bool) -> Int? {
            let t = texts[k]
            guard let first = read[k].firstIndex(of: false), t.count - first >= p.count else { return nil }
            for at in first...(t.count - p.count) {
                if (at..<(at + p.count)).allSatisfy({ !read[k][$0] }) && Array(t[at..<(at + p.count)]) == p { return at }
                if !anywhere { break }
            }
            return nil
        }
        return steps.map { s in
            guard !tokens.isEmpty, !s.phrase.isEmpty, s.slot == nil || s.kind == .missing, !s.phrase.hasPrefix("${") else { return [] }
            var found = Set<Int>()
            for part in s.phrase.split(separator: " ") {
                let p = Array(part)
                let order = Array(cursor..<tokens.count) + Array(0..<cursor)
                var hit: (Int, Int)?
                if let at = position(p, in: cursor, anywhere: true) { hit = (cursor, at) }
                if hit == nil {
                    for k in order { if let at = position(p, in: k, anywhere: false) { hit = (k, at); break } }
                }
                if hit == nil, let k = order.first(where: { texts[$0] == p }) { hit = (k, 0) }
                guard let (k, at) = hit else { continue }
                found.insert(k)
                for c in at..<min(texts[k].count, at + p.count) { read[k][c] = true }
                if s.kind != .missing { cursor = read[k].allSatisfy { $0 } ? min(k + 1, tokens.count - 1) : k }
            }
            return found
        }
    }

    static func word(_ g: [Int], _ steps: [AlignmentStep], _ tokenOf: [Set<Int>], text: String,
                     heard: NormalizedText, phraseText: String, phrase: NormalizedText) -> ExplainedWord {
        let part = g.map { steps[$0] }
        var kinds: [AlignmentStep.Kind] = []
        for s in part where !kinds.contains(s.kind) { kinds.append(s.kind) }
        let said = part.filter { !$0.utterance.isEmpty }
        let start = said.map(\.start).min() ?? 0, end = said.map(\.end).max() ?? 0
        let saidText = said.isEmpty ? "" : utf16(text, start, end)
        let heardWords = heard.tokens.filter { $0.start < end && $0.end > start && $0.start >= start }.map(\.text)
        // Words of Japanese or Chinese text run on without a space ("炉边" heard as "炉" "边").
        let heardText = heardWords.enumerated().map { k, w in
            k > 0 && isCJK(heardWords[k - 1].unicodeScalars.last) && isCJK(w.unicodeScalars.first) ? w : (k > 0 ? " " + w : w)
        }.joined()
        let slotStep = part.first { $0.slot != nil && !$0.phrase.isEmpty && $0.kind != .missing }
        var phraseWords: String
        if let slotStep {
            phraseWords = slotStep.phrase
        } else {
            let ts = g.reduce(into: Set<Int>()) { $0.formUnion(tokenOf[$1]) }
            if let lo = ts.min(), let hi = ts.max() {
                phraseWords = utf16(phraseText, phrase.tokens[lo].start, phrase.tokens[hi].end)
            } else {
                let units = part.map(\.phrase).filter { !$0.isEmpty }
                phraseWords = units.joined(separator: units.allSatisfy { $0.count == 1 } ? "" : " ")
            }
        }
        let scored = part.filter { ![.filler, .extra, .freeText].contains($0.kind) }
        let similarity = scored.contains { $0.kind != .missing } ? scored.map(\.similarity).reduce(0, +) / Double(scored.count) : nil
        return ExplainedWord(kinds: kinds, said: saidText, start: start, end: end,
                             heard: heardText.isEmpty || fold(heardText) == fold(saidText) ? nil : heardText,
                             phrase: phraseWords, slot: slotStep?.slot ?? part.first { $0.kind == .freeText || $0.kind == .unknownValue || $0.kind == .missing }?.slot,
                             similarity: similarity, steps: g)
    }

    /// The UTF-16 span `a..<b` of `s` (empty when out of range).
    static func utf16(_ s: String, _ a: Int, _ b: Int) -> String {
        let u = s.utf16
        guard a >= 0, a <= b, b <= u.count else { return "" }
        return String(s[u.index(u.startIndex, offsetBy: a)..<u.index(u.startIndex, offsetBy: b)])
    }

    /// Case, width, kana and spaces folded, apostrophes kept: what tells "what's" from "what is"
    /// but not "を" from "ヲ", "Vocavo" from "vocavo" or "アンペリー" from "アン ペリー".
    static func fold(_ s: String) -> String {
        String(String.UnicodeScalarView(s.precomposedStringWithCompatibilityMapping.lowercased().unicodeScalars.compactMap { c in
            c.properties.isWhitespace ? nil : (0x3041...0x3096).contains(c.value) ? Unicode.Scalar(c.value + 0x60) ?? c : c
        }))
    }

    static func isCJK(_ c: Unicode.Scalar?) -> Bool {
        guard let v = c?.value else { return false }
        return Script.isHanOrKana(v)
    }

    /// Han characters (and the iteration mark 々) only.
    static func isHanRun(_ s: String) -> Bool {
        !s.isEmpty && s.unicodeScalars.allSatisfy { Script.isHan($0.value) || $0.value == 0x3005 }
    }
}

/// Terminal display width: East Asian wide and fullwidth characters take two columns, combining
/// marks none (what lines up CJK columns).
public enum DisplayWidth {
    public static func of(_ s: String) -> Int {
        s.unicodeScalars.reduce(0) { w, c in w + width(c) }
    }

    static func width(_ c: Unicode.Scalar) -> Int {
        let v = c.value
        if v == 0 || c.properties.generalCategory == .nonspacingMark || c.properties.generalCategory == .enclosingMark
            || (0x200B...0x200F).contains(v) || v == 0xFE0F { return 0 }
        return isWide(v) ? 2 : 1
    }

    /// East Asian wide and fullwidth code points (two terminal columns; the REPL's line editor
    /// places its cursor by the same table).
    public static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// `s` padded with spaces to `columns` display columns (unchanged when already as wide).
    public static func pad(_ s: String, to columns: Int) -> String {
        s + String(repeating: " ", count: max(0, columns - of(s)))
    }
}
