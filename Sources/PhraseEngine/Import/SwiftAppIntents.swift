import Foundation

/// Reads App Intents declarations from recognized Swift files: `AppShortcutsProvider` types and
/// their `AppShortcut(intent:phrases:shortTitle:systemImageName:)` entries and negative phrases,
/// `AppEnum` types (raw values, display representations), intents' `@Parameter`s and `AppEntity`
/// types. What cannot be known without compiling (phrases built at run time, `#if` branches,
/// constants that cannot be followed) is reported, never guessed.
public enum SwiftAppIntentsReader {
    /// How many `static let` hops a reference may take (`phrases: Self.logPhrases`).
    static let maxReferenceHops = 8

    public static func read(_ files: [SwiftSourceFile]) -> (ImportedModel, [Diagnostic]) {
        var r = Reader(files: files)
        r.run()
        return (r.model, r.diagnostics)
    }

    /// A declaration and the file it is in.
    struct Located {
        var file: Int
        var decl: SwiftTypeDecl
    }

    struct Reader {
        let files: [SwiftSourceFile]
        var model = ImportedModel()
        var diagnostics: [Diagnostic] = []
        /// Type declarations and extensions by qualified name (`Mode`, `MealMode.Mode`), in file
        /// order: an extension joins the type its name reaches from file scope, as in Swift, so a
        /// nested type is extended only through its qualified name.
        var types: [String: [Located]] = [:]
        var typeOrder: [String] = []
        /// Qualified names by their last component.
        var qualifiedNames: [String: [String]] = [:]
        /// The catalog's names of the AppEnum and AppEntity types, by qualified name: the type's
        /// own name, or its qualified name when another such type has the same one.
        var catalogNames: [String: String] = [:]
        /// Constants (`static let`, top-level `let`) by name: file, owning type, member.
        var constants: [String: [(file: Int, owner: String?, member: SwiftMember)]] = [:]
        /// The provider whose shortcuts are being read: where intent names are looked up.
        var providerScope: String? = nil

        init(files: [SwiftSourceFile]) {
            self.files = files
            // A module-qualified extension (`extension MyApp.Mode`) names the type without the
            // module when no type of the sources is called like the module.
            let declared = Set(files.flatMap { $0.types.filter { $0.keyword != "extension" }.map(\.qualifiedName) })
            func key(_ t: SwiftTypeDecl) -> String {
                guard t.extensionPrefix >= 2 else { return t.qualifiedName }
                let parts = t.qualifiedName.split(separator: ".").map(String.init)
                let root = parts.prefix(t.extensionPrefix)
                guard !declared.contains(root.joined(separator: ".")), declared.contains(root.dropFirst().joined(separator: ".")) else { return t.qualifiedName }
                return parts.dropFirst().joined(separator: ".")
            }
            for (fi, f) in files.enumerated() {
                for t in f.types {
                    let k = key(t)
                    if types[k] == nil {
                        typeOrder.append(k)
                        qualifiedNames[t.name, default: []].append(k)
                    }
                    types[k, default: []].append(Located(file: fi, decl: t))
                    for m in t.members where m.isStatic && (m.initializer != nil || m.getter != nil) {
                        constants[m.name, default: []].append((fi, t.name, m))
                    }
                }
                for m in f.globals where m.initializer != nil || m.getter != nil {
                    constants[m.name, default: []].append((fi, nil, m))
                }
            }
        }

        /// The qualified name a type name written inside `scope` (a qualified name; nil at file
        /// scope) refers to, looked up as Swift does: the types nested in the innermost enclosing
        /// type first, then outwards to the top level; a leading module name is dropped when no
        /// type has it. Nil for a type the sources do not declare (`String`, `Date`).
        func lookup(_ written: String, in scope: String?) -> String? {
            let parts = written.split(separator: ".").map(String.init)
            guard !parts.isEmpty else { return nil }
            let outer = scope.map { $0.split(separator: ".").map(String.init) } ?? []
            for n in stride(from: outer.count, through: 0, by: -1) {
                let candidate = (outer.prefix(n) + parts).joined(separator: ".")
                if types[candidate] != nil { return candidate }
            }
            if parts.count > 1, types[parts[0]] == nil, types[parts.dropFirst().joined(separator: ".")] != nil {
                return parts.dropFirst().joined(separator: ".")
            }
            return nil
        }

