import AppIntents

@available(iOS 16.0, *)
struct ConnectIntent: AppIntent {
  static let title: LocalizedStringResource = "Connect"

  func perform() async throws -> some IntentResult { .result() }
}

@available(iOS 16.0, *)
struct DisconnectIntent: AppIntent {
  static let title: LocalizedStringResource = "Disconnect"

  func perform() async throws -> some IntentResult { .result() }
}
