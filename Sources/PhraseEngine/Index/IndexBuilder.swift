/// Builds the per-locale indexes from catalogs.
enum IndexBuilder {
    /// Romanized syllables of single Han and kana characters (a bounded set: the CJK blocks).
    static let syllableCache = Mutex<[UInt32: String]>([:])

    /// Units of a text: normalized tokens, with Han and kana words split into characters so
    /// that phrases and utterances segmented differently still meet.
    static func units(_ n: Normalizer, _ text: String) -> [Raw] {
        let toks = n.tokensWithoutPhonetics(text)
        // Most texts have no Han or kana: no copy.
        var any = false
        for t in toks {
            var x = t.text
            if x.withUTF8({ p in p.contains { $0 >= 0xE3 && $0 <= 0xF0 } }) { any = true; break }
        }
        if !any { return toks }
        // (Room for a unit per Han or kana character, of three UTF-8 bytes, and one more a token.)
        var room = 0
        for t in toks { room += t.text.utf8.count / 3 + 1 }
        var out: [Raw] = []
        out.reserveCapacity(room)
        for t in toks {
            var explode = false
            for u in t.text.unicodeScalars where Script.isHanOrKana(u.value) { explode = true; break }
            if !explode || t.text.unicodeScalars.count == 1 { out.append(t); continue }
            var latin = ""
            func flushLatin() {
                if !latin.isEmpty { out.append(Raw(text: latin, start: t.start, end: t.end, flags: t.flags)); latin = "" }
            }
            for u in t.text.unicodeScalars {
                if Script.isHanOrKana(u.value) {
                    flushLatin()
                    out.append(Raw(text: String(u), start: t.start, end: t.end, flags: t.flags))
                } else {
                    latin.unicodeScalars.append(u)
                }
            }
            flushLatin()
        }
        // Narrow each exploded character's span to itself when the token text is the source text.
        return out
    }

    /// Whether every letter of the text is in the Latin script (ICU's script property; characters
    /// common to several scripts, like digits, spaces and punctuation, aside).
    static func isLatin(_ text: String) -> Bool {
        let common: Int32 = 0, inherited: Int32 = 1, latin: Int32 = 25  // UScriptCode
        var letters = 0
        for u in text.unicodeScalars {
            let script = ICU.script(u.value)
            if script == common || script == inherited { continue }
            if script != latin { return false }
            letters += 1
        }
        return letters > 0
    }

    /// The phonetic key of a unit: the locale's sound-alike key, or for a single Han or kana
    /// character its romanized syllable (so homophone characters meet).
    static func phonetic(_ n: Normalizer, _ text: String, flags: Token.Flags) -> String {
        let sc = text.unicodeScalars
        if sc.count == 1, let u = sc.first, Script.isHanOrKana(u.value) {
            // A profile may hear a Han character's syllable loosely (`syllableMerges`: zh's
            // fuzzy pinyin); other languages read Han their own way, so a Mandarin confusion
            // means nothing there. Merged keys are cached per normalizer.
            let merges = n.core.syllableMerges
            let merged = !merges.isEmpty && !Script.isKana(u.value)
            if let k = merged ? n.syllableCacheWithMerges.withLock({ $0[u.value] }) : syllableCache.withLock({ $0[u.value] }) {
                return k
            }
            // The table made from ICU's answers (`SyllableTable`), or ICU.
            guard let letters = SyllableTable.shared()?.syllable(u.value) ?? icuSyllable(n, text) else { return "" }
            var key = "~" + letters
            if key.count <= 1 { key = "" }
            if merged && !key.isEmpty { key = mergedSyllable(key, merges) }
            if merged { n.syllableCacheWithMerges.withLock { $0[u.value] = key } } else { syllableCache.withLock { $0[u.value] = key } }
            return key
        }
        return n.phoneticKey(text, flags: flags)
    }

