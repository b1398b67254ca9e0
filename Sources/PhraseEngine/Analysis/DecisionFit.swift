import Foundation

/// Fits a decision (`DecisionWeights`) to a corpus: a logistic model of whether the best result
/// is right, from the features of `DecisionWeights.vector`, fitted on the tune split (even line
/// numbers) and checked on the held-out split (odd ones). Deterministic: the same matcher and
/// corpus give the same weights, bit for bit.
public enum DecisionFit {
    /// One corpus line as the fit sees it.
    public struct Sample: Sendable {
        public var features: [Double]
        /// The best result (or the closest phrase) is the expected one (in-domain lines only).
        public var right: Bool
        public var outOfDomain: Bool
        /// The threshold decided the line (a fitted decision may decide it otherwise); lines
        /// refused by a negative phrase, a value the app does not have, several apps or two
        /// close targets are decided by those rules whatever the confidence.
        public var eligible: Bool
        /// The line is right as the matcher decides it now.
        public var correctNow: Bool
        public var tune: Bool
        /// The thresholds run the best result (what a rescuing decision keeps).
        public var acceptedNow = false
        /// The matcher refuses the line now, with a closest result (what `decision.refusal` reads).
        public var refusedNow = false
        /// How much the line counts in the fit and the threshold's tally (a fit plan's group weight).
        public var weight: Double = 1
        /// The closest result's features with the sentence encoder's evidence
        /// (`SemanticWeights.features`), on a line the encoder reads when it is refused (a result
        /// decided by a threshold or the confidence, no other app named), its value bound; nil
        /// elsewhere (a line with no result, whose only reading is the `proposal`), and without
        /// an encoder.
        public var meaning: [Double]? = nil
        /// The encoder's proposal where it has one (`SemanticReading.proposal`, its value bound):
        /// its features (`SemanticWeights.features`), and whether it is the expected one.
        public var proposal: [Double]? = nil
        public var proposalRight = false
        /// The side of the encoder's rule the line is on: its utterance named the app of the
        /// closest result (or, with none, of the proposal), else no app (`SemanticRule`).
        public var meaningNamed = false
        /// The matcher's own rule for the encoder's evidence (its model's `semantic`: the limits,
        /// or a rule fitted before) runs the line were it refused (`SemanticStage.verdict`), and
        /// what it runs is right: the bar a newly fitted rule has to clear.
        public var ruleRuns = false
        public var ruleRunsRight = false
    }

    /// Matches every item (explanations off) and collects the samples, in input order.
    /// The lexical decision's: the sentence encoder confirms nothing here. With `meaning`, a
    /// matcher with an encoder reads its evidence on every line it would read if refused
    /// (`Sample.meaning`), whatever the decision now: the decision being fitted may refuse it.
    public static func samples(_ items: [CorpusItem], matcher: Matcher, threads: Int? = nil, meaning: Bool = false) -> [Sample] {
        var o = matcher.options
        o.explain = false
        o.limit = max(o.limit, 2)
        o.semantic = false
        let opts = o
        let readMeaning = meaning && matcher.encoder != nil
        return Parallel.map(count: items.count, threads: threads) { i -> Sample in
            let item = items[i]
            let r = matcher.match(item.text, locale: item.locale ?? matcher.defaultLocale, options: opts)
            let tune = item.split == .tune
            let correctNow: Bool
            if let e = item.expect { correctNow = r.top.map { Evaluator.isExact($0, e) } ?? false } else { correctNow = r.decision == .none }
            // The real readings (the closest of an unknown-value refusal is none: the matcher's
            // confidence reads them too).
            let results = Array(r.readings)
            // The encoder's reading were the line refused: its candidate, right or not, and
            // whether the matcher's own rule runs it.
            func readMeaningOf(_ sample: inout Sample) {
                guard readMeaning, let read = matcher.semanticReading(for: r, options: opts) else { return }
                func right(_ m: MatchResult) -> Bool {
                    guard let want = item.expect, let c = m.results.first else { return false }
                    return Evaluator.isExact(c, want)
                }
                if SemanticStage.valueBound(r) { sample.meaning = SemanticWeights.vector(r, evidence: read.evidence) }
                if let (p, e) = read.proposal, SemanticStage.valueBound(p) {
                    sample.proposal = SemanticWeights.vector(p, evidence: e)
                    sample.proposalRight = right(p)
                }
                sample.meaningNamed = SemanticReading.named(r, proposal: read.proposal?.candidate)
                // What the matcher's own rule reads, as `SemanticStage.review` does.
                let rule = opts.model.semantic
                let (cand, e) = read.judged(r, rule: rule)
                sample.ruleRuns = SemanticStage.verdict(cand, e, rule: rule) != nil
                sample.ruleRunsRight = sample.ruleRuns && right(cand)
            }
            guard let c = results.first, let x = DecisionWeights.vector(results: results) else {
                var sample = Sample(features: [], right: false, outOfDomain: item.expect == nil, eligible: false, correctNow: correctNow, tune: tune)
                // No closest result: refused, and read by the encoder's proposal only.
                sample.refusedNow = r.decision == .none
                readMeaningOf(&sample)
                return sample
            }
            let eligible: Bool
            switch r.why {
            // Not `.noAppBelowThreshold`: a result whose utterance names no app and scores below
            // `decision.noAppThreshold` never runs, whatever a fitted decision's confidence (a
            // guard that needs no data; Query+Decision keeps it).
            case .belowThreshold, .matched, .matchedWithoutApp, .lowConfidence, .confident: eligible = true
            // A refusal that names another app is one of the above refused (told apart only in
            // its reason), or the no-app guard's.
            case .otherApp: eligible = c.appNamed || c.score >= opts.noAppThreshold
            default: eligible = false
            }
            var sample = Sample(features: x,
                                right: item.expect.map { Evaluator.isExact(c, $0) } ?? false, outOfDomain: item.expect == nil,
                                eligible: eligible, correctNow: correctNow, tune: tune)
            if case .matched = r.why { sample.acceptedNow = true }
            if case .matchedWithoutApp = r.why { sample.acceptedNow = true }
            sample.refusedNow = r.decision == .none
            readMeaningOf(&sample)
            return sample
        }
    }

