/// The persisted identity a parameter binds to.
public enum ParameterValue: Sendable, Hashable, Comparable {
    case enumCase(String)
    case entity(String)
    case bool(Bool)

    public var json: JSONOut {
        switch self {
        case .enumCase(let s), .entity(let s): return .string(s)
        case .bool(let b): return .bool(b)
        }
    }

    public var identity: String {
        switch self {
        case .enumCase(let s), .entity(let s): return s
        case .bool(let b): return b ? "true" : "false"
        }
    }

    public static func < (a: ParameterValue, b: ParameterValue) -> Bool { a.identity < b.identity }
}

/// One way of saying the app's name in a locale.
public struct AppNameVariant: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case displayName
        /// An INAlternativeAppName (index in the catalog's list).
        case alternative(Int)
    }
    public var text: String
    public var kind: Kind
    public var pronunciationHint: String?

    public var label: String {
        switch kind {
        case .displayName: return "display name"
        case .alternative(let i): return "alternative name \(i + 1)"
        }
    }
}

/// One way of saying a parameter's value in a locale.
public struct OptionVariant: Sendable, Hashable {
    public var text: String
    public var value: ParameterValue
    /// Index of the option (case, entity option, or 0/1 for false/true) in catalog order.
    public var optionIndex: Int
    /// nil for the title; the synonym otherwise.
    public var synonym: String?
    /// The option's title in this locale (for display).
    public var title: String

    public var label: String { synonym.map { "synonym \"\($0)\"" } ?? "title" }
}

/// A concrete phrase: a template with its app name and parameter filled in.
public struct ExpandedPhrase: Sendable, Hashable {
    public var app: String
    public var intent: String
    public var locale: String
    public var shortcutIndex: Int
    public var templateIndex: Int
    public var template: String
    public var text: String
    public var parameterName: String?
    public var option: OptionVariant?
    public var appName: AppNameVariant
    /// Position in the locale's budget order (0-based).
    public var ordinal: Int

    public var parameters: [(String, ParameterValue)] {
        if let p = parameterName, let o = option { return [(p, o.value)] }
        return []
    }
}

/// Why a template yields no phrases.
public enum TemplateProblem: Sendable, Hashable {
    case missingAppName
    case unknownParameter(String)
    case unsupportedParameter(String, String)
    case multipleParameters([String])
    case noOptions(String)
}

/// Expands templates per locale: every template × app-name variant × option variant.
///
/// Order (what a truncated budget cuts): shortcuts in file order, then templates in file order,
/// then options in catalog order (title, then synonyms in order), then app names (display name,
/// then alternative names in order). Counting needs no phrase text, so budgets of huge
/// catalogs are computed without building strings.
public enum Expansion {
    /// The system's per-locale phrase budget.
    public static let budget = 1000

    public static func appNames(_ c: Catalog, locale: String) -> [AppNameVariant] {
        var out: [AppNameVariant] = []
        if let n = c.app.name.resolve(locale, development: c.developmentLocale), !n.isEmpty {
            out.append(AppNameVariant(text: n, kind: .displayName, pronunciationHint: nil))
        }
        for (i, a) in c.app.alternativeNames.enumerated() {
            guard let n = a.name.resolve(locale, development: c.developmentLocale), !n.isEmpty else { continue }
            if out.contains(where: { $0.text == n }) { continue }
            out.append(AppNameVariant(text: n, kind: .alternative(i),
                                      pronunciationHint: pronunciationHint(a, locale: locale, development: c.developmentLocale)))
        }
        return out
    }

    /// An alternative name's pronunciation hint in a locale. A hint spells how the name sounds in
    /// one language: unlike a name, it does not fall back across languages (a pt-PT hint
    /// "mea lheiro" says nothing of how an English speaker says the name, and read as English
    /// it would hear "me a" as the app).
    static func pronunciationHint(_ a: AlternativeAppName, locale: String, development: String) -> String? {
        guard let e = a.pronunciationHint?.resolveWithSource(locale, development: development) else { return nil }
        let source = e.locale.isEmpty ? development : e.locale
        func language(_ l: String) -> Substring { l.split(separator: "-", maxSplits: 1).first ?? Substring(l) }
        return language(source).lowercased() == language(locale).lowercased() ? e.text : nil
    }

