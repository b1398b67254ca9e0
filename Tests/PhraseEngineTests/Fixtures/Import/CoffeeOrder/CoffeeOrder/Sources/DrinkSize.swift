import AppIntents

enum DrinkSize: String {
    case small = "s"
    case large = "l"
}

extension DrinkSize: AppEnum {
    static var typeDisplayRepresentation: TypeDisplayRepresentation {
        TypeDisplayRepresentation(name: "Drink Size")
    }

    static var caseDisplayRepresentations: [DrinkSize: DisplayRepresentation] {
        [
            .small: DisplayRepresentation(
                title: "small",
                synonyms: [
                    "tiny",
                    "short",
                ]
            ),
            .large: "large",
        ]
    }
}
