import Foundation

/// Routes utterances to App Shortcuts. Built once from catalogs (immutable, `Sendable`), then
/// used from any number of threads. See docs/matching.md for the algorithm.
public final class Matcher: Sendable {
    public let catalogs: [Catalog]
    public let options: MatchOptions
    /// `options`, boxed for the queries (`QueryOptions`).
    private let optionsBox: QueryOptions
    let indexes: [String: LocaleIndex]
    /// Each index's workspaces, in `locales` order (a requested locale that is indexed is found
    /// by a scan), and by locale.
    let poolList: [WorkspacePool]
    let pools: [String: WorkspacePool]
    /// Locales with an index, in a stable order.
    public let locales: [String]
    /// The sentence encoder's stage, when the matcher has an encoder.
    let semantic: SemanticStage?
    /// The sentence encoder, when the matcher has one.
    public var encoder: (any SentenceEncoder)? { semantic?.encoder }

    /// Builds the indexes for the given locales (default: every locale of every catalog).
    /// With an `encoder`, a refused result may be confirmed by meaning (`SemanticStage`); its
    /// phrase vectors are built when a locale first needs them, read from `vectorCache` when it
    /// holds them.
    public init(catalogs: [Catalog], locales: [String]? = nil, options: MatchOptions = MatchOptions(),
                encoder: (any SentenceEncoder)? = nil, vectorCache: PhraseVectorCache? = nil) {
        self.catalogs = catalogs
        semantic = encoder.map { SemanticStage(encoder: $0, cache: vectorCache, catalogs: catalogs) }
        self.options = options
        optionsBox = QueryOptions(options)
        let ls = locales.map { Matcher.distinct($0) } ?? Matcher.locales(of: catalogs)
        self.locales = ls
        // One locale per core at a time: each index (and its locale's normalizer, with the
        // number spellings ICU writes out) is built on its own.
        let order = ls
        let built = Parallel.map(count: order.count, chunk: 1) { IndexBuilder.build(catalogs: catalogs, locale: order[$0], model: options.model) }
        var idx: [String: LocaleIndex] = [:]
        for (l, x) in zip(ls, built) { idx[l] = x }
        indexes = idx
        poolList = ls.compactMap { idx[$0] }.map { WorkspacePool($0) }
        var ps: [String: WorkspacePool] = [:]
        for (l, p) in zip(ls.filter { idx[$0] != nil }, poolList) { ps[l] = p }
        pools = ps
    }

    /// The development locale of the first catalog (the default locale).
    public var defaultLocale: String { catalogs.first?.developmentLocale ?? locales.first ?? "en" }

    /// The indexed locale an utterance locale maps to (exact, then by fallback: en-GB → en).
    public func indexedLocale(for locale: String) -> String? { Matcher.locale(for: locale, among: locales) }

    /// Every locale of the catalogs, each once, in catalog order (what a matcher indexes by default).
    public static func locales(of catalogs: [Catalog]) -> [String] { distinct(catalogs.flatMap(\.allLocales)) }

    static func distinct(_ ls: [String]) -> [String] {
        var out: [String] = []
        for l in ls where !out.contains(l) { out.append(l) }
        return out
    }

    /// The locale of `available` an utterance locale maps to (exact, then by fallback, then the
    /// first of the same language). A matcher built for `[Matcher.locale(for: l, among: …)]`
    /// alone answers utterances of `l` as one built for every locale does, and starts faster.
    public static func locale(for locale: String, among available: [String]) -> String? {
        if available.contains(locale) { return locale }
        for c in LocaleStore.fallbackChain(locale) where available.contains(c) { return c }
        let lang = locale.split(separator: "-").first.map(String.init) ?? locale
        return available.first { $0.split(separator: "-").first.map(String.init) == lang }
    }

    /// Number of compiled templates and vocabulary size per locale (for reports and benchmarks).
    public func statistics(locale: String) -> (templates: Int, vocabulary: Int, slotValues: Int)? {
        guard let i = indexes[locale] else { return nil }
        return (i.templates.count, i.vocabText.count, i.slotSets.reduce(0) { $0 + $1.variants.count })
    }

