import Foundation

/// A shortcut of a matcher's catalogs: the catalog's index and the shortcut's in it.
public struct ShortcutRef: Sendable, Hashable, Comparable {
    public var app: Int
    public var shortcut: Int
    public static func < (a: ShortcutRef, b: ShortcutRef) -> Bool { (a.app, a.shortcut) < (b.app, b.shortcut) }
}

/// One locale's phrase vectors: every phrase template of every shortcut, said with the app's
/// display name and a few of its parameter's values (`valuesPerTemplate`, spread over the
/// options), each encoded once. A shortcut's closeness to an utterance is its best row's.
///
/// The values are samples, not the search: the encoder tells which *shortcut* was meant; which
/// value stays the lexical matcher's to bind. So an entity of 100,000 options costs as many
/// encodings as one of three.
public struct PhraseVectors: Sendable {
    public let locale: String
    public let dimension: Int
    /// Each row's text (what was encoded) and template (as written), in build order.
    public let texts: [String]
    public let templates: [String]
    /// Each row's shortcut.
    public let owners: [ShortcutRef]
    /// Row-major, `texts.count × dimension`, unit rows.
    let matrix: [Float]
    /// Read from the cache (`build`), not encoded.
    public var cached = false

    /// Rows per shortcut at most: its templates said with values at evenly spread places among
    /// the options, each with the app's name and without it (people say both), until the cap.
    public static let rowsPerShortcut = 64

    /// The rows to encode for `catalogs` in `locale`: (text, template, shortcut), in catalog order.
    public static func rows(_ catalogs: [Catalog], locale: String) -> [(text: String, template: String, owner: ShortcutRef)] {
        var out: [(text: String, template: String, owner: ShortcutRef)] = []
        for (ci, c) in catalogs.enumerated() {
            let appName = Expansion.appNames(c, locale: locale).first?.text ?? ""
            for (si, s) in c.shortcuts.enumerated() {
                let owner = ShortcutRef(app: ci, shortcut: si)
                let templates = s.templates(for: locale)
                guard !templates.isEmpty else { continue }
                // Each template's values (titles only: synonyms say the same value).
                let values: [[String?]] = templates.map { t in
                    guard let pn = t.parameterNames.first, let p = s.parameter(named: pn) else { return [nil] }
                    let titles = (Expansion.options(c, parameter: p, locale: locale) ?? []).filter { $0.synonym == nil }.map(\.text)
                    return titles.isEmpty ? [nil] : titles
                }
                // Texts a template: with the app's name, and without it when the template has one.
                let perText = templates.map { $0.hasAppName ? 2 : 1 }
                let texts = zip(values, perText).reduce(0) { $0 + $1.0.count * $1.1 }
                // Values a template: as many as the cap allows, shared evenly between the templates.
                let budget = max(1, rowsPerShortcut / max(1, perText.reduce(0, +)))
                var seen = Set<String>()
                var added = 0
                for (t, (vs, _)) in zip(templates, zip(values, perText)) {
                    let k = texts <= rowsPerShortcut ? vs.count : min(vs.count, budget)
                    for j in 0..<k {
                        let v = vs[j * vs.count / k]
                        var said = [Expansion.render(t, appName: appName, value: v)]
                        if t.hasAppName { said.append(withoutAppName(t, value: v)) }
                        for text in said where added < rowsPerShortcut && !text.isEmpty && seen.insert(text).inserted {
                            out.append((text, t.text, owner))
                            added += 1
                        }
                    }
                }
            }
        }
        return out
    }

    /// A template said without the app's name: the name's piece left out, spaces closed up.
    static func withoutAppName(_ t: PhraseTemplate, value: String?) -> String {
        Expansion.render(t, appName: "", value: value).split(whereSeparator: { $0 == " " }).joined(separator: " ")
            .trimmingCharacters(in: CharacterSet(charactersIn: " ,.、，。"))
    }

