import Foundation

/// A small, fast, seedable generator (SplitMix64, Steele, Lea & Flood 2014). Its output is
/// fixed by the algorithm, unlike the standard library's shuffles, so the same seed gives the
/// same corpus on every platform and Swift version.
public struct SplitMix64: Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<n (0 when n <= 0), by multiply-high (no modulo bias worth caring about).
    public mutating func int(below n: Int) -> Int {
        guard n > 1 else { return 0 }
        return Int(next().multipliedFullWidth(by: UInt64(n)).high)
    }

    public mutating func pick<T>(_ a: [T]) -> T? {
        a.isEmpty ? nil : a[int(below: a.count)]
    }

    /// Fisher–Yates.
    public mutating func shuffle<T>(_ a: inout [T]) {
        guard a.count > 1 else { return }
        for i in stride(from: a.count - 1, to: 0, by: -1) {
            let j = int(below: i + 1)
            if i != j { a.swapAt(i, j) }
        }
    }

    /// FNV-1a of a string: a stable hash (Swift's `Hasher` is seeded per process).
    public static func stableHash(_ s: String) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in s.utf8 {
            h ^= UInt64(b)
            h = h &* 0x0000_0100_0000_01B3
        }
        return h
    }
}

/// One generated corpus line (spec: corpus.md).
public struct SynthLine: Sendable, Hashable {
    public struct Parameter: Sendable, Hashable {
        public var name: String
        public var value: ParameterValue
    }
    public struct Expect: Sendable, Hashable {
        public var app: String
        public var intent: String
        public var parameters: [Parameter]
    }
    public var text: String
    public var locale: String
    /// nil: nothing may run (out-of-domain, near miss, negative phrase).
    public var expect: Expect?
    /// Variant tags, then `synth`.
    public var tags: [String]

    public var json: JSONOut {
        let e: JSONOut
        if let x = expect {
            e = .object([("app", .string(x.app)), ("intent", .string(x.intent)),
                         ("parameters", .object(x.parameters.map { ($0.name, $0.value.json) }))])
        } else {
            e = .null
        }
        return .object([("text", .string(text)), ("locale", .string(locale)), ("expect", e),
                        ("tags", .array(tags.map { .string($0) }))])
    }
}

/// Derives a starter corpus from catalogs: for a sample of expanded phrases (inside the
/// 1,000-phrase budget, spread across shortcuts, templates and options) it writes the phrase
/// itself and variants a person or a speech recognizer would produce, plus near misses,
/// negative phrases and out-of-domain controls. Every line carries the tag `synth`.
///
/// Deterministic: the same catalogs, locales, options and seed give the same lines. Each
/// (app, locale) pair has its own random stream, so adding a locale or an app does not
/// change the lines of the others.
public enum Synth {
    /// Variant tags (the corpus vocabulary of `Corpora/README.md`).
    public static let variantTags = [
        "clean", "filler", "reword", "asr-sound", "asr-split", "asr-number", "asr-accent", "alt-name", "synonym",
        "no-app-name", "out-of-domain", "near-miss", "negative",
    ]
    /// The tag on every generated line.
    public static let tag = "synth"

    public struct Options: Sendable {
        /// Expanded phrases sampled per shortcut and locale; each yields several variants.
        public var perShortcut: Int
        public var seed: UInt64
        public init(perShortcut: Int = 4, seed: UInt64 = 1) {
            self.perShortcut = perShortcut
            self.seed = seed
        }
    }

    /// Which locales to generate.
    public enum Locales: Sendable, Hashable {
        /// Each catalog's development locale.
        case development
        /// Every locale of every catalog.
        case all
        case only(String)
    }

    /// The locales a selection means for these catalogs, in a stable order.
    public static func locales(_ sel: Locales, catalogs: [Catalog]) -> [String] {
        var out: [String] = []
        func add(_ l: String) { if !out.contains(l) { out.append(l) } }
        switch sel {
        case .development: for c in catalogs { add(c.developmentLocale) }
        case .all: for c in catalogs { for l in c.allLocales { add(l) } }
        case .only(let l): add(l)
        }
        return out
    }

