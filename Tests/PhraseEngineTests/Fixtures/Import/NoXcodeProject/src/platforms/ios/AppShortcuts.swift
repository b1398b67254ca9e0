import AppIntents

@available(iOS 16.0, *)
struct BurrowShortcuts: AppShortcutsProvider {
  static var appShortcuts: [AppShortcut] {
    AppShortcut(
      intent: ConnectIntent(),
      phrases: [
        "Connect \(.applicationName)",
        "Turn on \(.applicationName)"
      ],
      systemImageName: "lock.shield"
    )
    AppShortcut(
      intent: DisconnectIntent(),
      phrases: [
        "Disconnect \(.applicationName)"
      ],
      systemImageName: "lock.open"
    )
  }
}
