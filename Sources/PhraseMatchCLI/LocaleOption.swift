import PhraseEngine

/// The one rule every `--locale ID` (and the REPL's `:locale ID`) follows, whatever the command:
///
/// - a value that is not a BCP 47 tag (`klingon`, `en_US`) is a usage error (exit 2);
/// - tags compare case-insensitively, as BCP 47 says (`zh-cn` is the catalog's `zh-CN`), and are
///   written in their canonical casing (`zh-Hans-CN`);
/// - a tag must reach a locale in which a loaded catalog has phrases: the same tag, or one it
///   falls back to (`en-GB` → `en`, `pt-BR` → `pt-PT`, the first of the same language); a tag
///   that reaches none is a usage error too (exit 2), naming the catalogs' locales.
///
/// Both errors are one line, the same in every command (docs/cli.md, "Locales").
enum LocaleOption {
    /// The rule in a `--locale` option's help.
    static let helpRule = "Any case (zh-cn is zh-CN); must be a locale the catalogs have phrases in, or fall back to one (en-GB: en)."
    /// A `--locale` value resolved against the catalogs: the tag as the command uses it for
    /// utterances (canonical casing, the catalog's own spelling when the catalog has it) and the
    /// catalog locale whose phrases it reads.
    struct Choice: Equatable, Sendable {
        var tag: String
        var catalogLocale: String
    }

    /// Why a value was refused: the one-line message every command prints.
    struct Refusal: Error, Equatable, Sendable {
        var message: String
    }

    /// `en`, `fr-CA`, `zh-Hans-CN` from any casing: the language in lower case, a four-letter
    /// script in title case, a two-letter region in upper case, the rest (and everything after a
    /// one-letter extension subtag) in lower case.
    static func canonical(_ tag: String) -> String {
        var out: [String] = []
        var afterSingleton = false
        for (i, p) in tag.split(separator: "-", omittingEmptySubsequences: false).enumerated() {
            let s = String(p)
            if i == 0 || afterSingleton {
                out.append(s.lowercased())
            } else if s.count == 1 {
                afterSingleton = true
                out.append(s.lowercased())
            } else if s.count == 4, s.allSatisfy(\.isLetter) {
                out.append(s.prefix(1).uppercased() + s.dropFirst().lowercased())
            } else if s.count == 2, s.allSatisfy(\.isLetter) {
                out.append(s.uppercased())
            } else {
                out.append(s.lowercased())
            }
        }
        return out.joined(separator: "-")
    }

    /// Checks the form of a value only (before any catalog is read): nil when it is a BCP 47
    /// tag, else the refusal (with the hyphenated spelling suggested for `en_US`).
    static func malformed(_ value: String, allowAll: Bool = false) -> Refusal? {
        if allowAll && value == "all" { return nil }
        if CatalogLoader.isValidLocale(value) { return nil }
        var m = "'\(value)' is not a locale identifier (BCP 47, such as en, fr-CA, zh-Hans)"
        if allowAll { m += " or all" }
        let hyphen = value.replacingOccurrences(of: "_", with: "-")
        if hyphen != value, CatalogLoader.isValidLocale(hyphen) { m += "; did you mean '\(canonical(hyphen))'?" }
        return Refusal(message: m)
    }

    /// The locales in which the catalogs have phrases, each once, in catalog order (every
    /// locale of the catalogs when none has a phrase at all).
    static func phraseLocales(_ catalogs: [Catalog]) -> [String] {
        var out: [String] = []
        for c in catalogs {
            for s in c.shortcuts { for p in s.phrases where !p.templates.isEmpty && !out.contains(p.locale) { out.append(p.locale) } }
        }
        return out.isEmpty ? Matcher.locales(of: catalogs) : out
    }

    /// The locale of `available` a tag reaches: the same tag in any casing, else the one it falls
    /// back to (as the matcher does).
    static func reach(_ tag: String, among available: [String]) -> String? {
        let c = canonical(tag)
        if let same = available.first(where: { $0.lowercased() == c.lowercased() }) { return same }
        if let m = Matcher.locale(for: c, among: available) { return m }
        // The matcher's last resort (the first locale of the same language), in any casing.
        let lang = c.split(separator: "-").first.map { $0.lowercased() } ?? c
        return available.first { $0.split(separator: "-").first.map { $0.lowercased() } == lang }
    }

    /// Resolves a value against the locales of the loaded catalogs (`phraseLocales`).
    static func resolve(_ value: String, among available: [String]) -> Result<Choice, Refusal> {
        if let r = malformed(value) { return .failure(r) }
        guard let l = reach(value, among: available) else {
            return .failure(Refusal(message: "no loaded catalog has phrases in locale '\(value)' (their locales: \(available.joined(separator: ", ")))"))
        }
        let c = canonical(value)
        return .success(Choice(tag: l.lowercased() == c.lowercased() ? l : c, catalogLocale: l))
    }

    /// `--locale` of a command: nil when not given; a refusal is a usage error (exit 2).
    static func choice(_ args: ParsedArguments, _ catalogs: [Catalog]) throws -> Choice? {
        guard let v = args.value("--locale") else { return nil }
        switch resolve(v, among: phraseLocales(catalogs)) {
        case .success(let c): return c
        case .failure(let r): throw CLIError.usage(r.message)
        }
    }

    /// The form check of `--locale` alone, for the start of a command (before catalogs load).
    static func checkForm(_ args: ParsedArguments, allowAll: Bool = false) throws {
        if let v = args.value("--locale"), let r = malformed(v, allowAll: allowAll) { throw CLIError.usage(r.message) }
    }

    /// With several catalogs, a note for each that has no phrases the tag reaches (the others
    /// are worked on; `choice` already refused a tag none of them has).
    static func noteCatalogsWithout(_ value: String, _ catalogs: [Catalog], _ ctx: CLIContext) {
        guard catalogs.count > 1 else { return }
        for c in catalogs where reach(value, among: phraseLocales([c])) == nil {
            ctx.err("note: \(c.file) has no phrases in locale '\(value)'\n")
        }
    }
}
