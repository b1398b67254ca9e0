import Foundation
import Testing
@testable import PhraseEngine

/// Locale knowledge that lives in the profiles (Locales/README.md): each key is loaded, a bad
/// value is a load error naming the file and the value's line and column, and the code reads
/// the key (a profile without it behaves otherwise).
@Suite struct LocaleDataTests {
    private func parse(_ json: String) throws(LocaleProfile.LoadError) -> LocaleProfile {
        try LocaleProfile.parse(Array(json.utf8), file: "xx.json")
    }

    private func loadError(_ json: String) -> String? {
        do { _ = try parse(json); return nil } catch { return error.description }
    }

    // MARK: soundRules

    @Test func bundledProfilesLoadTheirSoundRules() {
        let fr = LocaleStore.shared.profile(for: "fr")
        #expect(fr.soundRules.contains(.silentEndings) && fr.soundRules.contains(.hSilent))
        #expect(!fr.soundRules.contains(.finalDevoicing))
        #expect(LocaleStore.shared.profile(for: "de").soundRules.rules.map(\.id)
                == ["au=AU", "ai=AI", "ei=AI", "eu=OI", "ie=I", "final-devoicing", "dt=T", "j=Y", "qu=KV", "v=F", "w=V", "z=TS"])
        #expect(LocaleStore.shared.profile(for: "en").soundRules == .generic)
        #expect(LocaleStore.shared.profile(for: "nb").soundRuleLanguages == ["no", "nn"])
        // Every rule is used by some bundled profile, and every id reads back as its rule.
        var used = LatinSoundRules()
        for id in LocaleStore.shared.availableIdentifiers {
            for r in LocaleStore.shared.profile(for: id).soundRules.rules { used.insert(r) }
        }
        #expect(used.rules == LatinSoundRules.Rule.allCases)
        for r in LatinSoundRules.Rule.allCases { #expect(LatinSoundRules.Rule.byId[r.id] == r) }
    }

    @Test func badSoundRulesAreLoadErrorsWithTheirPosition() {
        let unknown = loadError("{\"id\": \"xx\",\n  \"soundRules\": [\"v=F\", \"v=Q\"]}")
        #expect(unknown?.hasPrefix("xx.json:2:25: unknown sound rule \"v=Q\"") == true, "\(unknown ?? "no error")")
        #expect(unknown?.contains("known: au=O") == true)
        let conflict = loadError("{\"id\": \"xx\", \"soundRules\": [\"ch=K\", \"ch=H\"]}")
        #expect(conflict?.hasPrefix("xx.json:1:37: sound rule \"ch=H\" in \"soundRules\" contradicts \"ch=K\"") == true, "\(conflict ?? "no error")")
        let notList = loadError("{\"id\": \"xx\", \"soundRules\": \"v=F\"}")
        #expect(notList == "xx.json:1:28: \"soundRules\" must be a list of strings, not a string")
        let notString = loadError("{\"id\": \"xx\", \"soundRules\": [\"v=F\", 3]}")
        #expect(notString == "xx.json:1:36: \"soundRules\" must be a list of strings: found a number")
        let badCode = loadError("{\"id\": \"xx\", \"soundRuleLanguages\": [\"de-AT\"]}")
        #expect(badCode?.hasPrefix("xx.json:1:37: \"soundRuleLanguages\" entries are language codes") == true, "\(badCode ?? "no error")")
    }

