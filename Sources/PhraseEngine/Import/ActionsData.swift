/// Reads Xcode's build product `Metadata.appintents/extract.actionsdata` (JSON): what the
/// system itself sees after a build. `autoShortcuts[]` (actionIdentifier, phraseTemplates[].key,
/// shortTitle, systemImageName), `actions[id].parameters[]` (name, valueType linking to enums
/// and entities, primitive Bool with its display names in `typeSpecificMetadata`), `enums[]`
/// (cases with identifier, displayRepresentation title and synonyms), `entities`,
/// `negativePhrases[]`.
public enum ActionsData {
    /// The keys of a Bool parameter's display names in `typeSpecificMetadata`. The first is the
    /// string LinkMetadata itself looks up; the second the name of the constant holding it.
    static let trueDisplayNameKeys = ["LNValueTypeMetadataKeyBoolTrueDisplayName", "LNValueTypeSpecificMetadataKeyBoolTrueDisplayName"]
    static let falseDisplayNameKeys = ["LNValueTypeMetadataKeyBoolFalseDisplayName", "LNValueTypeSpecificMetadataKeyBoolFalseDisplayName"]

    /// `typeSpecificMetadata` as key–value pairs. A dictionary whose keys are not strings is
    /// encoded by Swift's `JSONEncoder` as a flat array `[key, value, key, value, …]`; an array of
    /// `[key, value]` pairs and a JSON object are read too.
    static func metadataPairs(_ n: JSONNode?) -> [(key: String, value: JSONNode)] {
        guard let n else { return [] }
        if let o = n.object { return o }
        guard let a = n.array else { return [] }
        if !a.isEmpty, a.allSatisfy({ $0.array?.count == 2 && $0.array?.first?.string != nil }) {
            return a.compactMap { p in p.array.flatMap { pair in pair.first?.string.map { ($0, pair[1]) } } }
        }
        var out: [(key: String, value: JSONNode)] = []
        var k = 0
        while k + 1 < a.count {
            if let key = a[k].string { out.append((key, a[k + 1])) }
            k += 2
        }
        return out
    }

    /// The text of a display name: a plain string, a localized string `{"key": …}`, or a value
    /// wrapped as `{"string": {"wrapper": …}}` (how `typeSpecificMetadata` wraps its values).
    static func displayText(_ v: JSONNode, depth: Int = 0) -> String? {
        if let s = v.string { return s }
        if let k = v["key"]?.string { return k }
        guard depth < 4, let o = v.object else { return nil }
        if let w = v["wrapper"] { return displayText(w, depth: depth + 1) }
        if o.count == 1, let only = o.first?.value { return displayText(only, depth: depth + 1) }
        return nil
    }

