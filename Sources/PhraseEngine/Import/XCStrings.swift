/// A string catalog (`.xcstrings`, JSON): keys with their localizations, each a `stringUnit`
/// (one value) or a `stringSet` (a list of values, how App Shortcuts phrases are localized).
/// Positions are kept so stale keys can be reported at their line.
public struct XCStringsFile: Sendable {
    public enum Value: Sendable {
        case unit(String)
        case set([String])
        /// Plural or device variations: not used for phrases.
        case variations
    }
    public struct Localization: Sendable {
        public var locale: String
        public var value: Value
        public var state: String?
        public var offset: Int
    }
    public struct Entry: Sendable {
        public var key: String
        public var offset: Int
        public var localizations: [Localization]
        public func localization(_ locale: String) -> Localization? { localizations.first { $0.locale == locale } }
    }

    public var path: String
    public var sourceLanguage: String?
    public var entries: [Entry]
    public var lines: LineTable

    public func origin(_ offset: Int) -> ImportOrigin { ImportOrigin(file: path, lines: lines, offset: offset) }

    /// Parses a string catalog; problems come back as diagnostics (a malformed file gives nil).
    public static func parse(_ bytes: [UInt8], path: String) -> (XCStringsFile?, [Diagnostic]) {
        let lines = LineTable(bytes)
        func at(_ off: Int) -> ImportOrigin { ImportOrigin(file: path, lines: lines, offset: off) }
        let root: JSONNode
        do { root = try JSONReader.parse(bytes) } catch {
            return (nil, [at(error.offset).diagnostic("malformed-input", .error, "not a string catalog: \(error.message)")])
        }
        var diags: [Diagnostic] = []
        guard let strings = root["strings"]?.object else {
            return (nil, [at(root.offset).diagnostic("malformed-input", .error, "not a string catalog: no \"strings\" object")])
        }
        var entries: [Entry] = []
        for (key, v) in strings {
            var e = Entry(key: key, offset: v.offset, localizations: [])
            for (loc, lv) in v["localizations"]?.object ?? [] {
                let locale = loc.replacingOccurrences(of: "_", with: "-")
                if let u = lv["stringUnit"] {
                    guard let s = u["value"]?.string else {
                        diags.append(at(u.offset).diagnostic("malformed-input", .warning, "stringUnit of \"\(key)\" (\(loc)) has no string value")); continue
                    }
                    e.localizations.append(Localization(locale: locale, value: .unit(s), state: u["state"]?.string, offset: u.offset))
                } else if let st = lv["stringSet"] {
                    guard let arr = st["values"]?.array else {
                        diags.append(at(st.offset).diagnostic("malformed-input", .warning, "stringSet of \"\(key)\" (\(loc)) has no values array")); continue
                    }
                    var vals: [String] = []
                    for item in arr {
                        if let s = item.string { vals.append(s) } else {
                            diags.append(at(item.offset).diagnostic("malformed-input", .warning, "a value of the stringSet of \"\(key)\" (\(loc)) is not a string"))
                        }
                    }
                    e.localizations.append(Localization(locale: locale, value: .set(vals), state: st["state"]?.string, offset: st.offset))
                } else if lv["variations"] != nil {
                    e.localizations.append(Localization(locale: locale, value: .variations, state: nil, offset: lv.offset))
                }
            }
            entries.append(e)
        }
        let src = root["sourceLanguage"]?.string?.replacingOccurrences(of: "_", with: "-")
        return (XCStringsFile(path: path, sourceLanguage: src, entries: entries, lines: lines), diags)
    }
}
