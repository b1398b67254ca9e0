import Foundation
import Dispatch
import Synchronization

/// What the matcher did with one corpus utterance.
public struct Prediction: Sendable {
    public var item: CorpusItem
    public var locale: String
    public var decision: MatchResult.Decision
    /// The top result when the decision is not "none".
    public var got: MatchCandidate?
    /// The closest result even when the decision is "none" (for explanations).
    public var closest: MatchCandidate?
    /// Why the matcher decided so; `reason` is its sentence, built only when read (reports read it
    /// for the misrouted alone).
    public var why: Reason
    public var reason: String { why.text }
    public var intentCorrect: Bool
    public var exactCorrect: Bool
    public var inTopK: Bool
    /// Exact for in-domain; no result for out-of-domain.
    public var correct: Bool
    public var micros: Double
    /// The best result's confidence (`MatchResult.confidence`), when the model gives one.
    public var confidence: Double? = nil
    /// What the sentence encoder said, when the matcher has one and the decision needed it.
    public var meaning: SemanticEvidence? = nil
    /// The best result (the match, or the closest of a refusal) is the expected shortcut and
    /// value (never, for an out-of-domain line): what a result's `confidence` estimates (a
    /// refusal's estimates that nothing should run).
    public var bestRight = false

    /// Confusion-matrix labels; `qualified` adds the app (when several apps are loaded).
    public func expectedLabel(qualified: Bool) -> String {
        item.expect.map { Prediction.label(app: $0.app, intent: $0.intent, qualified) } ?? "none"
    }
    public func predictedLabel(qualified: Bool) -> String {
        got.map { Prediction.label(app: $0.app, intent: $0.intent, qualified) } ?? "none"
    }

    static func label(app: String?, intent: String, _ qualified: Bool) -> String {
        qualified ? "\(app ?? "*")/\(intent)" : intent
    }

    public var json: JSONOut {
        var expect: JSONOut = .null
        if let e = item.expect {
            var o: [(String, JSONOut)] = []
            if let a = e.app { o.append(("app", .string(a))) }
            o.append(("intent", .string(e.intent)))
            o.append(("parameters", .object(e.parameters.sorted { $0.key < $1.key }.map { ($0.key, paramJSON($0.value)) })))
            expect = .object(o)
        }
        var got: JSONOut = .null
        if let g = self.got {
            got = .object([("app", .string(g.app)), ("intent", .string(g.intent)),
                           ("parameters", .object(g.parameters.map { ($0.name, $0.value.json) })),
                           ("score", .double(g.score)), ("phrase", .string(g.template))])
        }
        var closestJSON: JSONOut = .null
        if let c = closest {
            closestJSON = .object([("app", .string(c.app)), ("intent", .string(c.intent)),
                                   ("parameters", .object(c.parameters.map { ($0.name, $0.value.json) })), ("score", .double(c.score)),
                                   ("appNamed", .bool(c.appNamed))])
        }
        return .object([("text", .string(item.text)), ("locale", .string(locale)), ("expect", expect), ("got", got),
                        ("decision", .string(decision.rawValue)), ("correct", .bool(correct)), ("closest", closestJSON),
                        ("tags", .array(item.tags.map { .string($0) })), ("source", .string("\(item.file):\(item.line)"))]
                        + (confidence.map { [("confidence", JSONOut.double(($0 * 10000).rounded() / 10000))] } ?? [])
                        + (meaning.map { [("meaning", $0.json)] } ?? []))
    }

    func paramJSON(_ v: String) -> JSONOut { v == "true" ? .bool(true) : (v == "false" ? .bool(false) : .string(v)) }
}

/// The spec's metrics over a set of predictions.
public struct Metrics: Sendable {
    public var count = 0
    public var inDomain = 0
    public var outOfDomain = 0
    public var accuracy = 0.0
    public var intentAccuracy = 0.0
    public var exactAccuracy = 0.0
    public var topKAccuracy = 0.0
    public var k = 3
    public var falseRejectRate = 0.0
    public var falseAcceptRate = 0.0
    public var p50Micros = 0.0
    public var p99Micros = 0.0
    public var utterancesPerSecond = 0.0

