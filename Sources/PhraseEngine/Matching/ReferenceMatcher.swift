// The reference matcher: every expanded phrase of the catalogs scored by plain dynamic programs
// over plain arrays, with the same `ScoreModel`, for the tests and the fuzz target to check the
// fast search against (docs/matching.md, "The reference matcher").
//
// It shares with the fast matcher only what is not search: the normalizer (`LocaleIndex.queryUnits`;
// its profile's synonym groups, groups of forms and spellings, from which it relates words itself),
// the template expander (`Expansion`), the pure word functions (`WordSimilarity`, phonetic and
// Snowball keys), the word weights' formulas (`IndexBuilder.literalWeight`, `slotUnitWeight`)
// and `ScoreModel.score`. It reads no `Query`, `Workspace` or bound, and never calls the index's
// lookups to score: the index is read only for the locale's word lists (app-opening verbs) and
// to decide whether a case is in the domain below.
//
// THE DOMAIN. The fast search claims exactness (its pruning, value limits and bounds change no
// result) everywhere; the reference models its rules fully on this part of the input, and
// `match` answers nil with the reason elsewhere:
//  - flexible matching in a locale whose normalizer folds the marks of its letters or keeps
//    some (en, fr, de, el, ru, tr, …: a word written without a kept letter's marks, or with
//    them where the catalog has none, is the word at similarity.unmarked, no guessed word; a
//    connector the locale glues to the next word as a prefix, he "ב" of "בביט", may open an app
//    clause ending the utterance there), Latin, Greek, Cyrillic or Hebrew (a script that
//    segments into words and has no rule of its own in the search; tested in en, fr, el, ru and
//    he) or Hangul (ko:
//    words segmented by spaces, the particles the normalizer splits off a word one word of the
//    utterance with it, the Hangul rewrites that cut and join words, a syllable counting two
//    letters for a sound-alike, a number spelled and glued to a Hangul word, an app's name of
//    3 syllables or more heard one syllable off) or Han (zh-Hans, and zh-Hant and zh-HK, whose
//    characters the normalizer folds to Simplified ones, catalogs and utterances alike, and whose
//    contractions it reads, zh-HK "喺" for "在": words written without
//    spaces, each character a unit of its word; a character's sound its syllable's with the
//    profile's fuzzy-pinyin merges, a homophone no guess; a word of characters that follow each
//    other nowhere in the catalogs' text, as written or by sound, never heard next to a value
//    or as a value, though known for the insertion cost and the unknown-word factor; a word's
//    insertion spread over its characters, 1/√k each; a value span cut out of a word whose
//    characters outside it no literal relates to charged as an unknown word beside it; an app's
//    name by the sound of 1-2 whole words, or of 3 characters or more with one character
//    exchanged) or Japanese (ja: Han and kana, hiragana folded to katakana, with the Han rules
//    above but for the sound of a character pair, two characters of which one is Han following
//    each other as the catalogs' may, since a Han key is no Japanese reading; a word written in
//    katakana the catalogs never say opening the utterance before a connector as an app clause;
//    up to 3 units written in hiragana after the phrase's last word part of the request, a verb's
//    ending, no free text; a name of 3 syllables or more one syllable off, a small kana one syllable with the kana
//    before it; words written another way that sound the same, kana for kanji or a homophone,
//    that the reading rewrite replaces by the catalogs' characters, each then the catalog's
//    character at similarity.phonetic, a guess); catalogs (the
//    paraphrases they imply, derived templates, and the pronunciation hints of alternative
//    names included); every phrase naming the app (negative phrases need not); one parameter
//    a phrase at most, of an entity, enum or Bool type (synonyms and switch words included; a
//    phrase saying a String parameter yields no phrase, here as in the search: a String is
//    never expanded), said once or more ("${p} or ${p}": each a slot of the value read; a
//    phrase naming two parameters yields nothing, here as in the search); numbers in phrases and
//    values and app names (digits, ordinals, numbers spelled: "bedroom 2", "set 10 timers", "the
//    first alarm", "Studio 54"; a name's number said next to it, or next to a name sharing a word with it, is none other; at
//    most 4 numbers of one sound; no numeral but digits in a name); words of letters a-z and
//    digits ("mp3", "n5", "r2d2"; "4k" is "4" and "k"), no other word with a numeral ("½"); a
//    shortcut's String parameter no phrase of it says (free text: "search ${applicationName}"
//    of an intent with a query);
//  - the catalogs' words possibly related to one another: a catalog word said is also the
//    catalog words it is a synonym, form or inflection of, and one of 3 letters or fewer those
//    it is an edit or sound-alike of (as the search relates them);
//  - utterances of words the normalizer makes ASCII or letters of the locale's script (fr "tâche"
//    is "tache", el "δείξε" is "δειξε", ko "요가를" is "요" "가" "를", zh "播放" is "播" "放", ja
//    "見せて" is "見" "セ" "テ"; a
//    Han numeral only as a number or in a function word, "一下", as in the catalogs: "卧室三",
//    "第一", "三杯"), each a catalog word, a
//    function word of the locale (filler, optional, connector, an app-opening verb), a synonym,
//    form or spelling of a catalog word the locale's profile knows, a word misheard (an edit of a
//    catalog word the symmetric deletes find, or one they miss where another relation holds the
//    word at that similarity or more; an inflection, a Snowball stem or a sound-alike of one) or
//    a word unrelated to every catalog word, any two of them possibly written joined or one
//    cut in two (two units that write a catalog word joined, "time r"; a unit, no catalog word,
//    that writes two consecutive words of a phrase, a value or a name joined, "timerstart"), a
//    word that sounds like a number the catalogs say ("to" for "2"), or a number or ordinal the
//    normalizer marks ("two", "42", "first"), a word of letters a-z and digits ("mp4", a word as
//    any other but never a name: no value the app lacks; "m p 3" the normalizer joins to the
//    catalogs' "mp3"; no other digits); any number of spans a set, the
//    values and names looked for as the search looks for them (in the order of their bounds, none once 8 spans are held and its
//    bound does not exceed the 8th best similarity; a bound that ties it, or the minimum, within
//    1e-4 read both ways, in the domain where both give the same answer), a reading reading the
//    first 3 app spans (best first), as the search; any number of options
//    heard, of which a reading reads the 3 whose best span comes first (spans best first:
//    similarity, then start, end, variant), as the search.
// Rules modelled there: word weights (idf), the app clause taken out of the phrase (one connector
// each side) and said anywhere, connectors next to the app name free, value spans (a weighted
// alignment of the value's words with a window; the values looked for in the order of their
// bounds until 8 spans are held), values not heard under the app name, spans of
// words several values share dropped, insertions by word class, synonyms, forms and spellings
// of catalog words (their similarities; a synonym no guess), misheard words (their
// similarity; guesses), numbers (words never heard unless the catalogs say them, but no name:
// neither a value the app does not have nor an app clause; a number said in or next to a value's
// span, heard by its words or its sound, that its option says in none of its ways, where it says
// one, drops the span; a word that
// sounds like a catalog's number, spelled in the locale, is it at `similarity.numberSound`, a
// guess; a word with digits, "mp4", no word of a value the app lacks; a number in an app's name
// said next to a span of it or of a name sharing a word with it, none of them says, dropping it; a value ending with a
// number from 1 to 12 after one or two words also said with the
// number first as an ordinal, "the second bedroom", a word only such a value says heard only in
// its span), words joined or split (the join similarity, in phrases, values and
// names; such a word neither unknown nor a guess, and an app a word of whose names is joined
// heard), unknown words (cost, factor, next to a value or the app name),
// substitutions, a value or one word read out of order, another parameter's value said
// clearly, clauses naming another app, the no-app reading and factor, values and the app name
// heard by their sound (1-3 words joined, no longer than twice the longest catalog word and 16
// more, as no word longer is compared; a name also in English Double Metaphone where the
// locale keys words by another algorithm; a Hangul name of 3 syllables or more one syllable
// off), words of several units (a particle split off: one word for the app clause's words, a
// negative phrase's word and a span of words the phrases say), the app opened first, talk after the request and free
// text (a run of words lifted to the free-text cost where no reading reaches the threshold), a value
// the app does not have (runs and compounds, partial values, guessed words), alternative app
// names, negative phrases (their readings, words only they say), an app named clearly picking the
// app, and the decision (thresholds, margin, only one app able to take an utterance that names
// none), pronunciation hints (another way to say their name), and the paraphrases an app's
// catalog implies (derived by the reference itself from its phrases, read at the paraphrase
// factor).

/// A slow matcher of every expanded phrase, for checking the fast search (see the file header).
struct ReferenceMatcher {
    struct Elem {
        var isParam: Bool
        var text: String
        var weight: Float
    }
    struct Value {
        var words: [String]
        var weights: [Float]
        var total: Float
        /// Position among the set's options (its catalog order).
        var option: Int
        var value: ParameterValue?
        /// The numbers its option says in any of its ways ("2" of "bedroom 2" and its "2." of
        /// "second bedroom"): a number said in or next to its span that is none of them names
        /// a value the app does not have.
        var numbers: [String] = []
    }
    struct Template {
        var app: Int
        var shortcut: Int
        var templateIndex: Int
        var intent: String
        var elems: [Elem]
        var paramSet: Int
        var totalWeight: Float
        /// A negative phrase (no parameter; it may not name the app).
        var isNegative = false
        var hasApp = true
        /// A paraphrase the app's catalog implies (`paraphrases`): read at the paraphrase factor.
        var derived = false
        /// Its shortcut has a String parameter the phrase does not say: what the person says for
        /// it is free text (`RefQuery.talk`).
        var freeText = false
    }
    struct SlotSet {
        var app: Int
        var isApp: Bool
        var values: [Value]
        var isBool = false
    }
    struct Span {
        var start: Int
        var end: Int
        var variant: Int
        var sim: Float
    }
    /// A reading's result.
    struct Reading {
        var template: Int
        var score: Float
        var appNamed: Bool
        var option: Int
        /// The app span read, the value's variant (-1: none), whether the value or a word was read
        /// out of order, the reading's factor and whether its parameter has no value.
        var appSpan: Span? = nil
        var variant: Int = -1
        var moved = false
        var factor: Float = 1
        var noValue = false
        /// What the score was made of.
        var terms = ReadingTerms()
        /// Lifted by a run of free text (`RefQuery.talk`).
        var freeText = false
    }
    /// What the reference decides.
    struct Answer {
        var decision: MatchResult.Decision
        /// The best result's app (its catalog id).
        var app: String?
        /// The best result: intent, bound value, score (4 decimals), app named; nil when none.
        var intent: String?
        var value: ParameterValue?
        var score: Double
        var appNamed: Bool
        /// The unknown-value refusal's words, when that rule refused.
        var unknownValue: String?
        /// The best real reading's score (the unknown-value refusal's is `score`).
        var realScore: Double = 0
        /// The best real reading's terms, unrounded score and ranked list size (for reports).
        var terms = ReadingTerms()
        var rawScore: Float = 0
        /// The best result read a run of free text.
        var freeText = false
    }

    let catalogs: [Catalog]
    let index: LocaleIndex
    let model: ScoreModel
    let options: MatchOptions
    var templates: [Template] = []
    var sets: [SlotSet] = []
    /// Each app's name set (an index of `sets`).
    var appSets: [Int] = []
    var vocab: Set<String> = []
    var vocabList: [String] = []
    /// Per word of `vocabList`: its scalars, sound key, Snowball stem and one-letter deletions.
    var vocabScalars: [[UInt32]] = []
    var vocabKeys: [String] = []
    var vocabStems: [String?] = []
    var vocabDeletes: [Set<[UInt32]>] = []
    /// Words each app's phrases say (their literals, outside the app clause), and every app's.
    var literalWords: [Set<String>] = []
    var allLiterals: Set<String> = []
    /// Words each app's negative phrases say, and the words only negative phrases say.
    var negativeLiterals: [Set<String>] = []
    var negativeOnly: Set<String> = []
    /// Words each app says: its phrases' literals, its values and its name.
    var says: [Set<String>] = []
    /// Words only the app's name says.
    var nameOnly: Set<String> = []
    var maxTemplateUnits = 1
    /// Words two catalog words said one after the other write when joined ("timerstart"): the
    /// pairs of consecutive literals of a phrase (its app clause out) or words of a value or name.
    var concatPairs: [String: [(String, String)]] = [:]
    /// Words of the locale related to catalog words (its synonym groups, its groups of forms, its
    /// spellings of catalog words): the catalog words, each at its relation's similarity, a
    /// synonym not a guess (`RefQuery.matches`).
    var related: [String: [(word: String, sim: Float, guess: Bool)]] = [:]
    /// Words only the values said with their number first as an ordinal say ("2." of "second
    /// bedroom" for "Bedroom 2"): heard only where such a value's span covers them.
    var derivedOnly: Set<String> = []
    /// The sound key of each number the catalogs say, spelled in the locale ("to" for "2"):
    /// those numbers.
    var numberSounds: [String: [String]] = [:]
    /// Why the catalog is outside the domain (nil: inside).
    var catalogIssue: String? = nil
    /// The letters of the locale's script beside ASCII (Greek, Cyrillic; nil: Latin).
    var letters: ClosedRange<UInt32>? = nil
    /// Han (zh-Hans, zh-Hant, zh-HK): each character a unit (the normalizer's words cut into their characters),
    /// with the rules of its own below (`RefQuery.charWord`, `spread`, `inner`).
    var han = false
    /// Japanese (Jpan): Han and kana, kana folded to katakana by the normalizer. A Han character's
    /// sound key is its Mandarin syllable, not its reading: two characters of which one is Han
    /// may be homophones of a pair the catalogs write (`RefQuery.knownCharWord`); words of
    /// katakana the catalogs never say may name an app before a connector (`RefQuery.clauses`).
    var kana = false
    /// Pairs of Han characters that follow each other somewhere in the catalogs' text (a phrase's
    /// full pieces, across its slots with any of their values, or a value's or a name's words),
    /// and the same pairs by their sound keys ("a\u{1}b").
    var charPairs: Set<String> = []
    var charSoundPairs: Set<String> = []
    /// Longer than this (in scalars: twice the longest catalog word, and 16 more), a word or a
    /// window of words relates to no catalog word by an edit or a sound: it is not compared.
    var longestRelatable = 16

