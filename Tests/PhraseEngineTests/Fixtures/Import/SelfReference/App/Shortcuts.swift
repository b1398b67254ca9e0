import AppIntents

struct GlucoseShortcuts: AppShortcutsProvider {
    @AppShortcutsBuilder static var appShortcuts: [AppShortcut] {
        AppShortcut(
            intent: ListStateIntent(),
            phrases: [
                "Lista \(.applicationName) status",
                "\(.applicationName) status"
            ]
        )
    }
}

struct ListStateIntent: AppIntent {
    static var title: LocalizedStringResource = "List the last state"
    func perform() async throws -> some IntentResult { .result() }
}
