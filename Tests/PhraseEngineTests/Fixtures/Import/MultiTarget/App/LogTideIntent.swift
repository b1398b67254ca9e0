import AppIntents
import TideKit

struct LogTideIntent: AppIntent {
    static let title: LocalizedStringResource = "Log Tide"
    @Parameter(title: "Kind") var kind: TideKind
    func perform() async throws -> some IntentResult { .result() }
}
