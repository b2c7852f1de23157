import Foundation
import TestSupport
import Testing

/// `carryover realm models` on an app whose Realm models are Objective-C (it used to exit 64, "No .swift files
/// found").
@Suite struct ObjectiveCModelsCommandTests {
    static let objectiveC = Fixtures.packageRoot.appendingPathComponent("Tests/RealmModels/ObjectiveC")

    @Test func aFolderOfHeadersAndImplementationFilesConverts() async throws {
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let result = await InProcessCarryover.run([
            "realm", "models", Self.objectiveC.appendingPathComponent("Music").path, "--realm-file",
            Fixtures.realm("music.v24.realm").path, "--output", output.url.path,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Converted 4 Realm classes"), "\(result.standardOutput)")
        let report = try String(contentsOf: output.appending("ConversionReport.md"), encoding: .utf8)
        #expect(report.contains("MUSTrack.h:"))
        let models = try String(contentsOf: output.appending("Models.swift"), encoding: .utf8)
        #expect(models.contains("final class Track {"))
    }

    /// A folder with errors in its Objective-C models still converts the rest, exits 1, and prints `file:line`.
    @Test func rejectedPropertiesPrintFileAndLineAndExitOne() async throws {
        let input = try TemporaryDirectory()
        let output = try TemporaryDirectory()
        defer {
            input.remove()
            output.remove()
        }
        try Data(
            """
            #import <Realm/Realm.h>
            @interface Counter : RLMObject
            @property NSString *name;
            @property NSUInteger hits;
            @end
            """.utf8
        ).write(to: input.appending("Counter.h"))
        let result = await InProcessCarryover.run(["realm", "models", input.url.path, "--output", output.url.path])
        #expect(result.status == 1)
        #expect(result.standardError.contains("Counter.h:4: error: 'Counter.hits' is an unsigned integer"))
        #expect(result.standardOutput.contains("Converted 1 Realm class"), "\(result.standardOutput)")
    }
}