        /// Same-named types that a name does not reach (`MealMode.Mode` beside a top-level
        /// `Mode`), for messages.
        func otherTypes(named name: String, than key: String) -> [String] {
            (qualifiedNames[name.split(separator: ".").last.map(String.init) ?? name] ?? []).filter { $0 != key }
        }

        func origin(_ file: Int, _ offset: Int) -> ImportOrigin {
            let p = files[file].position(offset)
            return ImportOrigin(file: files[file].path, line: p.line, column: p.column)
        }

        mutating func report(_ file: Int, _ offset: Int, _ rule: String, _ severity: Diagnostic.Severity, _ message: String) {
            diagnostics.append(origin(file, offset).diagnostic(rule, severity, message))
        }

        func inherits(_ name: String, _ proto: String) -> Bool {
            types[name]?.contains { $0.decl.inherits.contains(proto) } ?? false
        }

        mutating func run() {
            for (fi, f) in files.enumerated() {
                for p in f.problems {
                    diagnostics.append(origin(fi, p.offset).diagnostic(p.rule, ["invalid-utf8", "unterminated-string", "unterminated-regex"].contains(p.rule) ? .error : .warning, p.message))
                }
            }
            // The catalog names an AppEnum or AppEntity by its own name, unless two of them share it.
            func isEntity(_ all: [String]) -> Bool {
                all.contains("AppEntity") || all.contains("IndexedEntity") || all.contains("TransientAppEntity") || all.contains("UniqueAppEntity")
            }
            let exported = typeOrder.filter { k in
                let all = (types[k] ?? []).flatMap(\.decl.inherits)
                return all.contains("AppEnum") || isEntity(all)
            }
            var bySimpleName: [String: [String]] = [:]
            for k in exported { bySimpleName[SwiftAppIntentsReader.simpleName(k), default: []].append(k) }
            for k in exported {
                let simple = SwiftAppIntentsReader.simpleName(k)
                let same = bySimpleName[simple] ?? []
                catalogNames[k] = same.count > 1 ? k : simple
                if same.count > 1, let d = types[k]?.first {
                    report(d.file, d.decl.offset, "qualified-type-name", .note,
                           "\(same.count) App Intents types are named \(simple) (\(same.joined(separator: ", "))); the catalog names this one \(k)")
                }
            }
            for name in typeOrder {
                guard let decls = types[name] else { continue }
                let all = decls.flatMap(\.decl.inherits)
                if isEntity(all) {
                    if let d = decls.first { model.entityTypes.append((catalogNames[name] ?? name, origin(d.file, d.decl.offset))) }
                }
                if all.contains("AppEnum") { readEnum(name, decls) }
            }
            for name in typeOrder {
                guard let decls = types[name], decls.contains(where: { $0.decl.inherits.contains("AppShortcutsProvider") }) else { continue }
                readProvider(name, decls)
            }
            if model.providers.count > 1 {
                let names = model.providers.map(\.name).joined(separator: ", ")
                for p in model.providers.dropFirst() {
                    diagnostics.append(p.origin.diagnostic("several-providers", .warning,
                        "\(model.providers.count) AppShortcutsProvider types (\(names)); an app target has one, their shortcuts are imported into one catalog"))
                }
            }
        }

        // MARK: Providers

