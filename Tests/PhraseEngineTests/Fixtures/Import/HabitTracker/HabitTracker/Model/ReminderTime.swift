import AppIntents

enum ReminderTime: String, AppEnum {
    case morning
    case evening = "pm"

    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Reminder Time"
    static let caseDisplayRepresentations: [ReminderTime: DisplayRepresentation] = [
        .morning: DisplayRepresentation(title: "morning", subtitle: "8 AM", image: .init(systemName: "sunrise"), synonyms: ["early"]),
        .evening: "evening",
    ]
}