    /// Generates the lines: per locale, each catalog's lines (in catalog order), then the
    /// locale's out-of-domain controls.
    /// `progress` is called after each (locale, catalog): (done, total). The words of each
    /// language come from its locale profile in `store` (the profile's `"synth"` object).
    public static func generate(_ catalogs: [Catalog], locales sel: Locales = .development, options: Options = Options(),
                                store: LocaleStore = .shared, progress: ((Int, Int) -> Void)? = nil) -> [SynthLine] {
        var out: [SynthLine] = []
        let chosen = locales(sel, catalogs: catalogs)
        func takes(_ c: Catalog, _ locale: String) -> Bool {
            if case .development = sel, c.developmentLocale != locale { return false }
            if case .all = sel, !c.allLocales.contains(locale) { return false }
            return true
        }
        let total = chosen.reduce(0) { n, l in n + catalogs.filter { takes($0, l) }.count }
        var done = 0
        for locale in chosen {
            var seen = Set<String>()
            for c in catalogs where takes(c, locale) {
                var g = Generator(catalog: c, all: catalogs, locale: locale, options: options, store: store)
                for l in g.run() where seen.insert(l.text).inserted { out.append(l) }
                done += 1
                progress?(done, total)
            }
            var rng = SplitMix64(seed: options.seed ^ SplitMix64.stableHash("out-of-domain|" + locale))
            for t in outOfDomain(Normalizer.forLocale(locale, store: store).profile, rng: &rng) where seen.insert(t).inserted {
                out.append(SynthLine(text: t, locale: locale, expect: nil, tags: ["out-of-domain", tag]))
            }
        }
        return out
    }

    /// The lines as JSON Lines.
    public static func render(_ lines: [SynthLine]) -> String {
        var s = ""
        for l in lines { s += l.json.render() + "\n" }
        return s
    }

    // MARK: - Out-of-domain controls

    /// Simplified → traditional characters, for profiles whose `synth.accents` is `traditional`.
    static let simplifiedToTraditional: Transliterator? = Transliterator("Simplified-Traditional")

    /// The locale profile's out-of-domain requests (`synth.outOfDomain`), shuffled.
    static func outOfDomain(_ profile: LocaleProfile, rng: inout SplitMix64) -> [String] {
        var list = profile.synth.outOfDomain
        guard !list.isEmpty else { return [] }
        rng.shuffle(&list)
        return list
    }
}

// MARK: - Generation for one catalog and locale

extension Synth {
    /// A rendered phrase in pieces, so variants can change the app name, the value or the words around them.
    struct Segment {
        enum Kind { case text, app, value }
        var kind: Kind
        var text: String
    }

    /// Well-known apps for near misses ("the same request in another app"), said alike in every
    /// language; a profile's `synth.otherApps` adds the apps of its market.
    static let otherApps = ["Spotify", "WhatsApp", "Instagram", "Google Maps", "Netflix", "Uber", "Duolingo", "Strava",
                            "Evernote", "Slack", "YouTube", "Starbucks"]

    /// Sound-alike spelling changes a recognizer makes in any Latin-script language, tried in both
    /// directions after the profile's own `synth.soundSwaps`; a profile turns them off with
    /// `"latinSwaps": false` (they are on where its script is `Latn`).
    static let latinSwaps: [(String, String)] = [
        ("c", "k"), ("ck", "k"), ("ph", "f"), ("s", "z"), ("i", "y"), ("ee", "ea"), ("tt", "t"), ("ll", "l"),
        ("ss", "s"), ("mm", "m"), ("nn", "n"), ("pp", "p"), ("rr", "r"), ("bb", "b"), ("dd", "d"), ("gg", "g"),
        ("a", "e"), ("o", "u"), ("e", "i"), ("er", "ur"), ("er", "or"), ("ou", "ow"), ("qu", "kw"), ("x", "ks"),
        ("w", "v"),
    ]

    struct Generator: Sendable {
        let c: Catalog
        let all: [Catalog]
        let locale: String
        let options: Options
        let n: Normalizer
        /// The profile's `synth` words.
        let words: SynthWords
        /// Words separated by spaces (false for Japanese, Chinese, Thai…).
        let spaced: Bool
        /// Sound-alike swaps in both directions: the profile's own, then the Latin ones.
        let swaps: [(String, String)]
        var rng: SplitMix64
        var out: [SynthLine] = []
        var seen = Set<String>()
        /// In-budget phrases of this locale.
        var phrases: [ExpandedPhrase] = []
        var phraseKeys = Set<String>()
        /// Normalized option texts per "shortcut index/parameter" (catalogs can have thousands of options).
        var knownValues: [String: [String]] = [:]

        init(catalog: Catalog, all: [Catalog], locale: String, options: Options, store: LocaleStore = .shared) {
            c = catalog
            self.all = all
            self.locale = locale
            self.options = options
            n = Normalizer.forLocale(locale, store: store)
            let profile = n.profile
            words = profile.synth
            spaced = profile.segmentation == .spaces
            let own = profile.synth.soundSwaps.map { ($0.from, $0.to) }
            let base = (profile.synth.latinSwaps ?? (profile.script == "Latn" || profile.script.isEmpty)) ? Synth.latinSwaps : []
            let pairs = own + base
            swaps = pairs + pairs.filter { !$0.1.isEmpty }.map { ($0.1, $0.0) }
            rng = SplitMix64(seed: options.seed ^ SplitMix64.stableHash(catalog.app.id + "|" + locale))
        }

