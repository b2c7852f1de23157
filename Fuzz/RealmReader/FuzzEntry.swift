import Foundation

/// libFuzzer entry point: treats the input as a `.realm` file and reads it with ``readEverything(_:)`` (shared with
/// the corruption tests, `Tests/RealmFileTests/Support/ReadEverything.swift`). Any `RealmFileError` is an acceptable
/// outcome; a crash, a sanitizer report, a hang or runaway memory is a bug. Built and run by
/// `scripts/fuzz-realm-reader`.
@_cdecl("LLVMFuzzerTestOneInput")
public func realmReaderFuzzInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    readEverything(Data(bytes: start, count: count))
    return 0
}