    /// Whether a scalar is a Hangul syllable.
    static func isHangul(_ v: UInt32) -> Bool { Script.isHangulSyllable(v) }
    /// Whether a word is written in Hangul syllables only.
    static func isHangul(_ w: String) -> Bool { !w.isEmpty && w.unicodeScalars.allSatisfy { isHangul($0.value) } }

    /// Whether a catalog word is a number: digits, maybe an ordinal's or a decimal's points.
    static func isNumber(_ w: String) -> Bool {
        guard let f = w.unicodeScalars.first, f.value >= 0x30 && f.value <= 0x39 else { return false }
        return w.unicodeScalars.allSatisfy { ($0.value >= 0x30 && $0.value <= 0x39) || $0 == "." }
    }

    /// Whether a word is letters a-z and digits, a digit and a letter in it ("mp3", "n5", "r2d2"):
    /// a word as any other, but no name (`hasNumeral`).
    static func isCode(_ w: String) -> Bool {
        var digit = false, letter = false
        for c in w.unicodeScalars {
            if c.value >= 0x30 && c.value <= 0x39 { digit = true } else if c.value >= 0x61 && c.value <= 0x7A { letter = true } else { return false }
        }
        return digit && letter
    }

    /// Whether a word has a character with a numeric value (digits, "½", "五"): numbers and
    /// words with digits are no names, nor words of a value the app does not have.
    static func hasNumeral(_ w: String) -> Bool { w.unicodeScalars.contains { $0.properties.numericType != nil } }

    /// A value ending with a number from 1 to 12 after a name of one or two words ("bedroom 2")
    /// said with the number first as an ordinal ("2." "bedroom", as the normalizer writes "second
    /// bedroom"); nil for any other value (docs/matching-internals.md, word candidates).
    static func ordinalFirst(_ us: [Raw]) -> [Raw]? {
        guard us.count >= 2, let last = us.last, last.flags.contains(.number), let v = Int(last.text), (1...12).contains(v),
              us[us.count - 2].flags.isDisjoint(with: [.number, .ordinal]) else { return nil }
        let words = Set(us.dropLast().map { [$0.start, $0.end] }).count
        guard words <= 2 else { return nil }
        var first = last
        first.text += "."
        first.flags.remove(.number)
        first.flags.insert(.ordinal)
        return [first] + us.dropLast()
    }

    /// The reference of `matcher`'s catalogs in `locale` (its options unless `options`).
    init?(_ matcher: Matcher, locale: String = "en", options: MatchOptions? = nil) {
        guard !matcher.catalogs.isEmpty, let idx = matcher.indexes[locale] else { return nil }
        catalogs = matcher.catalogs
        index = idx
        self.options = options ?? matcher.options
        model = self.options.model
        build(locale: locale)
    }

    private mutating func build(locale: String) {
        let n = index.normalizer
        let model = index.model
        func issue(_ s: String) { if catalogIssue == nil { catalogIssue = s } }
        if options.mode != .flexible { issue("exact matching") }
        // (Connectors the locale glues to the next word as a prefix, he "ב" of "בביט", may open an
        // app clause ending the utterance: `RefQuery.clauses`.)
        // Letters: Latin, or a script of its own that segments into words and has no rule of
        // its own in the search (Greek, Cyrillic): its letters are matched as Latin ones are.
        switch n.profile.script {
        case "Latn": break
        case "Grek": letters = 0x0370...0x03FF
        case "Cyrl": letters = 0x0400...0x04FF
        // Hebrew: words segmented by spaces, connectors glued to the next word (`clauses`).
        case "Hebr": letters = 0x0590...0x05FF
        // Hangul: syllables (blocks of two or three letters) in words segmented by spaces, with
        // the particles the normalizer splits off, and rules of its own (`hangulSyllables`).
        case "Hang": letters = 0xAC00...0xD7A3
        // Han (Simplified Chinese, and Traditional, folded to Simplified by the normalizer, catalogs
        // and utterances alike: no rule of its own in the search): words cut into characters, each a unit; a character's sound is
        // its syllable's (fuzzy pinyin), words of characters that never follow each other in
        // the catalogs are words they never say, a word's insertion is spread over its characters.
        case "Hans", "Hant": han = true
        // Japanese: the Han rules, kana as characters too (folded to katakana), words the
        // recognizer wrote another way that sounds the same read as the catalogs' (the
        // normalizer's reading rewrite: `RefQuery.prepare`).
        case "Jpan": han = true; kana = n.profile.kanaToKatakana
        default: issue("the script \(n.profile.script)")
        }
        func weighted(_ us: [Raw]) -> (words: [String], weights: [Float], total: Float) {
            let w = us.map { IndexBuilder.slotUnitWeight($0.flags, model) }
            return (us.map(\.text), w, w.reduce(0, +))
        }
        func weighted(_ text: String) -> (words: [String], weights: [Float], total: Float) { weighted(IndexBuilder.units(n, text)) }
        // Words said only by values said with their number first, and by every other text.
        var derivedWords = Set<String>(), plainWords = Set<String>()
        // Raw templates: literal units (text, flags) and slots, in order.
        var raw: [(t: Template, pieces: [(isApp: Bool, isParam: Bool, text: String, flags: Token.Flags)])] = []
        for (ai, catalog) in catalogs.enumerated() {
        // The display name and the alternative names, each a way to say the app.
        let names = Expansion.appNames(catalog, locale: locale)
        if names.isEmpty { issue("an app without a name"); return }
        // (A number in an app's name in digits, "Studio 54", is a word of the name as any other;
        // one in other numerals, "五", is not modelled.)
        if names.contains(where: { ($0.text + ($0.pronunciationHint ?? "")).unicodeScalars.contains { !$0.isASCII && $0.properties.numericType != nil } }) {
            issue("a numeral other than digits in an app's name")
        }
        var appValues = names.enumerated().map { k, name in
            let nm = weighted(name.text)
            return Value(words: nm.words, weights: nm.weights, total: nm.total, option: k, value: nil)
        }
        // A pronunciation hint is another way to say its alternative name (the name's place).
        for (k, name) in names.enumerated() {
            guard let hint = name.pronunciationHint, !hint.isEmpty else { continue }
            let h = weighted(hint)
            if !h.words.isEmpty { appValues.append(Value(words: h.words, weights: h.weights, total: h.total, option: k, value: nil)) }
        }
        // The numbers each name says, with its pronunciation hint ("54" of "Studio 54"), and those
        // of the app's names it shares a word with ("Studio" for "Studio 54"): a number said in or
        // next to a span of the name that is none of them names another app. (The names are one
        // option, the app's; a name sharing no word with one, "Velvet" of "Nimbus 2", says none
        // of its numbers: "velvet 3" is the app.)
        let nameWords = names.indices.map { k in Set(appValues.filter { $0.option == k }.flatMap(\.words).filter { !Self.isNumber($0) }) }
        for i in appValues.indices {
            let k = appValues[i].option
            var numbers: [String] = []
            for j in names.indices where j == k || !nameWords[j].isDisjoint(with: nameWords[k]) {
                for v in appValues where v.option == j { for w in v.words where Self.isNumber(w) && !numbers.contains(w) { numbers.append(w) } }
            }
            appValues[i].numbers = numbers
        }
        sets.append(SlotSet(app: ai, isApp: true, values: appValues))
        appSets.append(sets.count - 1)
        var setOfType: [String: Int] = [:]
        for (si, s) in catalog.shortcuts.enumerated() {
            for (ti, t) in s.templates(for: locale).enumerated() {
                // (A phrase saying a String parameter, "search ${query}", yields no phrase: a String
                // is never expanded, its plan is nil, here as in the index; nor does one naming two
                // parameters, or a parameter with no options.)
                guard let plan = Expansion.plan(catalog, s, t, locale: locale) else { continue }
                var paramSet = -1
                if let pn = plan.param {
                    guard let p = s.parameter(named: pn), !plan.options.isEmpty else { issue("a parameter with no options"); continue }
                    // A Bool is a set of its shortcut's own: its display names and the locale's
                    // switch words that its phrases do not say ("turn on" beside "Turn ${enabled}").
                    let isBool = p.typeName == "Bool"
                    let key = isBool ? "\(si)|\(pn)" : p.typeName
                    if let k = setOfType[key] { paramSet = k } else {
                        var said = plan.options.enumerated().map { (text: $0.element.text, position: $0.offset) }
                        if isBool {
                            var phraseUnits = Set<String>()
                            for t2 in s.templates(for: locale) {
                                for case .text(let x) in t2.pieces { for r in IndexBuilder.units(n, x) { phraseUnits.insert(r.text) } }
                            }
                            said += IndexBuilder.switchWords(n, plan.options, phraseUnits: phraseUnits).map { ($0.text, $0.position) }
                        }
                        var values: [Value] = []
                        for (text, position) in said {
                            let o = plan.options[position]
                            let us = IndexBuilder.units(n, text)
                            let v = weighted(us)
                            values.append(Value(words: v.words, weights: v.weights, total: v.total, option: o.optionIndex, value: o.value))
                            plainWords.formUnion(v.words)
                            // A value ending with its number is also said with the number first.
                            if let of = Self.ordinalFirst(us) {
                                let d = weighted(of)
                                values.append(Value(words: d.words, weights: d.weights, total: d.total, option: o.optionIndex, value: o.value))
                                derivedWords.formUnion(d.words)
                            }
                        }
                        // Each value's option's numbers, in all its ways.
                        for k in values.indices {
                            var numbers: [String] = []
                            for v in values where v.option == values[k].option {
                                for w in v.words where Self.isNumber(w) && !numbers.contains(w) { numbers.append(w) }
                            }
                            values[k].numbers = numbers
                        }
                        sets.append(SlotSet(app: ai, isApp: false, values: values, isBool: isBool))
                        paramSet = sets.count - 1
                        setOfType[key] = paramSet
                    }
                }
                // (A phrase may say its parameter twice, "${p} or ${p}": each is a slot of the same
                // set, each may take a span of the option read. Two parameters yield no template.)
                var pieces: [(isApp: Bool, isParam: Bool, text: String, flags: Token.Flags)] = []
                var apps = 0
                for piece in t.pieces {
                    switch piece {
                    case .text(let x): for r in IndexBuilder.units(n, x) { pieces.append((false, false, r.text, r.flags)) }
                    case .appName: pieces.append((true, false, "", [])); apps += 1
                    case .parameter: pieces.append((false, true, "", []))
                    }
                }
                if apps != 1 { issue("a phrase without the app name, or with two") }
                var said = Set<String>()
                for case .parameter(let x) in t.pieces { said.insert(x) }
                var tt = Template(app: ai, shortcut: si, templateIndex: ti, intent: s.intent, elems: [], paramSet: paramSet, totalWeight: 0)
                tt.freeText = s.parameters.contains { ($0.typeName == "String" || $0.typeName == "[String]") && !said.contains($0.name) }
                raw.append((tt, pieces))
            }
        }
        // Negative phrases: a parameter is its name, said as a word.
        for (ti, t) in catalog.negativeTemplates(for: locale).enumerated() {
            var pieces: [(isApp: Bool, isParam: Bool, text: String, flags: Token.Flags)] = []
            for piece in t.pieces {
                switch piece {
                case .text(let x): for r in IndexBuilder.units(n, x) { pieces.append((false, false, r.text, r.flags)) }
                case .appName: pieces.append((true, false, "", []))
                case .parameter(let x): for r in IndexBuilder.units(n, x) { pieces.append((false, false, r.text, r.flags)) }
                }
            }
            var nt = Template(app: ai, shortcut: -1, templateIndex: ti, intent: "", elems: [], paramSet: -1, totalWeight: 0)
            nt.isNegative = true
            nt.hasApp = pieces.contains { $0.isApp }
            raw.append((nt, pieces))
        }
        }
        literalWords = Array(repeating: [], count: catalogs.count)
        negativeLiterals = literalWords
        if han {
            // Which Han characters follow each other in the catalogs' text: within a value's or a
            // name's words, and along each phrase's full pieces (its app clause in), a slot's
            // edges meeting the pieces beside it with the first and last words of any value.
            func isChar(_ w: String) -> Bool {
                guard w.unicodeScalars.count == 1, let c = w.unicodeScalars.first else { return false }
                return Script.isHanOrKana(c.value)
            }
            func add(_ a: String, _ b: String) { if isChar(a) && isChar(b) { charPairs.insert(a + "\u{1}" + b) } }
            var firsts: [[String]] = [], lasts: [[String]] = []
            for s in sets {
                var f: [String] = [], l: [String] = []
                for v in s.values {
                    guard let a = v.words.first, let b = v.words.last else { continue }
                    if isChar(a) { f.append(a) }
                    if isChar(b) { l.append(b) }
                    for k in 0..<max(0, v.words.count - 1) { add(v.words[k], v.words[k + 1]) }
                }
                firsts.append(f)
                lasts.append(l)
            }
            for r in raw {
                func edge(_ k: Int, last: Bool) -> [String] {
                    let p = r.pieces[k]
                    if p.isApp { return last ? lasts[appSets[r.t.app]] : firsts[appSets[r.t.app]] }
                    if p.isParam { return r.t.paramSet < 0 ? [] : (last ? lasts[r.t.paramSet] : firsts[r.t.paramSet]) }
                    return [p.text]
                }
                for k in 0..<max(0, r.pieces.count - 1) {
                    for a in edge(k, last: true) { for b in edge(k + 1, last: false) { add(a, b) } }
                }
            }
            for p in charPairs {
                let ab = p.components(separatedBy: "\u{1}")
                let ka = IndexBuilder.phonetic(n, ab[0], flags: []), kb = IndexBuilder.phonetic(n, ab[1], flags: [])
                if !ka.isEmpty && !kb.isEmpty { charSoundPairs.insert(ka + "\u{1}" + kb) }
            }
        }
        // Word weights: a content word by how few templates say it.
        var df: [String: Int] = [:]
        let positive = raw.filter { !$0.t.isNegative }.count
        for r in raw where !r.t.isNegative {
            var seen = Set<String>()
            for p in r.pieces where !p.isApp && !p.isParam && seen.insert(p.text).inserted { df[p.text, default: 0] += 1 }
        }
        let connectors = n.connectorSequences
        for r in raw {
            var t = r.t
            let full = r.pieces
            // The app clause: the app name and one connector expression each side.
            var drop = Set<Int>()
            func isConnector(_ c: [String], at start: Int) -> Bool {
                start >= 0 && start + c.count <= full.count && c.indices.allSatisfy { m in
                    let p = full[start + m]
                    return !p.isApp && !p.isParam && p.flags.contains(.connector) && p.text == c[m]
                }
            }
            for (k, p) in full.enumerated() where p.isApp {
                drop.insert(k)
                if let c = connectors.first(where: { isConnector($0, at: k - $0.count) }) { for i in (k - c.count)..<k { drop.insert(i) } }
                if let c = connectors.first(where: { isConnector($0, at: k + 1) }) { for i in (k + 1)...(k + c.count) { drop.insert(i) } }
            }
            var units = 0
            for (k, p) in full.enumerated() {
                units += p.isParam ? (sets[t.paramSet].values.map(\.words.count).max() ?? 1) : (p.isApp ? (sets[appSets[t.app]].values.map(\.words.count).max() ?? 1) : 1)
                if drop.contains(k) { continue }
                if p.isParam {
                    t.elems.append(Elem(isParam: true, text: "", weight: model.parameterWeight))
                } else {
                    let w = IndexBuilder.literalWeight(df: df[p.text] ?? 1, templates: positive, flags: p.flags, model)
                    t.elems.append(Elem(isParam: false, text: p.text, weight: w))
                    if t.isNegative { negativeLiterals[t.app].insert(p.text) } else { literalWords[t.app].insert(p.text) }
                }
            }
            maxTemplateUnits = max(maxTemplateUnits, units)
            t.totalWeight = t.elems.reduce(0) { $0 + $1.weight } + (t.hasApp ? model.appWeight : 0)
            templates.append(t)
        }
        templates += paraphrases()
        for r in raw { for p in r.pieces where !p.isApp && !p.isParam { vocab.insert(p.text) } }
        func addPairs(_ words: [String?]) {
            for k in words.indices.dropLast() {
                guard let a = words[k], let b = words[k + 1] else { continue }
                var joined = [a + b]
                // A number spelled and written together with the Hangul word after it (ko "십분"
                // for "10분": the recognizer spells the number and drops the space).
                if let v = Int(a), let spelled = n.spelledNumber(v), !spelled.contains(" "), Self.isHangul(b) { joined.append(spelled + b) }
                for j in joined where !(concatPairs[j]?.contains { $0 == (a, b) } ?? false) { concatPairs[j, default: []].append((a, b)) }
            }
        }
        for t in templates { addPairs(t.elems.map { $0.isParam ? nil : $0.text }) }
        for s in sets { for v in s.values { addPairs(v.words) } }
        for s in sets { for v in s.values { for w in v.words { vocab.insert(w) } } }
        vocabList = vocab.sorted()
        // The relations a word of the utterance may have to catalog words (words of one group
        // are related to each other; another form of a synonym at the synonym-form similarity).
        func relate(_ w: String, _ o: String, _ sim: Float, guess: Bool) {
            guard w != o, vocab.contains(o) else { return }
            if let k = related[w, default: []].firstIndex(where: { $0.word == o }) {
                if related[w, default: []][k].sim < sim { related[w, default: []][k] = (o, sim, guess) }
            } else {
                related[w, default: []].append((o, sim, guess))
            }
        }
        var formsOf: [String: [String]] = [:]
        for g in n.formGroups {
            for w in g {
                for o in g where o != w { relate(w, o, model.formSimilarity, guess: true) }
                for o in g where !(formsOf[w]?.contains(o) ?? false) { formsOf[w, default: []].append(o) }
            }
        }
        for g in n.synonymGroups {
            for w in g {
                for o in g where o != w {
                    relate(w, o, model.synonymSimilarity, guess: false)
                    for fw in formsOf[w] ?? [w] {
                        for fo in formsOf[o] ?? [o] where fw != w || fo != o { relate(fw, fo, model.synonymFormSimilarity, guess: false) }
                    }
                }
            }
        }
        for w in vocabList { for v in n.spellingVariants(of: w) where !vocab.contains(v.text) { relate(v.text, w, v.similarity, guess: true) } }
        let valueWords = Set(sets.filter { !$0.isApp }.flatMap { $0.values.flatMap(\.words) })
        let phraseWords = Set(raw.flatMap { $0.pieces.filter { !$0.isApp && !$0.isParam }.map(\.text) })
        nameOnly = Set(appSets.flatMap { sets[$0].values.flatMap(\.words) }.filter { !valueWords.contains($0) && !phraseWords.contains($0) })
        allLiterals = (literalWords + negativeLiterals).reduce(into: Set<String>()) { $0.formUnion($1) }
        says = zip(literalWords, negativeLiterals).map { $0.union($1) }
        let positiveLiterals = literalWords.reduce(into: Set<String>()) { $0.formUnion($1) }
        negativeOnly = negativeLiterals.reduce(into: Set<String>()) { $0.formUnion($1) }
            .filter { w in !positiveLiterals.contains(w) && !valueWords.contains(w) && !appSets.contains { sets[$0].values.contains { $0.words.contains(w) } } }
        for s in sets { for v in s.values { says[s.app].formUnion(v.words) } }
        // The catalogs' words: their scalars, sound keys, stems and deletions. (They may be
        // related to one another: a catalog word said is also the catalog words it is an
        // inflection, synonym or form of, and a short one those it is an edit or sound-alike of.)
        let sc = vocabList.map { Array($0.unicodeScalars.map(\.value)) }
        let keys = vocabList.map { IndexBuilder.phonetic(n, $0, flags: []) }
        let stemmer = Stemmer(locale: locale)
        vocabScalars = sc
        vocabKeys = keys
        vocabStems = vocabList.map { stemmer?.stem($0) }
        vocabDeletes = sc.map { RefQuery.deletions($0) }
        longestRelatable = 2 * (sc.map(\.count).max() ?? 0) + 16
        // Numbers: digits (an ordinal's point), and words of letters and digits ("n5", "mp3"); no
        // other word with a numeral ("½", "三楼").
        for w in vocabList where !Self.isNumber(w) && !Self.isCode(w) && Self.hasNumeral(w) {
            issue("digits that are no number in the catalogs")
        }
        plainWords.formUnion(phraseWords)
        for a in appSets { for v in sets[a].values { plainWords.formUnion(v.words) } }
        derivedOnly = derivedWords.subtracting(plainWords)
        // A word that sounds like a number the catalogs say, spelled in the locale (its shortest
        // cardinal spelling, spaces out), is heard as it (at most 4 numbers a sound).
        for w in vocabList {
            guard let v = Int(w), let spelled = n.spelledNumber(v), spelled.unicodeScalars.count >= 2 else { continue }
            let k = n.phoneticKey(spelled.replacingOccurrences(of: " ", with: ""))
            if !k.isEmpty { numberSounds[k, default: []].append(w) }
        }
        if numberSounds.values.contains(where: { $0.count > 4 }) { issue("more than 4 numbers of one sound") }
    }

