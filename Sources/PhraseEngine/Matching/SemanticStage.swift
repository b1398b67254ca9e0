import Foundation
import Synchronization

/// The matcher's semantic stage: an encoder, the phrase vectors of each locale (built when a
/// locale first needs them, from the cache when it has them), and the rule that reads them.
final class SemanticStage: Sendable {
    let encoder: any SentenceEncoder
    let cache: PhraseVectorCache?
    let catalogs: [Catalog]
    private let built = Mutex<[String: PhraseVectors]>([:])

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
    /// closest result. A match, a negative phrase, an unknown value, several apps and two close
    /// results are the lexical decision's alone, and so is an utterance that names an app none
    /// of the catalogs has: it asks that app, whatever it means.
    static func reads(_ r: MatchResult) -> Bool {
        r.decision == .none && readsIfRefused(r)
    }

    /// Whether the encoder would read `r` were it refused: a result the thresholds or the
    /// confidence decided, run or refused (a fitted decision may refuse what the thresholds ran),
    /// with no other app named. What `DecisionFit` reads the evidence of.
    static func readsIfRefused(_ r: MatchResult) -> Bool {
        guard !r.results.isEmpty, !r.namesOtherApp else { return false }
        switch r.why {
        case .belowThreshold, .noAppBelowThreshold, .lowConfidence: return true
        case .matched, .matchedWithoutApp, .confident: return true
        default: return false
        }
    }

    /// Whether `r`'s closest result can be run by the encoder's evidence: a phrase with a
    /// parameter whose value was not bound never is (the encoder binds no value).
    static func valueBound(_ r: MatchResult) -> Bool {
        guard let c = r.results.first else { return false }
        return c.source.paramName == nil || !c.parameters.isEmpty
    }

    /// What the encoder says of `r`'s utterance against its closest result (nil: no result, or
    /// no phrase vectors).
    func evidence(_ r: MatchResult, indexLocale: String) -> SemanticEvidence? {
        guard let c = r.results.first else { return nil }
        let pv = vectors(indexLocale)
        let v = encoder.encode(r.text, locale: r.locale)
        let (best, next) = pv.nearest(v)
        guard let b = best else { return nil }
        func neighbour(_ row: Int, _ cos: Float) -> SemanticEvidence.Neighbour {
            let o = pv.owners[row]
            return .init(app: catalogs[o.app].app.id, intent: catalogs[o.app].shortcuts[o.shortcut].intent,
                         phrase: pv.templates[row], cosine: Double(cos))
        }
        let agrees = pv.owners[b.row] == ShortcutRef(app: c.appIndex, shortcut: c.shortcutIndex)
        return SemanticEvidence(nearest: neighbour(b.row, b.cosine), next: next.map { neighbour($0.row, $0.cosine) },
                                agrees: agrees, confirmed: false)
    }

    /// What `rule` makes of `r`'s closest result with the encoder's evidence `e`, were `r`
    /// refused: nil when it does not run it (a phrase with a parameter whose value was not bound
    /// never runs: the encoder binds no value); else the reason it runs and, with a fitted rule
    /// (`SemanticWeights`), the confidence it runs at. The one verdict of both `review` and the
    /// fit (`DecisionFit.Sample.ruleRuns`).
    static func verdict(_ r: MatchResult, _ e: SemanticEvidence, rule: SemanticRule) -> (why: Reason, confidence: Double?)? {
        guard valueBound(r), let c = r.results.first else { return nil }
        if let f = rule.fitted {
            guard let x = SemanticWeights.vector(r, evidence: e) else { return nil }
            let p = f.confidence(x)
            return p >= f.threshold ? (.meaningConfident(confidence: p, threshold: f.threshold), p) : nil
        }
        guard rule.confirms(agrees: e.agrees, cosine: e.nearest.cosine, margin: e.margin, score: c.score, appNamed: c.appNamed) else { return nil }
        // The calibrated confidence reads words only: of a result the encoder ran, it would say
        // "unlikely" of what was just run. None until the calibration reads the encoder.
        return (.meaning(score: c.score, cosine: e.nearest.cosine, margin: e.margin), nil)
    }

    /// `r` with the encoder's evidence, turned into a match when `rule` runs its closest result
    /// (`verdict`), its values kept as bound.
    func review(_ r: MatchResult, indexLocale: String, rule: SemanticRule) -> MatchResult {
        guard SemanticStage.reads(r), var e = evidence(r, indexLocale: indexLocale) else { return r }
        var out = r
        if let v = SemanticStage.verdict(r, e, rule: rule) {
            e.confirmed = true
            out.decision = .match
            out.why = v.why
            out.confidence = v.confidence
        }
        out.meaning = e
        return out
    }
}

extension SemanticWeights {
    /// The encoder's features of `e` (`evidenceFeatures` order).
    public static func evidence(_ e: SemanticEvidence) -> [Double] {
        let a: Double = e.agrees ? 1 : 0
        let m = min(max(e.margin, 0), 0.2)
        return [e.nearest.cosine, m, a, e.nearest.cosine * a, m * a]
    }

    /// The features of `r`'s closest result (`features` order) with the encoder's evidence `e`;
    /// nil when `r` has no result. The fitted rule and `DecisionFit` read results through this
    /// one function.
    public static func vector(_ r: MatchResult, evidence e: SemanticEvidence) -> [Double]? {
        let rs = r.readings
        guard let top = rs.first else { return nil }
        return DecisionWeights.vector(score: top.score, margin: r.lead ?? DecisionWeights.margin(rs), terms: top.terms) + evidence(e)
    }
}
