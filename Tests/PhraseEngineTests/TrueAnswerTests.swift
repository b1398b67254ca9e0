import Foundation
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

/// Answers that tell one story: a refusal's reason and closest result say what really happened
/// (issue 51). The sentences are examples of their kind; the catalogs are small and made here.
@Suite struct TrueAnswerTests {
    /// A tea timer: an enum of teas (one with a two-word synonym), four shortcuts whose words
    /// overlap ("timer", "tea"), a Bool.
    static let steepy = #"""
    {"developmentLocale":"en","locales":["en"],"app":{"id":"com.example.steepy","name":"Steepy"},
     "enums":{"Tea":{"cases":[{"rawValue":"earlGrey","title":"Earl Grey"},{"rawValue":"sencha","title":"Sencha"},
                              {"rawValue":"mint","title":"Mint","synonyms":["peppermint tea"]}]}},
     "shortcuts":[
      {"intent":"StartTimerIntent","shortTitle":"Start","systemImageName":"timer","parameters":{"tea":"Tea"},
       "phrases":["Start a ${tea} timer in ${applicationName}","Steep ${tea} with ${applicationName}"]},
      {"intent":"StopTimerIntent","shortTitle":"Stop","systemImageName":"stop","phrases":["Stop the timer in ${applicationName}"]},
      {"intent":"CancelTeaIntent","shortTitle":"Cancel","systemImageName":"xmark","phrases":["Cancel my tea in ${applicationName}"]},
      {"intent":"SoundIntent","shortTitle":"Sound","systemImageName":"bell",
       "parameters":{"on":{"type":"Bool","displayName":{"true":"on","false":"off"}}},
       "phrases":["Turn ${on} the sound in ${applicationName}"]}]}
    """#
    static let matcher = Matcher(catalogs: [try! CatalogLoader.parse(steepy, file: "steepy.json")])

    func unknownWords(_ r: MatchResult) -> (words: String, parameter: String)? {
        if case .unknownValue(let w, let p, _) = r.why { return (w, p) }
        return nil
    }

    /// A value the app does not have, said where an enum's value goes, is refused as such even
    /// when no real reading reached the threshold — and the closest result is the phrase whose
    /// other words were said, no value bound, the words shown as an unknown value (not the
    /// shortcut that shares one word: "Stop the timer").
    @Test func refusedUnknownValueNamesItsPhrase() throws {
        var o = Self.matcher.options
        o.explain = true
        let r = Self.matcher.match("start a rooibos timer in steepy", locale: "en", options: o)
        #expect(r.decision == .none)
        #expect(unknownWords(r)?.words == "rooibos")
        #expect(unknownWords(r)?.parameter == "tea")
        let closest = try #require(r.results.first)
        #expect(closest.intent == "StartTimerIntent")
        #expect(closest.parameters.isEmpty)
        #expect(closest.unknownValue == "rooibos")
        #expect(closest.template == "Start a ${tea} timer in ${applicationName}")
        let step = try #require(closest.explanation.first { $0.kind == .unknownValue })
        #expect(step.utterance == "rooibos" && step.slot == "tea")
        // In the CLI: the closest line and an "unknown-value" step.
        let (code, out, _) = runCLI(["match", "--catalog", try tempFile("steepy.catalog.json", Self.steepy), "--no-semantic",
                                     "--explain", "start a rooibos timer in steepy"])
        #expect(code == 1)
        #expect(out.contains("closest: com.example.steepy StartTimerIntent"))
        #expect(out.contains("unknown-value") && out.contains("\"rooibos\" ↔ ${tea}"))
        // A value the app has is still bound, and the same words with a known value run.
        #expect(Self.matcher.match("start a sencha timer in steepy", locale: "en").top?.parameters.first?.value == .enumCase("sencha"))
    }

    /// A value heard only through a word of a multi-word name that phrases say too ("tea" of
    /// "peppermint tea", also in "Cancel my tea"; "music" of "focus music", also in "Pause the
    /// music") is no value heard: nothing runs; with a word the catalog never says in its place,
    /// the reason names that word.
    @Test func partOfASynonymIsNoValue() throws {
        let r = Self.matcher.match("steep rooibos tea with steepy", locale: "en")
        #expect(r.decision == .none)
        #expect(unknownWords(r)?.words == "rooibos")
        #expect(r.results.first?.intent == "StartTimerIntent" && r.results.first?.parameters.isEmpty == true)
        // The whole synonym is the value.
        #expect(Self.matcher.match("steep peppermint tea with steepy", locale: "en").top?.parameters.first?.value == .enumCase("mint"))
        // The sample music app: "polka music" is no playlist, though "focus music" is one's synonym.
        let tempo = try CatalogLoader.load(path: "Corpora/music/catalog.json")
        let m = Matcher(catalogs: [tempo])
        let polka = m.match("play some polka music in tempo", locale: "en")
        #expect(polka.decision == .none)
        #expect(!polka.results.contains { $0.parameters.first?.value == .entity("pl-0004") })
        #expect(m.match("play some focus music in tempo", locale: "en").top?.intent == "PlayPlaylistIntent")
    }

    /// A word no catalog says that only sounds like a catalog word ("mood" / "mute", "polka"),
    /// where a value goes and with no value of that slot heard at or next to it, is a value the
    /// app does not have: the closest result is the phrase whose other words were said (README's
    /// "log my mood in habit tracker" was closest to "Turn my Habit Tracker reminders mute").
    /// Next to a value heard it is that value misheard, and still runs.
    @Test func aSoundAlikeWhereAValueGoesIsUnknown() throws {
        let habits = Matcher(catalogs: [try CatalogLoader.load(path: "Corpora/habits/catalog.json")])
        var o = habits.options
        o.semantic = false
        let mood = habits.match("log my mood in habit tracker", locale: "en", options: o)
        #expect(mood.decision == .none)
        #expect(unknownWords(mood)?.words == "mood" && unknownWords(mood)?.parameter == "habit")
        #expect(mood.results.first?.intent == "LogHabitIntent" && mood.results.first?.unknownValue == "mood")
        let tempo = Matcher(catalogs: [try CatalogLoader.load(path: "Corpora/music/catalog.json")])
        let polka = tempo.match("play some polka music in tempo", locale: "en", options: o)
        #expect(unknownWords(polka)?.words == "polka")
        #expect(polka.results.first?.intent == "PlayGenreIntent")
        // A value heard beside the word: the value, misheard in part, still runs.
        let pets = Matcher(catalogs: [try CatalogLoader.load(path: "Corpora/pets/catalog.json")])
        #expect(pets.match("da de comer a mister whiskers con pitovo", locale: "es", options: o).decision == .match)
    }

    /// A catalog whose every phrase lacks the app name has nothing the system keeps: the reason
    /// says that, not that the utterance is too long.
    @Test func noPhraseKeptIsTheReason() throws {
        let json = #"""
        {"developmentLocale":"en","locales":["en"],"app":{"id":"t","name":"Steepy"},
         "shortcuts":[{"intent":"Start","shortTitle":"Start","systemImageName":"timer","phrases":["Start the tea timer"]}]}
        """#
        let m = Matcher(catalogs: [try CatalogLoader.parse(json, file: "t.json")])
        for text in ["do it", "start the tea timer"] {
            let r = m.match(text, locale: "en")
            #expect(r.decision == .none)
            #expect(r.why == .noPhrases("en"), "\(text): \(r.reason)")
            #expect(r.reason.contains("${applicationName}"))
        }
    }

    /// An utterance that names an app none of the catalogs is, and none of theirs, is refused
    /// for that reason (not "no app named").
    @Test func anotherAppIsTheReason() throws {
        let tempo = try CatalogLoader.load(path: "Corpora/music/catalog.json")
        let m = Matcher(catalogs: [tempo])
        for (text, app) in [("play despacito on spotify", "spotify"), ("play my focus playlist on spotify", "spotify"),
                            ("read the news in flipboard", "flipboard")] {
            let r = m.match(text, locale: "en")
            #expect(r.decision == .none)
            #expect(r.why == .otherApp(app), "\(text): \(r.reason)")
            #expect(r.namesOtherApp)
        }
        // Naming the catalog's app too keeps the usual reason.
        #expect(m.match("play some focus music in tempo", locale: "en").why != .otherApp("tempo"))
    }
}
