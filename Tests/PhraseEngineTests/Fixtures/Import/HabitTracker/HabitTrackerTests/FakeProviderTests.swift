// Test targets are not read: this provider must not be imported.
struct FakeShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(intent: FakeIntent(), phrases: ["Fake \(.applicationName)"])
    }
}