    /// Phrases an app's catalog implies (the index's rule, docs/matching-internals.md): two
    /// phrases of one shortcut that are the same but for one run (a wording) of 1-4 literals
    /// with a content word, around at least one shared element, show two ways to say the same
    /// thing; each phrase of the app (positive, in catalog order) saying one wording between
    /// the same neighbours (the same word, any parameter, or the phrase's edge, each side) is
    /// read with the other too, where no phrase of its shortcut already reads so. A derived
    /// phrase is its source's (shortcut, place in the ranking) with the elements replaced.
    func paraphrases() -> [Template] {
        let maxUnits = 4
        func key(_ e: Elem, _ t: Template) -> String { e.isParam ? "\u{1}\(t.paramSet)" : e.text }
        func keys(_ es: [Elem], _ t: Template) -> [String] { es.map { key($0, t) } }
        func neighbour(_ e: Elem) -> String { e.isParam ? "\u{2}" : e.text }
        let edge = "\u{3}"
        func wording(_ r: ArraySlice<Elem>) -> Bool {
            !r.isEmpty && r.count <= maxUnits && r.allSatisfy { !$0.isParam } && r.contains { $0.weight >= index.model.contentWordWeight }
        }
        var out: [Template] = []
        for app in catalogs.indices {
            let members = templates.indices.filter { templates[$0].app == app && !templates[$0].isNegative && !templates[$0].elems.isEmpty }
            var pairs: [(u: [Elem], v: [Elem], left: String, right: String)] = []
            var seen = Set<[String]>()
            for (ai, a) in members.enumerated() {
                for b in members[(ai + 1)...] where templates[b].shortcut == templates[a].shortcut {
                    let ta = templates[a], tb = templates[b]
                    let x = ta.elems, y = tb.elems
                    var p = 0
                    while p < min(x.count, y.count), key(x[p], ta) == key(y[p], tb) { p += 1 }
                    var q = 0
                    while q < min(x.count, y.count) - p, key(x[x.count - 1 - q], ta) == key(y[y.count - 1 - q], tb) { q += 1 }
                    guard p + q >= 1 else { continue }
                    let ra = x[p..<(x.count - q)], rb = y[p..<(y.count - q)]
                    guard wording(ra), wording(rb) else { continue }
                    let left = p > 0 ? neighbour(x[p - 1]) : edge, right = q > 0 ? neighbour(x[x.count - q]) : edge
                    for (u, v) in [(Array(ra), Array(rb)), (Array(rb), Array(ra))] where seen.insert(u.map(\.text) + [left, right] + v.map(\.text)).inserted {
                        pairs.append((u, v, left, right))
                    }
                }
            }
            guard !pairs.isEmpty else { continue }
            var readings: [Int: Set<[String]>] = [:]
            for i in members { readings[templates[i].shortcut, default: []].insert(keys(templates[i].elems, templates[i])) }
            for i in members {
                let t = templates[i]
                for (u, v, left, right) in pairs {
                    let e = t.elems
                    guard e.count >= u.count else { continue }
                    guard let at = (0...(e.count - u.count)).first(where: { s in
                        (0..<u.count).allSatisfy { !e[s + $0].isParam && e[s + $0].text == u[$0].text }
                            && (s > 0 ? neighbour(e[s - 1]) : edge) == left && (s + u.count < e.count ? neighbour(e[s + u.count]) : edge) == right
                    }) else { continue }
                    let elems = Array(e[..<at]) + v + Array(e[(at + u.count)...])
                    guard readings[t.shortcut, default: []].insert(keys(elems, t)).inserted else { continue }
                    var d = t
                    d.elems = elems
                    d.derived = true
                    d.totalWeight = elems.reduce(0) { $0 + $1.weight } + (t.hasApp ? index.model.appWeight : 0)
                    out.append(d)
                }
            }
        }
        return out
    }

    // MARK: - Matching

    /// Matches `text`: the answer, or the reason the case is outside the domain.
    func match(_ text: String) -> (answer: Answer?, outOfDomain: String?) {
        if let c = catalogIssue { return (nil, c) }
        var q = RefQuery(ref: self, text: text)
        if let why = q.prepare() { return (nil, why) }
        var other = q
        let r = q.run()
        // (A tie of a value's bound with the 8th similarity of its set: both ways, the same answer.)
        if q.fragile, let a = r.answer {
            other.tieSide = true
            let b = other.run()
            guard let b = b.answer, a.decision == b.decision, a.app == b.app, a.intent == b.intent, a.value == b.value, a.score == b.score,
                  (a.unknownValue == nil) == (b.unknownValue == nil) else {
                return (nil, "a value's bound ties the 8th span's similarity")
            }
        }
        return r
    }
}

/// One utterance against the reference (plain arrays, no pruning).
struct RefQuery {
    typealias Span = ReferenceMatcher.Span
    let ref: ReferenceMatcher
    var units: [Raw]
    var n: Int { units.count }
    var m: ScoreModel { ref.model }
    var known: [Bool] = []
    /// Each unit's catalog words: the word itself (1), or words it is an edit (1 - d / length),
    /// an inflection, a Snowball stem or a sound-alike of (`guess`: not the word itself).
    var matches: [[(word: String, sim: Float, guess: Bool)]] = []
    /// Units related to catalog words only by a guess (an edit or a sound), not by an ending.
    var guessed: [Bool] = []
    /// Units that are words only negative phrases say.
    var negative: [Bool] = []
    var unheard: [Bool] = []
    /// Each unit's class (`WordClass`); its costs are the model's for the class.
    var cls: [WordClass] = []
    /// Spans per slot set (index as `ref.sets`), best first.
    var spans: [[Span]] = []
    /// How many spans each set had before those naming no value were dropped (those of the
    /// values looked for).
    var heardSpans: [Int] = []
    /// Whether a value's bound ties the 8th best similarity of its set (or the minimum) too
    /// closely to tell whether the search looks for it: the answer is then read both ways
    /// (`tieSide` takes the other side of each such tie), and where they differ the case is
    /// outside the domain.
    var fragile = false
    var tieSide = false
    var unknownFactor: Float = 1
    var otherAppClauses = 0
    /// Per unit: the catalog word it and the next unit write joined ("time" "r" for "timer"), and
    /// the pairs of consecutive catalog words it writes joined ("timerstart", when it is no
    /// catalog word itself); `noted`, the words so heard (at the join similarity).
    var merge: [String?] = []
    var splitPairs: [[(String, String)]] = []
    var noted: [String: Float] = [:]
    var clauseLead = 0, clauseTrail = 0, clauseLeadFrom = 0
    /// Han: units of a word of several characters that never follow each other in the catalogs'
    /// text (a word they never say, "明天" where they say "今天"): never heard next to a value or
    /// as a value the app lacks, though known for the insertion cost and the unknown-word factor.
    var charWord: [Bool] = []
    /// Units inside a Han or kana word of several units (all but its last): a value span cut
    /// there is part of a word naming something else (`cutPenalty`).
    var inner: [Bool] = []
    /// Each unit's share of its word's insertion cost: a Han or kana word of k units costs one
    /// word, each unit 1/√k of it.
    var spread: [Float] = []

    /// Whether unit i is never heard next to a value: a word no catalog says, or a Han word of
    /// characters they never say one after the other.
    func unheardWord(_ i: Int) -> Bool { unheard[i] || charWord[i] }

    init(ref: ReferenceMatcher, units: [Raw]) {
        self.ref = ref
        self.units = units
    }

    /// With the utterance's text (for what the units do not keep: whether a word is written in
    /// katakana, `writtenInKatakana`).
    init(ref: ReferenceMatcher, text: String) {
        self.ref = ref
        self.units = ref.index.queryUnits(text, mode: .flexible)
        self.text = text
    }

    /// The utterance as said.
    var text = ""

