import RealmModelParser
import SwiftSourceSyntax

/// libFuzzer entry point: treats the input as Swift model source and runs the lexer, the declaration parser and the
/// model extraction on it. The first byte, when it is a NUL, splits the rest into two files at the next NUL, so
/// types that refer across files are exercised too; when it is 0x01, the rest is read as every kind of project
/// description (`project.pbxproj`, `project.yml`, `Package.swift`, Tuist's `Project.swift`, a `.podspec`). Any diagnostic or
/// error is an acceptable outcome; a crash, a sanitizer report, a hang or runaway memory is a bug. Built and run by
/// `scripts/fuzz-model-parser`.
@_cdecl("LLVMFuzzerTestOneInput")
public func modelSourceFuzzInput(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start, count: count)
    if bytes.first == 1 {
        let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
        _ = try? XcodeProjectTargets.targets(in: text, path: "/p/App.xcodeproj/project.pbxproj")
        _ = XcodeGenTargets.targets(in: text, path: "/p/project.yml")
        _ = PackageManifestTargets.targets(in: text, path: "/p/Package.swift")
        _ = TuistProjectTargets.targets(in: text, path: "/p/Project.swift")
        _ = PodspecTargets.target(in: text, path: "/p/Pod.podspec")
        return 0
    }
    var files: [RealmModelParser.SourceFile] = []
    if bytes.first == 0, let split = bytes.dropFirst().firstIndex(of: 0) {
        files.append(.init(path: "A.swift", text: String(decoding: bytes[1..<split], as: UTF8.self)))
        files.append(.init(path: "B.swift", text: String(decoding: bytes[(split + 1)...], as: UTF8.self)))
    } else {
        files.append(.init(path: "A.swift", text: String(decoding: bytes, as: UTF8.self)))
    }
    _ = RealmModelParser.parse(files)
    return 0
}
