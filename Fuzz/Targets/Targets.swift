import Foundation
@testable import PhraseEngine

/// The fuzz targets. Each reads one input the way the tool reads a user's file and checks what
/// must always hold; a violated invariant is a crash (`check`), which libFuzzer keeps.
enum FuzzTarget: String, CaseIterable {
    /// Catalog JSON: CatalogLoader, then expansion and a matcher over what loaded.
    case catalog
    /// One phrase template, then the template inside a one-shortcut catalog.
    case template
    /// The normalizer: the first byte picks the locale profile (every profile in Locales/).
    case normalize
    /// Corpus lines: the first byte picks JSON Lines or TSV.
    case corpus
    /// Swift sources: the lexer, the declaration scanner and the App Intents reader.
    case swift
    /// `.strings`, `.xcstrings` and property lists (the first byte picks the reader).
    case strings
    /// Project files: pbxproj, `.xcconfig`, XcodeGen `project.yml`, `Package.swift`.
    case project
    /// The matcher on random utterances against a fixed catalog: deterministic, bounded scores,
    /// the same answer as the search without bounds, and the reference matcher's on its own
    /// catalog (`ReferenceMatcher`, inside its domain).
    case match
    /// The sentence encoder's weights file: the bundled model with bytes of its header,
    /// tokenizer and tensor directory changed and its length cut, then the bounds check; what the
    /// check accepts is loaded and encodes a text.
    case weights

    /// The target named by `PEFUZZ_TARGET` (set from the first argument, `Main.swift`).
    static var selected: FuzzTarget? { ProcessInfo.processInfo.environment["PEFUZZ_TARGET"].flatMap(FuzzTarget.init(rawValue:)) }
    /// `selected`, read once (on the first input, after `Main.swift` has set it).
    static let current = selected

    func run(_ b: [UInt8]) {
        switch self {
        case .catalog: Fuzz.catalog(b)
        case .template: Fuzz.template(b)
        case .normalize: Fuzz.normalize(b)
        case .corpus: Fuzz.corpus(b)
        case .swift: Fuzz.swift(b)
        case .strings: Fuzz.strings(b)
        case .project: Fuzz.project(b)
        case .match: Fuzz.match(b)
        case .weights: Fuzz.weights(b)
        }
    }
}

/// A broken invariant: print it and abort, so libFuzzer records the input.
func check(_ ok: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    guard !ok() else { return }
    FileHandle.standardError.write(Data("pefuzz: invariant broken: \(message())\n".utf8))
    abort()
}

enum Fuzz {
    /// The first byte as a choice among `n`, and the rest.
    static func split(_ b: [UInt8], _ n: Int) -> (Int, [UInt8]) {
        guard let f = b.first else { return (0, []) }
        return (Int(f) % n, Array(b.dropFirst()))
    }

    static func catalog(_ b: [UInt8]) {
        let c: Catalog
        do { c = try CatalogLoader.parse(b, file: "fuzz.json") } catch {
            check(!error.diagnostics.isEmpty, "a refused catalog without a diagnostic")
            return
        }
        for l in c.allLocales.prefix(3) { _ = Expansion.phrases(c, locale: l).prefix(50).count }
        if let l = c.allLocales.first {
            let m = Matcher(catalogs: [c], locales: [l])
            _ = m.match("open it", locale: l)
        }
    }

    static func template(_ b: [UInt8]) {
        let s = String(decoding: b, as: UTF8.self)
        let (pieces, error) = CatalogLoader.parseTemplate(s)
        if error != nil { return }
        _ = pieces.count
        guard b.count < 400 else { return }
        let json = """
        {"format":"phrasematch-catalog","version":1,"developmentLocale":"en",
         "app":{"id":"com.example.fuzz","name":"Fuzzy"},
         "enums":{"Kind":{"cases":[{"rawValue":"a","title":"alpha"},{"rawValue":"b","title":"beta gamma"}]}},
         "shortcuts":[{"intent":"DoIntent","parameters":{"kind":{"type":"Kind"},"p":{"type":"Kind"}},
           "phrases":{"en":[\(JSONOut.string(s).render()), "Open ${applicationName}"]}}]}
        """
        guard let c = try? CatalogLoader.parse(Array(json.utf8), file: "fuzz.json") else { return }
        let phrases = Expansion.phrases(c, locale: "en")
        let m = Matcher(catalogs: [c], locales: ["en"])
        for p in phrases.prefix(4) { _ = m.match(p.text, locale: "en") }
    }

