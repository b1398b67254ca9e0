import Synchronization

/// Turns text into the tokens the engine hears, for one locale profile. Catalog phrases and
/// utterances go through the same normalizer.
///
/// Stages: per-character mapping (NFKC, case folding, apostrophes, diacritic policy: a
/// precomputed table, ICU only for rare characters and combining sequences) → word
/// segmentation (spaces and punctuation; ICU's dictionary word break for Japanese, Chinese,
/// Thai and any text containing such scripts) → contractions, elisions, possessives,
/// particles, kana folding → numbers (digits, ICU spellout words, ordinals) → filler,
/// optional and connector marks → phonetic keys.
///
/// Immutable and safe to use from many threads; ICU service objects are guarded inside.
public final class Normalizer: Sendable {
    public var profile: LocaleProfile { core.profile }
    /// The locale this normalizer was asked for (may differ from `profile.id` after fallback).
    public let locale: String
    /// Set when the locale fell back to another profile.
    public let fallbackNote: String?

    let core: Core
    let phoneticCache = Mutex<[String: String]>([:])
    /// Syllable keys of single Han characters with the profile's `syllableMerges`
    /// (`IndexBuilder.phonetic`; the unmerged ones are shared by every normalizer).
    let syllableCacheWithMerges = Mutex<[UInt32: String]>([:])

    private static let registry = Mutex<[String: Normalizer]>([:])

    /// The shared normalizer for a locale (built once, then cached).
    public static func forLocale(_ locale: String, store: LocaleStore = .shared) -> Normalizer {
        let key = (store.directory ?? "-") + "|" + locale
        if let n = registry.withLock({ $0[key] }) { return n }
        let r = store.resolve(locale)
        let n = Normalizer(profile: r.profile, locale: locale, fallbackNote: r.note)
        return registry.withLock { reg in
            if let existing = reg[key] { return existing }
            reg[key] = n
            return n
        }
    }

    public init(profile: LocaleProfile, locale: String? = nil, fallbackNote: String? = nil) {
        self.locale = locale ?? profile.id
        self.fallbackNote = fallbackNote
        self.core = Core.build(profile: profile)
    }

    // MARK: - Public API

    /// Normalizes a text: tokens with normalized form, original span, flags and phonetic key.
    /// - Complexity: O(n) in the length of the text.
    public func normalize(_ text: String) -> NormalizedText {
        let raws = core.tokens(text)
        var tokens: [Token] = []
        tokens.reserveCapacity(raws.count)
        for r in raws {
            tokens.append(Token(text: r.text, start: r.start, end: r.end, flags: r.flags, phonetic: phoneticKey(r.text, flags: r.flags)))
        }
        return NormalizedText(original: text, locale: locale, tokens: tokens)
    }

    /// The normalized words of a text joined by spaces (no phonetic keys computed).
    public func normalizedString(_ text: String) -> String {
        core.tokens(text).map(\.text).joined(separator: " ")
    }

    /// Tokens without phonetic keys (the matcher computes keys only where it needs them).
    func tokensWithoutPhonetics(_ text: String) -> [Raw] { core.tokens(text) }

    /// The sound-alike key of one normalized word.
    public func phoneticKey(_ word: String, flags: Token.Flags = []) -> String {
        if flags.contains(.number) || flags.contains(.ordinal) { return word }
        if word.isEmpty { return "" }
        if let romanizer = core.romanizer {
            if word.utf8.allSatisfy({ $0 < 0x80 }) {
                return PhoneticKey.latin(word, rules: .generic)
            }
            if let k = phoneticCache.withLock({ $0[word] }) { return k }
            let latin = romanizer.transliterate(spoken(word))
            var letters = ""
            // The profile's `romanizedLetters` make letters one sound (ko: ㄴ and ㄹ, which
            // Korean assimilates into each other, "l" "r" → "n").
            let merge = core.romanizedLetters
            for u in latin.unicodeScalars where u.isASCII && (u.properties.isAlphabetic || u.properties.numericType != nil) {
                letters.unicodeScalars.append(merge.isEmpty ? u : merge[Int(u.value)])
            }
            let key = PhoneticKey.latin(letters, rules: .generic)
            phoneticCache.withLock { c in
                if c.count > 200_000 { c.removeAll(keepingCapacity: true) }
                c[word] = key
            }
            return key
        }
        return PhoneticKey.key(word, algorithm: core.profile.phonetic, rules: core.soundRules)
    }

    /// Whether the profile keeps letters with marks that a word may be written without
    /// (`unmarked`).
    var keepsMarkedLetters: Bool { !core.unmarkMap.isEmpty }

    /// A normalized word written without the marks of the letters the profile keeps (tr "kaç" →
    /// "kac", "adım" → "adim"; es "año" → "ano"), as a keyboard or recognizer without those
    /// letters writes it; the word itself when it has none.
    func unmarked(_ word: String) -> String {
        let map = core.unmarkMap
        guard !map.isEmpty, word.unicodeScalars.contains(where: { map[$0.value] != nil }) else { return word }
        var out = String.UnicodeScalarView()
        for u in word.unicodeScalars {
            if let b = map[u.value], let s = Unicode.Scalar(b) { out.append(s) } else { out.append(u) }
        }
        return String(out)
    }

    /// Whether `phoneticKey` is the Double Metaphone key (no romanizer, profile `double-metaphone`).
    var keysAreDoubleMetaphone: Bool { core.romanizer == nil && core.profile.phonetic == .doubleMetaphone }

    /// The shortest spelled form of a number in the locale ("two" for 2), when ICU spells it.
    public func spelledNumber(_ n: Int) -> String? { core.numberSpelling[n] }

    /// The locale's synonym groups, each member normalized; members that are not one plain
    /// word (filler, article, several words) are left out, and groups of fewer than two dropped.
    var synonymGroups: [[String]] { wordGroups(core.profile.synonyms) }

    /// The locale's groups of forms of one word, normalized like `synonymGroups`.
    var formGroups: [[String]] { wordGroups(core.profile.forms) }

    /// Similarity of a catalog word to itself written with a clitic or an ending added, dropped
    /// or exchanged (`attachedPrefixes`, `endings`): a form of it.
    static let affixSimilarity: Float = 0.95
    /// Similarity of a catalog word to itself written without its droppable marks (`droppableMarks`).
    static let marklessSimilarity: Float = 0.9

    /// The spellings of a catalog word (normalized) that the profile reads as that word: with an
    /// attached prefix or an ending added, dropped or exchanged, or without its droppable marks.
    /// A stem keeps at least two scalars (one Hangul syllable), so short words are not
    /// rewritten into each other. The word itself is not listed; the list is sorted and unique.
    func spellingVariants(of word: String) -> [(text: String, similarity: Float)] {
        let p = core.profile
        guard !p.attachedPrefixes.isEmpty || !p.endings.isEmpty || !p.droppableMarks.isEmpty else { return [] }
        var out: [String: Float] = [:]
        func longEnough(_ stem: Substring) -> Bool {
            var n = 0
            for u in stem.unicodeScalars { n += Script.isHangulSyllable(u.value) ? 2 : 1 }
            return n >= 2
        }
        func put(_ t: String, _ s: Float) {
            guard t != word, longEnough(Substring(t)) else { return }
            if (out[t] ?? 0) < s { out[t] = s }
        }
        // The word without one of the affixes, and the word or such a stem with each of them
        // (prefixes in front, endings at the back).
        func affixed(_ affixes: [String], prefix: Bool) {
            var stems = [Substring(word)]
            for q in affixes where !q.isEmpty && (prefix ? word.hasPrefix(q) : word.hasSuffix(q)) {
                let stem = prefix ? word.dropFirst(q.count) : word.dropLast(q.count)
                if longEnough(stem) { stems.append(stem) }
            }
            for stem in stems {
                put(String(stem), Normalizer.affixSimilarity)
                for q in affixes where !q.isEmpty { put(prefix ? q + stem : stem + q, Normalizer.affixSimilarity) }
            }
        }
        if !p.attachedPrefixes.isEmpty { affixed(p.attachedPrefixes, prefix: true) }
        if !p.endings.isEmpty { affixed(p.endings, prefix: false) }
        if !p.droppableMarks.isEmpty {
            let droppable = Set(p.droppableMarks.flatMap { $0.unicodeScalars.map(\.value) })
            let decomposed = ICU.nfd(Array(word.utf16)).string.unicodeScalars
            var someMarks = String.UnicodeScalarView(), noMarks = ""
            for u in decomposed {
                if !droppable.contains(u.value) { someMarks.append(u) }
                // Nonspacing marks (U_NON_SPACING_MARK = 6) all go.
                if ICU.charType(u.value) != 6 {
                    let c = String(u)
                    noMarks += p.marklessLetters[c] ?? c
                }
            }
            for t in [String(someMarks), noMarks] {
                let composed = ICU.nfkc(Array(t.utf16)).string
                put(composed, Normalizer.marklessSimilarity)
            }
        }
        return out.keys.sorted().map { ($0, out[$0] ?? 0) }
    }

