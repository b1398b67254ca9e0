import AppIntents

struct LoopModeIntent: AppIntent {
    static var title: LocalizedStringResource = "Loop Mode"

    @Parameter(title: "Loop Mode") var mode: Mode?

    func perform() async throws -> some IntentResult { .result() }
}

enum Mode: String {
    case closed = "Closed"
    case open = "Open"
}

extension Mode: AppEnum {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Loop Mode"

    static let caseDisplayRepresentations: [Mode: DisplayRepresentation] = [
        .closed: "closed loop",
        .open: "open loop"
    ]
}