    /// Whether unit i's word is written in katakana in the utterance (each UTF-16 unit of its
    /// span; the normalizer folds hiragana to katakana, the text tells them apart).
    func writtenInKatakana(_ i: Int) -> Bool { written(i) { (0x30A0...0x30FF).contains($0) || (0x31F0...0x31FF).contains($0) } }
    /// Whether unit i's word is written in hiragana in the utterance.
    func writtenInHiragana(_ i: Int) -> Bool { written(i) { (0x3040...0x309F).contains($0) } }
    func written(_ i: Int, _ script: (UInt16) -> Bool) -> Bool {
        let u = Array(text.utf16), a = units[i].start, b = units[i].end
        guard a >= 0, a < b, b <= u.count else { return false }
        return u[a..<b].allSatisfy(script)
    }

    func flagged(_ i: Int, _ f: Token.Flags) -> Bool { !units[i].flags.isDisjoint(with: f) }

    /// A word with one letter deleted, each way.
    static func deletions(_ w: [UInt32]) -> Set<[UInt32]> {
        var out = Set<[UInt32]>()
        for k in w.indices {
            var d = w
            d.remove(at: k)
            out.insert(d)
        }
        return out
    }

    /// How well unit i says catalog word `w` (0: not at all).
    func sim(_ i: Int, _ w: String) -> Float { matches[i].first { $0.word == w }?.sim ?? 0 }

    /// Whether unit i is part of a join (with the next unit or the one before) or a split.
    func joined(_ i: Int) -> Bool { merge[i] != nil || (i > 0 && merge[i - 1] != nil) || !splitPairs[i].isEmpty }

    /// The first unit of unit i's word and the end of it: units of one span are one word of the
    /// utterance (a particle the normalizer split off, "요가" as "요" "가"; a contraction's words).
    func wordStart(_ i: Int) -> Int {
        var k = i
        while k > 0 && units[k - 1].start == units[i].start && units[k - 1].end == units[i].end { k -= 1 }
        return k
    }
    func wordEnd(_ i: Int) -> Int {
        var k = i + 1
        while k < n && units[k].start == units[i].start && units[k].end == units[i].end { k += 1 }
        return k
    }

    /// Whether unit i writes catalog words a and b joined.
    func splits(_ i: Int, _ a: String, _ b: String) -> Bool { splitPairs[i].contains { $0 == (a, b) } }

    /// Each unit's class and costs; nil, or why the utterance is outside the domain.
    mutating func prepare() -> String? {
        let norm = ref.index.normalizer
        negative = Array(repeating: false, count: n)
        let stemmer = Stemmer(locale: ref.index.locale)
        let vocabStems = ref.vocabStems, vocabScalars = ref.vocabScalars, vocabKeys = ref.vocabKeys
        // Joins and splits: two units that write a catalog word joined ("book worm"), even when
        // each is a word of its own; a unit that is no catalog word writing two consecutive
        // catalog words of a phrase, a value or a name joined. Each word so heard is noted at
        // the join similarity.
        merge = Array(repeating: nil, count: n)
        splitPairs = Array(repeating: [], count: n)
        charWord = Array(repeating: false, count: n)
        inner = Array(repeating: false, count: n)
        spread = Array(repeating: 1, count: n)
        // A Han or kana word of several units: its insertion spread over them, none a guess.
        var spreadUnit = Array(repeating: false, count: n)
        do {
            var i = 0
            while i < n {
                let j = wordEnd(i)
                if j - i > 1, let c = units[i].text.unicodeScalars.first, Script.isHanOrKana(c.value) {
                    for u in i..<j { spreadUnit[u] = true }
                }
                i = j
            }
        }
        for i in 0..<n {
            if i + 1 < n, ref.vocab.contains(units[i].text + units[i + 1].text) {
                merge[i] = units[i].text + units[i + 1].text
                noted[units[i].text + units[i + 1].text] = m.joinSimilarity
            }
            if !(ref.vocab.contains(units[i].text) && !units[i].read), let pairs = ref.concatPairs[units[i].text] {
                splitPairs[i] = pairs
                for (a, b) in pairs { noted[a] = m.joinSimilarity; noted[b] = m.joinSimilarity }
            }
        }
        for i in 0..<n {
            let t = units[i].text
            // A number or ordinal the normalizer marks ("two", "3", "first") is a word no catalog
            // says (they say none) and relates to none; a word of letters and digits ("mp4") a word
            // as any other; other digits are not modelled.
            let number = flagged(i, [.number, .ordinal])
            // (A Han numeral in a function word, "一" of "一下", is that word.)
            if !number && !(ref.han && flagged(i, [.filler, .optional, .connector])) && !ReferenceMatcher.isCode(t) && ReferenceMatcher.hasNumeral(t) {
                return "digits that are no number"
            }
            if !t.unicodeScalars.allSatisfy({ $0.isASCII || ref.letters?.contains($0.value) ?? false || (ref.han && Script.isHan($0.value)) || (ref.kana && Script.isKana($0.value)) }) {
                return "a word not in ASCII or the locale's letters"
            }
            let k = ref.vocab.contains(t)
            known.append(k)
            cls.append(WordClass(units[i].flags, known: k))
            unheard.append(cls[i] == .unknown)
            // (A catalog word the reading rewrite put for a word written another way that sounds
            // the same, 官僚 for 完了: a sound-alike of it, a guess.)
            var found: [(word: String, sim: Float, guess: Bool)] = k ? [(t, units[i].read ? m.phoneticSimilarity : 1, units[i].read)] : []
            // Catalog words the unit is as written without the marks of the letters the locale
            // keeps, or with them (the relation that holds each at its best).
            var unmarkedOf = Set<String>()
            // (A relation kept at its best similarity, of the kind that gave it.)
            func add(_ w: String, _ x: Float, guess: Bool = true, unmarked: Bool = false) {
                if let j = found.firstIndex(where: { $0.word == w }) {
                    if x > found[j].sim {
                        found[j] = (w, x, guess)
                        if unmarked { unmarkedOf.insert(w) } else { unmarkedOf.remove(w) }
                    }
                } else {
                    found.append((w, x, guess))
                    if unmarked { unmarkedOf.insert(w) }
                }
            }
            let plain = !flagged(i, [.filler, .optional, .particle, .elision])
            // A synonym of a catalog word (not a guess), another form or a spelling of one; a
            // catalog word's too.
            if plain { for r in ref.related[t] ?? [] { add(r.word, r.sim, guess: r.guess) } }
            let sc = Array(t.unicodeScalars.map(\.value))
            if k && sc.count > 3 {
                // A catalog word of 4 letters or more: the catalog words that are an inflection
                // of it (the same first 4 letters; a word of the phrases or values is no form of
                // a word only names say).
                if plain {
                    for v in ref.vocabList.indices where ref.vocabList[v] != t && vocabScalars[v].count >= 4
                        && Array(vocabScalars[v].prefix(4)) == Array(sc.prefix(4)) && (ref.nameOnly.contains(t) || !ref.nameOnly.contains(ref.vocabList[v])) {
                        let x = WordSimilarity.stem(sc, vocabScalars[v])
                        if x >= m.minimumWordSimilarity { add(ref.vocabList[v], x) }
                    }
                }
            } else if plain && !flagged(i, [.number, .ordinal]) && sc.count <= ref.longestRelatable {
                // A word no catalog says, or one of 3 letters or fewer that does (short words may
                // be sound-alikes and edits of others).
                do {
                    // A catalog word written without the marks of the letters the locale keeps
                    // (ru "и" for "й", tr "kac" for "kaç"), or with them where the catalog has
                    // none: nearly the word itself, and no guessed word.
                    if norm.keepsMarkedLetters {
                        let u = norm.unmarked(t)
                        for w in ref.vocabList where w != t && ((norm.unmarked(w) == u && norm.unmarked(w) != w) || (u != t && w == u)) {
                            add(w, m.unmarkedSimilarity, unmarked: true)
                        }
                    }
                    let key = IndexBuilder.phonetic(norm, t, flags: units[i].flags)
                    // A word that sounds like a number the catalogs say ("to" for "2"): a guess.
                    for w in ref.numberSounds[key] ?? [] where w != t { add(w, m.numberSoundSimilarity) }
                    let st = !k && sc.count >= 3 ? stemmer?.stem(t) : nil
                    // A sound-alike needs a word of 3 letters or more, a Hangul syllable (a block
                    // of two or three letters) counting two ("매뉴" / "메뉴").
                    let letters = sc.reduce(0) { $0 + (ReferenceMatcher.isHangul($1) ? 2 : 1) }
                    let deletes = RefQuery.deletions(sc)
                    for v in ref.vocabList.indices where ref.vocabList[v] != t {
                        let vs = vocabScalars[v], w = ref.vocabList[v]
                        // Snowball's stem of a word of the phrases or values.
                        if let st, !st.isEmpty, !ref.nameOnly.contains(w), vs.count >= 4, st == vocabStems[v] { add(w, m.stemSimilarity) }
                        // (A single Han character's key is its syllable, "~" and its letters: a
                        // homophone character.)
                        if (key.hasPrefix("~") || (letters >= 3 && Query<UInt64>.keyLength(key) >= 2)) && vocabKeys[v].count >= 2 && key == vocabKeys[v] {
                            add(w, m.phoneticSimilarity)
                        }
                        // An edit: one letter inserted, deleted, changed or two swapped (the
                        // symmetric deletes of words of 4+ letters).
                        let fz = WordSimilarity.fuzzy(sc, vs)
                        var edit = false
                        if sc.count >= 3 && vs.count >= 4 {
                            let vd = ref.vocabDeletes[v]
                            edit = vd.contains(sc) || (sc.count >= 4 && !vd.isDisjoint(with: deletes))
                        }
                        if sc.count >= 4 && deletes.contains(vs) { edit = true }
                        if fz >= m.minimumWordSimilarity {
                            // (An edit they do not find changes nothing where another relation
                            // already holds the word at that similarity or more: `add` keeps it.)
                            if edit { add(w, fz) } else if (found.first { $0.word == w }?.sim ?? 0) < fz {
                                return "an edit the symmetric deletes may not find: \(t) ~ \(w)"
                            }
                        }
                        if sc.count >= 4 && vs.count >= 4 && Array(sc.prefix(4)) == Array(vs.prefix(4)) {
                            let x = WordSimilarity.stem(sc, vs)
                            if x >= m.minimumWordSimilarity { add(w, x) }
                        }
                    }
                }
            }
            matches.append(found)
            // A guess: a content word related to catalog words only by edits and sounds, none of
            // them the word with an ending of 1-3 letters.
            guessed.append(!k && !found.isEmpty && found.allSatisfy(\.guess) && cls[i].isContent && !flagged(i, [.number, .ordinal]) && !joined(i)
                           && !found.contains { Query<UInt64>.isEnding(t, Array($0.word.unicodeScalars.map(\.value))) }
                           && !found.contains { unmarkedOf.contains($0.word) }
                           // (A Han or kana character's sound-alike is its homophone, no evidence
                           // either way; nor is a unit of a word spread over its units.)
                           && !spreadUnit[i] && !t.unicodeScalars.contains { Script.isHanOrKana($0.value) })
            if !k && (!found.isEmpty || joined(i)) {
                // Not unknown after all: a word of the catalog's, misheard.
                cls[i] = WordClass(units[i].flags, known: true)
                unheard[i] = false
            }
            // A word only values said with their number first say ("2." of "second bedroom") is
            // a word never heard outside such a value's span.
            if cls[i] == .content && !found.isEmpty && found.allSatisfy({ ref.derivedOnly.contains($0.word) }) && !joined(i) {
                cls[i] = .unknown
                unheard[i] = true
            }
        }
        // A word only negative phrases say asks for what the app refuses: it costs what a word
        // never heard costs, and stands in for a content word left out. (A word of the utterance
        // of several units, a particle split off, only when each of them is such a word.)
        let negativeWord = (0..<n).map { i in known[i] && cls[i] == .content && ref.negativeOnly.contains(units[i].text) }
        var w0 = 0
        while w0 < n {
            let w1 = wordEnd(w0)
            if (w0..<w1).allSatisfy({ negativeWord[$0] }) {
                for i in w0..<w1 {
                    cls[i] = .unknown
                    negative[i] = true
                }
            }
            w0 = w1
        }
        // A Han or kana word of several units: characters that follow each other nowhere in the
        // catalogs' text (nor by their sounds) make a word they never say; its inside; and its
        // insertion spread over its units.
        var i0 = 0
        while i0 < n {
            let j0 = wordEnd(i0)
            if j0 - i0 > 1 && !knownCharWord(i0, j0) {
                for u in i0..<j0 where !unheard[u] { charWord[u] = true }
            }
            if j0 - i0 > 1 && (i0..<j0).contains(where: { u in units[u].text.unicodeScalars.contains { Script.isHanOrKana($0.value) } }) {
                for u in i0..<(j0 - 1) { inner[u] = true }
            }
            if spreadUnit[i0] { for u in i0..<j0 { spread[u] = 1 / Float(j0 - i0).squareRoot() } }
            i0 = j0
        }
        if n > 3 * ref.maxTemplateUnits + 8 { return "a very long utterance" }
        return nil
    }

    /// Whether units a..<b (one word) are Han or kana characters that follow each other in the
    /// catalogs' text, as written or by their sounds, or not such a word at all.
    func knownCharWord(_ a: Int, _ b: Int) -> Bool {
        for u in a..<b {
            guard cls[u].isContent, !flagged(u, [.number, .ordinal]), let c = units[u].text.unicodeScalars.first,
                  Script.isHanOrKana(c.value) else { return true }
        }
        let norm = ref.index.normalizer
        for u in a..<(b - 1) {
            let x = units[u].text, y = units[u + 1].text
            if ref.vocab.contains(x) && ref.vocab.contains(y) && ref.charPairs.contains(x + "\u{1}" + y) { continue }
            // (Japanese: a Han character's key is no reading of it; a pair with one may be
            // homophones of the catalogs' that no key shows, "化学" for "科学".)
            if ref.kana && [x, y].contains(where: { $0.unicodeScalars.first.map { Script.isHan($0.value) } ?? false }) { continue }
            let kx = IndexBuilder.phonetic(norm, x, flags: ref.vocab.contains(x) ? [] : units[u].flags)
            let ky = IndexBuilder.phonetic(norm, y, flags: ref.vocab.contains(y) ? [] : units[u + 1].flags)
            if kx.isEmpty || ky.isEmpty || !ref.charSoundPairs.contains(kx + "\u{1}" + ky) { return false }
        }
        return true
    }

