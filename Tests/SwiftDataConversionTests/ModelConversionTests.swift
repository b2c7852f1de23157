import Foundation
import SwiftDataCodegen
import SwiftDataConversion
import TestSupport
import Testing

/// The Realm models → SwiftData flow as a library user calls it.
@Suite struct ModelConversionTests {
    static let legacyShop = Fixtures.packageRoot.appendingPathComponent("Tests/RealmModels/LegacyShop")
    static let music = Fixtures.realm("music.v24.realm")

    @Test func convertsAFolderOfSourcesWithDiagnosticsAndTheReportFiles() throws {
        let result = try ModelConversion(inputs: [Self.legacyShop], options: CodegenOptions(minimumIOS: .iOS18)).run()
        #expect(result.classCount == 6)
        #expect(
            result.files.map(\.name) == [
                "Models.swift", "SchemaV1.swift", "RealmImporter.swift", "CarriedOverMembers.swift.txt",
                "ConversionReport.md",
                "ConversionReport.json",
            ])
        // Both `#if` branches of Customer.swift are kept under their clauses: no diagnostic, the report says where.
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.reportJSON.contains("\"condition\" : \"!(os(iOS))\""))
        #expect(!result.hasErrors)
        #expect(result.files.last?.contents == result.reportJSON)
    }

    @Test func sourcesWithTheirRealmFileKeepTheListAsEntryModels() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try Data(
            """
            import RealmSwift
            class Album: Object {
                @Persisted(primaryKey: true) var id: String
                @Persisted var tracks: List<Track>
            }
            class Track: Object {
                @Persisted(primaryKey: true) var id: String
            }
            """.utf8
        ).write(to: directory.appending("Music.swift"))
        let result = try ModelConversion(inputs: [directory.url, Self.music]).run()
        let models = try #require(result.files.first { $0.name == "Models.swift" }?.contents)
        // music.v24's albums share tracks; a list's entries hold that whatever the data, so nothing is decided from it.
        #expect(models.contains("    var albumTracksEntries: [AlbumTracksEntry] = []\n"))
        #expect(!result.report.needsHuman.contains { $0.concern == .ambiguousCardinality })
    }

    @Test func writingRemovesAStaleReviewFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let stale = directory.appending(ModelConversionResult.reviewFileName)
        try Data("old".utf8).write(to: stale)
        let result = try ModelConversion(inputs: [Self.music]).run()
        try result.write(to: directory.url)
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        let written = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
        #expect(written == result.files.map(\.name).sorted())
    }

    @Test func unusableInputsAreTypedErrors() throws {
        #expect(throws: ModelConversionError.severalRealmFiles) {
            try ModelConversion(inputs: [Self.music, Fixtures.realm("music.v23.realm")]).run()
        }
        #expect(throws: ModelConversionError.encryptionKeyWithoutRealmFile) {
            try ModelConversion(inputs: [Self.legacyShop], encryptionKey: Data(count: 64)).run()
        }
        #expect(throws: ModelConversionError.noSuchInput("/no/such/folder")) {
            try ModelConversion(inputs: [URL(fileURLWithPath: "/no/such/folder")]).run()
        }
        let empty = try TemporaryDirectory()
        defer { empty.remove() }
        #expect(throws: ModelConversionError.noSwiftSources) { try ModelConversion(inputs: [empty.url]).run() }
        try Data("struct NotAModel {}\n".utf8).write(to: empty.appending("Plain.swift"))
        #expect(throws: ModelConversionError.noModelClasses(diagnostics: [])) {
            try ModelConversion(inputs: [empty.url]).run()
        }
    }
}
