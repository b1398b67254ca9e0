import Foundation
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

/// Every rewrite of the matcher (`Rewrite.all`) repairs its examples, and only its profile's
/// locales run it.
@Suite struct RewriteTests {
    static let cases: [String] = Rewrite.all.flatMap { r in r.examples.indices.map { "\(r.id)#\($0)" } }

    static func catalog(_ e: Rewrite.Example) throws -> Catalog {
        let phrases = e.phrases.map { "\"\($0) ${applicationName}\"" }.joined(separator: ",")
        let json = """
        {"developmentLocale":"\(e.locale)","locales":["\(e.locale)"],"app":{"id":"com.example.rewrite","name":"Zenvo"},
         "shortcuts":[{"intent":"Intent","shortTitle":"Do","systemImageName":"star","phrases":[\(phrases)]}]}
        """
        return try CatalogLoader.parse(json, file: "rewrite.json")
    }

    /// The normalizer's units of the example's utterance before the rewrite and after it.
    /// `read`: how many units it marked as put for words that sound the same (`Raw.read`).
    static func run(_ r: Rewrite, _ e: Rewrite.Example) throws -> (before: [String], after: [String], read: Int) {
        let m = Matcher(catalogs: [try catalog(e)], locales: [e.locale])
        let index = try #require(m.indexes[e.locale])
        var units = IndexBuilder.units(index.normalizer, e.utterance)
        let before = units.map(\.text)
        r.apply(&units, e.utterance, index)
        return (before, units.map(\.text), units.filter(\.read).count)
    }

    @Test(arguments: cases) func exampleIsRepaired(_ c: String) throws {
        let parts = c.split(separator: "#")
        let r = try #require(Rewrite.all.first { $0.id == parts[0] })
        let e = r.examples[try #require(Int(parts[1]))]
        let (before, after, read) = try RewriteTests.run(r, e)
        #expect(after == e.units, "\(c): \(before) -> \(after)")
        // Only the homophone readings put words that match as sound-alikes.
        if r.id != "homophones" { #expect(read == 0, "\(c)") } else { #expect(read > 0, "\(c)") }
        #expect(before != e.units, "\(c): the utterance needs no repair (\(before))")
    }

    /// The rewrites run in the order the profiles' ids list them, each has an example and one
    /// sentence on what it repairs, and its locale's profile turns it on.
    @Test func rewritesAreListedAndDescribed() throws {
        #expect(Rewrite.all.map(\.id) == LocaleProfile.rewriteIds)
        for r in Rewrite.all {
            #expect(!r.examples.isEmpty, "\(r.id)")
            #expect(r.repairs.hasSuffix(".") && !r.repairs.dropLast().contains(". "), "\(r.id): \(r.repairs)")
            for e in r.examples {
                let profile = LocaleStore.shared.profile(for: e.locale)
                #expect(Rewrite.enabled(by: profile).contains { $0.id == r.id }, "\(r.id) is off in \(e.locale)")
            }
        }
    }

    /// A profile turns rewrites on by id; one it does not name does not run, one it names that
    /// does not exist is a load error that lists the known ids.
    @Test func profilesTurnRewritesOnById() throws {
        let en = LocaleStore.shared.profile(for: "en")
        #expect(Rewrite.enabled(by: en).map(\.id) == LocaleProfile.defaultRewrites)
        let th = LocaleStore.shared.profile(for: "th")
        #expect(Rewrite.enabled(by: th).map(\.id).contains("thai-recut"))
        let bad = Array(#"{"id":"xx","rewrites":["thai-recut","thai-recutt"]}"#.utf8)
        #expect(throws: LocaleProfile.LoadError.self) { try LocaleProfile.parse(bad, file: "xx.json") }
        do { _ = try LocaleProfile.parse(bad, file: "xx.json") } catch {
            #expect(error.description.contains("thai-recutt") && error.description.contains("known: ordinal-prefixes"))
        }
        let notList = Array(#"{"id":"xx","rewrites":"thai-recut"}"#.utf8)
        #expect(throws: LocaleProfile.LoadError.self) { try LocaleProfile.parse(notList, file: "xx.json") }
        let none = try LocaleProfile.parse(Array(#"{"id":"xx","rewrites":[]}"#.utf8), file: "xx.json")
        #expect(Rewrite.enabled(by: none).isEmpty)
    }
}