    /// Encodes `rows` (on every core), or reads them from `cache` when it holds them.
    public static func build(_ catalogs: [Catalog], locale: String, encoder: any SentenceEncoder,
                             cache: PhraseVectorCache?) -> PhraseVectors {
        let rows = rows(catalogs, locale: locale)
        let texts = rows.map(\.text)
        let d = encoder.dimension
        let key = PhraseVectorCache.key(identity: encoder.identity, locale: locale, texts: texts)
        if let cache, let m = cache.read(key: key, rows: texts.count, dimension: d) {
            var v = PhraseVectors(locale: locale, dimension: d, texts: texts, templates: rows.map(\.template), owners: rows.map(\.owner), matrix: m)
            v.cached = true
            return v
        }
        // (Threads of its own: built lazily, under the stage's lock, from one of eval's workers.)
        let vecs = Parallel.mapOnOwnThreads(count: texts.count, chunk: 4) { encoder.encode(texts[$0], locale: locale) }
        var m: [Float] = []
        m.reserveCapacity(texts.count * d)
        for v in vecs { m += v.count == d ? v : [Float](repeating: 0, count: d) }
        cache?.write(key: key, rows: texts.count, dimension: d, matrix: m)
        return PhraseVectors(locale: locale, dimension: d, texts: texts, templates: rows.map(\.template), owners: rows.map(\.owner), matrix: m)
    }

    /// The two shortcuts whose best rows are closest to `v` (cosine of unit vectors), best first;
    /// ties go to the earlier row.
    public func nearest(_ v: [Float]) -> (best: (row: Int, cosine: Float)?, next: (row: Int, cosine: Float)?) {
        guard v.count == dimension, !texts.isEmpty else { return (nil, nil) }
        var scores = [Float](repeating: 0, count: texts.count)
        let d = dimension
        matrix.withUnsafeBufferPointer { m in
            v.withUnsafeBufferPointer { q in
                guard let mb = m.baseAddress, let qb = q.baseAddress else { return }
                // Eight lanes at a time (a Float sum is not reordered by the compiler on its own).
                let lanes = d / 8 * 8
                for r in 0..<texts.count {
                    let row = mb + r * d
                    var acc = SIMD8<Float>()
                    var k = 0
                    while k < lanes {
                        let a = UnsafeRawPointer(row + k).loadUnaligned(as: SIMD8<Float>.self)
                        let b = UnsafeRawPointer(qb + k).loadUnaligned(as: SIMD8<Float>.self)
                        acc += a * b
                        k += 8
                    }
                    var s = acc.sum()
                    while k < d { s += row[k] * qb[k]; k += 1 }
                    scores[r] = s
                }
            }
        }
        var b = 0
        for r in scores.indices where scores[r] > scores[b] { b = r }
        var n: Int? = nil
        for r in scores.indices where owners[r] != owners[b] && scores[r] > (n.map { scores[$0] } ?? -2) { n = r }
        return ((b, scores[b]), n.map { ($0, scores[$0]) })
    }

    // MARK: - Between shortcuts (the collision report's meaning closeness)

    /// The rows of each shortcut that has any, shortcuts in row order (catalog order).
    public func rowsByShortcut() -> [(owner: ShortcutRef, rows: [Int])] {
        var out: [(owner: ShortcutRef, rows: [Int])] = []
        var at: [ShortcutRef: Int] = [:]
        for (r, o) in owners.enumerated() {
            if let k = at[o] { out[k].rows.append(r) } else { at[o] = out.count; out.append((o, [r])) }
        }
        return out
    }

    /// The cosine of rows `r` and `s` (unit rows: their dot product).
    public func cosine(_ r: Int, _ s: Int) -> Float {
        guard texts.indices.contains(r), texts.indices.contains(s), matrix.count >= texts.count * dimension else { return 0 }
        let d = dimension
        return matrix.withUnsafeBufferPointer { m -> Float in
            guard let mb = m.baseAddress else { return 0 }
            let x = mb + r * d, y = mb + s * d
            let lanes = d / 8 * 8
            var acc = SIMD8<Float>()
            var k = 0
            while k < lanes {
                acc += UnsafeRawPointer(x + k).loadUnaligned(as: SIMD8<Float>.self) * UnsafeRawPointer(y + k).loadUnaligned(as: SIMD8<Float>.self)
                k += 8
            }
            var sum = acc.sum()
            while k < d { sum += x[k] * y[k]; k += 1 }
            return sum
        }
    }

