import Foundation

/// The readable Realm fixtures and where the current engine's dumps of each one are (fixtures README, "The truth a
/// reader must match"): beside a `.v24` file, in `current/` for older generated and upstream files, beside each
/// real-world file in `wild/`. One list for every test target that reads them all.
public enum RealmFixtureCatalog {
    /// One fixture file and its dumps.
    public struct Entry: Sendable, Hashable, CustomStringConvertible {
        /// The path below the Realm fixtures folder, e.g. `music.v11.realm` or `wild/realm-js__simple.realm`.
        public let path: String
        /// The dumps' path without suffix (`current/music.v11`, `music.v24`, `wild/realm-js__simple`).
        public let truthBase: String

        /// An entry for the fixture at `path` whose dumps are `truthBase.*`.
        public init(path: String, truthBase: String) {
            self.path = path
            self.truthBase = truthBase
        }

        public var description: String { path }
    }

    /// The generated fixtures (`music`, `alltypes`, `clusters`) of formats 11, 20, 22, 23 and 24.
    public static let generated: [Entry] = ["music", "alltypes", "clusters"].flatMap { name in
        [11, 20, 22, 23, 24].map { format in
            Entry(
                path: "\(name).v\(format).realm", truthBase: format == 24 ? "\(name).v24" : "current/\(name).v\(format)"
            )
        }
    }

    /// realm-core's own test files that the current engine reads, with all four dumps in `current/`.
    public static let upstream: [Entry] = [
        "test_upgrade_database_1000_10_to_11", "test_upgrade_database_11", "test_upgrade_database_20",
        "test_upgrade_database_1000_22", "test_upgrade_database_4_22", "test_upgrade_database_1000_23",
        "test_upgrade_database_4_23",
    ].map { Entry(path: "upstream/\($0).realm", truthBase: "current/\($0)") }

    /// Every real-world file in `wild/`, each with its four dumps beside it.
    public static let wild: [Entry] = {
        let folder = Fixtures.realmDirectory.appendingPathComponent("wild")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".realm") }.sorted().map {
            Entry(path: "wild/\($0)", truthBase: "wild/\($0.dropLast(".realm".count))")
        }
    }()

    /// Every fixture with a schema dump and the three object dumps: generated, upstream and wild.
    public static var readable: [Entry] { generated + upstream + wild }

    /// Readable files with only a schema dump: in `upstream/test_upgrade_database_4_10_to_11.realm` (format 10,
    /// written by a test build with B+tree nodes of 4) links name object keys the engine does not find, and
    /// realm2json aborts on its objects with `KeyNotFound` (fixtures README, "Upstream files").
    public static let schemaOnly: [Entry] = [
        Entry(
            path: "upstream/test_upgrade_database_4_10_to_11.realm",
            truthBase: "current/test_upgrade_database_4_10_to_11")
    ]

    /// The file format in the header's current slot (the streaming form's too: its format is slot 0's), or `nil`
    /// for a file without the `T-DB` mnemonic (encrypted) or shorter than a header.
    public static func fileFormat(of path: String) -> Int? {
        guard let handle = FileHandle(forReadingAtPath: Fixtures.realm(path).path),
            let header = try? handle.read(upToCount: 24), header.count == 24,
            header[16..<20].elementsEqual("T-DB".utf8)
        else { return nil }
        return Int(header[20 + Int(header[23] & 1)])
    }
}