    func wordGroups(_ groups: [[String]]) -> [[String]] {
        groups.compactMap { group in
            var out: [String] = []
            for m in group {
                let t = normalize(m).tokens
                guard t.count == 1, t[0].flags.isDisjoint(with: [.filler, .optional, .connector]), !out.contains(t[0].text) else { continue }
                out.append(t[0].text)
            }
            return out.count > 1 ? out : nil
        }
    }

    /// The locale's connector expressions ("in", "with", "in the app") as normalized words,
    /// longest first.
    var connectorSequences: [[String]] {
        core.lexicon.values.flatMap(\.connectors).sorted { $0.count > $1.count || ($0.count == $1.count && $0.lexicographicallyPrecedes($1)) }
    }

    /// Romanized form of a word (Any-Latin, Latin-ASCII), for locales with other scripts. (Han
    /// characters by their Mandarin reading: a single character's syllable, shared by every
    /// locale; the phonetic key of a word uses the profile's readings.)
    public func romanized(_ word: String) -> String? {
        core.romanizer?.transliterate(word)
    }

    /// The word as it is said: with its Han characters replaced by their reading when the
    /// profile has a reading table (ja 会議 → カイギ), otherwise the word.
    func spoken(_ word: String) -> String {
        core.profile.readingTable?.read(word) ?? word
    }
}

struct Raw {
    var text: String
    var start: Int
    var end: Int
    var flags: Token.Flags = []
    /// Index of the word's lexicon entry (-1: none; -2: not looked up yet).
    var lex: Int32 = -2
    /// Set by a rewrite that put this catalog word in place of one the utterance wrote another
    /// way that sounds the same (`Rewrite.homophones`): it matches as a sound-alike.
    var read = false

    init(text: String, start: Int, end: Int, flags: Token.Flags = [], lex: Int32 = -2) {
        self.text = text
        self.start = start
        self.end = end
        self.flags = flags
        self.lex = lex
    }
}

/// The normalizer's tables and stages. A value: the builder makes it in steps, each step
/// using the previous one to normalize the profile's own word lists.
struct Core: Sendable {
    let profile: LocaleProfile
    let table: CharTable
    let breaker: WordBreaker?
    let tradToSimp: [UInt32: UInt32]
    let romanizer: Transliterator?
    let possessive: String?
    let particles: [[UInt32]]
    var ordinalSuffixes: [String]
    var ordinalPrefixes: [String]
    /// Per ordinal prefix: surely in NFC (`isSurelyNFC`), so compared by bytes first.
    var ordinalPrefixNFC: [Bool]
    /// Ordinal prefixes the language writes as a word of their own (vi `thứ hai`): they also
    /// combine with a number after a space.
    var spacedOrdinalPrefixes: Set<String> = []
    /// `"."` is an ordinal suffix (de `3.`, tr `3.`).
    let periodOrdinal: Bool
    /// The language writes no spaces (ja, zh, th): a space before an ordinal suffix is a
    /// recognizer's, and the suffix still marks the number ("14 号" is "14号").
    let spacelessOrdinals: Bool
    let useASCIIFastPath: Bool
    var elisions: Set<String> = []
    /// Lexicon: first token → entries starting with it.
    var lexicon: [String: LexEntry] = [:] {
        didSet {
            var index: [String: Int32] = [:]
            lexEntries = []
            for k in lexicon.keys.sorted() {
                index[k] = Int32(lexEntries.count)
                lexEntries.append(lexicon[k] ?? LexEntry())
            }
            lexIndex = StringTable(index)
            numberInitials = []
            for (k, e) in lexicon where e.numbers.contains(where: { $0.tokens.count == 1 && !$0.ordinal }) {
                if let f = k.unicodeScalars.first { numberInitials.insert(f.value) }
            }
        }
    }
    /// The same lexicon as an index into `lexEntries` (one hash lookup per word).
    var lexIndex = StringTable<Int32>([:])
    var lexEntries: [LexEntry] = []
    /// The first scalars of the lexicon's one-word cardinal numbers: a word that starts with no
    /// other has no leading number (`leadingNumber` looks up no prefix of it).
    var numberInitials = Set<UInt32>()
    /// number → its shortest spelled form in the locale ("2" → "two").
    var numberSpelling: [Int: String] = [:]
    /// The language subtag.
    let language: String
    /// `romanizedLetters` as a table of the 128 ASCII scalars (each itself unless the profile
    /// maps it); empty when the profile maps none.
    let romanizedLetters: [Unicode.Scalar]
    /// Counters written after a Han number (`counters`).
    let counters: Set<String>
    /// The profile's `syllableMerges`.
    let syllableMerges: SyllableMerges
    /// The profile's Latin spelling rules, for the phonetic key (`soundRules`).
    let soundRules: LatinSoundRules
    /// Letters the profile keeps from diacritic folding (`diacritics.keep`, case-folded), each
    /// mapped to the letter without its mark (tr "ş" → "s", "ı" → "i"; es "ñ" → "n"; ru "й" →
    /// "и"): how the word is written by a keyboard or recognizer without those letters.
    let unmarkMap: [UInt32: UInt32]

    struct LexEntry: Sendable {
        var optional = false
        /// Multi-token sequences starting with this token, longest first.
        var fillers: [[String]] = []
        var connectors: [[String]] = []
        var numbers: [(tokens: [String], value: Int, ordinal: Bool)] = []
        /// A whole-word rewrite ("what's" → "what is").
        var contraction: [String]? = nil
    }

    init(profile: LocaleProfile) {
        self.profile = profile
        table = CharTable(profile: profile)
        let icuLocale = profile.id == "und" ? "root" : profile.id.replacingOccurrences(of: "-", with: "_")
        breaker = WordBreaker(locale: icuLocale)
        tradToSimp = profile.chineseSimplified ? Core.buildTraditionalToSimplified() : [:]
        romanizer = profile.romanize ? Transliterator("Any-Latin; Latin-ASCII; Lower") : nil
        possessive = profile.possessive
        ordinalSuffixes = profile.ordinalSuffixes.filter { $0 != "." }.sorted { $0.count > $1.count }
        ordinalPrefixes = profile.ordinalPrefixes
        ordinalPrefixNFC = profile.ordinalPrefixes.map(isSurelyNFC)
        periodOrdinal = profile.ordinalSuffixes.contains(".")
        spacelessOrdinals = profile.segmentation == .dictionary
        useASCIIFastPath = profile.caseFolding == .default && profile.segmentation == .spaces
            && profile.letterMap.keys.allSatisfy { !$0.unicodeScalars.allSatisfy(\.isASCII) }
        particles = profile.particles.map { $0.unicodeScalars.map(\.value) }.sorted { $0.count > $1.count }
        language = profile.language
        soundRules = profile.soundRules
        romanizedLetters = Core.asciiTable(profile.romanizedLetters)
        counters = Set(profile.counters)
        syllableMerges = profile.syllableMerges
        unmarkMap = Core.unmarkMap(profile)
    }