    @Test func theSoundKeyReadsTheProfilesRules() throws {
        let plain = try parse(#"{"id": "xx", "phonetic": "latin"}"#)
        let devoiced = try parse(#"{"id": "xx", "phonetic": "latin", "soundRules": ["v=F", "final-devoicing"]}"#)
        #expect(Normalizer(profile: plain).phoneticKey("vater") == "VTR")
        #expect(Normalizer(profile: devoiced).phoneticKey("vater") == "FTR")
        #expect(Normalizer(profile: plain).phoneticKey("rad") == "RD")
        #expect(Normalizer(profile: devoiced).phoneticKey("rad") == "RT")
        // vi: a word that is no syllable falls back to the profile's rules.
        let vi = try parse(#"{"id": "xx", "phonetic": "vietnamese", "soundRules": ["x=S"]}"#)
        let viPlain = try parse(#"{"id": "xx", "phonetic": "vietnamese"}"#)
        #expect(Normalizer(profile: vi).phoneticKey("xtrax") == "STRS")
        #expect(Normalizer(profile: viPlain).phoneticKey("xtrax") == "KSTRKS")
        // A language code without a profile keys with the rules of the profile that lists it.
        #expect(PhoneticKey.latin("vater", language: "gsw") == "FTR")
        #expect(PhoneticKey.latin("vater", language: "de") == PhoneticKey.latin("vater", rules: LocaleStore.shared.profile(for: "de").soundRules))
    }

    // MARK: numbers.counters, romanizedLetters

    @Test func bundledProfilesLoadCountersAndRomanizedLetters() {
        for id in ["ja", "zh-Hans", "zh-Hant", "zh-HK"] {
            let p = LocaleStore.shared.profile(for: id)
            #expect(p.counters.count == 80 && p.counters.contains("枚") && p.counters.contains("分钟"), "\(id)")
            #expect(!p.counters.contains("分"), "\(id)")
        }
        #expect(LocaleStore.shared.profile(for: "en").counters.isEmpty)
        #expect(LocaleStore.shared.profile(for: "ko").romanizedLetters == ["l": "n", "r": "n"])
        #expect(LocaleStore.shared.profile(for: "ja").romanizedLetters.isEmpty)
    }

    @Test func badCountersAndRomanizedLettersAreLoadErrors() {
        let counters = loadError("{\"id\": \"xx\", \"numbers\": {\"counters\": [\"枚\", 2]}}")
        #expect(counters == "xx.json:1:44: \"numbers.counters\" must be a list of strings: found a number")
        let empty = loadError("{\"id\": \"xx\", \"numbers\": {\"counters\": [\"\"]}}")
        #expect(empty == "xx.json:1:39: \"numbers.counters\" entries must not be empty")
        let letters = loadError("{\"id\": \"xx\",\n\"romanizedLetters\": {\"l\": \"nn\"}}")
        #expect(letters == "xx.json:2:27: \"romanizedLetters\" maps one lowercase ASCII letter to another: found \"l\": \"nn\"")
        let notObject = loadError("{\"id\": \"xx\", \"romanizedLetters\": [\"l\"]}")
        #expect(notObject == "xx.json:1:34: \"romanizedLetters\" must be an object of letters, not an array")
    }

    @Test func hanCountersSplitOnlyWhereTheProfileListsThem() throws {
        let ja = LocaleStore.shared.profile(for: "ja")
        var without = ja
        without.counters = []
        func words(_ p: LocaleProfile) -> [String] { Normalizer(profile: p).normalize("十枚").tokens.map(\.text) }
        #expect(words(ja) == ["10", "枚"])
        #expect(words(without) != ["10", "枚"])
    }

    @Test func romanizedLettersMergeInTheSoundKey() {
        let ko = LocaleStore.shared.profile(for: "ko")
        var without = ko
        without.romanizedLetters = [:]
        // 신라 is said 실라: with the profile's merge both romanizations key as "sinna".
        #expect(Normalizer(profile: ko).phoneticKey("신라") == Normalizer(profile: ko).phoneticKey("실라"))
        #expect(Normalizer(profile: without).phoneticKey("신라") != Normalizer(profile: without).phoneticKey("실라"))
    }

    // MARK: syllableMerges

    @Test func syllableMergesLoadAndAreValidated() {
        let zh = LocaleStore.shared.profile(for: "zh-Hant").syllableMerges
        #expect(zh == SyllableMerges(initials: ["zh": "z", "ch": "c", "sh": "s", "l": "n"], finals: ["ng": "n"]))
        #expect(zh.apply("zhuang") == "zuan" && zh.apply("ng") == "ng" && zh.apply("lang") == "nan")
        #expect(LocaleStore.shared.profile(for: "ja").syllableMerges.isEmpty)
        let unknown = loadError("{\"id\": \"xx\", \"syllableMerges\": {\"medials\": {}}}")
        #expect(unknown == "xx.json:1:44: unknown key \"medials\" in \"syllableMerges\" (known: initials, finals)")
        let bad = loadError("{\"id\": \"xx\", \"syllableMerges\": {\"finals\": {\"ng\": 1}}}")
        #expect(bad == "xx.json:1:50: \"syllableMerges.finals\" maps lowercase ASCII letters to lowercase ASCII letters: found \"ng\": a number")
    }

    @Test func hanSyllablesMergeOnlyWhereTheProfileSaysSo() throws {
        let zh = LocaleStore.shared.profile(for: "zh-Hans")
        var without = zh
        without.syllableMerges = SyllableMerges()
        let merged = Normalizer(profile: zh), plain = Normalizer(profile: without)
        // 追 (zhui) and 最 (zui).
        #expect(IndexBuilder.phonetic(merged, "追", flags: []) == IndexBuilder.phonetic(merged, "最", flags: []))
        #expect(IndexBuilder.phonetic(plain, "追", flags: []) != IndexBuilder.phonetic(plain, "最", flags: []))
    }

    // MARK: joinSingleHan

    @Test func joinSingleHanLoadsAndIsValidated() throws {
        // ja joins a compound the segmenter split ("残" "量"; ReadabilityTests), zh keeps its
        // one-character words apart.
        #expect(LocaleStore.shared.profile(for: "ja").joinSingleHan)
        #expect(!LocaleStore.shared.profile(for: "zh-Hans").joinSingleHan)
        #expect(!LocaleStore.shared.profile(for: "en").joinSingleHan)
        #expect(try parse("{\"id\": \"xx\", \"joinSingleHan\": true}").joinSingleHan)
        #expect(try !parse("{\"id\": \"xx\"}").joinSingleHan)
        let bad = loadError("{\"id\": \"xx\", \"joinSingleHan\": \"yes\"}")
        #expect(bad == "xx.json:1:31: \"joinSingleHan\" must be true or false, not a string")
    }

    // MARK: fallback rules

    @Test func fallbackRulesLoadAndGiveTheChains() throws {
        #expect(LocaleStore.shared.fallbackRules.implied["zh"]?.count == 3)
        #expect(LocaleStore.shared.fallbackRules.aliases["iw"] == [FallbackRules.Rule(profile: "he")])
        #expect(LocaleStore.fallbackChain("zh-TW") == ["zh-TW", "zh-Hant", "zh-Hans", "zh", "und"])
        #expect(LocaleStore.fallbackChain("zh-Hant-HK") == ["zh-Hant-HK", "zh-HK", "zh-Hant", "zh-Hans", "zh", "und"])
        #expect(LocaleStore.fallbackChain("pt-AO") == ["pt-AO", "pt", "pt-PT", "und"])
        #expect(LocaleStore.fallbackChain("pt") == ["pt", "pt-BR", "und"])
        #expect(LocaleStore.fallbackChain("pt-Latn-BR") == ["pt-Latn-BR", "pt-Latn", "pt", "und"])
        #expect(LocaleStore.fallbackChain("yue-Hant") == ["yue-Hant", "yue", "zh-HK", "zh-Hant", "zh-Hans", "zh", "und"])
        #expect(LocaleStore.fallbackChain("nn_NO") == ["nn-NO", "nn", "nb", "und"])
        #expect(LocaleStore.fallbackChain("en-GB") == ["en-GB", "en", "und"])
        // Without the file no language has rules: the chain is the identifier's own parts.
        #expect(LocaleStore(directory: nil).fallbackChain("zh-TW") == ["zh-TW", "zh", "und"])
        // Aliases naming each other end.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fallback-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("resolution"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("{\"aliases\": {\"aa\": [{\"profile\": \"bb\"}], \"bb\": [{\"profile\": \"aa\"}]}}".utf8)
            .write(to: dir.appendingPathComponent(FallbackRules.fileName))
        #expect(LocaleStore(directory: dir.path).fallbackChain("aa") == ["aa", "bb", "und"])
    }

    @Test func fallbackRulesAreValidated() {
        func loadError(_ json: String) -> String? {
            do { _ = try FallbackRules.parse(Array(json.utf8), file: "fallback.json"); return nil } catch { return error.description }
        }
        #expect(loadError("{\"aliases\": {\"iw\": [{\"profile\": \"he\"}]}}") == nil)
        #expect(loadError("{\"aliases\": {\"IW\": [{\"profile\": \"he\"}]}}")
                == "fallback.json:1:20: \"aliases\" keys are language codes of 2 or 3 lowercase letters: found \"IW\"")
        #expect(loadError("{\"implied\": {\"zh\": [{\"profile\": null}]}}")
                == "fallback.json:1:33: \"profile\" must be a profile id: found null")
        #expect(loadError("{\"aliases\": {\"pt\": [{\"region\": [\"BR\"]}]}}")
                == "fallback.json:1:32: unknown key \"region\" in a rule of \"aliases.pt\" (known: subtags, profile)")
        #expect(loadError("{\"mappings\": {}}")
                == "fallback.json:1:14: unknown key \"mappings\" in the fallback rules (known: implied, aliases, notes)")
    }

