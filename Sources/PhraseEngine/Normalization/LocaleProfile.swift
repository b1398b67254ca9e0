import Foundation
import PhraseEngineLocales
import Synchronization

/// What the normalizer needs to know about a language: one JSON file per locale in `Locales/profiles/`
/// (documented in `Locales/README.md`).
public struct LocaleProfile: Sendable {
    public enum Segmentation: String, Sendable { case spaces, dictionary }
    public enum CaseFolding: String, Sendable { case `default`, turkic }
    public enum DiacriticMode: String, Sendable { case fold, keep }

    public var id: String
    public var name: String
    public var script: String
    public var segmentation: Segmentation
    public var caseFolding: CaseFolding
    public var diacriticMode: DiacriticMode
    public var diacriticKeep: [String]
    public var diacriticExpand: [String: String]
    public var letterMap: [String: String]
    public var elisions: [String]
    public var contractions: [String: String]
    public var possessive: String?
    public var fillers: [String]
    public var optionalWords: [String]
    public var connectors: [String]
    public var spellout: Bool
    public var ordinalSuffixes: [String]
    public var ordinalPrefixes: [String]
    public var phonetic: PhoneticAlgorithm
    public var romanize: Bool
    public var kanaToKatakana: Bool
    public var chineseSimplified: Bool
    public var particles: [String]
    public var notes: String
    /// tr, az: an apostrophe inside a word separates a name from its case suffix ("Spotify'da");
    /// the suffix becomes a token of its own, marked particle and optional.
    public var apostropheSuffix: Bool = false
    /// Spelled numbers ICU's spellout lacks (ar `ثلاث` next to ICU's `ثلاثة`): word → value.
    public var numberWords: [String: Int] = [:]
    /// Groups of words that mean the same in a command ("continue", "resume", "keep"): a word of
    /// the utterance matches a phrase word of its group as a synonym.
    public var synonyms: [[String]] = []
    /// Groups of forms of one word ("spielen", "spiel", "spiele"; "mettre", "mets", "mettez"):
    /// a form of the utterance matches another form of its group in a phrase almost as the word itself.
    public var forms: [[String]] = []
    /// Separable verb prefixes (de "aus", "weiter"): a verb of `forms` written with one
    /// ("ausschalten", "weiterzuspielen") is read as the prefix and the verb ("aus schalten"),
    /// as the imperative says them ("schalte … aus").
    public var separablePrefixes: [String] = []
    /// Prefixes written attached to a word (ar: the clitics و ف ب ل ك and the article ال, as in
    /// "وافتح", "للغداء", "الحمص"), in normalized form: a word that is a catalog word with one of
    /// them added, dropped or exchanged is read as a form of it.
    public var attachedPrefixes: [String] = []
    /// Endings that inflect a word (ko request endings "줘", "요", "주세요"; hi imperative and
    /// oblique endings "ओ", "इए", "ा", "े"), in normalized form: a word that is a catalog word with
    /// one of them added, dropped or exchanged is read as a form of it.
    public var endings: [String] = []
    /// Combining marks people and recognizers leave out (vi tone marks): a word written without
    /// them, or without any mark at all (with `marklessLetters` applied: vi "đ" → "d"), is read
    /// as the catalog word.
    public var droppableMarks: [String] = []
    public var marklessLetters: [String: String] = [:]
    /// Words and short phrases that switch something on or off ("enable", "turn on"; "mute",
    /// "schalte aus"): another way to say a Bool parameter's true or false display name.
    public var switchOn: [String] = []
    public var switchOff: [String] = []
    /// Words that open the app before a request ("open", "öffne", "開いて") and the words that
    /// join the request to them ("and", "und", "然后"): `Query.openAppClause`.
    public var openVerbs: [String] = []
    public var openThen: [String] = []
    /// A file of readings for words written with Han characters (ja: `readings/ja.tsv`), as
    /// written in the profile, relative to it; `readingTable` is the loaded file. The sound key
    /// of such a word is the key of its reading (`ReadingTable`).
    public var readings: String? = nil
    /// The matcher's rewrites this locale turns on, by id (`rewriteIds`; the matcher's
    /// `Rewrite.all` in the same order): the profile's `"rewrites"`, or `defaultRewrites`.
    public var rewrites: [String] = LocaleProfile.defaultRewrites

    /// Every rewrite's id, in the order the matcher runs them (`Rewrite.all`).
    public static let rewriteIds = ["ordinal-prefixes", "spelled-runs", "thai-recut", "hangul-digits", "hangul-recut",
                                    "hangul-join", "homophones"]
    /// The rewrites of a profile that names none: those of no particular script.
    public static let defaultRewrites = ["ordinal-prefixes", "spelled-runs"]

