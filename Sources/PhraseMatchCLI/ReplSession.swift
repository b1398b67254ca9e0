import Foundation
import PhraseEngine

/// The REPL's state and its handling of one line. Independent of the terminal, so tests drive
/// it through a pipe and the terminal front end only adds line editing.
public final class ReplSession {
    public private(set) var catalogPaths: [String]
    public private(set) var catalogs: [Catalog] = []
    public private(set) var matcher: Matcher
    public var locale: String
    public var explain = true
    public var top = 3
    public var mode: MatchingMode = .flexible
    public var color: Bool
    /// Relative paths given to `:load` are resolved against this folder, and catalog paths
    /// inside it are shown relative to it (as the other commands do).
    public var currentDirectory: String
    let usedSamples: Bool
    /// Where phrase vectors are kept (with an encoder).
    let vectorCache: PhraseVectorCache?
    /// Makes the progress line a long command (`:collisions`) draws on standard error; set by
    /// `phrasematch repl` (nil: none, as in a session driven by tests).
    var makeProgress: ((String) -> ProgressLine?)? = nil

    public static let commands: [(String, String)] = [
        (":help", "this list"),
        (":locale ID", "match in another locale"),
        (":apps", "the loaded apps, their names and shortcuts"),
        (":load FILE", "load another catalog"),
        (":reload", "re-read the catalogs from disk (keeps the old ones on error)"),
        (":phrases [filter]", "list the expanded phrases of the locale (containing filter)"),
        (":lint", "check the catalogs against the App Shortcuts rules"),
        (":collisions", "phrases of different shortcuts that are close to each other"),
        (":top N", "results to show"),
        (":explain on|off", "show how each word matched"),
        (":matching exact|flexible", "phrases said as written, or flexibly"),
        (":quit", "leave (also Ctrl-D)"),
    ]

    public init(catalogPaths: [String], catalogs: [Catalog], locale: String?, color: Bool, usedSamples: Bool,
                currentDirectory: String = FileManager.default.currentDirectoryPath, options: MatchOptions = MatchOptions(),
                encoder: (any SentenceEncoder)? = nil, vectorCache: PhraseVectorCache? = nil) {
        self.vectorCache = vectorCache
        self.currentDirectory = currentDirectory
        self.catalogPaths = catalogPaths
        self.catalogs = catalogs
        self.color = color
        self.usedSamples = usedSamples
        let locale = locale ?? CatalogOptions.defaultLocale(catalogs)
        self.locale = locale
        // The first utterance needs only its locale's index: that one is built now (the prompt
        // waits for it alone), every locale's on a thread of its own, taken when the session
        // moves to another locale (`currentMatcher`). A matcher of one locale answers its
        // utterances as one of every locale does (LocaleChoiceTests).
        let all = Matcher.locales(of: catalogs)
        if all.count > 1, let first = Matcher.locale(for: locale, among: all) {
            matcher = Matcher(catalogs: catalogs, locales: [first], options: options, encoder: encoder, vectorCache: vectorCache)
            let box = PendingMatcher()
            pending = box
            let t = Thread { box.set(Matcher(catalogs: catalogs, options: options, encoder: encoder, vectorCache: vectorCache)) }
            t.qualityOfService = .utility
            t.start()
        } else {
            matcher = Matcher(catalogs: catalogs, options: options, encoder: encoder, vectorCache: vectorCache)
        }
    }

    /// Every locale of the loaded catalogs (what the session can match in).
    var allLocales: [String] { Matcher.locales(of: catalogs) }

    /// The matcher of every locale while it is being built (nil once taken, or when the first
    /// matcher already has every locale).
    private var pending: PendingMatcher?

    /// The matcher for the session's locale: the one built first while the locale is its own,
    /// else the matcher of every locale (waiting for its thread if it is not done yet).
    @discardableResult
    func currentMatcher() -> Matcher {
        guard let box = pending else { return matcher }
        if let target = Matcher.locale(for: locale, among: allLocales), matcher.locales.contains(target) { return matcher }
        matcher = box.wait()
        pending = nil
        return matcher
    }

    public var prompt: String { "phrasematch[\(locale)]> " }