        mutating func readProvider(_ name: String, _ decls: [Located]) {
            guard let first = decls.first(where: { $0.decl.inherits.contains("AppShortcutsProvider") }) else { return }
            let provOrigin = origin(first.file, first.decl.offset)
            model.providers.append((name, provOrigin))
            if let c = first.decl.condition {
                report(first.file, first.decl.offset, "conditional-compilation", .warning, "\(name) is declared inside '\(c)'; imported as if the condition holds")
            }
            var found = false
            providerScope = name
            defer { providerScope = nil }
            for d in decls {
                for m in d.decl.members where m.name == "appShortcuts" {
                    found = true
                    if let c = m.condition {
                        report(d.file, m.offset, "conditional-compilation", .warning, "appShortcuts of \(name) is declared inside '\(c)'; which branch builds cannot be known statically")
                    }
                    guard let body = m.getter ?? m.initializer else { continue }
                    let before = model.shortcuts.count
                    collectShortcuts(d.file, body, depth: 0, condition: nil)
                    if model.shortcuts.count == before {
                        report(d.file, m.offset, "no-shortcuts", .warning, "\(name).appShortcuts declares no AppShortcut that can be read statically")
                    }
                }
                for m in d.decl.members where m.name == "negativePhrases" {
                    guard let body = m.getter ?? m.initializer else { continue }
                    collectNegativePhrases(d.file, body, depth: 0)
                }
            }
            if !found { diagnostics.append(provOrigin.diagnostic("no-shortcuts", .warning, "\(name) has no appShortcuts property")) }
        }

        mutating func collectShortcuts(_ fi: Int, _ r: Range<Int>, depth: Int, condition: String?, control: String? = nil) {
            let f = files[fi]
            guard depth < SwiftSourceFile.maxDepth else {
                if let k = r.first, k < f.tokens.count { report(fi, f.tokens[k].offset, "swift-syntax", .warning, "appShortcuts nested too deeply to read") }
                return
            }
            var k = r.lowerBound
            let end = min(r.upperBound, f.tokens.count)
            var conditions: [String] = condition.map { [$0] } ?? []
            var pendingControl: String? = nil
            while k < end {
                let t = f.tokens[k]
                if t.kind == .pound {
                    switch t.text {
                    case "#if", "#elseif":
                        var j = k + 1
                        var c = t.text
                        while j < end, !f.tokens[j].startsLine { c += " " + f.tokens[j].text; j += 1 }
                        if t.text == "#elseif", !conditions.isEmpty { conditions.removeLast() }
                        conditions.append(c)
                        k = j
                        continue
                    case "#else":
                        let last = conditions.popLast() ?? "#if"
                        conditions.append("#else of " + last); k += 1; continue
                    case "#endif":
                        _ = conditions.popLast(); k += 1; continue
                    default: break
                    }
                }
                if t.kind == .identifier, ["if", "else", "for", "switch", "while", "guard"].contains(t.text) {
                    let isAvailability = t.text == "if" && k + 1 < end && f.tokens[k + 1].text == "#available"
                    pendingControl = isAvailability ? nil : t.text
                    if isAvailability {
                        report(fi, t.offset, "availability", .note, "shortcuts inside 'if #available' are imported as on a current OS")
                    }
                    k += 1
                    continue
                }
                if t.isIdent("AppShortcut"), k + 1 < end, f.tokens[k + 1].isPunct("(") {
                    let close = f.skipGroup(k + 1, limit: end)
                    if let c = conditions.last {
                        report(fi, t.offset, "conditional-compilation", .warning, "AppShortcut inside '\(c)' not imported: which branch builds cannot be known statically")
                    } else if let ctl = pendingControl ?? control {
                        report(fi, t.offset, "dynamic-shortcuts", .warning, "AppShortcut inside '\(ctl)' not imported: run-time control flow cannot be resolved statically")
                    } else {
                        readShortcut(fi, f.expression(k..<close))
                    }
                    k = close
                    continue
                }
                if f.isOpen(k) {
                    let close = min(f.match[k], end)
                    collectShortcuts(fi, (k + 1)..<close, depth: depth + 1, condition: conditions.last, control: pendingControl ?? control)
                    k = min(close + 1, end)
                    if f.tokens[min(close, f.tokens.count - 1)].isPunct("}") { pendingControl = nil }
                    continue
                }
                k += 1
            }
        }

