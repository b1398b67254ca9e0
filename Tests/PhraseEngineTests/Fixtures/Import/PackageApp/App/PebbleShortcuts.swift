import AppIntents

struct PebbleShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(intent: CountIntent(), phrases: ["Count pebbles with \(.applicationName)"], shortTitle: "Count", systemImageName: "circle")
    }
}

struct CountIntent: AppIntent {
    static let title: LocalizedStringResource = "Count"
    func perform() async throws -> some IntentResult { .result() }
}
