import Foundation
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

/// The inputs the fuzz targets found (docs/fuzzing.md), each kept as a test once fixed.
/// Their files are in Fixtures/Fuzz.
@Suite struct FuzzFindingTests {
    static let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Fuzz").path

    /// `strings` target: a binary plist with a set (marker 0xC) where a dictionary was crashed
    /// swift-corelibs-foundation (SEGV in `PropertyListSerialization`), and `import` with it.
    @Test func binaryPlistWithASetIsRefused() throws {
        let bytes = try #require(FileManager.default.contents(atPath: Self.dir + "/set-in-binary-plist.plist"))
        #expect(throws: PropertyList.ReadError.self) { try PropertyList.parse(Array(bytes)) }
        do { _ = try PropertyList.parse(Array(bytes)) } catch {
            #expect(error.message.contains("not a property list type"), "\(error.message)")
        }
        // Through `import`: the Info.plist is reported, the import goes on.
        let app = FileManager.default.temporaryDirectory.appendingPathComponent("pe-bplist-\(UUID().uuidString)/App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try bytes.write(to: app.appendingPathComponent("Info.plist"))
        let (_, out, err) = runCLI(["import", app.deletingLastPathComponent().path])
        #expect((out + err).contains("Info.plist"), "\(out)\(err)")
    }

    /// `catalog` target (session 23): a catalog's `"version": 1666666666666666666666666666` crashed
    /// the loader (a trap converting the number to Int64 to say "unsupported version …"); every
    /// number the tool prints goes through `JSONOut.formatNumber`.
    @Test func hugeNumbersArePrinted() throws {
        let plants = try String(contentsOfFile: HostileInputTests.plants, encoding: .utf8)
        let huge = plants.replacingOccurrences(of: "{", with: "{\"version\": 1666666666666666666666666666, ", range: plants.range(of: "{"))
        let error = #expect(throws: CatalogLoadError.self) { try CatalogLoader.parse(Array(huge.utf8), file: "huge.json") }
        let message = error.map { "\($0)" } ?? ""
        #expect(message.contains("unsupported version 1.6666666666666668e+27"), "\(message)")
        #expect(JSONOut.formatNumber(1e19) == "1e+19")
        #expect(JSONOut.formatNumber(-1.5e300) == "-1.5e+300")
        #expect(JSONOut.formatNumber(8.9e18) == "8900000000000000000")
        #expect(JSONOut.formatNumber(2e15) == "2000000000000000")
        #expect(JSONOut.formatNumber(0.12345) == "0.1235")
    }

    /// The same structure check lets a sound binary plist through to Foundation.
    @Test func soundBinaryPlistsStillRead() throws {
        let data = try PropertyListSerialization.data(fromPropertyList: ["CFBundleName": "Beans", "Items": [1, 2]] as [String: Any],
                                                      format: .binary, options: 0)
        #expect(PropertyList.binaryProblem(Array(data)) == nil)
        #expect(try PropertyList.parse(Array(data))["CFBundleName"]?.string == "Beans")
        // Truncated and corrupted trailers are refused without reading.
        #expect(PropertyList.binaryProblem(Array(data.prefix(20))) != nil)
        var bad = Array(data)
        bad[bad.count - 9] = 0xFF
        #expect(PropertyList.binaryProblem(bad) != nil)
    }

    /// `match` target: the pruned search and the search without bounds (`noBounds`) decided
    /// differently for utterances of misheard words, NULs and invalid UTF-8 against the plants
    /// catalog, where free text or talk after the request lifted a reading after the search.
    /// The first two (the second, session 17: talk, "… wii … re piIase"): the pruned search
    /// decided `none` where the unbounded one matched, a reading the bounds left out lifted;
    /// the third (session 19, CI's 20 s): the pruned search matched (0.7317, the end read as
    /// talk) where the unbounded one did not (0.568), free text re-reading only "the best 3
    /// readings", among which the unbounded search had others. Now free text re-reads every
    /// reading, and where it may apply the templates it could lift are read without bounds
    /// (`Query.readAgainForFreeText`): the two agree.
    @Test(arguments: ["match-bounds-skip-a-reading.bin", "match-talk-skips-a-reading.bin", "match-pruned-matches.bin"])
    func boundsSkipAReadingOfANoisyUtterance(_ file: String) throws {
        let bytes = try #require(FileManager.default.contents(atPath: Self.dir + "/" + file))
        let text = String(decoding: bytes.dropFirst(), as: UTF8.self)   // first byte: the locale, 0 = en
        let m = Matcher(catalogs: [try CatalogLoader.load(path: Self.dir + "/../../../../docs/examples/plants.catalog.json")])
        var fast = m.options
        fast.explain = true
        var all = fast
        all.noBounds = true
        let a = m.match(text, locale: "en", options: fast), b = m.match(text, locale: "en", options: all)
        // Free text or talk decided it, in one search or the other: the kind.
        #expect(a.results.first?.readsFreeText == true || b.results.first?.readsFreeText == true)
        #expect(a.decision == b.decision, "pruned \(a.decision) \(a.results.first?.score ?? 0), unbounded \(b.decision) \(b.results.first?.score ?? 0)")
        #expect(a.decision == .match)
        let ra = a.results.filter { $0.score > 0.301 }, rb = b.results.filter { $0.score > 0.301 }
        #expect(ra.map(\.score) == rb.map(\.score) && ra.map(\.phrase) == rb.map(\.phrase))
    }

    /// `match` target (session 20, a build without ASan, within seconds): the pruned search and
    /// the exhaustive one read "Turn off reminders in Leafy" at 0.2857 (the value "off" moved to
    /// the start) where the search without bounds read it at 0.3055 ("reminders" said after the
    /// value: "… turn of remind off"). The word move's bound took the reading in order's gain
    /// and insertions as limits, but that alignment had the least cost, not the most gain: the
    /// alignment without the word gained 3.0 against its 2.1, and the move was never tried.
    /// The bound is now every other element at its best and the insertions nothing can avoid.
    @Test func wordMoveBoundTooLow() throws {
        let bytes = try #require(FileManager.default.contents(atPath: Self.dir + "/match-word-move-bound.bin"))
        let text = String(decoding: bytes.dropFirst(), as: UTF8.self)   // first byte: the locale, 0 = en
        let m = Matcher(catalogs: [try CatalogLoader.load(path: Self.dir + "/../../../../docs/examples/plants.catalog.json")])
        var all = m.options
        all.noBounds = true
        var exhaustive = m.options
        exhaustive.exhaustive = true
        let a = m.match(text, locale: "en", options: m.options), b = m.match(text, locale: "en", options: all)
        let c = m.match(text, locale: "en", options: exhaustive)
        #expect(b.results.first?.phrase == "Turn off reminders in Leafy")
        #expect(abs((b.results.first?.score ?? 0) - 0.3055) < 1e-3, "\(b.results.first?.score ?? 0)")
        for r in [a, c] {
            #expect(r.decision == b.decision)
            #expect(r.results.first?.score == b.results.first?.score && r.results.first?.phrase == b.results.first?.phrase,
                    "\(r.results.first?.score ?? 0) against \(b.results.first?.score ?? 0)")
        }
    }
}