    /// The sentence encoder's fitted rule (`SemanticWeights`): a logistic model of whether the
    /// closest result is right, from its features and the encoder's evidence, fitted on the tune
    /// samples the decision (`weights` at `tau`, `rescue`; none: the thresholds) refuses where the
    /// encoder reads them; its threshold the one with the best accuracy whose false accepts stay
    /// at most `maxFalseAccepts` (or the matcher's own rule's, when higher; ties: the higher
    /// threshold). nil when it is not more accurate on them than the rule the samples were read
    /// with (`Sample.ruleRuns`: the rule it would replace), or the samples hold only one kind (no
    /// model can be told from them).
    ///
    /// With `side` (true: results whose utterance named the app; false: those naming none), the
    /// rule of that side alone (`SemanticRule.namedFitted`, `noAppFitted`), fitted on its lines
    /// (`Sample.meaningNamed`); the other side's lines stay as the matcher's rule runs them, and
    /// the bar and the false accepts are still the whole tune split's.
    public static func fitSemantic(_ samples: [Sample], weights: DecisionWeights? = nil, tau: Double = 0.5, rescue: Bool = false,
                                   maxFalseAccepts: Double, l2: Double = 0.1, side: Bool? = nil) -> SemanticWeights? {
        // Each read line as the closest result (`meaning`) or, with proposals, as the proposal
        // where there is one.
        let allRead = readWhereRefused(samples, weights: weights, tau: tau, rescue: rescue)
        let refusedRead = side.map { named in allRead.filter { $0.meaningNamed == named } } ?? allRead
        func readRows(proposals: Bool) -> [Sample] {
            refusedRead.compactMap { s in
                var x = s
                if proposals, let p = s.proposal {
                    x.features = p
                    x.right = s.proposalRight
                } else if let m = s.meaning {
                    x.features = m
                } else {
                    return nil
                }
                x.eligible = true
                return x
            }
        }
        // The decision's tally, then each read line run in turn, from the most confident down.
        let now = sums(samples, confidences(samples, weights), tau: tau, rescue: rescue)
        let ood = now.ood, all = now.all
        guard all > 0 else { return nil }
        // What the matcher's own rule gives: the bar to clear, and the false accepts it already has.
        // With a side, the other side's lines as that rule runs them: where each trial starts.
        var ruleRight = now.right, ruleFA = now.fa, otherRight = now.right, otherFA = now.fa
        for s in allRead where s.ruleRuns {
            let (dr, df) = s.outOfDomain ? (-s.weight, s.weight) : (s.ruleRunsRight ? s.weight : 0, 0)
            ruleRight += dr
            ruleFA += df
            if let side, s.meaningNamed != side {
                otherRight += dr
                otherFA += df
            }
        }
        let start = max(now.right, ruleRight) / all
        let cap = max(maxFalseAccepts, ood == 0 ? 0 : ruleFA / ood)
        // A model fitted on `fitted` rows, and its best threshold over every read row.
        func trial(proposals: Bool) -> (w: SemanticWeights, accuracy: Double)? {
            let rows = readRows(proposals: proposals)
            guard rows.contains(where: { $0.right && !$0.outOfDomain }), rows.contains(where: { !$0.right || $0.outOfDomain }) else { return nil }
            let f = fit(rows, l2: l2)
            var w = SemanticWeights(bias: f.bias, weights: f.weights, threshold: 1)
            if !proposals { w.weights[SemanticWeights.proposedIndex] = SemanticWeights.refusesProposals }
            var right = otherRight, fa = otherFA
            // Rounded down, so a line's own confidence reaches its threshold.
            let ps = rows.map { (w.confidence($0.features) * 10000).rounded(.down) / 10000 }
            let order = rows.indices.sorted { ps[$0] != ps[$1] ? ps[$0] > ps[$1] : $0 < $1 }
            var best: (tau: Double, accuracy: Double)? = nil
            var i = 0
            while i < order.count {
                let t = ps[order[i]]
                while i < order.count && ps[order[i]] == t {
                    let s = rows[order[i]]
                    if s.outOfDomain { right -= s.weight; fa += s.weight } else if s.right { right += s.weight }
                    i += 1
                }
                guard t > 0, t < 1 else { continue }
                let acc = right / all, far = ood == 0 ? 0 : fa / ood
                if far <= cap + 1e-12, acc > max(best?.accuracy ?? start, start) + 1e-12 { best = (t, acc) }
            }
            guard let b = best else { return nil }
            w.threshold = b.tau
            return (w, b.accuracy)
        }
        // With the encoder's proposals and without them (a rule fitted on the search's own
        // candidates, that never runs a proposal): the tune lines choose; ties go without.
        let without = trial(proposals: false)
        let with = trial(proposals: true)
        switch (without, with) {
        case let (a?, b?): return b.accuracy > a.accuracy + 1e-12 ? b.w : a.w
        case let (a?, nil): return a.w
        case let (nil, b?): return b.w
        case (nil, nil): return nil
        }
    }

