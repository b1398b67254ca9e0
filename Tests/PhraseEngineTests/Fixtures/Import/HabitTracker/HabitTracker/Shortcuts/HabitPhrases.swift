import AppIntents

/// Phrases kept apart from the provider; the provider refers to them by name.
enum HabitPhrases {
    static let streaks: [AppShortcutPhrase<ShowStreaksIntent>] = [
        """
        Show my streaks in \(.applicationName)
        """,
        "How am I doing in \(.applicationName)",
    ]
    // A string that looks like code: "AppShortcut(intent: NotReal(), phrases: [])"
    static let help = "Say \"AppShortcut(intent:)\" \\(not code)"
}

enum Symbols {
    static let streaks = "flame"
}
