import Foundation
import SwiftDataCodegen
import Testing

/// Golden files: whole generated outputs kept under `Golden/<case>/<file>.golden` and compared byte for byte.
/// `RECORD_GOLDEN=1 swift test …` rewrites them and fails the test, so a recording is never mistaken for a pass.
enum Golden {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static var isRecording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" }

    /// Compares each generated file and the Markdown report with its golden copy.
    static func check(
        _ output: SwiftDataCodegen.Output, case name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        try check(
            output.files.map { ($0.name, $0.contents) } + [("Report.md", output.report.markdown())], case: name,
            sourceLocation: sourceLocation)
    }

    /// Compares each named file with its golden copy.
    static func check(
        _ expected: [(String, String)], case name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let directory = folder.appendingPathComponent(name)
        if isRecording {
            try? FileManager.default.removeItem(at: directory)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for (file, contents) in expected {
                try Data(contents.utf8).write(to: directory.appendingPathComponent(file + ".golden"))
            }
            Issue.record(
                "recorded golden files for '\(name)'; unset RECORD_GOLDEN and run again", sourceLocation: sourceLocation
            )
            return
        }
        let present = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        #expect(
            Set(present) == Set(expected.map { $0.0 + ".golden" }),
            "golden files of '\(name)' differ from the generated set", sourceLocation: sourceLocation)
        for (file, contents) in expected {
            let url = directory.appendingPathComponent(file + ".golden")
            guard let golden = try? String(contentsOf: url, encoding: .utf8) else {
                Issue.record(
                    "missing golden \(name)/\(file).golden (run with RECORD_GOLDEN=1)", sourceLocation: sourceLocation)
                continue
            }
            if golden != contents {
                Issue.record(
                    "\(name)/\(file) differs from its golden file:\n\(firstDifference(golden, contents))",
                    sourceLocation: sourceLocation)
            }
        }
    }

    private static func firstDifference(_ expected: String, _ actual: String) -> String {
        let left = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let right = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(left.count, right.count) {
            let expectedLine = index < left.count ? String(left[index]) : "<end>"
            let actualLine = index < right.count ? String(right[index]) : "<end>"
            if expectedLine != actualLine {
                return "line \(index + 1):\n  expected: \(expectedLine)\n  actual:   \(actualLine)"
            }
        }
        return "(same lines)"
    }
}
