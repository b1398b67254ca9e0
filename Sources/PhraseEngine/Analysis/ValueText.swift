/// How reports name a parameter value.
enum ValueText {
    /// A value as reports show it: by its title with its id beside it ("habit=Water (7E1C…0001)"),
    /// or by the id alone when the title is the id or unknown.
    static func of(_ name: some StringProtocol, id: String, title: String?) -> String {
        guard let t = title, !t.isEmpty, t.lowercased() != id.lowercased() else { return "\(name)=\(id)" }
        return "\(name)=\(t) (\(id))"
    }
}