    /// `rewrites` as bits in `rewriteIds` order.
    var rewriteMask: UInt32 {
        var m: UInt32 = 0
        for (k, id) in LocaleProfile.rewriteIds.enumerated() where rewrites.contains(id) { m |= 1 << UInt32(k) }
        return m
    }
    var readingTable: ReadingTable? = nil
    /// The Latin spelling rules of the language for its sound key (`PhoneticKey.latin`): the
    /// profile's `"soundRules"`, turned into a bit set once at load. Generic when absent.
    public var soundRules: LatinSoundRules = .generic
    /// Other language codes whose words `PhoneticKey.latin(_:language:)` keys with these rules
    /// (ISO 639-2 codes, languages without a profile of their own: de `deu`, `gsw`).
    public var soundRuleLanguages: [String] = []
    /// Letters of a word's romanization that sound as one (ko: "l" and "r" → "n"), one lowercase
    /// ASCII letter to another, applied before its sound key (`romanize` profiles).
    public var romanizedLetters: [String: String] = [:]
    /// Counters written after a Han number ("枚", "张", "か月"): a token of a number and one of
    /// them is read as the number, then the counter (`numbers.counters`).
    public var counters: [String] = []
    /// Sounds of a Han character's syllable heard as one (zh: initials zh/z, ch/c, sh/s, l/n and
    /// the final -ng/-n), applied to the syllable key of a single Han character
    /// (`"syllableMerges"`).
    public var syllableMerges = SyllableMerges()
    /// Whether an explanation (`WordAlignment.words`) reads consecutive single Han characters
    /// aligned alike to consecutive phrase words as one word (ja: "残" "量" → "残量", a compound
    /// the segmenter split); not where one-character words are the rule (zh: "灯" "都" stay
    /// two). The profile's `"joinSingleHan"`.
    public var joinSingleHan = false
    /// What the synthetic corpus generator and simulated recognizer (`Synth`) say and mishear in
    /// this language: the profile's `"synth"` object. Empty when absent.
    public var synth = SynthWords()

    /// The language subtag ("pt" for "pt-BR").
    public var language: String { String(id.split(separator: "-").first ?? Substring(id)) }

    /// The built-in language-neutral profile, used when no file can be found.
    public static let neutral = LocaleProfile(
        id: "und", name: "Language-neutral", script: "Zyyy", segmentation: .spaces, caseFolding: .default,
        diacriticMode: .fold, diacriticKeep: [], diacriticExpand: [:], letterMap: [:], elisions: [],
        contractions: [:], possessive: nil, fillers: ["siri", "hey siri"], optionalWords: [], connectors: [],
        spellout: false, ordinalSuffixes: [], ordinalPrefixes: [], phonetic: .latin, romanize: true,
        kanaToKatakana: false, chineseSimplified: false, particles: [], notes: "Built-in fallback.")

    public struct LoadError: Error, CustomStringConvertible, Sendable {
        public var file: String
        public var message: String
        public var description: String { "\(file): \(message)" }
    }

    /// An error at a value of a profile file: the file, the value's line and column.
    static func error(at node: JSONNode, in bytes: [UInt8], file: String, _ message: String) -> LoadError {
        let pos = LineTable(bytes).position(of: node.offset)
        return LoadError(file: "\(file):\(pos.line):\(pos.column)", message: message)
    }

    /// The JSON value of a locale data file's text; text that is no JSON is an error naming the
    /// file, line and column.
    static func root(of bytes: [UInt8], file: String) throws(LoadError) -> JSONNode {
        do { return try JSONReader.parse(bytes) } catch {
            let pos = LineTable(bytes).position(of: error.offset)
            throw LoadError(file: "\(file):\(pos.line):\(pos.column)", message: error.message)
        }
    }

    static func numberWords(_ n: JSONNode?) -> [String: Int] {
        var m: [String: Int] = [:]
        for (k, v) in n?.object ?? [] {
            if let d = v.number, d >= 0, d < 1_000_000, d == d.rounded() { m[k] = Int(d) }
        }
        return m
    }

