/// The one classifier of writing systems by code point: every part of the engine that asks
/// "is this Han, kana, Hangul, Thai…" asks here, so the normalizer, the index, the matcher and
/// the synthesizer agree on the ranges. (Tables of other facts stay where they are: which code
/// points NFC leaves alone, East Asian display width.)
enum Script: UInt8, Sendable {
    case other, latin, digit, han, hiragana, katakana, hangul, thai, lao

    /// The script of a code point (`.other` for what no rule here asks about).
    @inline(__always)
    static func of(_ v: UInt32) -> Script {
        switch v {
        case 0x30...0x39: return .digit
        case 0x41...0x5A, 0x61...0x7A: return .latin
        case 0x0E00...0x0E7F: return .thai
        case 0x0E80...0x0EFF: return .lao
        case 0x3040...0x309F: return .hiragana
        case 0x30A0...0x30FF, 0x31F0...0x31FF: return .katakana
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FFFF, 0x30000...0x3134F: return .han
        case 0xAC00...0xD7A3: return .hangul
        default: return .other
        }
    }

    /// Han: the unified ideographs, extension A, the compatibility ideographs, the extensions of
    /// planes 2 and 3.
    @inline(__always)
    static func isHan(_ v: UInt32) -> Bool {
        (v >= 0x4E00 && v <= 0x9FFF) || (v >= 0x3400 && v <= 0x4DBF) || (v >= 0xF900 && v <= 0xFAFF)
            || (v >= 0x20000 && v <= 0x3134F && (v <= 0x2FFFF || v >= 0x30000))
    }

    /// Kana: the hiragana and katakana blocks (with the prolonged sound mark and the iteration
    /// marks) and the katakana phonetic extensions.
    @inline(__always)
    static func isKana(_ v: UInt32) -> Bool { (v >= 0x3040 && v <= 0x30FF) || (v >= 0x31F0 && v <= 0x31FF) }

    /// Han or kana: the scripts whose words the index and the matcher also take character by
    /// character (a Japanese or Chinese word the segmenter cut otherwise).
    @inline(__always)
    static func isHanOrKana(_ v: UInt32) -> Bool { isKana(v) || isHan(v) }

    /// A Hangul syllable (a block of two or three letters).
    @inline(__always)
    static func isHangulSyllable(_ v: UInt32) -> Bool { v >= 0xAC00 && v <= 0xD7A3 }

    /// The Thai block.
    @inline(__always)
    static func isThai(_ v: UInt32) -> Bool { v >= 0x0E00 && v <= 0x0E7F }

    /// Scripts written without spaces whose words ICU's dictionary break iterator finds: Thai,
    /// Lao, Myanmar, Khmer, Han, kana (with the halfwidth katakana).
    static func isDictionarySegmented(_ v: UInt32) -> Bool {
        switch v {
        case 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF, 0x19E0...0x19FF, 0xFF66...0xFF9F: return true
        default: return isHanOrKana(v)
        }
    }

    /// Appends a text's syllables to `out`: its scalars, with a small kana (ァ ィ ゥ ェ ォ ャ ュ ョ ヮ)
    /// folded into the kana before it, as one syllable ("ウォ" is one, so "ブックウォーム" is one
    /// syllable off "ブックワーム").
    static func appendSyllables(_ text: String, to out: inout [UInt32]) {
        for c in text.unicodeScalars {
            let v = c.value
            let small = v == 0x30A1 || v == 0x30A3 || v == 0x30A5 || v == 0x30A7 || v == 0x30A9
                || v == 0x30E3 || v == 0x30E5 || v == 0x30E7 || v == 0x30EE
            if small, let last = out.last, Script.isKana(last) {
                out[out.count - 1] = Script.foldedSyllableMark | (last << 8) | (v & 0xFF)
            } else {
                out.append(v)
            }
        }
    }

    /// Marks a syllable of a kana and the small kana after it (`appendSyllables`): no scalar
    /// has this bit.
    static let foldedSyllableMark: UInt32 = 0x4000_0000

    /// Whether an element of `appendSyllables` is a syllable of a script written in syllables:
    /// kana (folded with a small kana or not), Han, Hangul.
    static func isSyllable(_ v: UInt32) -> Bool {
        v & foldedSyllableMark != 0 || Script.isHanOrKana(v) || Script.isHangulSyllable(v)
    }
}
