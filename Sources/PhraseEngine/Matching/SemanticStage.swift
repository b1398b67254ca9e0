import Foundation
import Synchronization

/// The matcher's semantic stage: an encoder, the phrase vectors of each locale (built when a
/// locale first needs them, from the cache when it has them), and the rule that reads them.
final class SemanticStage: Sendable {
    let encoder: any SentenceEncoder
    let cache: PhraseVectorCache?
    let catalogs: [Catalog]
    private let built = Mutex<[String: PhraseVectors]>([:])
    /// The token states of the phrases the rule read token by token (`tokenRecall`), by text: a
    /// corpus says the same request many times. Emptied when it reaches `phraseTokensKept`.
    private let phraseTokens = Mutex<[String: TokenStates]>([:])
    static let phraseTokensKept = 4096

    init(encoder: any SentenceEncoder, cache: PhraseVectorCache?, catalogs: [Catalog]) {
        self.encoder = encoder
        self.cache = cache
        self.catalogs = catalogs
    }

    /// The phrase vectors of an indexed locale (built once; other threads wait for them).
    func vectors(_ locale: String) -> PhraseVectors {
        built.withLock { table in
            if let v = table[locale] { return v }
            let v = PhraseVectors.build(catalogs, locale: locale, encoder: encoder, cache: cache)
            table[locale] = v
            return v
        }
    }

    /// Whether the encoder reads `r` at all: a refusal by a threshold or a low confidence with a
    /// closest result, or, where the rule reads proposals (a fitted one), with none (no phrase
    /// shares its words) and at least `noOverlapUnits` word units. A match, a negative phrase, an
    /// unknown value, several apps and two close results are the lexical decision's alone, and so
    /// is an utterance that names an app none of the catalogs has: it asks that app, whatever it
    /// means. `units`: the utterance's word units (the matcher's), asked only of a `noOverlap`
    /// refusal.
    static func reads(_ r: MatchResult, proposals: Bool, units: () -> Int) -> Bool {
        r.decision == .none && readsIfRefused(r, proposals: proposals, units: units)
    }

    /// The fewest word units (the matcher's units: a word, a Han or kana character) of an
    /// utterance sharing no phrase's words (`noOverlap`) that the encoder reads for a proposal.
    /// One unit ("zz", "hello", "thanks") is no request a shortcut runs: on the Home Assistant
    /// tune lines (24 languages, four settings; `Benchmarks/noapp_gate.py`) the session-30 no-app
    /// rule's proposals ran none of the 68 one-unit `noOverlap` lines (10 in domain, 58 out), and
    /// a stream of such lines would each cost an encoding (~17 ms) where the words have said no.
    static let noOverlapUnits = 2

    /// Whether the encoder would read `r` were it refused: a result the thresholds or the
    /// confidence decided, run or refused (a fitted decision may refuse what the thresholds ran),
    /// or no result at all (`noOverlap`, for a proposal: `proposals`, and `units()` at least
    /// `noOverlapUnits`), with no other app named. What `DecisionFit` reads the evidence of.
    static func readsIfRefused(_ r: MatchResult, proposals: Bool = true, units: () -> Int) -> Bool {
        guard !r.namesOtherApp else { return false }
        switch r.why {
        case .noOverlap: return proposals && r.results.isEmpty && units() >= noOverlapUnits
        case .belowThreshold, .noAppBelowThreshold, .lowConfidence, .matched, .matchedWithoutApp, .confident: return !r.results.isEmpty
        default: return false
        }
    }

    /// Whether `r`'s closest result can be run by the encoder's evidence: a phrase with a
    /// parameter whose value was not bound never is (the encoder binds no value).
    static func valueBound(_ r: MatchResult) -> Bool {
        guard let c = r.results.first else { return false }
        return c.source.paramName == nil || !c.parameters.isEmpty
    }

