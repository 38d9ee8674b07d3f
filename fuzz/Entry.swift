// The libFuzzer entry point of every aasa-check fuzz target (scripts/fuzz.sh builds this file
// with the targets in targets/ and the generated registry; FUZZ_TARGET names the one to run).
import AASACore
import Foundation

/// A fuzz target: one file in fuzz/targets/ with one type conforming to this protocol.
/// `run` must return normally for every input; a wrong answer is reported with
/// `fuzzFailure`, a crash, a hang (`-timeout`) or a blow-up (`-rss_limit_mb`) by libFuzzer.
protocol FuzzTarget {
    /// The name `scripts/fuzz.sh` knows the target by.
    static var name: String { get }
    static func run(_ data: [UInt8])
}

/// Stops the run with a message: libFuzzer saves the input as a finding.
func fuzzFailure(_ message: String) -> Never {
    FileHandle.standardError.write(Data("fuzz finding: \(message)\n".utf8))
    abort()
}

nonisolated(unsafe) private var selected: (([UInt8]) -> Void)?

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    if selected == nil {
        let name = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? ""
        guard let target = fuzzTargets.first(where: { $0.name == name }) else {
            fuzzFailure("set FUZZ_TARGET to one of: \(fuzzTargets.map(\.name).joined(separator: ", "))")
        }
        selected = target.run
        // The code documentation tables (every code's examples, DAL106's large one) are built
        // on first use: built here, before the first unit, so that a starved process on a
        // loaded machine does not spend libFuzzer's -timeout on them in its first input.
        _ = CodeDoc.lookup("AASA101")
    }
    let bytes = count == 0 || start == nil ? [] : Array(UnsafeBufferPointer(start: start, count: count))
    selected!(bytes)
    return 0
}