    public var banner: String {
        var s = "PhraseEngine REPL — type what a person would say; :help for commands, Ctrl-D to leave.\n"
        s += usedSamples ? "Loaded the bundled sample apps:\n" : "Loaded:\n"
        for c in catalogs {
            let name = c.app.name.resolve(locale, development: c.developmentLocale) ?? c.app.id
            s += "  \(name) (\(c.app.id)) — \(c.shortcuts.count) shortcuts, \(c.file)\n"
        }
        if !allLocales.isEmpty { s += "Locales: \(allLocales.joined(separator: ", ")); matching in \(locale).\n" }
        s += matcher.encoder.map { "Meaning: the sentence encoder \($0.identity) confirms refused results (docs/semantic.md).\n" }
            ?? "Meaning: off; matching by words only.\n"
        return s
    }

    /// Builds (or reads from the cache) the phrase vectors of the session's locale on a thread
    /// of their own, so the prompt comes at once; the first refused utterance waits for them.
    func prepareMeaning() {
        let m = currentMatcher()
        guard m.encoder != nil, let l = m.indexedLocale(for: locale) else { return }
        Thread { m.prepareSemantic(locales: [l]) }.start()
    }

    /// Handles one line; returns the text to print and whether to leave.
    public func handle(_ line: String) -> (output: String, quit: Bool) {
        let t = line.trimmingCharacters(in: .whitespaces)
        if t.isEmpty { return ("", false) }
        if t.hasPrefix(":") { return command(t) }
        let matcher = currentMatcher()
        var o = matcher.options
        o.mode = mode
        o.limit = max(top, 2)
        o.explain = explain
        let r = matcher.match(t, locale: locale, options: o)
        var shown = r
        shown.results = Array(r.results.prefix(top))
        return (ResultText.render(shown, explain: explain, color: color), false)
    }

