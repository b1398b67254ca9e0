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
        guard r.decision == .none, !r.results.isEmpty, !r.namesOtherApp else { return false }
        switch r.why {
        case .belowThreshold, .noAppBelowThreshold, .lowConfidence: return true
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

    /// `r` with the encoder's evidence, turned into a match when `rule` confirms its closest
    /// result. The closest result's values are kept as bound (a phrase with a parameter whose
    /// value was not bound is never confirmed). With a fitted rule (`SemanticWeights`), the
    /// closest result runs at the confidence it needs, and carries it.
    func review(_ r: MatchResult, indexLocale: String, rule: SemanticRule) -> MatchResult {
        guard SemanticStage.reads(r), let c = r.results.first, var e = evidence(r, indexLocale: indexLocale) else { return r }
        var out = r
        let valueBound = SemanticStage.valueBound(r)
        if let f = rule.fitted {
            if valueBound, let x = SemanticWeights.vector(r, evidence: e) {
                let p = f.confidence(x)
                if p >= f.threshold {
                    e.confirmed = true
                    out.decision = .match
                    out.why = .meaningConfident(confidence: p, threshold: f.threshold)
                    out.confidence = p
                }
            }
        } else {
            if valueBound, rule.confirms(agrees: e.agrees, cosine: e.nearest.cosine, margin: e.margin, score: c.score, appNamed: c.appNamed) {
                e.confirmed = true
                out.decision = .match
                out.why = .meaning(score: c.score, cosine: e.nearest.cosine, margin: e.margin)
                // The calibrated confidence reads words only: of a result the encoder ran, it would
                // say "unlikely" of what was just run. None until the calibration reads the encoder.
                out.confidence = nil
            }
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
