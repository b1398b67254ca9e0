import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

// MARK: - Double Metaphone

/// Reference outputs of Lawrence Philips' published Double Metaphone (the
/// C++ reference, as reproduced by Maurice Aubrey's Text::DoubleMetaphone and the
/// Python/Apache Commons ports), with the code length raised to 6.
/// (word, primary, alternate) — alternate == primary when the word has none.
private let doubleMetaphoneReference: [(String, String, String)] = [
    ("smith", "SM0", "XMT"),
    ("schmidt", "XMT", "SMT"),
    ("thompson", "TMPSN", "TMPSN"),   // the reference keeps the P: "TMPS" at length 4
    ("thomas", "TMS", "TMS"),
    ("knight", "NT", "NT"),
    ("right", "RT", "RT"),
    ("write", "RT", "RT"),
    ("wright", "RT", "RT"),
    ("phone", "FN", "FN"),
    ("fone", "FN", "FN"),
    ("caesar", "SSR", "SSR"),
    ("jose", "HS", "HS"),
    ("xavier", "SF", "SFR"),
    ("gnome", "NM", "NM"),
    ("cough", "KF", "KF"),
    ("laugh", "LF", "LF"),
    ("tough", "TF", "TF"),
    ("bough", "P", "P"),
    ("edge", "AJ", "AJ"),
    ("edgar", "ATKR", "ATKR"),
    ("judge", "JJ", "AJ"),
    ("michael", "MKL", "MXL"),
    ("maurice", "MRS", "MRS"),
    ("aubrey", "APR", "APR"),
    ("cambrillo", "KMPRL", "KMPR"),
    ("heidi", "HT", "HT"),
    ("katherine", "K0RN", "KTRN"),
    ("catherine", "K0RN", "KTRN"),
    ("thumbail", "0MPL", "TMPL"),
    ("richard", "RXRT", "RKRT"),
    ("bob", "PP", "PP"),
    ("eric", "ARK", "ARK"),
    ("geoff", "JF", "KF"),
    ("through", "0R", "TR"),
    ("schwein", "XN", "XFN"),
    ("dave", "TF", "TF"),
    ("steven", "STFN", "STFN"),
    ("bryce", "PRS", "PRS"),
    ("otto", "AT", "AT"),
    ("auto", "AT", "AT"),
    ("dallas", "TLS", "TLS"),
    ("zhang", "JNK", "JNK"),
    ("chile", "XL", "XL"),
    ("arnow", "ARN", "ARNF"),
    ("solilijs", "SLLS", "SLLS"),
    ("parachute", "PRKT", "PRKT"),
    ("nowhere", "NR", "NR"),
    ("tux", "TKS", "TKS"),
    ("jumped", "JMPT", "AMPT"),
    ("quick", "KK", "KK"),
    ("the", "0", "T"),
    ("chianti", "KNT", "KNT"),
    ("chemistry", "KMSTR", "KMSTR"),
    ("orchestra", "ARKSTR", "ARKSTR"),
    ("accident", "AKSTNT", "AKSTNT"),
    ("focaccia", "FKX", "FKX"),
    ("czerny", "SRN", "XRN"),
    ("tagliaro", "TKLR", "TLR"),
    ("biaggi", "PJ", "PK"),
    ("danger", "TNJR", "TNKR"),
    ("gerber", "KRPR", "JRPR"),
    ("dumb", "TM", "TM"),
    ("campbell", "KMPL", "KMPL"),
    ("rogier", "RJ", "RJR"),
    ("island", "ALNT", "ALNT"),
    ("sugar", "XKR", "SKR"),
    ("school", "SKL", "SKL"),
    ("schenker", "XNKR", "SKNKR"),
    ("resnais", "RSN", "RSNS"),
    ("filipowicz", "FLPTS", "FLPFX"),
    ("breaux", "PR", "PR"),
    ("wasserman", "ASRMN", "FSRMN"),
    ("mchugh", "MK", "MK"),
    ("san jose", "SNHS", "SNHS"),
    ("garçon", "KRSN", "KRSN"),
    ("niño", "NN", "NN"),
]

@Test func doubleMetaphoneMatchesReference() {
    for (word, primary, alternate) in doubleMetaphoneReference {
        let codes = PhoneticKey.doubleMetaphone(word)
        #expect(codes.primary == primary, "primary of \(word)")
        #expect(codes.alternate == alternate, "alternate of \(word)")
    }
}