        mutating func run() -> [SynthLine] {
            var list: [ExpandedPhrase] = []
            Expansion.forEach(c, locale: locale, includeTruncated: false) { list.append($0); return true }
            phrases = list
            phraseKeys = Set(list.map { n.normalizedString($0.text) })
            for si in c.shortcuts.indices {
                let mine = phrases.filter { $0.shortcutIndex == si }
                for (k, b) in pickBases(mine).enumerated() { variants(of: b, index: k) }
            }
            for neg in Expansion.negativePhrases(c, locale: locale) {
                add(neg.text, nil, ["negative"])
            }
            return out
        }

        // MARK: Sampling

        /// Up to `perShortcut` phrases of one shortcut, said with the display name and an option's
        /// title, spread over templates and options (least-used first, ties in shuffled order).
        mutating func pickBases(_ mine: [ExpandedPhrase]) -> [ExpandedPhrase] {
            var cands = mine.filter { $0.appName.kind == .displayName && $0.option?.synonym == nil }
            if cands.isEmpty { cands = mine }
            rng.shuffle(&cands)
            var optUse: [String: Int] = [:]
            var tplUse: [Int: Int] = [:]
            var picked: [ExpandedPhrase] = []
            var taken = [Bool](repeating: false, count: cands.count)
            for _ in 0..<min(options.perShortcut, cands.count) {
                var best = -1
                var bestKey = (Int.max, Int.max)
                for (i, p) in cands.enumerated() where !taken[i] {
                    let key = (optUse[p.option?.value.identity ?? "", default: 0], tplUse[p.templateIndex, default: 0])
                    if key < bestKey { bestKey = key; best = i }
                }
                guard best >= 0 else { break }
                taken[best] = true
                let p = cands[best]
                optUse[p.option?.value.identity ?? "", default: 0] += 1
                tplUse[p.templateIndex, default: 0] += 1
                picked.append(p)
            }
            return picked
        }

        // MARK: Output

        func expect(_ p: ExpandedPhrase) -> SynthLine.Expect {
            SynthLine.Expect(app: c.app.id, intent: p.intent,
                             parameters: p.parameters.map { SynthLine.Parameter(name: $0.0, value: $0.1) })
        }

        mutating func add(_ text: String?, _ e: SynthLine.Expect?, _ tags: [String]) {
            guard let text else { return }
            let t = text.trimmingCharacters(in: .whitespaces)
            guard !t.isEmpty, seen.insert(t).inserted else { return }
            out.append(SynthLine(text: t, locale: locale, expect: e, tags: tags + [Synth.tag]))
        }

        // MARK: Variants

        func template(of p: ExpandedPhrase) -> PhraseTemplate? {
            let ts = c.shortcuts[p.shortcutIndex].templates(for: locale)
            return p.templateIndex < ts.count ? ts[p.templateIndex] : nil
        }

        func segments(_ t: PhraseTemplate, app: String, value: String?) -> [Segment] {
            var segs: [Segment] = []
            for piece in t.pieces {
                switch piece {
                case .text(let s): segs.append(Segment(kind: .text, text: s))
                case .appName: segs.append(Segment(kind: .app, text: app))
                case .parameter: segs.append(Segment(kind: .value, text: value ?? ""))
                }
            }
            return segs
        }

        static func join(_ segs: [Segment]) -> String { segs.map(\.text).joined() }

        mutating func variants(of b: ExpandedPhrase, index k: Int) {
            let e = expect(b)
            add(b.text, e, ["clean"])
            guard let t = template(of: b) else { return }
            let segs = segments(t, app: b.appName.text, value: b.option?.text)
            add(filler(segs), e, ["filler"])
            add(reword(segs, isBool: b.option?.value.isBool == true), e, ["reword"])
            add(soundAlike(segs), e, ["asr-sound"])
            add(split(segs), e, ["asr-split"])
            add(numbers(b.text), e, ["asr-number"])
            add(accents(segs), e, ["asr-accent"])
            // Alternative app names and synonyms: other expanded phrases of the same template.
            let alts = phrases.filter {
                $0.shortcutIndex == b.shortcutIndex && $0.templateIndex == b.templateIndex && $0.option == b.option
                    && $0.appName.kind != .displayName
            }
            if b.appName.kind == .displayName, let a = rng.pick(alts) { add(a.text, e, ["clean", "alt-name"]) }
            let syns = phrases.filter {
                $0.shortcutIndex == b.shortcutIndex && $0.templateIndex == b.templateIndex && $0.appName == b.appName
                    && $0.option?.value == b.option?.value && $0.option?.synonym != nil
            }
            if b.option?.synonym == nil, let s = rng.pick(syns) { add(s.text, e, ["synonym"]) }
            if k == 0 { add(withoutAppName(segs), e, ["no-app-name"]) }
            if k % 2 == 0 || b.option == nil || b.option?.value.isBool == true {
                add(otherApp(t, b), nil, ["near-miss"])
            } else {
                add(missingValue(t, b), nil, ["near-miss"])
            }
        }

