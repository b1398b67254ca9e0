import AppIntents

struct HarborShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(intent: LogMooringIntent(), phrases: [
            "Log a mooring in \(.applicationName)",
        ], shortTitle: "Log Mooring", systemImageName: "ferry")
    }
}

struct LogMooringIntent: AppIntent {
    static let title: LocalizedStringResource = "Log Mooring"
    func perform() async throws -> some IntentResult { .result() }
}