    /// Units the literals of `elems` relate to (a word, a join or a split of one).
    func literalUnits(_ elems: [ReferenceMatcher.Elem]) -> [Bool] {
        let lits = Set(elems.filter { !$0.isParam }.map(\.text))
        return (0..<n).map { u in
            matches[u].contains { lits.contains($0.word) && $0.sim > 0 } || merge[u].map(lits.contains) ?? false
                || (u > 0 && merge[u - 1].map(lits.contains) ?? false) || splitPairs[u].contains { lits.contains($0.0) || lits.contains($0.1) }
        }
    }

    /// A value span cut out of a Han or kana word whose characters outside it relate to no
    /// literal of the phrase: `adjacentUnknownCost` a side (not where a word never heard is).
    func cutPenalty(_ a: Int, _ b: Int, _ mask: [UInt8], _ literals: [Bool]) -> Float {
        var p: Float = 0
        func side(_ x: Int) { if mask[x] == 0 && !literals[x] && !unheardWord(x) { p += m.adjacentUnknownCost } }
        if a > 0 && inner[a - 1] { side(a - 1) }
        if b < n && inner[b - 1] { side(b) }
        return p
    }

    // MARK: Spans

    /// The similarity of value `v` in units a..<b: its words aligned with the units (least cost,
    /// most gain), gain over the value's weight and the units inserted.
    func spanSimilarity(_ v: ReferenceMatcher.Value, _ a: Int, _ b: Int) -> Float {
        let k = v.words.count, len = b - a
        var cost = [[Float]](repeating: [Float](repeating: .infinity, count: len + 1), count: k + 1)
        var gain = [[Float]](repeating: [Float](repeating: 0, count: len + 1), count: k + 1)
        var insd = [[Float]](repeating: [Float](repeating: 0, count: len + 1), count: k + 1)
        cost[0][0] = 0
        func relax(_ j: Int, _ x: Int, _ j2: Int, _ x2: Int, _ c: Float, _ g: Float, _ ii: Float) {
            let nc = cost[j][x] + c, ng = gain[j][x] + g
            if nc < cost[j2][x2] - 1e-6 || (abs(nc - cost[j2][x2]) <= 1e-6 && ng > gain[j2][x2]) {
                cost[j2][x2] = nc; gain[j2][x2] = ng; insd[j2][x2] = insd[j][x] + ii
            }
        }
        for j in 0...k {
            for x in 0...len where cost[j][x] < .infinity {
                if x < len {
                    let c = m.slotInsertion(for: cls[a + x])
                    relax(j, x, j, x + 1, c, 0, c)
                }
                if j < k {
                    let w = v.weights[j]
                    relax(j, x, j + 1, x, w, 0, 0)
                    if x < len {
                        let s = sim(a + x, v.words[j])
                        if s > 0 { relax(j, x, j + 1, x + 1, w * (1 - s), w * s, 0) }
                        let sj = m.joinSimilarity
                        if x + 1 < len, merge[a + x] == v.words[j] { relax(j, x, j + 1, x + 2, w * (1 - sj), w * sj, 0) }
                        if j + 1 < k, splits(a + x, v.words[j], v.words[j + 1]) {
                            let ww = w + v.weights[j + 1]
                            relax(j, x, j + 2, x + 1, ww * (1 - sj), ww * sj, 0)
                        }
                    }
                }
            }
        }
        let d = v.total + insd[k][len]
        return d > 0 ? max(0, min(1, gain[k][len] / d)) : 0
    }

    /// Every span of every value: windows whose first and last units are words of the value, at
    /// most two units longer than it, heard at least at the set's minimum.
    mutating func findSpans() {
        spans = []
        fragile = false
        // An app whose name's every word is heard (0.9) is named: only its names and values are
        // looked for by their words.
        // (So is an app a word of whose names two units write joined.)
        let heard = ref.appSets.indices.filter { a in
            ref.sets[ref.appSets[a]].values.contains { v in v.words.allSatisfy { bestSim($0) >= 0.9 } || merge.contains { $0.map(v.words.contains) ?? false } }
        }
        // Each value's spans (by its words), per set.
        var byValue: [[[Span]]] = []
        for s in ref.sets {
            var perValue = [[Span]](repeating: [], count: s.values.count)
            if !heard.isEmpty && !heard.contains(s.app) { byValue.append(perValue); continue }
            let minimum = s.isApp ? m.minimumAppSimilarity : m.minimumValueSimilarity
            for (vi, v) in s.values.enumerated() {
                // (A unit of a join or a split is a hit of the words it joins.)
                let hit = (0..<n).map { i in v.words.contains { hits($0, i) } }
                // A number said in the span or right next to it that the value's option says in
                // none of its ways, where it says one: a value the app does not have.
                func contradicts(_ a: Int, _ b: Int) -> Bool {
                    !v.numbers.isEmpty && (max(0, a - 1)..<min(n, b + 1)).contains { i in
                        flagged(i, [.number, .ordinal]) && !v.numbers.contains(units[i].text)
                    }
                }
                for a in 0..<n where hit[a] {
                    for b in a..<n where hit[b] && b - a + 1 <= v.words.count + 2 {
                        let sim = spanSimilarity(v, a, b + 1)
                        if sim >= minimum && !contradicts(a, b + 1) { perValue[vi].append(Span(start: a, end: b + 1, variant: vi, sim: sim)) }
                    }
                }
            }
            byValue.append(perValue)
        }
        let extras = Dictionary(soundSpans(), uniquingKeysWith: +)
        // (Heard by its sound beside a number its option, or name, does not say, a value or a
        // name is one the app does not have, as by its words.)
        func contradicted(_ si: Int, _ sp: Span) -> Bool {
            let numbers = ref.sets[si].values[sp.variant].numbers
            return !numbers.isEmpty && (max(0, sp.start - 1)..<min(n, sp.end + 1)).contains { i in
                flagged(i, [.number, .ordinal]) && !numbers.contains(units[i].text)
            }
        }
        func addExtras(_ si: Int, _ taken: Set<Int>) {
            for sp in extras[si] ?? [] where !(sp.start..<sp.end).contains(where: taken.contains) && !contradicted(si, sp)
                && !spans[si].contains(where: { $0.start == sp.start && $0.end == sp.end && $0.variant == sp.variant && $0.sim >= sp.sim }) {
                spans[si].append(sp)
            }
        }
        spans = byValue.map { $0.flatMap { $0 } }
        heardSpans = spans.map(\.count)
        // A set's values are looked for in the order of their bounds (each word at its best
        // similarity anywhere, by its share of the value's weight; bound descending, then the
        // value's place), from 0.5: once 8 spans are held, no value whose bound does not exceed
        // the 8th best similarity is (it could at most tie it). Where the app's name surely is,
        // a value whose words heard outside it cannot reach the minimum, or that 8th similarity,
        // is passed over (when some word heard only there is a value's or a name's).
        func heardOnlyUnder(_ taken: Set<Int>) -> Bool {
            ref.vocabList.contains { w in
                let us = (0..<n).filter { hits(w, $0) }
                return !us.isEmpty && us.allSatisfy(taken.contains) && ref.sets.contains { $0.values.contains { $0.words.contains(w) } }
            }
        }
        func lookFor(_ si: Int, taken: Set<Int>, inflated: Bool) {
            let s = ref.sets[si]
            var order: [(bound: Float, vi: Int)] = []
            if heard.isEmpty || heard.contains(s.app) {
                for (vi, v) in s.values.enumerated() {
                    var b: Float = 0
                    for (j, w) in v.words.enumerated() { b += v.weights[j] / max(v.total, 1e-6) * bestSim(w) }
                    if b >= m.minimumValueSimilarity { order.append((min(b, 1), vi)) } else if !byValue[si][vi].isEmpty {
                        // (Spans heard above a bound below the minimum: a rounding apart.)
                        fragile = true
                        if tieSide { order.append((b, vi)) }
                    }
                }
            }
            order.sort { $0.bound != $1.bound ? $0.bound > $1.bound : $0.vi < $1.vi }
            var found: [Span] = [], top: [Float] = [], kth: Float = 0
            for (ub, vi) in order {
                // (A bound this close to the 8th similarity: which side it falls depends on the
                // order of the sums' rounding, not modelled.)
                var stop = found.count >= 8 && ub <= kth
                if found.count >= 8 && abs(ub - kth) <= 1e-4 { fragile = true; stop = stop != tieSide }
                if stop { break }
                if inflated {
                    let v = s.values[vi]
                    var g: Float = 0
                    for (j, w) in v.words.enumerated() where (0..<n).contains(where: { hits(w, $0) && !taken.contains($0) }) { g += v.weights[j] * bestSim(w) }
                    let outside = v.total > 0 ? g / v.total : 0
                    let floor = max(m.minimumValueSimilarity, kth) - 1e-5
                    var skip = outside < floor
                    if abs(outside - floor) <= 1e-4 { fragile = true; skip = skip != tieSide }
                    if skip { continue }
                }
                let mine = byValue[si][vi].filter { sp in !(sp.start..<sp.end).contains(where: taken.contains) }
                found += mine
                for sp in mine where top.count < 8 || sp.sim > top[7] {
                    if top.count == 8 { top.removeLast() }
                    top.append(sp.sim)
                    top.sort(by: >)
                }
                if !mine.isEmpty && found.count >= 8 { kth = top[7] }
            }
            spans[si] = found
            heardSpans[si] = found.count
            addExtras(si, taken)
        }
        // App names first (their spans found so too): a value is not heard where its app's name surely is (every app
        // reading takes those units).
        var takenOf = [Set<Int>](repeating: [], count: ref.catalogs.count)
        for (a, appSet) in ref.appSets.enumerated() {
            lookFor(appSet, taken: [], inflated: false)
            let list = spans[appSet].sorted(by: RefQuery.before).prefix(3)
            guard let first = list.first, first.sim >= m.appNameSureSimilarity else { continue }
            var taken = Set(first.start..<first.end)
            for s in list.dropFirst() { taken.formIntersection(s.start..<s.end) }
            takenOf[a] = taken
        }
        let inflatedOf = takenOf.map { !$0.isEmpty && heardOnlyUnder($0) }
        for (si, s) in ref.sets.enumerated() where !s.isApp {
            lookFor(si, taken: takenOf[s.app], inflated: inflatedOf[s.app])
        }
        for si in spans.indices {
            spans[si].sort(by: RefQuery.before)
            if !ref.sets[si].isApp { dropUnidentifying(si) }
        }
    }

    /// Whether unit i relates to catalog word `w`: a word match, or a join or a split of it.
    func hits(_ w: String, _ i: Int) -> Bool {
        sim(i, w) > 0 || merge[i] == w || (i > 0 && merge[i - 1] == w) || splitPairs[i].contains { $0.0 == w || $0.1 == w }
    }

    /// How well some unit says catalog word `w`.
    func bestSim(_ w: String) -> Float { max((0..<n).map { sim($0, w) }.max() ?? 0, noted[w] ?? 0) }

    /// The sound key of units a...b said as one word.
    func windowKey(_ a: Int, _ b: Int) -> String {
        let norm = ref.index.normalizer
        if a == b { return norm.phoneticKey(units[a].text, flags: units[a].flags) }
        if norm.keysAreDoubleMetaphone {
            return PhoneticKey.doubleMetaphoneJoined(units[a].text, units[a + 1].text, b > a + 1 ? units[b].text : nil)
        }
        return norm.phoneticKey(units[a...b].map(\.text).joined())
    }