        mutating func readShortcut(_ fi: Int, _ e: SwiftExpr) {
            guard case .call(_, let args, _) = e.kind else { return }
            let o = origin(fi, e.offset)
            func arg(_ l: String) -> SwiftExpr? { args.first { $0.label == l }?.value }
            guard let intentExpr = arg("intent") else {
                diagnostics.append(o.diagnostic("unresolved", .error, "AppShortcut without an intent: argument")); return
            }
            var intentName: String? = nil
            var intentType: String? = nil
            if case .call(let callee, _, _) = intentExpr.kind, !callee.hasPrefix(".") {
                intentName = callee.split(separator: ".").last.map(String.init)
                intentType = lookup(callee, in: providerScope)
            }
            guard let intent = intentName else {
                report(fi, intentExpr.offset, "unresolved", .error, "the intent of this AppShortcut is not written as 'SomeIntent(...)'; it cannot be resolved statically")
                return
            }
            var sc = ImportedShortcut(intent: intent, shortTitle: nil, systemImageName: nil, phrases: [], parameters: [], origin: o)
            if let p = arg("phrases") {
                let (resolved, rfi) = resolve(p, fi)
                if case .array(let items) = resolved.kind {
                    for item in items {
                        if let ph = phrase(item, rfi, what: "phrase") { sc.phrases.append(ph) }
                    }
                } else {
                    report(rfi, resolved.offset, "dynamic-phrases", .error, "the phrases of \(intent) are not an array literal (\(describe(resolved))); they cannot be resolved statically")
                }
            } else {
                diagnostics.append(o.diagnostic("unresolved", .error, "AppShortcut for \(intent) without phrases:"))
            }
            if let st = arg("shortTitle") { sc.shortTitle = text(st, fi, what: "the shortTitle of \(intent)") }
            if let im = arg("systemImageName") { sc.systemImageName = text(im, fi, what: "the systemImageName of \(intent)") }
            if model.shortcuts.contains(where: { $0.intent == intent }) {
                diagnostics.append(o.diagnostic("duplicate-shortcut", .error, "a second AppShortcut for \(intent); only the first is imported"))
                return
            }
            sc.parameters = parameters(of: intent, declared: intentType, at: o)
            model.shortcuts.append(sc)
        }

        mutating func collectNegativePhrases(_ fi: Int, _ r: Range<Int>, depth: Int) {
            let f = files[fi]
            guard depth < SwiftSourceFile.maxDepth else { return }
            var k = r.lowerBound
            let end = min(r.upperBound, f.tokens.count)
            while k < end {
                let t = f.tokens[k]
                if t.kind == .string {
                    if let p = phrase(f.expression(k..<(k + 1)), fi, what: "negative phrase") { model.negativePhrases.append(p) }
                    k += 1
                    continue
                }
                if t.kind == .pound, t.text == "#if" {
                    report(fi, t.offset, "conditional-compilation", .warning, "#if among negative phrases: the phrases of every branch are imported")
                }
                if f.isOpen(k) {
                    let close = min(f.match[k], end)
                    collectNegativePhrases(fi, (k + 1)..<close, depth: depth + 1)
                    k = min(close + 1, end)
                    continue
                }
                k += 1
            }
        }

        // MARK: Values

        /// Follows a reference to a constant (`Self.phrases`, `Phrases.log`, `logPhrases`) to its value.
        func resolve(_ e: SwiftExpr, _ fi: Int, hops: Int = 0) -> (SwiftExpr, Int) {
            guard case .path(let p) = e.kind, hops < SwiftAppIntentsReader.maxReferenceHops else { return (e, fi) }
            let parts = p.split(separator: ".").map(String.init)
            guard let name = parts.last, var cands = constants[name] else { return (e, fi) }
            if parts.count > 1, parts[parts.count - 2] != "Self" {
                let owner = parts[parts.count - 2]
                cands = cands.filter { $0.owner == owner }
            }
            guard cands.count == 1, let c = cands.first else { return (e, fi) }
            guard let value = value(of: c.member, in: c.file) else { return (e, fi) }
            return resolve(value, c.file, hops: hops + 1)
        }