        /// Lowercases the first letter unless the first word looks like a name (several capitals).
        func lowerFirst(_ s: String) -> String {
            guard spaced, let f = s.first, f.isUppercase else { return s }
            let firstWord = s.prefix { !$0.isWhitespace }
            if firstWord.dropFirst().contains(where: \.isUppercase) { return s }
            return f.lowercased() + s.dropFirst()
        }

        /// The phrase with its first letter lowercased when it starts with template text (not
        /// with the app name or a value, which keep their capitals).
        func lowerFirst(_ segs: [Segment]) -> String {
            guard let first = segs.first(where: { !$0.text.isEmpty }), first.kind == .text else { return Generator.join(segs) }
            return lowerFirst(Generator.join(segs))
        }

        func isFillerOnly(_ s: String) -> Bool {
            let toks = n.normalize(s).tokens
            return !toks.isEmpty && toks.allSatisfy { $0.flags.contains(.filler) }
        }

        /// Wake word at the start, politeness at the end, or both.
        mutating func filler(_ segs: [Segment]) -> String? {
            let text = Generator.join(segs)
            let wakes = words.wakeWords ?? n.profile.fillers.filter { $0.contains("siri") }
            let polite = words.politeness.filter { isFillerOnly($0) }
            let wake = wakes.first.map { w in rng.int(below: 2) == 0 ? w : (rng.pick(wakes) ?? w) }
            let end = rng.pick(polite)
            let sep = spaced ? " " : ""
            let bare = text.trimmingCharacters(in: CharacterSet(charactersIn: ".!?。！？"))
            switch (wake, end, rng.int(below: 3)) {
            case (let w?, let p?, 0):
                return w + sep + lowerFirst(segs).trimmingCharacters(in: CharacterSet(charactersIn: ".!?。！？")) + sep + p
            case (let w?, _, 1), (let w?, nil, _): return w + sep + lowerFirst(segs)
            case (_, let p?, _): return bare + sep + p
            default: return nil
            }
        }

        // MARK: Rewording

        /// The app-name clause: a connector before the app name (and one after it, in languages
        /// written without spaces), and the text around the clause.
        func clause(_ segs: [Segment]) -> (before: String, lead: String, app: String, trail: String, after: String)? {
            guard let ai = segs.firstIndex(where: { $0.kind == .app }),
                  segs.filter({ $0.kind == .app }).count == 1 else { return nil }
            var before = Generator.join(Array(segs[..<ai]))
            var after = Generator.join(Array(segs[(ai + 1)...]))
            var lead = "", trail = ""
            let connectors = n.profile.connectors.sorted { $0.count > $1.count }
            if spaced {
                var words = before.split(whereSeparator: \.isWhitespace).map(String.init)
                for k in stride(from: min(3, words.count), through: 1, by: -1) {
                    let cand = words.suffix(k).joined(separator: " ")
                    let norm = n.normalizedString(cand)
                    if connectors.contains(where: { n.normalizedString($0) == norm }) {
                        lead = cand
                        words.removeLast(k)
                        before = words.joined(separator: " ")
                        break
                    }
                }
            } else {
                let b = before.trimmingCharacters(in: .whitespaces)
                if let con = connectors.first(where: { !$0.isEmpty && b.hasSuffix($0) }) {
                    lead = con
                    before = String(b.dropLast(con.count))
                }
                let a = after.trimmingCharacters(in: .whitespaces)
                if let con = connectors.first(where: { !$0.isEmpty && a.hasPrefix($0) }) {
                    trail = con
                    after = String(a.dropFirst(con.count))
                }
            }
            let trim = CharacterSet.whitespaces.union(CharacterSet(charactersIn: ",、，。.!?！？:：;¿¡"))
            return (before.trimmingCharacters(in: trim), lead, segs[ai].text, trail, after.trimmingCharacters(in: trim))
        }