    /// Values heard by their sound: 1-3 words with one unknown whose key is a value's (0.8), and,
    /// when the app's name is not said as such, 1-3 words whose key is the name's, or one off
    /// where a word is unknown (0.72).
    func soundSpans() -> [(Int, [Span])] {
        let norm = ref.index.normalizer
        var out: [(Int, [Span])] = []
        // An app name said as such (every word at its best, weighted: 0.99 or more).
        let appHeard = ref.appSets.contains { a in
            ref.sets[a].values.contains { v in
                var bound: Float = 0
                for (k, w) in v.words.enumerated() { bound += v.weights[k] / max(v.total, 1e-6) * bestSim(w) }
                return min(bound, 1) >= 0.99
            }
        }
        func stop(_ b: Int) -> Bool { flagged(b, [.number, .ordinal, .filler, .connector]) }
        // A name's sounds: its key in the locale's algorithm and in English Double Metaphone (3
        // letters or more), or a Han or kana name's in the locale's (2 characters or more).
        func nameKeys(_ v: ReferenceMatcher.Value) -> [[UInt32]] {
            let joined = v.words.joined()
            var keys: Set<String>
            if joined.unicodeScalars.contains(where: { Script.isHanOrKana($0.value) }) {
                guard joined.unicodeScalars.count >= 2 else { return [] }
                keys = [norm.phoneticKey(joined)]
            } else {
                guard joined.unicodeScalars.count >= 3 else { return [] }
                keys = [norm.phoneticKey(joined), PhoneticKey.key(joined, algorithm: .doubleMetaphone, language: "en")]
            }
            return keys.filter { $0.count >= 2 }.map { Array($0.unicodeScalars.map(\.value)) }
        }
        // (Names are compared by their sound only where some name has one.)
        let hasAppSounds = ref.appSets.contains { a in ref.sets[a].values.contains { !nameKeys($0).isEmpty } }
        func split(_ u: Int) -> Bool { units[u].text.unicodeScalars.contains { Script.isHanOrKana($0.value) } }
        for (si, s) in ref.sets.enumerated() {
            var found: [Span] = []
            let keys = s.values.map { IndexBuilder.soundKey(norm, $0.words) }
            for a in 0..<n {
                var hasUnknown = false, count = 0
                for b in a..<min(n, a + 3) {
                    if stop(b) { break }
                    count += units[b].text.unicodeScalars.count
                    if count > ref.longestRelatable { break }
                    if !known[b] { hasUnknown = true }
                    guard hasUnknown || (!appHeard && b > a), count >= 4, hasUnknown || s.isApp else { continue }
                    let key = windowKey(a, b)
                    guard key.count >= 3 else { continue }
                    for (vi, k) in keys.enumerated() where k.count >= 3 && k == key {
                        found.append(Span(start: a, end: b + 1, variant: vi, sim: m.soundSimilarity))
                    }
                }
            }
            for (vi, name) in s.values.enumerated() where s.isApp && !appHeard {
                let nameKeys = nameKeys(name)
                guard !nameKeys.isEmpty else { continue }
                for a in 0..<n {
                    var count = 0, unknown = false, hanWindow = false
                    for b in a..<min(n, a + 3) {
                        if stop(b) || (!known[b] && OtherApps.isKnown(units[b].text)) { break }
                        count += units[b].text.unicodeScalars.count
                        if count > ref.longestRelatable { break }
                        if flagged(b, .optional) {
                            if b == a || split(b) { break }
                            unknown = true
                            continue
                        }
                        // (A window with a Han or kana unit is compared by whole words below.)
                        if split(b) { hanWindow = true }
                        if !known[b] { unknown = true }
                        guard count >= 3 else { continue }
                        if hanWindow { break }
                        // The window's key in the locale's algorithm, and in English Double Metaphone
                        // where the locale's is another (a name said as English words).
                        var windowKeys = [Array(windowKey(a, b).unicodeScalars.map(\.value))]
                        if !norm.keysAreDoubleMetaphone {
                            let english = a == b ? PhoneticKey.key(units[a].text, algorithm: .doubleMetaphone, language: "en")
                                : PhoneticKey.doubleMetaphoneJoined(units[a].text, units[a + 1].text, b > a + 1 ? units[b].text : nil)
                            windowKeys.append(Array(english.unicodeScalars.map(\.value)))
                        }
                        var best: Float = 0
                        for k in windowKeys {
                            for key in nameKeys where k.count >= 2 {
                                if k == key { best = max(best, m.soundSimilarity) } else if unknown, key.count >= 3, k.count >= 3,
                                    WordSimilarity.distance(k, key, limit: 1) <= 1 {
                                    best = max(best, m.soundSimilarity - m.soundOneOffDiscount)
                                }
                            }
                        }
                        if best > 0 { found.append(Span(start: a, end: b + 1, variant: vi, sim: best)) }
                    }
                }
            }
            if s.isApp && !appHeard && hasAppSounds {
                // A Han or kana name by the locale's key of 1-2 whole words of the utterance (all
                // their characters; the same key only).
                var a = 0
                while a < n {
                    var e = a, scalars = 0
                    for _ in 0..<2 {
                        guard e < n, split(e), !flagged(e, [.number, .ordinal, .filler, .connector, .optional, .particle]) else { break }
                        let f = wordEnd(e)
                        for u in e..<f { scalars += units[u].text.unicodeScalars.count }
                        e = f
                        guard scalars >= 2 else { continue }
                        let key = Array(norm.phoneticKey(units[a..<e].map(\.text).joined()).unicodeScalars.map(\.value))
                        guard key.count >= 2 else { continue }
                        for (vi, name) in s.values.enumerated() where nameKeys(name).contains(key) {
                            found.append(Span(start: a, end: e, variant: vi, sim: m.soundSimilarity))
                        }
                    }
                    a = wordEnd(a)
                }
                found += hangulSyllables(s)
            }
            if !found.isEmpty { out.append((si, found)) }
        }
        return out
    }

    /// An app name written in Hangul syllables, three or more, heard one syllable off ("파코" for
    /// "파르코", "팬츄리" for "팬트리"): one or two whole words of Hangul syllables (no catalog word,
    /// no function word or number; a particle or connector split off a word ends it), two
    /// syllables or more in all, within one syllable (an edit) of the name and not the name,
    /// are the name at the sound-alike's similarity with one difference.
    func hangulSyllables(_ s: ReferenceMatcher.SlotSet) -> [Span] {
        var out: [Span] = []
        func syllabic(_ u: Int) -> Bool {
            !flagged(u, [.number, .ordinal, .filler, .connector, .optional, .particle])
                && units[u].text.unicodeScalars.allSatisfy { ReferenceMatcher.isHangul($0.value) || Script.isHanOrKana($0.value) }
                // (A Hangul word of the catalogs' own is that word.)
                && !((units[u].text.unicodeScalars.first.map { ReferenceMatcher.isHangul($0.value) } ?? false) && ref.vocab.contains(units[u].text))
        }
        // The end of the word of unit a, a particle, connector or optional word split off it left out.
        func end(_ a: Int) -> Int {
            var f = a + 1
            while f < wordEnd(a) && !flagged(f, [.particle, .connector, .optional]) { f += 1 }
            return f
        }
        let names = s.values.map { RefQuery.syllables($0.words.joined()) }
        var a = 0
        while a < n {
            var e = a
            var window: [UInt32] = [], said = ""
            for _ in 0..<2 {
                guard e < n, syllabic(e) else { break }
                let f = end(e)
                guard (e..<f).allSatisfy(syllabic) else { break }
                // (Syllables of the window's text: a small kana folds into the kana before it,
                // across units and words.)
                for u in e..<f { said += units[u].text }
                window = RefQuery.syllables(said)
                e = f
                guard window.count >= 2 else { continue }
                // (Han characters are words: one left out leaves another word; a Han window is the
                // name's length.)
                let hanWindow = window.contains { Script.isHanOrKana($0) && !Script.isKana($0) }
                for (vi, name) in names.enumerated() where name.count >= 3 && name.allSatisfy({ ReferenceMatcher.isHangul($0) || Script.isHanOrKana($0) || $0 >= RefQuery.foldedSmallKana })
                    && abs(name.count - window.count) <= (hanWindow ? 0 : 1) {
                    if window != name && WordSimilarity.distance(window, name, limit: 1) <= 1 {
                        out.append(Span(start: a, end: e, variant: vi, sim: m.soundSimilarity - m.soundOneOffDiscount))
                    }
                }
            }
            a = end(a)
        }
        return out
    }

    /// A text's syllables: its scalars, a small kana (ァ ィ ゥ ェ ォ ャ ュ ョ ヮ) after a kana one
    /// syllable with it ("ウォ"), written `foldedSmallKana` + the two.
    static func syllables(_ text: String) -> [UInt32] {
        var out: [UInt32] = []
        for c in text.unicodeScalars {
            let v = c.value
            if [0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30E3, 0x30E5, 0x30E7, 0x30EE].contains(v), let last = out.last, Script.isKana(last) {
                out[out.count - 1] = foldedSmallKana + (last - 0x3000) * 0x1000 + (v - 0x3000)
            } else {
                out.append(v)
            }
        }
        return out
    }
    static let foldedSmallKana: UInt32 = 0x1000_0000

    static func before(_ a: Span, _ b: Span) -> Bool { (a.sim, b.start, b.end, b.variant) > (b.sim, a.start, a.end, a.variant) }

    /// Spans below the partial-value similarity of words that two options share, or that the
    /// app's phrases say themselves, name no value.
    mutating func dropUnidentifying(_ si: Int) {
        let found = spans[si]
        guard let last = found.last, last.sim < m.partialValueSimilarity else { return }
        var out: [Span] = []
        var a = 0
        while a < found.count {
            var b = a + 1
            while b < found.count && found[b].sim == found[a].sim && found[b].start == found[a].start && found[b].end == found[a].end { b += 1 }
            var several = false
            if found[a].sim < m.partialValueSimilarity {
                let o = ref.sets[si].values[found[a].variant].option
                for k in (a + 1)..<b where ref.sets[si].values[found[k].variant].option != o { several = true }
                // (Not a Bool's: "on" of "turn on" is what tells on from off.)
                if !several && !ref.sets[si].isBool {
                    // (Each unit a word of its own: no particle split off it.)
                    several = (found[a].start..<found[a].end).allSatisfy { i in
                        !flagged(i, [.optional, .particle, .elision, .connector, .filler, .number, .ordinal]) && wordStart(i) == i && wordEnd(i) == i + 1
                            && ref.literalWords[ref.sets[si].app].contains(units[i].text)
                    }
                }
            }
            if !several { out += found[a..<b] }
            a = b
        }
        spans[si] = out
    }

    func covered(_ i: Int) -> Bool { spans.contains { $0.contains { $0.start <= i && i < $0.end } } }

    // MARK: Clauses

    /// Opening the app first ("open Zephyr Quill and play rock"): the verb before an app name
    /// heard surely that starts the utterance (after filler), or after the name, and a joining
    /// word after it, are filler.
    mutating func openAppClause() {
        let verbs = ref.index.openVerbs
        guard !verbs.isEmpty else { return }
        var start = 0
        while start < n && flagged(start, .filler) { start += 1 }
        guard start < n else { return }
        func said(_ list: [[String]], at i: Int) -> Int {
            var best = 0
            for e in list where e.count > best && i + e.count <= n && e.indices.allSatisfy({ units[i + $0].text == e[$0] }) { best = e.count }
            return best
        }
        for appSet in ref.appSets {
            guard let sp = spans[appSet].first, sp.sim >= m.appNameSureSimilarity, sp.start >= start, sp.start - start <= 3 else { continue }
            var clause: [Int] = []
            var after = sp.end
            let v = said(verbs, at: start)
            if v > 0 && start + v == sp.start {
                clause = Array(start..<(start + v))
            } else if sp.start == start {
                var j = sp.end
                while j < n && flagged(j, [.particle, .optional]) { j += 1 }
                let w = j < n ? said(verbs, at: j) : 0
                if w > 0 { clause = Array(j..<(j + w)); after = j + w }
            }
            guard !clause.isEmpty else { continue }
            if after < n {
                let t = said(ref.index.openThen, at: after)
                if t > 0 { clause += Array(after..<(after + t)) }
            }
            guard (clause.max() ?? n) + 1 < n else { continue }
            for u in clause {
                cls[u] = .filler
                units[u].flags.remove(.unheard)
                units[u].flags.insert(.filler)
                unheard[u] = false
                charWord[u] = false
                // (Its cost is a filler's, no longer spread: the class set anew.)
                spread[u] = 1
                guessed[u] = false
                negative[u] = false
            }
            return
        }
    }

    mutating func clauses() {
        var f: Float = 1
        for i in 0..<n where unheard[i] && !covered(i) { f *= m.unknownWordFactor }
        unknownFactor = f
        func unknown(_ i: Int) -> Bool { (unheard[i] || guessed[i]) && !flagged(i, [.number, .ordinal]) && !covered(i) }
        var c = 0
        if n >= 2 {
            var i = n - 1
            while i > 0 && unknown(i) { i -= 1 }
            if i < n - 1 && flagged(i, .connector) { c += 1 }
            var j = 0
            while j < n - 1 && unknown(j) { j += 1 }
            if j > 0 && flagged(j, .connector) { c += 1 }
        }
        otherAppClauses = c
        clauseLead = 0; clauseTrail = 0; clauseLeadFrom = 0
        guard n >= 2 else { return }
        // (Words of the utterance: the units of one span, a particle split off included.)
        // (Not a Han word the catalogs never say: `charWord`.)
        func free(_ i: Int) -> Bool { !flagged(i, [.number, .ordinal, .connector, .filler, .optional]) }
        func plain(_ i: Int) -> Bool { free(i) && !charWord[i] }
        // A word with a connector the locale glues to the next word as its prefix (he "בביט"):
        // the clause may start there, the word after the connector.
        func glued(_ i: Int) -> Bool { ref.index.gluedConnectors.contains { units[i].text.count > $0.count && units[i].text.hasPrefix($0) } }
        var k = n, words = 0
        while k > 0 && words < 3 {
            let s = wordStart(k - 1)
            guard (s..<k).allSatisfy(plain) else { break }
            k = s; words += 1
            if k > 0 && (flagged(k - 1, .connector) || glued(k)) { clauseTrail = n - k; break }
        }
        k = 0; words = 0
        while k < n - 1 && words < 3 {
            let e = wordEnd(k)
            // (A word the catalogs never say written in katakana may: a name, not a reworded verb.)
            guard e < n, (k..<e).allSatisfy({ plain($0) || (free($0) && writtenInKatakana($0)) }) else { break }
            k = e; words += 1
            if flagged(k, .connector) && k + 1 < n { clauseLead = k; break }
        }
        if clauseLead == 0 && flagged(0, .connector) {
            let e = wordEnd(1)
            if e < n && (1..<e).allSatisfy(free) { clauseLeadFrom = 1; clauseLead = e }
        }
    }

    /// The app clauses whose words the app never says (for a reading without its name).
    func otherAppClausesOfApp(_ app: Int) -> Int {
        // Not a name or value of the app's own, a word it never says or says only by a guess.
        func foreign(_ i: Int) -> Bool {
            for (si, s) in ref.sets.enumerated() where s.app == app && spans[si].contains(where: { $0.start <= i && i < $0.end }) { return false }
            if unheardWord(i) || guessed[i] { return true }
            return !matches[i].isEmpty && !matches[i].contains { !$0.guess && ref.says[app].contains($0.word) }
        }
        var c = 0
        if clauseTrail > 0 && ((n - clauseTrail)..<n).allSatisfy(foreign) { c += 1 }
        if clauseLead > 0 && (clauseLeadFrom..<clauseLead).allSatisfy(foreign) { c += 1 }
        return max(c, otherAppClauses)
    }

    // MARK: Alignment

    struct Path {
        var cost: Float = .infinity
        var gain: Float = 0
        var ins: Float = 0
        var dels: Float = 0
        var unks: Float = 0
        var pdels: Float = 0
        var subs: Float { min(dels, unks) }
        var paramMissing: Bool { pdels > 0 }
    }

    func adjacent(_ a: Int, _ b: Int, _ mask: [UInt8]) -> Float {
        var p: Float = 0
        if a > 0 && mask[a - 1] == 0 && unheardWord(a - 1) { p += m.adjacentUnknownCost }
        if b < n && mask[b] == 0 && unheardWord(b) { p += m.adjacentUnknownCost }
        return p
    }

    /// The least-cost path (most gain among those) through the table of `elems` × units: a
    /// phrase word said (its weight times what is missing of its similarity), left out (its
    /// weight), a unit inserted (its cost; the app name's units and the connectors next to it
    /// free), the value slot taken by one of `group`'s spans. Row `skip` is passed for free.
    func align(_ elems: [ReferenceMatcher.Elem], _ mask: [UInt8], _ group: [Span], _ costs: [Float], skip: Int = -1) -> Path {
        alignTraced(elems, mask, group, costs, skip: skip).path
    }

