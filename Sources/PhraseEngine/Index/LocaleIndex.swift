/// The compiled, immutable matching data of one locale across all loaded apps.
///
/// Vocabulary: every distinct unit (normalized word; a single character for Han and kana) of
/// the templates' literal text, the app names and the parameter values, with its phonetic key,
/// distinctiveness weight and fuzzy keys (symmetric deletes). Templates are compiled once with
/// their parameter as a slot, so options never multiply the phrases held in memory: a slot
/// points to a shared option set, indexed by its own words.
///
/// The index is built in stages (`init`), each a value computed from what the stages before it
/// made, and held here whole: every table is a field of exactly one stage, documented there.
///
/// | Stage | Made from | Holds |
/// |---|---|---|
/// | `Vocabulary` | the builder's words | each word's text, scalars, key, weight, whether a number |
/// | `PhraseTables` | compiled templates | templates as flat arrays, word → templates saying it |
/// | `SlotTables` | slot sets, templates | app names and parameter values, word → values saying it |
/// | `WordUsage` | phrases, slots | word → apps; words only in names, only in negative phrases |
/// | `WordLookups` | vocabulary, usage | keys that find a catalog word heard otherwise |
/// | `WordRelations` | vocabulary, profile | synonyms, forms and spellings of catalog words |
/// | `AppNameTables` | slots | app names by sound and by syllables |
/// | `CharacterTables` | phrases, slots | Han and kana pairs, readings |
/// | `ProfileWords` | profile | the words of an app clause, the rewrites |
///
/// The matcher reads a table by its old name on the index (`index.vocabText`): the forwarding
/// properties at the end of this file, inlined, so a read is the stored field's.
final class LocaleIndex: Sendable {
    /// The score model the index was built with: its weights are in the templates and values.
    let model: ScoreModel
    let locale: String
    let normalizer: Normalizer

    /// The distinct words of the catalogs (stage 1).
    let vocabulary: Vocabulary
    /// The phrases' templates, flat (stage 2).
    let phrases: PhraseTables
    /// App names and parameter values (stage 3).
    let slots: SlotTables
    /// Where each word is said (stage 4).
    let usage: WordUsage
    /// Keys that find catalog words from a word heard otherwise (stage 5).
    let lookups: WordLookups
    /// Words the locale's profile relates to catalog words (stage 6).
    let relations: WordRelations
    /// App names by sound and syllables (stage 7).
    let appNames: AppNameTables
    /// Han and kana tables (stage 8).
    let characters: CharacterTables
    /// The profile's words and rewrites, normalized (stage 9).
    let profileWords: ProfileWords

    /// A catalog word related to a word of the utterance by the locale profile.
    struct Related: Sendable {
        var id: Int32
        var similarity: Float
        var kind: WordRelation
    }
    /// A word of the utterance in one lookup: its vocabulary id (-1: none) and its related words,
    /// `relatedFlat[relatedStart ..< relatedEnd]`: the catalog words of its synonym groups
    /// (`synonyms`, 0.85) and of its groups of forms (`forms`, 0.95).
    struct WordEntry: Sendable {
        var id: Int32
        var relatedStart: Int32
        var relatedEnd: Int32
    }
    struct SlotPosting: Sendable {
        var set: Int32
        var variant: Int32
        /// The word's weight in the value, as a share of the value's total weight (so a query
        /// bounds a value's similarity without touching the value itself).
        var share: Float = 0
    }

    /// Builds the index from the builder's output (`IndexBuilder.build`): `vocabText` are the
    /// words by id and `vocabIds` the same words → their ids.
    init(locale: String, normalizer: Normalizer, vocabText: [String], vocabIds: [String: Int32], vocabPhonetic: [String],
         vocabWeight: [Float], templates: [CompiledTemplate], slotSets: [SlotSet], appSlot: [Int32], appDisplayNames: [String],
         readingWindows: ReadingWindows? = nil, derivedOnly: Set<Int32> = [], model: ScoreModel = .standard) {
        self.model = model
        self.locale = locale
        self.normalizer = normalizer
        let vocabulary = Vocabulary(text: vocabText, ids: vocabIds, phonetic: vocabPhonetic, weight: vocabWeight,
                                    derivedOnly: derivedOnly, normalizer: normalizer)
        let phrases = PhraseTables(templates: templates, slotSets: slotSets, vocabularyCount: vocabText.count)
        let slots = SlotTables(slotSets: slotSets, appSlot: appSlot, templates: templates, vocabulary: vocabulary)
        let usage = WordUsage(vocabularyCount: vocabText.count, phrases: phrases, slots: slots)
        self.vocabulary = vocabulary
        self.phrases = phrases
        self.slots = slots
        self.usage = usage
        self.lookups = WordLookups(vocabulary: vocabulary, usage: usage, templates: templates, slotSets: slotSets,
                                   locale: locale, normalizer: normalizer, model: model)
        self.relations = WordRelations(vocabulary: vocabulary, ids: vocabIds, normalizer: normalizer, model: model)
        self.appNames = AppNameTables(slotSets: slotSets, appSlot: appSlot, appDisplayNames: appDisplayNames,
                                      vocabulary: vocabulary, normalizer: normalizer)
        self.characters = CharacterTables(vocabulary: vocabulary, templates: templates, slotSets: slotSets,
                                          readingWindows: readingWindows, normalizer: normalizer)
        self.profileWords = ProfileWords(normalizer: normalizer)
    }

    // MARK: Stages

    /// Stage 1: the distinct words of the catalogs (phrase literals, app names, values), by
    /// vocabulary id, in the order the builder met them.
    struct Vocabulary: Sendable {
        /// Each word's normalized text.
        let vocabText: [String]
        /// Each word's Unicode scalars.
        let vocabScalars: [[UInt32]]
        /// Unicode scalars per word.
        let vocabLength: [Int32]
        /// The longest word, in Unicode scalars.
        let maxVocabLength: Int
        /// Each word's phonetic key (`IndexBuilder.phonetic`: the locale's sound-alike key, or a
        /// Han or kana character's syllable).
        let vocabPhonetic: [String]
        /// Whether word i's key is the key of its text as any unit says it (not a number's
        /// key, which is the word itself): the matcher then reuses it.
        let vocabKeyIsPlain: [Bool]
        /// Each word's distinctiveness weight (`IndexBuilder.literalWeight`).
        let vocabWeight: [Float]
        /// Word text → its id.
        let vocabIds: StringTable<Int32>
        /// Whether each word is a number in digits ("14", "3") or an ordinal ("2."):
        /// `Query.numberContradicts`.
        let vocabIsNumber: [Bool]
        /// Whether some word could be said in pieces: a number of two digits or more ("4821"),
        /// or a word of Latin letters and digits up to 8 long ("ab", "n5"). Only then are such
        /// pieces put together (`Query.joinSpelledRuns`).
        let hasSpelledWords: Bool
        /// Words no phrase, name or value says as written, only a value said another way
        /// (`IndexBuilder.ordinalFirst`: the "2." of "second bedroom" for "Bedroom 2").
        let derivedOnly: Set<Int32>

