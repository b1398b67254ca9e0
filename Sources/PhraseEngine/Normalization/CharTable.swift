/// Per-profile precomputed mapping of single code points through NFKC, case folding,
/// apostrophe unification and the profile's diacritic policy, so that the common characters
/// of every script never reach ICU at normalization time.
struct CharTable: Sendable {
    /// Covered ranges: [0, 0x3100) and [0xFF00, 0xFFF0).
    static let lowLimit: UInt32 = 0x3100
    static let wideStart: UInt32 = 0xFF00
    static let wideLimit: UInt32 = 0xFFF0

    /// For each covered code point: offset and length into `pool` (its replacement).
    private var offsets: [UInt32]
    private var lengths: [UInt8]
    private var pool: [UInt32]
    /// Class of each covered code point as an *output* character.
    private var classes: [CharClass]

    enum CharClass: UInt8, Sendable {
        case separator = 0
        case word = 1
        case apostrophe = 2
        case combining = 3
        /// A character of a script written without spaces (Han, kana, Thai, Lao, Khmer, Myanmar).
        case dictionary = 4
    }

    @inline(__always)
    static func slot(_ cp: UInt32) -> Int? {
        if cp < lowLimit { return Int(cp) }
        if cp >= wideStart && cp < wideLimit { return Int(lowLimit + (cp - wideStart)) }
        return nil
    }

    static var slotCount: Int { Int(lowLimit + (wideLimit - wideStart)) }

    static func codePoint(ofSlot s: Int) -> UInt32 {
        s < Int(lowLimit) ? UInt32(s) : wideStart + UInt32(s - Int(lowLimit))
    }

    /// Apostrophe and quote-like marks unified to U+0027 before anything else.
    static func isApostropheVariant(_ cp: UInt32) -> Bool {
        switch cp {
        case 0x27, 0x2018, 0x2019, 0x201B, 0x02BC, 0x02B9, 0x0060, 0x00B4, 0x2032, 0xFF07, 0x055A, 0x05F3: return true
        default: return false
        }
    }

    /// Invisible format characters deleted inside words: soft hyphen (ICU's spellout puts it in
    /// Italian and Dutch compounds, `venti\u{AD}tré`), word joiner, zero width no-break space.
    static func isIgnorable(_ cp: UInt32) -> Bool {
        cp == 0x00AD || cp == 0x2060 || cp == 0xFEFF
    }

    /// Combining marks that folding may remove (Latin, Greek, Cyrillic diacritics; Arabic harakat; Hebrew points).
    static func isDroppableMark(_ cp: UInt32) -> Bool {
        switch cp {
        case 0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F,
             0x0483...0x0489, 0x0610...0x061A, 0x064B...0x065F, 0x0670, 0x06D6...0x06DC, 0x06DF...0x06E4,
             0x06E7, 0x06E8, 0x06EA...0x06ED, 0x0591...0x05BD, 0x05BF, 0x05C1, 0x05C2, 0x05C4, 0x05C5, 0x05C7:
            return true
        default:
            return false
        }
    }

    /// Classifies any code point (table lookup when covered, ICU otherwise).
    @inline(__always)
    func classify(_ cp: UInt32) -> CharClass {
        if let s = CharTable.slot(cp) { return classes[s] }
        return CharTable.classifySlow(cp)
    }

    static func classifySlow(_ cp: UInt32) -> CharClass {
        if cp == 0x27 { return .apostrophe }
        if Script.isDictionarySegmented(cp) { return .dictionary }
        if Script.isHangulSyllable(cp) { return .word }
        let t = ICU.charType(cp)
        // UCharCategory: 1-5 letters, 6-8 marks, 9-11 numbers
        switch t {
        case 1...5, 9...11: return .word
        case 6...8: return .combining
        default: return .separator
        }
    }

    /// Writes the mapping of a covered code point; returns false when not covered.
    @inline(__always)
    func map(_ cp: UInt32, into out: inout [UInt32]) -> Bool {
        guard let s = CharTable.slot(cp) else { return false }
        let off = Int(offsets[s]), n = Int(lengths[s])
        var k = 0
        while k < n { out.append(pool[off + k]); k += 1 }
        return true
    }

    @inline(__always)
    func isIdentity(_ cp: UInt32) -> Bool {
        guard let s = CharTable.slot(cp) else { return false }
        return lengths[s] == 1 && pool[Int(offsets[s])] == cp
    }

