// The resource bundle that carries the locale profiles in `profiles/`.
// PhraseEngine looks the bundle up itself (see `LocaleStore`), so a missing
// bundle is reported as an error instead of stopping the process.
import Foundation

public enum LocaleResources {
    /// The bundle name SwiftPM gives this target's resources.
    public static let bundleName = "PhraseEngine_PhraseEngineLocales"
    /// The profiles folder in the source tree this was built from (works for `swift run`).
    public static let sourceProfilesPath: String = {
        let file = #filePath
        guard let slash = file.lastIndex(of: "/") else { return "profiles" }
        return String(file[..<slash]) + "/profiles"
    }()
}