        init(text: [String], ids: [String: Int32], phonetic: [String], weight: [Float], derivedOnly: Set<Int32>,
             normalizer: Normalizer) {
            vocabText = text
            let scalars = text.map { $0.unicodeScalars.map(\.value) }
            vocabScalars = scalars
            vocabLength = scalars.map { Int32($0.count) }
            maxVocabLength = scalars.reduce(0) { max($0, $1.count) }
            vocabPhonetic = phonetic
            vocabKeyIsPlain = text.indices.map { i in
                phonetic[i] != text[i] || IndexBuilder.phonetic(normalizer, text[i], flags: []) == phonetic[i]
            }
            vocabWeight = weight
            vocabIds = StringTable(ids)
            vocabIsNumber = scalars.map { w in
                guard let f = w.first, f >= 0x30 && f <= 0x39 else { return false }
                return w.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E }
            }
            hasSpelledWords = scalars.contains { w in
                w.count >= 2 && (w.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
                                 || (w.count <= 8 && w.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x7A) }))
            }
            self.derivedOnly = derivedOnly
        }
    }

    /// Stage 2: the compiled templates, and the same as flat arrays the hot loops read instead
    /// of the template objects.
    struct PhraseTables: Sendable {
        /// Every template of the locale: the catalogs' phrases, their negative phrases and the
        /// phrases they imply (`IndexBuilder.paraphrases`), in that order per build.
        let templates: [CompiledTemplate]
        /// Per template: its app, shortcut, whether it is negative, its parameter's slot set (-1:
        /// none), whether it says the app name, and its total weight.
        let templateApp: [Int32]
        let templateShortcut: [Int32]
        let templateIsNegative: [Bool]
        let templateParamSet: [Int32]
        let templateHasApp: [Bool]
        let templateTotalWeight: [Float]
        /// Template t's elements (without the app clause): templateElems[templateElemStart[t] ..< templateElemStart[t + 1]].
        let templateElemStart: [Int32]
        let templateElems: [CompiledTemplate.Elem]
        /// vocab id → templates with that literal: word i's templates are
        /// `literalFlat[literalStart[i] ..< literalStart[i + 1]]`.
        let literalStart: [Int32]
        let literalFlat: [Int32]
        /// Most units in any template, a slot counted at its longest value (bounds the utterance
        /// length worth aligning).
        let maxTemplateUnits: Int
        /// Largest total weight of any template.
        let maxTemplateWeight: Float

        init(templates: [CompiledTemplate], slotSets: [SlotSet], vocabularyCount: Int) {
            self.templates = templates
            templateApp = templates.map { Int32($0.app) }
            templateShortcut = templates.map { Int32($0.shortcut) }
            templateIsNegative = templates.map(\.isNegative)
            templateParamSet = templates.map(\.paramSet)
            templateHasApp = templates.map(\.hasApp)
            templateTotalWeight = templates.map(\.totalWeight)
            var tes: [Int32] = [0], te: [CompiledTemplate.Elem] = []
            for t in templates { te.append(contentsOf: t.elems); tes.append(Int32(te.count)) }
            templateElemStart = tes
            templateElems = te
            var lp = [[Int32]](repeating: [], count: vocabularyCount)
            for (ti, t) in templates.enumerated() {
                var seen = Set<Int32>()
                for e in t.elems where e.kind == .literal && seen.insert(e.id).inserted { lp[Int(e.id)].append(Int32(ti)) }
            }
            (literalStart, literalFlat) = LocaleIndex.flatten(lp)
            var maxUnits = 1
            for t in templates {
                var u = 0
                for e in t.fullElems {
                    switch e.kind {
                    case .literal: u += 1
                    case .param, .app: u += e.id >= 0 && Int(e.id) < slotSets.count ? slotSets[Int(e.id)].maxUnits : 1
                    }
                }
                maxUnits = max(maxUnits, u)
            }
            maxTemplateUnits = maxUnits
            maxTemplateWeight = templates.reduce(0) { max($0, $1.totalWeight) }
        }

        /// The range of `literalFlat` of word `id`'s templates.
        @inline(__always) func literals(_ id: Int32) -> Range<Int> { Int(literalStart[Int(id)])..<Int(literalStart[Int(id) + 1]) }
    }

    /// Stage 3: the slot sets (each app's names, each parameter's options) and their values as
    /// flat arrays, by global variant id (`setBase[set] + variant`).
    struct SlotTables: Sendable {
        /// Every slot set: per app its names, per parameter type (per Bool parameter) its options.
        let slotSets: [SlotSet]
        /// slot set → the app it belongs to.
        let setApp: [Int32]
        /// slot set → whether it holds app names.
        let setIsApp: [Bool]
        /// slot set → global id of its first variant (one more entry: the total).
        let setBase: Table<Int32>
        /// Global variant id → its option index / its position in the option (or app-name) list:
        /// the hot loops read these flat arrays instead of the variant objects.
        let variantOption: Table<Int32>
        let variantPosition: Table<Int32>
        /// Global variant id → its units: variantUnits[variantUnitStart[g] ..< variantUnitStart[g + 1]].
        let variantUnitStart: [Int32]
        let variantUnits: [Int32]
        /// The weights of `variantUnits`, and each variant's total weight by global variant id.
        let variantWeights: [Float]
        let variantTotalWeight: [Float]
        /// Per global variant: the numbers (vocabulary ids) its option says in any of its variants
        /// ("1 hour" and "an hour" both say 1): `optionNumberFlat[optionNumberStart[g] ..< optionNumberStart[g + 1]]`.
        let optionNumberStart: [Int32]
        let optionNumberFlat: [Int32]
        /// slot set → templates using it (as parameter or app slot): set s's templates are
        /// `setTemplateFlat[setTemplateStart[s] ..< setTemplateStart[s + 1]]`.
        let setTemplateStart: [Int32]
        let setTemplateFlat: [Int32]
        /// vocab id → (slot set, variant) pairs whose value contains the unit, in app order: word
        /// i's postings are `slotFlat[slotStart[i] ..< slotStart[i + 1]]`.
        let slotStart: [Int32]
        let slotFlat: Table<SlotPosting>
        /// A word's postings in app names (`slotFlat` filtered): `appPostFlat[appPostStart[i] ..< appPostStart[i + 1]]`.
        let appPostStart: [Int32]
        let appPostFlat: Table<SlotPosting>
        /// Sound of a whole value (its words joined) → values: "cap a chino" meets "cappuccino".
        let soundIndex: StringTable<[SlotPosting]>

        init(slotSets: [SlotSet], appSlot: [Int32], templates: [CompiledTemplate], vocabulary: Vocabulary) {
            self.slotSets = slotSets
            var sa = [Int32](repeating: -1, count: slotSets.count)
            for (ai, set) in appSlot.enumerated() { sa[Int(set)] = Int32(ai) }
            for t in templates where t.paramSet >= 0 { sa[Int(t.paramSet)] = Int32(t.app) }
            setApp = sa
            let isAppSet = slotSets.map { $0.kind == .app }
            setIsApp = isAppSet
            var base: [Int32] = [0]
            for set in slotSets { base.append(base[base.count - 1] + Int32(set.variants.count)) }
            setBase = Table(base)
            variantOption = Table(slotSets.flatMap { $0.variants.map { Int32($0.optionIndex) } })
            variantPosition = Table(slotSets.flatMap { $0.variants.map { Int32($0.variantIndex) } })
            var vus: [Int32] = [0], vu: [Int32] = [], vw: [Float] = [], vt: [Float] = []
            for set in slotSets {
                for v in set.variants {
                    vu.append(contentsOf: v.units)
                    vw.append(contentsOf: v.weights)
                    vt.append(v.totalWeight)
                    vus.append(Int32(vu.count))
                }
            }
            variantUnitStart = vus
            variantUnits = vu
            variantWeights = vw
            variantTotalWeight = vt
            let isNumber = vocabulary.vocabIsNumber
            var onStart: [Int32] = [0], onFlat: [Int32] = []
            for set in slotSets {
                // An app's names are one option, but each name (with its pronunciation hints:
                // its variant index) says its own numbers and those of the app's names it shares
                // a word with ("Studio" of "Studio 54"): a number said beside "Velvet", another
                // name of "Nimbus 2", names no other app.
                let app = set.kind == .app
                var byOption: [Int: [Int32]] = [:], words: [Int: Set<Int32>] = [:]
                for v in set.variants {
                    let key = app ? v.variantIndex : v.optionIndex
                    for u in v.units where isNumber[Int(u)] && !(byOption[key]?.contains(u) ?? false) {
                        byOption[key, default: []].append(u)
                    }
                    if app { for u in v.units where !isNumber[Int(u)] { words[key, default: []].insert(u) } }
                }
                for v in set.variants {
                    let key = app ? v.variantIndex : v.optionIndex
                    var numbers = byOption[key] ?? []
                    if app, let own = words[key] {
                        for (other, said) in words where other != key && !said.isDisjoint(with: own) {
                            for u in byOption[other] ?? [] where !numbers.contains(u) { numbers.append(u) }
                        }
                    }
                    onFlat.append(contentsOf: numbers)
                    onStart.append(Int32(onFlat.count))
                }
            }
            optionNumberStart = onStart
            optionNumberFlat = onFlat
            var st = [[Int32]](repeating: [], count: slotSets.count)
            for (ti, t) in templates.enumerated() {
                if t.paramSet >= 0 { st[Int(t.paramSet)].append(Int32(ti)) }
                if t.app < appSlot.count { st[Int(appSlot[t.app])].append(Int32(ti)) }
            }
            (setTemplateStart, setTemplateFlat) = LocaleIndex.flatten(st)
            var sp = [[SlotPosting]](repeating: [], count: vocabulary.vocabText.count)
            for (si, s) in slotSets.enumerated() {
                for (vi, v) in s.variants.enumerated() {
                    var seen = Set<Int32>()
                    for u in v.units where seen.insert(u).inserted {
                        // A word the value says twice ("river river") counts twice toward its bound: a
                        // window saying it twice is the value heard whole (ReferenceMatcherTests seed 5321).
                        var w: Float = 0
                        for (k2, u2) in v.units.enumerated() where u2 == u { w += v.weights[k2] }
                        sp[Int(u)].append(SlotPosting(set: Int32(si), variant: Int32(vi), share: w / max(v.totalWeight, 1e-6)))
                    }
                }
            }
            // Postings in app order, so a query that heard one app reads only that app's range.
            let sorted = sp.map { list in
                list.sorted { (sa[Int($0.set)], $0.set, $0.variant) < (sa[Int($1.set)], $1.set, $1.variant) }
            }
            let (slotStart, slotFlat) = LocaleIndex.flatten(sorted)
            self.slotStart = slotStart
            self.slotFlat = Table(slotFlat)
            let (appPostStart, appPostFlat) = LocaleIndex.flatten(sorted.map { $0.filter { isAppSet[Int($0.set)] } })
            self.appPostStart = appPostStart
            self.appPostFlat = Table(appPostFlat)
            var sound: [String: [SlotPosting]] = [:]
            for (si, set) in slotSets.enumerated() {
                for (vi, v) in set.variants.enumerated() where v.soundKey.count >= 3 {
                    sound[v.soundKey, default: []].append(SlotPosting(set: Int32(si), variant: Int32(vi)))
                }
            }
            soundIndex = StringTable(sound)
        }

        /// The range of `slotFlat` of a word's postings.
        @inline(__always) func postings(_ id: Int32) -> Range<Int> { Int(slotStart[Int(id)])..<Int(slotStart[Int(id) + 1]) }
    }

    /// Stage 4: where each word is said — by which apps, and whether only in app names or only
    /// in negative phrases.
    struct WordUsage: Sendable {
        /// Whether each word is said only in app names (no phrase literal, no value).
        let vocabNameOnly: [Bool]
        /// Whether each word is said only by negative phrases (a literal of negative templates only,
        /// no value, no name): "delete" of "Delete ${applicationName}" where no phrase deletes.
        let vocabNegativeOnly: [Bool]
        /// Whether any word is said only by negative phrases (`vocabNegativeOnly`).
        let hasNegativeOnly: Bool
        /// vocab id → the apps whose phrases, values or names say the word, ascending: word i's
        /// apps are `vocabAppFlat[vocabAppStart[i] ..< vocabAppStart[i + 1]]`.
        let vocabAppStart: [Int32]
        let vocabAppFlat: [Int32]

        init(vocabularyCount: Int, phrases: PhraseTables, slots: SlotTables) {
            let templates = phrases.templates
            vocabNameOnly = (0..<vocabularyCount).map { u in
                let ps = slots.postings(Int32(u))
                return phrases.literals(Int32(u)).isEmpty && !ps.isEmpty && ps.allSatisfy { slots.setIsApp[Int(slots.slotFlat[$0].set)] }
            }
            let negativeOnly = (0..<vocabularyCount).map { u in
                let ls = phrases.literals(Int32(u))
                return !ls.isEmpty && slots.postings(Int32(u)).isEmpty && ls.allSatisfy { templates[Int(phrases.literalFlat[$0])].isNegative }
            }
            vocabNegativeOnly = negativeOnly
            hasNegativeOnly = negativeOnly.contains(true)
            let sa = slots.setApp
            (vocabAppStart, vocabAppFlat) = LocaleIndex.flatten((0..<vocabularyCount).map { u in
                var a = Set<Int32>()
                for k in phrases.literals(Int32(u)) { a.insert(Int32(templates[Int(phrases.literalFlat[k])].app)) }
                for k in slots.postings(Int32(u)) {
                    let s = sa[Int(slots.slotFlat[k].set)]
                    if s >= 0 { a.insert(s) }
                }
                return a.sorted()
            })
        }
    }

    /// Stage 5: keys that find a catalog word from a word of the utterance heard or written
    /// otherwise: by sound, a letter more or less, its stem, its first letters, its marks left
    /// out, a number's spelled sound, two words run together.
    struct WordLookups: Sendable {
        /// Phonetic key (two characters or more) → the words of that key.
        let phoneticIndex: StringTable<[Int32]>
        /// A word written without the marks of the letters the locale keeps → the vocabulary words
        /// so written, for words that have such letters (tr "kac" → "kaç"; `Normalizer.unmarked`).
        /// Empty where the locale keeps none.
        let unmarkedIndex: StringTable<[Int32]>
        /// A Snowball stem → the vocabulary words of that stem (words of four letters or more that
        /// are not only in app names; `Stemmer`). Empty where the language has no stemmer.
        let stemIndex: StringTable<[Int32]>
        /// Symmetric deletes: hash of a word with one scalar deleted → words (see `scalarHash`).
        let deleteIndex: HashTable<[Int32]>
        /// Hash of each word's scalars → the word (to find a word that is the query minus a letter).
        let vocabHashes: HashTable<Int32>
        /// Sound of a number's spelled form → the number's vocab ids ("to", "too" ~ "2").
        let numberSounds: StringTable<[Int32]>
        /// Hash of the first four scalars → words (for inflected forms).
        let prefixIndex: HashTable<[Int32]>
        /// Inflections of vocabulary word i: `inflectionFlat[inflectionStart[i] ..< inflectionStart[i + 1]]`,
        /// the inflected forms of it in the vocabulary with their similarity (words of four scalars
        /// or more sharing a long stem).
        let inflectionStart: [Int32]
        let inflectionFlat: [Related]
        /// "todo" → [(to, do)]: adjacent pairs of units (in a phrase, or in a value) whose
        /// concatenation is this string.
        let concatIndex: StringTable<[(Int32, Int32)]>

        init(vocabulary: Vocabulary, usage: WordUsage, templates: [CompiledTemplate], slotSets: [SlotSet],
             locale: String, normalizer: Normalizer, model: ScoreModel) {
            let vocabText = vocabulary.vocabText, vocabScalars = vocabulary.vocabScalars
            var ph: [String: [Int32]] = [:]
            var del: [UInt64: [Int32]] = [:]
            var vh: [UInt64: Int32] = [:]
            for i in vocabText.indices {
                let p = vocabulary.vocabPhonetic[i]
                if p.count >= 2 { ph[p, default: []].append(Int32(i)) }
                let sc = vocabScalars[i]
                if sc.count >= 4 { for k in 0..<sc.count { del[LocaleIndex.scalarHash(sc, skipping: k), default: []].append(Int32(i)) } }
                let h = LocaleIndex.scalarHash(sc)
                if vh[h] == nil { vh[h] = Int32(i) }
            }
            phoneticIndex = StringTable(ph)
            var um: [String: [Int32]] = [:]
            if normalizer.keepsMarkedLetters {
                for (i, t) in vocabText.enumerated() {
                    let u = normalizer.unmarked(t)
                    if u != t { um[u, default: []].append(Int32(i)) }
                }
            }
            unmarkedIndex = StringTable(um)
            deleteIndex = HashTable(del)
            vocabHashes = HashTable(vh)
            var ns: [String: [Int32]] = [:]
            for (i, t) in vocabText.enumerated() {
                guard let v = Int(t), let spelled = normalizer.spelledNumber(v), spelled.unicodeScalars.count >= 2 else { continue }
                let k = normalizer.phoneticKey(spelled.replacingOccurrences(of: " ", with: ""))
                if !k.isEmpty { ns[k, default: []].append(Int32(i)) }
            }
            numberSounds = StringTable(ns)
            var pre: [UInt64: [Int32]] = [:]
            for (i, sc) in vocabScalars.enumerated() where sc.count >= 4 { pre[LocaleIndex.prefixHash(sc), default: []].append(Int32(i)) }
            prefixIndex = HashTable(pre)
            var infl = [[(id: Int32, sim: Float)]](repeating: [], count: vocabText.count)
            for (i, sc) in vocabScalars.enumerated() where sc.count > 3 {
                for other in (pre[LocaleIndex.prefixHash(sc)] ?? []).prefix(64) where other != Int32(i) {
                    let s = WordSimilarity.stem(sc, vocabScalars[Int(other)])
                    if s >= model.minimumWordSimilarity { infl[i].append((other, s)) }
                }
            }
            (inflectionStart, inflectionFlat) = LocaleIndex.flatten(infl.map { list in
                list.map { Related(id: $0.id, similarity: $0.sim, kind: .inflection) }
            })
            var stems: [String: [Int32]] = [:]
            if let stemmer = Stemmer(locale: locale) {
                for (i, t) in vocabText.enumerated() where !usage.vocabNameOnly[i] && t.unicodeScalars.count >= 4 {
                    if let st = stemmer.stem(t), !st.isEmpty { stems[st, default: []].append(Int32(i)) }
                }
            }
            stemIndex = StringTable(stems)
            var concat: [String: [(Int32, Int32)]] = [:]
            func addPairs(_ units: [Int32]) {
                guard units.count >= 2 else { return }
                for k in 0..<(units.count - 1) where units[k] >= 0 && units[k + 1] >= 0 {
                    let a = vocabText[Int(units[k])], b = vocabText[Int(units[k + 1])]
                    var joined = [a + b]
                    // A number spelled and written together with the next word (ko "십분" for "10분",
                    // the recognizer spelling the number and dropping the space).
                    if let v = Int(a), let spelled = normalizer.spelledNumber(v), !spelled.contains(" "),
                       b.unicodeScalars.allSatisfy({ Script.isHangulSyllable($0.value) }) {
                        joined.append(spelled + b)
                    }
                    for s in joined where !(concat[s]?.contains(where: { $0 == (units[k], units[k + 1]) }) ?? false) {
                        concat[s, default: []].append((units[k], units[k + 1]))
                    }
                }
            }
            // Phrases first, then values, each in order.
            for t in templates { addPairs(t.elems.map { $0.kind == .literal ? $0.id : -1 }) }
            for s in slotSets { for v in s.variants { addPairs(v.units) } }
            concatIndex = StringTable(concat)
        }
    }

    /// Stage 6: words of the utterance the locale's profile relates to catalog words — its
    /// synonym groups, its groups of forms, its spelling variants.
    struct WordRelations: Sendable {
        /// A word (a catalog word, or a word related to one) → its id and related words.
        let words: StringTable<WordEntry>
        /// The related words of all entries of `words`, each entry's a range.
        let relatedFlat: [Related]

        init(vocabulary: Vocabulary, ids: [String: Int32], normalizer: Normalizer, model: ScoreModel) {
            let vocabText = vocabulary.vocabText
            var rel: [String: [Related]] = [:]
            func relate(_ m: String, _ o: String, _ s: Float, _ kind: WordRelation) {
                guard m != o, let id = ids[o] else { return }
                let r = Related(id: id, similarity: s, kind: kind)
                if let k = rel[m, default: []].firstIndex(where: { $0.id == id }) {
                    if rel[m, default: []][k].similarity < s { rel[m, default: []][k] = r }
                } else {
                    rel[m, default: []].append(r)
                }
            }
            var formsOf: [String: [String]] = [:]
            for group in normalizer.formGroups {
                for m in group {
                    for o in group where o != m { relate(m, o, model.formSimilarity, .form) }
                    for o in group where !(formsOf[m]?.contains(o) ?? false) { formsOf[m, default: []].append(o) }
                }
            }
            for group in normalizer.synonymGroups {
                for m in group {
                    for o in group where o != m {
                        relate(m, o, model.synonymSimilarity, .synonym)
                        // Another form of a synonym ("mettez" for "joue": "mets" ~ "joue").
                        for fm in formsOf[m] ?? [m] {
                            for fo in formsOf[o] ?? [o] where fm != m || fo != o {
                                relate(fm, fo, model.synonymFormSimilarity, .synonymForm)
                            }
                        }
                    }
                }
            }
            // Spellings the profile reads as a catalog word: a clitic or an ending added, dropped or
            // exchanged (ar "للغداء" / "الغداء", ko "꺼줘요" / "꺼줘"), marks left out (vi "bat" / "bật").
            // Only for spellings that are no catalog word themselves.
            for t in vocabText {
                for v in normalizer.spellingVariants(of: t) where ids[v.text] == nil {
                    relate(v.text, t, v.similarity, .spelling)
                }
            }
            let relSorted = rel.mapValues { $0.sorted { $0.id < $1.id } }
            var wd: [String: WordEntry] = [:]
            wd.reserveCapacity(vocabText.count + relSorted.count)
            for (i, t) in vocabText.enumerated() { wd[t] = WordEntry(id: Int32(i), relatedStart: 0, relatedEnd: 0) }
            var rflat: [Related] = []
            for m in relSorted.keys.sorted() {
                guard let list = relSorted[m] else { continue }
                var e = wd[m] ?? WordEntry(id: -1, relatedStart: 0, relatedEnd: 0)
                e.relatedStart = Int32(rflat.count)
                rflat.append(contentsOf: list)
                e.relatedEnd = Int32(rflat.count)
                wd[m] = e
            }
            words = StringTable(wd)
            relatedFlat = rflat
        }
    }

    /// Stage 7: the app names, by app and as sounds and syllables a recognizer may write them.
    struct AppNameTables: Sendable {
        /// app index → slot set of its names in this locale.
        let appSlot: [Int32]
        /// app index → its display name in this locale (the first app-name variant).
        let appDisplayNames: [String]
        /// App names' sounds in the locale's key and in English Double Metaphone (app names are
        /// often English words said by a recognizer of another language: "jarz" for "Hearth").
        let appSounds: [(posting: SlotPosting, key: [UInt32])]
        /// App names written in syllables (kana, Han, Hangul) of three or more, as syllables
        /// (`Query.appendSyllables`): a name heard one syllable off ("ヒトボ" for "ピトボ", "파코" for
        /// "파르코") is the name, where the keys of so few consonants cannot tell
        /// (`Query.syllableAppSounds`).
        let appSyllables: [(posting: SlotPosting, scalars: [UInt32])]

        init(slotSets: [SlotSet], appSlot: [Int32], appDisplayNames: [String], vocabulary: Vocabulary, normalizer: Normalizer) {
            self.appSlot = appSlot
            self.appDisplayNames = appDisplayNames
            let vocabText = vocabulary.vocabText
            var apps: [(posting: SlotPosting, key: [UInt32])] = []
            for (si, set) in slotSets.enumerated() where set.kind == .app {
                for (vi, v) in set.variants.enumerated() {
                    let joined = v.units.map { vocabText[Int($0)] }.joined()
                    var keys = Set<String>()
                    if joined.unicodeScalars.contains(where: { Script.isHanOrKana($0.value) }) {
                        // A Han or kana name: its sound in the locale's key (words of 2+ characters).
                        guard joined.unicodeScalars.count >= 2 else { continue }
                        keys.insert(normalizer.phoneticKey(joined))
                    } else {
                        guard joined.unicodeScalars.count >= 3 else { continue }
                        keys.insert(normalizer.phoneticKey(joined))
                        keys.insert(PhoneticKey.key(joined, algorithm: .doubleMetaphone, language: "en"))
                    }
                    for k in keys.sorted() where k.count >= 2 {
                        apps.append((SlotPosting(set: Int32(si), variant: Int32(vi)), k.unicodeScalars.map(\.value)))
                    }
                }
            }
            appSounds = apps
            var syllables: [(posting: SlotPosting, scalars: [UInt32])] = []
            for (si, set) in slotSets.enumerated() where set.kind == .app {
                for (vi, v) in set.variants.enumerated() {
                    var sc: [UInt32] = []
                    for u in v.units { Script.appendSyllables(vocabText[Int(u)], to: &sc) }
                    guard sc.count >= 3, sc.allSatisfy(Script.isSyllable) else { continue }
                    syllables.append((SlotPosting(set: Int32(si), variant: Int32(vi)), sc))
                }
            }
            appSyllables = syllables
        }
    }

    /// Stage 8: Han and kana — which characters follow each other in the catalogs, by character
    /// and by sound, and the catalogs' words by their reading.
    struct CharacterTables: Sendable {
        /// Han and kana characters that follow each other somewhere in the catalogs' text (a phrase,
        /// across its slots with any of their values, or a name or value), as `charPair` keys: a
        /// word of the utterance with a pair outside this set is a word the catalogs never say.
        let charPairs: Set<UInt64>
        /// The same pairs by sound (`soundPair` of the characters' keys): a word heard as
        /// homophone characters ("故人" for "個人") is a word the catalogs say.
        let charSoundPairs: Set<UInt64>
        /// Whether Han characters are keyed by a reading not their own here (Japanese writes kana
        /// and reads Han its own way; the keys are Mandarin).
        let hanKeysAreForeign: Bool
        /// The catalogs' words by their reading (`Query.readHomophones`); nil for locales without
        /// a reading table (the builder makes it: `ReadingWindows`).
        let readingWindows: ReadingWindows?

        init(vocabulary: Vocabulary, templates: [CompiledTemplate], slotSets: [SlotSet], readingWindows: ReadingWindows?,
             normalizer: Normalizer) {
            let pairs = LocaleIndex.charPairs(vocabScalars: vocabulary.vocabScalars, templates: templates, slotSets: slotSets)
            charPairs = pairs
            var soundPairs = Set<UInt64>()
            for p in pairs {
                let a = vocabulary.vocabPhonetic[Int(p >> 32)], b = vocabulary.vocabPhonetic[Int(p & 0xFFFF_FFFF)]
                if !a.isEmpty && !b.isEmpty { soundPairs.insert(LocaleIndex.soundPair(a, b)) }
            }
            charSoundPairs = soundPairs
            hanKeysAreForeign = normalizer.profile.kanaToKatakana
            self.readingWindows = readingWindows
        }
    }

    /// Stage 9: what the locale's profile says about the utterance itself, normalized once:
    /// the words of an app clause, the rewrites it turns on.
    struct ProfileWords: Sendable {
        /// The profile's `openApp` verbs, each as the units it normalizes to (`Query.openAppClause`).
        let openVerbs: [[String]]
        /// The profile's `openThen` joining words, each as its units.
        let openThen: [[String]]
        /// Connectors the profile also attaches to the next word as a prefix (he "ב", "מ"), in
        /// normalized form (`Query.appClauseRuns`).
        let gluedConnectors: [String]
        /// The rewrites the locale's profile turns on (`LocaleProfile.rewriteMask`).
        let rewriteMask: UInt32

        init(normalizer: Normalizer) {
            let profile = normalizer.profile
            openVerbs = profile.openVerbs.map { IndexBuilder.units(normalizer, $0).map(\.text) }.filter { !$0.isEmpty }
            let prefixes = Set(profile.attachedPrefixes)
            gluedConnectors = profile.connectors.compactMap { c -> String? in
                let u = IndexBuilder.units(normalizer, c)
                return u.count == 1 && prefixes.contains(u[0].text) ? u[0].text : nil
            }.sorted()
            openThen = profile.openThen.map { IndexBuilder.units(normalizer, $0).map(\.text) }.filter { !$0.isEmpty }
            rewriteMask = profile.rewriteMask
        }
    }

    // MARK: Lookups

    /// `vocabIds[t]` and `vocabIds.joined(a, b)`, read in place.
    func vocabId(_ t: String) -> Int32? {
        guard let e = vocabIds.keys.find(t) else { return nil }
        return vocabIds.values[e]
    }
    func vocabId(joining a: String, _ b: String) -> Int32? {
        guard let e = vocabIds.keys.findJoined(a, b) else { return nil }
        return vocabIds.values[e]
    }
    /// The lookups of `PreparedUtterance.matchUnit` into the sound, delete and prefix tables, read in place.
    func numberSoundIds(_ key: String) -> [Int32]? {
        guard !numberSounds.isEmpty, let e = numberSounds.keys.find(key) else { return nil }
        return numberSounds.values[e]
    }
    func phoneticIds(_ key: String) -> [Int32]? {
        guard let e = phoneticIndex.keys.find(key) else { return nil }
        return phoneticIndex.values[e]
    }
    func stemIds(_ stem: String) -> [Int32]? {
        guard !stemIndex.isEmpty, let e = stemIndex.keys.find(stem) else { return nil }
        return stemIndex.values[e]
    }
    func unmarkedIds(_ word: String) -> [Int32]? {
        guard !unmarkedIndex.isEmpty, let e = unmarkedIndex.keys.find(word) else { return nil }
        return unmarkedIndex.values[e]
    }
    func deletedIds(_ h: UInt64) -> [Int32]? {
        guard let e = deleteIndex.keys.find(h) else { return nil }
        return deleteIndex.values[e]
    }
    func vocabId(hash h: UInt64) -> Int32? {
        guard let e = vocabHashes.keys.find(h) else { return nil }
        return vocabHashes.values[e]
    }
    func concatPairs(_ t: String) -> [(Int32, Int32)]? {
        guard let e = concatIndex.keys.find(t) else { return nil }
        return concatIndex.values[e]
    }
    func soundPostings(_ key: String) -> [SlotPosting]? {
        guard let e = soundIndex.keys.find(key) else { return nil }
        return soundIndex.values[e]
    }
    func prefixIds(_ h: UInt64) -> [Int32]? {
        guard let e = prefixIndex.keys.find(h) else { return nil }
        return prefixIndex.values[e]
    }

    /// `words[t]`, read in place (no copy of the table, so no reference counting per lookup).
    func wordEntry(_ t: String) -> WordEntry? {
        guard let e = words.keys.find(t) else { return nil }
        return words.values[e]
    }

    /// Longer than this (in scalars), a word or a window of words relates to no word of the
    /// catalogs by an edit or a sound: twice the longest, and 16 more.
    var longestRelatable: Int { 2 * maxVocabLength + 16 }

    /// Whether app `app` says word `id` (a phrase literal, a value or a name of it).
    @inline(__always) func appSays(_ id: Int32, app: Int32) -> Bool {
        var k = Int(vocabAppStart[Int(id)])
        let e = Int(vocabAppStart[Int(id) + 1])
        while k < e { if vocabAppFlat[k] == app { return true }; k += 1 }
        return false
    }

    /// The range of `slotFlat` of a word's postings.
    @inline(__always) func postings(_ id: Int32) -> Range<Int> { Int(slotStart[Int(id)])..<Int(slotStart[Int(id) + 1]) }

    /// The range of `slotFlat` of a word's postings that belong to one app (binary search in the
    /// app-ordered list).
    func postings(_ id: Int32, app: Int32) -> Range<Int> {
        let r = postings(id)
        var lo = r.lowerBound, hi = r.upperBound
        while lo < hi {
            let mid = (lo + hi) / 2
            if setApp[Int(slotFlat[mid].set)] < app { lo = mid + 1 } else { hi = mid }
        }
        let start = lo
        hi = r.upperBound
        while lo < hi {
            let mid = (lo + hi) / 2
            if setApp[Int(slotFlat[mid].set)] <= app { lo = mid + 1 } else { hi = mid }
        }
        return start..<hi
    }
    @inline(__always) func appPostings(_ id: Int32) -> Range<Int> { Int(appPostStart[Int(id)])..<Int(appPostStart[Int(id) + 1]) }
    @inline(__always) func optionOf(_ set: Int32, _ variant: Int32) -> Int { Int(variantOption[Int(setBase[Int(set)] + variant)]) }
    @inline(__always) func positionOf(_ set: Int32, _ variant: Int32) -> Int { Int(variantPosition[Int(setBase[Int(set)] + variant)]) }

    // MARK: Helpers of the stages

    /// Lists as one array and the start of each list (plus the end).
    static func flatten<T>(_ lists: [[T]]) -> ([Int32], [T]) {
        var starts: [Int32] = [0]
        starts.reserveCapacity(lists.count + 1)
        var flat: [T] = []
        flat.reserveCapacity(lists.reduce(0) { $0 + $1.count })
        for l in lists {
            flat.append(contentsOf: l)
            starts.append(Int32(flat.count))
        }
        return (starts, flat)
    }

    @inline(__always)
    static func charPair(_ a: Int32, _ b: Int32) -> UInt64 { UInt64(UInt32(bitPattern: a)) << 32 | UInt64(UInt32(bitPattern: b)) }

    /// A key of two characters' sounds, one after the other.
    static func soundPair(_ a: String, _ b: String) -> UInt64 {
        var h: UInt64 = 0xcbf29ce484222325
        for x in a.utf8 { h = (h ^ UInt64(x)) &* 0x100000001b3 }
        h = (h ^ 0xFF) &* 0x100000001b3
        for x in b.utf8 { h = (h ^ UInt64(x)) &* 0x100000001b3 }
        return h
    }

    /// The pairs of adjacent Han or kana characters of the catalogs' text (see `charPairs`).
    static func charPairs(vocabScalars: [[UInt32]], templates: [CompiledTemplate], slotSets: [SlotSet]) -> Set<UInt64> {
        func isChar(_ id: Int32) -> Bool {
            let sc = vocabScalars[Int(id)]
            return sc.count == 1 && Script.isHanOrKana(sc[0])
        }
        var out = Set<UInt64>()
        func add(_ a: Int32, _ b: Int32) { if isChar(a) && isChar(b) { out.insert(charPair(a, b)) } }
        // First and last characters of each set's values (a slot's edges meet the phrase's text).
        var firsts = [[Int32]](repeating: [], count: slotSets.count)
        var lasts = [[Int32]](repeating: [], count: slotSets.count)
        for (si, set) in slotSets.enumerated() {
            var f = Set<Int32>(), l = Set<Int32>()
            for v in set.variants {
                guard let a = v.units.first, let b = v.units.last else { continue }
                if isChar(a) { f.insert(a) }
                if isChar(b) { l.insert(b) }
                for k in 0..<max(0, v.units.count - 1) { add(v.units[k], v.units[k + 1]) }
            }
            firsts[si] = f.sorted()
            lasts[si] = l.sorted()
        }
        func edge(_ e: CompiledTemplate.Elem, last: Bool) -> [Int32] {
            switch e.kind {
            case .literal: return [e.id]
            case .param, .app: return e.id >= 0 && Int(e.id) < slotSets.count ? (last ? lasts[Int(e.id)] : firsts[Int(e.id)]) : []
            }
        }
        for t in templates {
            let es = t.fullElems
            for k in 0..<max(0, es.count - 1) {
                for a in edge(es[k], last: true) { for b in edge(es[k + 1], last: false) { add(a, b) } }
            }
        }
        return out
    }

    /// FNV-1a over scalars, optionally leaving one out (a symmetric-delete key). Keys are only
    /// candidates: every hit is checked by a similarity, so a collision costs nothing but time.
    @inline(__always)
    static func scalarHash(_ s: [UInt32], skipping skip: Int = -1, count: Int = Int.max) -> UInt64 {
        var h = fnvOffsetBasis
        let end = Swift.min(count, s.count)
        s.withUnsafeBufferPointer { p in
            var m = 0
            while m < end {
                if m != skip { h = fnvStep(h, UInt64(p[m])) }
                m += 1
            }
        }
        return h
    }

    /// Key of a word's first four scalars (words sharing a stem).
    @inline(__always)
    static func prefixHash(_ s: [UInt32]) -> UInt64 { scalarHash(s, count: 4) }
}

