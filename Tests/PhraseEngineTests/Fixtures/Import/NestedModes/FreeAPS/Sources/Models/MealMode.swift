import Foundation

// Read before the shortcuts (Models < Modules < Shortcuts): its nested Mode is no AppEnum.
final class MealMode: ObservableObject {
    enum Mode {
        case camera
        case search
        case favourites
    }

    var mode: Mode = .search
}
