import Foundation

/// A simulated speech recognizer for the reality check (`collisions --against-synth N`): every
/// expanded phrase inside the budget is "heard" N times through a noisy channel that damages
/// words independently, and the real matcher routes the results. The hand-written corpora route
/// almost every utterance right, so they cannot tell which pairs are risky; this channel makes
/// enough mistakes to count confusions per target pair (docs/collisions.md, "Against reality").
///
/// The channel does not look at the other phrases of the catalog: each damaged word is changed
/// without knowing what it could be confused with, so the confusions it causes are the
/// matcher's, not the generator's.
///
/// Deterministic: each phrase has its own random stream (seed, app, locale and text), so the same
/// catalogs, options and seed give the same utterances, and adding a phrase changes no other.
public enum CollisionNoise {
    public struct Options: Sendable, Hashable {
        /// Noisy utterances per phrase.
        public var perPhrase: Int
        /// Chance that each word is damaged (at least one word of each utterance is).
        public var wordErrorRate: Double
        public var seed: UInt64
        public init(perPhrase: Int = 8, wordErrorRate: Double = 0.25, seed: UInt64 = 1) {
            self.perPhrase = perPhrase
            self.wordErrorRate = wordErrorRate
            self.seed = seed
        }
    }

    /// How a word is damaged.
    public enum Damage: String, Sendable, CaseIterable {
        /// A sound-alike respelling (synth's asr-sound edits: "c"→"k", "ph"→"f", "ei"→"ai", 在→再…).
        case sound
        /// One letter dropped, doubled or swapped with its neighbor (a misheard syllable).
        case garble
        /// The word is not heard at all.
        case drop
        /// The word runs into the next one ("turn on" → "turnon").
        case join
    }

    /// The tag on every generated utterance (plus the damages applied).
    public static let tag = "noise"
    /// File name of the generated utterances in predictions.
    public static let file = "(noise)"

    /// Noisy utterances of every in-budget phrase (every app name, option and synonym) of the
    /// locales, with their expected target; in catalog and budget order.
    public static func items(matcher: Matcher, locales: [String], options: Options, threads: Int? = nil) -> [CorpusItem] {
        items(matcher: matcher, phrases: phrases(matcher: matcher, locales: locales, shortcuts: nil), options: options, share: 1,
              threads: threads)
    }

    /// The phrases a simulation hears: the in-budget phrases of `shortcuts` ("app/Intent"; nil:
    /// all) of each locale and catalog, in catalog and budget order.
    typealias Heard = [(locale: String, catalog: Int, phrases: [ExpandedPhrase])]

    static func phrases(matcher: Matcher, locales: [String], shortcuts: Set<String>?) -> Heard {
        var out: Heard = []
        for l in locales {
            for (ci, c) in matcher.catalogs.enumerated() {
                var phrases: [ExpandedPhrase] = []
                Expansion.forEach(c, locale: l, includeTruncated: false) { p in
                    if shortcuts?.contains(c.app.id + "/" + p.intent) ?? true { phrases.append(p) }
                    return true
                }
                out.append((l, ci, phrases))
            }
        }
        return out
    }

    /// As `items`, for the given phrases, and of those the `share` whose stream starts below that
    /// fraction (a fixed sample: the same phrases every run). The phrases are damaged on `threads`
    /// threads; each has its own stream, so the result is the same on any number.
    static func items(matcher: Matcher, phrases heard: Heard, options: Options, share: Double, threads: Int? = nil) -> [CorpusItem] {
        var out: [CorpusItem] = []
        for (l, ci, phrases) in heard {
            let c = matcher.catalogs[ci]
            let gen = Synth.Generator(catalog: c, all: matcher.catalogs, locale: l, options: Synth.Options())
            let texts = phrases.map(\.text), app = c.app.id
            let damaged = Parallel.map(count: texts.count, threads: threads) { i -> [(String, [Damage])] in
                let stream = SplitMix64.stableHash(app + "|" + l + "|" + texts[i])
                if share < 1 {
                    var pick = SplitMix64(seed: stream)
                    if Double(pick.next() >> 11) / Double(1 << 53) >= share { return [] }
                }
                var rng = SplitMix64(seed: options.seed ^ stream)
                var said: [(String, [Damage])] = []
                for _ in 0..<options.perPhrase {
                    if let one = noisy(texts[i], generator: gen, rate: options.wordErrorRate, rng: &rng) { said.append(one) }
                }
                return said
            }
            for (p, said) in zip(phrases, damaged) where !said.isEmpty {
                var params: [String: String] = [:]
                for (k, v) in p.parameters { params[k] = v.identity }
                let expect = CorpusItem.Expectation(app: app, intent: p.intent, parameters: params)
                for (text, damages) in said {
                    out.append(CorpusItem(text: text, locale: l, expect: expect, tags: [tag] + damages.map(\.rawValue),
                                          file: file, line: out.count + 1))
                }
            }
        }
        return out
    }

