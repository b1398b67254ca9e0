import AppIntents
import Foundation

/// Parsing helpers for pasted recipes. The regex literals hold quotes, braces, `//` and `/*`:
/// none of them starts a string or a comment.
enum RecipeText {
    /// "2 cups", "1/2 tsp": the fraction slash is escaped inside the literal.
    static let quantity = /(\d+(?:\/\d+)?) ?(cups?|tsp|tbsp|g|ml)/
    /// A quoted ingredient name: "brown sugar".
    static let quoted = /"([^"]*)"/
    /// The start of a JSON-LD object or array in a web page.
    static let jsonStart = /^\s*[{\[]/
    /// A link to the original recipe.
    static let sourceLink = #/https?://[^\s"]+/#
    /// A receipt line such as `2 cups // "flour"`.
    static let receiptLine = #/
        (?<amount> \d+ ) \s* (?<unit> [a-z]+ )   # "2 cups"
        \s* // \s* " (?<name> [^"]+ ) "           /* the name, quoted */
    /#

    static func servings(_ total: Double, per portion: Double) -> Double {
        total / portion / 1
    }

    static func firstQuoted(in text: String) -> String? {
        guard let m = text.firstMatch(of: quoted) else { return nil }
        return String(m.1)
    }
}

struct ScaleRecipeIntent: AppIntent {
    static let title: LocalizedStringResource = "Scale Recipe"

    @Parameter(title: "Metric", displayName: Bool.IntentDisplayName(true: "metric", false: "imperial"))
    var metric: Bool

    func perform() async throws -> some IntentResult {
        let ratio = RecipeText.servings(4, per: 2)
        _ = ratio / 2
        return .result()
    }
}

struct ImportRecipeIntent: AppIntent {
    static let title: LocalizedStringResource = "Import Recipe"

    @Parameter(title: "Link")
    var link: URL?

    func perform() async throws -> some IntentResult {
        if let text = link?.absoluteString, text.contains(/^https?:\/\//) {
            _ = text.replacing(/\?utm_[^&]*/, with: "")
        }
        return .result()
    }
}
