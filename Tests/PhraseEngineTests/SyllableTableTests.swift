import Foundation
import Testing
@testable import PhraseEngine

/// `SyllableTable` (`Locales/profiles/readings/syllables.txt`) holds ICU's romanization of every
/// single Han and kana character of its ranges. `PE_WRITE_SYLLABLES=1 swift test --filter
/// SyllableTableTests` rewrites the file from the ICU this build links.
@Suite struct SyllableTableTests {
    /// The file in the source tree.
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Locales/profiles/" + SyllableTable.fileName).path

    /// The file as ICU would write it now (the generator).
    static func render() -> String {
        let n = Normalizer.forLocale("zh-Hans")
        var out = "# The syllable of each single Han and kana character: ICU's Any-Latin; Latin-ASCII; Lower, its letters only (SyllableTable).\n"
        out += "# Made by PE_WRITE_SYLLABLES=1 swift test --filter SyllableTableTests; '-': no letters.\n"
        out += "# icu \(ICU.version)\n"
        for r in SyllableTable.ranges {
            var v = r.lowerBound
            while v <= r.upperBound {
                let end = min(r.upperBound, v + 127)
                var keys: [String] = []
                for c in v...end {
                    let s = Unicode.Scalar(c).flatMap { IndexBuilder.icuSyllable(n, String(Character($0))) } ?? ""
                    keys.append(s.isEmpty ? "-" : s)
                }
                out += String(v, radix: 16, uppercase: true) + "\t" + keys.joined(separator: " ") + "\n"
                v = end + 1
            }
        }
        return out
    }

    @Test func tableIsICUsAnswers() throws {
        let fresh = Self.render()
        if ProcessInfo.processInfo.environment["PE_WRITE_SYLLABLES"] == "1" {
            try fresh.write(toFile: Self.path, atomically: true, encoding: .utf8)
        }
        let data = try #require(FileManager.default.contents(atPath: Self.path), "no \(Self.path)")
        let table = try SyllableTable(bytes: Array(data))
        // Made with another ICU (macOS): its readings stand, the file is not compared.
        guard table.icuVersion == ICU.version else { return }
        #expect(String(decoding: data, as: UTF8.self) == fresh, "syllables.txt differs from ICU \(ICU.version): rewrite it (PE_WRITE_SYLLABLES=1)")
    }

    @Test func lookups() throws {
        let table = try #require(SyllableTable.shared())
        #expect(table.syllable(0x6C34) == "shui")   // 水
        #expect(table.syllable(0x8A18) == "ji")     // 記
        #expect(table.syllable(0x30AB) == "ka")     // カ
        #expect(table.syllable(0x3042) == "a")      // あ
        #expect(table.syllable(0x41) == nil)        // not covered: ICU answers
        #expect(table.syllable(0x20000) == nil)
        #expect(table.syllable(0x30FF) != nil && table.syllable(0x3100) == nil)
    }

    @Test func badFilesAreRefused() {
        #expect(throws: SyllableTable.FormatError.self) { try SyllableTable(bytes: Array("4E00 yi\n".utf8)) }
        #expect(throws: SyllableTable.FormatError.self) { try SyllableTable(bytes: Array("4E00\tYi\n".utf8)) }
        #expect(throws: SyllableTable.FormatError.self) { try SyllableTable(bytes: Array("4E00\tyi\n3000\tyi\n".utf8)) }
    }

    /// The phonetic key of a single character is the same from the table as from ICU.
    @Test func keysAsFromICU() {
        let n = Normalizer.forLocale("ja")
        for c in ["水", "記", "録", "カ", "ん", "〆"] {
            let u = c.unicodeScalars.first!.value
            guard Script.isHanOrKana(u) else { continue }
            let viaICU = IndexBuilder.icuSyllable(n, c) ?? ""
            #expect(IndexBuilder.phonetic(n, c, flags: []) == (viaICU.count >= 1 ? "~" + viaICU : ""), "\(c)")
        }
    }
}