        /// Moves the app-name clause (with its connector) from the end to the front, or from
        /// the front to the end.
        func moveClause(_ segs: [Segment]) -> String? {
            guard let cl = clause(segs) else { return nil }
            let sep = spaced ? " " : ""
            let clauseText = [cl.lead, cl.app, cl.trail].filter { !$0.isEmpty }.joined(separator: sep)
            let hasConnector = !cl.lead.isEmpty || !cl.trail.isEmpty
            if cl.after.isEmpty, !cl.before.isEmpty, hasConnector {
                return clauseText + sep + lowerFirst(cl.before)
            }
            if cl.before.isEmpty, !cl.after.isEmpty {
                if hasConnector { return cl.after + sep + (spaced ? lowerFirst(clauseText) : clauseText) }
                if spaced, let con = n.profile.connectors.first { return cl.after + " " + con + " " + cl.app }
            }
            return nil
        }

        /// Drops an optional word ("my", "the", "を") outside the app name and the value.
        mutating func dropOptional(_ segs: [Segment]) -> String? {
            var cands: [(seg: Int, start: Int, end: Int)] = []
            let lastText = segs.lastIndex { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty }
            for (i, s) in segs.enumerated() where s.kind == .text {
                let toks = n.normalize(s.text).tokens
                for (k, tok) in toks.enumerated() where tok.flags.contains(.optional) && !tok.flags.contains(.connector)
                    && !tok.flags.contains(.filler) {
                    // Not the phrase's last word ("near me"): articles and possessives come before something.
                    if i == lastText, k == toks.count - 1 { continue }
                    cands.append((i, tok.start, tok.end))
                }
            }
            guard let pick = rng.pick(cands) else { return nil }
            var segs = segs
            let u = Array(segs[pick.seg].text.utf16)
            guard pick.start >= 0, pick.end <= u.count, pick.start < pick.end else { return nil }
            var a = pick.start, b = pick.end
            // Take one space with the word.
            if b < u.count, u[b] == 0x20 { b += 1 } else if a > 0, u[a - 1] == 0x20 { a -= 1 }
            segs[pick.seg].text = String(decoding: Array(u[..<a]) + Array(u[b...]), as: UTF16.self)
            let s = Generator.join(segs).trimmingCharacters(in: .whitespaces)
            return s.isEmpty ? nil : s
        }

        /// Inserts a possessive or article before the value ("log my water").
        mutating func insertOptional(_ segs: [Segment], isBool: Bool) -> String? {
            guard let vi = segs.firstIndex(where: { $0.kind == .value }), !isBool else { return nil }
            let insertable = words.insertable.filter { w in
                n.normalize(w).tokens.allSatisfy { $0.flags.contains(.optional) }
            }
            guard let w = rng.pick(insertable) else { return nil }
            if vi > 0, let last = n.normalize(segs[vi - 1].text).tokens.last, last.flags.contains(.optional) { return nil }
            var segs = segs
            segs[vi].text = w + (spaced ? " " : "") + segs[vi].text
            return Generator.join(segs)
        }

        mutating func reword(_ segs: [Segment], isBool: Bool) -> String? {
            var results: [String] = []
            if let s = moveClause(segs) { results.append(s) }
            if let s = dropOptional(segs) { results.append(s) }
            if let s = insertOptional(segs, isBool: isBool) { results.append(s) }
            return rng.pick(results)
        }

        /// The phrase without the app name and its connector. Only when the name is attached by
        /// a connector or opens the phrase ("Habit Tracker, log water"): a name used as a noun
        /// ("find a Bean Counter near me") leaves a broken sentence.
        func withoutAppName(_ segs: [Segment]) -> String? {
            guard let cl = clause(segs), !cl.lead.isEmpty || !cl.trail.isEmpty || cl.before.isEmpty else { return nil }
            let s = [cl.before, cl.after].filter { !$0.isEmpty }.joined(separator: spaced ? " " : "")
            return n.normalize(s).tokens.count >= 2 ? s : nil
        }

        // MARK: Recognizer errors

        func key(_ s: String) -> String { n.normalize(s).tokens.map(\.phonetic).joined(separator: " ") }

        /// Every single sound-alike edit of a word: (edited word, keeps the phonetic key).
        func edits(_ word: String) -> [(String, Bool)] {
            let w = spaced ? word.lowercased() : word
            guard w.count >= (spaced ? 4 : 1) else { return [] }
            let k0 = key(w)
            let norm0 = n.normalizedString(w)
            var out: [(String, Bool)] = []
            var seenEdits = Set<String>()
            for (from, to) in swaps {
                var searchStart = w.startIndex
                while let r = w.range(of: from, range: searchStart..<w.endIndex) {
                    searchStart = r.upperBound
                    // Leave the first letter alone in spaced languages (people hear it best).
                    if spaced, r.lowerBound == w.startIndex { continue }
                    var e = w
                    e.replaceSubrange(r, with: to)
                    guard !e.isEmpty, e != w, seenEdits.insert(e).inserted else { continue }
                    guard n.normalizedString(e) != norm0 else { continue }  // an accent-only change
                    let k = key(e)
                    out.append((e, !k0.isEmpty && k == k0))
                }
            }
            return out
        }

