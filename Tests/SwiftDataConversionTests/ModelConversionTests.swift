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

/// Sources with a `.realm` file copied from a device (`realm models SOURCES --realm-file FILE.realm`): the file types
/// what the sources leave open, and every difference is reported, a stored column or class the models would not
/// hold as an error.
@Suite struct SourcesWithARealmFileTests {
    /// Models of `music.v24.realm` (Album, Artist, Playlist, Track), written with differences.
    static let source = """
        import RealmSwift

        class Album: Object {
            @Persisted(primaryKey: true) var id: String
            @Persisted var title: String
            @Persisted var tracks: List<Track>
            @Persisted var subtitle: String
        }

        class Track: Object {
            @Persisted(primaryKey: true) var id: String
            @Persisted var title = Catalog.defaultTitle
            @Persisted var artist: String
            @Persisted var duration: Int
            @Persisted var genre: String?
            @Persisted var releaseDate: Date
        }

        class Artist: Object {
            @Persisted(primaryKey: true) var id: ObjectId
            @Persisted var name: String
            @Persisted var albums: List<Album>
        }

        class Draft: Object {
            @Persisted var text: String
        }
        """

    @Test func theFileTypesWhatTheSourcesLeaveOpenAndEveryDifferenceIsReported() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try Data(Self.source.utf8).write(to: directory.appending("Models.swift"))
        let result = try ModelConversion(inputs: [directory.appending("Models.swift"), ModelConversionTests.music])
            .run()
        let messages = result.diagnostics.map { "\($0.severity.rawValue): \($0.message)" }
        // Typed from the file (it was an error without it), in declaration order.
        #expect(!messages.contains { $0.hasPrefix("error: cannot tell the type of 'title'") })
        #expect(
            messages.contains(
                "warning: the type of 'Track.title' is taken from the file: string; add the type "
                    + "annotation to the source"))
        let models = try #require(result.files.first { $0.name == "Models.swift" }?.contents)
        #expect(
            models.contains("    @Attribute(.unique) var id: String\n    var title: String\n    var artist: String\n"))
        // What the models would not hold.
        #expect(messages.contains { $0.hasPrefix("error: the file stores class 'Playlist' (5 properties)") })
        #expect(
            messages.contains {
                $0.hasPrefix("error: the file stores 'Track.genreIndexed' (string), which the models do not hold")
            })
        #expect(
            messages.contains { $0.hasPrefix("error: 'Track.duration' is double in the file but int in the models") })
        #expect(messages.contains { $0.hasPrefix("warning: 'Album.subtitle' is not a column of the file") })
        #expect(messages.contains { $0.hasPrefix("warning: model 'Draft' has no table in the file") })
        #expect(result.hasErrors)
        let lost = result.report.needsHuman.filter { $0.concern == .notImported }.map(\.subject)
        #expect(lost == ["Playlist", "Track.genreIndexed"])
        #expect(result.reportJSON.contains("\"subject\" : \"Track.genreIndexed\""))
    }

    /// Models that match music.v24.realm class for class.
    static let matching = """
        import RealmSwift
        class Album: Object {
            @Persisted(primaryKey: true) var id: String
            @Persisted var title: String
            @Persisted var tracks: List<Track>
        }
        class Track: Object {
            @Persisted(primaryKey: true) var id: String
            @Persisted var title: String
            @Persisted var artist: String
            @Persisted var duration: Double
            @Persisted var genre: String?
            @Persisted var releaseDate: Date
            @Persisted var genreIndexed: String
        }
        class Artist: Object {
            @Persisted(primaryKey: true) var id: ObjectId
            @Persisted var name: String
            @Persisted var albums: List<Album>
        }
        class Playlist: Object {
            @Persisted(primaryKey: true) var id: UUID
            @Persisted var name: String
            @Persisted var tracks: List<Track>
            @Persisted var tags: MutableSet<String>
            @Persisted var ratings: Map<String, Int>
        }
        """

    @Test func matchingSourcesGiveNoDifference() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try Data(Self.matching.utf8).write(to: directory.appending("Models.swift"))
        let result = try ModelConversion(inputs: [directory.appending("Models.swift"), ModelConversionTests.music])
            .run()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    /// A widget target's own `Track` (named apart: `WidgetTrack`) is set against the file too: what it lacks or
    /// types otherwise is a warning (that target may read another file), the app's models still match.
    @Test func aModelNamedApartForAnotherTargetIsComparedWithTheFileToo() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let manifest = """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(
                name: "Music",
                targets: [.target(name: "App"), .target(name: "Widget")]
            )
            """
        let widget = """
            import RealmSwift
            class Track: Object {
                @Persisted(primaryKey: true) var id: String
                @Persisted var title: String
                @Persisted var duration: Int
            }
            """
        try FileManager.default.createDirectory(
            at: directory.appending("Sources/App"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: directory.appending("Sources/Widget"), withIntermediateDirectories: true)
        try Data(manifest.utf8).write(to: directory.appending("Package.swift"))
        try Data(Self.matching.utf8).write(to: directory.appending("Sources/App/Models.swift"))
        try Data(widget.utf8).write(to: directory.appending("Sources/Widget/Track.swift"))
        let result = try ModelConversion(inputs: [directory.url, ModelConversionTests.music]).run()
        let messages = result.diagnostics.map { "\($0.severity.rawValue): \($0.message)" }
        #expect(!result.hasErrors, "\(messages)")
        #expect(
            messages.contains {
                $0.hasPrefix(
                    "warning: 'Track.duration' is double in the file but int in model 'WidgetTrack' (another target's)")
            }, "\(messages)")
        #expect(
            messages.contains {
                $0.hasPrefix(
                    "warning: the file stores 'Track.genre' (optional string), which model 'WidgetTrack' (another "
                        + "target's) does not hold")
            }, "\(messages)")
        // The app's own models match: nothing is said of them.
        #expect(!messages.contains { $0.contains("in the models") || $0.contains("the models do not hold") })
    }
}