    /// How close two shortcuts are in meaning: the highest cosine between a row of `a` and a row
    /// of `b` (as an utterance's closeness to a shortcut is its closest row's), and those rows;
    /// ties go to the earlier row of `a`, then of `b`. nil when either list is empty.
    public func closest(_ a: [Int], _ b: [Int]) -> (cosine: Float, rowA: Int, rowB: Int)? {
        var best: (cosine: Float, rowA: Int, rowB: Int)? = nil
        for r in a {
            for s in b {
                let c = cosine(r, s)
                if c > (best?.cosine ?? -Float.infinity) { best = (c, r, s) }
            }
        }
        return best
    }
}

/// Phrase vectors on disk, one file per (encoder identity, locale, texts): a second run with the
/// same catalogs and weights reads them in place of encoding. Files are written atomically; a file
/// that does not read back whole is ignored (and rewritten).
public struct PhraseVectorCache: Sendable {
    public let directory: String

    public init(directory: String) { self.directory = directory }

    /// `PHRASEENGINE_CACHE`, else `$XDG_CACHE_HOME/phrasematch`, else `~/.cache/phrasematch`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let d = environment["PHRASEENGINE_CACHE"], !d.isEmpty { return d }
        if let x = environment["XDG_CACHE_HOME"], !x.isEmpty { return x + "/phrasematch" }
        return (environment["HOME"] ?? NSTemporaryDirectory()) + "/.cache/phrasematch"
    }

    /// FNV-1a (64 bits) of the identity, locale and every text, each with its length.
    public static func key(identity: String, locale: String, texts: [String]) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ s: String) {
            for b in s.utf8 { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
            h = (h ^ UInt64(s.utf8.count)) &* 0x0000_0100_0000_01b3
            h = (h ^ 0xff) &* 0x0000_0100_0000_01b3
        }
        add(identity); add(locale)
        for t in texts { add(t) }
        let hex = String(h, radix: 16)
        let safe = locale.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || $0 == "-" } ? locale : "x"
        return "\(safe)-\(String(repeating: "0", count: max(0, 16 - hex.count)) + hex)"
    }

    public func path(_ key: String) -> String { "\(directory)/vectors-\(key).bin" }

    static let magic: [UInt8] = Array("PEV1".utf8)

    /// The matrix of `key`, when its file holds `rows × dimension` floats.
    public func read(key: String, rows: Int, dimension: Int) -> [Float]? {
        guard let data = FileManager.default.contents(atPath: path(key)) else { return nil }
        let want = 12 + rows * dimension * 4
        guard data.count == want, [UInt8](data.prefix(4)) == PhraseVectorCache.magic else { return nil }
        return data.withUnsafeBytes { b -> [Float]? in
            guard b.loadUnaligned(fromByteOffset: 4, as: UInt32.self).littleEndian == UInt32(rows),
                  b.loadUnaligned(fromByteOffset: 8, as: UInt32.self).littleEndian == UInt32(dimension) else { return nil }
            var m = [Float](repeating: 0, count: rows * dimension)
            for i in 0..<m.count { m[i] = Float(bitPattern: b.loadUnaligned(fromByteOffset: 12 + i * 4, as: UInt32.self).littleEndian) }
            return m
        }
    }

    /// Writes the matrix of `key` atomically; a cache that cannot be written is no cache.
    @discardableResult
    public func write(key: String, rows: Int, dimension: Int, matrix: [Float]) -> Bool {
        var d = Data(PhraseVectorCache.magic)
        withUnsafeBytes(of: UInt32(rows).littleEndian) { d.append(contentsOf: $0) }
        withUnsafeBytes(of: UInt32(dimension).littleEndian) { d.append(contentsOf: $0) }
        d.reserveCapacity(12 + matrix.count * 4)
        for x in matrix { withUnsafeBytes(of: x.bitPattern.littleEndian) { d.append(contentsOf: $0) } }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try d.write(to: URL(fileURLWithPath: path(key)), options: .atomic)
            return true
        } catch {
            return false
        }
    }
}
