#if canImport(CStemmer)
import CStemmer
#endif

/// A Snowball stemmer (libstemmer) for one language: the stem of a word, so that an inflected
/// form the catalog never says meets the catalog's word ("comprar" / "compra", "jakie" /
/// "jaka"). One instance is not thread-safe: an index builds with its own, each workspace
/// queries with its own. Nil where libstemmer has no algorithm for the language or is not
/// linked (not Linux): the words are then not stemmed.
final class Stemmer {
    #if canImport(CStemmer)
    private let handle: OpaquePointer
    #endif

    /// `locale`'s language ("es" of "es-MX"), as libstemmer names it (ISO 639-1 codes).
    init?(locale: String) {
        #if canImport(CStemmer)
        let language = String(locale.prefix { $0 != "-" && $0 != "_" }).lowercased()
        guard !language.isEmpty, let h = sb_stemmer_new(language, "UTF_8") else { return nil }
        handle = h
        #else
        return nil
        #endif
    }

    #if canImport(CStemmer)
    deinit { sb_stemmer_delete(handle) }
    #endif

    /// The word's stem (nil when libstemmer cannot stem it).
    func stem(_ word: String) -> String? {
        #if canImport(CStemmer)
        var w = word
        return w.withUTF8 { p -> String? in
            guard let base = p.baseAddress, p.count < Int(Int32.max),
                  let out = sb_stemmer_stem(handle, base, Int32(p.count)) else { return nil }
            let n = Int(sb_stemmer_length(handle))
            return String(decoding: UnsafeBufferPointer(start: out, count: n), as: UTF8.self)
        }
        #else
        return nil
        #endif
    }
}