    /// A map of ASCII scalars as a table indexed by the scalar (the others map to themselves);
    /// empty for an empty map.
    static func asciiTable(_ map: [String: String]) -> [Unicode.Scalar] {
        var table = (0..<128).map { (b: UInt8) in Unicode.Scalar(b) }
        for (k, v) in map {
            guard let from = k.unicodeScalars.first, from.isASCII, let to = v.unicodeScalars.first, to.isASCII else { continue }
            table[Int(from.value)] = to
        }
        return map.isEmpty ? [] : table
    }

    /// Each kept letter (`diacritics.keep`, in both cases' folded form) → its base letter: the
    /// first scalar of its canonical decomposition, or "i" for the dotless "ı", which has none.
    /// Empty when the profile keeps no letter or keeps every mark (`mode` `keep`).
    static func unmarkMap(_ profile: LocaleProfile) -> [UInt32: UInt32] {
        guard profile.diacriticMode == .fold else { return [:] }
        let turkic = profile.caseFolding == .turkic
        var map: [UInt32: UInt32] = [:]
        for k in profile.diacriticKeep {
            let folded = ICU.fold(Array(k.utf16), turkic: turkic).string
            for letter in Set([k, folded]) {
                let sc = Array(letter.unicodeScalars)
                guard sc.count == 1, let first = sc.first else { continue }
                let base = ICU.nfd(Array(letter.utf16)).string.unicodeScalars.first?.value ?? first.value
                if base != first.value {
                    map[first.value] = base
                } else if first.value == 0x131 {
                    map[first.value] = 0x69
                }
            }
        }
        return map
    }

    static func build(profile: LocaleProfile) -> Core {
        var core = Core(profile: profile)
        var e = Set<String>()
        for el in profile.elisions {
            let t = core.rawTokens(el).map(\.text).joined()
            e.insert(t.hasSuffix("'") ? String(t.dropLast()) : t)
        }
        e.remove("")
        core.elisions = e
        // Ordinal marks meet the text in normalized form (ja `つ目` → `ツ目`).
        func joinedForm(_ s: String) -> String {
            let t = core.rawTokens(s).map(\.text).joined()
            return t.isEmpty ? s : t
        }
        core.ordinalSuffixes = profile.ordinalSuffixes.filter { $0 != "." }.map(joinedForm).sorted { $0.count > $1.count }
        core.ordinalPrefixes = profile.ordinalPrefixes.map(joinedForm)
        core.ordinalPrefixNFC = core.ordinalPrefixes.map(isSurelyNFC)
        var lex: [String: LexEntry] = [:]
        // Sorted, so that two spellings meeting on one key resolve the same way in every process.
        for (k, v) in Core.separableVerbs(profile).merging(profile.contractions, uniquingKeysWith: { $1 }).sorted(by: { $0.key < $1.key }) {
            let key = Core.lowerKey(k, core: core)
            let exp = core.rawTokens(v).map(\.text)
            if !key.isEmpty, !exp.isEmpty { lex[key, default: LexEntry()].contraction = exp }
        }
        core.lexicon = lex
        func seq(_ s: String) -> [String] { core.rawTokens(s).map(\.text) }
        /// A list entry as tokens. A trailing elided word keeps its apostrophe (`l'`, `dans l'`,
        /// `nell'`), as it does when the tokenizer splits `l'app`.
        func entry(_ s: String) -> [String] {
            var t = seq(s)
            if let last = t.last, let cp = s.unicodeScalars.last?.value,
               cp == 0x27 || CharTable.isApostropheVariant(cp), core.elisions.contains(last) {
                t[t.count - 1] = last + "'"
            }
            return t
        }
        for f in profile.fillers {
            let t = entry(f)
            guard let first = t.first else { continue }
            lex[first, default: LexEntry()].fillers.append(t)
        }
        for f in profile.connectors {
            let t = entry(f)
            guard let first = t.first else { continue }
            lex[first, default: LexEntry()].connectors.append(t)
        }
        var optionalWords = Set<String>()
        for w in profile.optionalWords {
            let t = entry(w)
            if t.count == 1 { lex[t[0], default: LexEntry()].optional = true; optionalWords.insert(t[0]) }
        }
        if profile.spellout {
            var spelled = Core.spelledNumbers(profile: profile, normalize: seq)
            for (w, v) in profile.numberWords.sorted(by: { $0.key < $1.key }) {
                let t = seq(w)
                if !t.isEmpty { spelled.append((t, v, false)) }
            }
            for (tokens, value, ordinal) in spelled where !ordinal && tokens.count <= 2 {
                // The shortest cardinal spelling of each number (for sound-alikes: "to" ~ "2").
                let w = tokens.joined(separator: " ")
                if let old = core.numberSpelling[value], old.count <= w.count { continue }
                core.numberSpelling[value] = w
            }
            for (tokens, value, ordinal) in spelled {
                guard let first = tokens.first else { continue }
                // "thứ hai": the ordinal prefix is a word of its own.
                if ordinal, tokens.count > 1, core.ordinalPrefixes.contains(first) { core.spacedOrdinalPrefixes.insert(first) }
                // A lone article that is also "one" stays a word ("un café").
                if tokens.count == 1, optionalWords.contains(first) { continue }
                lex[first, default: LexEntry()].numbers.append((tokens, value, ordinal))
            }
        }
        for (k, var v) in lex {
            v.fillers.sort { $0.count > $1.count }
            v.connectors.sort { $0.count > $1.count }
            v.numbers.sort { $0.tokens.count > $1.tokens.count || ($0.tokens.count == $1.tokens.count && $0.value < $1.value) }
            lex[k] = v
        }
        core.lexicon = lex
        return core
    }

    /// The verbs of the profile's `forms` written with a separable prefix, as rewrites to the
    /// prefix and the verb: "ausschalten" → "aus schalten", "abzuspielen" → "ab spielen" (the verb
    /// itself a word of `forms`, of 4 letters or more).
    static func separableVerbs(_ profile: LocaleProfile) -> [String: String] {
        guard !profile.separablePrefixes.isEmpty else { return [:] }
        var verbs = Set<String>()
        for g in profile.forms { for w in g { verbs.insert(w.lowercased()) } }
        var out: [String: String] = [:]
        for w in verbs.sorted() {
            for p in profile.separablePrefixes where w.hasPrefix(p) {
                var rest = String(w.dropFirst(p.count))
                if rest.hasPrefix("zu"), verbs.contains(String(rest.dropFirst(2))) { rest = String(rest.dropFirst(2)) }
                guard rest.count >= 4, verbs.contains(rest) else { continue }
                if let old = out[w], old.count >= p.count + 1 + rest.count { continue }
                out[w] = p + " " + rest
            }
        }
        return out
    }

    /// A contraction key as the tokenizer will see it: one word with its apostrophe.
    static func lowerKey(_ k: String, core: Core) -> String {
        // Characters and segmentation only: the apostrophe stays.
        let toks = core.characterTokens(k)
        return toks.count == 1 ? toks[0].text : ""
    }

    @inline(__always)
    func lookup(_ r: inout Raw) -> Int32 {
        if r.lex == -2 { r.lex = lexIndex[r.text] ?? -1 }
        return r.lex
    }