    public static func read(_ bytes: [UInt8], path: String) -> (ImportedModel?, [Diagnostic]) {
        let lines = LineTable(bytes)
        func at(_ off: Int) -> ImportOrigin { ImportOrigin(file: path, lines: lines, offset: off) }
        let root: JSONNode
        do { root = try JSONReader.parse(bytes) } catch {
            return (nil, [at(error.offset).diagnostic("malformed-input", .error, "not an actionsdata file: \(error.message)")])
        }
        guard root.object != nil else {
            return (nil, [at(root.offset).diagnostic("malformed-input", .error, "not an actionsdata file: expected an object")])
        }
        var diags: [Diagnostic] = []
        var model = ImportedModel()
        /// `{"key": "..."}` (a localizable string) or a plain string.
        func key(_ n: JSONNode?) -> String? { n?.string ?? n?["key"]?.string }

        for (name, e) in root["entities"]?.object ?? [] {
            model.entityTypes.append((e["typeName"]?.string ?? name, at(e.offset)))
        }
        for e in root["enums"]?.array ?? [] {
            guard let id = e["identifier"]?.string else {
                diags.append(at(e.offset).diagnostic("malformed-input", .warning, "an enum without an identifier")); continue
            }
            var en = ImportedEnum(name: id, typeTitle: key(e["displayTypeName"]), cases: [], origin: at(e.offset))
            for c in e["cases"]?.array ?? [] {
                guard let cid = c["identifier"]?.string else {
                    diags.append(at(c.offset).diagnostic("malformed-input", .warning, "a case of \(id) without an identifier")); continue
                }
                let dr = c["displayRepresentation"]
                let syns = (dr?["synonyms"]?.array ?? []).compactMap { key($0) }
                en.cases.append(ImportedCase(name: cid, rawValue: cid, synthesized: false, title: key(dr?["title"]), synonyms: syns, origin: at(c.offset)))
            }
            model.enums.append(en)
        }
        func typeName(_ vt: JSONNode?, _ where_: ImportOrigin) -> String? {
            guard let vt else { return nil }
            if let e = vt["linkEnumeration"] {
                return e["wrapper"]?["identifier"]?.string ?? e["identifier"]?.string
            }
            if let e = vt["entity"] {
                return e["wrapper"]?["typeName"]?.string ?? e["typeName"]?.string
            }
            if let a = vt["array"] {
                return typeName(a["wrapper"]?["memberValueType"] ?? a["memberValueType"], where_).map { "[\($0)]" }
            }
            if let p = vt["primitive"] {
                // Only the identifiers whose meaning is known are mapped; others are reported.
                switch p["wrapper"]?["typeIdentifier"]?.number {
                case 0: return "String"
                case 1: return "Bool"
                case 11: return "URL"
                default: return nil
                }
            }
            return nil
        }
        let actions = root["actions"]?.object ?? []
        for s in root["autoShortcuts"]?.array ?? [] {
            let o = at(s.offset)
            guard let id = s["actionIdentifier"]?.string else {
                diags.append(o.diagnostic("malformed-input", .warning, "an autoShortcut without an actionIdentifier")); continue
            }
            var sc = ImportedShortcut(intent: id, shortTitle: key(s["shortTitle"]), systemImageName: s["systemImageName"]?.string,
                                      phrases: [], parameters: [], origin: o)
            for t in s["phraseTemplates"]?.array ?? [] {
                if let k = key(t) { sc.phrases.append(ImportedPhrase(template: k, origin: at(t.offset))) }
            }
            if let action = actions.first(where: { $0.key == id })?.value {
                for p in action["parameters"]?.array ?? [] {
                    guard let name = p["name"]?.string else { continue }
                    let po = at(p.offset)
                    let usedInPhrase = sc.phrases.contains { $0.template.contains("${\(name)}") }
                    let meta = metadataPairs(p["typeSpecificMetadata"])
                    func displayName(_ keys: [String]) -> String? {
                        meta.first { keys.contains($0.key) }.flatMap { displayText($0.value) }
                    }
                    let trueName = displayName(trueDisplayNameKeys), falseName = displayName(falseDisplayNameKeys)
                    var t = typeName(p["valueType"], po)
                    if t == nil, trueName != nil || falseName != nil { t = "Bool" }   // only a Bool has them
                    guard let type = t else {
                        diags.append(po.diagnostic("unresolved", usedInPhrase ? .warning : .note,
                            "the value type of parameter \(name) of \(id) cannot be read from the build products (most primitive types are not recorded in a form import reads); import the sources for it"))
                        continue
                    }
                    var ip = ImportedParameter(name: name, type: type, trueName: nil, falseName: nil, origin: po)
                    if type == "Bool" {
                        ip.trueName = trueName
                        ip.falseName = falseName
                        if usedInPhrase, trueName == nil || falseName == nil {
                            diags.append(po.diagnostic("bool-without-display-name", .warning,
                                "Bool parameter \(name) of \(id) is used in a phrase but the build products record \(trueName == nil && falseName == nil ? "no display names" : "only one display name") (Bool.IntentDisplayName(true:false:)); such a phrase cannot be spoken"))
                        }
                    }
                    sc.parameters.append(ip)
                }
            } else {
                diags.append(o.diagnostic("malformed-input", .warning, "autoShortcut \(id) has no entry in actions; its parameters are unknown"))
            }
            model.shortcuts.append(sc)
        }
        for n in root["negativePhrases"]?.array ?? [] {
            if let k = key(n) { model.negativePhrases.append(ImportedPhrase(template: k, origin: at(n.offset))) }
        }
        return (model, diags)
    }
}