        /// A sound-alike misspelling in the app name, the value or another word; one that keeps
        /// the phonetic key when there is one.
        mutating func soundAlike(_ segs: [Segment]) -> String? {
            // (segment, word range in the segment, edit, keeps key)
            var keep: [(Int, Range<String.Index>, String)] = []
            var change: [(Int, Range<String.Index>, String)] = []
            var order = Array(segs.indices)
            rng.shuffle(&order)
            order.sort { rank(segs[$0].kind) < rank(segs[$1].kind) }
            for i in order {
                let s = segs[i].text
                let ranges = spaced ? Generator.words(s) : (s.isEmpty ? [] : [s.startIndex..<s.endIndex])
                for r in ranges {
                    for (e, kept) in edits(String(s[r])) {
                        if kept { keep.append((i, r, e)) } else { change.append((i, r, e)) }
                    }
                }
                if !keep.isEmpty { break }
            }
            guard let pick = rng.pick(keep) ?? rng.pick(change) else { return nil }
            var segs = segs
            var edited = pick.2
            // The first letter is never edited: keep its capital ("Gewohnheitstrackor").
            if let f = segs[pick.0].text[pick.1].first, f.isUppercase, let e = edited.first {
                edited = e.uppercased() + edited.dropFirst()
            }
            segs[pick.0].text.replaceSubrange(pick.1, with: edited)
            return Generator.join(segs)
        }

        func rank(_ k: Segment.Kind) -> Int {
            switch k {
            case .app, .value: return 0
            case .text: return 1
            }
        }

        static func words(_ s: String) -> [Range<String.Index>] {
            var out: [Range<String.Index>] = []
            var i = s.startIndex
            while i < s.endIndex {
                while i < s.endIndex, s[i].isWhitespace || s[i].isPunctuation { i = s.index(after: i) }
                let start = i
                while i < s.endIndex, !(s[i].isWhitespace || s[i].isPunctuation) || s[i] == "'" || s[i] == "’" {
                    i = s.index(after: i)
                }
                if start < i { out.append(start..<i) }
            }
            return out
        }

        /// Splits a long word in two or merges two words; for languages written without
        /// spaces, inserts a space between two words (or where the script changes).
        mutating func split(_ segs: [Segment]) -> String? {
            var results: [[Segment]] = []
            if spaced {
                for (i, s) in segs.enumerated() {
                    let ws = Generator.words(s.text)
                    for r in ws where s.text[r].count >= 7 && s.text[r].allSatisfy(\.isLetter) {
                        let w = Array(s.text[r])
                        guard let cut = rng.pick(Generator.syllableCuts(w)) else { continue }
                        var x = segs
                        x[i].text.replaceSubrange(r, with: String(w[..<cut]) + " " + String(w[cut...]))
                        results.append(x)
                    }
                    if s.kind != .text {
                        for (a, b) in zip(ws, ws.dropFirst()) where s.text[a.upperBound..<b.lowerBound] == " "
                            && s.text[a].allSatisfy(\.isLetter) && s.text[b].allSatisfy(\.isLetter) {
                            var x = segs
                            x[i].text.replaceSubrange(a.lowerBound..<b.upperBound, with: (s.text[a] + s.text[b]).lowercased())
                            results.append(x)
                        }
                    }
                }
            } else {
                for (i, s) in segs.enumerated() {
                    let u = Array(s.text.utf16)
                    guard u.count >= 2 else { continue }
                    // Word boundaries from the locale's word breaker, else script changes.
                    var cuts = n.normalize(s.text).tokens.map(\.start).filter { $0 > 0 && $0 < u.count }
                    if cuts.isEmpty {
                        let chars = Array(s.text)
                        var off = 0
                        for j in chars.indices {
                            if j > 0, Generator.scriptClass(chars[j - 1]) != Generator.scriptClass(chars[j]),
                               !chars[j - 1].isWhitespace, !chars[j].isWhitespace { cuts.append(off) }
                            off += chars[j].utf16.count
                        }
                    }
                    // Never before a space, a long-vowel mark or a small kana.
                    let noStart: Set<UInt16> = [0x20, 0x30FC, 0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087,
                                                0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7]
                    cuts = cuts.filter { $0 > 0 && $0 < u.count && u[$0 - 1] != 0x20 && !noStart.contains(u[$0]) }
                    if let j = rng.pick(cuts) {
                        var x = segs
                        x[i].text = String(decoding: Array(u[..<j]) + [0x20] + Array(u[j...]), as: UTF16.self)
                        results.append(x)
                    }
                }
            }
            return rng.pick(results).map(Generator.join)
        }