@Test func doubleMetaphoneIsCaseInsensitive() {
    #expect(PhoneticKey.doubleMetaphone("Thompson") == PhoneticKey.doubleMetaphone("thompson"))
    #expect(PhoneticKey.doubleMetaphone("SCHMIDT").primary == "XMT")
    #expect(PhoneticKey.doubleMetaphone("Xavier").alternate == "SFR")
}

@Test func doubleMetaphoneMaxLength() {
    #expect(PhoneticKey.doubleMetaphone("testing").primary == "TSTNK")
    #expect(PhoneticKey.doubleMetaphone("testing", maxLength: 4).primary == "TSTN")
    #expect(PhoneticKey.doubleMetaphone("thompson", maxLength: 4).primary == "TMPS")
    #expect(PhoneticKey.doubleMetaphone("jankelowicz", maxLength: 4) == ("JNKL", "ANKL"))
    #expect(PhoneticKey.doubleMetaphone("jankelowicz", maxLength: 8) == ("JNKLTS", "ANKLFX"))
    #expect(PhoneticKey.doubleMetaphone("anything", maxLength: 0) == ("", ""))
    #expect(PhoneticKey.doubleMetaphone("anything", maxLength: Int.max).primary == "AN0NK")
}

@Test func doubleMetaphoneSoundAlikesMeet() {
    let pairs = [("right", "write"), ("habit", "habbit"), ("tracker", "trakker"),
                 ("coffee", "kofee"), ("latte", "lattay"), ("phone", "fone"),
                 ("knight", "nite"), ("smith", "smyth")]
    for (a, b) in pairs {
        #expect(PhoneticKey.doubleMetaphone(a).primary == PhoneticKey.doubleMetaphone(b).primary, "\(a) ~ \(b)")
    }
    #expect(PhoneticKey.doubleMetaphone("habit").primary == "HPT")
    #expect(PhoneticKey.doubleMetaphone("tracker").primary == "TRKR")
    #expect(PhoneticKey.doubleMetaphone("coffee").primary == "KF")
    #expect(PhoneticKey.doubleMetaphone("latte").primary == "LT")
    // Smith / Schmidt meet through the alternate code.
    #expect(PhoneticKey.doubleMetaphone("smith").alternate == PhoneticKey.doubleMetaphone("schmidt").primary)
}

@Test func doubleMetaphoneDifferentWordsDiffer() {
    let pairs = [("habit", "rabbit"), ("coffee", "toffee"), ("light", "night"), ("cat", "bat")]
    for (a, b) in pairs {
        #expect(PhoneticKey.doubleMetaphone(a).primary != PhoneticKey.doubleMetaphone(b).primary, "\(a) vs \(b)")
    }
}

@Test func doubleMetaphoneRobustness() {
    #expect(PhoneticKey.doubleMetaphone("") == ("", ""))
    #expect(PhoneticKey.doubleMetaphone("12345") == ("", ""))
    #expect(PhoneticKey.doubleMetaphone("  - ") == ("", ""))
    #expect(PhoneticKey.doubleMetaphone("日本") == ("", ""))
    #expect(PhoneticKey.doubleMetaphone("🙂🎵") == ("", ""))
    #expect(PhoneticKey.doubleMetaphone("naïve").primary == "NF")
    #expect(PhoneticKey.doubleMetaphone("e\u{301}clair").primary == PhoneticKey.doubleMetaphone("eclair").primary)
    #expect(PhoneticKey.doubleMetaphone("r2d2").primary == "RT")
    let long = String(repeating: "abcdefghijklmnopqrstuvwxyzçñ", count: 400)
    let codes = PhoneticKey.doubleMetaphone(long)
    #expect(codes.primary.utf8.count <= 6)
    #expect(codes.primary == "APKTFK")
    #expect(PhoneticKey.doubleMetaphone(String(repeating: "x", count: 10_000)).primary == "SKSKSK")
}

// MARK: - Generic Latin key