    /// Each side's rule of the encoder (`fitSemantic` with `side`): the no-app side's first, then,
    /// with that one in place, the named side's, so that the two together stay within the false
    /// accepts. A side not asked for (`named`, `noApp` false), or whose fitted rule is not more
    /// accurate on the tune lines than the rule the samples were read with, gets nil: it keeps
    /// that rule (its limits, or the base model's fitted rule).
    public static func fitSemanticSides(_ samples: [Sample], weights: DecisionWeights? = nil, tau: Double = 0.5, rescue: Bool = false,
                                        maxFalseAccepts: Double, l2: Double = 0.1,
                                        named: Bool = true, noApp: Bool = true) -> (named: SemanticWeights?, noApp: SemanticWeights?) {
        var rows = samples
        var out: (named: SemanticWeights?, noApp: SemanticWeights?) = (nil, nil)
        for side in [false, true] where side ? named : noApp {
            guard let w = fitSemantic(rows, weights: weights, tau: tau, rescue: rescue, maxFalseAccepts: maxFalseAccepts, l2: l2, side: side) else { continue }
            if side { out.named = w } else { out.noApp = w }
            // The side's lines as its new rule runs them: the bar and the false accepts of the next.
            for k in rows.indices where rows[k].meaningNamed == side {
                let s = rows[k]
                let read: (x: [Double], right: Bool)?
                if w.readsProposals, let p = s.proposal { read = (p, s.proposalRight) } else { read = s.meaning.map { ($0, s.right) } }
                guard let read else { continue }
                rows[k].ruleRuns = w.confidence(read.x) >= w.threshold
                rows[k].ruleRunsRight = rows[k].ruleRuns && read.right
            }
        }
        return out
    }

    /// The samples the encoder reads (`Sample.meaning` or `proposal`) that the decision (`weights`
    /// at `tau`, `rescue`; none: the thresholds) refuses: what `fitSemantic` fits on.
    public static func readWhereRefused(_ samples: [Sample], weights: DecisionWeights?, tau: Double, rescue: Bool = false) -> [Sample] {
        samples.filter { ($0.meaning != nil || $0.proposal != nil) && refused($0, weights: weights, tau: tau, rescue: rescue) }
    }

