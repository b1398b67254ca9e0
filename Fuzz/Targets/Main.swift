import Foundation
import PEFuzzDriver

/// `pefuzz TARGET [libFuzzer flags and corpus folders]`: runs libFuzzer on one target.
///
/// SwiftPM links an executable with `main` aliased to `pefuzz_main`; that alias wins over
/// libFuzzer's own `main`, so this is the entry point: it takes the target's name out of the
/// arguments and hands the rest to libFuzzer's driver. The name is kept in `PEFUZZ_TARGET`,
/// since libFuzzer runs itself again (`-merge`, `-fork`) with its own flags only.
@_cdecl("pefuzz_main")
func pefuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    let first = argc >= 2 ? argv[1].map { String(cString: $0) } : nil
    let named = first.flatMap(FuzzTarget.init(rawValue:)) != nil
    if named, let first { setenv("PEFUZZ_TARGET", first, 1) }
    guard FuzzTarget.selected != nil else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: " ")
        FileHandle.standardError.write(Data("usage: pefuzz TARGET [libFuzzer flags] [corpus folders]\ntargets: \(names)\n".utf8))
        return 2
    }
    var args: [UnsafeMutablePointer<CChar>?] = [argv[0]] + ((named ? 2 : 1)..<Int(argc)).map { argv[$0] } + [nil]
    var count = CInt(args.count - 1)
    return args.withUnsafeMutableBufferPointer { buffer in
        var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = buffer.baseAddress
        return LLVMFuzzerRunDriver(&count, &list) { data, size in
            let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
            FuzzTarget.current?.run(bytes)
            return 0
        }
    }
}