    public init() {}

    public init(_ ps: [Prediction], k: Int, wallSeconds: Double? = nil) {
        let outcomes = Outcome.of(ps)
        self.init(outcomes, outcomes.indices, k: k, wallSeconds: wallSeconds)
    }

    /// What the metrics need of one prediction: flags and the latency, no strings (cheap to scan
    /// and to group by index, however many predictions there are).
    struct Outcome {
        var correct: Bool
        var inDomain: Bool
        var intentCorrect: Bool
        var exactCorrect: Bool
        var inTopK: Bool
        var rejected: Bool
        var micros: Double

        /// Read field by field, in place (no copy of a prediction).
        static func of(_ ps: [Prediction]) -> [Outcome] {
            var out: [Outcome] = []
            out.reserveCapacity(ps.count)
            for i in ps.indices {
                out.append(Outcome(correct: ps[i].correct, inDomain: ps[i].item.expect != nil, intentCorrect: ps[i].intentCorrect,
                                   exactCorrect: ps[i].exactCorrect, inTopK: ps[i].inTopK, rejected: ps[i].decision == .none,
                                   micros: ps[i].micros))
            }
            return out
        }
    }

    /// The metrics of the outcomes at `subset` (in any order: every figure is a count or a sorted percentile).
    init<C: Collection<Int>>(_ outcomes: [Outcome], _ subset: C, k: Int, wallSeconds: Double? = nil) {
        self.k = k
        count = subset.count
        var correct = 0, intentOK = 0, exactOK = 0, topK = 0, rejects = 0, accepts = 0
        var lat: [Double] = []
        lat.reserveCapacity(count)
        for i in subset {
            let p = outcomes[i]
            lat.append(p.micros)
            if p.correct { correct += 1 }
            if p.inDomain {
                inDomain += 1
                if p.intentCorrect { intentOK += 1 }
                if p.exactCorrect { exactOK += 1 }
                if p.inTopK { topK += 1 }
                if p.rejected { rejects += 1 }
            } else {
                outOfDomain += 1
                if !p.rejected { accepts += 1 }
            }
        }
        func ratio(_ a: Int, _ b: Int) -> Double { b == 0 ? 0 : Double(a) / Double(b) }
        accuracy = ratio(correct, count)
        intentAccuracy = ratio(intentOK, inDomain)
        exactAccuracy = ratio(exactOK, inDomain)
        topKAccuracy = ratio(topK, inDomain)
        falseRejectRate = ratio(rejects, inDomain)
        falseAcceptRate = ratio(accepts, outOfDomain)
        lat.sort()
        p50Micros = Metrics.percentile(lat, 0.5)
        p99Micros = Metrics.percentile(lat, 0.99)
        if let w = wallSeconds, w > 0 { utterancesPerSecond = Double(count) / w }
    }

    static func percentile(_ sorted: [Double], _ q: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let idx = min(sorted.count - 1, max(0, Int((Double(sorted.count) * q).rounded(.up)) - 1))
        return sorted[idx]
    }

    public static let names = ["count", "accuracy", "intentAccuracy", "exactAccuracy", "topKAccuracy", "falseRejectRate",
                               "falseAcceptRate", "p50Micros", "p99Micros", "utterancesPerSecond"]

    public func value(_ name: String) -> Double? {
        switch name {
        case "count": return Double(count)
        case "accuracy": return accuracy
        case "intentAccuracy": return intentAccuracy
        case "exactAccuracy": return exactAccuracy
        case "topKAccuracy": return topKAccuracy
        case "falseRejectRate": return falseRejectRate
        case "falseAcceptRate": return falseAcceptRate
        case "p50Micros": return p50Micros
        case "p99Micros": return p99Micros
        case "utterancesPerSecond": return utterancesPerSecond
        default: return nil
        }
    }