        /// The value of a property: its initializer, or the single expression its getter returns.
        func value(of m: SwiftMember, in fi: Int) -> SwiftExpr? {
            let f = files[fi]
            if let ini = m.initializer { return f.expression(ini) }
            guard var g = m.getter else { return nil }
            if g.count > 1, f.tokens[g.lowerBound].isIdent("return") { g = (g.lowerBound + 1)..<g.upperBound }
            return f.expression(g)
        }

        func describe(_ e: SwiftExpr) -> String {
            switch e.kind {
            case .path(let p): return "'\(p)' is defined elsewhere or cannot be followed"
            case .call(let c, _, _): return "built by '\(c)(...)'"
            case .unresolved(let s): return "'\(s)'"
            case .string: return "a string"
            case .array: return "an array"
            case .dictionary: return "a dictionary"
            case .member(let m): return "'.\(m)'"
            case .bool, .number: return "a literal"
            case .closure: return "a closure"
            }
        }

        /// A plain string value: a literal, `LocalizedStringResource("...")`, or a followed constant.
        mutating func text(_ e0: SwiftExpr, _ fi0: Int, what: String) -> String? {
            let (e, fi) = resolve(e0, fi0)
            switch e.kind {
            case .string(let l):
                if let s = l.plainText { return s }
                report(fi, e.offset, "dynamic-text", .warning, "\(what) interpolates values; it cannot be resolved statically")
                return nil
            case .call(let callee, let args, _) where ["LocalizedStringResource", "LocalizedStringKey", "String", "String.LocalizationValue", ".init"].contains(callee):
                // `LocalizedStringResource("key", defaultValue: "Text")`, `String(localized: "key",
                // defaultValue: "Text")`: the key is looked up in the Localizable tables, and the
                // default is the development language's text where no table has the key.
                guard let first = args.first(where: { $0.label == nil || ($0.label == "localized" && callee == "String") }) else { break }
                guard let key = text(first.value, fi, what: what) else { return nil }
                if let d = args.first(where: { $0.label == "defaultValue" }), let value = text(d.value, fi, what: "the default value of \(what)") {
                    if let earlier = model.defaultValues[key], earlier != value {
                        report(fi, d.value.offset, "conflicting-default-value", .warning, "localization key \"\(key)\" has the default value \"\(earlier)\" elsewhere; \"\(value)\" is not used")
                    } else {
                        model.defaultValues[key] = value
                    }
                }
                return key
            default: break
            }
            report(fi, e.offset, "dynamic-text", .warning, "\(what) is \(describe(e)); it cannot be resolved statically")
            return nil
        }

        /// A phrase template from a string literal, in the catalog's spelling.
        mutating func phrase(_ e0: SwiftExpr, _ fi0: Int, what: String) -> ImportedPhrase? {
            let (e, fi) = resolve(e0, fi0)
            var lit: SwiftStringLiteral? = nil
            if case .string(let l) = e.kind { lit = l }
            if case .call(let callee, let args, _) = e.kind, callee.hasSuffix("AppShortcutPhrase") || callee == ".init",
               let a = args.first, case .string(let l) = a.value.kind { lit = l }
            guard let lit else {
                report(fi, e.offset, "dynamic-phrases", .error, "\(what) is \(describe(e)); phrases built at run time cannot be resolved statically")
                return nil
            }
            var out = ""
            for seg in lit.segments {
                switch seg {
                case .text(let s): out += s.replacingOccurrences(of: "$", with: "$$")
                case .interpolation(let toks, let off):
                    let words = toks.map(\.text)
                    if words == [".", "applicationName"] || words == ["AppShortcutPhraseToken", ".", "applicationName"] {
                        out += "${applicationName}"
                    } else if words.count == 3, words[0] == "\\", words[1] == ".", words[2].hasPrefix("$"), words[2].count > 1 {
                        out += "${\(words[2].dropFirst())}"
                    } else if words.count == 4, words[0] == "\\", words[1] == "Self" || words[1].first?.isUppercase == true, words[2] == ".", words[3].hasPrefix("$") {
                        out += "${\(words[3].dropFirst())}"
                    } else {
                        report(fi, off, "dynamic-phrases", .error, "\(what) interpolates '\(words.joined())'; only \\(.applicationName) and \\(\\.$parameter) can be resolved statically")
                        return nil
                    }
                }
            }
            return ImportedPhrase(template: out, origin: origin(fi, e.offset))
        }