    /// What the encoder reads of `r` (a result `readsIfRefused`): its evidence against `r`'s
    /// closest result, and, where its nearest shortcut is not that result's (or there is none)
    /// and `proposals` allows, the proposal: the nearest shortcut's own best reading, from
    /// `propose` (the lexical search of that shortcut's phrases alone, its values bound by
    /// words), when that is a result decided by a threshold or the confidence, with its evidence.
    /// nil: no phrase vectors.
    /// `tokens(appNamed)`: whether to read how much of the utterance's meaning a candidate's
    /// phrase holds, token by token, for a candidate of that side (`SemanticEvidence.tokenRecall`:
    /// one more encoding, of the candidate's phrase, where the encoder has token states).
    func reading(_ r: MatchResult, indexLocale: String, proposals: Bool, tokens: (Bool) -> Bool = { _ in false },
                 propose: (ShortcutRef) -> MatchResult) -> SemanticReading? {
        let pv = vectors(indexLocale)
        let withTokens = tokens(true) || tokens(false) ? encoder.encodeWithTokens(r.text, locale: r.locale) : nil
        let v = withTokens?.vector ?? encoder.encode(r.text, locale: r.locale)
        let (best, next) = pv.nearest(v)
        guard let b = best else { return nil }
        func neighbour(_ row: Int, _ cos: Float) -> SemanticEvidence.Neighbour {
            let o = pv.owners[row]
            return .init(app: catalogs[o.app].app.id, intent: catalogs[o.app].shortcuts[o.shortcut].intent,
                         phrase: pv.templates[row], cosine: Double(cos))
        }
        let nearest = pv.owners[b.row]
        let agrees = r.results.first.map { ShortcutRef(app: $0.appIndex, shortcut: $0.shortcutIndex) == nearest } ?? false
        var e = SemanticEvidence(nearest: neighbour(b.row, b.cosine), next: next.map { neighbour($0.row, $0.cosine) },
                                 agrees: agrees, confirmed: false)
        e.onePhrase = catalogs[nearest.app].shortcuts[nearest.shortcut].templates(for: pv.locale).count == 1
        let utteranceTokens = withTokens?.tokens
        if let c = r.results.first, tokens(c.appNamed) { e.tokenRecall = tokenRecall(utteranceTokens, r) }
        var out = SemanticReading(evidence: e)
        guard !agrees, proposals else { return out }
        var p = propose(nearest)
        // A result of the same kinds the encoder reads (not a negative phrase, an unknown or
        // ambiguous value, another app).
        guard SemanticStage.readsIfRefused(p, proposals: false, units: { 0 }), let c = p.results.first,
              ShortcutRef(app: c.appIndex, shortcut: c.shortcutIndex) == nearest else { return out }
        // The search put another shortcut first, or found none: the proposal leads nothing.
        p.lead = 0
        p.decision = .none
        var pe = e
        pe.proposed = true
        pe.tokenRecall = tokens(c.appNamed) ? tokenRecall(utteranceTokens, p) : nil
        out.proposal = (p, pe)
        return out
    }

    /// How much of the utterance's meaning (`u`, its token states) the phrase of `r`'s closest
    /// result holds, as the search read it (its values and the app's name in place). nil without
    /// token states or a result.
    func tokenRecall(_ u: TokenStates?, _ r: MatchResult) -> Double? {
        guard let u, let c = r.results.first else { return nil }
        let text = c.phrase
        let known = phraseTokens.withLock { $0[text] }
        let p: TokenStates
        if let known { p = known } else {
            guard let t = encoder.encodeWithTokens(text, locale: r.locale)?.tokens else { return nil }
            p = t
            phraseTokens.withLock { table in
                if table.count >= SemanticStage.phraseTokensKept { table.removeAll(keepingCapacity: true) }
                table[text] = t
            }
        }
        return u.recall(in: p)
    }

    /// What `rule` makes of `candidate`'s closest result with the encoder's evidence `e`, were
    /// it refused: nil when it does not run it (a phrase with a parameter whose value was not
    /// bound never runs: the encoder binds no value; the limits never run a proposal); else the
    /// reason it runs and, with a fitted rule (`SemanticWeights`), the confidence it runs at.
    /// The side (the utterance named the result's app or no app) picks the fitted rule or limits
    /// (both, for a rule that keeps its limits: the rule first).
    /// The one verdict of both `review` and the fit (`DecisionFit.Sample.ruleRuns`).
    static func verdict(_ candidate: MatchResult, _ e: SemanticEvidence, rule: SemanticRule) -> (why: Reason, confidence: Double?)? {
        guard valueBound(candidate), let c = candidate.results.first else { return nil }
        // Each side its own rule: its fitted one where it has one, else its limits.
        if let f = rule.fitted(appNamed: c.appNamed) {
            if let x = SemanticWeights.vector(candidate, evidence: e) {
                let p = f.confidence(x), t = f.threshold(onePhrase: e.onePhrase)
                if p >= t { return (.meaningConfident(confidence: p, threshold: t), p) }
            }
            // A rule that keeps its side's limits leaves them what they run.
            guard f.keepsLimits else { return nil }
        }
        guard !e.proposed,
              rule.confirms(agrees: e.agrees, cosine: e.nearest.cosine, margin: e.margin, score: c.score, appNamed: c.appNamed,
                            onePhrase: e.onePhrase) else { return nil }
        // The calibrated confidence reads words only: of a result the encoder ran, it would say
        // "unlikely" of what was just run. None until the calibration reads the encoder.
        return (.meaning(score: c.score, cosine: e.nearest.cosine, margin: e.margin), nil)
    }

