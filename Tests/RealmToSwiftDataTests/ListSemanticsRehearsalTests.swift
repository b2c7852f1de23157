import Foundation
import MigrationEngine
import RealmRehearsal
import RealmToSwiftData
import SwiftDataConversion
import TestSupport
import Testing

/// A Realm `List` is ordered and may hold an object more than once; a SwiftData to-many relationship is an
/// unordered set. The generated entry models keep both (the fixture rehearsals check every list against the
/// export); models that keep a list as a plain relationship lose them, and the rehearsal says where.
@Suite struct ListSemanticsRehearsalTests {
    /// `music.v24`'s first playlist lists one track twice (`realm export --format jsonl` shows 10 links, 9 distinct).
    static let fixture = "music.v24.realm"

    @Test func aListKeptAsAPlainToManyRelationshipFailsVerificationNamingTheObjectsAndTheField() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let models = directory.appending("models")
        try ModelConversion(inputs: [Fixtures.realm(Self.fixture)]).run().write(to: models)
        try Self.keepPlaylistTracksAsAPlainRelationship(in: models)

        var rehearsal = RealmRehearsal(realmFile: Fixtures.realm(Self.fixture), builder: try Rehearsals.builder.get())
        rehearsal.modelsDirectory = models
        rehearsal.store = directory.appending("default.store")
        let result = try await rehearsal.run().result
        #expect(!result.succeeded)
        guard case .verificationFailed(let report) = result.failure else {
            Issue.record("expected verificationFailed, got \(result)")
            return
        }
        // Every playlist whose list has two or more elements: their order (and the repeat) cannot be kept.
        let realm = try Rehearsals.open(Self.fixture)
        let exported = try Rehearsals.export(Self.fixture)["Playlist"] ?? []
        let longLists = Set(
            exported.compactMap { object -> Int64? in
                guard let tracks = (object["values"] as? [String: Any])?["tracks"] as? [Any], tracks.count >= 2,
                    let key = object["key"] as? Int
                else { return nil }
                return Int64(key)
            })
        try #require(!longLists.isEmpty && realm.table(named: "Playlist") != nil)
        let differing = report.problems.filter { $0.kind == .valueMismatch && $0.className == "Playlist" }
        #expect(Set(differing.compactMap(\.key)) == longLists)
        #expect(differing.allSatisfy { $0.fields == ["tracks"] })
        // Nothing else differs: the other classes and lists verify.
        #expect(report.problems.allSatisfy { $0.className == "Playlist" || $0.kind == .inverseMismatch })
    }

    /// The generated models with `Playlist.tracks` edited back to a plain `[Track]` relationship, as a developer who
    /// kept the Realm shape would write it, and its importer field with it.
    static func keepPlaylistTracksAsAPlainRelationship(in folder: URL) throws {
        let modelsFile = folder.appendingPathComponent("Models.swift")
        var models = try String(contentsOf: modelsFile, encoding: .utf8)
        let entries =
            "    /// The Realm list `tracks`, one entry per element: read it in order as `tracks`.\n"
            + "    @Relationship(deleteRule: .cascade, inverse: \\PlaylistTracksEntry.owner)\n"
            + "    var tracksEntries: [PlaylistTracksEntry] = []\n"
        let accessors = try #require(
            models.range(
                of: #"extension Playlist \{\n    /// The Realm list `tracks`[^\n]*\n(.*\n)*?\}\n"#,
                options: .regularExpression)
        )
        models.removeSubrange(accessors)
        try #require(models.contains(entries))
        models = models.replacingOccurrences(
            of: entries,
            with: "    @Relationship(deleteRule: .nullify, inverse: \\Track.playlists)\n    var tracks: [Track] = []\n")
        models = models.replacingOccurrences(
            of: "final class Track {\n", with: "final class Track {\n    var playlists: [Playlist] = []\n")
        try models.write(to: modelsFile, atomically: true, encoding: .utf8)

        let importerFile = folder.appendingPathComponent("RealmImporter.swift")
        let importer = try String(contentsOf: importerFile, encoding: .utf8)
        let playlist = try #require(importer.range(of: "struct PlaylistImporter"))
        let list = try #require(
            importer.range(
                of: ".list(\"tracks\", \\.tracksEntries, ordered: \\.tracks)",
                range: playlist.upperBound..<importer.endIndex))
        try importer.replacingCharacters(
            in: list, with: ".toMany(\"tracks\", \\.tracks)"
        ).write(to: importerFile, atomically: true, encoding: .utf8)
    }
}
