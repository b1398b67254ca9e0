import Foundation
import Synchronization
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

/// Matching, segmentation and evaluation from many threads at once over one shared matcher (its
/// workspaces and caches), the shared locale store and the ICU handles behind segmentation.
/// The suite ThreadSanitizer runs in CI (`swift test --sanitize=thread --filter ConcurrencyTests`).
@Suite struct ConcurrencyTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Catalogs and corpora in scripts written with and without spaces (Thai and Japanese go
    /// through ICU's dictionary segmentation, Korean through its spacing).
    static func sample() throws -> (Matcher, [CorpusItem]) {
        let apps = ["pets", "recipes", "rooms"]
        let cats = try apps.map { try CatalogLoader.load(path: root.appendingPathComponent("Corpora/\($0)/catalog.json").path) }
        var items: [CorpusItem] = []
        for app in apps {
            let dir = root.appendingPathComponent("Corpora/\(app)/corpus")
            for f in (try FileManager.default.contentsOfDirectory(atPath: dir.path)).sorted() where f.hasSuffix(".jsonl") {
                let text = try String(contentsOf: dir.appendingPathComponent(f), encoding: .utf8)
                items += CorpusReader.parse(text, file: f).items.prefix(25)
            }
        }
        return (Matcher(catalogs: cats), items)
    }

    @Test func evalOnSeveralThreadsEqualsOneThread() throws {
        let (m, items) = try Self.sample()
        #expect(items.count > 150)
        let one = Evaluator.run(items, matcher: m, threads: 1).predictions
        for threads in [2, 4] {
            let many = Evaluator.run(items, matcher: m, threads: threads).predictions
            #expect(many.map(\.decision) == one.map(\.decision), "\(threads) threads decide otherwise than one")
            #expect(many.map { $0.got?.score } == one.map { $0.got?.score }, "\(threads) threads score otherwise than one")
        }
    }

    @Test func matchAndNormalizeFromManyThreads() throws {
        let (m, items) = try Self.sample()
        let expected = items.map { m.match($0.text, locale: $0.locale).results.first?.score }
        let locales = ["th", "ja", "ko", "zh-Hans", "de", "en"]
        let mismatches = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            // Each worker in its own order, so different locales' workspaces are in use at once.
            for k in 0..<items.count {
                let i = (k * (worker + 1) + worker * 17) % items.count
                let r = m.match(items[i].text, locale: items[i].locale)
                if r.results.first?.score != expected[i] { mismatches.withLock { $0 += 1 } }
                // A fresh normalizer each time: the shared locale store's cache and ICU's iterators.
                let n = Normalizer.forLocale(locales[(k + worker) % locales.count])
                _ = n.normalize(items[i].text).tokens.count
            }
        }
        #expect(mismatches.withLock { $0 } == 0)
    }

    @Test func cliEvalWithThreads() {
        let args = ["eval", "--catalog", Self.root.appendingPathComponent("Corpora/pets/catalog.json").path, "--format", "json", "--stable"]
        let corpus = [Self.root.appendingPathComponent("Corpora/pets/corpus/ja.jsonl").path, Self.root.appendingPathComponent("Corpora/pets/corpus/ko.jsonl").path]
        let (c1, o1, _) = runCLI(args + ["--threads", "1"] + corpus)
        let (c4, o4, _) = runCLI(args + ["--threads", "4"] + corpus)
        #expect(c1 == c4)
        #expect(o1 == o4)
    }

    /// Every `withLock` in the library is covered by `Fuzz/tsan.supp` (docs/fuzzing.md): a
    /// pattern there names a function or type around it, or its lock. ThreadSanitizer cannot see
    /// `Mutex`'s handover on Linux and reports a lock only when it happens to be contended, so
    /// an unnamed one passes many runs and then fails CI (the normalizer registry did).
    @Test func everyMutexUserIsInTheSuppressions() throws {
        let supp = try String(contentsOf: Self.root.appendingPathComponent("Fuzz/tsan.supp"), encoding: .utf8)
        let patterns = supp.split(separator: "\n").filter { $0.hasPrefix("race:") }.map { String($0.dropFirst(5)) }
        #expect(!patterns.isEmpty)
        func name(after keyword: String, in line: Substring) -> String? {
            guard let r = line.range(of: keyword) else { return nil }
            let rest = line[r.upperBound...]
            let n = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
            return n.isEmpty ? nil : String(n)
        }
        let dir = Self.root.appendingPathComponent("Sources/PhraseEngine")
        let files = try #require(FileManager.default.enumerator(atPath: dir.path))
        var sites = 0
        for case let rel as String in files where rel.hasSuffix(".swift") {
            let text = try String(contentsOf: dir.appendingPathComponent(rel), encoding: .utf8)
            // The declarations around a line (types and functions, by indentation): a mangled
            // name holds every enclosing one.
            var enclosing: [(indent: Int, name: String)] = []
            for (k, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let indent = line.prefix { $0 == " " }.count
                if indent < line.count { while let last = enclosing.last, last.indent >= indent { enclosing.removeLast() } }
                var declared: String?
                if let f = name(after: "func ", in: line) { declared = f } else if line.contains("init(") && !line.contains(".init(") { declared = "init" }
                for keyword in ["class ", "struct ", "enum ", "extension ", "actor "] where !line.contains("case ") {
                    if let t = name(after: keyword, in: line) { declared = t }
                }
                if let declared { enclosing.append((indent, declared)) }
                guard let r = line.range(of: ".withLock") else { continue }
                let lock = String(line[..<r.lowerBound].reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }.reversed())
                sites += 1
                let names = enclosing.map(\.name) + [lock]
                let covered = patterns.contains { p in names.contains { $0.contains(p) } }
                #expect(covered, "\(rel):\(k + 1): \(lock).withLock in \(names.dropLast().joined(separator: ".")) is not named in Fuzz/tsan.supp")
            }
        }
        #expect(sites > 0)
    }
}
