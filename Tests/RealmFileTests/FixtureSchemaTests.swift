import Foundation
import RealmFile
import RealmSchema
import Testing

@Suite("Schema of the engine's fixtures")
struct FixtureSchemaTests {
    @Test("Tables and columns match realm2json --schema", arguments: RealmFixture.withSchema)
    func tablesAndColumnsMatchTheEngine(_ fixture: RealmFixture) throws {
        let realm = try RealmFileReader(url: fixture.url)
        let differences = schemaDifferences(realm, try fixture.truth("schema.json"))
        #expect(differences.isEmpty, "\(differences.prefix(20).joined(separator: "\n"))")
    }

    @Test("The SDK view of music.v24 has the model's classes, keys, links and linking objects")
    func sdkSchemaOfMusic() throws {
        let schema = try RealmFileReader(url: RealmFixture(path: "music.v24.realm").url).schema
        #expect(schema.version == 3)
        #expect(schema.objectTypes.map(\.name) == ["Album", "Artist", "Playlist", "Track"])
        let track = try #require(schema[className: "Track"])
        #expect(track.primaryKey == "id")
        #expect(track.kind == .topLevel)
        let stored = track.properties.filter { $0.type != .linkingObjects }
        #expect(stored.map(\.name) == ["id", "title", "artist", "duration", "genre", "releaseDate", "genreIndexed"])
        #expect(track[property: "genre"]?.isOptional == true)
        #expect(track[property: "releaseDate"]?.type == .date)
        #expect(track[property: "releaseDate"]?.isIndexed == true)
        let backlinks = track.properties.filter { $0.type == .linkingObjects }
        #expect(
            Set(backlinks.map { "\($0.objectClassName ?? "").\($0.linkOriginPropertyName ?? "")" }) == [
                "Album.tracks", "Playlist.tracks",
            ])
        let playlist = try #require(schema[className: "Playlist"])
        #expect(playlist[property: "id"]?.type == .uuid)
        #expect(playlist[property: "tracks"]?.collection == .list)
        #expect(playlist[property: "tracks"]?.objectClassName == "Track")
        #expect(playlist[property: "tags"]?.collection == .set)
        #expect(playlist[property: "ratings"]?.collection == .dictionary)
        #expect(playlist[property: "ratings"]?.type == .int)
    }

    @Test("The SDK view of alltypes.v24 marks embedded classes and leaves internal tables out")
    func sdkSchemaOfAllTypes() throws {
        let realm = try RealmFileReader(url: RealmFixture(path: "alltypes.v24.realm").url)
        let schema = realm.schema
        #expect(schema.version == 7)
        #expect(schema[className: "metadata"] == nil)
        #expect(realm.table(named: "metadata") != nil)
        #expect(schema[className: "EmbeddedThing"]?.kind == .embedded)
        #expect(schema[className: "EmbeddedThing"]?.primaryKey == nil)
        let allTypes = try #require(schema[className: "AllTypes"])
        #expect(allTypes[property: "anyVal"]?.type == .mixed)
        #expect(allTypes[property: "decimalVal"]?.type == .decimal128)
        #expect(allTypes[property: "dataVal"]?.type == .data)
        #expect(allTypes[property: "embeddedMap"]?.objectClassName == "EmbeddedThing")
        #expect(allTypes[property: "optUuidSet"]?.isOptional == true)
        #expect(realm.table(named: "AllTypes")?.name == "class_AllTypes")
        #expect(realm.table(named: "class_AllTypes")?.objectCount == 30)
    }
}