    /// A single character's syllable as ICU romanizes it (`Any-Latin; Latin-ASCII; Lower`), its
    /// ASCII letters only; nil without a romanizer. `SyllableTable` holds these answers.
    static func icuSyllable(_ n: Normalizer, _ text: String) -> String? {
        guard let r = n.romanized(text) ?? Normalizer.forLocale("zh-Hans").romanized(text) else { return nil }
        var letters = ""
        for c in r.unicodeScalars where c.isASCII && c.properties.isAlphabetic { letters.unicodeScalars.append(c) }
        return letters
    }

    /// A syllable key ("~" and letters) with the profile's merges (`SyllableMerges.apply`): zh's
    /// "fuzzy pinyin" of Chinese input methods makes zh/z, ch/c, sh/s, l/n and -ng/-n one
    /// ("收索" for "搜索", "书重" for "书虫").
    static func mergedSyllable(_ key: String, _ merges: SyllableMerges) -> String {
        guard key.hasPrefix("~") else { return merges.apply(key) }
        return "~" + merges.apply(String(key.dropFirst()))
    }

    /// The phonetic key of words said as one ("cap a chino" → the key of "capachino").
    static func soundKey(_ n: Normalizer, _ words: [String]) -> String {
        let joined = words.joined()
        guard joined.unicodeScalars.count >= 4 else { return "" }
        if joined.unicodeScalars.contains(where: { Script.isHanOrKana($0.value) }) { return "" }
        let k = n.phoneticKey(joined)
        return k.count >= 3 ? k : ""
    }


    /// A phrase word's weight: by its class, a content word by how few of the locale's
    /// templates say it (idf, 0-1). Numbers from `ScoreModel` (`weight.*`).
    static func literalWeight(df: Int, templates: Int, flags: Token.Flags, _ m: ScoreModel) -> Float {
        switch WordClass(flags) {
        case .filler: return m.fillerLiteralWeight
        case .function: return m.functionLiteralWeight
        case .connector: return m.connectorLiteralWeight
        case .content, .unknown: break
        }
        let t = Float(max(templates, 1))
        let idf = logf(1 + t / Float(max(df, 1))) / logf(1 + t)
        return m.contentLiteralWeight + m.contentIdfWeight * min(1, max(0, idf))
    }

    /// A word's weight in a value or app name.
    static func slotUnitWeight(_ flags: Token.Flags, _ m: ScoreModel) -> Float {
        switch WordClass(flags) {
        case .filler, .function: return m.functionSlotWeight
        case .connector, .content, .unknown: return m.contentSlotWeight
        }
    }

    /// Whether text piece `s` (its units `us`) ends with a prefix the locale writes on the next
    /// word (`attachedPrefixes`), written on a parameter ("קבע תקציב ל${category}", he): the value is
    /// said with the prefix on its first word ("לשכר דירה"), which the value's spelling variants
    /// read, so the prefix is no word of its own that a reading could miss.
    static func gluedPrefix(_ n: Normalizer, _ s: String, _ us: [Raw], before next: PhraseTemplate.Piece?) -> Bool {
        guard let next, case .parameter = next, let last = s.unicodeScalars.last, !last.properties.isWhitespace,
              let r = us.last, r.end == s.utf16.count else { return false }
        return n.profile.attachedPrefixes.contains(r.text)
    }

    /// The shortcut's first String parameter the template does not say (a String cannot be
    /// said in a phrase: `${query}` never expands), or nil.
    static func freeTextParameter(_ s: Shortcut, saying t: PhraseTemplate) -> String? {
        var said = Set<String>()
        for case .parameter(let p) in t.pieces { said.insert(p) }
        return s.parameters.first { ($0.typeName == "String" || $0.typeName == "[String]") && !said.contains($0.name) }?.name
    }

    /// The largest number `ordinalFirst` moves: only small numbers are said as ordinals ("the
    /// 14th zone" is not how "Zone 14" is asked for).
    static let ordinalFirstMax = 12