    /// The utterances as a corpus (JSON Lines, spec: corpus.md).
    public static func render(_ items: [CorpusItem]) -> String {
        var s = ""
        for i in items {
            var e: JSONOut = .null
            if let x = i.expect {
                var o: [(String, JSONOut)] = []
                if let a = x.app { o.append(("app", .string(a))) }
                o.append(("intent", .string(x.intent)))
                o.append(("parameters", .object(x.parameters.sorted { $0.key < $1.key }.map { kv in
                    (kv.key, kv.value == "true" ? .bool(true) : (kv.value == "false" ? .bool(false) : .string(kv.value)))
                })))
                e = .object(o)
            }
            s += JSONOut.object([("text", .string(i.text)), ("locale", i.locale.map { .string($0) } ?? .null), ("expect", e),
                                 ("tags", .array(i.tags.map { .string($0) }))]).render() + "\n"
        }
        return s
    }

    /// A word of the text: its UTF-16 span.
    struct Word { var start: Int; var end: Int }

    static func words(_ text: String, generator g: Synth.Generator) -> [Word] {
        if g.spaced {
            return Synth.Generator.words(text).map { r in
                Word(start: r.lowerBound.utf16Offset(in: text), end: r.upperBound.utf16Offset(in: text))
            }
        }
        let n = text.utf16.count
        return g.n.normalize(text).tokens.compactMap { t in
            t.start >= 0 && t.end <= n && t.start < t.end ? Word(start: t.start, end: t.end) : nil
        }
    }

    /// One pass of the channel over a phrase; nil when nothing usable is left.
    static func noisy(_ text: String, generator g: Synth.Generator, rate: Double, rng: inout SplitMix64) -> (String, [Damage])? {
        let ws = words(text, generator: g)
        guard !ws.isEmpty else { return nil }
        var hit = ws.indices.filter { _ in Double(rng.next() >> 11) / Double(1 << 53) < rate }
        if hit.isEmpty { hit = [rng.int(below: ws.count)] }
        var u = Array(text.utf16)
        var damages: [Damage] = []
        // Right to left, so the spans of the words not yet edited stay valid.
        for i in hit.reversed() {
            let w = ws[i]
            guard w.end <= u.count else { continue }
            let word = String(decoding: u[w.start..<w.end], as: UTF16.self)
            var d = pick(&rng)
            if d == .join && (!g.spaced || i + 1 >= ws.count || hit.contains(i + 1)) { d = .garble }
            var replacement: [UInt16]
            switch d {
            case .sound:
                let edits = g.edits(word).map(\.0)
                if let e = rng.pick(edits) { replacement = Array(e.utf16); break }
                d = .garble
                replacement = garble(word, spaced: g.spaced, rng: &rng)
            case .garble:
                replacement = garble(word, spaced: g.spaced, rng: &rng)
            case .drop:
                replacement = []
            case .join:
                // Remove the spaces between this word and the next.
                let next = ws[i + 1]
                guard next.start <= u.count, w.end <= next.start else { continue }
                u.removeSubrange(w.end..<next.start)
                damages.append(.join)
                continue
            }
            if d == .drop || replacement.isEmpty {
                var a = w.start, b = w.end
                if b < u.count, u[b] == 0x20 { b += 1 } else if a > 0, u[a - 1] == 0x20 { a -= 1 }
                u.removeSubrange(a..<b)
                damages.append(.drop)
            } else {
                u.replaceSubrange(w.start..<w.end, with: replacement)
                damages.append(d)
            }
        }
        let out = String(decoding: u, as: UTF16.self).trimmingCharacters(in: .whitespaces)
        guard out != text, !g.n.normalize(out).tokens.isEmpty else { return nil }
        return (out, damages.reversed())
    }

    /// sound 35%, garble 25%, drop 25%, join 15%.
    static func pick(_ rng: inout SplitMix64) -> Damage {
        let x = rng.int(below: 20)
        return x < 7 ? .sound : (x < 12 ? .garble : (x < 17 ? .drop : .join))
    }

    /// One letter (not the first, in spaced languages) dropped, doubled or swapped with the next;
    /// words of one or two letters are dropped.
    static func garble(_ word: String, spaced: Bool, rng: inout SplitMix64) -> [UInt16] {
        var cs = Array(word)
        let first = spaced ? 1 : 0
        guard cs.count >= 3 || (!spaced && cs.count >= 2) else { return [] }
        let i = first + rng.int(below: cs.count - first)
        switch rng.int(below: 3) {
        case 0: cs.remove(at: i)
        case 1: cs.insert(cs[i], at: i)
        default:
            if i + 1 < cs.count { cs.swapAt(i, i + 1) } else { cs.remove(at: i) }
        }
        return Array(String(cs).utf16)
    }
}
