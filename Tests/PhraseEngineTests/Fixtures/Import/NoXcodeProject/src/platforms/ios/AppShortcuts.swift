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
      shortTitle: LocalizedStringResource("burrow.intents.connect", defaultValue: "Connect Burrow"),
      systemImageName: "lock.shield"
    )
    AppShortcut(
      intent: DisconnectIntent(),
      phrases: [
        "Disconnect \(.applicationName)"
      ],
      shortTitle: LocalizedStringResource("burrow.intents.disconnect", defaultValue: "Disconnect Burrow"),
      systemImageName: "lock.open"
    )
  }
}
