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
}