/// A template compiled for matching (a reference type: the matcher reads it in hot loops
/// without copying its arrays).
final class CompiledTemplate: Sendable {
    struct Elem: Sendable, Equatable {
        enum Kind: UInt8, Sendable { case literal, param, app }
        var kind: Kind
        /// Vocab id (literal) or slot set id (param, app).
        var id: Int32
        var weight: Float
    }
    let app: Int
    let shortcut: Int
    let templateIndex: Int
    let intent: String
    let template: String
    let isNegative: Bool
    /// Elements without the app clause (flexible matching moves it anywhere).
    let elems: [Elem]
    /// Elements as written, app slot and connectors in place (exact matching).
    let fullElems: [Elem]
    let paramName: String?
    let paramSet: Int32
    let hasApp: Bool
    /// Sum of element weights plus the app slot's.
    let totalWeight: Float
    /// Position of the template's first phrase in its app's budget order for the locale, and how
    /// many app names multiply each option.
    let budgetBase: Int
    let appNameCount: Int
    let optionCount: Int
    /// The template's pieces, to render the phrase a result stands for.
    let pieces: [PhraseTemplate.Piece]
    /// `elems` without the parameter slot (to read a value said elsewhere in the sentence).
    let elemsWithoutParam: [Elem]
    /// The app's catalog id, and its display name in the locale (for results).
    let appID: String
    let appDisplayName: String
    /// A phrase the app's catalog implies (`IndexBuilder.paraphrases`), not one it declares.
    let derived: Bool
    /// The shortcut's String parameter that no phrase can say ("Search ${applicationName}" of an
    /// intent with a `query`): what the person says for it is free text (`Query.freeTextReadings`).
    let freeText: String?