        /// Where a word can be cut like a recognizer hearing two words: between two consonants
        /// (not inside ch, sh, ph, th, gh, ck, qu), else before a consonant between vowels;
        /// at least three letters on each side.
        static func syllableCuts(_ w: [Character]) -> [Int] {
            func vowel(_ c: Character) -> Bool { "aeiouyàâäéèêëîïôöùûüáíóúåæøœ".contains(Character(c.lowercased())) }
            let digraphs: Set<String> = ["ch", "sh", "ph", "th", "gh", "ck", "qu", "ll", "rr"]
            guard w.count >= 7 else { return [] }
            var cc: [Int] = [], vcv: [Int] = []
            for p in 3...(w.count - 3) {
                let a = w[p - 1], b = w[p]
                if digraphs.contains(String([a, b]).lowercased()) { continue }
                if !vowel(a), !vowel(b), vowel(w[p - 2]) { cc.append(p) }
                if vowel(a), !vowel(b), vowel(w[p + 1]) { vcv.append(p) }
            }
            return cc.isEmpty ? vcv : cc
        }

        static func scriptClass(_ ch: Character) -> Int {
            guard let u = ch.unicodeScalars.first?.value else { return 0 }
            switch Script.of(u) {
            case .hiragana: return 1
            case .katakana: return 2
            case .han: return 3
            case .latin: return 4
            case .digit: return 5
            default: return 0
            }
        }

        /// Digits said as words, or number words written as digits.
        func numbers(_ text: String) -> String? {
            if let spelled = spellDigits(text) { return spelled }
            let norm = n.normalize(text)
            var u = Array(text.utf16)
            var changed = false
            for tok in norm.tokens.reversed() where tok.flags.contains(.number) {
                // Only number words: a token written with digits already is what this would produce.
                if norm.source(of: tok).unicodeScalars.contains(where: { ("0"..."9").contains($0) }) { continue }
                guard tok.start >= 0, tok.end <= u.count, tok.start < tok.end else { continue }
                u.replaceSubrange(tok.start..<tok.end, with: Array(tok.text.utf16))
                changed = true
            }
            let s = String(decoding: u, as: UTF16.self)
            return changed && s != text ? s : nil
        }

        static let groupSeparators: [Character] = [",", ".", " ", "\u{00A0}", "\u{202F}", "'"]

        /// "10,000 Steps" → "ten thousand Steps" with ICU's spellout for the locale.
        func spellDigits(_ text: String) -> String? {
            let chars = Array(text)
            var out = ""
            var i = 0
            var changed = false
            var speller: Spellout? = nil
            var ruleSet: String? = nil
            while i < chars.count {
                guard chars[i].isASCII, chars[i].isNumber else { out.append(chars[i]); i += 1; continue }
                var digits = ""
                var j = i
                while j < chars.count {
                    if chars[j].isASCII, chars[j].isNumber { digits.append(chars[j]); j += 1; continue }
                    // A group separator followed by exactly three digits ("10,000", "10.000", "10 000").
                    if Generator.groupSeparators.contains(chars[j]), j + 3 < chars.count,
                       (1...3).allSatisfy({ chars[j + $0].isASCII && chars[j + $0].isNumber }),
                       j + 4 >= chars.count || !(chars[j + 4].isASCII && chars[j + 4].isNumber) {
                        j += 1
                        continue
                    }
                    break
                }
                // Leave number-letter mixes ("3pm", "80s") and ordinals alone.
                if j < chars.count, chars[j].isLetter, spaced {
                    out += String(chars[i..<j]); i = j; continue
                }
                guard let value = Int(digits), value <= 1_000_000 else { out += String(chars[i..<j]); i = j; continue }
                if speller == nil {
                    speller = Spellout(locale: n.profile.id.replacingOccurrences(of: "-", with: "_"))
                    let sets = speller?.ruleSets ?? []
                    ruleSet = sets.first { $0 == "%spellout-cardinal" } ?? sets.first { $0.hasPrefix("%spellout-cardinal") }
                        ?? sets.first { $0 == "%spellout-numbering" }
                }
                guard let sp = speller, let rs = ruleSet, let words = sp.format(value, ruleSet: rs), !words.isEmpty else {
                    out += String(chars[i..<j]); i = j; continue
                }
                // ICU puts soft hyphens into long German numbers ("zehn\u{AD}tausend").
                out += words.replacingOccurrences(of: "\u{00AD}", with: "")
                changed = true
                i = j
            }
            return changed ? out : nil
        }

