import Foundation
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

/// Input files named on the command line: one wording for a file that is not there, whatever
/// kind it is, and a corpus with no utterance line is an error naming it (it would pass any check).
@Suite struct InputFileTests {
    static let plants = LocaleOptionTests.plants

    @Test func anEmptyCorpusIsAnErrorNamingIt() throws {
        for text in ["", "\n\n", "// only a comment\n   \n"] {
            let corpus = try tempFile("empty.jsonl", text)
            for extra in [[], ["--min-accuracy", "0.9"]] {
                let (code, out, err) = runCLI(["eval", "--catalog", Self.plants] + extra + [corpus])
                #expect(code == 3, "\(extra): \(out)")
                #expect(err.hasPrefix("phrasematch eval: \(corpus): no utterance lines (an empty corpus checks nothing)\n"), "\(err)")
                #expect(!out.contains("0 utterances"))
            }
            let tsv = try tempFile("empty.tsv", text)
            #expect(runCLI(["eval", "--catalog", Self.plants, tsv]).0 == 3)
            // Beside a good corpus too: the empty file is named.
            let good = try tempFile("good.jsonl", #"{"text": "water basil in leafy", "expect": null}"# + "\n")
            let (c2, _, e2) = runCLI(["eval", "--catalog", Self.plants, good, corpus])
            #expect(c2 == 3 && e2.contains("empty.jsonl: no utterance lines"))
            let (c3, _, e3) = runCLI(["collisions", "--catalog", Self.plants, "--simulate", "0", "--no-damage", "--against-corpus", corpus])
            #expect(c3 == 3 && e3.contains("empty.jsonl: no utterance lines"), "\(e3)")
        }
    }

    /// `--split`/`--tag` that leave no line evaluate nothing: a usage error, not "0 utterances".
    @Test func filtersThatLeaveNothingAreAnError() throws {
        let corpus = try tempFile("c.jsonl", #"{"text": "water basil in leafy", "expect": null, "tags": ["a"]}"# + "\n")
        let (code, _, err) = runCLI(["eval", "--catalog", Self.plants, "--tag", "b", corpus])
        #expect(code == 2)
        #expect(err.contains("no corpus line is left after --tag b"))
        #expect(runCLI(["eval", "--catalog", Self.plants, "--tag", "a", corpus]).0 == 0)
        // The one line is line 1: odd, so the test half.
        let (c2, _, e2) = runCLI(["eval", "--no-semantic", "--catalog", Self.plants, "--split", "tune", corpus])
        #expect(c2 == 2 && e2.contains("no corpus line is left after --split tune"), "\(e2)")
        #expect(runCLI(["eval", "--no-semantic", "--catalog", Self.plants, "--split", "test", corpus]).0 == 0)
        let (c3, _, e3) = runCLI(["eval", "--no-semantic", "--catalog", Self.plants, "--split", "odd", corpus])
        #expect(c3 == 2 && e3.contains("--split takes tune or test"), "\(e3)")
    }

    /// The corpora's halves: tune lines are the even line numbers, test lines the odd.
    @Test func aCorpusLineKnowsItsSplit() {
        let items = (1...4).map { CorpusItem(text: "x", locale: "en", expect: nil, tags: [], file: "f", line: $0) }
        #expect(items.map(\.split) == [.test, .tune, .test, .tune])
    }

    /// A missing catalog, corpus, model, plan or baseline: `FILE: no such file`, exit 3.
    @Test func aMissingFileHasOneWording() throws {
        let dir = (try tempFile("marker", "") as NSString).deletingLastPathComponent
        let corpus = try tempFile("c.jsonl", #"{"text": "water basil in leafy", "expect": null}"# + "\n")
        let missing = dir + "/nope"
        let runs: [[String]] = [
            ["match", "--catalog", missing + ".json", "x"],
            ["eval", "--catalog", Self.plants, missing + ".jsonl"],
            ["eval", "--catalog", Self.plants, "--baseline", missing + ".json", corpus],
            ["match", "--catalog", Self.plants, "--model", missing + ".json", "x"],
            ["fit", "--plan", missing + ".json", "--output", dir + "/o.json"],
            ["collisions", "--catalog", Self.plants, "--against-corpus", missing + ".jsonl"],
        ]
        for r in runs {
            let (code, _, err) = runCLI(r)
            #expect(code == 3, "\(r)")
            #expect(err.contains("\(missing).json: no such file") || err.contains("\(missing).jsonl: no such file"), "\(r): \(err)")
            #expect(!err.contains("cannot read"), "\(r): \(err)")
        }
        let (code, _, err) = runCLI(["eval", "--catalog", Self.plants, dir])
        #expect(code == 3 && err.contains("is a directory, expected a corpus file"))
    }
}