    /// Reads a profile from its JSON text.
    public static func parse(_ bytes: [UInt8], file: String) throws(LoadError) -> LocaleProfile {
        let root = try root(of: bytes, file: file)
        func str(_ k: String, _ d: String? = nil) throws(LoadError) -> String {
            if let s = root[k]?.string { return s }
            if let d { return d }
            throw LoadError(file: file, message: "missing string \"\(k)\"")
        }
        func list(_ n: JSONNode?) -> [String] { n?.array?.compactMap(\.string) ?? [] }
        func map(_ n: JSONNode?) -> [String: String] {
            var m: [String: String] = [:]
            for (k, v) in n?.object ?? [] { if let s = v.string { m[k] = s } }
            return m
        }
        let id = try str("id")
        let phon = try str("phonetic", "latin")
        let algorithm: PhoneticAlgorithm
        var romanize = false
        switch phon {
        case "romanize": algorithm = .latin; romanize = true
        default: algorithm = PhoneticAlgorithm(rawValue: phon) ?? .latin
        }
        /// An error at a value of the file: the file, its line and column.
        func error(at node: JSONNode, _ message: String) -> LoadError {
            LocaleProfile.error(at: node, in: bytes, file: file, message)
        }
        /// A list of strings, or an error naming the key and the entry that is none.
        func strings(_ key: String, in parent: String? = nil) throws(LoadError) -> [JSONNode]? {
            var container: JSONNode? = root
            if let parent { container = root[parent] }
            guard let node = container?[key] else { return nil }
            let name = parent.map { "\($0).\(key)" } ?? key
            guard let items = node.array else { throw error(at: node, "\"\(name)\" must be a list of strings, not \(node.typeName)") }
            for item in items where item.string == nil {
                throw error(at: item, "\"\(name)\" must be a list of strings: found \(item.typeName)")
            }
            return items
        }
        var soundRules = LatinSoundRules.generic
        if let items = try strings("soundRules") {
            do { soundRules = try LatinSoundRules(ids: items.map { $0.string ?? "" }) } catch {
                switch error {
                case .unknown(let k, let name):
                    throw LocaleProfile.error(at: items[k], in: bytes, file: file, "unknown sound rule \"\(name)\" in \"soundRules\" (known: \(LatinSoundRules.Rule.allCases.map(\.id).joined(separator: ", ")))")
                case .conflict(let k, let name, let other):
                    throw LocaleProfile.error(at: items[k], in: bytes, file: file, "sound rule \"\(name)\" in \"soundRules\" contradicts \"\(other)\": both spell the sound of the same letters")
                }
            }
        }
        var soundRuleLanguages: [String] = []
        for item in try strings("soundRuleLanguages") ?? [] {
            let code = item.string ?? ""
            guard (2...3).contains(code.utf8.count), code.utf8.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) else {
                throw error(at: item, "\"soundRuleLanguages\" entries are language codes of 2 or 3 lowercase letters: found \"\(code)\"")
            }
            soundRuleLanguages.append(code)
        }
        var romanizedLetters: [String: String] = [:]
        if let node = root["romanizedLetters"] {
            guard let members = node.object else { throw error(at: node, "\"romanizedLetters\" must be an object of letters, not \(node.typeName)") }
            func isLetter(_ s: String) -> Bool { s.utf8.count == 1 && s.utf8.allSatisfy { $0 >= 0x61 && $0 <= 0x7A } }
            for (k, v) in members {
                guard isLetter(k), let to = v.string, isLetter(to) else {
                    throw error(at: v, "\"romanizedLetters\" maps one lowercase ASCII letter to another: found \"\(k)\": \(v.string.map { "\"\($0)\"" } ?? v.typeName)")
                }
                romanizedLetters[k] = to
            }
        }
        var counters: [String] = []
        for item in try strings("counters", in: "numbers") ?? [] {
            guard let c = item.string, !c.isEmpty else { throw error(at: item, "\"numbers.counters\" entries must not be empty") }
            counters.append(c)
        }
        var syllableMerges = SyllableMerges()
        if let node = root["syllableMerges"] {
            guard let members = node.object else { throw error(at: node, "\"syllableMerges\" must be an object with \"initials\" and \"finals\", not \(node.typeName)") }
            func isLetters(_ s: String) -> Bool { s.utf8.allSatisfy { $0 >= 0x61 && $0 <= 0x7A } }
            var maps: [String: [String: String]] = [:]
            for (part, map) in members {
                guard part == "initials" || part == "finals" else {
                    throw error(at: map, "unknown key \"\(part)\" in \"syllableMerges\" (known: initials, finals)")
                }
                guard let pairs = map.object else { throw error(at: map, "\"syllableMerges.\(part)\" must be an object, not \(map.typeName)") }
                for (k, v) in pairs {
                    guard !k.isEmpty, isLetters(k), let to = v.string, isLetters(to) else {
                        throw error(at: v, "\"syllableMerges.\(part)\" maps lowercase ASCII letters to lowercase ASCII letters: found \"\(k)\": \(v.string.map { "\"\($0)\"" } ?? v.typeName)")
                    }
                    maps[part, default: [:]][k] = to
                }
            }
            syllableMerges = SyllableMerges(initials: maps["initials"] ?? [:], finals: maps["finals"] ?? [:])
        }
        var joinSingleHan = false
        if let node = root["joinSingleHan"] {
            guard let v = node.bool else { throw error(at: node, "\"joinSingleHan\" must be true or false, not \(node.typeName)") }
            joinSingleHan = v
        }
        let synth = try SynthWords.parse(root["synth"], bytes: bytes, file: file)
        let dia = root["diacritics"]
        let readings = root["readings"]?.string
        var rewrites = LocaleProfile.defaultRewrites
        if let node = root["rewrites"] {
            guard let ids = node.array?.map(\.string), ids.allSatisfy({ $0 != nil }) else {
                throw LoadError(file: file, message: "\"rewrites\" must be a list of rewrite ids")
            }
            rewrites = ids.compactMap { $0 }
            for id in rewrites where !LocaleProfile.rewriteIds.contains(id) {
                throw LoadError(file: file, message: "unknown rewrite \"\(id)\" in \"rewrites\" (known: \(LocaleProfile.rewriteIds.joined(separator: ", ")))")
            }
        }
        return LocaleProfile(
            id: id,
            name: try str("name", id),
            script: try str("script", "Latn"),
            segmentation: Segmentation(rawValue: try str("segmentation", "spaces")) ?? .spaces,
            caseFolding: CaseFolding(rawValue: try str("caseFolding", "default")) ?? .default,
            diacriticMode: DiacriticMode(rawValue: dia?["mode"]?.string ?? "fold") ?? .fold,
            diacriticKeep: list(dia?["keep"]),
            diacriticExpand: map(dia?["expand"]),
            letterMap: map(root["letterMap"]),
            elisions: list(root["elisions"]),
            contractions: map(root["contractions"]),
            possessive: root["possessive"]?.string,
            fillers: list(root["fillers"]),
            optionalWords: list(root["optionalWords"]),
            connectors: list(root["connectors"]),
            spellout: root["numbers"]?["spellout"]?.bool ?? false,
            ordinalSuffixes: list(root["numbers"]?["ordinalSuffixes"]),
            ordinalPrefixes: list(root["numbers"]?["ordinalPrefixes"]),
            phonetic: algorithm,
            romanize: romanize,
            kanaToKatakana: root["kana"]?.string == "katakana",
            chineseSimplified: root["chinese"]?.string == "simplified",
            particles: list(root["particles"]),
            notes: root["notes"]?.string ?? "",
            apostropheSuffix: root["apostropheSuffix"]?.bool ?? false,
            numberWords: numberWords(root["numbers"]?["words"]),
            synonyms: (root["synonyms"]?.array ?? []).map { list($0) }.filter { $0.count > 1 },
            forms: (root["forms"]?.array ?? []).map { list($0) }.filter { $0.count > 1 },
            separablePrefixes: list(root["separablePrefixes"]),
            attachedPrefixes: list(root["attachedPrefixes"]),
            endings: list(root["endings"]),
            droppableMarks: list(root["droppableMarks"]),
            marklessLetters: map(root["marklessLetters"]),
            switchOn: list(root["switchWords"]?["on"]),
            switchOff: list(root["switchWords"]?["off"]),
            openVerbs: list(root["openApp"]?["verbs"]),
            openThen: list(root["openApp"]?["then"]),
            readings: readings,
            rewrites: rewrites,
            readingTable: try readings.map { r throws(LoadError) in
                try ReadingTable.shared(path: URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent(r).path)
            },
            soundRules: soundRules,
            soundRuleLanguages: soundRuleLanguages,
            romanizedLetters: romanizedLetters,
            counters: counters,
            syllableMerges: syllableMerges,
            joinSingleHan: joinSingleHan,
            synth: synth)
    }
}

