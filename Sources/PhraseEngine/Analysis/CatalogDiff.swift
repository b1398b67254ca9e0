/// One difference between an old and a new catalog of the same app.
public struct CatalogChange: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        // Breaking: spoken invocations or saved shortcuts stop working or rebind.
        case appIDChanged = "app-id-changed"
        case appNameChanged = "app-name-changed"
        case shortcutRemoved = "shortcut-removed"
        case phraseRemoved = "phrase-removed"
        case phraseRewritten = "phrase-rewritten"
        case spokenPhraseRemoved = "spoken-phrase-removed"
        case spokenPhraseCut = "spoken-phrase-cut"
        case enumRemoved = "enum-removed"
        case enumCaseRemoved = "enum-case-removed"
        case rawValueChanged = "raw-value-changed"
        case entityTypeRemoved = "entity-type-removed"
        case alternativeNameRemoved = "alternative-name-removed"
        // Safe: additions, and run-time data.
        case shortcutAdded = "shortcut-added"
        case phraseAdded = "phrase-added"
        case spokenPhraseAdded = "spoken-phrase-added"
        case enumAdded = "enum-added"
        case enumCaseAdded = "enum-case-added"
        case entityTypeAdded = "entity-type-added"
        case entityOptionsChanged = "entity-options-changed"
        case alternativeNameAdded = "alternative-name-added"
    }

    public var kind: Kind
    public var breaking: Bool
    /// The locale of a phrase or name change; nil for changes that hold in every locale.
    public var locale: String?
    /// The shortcut's intent, for shortcut and phrase changes.
    public var intent: String?
    /// The enum or entity type, for type changes.
    public var type: String?
    public var old: String?
    public var new: String?
    /// Why it matters, for people.
    public var message: String
    /// For capped lists: how many more of the same kind were left out after this one.
    public var omitted: Int = 0

    public var json: JSONOut {
        func opt(_ s: String?) -> JSONOut { s.map { .string($0) } ?? .null }
        var o: [(String, JSONOut)] = [("kind", .string(kind.rawValue)), ("locale", opt(locale)), ("intent", opt(intent)),
                                      ("old", opt(old)), ("new", opt(new))]
        if let type { o.append(("type", .string(type))) }
        o.append(("message", .string(message)))
        if omitted > 0 { o.append(("omitted", .int(omitted))) }
        return .object(o)
    }
}

/// What changed between two versions of an app's catalog, split into changes that break a
/// persisted contract and safe ones.
///
/// Phrases and enum raw values are contracts: a spoken invocation binds to a phrase per locale,
/// a saved shortcut to an intent and to raw values and entity ids. Templates are compared per
/// locale and intent (by their spoken words: case, punctuation and parameter names do not
/// matter); a template replaced at the same index is reported as one rewrite. Templates that
/// stay are also compared by what they expand to within the budget, so a renamed case title, a
/// dropped synonym or a phrase pushed past the 1,000-phrase budget shows too. Entity options
/// are run-time data (the query's options at the last refresh) and are only summarized.
public struct CatalogDiff: Sendable {
    public var breaking: [CatalogChange]
    public var safe: [CatalogChange]
    public var hasBreakingChanges: Bool { !breaking.isEmpty }

    /// Expanded phrases listed per template and kind before the rest are counted as omitted.
    public static let listCap = 50

    public static func compare(_ old: Catalog, _ new: Catalog) -> CatalogDiff {
        var d = Builder(old: old, new: new)
        d.run()
        return CatalogDiff(breaking: d.breaking, safe: d.safe)
    }

    /// Words of a text as people say them: lowercased, punctuation and spacing folded.
    static func spokenKey(_ s: String) -> String {
        var out = ""
        var space = false
        for ch in s.lowercased() {
            if ch.isLetter || ch.isNumber {
                if space && !out.isEmpty { out.append(" ") }
                out.append(ch)
                space = false
            } else {
                space = true
            }
        }
        return out
    }