@Test func latinFrench() {
    for w in ["eau", "haut", "oh", "au"] {
        #expect(PhoneticKey.latin(w, language: "fr") == "O", "\(w)")
    }
    for w in ["cafe", "café", "kafé", "caffè", "kafe"] {
        #expect(PhoneticKey.latin(w, language: "fr") == "KF", "\(w)")
    }
    // Silent endings: parler / parlez / parlé.
    for w in ["parler", "parlez", "parlé"] {
        #expect(PhoneticKey.latin(w, language: "fr") == "PRL", "\(w)")
    }
    // A final e keeps the consonant before it audible.
    #expect(PhoneticKey.latin("haute", language: "fr") == "OT")
    #expect(PhoneticKey.latin("ces", language: "fr") == "S")
    #expect(PhoneticKey.latin("garçon", language: "fr") == "GRSN")
    #expect(PhoneticKey.latin("photo", language: "fr") == PhoneticKey.latin("foto", language: "fr"))
    #expect(PhoneticKey.latin("champagne", language: "fr") == "XMPN")
    #expect(PhoneticKey.latin("quand", language: "fr") == "KN")
    #expect(PhoneticKey.latin("en", language: "fr") == PhoneticKey.latin("an", language: "fr"))
    #expect(PhoneticKey.latin("nation", language: "fr") == "NSN")
}

@Test func latinGerman() {
    #expect(PhoneticKey.latin("foto", language: "de") == "FT")
    #expect(PhoneticKey.latin("photo", language: "de") == "FT")
    #expect(PhoneticKey.latin("vater", language: "de") == "FTR")
    #expect(PhoneticKey.latin("fater", language: "de") == "FTR")
    #expect(PhoneticKey.latin("rad", language: "de") == PhoneticKey.latin("rat", language: "de"))
    #expect(PhoneticKey.latin("katze", language: "de") == "KTS")
    #expect(PhoneticKey.latin("eis", language: "de") == "AIS")
    #expect(PhoneticKey.latin("straße", language: "de") == PhoneticKey.latin("strasse", language: "de"))
    #expect(PhoneticKey.latin("quelle", language: "de") == PhoneticKey.latin("kwelle", language: "de"))
    #expect(PhoneticKey.latin("schule", language: "de") == "XL")
    #expect(PhoneticKey.latin("bach", language: "de") == "BX")
}

@Test func latinSpanish() {
    #expect(PhoneticKey.latin("vaca", language: "es") == "BK")
    #expect(PhoneticKey.latin("baca", language: "es") == "BK")
    #expect(PhoneticKey.latin("llama", language: "es") == "YM")
    #expect(PhoneticKey.latin("yama", language: "es") == "YM")
    #expect(PhoneticKey.latin("hola", language: "es") == PhoneticKey.latin("ola", language: "es"))
    #expect(PhoneticKey.latin("gente", language: "es") == PhoneticKey.latin("jente", language: "es"))
    #expect(PhoneticKey.latin("cielo", language: "es") == PhoneticKey.latin("sielo", language: "es"))
    #expect(PhoneticKey.latin("queso", language: "es") == "KS")
    #expect(PhoneticKey.latin("guerra", language: "es") == "GR")
    #expect(PhoneticKey.latin("niño", language: "es") == PhoneticKey.latin("ninyo", language: "es"))
    #expect(PhoneticKey.latin("vaca", language: "es") != PhoneticKey.latin("casa", language: "es"))
}

@Test func latinItalianPortugueseDutch() {
    #expect(PhoneticKey.latin("chiesa", language: "it") == "KS")
    #expect(PhoneticKey.latin("kiesa", language: "it") == "KS")
    #expect(PhoneticKey.latin("ciao", language: "it") == "C")
    #expect(PhoneticKey.latin("famiglia", language: "it") == "FML")
    #expect(PhoneticKey.latin("scienza", language: "it") == "SNTS")
    #expect(PhoneticKey.latin("pizza", language: "it") == "PTS")
    #expect(PhoneticKey.latin("filho", language: "pt") == "FL")
    #expect(PhoneticKey.latin("banho", language: "pt") == "BN")
    #expect(PhoneticKey.latin("chave", language: "pt") == PhoneticKey.latin("xave", language: "pt"))
    #expect(PhoneticKey.latin("ijs", language: "nl") == PhoneticKey.latin("eis", language: "nl"))
    #expect(PhoneticKey.latin("boek", language: "nl") == PhoneticKey.latin("buk", language: "nl"))
    #expect(PhoneticKey.latin("gracht", language: "nl") == "XRXT")
}

