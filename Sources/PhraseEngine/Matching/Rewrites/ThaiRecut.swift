// Rewrite: Thai runs cut again into the catalogs' words.

extension Rewriting {
    /// Thai is written without spaces and ICU's dictionary cuts an unknown word differently by
    /// context ("ฮัมมูส" alone is "ฮัม" "มูส", before "ลง" it is "ฮัม" "มู" "สลง"), so a phrase and
    /// an utterance may cut the same letters apart. A run of Thai units written together is cut
    /// again into the catalogs' words where that takes fewer pieces, counting a piece that is no
    /// catalog word (one of ICU's own units) as 2.5: a word of the catalogs costs 1. Where no
    /// cut is better, the run stays as ICU cut it. A new piece takes its lexicon flags
    /// (filler, connector, optional word) from the normalizer.
    static func recutThai(_ units: inout [Raw], _ index: LocaleIndex) {
        var any = false
        for u in units where u.text.unicodeScalars.contains(where: { Script.isThai($0.value) }) { any = true; break }
        guard any else { return }
        func thaiOnly(_ r: Raw) -> Bool {
            r.flags.isDisjoint(with: [.number, .ordinal]) && r.end - r.start == r.text.utf16.count
                && r.text.unicodeScalars.allSatisfy { Script.isThai($0.value) }
        }
        var out: [Raw] = []
        out.reserveCapacity(units.count)
        var k = 0
        while k < units.count {
            guard thaiOnly(units[k]) else { out.append(units[k]); k += 1; continue }
            var m = k + 1
            while m < units.count && thaiOnly(units[m]) && units[m].start == units[m - 1].end { m += 1 }
            if m - k < 2 { out.append(units[k]); k += 1; continue }
            // The run's scalars, and where ICU cut it.
            var sc: [Unicode.Scalar] = []
            var icuEnd: [Int: Int] = [:]   // start position → the ICU unit starting there
            for r in k..<m {
                icuEnd[sc.count] = r
                sc.append(contentsOf: units[r].text.unicodeScalars)
            }
            let L = sc.count
            let unknownCost: Float = 2.5
            var cost = [Float](filledWith: .infinity, count: L + 1)
            var back = [Int](filledWith: -1, count: L + 1)
            cost[0] = 0
            func piece(_ a: Int, _ b: Int) -> String { Core.text(sc[a..<b]) }
            for j in 0..<L where cost[j] < .infinity {
                // ICU's own unit first: on a tie the run keeps ICU's cut.
                var icuNext = j + 1
                if let r = icuEnd[j] {
                    icuNext = j + units[r].text.unicodeScalars.count
                } else {
                    while icuNext < L && icuEnd[icuNext] == nil { icuNext += 1 }
                }
                let icuPiece = piece(j, icuNext)
                let c0 = cost[j] + (index.vocabId(icuPiece) != nil ? 1 : unknownCost)
                if c0 < cost[icuNext] { cost[icuNext] = c0; back[icuNext] = j }
                var len = 1
                while len <= 24 && j + len <= L {
                    if index.vocabId(piece(j, j + len)) != nil, cost[j] + 1 < cost[j + len] {
                        cost[j + len] = cost[j] + 1
                        back[j + len] = j
                    }
                    len += 1
                }
            }
            var cuts: [Int] = []
            var p = L
            while p > 0 && back[p] >= 0 { cuts.append(p); p = back[p] }
            guard p == 0 else { for r in k..<m { out.append(units[r]) }; k = m; continue }
            cuts.reverse()
            var start = 0
            let base = units[k].start
            for e in cuts {
                if let r = icuEnd[start], units[r].text.unicodeScalars.count == e - start {
                    out.append(units[r])
                } else {
                    // (One UTF-16 unit per Thai letter.)
                    out.append(Rewriting.cutPiece(piece(start, e), at: base + start, index))
                }
                start = e
            }
            k = m
        }
        units = out
    }
}

extension Rewrite {
    static let thaiRecut = Rewrite(
        id: "thai-recut", repairs: "Thai letters ICU's dictionary cut apart differently by context, cut again into the catalogs' words.",
        nonASCII: true,
        examples: [.init(locale: "th", phrases: ["เพิ่มวัตถุดิบ", "ฮัมมูส", "ลงรายการซื้อของ"], utterance: "เพิ่มวัตถุดิบฮัมมูสลงรายการซื้อของ", units: ["เพิ่ม", "วัตถุดิบ", "ฮัม", "มูส", "ลง", "รายการ", "ซื้อ", "ของ"])],
        apply: { units, _, index in Rewriting.recutThai(&units, index) })
}