    /// A template's key: its spoken words, with the app name and each parameter (by type) as a slot.
    static func templateKey(_ t: PhraseTemplate, _ s: Shortcut) -> String {
        t.pieces.map { p -> String in
            switch p {
            case .text(let x): return spokenKey(x)
            case .appName: return "${applicationName}"
            case .parameter(let n): return "${:\(s.parameter(named: n)?.typeName ?? n)}"
            }
        }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    struct Builder {
        let old: Catalog
        let new: Catalog
        var breaking: [CatalogChange] = []
        var safe: [CatalogChange] = []

        mutating func add(_ kind: CatalogChange.Kind, _ isBreaking: Bool, locale: String? = nil, intent: String? = nil, type: String? = nil,
                          old o: String? = nil, new n: String? = nil, _ message: String) {
            let c = CatalogChange(kind: kind, breaking: isBreaking, locale: locale, intent: intent, type: type, old: o, new: n, message: message)
            if isBreaking { breaking.append(c) } else { safe.append(c) }
        }

        var locales: [String] {
            var out = old.allLocales
            for l in new.allLocales where !out.contains(l) { out.append(l) }
            return out
        }

        mutating func run() {
            if old.app.id != new.app.id {
                add(.appIDChanged, true, old: old.app.id, new: new.app.id,
                    "the bundle identifier changed from \(old.app.id) to \(new.app.id): every saved shortcut and phrase belongs to the old app")
            }
            shortcuts()
            appNames()
            phrases()
            enums()
            entities()
        }

        mutating func shortcuts() {
            for s in old.shortcuts where !new.shortcuts.contains(where: { $0.intent == s.intent }) {
                let n = s.phrases.reduce(0) { $0 + $1.templates.count }
                add(.shortcutRemoved, true, intent: s.intent, old: s.intent,
                    "\(s.intent) is gone: saved shortcuts and automations that run it break, and its \(n) phrase template\(n == 1 ? "" : "s") no longer route\(n == 1 ? "s" : "")")
            }
            for s in new.shortcuts where !old.shortcuts.contains(where: { $0.intent == s.intent }) {
                add(.shortcutAdded, false, intent: s.intent, new: s.intent, "new App Shortcut \(s.intent)")
            }
        }

        /// Display names and alternative names per locale; a name gone in every locale is reported once.
        mutating func appNames() {
            for l in locales {
                let o = old.app.name.resolve(l, development: old.developmentLocale) ?? ""
                let n = new.app.name.resolve(l, development: new.developmentLocale) ?? ""
                if !o.isEmpty, CatalogDiff.spokenKey(o) != CatalogDiff.spokenKey(n) {
                    add(.appNameChanged, true, locale: l, old: o, new: n.isEmpty ? nil : n,
                        "the app name in \(l) changed from \"\(o)\" to \"\(n)\": every phrase said with the old name stops routing")
                }
            }
            func names(_ c: Catalog, _ l: String) -> [String] {
                c.app.alternativeNames.compactMap { $0.name.resolve(l, development: c.developmentLocale) }.filter { !$0.isEmpty }
            }
            var removed: [(name: String, locales: [String])] = []
            var added: [(name: String, locales: [String])] = []
            for l in locales {
                let o = names(old, l), n = names(new, l)
                let nk = Set(n.map(CatalogDiff.spokenKey)), ok = Set(o.map(CatalogDiff.spokenKey))
                for x in o where !nk.contains(CatalogDiff.spokenKey(x)) {
                    if let i = removed.firstIndex(where: { $0.name == x }) { removed[i].locales.append(l) } else { removed.append((x, [l])) }
                }
                for x in n where !ok.contains(CatalogDiff.spokenKey(x)) {
                    if let i = added.firstIndex(where: { $0.name == x }) { added[i].locales.append(l) } else { added.append((x, [l])) }
                }
            }
            let count = locales.count
            for r in removed {
                for l in (r.locales.count == count && count > 1 ? [nil] : r.locales.map { Optional($0) }) {
                    add(.alternativeNameRemoved, true, locale: l, old: r.name,
                        "alternative app name \"\(r.name)\" is gone\(l.map { " in \($0)" } ?? ""): phrases said with it stop routing")
                }
            }
            for a in added {
                for l in (a.locales.count == count && count > 1 ? [nil] : a.locales.map { Optional($0) }) {
                    add(.alternativeNameAdded, false, locale: l, new: a.name, "new alternative app name \"\(a.name)\"\(l.map { " in \($0)" } ?? "")")
                }
            }
        }

        mutating func phrases() {
            for l in locales {
                for s in old.shortcuts {
                    guard let ns = new.shortcuts.first(where: { $0.intent == s.intent }) else { continue }
                    let ot = s.templates(for: l), nt = ns.templates(for: l)
                    let ok = ot.map { CatalogDiff.templateKey($0, s) }, nk = nt.map { CatalogDiff.templateKey($0, ns) }
                    let removedIdx = ok.indices.filter { !nk.contains(ok[$0]) }
                    let addedIdx = nk.indices.filter { !ok.contains(nk[$0]) }
                    for i in removedIdx {
                        if addedIdx.contains(i) {
                            add(.phraseRewritten, true, locale: l, intent: s.intent, old: ot[i].text, new: nt[i].text,
                                "phrase \(i + 1) of \(s.intent) in \(l) was rewritten: people who say the old phrase are no longer understood")
                        } else {
                            add(.phraseRemoved, true, locale: l, intent: s.intent, old: ot[i].text,
                                "phrase \"\(ot[i].text)\" of \(s.intent) in \(l) is gone: people who say it are no longer understood")
                        }
                    }
                    for j in addedIdx where !removedIdx.contains(j) {
                        add(.phraseAdded, false, locale: l, intent: s.intent, new: nt[j].text, "new phrase for \(s.intent) in \(l)")
                    }
                }
                for s in new.shortcuts where !old.shortcuts.contains(where: { $0.intent == s.intent }) {
                    for t in s.templates(for: l) { add(.phraseAdded, false, locale: l, intent: s.intent, new: t.text, "new phrase for \(s.intent) in \(l)") }
                }
                spoken(l)
            }
        }

        /// Expanded phrases of templates present in both versions: which ones people can no
        /// longer say (within the budget), when no other reported change explains it.
        mutating func spoken(_ l: String) {
            // New phrases per intent: all of them, and those within the budget.
            var newAll: [String: Set<String>] = [:]
            var newServed: [String: Set<String>] = [:]
            Expansion.forEach(new, locale: l) { p in
                let k = CatalogDiff.spokenKey(p.text)
                newAll[p.intent, default: []].insert(k)
                if p.ordinal < Expansion.budget { newServed[p.intent, default: []].insert(k) }
                return true
            }
            var oldServed: [String: Set<String>] = [:]
            Expansion.forEach(old, locale: l, includeTruncated: false) { p in
                oldServed[p.intent, default: []].insert(CatalogDiff.spokenKey(p.text))
                return true
            }
            let newAltNames = Set(new.app.alternativeNames.compactMap { $0.name.resolve(l, development: new.developmentLocale) }.map(CatalogDiff.spokenKey))
            let newDisplay = CatalogDiff.spokenKey(new.app.name.resolve(l, development: new.developmentLocale) ?? "")
            var listed: [String: Int] = [:]   // per (intent, template, kind): how many listed
            var lastIndex: [String: Int] = [:]

            func record(_ kind: CatalogChange.Kind, _ b: Bool, _ p: ExpandedPhrase, _ message: String, into builder: inout Builder) {
                let key = "\(kind.rawValue)|\(p.intent)|\(p.template)"
                let n = listed[key, default: 0]
                listed[key] = n + 1
                if n < CatalogDiff.listCap {
                    builder.add(kind, b, locale: l, intent: p.intent, old: b ? p.text : nil, new: b ? nil : p.text, message)
                    lastIndex[key] = b ? builder.breaking.count - 1 : builder.safe.count - 1
                } else if let i = lastIndex[key] {
                    if b { builder.breaking[i].omitted += 1 } else { builder.safe[i].omitted += 1 }
                }
            }

            Expansion.forEach(old, locale: l, includeTruncated: false) { p in
                let s = old.shortcuts[p.shortcutIndex]
                guard let ns = new.shortcuts.first(where: { $0.intent == s.intent }) else { return true }
                let key = CatalogDiff.templateKey(s.templates(for: l)[p.templateIndex], s)
                guard ns.templates(for: l).contains(where: { CatalogDiff.templateKey($0, ns) == key }) else { return true }
                let k = CatalogDiff.spokenKey(p.text)
                if newServed[p.intent]?.contains(k) == true { return true }
                if newAll[p.intent]?.contains(k) == true {
                    record(.spokenPhraseCut, true, p, "\"\(p.text)\" (\(p.intent), \(l)) is now past the \(PhraseBudget.grouped(Expansion.budget))-phrase budget: the system cuts it", into: &self)
                    return true
                }
                // Explained by a change reported on its own?
                switch p.appName.kind {
                case .displayName: if CatalogDiff.spokenKey(p.appName.text) != newDisplay { return true }
                case .alternative: if !newAltNames.contains(CatalogDiff.spokenKey(p.appName.text)) { return true }
                }
                if let o = p.option {
                    switch o.value {
                    case .entity: return true   // run-time data
                    case .enumCase(let raw):
                        let t = p.parameterName.flatMap { s.parameter(named: $0)?.typeName } ?? ""
                        if new.enumType(t)?.cases.contains(where: { $0.rawValue == raw }) != true { return true }
                    case .bool: break
                    }
                }
                record(.spokenPhraseRemoved, true, p, "\"\(p.text)\" (\(p.intent), \(l)) can no longer be said: \(p.option.map { "the \($0.label) of its option changed" } ?? "its wording changed")", into: &self)
                return true
            }
            // Additions of surviving templates (new synonyms, titles) are safe; list them too.
            Expansion.forEach(new, locale: l, includeTruncated: false) { p in
                let s = new.shortcuts[p.shortcutIndex]
                guard let os = old.shortcuts.first(where: { $0.intent == s.intent }) else { return true }
                let key = CatalogDiff.templateKey(s.templates(for: l)[p.templateIndex], s)
                guard os.templates(for: l).contains(where: { CatalogDiff.templateKey($0, os) == key }) else { return true }
                if oldServed[p.intent]?.contains(CatalogDiff.spokenKey(p.text)) == true { return true }
                if case .entity? = p.option?.value { return true }
                record(.spokenPhraseAdded, false, p, "\"\(p.text)\" (\(p.intent), \(l)) can now be said", into: &self)
                return true
            }
        }

        mutating func enums() {
            for e in old.enums {
                guard let ne = new.enumType(e.name) else {
                    add(.enumRemoved, true, type: e.name, old: e.name,
                        "enum \(e.name) is gone: saved shortcuts holding any of its \(e.cases.count) case\(e.cases.count == 1 ? "" : "s") are orphaned")
                    continue
                }
                let oldRaws = Set(e.cases.map(\.rawValue)), newRaws = Set(ne.cases.map(\.rawValue))
                func title(_ c: EnumCase, _ cat: Catalog) -> String? {
                    c.title?.resolve(cat.developmentLocale, development: cat.developmentLocale).map(CatalogDiff.spokenKey)
                }
                var paired = Set<String>()
                for c in e.cases where !newRaws.contains(c.rawValue) {
                    let t = title(c, old)
                    if let t, !t.isEmpty,
                       let nc = ne.cases.first(where: { !oldRaws.contains($0.rawValue) && !paired.contains($0.rawValue) && title($0, new) == t }) {
                        paired.insert(nc.rawValue)
                        add(.rawValueChanged, true, type: e.name, old: c.rawValue, new: nc.rawValue,
                            "the raw value of \(e.name) case \"\(c.title?.resolve(old.developmentLocale, development: old.developmentLocale) ?? c.rawValue)\" changed from '\(c.rawValue)' to '\(nc.rawValue)': saved shortcuts store the raw value, so they are orphaned or rebind")
                    } else {
                        add(.enumCaseRemoved, true, type: e.name, old: c.rawValue,
                            "case '\(c.rawValue)' of \(e.name) is gone: saved shortcuts holding it are orphaned")
                    }
                }
                for c in ne.cases where !oldRaws.contains(c.rawValue) && !paired.contains(c.rawValue) {
                    add(.enumCaseAdded, false, type: e.name, new: c.rawValue, "new case '\(c.rawValue)' of \(e.name)")
                }
            }
            for e in new.enums where old.enumType(e.name) == nil {
                add(.enumAdded, false, type: e.name, new: e.name, "new enum \(e.name)")
            }
        }

        mutating func entities() {
            for e in old.entities {
                guard let ne = new.entityType(e.name) else {
                    add(.entityTypeRemoved, true, type: e.name, old: e.name,
                        "entity type \(e.name) is gone: saved shortcuts holding its entities are orphaned")
                    continue
                }
                let oi = Set(e.options.map(\.id)), ni = Set(ne.options.map(\.id))
                if oi != ni {
                    let gone = oi.subtracting(ni).count, added = ni.subtracting(oi).count
                    add(.entityOptionsChanged, false, type: e.name, old: "\(e.options.count) options", new: "\(ne.options.count) options",
                        "\(e.name) snapshot: \(gone) option\(gone == 1 ? "" : "s") gone, \(added) new (run-time data; refresh with updateAppShortcutParameters())")
                }
            }
            for e in new.entities where old.entityType(e.name) == nil {
                add(.entityTypeAdded, false, type: e.name, new: e.name, "new entity type \(e.name)")
            }
        }
    }
}
