/// The app's code; the catalog beside it models its App Shortcuts.
public enum Garden {
    public static let appName = "Leafy"
}