        /// The profile's `synth.accents`: marks stripped (Latin scripts), katakana ↔ hiragana in
        /// the app name or the value, or traditional characters.
        mutating func accents(_ segs: [Segment]) -> String? {
            let text = Generator.join(segs)
            var r: String? = nil
            let accents: SynthWords.Accents = words.accents ?? (n.profile.script == "Latn" ? .marks : .off)
            switch accents {
            case .kana:
                func hasKatakana(_ s: String) -> Bool { s.unicodeScalars.contains { (0x30A1...0x30F6).contains($0.value) } }
                func hasHiragana(_ s: String) -> Bool { s.unicodeScalars.contains { (0x3041...0x3096).contains($0.value) } }
                let named = segs.indices.filter { segs[$0].kind != .text && (hasKatakana(segs[$0].text) || hasHiragana(segs[$0].text)) }
                var x = segs
                if let i = rng.pick(named) {
                    x[i].text = hasKatakana(x[i].text) ? Generator.hiragana(x[i].text) : Core.katakana(x[i].text)
                    r = Generator.join(x)
                } else {
                    r = hasKatakana(text) ? Generator.hiragana(text) : Core.katakana(text)
                }
            case .traditional:
                r = Synth.simplifiedToTraditional?.transliterate(text)
            case .marks:
                let d = text.decomposedStringWithCanonicalMapping.unicodeScalars.filter {
                    !(0x0300...0x036F).contains($0.value)
                }
                var s = ""
                s.unicodeScalars.append(contentsOf: d)
                r = s.precomposedStringWithCanonicalMapping
            case .off:
                break
            }
            guard let r, r != text else { return nil }
            return r
        }

        static func hiragana(_ s: String) -> String {
            var out = ""
            for u in s.unicodeScalars {
                if (0x30A1...0x30F6).contains(u.value), let h = Unicode.Scalar(u.value - 0x60) {
                    out.unicodeScalars.append(h)
                } else {
                    out.unicodeScalars.append(u)
                }
            }
            return out
        }

        // MARK: Near misses

        /// App names of every loaded catalog in this locale, normalized.
        var loadedAppNames: [String] {
            all.flatMap { Expansion.appNames($0, locale: locale).map { n.normalizedString($0.text) } }
        }

        static func overlaps(_ a: String, _ b: String) -> Bool {
            if a.isEmpty || b.isEmpty { return false }
            let pa = " " + a + " ", pb = " " + b + " "
            return pa.contains(pb) || pb.contains(pa) || a.replacingOccurrences(of: " ", with: "").contains(b.replacingOccurrences(of: " ", with: ""))
                || b.replacingOccurrences(of: " ", with: "").contains(a.replacingOccurrences(of: " ", with: ""))
        }

        /// The phrase said to another well-known app.
        mutating func otherApp(_ t: PhraseTemplate, _ b: ExpandedPhrase) -> String? {
            let names = loadedAppNames
            let cands = (Synth.otherApps + words.otherApps).filter { o in
                let k = n.normalizedString(o)
                return !names.contains { Generator.overlaps($0, k) }
            }
            guard let other = rng.pick(cands) else { return nil }
            return Expansion.render(t, appName: other, value: b.option?.text)
        }

        /// The phrase with a value the parameter does not have.
        mutating func missingValue(_ t: PhraseTemplate, _ b: ExpandedPhrase) -> String? {
            guard let pname = b.parameterName, let p = c.shortcuts[b.shortcutIndex].parameter(named: pname),
                  let opts = Expansion.options(c, parameter: p, locale: locale) else { return nil }
            let cacheKey = "\(b.shortcutIndex)/\(pname)"
            let known: [String]
            if let k = knownValues[cacheKey] { known = k } else {
                known = opts.map { n.normalizedString($0.text) } + loadedAppNames
                knownValues[cacheKey] = known
            }
            let cands = words.missingValues.filter { v in
                let k = n.normalizedString(v)
                return !known.contains { Generator.overlaps($0, k) }
            }
            guard let v = rng.pick(cands) else { return nil }
            let s = Expansion.render(t, appName: b.appName.text, value: v)
            return phraseKeys.contains(n.normalizedString(s)) ? nil : s
        }
    }
}

extension ParameterValue {
    var isBool: Bool { if case .bool = self { return true }; return false }
}