    init(_ d: TemplateDraft) {
        app = d.app; shortcut = d.shortcut; templateIndex = d.templateIndex; intent = d.intent; template = d.template
        isNegative = d.isNegative; elems = d.elems; fullElems = d.fullElems; paramName = d.paramName; paramSet = d.paramSet
        hasApp = d.hasApp; totalWeight = d.totalWeight; budgetBase = d.budgetBase; appNameCount = d.appNameCount
        optionCount = d.optionCount
        pieces = d.pieces
        appID = d.appID
        appDisplayName = d.appDisplayName
        derived = d.derived
        freeText = d.freeText
        elemsWithoutParam = d.elems.filter { $0.kind != .param }
    }
}

/// The builder's mutable form of a compiled template.
struct TemplateDraft {
    var app: Int
    var shortcut: Int
    var templateIndex: Int
    var intent: String
    var template: String
    var isNegative: Bool
    var elems: [CompiledTemplate.Elem]
    var fullElems: [CompiledTemplate.Elem]
    var paramName: String?
    var paramSet: Int32
    var hasApp: Bool
    var totalWeight: Float
    var budgetBase: Int
    var appNameCount: Int
    var optionCount: Int
    var pieces: [PhraseTemplate.Piece] = []
    var appID: String = ""
    var appDisplayName: String = ""
    var derived = false
    var freeText: String? = nil
}