/// A profile's `"synth"` object (Locales/README.md): the words `Synth` puts into generated
/// utterances of the language and the recognizer errors it simulates. Every key is optional;
/// what a key leaves out is empty or the documented default, so `Synth` names no language.
public struct SynthWords: Sendable, Equatable {
    /// How the `asr-accent` variant writes a phrase otherwise.
    public enum Accents: String, Sendable, CaseIterable {
        /// Combining marks stripped (Latin scripts: "café" → "cafe").
        case marks
        /// Katakana ↔ hiragana in the app name or the value, else in the whole phrase.
        case kana
        /// Simplified characters written as traditional ones (ICU `Simplified-Traditional`).
        case traditional
        /// No such variant (`"none"`).
        case off = "none"
    }

    /// A sound-alike spelling change a recognizer makes; tried in both directions (from a
    /// non-empty `to`).
    public struct Swap: Sendable, Equatable {
        public var from: String
        public var to: String
        public init(_ from: String, _ to: String) {
            self.from = from
            self.to = to
        }
    }

    /// Requests to an assistant no app shortcut should take (weather, timers, calls…): the
    /// locale's out-of-domain controls.
    public var outOfDomain: [String] = []
    /// Apps of the language's market, added to `Synth.otherApps` for "another app" near misses.
    public var otherApps: [String] = []
    /// Parameter values no catalog is likely to have, for "a value the parameter does not have".
    public var missingValues: [String] = []
    /// Politeness said after a request; a phrase is used only when every word of it is a filler.
    public var politeness: [String] = []
    /// Words inserted before a parameter value in rewordings; used only when each is an optional word.
    public var insertable: [String] = []
    /// Wake words said before a request; nil: the profile's fillers that contain "siri".
    public var wakeWords: [String]? = nil
    /// The language's own sound-alike spelling changes, tried before the Latin ones.
    public var soundSwaps: [Swap] = []
    /// Whether `Synth.latinSwaps` apply; nil: when the profile's script is `Latn` (or empty).
    public var latinSwaps: Bool? = nil
    /// The `asr-accent` variant; nil: `marks` when the profile's script is `Latn`, else `off` (`"none"`).
    public var accents: Accents? = nil