    /// All stages but phonetic keys.
    func tokens(_ text: String) -> [Raw] {
        var raws = rawTokens(text)
        applyNumbers(&raws, text: text)
        if !Core.isASCII(text) {
            splitHanLexiconWords(&raws)
            splitGluedWakeWord(&raws)
        }
        applyLexicon(&raws)
        return raws
    }

    /// Whether `s` is one word of the lexicon: a filler, a connector or an optional word.
    func isLexiconWord(_ s: String, fillerOnly: Bool = false) -> Bool {
        guard let li = lexIndex[s] else { return false }
        let e = lexEntries[Int(li)]
        if e.fillers.contains([s]) { return true }
        if fillerOnly { return false }
        return e.optional || e.connectors.contains([s])
    }

    /// A wake word a recognizer glued to the katakana word after it ("ヘイシリアンペリーで…", which
    /// the dictionary segmenter cuts ヘ|イ|シリア|ン|ペリー, or "ヘイシリノートリー…", cut
    /// ヘ|イ|シ|リ|ノート|リー): when the run of kana words that starts the text begins with a
    /// filler of three or more characters that is not its first word as cut, the filler becomes
    /// one word and the rest of the run is segmented again on its own. (Shorter fillers are left
    /// alone: "シリ" begins "シリーズ".)
    func splitGluedWakeWord(_ raws: inout [Raw]) {
        if lexEntries.isEmpty || raws.count < 2 { return }
        func isKana(_ u: Unicode.Scalar) -> Bool { Script.isKana(u.value) }
        guard raws[0].text.unicodeScalars.first.map(isKana) == true else { return }
        var m = 0
        var sc: [Unicode.Scalar] = []
        while m < raws.count, raws[m].flags.isEmpty, m == 0 || raws[m].start == raws[m - 1].end,
              raws[m].end - raws[m].start == raws[m].text.utf16.count,
              raws[m].text.unicodeScalars.allSatisfy(isKana) {
            sc.append(contentsOf: raws[m].text.unicodeScalars)
            m += 1
        }
        guard m >= 2, sc.count >= 4 else { return }
        var cut = 0
        // The run's UTF-8 and each scalar's offset in it: a prefix that is no key of the
        // lexicon, looked up as bytes, makes no string.
        var utf8: [UInt8] = [], offsets = [0]
        for u in sc { UTF8.encode(u) { utf8.append($0) }; offsets.append(utf8.count) }
        for len in stride(from: min(8, sc.count - 1), through: 3, by: -1)
        where utf8.withUnsafeBufferPointer({ lexIndex[bytes: UnsafeBufferPointer(rebasing: $0[..<offsets[len]])] != nil })
            && isLexiconWord(Core.text(sc[..<len]), fillerOnly: true) {
            cut = len
            break
        }
        // Nothing to do when the filler is the first word as cut.
        guard cut > 0, cut != raws[0].text.unicodeScalars.count else { return }
        let start = raws[0].start
        var out = [Raw(text: Core.text(sc[..<cut]), start: start, end: start + cut)]
        for r in rawTokens(Core.text(sc[cut...])) {
            out.append(Raw(text: r.text, start: start + cut + r.start, end: start + cut + r.end, flags: r.flags))
        }
        raws.replaceSubrange(0..<m, with: out)
    }

    /// A Han word that the dictionary segmenter glued to a filler ("看一下" → "看" "一下",
    /// "查一下"), or that is two lexicon words ("我在" → "我" "在"), is read as its parts, so the
    /// filler, optional word or connector is one. A word that is itself in the lexicon, or that
    /// does not split so, stays whole ("现在" is not "现" "在": "现" is no lexicon word).
    func splitHanLexiconWords(_ raws: inout [Raw]) {
        if lexEntries.isEmpty { return }
        func isHan(_ u: Unicode.Scalar) -> Bool { Script.isHan(u.value) }
        // Most utterances have no Han word: look at first scalars before building anything.
        guard raws.contains(where: { $0.flags.isEmpty && $0.text.unicodeScalars.first.map(isHan) == true }) else { return }
        // Whether the word spelled by these bytes is a filler of the lexicon (or, unless
        // `fillerOnly`, an optional word or connector). The string is made only for a word of
        // the lexicon.
        func isLexiconWord(_ p: UnsafeBufferPointer<UInt8>, fillerOnly: Bool = false) -> Bool {
            guard lexIndex[bytes: p] != nil else { return false }
            return self.isLexiconWord(String(decoding: p, as: UTF8.self), fillerOnly: fillerOnly)
        }
        // Built only once a word is cut (most Han words are none): until then, `raws[..<k]`.
        var out: [Raw]? = nil
        for k in raws.indices {
            let raw = raws[k]
            var text = raw.text
            // Only whole Han words whose span has one UTF-16 unit per character (offsets split
            // with them). Each of these Han characters is three UTF-8 bytes: the word is cut at
            // byte 3c (c characters), and its pieces are looked up as bytes.
            guard raw.flags.isEmpty, raw.text.unicodeScalars.allSatisfy(isHan) else { out?.append(raw); continue }
            let cut = text.withUTF8 { p -> Int in
                let n = p.count / 3
                guard n >= 2, raw.end - raw.start == n, lexIndex[bytes: p] == nil else { return -1 }
                for c in 1..<n {
                    let x = UnsafeBufferPointer(rebasing: p[..<(3 * c)]), y = UnsafeBufferPointer(rebasing: p[(3 * c)...])
                    if (n - c >= 2 && isLexiconWord(y, fillerOnly: true))
                        || (c >= 2 && isLexiconWord(x, fillerOnly: true))
                        || (isLexiconWord(x) && isLexiconWord(y)) { return c }
                }
                return -1
            }
            guard cut > 0 else { out?.append(raw); continue }
            if out == nil {
                var o: [Raw] = []
                o.reserveCapacity(raws.count + 4)
                o.append(contentsOf: raws[..<k])
                out = o
            }
            let sc = Array(raw.text.unicodeScalars)
            out?.append(Raw(text: Core.text(sc[..<cut]), start: raw.start, end: raw.start + cut))
            out?.append(Raw(text: Core.text(sc[cut...]), start: raw.start + cut, end: raw.end))
        }
        if let out { raws = out }
    }
}

extension Core {
    // MARK: - Stage 1: characters and segmentation

    func rawTokens(_ text: String) -> [Raw] {
        var raws = characterTokens(text)
        postProcess(&raws)
        return raws
    }

    /// The text of some scalars (a piece of a word being cut again).
    static func text(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        string(scalars.count) { put in for u in scalars { put(u) } }
    }