/// A set of values a slot can take: an app's names, or a parameter's options.
struct SlotSet: Sendable {
    enum Kind: Sendable { case app, parameter }
    var kind: Kind
    var variants: [SlotVariant]
    /// Longest variant in units.
    var maxUnits: Int
}

final class SlotVariant: Sendable {
    let units: [Int32]
    let weights: [Float]
    let totalWeight: Float
    let text: String
    let variantIndex: Int
    let value: ParameterValue?
    let optionIndex: Int
    let synonym: String?
    let title: String
    let isAlternativeName: Bool
    /// Phonetic key of the value's words joined ("" when too short to tell).
    let soundKey: String

    init(_ d: VariantDraft) {
        units = d.units; weights = d.weights; totalWeight = d.totalWeight; text = d.text; variantIndex = d.variantIndex
        value = d.value; optionIndex = d.optionIndex; synonym = d.synonym; title = d.title; isAlternativeName = d.isAlternativeName
        soundKey = d.soundKey
    }
}

struct VariantDraft {
    var soundKey: String = ""
    var units: [Int32]
    var weights: [Float]
    var totalWeight: Float
    var text: String
    /// Position of the variant in the option list (budget order); for app names, the name index.
    var variantIndex: Int
    var value: ParameterValue?
    var optionIndex: Int
    var synonym: String?
    var title: String
    var isAlternativeName: Bool
}