    static let profiles: [String] = {
        let ids = LocaleStore.shared.availableIdentifiers
        check(ids.count > 20, "locale profiles not found (\(ids.count)); run from the package folder or set PHRASEENGINE_LOCALES")
        return ids
    }()

    static func normalize(_ b: [UInt8]) {
        let (k, rest) = split(b, profiles.count)
        let text = String(decoding: rest, as: UTF8.self)
        let n = Normalizer.forLocale(profiles[k])
        let a = n.normalize(text)
        let units = text.utf16.count
        for t in a.tokens {
            check(t.start >= 0 && t.start <= t.end && t.end <= units, "token \(t.text) spans \(t.start)..<\(t.end) of \(units) units")
            _ = n.phoneticKey(t.text, flags: t.flags)
        }
        let again = n.normalize(text)
        check(again.tokens.map(\.text) == a.tokens.map(\.text), "normalizing twice differs")
    }

    static func corpus(_ b: [UInt8]) {
        let (k, rest) = split(b, 2)
        let text = String(decoding: rest, as: UTF8.self)
        let (items, errors) = CorpusReader.parse(text, file: k == 0 ? "fuzz.jsonl" : "fuzz.tsv")
        for e in errors { check(e.line.map { $0 >= 1 } ?? true, "an error without a line: \(e.message)") }
        _ = items.count
    }

    static func swift(_ b: [UInt8]) {
        let f = SwiftSourceFile(path: "Fuzz.swift", bytes: b)
        for p in f.problems { check(p.offset >= 0 && p.offset <= b.count, "problem offset \(p.offset) of \(b.count) bytes") }
        _ = SwiftAppIntentsReader.read([f])
    }

    static func strings(_ b: [UInt8]) {
        let (k, rest) = split(b, 3)
        switch k {
        case 0: _ = StringsFile.parse(rest)
        case 1: _ = XCStringsFile.parse(rest, path: "Localizable.xcstrings")
        default: _ = try? PropertyList.parse(rest)
        }
    }