    /// The units of a value that ends with a number after a word ("bedroom 2"), with the number
    /// moved to the front as an ordinal ("2." "bedroom"), as the normalizer writes "second
    /// bedroom"; nil for any other value. Only after a short name ("the third Acoustic 60s
    /// Vol." is not how "Acoustic 60s Vol. 3" is asked for).
    static func ordinalFirst(_ us: [Raw]) -> [Raw]? {
        guard us.count >= 2, let last = us.last, last.flags.contains(.number),
              let v = Int(last.text), v >= 1, v <= ordinalFirstMax,
              us[us.count - 2].flags.isDisjoint(with: [.number, .ordinal]) else { return nil }
        // A short name before the number (one or two words; a Han or kana word's characters
        // share its span): "Playlist Vol. 3" is a title, not the third of something.
        var words = 1
        for k in 1..<(us.count - 1) where us[k].start != us[k - 1].start || us[k].end != us[k - 1].end { words += 1 }
        guard words <= 2 else { return nil }
        var first = last
        first.text += "."
        first.flags.remove(.number)
        first.flags.insert(.ordinal)
        first.lex = -2
        return [first] + us.dropLast()
    }

    /// The locale's words that switch something on or off (`switchWords`), as other ways to say
    /// a Bool parameter's true and false display names ("enable reminders" for "Turn on
    /// reminders", "mute the audio"), each like a synonym of the value. Left out: words the
    /// display names already say, and words with a unit the shortcut's phrases say
    /// (`phraseUnits`: "turn on" beside "Turn ${enabled} reminders" adds nothing the phrase and a
    /// display name don't). Not phrases of the budget: only what the matcher hears.
    static func switchWords(_ n: Normalizer, _ options: [OptionVariant], phraseUnits: Set<String>)
        -> [(text: String, position: Int, synonym: String?)] {
        let p = n.profile
        guard !p.switchOn.isEmpty || !p.switchOff.isEmpty else { return [] }
        func words(_ t: String) -> [String] { n.tokensWithoutPhonetics(t).map(\.text) }
        // Each entry normalized once: (as written, its words, its value).
        let entries = [(p.switchOn, true), (p.switchOff, false)].flatMap { list, value in
            list.filter { !$0.isEmpty }.map { (text: $0, words: words($0), value: value) }
        }
        let shown = options.map { (words: words($0.text), value: $0.value) }
        // Only a Bool that switches something: a display name is (part of) a switch word, or a
        // switch word part of it ("on" of "turn on", "Activa", "オン" of "オンにして"), or a word of
        // each begins with the same four letters ("apagadas" / "apaga", "allumées" / "allume"). A
        // Bool such as done / skipped, or tonight / now, is no switch.
        func within(_ a: [String], _ b: [String]) -> Bool {
            guard !a.isEmpty, a.count <= b.count else { return false }
            for k in 0...(b.count - a.count) where Array(b[k..<(k + a.count)]) == a { return true }
            for x in a where x.unicodeScalars.count >= 4 {
                let stem = Array(x.unicodeScalars.prefix(4))
                if b.contains(where: { $0.unicodeScalars.count >= 4 && Array($0.unicodeScalars.prefix(4)) == stem }) { return true }
            }
            return false
        }
        let isSwitch = entries.contains { e in
            shown.contains { d in d.value == .bool(e.value) && (within(d.words, e.words) || within(e.words, d.words)) }
        }
        guard isSwitch else { return [] }
        let shownWords = Set(shown.map(\.words))
        var out: [(text: String, position: Int, synonym: String?)] = []
        for e in entries where !shownWords.contains(e.words) && !units(n, e.text).contains(where: { phraseUnits.contains($0.text) }) {
            guard let k = options.firstIndex(where: { $0.value == .bool(e.value) && $0.synonym == nil }) else { continue }
            out.append((e.text, k, e.text))
        }
        return out
    }

