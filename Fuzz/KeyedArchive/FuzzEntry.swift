import Foundation
import RudderMigration

/// libFuzzer entry point: decodes the input as an `NSKeyedArchiver` binary property list, as a migration decodes the
/// legacy SDK's archived traits (`rs_traits`). A `KeyedArchiveError` is the expected outcome for damaged input; a
/// crash, a sanitizer report, a hang or runaway memory is a bug. Built and run by `scripts/fuzz-keyed-archive`.
@_cdecl("LLVMFuzzerTestOneInput")
public func keyedArchiveFuzzInput(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    _ = try? KeyedArchiveReader.decodeForTesting(Data(bytes: start, count: count))
    return 0
}
