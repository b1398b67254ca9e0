import AppIntents

/*
 The app's App Shortcuts. A comment that looks like code is not code:
     AppShortcut(intent: FakeIntent(), phrases: ["Fake \(.applicationName)"])
 /* nested comments are fine too: AppShortcut(intent: NestedFake()) */
 still inside the outer comment.
*/
struct HabitShortcuts: AppShortcutsProvider {
    static let shortcutTileColor: ShortcutTileColor = .teal

    @AppShortcutsBuilder
    static var appShortcuts: [AppShortcut] {
        AppShortcut(
            intent: LogHabitIntent(),
            phrases: [
                "Log \(\.$habit) in \(.applicationName)",
                "Mark \(\.$habit) as done with \(.applicationName)", // "not a phrase"
                "Add to my habits in \(.applicationName)",
            ],
            shortTitle: "Log Habit",
            systemImageName: "checkmark.circle"
        )
        AppShortcut(intent: ShowStreaksIntent(), phrases: HabitPhrases.streaks,
                    shortTitle: LocalizedStringResource("Streaks", comment: "Short title of the streaks shortcut"),
                    systemImageName: Symbols.streaks)
        AppShortcut(
            intent: SetReminderIntent(),
            phrases: [
                "Turn \(\.$enabled) reminders in \(.applicationName)",
                #"Remind me in the \#(\.$time) with \#(.applicationName)"#,
            ],
            shortTitle: "Reminders",
            systemImageName: "bell"
        )
    }

    static var negativePhrases: [NegativeAppShortcutPhrase] {
        NegativeAppShortcutPhrase("Delete \(.applicationName)")
    }
}