    /// Builds a locale's index in stages: the catalogs walked (`walk`: names, values, phrases as
    /// words), the phrases compiled (`compile`: weights, app clause), the phrases they imply
    /// (`paraphrases`), each word's key and weight; then `LocaleIndex`'s own stages.
    static func build(catalogs: [Catalog], locale: String, model: ScoreModel = .standard) -> LocaleIndex {
        let n = Normalizer.forLocale(locale)
        var words = Words()
        let walked = walk(catalogs, locale: locale, n, model, words: &words)
        let compiled = compile(walked.pending, n, model, words: &words)
        let templates = (compiled.drafts + paraphrases(compiled.drafts, model)).map(CompiledTemplate.init)
        let phon = words.text.enumerated().map { (i, w) in phonetic(n, w, flags: words.flags[i]) }
        let weights = words.text.indices.map { i in
            literalWeight(df: compiled.df[Int32(i)] ?? 1, templates: compiled.positive, flags: words.flags[i], model)
        }
        return LocaleIndex(locale: locale, normalizer: n, vocabText: words.text, vocabIds: words.ids, vocabPhonetic: phon,
                           vocabWeight: weights, templates: templates, slotSets: walked.slotSets, appSlot: walked.appSlot,
                           appDisplayNames: walked.appDisplayNames,
                           readingWindows: walked.spokenTexts.map { ReadingWindows(n, $0) }, derivedOnly: words.derivedOnly,
                           model: model)
    }

    /// The locale's words as the builder meets them: each distinct unit text gets the next id.
    struct Words {
        /// Each word's text, by id.
        var text: [String] = []
        /// The flags of every unit that said the word, merged.
        var flags: [Token.Flags] = []
        /// Text → id.
        var ids: [String: Int32] = [:]
        /// Words only the ordinal-first variants say (`ordinalFirst`): no text says them.
        var derivedOnly = Set<Int32>()

        /// The id of a unit's word, added if new.
        mutating func intern(_ r: Raw) -> Int32 {
            if let i = ids[r.text] {
                flags[Int(i)].formUnion(r.flags)
                if !derivedOnly.isEmpty { derivedOnly.remove(i) }
                return i
            }
            let i = Int32(text.count)
            text.append(r.text)
            flags.append(r.flags)
            ids[r.text] = i
            return i
        }

        /// The id of a unit of an ordinal-first variant: derived-only if no text said it before.
        /// (Another such variant is no text: a word two of them say, "2." of "Bedroom 2" and of
        /// "Office 2", stays derived-only.)
        mutating func internDerived(_ r: Raw) -> Int32 {
            if let i = ids[r.text] {
                flags[Int(i)].formUnion(r.flags)
                return i
            }
            let i = intern(r)
            derivedOnly.insert(i)
            return i
        }
    }

    /// A phrase or negative phrase met in the walk: its draft and its pieces as units (literals
    /// not yet words: `compile` makes them words once the values' words are all known).
    struct Pending {
        var t: TemplateDraft
        var raw: [(Raw?, CompiledTemplate.Elem.Kind, Int32)]  // literal raw, kind, slot id
    }

    /// What the walk of the catalogs found.
    struct Walked {
        /// Every slot set: per app its names (with hints and development-locale spellings), per
        /// parameter type its options.
        var slotSets: [SlotSet]
        /// app index → the slot set of its names.
        var appSlot: [Int32]
        /// app index → its display name in the locale.
        var appDisplayNames: [String]
        /// The phrases and negative phrases, in catalog order.
        var pending: [Pending]
        /// The texts of names, values and phrases, for the reading windows (`ReadingWindows`);
        /// nil where the profile has no reading table.
        var spokenTexts: [String]?
    }