    /// `r` with the encoder's evidence, turned into a match when `rule` runs its candidate
    /// (`reading`, `verdict`): the proposal where the rule reads proposals (a fitted rule that
    /// does) and there is one, else `r`'s closest result; its values as bound by words.
    /// `units`: the utterance's word units (`reads`).
    func review(_ r: MatchResult, indexLocale: String, rule: SemanticRule, units: () -> Int,
                propose: (ShortcutRef) -> MatchResult) -> MatchResult {
        let proposals = rule.readsProposals
        guard SemanticStage.reads(r, proposals: proposals, units: units),
              let read = reading(r, indexLocale: indexLocale, proposals: proposals, tokens: { rule.fitted(appNamed: $0)?.readsTokens ?? false },
                              propose: propose) else { return r }
        let (candidate, evidence) = read.judged(r, rule: rule)
        guard let v = SemanticStage.verdict(candidate, evidence, rule: rule) else {
            var out = r
            out.meaning = evidence
            return out
        }
        var out = candidate
        var e = evidence
        e.confirmed = true
        out.decision = .match
        out.why = v.why
        out.confidence = v.confidence
        out.meaning = e
        return out
    }
}

/// What the sentence encoder read of a result (`SemanticStage.reading`): its evidence against the
/// closest result, and the encoder's proposal, if any, with its own.
public struct SemanticReading: Sendable {
    public var evidence: SemanticEvidence
    public var proposal: (candidate: MatchResult, evidence: SemanticEvidence)? = nil

    /// What `rule` judges of `r` (the result this was read of): the proposal where there is one
    /// and the rule of `r`'s side reads proposals, else `r`'s closest result, with its evidence.
    func judged(_ r: MatchResult, rule: SemanticRule) -> (candidate: MatchResult, evidence: SemanticEvidence) {
        if let p = proposal, rule.readsProposals(appNamed: SemanticReading.named(r, proposal: p.candidate)) { return p }
        return (r, evidence)
    }

    /// The side of the encoder's rule a read result is on: whether the utterance named the app of
    /// `r`'s closest result, or of the proposal where `r` has none. (The two agree: the encoder
    /// reads no result whose utterance names another app, and proposes none.)
    static func named(_ r: MatchResult, proposal: MatchResult?) -> Bool {
        (r.results.first ?? proposal?.results.first)?.appNamed ?? false
    }
}

extension SemanticWeights {
    /// The encoder's features of `e` (`evidenceFeatures` order), for the candidate `top` of an
    /// utterance `utterance`.
    public static func evidence(_ e: SemanticEvidence, candidate top: MatchCandidate, utterance: String) -> [Double] {
        let a: Double = e.candidateIsNearest ? 1 : 0
        let m = min(max(e.margin, 0), 0.2)
        return [e.nearest.cosine, m, a, e.nearest.cosine * a, m * a, e.onePhrase ? 1 : 0, top.parameters.isEmpty ? 0 : 1,
                wordShare(utterance), wordShare(e.nearest.phrase), e.tokenRecall ?? 0, e.proposed ? 1 : 0]
    }

    /// A text's words, split at white space, at most 20, over 20 (`evidenceFeatures`).
    static func wordShare(_ text: String) -> Double {
        var words = 0, inWord = false
        for c in text.unicodeScalars {
            if c.properties.isWhitespace { inWord = false } else if !inWord { inWord = true; words += 1; if words == 20 { break } }
        }
        return Double(words) / 20
    }

    /// The features of `r`'s closest result (`features` order) with the encoder's evidence `e`;
    /// nil when `r` has no result. The fitted rule and `DecisionFit` read results through this
    /// one function.
    public static func vector(_ r: MatchResult, evidence e: SemanticEvidence) -> [Double]? {
        let rs = r.readings
        guard let top = rs.first else { return nil }
        return DecisionWeights.vector(score: top.score, margin: r.lead ?? DecisionWeights.margin(rs), terms: top.terms) + evidence(e, candidate: top, utterance: r.text)
    }
}
