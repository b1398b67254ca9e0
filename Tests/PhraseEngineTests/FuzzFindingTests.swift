import Foundation
import Testing
@testable import PhraseEngine

/// The inputs the fuzz targets found (docs/fuzzing.md), each kept as a test once fixed.
/// Their files are in Fixtures/Fuzz.
@Suite struct FuzzFindingTests {
    static let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Fuzz").path

    /// `strings` target: a binary plist with a set (marker 0xC) where a dictionary was crashed
    /// swift-corelibs-foundation (SEGV in `PropertyListSerialization`), and `import` with it.
    @Test func binaryPlistWithASetIsRefused() throws {
        let bytes = try #require(FileManager.default.contents(atPath: Self.dir + "/set-in-binary-plist.plist"))
        #expect(throws: PropertyList.ReadError.self) { try PropertyList.parse(Array(bytes)) }
        do { _ = try PropertyList.parse(Array(bytes)) } catch {
            #expect(error.message.contains("not a property list type"), "\(error.message)")
        }
        // Through `import`: the Info.plist is reported, the import goes on.
        let app = FileManager.default.temporaryDirectory.appendingPathComponent("pe-bplist-\(UUID().uuidString)/App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try bytes.write(to: app.appendingPathComponent("Info.plist"))
        let (_, out, err) = runCLI(["import", app.deletingLastPathComponent().path])
        #expect((out + err).contains("Info.plist"), "\(out)\(err)")
    }

    /// The same structure check lets a sound binary plist through to Foundation.
    @Test func soundBinaryPlistsStillRead() throws {
        let data = try PropertyListSerialization.data(fromPropertyList: ["CFBundleName": "Beans", "Items": [1, 2]] as [String: Any],
                                                      format: .binary, options: 0)
        #expect(PropertyList.binaryProblem(Array(data)) == nil)
        #expect(try PropertyList.parse(Array(data))["CFBundleName"]?.string == "Beans")
        // Truncated and corrupted trailers are refused without reading.
        #expect(PropertyList.binaryProblem(Array(data.prefix(20))) != nil)
        var bad = Array(data)
        bad[bad.count - 9] = 0xFF
        #expect(PropertyList.binaryProblem(bad) != nil)
    }
}