        // MARK: Intents

        mutating func parameters(of intent: String, declared key: String?, at o: ImportOrigin) -> [ImportedParameter] {
            guard let key, let decls = types[key] else {
                diagnostics.append(o.diagnostic("intent-not-found", .warning, "the intent type \(intent) is not declared in the imported sources; its parameters are unknown"))
                return []
            }
            var out: [ImportedParameter] = []
            for d in decls {
                let f = files[d.file]
                for m in d.decl.members {
                    guard let attr = m.attributes.first(where: { $0.name == "Parameter" }) else { continue }
                    let po = origin(d.file, m.offset)
                    guard let tt = m.typeText, !tt.isEmpty else {
                        diagnostics.append(po.diagnostic("unresolved", .warning, "@Parameter \(m.name) of \(intent) has no written type; it cannot be resolved statically"))
                        continue
                    }
                    var p = ImportedParameter(name: m.name, type: parameterType(tt, in: key), trueName: nil, falseName: nil, origin: po)
                    if let ar = attr.arguments, let dn = f.arguments(ar).first(where: { $0.label == "displayName" }) {
                        if case .call(_, let args, _) = dn.value.kind {
                            if let t = args.first(where: { $0.label == "true" }) { p.trueName = text(t.value, d.file, what: "the true display name of \(m.name)") }
                            if let fv = args.first(where: { $0.label == "false" }) { p.falseName = text(fv.value, d.file, what: "the false display name of \(m.name)") }
                        } else {
                            report(d.file, dn.value.offset, "unresolved", .warning, "the displayName of \(m.name) is \(describe(dn.value)); it cannot be resolved statically")
                        }
                    }
                    if m.condition != nil {
                        diagnostics.append(po.diagnostic("conditional-compilation", .warning, "@Parameter \(m.name) of \(intent) is inside '\(m.condition ?? "")'; imported as if the condition holds"))
                    }
                    out.append(p)
                }
            }
            return out
        }

        /// A parameter's type in the catalog's spelling, the name looked up from the intent as
        /// Swift does: `Mode` inside `ModeIntent` is `ModeIntent.Mode` if there is one, else the
        /// top-level `Mode`, never another type's nested `Mode`.
        func parameterType(_ written: String, in scope: String) -> String {
            let type = SwiftAppIntentsReader.catalogType(written)
            guard let k = lookup(SwiftAppIntentsReader.writtenElementType(written), in: scope) else { return type }
            let simple = SwiftAppIntentsReader.simpleName(k)
            // A nested type that is neither an AppEnum nor an AppEntity keeps its qualified name
            // when its own name is another type's in the catalog.
            let name = catalogNames[k] ?? (k != simple && catalogNames.values.contains(simple) ? k : simple)
            return type.hasPrefix("[") ? "[\(name)]" : name
        }

        // MARK: Enums

