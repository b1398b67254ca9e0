import Foundation
import Dispatch

/// What the matcher did with one corpus utterance.
public struct Prediction: Sendable {
    public var item: CorpusItem
    public var locale: String
    public var decision: MatchResult.Decision
    /// The top result when the decision is not "none".
    public var got: MatchCandidate?
    /// The closest result even when the decision is "none" (for explanations).
    public var closest: MatchCandidate?
    public var reason: String
    public var intentCorrect: Bool
    public var exactCorrect: Bool
    public var inTopK: Bool
    /// Exact for in-domain; no result for out-of-domain.
    public var correct: Bool
    public var micros: Double

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
                        ("tags", .array(item.tags.map { .string($0) })), ("source", .string("\(item.file):\(item.line)"))])
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
        self.k = k
        count = ps.count
        var correct = 0, intentOK = 0, exactOK = 0, topK = 0, rejects = 0, accepts = 0
        for p in ps {
            if p.correct { correct += 1 }
            if p.item.expect != nil {
                inDomain += 1
                if p.intentCorrect { intentOK += 1 }
                if p.exactCorrect { exactOK += 1 }
                if p.inTopK { topK += 1 }
                if p.decision == .none { rejects += 1 }
            } else {
                outOfDomain += 1
                if p.decision != .none { accepts += 1 }
            }
        }
        func ratio(_ a: Int, _ b: Int) -> Double { b == 0 ? 0 : Double(a) / Double(b) }
        accuracy = ratio(correct, count)
        intentAccuracy = ratio(intentOK, inDomain)
        exactAccuracy = ratio(exactOK, inDomain)
        topKAccuracy = ratio(topK, inDomain)
        falseRejectRate = ratio(rejects, inDomain)
        falseAcceptRate = ratio(accepts, outOfDomain)
        let lat = ps.map(\.micros).sorted()
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

    public var misrouted: [Prediction] { predictions.filter { !$0.correct } }
}

public enum Evaluator {
    /// Matches one item and judges it.
    public static func predict(_ item: CorpusItem, matcher: Matcher, k: Int, explain: Bool) -> Prediction {
        let locale = item.locale ?? matcher.defaultLocale
        var o = matcher.options
        o.limit = max(k, o.limit)
        o.explain = explain
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
        return Prediction(item: item, locale: locale, decision: r.decision, got: got, closest: r.results.first,
                          reason: r.reason, intentCorrect: intentOK, exactCorrect: exactOK, inTopK: inTopK, correct: correct,
                          micros: Double(t1 - t0) / 1000)
    }

    /// Evaluates items on every core; the predictions are in input order, identical to one thread.
    public static func run(_ items: [CorpusItem], matcher: Matcher, k: Int = 3, threads: Int? = nil,
                           explain: Bool = false, progress: (@Sendable (Int, Int) -> Void)? = nil) -> (predictions: [Prediction], seconds: Double) {
        let n = items.count
        let workers = max(1, min(threads ?? ProcessInfo.processInfo.activeProcessorCount, 64))
        let out = UnsafeMutableBufferPointer<Prediction?>.allocate(capacity: max(n, 1))
        out.initialize(repeating: nil)
        defer {
            _ = out.deinitialize()
            out.deallocate()
        }
        let start = DispatchTime.now().uptimeNanoseconds
        let chunk = 256
        let chunks = (n + chunk - 1) / chunk
        let done = ProgressCounter()
        let buffer = SendableBuffer(out)
        DispatchQueue.concurrentPerform(iterations: min(workers, max(chunks, 1))) { w in
            var c = w
            while c < chunks {
                let lo = c * chunk, hi = min(n, lo + chunk)
                for i in lo..<hi { buffer.base[i] = predict(items[i], matcher: matcher, k: k, explain: explain) }
                let total = done.add(hi - lo)
                progress?(total, n)
                c += workers
            }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return (out.compactMap { $0 }, seconds)
    }

    public static func report(_ ps: [Prediction], seconds: Double, k: Int, errors: [Diagnostic], qualifyApps: Bool) -> EvalReport {
        let overall = Metrics(ps, k: k, wallSeconds: seconds)
        func groups(_ key: (Prediction) -> [String]) -> [(String, Metrics)] {
            var g: [String: [Prediction]] = [:]
            for p in ps { for k in key(p) { g[k, default: []].append(p) } }
            return g.keys.sorted().map { name in
                let sub = g[name] ?? []
                return (name, Metrics(sub, k: k, wallSeconds: seconds * Double(sub.count) / Double(max(ps.count, 1))))
            }
        }
        let byTag = groups { $0.item.tags.isEmpty ? ["(untagged)"] : $0.item.tags }
        let byLocale = groups { [$0.locale] }
        var labelSet = Set<String>()
        for p in ps { labelSet.insert(p.expectedLabel(qualified: qualifyApps)); labelSet.insert(p.predictedLabel(qualified: qualifyApps)) }
        let labels = labelSet.filter { $0 != "none" }.sorted() + (labelSet.contains("none") ? ["none"] : [])
        let pos = Dictionary(uniqueKeysWithValues: labels.enumerated().map { ($1, $0) })
        var confusion = [[Int]](repeating: [Int](repeating: 0, count: labels.count), count: labels.count)
        for p in ps {
            if let a = pos[p.expectedLabel(qualified: qualifyApps)], let b = pos[p.predictedLabel(qualified: qualifyApps)] { confusion[a][b] += 1 }
        }
        var byIntent: [IntentScore] = []
        for l in labels where l != "none" {
            guard let i = pos[l] else { continue }
            let tp = confusion[i][i]
            let predicted = labels.indices.reduce(0) { $0 + confusion[$1][i] }
            let actual = confusion[i].reduce(0, +)
            let precision = predicted == 0 ? 0 : Double(tp) / Double(predicted)
            let recall = actual == 0 ? 0 : Double(tp) / Double(actual)
            let f1 = precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall)
            let sub = ps.filter { $0.expectedLabel(qualified: qualifyApps) == l }
            byIntent.append(IntentScore(label: l, precision: precision, recall: recall, f1: f1, support: actual,
                                        metrics: Metrics(sub, k: k)))
        }
        return EvalReport(overall: overall, byTag: byTag, byLocale: byLocale, byIntent: byIntent, labels: labels,
                          confusion: confusion, predictions: ps, errors: errors)
    }
}

final class ProgressCounter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()
    func add(_ k: Int) -> Int { lock.lock(); defer { lock.unlock() }; value += k; return value }
}

/// Disjoint-index writes from concurrent workers.
struct SendableBuffer<T>: @unchecked Sendable {
    let base: UnsafeMutableBufferPointer<T>
    init(_ b: UnsafeMutableBufferPointer<T>) { base = b }
}