    /// Stage 1 of the build: the catalogs walked in order — each app's names and each
    /// parameter's options become slot sets (their words interned as met), each phrase a
    /// pending template.
    static func walk(_ catalogs: [Catalog], locale: String, _ n: Normalizer, _ model: ScoreModel,
                     words: inout Words) -> Walked {
        var slotSets: [SlotSet] = []
        var appSlot: [Int32] = []
        var appDisplayNames: [String] = []
        // The texts of names, values and phrases, for the reading windows (`ReadingWindows`).
        var spokenTexts: [String] = []
        let readings = n.profile.readingTable != nil
        func intern(_ r: Raw) -> Int32 { words.intern(r) }
        func internDerived(_ r: Raw) -> Int32 { words.internDerived(r) }
        func makeSet(_ kind: SlotSet.Kind, _ variants: [(text: String, make: (inout VariantDraft) -> Void)]) -> Int32 {
            var vs: [SlotVariant] = []
            vs.reserveCapacity(variants.count)
            var maxUnits = 1
            for (k, v) in variants.enumerated() {
                if readings { spokenTexts.append(v.text) }
                let us = units(n, v.text)
                if us.isEmpty { continue }
                var sv = VariantDraft(units: us.map(intern), weights: us.map { slotUnitWeight($0.flags, model) }, totalWeight: 0,
                                     text: v.text, variantIndex: k, value: nil, optionIndex: 0, synonym: nil, title: v.text,
                                     isAlternativeName: false)
                sv.totalWeight = sv.weights.reduce(0, +)
                sv.soundKey = soundKey(n, us.map(\.text))
                v.make(&sv)
                maxUnits = max(maxUnits, us.count)
                vs.append(SlotVariant(sv))
                // A value that ends with its number ("Bedroom 2", "寝室2") is also said with the
                // number first as an ordinal: "the second bedroom", "2番目の寝室", "第二个卧室".
                if kind == .parameter, let o = ordinalFirst(us) {
                    var ov = sv
                    ov.units = o.map(internDerived)
                    ov.weights = o.map { slotUnitWeight($0.flags, model) }
                    ov.totalWeight = ov.weights.reduce(0, +)
                    ov.soundKey = soundKey(n, o.map(\.text))
                    vs.append(SlotVariant(ov))
                }
            }
            slotSets.append(SlotSet(kind: kind, variants: vs, maxUnits: maxUnits))
            return Int32(slotSets.count - 1)
        }
        var pending: [Pending] = []
        for (ai, c) in catalogs.enumerated() {
            let names = Expansion.appNames(c, locale: locale)
            appDisplayNames.append(names.first?.text ?? c.app.id)
            let appSet = makeSet(.app, names.map { nm in
                (nm.text, { (v: inout VariantDraft) in
                    if case .alternative = nm.kind { v.isAlternativeName = true }
                })
            })
            // Pronunciation hints: extra ways to say an alternative name (same variant index).
            var hinted = slotSets[Int(appSet)]
            /// Another way to say name `k`, shown as the name itself (no new phrase).
            func spoken(_ said: String, as shown: String, variant k: Int, alternative: Bool) {
                if readings { spokenTexts.append(said) }
                let us = units(n, said)
                if us.isEmpty { return }
                var sv = VariantDraft(units: us.map(intern), weights: us.map { slotUnitWeight($0.flags, model) }, totalWeight: 0,
                                      text: shown, variantIndex: k, value: nil, optionIndex: 0, synonym: said, title: shown,
                                      isAlternativeName: alternative)
                sv.totalWeight = sv.weights.reduce(0, +)
                sv.soundKey = soundKey(n, us.map(\.text))
                hinted.variants.append(SlotVariant(sv))
                hinted.maxUnits = max(hinted.maxUnits, us.count)
            }
            for (k, nm) in names.enumerated() {
                guard let hint = nm.pronunciationHint, !hint.isEmpty else { continue }
                spoken(hint, as: nm.text, variant: k, alternative: true)
            }
            // A Latin brand name localized into another script ("ノートリー" for "Notely"): the
            // recognizer often writes the brand as the development locale spells it. That
            // spelling is another way to say the display name (same variant index, no new phrase).
            if let shown = names.first, let dev = Expansion.appNames(c, locale: c.developmentLocale).first,
               dev.text != shown.text, isLatin(dev.text), !isLatin(shown.text) {
                spoken(dev.text, as: shown.text, variant: 0, alternative: false)
            }
            slotSets[Int(appSet)] = hinted
            appSlot.append(appSet)
            var paramSets: [String: Int32] = [:]
            let optionCache = Expansion.OptionCache()
            var budgetBase = 0
            for (si, s) in c.shortcuts.enumerated() {
                for (ti, t) in s.templates(for: locale).enumerated() {
                    guard let plan = Expansion.plan(c, s, t, locale: locale, cache: optionCache) else { continue }
                    var slot: Int32 = -1
                    if let pn = plan.param, let p = s.parameter(named: pn) {
                        let key = p.typeName == "Bool" ? "\(si)|\(pn)" : p.typeName
                        if let existing = paramSets[key] { slot = existing } else {
                            var said = plan.options.enumerated().map { (k, o) in (text: o.text, position: k, synonym: o.synonym) }
                            if p.typeName == "Bool" {
                                var phraseUnits = Set<String>()
                                for t2 in s.templates(for: locale) {
                                    for case .text(let x) in t2.pieces { for r in units(n, x) { phraseUnits.insert(r.text) } }
                                }
                                said += switchWords(n, plan.options, phraseUnits: phraseUnits)
                            }
                            slot = makeSet(.parameter, said.map { s in
                                (s.text, { (v: inout VariantDraft) in
                                    let o = plan.options[s.position]
                                    v.value = o.value
                                    v.optionIndex = o.optionIndex
                                    v.synonym = s.synonym
                                    v.title = o.title
                                    // A switch word stands at its value's place (budget, phrase shown).
                                    v.variantIndex = s.position
                                })
                            })
                            paramSets[key] = slot
                        }
                    }
                    var raw: [(Raw?, CompiledTemplate.Elem.Kind, Int32)] = []
                    for (pi, piece) in t.pieces.enumerated() {
                        switch piece {
                        case .text(let s):
                            if readings { spokenTexts.append(s) }
                            var us = units(n, s)
                            if gluedPrefix(n, s, us, before: pi + 1 < t.pieces.count ? t.pieces[pi + 1] : nil) { us.removeLast() }
                            for r in us { raw.append((r, .literal, -1)) }
                        case .appName: raw.append((nil, .app, appSet))
                        case .parameter: raw.append((nil, .param, slot))
                        }
                    }
                    let optionCount = plan.param == nil ? 1 : plan.options.count
                    let ct = TemplateDraft(app: ai, shortcut: si, templateIndex: ti, intent: s.intent, template: t.text,
                                              isNegative: false, elems: [], fullElems: [], paramName: plan.param, paramSet: slot,
                                              hasApp: true, totalWeight: 0, budgetBase: budgetBase,
                                              appNameCount: max(1, names.count), optionCount: optionCount, pieces: t.pieces,
                                              appID: c.app.id, appDisplayName: appDisplayNames[ai])
                    budgetBase += optionCount * max(1, names.count)
                    var draft = ct
                    draft.freeText = freeTextParameter(s, saying: t)
                    pending.append(Pending(t: draft, raw: raw))
                }
            }
            for (ti, t) in c.negativeTemplates(for: locale).enumerated() {
                var raw: [(Raw?, CompiledTemplate.Elem.Kind, Int32)] = []
                for piece in t.pieces {
                    switch piece {
                    case .text(let s): for r in units(n, s) { raw.append((r, .literal, -1)) }
                    case .appName: raw.append((nil, .app, appSet))
                    case .parameter(let p): for r in units(n, p) { raw.append((r, .literal, -1)) }
                    }
                }
                let ct = TemplateDraft(app: ai, shortcut: -1, templateIndex: ti, intent: "", template: t.text,
                                          isNegative: true, elems: [], fullElems: [], paramName: nil, paramSet: -1,
                                          hasApp: t.hasAppName, totalWeight: 0, budgetBase: 0, appNameCount: 1, optionCount: 1,
                                          pieces: t.pieces, appID: c.app.id, appDisplayName: appDisplayNames[ai])
                pending.append(Pending(t: ct, raw: raw))
            }
        }
        return Walked(slotSets: slotSets, appSlot: appSlot, appDisplayNames: appDisplayNames, pending: pending,
                      spokenTexts: readings ? spokenTexts : nil)
    }