    public init() {}

    /// The keys of the `"synth"` object.
    public static let keys = ["outOfDomain", "otherApps", "missingValues", "politeness", "insertable", "wakeWords",
                              "soundSwaps", "latinSwaps", "accents"]

    /// Reads a profile's `"synth"` value; a value of the wrong type is an error naming the file,
    /// its line and column, and the key.
    static func parse(_ node: JSONNode?, bytes: [UInt8], file: String) throws(LocaleProfile.LoadError) -> SynthWords {
        var w = SynthWords()
        guard let node else { return w }
        func error(at n: JSONNode, _ message: String) -> LocaleProfile.LoadError {
            LocaleProfile.error(at: n, in: bytes, file: file, message)
        }
        guard let members = node.object else { throw error(at: node, "\"synth\" must be an object, not \(node.typeName)") }
        func strings(_ key: String, _ v: JSONNode) throws(LocaleProfile.LoadError) -> [String] {
            guard let items = v.array else { throw error(at: v, "\"synth.\(key)\" must be a list of strings, not \(v.typeName)") }
            var out: [String] = []
            for item in items {
                guard let s = item.string else { throw error(at: item, "\"synth.\(key)\" must be a list of strings: found \(item.typeName)") }
                guard !s.isEmpty else { throw error(at: item, "\"synth.\(key)\" entries must not be empty") }
                out.append(s)
            }
            return out
        }
        for (key, v) in members {
            switch key {
            case "outOfDomain": w.outOfDomain = try strings(key, v)
            case "otherApps": w.otherApps = try strings(key, v)
            case "missingValues": w.missingValues = try strings(key, v)
            case "politeness": w.politeness = try strings(key, v)
            case "insertable": w.insertable = try strings(key, v)
            case "wakeWords": w.wakeWords = try strings(key, v)
            case "soundSwaps":
                guard let pairs = v.array else {
                    throw error(at: v, "\"synth.soundSwaps\" must be a list of [from, to] pairs of strings, not \(v.typeName)")
                }
                for pair in pairs {
                    guard let two = pair.array, two.count == 2, let from = two[0].string, let to = two[1].string, !from.isEmpty else {
                        let found = pair.array.map { "a list of \($0.count): \($0.map(\.typeName).joined(separator: ", "))" } ?? pair.typeName
                        throw error(at: pair, "\"synth.soundSwaps\" entries are [from, to] pairs of strings, from not empty: found \(found)")
                    }
                    w.soundSwaps.append(Swap(from, to))
                }
            case "latinSwaps":
                guard let b = v.bool else { throw error(at: v, "\"synth.latinSwaps\" must be a boolean, not \(v.typeName)") }
                w.latinSwaps = b
            case "accents":
                guard let s = v.string, let a = Accents(rawValue: s) else {
                    throw error(at: v, "\"synth.accents\" must be one of \(Accents.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")): found \(v.string.map { "\"\($0)\"" } ?? v.typeName)")
                }
                w.accents = a
            default:
                throw error(at: v, "unknown key \"\(key)\" in \"synth\" (known: \(keys.joined(separator: ", ")))")
            }
        }
        return w
    }
}

