import AppIntents

struct HubShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(
            intent: LightsOffIntent(),
            phrases: ["Turn the lights off in \(.applicationName)"],
            shortTitle: "Lights Off",
            systemImageName: "lightbulb"
        )
    }
}

struct LightsOffIntent: AppIntent {
    static var title: LocalizedStringResource = "Lights Off"
    func perform() async throws -> some IntentResult { .result() }
}
