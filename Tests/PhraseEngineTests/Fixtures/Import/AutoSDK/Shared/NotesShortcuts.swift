import AppIntents

// One provider compiled into both apps of a multiplatform project (a synchronized folder).
struct NotesShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(intent: NewNoteIntent(), phrases: ["New note in \(.applicationName)"], shortTitle: "New Note", systemImageName: "note")
    }
}

struct NewNoteIntent: AppIntent {
    static let title: LocalizedStringResource = "New Note"
    func perform() async throws -> some IntentResult { .result() }
}