        /// Reads the AppEnum with the qualified name `name`: its enum declaration (the one that
        /// conforms, if several are read) and every extension that names it.
        mutating func readEnum(_ name: String, _ decls: [Located]) {
            let enums = decls.filter { $0.decl.keyword == "enum" }
            guard let main = enums.first(where: { $0.decl.inherits.contains("AppEnum") }) ?? enums.first else {
                if let d = decls.first {
                    let others = otherTypes(named: name, than: name)
                    let nested = others.isEmpty ? "" : "; \(others.joined(separator: ", ")) \(others.count == 1 ? "is a nested type" : "are nested types"), extended only by \(others.count == 1 ? "its" : "their") qualified name (extension \(others[0]): AppEnum)"
                    report(d.file, d.decl.offset, "unresolved", .warning, "\(name) conforms to AppEnum but its enum declaration is not in the imported sources\(nested)")
                }
                return
            }
            if enums.count > 1 {
                let places = enums.map { origin($0.file, $0.decl.offset).text }
                report(main.file, main.decl.offset, "several-declarations", .warning,
                       "\(enums.count) declarations of enum \(name) (\(places.joined(separator: ", ")): different modules or #if branches); this one is read, \(main.decl.inherits.contains("AppEnum") ? "the one that conforms to AppEnum" : "the first")")
            }
            let rawType = main.decl.inherits.first ?? ""
            let isString = rawType == "String"
            let isInt = ["Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64"].contains(rawType)
            if !isString && !isInt {
                report(main.file, main.decl.offset, "unresolved", .error, "AppEnum \(name) has no String or Int raw type; its raw values cannot be resolved")
            }
            var en = ImportedEnum(name: catalogNames[name] ?? name, typeTitle: nil, cases: [], origin: origin(main.file, main.decl.offset))
            var next = 0
            for c in main.decl.cases {
                let co = origin(main.file, c.offset)
                if c.hasAssociatedValues {
                    diagnostics.append(co.diagnostic("unresolved", .error, "case \(name).\(c.name) has associated values; an AppEnum case cannot")); continue
                }
                if let cond = c.condition {
                    diagnostics.append(co.diagnostic("conditional-compilation", .warning, "case \(name).\(c.name) is inside '\(cond)'; not imported (which branch builds cannot be known statically)")); continue
                }
                var raw: String
                var synthesized = false
                if let rv = c.rawValue {
                    switch rv.kind {
                    case .string(let l) where l.plainText != nil: raw = l.plainText ?? ""
                    case .number(let n):
                        raw = n
                        if let v = Int(n) { next = v + 1 }
                    default:
                        report(main.file, rv.offset, "unresolved", .error, "the raw value of \(name).\(c.name) cannot be resolved statically"); continue
                    }
                } else {
                    synthesized = true
                    raw = isInt ? String(next) : c.name
                    next += 1
                    diagnostics.append(co.diagnostic("synthesized-raw-value", .warning,
                        isInt ? "the raw value \(raw) of \(name).\(c.name) is synthesized from its position; reordering cases changes what saved shortcuts bind to (write '= \(raw)')"
                              : "the raw value \"\(raw)\" of \(name).\(c.name) is synthesized from its name; renaming the case changes what saved shortcuts bind to (write '= \"\(raw)\"')"))
                }
                if en.cases.contains(where: { $0.rawValue == raw }) {
                    diagnostics.append(co.diagnostic("duplicate-id", .error, "raw value \"\(raw)\" of \(name).\(c.name) is used by another case")); continue
                }
                en.cases.append(ImportedCase(name: c.name, rawValue: raw, synthesized: synthesized, title: nil, synonyms: [], origin: co))
            }
            // Display representations (in the enum or its extensions).
            for d in decls {
                for m in d.decl.members where m.isStatic {
                    guard m.name == "caseDisplayRepresentations" || m.name == "typeDisplayRepresentation" else { continue }
                    guard let v = value(of: m, in: d.file) else { continue }
                    let (value, vfi) = resolve(v, d.file)
                    if m.name == "typeDisplayRepresentation" {
                        if case .call(_, let args, _) = value.kind, let n = args.first(where: { $0.label == "name" || $0.label == nil }) {
                            en.typeTitle = text(n.value, vfi, what: "the typeDisplayRepresentation of \(name)")
                        } else {
                            en.typeTitle = text(value, vfi, what: "the typeDisplayRepresentation of \(name)")
                        }
                        continue
                    }
                    guard case .dictionary(let entries) = value.kind else {
                        report(vfi, value.offset, "unresolved", .error, "caseDisplayRepresentations of \(name) is \(describe(value)); it cannot be resolved statically")
                        continue
                    }
                    for (key, val) in entries {
                        var caseName: String? = nil
                        if case .member(let mm) = key.kind { caseName = mm }
                        if case .path(let p) = key.kind, p.contains(".") { caseName = p.split(separator: ".").last.map(String.init) }
                        guard let cn = caseName, let idx = en.cases.firstIndex(where: { $0.name == cn }) else {
                            report(vfi, key.offset, "unknown-case", .warning, "caseDisplayRepresentations of \(name) names no case read from the sources (\(describe(key)))")
                            continue
                        }
                        let what = "the display representation of \(name).\(cn)"
                        if case .call(let callee, let args, _) = val.kind, callee.hasSuffix("DisplayRepresentation") || callee == ".init" {
                            if let t = args.first(where: { $0.label == "title" || $0.label == nil }) { en.cases[idx].title = text(t.value, vfi, what: what) }
                            if let s = args.first(where: { $0.label == "synonyms" }) {
                                let (sv, sfi) = resolve(s.value, vfi)
                                if case .array(let items) = sv.kind {
                                    en.cases[idx].synonyms = items.compactMap { text($0, sfi, what: "a synonym of \(name).\(cn)") }
                                } else {
                                    report(sfi, sv.offset, "unresolved", .warning, "the synonyms of \(name).\(cn) are \(describe(sv)); they cannot be resolved statically")
                                }
                            }
                        } else {
                            en.cases[idx].title = text(val, vfi, what: what)
                        }
                    }
                }
            }
            model.enums.append(en)
        }
    }