/// Sounds of a syllable heard as one (a profile's `syllableMerges`): an initial and a final of
/// the syllable's romanized letters rewritten, the longest that matches of each. Turned into
/// byte tables at load.
public struct SyllableMerges: Sendable, Equatable {
    /// From → to, longest first (then by bytes, so the order is the same on every load).
    public private(set) var initials: [[UInt8]] = []
    var initialTargets: [[UInt8]] = []
    public private(set) var finals: [[UInt8]] = []
    var finalTargets: [[UInt8]] = []

    public init() {}

    public init(initials: [String: String], finals: [String: String]) {
        func table(_ map: [String: String]) -> [([UInt8], [UInt8])] {
            map.map { (Array($0.key.utf8), Array($0.value.utf8)) }
                .sorted { $0.0.count != $1.0.count ? $0.0.count > $1.0.count : $0.0.lexicographicallyPrecedes($1.0) }
        }
        let i = table(initials), f = table(finals)
        self.initials = i.map(\.0)
        initialTargets = i.map(\.1)
        self.finals = f.map(\.0)
        finalTargets = f.map(\.1)
    }

    public var isEmpty: Bool { initials.isEmpty && finals.isEmpty }

    /// The letters with the longest initial that begins them rewritten, then the longest final
    /// that ends them, when letters are left before it (a syllable that is only a final, "ng",
    /// keeps it).
    public func apply(_ letters: String) -> String {
        var b = Array(letters.utf8)
        for (k, from) in initials.enumerated() where b.count >= from.count && b.starts(with: from) {
            b.replaceSubrange(0..<from.count, with: initialTargets[k])
            break
        }
        for (k, from) in finals.enumerated() where b.count > from.count && b.suffix(from.count).elementsEqual(from) {
            b.replaceSubrange((b.count - from.count)..<b.count, with: finalTargets[k])
            break
        }
        return String(decoding: b, as: UTF8.self)
    }
}

/// Finds and caches locale profiles, resolving a locale identifier through its fallback chain:
/// exact → implied profiles → language-script → language → alias → the language-neutral profile
/// (`fallbackChain`, `FallbackRules`).
public final class LocaleStore: Sendable {
    /// The store over the bundled profiles (or `PHRASEENGINE_LOCALES` when set).
    public static let shared = LocaleStore(directory: LocaleStore.defaultDirectory())

    public let directory: String?
    private let cache = Mutex<[String: LocaleProfile]>([:])
    private let fallbackCache = Mutex<FallbackRules?>(nil)

    public init(directory: String?) { self.directory = directory }

    /// Where the profiles are: `$PHRASEENGINE_LOCALES`, the resource bundle next to the
    /// executable, or the source tree the package was built from.
    public static func defaultDirectory() -> String? {
        let fm = FileManager.default
        var candidates: [String] = []
        if let env = ProcessInfo.processInfo.environment["PHRASEENGINE_LOCALES"], !env.isEmpty { candidates.append(env) }
        let exeDir = Bundle.main.bundleURL.path
        let name = LocaleResources.bundleName
        candidates.append("\(exeDir)/\(name).resources/profiles")
        candidates.append("\(exeDir)/\(name).bundle/profiles")
        candidates.append("\(exeDir)/\(name).bundle/Contents/Resources/profiles")
        if let exe = CommandLine.arguments.first, exe.contains("/") {
            let dir = URL(fileURLWithPath: exe).resolvingSymlinksInPath().deletingLastPathComponent().path
            candidates.append("\(dir)/\(name).resources/profiles")
            candidates.append("\(dir)/../share/phraseengine/Locales/profiles")
        }
        candidates.append(LocaleResources.sourceProfilesPath)
        for c in candidates {
            var isDir: ObjCBool = false
            if fm.fileExists(atPath: c, isDirectory: &isDir), isDir.boolValue { return c }
        }
        return nil
    }