    /// Timing figures vary run to run; `includeTiming: false` keeps reports byte-stable.
    public func jsonFields(includeTiming: Bool = true) -> [(String, JSONOut)] {
        var o: [(String, JSONOut)] = [
            ("count", .int(count)), ("inDomain", .int(inDomain)), ("outOfDomain", .int(outOfDomain)),
            ("accuracy", .double(accuracy)), ("intentAccuracy", .double(intentAccuracy)),
            ("exactAccuracy", .double(exactAccuracy)), ("topKAccuracy", .double(topKAccuracy)), ("k", .int(k)),
            ("falseRejectRate", .double(falseRejectRate)), ("falseAcceptRate", .double(falseAcceptRate)),
        ]
        if includeTiming {
            o += [("p50Micros", .double(p50Micros)), ("p99Micros", .double(p99Micros)),
                  ("utterancesPerSecond", .double(utterancesPerSecond.rounded()))]
        }
        return o
    }
}

public struct IntentScore: Sendable {
    public var label: String
    public var precision: Double
    public var recall: Double
    public var f1: Double
    public var support: Int
    public var metrics: Metrics
}

/// A whole evaluation: overall metrics, breakdowns, confusion matrix and the misrouted lines.
public struct EvalReport: Sendable {
    public var overall: Metrics
    public var byTag: [(String, Metrics)]
    public var byLocale: [(String, Metrics)]
    public var byIntent: [IntentScore]
    public var labels: [String]
    /// confusion[expected][predicted] counts, both indexed by `labels`.
    public var confusion: [[Int]]
    public var predictions: [Prediction]
    public var errors: [Diagnostic]
    /// Confidence against what happened, when the model gives confidences.
    public var reliability: Reliability? = nil

    public var misrouted: [Prediction] { predictions.filter { !$0.correct } }
}

public enum Evaluator {
    /// Matches one item and judges it.
    public static func predict(_ item: CorpusItem, matcher: Matcher, k: Int, explain: Bool) -> Prediction {
        predict(item, matcher: matcher, k: k, options: options(matcher, k: k, explain: explain))
    }

    /// The matcher's options for an evaluation: at least k results, explanations only when asked.
    public static func options(_ matcher: Matcher, k: Int, explain: Bool) -> MatchOptions {
        var o = matcher.options
        o.limit = max(k, o.limit)
        o.explain = explain
        return o
    }

    /// Whether a result is the expected one: its app (when expected), intent and every expected
    /// parameter value.
    public static func isExact(_ c: MatchCandidate, _ e: CorpusItem.Expectation) -> Bool {
        c.intent == e.intent && (e.app == nil || e.app == c.app)
            && e.parameters.allSatisfy { (k, v) in c.parameters.contains { $0.name == k && $0.value.identity == v } }
    }

    public static func predict(_ item: CorpusItem, matcher: Matcher, k: Int, options o: MatchOptions) -> Prediction {
        let locale = item.locale ?? matcher.defaultLocale
        let t0 = DispatchTime.now().uptimeNanoseconds
        let r = matcher.match(item.text, locale: locale, options: o)
        let t1 = DispatchTime.now().uptimeNanoseconds
        let got = r.top
        var intentOK = false, exactOK = false, inTopK = false
        if let e = item.expect {
            func sameIntent(_ c: MatchCandidate) -> Bool { c.intent == e.intent && (e.app == nil || e.app == c.app) }
            if let g = got, sameIntent(g) {
                intentOK = true
                exactOK = e.parameters.allSatisfy { (k, v) in g.parameters.contains { $0.name == k && $0.value.identity == v } }
            }
            inTopK = r.decision != .none && r.results.prefix(k).contains(where: sameIntent)
        }
        let correct = item.expect == nil ? r.decision == .none : exactOK
        var p = Prediction(item: item, locale: locale, decision: r.decision, got: got, closest: r.results.first,
                           why: r.why, intentCorrect: intentOK, exactCorrect: exactOK, inTopK: inTopK, correct: correct,
                           micros: Double(t1 - t0) / 1000)
        p.confidence = r.confidence
        p.meaning = r.meaning
        if let e = item.expect, let best = r.results.first { p.bestRight = isExact(best, e) }
        return p
    }

