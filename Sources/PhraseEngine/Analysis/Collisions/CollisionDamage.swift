/// Damage probes: how far each phrase is from being taken for another one when a recognizer
/// loses one of its words. Each probe phrase is said again once per word with that word left
/// out; when the matcher would then run another target, that is a *flip* toward it. Pairs whose
/// phrases flip are the ones a noisy recognizer confuses (docs/collisions.md, "Against reality"),
/// even when the phrases as written are far apart ("What's my water streak" loses "streak" and
/// becomes "Log water").
///
/// - Every word (of the template text and of the value) is dropped in up to `templateSamples`
///   phrases per template (a flip to another shortcut depends on the template's words more than
///   on the option), and flips to another shortcut are counted per template pair, whatever the value.
/// - Words of a value of several words are dropped in every phrase ("Chai Latte" → "Latte"), and
///   flips to another value of the same shortcut are counted per pair of values.
/// - App names are not dropped (a phrase without its app name needs a higher score, and runs
///   nothing else).
enum CollisionDamage {
    static let templateSamples = 4

    /// Flips counted over the probes of one locale.
    struct Tally: Sendable {
        /// "from key → to key" → flips, and the phrases probed per from key.
        var flips: [String: Int] = [:]
        var probed: [String: Int] = [:]
        /// The first probe and the target it flipped to, per "from → to" (for new pairs).
        var examples: [String: (probe: Int, to: MatchCandidate, kind: CollisionKind, shortcutLevel: Bool)] = [:]
        var order: [String] = []

        /// Flips per probed phrase from `from` to `to` (0 when never probed).
        func rate(_ from: String, _ to: String) -> Double {
            guard let n = probed[from], n > 0 else { return 0 }
            return Double(flips[from + "\u{2}" + to] ?? 0) / Double(n)
        }
    }

    /// The key of a side at the template level (its value left out).
    static func templateKey(app: String, intent: String, template: String) -> String {
        "T\u{1}\(app)\u{1}\(intent)\u{1}\(template)"
    }
    static func templateKey(_ s: CollisionSide) -> String { templateKey(app: s.app, intent: s.intent, template: s.template) }

    /// One damaged utterance of a probe.
    struct Damaged: Sendable {
        var text: String
        /// A word of the template text (else of the value).
        var templateWord: Bool
    }

    /// The probe said once per droppable word with that word left out: every word when
    /// `everyWord`, else the words of a value of several words.
    static func damaged(_ probe: CollisionAnalyzer.Probe, generator g: Synth.Generator, everyWord: Bool) -> [Damaged] {
        let pieces = CatalogLoader.parseTemplate(probe.side.template).pieces
        var segs: [(text: String, kind: Int)] = []  // 0 text, 1 app, 2 value
        for p in pieces {
            switch p {
            case .text(let s): segs.append((s, 0))
            case .appName: segs.append((probe.side.appName, 1))
            case .parameter: segs.append((probe.valueText ?? "", 2))
            }
        }
        var out: [Damaged] = []
        for (i, seg) in segs.enumerated() where seg.kind != 1 {
            if seg.kind == 0 && !everyWord { continue }
            let ws = CollisionNoise.words(seg.text, generator: g)
            if seg.kind == 2 && ws.count < 2 && !everyWord { continue }
            let u = Array(seg.text.utf16)
            for w in ws where w.end <= u.count {
                var a = w.start, b = w.end
                if b < u.count, u[b] == 0x20 { b += 1 } else if a > 0, u[a - 1] == 0x20 { a -= 1 }
                var x = segs.map(\.text)
                x[i] = String(decoding: Array(u[..<a]) + Array(u[b...]), as: UTF16.self)
                let text = x.joined().split(separator: " ").joined(separator: " ")
                guard !g.n.normalize(text).tokens.isEmpty else { continue }
                out.append(Damaged(text: text, templateWord: seg.kind == 0))
            }
        }
        return out
    }

    /// Runs the damage probes of one locale.
    static func run(matcher: Matcher, locale l: String, probes ps: [CollisionAnalyzer.Probe], threads: Int?,
                    progress: (@Sendable (Int, Int) -> Void)? = nil) -> Tally {
        // Which probes drop template words: the first `templateSamples` of each template.
        var seen: [String: Int] = [:]
        var sampled = [Bool](repeating: false, count: ps.count)
        for (i, p) in ps.enumerated() where !p.side.isNegative && p.viaAlternative == nil {
            let k = templateKey(p.side)
            let n = seen[k, default: 0]
            if n < templateSamples { sampled[i] = true }
            seen[k] = n + 1
        }
        var o = matcher.options
        o.explain = false
        o.limit = 2
        let opts = o
        let flags = sampled
        var gens: [String: Synth.Generator] = [:]
        for c in matcher.catalogs { gens[c.app.id] = Synth.Generator(catalog: c, all: matcher.catalogs, locale: l, options: Synth.Options()) }
        let generators = gens
        typealias One = (templateProbed: Bool, valueProbed: Bool, flips: [(to: MatchCandidate, valueWord: Bool)])
        let results: [One] = Parallel.map(count: ps.count, threads: threads, progress: progress) { i in
            let p = ps[i]
            guard !p.side.isNegative, p.viaAlternative == nil, let g = generators[p.side.app] else { return (false, false, []) }
            let ds = damaged(p, generator: g, everyWord: flags[i])
            var flips: [(to: MatchCandidate, valueWord: Bool)] = []
            for d in ds {
                let r = matcher.match(d.text, locale: l, options: opts)
                guard r.decision != .none, let top = r.results.first, !CollisionAnalyzer.sameTarget(top, p.side) else { continue }
                flips.append((top, !d.templateWord))
            }
            let valueWords = (p.valueText.map { CollisionNoise.words($0, generator: g).count } ?? 0) >= 2
            return (flags[i] && !ds.isEmpty, valueWords && ds.contains { !$0.templateWord }, flips)
        }
        var t = Tally()
        for (i, r) in results.enumerated() {
            let p = ps[i].side
            let tk = templateKey(p)
            if r.templateProbed { t.probed[tk, default: 0] += 1 }
            if r.valueProbed { t.probed[p.key, default: 0] += 1 }
            for f in r.flips {
                let sameShortcut = f.to.app == p.app && f.to.intent == p.intent
                // The shortcut with and without a value: the spoken value decides, not a confusion.
                if sameShortcut && (f.to.parameters.isEmpty || p.parameters.isEmpty) { continue }
                // Flips to another shortcut count per template pair (sampled phrases); flips to
                // another value of the shortcut per value pair (words of values of several words).
                if sameShortcut ? !(f.valueWord && r.valueProbed) : !r.templateProbed { continue }
                let from = sameShortcut ? p.key : tk
                let to = sameShortcut ? CollisionAnalyzer.side(f.to, locale: l).key
                    : templateKey(app: f.to.app, intent: f.to.intent, template: f.to.template)
                let key = from + "\u{2}" + to
                if t.flips[key] == nil {
                    t.order.append(key)
                    t.examples[key] = (i, f.to, f.to.app != p.app ? .appName : (sameShortcut ? .parameter : .intent), !sameShortcut)
                }
                t.flips[key, default: 0] += 1
            }
        }
        return t
    }
}