    /// For the tests: each candidate template's upper bound (the smaller of the plain and the
    /// refined one) and the score of its best reading, every candidate and reading evaluated
    /// (`MatchOptions.noBounds`). Nil for a locale not indexed.
    func templateBounds(_ text: String, locale: String) -> [(template: Int, bound: Float, score: Float)]? {
        guard let pool = pools[locale] else { return nil }
        var opts = options
        opts.explain = false
        opts.noBounds = true
        return withQuery(pool, text, QueryOptions(opts), LogBounds(locale: locale, catalogs: catalogs))
    }

    /// For the tests: each unit's class once `text` is prepared (`WordClass`), with `options`.
    /// Nil for a locale not indexed.
    func wordClasses(_ text: String, locale: String, options: MatchOptions) -> [WordClass]? {
        guard let pool = pools[locale] else { return nil }
        return withQuery(pool, text, QueryOptions(options), PrepareOnly())
    }

    /// For the tests: the relation kinds of each unit's word matches once `text` is prepared
    /// (`WordRelation`, in the order found). Nil for a locale not indexed.
    func wordRelations(_ text: String, locale: String) -> [[WordRelation]]? {
        guard let pool = pools[locale] else { return nil }
        return withQuery(pool, text, optionsBox, PrepareRelations())
    }

    /// For the tests: matches `text` with every alignment checked against every path through
    /// its table (`MatchOptions.referenceAlignment`); what the check found.
    func checkAlignments(_ text: String, locale: String, options: MatchOptions) -> AlignmentCheck? {
        guard let pool = pools[locale] else { return nil }
        var opts = options
        opts.referenceAlignment = true
        return withQuery(pool, text, QueryOptions(opts), CheckAlignments(locale: locale, catalogs: catalogs))
    }

    /// What runs on a prepared utterance, whatever its set of units (`withQuery`); it gives
    /// the utterance's arrays back (`PreparedUtterance.giveBack`, `Query.run` does).
    private protocol QueryBody {
        associatedtype Result
        func callAsFunction<Units: UnitBits>(_ u: consuming PreparedUtterance<Units>) -> Result
    }

    private struct RunQuery: QueryBody {
        let locale: String
        let catalogs: [Catalog]
        func callAsFunction<Units: UnitBits>(_ u: consuming PreparedUtterance<Units>) -> MatchResult {
            let options = u.options
            return Query.run(u, options: options, locale: locale, catalogs: catalogs)
        }
    }

    private struct LogBounds: QueryBody {
        let locale: String
        let catalogs: [Catalog]
        func callAsFunction<Units: UnitBits>(_ u: consuming PreparedUtterance<Units>) -> [(template: Int, bound: Float, score: Float)]? {
            let ws = u.ws, options = u.options
            ws.pool.pointee.boundLog = []
            defer { ws.pool.pointee.boundLog = nil }
            _ = Query.run(u, options: options, locale: locale, catalogs: catalogs)
            return ws.pool.pointee.boundLog
        }
    }

    private struct PrepareOnly: QueryBody {
        func callAsFunction<Units: UnitBits>(_ u: consuming PreparedUtterance<Units>) -> [WordClass] {
            let classes = Array(u.wordClass.prefix(u.n))
            u.giveBack()
            return classes
        }
    }

    private struct PrepareRelations: QueryBody {
        func callAsFunction<Units: UnitBits>(_ u: consuming PreparedUtterance<Units>) -> [[WordRelation]] {
            let relations = (0..<u.n).map { i in Array(u.mKind[u.mStart[i]..<(u.mStart[i] + u.mCount[i])]) }
            u.giveBack()
            return relations
        }
    }

    private struct CheckAlignments: QueryBody {
        let locale: String
        let catalogs: [Catalog]
        func callAsFunction<Units: UnitBits>(_ u: consuming PreparedUtterance<Units>) -> AlignmentCheck {
            let ws = u.ws, options = u.options
            ws.pool.pointee.alignmentCheck = AlignmentCheck()
            _ = Query.run(u, options: options, locale: locale, catalogs: catalogs)
            defer { ws.pool.pointee.alignmentCheck = AlignmentCheck() }
            return ws.pool.pointee.alignmentCheck
        }
    }