/// The tables by the names the matcher reads them by, each forwarding to its stage's field
/// (inlined: a read is the stored field's). A table's meaning is documented on its stage.
extension LocaleIndex {
    // Vocabulary (`vocabulary`)
    @inline(__always) var vocabText: [String] { vocabulary.vocabText }
    @inline(__always) var vocabScalars: [[UInt32]] { vocabulary.vocabScalars }
    @inline(__always) var vocabLength: [Int32] { vocabulary.vocabLength }
    @inline(__always) var maxVocabLength: Int { vocabulary.maxVocabLength }
    @inline(__always) var vocabPhonetic: [String] { vocabulary.vocabPhonetic }
    @inline(__always) var vocabKeyIsPlain: [Bool] { vocabulary.vocabKeyIsPlain }
    @inline(__always) var vocabWeight: [Float] { vocabulary.vocabWeight }
    @inline(__always) var vocabIds: StringTable<Int32> { vocabulary.vocabIds }
    @inline(__always) var vocabIsNumber: [Bool] { vocabulary.vocabIsNumber }
    @inline(__always) var hasSpelledWords: Bool { vocabulary.hasSpelledWords }
    @inline(__always) var derivedOnly: Set<Int32> { vocabulary.derivedOnly }
    // PhraseTables (`phrases`)
    @inline(__always) var templates: [CompiledTemplate] { phrases.templates }
    @inline(__always) var templateApp: [Int32] { phrases.templateApp }
    @inline(__always) var templateShortcut: [Int32] { phrases.templateShortcut }
    @inline(__always) var templateIsNegative: [Bool] { phrases.templateIsNegative }
    @inline(__always) var templateParamSet: [Int32] { phrases.templateParamSet }
    @inline(__always) var templateHasApp: [Bool] { phrases.templateHasApp }
    @inline(__always) var templateTotalWeight: [Float] { phrases.templateTotalWeight }
    @inline(__always) var templateElemStart: [Int32] { phrases.templateElemStart }
    @inline(__always) var templateElems: [CompiledTemplate.Elem] { phrases.templateElems }
    @inline(__always) var literalStart: [Int32] { phrases.literalStart }
    @inline(__always) var literalFlat: [Int32] { phrases.literalFlat }
    @inline(__always) var maxTemplateUnits: Int { phrases.maxTemplateUnits }
    @inline(__always) var maxTemplateWeight: Float { phrases.maxTemplateWeight }
    // SlotTables (`slots`)
    @inline(__always) var slotSets: [SlotSet] { slots.slotSets }
    @inline(__always) var setApp: [Int32] { slots.setApp }
    @inline(__always) var setIsApp: [Bool] { slots.setIsApp }
    @inline(__always) var setBase: Table<Int32> { slots.setBase }
    @inline(__always) var variantOption: Table<Int32> { slots.variantOption }
    @inline(__always) var variantPosition: Table<Int32> { slots.variantPosition }
    @inline(__always) var variantUnitStart: [Int32] { slots.variantUnitStart }
    @inline(__always) var variantUnits: [Int32] { slots.variantUnits }
    @inline(__always) var variantWeights: [Float] { slots.variantWeights }
    @inline(__always) var variantTotalWeight: [Float] { slots.variantTotalWeight }
    @inline(__always) var optionNumberStart: [Int32] { slots.optionNumberStart }
    @inline(__always) var optionNumberFlat: [Int32] { slots.optionNumberFlat }
    @inline(__always) var setTemplateStart: [Int32] { slots.setTemplateStart }
    @inline(__always) var setTemplateFlat: [Int32] { slots.setTemplateFlat }
    @inline(__always) var slotStart: [Int32] { slots.slotStart }
    @inline(__always) var slotFlat: Table<SlotPosting> { slots.slotFlat }
    @inline(__always) var appPostStart: [Int32] { slots.appPostStart }
    @inline(__always) var appPostFlat: Table<SlotPosting> { slots.appPostFlat }
    @inline(__always) var soundIndex: StringTable<[SlotPosting]> { slots.soundIndex }
    // WordUsage (`usage`)
    @inline(__always) var vocabNameOnly: [Bool] { usage.vocabNameOnly }
    @inline(__always) var vocabNegativeOnly: [Bool] { usage.vocabNegativeOnly }
    @inline(__always) var hasNegativeOnly: Bool { usage.hasNegativeOnly }
    @inline(__always) var vocabAppStart: [Int32] { usage.vocabAppStart }
    @inline(__always) var vocabAppFlat: [Int32] { usage.vocabAppFlat }
    // WordLookups (`lookups`)
    @inline(__always) var phoneticIndex: StringTable<[Int32]> { lookups.phoneticIndex }
    @inline(__always) var unmarkedIndex: StringTable<[Int32]> { lookups.unmarkedIndex }
    @inline(__always) var stemIndex: StringTable<[Int32]> { lookups.stemIndex }
    @inline(__always) var deleteIndex: HashTable<[Int32]> { lookups.deleteIndex }
    @inline(__always) var vocabHashes: HashTable<Int32> { lookups.vocabHashes }
    @inline(__always) var numberSounds: StringTable<[Int32]> { lookups.numberSounds }
    @inline(__always) var prefixIndex: HashTable<[Int32]> { lookups.prefixIndex }
    @inline(__always) var inflectionStart: [Int32] { lookups.inflectionStart }
    @inline(__always) var inflectionFlat: [Related] { lookups.inflectionFlat }
    @inline(__always) var concatIndex: StringTable<[(Int32, Int32)]> { lookups.concatIndex }
    // WordRelations (`relations`)
    @inline(__always) var words: StringTable<WordEntry> { relations.words }
    @inline(__always) var relatedFlat: [Related] { relations.relatedFlat }
    // AppNameTables (`appNames`)
    @inline(__always) var appSlot: [Int32] { appNames.appSlot }
    @inline(__always) var appDisplayNames: [String] { appNames.appDisplayNames }
    @inline(__always) var appSounds: [(posting: SlotPosting, key: [UInt32])] { appNames.appSounds }
    @inline(__always) var appSyllables: [(posting: SlotPosting, scalars: [UInt32])] { appNames.appSyllables }
    // CharacterTables (`characters`)
    @inline(__always) var charPairs: Set<UInt64> { characters.charPairs }
    @inline(__always) var charSoundPairs: Set<UInt64> { characters.charSoundPairs }
    @inline(__always) var hanKeysAreForeign: Bool { characters.hanKeysAreForeign }
    @inline(__always) var readingWindows: ReadingWindows? { characters.readingWindows }
    // ProfileWords (`profileWords`)
    @inline(__always) var openVerbs: [[String]] { profileWords.openVerbs }
    @inline(__always) var openThen: [[String]] { profileWords.openThen }
    @inline(__always) var gluedConnectors: [String] { profileWords.gluedConnectors }
    @inline(__always) var rewriteMask: UInt32 { profileWords.rewriteMask }
}
