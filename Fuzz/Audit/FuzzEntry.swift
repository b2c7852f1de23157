import RealmAudit

/// libFuzzer entry point: audits the input as one Swift file (a `import RealmSwift` line is put first when the
/// input's first byte is odd, so most inputs reach the scanner), or, when it holds `#import`, `@interface` or
/// `@implementation`, as one Objective-C file (`#import <Realm/Realm.h>` first when that byte is odd), through the
/// shared lexers and declaration readers, then renders the report as Markdown and JSON. Any finding or diagnostic is an acceptable outcome; a crash, a
/// sanitizer report, a hang or runaway memory is a bug. Built and run by `scripts/fuzz-audit`.
@_cdecl("LLVMFuzzerTestOneInput")
public func auditFuzzInput(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start, count: count)
    var text = String(decoding: bytes, as: UTF8.self)
    let objectiveC = ["#import", "@interface", "@implementation"].contains { text.contains($0) }
    if let first = bytes.first, first & 1 == 1 {
        text = (objectiveC ? "#import <Realm/Realm.h>\n" : "import RealmSwift\n") + text
    }
    guard let file = RealmUsageAudit.audit(source: text, path: objectiveC ? "A.m" : "A.swift") else { return 0 }
    let report = RealmAuditReport(roots: ["."], swiftFiles: 1, files: [file])
    _ = report.markdown()
    _ = report.json()
    return 0
}