@Test func latinOtherLanguagesAndDefault() {
    #expect(PhoneticKey.latin("rzeka", language: "pl") == PhoneticKey.latin("żeka", language: "pl"))
    #expect(PhoneticKey.latin("szkoła", language: "pl") == "XKW")
    #expect(PhoneticKey.latin("şey", language: "tr") == "X")
    #expect(PhoneticKey.latin("sjö", language: "sv") == "X")
    #expect(PhoneticKey.latin("kafe", language: "id") == PhoneticKey.latin("kafe", language: "xx"))
    #expect(PhoneticKey.latin("cafe", language: "en") == "KF")
    #expect(PhoneticKey.latin("caffe", language: "en") == "KF")
}

@Test func latinLanguageCodeParsing() {
    for code in ["fr-FR", "FR", "fr_CA", "fra"] {
        #expect(PhoneticKey.latin("haut", language: code) == "O", "\(code)")
    }
    #expect(PhoneticKey.latin("vater", language: "de-AT") == "FTR")
    // Unknown or empty codes use the generic rules, which keep V as V.
    #expect(PhoneticKey.latin("vater", language: "") == "VTR")
    #expect(PhoneticKey.latin("vater", language: "zz-ZZ") == "VTR")
}

@Test func latinKeysAreUppercaseASCII() {
    for w in ["garçon", "straße", "smørrebrød", "żółw", "việt", "ĳsselmeer", "œuvre"] {
        for lang in ["fr", "de", "da", "pl", "vi", "nl", "xx"] {
            let key = PhoneticKey.latin(w, language: lang)
            #expect(key.utf8.allSatisfy { $0 >= 0x41 && $0 <= 0x5A }, "\(w) [\(lang)] -> \(key)")
        }
    }
}

@Test func latinRobustness() {
    #expect(PhoneticKey.latin("", language: "fr") == "")
    #expect(PhoneticKey.latin("2024", language: "de") == "")
    #expect(PhoneticKey.latin("日本", language: "ja") == "")
    #expect(PhoneticKey.latin("🙂", language: "fr") == "")
    #expect(PhoneticKey.latin("naïve", language: "fr") == PhoneticKey.latin("naive", language: "fr"))
    #expect(PhoneticKey.latin("e\u{301}te\u{301}", language: "fr") == PhoneticKey.latin("ete", language: "fr"))
    let long = String(repeating: "a", count: 10_000)
    #expect(PhoneticKey.latin(long, language: "de") == "A")
    let longMixed = String(repeating: "abcdefghijklmnopqrstuvwxyzçñ", count: 400)
    for lang in ["fr", "de", "es", "it", "pt", "nl", "pl", "tr", "sv", "xx"] {
        let key = PhoneticKey.latin(longMixed, language: lang)
        #expect(!key.isEmpty)
        #expect(key.utf8.count <= 2 * longMixed.utf8.count)
    }
}

// MARK: - Dispatch

@Test func keyDispatch() {
    #expect(PhoneticKey.key("smith", algorithm: .doubleMetaphone, language: "en") == "SM0")
    #expect(PhoneticKey.key("vaca", algorithm: .latin, language: "es") == "BK")
    #expect(PhoneticKey.key("smith", algorithm: .none, language: "en") == "")
    #expect(PhoneticAlgorithm(rawValue: "double-metaphone") == .doubleMetaphone)
    #expect(PhoneticAlgorithm(rawValue: "latin") == .latin)
    #expect(PhoneticAlgorithm(rawValue: "none") == PhoneticAlgorithm.none)
    #expect(PhoneticAlgorithm(rawValue: "vietnamese") == .vietnamese)
    #expect(PhoneticAlgorithm.allCases.count == 4)
}

