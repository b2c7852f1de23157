import Foundation
import SwiftDataStandIn
import TestSupport
import Testing

/// `carryover realm models`, run as a user runs it.
@Suite struct ModelsCommandTests {
    static let realmModels = Fixtures.packageRoot.appendingPathComponent("Tests/RealmModels")

    @Test func helpDescribesTheCommand() async throws {
        let result = await InProcessCarryover.run(["realm", "models", "--help"])
        #expect(result.status == 0)
        #expect(
            result.standardOutput.contains(
                "USAGE: carryover realm models INPUT... --output DIR [--realm-file FILE.realm] [--min-ios 17|18] [--cloudkit] [--rename OLD=NEW]... "
                    + "[--strip-prefix PREFIX] [--delete-rule CLASS.PROPERTY=RULE]... [--exclude GLOB]... [--json]"))
        #expect(result.standardOutput.contains("--cloudkit"))
    }

    @Test func convertsAFolderOfLegacyModels() async throws {
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let result = await InProcessCarryover.run([
            "realm", "models", Self.realmModels.appendingPathComponent("LegacyShop").path, "--output", output.url.path,
            "--min-ios", "18", "--rename", "OrderLine=LineItem", "--delete-rule", "Order.lines=cascade",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Converted 6 Realm classes"))
        // Both branches of the #if in Customer.swift are converted, each kept under its clause: nothing to warn.
        #expect(!result.standardError.contains("warning"), "\(result.standardError)")
        let generated = try String(contentsOf: output.url.appendingPathComponent("Models.swift"), encoding: .utf8)
        #expect(generated.contains("#if os(iOS)\n    @Model\n    final class Customer {"))
        let files = try FileManager.default.contentsOfDirectory(atPath: output.url.path).sorted()
        #expect(
            files == [
                "CarriedOverMembers.swift.txt", "ConversionReport.json", "ConversionReport.md", "Models.swift",
                "RealmImporter.swift", "SchemaV1.swift",
            ])
        let models = try String(contentsOf: output.appending("Models.swift"), encoding: .utf8)
        #expect(models.contains("final class LineItem {"))
        // The list's cascade rule: its entries go with the order, and so do the line items they hold.
        #expect(models.contains("@Relationship(deleteRule: .cascade, inverse: \\OrderLinesEntry.owner)"))
        #expect(
            models.contains(
                "    var position: Int = 0\n    @Relationship(deleteRule: .cascade)\n    var target: LineItem?\n"))
        let compiled = try GeneratedCodeCompiler.typecheck([
            "Models.swift": models,
            "SchemaV1.swift": try String(contentsOf: output.appending("SchemaV1.swift"), encoding: .utf8),
        ])
        #expect(compiled.succeeded, "\(compiled.output)")
    }

    @Test func malformedSourceGivesFileLineDiagnosticsAndStillConvertsTheRest() async throws {
        let input = try TemporaryDirectory()
        let output = try TemporaryDirectory()
        defer {
            input.remove()
            output.remove()
        }
        let source = """
            import RealmSwift

            class Good: Object {
                @Persisted(primaryKey: true) var id: Int
                @Persisted var name: String
            }

            class Odd: Object {
                @Persisted var location: CLLocation
                @Persisted var title: String
                @Unknown var wrapped: String = ""
            }
            """
        try Data(source.utf8).write(to: input.appending("Models.swift"))
        try Data("class Broken: Object {\n    @Persisted var a: String\n    func f() {\n".utf8)
            .write(to: input.appending("Broken.swift"))
        let result = await InProcessCarryover.run(["realm", "models", input.url.path, "--output", output.url.path])
        #expect(result.status == 1)
        let path = input.url.path
        #expect(result.standardError.contains("\(path)/Broken.swift:1: error: 'class Broken' is never closed"))
        #expect(
            result.standardError.contains("\(path)/Models.swift:9: warning: assumed: CLLocation is declared elsewhere"))
        #expect(result.standardError.contains("\(path)/Models.swift:11: warning: unknown property wrapper '@Unknown'"))
        let models = try String(contentsOf: output.appending("Models.swift"), encoding: .utf8)
        #expect(models.contains("final class Good {"))
        #expect(models.contains("final class Odd {\n    var location: CLLocation\n    var title: String\n"))
        #expect(models.contains("final class Broken {\n    var a: String\n"))
    }

    @Test func convertsARealmFileAndPrintsTheReportAsJSON() async throws {
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let result = await InProcessCarryover.run([
            "realm", "models", Fixtures.realm("music.v24.realm").path, "--output", output.url.path, "--json",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect((report["classNames"] as? [String: String])?.keys.sorted() == ["Album", "Artist", "Playlist", "Track"])
        let written = try Data(contentsOf: output.appending("ConversionReport.json"))
        #expect(String(decoding: written, as: UTF8.self) == result.standardOutput)
    }

    @Test func sourcesWithTheirRealmFileStillGiveListsEntryModels() async throws {
        let input = try TemporaryDirectory()
        let output = try TemporaryDirectory()
        defer {
            input.remove()
            output.remove()
        }
        // The models that wrote music.v24.realm (its schema.json), as the app declares them.
        let source = """
            import RealmSwift

            class Album: Object {
                @Persisted(primaryKey: true) var id: String
                @Persisted var title: String
                @Persisted var tracks: List<Track>
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

            class Track: Object {
                @Persisted(primaryKey: true) var id: String
                @Persisted var title: String
                @Persisted var artist: String
                @Persisted var duration: Double
                @Persisted var genre: String?
                @Persisted var releaseDate: Date
                @Persisted var genreIndexed: String
            }
            """
        try Data(source.utf8).write(to: input.appending("Music.swift"))
        let result = await InProcessCarryover.run([
            "realm", "models", input.url.path, Fixtures.realm("music.v24.realm").path, "--output", output.url.path,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let models = try String(contentsOf: output.appending("Models.swift"), encoding: .utf8)
        // Lists are entry models whatever the data: each target has the entries that hold it, however many.
        for inverse in [
            "var artistAlbumsEntries: [ArtistAlbumsEntry] = []", "var albumTracksEntries: [AlbumTracksEntry] = []",
            "var playlistTracksEntries: [PlaylistTracksEntry] = []",
        ] {
            #expect(models.contains(inverse), "\(inverse)")
        }
        let report = try String(contentsOf: output.appending("ConversionReport.md"), encoding: .utf8)
        #expect(!report.contains("### Relationship cardinality"))
        // Without the Track columns the file stores, the same run fails and names each one, in the JSON too.
        let partial = source.replacingOccurrences(of: "    @Persisted var genreIndexed: String\n", with: "")
        try Data(partial.utf8).write(to: input.appending("Music.swift"))
        let lossy = await InProcessCarryover.run([
            "realm", "models", input.url.path, "--realm-file", Fixtures.realm("music.v24.realm").path, "--output",
            output.url.path, "--json",
        ])
        #expect(lossy.status == 1)
        #expect(
            lossy.standardError.contains(
                "error: the file stores 'Track.genreIndexed' (string), which the models do not hold: its data would be "
                    + "lost; declare it in the model"))
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(lossy.standardOutput.utf8)) as? [String: Any])
        let items = try #require(json["needsHuman"] as? [[String: Any]])
        #expect(
            items.contains {
                $0["concern"] as? String == "notImported" && $0["subject"] as? String == "Track.genreIndexed"
            })
        let notRealm = await InProcessCarryover.run([
            "realm", "models", input.url.path, "--realm-file", input.appending("Music.swift").path, "--output",
            output.url.path,
        ])
        #expect(notRealm.status == 64)
    }

    @Test func usageErrorsExitWith64() async throws {
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let shop = Self.realmModels.appendingPathComponent("LegacyShop").path
        for (arguments, message) in [
            ([shop, "--output", output.url.path, "--min-ios", "16"], "'16' is not a valid value for '--min-ios'"),
            ([shop, "--output", output.url.path, "--rename", "Customer"], "'--rename' expects NAME=VALUE"),
            (
                [shop, "--output", output.url.path, "--delete-rule", "Order.lines=explode"],
                "'explode' is not a delete rule"
            ),
            (
                [
                    Fixtures.realm("music.v24.realm").path, Fixtures.realm("music.v23.realm").path, "--output",
                    output.url.path,
                ],
                "at most one .realm file"
            ),
            ([shop], "Missing expected option '--output'"),
        ] {
            let result = await InProcessCarryover.run(["realm", "models"] + arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.standardError.contains(message), "\(result.standardError)")
        }
    }

    @Test func anEncryptedRealmFileFailsWithAClearError() async throws {
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let result = await InProcessCarryover.run([
            "realm", "models", Fixtures.realm("music_encrypted.v24.realm").path, "--output", output.url.path,
        ])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("Error: "))
        #expect(result.standardError.lowercased().contains("encrypted"))
    }
}
