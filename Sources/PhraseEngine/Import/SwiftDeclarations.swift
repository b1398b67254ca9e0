/// A recognizer for the declarations App Intents reads, on top of `SwiftLexer`: type
/// declarations (and extensions) with their inheritance lists, stored and computed properties
/// with attributes, enum cases with raw values, and a small expression view (string literals,
/// arrays, dictionaries, calls with labelled arguments, member and dotted names).
///
/// It does not type-check or evaluate anything: what it cannot see statically comes back as
/// `SwiftExpr.Kind.unresolved` for the caller to report. Brackets are matched once, iteratively;
/// declaration and expression nesting are limited to `maxDepth`.
public struct SwiftExpr: Sendable {
    public indirect enum Kind: Sendable {
        case string(SwiftStringLiteral)
        case array([SwiftExpr])
        case dictionary([(key: SwiftExpr, value: SwiftExpr)])
        /// `Name(...)`, `A.B(...)`, `.init(...)` (callee ".init"); trailing closure body if any.
        case call(callee: String, arguments: [SwiftArgument], trailingClosure: Range<Int>?)
        /// `.name`
        case member(String)
        /// `name`, `Self.name`, `Type.name`
        case path(String)
        case bool(Bool)
        case number(String)
        case closure(Range<Int>)
        /// Something that is not one of the above; the text is a short excerpt of the source.
        case unresolved(String)
    }
    public var kind: Kind
    /// Byte offset of the expression's first token.
    public var offset: Int
}

public struct SwiftArgument: Sendable {
    public var label: String?
    public var value: SwiftExpr
}

public struct SwiftAttribute: Sendable {
    public var name: String
    /// Token range inside the attribute's parentheses.
    public var arguments: Range<Int>?
    public var offset: Int
}

public struct SwiftMember: Sendable {
    public var name: String
    public var isStatic: Bool
    public var attributes: [SwiftAttribute]
    /// The declared type as written, without spaces (`[AppShortcut]`, `HabitEntity?`).
    public var typeText: String?
    /// Token range of the `= ...` initializer.
    public var initializer: Range<Int>?
    /// Token range inside the braces of a computed property (its getter).
    public var getter: Range<Int>?
    public var offset: Int
    /// The `#if` condition the declaration sits in, if any.
    public var condition: String?
}

public struct SwiftEnumCaseDecl: Sendable {
    public var name: String
    public var rawValue: SwiftExpr?
    public var hasAssociatedValues: Bool
    public var offset: Int
    public var condition: String?
}

public struct SwiftTypeDecl: Sendable {
    /// The last component of the name (`MealMode.Mode` → `Mode`).
    public var name: String
    /// The name as Swift qualifies it: the enclosing types' names, then this one
    /// (`class MealMode { enum Mode }` → `MealMode.Mode`). An extension's is the type it names, as
    /// written (`extension MealMode.Mode` → `MealMode.Mode`, `extension Mode` → `Mode`, the
    /// top-level type), and a type declared inside an extension continues it.
    public var qualifiedName: String = ""
    /// How many leading components of `qualifiedName` an extension wrote (0 outside an
    /// extension): a module-qualified `extension MyApp.Mode` is resolved by the reader.
    public var extensionPrefix: Int = 0
    /// struct, enum, class, actor, extension or protocol.
    public var keyword: String
    /// Inherited types and conformances, last name component only (`AppIntents.AppEnum` → `AppEnum`).
    public var inherits: [String]
    public var members: [SwiftMember]
    public var cases: [SwiftEnumCaseDecl]
    public var offset: Int
    public var condition: String?
}

/// One lexed Swift file and the declarations found in it.
public struct SwiftSourceFile: Sendable {
    public static let maxDepth = 64

