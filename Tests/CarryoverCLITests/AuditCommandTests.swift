import Foundation
import TestSupport
import Testing

/// `carryover realm audit`, run in-process as a user runs it, on the audit's own inputs.
@Suite struct AuditCommandTests {
    static let inputs = Fixtures.packageRoot.appendingPathComponent("Tests/RealmAuditTests/Inputs")

    /// How many findings the inputs expect (of `category`, or all): one per `// expect:` entry (see the audit's
    /// tests).
    static func expectedFindings(_ category: String? = nil) throws -> Int {
        var count = 0
        for file in try FileManager.default.contentsOfDirectory(atPath: inputs.path) {
            let text = try String(contentsOf: inputs.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                guard let marker = line.range(of: "// expect: ") else { continue }
                let entries = line[marker.upperBound...].components(separatedBy: " ;; ")
                count += entries.filter { category == nil || $0.hasPrefix("\(category ?? "") | ") }.count
            }
        }
        return count
    }

    @Test func helpDescribesTheCommand() async {
        let result = await InProcessCarryover.run(["realm", "audit", "--help"])
        #expect(result.status == 0)
        #expect(
            result.standardOutput.contains(
                "USAGE: carryover realm audit DIR... [--exclude GLOB]... [--rename OLD=NEW]... [--strip-prefix PREFIX] "
                    + "[--json] [--output REPORT.md]"))
    }

    @Test func convertedQueriesNameTheModelsAsRenamed() async throws {
        let inputs = Self.inputs.deletingLastPathComponent().appendingPathComponent("ConversionInputs")
        let plain = await InProcessCarryover.run(["realm", "audit", inputs.path])
        #expect(plain.status == 0, "\(plain.standardError)")
        #expect(plain.standardOutput.contains("FetchDescriptor<RealmSong>"))
        let stripped = await InProcessCarryover.run(["realm", "audit", inputs.path, "--strip-prefix", "Realm"])
        #expect(stripped.standardOutput.contains("FetchDescriptor<Song>"))
        #expect(!stripped.standardOutput.contains("FetchDescriptor<RealmSong>"))
        let renamed = await InProcessCarryover.run(["realm", "audit", inputs.path, "--rename", "RealmSong=Tune"])
        #expect(renamed.standardOutput.contains("FetchDescriptor<Tune>"))
        let malformed = await InProcessCarryover.run(["realm", "audit", inputs.path, "--rename", "RealmSong"])
        #expect(malformed.status == 64)
    }

    /// A vendored checkout named like a file (`External/Reachability.swift/`) is a folder: walked by both commands.
    @Test func aFolderNamedLikeASwiftFileIsWalkedNotRead() async throws {
        let project = try TemporaryDirectory()
        defer { project.remove() }
        let folder = project.appending("External/Reachability.swift/Sources")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("import RealmSwift\nclass Probe: Object {\n    @Persisted var host: String\n}\n".utf8)
            .write(to: folder.appendingPathComponent("Probe.swift"))
        let audit = await InProcessCarryover.run(["realm", "audit", project.url.path, "--json"])
        #expect(audit.status == 0, "\(audit.standardError)")
        #expect(audit.standardOutput.contains("External/Reachability.swift/Sources/Probe.swift"))
        let output = project.appending("Out")
        let models = await InProcessCarryover.run(["realm", "models", project.url.path, "--output", output.path])
        #expect(models.status == 0, "\(models.standardError)")
        let generated = try String(contentsOf: output.appendingPathComponent("Models.swift"), encoding: .utf8)
        #expect(generated.contains("final class Probe {"))
    }

    @Test func printsTheMarkdownReport() async throws {
        let result = await InProcessCarryover.run(["realm", "audit", Self.inputs.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("# Realm audit\n"))
        let total = try Self.expectedFindings()
        #expect(result.standardOutput.contains("| **total** | **\(total)** |"))
        #expect(result.standardOutput.contains("### 7. Removing Realm"))
        #expect(result.standardError.isEmpty)
    }

    @Test func jsonHasEveryFindingAndExcludesLeaveFilesOut() async throws {
        let result = await InProcessCarryover.run(["realm", "audit", Self.inputs.path, "--json"])
        #expect(result.status == 0)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let totals = try #require(object["totals"] as? [String: Any])
        #expect(totals["total"] as? Int == (try Self.expectedFindings()))
        let excluded = await InProcessCarryover.run([
            "realm", "audit", Self.inputs.path, "--json", "--exclude", "Sync.swift", "--exclude=Views.swift",
        ])
        #expect(!excluded.standardOutput.contains("\"Sync.swift\"") && !excluded.standardOutput.contains("Views.swift"))
        #expect(result.standardOutput.contains("\"Sync.swift\""))
    }

    @Test func outputWritesTheReportAndPrintsASummary() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let report = folder.appending("REPORT.md")
        let result = await InProcessCarryover.run(["realm", "audit", Self.inputs.path, "--output", report.path])
        #expect(result.status == 0)
        let written = try String(contentsOf: report, encoding: .utf8)
        #expect(written.hasPrefix("# Realm audit\n"))
        #expect(
            result.standardOutput.contains("uses of Realm") && result.standardOutput.contains("Report: \(report.path)"))
        #expect(result.standardOutput.contains("  sync: \(try Self.expectedFindings("sync"))\n"))
    }

    @Test func malformedSourceIsReportedOnStandardError() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data("import RealmSwift\nlet s = \"open\nlet realm = try! Realm()\n".utf8).write(
            to: folder.appending("A.swift"))
        let result = await InProcessCarryover.run(["realm", "audit", folder.url.path])
        #expect(result.status == 0)
        #expect(result.standardError == "A.swift:2: warning: unterminated string literal\n")
        #expect(result.standardOutput.contains("`A.swift:3:18` **Realm()**"))
    }

    @Test func exitCodesTellUsageFromUnreadableInput() async throws {
        let none = await InProcessCarryover.run(["realm", "audit"])
        #expect(none.status == 64 && none.standardError.contains("Missing expected argument 'DIR'"))
        let unknown = await InProcessCarryover.run(["realm", "audit", Self.inputs.path, "--class", "X"])
        #expect(unknown.status == 64)
        let missing = await InProcessCarryover.run(["realm", "audit", "/nonexistent/app"])
        #expect(missing.status == 66 && missing.standardError == "Error: No such file or folder: '/nonexistent/app'.\n")
        // A file that cannot be read: a dangling link named like a source file.
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try FileManager.default.createSymbolicLink(
            atPath: folder.appending("Gone.swift").path, withDestinationPath: "/nonexistent/Gone.swift")
        let unreadable = await InProcessCarryover.run(["realm", "audit", folder.url.path])
        #expect(unreadable.status == 66 && unreadable.standardError.hasPrefix("Error: Cannot read '"))
    }
}