    func command(_ t: String) -> (output: String, quit: Bool) {
        let parts = t.split(separator: " ", maxSplits: 1).map(String.init)
        let name = parts[0]
        let arg = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
        switch name {
        case ":quit", ":q", ":exit": return ("", true)
        case ":help", ":h", ":?":
            var s = "Type an utterance to see where it routes. Commands:\n"
            for (c, h) in ReplSession.commands { s += "  " + c.padding(toLength: 26, withPad: " ", startingAt: 0) + h + "\n" }
            return (s, false)
        case ":locale":
            guard !arg.isEmpty else { return ("locale: \(locale) (indexed: \(allLocales.joined(separator: ", ")))\n", false) }
            switch LocaleOption.resolve(arg, among: LocaleOption.phraseLocales(catalogs)) {
            case .failure(let r):
                return ("error: \(r.message); still matching in \(locale)\n", false)
            case .success(let c):
                locale = c.tag
                return (c.catalogLocale == c.tag ? "locale: \(c.tag)\n" : "locale: \(c.tag) (phrases of \(c.catalogLocale))\n", false)
            }
        case ":apps":
            // The apps the current locale reaches first, in full; the others counted on one line.
            var s = ""
            var others: [String] = []
            for c in catalogs {
                guard let l = LocaleOption.reach(locale, among: LocaleOption.phraseLocales([c])) else {
                    others.append(c.app.id)
                    continue
                }
                let names = Expansion.appNames(c, locale: l).map { $0.text + ($0.pronunciationHint.map { " (sounds like \"\($0)\")" } ?? "") }
                s += "\(c.app.id): \(names.joined(separator: ", "))\n"
                for sc in c.shortcuts {
                    s += "  \(sc.intent): \(sc.templates(for: l).count) phrase template(s) in \(l)\n"
                }
            }
            if !others.isEmpty {
                s += "\(others.count) other app\(others.count == 1 ? " has" : "s have") no phrases in \(locale) (:locale ID to see them): "
                    + others.joined(separator: ", ") + "\n"
            }
            return (catalogs.isEmpty ? "no apps loaded\n" : s, false)
        case ":load":
            guard !arg.isEmpty else { return ("usage: :load FILE\n", false) }
            return (reload(adding: arg), false)
        case ":reload":
            return (reload(adding: nil), false)
        case ":phrases":
            var s = ""
            var count = 0
            let needle = arg.lowercased()
            for c in catalogs {
                Expansion.forEach(c, locale: locale) { p in
                    if !needle.isEmpty && !p.text.lowercased().contains(needle) && !p.intent.lowercased().contains(needle) { return true }
                    count += 1
                    if count <= 200 {
                        let cut = p.ordinal >= Expansion.budget ? "  [past the budget]" : ""
                        s += "  \(p.intent): \(p.text)\(cut)\n"
                    }
                    return true
                }
            }
            if count > 200 { s += "  … \(count - 200) more (use a filter)\n" }
            return (s + "\(count) phrase(s)\n", false)
        case ":lint":
            // As `phrasematch lint` prints it: by file, one line a finding, then the count line.
            let diags = Linter.lint(catalogs)
            return (LintCommand.text(diags.map { ($0, nil) }, files: catalogs.map(\.file), catalogs: catalogs.count, color: color), false)
        case ":collisions":
            // It can run for a minute on many apps: a progress line (on a terminal) meanwhile.
            var callback: (@Sendable (Int, Int, String) -> Void)? = nil
            let progress = makeProgress?("collisions")
            if let p = progress { callback = { done, total, step in p.update(done, total, detail: step) } }
            let report = CollisionFinder.quickReport(matcher: currentMatcher(), locale: locale, limit: 20, progress: callback)
            progress?.finish()
            return (report, false)
        case ":top":
            guard let k = Int(arg), k >= 1, k <= 50 else { return ("usage: :top N (1-50)\n", false) }
            top = k
            return ("showing \(k) result(s)\n", false)
        case ":explain":
            switch arg {
            case "on": explain = true
            case "off": explain = false
            default: return ("usage: :explain on|off\n", false)
            }
            return ("explanations \(explain ? "on" : "off")\n", false)
        case ":matching":
            guard let m = MatchingMode(rawValue: arg) else { return ("usage: :matching exact|flexible\n", false) }
            mode = m
            return ("matching \(m.rawValue)\n", false)
        default:
            var s = "unknown command \(name)"
            if let sug = Suggest.closest(name, among: ReplSession.commands.map { String($0.0.split(separator: " ")[0]) } + [":q"]) {
                s += "; did you mean \(sug)?"
            }
            return (s + " (:help lists them)\n", false)
        }
    }

    /// Re-reads every catalog (and an added one). On any error the previous catalogs stay loaded.
    func reload(adding path: String?) -> String {
        var paths = catalogPaths
        if let p = path { paths.append(resolved(p)) }
        do {
            let cats = try CatalogLoader.loadAll(paths: paths).map { c in var c = c; c.file = displayed(c.file); return c }
            catalogs = cats
            catalogPaths = paths
            matcher = Matcher(catalogs: cats, options: matcher.options, encoder: matcher.encoder, vectorCache: vectorCache)
            pending = nil
            return "loaded \(cats.count) catalog(s): \(cats.map(\.app.id).joined(separator: ", "))\n"
                + CatalogOptions.lintWarnings(cats).map { $0 + "\n" }.joined()
        } catch {
            return error.diagnostics.map { d in var d = d; d.file = displayed(d.file); return "error: " + d.oneLine }.joined(separator: "\n")
                + "\nkept the previously loaded catalogs\n"
        }
    }

    func resolved(_ p: String) -> String {
        if p.hasPrefix("/") { return p }
        if p == "~" || p.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty {
            return home + p.dropFirst()
        }
        return (currentDirectory.hasSuffix("/") ? currentDirectory : currentDirectory + "/") + p
    }

    func displayed(_ p: String) -> String { CatalogOptions.displayPath(p, relativeTo: currentDirectory) }
}

/// A matcher being built on another thread: `wait` returns it once it is there.
final class PendingMatcher: @unchecked Sendable {
    private let condition = NSCondition()
    private var built: Matcher?

    func set(_ m: Matcher) {
        condition.lock()
        built = m
        condition.broadcast()
        condition.unlock()
    }

    func wait() -> Matcher {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let m = built { return m }
            condition.wait()
        }
    }
}
