import AppIntents

struct LogHabitIntent: AppIntent {
    static let title: LocalizedStringResource = "Log Habit"

    @Parameter(title: "Habit")
    var habit: HabitEntity

    @Parameter(title: "Note", default: nil)
    var note: String?

    func perform() async throws -> some IntentResult {
        let message = "Logged \(habit.name) { with braces } and [brackets"
        _ = message
        return .result()
    }
}

struct ShowStreaksIntent: AppIntent {
    static let title: LocalizedStringResource = "Show Streaks"
    static let openAppWhenRun = true
    func perform() async throws -> some IntentResult { .result() }
}