    // MARK: synth

    @Test func bundledProfilesLoadTheirSynthWords() {
        let en = LocaleStore.shared.profile(for: "en").synth
        #expect(en.outOfDomain.count == 10 && en.outOfDomain.first == "what's the weather like tomorrow")
        #expect(en.insertable == ["my", "the"] && en.politeness == ["please", "thanks", "thank you"])
        #expect(en.wakeWords == nil && en.latinSwaps == nil && en.accents == nil && en.soundSwaps.isEmpty)
        #expect(LocaleStore.shared.profile(for: "fr").synth.soundSwaps.first == SynthWords.Swap("eau", "o"))
        let ja = LocaleStore.shared.profile(for: "ja").synth
        #expect(ja.accents == .kana && ja.wakeWords?.contains("ねえシリ") == true && ja.soundSwaps.contains(SynthWords.Swap("ー", "")))
        #expect(LocaleStore.shared.profile(for: "zh-Hans").synth.accents == .traditional)
        // One language, one set of words; traditional profiles write their requests in their script.
        #expect(LocaleStore.shared.profile(for: "pt-BR").synth == LocaleStore.shared.profile(for: "pt-PT").synth)
        let hans = LocaleStore.shared.profile(for: "zh-Hans").synth, hant = LocaleStore.shared.profile(for: "zh-Hant").synth
        #expect(hant.outOfDomain.first == "明天天氣怎麼樣" && hans.outOfDomain.first == "明天天气怎么样")
        #expect(hant == LocaleStore.shared.profile(for: "zh-HK").synth)
        #expect(hant.soundSwaps == hans.soundSwaps && hant.accents == nil)
        // A profile without the object has none of the words.
        #expect(LocaleStore.shared.profile(for: "sv").synth == SynthWords())
    }