    /// The variants of a parameter in a locale; nil when the parameter cannot expand.
    public static func options(_ c: Catalog, parameter p: Parameter, locale: String) -> [OptionVariant]? {
        let dev = c.developmentLocale
        switch c.kind(of: p) {
        case .enumType(let t):
            guard let e = c.enumType(t) else { return nil }
            var out: [OptionVariant] = []
            for (i, cs) in e.cases.enumerated() {
                guard let title = cs.title?.resolve(locale, development: dev), !title.isEmpty else { continue }
                out.append(OptionVariant(text: title, value: .enumCase(cs.rawValue), optionIndex: i, synonym: nil, title: title))
                for s in cs.synonyms.resolve(locale, development: dev) where !s.isEmpty {
                    out.append(OptionVariant(text: s, value: .enumCase(cs.rawValue), optionIndex: i, synonym: s, title: title))
                }
            }
            return out
        case .entity(let t):
            guard let e = c.entityType(t) else { return nil }
            var out: [OptionVariant] = []
            out.reserveCapacity(e.options.count)
            for (i, o) in e.options.enumerated() {
                guard let title = o.title.resolve(locale, development: dev), !title.isEmpty else { continue }
                out.append(OptionVariant(text: title, value: .entity(o.id), optionIndex: i, synonym: nil, title: title))
                for s in o.synonyms.resolve(locale, development: dev) where !s.isEmpty {
                    out.append(OptionVariant(text: s, value: .entity(o.id), optionIndex: i, synonym: s, title: title))
                }
            }
            return out
        case .bool:
            var out: [OptionVariant] = []
            if let t = p.trueName?.resolve(locale, development: dev), !t.isEmpty {
                out.append(OptionVariant(text: t, value: .bool(true), optionIndex: 1, synonym: nil, title: t))
            }
            if let f = p.falseName?.resolve(locale, development: dev), !f.isEmpty {
                out.append(OptionVariant(text: f, value: .bool(false), optionIndex: 0, synonym: nil, title: f))
            }
            return out
        case .primitive, .array, .unknown:
            return nil
        }
    }

    /// Memoized option lists of one catalog and locale (an entity of 10,000 options is built
    /// once, not once per template).
    final class OptionCache {
        private var lists: [String: [OptionVariant]?] = [:]
        func options(_ c: Catalog, _ s: Shortcut, _ p: Parameter, locale: String) -> [OptionVariant]? {
            let key = p.typeName == "Bool" ? "\(s.intent)|\(p.name)" : p.typeName
            if let l = lists[key] { return l }
            let l = Expansion.options(c, parameter: p, locale: locale)
            lists[key] = .some(l)
            return l
        }
    }

    /// Why a template cannot produce phrases (nil when it can).
    public static func problem(_ c: Catalog, _ s: Shortcut, _ t: PhraseTemplate, locale: String) -> TemplateProblem? {
        problem(c, s, t, locale: locale, cache: OptionCache())
    }

    static func problem(_ c: Catalog, _ s: Shortcut, _ t: PhraseTemplate, locale: String, cache: OptionCache) -> TemplateProblem? {
        if !t.hasAppName { return .missingAppName }
        let names = t.parameterNames
        for n in names where s.parameter(named: n) == nil { return .unknownParameter(n) }
        if Set(names).count > 1 { return .multipleParameters(Array(Set(names)).sorted()) }
        if let n = names.first, let p = s.parameter(named: n) {
            guard let opts = cache.options(c, s, p, locale: locale) else { return .unsupportedParameter(n, p.typeName) }
            if opts.isEmpty { return .noOptions(n) }
        }
        return nil
    }

