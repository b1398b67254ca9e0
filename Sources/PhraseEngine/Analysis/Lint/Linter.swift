/// A lint rule: a stable id, a severity, the App Shortcuts fact behind it, and two catalog
/// examples (one that triggers it, one that does not) that are also its tests.
public struct LintRule: Sendable {
    public var id: String
    public var severity: Diagnostic.Severity
    public var fact: String
    public var triggering: String
    public var nonTriggering: String
    public var check: @Sendable (Catalog, LintContext) -> [Diagnostic]
}

/// What a rule can see besides its catalog.
public struct LintContext: Sendable {
    public var all: [Catalog]
    /// Reports a finding at a location of a catalog.
    public func finding(_ rule: String, _ severity: Diagnostic.Severity, _ c: Catalog, _ loc: SourceLocation?,
                        _ message: String) -> Diagnostic {
        let pos = loc.map { c.position($0) }
        return Diagnostic(rule: rule, severity: severity, message: message, file: c.file,
                          path: loc?.path ?? "", line: pos?.line, column: pos?.column)
    }
}

public enum Linter {
    /// Every rule, in id order.
    public static let rules: [LintRule] = [
        LintRules.appNameOnly, LintRules.boolWithoutDisplayName, LintRules.duplicatePhrase, LintRules.emptyOptionSet,
        LintRules.enumCaseWithoutTitle, LintRules.missingAppName, LintRules.missingShortTitle, LintRules.missingSystemImage,
        LintRules.missingTranslation, LintRules.multipleParameters, LintRules.negativePhraseShadows,
        LintRules.phraseBudgetExceeded, LintRules.phraseTooLong, LintRules.tooManyAlternativeNames,
        LintRules.tooManyShortcuts, LintRules.unknownParameter, LintRules.unsupportedParameterType,
        LintRules.undeclaredType, LintRules.emptyAppName,
    ].sorted { $0.id < $1.id }

    /// Lints catalogs; findings in a stable order (file, line, column, rule).
    public static func lint(_ catalogs: [Catalog], rules: [LintRule] = Linter.rules) -> [Diagnostic] {
        let ctx = LintContext(all: catalogs)
        var out: [Diagnostic] = []
        for c in catalogs { for r in rules { out.append(contentsOf: r.check(c, ctx)) } }
        return out.sorted(by: Diagnostic.ordered)
    }

    /// Every (shortcut, locale, template) of a catalog, in file order.
    static func templates(_ c: Catalog) -> [(Shortcut, String, PhraseTemplate)] {
        var out: [(Shortcut, String, PhraseTemplate)] = []
        for s in c.shortcuts { for (l, ts) in s.phrases { for t in ts { out.append((s, l, t)) } } }
        return out
    }
}

/// Namespace for the rules (one file each).
public enum LintRules {}