    @Test func badSynthKeysAreLoadErrorsNamingTheKey() {
        #expect(loadError("{\"id\": \"xx\", \"synth\": [\"please\"]}")
                == "xx.json:1:23: \"synth\" must be an object, not an array")
        #expect(loadError("{\"id\": \"xx\",\n \"synth\": {\"politeness\": [\"please\", 3]}}")
                == "xx.json:2:37: \"synth.politeness\" must be a list of strings: found a number")
        #expect(loadError("{\"id\": \"xx\", \"synth\": {\"outOfDomain\": \"call mom\"}}")
                == "xx.json:1:39: \"synth.outOfDomain\" must be a list of strings, not a string")
        #expect(loadError("{\"id\": \"xx\", \"synth\": {\"missingValues\": [\"\"]}}")
                == "xx.json:1:42: \"synth.missingValues\" entries must not be empty")
        #expect(loadError("{\"id\": \"xx\", \"synth\": {\"soundSwaps\": [[\"ph\", \"f\"], [\"x\"]]}}")
                == "xx.json:1:52: \"synth.soundSwaps\" entries are [from, to] pairs of strings, from not empty: found a list of 1: a string")
        #expect(loadError("{\"id\": \"xx\", \"synth\": {\"soundSwaps\": [[\"\", \"f\"]]}}")?
                    .hasPrefix("xx.json:1:39: \"synth.soundSwaps\" entries are [from, to] pairs") == true)
        #expect(loadError("{\"id\": \"xx\", \"synth\": {\"latinSwaps\": \"no\"}}")
                == "xx.json:1:38: \"synth.latinSwaps\" must be a boolean, not a string")
        #expect(loadError("{\"id\": \"xx\", \"synth\": {\"accents\": \"strip\"}}")
                == "xx.json:1:35: \"synth.accents\" must be one of \"marks\", \"kana\", \"traditional\", \"none\": found \"strip\"")
        #expect(loadError("{\"id\": \"xx\", \"synth\": {\"politenes\": []}}")
                == "xx.json:1:37: unknown key \"politenes\" in \"synth\" (known: \(SynthWords.keys.joined(separator: ", ")))")
        // Every key read back.
        let p = try? parse(#"{"id": "xx", "synth": {"outOfDomain": ["a"], "otherApps": ["b"], "missingValues": ["c"], "politeness": ["d"], "insertable": ["e"], "wakeWords": ["f"], "soundSwaps": [["g", ""]], "latinSwaps": false, "accents": "none"}}"#)
        var w = SynthWords()
        (w.outOfDomain, w.otherApps, w.missingValues, w.politeness, w.insertable) = (["a"], ["b"], ["c"], ["d"], ["e"])
        (w.wakeWords, w.soundSwaps, w.latinSwaps, w.accents) = (["f"], [SynthWords.Swap("g", "")], false, .off)
        #expect(p?.synth == w)
    }
}