    /// The last component of a qualified name (`MealMode.Mode` → `Mode`).
    static func simpleName(_ qualified: String) -> String {
        qualified.split(separator: ".").last.map(String.init) ?? qualified
    }

    /// A type as written, without optionals, array brackets and generic arguments, its dots kept
    /// (`[MealMode.Mode]?` → `MealMode.Mode`): the name to look up.
    static func writtenElementType(_ t: String) -> String {
        var s = Substring(t.trimmingCharacters(in: .whitespaces))
        while true {
            while s.hasSuffix("?") || s.hasSuffix("!") { s = s.dropLast() }
            if s.hasPrefix("Optional<"), s.hasSuffix(">") { s = s.dropFirst(9).dropLast(); continue }
            if s.hasPrefix("Array<"), s.hasSuffix(">") { s = s.dropFirst(6).dropLast(); continue }
            if s.hasPrefix("["), s.hasSuffix("]") { s = s.dropFirst().dropLast(); continue }
            break
        }
        if let lt = s.firstIndex(of: "<") { s = s[..<lt] }
        return String(s)
    }

    /// The catalog's spelling of a Swift type: optionals and module prefixes dropped, generic
    /// arguments dropped (`Measurement<UnitLength>` → `Measurement`), arrays kept as `[T]`.
    public static func catalogType(_ t: String) -> String {
        var s = t.trimmingCharacters(in: .whitespaces)
        while s.hasSuffix("?") || s.hasSuffix("!") { s.removeLast() }
        if s.hasPrefix("Optional<"), s.hasSuffix(">") { s = String(s.dropFirst(9).dropLast()) }
        if s.hasPrefix("["), s.hasSuffix("]") { return "[" + catalogType(String(s.dropFirst().dropLast())) + "]" }
        if s.hasPrefix("Array<"), s.hasSuffix(">") { return "[" + catalogType(String(s.dropFirst(6).dropLast())) + "]" }
        if let lt = s.firstIndex(of: "<") { s = String(s[..<lt]) }
        if let last = s.split(separator: ".").last { s = String(last) }
        return s
    }
}