    /// The fewest lines a split needs for its accuracy to say anything: the smallest n whose 95%
    /// Wilson score interval for a proportion is at most `halfWidth` either side, whatever the
    /// proportion. The interval's half-width is widest at p = 1/2, where it is z / (2 √(n + z²)),
    /// so n ≥ (z / 2h)² − z²: 93 lines for ±10 points (docs/cli.md, "fit").
    public static func minimumLines(halfWidth: Double = maxHalfWidth, z: Double = 1.959964) -> Int {
        Int(((z / (2 * halfWidth)) * (z / (2 * halfWidth)) - z * z).rounded(.up))
    }

    /// The widest interval a fit accepts on its held-out accuracy (and the tune split it is
    /// fitted on): ±10 points. A fit's refusal rule compares held-out accuracies; below this
    /// many lines their difference is noise.
    public static let maxHalfWidth = 0.1

    /// The half-width of the 95% Wilson interval of a proportion `p` measured on `n` lines.
    public static func wilsonHalfWidth(_ p: Double, n: Int, z: Double = 1.959964) -> Double {
        guard n > 0 else { return 1 }
        let n = Double(n), z2 = z * z
        return z / (1 + z2 / n) * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot()
    }

    /// Logistic regression by iteratively reweighted least squares with an L2 penalty
    /// (`l2`, not on the bias), on the eligible samples given — or, with `everyLine` (a
    /// calibration of the confidence, which decides nothing), on every sample with a result.
    public static func fit(_ samples: [Sample], l2: Double = 0.1, iterations: Int = 50, everyLine: Bool = false) -> DecisionWeights {
        let rows = samples.filter { (everyLine || $0.eligible) && !$0.features.isEmpty }
        let d = (rows.first?.features.count ?? DecisionWeights.features.count) + 1
        var beta = [Double](repeating: 0, count: d)
        guard !rows.isEmpty else { return DecisionWeights(bias: -10, weights: Array(beta.dropFirst())) }
        for _ in 0..<iterations {
            var h = [Double](repeating: 0, count: d * d)
            var g = [Double](repeating: 0, count: d)
            for s in rows {
                let x = [1.0] + s.features
                var z = 0.0
                for k in 0..<d { z += beta[k] * x[k] }
                let p = 1 / (1 + exp(-z))
                let y: Double = (s.right && !s.outOfDomain) ? 1 : 0
                let w = max(p * (1 - p), 1e-9) * s.weight
                for a in 0..<d {
                    g[a] += s.weight * (y - p) * x[a]
                    for b in 0..<d { h[a * d + b] += w * x[a] * x[b] }
                }
            }
            for a in 1..<d {
                h[a * d + a] += l2
                g[a] -= l2 * beta[a]
            }
            h[0] += 1e-9
            guard let step = solve(h, g, d) else { break }
            var change = 0.0
            for k in 0..<d { beta[k] += step[k]; change = max(change, abs(step[k])) }
            if change < 1e-10 { break }
        }
        return DecisionWeights(bias: beta[0], weights: Array(beta.dropFirst()))
    }