    static let scratch: String = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pefuzz-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }()

    static func project(_ b: [UInt8]) {
        let (k, rest) = split(b, 4)
        switch k {
        case 0: _ = try? PBXProject.read(rest, path: "App.xcodeproj/project.pbxproj")
        case 1: _ = try? XcodeGenProject.read(rest, path: "project.yml")
        case 2: _ = SwiftPackageProject.read(rest, path: "Package.swift")
        default:
            // .xcconfig files are read from disk (their includes are relative to them).
            let path = scratch + "/fuzz.xcconfig"
            guard FileManager.default.createFile(atPath: path, contents: Data(rest)) else { return }
            var diags: [Diagnostic] = []
            let settings = XCConfig.assignments(path: path, level: "fuzz", diagnostics: &diags)
            _ = BuildSettings(settings, configuration: "Debug").value("PRODUCT_NAME")
        }
    }

    static let matcher: Matcher = {
        let path = FileManager.default.currentDirectoryPath + "/docs/examples/plants.catalog.json"
        do { return Matcher(catalogs: [try CatalogLoader.load(path: path)]) } catch {
            check(false, "cannot load \(path): run from the package folder")
            return Matcher(catalogs: [])
        }
    }()

    static func match(_ b: [UInt8]) {
        let (k, rest) = split(b, 2)
        let text = String(decoding: rest, as: UTF8.self)
        let locale = k == 0 ? "en" : "fr"
        var fast = matcher.options
        fast.explain = k == 0
        let a = matcher.match(text, locale: locale, options: fast)
        let again = matcher.match(text, locale: locale, options: fast)
        check(a.decision == again.decision && a.results.map(\.score) == again.results.map(\.score)
              && a.results.map(\.phrase) == again.results.map(\.phrase), "matching \"\(text)\" twice differs")
        let units = text.utf16.count
        var last = Double.infinity
        for r in a.results {
            check(r.score.isFinite && r.score >= 0 && r.score <= 1, "score \(r.score) out of [0, 1] for \"\(text)\"")
            check(r.score <= last + 1e-12, "results not ranked for \"\(text)\"")
            last = r.score
            for s in r.explanation where s.kind != .missing {
                check(s.start >= 0 && s.start <= s.end && s.end <= units, "step \(s.kind) spans \(s.start)..<\(s.end) of \(units) units")
            }
        }
        if a.decision != .none { check(a.top != nil, "a decision without a result") }
        // The bounds never skip a better reading (ReferenceSearchTests.boundsNeverSkipABetterReading).
        guard rest.count < 200 else { return }
        var all = fast
        all.noBounds = true
        all.explain = true
        let c = matcher.match(text, locale: locale, options: all)
        // (Free text and talk after the request too: `Query.readAgainForFreeText`;
        // FuzzFindingTests.boundsSkipAReadingOfANoisyUtterance keeps the inputs that once differed.)
        // (The closest phrase of an unknown-value refusal is read among the candidates the
        // bounds keep; the real readings, and the decision, are the same.)
        let ra = a.readings.filter { $0.score > 0.301 }, rc = c.readings.filter { $0.score > 0.301 }
        check(a.decision == c.decision, "decision \(a.decision) differs from the unbounded search's \(c.decision) for \"\(text)\"")
        check(ra.map(\.score) == rc.map(\.score), "scores \(ra.map(\.score)) differ from the unbounded search's \(rc.map(\.score)) for \"\(text)\"")
        // The reference matcher (every phrase by plain dynamic programs, `ReferenceMatcher`) on its
        // own catalog: the text as said, and the bytes read as words of that catalog, filler,
        // unknown and misheard words; wherever the reference claims its domain.
        guard k == 0 else { return }
        matchReference(text)
        matchReference(rest.prefix(12).map { referenceWords[Int($0) % referenceWords.count] }.joined(separator: " "))
    }

    /// A catalog inside the reference's domain (entity values with a synonym, an alternative name,
    /// negative phrases, unrelated words, numbers in values and phrases).
    static let reference: (Matcher, ReferenceMatcher?) = {
        let json = """
            {"app":{"id":"ref","name":"Zephyr Quill","alternativeNames":["Quill"]},
             "entities":{"E":{"options":[{"id":"rock","title":"rock","synonyms":["canyon"]},{"id":"blues","title":"blues"},
               {"id":"st","title":"salsa tango"},{"id":"lg","title":"lemon garden"},{"id":"yoga","title":"yoga"},
               {"id":"r2","title":"room 2"},{"id":"r3","title":"room three"}]}},
             "shortcuts":[
               {"intent":"Play","parameters":{"p":"E"},"phrases":["play ${p} in ${applicationName}","${applicationName} start ${p} music"]},
               {"intent":"News","phrases":["show my daily news in ${applicationName}","${applicationName} news"]},
               {"intent":"Log","parameters":{"p":"E"},"phrases":["log ${p} water with ${applicationName}"]},
               {"intent":"Stop","phrases":["stop the timer in ${applicationName}","stop focus with ${applicationName} now"]},
               {"intent":"Set","phrases":["set 10 timers in ${applicationName}","${applicationName} start the first alarm"]}],
             "negativePhrases":["purge ${applicationName}","purge my daily news"]}
            """
        do {
            let m = Matcher(catalogs: [try CatalogLoader.parse(json, file: "reference.json")], locales: ["en"])
            return (m, ReferenceMatcher(m))
        } catch {
            check(false, "the reference catalog does not load: \(error)")
            return (Matcher(catalogs: []), nil)
        }
    }()

    static let referenceWords = ["play", "start", "music", "show", "my", "daily", "news", "log", "water", "stop", "the", "timer",
                                 "focus", "now", "in", "with", "rock", "blues", "salsa", "tango", "lemon", "garden", "yoga", "zephyr",
                                 "quill", "please", "hey", "um", "can", "you", "zorbl", "flurp", "gribble", "musc", "nws", "timr",
                                 "rck", "zepyr", "quil", "waters", "starts", "purge", "canyon", "open", "because", "late",
                                 // Numbers, synonyms, words joined and cut in two (issue 50).
                                 "two", "42", "first", "begin", "display", "record", "dailynews", "stopthe", "ti", "mer",
                                 // Numbers the catalog says, by their sound, a value's number first (issue 50).
                                 "room", "2", "3", "10", "ten", "to", "tree", "second", "third", "set", "timers", "alarm"]

    /// The search against the reference on `text`: the same decision, and above the search floor
    /// the same best result (shortcut, value) and score (ReferenceMatcherTests).
    static func matchReference(_ text: String) {
        let (m, reference) = Fuzz.reference
        guard let ref = reference else { return }
        check(ref.catalogIssue == nil, "the reference catalog is outside the reference's domain: \(ref.catalogIssue ?? "")")
        guard let r = ref.match(text).answer else { return }
        var o = m.options
        o.explain = false
        o.semantic = false
        let f = m.match(text, locale: "en", options: o)
        let top = f.results.first
        var same = f.decision == r.decision
        if r.realScore >= m.options.model.searchFloor + 0.02 {
            same = same && top?.score == r.score && (r.unknownValue != nil ? top?.unknownValue != nil
                : top?.intent == r.intent && top?.parameters.first?.value == r.value)
        }
        check(same, "\"\(text)\": the reference says \(r.decision) \(r.intent ?? "-") \(r.value.map { "\($0)" } ?? "-") \(r.score), "
              + "the search \(f.decision) \(top?.intent ?? "-") \(top?.parameters.first.map { "\($0.value)" } ?? "-") \(top?.score ?? 0)")
    }
}