    /// A template's usable parameter and its variants, or nil when the template yields nothing.
    static func plan(_ c: Catalog, _ s: Shortcut, _ t: PhraseTemplate, locale: String,
                     cache: OptionCache = OptionCache()) -> (param: String?, options: [OptionVariant])? {
        if problem(c, s, t, locale: locale, cache: cache) != nil { return nil }
        guard let n = t.parameterNames.first, let p = s.parameter(named: n) else { return (nil, []) }
        guard let opts = cache.options(c, s, p, locale: locale) else { return nil }
        return (n, opts)
    }

    /// Number of expanded phrases in a locale, as the system counts them.
    public static func count(_ c: Catalog, locale: String) -> Int {
        let apps = appNames(c, locale: locale).count
        let cache = OptionCache()
        var n = 0
        for s in c.shortcuts {
            for t in s.templates(for: locale) {
                guard let plan = plan(c, s, t, locale: locale, cache: cache) else { continue }
                n += apps * (plan.param == nil ? 1 : plan.options.count)
            }
        }
        return n
    }

    /// Fills a template.
    public static func render(_ t: PhraseTemplate, appName: String, value: String?) -> String {
        // The pieces' bytes in one buffer, then one string (no growing string per piece).
        var total = 0
        for p in t.pieces {
            switch p {
            case .text(let s): total += s.utf8.count
            case .appName: total += appName.utf8.count
            case .parameter: total += value?.utf8.count ?? 0
            }
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(total, 1)) { buf -> String in
            var k = 0
            func put(_ s: String) {
                var s = s
                s.withUTF8 { p in
                    guard let src = p.baseAddress, let dst = buf.baseAddress, k + p.count <= buf.count else { return }
                    (dst + k).update(from: src, count: p.count)
                    k += p.count
                }
            }
            for p in t.pieces {
                switch p {
                case .text(let s): put(s)
                case .appName: put(appName)
                case .parameter: if let value { put(value) }
                }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buf[0..<k]), as: UTF8.self)
        }
    }

    /// Calls `body` for each expanded phrase of a locale in budget order; stop by returning false.
    /// - Complexity: O(number of phrases); builds one phrase at a time.
    public static func forEach(_ c: Catalog, locale: String, includeTruncated: Bool = true,
                               _ body: (ExpandedPhrase) -> Bool) {
        let apps = appNames(c, locale: locale)
        let cache = OptionCache()
        var ordinal = 0
        for (si, s) in c.shortcuts.enumerated() {
            for (ti, t) in s.templates(for: locale).enumerated() {
                guard let plan = plan(c, s, t, locale: locale, cache: cache) else { continue }
                let opts: [OptionVariant?] = plan.param == nil ? [nil] : plan.options.map { Optional($0) }
                for o in opts {
                    for a in apps {
                        if !includeTruncated && ordinal >= budget { return }
                        let e = ExpandedPhrase(app: c.app.id, intent: s.intent, locale: locale, shortcutIndex: si, templateIndex: ti,
                                               template: t.text, text: render(t, appName: a.text, value: o?.text),
                                               parameterName: plan.param, option: o, appName: a, ordinal: ordinal)
                        ordinal += 1
                        if !body(e) { return }
                    }
                }
            }
        }
    }

    /// All expanded phrases of a locale (use `forEach` for huge catalogs).
    public static func phrases(_ c: Catalog, locale: String) -> [ExpandedPhrase] {
        var out: [ExpandedPhrase] = []
        forEach(c, locale: locale) { out.append($0); return true }
        return out
    }

    /// Phrases of a negative list, expanded over app names (negative phrases have no parameters,
    /// except a `${param}` of no shortcut, which is kept as literal text).
    public static func negativePhrases(_ c: Catalog, locale: String) -> [(template: PhraseTemplate, text: String)] {
        var out: [(PhraseTemplate, String)] = []
        for t in c.negativeTemplates(for: locale) {
            for a in appNames(c, locale: locale) {
                out.append((t, render(t, appName: a.text, value: nil)))
            }
        }
        return out
    }
}
