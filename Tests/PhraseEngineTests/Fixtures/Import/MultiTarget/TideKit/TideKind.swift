import AppIntents

public enum TideKind: String, AppEnum {
    case high, low
    public static let typeDisplayRepresentation: TypeDisplayRepresentation = "Tide"
    public static let caseDisplayRepresentations: [TideKind: DisplayRepresentation] = [.high: "high", .low: "low"]
}
