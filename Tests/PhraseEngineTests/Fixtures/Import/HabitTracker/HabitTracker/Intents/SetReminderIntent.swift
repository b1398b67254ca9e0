import AppIntents

struct SetReminderIntent: AppIntent {
    static let title: LocalizedStringResource = "Set Reminder"

    @Parameter(title: "Enabled", displayName: Bool.IntentDisplayName(true: "on", false: "off"))
    var enabled: Bool

    @Parameter(title: "Time", default: .morning)
    var time: ReminderTime

    func perform() async throws -> some IntentResult { .result() }
}