    /// The string of at most `count` scalars that `body` gives, one by one, to its argument:
    /// their UTF-8 in a stack buffer, then one string (appending to a string scalar by scalar
    /// grows it each time).
    @inline(__always)
    static func string(_ count: Int, _ body: ((Unicode.Scalar) -> Void) -> Void) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, 4 * count)) { buf -> String in
            var k = 0
            body { u in
                // (At most `count` scalars of at most four bytes: never past the buffer.)
                guard k + 4 <= buf.count else { return }
                UTF8.encode(u) { b in buf[k] = b; k += 1 }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buf[..<k]), as: UTF8.self)
        }
    }


    /// Whether every byte of `s` is ASCII.
    static func isASCII(_ s: String) -> Bool {
        var t = s
        return t.withUTF8 { allASCII($0) }
    }

    /// Character mapping and segmentation only.
    func characterTokens(_ text: String) -> [Raw] {
        if text.isEmpty { return [] }
        let isASCII = Core.isASCII(text)
        var raws: [Raw]
        if isASCII && useASCIIFastPath {
            raws = asciiTokens(text)
        } else {
            raws = unicodeTokens(text)
        }
        return raws
    }

    private func asciiTokens(_ text: String) -> [Raw] {
        var out: [Raw] = []
        var s = text
        return s.withUTF8 { buf -> [Raw] in
            let n = buf.count
            // At most one token per two bytes (a letter and a separator).
            out.reserveCapacity(n / 2 + 1)
            var i = 0
            // Lowercase bytes of the current token, in a stack buffer.
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: n) { low -> [Raw] in
                while i < n {
                    let b = buf[i]
                    if !Core.isASCIIWord(b) { i += 1; continue }
                    let start = i
                    var len = 0
                    while i < n {
                        let c = buf[i]
                        if Core.isASCIIWord(c) {
                            low[len] = (c >= 65 && c <= 90) ? c + 32 : c
                            len += 1
                            i += 1
                        } else if c == 0x27 || c == 0x60, i + 1 < n, Core.isASCIIWord(buf[i + 1]) {
                            low[len] = 0x27
                            len += 1
                            i += 1
                        } else {
                            break
                        }
                    }
                    let t = String(decoding: UnsafeBufferPointer(rebasing: low[0..<len]), as: UTF8.self)
                    out.append(Raw(text: t, start: start, end: i))
                }
                return out
            }
        }
    }

    /// `s` without its apostrophes (U+0027; the character mapping made every apostrophe one).
    static func droppingApostrophes(_ s: String) -> String {
        var t = s
        return t.withUTF8 { p in String(decoding: p.lazy.filter { $0 != 0x27 }, as: UTF8.self) }
    }

    @inline(__always)
    static func isASCIIWord(_ b: UInt8) -> Bool {
        (b >= 97 && b <= 122) || (b >= 65 && b <= 90) || (b >= 48 && b <= 57)
    }

    private func unicodeTokens(_ text: String) -> [Raw] {
        // Map every character, remembering where each output scalar came from.
        var out: [UInt32] = []
        var origStart: [Int32] = []
        var origEnd: [Int32] = []
        let scalars = Array(text.unicodeScalars)
        out.reserveCapacity(scalars.count + 8)
        origStart.reserveCapacity(scalars.count + 8)
        origEnd.reserveCapacity(scalars.count + 8)
        var needsDictionary = profile.segmentation == .dictionary
        var i = 0
        var offset = 0  // UTF-16 offset of scalars[i]
        var cluster: [UInt16] = []
        while i < scalars.count {
            let first = scalars[i].value
            var j = i + 1
            var end = offset + (first > 0xFFFF ? 2 : 1)
            // Attach following combining marks, joiners and variation selectors.
            while j < scalars.count {
                let c = scalars[j].value
                let isCombining: Bool
                if c == 0x200D || (c >= 0xFE00 && c <= 0xFE0F) || (c >= 0x1F3FB && c <= 0x1F3FF) {
                    isCombining = true
                } else {
                    isCombining = table.classify(c) == .combining
                }
                if !isCombining { break }
                end += c > 0xFFFF ? 2 : 1
                j += 1
            }
            let before = out.count
            if j == i + 1 {
                let cp = CharTable.isApostropheVariant(first) ? 0x27 : first
                if !table.map(cp, into: &out) {
                    if let simp = tradToSimp[cp] {
                        out.append(simp)
                    } else if Core.isStable(cp) {
                        out.append(cp)
                    } else if CharTable.isIgnorable(cp) {
                        // deleted
                    } else {
                        mapCluster(scalars[i..<j], into: &out, scratch: &cluster)
                    }
                }
            } else {
                mapCluster(scalars[i..<j], into: &out, scratch: &cluster)
            }
            for k in before..<out.count {
                origStart.append(Int32(offset))
                origEnd.append(Int32(end))
                if !needsDictionary, Script.isDictionarySegmented(out[k]) { needsDictionary = true }
            }
            offset = end
            i = j
        }
        if needsDictionary, let breaker {
            return dictionaryTokens(out, origStart, origEnd, breaker)
        }
        return spaceTokens(out, origStart, origEnd)
    }

    /// Code points that NFKC and case folding leave alone and that carry no diacritics.
    @inline(__always)
    static func isStable(_ cp: UInt32) -> Bool {
        (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0x3400 && cp <= 0x4DBF) || (cp >= 0xAC00 && cp <= 0xD7A3)
            || (cp >= 0x20000 && cp <= 0x2A6DF)
    }

    private func mapCluster(_ cl: ArraySlice<Unicode.Scalar>, into out: inout [UInt32], scratch: inout [UInt16]) {
        scratch.removeAll(keepingCapacity: true)
        for s in cl {
            let v: Unicode.Scalar = CharTable.isApostropheVariant(s.value) ? "'" : s
            scratch.append(contentsOf: String(v).utf16)
        }
        let folded = ICU.fold(ICU.nfkc(scratch), turkic: profile.caseFolding == .turkic)
        for s in String(decoding: folded, as: UTF16.self).unicodeScalars {
            if table.map(s.value, into: &out) { continue }
            if CharTable.isIgnorable(s.value) { continue }
            if let simp = tradToSimp[s.value] { out.append(simp); continue }
            // Outside the table: drop droppable marks when folding.
            if profile.diacriticMode == .fold, CharTable.isDroppableMark(s.value) { continue }
            out.append(s.value)
        }
    }

    private func makeString(_ s: ArraySlice<UInt32>) -> String {
        Core.string(s.count) { put in for v in s { if let u = Unicode.Scalar(v) { put(u) } } }
    }

    private func spaceTokens(_ out: [UInt32], _ os: [Int32], _ oe: [Int32]) -> [Raw] {
        var raws: [Raw] = []
        var i = 0
        let n = out.count
        while i < n {
            let c = table.classify(out[i])
            if c != .word && c != .dictionary && c != .combining { i += 1; continue }
            let start = i
            while i < n {
                let k = table.classify(out[i])
                if k == .word || k == .dictionary || k == .combining { i += 1; continue }
                if k == .apostrophe, i + 1 < n {
                    let next = table.classify(out[i + 1])
                    if next == .word || next == .dictionary { i += 1; continue }
                }
                break
            }
            raws.append(Raw(text: makeString(out[start..<i]), start: Int(os[start]), end: Int(oe[i - 1])))
        }
        return raws
    }

    private func dictionaryTokens(_ out: [UInt32], _ os: [Int32], _ oe: [Int32], _ breaker: WordBreaker) -> [Raw] {
        // UTF-16 for ICU, with a map from UTF-16 index back to scalar index.
        var u16: [UInt16] = []
        var back: [Int32] = []
        u16.reserveCapacity(out.count + 4)
        back.reserveCapacity(out.count + 4)
        for (k, v) in out.enumerated() {
            if v > 0xFFFF {
                let x = v - 0x10000
                u16.append(UInt16(0xD800 + (x >> 10))); back.append(Int32(k))
                u16.append(UInt16(0xDC00 + (x & 0x3FF))); back.append(Int32(k))
            } else {
                u16.append(UInt16(v)); back.append(Int32(k))
            }
        }
        let segments = breaker.segments(u16)
        var raws: [Raw] = []
        raws.reserveCapacity(segments.count)
        for seg in segments {
            guard seg.end > seg.start, seg.start < back.count else { continue }
            let a = Int(back[seg.start])
            let b = Int(back[min(seg.end, back.count) - 1]) + 1
            // Keep words; drop spaces and punctuation (rule status 0..<100 with no word chars).
            var hasWord = seg.status >= 100
            if !hasWord {
                for k in a..<b {
                    let c = table.classify(out[k])
                    if c == .word || c == .dictionary { hasWord = true; break }
                }
            }
            if !hasWord { continue }
            // Trim separators at the edges (ICU may keep an apostrophe or mark).
            var lo = a, hi = b
            while lo < hi, table.classify(out[lo]) == .separator || table.classify(out[lo]) == .apostrophe { lo += 1 }
            while hi > lo, table.classify(out[hi - 1]) == .separator { hi -= 1 }
            if lo >= hi { continue }
            raws.append(Raw(text: makeString(out[lo..<hi]), start: Int(os[lo]), end: Int(oe[hi - 1])))
        }
        return raws
    }

    // MARK: - Stage 2: apostrophes, particles, kana

    /// Builds a new array (no insertions in the middle: long texts stay linear).
    private func postProcess(_ raws: inout [Raw]) {
        // Most texts need none of the rewrites below: the tokens stay as they are (looked up in
        // place) and no new array is built.
        if !profile.kanaToKatakana && particles.isEmpty {
            var rewrite = false
            for k in raws.indices {
                let li = lookup(&raws[k])
                var t = raws[k].text
                if (li >= 0 && lexEntries[Int(li)].contraction != nil) || t.withUTF8({ $0.contains(0x27) }) { rewrite = true; break }
            }
            if !rewrite { return }
        }
        var out: [Raw] = []
        out.reserveCapacity(raws.count + raws.count / 8)
        for var raw in raws {
            if profile.kanaToKatakana { raw.text = Core.katakana(raw.text) }
            let li = lookup(&raw)
            if li >= 0, let exp = lexEntries[Int(li)].contraction {
                for w in exp { out.append(Raw(text: w, start: raw.start, end: raw.end)) }
                continue
            }
            var t = raw.text
            if t.withUTF8({ $0.contains(0x27) }) {
                if let idx = t.firstIndex(of: "'") {
                    let prefix = String(t[..<idx])
                    let rest = String(t[t.index(after: idx)...])
                    if elisions.contains(prefix), !rest.isEmpty {
                        let split = raw.start + prefix.utf16.count + 1
                        out.append(Raw(text: prefix + "'", start: raw.start, end: min(split, raw.end), flags: .elision))
                        out.append(Raw(text: Core.droppingApostrophes(rest), start: min(split, raw.end), end: raw.end))
                        continue
                    }
                }
                if profile.apostropheSuffix, let idx = t.firstIndex(of: "'"), idx != t.startIndex {
                    // "spotify'da" → "spotify" + the case suffix "da" (a particle).
                    let stem = String(t[..<idx])
                    let suffix = Core.droppingApostrophes(String(t[t.index(after: idx)...]))
                    let split = min(raw.start + stem.utf16.count, raw.end)
                    out.append(Raw(text: stem, start: raw.start, end: split))
                    if !suffix.isEmpty {
                        out.append(Raw(text: suffix, start: min(split + 1, raw.end), end: raw.end, flags: [.particle, .optional]))
                    }
                    continue
                }
                if let p = possessive, t.hasSuffix(p), t.count > p.count {
                    raw.text = String(t.dropLast(p.count)) + Core.droppingApostrophes(p)
                } else {
                    raw.text = Core.droppingApostrophes(t)
                }
                raw.lex = -2
                if raw.text.isEmpty { continue }
            }
            if !particles.isEmpty {
                let sc = Array(raw.text.unicodeScalars.map(\.value))
                // A word that is itself a particle stays whole.
                if !particles.contains(sc),
                   let p = particles.first(where: { sc.count > $0.count && Array(sc.suffix($0.count)) == $0 }) {
                    out.append(Raw(text: makeString(sc[0..<(sc.count - p.count)][...]), start: raw.start, end: raw.end))
                    out.append(Raw(text: makeString(sc[(sc.count - p.count)...][...]), start: raw.start, end: raw.end, flags: [.particle, .optional]))
                    continue
                }
            }
            out.append(raw)
        }
        raws = out
    }

    static func katakana(_ s: String) -> String {
        var changed = false
        for u in s.unicodeScalars where u.value >= 0x3041 && u.value <= 0x3096 { changed = true; break }
        guard changed else { return s }
        return string(s.utf8.count) { put in
            for u in s.unicodeScalars {
                if u.value >= 0x3041 && u.value <= 0x3096, let k = Unicode.Scalar(u.value + 0x60) {
                    put(k)
                } else if (u.value == 0x309D || u.value == 0x309E), let k = Unicode.Scalar(u.value + 0x60) {
                    put(k)
                } else {
                    put(u)
                }
            }
        }
    }

    // MARK: - Stage 3: numbers

    /// Reads `raws` left to right and builds a new array (linear on long texts).
    func applyNumbers(_ raws: inout [Raw], text: String = "") {
        // No digit, no number word, no word an ordinal prefix or a spelled number starts (the
        // only tokens the loops below read; no token is a number before them): nothing to read
        // (tokens unchanged).
        var any = false
        for k in raws.indices {
            if let f = raws[k].text.utf8.first, f >= 0x30 && f <= 0x39 { any = true; break }
            let li = lookup(&raws[k])
            if li >= 0, !lexEntries[Int(li)].numbers.isEmpty { any = true; break }
            if !ordinalPrefixes.isEmpty && mayStartNumber(raws[k].text) { any = true; break }
        }
        if !any { return }
        // The original text as UTF-16, read only around numbers.
        let source = Core.utf16(text)
        func gap(_ a: Int, _ b: Int) -> ArraySlice<UInt16>? {
            guard a >= 0, a <= b, b <= source.count else { return nil }
            return source[a..<b]
        }
        var out: [Raw] = []
        out.reserveCapacity(raws.count)
        var i = 0
        while i < raws.count {
            var cur = raws[i]
            let t = cur.text
            guard let f = t.utf8.first else { out.append(cur); i += 1; continue }
            if f >= 0x30 && f <= 0x39 {
                let digits = t.utf8.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
                if digits == t.utf8.count {
                    cur.flags.insert(.number)
                    // "007" and "7" are the same number.
                    if digits > 1, f == 0x30, let v = Int(t) { cur.text = String(v) }
                    i += 1
                    // Digits and a Han power of ten: "1万" is 10000, "3千" 3000.
                    if i < raws.count, let m = Core.hanMultiplier(raws[i].text), digits <= 6, let v = Int(t) {
                        cur.text = String(v * m)
                        cur.end = raws[i].end
                        i += 1
                    }
                    i += ordinalAfter(&cur, raws, i, gap)
                    out.append(cur)
                    continue
                }
                let suffix = String(t.dropFirst(digits))
                if ordinalSuffixes.contains(suffix) {
                    cur.text = String(t.prefix(digits)) + "."
                    cur.flags.insert(.ordinal)
                    out.append(cur)
                } else {
                    // "80s", "3pm": split the number from its unit.
                    out.append(Raw(text: String(t.prefix(digits)), start: cur.start, end: cur.end, flags: .number))
                    out.append(Raw(text: suffix, start: cur.start, end: cur.end))
                }
                i += 1
                continue
            }
            let li = lookup(&cur)
            if li >= 0, !lexEntries[Int(li)].numbers.isEmpty {
                var matched = false
                for cand in lexEntries[Int(li)].numbers where cand.tokens.count <= raws.count - i {
                    var ok = true
                    for (m, w) in cand.tokens.enumerated() where raws[i + m].text != w { ok = false; break }
                    if !ok { continue }
                    var r = Raw(text: cand.ordinal ? "\(cand.value)." : String(cand.value),
                                start: cur.start, end: raws[i + cand.tokens.count - 1].end,
                                flags: cand.ordinal ? .ordinal : .number)
                    i += cand.tokens.count
                    // "三番目", "tres.º": a spelled number, then an ordinal mark.
                    if !cand.ordinal { i += ordinalAfter(&r, raws, i, gap) }
                    out.append(r)
                    matched = true
                    break
                }
                if matched { continue }
            }
            var prefixed = false
            // (Bytes first: for text surely in NFC, a prefix whose bytes differ is no prefix.)
            let tNFC = !ordinalPrefixes.isEmpty && isSurelyNFC(t)
            for (pi, p) in ordinalPrefixes.enumerated() {
                if tNFC && ordinalPrefixNFC[pi] && !Core.startsWithBytes(t, p) { continue }
                guard t.hasPrefix(p) && t.count > p.count else { continue }
                let rest = t.dropFirst(p.count)
                if rest.allSatisfy(\.isASCII), rest.allSatisfy(\.isNumber) {
                    cur.text = String(rest) + "."
                    cur.flags.insert(.ordinal)
                    out.append(cur)
                    prefixed = true
                    break
                }
                // The prefix, a number and more in one token: ko "제3장", ja/zh "第三章" (ICU keeps
                // the word whole). Spelled numbers only in Han text, where "第" cannot start
                // anything else (ko "제일" means "most").
                if let (value, used) = leadingNumber(rest) {
                    let remainder = String(rest.dropFirst(used))
                    out.append(Raw(text: "\(value).", start: cur.start, end: cur.end, flags: .ordinal))
                    if !remainder.isEmpty { out.append(Raw(text: remainder, start: cur.start, end: cur.end)) }
                    prefixed = true
                    break
                }
            }
            if prefixed { i += 1; continue }
            // A Han number and a counter the dictionary keeps as one word ("十枚", "十张"; "三十枚"
            // comes apart): the number, then the counter. Numbers from 2 only: "一" begins words
            // that are no count ("一起", "一下").
            // (`leadingNumber` reads a number only from a first scalar in `numberInitials` here.)
            if let c = t.unicodeScalars.first, Script.isDictionarySegmented(c.value), numberInitials.contains(c.value),
               t.unicodeScalars.count <= 6,
               let (value, used) = leadingNumber(Substring(t)), value >= 2, used < t.count,
               case let counter = String(t.dropFirst(used)), counters.contains(counter) {
                // An ordinal mark the dictionary keeps with the number ("二号" is "2号"): an ordinal.
                if ordinalSuffixes.contains(counter) {
                    out.append(Raw(text: "\(value).", start: cur.start, end: cur.end, flags: .ordinal))
                    i += 1
                    continue
                }
                let cut = cur.start + String(t.prefix(used)).utf16.count
                out.append(Raw(text: String(value), start: cur.start, end: cut, flags: .number))
                out.append(Raw(text: counter, start: cut, end: cur.end))
                i += 1
                continue
            }
            out.append(cur)
            i += 1
        }
        raws = out
        joinNumberGroups(&raws, gap)
        // An ordinal prefix as a token of its own, then a number: "第3", "ke-2", "thứ 2", "thứ hai".
        if ordinalPrefixes.isEmpty { return }
        out = []
        out.reserveCapacity(raws.count)
        i = 0
        while i < raws.count {
            let t = raws[i].text
            if i + 1 < raws.count, raws[i + 1].flags == .number, ordinalPrefixes.contains(t),
               raws[i + 1].start >= raws[i].end, let g = gap(raws[i].end, raws[i + 1].start),
               Core.isTightGap(g) || (spacedOrdinalPrefixes.contains(t) && !g.isEmpty && g.allSatisfy(Core.isSpace)) {
                out.append(Raw(text: raws[i + 1].text + ".", start: raws[i].start, end: raws[i + 1].end, flags: .ordinal))
                i += 2
                continue
            }
            out.append(raws[i])
            i += 1
        }
        raws = out
    }

    /// Thousands written in groups or with a spelled multiplier are one number, as "10000" written
    /// whole is: "10.000", "10,000", "10 000" (a group of three digits after one separator) and
    /// "10 mil", "3 thousand", "2 millions" (digits, then a spelled hundred, thousand or million),
    /// and spelled thousands with the spelled rest ("two thousand five hundred" is 2500).
    /// "3.14" stays two numbers. A time on the hour ("10:00") is the hour.
    private func joinNumberGroups(_ raws: inout [Raw], _ gap: (Int, Int) -> ArraySlice<UInt16>?) {
        guard raws.count >= 2 else { return }
        var out: [Raw] = []
        var changed = false
        // Said in words: no digit where the number was said.
        func spelled(_ said: ArraySlice<UInt16>) -> Bool { !said.contains { $0 >= 0x30 && $0 <= 0x39 } }
        var k = 0
        while k < raws.count {
            var cur = raws[k]
            // Spelled thousands, then a spelled number under a thousand: one number ("empat ribu
            // delapan ratus dua puluh satu" is 4821, as "two thousand five hundred" is 2500).
            if cur.flags == .number, let v = Int(cur.text), v >= 1000, v % 1000 == 0, v < 1_000_000,
               k + 1 < raws.count, raws[k + 1].flags == .number, let w = Int(raws[k + 1].text), w > 0, w < 1000,
               raws[k + 1].start >= cur.end, let g = gap(cur.end, raws[k + 1].start), !g.isEmpty, g.allSatisfy(Core.isSpace),
               let a = gap(cur.start, cur.end), let b = gap(raws[k + 1].start, raws[k + 1].end), spelled(a), spelled(b) {
                cur.text = String(v + w)
                cur.end = raws[k + 1].end
                out.append(cur)
                k += 2
                changed = true
                continue
            }
            if cur.flags == .number, Core.isDigits(cur.text), cur.text.utf8.count <= 3 {
                var grouped = false
                while k + 1 < raws.count, raws[k + 1].flags == .number, raws[k + 1].start >= cur.end,
                      let g = gap(cur.end, raws[k + 1].start), let said = gap(raws[k + 1].start, raws[k + 1].end) {
                    let next = raws[k + 1]
                    let digits = !said.isEmpty && said.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
                    if digits, said.count == 2, said.allSatisfy({ $0 == 0x30 }), g.count == 1, g.first == 0x3A, !grouped {
                        // A time on the hour ("10:00") is the hour, as "10 o'clock" and "10" are.
                        cur.end = next.end
                    } else if digits, said.count == 3, g.count == 1, let sep = g.first,
                       sep == 0x2E || sep == 0x2C || sep == 0x20 || sep == 0xA0 || sep == 0x202F,
                       cur.text.utf8.count <= 3 || grouped {
                        cur.text += String(decoding: said.map { UInt8($0) }, as: UTF8.self)
                        cur.end = next.end
                        grouped = true
                    } else if !digits, !grouped, let m = Int(next.text), m == 100 || m == 1000 || m == 1_000_000,
                              let v = Int(cur.text), v > 0, v < 1000, !g.isEmpty, g.allSatisfy(Core.isSpace) {
                        cur.text = String(v * m)
                        cur.end = next.end
                    } else {
                        break
                    }
                    k += 1
                    changed = true
                }
            }
            out.append(cur)
            k += 1
        }
        if changed { raws = out }
    }

    /// Makes the number `cur` an ordinal when an ordinal mark follows it without a space, and
    /// returns how many tokens of `raws` from `next` the mark used: a suffix token ("1.º" → `1`
    /// `o`, "1:a", "3-го", "1番目", "3つ目" → `3` `ツ` `目`) or, where `.` is an ordinal suffix,
    /// a period followed by a space and a word ("3. Lied"; not at the end of the text, so a
    /// sentence-final "um 3." stays a number).
    private func ordinalAfter(_ cur: inout Raw, _ raws: [Raw], _ next: Int,
                              _ gap: (Int, Int) -> ArraySlice<UInt16>?) -> Int {
        guard next < raws.count, raws[next].start >= cur.end, let g = gap(cur.end, raws[next].start) else { return 0 }
        if Core.isTightGap(g) || (spacelessOrdinals && g.allSatisfy(Core.isSpace)) {
            var mark = ""
            var j = next
            while j < raws.count, j < next + 3 {
                if j > next, raws[j].start != raws[j - 1].end { break }
                mark += raws[j].text
                if ordinalSuffixes.contains(mark) {
                    cur = Raw(text: cur.text + ".", start: cur.start, end: raws[j].end, flags: .ordinal)
                    return j - next + 1
                }
                j += 1
            }
        }
        if periodOrdinal, g.count >= 2, g.first == 0x2E, g.dropFirst().allSatisfy(Core.isSpace),
           let c = raws[next].text.unicodeScalars.first, !(c.value >= 0x30 && c.value <= 0x39) {
            cur.text += "."
            cur.flags = .ordinal
            cur.end += 1  // the span includes the period
        }
        return 0
    }

    /// Whether a token (no digit first, no number word) may start with an ordinal prefix or a
    /// spelled number (`leadingNumber`): the prefix tests of `applyNumbers`, and the first
    /// scalar of a spelled one.
    private func mayStartNumber(_ t: String) -> Bool {
        guard let c = t.unicodeScalars.first else { return false }
        if numberInitials.contains(c.value) { return true }
        let tNFC = isSurelyNFC(t)
        for (pi, p) in ordinalPrefixes.enumerated() {
            if tNFC && ordinalPrefixNFC[pi] && !Core.startsWithBytes(t, p) { continue }
            if t.hasPrefix(p) { return true }
        }
        return false
    }

    /// The number at the start of a token after an ordinal prefix, and how many characters it
    /// takes: ASCII digits, or (Han text only) the longest spelled cardinal in the lexicon.
    private func leadingNumber(_ rest: Substring) -> (Int, Int)? {
        // (The first scalar decides before any character is counted: a word that starts with
        // no ASCII digit starts with no digit character.)
        guard let first = rest.unicodeScalars.first else { return nil }
        if first.value >= 0x30 && first.value <= 0x39 {
            let d = rest.prefix { $0.isASCII && $0.isNumber }.count
            if d > 0 { return Int(rest.prefix(d)).map { ($0, d) } }
        }
        guard Script.isDictionarySegmented(first.value),
              Script.of(first.value) != .thai, Script.of(first.value) != .lao, numberInitials.contains(first.value) else { return nil }
        var len = min(rest.count, 8)
        while len > 0 {
            let w = String(rest.prefix(len))
            if let i = lexIndex[w] {
                for cand in lexEntries[Int(i)].numbers where cand.tokens.count == 1 && !cand.ordinal {
                    return (cand.value, len)
                }
            }
            len -= 1
        }
        return nil
    }

    /// Whether `s`'s UTF-8 starts with `prefix`'s (bytes compared, not characters).
    static func startsWithBytes(_ s: String, _ prefix: String) -> Bool {
        var s = s, prefix = prefix
        return s.withUTF8 { a in
            prefix.withUTF8 { b in
                guard a.count >= b.count else { return false }
                for k in 0..<b.count where a[k] != b[k] { return false }
                return true
            }
        }
    }

    static func isDigits(_ s: String) -> Bool {
        !s.isEmpty && s.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// A text's UTF-16 code units (ASCII text widened byte by byte).
    static func utf16(_ text: String) -> [UInt16] {
        guard Core.isASCII(text) else { return Array(text.utf16) }
        var t = text
        return t.withUTF8 { p in
            [UInt16](unsafeUninitializedCapacity: p.count) { out, n in
                for k in 0..<p.count { out[k] = UInt16(p[k]) }
                n = p.count
            }
        }
    }

    /// Nothing, or one joining mark between a number and its ordinal mark: `.` `:` `-` and the
    /// Unicode hyphens.
    static func isTightGap(_ g: ArraySlice<UInt16>) -> Bool {
        if g.isEmpty { return true }
        guard g.count == 1 else { return false }
        switch g[g.startIndex] {
        case 0x2E, 0x3A, 0x2D, 0x2010, 0x2011, 0x2012, 0x2013: return true
        default: return false
        }
    }

    static func isSpace(_ u: UInt16) -> Bool {
        u == 0x20 || u == 0x09 || u == 0xA0 || u == 0x3000 || u == 0x202F || (u >= 0x2000 && u <= 0x200A)
    }

    // MARK: - Stage 4: fillers, connectors, optional words

    func applyLexicon(_ raws: inout [Raw]) {
        if lexEntries.isEmpty { return }
        var k = 0
        while k < raws.count {
            let li = lookup(&raws[k])
            guard li >= 0 else { k += 1; continue }
            // Fields read from the entry in place (no copy of the whole entry).
            if lexEntries[Int(li)].optional { raws[k].flags.insert(.optional) }
            var advanced = false
            for pass in 0..<2 {
                let list = pass == 0 ? lexEntries[Int(li)].fillers : lexEntries[Int(li)].connectors
                if list.isEmpty { continue }
                let flag: Token.Flags = pass == 0 ? .filler : .connector
                for cand in list where cand.count <= raws.count - k {
                    var ok = true
                    for (m, w) in cand.enumerated() where raws[k + m].text != w { ok = false; break }
                    if !ok { continue }
                    for m in 0..<cand.count { raws[k + m].flags.insert(flag) }
                    if cand.count > 1 { k += cand.count; advanced = true }
                    break
                }
                if advanced { break }
            }
            if !advanced { k += 1 }
        }
    }

    // MARK: - Locale data built once

    /// The value of a Han power of ten written after digits (千 1000, 万 and 萬 10000).
    static func hanMultiplier(_ t: String) -> Int? {
        // (Each is one three-byte character: most tokens are ruled out by their length.)
        guard t.utf8.count == 3 else { return nil }
        switch t {
        case "千": return 1000
        case "万", "萬": return 10000
        default: return nil
        }
    }

    static func spelledNumbers(profile: LocaleProfile, normalize: (String) -> [String]) -> [([String], Int, Bool)] {
        let icuLocale = profile.id.replacingOccurrences(of: "-", with: "_")
        guard let sp = Spellout(locale: icuLocale) else { return [] }
        var out: [([String], Int, Bool)] = []
        var seen = Set<[String]>()
        for rs in sp.ruleSets {
            let lower = rs.lowercased()
            if lower.contains("year") { continue }
            let ordinal = lower.contains("ordinal")
            let cardinal = lower.contains("cardinal") || lower.contains("numbering")
            guard ordinal || cardinal else { continue }
            let limit = ordinal ? 100 : 1000
            // Cardinals to 1000, and the round thousands to ten thousand ("dos mil", "一万").
            for n in Array(0...limit) + (ordinal ? [] : Array(stride(from: 2000, through: 10000, by: 1000))) {
                guard let s = sp.format(n, ruleSet: rs) else { continue }
                let toks = normalize(s)
                if toks.isEmpty || seen.contains(toks) { continue }
                seen.insert(toks)
                out.append((toks, n, ordinal))
            }
        }
        return out
    }

    static func buildTraditionalToSimplified() -> [UInt32: UInt32] {
        guard let t = Transliterator("Traditional-Simplified") else { return [:] }
        var map: [UInt32: UInt32] = [:]
        // Transliterate in chunks; keep only one-to-one character changes.
        let ranges: [ClosedRange<UInt32>] = [0x3400...0x4DBF, 0x4E00...0x9FFF]
        for r in ranges {
            var cp = r.lowerBound
            while cp <= r.upperBound {
                let hi = min(cp + 2047, r.upperBound)
                let chars = (cp...hi).map { UInt16($0) }
                let res = t.transliterate(chars)
                if res.count == chars.count {
                    for (a, b) in zip(chars, res) where a != b { map[UInt32(a)] = UInt32(b) }
                } else {
                    for c in chars {
                        let one = t.transliterate([c])
                        if one.count == 1, one[0] != c { map[UInt32(c)] = UInt32(one[0]) }
                    }
                }
                cp = hi + 1
            }
        }
        return map
    }
}