    /// Builds the table for a profile with a handful of ICU calls over all covered code points.
    init(profile: LocaleProfile) {
        let n = CharTable.slotCount
        // One UTF-16 string: cp NUL cp NUL ... (NUL survives NFKC and folding unchanged).
        var src: [UInt16] = []
        src.reserveCapacity(n * 2)
        for s in 0..<n {
            var cp = CharTable.codePoint(ofSlot: s)
            if cp >= 0xD800 && cp < 0xE000 { cp = 0xFFFD }
            if CharTable.isApostropheVariant(cp) { cp = 0x27 }
            if cp == 0 { cp = 0x20 }
            src.append(UInt16(cp))
            src.append(0)
        }
        let turkic = profile.caseFolding == .turkic
        let folded = ICU.fold(ICU.nfkc(src), turkic: turkic)
        // Split on NUL.
        var pieces: [[UInt32]] = []
        pieces.reserveCapacity(n)
        var cur: [UInt16] = []
        for u in folded {
            if u == 0 {
                pieces.append(String(decoding: cur, as: UTF16.self).unicodeScalars.map(\.value))
                cur.removeAll(keepingCapacity: true)
            } else {
                cur.append(u)
            }
        }
        if pieces.count != n {
            // Should not happen; fall back to identity so normalization still works.
            pieces = (0..<n).map { [CharTable.codePoint(ofSlot: $0)] }
        }
        func scalars(_ s: String) -> [UInt32] { s.unicodeScalars.map(\.value) }
        var keep = Set<UInt32>()
        for k in profile.diacriticKeep { for cp in scalars(k) { keep.insert(cp) } }
        // Keep entries may be given in either case.
        for k in profile.diacriticKeep {
            for cp in ICU.fold(Array(k.utf16), turkic: turkic).string.unicodeScalars { keep.insert(cp.value) }
        }
        var expand: [UInt32: [UInt32]] = [:]
        for (k, v) in profile.diacriticExpand {
            let ks = scalars(k)
            if ks.count == 1 { expand[ks[0]] = scalars(v) }
        }
        var letterMap: [UInt32: [UInt32]] = [:]
        for (k, v) in profile.letterMap {
            let ks = scalars(k)
            if ks.count == 1 { letterMap[ks[0]] = scalars(v) }
        }
        let fold = profile.diacriticMode == .fold
        var offsets = [UInt32](repeating: 0, count: n)
        var lengths = [UInt8](repeating: 0, count: n)
        var pool: [UInt32] = []
        pool.reserveCapacity(n + 1024)
        for s in 0..<n {
            var out: [UInt32] = []
            for cp in pieces[s] {
                if keep.contains(cp) { out.append(cp); continue }
                if let e = expand[cp] { out.append(contentsOf: e); continue }
                if fold && cp >= 0x80 {
                    if CharTable.isDroppableMark(cp) { continue }
                    let d = ICU.nfd([UInt16](String(Unicode.Scalar(cp) ?? " ").utf16))
                    let ds = String(decoding: d, as: UTF16.self).unicodeScalars.map(\.value)
                    let kept = ds.filter { !CharTable.isDroppableMark($0) }
                    if kept.count != ds.count {
                        // Recompose what remains (for instance a letter with a kept mark).
                        let rec = ICU.nfkc(kept.flatMap { Array(String(Unicode.Scalar($0) ?? " ").utf16) })
                        out.append(contentsOf: String(decoding: rec, as: UTF16.self).unicodeScalars.map(\.value))
                        continue
                    }
                }
                out.append(cp)
            }
            if !letterMap.isEmpty { out = out.flatMap { letterMap[$0] ?? [$0] } }
            if CharTable.isIgnorable(CharTable.codePoint(ofSlot: s)) { out = [] }
            if out.count > 255 { out = Array(out.prefix(255)) }
            offsets[s] = UInt32(pool.count)
            lengths[s] = UInt8(out.count)
            pool.append(contentsOf: out)
        }
        var classes = [CharClass](repeating: .separator, count: n)
        for s in 0..<n {
            classes[s] = CharTable.classifySlow(CharTable.codePoint(ofSlot: s))
        }
        self.offsets = offsets
        self.lengths = lengths
        self.pool = pool
        self.classes = classes
    }
}