    public let path: String
    public let tokens: [SwiftToken]
    public let lines: LineTable
    public private(set) var types: [SwiftTypeDecl] = []
    /// Top-level `let`/`var` declarations (constants that phrases may refer to).
    public private(set) var globals: [SwiftMember] = []
    public private(set) var problems: [LexProblem]
    /// For an opening bracket token, the index of its closing token; -1 otherwise.
    let match: [Int]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        lines = LineTable(bytes)
        let (toks, probs) = SwiftLexer.tokenize(bytes)
        tokens = toks
        problems = probs
        var m = [Int](repeating: -1, count: toks.count)
        var stack: [Int] = []
        for (k, t) in toks.enumerated() where t.kind == .punctuation {
            switch t.text {
            case "(", "[", "{": stack.append(k)
            case ")", "]", "}":
                let want = t.text == ")" ? "(" : (t.text == "]" ? "[" : "{")
                if let top = stack.last, toks[top].text == want {
                    m[top] = k
                    stack.removeLast()
                } else if problems.count < 200 {
                    problems.append(LexProblem(message: "unbalanced '\(t.text)'", offset: t.offset, rule: "swift-syntax"))
                }
            default: break
            }
        }
        for k in stack.suffix(5) {
            problems.append(LexProblem(message: "'\(toks[k].text)' is never closed", offset: toks[k].offset, rule: "swift-syntax"))
        }
        // An unclosed bracket spans to the end of the file.
        for k in stack { m[k] = toks.count }
        match = m
        var scanner = Scanner(file: self)
        scanner.scanBody(0..<toks.count, owner: nil, depth: 0)
        types = scanner.types
        globals = scanner.globals
        problems += scanner.problems
    }

    public func position(_ offset: Int) -> (line: Int, column: Int) { lines.position(of: offset) }

    func isOpen(_ k: Int) -> Bool {
        let t = tokens[k]
        return t.kind == .punctuation && (t.text == "(" || t.text == "[" || t.text == "{")
    }

    /// Index after the bracket group opening at `k` (clamped to `limit`).
    func skipGroup(_ k: Int, limit: Int) -> Int { min(max(match[k], k) + 1, limit) }

    /// Splits a token range at top-level commas.
    func splitCommas(_ r: Range<Int>) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var s = r.lowerBound
        var k = r.lowerBound
        while k < r.upperBound {
            if isOpen(k) { k = skipGroup(k, limit: r.upperBound); continue }
            if tokens[k].isPunct(",") { out.append(s..<k); s = k + 1 }
            k += 1
        }
        if s < r.upperBound { out.append(s..<r.upperBound) }
        return out
    }

    /// A short excerpt of the source of a token range, for messages.
    public func excerpt(_ r: Range<Int>) -> String {
        var s = ""
        for k in r {
            let t = tokens[k]
            if !s.isEmpty, t.kind == .identifier || t.kind == .string || t.kind == .number,
               let last = s.last, last.isLetter || last.isNumber || last == "\"" { s += " " }
            s += t.kind == .string ? "\"…\"" : t.text
            if s.count > 60 { return String(s.prefix(60)) + "…" }
        }
        return s
    }

    /// Parses the expression in a token range.
    public func expression(_ r: Range<Int>, depth: Int = 0) -> SwiftExpr {
        guard !r.isEmpty, r.lowerBound < tokens.count else { return SwiftExpr(kind: .unresolved("empty expression"), offset: tokens.last?.offset ?? 0) }
        let a = r.lowerBound
        let off = tokens[a].offset
        func unresolved() -> SwiftExpr { SwiftExpr(kind: .unresolved(excerpt(r)), offset: off) }
        guard depth < SwiftSourceFile.maxDepth else { return SwiftExpr(kind: .unresolved("expression nested too deeply"), offset: off) }
        let t = tokens[a]
        if r.count == 1 {
            switch t.kind {
            case .string: if let l = t.literal { return SwiftExpr(kind: .string(l), offset: off) }
            case .number: return SwiftExpr(kind: .number(t.text), offset: off)
            case .identifier:
                if t.text == "true" || t.text == "false" { return SwiftExpr(kind: .bool(t.text == "true"), offset: off) }
                return SwiftExpr(kind: .path(t.text), offset: off)
            default: break
            }
            return unresolved()
        }
        if t.kind == .op, t.text == "-", r.count == 2, tokens[a + 1].kind == .number {
            return SwiftExpr(kind: .number("-" + tokens[a + 1].text), offset: off)
        }
        if t.isPunct("["), match[a] == r.upperBound - 1 {
            let inner = (a + 1)..<(r.upperBound - 1)
            // `[:]` is an empty dictionary.
            if inner.count == 1, tokens[inner.lowerBound].isPunct(":") { return SwiftExpr(kind: .dictionary([]), offset: off) }
            let parts = splitCommas(inner).filter { !$0.isEmpty }
            var isDict = false
            var colons: [Int?] = []
            for p in parts {
                var c: Int? = nil
                var k = p.lowerBound
                while k < p.upperBound {
                    if isOpen(k) { k = skipGroup(k, limit: p.upperBound); continue }
                    if tokens[k].isPunct(":") { c = k; break }
                    k += 1
                }
                colons.append(c)
                if c != nil { isDict = true }
            }
            if isDict {
                var entries: [(key: SwiftExpr, value: SwiftExpr)] = []
                for (p, c) in zip(parts, colons) {
                    guard let c else { return unresolved() }
                    entries.append((expression(p.lowerBound..<c, depth: depth + 1), expression((c + 1)..<p.upperBound, depth: depth + 1)))
                }
                return SwiftExpr(kind: .dictionary(entries), offset: off)
            }
            return SwiftExpr(kind: .array(parts.map { expression($0, depth: depth + 1) }), offset: off)
        }
        if t.isPunct("{"), match[a] == r.upperBound - 1 {
            return SwiftExpr(kind: .closure((a + 1)..<(r.upperBound - 1)), offset: off)
        }
        // Dotted name (optionally with a leading `.`), optional generic arguments, optional call.
        var k = a
        var name = ""
        if tokens[k].isPunct(".") { name = "."; k += 1 }
        while k < r.upperBound, tokens[k].kind == .identifier {
            name += tokens[k].text
            k += 1
            if k + 1 < r.upperBound, tokens[k].isPunct("."), tokens[k + 1].kind == .identifier { name += "."; k += 1 } else { break }
        }
        guard name != "", name != "." else { return unresolved() }
        if k == r.upperBound {
            return SwiftExpr(kind: name.hasPrefix(".") ? .member(String(name.dropFirst())) : .path(name), offset: off)
        }
        if tokens[k].kind == .op, tokens[k].text == "<" {   // generic arguments: skip to the matching '>'
            var level = 0
            while k < r.upperBound {
                if tokens[k].kind == .op, tokens[k].text == "<" { level += 1 }
                if tokens[k].kind == .op, tokens[k].text == ">" { level -= 1; if level == 0 { k += 1; break } }
                if isOpen(k) { k = skipGroup(k, limit: r.upperBound); continue }
                k += 1
            }
        }
        var args: [SwiftArgument] = []
        var isCall = false
        if k < r.upperBound, tokens[k].isPunct("(") {
            isCall = true
            let close = min(match[k], r.upperBound)
            args = arguments((k + 1)..<close, depth: depth + 1)
            k = close + 1
        }
        var trailing: Range<Int>? = nil
        if k < r.upperBound, tokens[k].isPunct("{"), match[k] == r.upperBound - 1 {
            isCall = true
            trailing = (k + 1)..<(r.upperBound - 1)
            k = r.upperBound
        }
        if isCall, k >= r.upperBound {
            return SwiftExpr(kind: .call(callee: name, arguments: args, trailingClosure: trailing), offset: off)
        }
        return unresolved()
    }

    /// Parses an argument list (the tokens inside a call's parentheses): `label: value, value`.
    public func arguments(_ r: Range<Int>, depth: Int = 0) -> [SwiftArgument] {
        var args: [SwiftArgument] = []
        for p in splitCommas(r) where !p.isEmpty {
            if p.count >= 2, tokens[p.lowerBound].kind == .identifier, tokens[p.lowerBound + 1].isPunct(":") {
                args.append(SwiftArgument(label: tokens[p.lowerBound].text, value: expression((p.lowerBound + 2)..<p.upperBound, depth: depth)))
            } else {
                args.append(SwiftArgument(label: nil, value: expression(p, depth: depth)))
            }
        }
        return args
    }

    /// Where the expression starting at `s` ends: before the first token that starts a new
    /// statement on a new line (brackets are skipped as a whole).
    func expressionEnd(from s: Int, limit: Int) -> Int {
        var k = s
        while k < limit {
            if k > s, tokens[k].startsLine, startsStatement(k) { return k }
            if tokens[k].isPunct("}") || tokens[k].isPunct(";") { return k }
            if isOpen(k) { k = skipGroup(k, limit: limit); continue }
            k += 1
        }
        return limit
    }

    static let declarationWords: Set<String> = [
        "var", "let", "func", "static", "case", "struct", "enum", "class", "actor", "extension", "protocol", "init", "deinit",
        "subscript", "typealias", "import", "private", "fileprivate", "public", "internal", "open", "final", "override",
        "nonisolated", "mutating", "lazy", "weak", "unowned", "associatedtype", "return", "if", "for", "while", "switch", "guard",
        "do", "let", "throw", "defer",
    ]

    func startsStatement(_ k: Int) -> Bool {
        let t = tokens[k]
        if t.kind == .pound { return true }
        if t.isPunct("@") { return true }
        if t.kind == .punctuation, t.text == "." { return false }
        if t.kind == .op { return false }
        let prev = tokens[k - 1]
        if prev.kind == .op || prev.isPunct(",") || prev.isPunct(":") || prev.isPunct(".") || prev.isPunct("(") || prev.isPunct("[") { return false }
        if t.kind == .identifier, SwiftSourceFile.declarationWords.contains(t.text) { return true }
        return true
    }

    /// Scans declaration bodies.
    struct Scanner {
        let file: SwiftSourceFile
        var types: [SwiftTypeDecl] = []
        var globals: [SwiftMember] = []
        var problems: [LexProblem] = []
        var tokens: [SwiftToken] { file.tokens }

        static let typeKeywords: Set<String> = ["struct", "enum", "class", "actor", "extension", "protocol"]
        static let modifiers: Set<String> = [
            "public", "private", "fileprivate", "internal", "open", "final", "override", "nonisolated", "mutating", "nonmutating",
            "lazy", "weak", "unowned", "dynamic", "indirect", "convenience", "required", "optional", "package", "consuming", "borrowing",
        ]

        /// The rest of the line from `k`, as text (the condition of a `#if`).
        func lineText(from k: Int, limit: Int) -> (String, Int) {
            var s = ""
            var j = k
            while j < limit, !(j > k && tokens[j].startsLine) {
                if !s.isEmpty, tokens[j].kind == .identifier, let l = s.last, l.isLetter || l.isNumber || l == ")" { s += " " }
                s += tokens[j].text
                j += 1
            }
            return (s, j)
        }

        mutating func scanBody(_ r: Range<Int>, owner: Int?, depth: Int) {
            guard depth < SwiftSourceFile.maxDepth else {
                if let f = r.first, f < tokens.count {
                    problems.append(LexProblem(message: "declarations nested deeper than \(SwiftSourceFile.maxDepth) levels are not read", offset: tokens[f].offset, rule: "swift-syntax"))
                }
                return
            }
            var k = r.lowerBound
            let end = min(r.upperBound, tokens.count)
            var attrs: [SwiftAttribute] = []
            var isStatic = false
            var conditions: [String] = []
            func condition() -> String? { conditions.isEmpty ? nil : conditions.joined(separator: " && ") }
            while k < end {
                let t = tokens[k]
                if t.kind == .pound {
                    switch t.text {
                    case "#if":
                        let (c, next) = lineText(from: k + 1, limit: end)
                        conditions.append("#if " + c); k = next; continue
                    case "#elseif":
                        let (c, next) = lineText(from: k + 1, limit: end)
                        if !conditions.isEmpty { conditions.removeLast() }
                        conditions.append("#elseif " + c); k = next; continue
                    case "#else":
                        if let last = conditions.popLast() { conditions.append("#else of " + last) } else { conditions.append("#else") }
                        k += 1; continue
                    case "#endif":
                        _ = conditions.popLast(); k += 1; continue
                    default:
                        k += 1
                        if k < end, file.isOpen(k) { k = file.skipGroup(k, limit: end) }
                        continue
                    }
                }
                if t.isPunct("@"), k + 1 < end, tokens[k + 1].kind == .identifier {
                    var name = tokens[k + 1].text
                    var j = k + 2
                    while j + 1 < end, tokens[j].isPunct("."), tokens[j + 1].kind == .identifier { name += "." + tokens[j + 1].text; j += 2 }
                    var args: Range<Int>? = nil
                    if j < end, tokens[j].isPunct("("), !tokens[j].startsLine {
                        args = (j + 1)..<min(file.match[j], end)
                        j = file.skipGroup(j, limit: end)
                    }
                    attrs.append(SwiftAttribute(name: name, arguments: args, offset: t.offset))
                    k = j
                    continue
                }
                if t.kind == .identifier {
                    if Scanner.modifiers.contains(t.text) {
                        k += 1
                        if k < end, tokens[k].isPunct("(") { k = file.skipGroup(k, limit: end) }   // private(set)
                        continue
                    }
                    if t.text == "static" || (t.text == "class" && k + 1 < end && ["var", "let", "func", "subscript"].contains(tokens[k + 1].text)) {
                        isStatic = true; k += 1; continue
                    }
                    if Scanner.typeKeywords.contains(t.text), k + 1 < end, tokens[k + 1].kind == .identifier {
                        k = typeDecl(at: k, end: end, owner: owner, condition: condition(), depth: depth)
                        attrs = []; isStatic = false
                        continue
                    }
                    if t.text == "case", let owner {
                        k = caseDecl(at: k + 1, end: end, owner: owner, condition: condition())
                        attrs = []; isStatic = false
                        continue
                    }
                    if t.text == "var" || t.text == "let" {
                        let (m, next) = member(at: k, end: end, attrs: attrs, isStatic: isStatic, condition: condition())
                        if let m {
                            if let owner { types[owner].members.append(m) } else { globals.append(m) }
                        }
                        k = next
                        attrs = []; isStatic = false
                        continue
                    }
                    if ["func", "init", "subscript", "deinit"].contains(t.text) {
                        // Skip the signature and the body.
                        var j = k + 1
                        while j < end {
                            if tokens[j].isPunct("{") { j = file.skipGroup(j, limit: end); break }
                            if j > k + 1, tokens[j].startsLine, tokens[j].kind == .identifier, SwiftSourceFile.declarationWords.contains(tokens[j].text) { break }
                            if tokens[j].isPunct("}") { break }
                            if file.isOpen(j) { j = file.skipGroup(j, limit: end); continue }
                            j += 1
                        }
                        k = j
                        attrs = []; isStatic = false
                        continue
                    }
                }
                if file.isOpen(k) { k = file.skipGroup(k, limit: end); attrs = []; isStatic = false; continue }
                k += 1
            }
        }

        mutating func typeDecl(at k0: Int, end: Int, owner: Int?, condition: String?, depth: Int) -> Int {
            let keyword = tokens[k0].text
            var k = k0 + 1
            var written = [tokens[k].text]
            k += 1
            while k + 1 < end, tokens[k].isPunct("."), tokens[k + 1].kind == .identifier {
                // A name longer than any nesting that is read keeps its last component.
                if written.count < SwiftSourceFile.maxDepth { written.append(tokens[k + 1].text) } else { written[written.count - 1] = tokens[k + 1].text }
                k += 2
            }
            let name = written[written.count - 1]
            // Swift names an extension's type from file scope; a nested declaration from its owner.
            let qualified: [String]
            let prefix: Int
            if let owner, keyword != "extension" {
                qualified = types[owner].qualifiedName.split(separator: ".").map(String.init) + [name]
                prefix = types[owner].extensionPrefix
            } else if keyword == "extension" {
                qualified = written
                prefix = written.count
            } else {
                qualified = [name]
                prefix = 0
            }
            var inherits: [String] = []
            var brace: Int? = nil
            var expectName = false
            var angle = 0
            while k < end {
                let t = tokens[k]
                if t.isPunct("{") { brace = k; break }
                if t.kind == .op, t.text == "<" { angle += 1; k += 1; continue }
                if t.kind == .op, t.text == ">" { angle = max(0, angle - 1); k += 1; continue }
                if angle == 0 {
                    if t.isPunct(":") && inherits.isEmpty { expectName = true; k += 1; continue }
                    if t.isPunct(",") { expectName = true; k += 1; continue }
                    if t.isIdent("where") { expectName = false; k += 1; continue }
                    if t.kind == .identifier, expectName {
                        var n = t.text
                        var j = k + 1
                        while j + 1 < end, tokens[j].isPunct("."), tokens[j + 1].kind == .identifier { n = tokens[j + 1].text; j += 2 }
                        if !["any", "some"].contains(t.text) { inherits.append(n); expectName = false }
                        k = j
                        continue
                    }
                    // `@unchecked Sendable`, `@retroactive AppEnum`, `@MainActor P`: the attribute is no conformance.
                    if t.isPunct("@") { k += (k + 1 < end && tokens[k + 1].kind == .identifier) ? 2 : 1; continue }
                }
                if file.isOpen(k) { k = file.skipGroup(k, limit: end); continue }
                if t.isPunct("}") { break }
                k += 1
            }
            guard let brace else { return k }
            let index = types.count
            types.append(SwiftTypeDecl(name: name, qualifiedName: qualified.joined(separator: "."), extensionPrefix: prefix,
                                       keyword: keyword, inherits: inherits, members: [], cases: [],
                                       offset: tokens[k0 + 1].offset, condition: condition))
            let close = min(file.match[brace], end)
            scanBody((brace + 1)..<close, owner: index, depth: depth + 1)
            return min(close + 1, end)
        }

        mutating func caseDecl(at k0: Int, end: Int, owner: Int, condition: String?) -> Int {
            var k = k0
            while k < end, tokens[k].kind == .identifier {
                let nameTok = tokens[k]
                var decl = SwiftEnumCaseDecl(name: nameTok.text, rawValue: nil, hasAssociatedValues: false, offset: nameTok.offset, condition: condition)
                k += 1
                if k < end, tokens[k].isPunct("(") { decl.hasAssociatedValues = true; k = file.skipGroup(k, limit: end) }
                if k < end, tokens[k].kind == .op, tokens[k].text == "=" {
                    var j = k + 1
                    while j < end, !tokens[j].isPunct(","), !(j > k + 1 && tokens[j].startsLine) {
                        if file.isOpen(j) { j = file.skipGroup(j, limit: end); continue }
                        j += 1
                    }
                    decl.rawValue = file.expression((k + 1)..<j)
                    k = j
                }
                types[owner].cases.append(decl)
                if k < end, tokens[k].isPunct(","), k + 1 < end { k += 1; continue }
                break
            }
            return max(k, k0)
        }

        mutating func member(at k0: Int, end: Int, attrs: [SwiftAttribute], isStatic: Bool, condition: String?) -> (SwiftMember?, Int) {
            var k = k0 + 1
            guard k < end, tokens[k].kind == .identifier else {
                // A pattern (`let (a, b) = ...`): skip the statement.
                return (nil, file.expressionEnd(from: k, limit: end))
            }
            var m = SwiftMember(name: tokens[k].text, isStatic: isStatic, attributes: attrs, typeText: nil, initializer: nil,
                                getter: nil, offset: tokens[k].offset, condition: condition)
            k += 1
            if k < end, tokens[k].isPunct(":") {
                var text = ""
                var j = k + 1
                var angle = 0
                while j < end {
                    let t = tokens[j]
                    if angle == 0, (t.kind == .op && t.text == "=") || t.isPunct("{") || t.isPunct("}") || t.isPunct(",") || t.isPunct(";") { break }
                    if j > k + 1, t.startsLine, angle == 0 { break }
                    if t.kind == .op, t.text == "<" { angle += 1 }
                    if t.kind == .op, t.text == ">" { angle = max(0, angle - 1) }
                    if file.isOpen(j), !t.isPunct("{") {
                        let close = file.skipGroup(j, limit: end)
                        for q in j..<close { text += tokens[q].text }
                        j = close
                        continue
                    }
                    text += t.text
                    j += 1
                }
                m.typeText = text
                k = j
            }
            if k < end, tokens[k].kind == .op, tokens[k].text == "=" {
                let e = file.expressionEnd(from: k + 1, limit: end)
                m.initializer = (k + 1)..<e
                k = e
                // A trailing `{ didSet ... }` belongs to the declaration, not a new statement.
                if k < end, tokens[k].isPunct("{"), !tokens[k].startsLine { k = file.skipGroup(k, limit: end) }
            } else if k < end, tokens[k].isPunct("{") {
                let close = min(file.match[k], end)
                var body = (k + 1)..<close
                // `get { ... }` (with an optional `set`): the getter's body.
                if body.count >= 2, tokens[body.lowerBound].isIdent("get") {
                    var g = body.lowerBound + 1
                    while g < body.upperBound, !tokens[g].isPunct("{") { g += 1 }   // `get async throws {`
                    if g < body.upperBound { body = (g + 1)..<min(file.match[g], close) }
                }
                m.getter = body
                k = min(close + 1, end)
            }
            return (m, k)
        }
    }
}