    /// What `compile` makes of the pending phrases.
    struct Compiled {
        /// The phrases compiled, in the walk's order.
        var drafts: [TemplateDraft]
        /// Word id → in how many positive phrases it is a literal.
        var df: [Int32: Int]
        /// How many positive phrases there are.
        var positive: Int
    }

    /// Stage 2 of the build: the pending phrases compiled — their literals interned (positive
    /// phrases' first, then each phrase's in order), weighted by how few phrases say them, and
    /// the app clause (the app slot and its connectors) set apart.
    static func compile(_ pending: [Pending], _ n: Normalizer, _ model: ScoreModel, words: inout Words) -> Compiled {
        func intern(_ r: Raw) -> Int32 { words.intern(r) }
        // Distinctiveness: in how many positive templates each literal occurs.
        var df: [Int32: Int] = [:]
        var positive = 0
        for p in pending where !p.t.isNegative {
            positive += 1
            var seen = Set<Int32>()
            for (r, k, _) in p.raw where k == .literal {
                if let r { let id = intern(r); if seen.insert(id).inserted { df[id, default: 0] += 1 } }
            }
        }
        let connectors = n.connectorSequences
        var drafts: [TemplateDraft] = []
        drafts.reserveCapacity(pending.count)
        for p in pending {
            var t = p.t
            var full: [CompiledTemplate.Elem] = []
            var flagsOf: [Token.Flags] = []
            for (r, k, slot) in p.raw {
                switch k {
                case .literal:
                    guard let r else { continue }
                    let id = intern(r)
                    full.append(.init(kind: .literal, id: id, weight: literalWeight(df: df[id] ?? 1, templates: positive, flags: r.flags, model)))
                    flagsOf.append(r.flags)
                case .app:
                    full.append(.init(kind: .app, id: slot, weight: model.appWeight))
                    flagsOf.append([])
                case .param:
                    full.append(.init(kind: .param, id: slot, weight: model.parameterWeight))
                    flagsOf.append([])
                }
            }
            // The app clause: the app slot and one connector expression on each side of it
            // ("in", "in the app"). Only one: in "lights on with ${applicationName}", "on" is the
            // phrase's content and "with" attaches the app.
            var drop = Set<Int>()
            /// Whether connector expression `c` is written at elements start..<start+c.count.
            func isConnector(_ c: [String], at start: Int) -> Bool {
                start >= 0 && start + c.count <= full.count && c.indices.allSatisfy { m in
                    let i = start + m
                    return full[i].kind == .literal && flagsOf[i].contains(.connector) && words.text[Int(full[i].id)] == c[m]
                }
            }
            for (k, e) in full.enumerated() where e.kind == .app {
                drop.insert(k)
                if let c = connectors.first(where: { isConnector($0, at: k - $0.count) }) {
                    for i in (k - c.count)..<k { drop.insert(i) }
                }
                if let c = connectors.first(where: { isConnector($0, at: k + 1) }) {
                    for i in (k + 1)...(k + c.count) { drop.insert(i) }
                }
            }
            t.fullElems = full
            t.elems = full.enumerated().filter { !drop.contains($0.offset) }.map(\.element)
            t.hasApp = full.contains { $0.kind == .app }
            t.totalWeight = t.elems.reduce(0) { $0 + $1.weight } + (t.hasApp ? model.appWeight : 0)
            drafts.append(t)
        }
        return Compiled(drafts: drafts, df: df, positive: positive)
    }