    /// The identifiers of the profile files available.
    public var availableIdentifiers: [String] {
        guard let directory, let files = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// Candidate identifiers for a locale, most specific first, by the bundled store's rules
    /// (`LocaleStore.shared.fallbackChain`).
    public static func fallbackChain(_ id: String) -> [String] { shared.fallbackChain(id) }

    /// Candidate identifiers for a locale, most specific first: the identifier (case
    /// normalized), the profiles its subtags imply (`FallbackRules.implied`), language-script,
    /// language, its alias's chain (`FallbackRules.aliases`), then `und`.
    public func fallbackChain(_ id: String) -> [String] { candidates(id, depth: 0) }

    /// `fallbackChain`, an alias's own chain followed to a bounded depth (rules naming each other
    /// end there).
    private func candidates(_ id: String, depth: Int) -> [String] {
        let parts = id.replacingOccurrences(of: "_", with: "-").split(separator: "-").map(String.init)
        guard let lang = parts.first?.lowercased(), !lang.isEmpty else { return ["und"] }
        var chain: [String] = []
        func add(_ s: String) { if !chain.contains(s) { chain.append(s) } }
        let normalized = ([lang] + parts.dropFirst().map { p in
            p.count == 4 ? p.prefix(1).uppercased() + p.dropFirst().lowercased() : (p.count == 2 ? p.uppercased() : p)
        }).joined(separator: "-")
        add(normalized)
        let tags = parts.dropFirst().map { $0.uppercased() }
        let rules = fallbackRules
        for p in rules.impliedProfiles(lang, tags) { add(p) }
        if parts.count > 2 { add("\(lang)-\(normalized.split(separator: "-")[1])") }
        add(lang)
        if depth < 4, let target = rules.alias(lang, tags), target != normalized {
            for t in candidates(target, depth: depth + 1) where t != "und" { add(t) }
        }
        add("und")
        return chain
    }

    /// The fallback rules of `directory` (`FallbackRules.fileName`), read on first use; none
    /// without the file or when it does not load.
    public var fallbackRules: FallbackRules {
        if let r = fallbackCache.withLock({ $0 }) { return r }
        var r = FallbackRules()
        if let directory {
            let path = "\(directory)/\(FallbackRules.fileName)"
            if let data = FileManager.default.contents(atPath: path), let parsed = try? FallbackRules.parse(Array(data), file: path) {
                r = parsed
            }
        }
        fallbackCache.withLock { $0 = r }
        return r
    }

    public struct Resolution: Sendable {
        public var profile: LocaleProfile
        /// Set when the profile is not the locale's own (a fallback was used).
        public var note: String?
    }

    /// The profile for a locale; never fails (falls back to the neutral profile with a note).
    public func resolve(_ locale: String) -> Resolution {
        let chain = fallbackChain(locale)
        for (k, id) in chain.enumerated() {
            if let p = load(id) {
                var note: String? = nil
                if k > 0 {
                    if id == "und" {
                        note = "no locale profile for '\(locale)'; using the language-neutral profile"
                    } else if p.language != chain[0].split(separator: "-").first.map(String.init) {
                        note = "locale '\(locale)' uses the '\(id)' profile"
                    }
                }
                return Resolution(profile: p, note: note)
            }
        }
        return Resolution(profile: .neutral, note: "no locale profiles found; using the built-in language-neutral profile")
    }

    public func profile(for locale: String) -> LocaleProfile { resolve(locale).profile }

    private func load(_ id: String) -> LocaleProfile? {
        if let p = cache.withLock({ $0[id] }) { return p }
        guard let directory else { return id == "und" ? .neutral : nil }
        let path = "\(directory)/\(id).json"
        guard let data = FileManager.default.contents(atPath: path) else { return id == "und" ? .neutral : nil }
        guard var p = try? LocaleProfile.parse(Array(data), file: path) else { return nil }
        p.id = id
        cache.withLock { $0[id] = p }
        return p
    }
}

/// How a locale identifier finds a profile when it has none of its own: the file
/// `resolution/fallback.json` beside the profiles (Locales/README.md, "Fallback chain"), loaded
/// and validated. Per language code, two ordered lists of rules, each rule naming a profile for
/// identifiers with any of its subtags (any subtag when it lists none):
/// - `implied`: profiles the identifier's subtags imply, every matching rule's, tried after the
///   identifier itself (zh: a region implies a script, `zh-TW` → `zh-Hant`);
/// - `aliases`: the profile a code without a file of its own uses, the first matching rule's
///   (`iw` → `he`; `pt` → `pt-BR`, `pt-AO` → `pt-PT`); a rule naming `null` gives none.
public struct FallbackRules: Sendable, Equatable {
    public struct Rule: Sendable, Equatable {
        /// Subtags after the language, uppercased; empty: the rule applies to every identifier.
        public var subtags: [String]
        /// The profile the rule names (nil: none).
        public var profile: String?

        public init(subtags: [String] = [], profile: String?) {
            self.subtags = subtags.map { $0.uppercased() }
            self.profile = profile
        }

