import AppIntents

struct RecipeBoxShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(
            intent: ScaleRecipeIntent(),
            phrases: [
                "Show \(\.$metric) amounts in \(.applicationName)",
                "Switch \(.applicationName) to \(\.$metric) units",
            ],
            shortTitle: "Scale Recipe",
            systemImageName: "scalemass"
        )
        AppShortcut(
            intent: ImportRecipeIntent(),
            phrases: ["Import a recipe into \(.applicationName)"],
            shortTitle: "Import Recipe",
            systemImageName: "square.and.arrow.down"
        )
    }
}