    /// Evaluates items on every core; the predictions are in input order, identical to one thread.
    public static func run(_ items: [CorpusItem], matcher: Matcher, k: Int = 3, threads: Int? = nil,
                           explain: Bool = false, progress: (@Sendable (Int, Int) -> Void)? = nil) -> (predictions: [Prediction], seconds: Double) {
        let o = options(matcher, k: k, explain: explain)
        let start = DispatchTime.now().uptimeNanoseconds
        let ps = Parallel.map(count: items.count, threads: threads, progress: progress) { i in
            predict(items[i], matcher: matcher, k: k, options: o)
        }
        return (ps, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }

    public static func report(_ ps: [Prediction], seconds: Double, k: Int, errors: [Diagnostic], qualifyApps: Bool) -> EvalReport {
        // One pass over the predictions; everything after works on flags and small integers.
        let outcomes = Metrics.Outcome.of(ps)
        let overall = Metrics(outcomes, outcomes.indices, k: k, wallSeconds: seconds)
        func groups(_ members: [String: [Int]]) -> [(String, Metrics)] {
            members.keys.sorted().map { name in
                let sub = members[name] ?? []
                return (name, Metrics(outcomes, sub, k: k, wallSeconds: seconds * Double(sub.count) / Double(max(ps.count, 1))))
            }
        }
        var tagMembers: [String: [Int]] = [:], localeMembers: [String: [Int]] = [:]
        for i in ps.indices {
            let tags = ps[i].item.tags
            if tags.isEmpty { tagMembers["(untagged)", default: []].append(i) }
            for t in tags { tagMembers[t, default: []].append(i) }
            localeMembers[ps[i].locale, default: []].append(i)
        }
        let byTag = groups(tagMembers)
        let byLocale = groups(localeMembers)

        // Labels by (app, intent) key, each spelled once: the same label whatever the key that spells it.
        struct LabelKey: Hashable { var app: String?; var intent: String }
        var keyLabel: [LabelKey: String] = [:]
        func label(_ app: String?, _ intent: String?) -> String {
            guard let intent else { return "none" }
            let key = LabelKey(app: qualifyApps ? app : nil, intent: intent)
            if let l = keyLabel[key] { return l }
            let l = Prediction.label(app: app, intent: intent, qualifyApps)
            keyLabel[key] = l
            return l
        }
        var expectedLabels: [String] = [], predictedLabels: [String] = []
        expectedLabels.reserveCapacity(ps.count)
        predictedLabels.reserveCapacity(ps.count)
        for i in ps.indices {
            expectedLabels.append(label(ps[i].item.expect?.app, ps[i].item.expect?.intent))
            predictedLabels.append(label(ps[i].got?.app, ps[i].got?.intent))
        }
        let used = Set(expectedLabels).union(predictedLabels)
        let labels = used.filter { $0 != "none" }.sorted() + (used.contains("none") ? ["none"] : [])
        let pos = Dictionary(uniqueKeysWithValues: labels.enumerated().map { ($1, $0) })
        var confusion = [[Int]](repeating: [Int](repeating: 0, count: labels.count), count: labels.count)
        var byExpected = [[Int]](repeating: [], count: labels.count)
        for i in ps.indices {
            if let a = pos[expectedLabels[i]] {
                byExpected[a].append(i)
                if let b = pos[predictedLabels[i]] { confusion[a][b] += 1 }
            }
        }
        var byIntent: [IntentScore] = []
        for (i, l) in labels.enumerated() where l != "none" {
            let tp = confusion[i][i]
            let predicted = labels.indices.reduce(0) { $0 + confusion[$1][i] }
            let actual = confusion[i].reduce(0, +)
            let precision = predicted == 0 ? 0 : Double(tp) / Double(predicted)
            let recall = actual == 0 ? 0 : Double(tp) / Double(actual)
            let f1 = precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall)
            byIntent.append(IntentScore(label: l, precision: precision, recall: recall, f1: f1, support: actual,
                                        metrics: Metrics(outcomes, byExpected[i], k: k)))
        }
        var r = EvalReport(overall: overall, byTag: byTag, byLocale: byLocale, byIntent: byIntent, labels: labels,
                           confusion: confusion, predictions: ps, errors: errors)
        r.reliability = Reliability(ps)
        return r
    }
}

