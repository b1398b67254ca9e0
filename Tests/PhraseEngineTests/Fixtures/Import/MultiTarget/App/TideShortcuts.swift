import AppIntents

struct TideShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(intent: LogTideIntent(), phrases: [
            "Log a \(\.$kind) tide in \(.applicationName)",
            "\(.applicationName), log the tide",
        ], shortTitle: "Log Tide", systemImageName: "water.waves")
    }
}
