import Foundation
import RealmAudit

/// The audit's own inputs (`Inputs/`), and the findings each line expects, read from the `// expect:` comment on
/// the line above it: `// expect: category | api | effort | anchor` (several joined by ` ;; `), where the expected
/// column is that of the anchor's first occurrence in the line. A line without such a comment expects no finding.
enum AuditInputs {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Inputs")

    /// One expected finding.
    struct Expected: Hashable, CustomStringConvertible {
        var file: String
        var line: Int
        var column: Int
        var category: String
        var api: String
        var effort: String

        var description: String { "\(file):\(line):\(column) \(category) \(api) \(effort)" }
    }

    /// The expectations of every input file (of `folder` and its subfolders, by path relative to it) whose name
    /// ends with one of `extensions`.
    static func expectations(in folder: URL = folder, extensions: [String] = [".swift"]) throws -> Set<Expected> {
        var expected: Set<Expected> = []
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { path in
            extensions.contains { path.hasSuffix($0) }
        }
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() {
                guard let marker = line.range(of: "// expect: "), number + 1 < lines.count else { continue }
                let code = lines[number + 1]
                for entry in line[marker.upperBound...].components(separatedBy: " ;; ") {
                    let fields = entry.components(separatedBy: " | ")
                    guard fields.count == 4, let anchor = code.range(of: fields[3]) else {
                        throw ExpectationError(text: "\(file):\(number + 1): unreadable expectation '\(entry)'")
                    }
                    let column = code.utf8.distance(from: code.startIndex, to: anchor.lowerBound) + 1
                    expected.insert(
                        Expected(
                            file: file, line: number + 2, column: column, category: fields[0], api: fields[1],
                            effort: fields[2]))
                }
            }
        }
        return expected
    }

    struct ExpectationError: Error { var text: String }

    /// The audit of the whole folder.
    static func report() async throws -> RealmAuditReport {
        try await RealmUsageAudit(roots: [folder]).run()
    }

    static func actual(_ report: RealmAuditReport) -> Set<Expected> {
        Set(
            report.findings.map {
                Expected(
                    file: $0.file, line: $0.line, column: $0.column, category: $0.category.rawValue, api: $0.api,
                    effort: $0.effort.rawValue)
            })
    }
}