    /// Runs `body` on `text` prepared with a workspace of the pool's index, then gives the
    /// workspace back clean.
    /// The units are a `UInt64` under 64 of them, `WideUnits` otherwise: the same search.
    @inline(__always)
    private func withQuery<B: QueryBody>(_ pool: WorkspacePool, _ text: String, _ opts: QueryOptions, _ body: B) -> B.Result {
        let ws = pool.acquire()
        let units = pool.index.queryUnits(text, mode: opts.value.mode)
        func run<Units: UnitBits>(_: Units.Type) -> B.Result {
            body(PreparedUtterance<Units>(index: pool.index, text: text, units: units, options: opts, workspace: ws))
        }
        let r = units.count <= UInt64.capacity ? run(UInt64.self) : run(WideUnits.self)
        pool.release(ws)
        return r
    }

    /// Utterances longer than this (UTF-8 bytes) are refused unread as `tooLong`: no one says
    /// 32 KB, and reading it costs time in segmentation (a 100,000-character Thai run took a
    /// second) before the length rule of the search could refuse it.
    public static let maxUtteranceBytes = 32_768

    /// Matches one utterance.
    public func match(_ text: String, locale: String? = nil, options override: MatchOptions? = nil) -> MatchResult {
        // (The options stay where they are, in the matcher's box or one made for the override;
        // without one they are not copied: `Optional.map` copied them, 592 bytes, for nothing.)
        let opts: QueryOptions
        if let o = override { opts = QueryOptions(o) } else { opts = optionsBox }
        let requested = locale ?? defaultLocale
        if text.utf8.count > Matcher.maxUtteranceBytes {
            return MatchResult(text: text, locale: requested, decision: .none, results: [], why: .tooLong, negative: nil)
        }
        let pool: WorkspacePool
        if let k = locales.firstIndex(of: requested), k < poolList.count {
            pool = poolList[k]
        } else {
            guard let l = indexedLocale(for: requested), let p = pools[l] else {
                return MatchResult(text: text, locale: requested, decision: .none, results: [],
                                   why: .noLocale(requested), negative: nil)
            }
            pool = p
        }
        let r = withQuery(pool, text, opts, RunQuery(locale: requested, catalogs: catalogs))
        guard let semantic, opts.value.semantic, opts.value.mode == .flexible else { return r }
        return semantic.review(r, indexLocale: pool.index.locale, rule: opts.value.model.semantic,
                               units: { pool.index.queryUnits(text, mode: opts.value.mode).count },
                               propose: proposer(pool, text, opts.value, locale: requested))
    }

    /// The lexical search of one shortcut's phrases alone (`MatchOptions.onlyShortcut`), for
    /// the sentence encoder's proposal.
    private func proposer(_ pool: WorkspacePool, _ text: String, _ o: MatchOptions, locale: String) -> (ShortcutRef) -> MatchResult {
        { ref in
            var only = o
            only.onlyShortcut = ref
            only.semantic = false
            return self.withQuery(pool, text, QueryOptions(only), RunQuery(locale: locale, catalogs: self.catalogs))
        }
    }

    /// What the sentence encoder reads of `r` (a result of this matcher) were it refused,
    /// whatever the decision: its evidence against `r`'s closest result, and the encoder's
    /// proposal (the nearest shortcut's best reading where the search's closest is another's or
    /// none), with its own. For a fit that reads the encoder's evidence on lines the decision it fits may
    /// refuse (`DecisionFit.samples`). nil without an encoder, or where it would not read `r`.
    public func semanticReading(for r: MatchResult, options: MatchOptions? = nil) -> SemanticReading? {
        let o = options ?? self.options
        guard let semantic, let l = indexedLocale(for: r.locale), let pool = pools[l],
              SemanticStage.readsIfRefused(r, units: { pool.index.queryUnits(r.text, mode: o.mode).count }) else { return nil }
        return semantic.reading(r, indexLocale: l, proposals: true, tokens: { _ in true }, propose: proposer(pool, r.text, o, locale: r.locale))
    }

    /// Builds the phrase vectors of `locales` (default: every indexed one) now, not when an
    /// utterance first needs them; with a cache, writes them there. No encoder: nothing.
    /// Returns the number of phrase rows.
    @discardableResult
    public func prepareSemantic(locales ls: [String]? = nil) -> Int {
        guard let semantic else { return 0 }
        return (ls ?? locales).reduce(0) { $0 + semantic.vectors($1).texts.count }
    }
}