/// A reliability diagram's figures: the lines with a confidence in ten bins of it (0–0.1, …,
/// 0.9–1), each with its mean confidence and how often the decision was right (a result: its
/// best result is the expected one, `Prediction.bestRight`; a refusal: nothing should have
/// run), and the expected calibration error (the bins' gaps between the two,
/// weighted by their lines). A calibrated confidence has every bin on the diagonal.
public struct Reliability: Sendable, Equatable {
    public struct Bin: Sendable, Equatable {
        /// The bin holds confidences in [lower, upper) (the last one includes 1).
        public var lower: Double
        public var upper: Double
        public var count: Int
        public var meanConfidence: Double
        /// The share of its lines whose decision was right (as above).
        public var accuracy: Double
    }
    public static let binCount = 10
    public var bins: [Bin]
    /// Lines with a confidence.
    public var count: Int
    /// Expected calibration error: Σ count/total · |accuracy − mean confidence| over the bins.
    public var expectedCalibrationError: Double
    /// Mean squared gap between each line's confidence and whether it was right.
    public var brierScore: Double

    /// nil when no prediction has a confidence.
    public init?(_ ps: [Prediction]) {
        var n = [Int](repeating: 0, count: Self.binCount), right = n
        var sum = [Double](repeating: 0, count: Self.binCount)
        var total = 0, brier = 0.0
        for p in ps {
            guard let c = p.confidence, c.isFinite else { continue }
            let b = min(max(Int(c * Double(Self.binCount)), 0), Self.binCount - 1)
            n[b] += 1
            sum[b] += c
            // What the confidence estimates: of a refusal, that nothing should run; of a result,
            // that it is the expected shortcut and value.
            let ok = p.decision == .none ? p.correct : p.bestRight
            if ok { right[b] += 1 }
            let y: Double = ok ? 1 : 0
            brier += (c - y) * (c - y)
            total += 1
        }
        guard total > 0 else { return nil }
        var ece = 0.0
        bins = (0..<Self.binCount).map { b in
            let mean = n[b] == 0 ? 0 : sum[b] / Double(n[b]), acc = n[b] == 0 ? 0 : Double(right[b]) / Double(n[b])
            ece += Double(n[b]) / Double(total) * abs(acc - mean)
            return Bin(lower: Double(b) / Double(Self.binCount), upper: Double(b + 1) / Double(Self.binCount),
                       count: n[b], meanConfidence: mean, accuracy: acc)
        }
        count = total
        expectedCalibrationError = ece
        brierScore = brier / Double(total)
    }

    public var json: JSONOut {
        func r(_ x: Double) -> JSONOut { .double((x * 10000).rounded() / 10000) }
        return .object([("lines", .int(count)), ("expectedCalibrationError", r(expectedCalibrationError)), ("brierScore", r(brierScore)),
                        ("bins", .array(bins.map { b in
                            .object([("lower", r(b.lower)), ("upper", r(b.upper)), ("count", .int(b.count)),
                                     ("meanConfidence", r(b.meanConfidence)), ("accuracy", r(b.accuracy))])
                        }))])
    }
}