        func matches(_ tags: [String]) -> Bool { subtags.isEmpty || tags.contains(where: subtags.contains) }
    }

    /// Language code → the rules of the profiles its subtags imply, in order.
    public var implied: [String: [Rule]] = [:]
    /// Language code → the rules of its alias, the first matching one applies.
    public var aliases: [String: [Rule]] = [:]

    public init(implied: [String: [Rule]] = [:], aliases: [String: [Rule]] = [:]) {
        self.implied = implied
        self.aliases = aliases
    }

    /// The file's path under the profile directory.
    public static let fileName = "resolution/fallback.json"

    /// The profiles `tags` (subtags after the language, uppercased) imply for `language`.
    func impliedProfiles(_ language: String, _ tags: [String]) -> [String] {
        (implied[language] ?? []).compactMap { $0.matches(tags) ? $0.profile : nil }
    }

    /// The alias of `language` with subtags `tags`, or nil.
    func alias(_ language: String, _ tags: [String]) -> String? {
        (aliases[language] ?? []).first { $0.matches(tags) }?.profile ?? nil
    }

    /// Reads the rules from the file's JSON text; a bad value is an error naming the file, line
    /// and column.
    public static func parse(_ bytes: [UInt8], file: String) throws(LocaleProfile.LoadError) -> FallbackRules {
        let root = try LocaleProfile.root(of: bytes, file: file)
        func error(at node: JSONNode, _ message: String) -> LocaleProfile.LoadError {
            LocaleProfile.error(at: node, in: bytes, file: file, message)
        }
        guard let members = root.object else { throw error(at: root, "the fallback rules must be an object, not \(root.typeName)") }
        func isCode(_ s: String) -> Bool { (2...3).contains(s.utf8.count) && s.utf8.allSatisfy { $0 >= 0x61 && $0 <= 0x7A } }
        func isSubtag(_ s: String) -> Bool {
            (1...8).contains(s.utf8.count) && s.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) }
        }
        func rules(_ part: String, _ node: JSONNode, nullable: Bool) throws(LocaleProfile.LoadError) -> [String: [Rule]] {
            guard let languages = node.object else { throw error(at: node, "\"\(part)\" must be an object of language codes, not \(node.typeName)") }
            var out: [String: [Rule]] = [:]
            for (language, list) in languages {
                guard isCode(language) else {
                    throw error(at: list, "\"\(part)\" keys are language codes of 2 or 3 lowercase letters: found \"\(language)\"")
                }
                guard let items = list.array else { throw error(at: list, "\"\(part).\(language)\" must be a list of rules, not \(list.typeName)") }
                var rs: [Rule] = []
                for item in items {
                    guard let fields = item.object else { throw error(at: item, "\"\(part).\(language)\" rules are objects, not \(item.typeName)") }
                    var subtags: [String] = []
                    var profile: String?
                    var named = false
                    for (key, v) in fields {
                        switch key {
                        case "subtags":
                            guard let tags = v.array else { throw error(at: v, "\"subtags\" must be a list of strings, not \(v.typeName)") }
                            for t in tags {
                                guard let s = t.string, isSubtag(s) else {
                                    throw error(at: t, "\"subtags\" entries are subtags of 1 to 8 ASCII letters or digits: found \(t.string.map { "\"\($0)\"" } ?? t.typeName)")
                                }
                                subtags.append(s)
                            }
                        case "profile":
                            named = true
                            if let s = v.string, !s.isEmpty {
                                profile = s
                            } else if !(nullable && v.isNull) {
                                throw error(at: v, "\"profile\" must be a profile id\(nullable ? " or null" : ""): found \(v.string.map { "\"\($0)\"" } ?? v.typeName)")
                            }
                        default:
                            throw error(at: v, "unknown key \"\(key)\" in a rule of \"\(part).\(language)\" (known: subtags, profile)")
                        }
                    }
                    guard named else { throw error(at: item, "a rule of \"\(part).\(language)\" names no \"profile\"") }
                    rs.append(Rule(subtags: subtags, profile: profile))
                }
                out[language] = rs
            }
            return out
        }
        var r = FallbackRules()
        for (key, v) in members {
            switch key {
            case "implied": r.implied = try rules(key, v, nullable: false)
            case "aliases": r.aliases = try rules(key, v, nullable: true)
            case "notes": guard v.string != nil else { throw error(at: v, "\"notes\" must be a string, not \(v.typeName)") }
            default: throw error(at: v, "unknown key \"\(key)\" in the fallback rules (known: implied, aliases, notes)")
            }
        }
        return r
    }
}
