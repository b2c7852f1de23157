import Foundation
import TestSupport

/// The engine's dumps that are the truth for each fixture: beside a `.v24` file, `current/` for older ones.
enum FixtureTruth {
    /// The fixture files of formats 20–24 that have a current-engine dump: `(file name, dump base path)`.
    static let readable: [(realm: String, truthBase: String)] = {
        var list: [(String, String)] = []
        for base in ["music", "alltypes", "clusters"] {
            list.append(("\(base).v24.realm", "\(base).v24"))
            for format in [20, 22, 23] { list.append(("\(base).v\(format).realm", "current/\(base).v\(format)")) }
        }
        for name in [
            "test_upgrade_database_1000_22", "test_upgrade_database_1000_23", "test_upgrade_database_20",
            "test_upgrade_database_4_22", "test_upgrade_database_4_23",
        ] {
            list.append(("upstream/\(name).realm", "current/\(name)"))
        }
        return list
    }()

    /// The encrypted fixtures of formats 20–24 and the dumps of their unencrypted twins (same content).
    static let encrypted: [(realm: String, truthBase: String)] = [
        ("music_encrypted.v24.realm", "music.v24"), ("music_encrypted.v23.realm", "current/music.v23"),
        ("music_encrypted.v22.realm", "current/music.v22"), ("music_encrypted.v20.realm", "current/music.v20"),
    ]

    /// The fixtures' encryption key: bytes 0x00, 0x01, …, 0x3F.
    static let encryptionKey = Data((0..<64).map { UInt8($0) })

    /// The dump `<truthBase>.<suffix>` parsed leniently.
    static func dump(_ truthBase: String, suffix: String) throws -> JSONValue {
        let url = Fixtures.realm("\(truthBase).\(suffix)")
        return JSONValue(try LenientJSON.parse(Array(try Data(contentsOf: url))))
    }
}
