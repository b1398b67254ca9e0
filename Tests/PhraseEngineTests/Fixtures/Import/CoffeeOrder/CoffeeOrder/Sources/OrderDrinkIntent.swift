import AppIntents

struct OrderDrinkIntent: AppIntent {
    static var title: LocalizedStringResource = "Order Drink"

    @Parameter(title: "Size")
    var size: DrinkSize?

    func perform() async throws -> some IntentResult & ProvidesDialog {
        .result(dialog: "Ordered a \(size?.rawValue ?? "regular") coffee (\"\(1)\")")
    }
}

struct FindStoreIntent: AppIntent {
    static var title: LocalizedStringResource = "Find Store"
    func perform() async throws -> some IntentResult { .result() }
}