    /// The most units either wording of a catalog paraphrase may have (`paraphrases`).
    static let paraphraseMaxUnits = 4

    /// Phrases an app's own catalog implies. Two phrases of one shortcut that are the same but
    /// for one short run of words ("${genre}を${applicationName}で流して" / "…をかけて", "Log
    /// ${habit}" / "Check off ${habit}") show two ways the app's users say the same thing; the
    /// app's other phrases with one of them are heard with the other too ("${playlist}を
    /// ${applicationName}でかけて"). Each wording is at most `paraphraseMaxUnits` units with a
    /// content word, the phrases share at least one element around it, and a derived phrase
    /// replaces one run, in one phrase of the same app, between the same elements (the same
    /// words, or a parameter, or the phrase's edge, on both sides: "order" before "a" is not
    /// the noun of "where's my order"), when no phrase of its shortcut already reads so.
    /// Derived phrases run as their source phrase (same shortcut, budget and rendering), are
    /// never matched exactly, and are marked `derived`.
    static func paraphrases(_ drafts: [TemplateDraft], _ model: ScoreModel) -> [TemplateDraft] {
        struct Key: Hashable { var kind: UInt8; var id: Int32 }
        func key(_ e: [CompiledTemplate.Elem]) -> [Key] { e.map { Key(kind: $0.kind.rawValue, id: $0.id) } }
        /// An element next to a wording: a literal by its word, any parameter alike.
        func neighbour(_ e: CompiledTemplate.Elem) -> Int32 { e.kind == .literal ? e.id : -2 }
        func wording(_ r: ArraySlice<CompiledTemplate.Elem>) -> Bool {
            !r.isEmpty && r.count <= paraphraseMaxUnits && r.allSatisfy { $0.kind == .literal } && r.contains { $0.weight >= model.contentWordWeight }
        }
        var out: [TemplateDraft] = []
        var byApp: [Int: [Int]] = [:]
        for (i, d) in drafts.enumerated() where !d.isNegative && !d.elems.isEmpty { byApp[d.app, default: []].append(i) }
        for (_, members) in byApp.sorted(by: { $0.key < $1.key }) {
            // The app's wordings, both ways, in catalog order (each pair once), with the elements
            // around them (-1 the phrase's edge, -2 a parameter).
            var pairs: [([CompiledTemplate.Elem], [CompiledTemplate.Elem], left: Int32, right: Int32)] = []
            var seenPairs = Set<[Key]>()
            for (ai, a) in members.enumerated() {
                for b in members[(ai + 1)...] where drafts[b].shortcut == drafts[a].shortcut {
                    let x = drafts[a].elems, y = drafts[b].elems
                    var p = 0
                    while p < min(x.count, y.count), x[p].kind == y[p].kind, x[p].id == y[p].id { p += 1 }
                    var q = 0
                    while q < min(x.count, y.count) - p, x[x.count - 1 - q].kind == y[y.count - 1 - q].kind,
                          x[x.count - 1 - q].id == y[y.count - 1 - q].id { q += 1 }
                    guard p + q >= 1 else { continue }
                    let ra = x[p..<(x.count - q)], rb = y[p..<(y.count - q)]
                    guard wording(ra), wording(rb) else { continue }
                    let left = p > 0 ? neighbour(x[p - 1]) : -1, right = q > 0 ? neighbour(x[x.count - q]) : -1
                    for (u, v) in [(Array(ra), Array(rb)), (Array(rb), Array(ra))] {
                        if seenPairs.insert(key(u) + [Key(kind: 255, id: left), Key(kind: 255, id: right)] + key(v)).inserted {
                            pairs.append((u, v, left, right))
                        }
                    }
                }
            }
            guard !pairs.isEmpty else { continue }
            // Every phrase of each shortcut, as read (existing and derived).
            var readings: [Int: Set<[Key]>] = [:]
            for i in members { readings[drafts[i].shortcut, default: []].insert(key(drafts[i].elems)) }
            for i in members {
                let t = drafts[i]
                for (u, v, left, right) in pairs {
                    let e = t.elems
                    guard e.count >= u.count else { continue }
                    var at = -1
                    // The wording in the same place: between the same elements as where it was seen.
                    for s in 0...(e.count - u.count) where (0..<u.count).allSatisfy({ e[s + $0].kind == .literal && e[s + $0].id == u[$0].id })
                        && (s > 0 ? neighbour(e[s - 1]) : -1) == left && (s + u.count < e.count ? neighbour(e[s + u.count]) : -1) == right {
                        at = s
                        break
                    }
                    guard at >= 0 else { continue }
                    let elems = Array(e[..<at]) + v + Array(e[(at + u.count)...])
                    guard readings[t.shortcut, default: []].insert(key(elems)).inserted else { continue }
                    var d = t
                    d.elems = elems
                    d.fullElems = []
                    d.derived = true
                    d.totalWeight = elems.reduce(0) { $0 + $1.weight } + (t.hasApp ? model.appWeight : 0)
                    out.append(d)
                }
            }
        }
        return out
    }
}

import Foundation
import Synchronization