    /// Gaussian elimination with partial pivoting; nil when the system is singular.
    static func solve(_ m: [Double], _ v: [Double], _ n: Int) -> [Double]? {
        var a = m, b = v
        for c in 0..<n {
            var p = c
            for r in (c + 1)..<max(n, c + 1) where abs(a[r * n + c]) > abs(a[p * n + c]) { p = r }
            guard abs(a[p * n + c]) > 1e-12 else { return nil }
            if p != c {
                for k in 0..<n { a.swapAt(c * n + k, p * n + k) }
                b.swapAt(c, p)
            }
            for r in (c + 1)..<max(n, c + 1) {
                let f = a[r * n + c] / a[c * n + c]
                if f == 0 { continue }
                for k in c..<n { a[r * n + k] -= f * a[c * n + k] }
                b[r] -= f * b[c]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for r in stride(from: n - 1, through: 0, by: -1) {
            var s = b[r]
            for k in (r + 1)..<max(n, r + 1) { s -= a[r * n + k] * x[k] }
            x[r] = s / a[r * n + r]
        }
        return x
    }

    /// Whether sample `s` is refused under a fitted decision (`weights` at `tau`, `rescue`) — a
    /// line that decision does not read, or one with no closest result, as decided now — or,
    /// with no weights, as decided now.
    public static func refused(_ s: Sample, weights: DecisionWeights?, tau: Double, rescue: Bool = false) -> Bool {
        // A line with no closest result is refused whatever the decision (the encoder's proposal
        // may read it).
        guard !s.features.isEmpty, let w = weights, s.eligible else { return s.refusedNow }
        return !(w.confidence(s.features) >= tau || (rescue && s.acceptedNow))
    }

    /// The confidence of a refusal (`ScoreModel.refusal`): a logistic model of "nothing should
    /// run" (the line is out of domain) from the closest result's features, fitted on the
    /// samples the decision (`weights` at `tau`; none: the thresholds) refuses. nil when it
    /// refuses none of them, or only lines of one kind (no model can be told from them).
    public static func fitRefusal(_ samples: [Sample], weights: DecisionWeights? = nil, tau: Double = 0.5, rescue: Bool = false,
                                  l2: Double = 0.1) -> DecisionWeights? {
        var rows: [Sample] = []
        for s in samples where !s.features.isEmpty && refused(s, weights: weights, tau: tau, rescue: rescue) {
            var x = s
            x.right = s.outOfDomain
            x.outOfDomain = false
            x.eligible = true
            rows.append(x)
        }
        guard rows.contains(where: \.right), rows.contains(where: { !$0.right }) else { return nil }
        return fit(rows, l2: l2)
    }

    /// Accuracy and false accepts of `samples` when eligible lines run at confidence ≥ `tau`
    /// (the other lines as decided now); no weights: every line as decided now.
    public static func figures(_ samples: [Sample], weights: DecisionWeights?, tau: Double, rescue: Bool = false) -> (accuracy: Double, falseAccepts: Double) {
        tally(samples, confidences(samples, weights), tau: tau, rescue: rescue)
    }

    /// Each sample's confidence under `weights`; nil where the decision stays as it is.
    static func confidences(_ samples: [Sample], _ weights: DecisionWeights?) -> [Double?] {
        samples.map { s in weights.flatMap { s.eligible && !s.features.isEmpty ? $0.confidence(s.features) : nil } }
    }

    static func tally(_ samples: [Sample], _ conf: [Double?], tau: Double, rescue: Bool = false) -> (accuracy: Double, falseAccepts: Double) {
        let (right, fa, ood, all) = sums(samples, conf, tau: tau, rescue: rescue)
        return (all == 0 ? 0 : right / all, ood == 0 ? 0 : fa / ood)
    }

    /// The weights of the lines right, falsely accepted, out of domain and all (`tally`'s counts).
    static func sums(_ samples: [Sample], _ conf: [Double?], tau: Double, rescue: Bool) -> (right: Double, fa: Double, ood: Double, all: Double) {
        var right = 0.0, fa = 0.0, ood = 0.0, all = 0.0
        for (s, c) in zip(samples, conf) {
            all += s.weight
            if s.outOfDomain { ood += s.weight }
            let ok: Bool
            if let c {
                let runs = c >= tau || (rescue && s.acceptedNow)
                ok = s.outOfDomain ? !runs : (runs && s.right)
            } else {
                ok = s.correctNow
            }
            if ok { right += s.weight } else if s.outOfDomain { fa += s.weight }
        }
        return (right, fa, ood, all)
    }

    /// The confidence threshold with the best accuracy on `samples` whose false accepts stay at
    /// most `maxFalseAccepts`; ties go to the higher threshold. Candidates: each sample's
    /// confidence, rounded down to 4 decimals.
    public static func threshold(_ samples: [Sample], weights: DecisionWeights, maxFalseAccepts: Double, rescue: Bool = false) -> Double {
        var cands = Set<Double>()
        for s in samples where s.eligible && !s.features.isEmpty {
            // Rounded down, so the sample's own confidence reaches it.
            let c = (weights.confidence(s.features) * 10000).rounded(.down) / 10000
            if c > 0, c < 1 { cands.insert(c) }
        }
        let conf = confidences(samples, weights)
        var best = 0.9999, bestAcc = -1.0
        for t in cands.sorted(by: >) {
            let f = tally(samples, conf, tau: t, rescue: rescue)
            if f.falseAccepts <= maxFalseAccepts + 1e-12, f.accuracy > bestAcc + 1e-12 { best = t; bestAcc = f.accuracy }
        }
        return best
    }
}
