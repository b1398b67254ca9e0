import Foundation
import Synchronization
import Testing
@testable import PhraseEngine
@testable import PhraseMatchCLI

/// Token-level evidence of the sentence encoder (issue 49, session 35): the meaning of each of the
/// utterance's tokens against the candidate's phrase (`SemanticEvidence.tokenRecall`), read from
/// the same pass that gives the sentence's vector, where a fitted rule weighs it.
@Suite struct SemanticTokenTests {
    static let weightsThere = FileManager.default.fileExists(atPath: SemanticTests.weights)

    /// The vector of `encodeWithTokens` is `encode`'s, float for float; the token rows are the
    /// text's own tokens (no prefix, no special token), unit vectors; a text's tokens are all in
    /// itself (recall 1). A text longer than one window keeps `encode`'s vector and its first
    /// window's tokens.
    @Test(.enabled(if: weightsThere, "the encoder's weights are needed"))
    func tokenStatesComeFromTheSentencesOwnPass() throws {
        let e = try EncoderStore.e5(path: SemanticTests.weights)
        let long = Array(repeating: "turn on the kitchen light and then", count: 120).joined(separator: " ")
        let texts = ["turn on the light", "water the basil", "arrose le basilic", "バジルに水をやって", "给罗勒浇水",
                     "полей базилик", "", long]
        for t in texts {
            let w = try #require(e.encodeWithTokens(t, locale: "en"))
            #expect(w.vector == e.encode(t, locale: "en"), "\"\(t.prefix(30))\"")
            #expect(w.tokens.dimension == e.dimension)
            for i in 0..<w.tokens.count {
                let norm = w.tokens.values[(i * e.dimension)..<((i + 1) * e.dimension)].reduce(0) { $0 + Double($1 * $1) }
                #expect(abs(norm - 1) < 1e-4)
            }
            if w.tokens.count > 0 { #expect(abs((w.tokens.recall(in: w.tokens) ?? 0) - 1) < 1e-4) }
        }
        // "turn on the light": four pieces (▁turn ▁on ▁the ▁light), the prefix "query: " left out.
        #expect(e.encodeWithTokens("turn on the light", locale: "en")?.tokens.count == 4)
        #expect(e.encodeWithTokens("", locale: "en")?.tokens.count == 0)
        // The engine reads a text's first 1,024 bytes (`maxTextBytes`), and one window of 512
        // pieces holds <s>, the prefix's three, at most 507 of the text's and </s>.
        let longRows = e.encodeWithTokens(long, locale: "en")?.tokens.count ?? 0
        #expect((200...507).contains(longRows), "\(longRows)")
        // A phrase holding the utterance's words holds more of its meaning than another request.
        let u = try #require(e.encodeWithTokens("turn on the kitchen light", locale: "en")).tokens
        let same = try #require(e.encodeWithTokens("Turn on the kitchen light in Zenvo", locale: "en")).tokens
        let other = try #require(e.encodeWithTokens("What time is it in Zenvo", locale: "en")).tokens
        #expect(try #require(u.recall(in: same)) > 0.9)
        #expect(try #require(u.recall(in: same)) > (u.recall(in: other) ?? 1) + 0.1)
    }

    /// Many threads at once get one thread's token states.
    @Test(.enabled(if: weightsThere, "the encoder's weights are needed"))
    func tokenStatesAreSafeFromManyThreads() throws {
        let e = try EncoderStore.e5(path: SemanticTests.weights)
        let texts = ["water the basil", "arrose le basilic", "バジルに水をやって", "log my mood"]
        let serial = texts.map { e.encodeWithTokens($0, locale: "en")?.tokens }
        let par = Parallel.map(count: texts.count * 4, threads: 8, chunk: 1) { e.encodeWithTokens(texts[$0 % texts.count], locale: "en")?.tokens }
        for (i, v) in par.enumerated() { #expect(v == serial[i % texts.count]) }
    }

    @Test func recallIsTheMeanOfEachTokensClosest() {
        // Rows: x, y; against x and (x+y)/√2: x finds x (1), y finds (x+y)/√2 (0.7071…).
        let r = Float(0.5).squareRoot()
        let u = TokenStates(dimension: 2, values: [1, 0, 0, 1])
        let p = TokenStates(dimension: 2, values: [1, 0, r, r])
        #expect(abs((u.recall(in: p) ?? 0) - (1 + Double(r)) / 2) < 1e-6)
        #expect(TokenStates(dimension: 2, values: []).recall(in: p) == nil)
        #expect(u.recall(in: TokenStates(dimension: 3, values: [1, 0, 0])) == nil)
    }

    /// A rule that runs the closest result where the encoder agrees and the phrase holds at least
    /// `atLeast` of the utterance's tokens (`tokenRecall`); `weight` 0: a rule that does not read them.
    static func rule(atLeast: Double, weight: Double = 40) -> SemanticWeights {
        var w = [Double](repeating: 0, count: SemanticWeights.features.count)
        w[SemanticWeights.features.firstIndex(of: "agrees") ?? 0] = 20
        w[SemanticWeights.tokenRecallIndex] = weight
        // confidence ≥ 0.5 ⇔ 20·agrees − 20 + weight·(recall − atLeast) ≥ 0.
        return SemanticWeights(bias: -20 - weight * atLeast, weights: w, threshold: 0.5)
    }

    /// The stage reads the candidate's phrase as the search read it ("Water basil in Leafy": its
    /// value and the app's name in place) token by token, only where the rule weighs it; the
    /// verdict, the reason's line and the JSON carry it.
    @Test func theRuleReadsHowMuchOfTheUtteranceThePhraseHolds() throws {
        let text = "hydrate the basil plant please over in leafy"
        let enc = WordTokenEncoder()
        let reads = try SemanticFitTests.matcher(enc, Self.rule(atLeast: 0.3)).match(text, locale: "en")
        #expect(reads.decision == .match, "\(reads.reason)")
        let ev = try #require(reads.meaning)
        let closest = try #require(reads.top)
        #expect(closest.phrase.lowercased().split(separator: " ").contains("basil"), "\(closest.phrase)")
        // Of the utterance's eight words, the phrase says "basil", "in" and "leafy".
        let said = Set(closest.phrase.lowercased().split(separator: " ").map(String.init))
        let words = text.split(separator: " ").map(String.init)
        let want = Double(words.filter { said.contains($0) }.count) / Double(words.count)
        #expect(ev.tokenRecall == want, "\(String(describing: ev.tokenRecall)) \(closest.phrase)")
        #expect(want > 0.3 && want < 0.6)
        #expect(ev.line.contains("its words in the phrase "), "\(ev.line)")
        #expect(reads.json().render().contains("\"tokenRecall\": "))
        // Asking for more of the utterance than the phrase holds: refused, the figure still shown.
        let refused = try SemanticFitTests.matcher(enc, Self.rule(atLeast: 0.6)).match(text, locale: "en")
        #expect(refused.decision == .none)
        #expect(refused.meaning?.tokenRecall == want)
        // A rule that does not weigh it never asks for token states.
        let before = enc.withTokens
        let plain = try SemanticFitTests.matcher(enc, Self.rule(atLeast: 0.3, weight: 0)).match(text, locale: "en")
        #expect(plain.decision == .match)
        #expect(plain.meaning?.tokenRecall == nil)
        #expect(enc.withTokens == before)
        #expect(!Self.rule(atLeast: 0.3, weight: 0).readsTokens && Self.rule(atLeast: 0.3).readsTokens)
        // Only the other side's rule weighs them (the utterance names the app: the named side's
        // rule reads it): the candidate's phrase is not encoded, and the figure is not read.
        var o = MatchOptions()
        o.model.semantic = .never
        o.model.semantic.namedFitted = Self.rule(atLeast: 0.3, weight: 0)
        o.model.semantic.noAppFitted = Self.rule(atLeast: 0.3)
        let sided = Matcher(catalogs: [try CatalogLoader.load(path: SemanticTests.plants)], options: o, encoder: enc)
        let named = sided.match(text, locale: "en")
        #expect(named.top?.appNamed == true && named.decision == .match)
        #expect(named.meaning?.tokenRecall == nil)
    }

    /// The model file carries the weight; a file without it (written before) reads as 0.
    @Test func theModelFileCarriesTheTokenWeight() throws {
        var m = SemanticSideTests.limitsOnly
        m.semantic.namedFitted = Self.rule(atLeast: 0.5)
        let text = m.json.render()
        #expect(text.contains("\"tokenRecall\": 40"))
        let back = try ScoreModel.parse(Array(text.utf8), file: "m.json")
        #expect(back.semantic.namedFitted == m.semantic.namedFitted)
        #expect(back.semantic.readsTokens && !SemanticSideTests.limitsOnly.semantic.readsTokens)
        let old = text.replacingOccurrences(of: "\"tokenRecall\": 40, ", with: "")
        #expect(old != text)
        let read = try ScoreModel.parse(Array(old.utf8), file: "m.json")
        #expect(read.semantic.namedFitted?.weights[SemanticWeights.tokenRecallIndex] == 0)
        #expect(!read.semantic.readsTokens)
    }
}

/// `KeywordEncoder`'s vectors, and a token per word (split at spaces, lowercased): a one-hot row
/// of the word's own, so that recall is the share of the utterance's words the phrase says.
final class WordTokenEncoder: SentenceEncoder {
    let identity = "test/word-tokens"
    let dimension = 3
    private let vocabulary = Mutex<[String: Int]>([:])
    private let asked = Atomic<Int>(0)
    static let width = 256
    var withTokens: Int { asked.load(ordering: .relaxed) }

    func encode(_ text: String, locale: String) -> [Float] { KeywordEncoder().encode(text, locale: locale) }

    func encodeWithTokens(_ text: String, locale: String) -> (vector: [Float], tokens: TokenStates)? {
        asked.wrappingAdd(1, ordering: .relaxed)
        var rows: [Float] = []
        for w in text.lowercased().split(separator: " ") {
            let k = vocabulary.withLock { v in
                if let k = v[String(w)] { return k }
                v[String(w)] = v.count % Self.width
                return v.count - 1
            }
            var row = [Float](repeating: 0, count: Self.width)
            row[k % Self.width] = 1
            rows += row
        }
        return (encode(text, locale: locale), TokenStates(dimension: Self.width, values: rows))
    }
}
