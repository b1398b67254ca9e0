import AppIntents

// Written before iOS 17: the deprecated initializer without shortTitle and systemImageName.
public struct CoffeeShortcuts: AppShortcutsProvider {
    public static var appShortcuts: [AppShortcut] {
        AppShortcut(intent: OrderDrinkIntent(), phrases: [
            "Order a \(\.$size) coffee with \(.applicationName)",
            "\(.applicationName), get me a \(\.$size) coffee",
        ])
        AppShortcut(intent: FindStoreIntent(), phrases: ["Find a store in \(.applicationName)"])
    }
}