    /// `align`, and each unit's role on the path: 1 said as a phrase word, the value or the app
    /// name, 2 inserted, 3 inserted filler (or a connector next to the app name), 0 none.
    func alignTraced(_ elems: [ReferenceMatcher.Elem], _ mask: [UInt8], _ group: [Span], _ costs: [Float],
                     skip: Int = -1) -> (path: Path, roles: [UInt8]) {
        let rows = elems.count
        var t = [[Path]](repeating: [Path](repeating: Path(), count: n + 1), count: rows + 1)
        // The step into each cell: the cell it came from and its kind (1 inserted, 7 a connector
        // next to the app name passed, 3 a word said, 4 two units joined into it, 5 one unit
        // split into it and the next, 6 the value, 0 other).
        var back = [[(j: Int, i: Int, op: UInt8)]](repeating: [(j: Int, i: Int, op: UInt8)](repeating: (-1, -1, 0), count: n + 1), count: rows + 1)
        t[0][0].cost = 0
        let literals = group.isEmpty ? [] : literalUnits(elems)
        func relax(_ from: Path, _ fj: Int, _ fi: Int, _ j: Int, _ i: Int, _ c: Float, _ g: Float, _ ii: Float, _ op: UInt8,
                   del: Float = 0, unk: Float = 0, pdel: Float = 0) {
            let nc = from.cost + c, ng = from.gain + g
            let old = t[j][i]
            if nc < old.cost - 1e-6 || (abs(nc - old.cost) <= 1e-6 && ng > old.gain + 1e-6) {
                t[j][i] = Path(cost: nc, gain: ng, ins: from.ins + ii, dels: from.dels + del, unks: from.unks + unk, pdels: from.pdels + pdel)
                back[j][i] = (fj, fi, op)
            }
        }
        for j in 0...rows {
            for i in 0...n {
                let cur = t[j][i]
                if cur.cost == .infinity { continue }
                if i < n {
                    if mask[i] != 0 { relax(cur, j, i, j, i + 1, 0, 0, 0, mask[i] == 2 ? 7 : 0) } else {
                        relax(cur, j, i, j, i + 1, costs[i], 0, costs[i], 1, unk: unheard[i] || guessed[i] || negative[i] ? 1 : 0)
                    }
                }
                guard j < rows else { continue }
                let e = elems[j]
                if j == skip { relax(cur, j, i, j + 1, i, 0, 0, 0, 0); continue }
                relax(cur, j, i, j + 1, i, e.weight, 0, 0, 0, del: !e.isParam && e.weight >= m.contentWordWeight ? 1 : 0, pdel: e.isParam ? 1 : 0)
                guard i < n, mask[i] != 1 else { continue }
                if !e.isParam {
                    let s = sim(i, e.text)
                    if s > 0 { relax(cur, j, i, j + 1, i + 1, e.weight * (1 - s), e.weight * s, 0, 3) }
                    // Two units joined into the word; one unit split into it and the next literal.
                    let sj = m.joinSimilarity
                    if i + 1 < n, mask[i + 1] != 1, merge[i] == e.text { relax(cur, j, i, j + 1, i + 2, e.weight * (1 - sj), e.weight * sj, 0, 4) }
                    // (Not into the word said elsewhere, `skip`: it is read from its own unit.)
                    if j + 1 < rows, j + 1 != skip, !elems[j + 1].isParam, splits(i, e.text, elems[j + 1].text) {
                        let ww = e.weight + elems[j + 1].weight
                        relax(cur, j, i, j + 2, i + 1, ww * (1 - sj), ww * sj, 0, 5)
                    }
                } else {
                    for s in group where s.start == i && !(s.start..<s.end).contains(where: { mask[$0] == 1 }) {
                        let adj = adjacent(s.start, s.end, mask) + cutPenalty(s.start, s.end, mask, literals)
                        relax(cur, j, i, j + 1, s.end, e.weight * (1 - s.sim) + adj, e.weight * s.sim, adj, 6)
                    }
                }
            }
        }
        var roles = mask.map { $0 == 1 ? UInt8(1) : ($0 == 2 ? 3 : 0) }
        var (j, i) = (rows, n)
        while back[j][i].j >= 0 {
            let b = back[j][i]
            switch b.op {
            case 1: roles[b.i] = flagged(b.i, .filler) ? 3 : 2
            case 7: roles[b.i] = 3
            case 3, 5: roles[b.i] = 1
            case 4: roles[b.i] = 1; roles[b.i + 1] = 1
            case 6: for u in b.i..<i { roles[u] = 1 }
            default: break
            }
            (j, i) = (b.j, b.i)
        }
        return (t[rows][n], roles)
    }

    /// The app name's units (1) and the connectors next to them (2).
    func appMask(_ s: Span?) -> [UInt8] {
        var mask = [UInt8](repeating: 0, count: n)
        guard let s else { return mask }
        for u in s.start..<s.end { mask[u] = 1 }
        var k = s.start - 1
        while k >= 0 && flagged(k, .connector) { mask[k] = 2; k -= 1 }
        k = s.end
        while k < n && flagged(k, .connector) { mask[k] = 2; k += 1 }
        return mask
    }

    /// Each unit's insertion cost for a template with parameter set `paramSet`: a unit of another
    /// parameter's value said clearly costs `otherValueCost` (shared by the value's units) more.
    func costs(paramSet: Int, app: Int, negative: Bool = false) -> [Float] {
        var out = cls.indices.map { m.insertion(for: cls[$0]) * spread[$0] }
        if negative { return out }
        for (si, s) in ref.sets.enumerated() where !s.isApp && s.app == app && si != paramSet {
            guard (spans[si].first?.sim ?? 0) >= m.clearValueSimilarity else { continue }
            for sp in spans[si] {
                guard sp.sim >= m.clearValueSimilarity else { break }
                let share = m.otherValueCost / Float(sp.end - sp.start)
                for u in sp.start..<sp.end { out[u] = max(out[u], m.insertion(for: cls[u]) * spread[u] + share) }
            }
        }
        return out
    }

    struct Frame {
        var weight: Float
        var appGain: Float = 0
        /// Clauses naming another app (every reading).
        var otherApps: Float
        /// The unknown words next to the app name (named), or the clauses naming another app to
        /// this one (not named).
        var more: Float
        var factor: Float
        var named: Bool
    }

    func terms(_ gain: Float, _ insd: Float, dels: Float, subs: Float, _ f: Frame) -> ReadingTerms {
        var r = ReadingTerms()
        r.gain = gain
        r.weight = f.weight
        r.insertions = insd
        r.deletions = dels
        r.substitutions = subs
        r.appNamed = f.named
        r.gain += f.appGain
        var extra: Float = m.substitutionCost * subs + f.otherApps
        extra += f.more
        r.penalties = extra
        r.factor = f.factor
        return r
    }

    func score(_ gain: Float, _ insd: Float, dels: Float, subs: Float, _ f: Frame, noValue: Bool, unknown: Float = 1) -> Float {
        var r = terms(gain, insd, dels: dels, subs: subs, f)
        r.noValue = noValue
        r.unknown = unknown
        return m.score(r)
    }

    func frame(_ t: ReferenceMatcher.Template, _ app: Span?, _ mask: [UInt8]) -> Frame {
        let others = m.otherAppClauseCost * Float(otherAppClauses)
        if let s = app {
            // (The app gain and the penalties added in the order the search adds them.)
            return Frame(weight: t.totalWeight, appGain: ref.index.model.appWeight * s.sim, otherApps: others, more: adjacent(s.start, s.end, mask),
                         factor: t.derived ? m.paraphraseFactor : 1, named: true)
        }
        if !t.hasApp { return Frame(weight: t.totalWeight, otherApps: others, more: 0, factor: 1, named: false) }
        var extra: Float = 0
        if clauseTrail + clauseLead > 0 { extra = m.otherAppClauseCost * Float(otherAppClausesOfApp(t.app) - otherAppClauses) }
        return Frame(weight: t.totalWeight - ref.index.model.appWeight, otherApps: others, more: extra,
                     factor: (t.derived ? m.paraphraseFactor : 1) * m.noAppFactor, named: false)
    }

    /// Every reading of template `ti`: each app span (or none), each of the 3 options heard first
    /// (in the order of their best span, the app's units left out), the value moved, or one word
    /// moved; the best kept per option.
    func readings(_ ti: Int) -> [ReferenceMatcher.Reading] {
        let t = ref.templates[ti]
        var out: [ReferenceMatcher.Reading] = []
        let appSpans = t.hasApp ? spans[ref.appSets[t.app]] : []
        let withoutApp = (appSpans.first?.sim ?? 0) < m.appNameSureSimilarity
        let unitCosts = costs(paramSet: t.paramSet, app: t.app, negative: t.isNegative)
        let elemsWithoutParam = t.elems.filter { !$0.isParam }
        let hasParam = t.paramSet >= 0
        // (The search reads the first 3 app spans.)
        for ak in (withoutApp ? -1 : 0)..<min(appSpans.count, 3) {
            let app: Span? = ak < 0 ? nil : appSpans[ak]
            var mask = appMask(app)
            let f = frame(t, app, mask)
            // The options heard, in the order of their best span (a synonym is its option).
            var opts: [(variant: Int, option: Int)] = []
            if hasParam {
                for s in spans[t.paramSet] where !(s.start..<s.end).contains(where: { mask[$0] == 1 }) {
                    let o = ref.sets[t.paramSet].values[s.variant].option
                    if !opts.contains(where: { $0.option == o }) { opts.append((s.variant, o)) }
                }
            }
            // (The search reads the 3 options heard first, in that order: a rule of its own.)
            for gk in 0..<max(1, min(opts.count, 3)) {
                let variant = opts.isEmpty ? -1 : opts[gk].variant
                let group = variant < 0 ? [] : spans[t.paramSet].filter {
                    ref.sets[t.paramSet].values[$0.variant].option == opts[gk].option && !($0.start..<$0.end).contains(where: { mask[$0] == 1 })
                }
                let a = align(t.elems, mask, group, unitCosts)
                guard a.cost < .infinity else { continue }
                var gain = a.gain, insd = a.ins, dels = a.dels, subs = a.subs
                var missing = a.paramMissing
                let plainDels = a.dels
                let plainScore = (hasParam && !group.isEmpty) || plainDels >= 1
                    ? score(gain, insd, dels: dels, subs: subs, f, noValue: hasParam && (variant < 0 || missing)) : 0
                var moved = false, movedWord = false
                var valueMoved: Float = -1
                if let best = group.first, hasParam {
                    var mm = mask
                    for u in best.start..<best.end { mm[u] = 1 }
                    let b = align(elemsWithoutParam, mm, [], unitCosts)
                    let adj = adjacent(best.start, best.end, mask) + cutPenalty(best.start, best.end, mask, literalUnits(t.elems))
                    let g2 = b.gain + ref.index.model.parameterWeight * best.sim - m.valueReorderCost
                    let i2 = b.ins + adj + m.substitutionCost * b.subs
                    let i3 = i2 - m.substitutionCost * b.subs
                    if b.cost < .infinity, score(g2, i3, dels: 0, subs: b.subs, f, noValue: false) > plainScore + 1e-6 {
                        gain = g2; insd = i3; dels = 0; subs = b.subs; missing = false
                        moved = true
                        valueMoved = score(gain, insd, dels: dels, subs: subs, f, noValue: false)
                    }
                }
                if plainDels >= 1 {
                    var current = plainScore
                    var best: (gain: Float, ins: Float, dels: Float, subs: Float, missing: Bool)? = nil
                    for (j, e) in t.elems.enumerated() where !e.isParam && e.weight >= ref.index.model.contentWordWeight {
                        // The usable unit that says the word best (the first of those).
                        var u = -1
                        var us: Float = 0
                        for x in 0..<n where mask[x] == 0 && sim(x, e.text) > us { u = x; us = sim(x, e.text) }
                        guard u >= 0, us >= m.movedWordSimilarity else { continue }
                        mask[u] = 1
                        let b = align(t.elems, mask, group, unitCosts, skip: j)
                        mask[u] = 0
                        guard b.cost < .infinity else { continue }
                        let g2 = b.gain + e.weight * us - m.wordReorderCost
                        let s2 = score(g2, b.ins, dels: b.dels, subs: b.subs, f, noValue: hasParam && (variant < 0 || b.paramMissing))
                        if s2 > current + 1e-6 {
                            current = s2
                            best = (g2, b.ins, b.dels, b.subs, b.paramMissing)
                        }
                    }
                    if let w = best, current > valueMoved + 1e-6 {
                        gain = w.gain; insd = w.ins; dels = w.dels; subs = w.subs; missing = w.missing
                        moved = false
                        movedWord = true
                    }
                }
                let noValue = hasParam && (variant < 0 || (!moved && missing))
                let s = score(gain, insd, dels: dels, subs: subs, f, noValue: noValue, unknown: unknownFactor)
                var rt = terms(gain, insd, dels: dels, subs: subs, f)
                rt.noValue = noValue
                rt.unknown = unknownFactor
                out.append(.init(template: ti, score: s, appNamed: app != nil, option: variant < 0 ? -1 : ref.sets[t.paramSet].values[variant].option,
                                 appSpan: app, variant: variant, moved: moved || movedWord, factor: f.factor, noValue: noValue, terms: rt))
            }
        }
        return out
    }

    // MARK: Unknown values

    /// Units known only as values (no phrase says them).
    func valueOnly() -> [Int] {
        (0..<n).filter { i in
            !matches[i].isEmpty && !unheardWord(i) && cls[i].isContent && !joined(i)
                && !matches[i].contains { ref.allLiterals.contains($0.word) }
                // (Numbers are not names, nor words with digits, "mp3".)
                && !flagged(i, [.number, .ordinal]) && !ReferenceMatcher.hasNumeral(units[i].text)
        }
    }

    func valueSpan(app: Int, _ test: (Span) -> Bool) -> Bool {
        for (si, s) in ref.sets.enumerated() where !s.isApp && s.app == app { if spans[si].contains(where: test) { return true } }
        return false
    }

    /// Value-only words not heard as a whole value, next to a word never heard or to another
    /// such word no value says with them.
    func partialValueUnits(app: Int) -> Set<Int> {
        let partial = valueOnly().filter { i in !valueSpan(app: app) { $0.start <= i && i < $0.end && $0.sim >= m.heardValueSimilarity } }
        var out = Set<Int>()
        for i in partial {
            for step in [-1, 1] {
                var j = i + step
                while j >= 0 && j < n && flagged(j, [.optional, .elision, .particle]) && !flagged(j, [.connector, .filler]) { j += step }
                guard j >= 0 && j < n else { continue }
                let lo = min(i, j), hi = max(i, j)
                // (The app's name is one of the names a word may share: "fern orbit" of "Orbit Fern".)
                let share = ref.sets.contains { s in
                    s.app == app && s.values.contains { v in matches[i].contains { v.words.contains($0.word) } && matches[j].contains { v.words.contains($0.word) } }
                }
                if unheardWord(j) && !flagged(j, [.number, .ordinal]) && !valueSpan(app: app, { $0.start <= lo && hi < $0.end })
                    || (partial.contains(j) && !share) {
                    out.insert(i)
                    break
                }
            }
        }
        return out
    }