import CE5

extension Fuzz {
    /// A private copy of the bundled weights (read once) and where its header, tokenizer and
    /// tensor directory end: what a damaged or foreign file changes first.
    nonisolated(unsafe) static var model: [UInt8] = {
        guard let p = E5Encoder.defaultPath(), let d = FileManager.default.contents(atPath: p) else { return [] }
        return [UInt8](d)
    }()
    /// The first 4.7 MB: the header, the tokenizer and the tensor directory (the bundled file's
    /// directory ends at byte 4,638,248; its tensors follow).
    static let headerEnd = min(model.count, 4_700_000)

    /// Input: 4 bytes of a length (used when its low bit is set: the file cut there), then
    /// patches of 4 bytes of offset (into the header region) and 1 byte of value; the rest of
    /// the input past the patches' 5-byte records is the text to encode.
    static func weights(_ b: [UInt8]) {
        guard !model.isEmpty, b.count >= 4 else { return }
        let lengthWord = UInt32(b[0]) | UInt32(b[1]) << 8 | UInt32(b[2]) << 16 | UInt32(b[3]) << 24
        let size = lengthWord & 1 == 1 ? Int(lengthWord >> 1) % (model.count + 1) : model.count
        var patches: [(Int, UInt8)] = []
        var k = 4
        let count = min(64, (b.count - 4) / 5)
        for _ in 0..<count {
            let off = Int(UInt32(b[k]) | UInt32(b[k + 1]) << 8 | UInt32(b[k + 2]) << 16 | UInt32(b[k + 3]) << 24) % headerEnd
            patches.append((off, b[k + 4]))
            k += 5
        }
        let text = String(decoding: b[k...], as: UTF8.self)
        var saved: [(Int, UInt8)] = []
        for (o, v) in patches { saved.append((o, model[o])); model[o] = v }
        defer { for (o, v) in saved.reversed() { model[o] = v } }
        model.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var err = [CChar](repeating: 0, count: 200)
            let rc = e5_check(base, size, &err, err.count)
            check(rc == 0 || err[0] != 0, "the check refused without a reason")
            guard rc == 0, let m = e5_load_mem(base, size) else { return }
            defer { e5_free(m) }
            var out = [Float](repeating: 0, count: Int(e5_dim(m)))
            let bytes = E5Encoder.prepared(text.isEmpty ? "turn on the light" : text)
            _ = bytes.withUnsafeBufferPointer { t in out.withUnsafeMutableBufferPointer { o in e5_embed(m, t.baseAddress, 1, o.baseAddress) } }
        }
    }
}
