enum BolusDataFlow {
    enum Mode: Int {
        case quick
        case calculator
    }

    struct Config {
        var mode: Mode = .quick
    }
}