    /// The best reading of a phrase whose value slot takes words that are none of its values.
    func unknownValueReading(candidates: [Int]) -> Float? {
        // Words known only as values or names that the app never says, or says only in part.
        let valueOnly = valueOnly()
        let appForeign = ref.catalogs.indices.map { a in
            partialValueUnits(app: a).union(valueOnly.filter { i in !matches[i].contains { ref.says[a].contains($0.word) } })
        }
        let guessing = guessed.contains(true)
        func runs(_ unknown: (Int) -> Bool) -> [Span] {
            var out: [Span] = []
            var i = 0
            while i < n {
                guard unknown(i) else { i += 1; continue }
                var j = i
                while j < n && unknown(j) { j += 1 }
                if j - i <= 4 { out.append(Span(start: i, end: j, variant: -1, sim: m.unknownValueSimilarity)) }
                i = j
            }
            return out
        }
        // (Numbers are not names: an unheard number is more likely misheard than new.)
        if runs({ unheardWord($0) && !flagged($0, [.number, .ordinal]) }).isEmpty && valueOnly.isEmpty && !guessing { return nil }
        var best: Float? = nil
        for ti in candidates {
            let t = ref.templates[ti]
            guard t.paramSet >= 0 else { continue }
            // Guessed words count as never heard where no value of the slot is heard at or next to them.
            var foreign = appForeign[t.app]
            if guessing {
                // (Not a word with digits, "mp4": no name.)
                for i in 0..<n where guessed[i] && !ReferenceMatcher.hasNumeral(units[i].text)
                    && !spans[t.paramSet].contains(where: { $0.start - 1 <= i && i <= $0.end }) { foreign.insert(i) }
            }
            func unknown(_ k: Int) -> Bool { (unheardWord(k) || foreign.contains(k)) && !flagged(k, [.number, .ordinal]) }
            if !(0..<n).contains(where: unknown) { continue }
            let runs = runs(unknown)
            let ps = spans[t.paramSet]
            var attached: [Span] = []
            for sp in ps.prefix(3) {
                var b = sp.end
                guard b + 1 < n else { continue }
                guard !flagged(b, [.filler, .connector, .number, .ordinal]) && flagged(b, [.optional, .elision, .particle]), unknown(b + 1) else { continue }
                b += 1
                while b < n && unknown(b) && b - sp.end <= 4 { b += 1 }
                if !attached.contains(where: { $0.start == sp.start && $0.end == b }) {
                    attached.append(Span(start: sp.start, end: b, variant: -1, sim: m.unknownValueSimilarity))
                }
            }
            let heardValue = ps.contains { $0.sim >= m.heardValueSimilarity }
            if heardValue && attached.isEmpty { continue }
            if attached.isEmpty && (heardValue || runs.isEmpty) { continue }
            let app = spans[ref.appSets[t.app]].first
            let mask = appMask(app)
            let f = frame(t, app, mask)
            let unitCosts = costs(paramSet: t.paramSet, app: t.app, negative: t.isNegative)
            for r in (heardValue ? [] : runs) + attached {
                if (r.start..<r.end).contains(where: { mask[$0] != 0 }) { continue }
                let a = align(t.elems, mask, [r], unitCosts)
                guard a.cost < .infinity else { continue }
                let s = min(1, max(0, m.baseScore(terms(a.gain, a.ins, dels: a.dels, subs: a.subs, f))))
                if s > (best ?? 0) { best = s }
            }
        }
        return best
    }

    // MARK: Talk after the request

    /// Talk after the request ("… in Zephyr Quill because it was late"): when no reading reaches
    /// the threshold, a reading that names the app, keeps its words in order and says every content
    /// word of its phrase (nothing left out or replaced) may take a run of two or more inserted
    /// words (fillers around it aside) right after an app clause that ends the request, ending the
    /// utterance and opened by no connector, at `freeTextCost` in place of their insertions, its
    /// unknown words no longer lowering the score. A phrase whose shortcut has free text (a String
    /// parameter it does not say) takes a run of one word or more ending the utterance, right
    /// after the app clause before phrase words, or right before an app clause that ends the
    /// utterance with a connector between them ("search Nimbus for climate change", "look up
    /// climate change in Nimbus"), none naming a value of the app clearly.
    func talk(_ readings: inout [ReferenceMatcher.Reading]) {
        guard let top = readings.filter({ !ref.templates[$0.template].isNegative }).map(\.score).max(), top < Float(ref.options.threshold) else { return }
        let matters = min(top - Float(max(ref.options.resultWindow, ref.options.ambiguityMargin)) - 1e-3,
                          Float(ref.options.noAppThreshold - ref.options.ambiguityMargin))
        for k in readings.indices {
            let r = readings[k]
            guard let appSpan = r.appSpan, !r.moved, r.score >= 0.2 else { continue }
            let t = ref.templates[r.template]
            // Every element at its best, the run at its cost and nothing else inserted.
            var most = ReadingTerms()
            var g: Float = 0
            for e in t.elems {
                if e.isParam {
                    g += e.weight * (spans[t.paramSet].map(\.sim).max() ?? 0)
                } else {
                    g += e.weight * bestSim(e.text)
                }
            }
            most.gain = g + ref.index.model.appWeight * appSpan.sim
            most.weight = t.totalWeight
            most.insertions = m.freeTextCost
            most.factor = r.factor
            most.noValue = r.noValue
            guard m.score(most) >= matters, t.elems.allSatisfy({ $0.isParam || $0.weight < m.contentWordWeight || bestSim($0.text) > 0 }) else { continue }
            let unitCosts = costs(paramSet: t.paramSet, app: t.app, negative: t.isNegative)
            var mask = appMask(appSpan)
            let group = r.variant < 0 ? [] : spans[t.paramSet].filter {
                ref.sets[t.paramSet].values[$0.variant].option == r.option && !($0.start..<$0.end).contains(where: { mask[$0] == 1 })
            }
            var (al, role) = alignTraced(t.elems, mask, group, unitCosts)
            guard al.cost < .infinity, al.dels < 1e-3, al.subs < 1e-3, !al.paramMissing else { continue }
            // Up to 3 units written in hiragana after the phrase's last word read ("検索して" for
            // "検索": a verb's ending) belong to the request, as filler.
            if let last = role.lastIndex(of: 1), last < n - 1, n - 1 - last <= 3,
               ((last + 1)..<n).allSatisfy({ role[$0] != 1 && writtenInHiragana($0) }) {
                for u in (last + 1)..<n { role[u] = 3 }
            }
            guard let lo = role.firstIndex(of: 2), let hi = role.lastIndex(of: 2), hi - lo < 16, (lo...hi).allSatisfy({ role[$0] >= 2 }) else { continue }
            var p = lo - 1
            while p >= 0 && role[p] == 3 { p -= 1 }
            var q = hi + 1
            while q < n && role[q] == 3 { q += 1 }
            let atEnd = q == n && !((p + 1)...lo).contains { flagged($0, .connector) }
            if t.freeText && !t.isNegative {
                // Free text: a run ending the utterance, right after the app clause before
                // phrase words (no connector closing it), or right before an app clause that
                // ends the utterance with a connector between them.
                let afterApp = p == appSpan.end - 1 && q < n && role[q] == 1 && !(hi...(q - 1)).contains { flagged($0, .connector) }
                let beforeApp = q == appSpan.start && q > hi + 1 && ((hi + 1)...(q - 1)).contains { flagged($0, .connector) }
                    && (appSpan.end..<n).allSatisfy { role[$0] == 3 }
                guard atEnd || afterApp || beforeApp else { continue }
            } else {
                // Talk after the request: two words or more after the app clause ending it.
                guard atEnd, p == appSpan.end - 1, hi > lo else { continue }
            }
            // Words that name a value of the app are that value.
            if (lo...hi).contains(where: { u in valueSpan(app: t.app) { $0.start <= u && u < $0.end && $0.sim >= m.clearValueSimilarity } }) { continue }
            var runIns: Float = 0
            var unknown = 0
            for u in lo...hi where role[u] == 2 {
                runIns += unitCosts[u]
                if unheard[u] && !covered(u) { unknown += 1 }
                mask[u] = 1
            }
            var f = unknownFactor
            for _ in 0..<unknown { f /= m.unknownWordFactor }
            let frame = self.frame(t, appSpan, mask)
            var terms = self.terms(al.gain, max(0, al.ins - runIns) + m.freeTextCost, dels: al.dels, subs: al.subs, frame)
            terms.unknown = f
            terms.noValue = t.paramSet >= 0 && r.variant < 0
            let s = m.score(terms)
            if s > r.score { readings[k].score = s; readings[k].terms = terms; readings[k].freeText = t.freeText && !t.isNegative }
        }
    }

    // MARK: The search and the decision

    mutating func run() -> (answer: ReferenceMatcher.Answer?, outOfDomain: String?) {
        func none() -> ReferenceMatcher.Answer { .init(decision: .none, app: nil, intent: nil, value: nil, score: 0, appNamed: false) }
        if n == 0 { return (none(), nil) }
        findSpans()
        openAppClause()
        clauses()
        // Candidates: templates sharing a word or a heard slot set with the utterance.
        // An app named clearly (0.9) picks the app: only its templates compete.
        let said = Set(matches.flatMap { $0.map(\.word) }).union(noted.keys)
        let named = ref.appSets.indices.filter { (spans[ref.appSets[$0]].first?.sim ?? 0) >= m.clearAppSimilarity }
        let candidates = ref.templates.indices.filter { ti in
            let t = ref.templates[ti]
            if !named.isEmpty && !named.contains(t.app) { return false }
            return !spans[ref.appSets[t.app]].isEmpty || (t.paramSet >= 0 && !spans[t.paramSet].isEmpty)
                || t.elems.contains { !$0.isParam && said.contains($0.text) }
        }
        var all = candidates.flatMap { readings($0) }
        talk(&all)
        var best: [Int: ReferenceMatcher.Reading] = [:]   // per target: app, shortcut and option
        // The best reading of a negative phrase (not a target).
        var negBest: Float? = nil
        do {
            for r in all {
                let ti = r.template
                if ref.templates[ti].isNegative { negBest = max(negBest ?? -1, r.score); continue }
                let key = ref.templates[ti].app << 40 | ref.templates[ti].shortcut << 20 | (r.option + 1)
                if let b = best[key] {
                    if r.score > b.score || (r.score == b.score && (r.appNamed && !b.appNamed || (r.appNamed == b.appNamed && r.template < b.template))) {
                        best[key] = r
                    }
                } else {
                    best[key] = r
                }
            }
        }
        let ranked = best.values.sorted { a, b in
            let sa = (Double(a.score) * 10000).rounded(), sb = (Double(b.score) * 10000).rounded()
            if sa != sb { return sa > sb }
            if a.appNamed != b.appNamed { return a.appNamed }
            let ta = ref.templates[a.template], tb = ref.templates[b.template]
            if ta.app != tb.app { return ta.app < tb.app }
            if ta.shortcut != tb.shortcut { return ta.shortcut < tb.shortcut }
            if ta.templateIndex != tb.templateIndex { return ta.templateIndex < tb.templateIndex }
            return a.option < b.option
        }
        let th = Float(ref.options.threshold), margin = ref.options.ambiguityMargin
        guard let top = ranked.first else { return (none(), nil) }
        let topScore = (Double(top.score) * 10000).rounded() / 10000
        let t = ref.templates[top.template]
        func answer(_ d: MatchResult.Decision) -> ReferenceMatcher.Answer {
            .init(decision: d, app: ref.catalogs[t.app].app.id, intent: t.intent, value: top.option < 0 ? nil : ref.sets[t.paramSet].values.first { $0.option == top.option }?.value,
                  score: topScore, appNamed: top.appNamed, realScore: topScore, terms: top.terms, rawScore: top.score, freeText: top.freeText)
        }
        // A negative phrase of the app as close as the best result refuses it; so does saying
        // every word of one of the named app's negative phrases that only negative phrases say.
        if let nb = negBest, nb >= th, Double(nb) >= topScore - margin { return (answer(.none), nil) }
        if top.appNamed, negative.contains(true) {
            let said = Set((0..<n).filter { negative[$0] }.map { units[$0].text })
            for nt in ref.templates where nt.isNegative && nt.app == t.app {
                let literals = nt.elems.filter { !$0.isParam }
                if !literals.isEmpty && literals.allSatisfy({ ref.negativeOnly.contains($0.text) && said.contains($0.text) }) { return (answer(.none), nil) }
            }
        }
        // (A refusal with no real reading above the search floor lists nothing, and is no
        // unknown-value refusal.)
        if top.score >= Float(ref.options.model.searchFloor), let wc = unknownValueReading(candidates: candidates), wc >= th,
           Double(wc) > topScore + margin {
            var a = answer(.none)
            a.realScore = topScore
            a.unknownValue = ""
            a.score = (Double(wc) * 10000).rounded() / 10000
            a.intent = nil
            return (a, nil)
        }
        if top.appNamed {
            if Float(topScore) < th { return (answer(.none), nil) }
        } else if topScore < ref.options.noAppThreshold {
            return (answer(.none), nil)
        } else if ranked.prefix(max(2, ref.options.limit)).contains(where: {
            ref.templates[$0.template].app != t.app && (Double($0.score) * 10000).rounded() / 10000 >= ref.options.noAppThreshold - margin
        }) {
            // No app named and another app can take it too.
            return (answer(.ambiguous), nil)
        }
        if ranked.count > 1 {
            let second = ranked[1]
            let s2 = (Double(second.score) * 10000).rounded() / 10000
            let same = ref.templates[second.template].app == t.app && ref.templates[second.template].shortcut == t.shortcut
                && second.option == top.option
            if topScore - s2 < margin && s2 >= Double(th) && !same { return (answer(.ambiguous), nil) }
        }
        return (answer(.match), nil)
    }
}