/// Vietnamese syllables: tone and vowel marks dropped, the vowels kept, the initials and finals
/// the dialects merge made one; a word that is no one syllable gets the generic key.
@Test func vietnameseSyllableKey() {
    func k(_ w: String) -> String { PhoneticKey.key(w, algorithm: .vietnamese, language: "vi") }
    #expect(k("bún") != k("bánh"))            // the generic key makes both "BN"
    #expect(PhoneticKey.key("bún", algorithm: .latin, language: "vi") == PhoneticKey.key("bánh", algorithm: .latin, language: "vi"))
    #expect(k("trưa") == k("chưa"))            // tr / ch
    #expect(k("giò") == k("dò"))              // gi / d
    #expect(k("sắm") == k("xắm"))             // s / x
    #expect(k("ăn") == k("ăng"))              // n / ng
    #expect(k("bật") == k("bat") && k("bật") == k("bác"))
    #expect(k("đi") != k("di"))               // đ is its own sound
    #expect(k("pantry") == PhoneticKey.key("pantry", algorithm: .latin, language: "vi"))
    #expect(k("") == "")
}

/// The code of words joined without building the joined string is the joined string's code,
/// for words ASCII or not, long or short (letters that read differently next to each other:
/// "c" + "h", "s" + "ch", "gh" across the join).
@Test func doubleMetaphoneOfJoinedWords() {
    let words = ["habit", "tracker", "c", "h", "sch", "ool", "book", "worm", "gh", "ost", "café", "straße", "niño", "façade",
                 "x", "wr", "it", "e", "don't", "3", "ch", "ae", "mac", "gregor", "日本", "", "ß", "tion", "ough", "pn"]
    var rng = SplitMix(state: 7)
    for _ in 0..<3_000 {
        let a = words[Int(rng.next() % UInt64(words.count))]
        let b = words[Int(rng.next() % UInt64(words.count))]
        let c: String? = rng.next() % 2 == 0 ? nil : words[Int(rng.next() % UInt64(words.count))]
        let joined = a + b + (c ?? "")
        #expect(PhoneticKey.doubleMetaphoneJoined(a, b, c) == PhoneticKey.doubleMetaphone(joined, maxLength: 6).primary,
                "\(a) + \(b) + \(c ?? "-")")
    }
}

/// Mandarin syllables speakers and recognizers confuse share a key (fuzzy pinyin): a search said
/// "收索" (shou) for "搜索" (sou) and an app "书重" for "书虫" still match. Fails without
/// the zh profiles' `syllableMerges` (`IndexBuilder.mergedSyllable`).
@Test func fuzzyPinyinKeys() throws {
    let n = Normalizer.forLocale("zh-Hans")
    let merges = n.core.syllableMerges
    #expect(IndexBuilder.mergedSyllable("~shou", merges) == "~sou")
    #expect(IndexBuilder.mergedSyllable("~chong", merges) == "~con")
    #expect(IndexBuilder.mergedSyllable("~lan", merges) == "~nan")
    #expect(IndexBuilder.mergedSyllable("~sou", merges) == "~sou")
    #expect(IndexBuilder.phonetic(n, "收", flags: []) == IndexBuilder.phonetic(n, "搜", flags: []))
    // Japanese reads Han its own way: 追 (zhui) and 最 (zui) stay apart there.
    #expect(IndexBuilder.phonetic(Normalizer.forLocale("ja"), "追", flags: []) != IndexBuilder.phonetic(Normalizer.forLocale("ja"), "最", flags: []))
    #expect(IndexBuilder.phonetic(n, "追", flags: []) == IndexBuilder.phonetic(n, "最", flags: []))
    // Kana keep their syllables.
    #expect(IndexBuilder.phonetic(Normalizer.forLocale("ja"), "シ", flags: []) != IndexBuilder.phonetic(Normalizer.forLocale("ja"), "ス", flags: []))
    let json = #"""
    {"developmentLocale":"zh-Hans","locales":["zh-Hans"],"app":{"id":"com.example.read","name":"书虫"},
     "shortcuts":[{"intent":"SearchIntent","shortTitle":"Search","systemImageName":"magnifyingglass",
                   "phrases":["在${applicationName}里搜索"]},
                  {"intent":"SavedIntent","shortTitle":"Saved","systemImageName":"bookmark",
                   "phrases":["打开${applicationName}里收藏的文章"]}]}
    """#
    let m = Matcher(catalogs: [try CatalogLoader.parse(json, file: "read.json")])
    let r = m.match("在书虫里收索", locale: "zh-Hans")
    #expect(r.decision == .match && r.top?.intent == "SearchIntent", "\(r.decision) \(r.results.first?.score ?? 0)")
}
