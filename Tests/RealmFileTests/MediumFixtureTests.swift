import Foundation
import RealmFile
import TestSupport
import Testing

@Suite("medium.v24.realm against its digest")
struct MediumFixtureTests {
    @Test("Object counts, sums, null counts and byte totals match the engine's digest")
    func digestFigures() throws {
        let realm = try RealmFileReader(url: Fixtures.realm("medium.v24.realm"))
        let digestData = try Data(contentsOf: Fixtures.realm("medium.v24.digest.json"))
        let digest = try #require(try JSONSerialization.jsonObject(with: digestData) as? [String: Any])
        let classes = try #require(digest["classes"] as? [String: [String: Any]])
        #expect(realm.fileFormat == digest["file_format"] as? Int)

        let tracks = try #require(realm.table(named: "Track"))
        let trackDigest = try #require(classes["Track"])
        let trackColumns = try #require(trackDigest["columns"] as? [String: [String: Any]])
        #expect(tracks.objectCount == trackDigest["count"] as? Int)
        var idSum: Int64 = 0
        var durationSum = 0.0
        var genreNulls = 0
        var bytes: [String: Int] = ["title": 0, "artist": 0, "genre": 0]
        var seconds: Int64 = 0
        var nanoseconds: Int64 = 0
        var trackIds: [StoredObjectKey: Int64] = [:]
        var cursor = realm.objects(in: tracks)
        let names = tracks.columns.map(\.name)
        while let track = try cursor.next() {
            for (name, value) in zip(names, track.values) {
                switch value {
                case .int(let id) where name == "id":
                    idSum += id
                    trackIds[track.key] = id
                case .double(let duration): durationSum += duration
                case .string(let text): bytes[name, default: 0] += text.utf8.count
                case .null where name == "genre": genreNulls += 1
                case .timestamp(let date):
                    seconds += date.seconds
                    nanoseconds += Int64(date.nanoseconds)
                default: break
                }
            }
        }
        #expect(String(idSum) == trackColumns["id"]?["sum"] as? String)
        #expect(String(format: "%.17g", durationSum) == trackColumns["duration"]?["sum"] as? String)
        #expect(genreNulls == trackColumns["genre"]?["nulls"] as? Int)
        for name in ["title", "artist", "genre"] {
            #expect(bytes[name] == trackColumns[name]?["utf8_bytes"] as? Int, "\(name)")
        }
        #expect(String(seconds) == trackColumns["releaseDate"]?["sum_seconds"] as? String)
        #expect(String(nanoseconds) == trackColumns["releaseDate"]?["sum_nanoseconds"] as? String)

        let albums = try #require(realm.table(named: "Album"))
        let albumDigest = try #require(classes["Album"])
        let albumColumns = try #require(albumDigest["columns"] as? [String: [String: Any]])
        #expect(albums.objectCount == albumDigest["count"] as? Int)
        var elements = 0
        var targetSum: Int64 = 0
        var albumCursor = realm.objects(in: albums)
        let tracksColumn = try #require(albums.columns.firstIndex { $0.name == "tracks" })
        while let album = try albumCursor.next() {
            guard case .list(let links) = album.values[tracksColumn] else {
                Issue.record("tracks is not a list")
                continue
            }
            for case .link(let link) in links {
                elements += 1
                targetSum += trackIds[link.key] ?? -1_000_000_000
            }
        }
        #expect(elements == albumColumns["tracks"]?["elements"] as? Int)
        #expect(String(targetSum) == albumColumns["tracks"]?["sum_target_pk"] as? String)
    }
}
