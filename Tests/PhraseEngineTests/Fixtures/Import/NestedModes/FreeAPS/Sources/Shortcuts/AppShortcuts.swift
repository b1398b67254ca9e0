import AppIntents

@available(iOS 16.0, *) struct LoopShortcuts: AppShortcutsProvider {
    @AppShortcutsBuilder static var appShortcuts: [AppShortcut] {
        AppShortcut(
            intent: LoopModeIntent(),
            phrases: [
                "Switch \(.applicationName) to \(\.$mode)",
                "\(.applicationName) loop mode"
            ]
        )
    }
}
