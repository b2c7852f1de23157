import Foundation
import TestSupport

/// The engine's dumps that are the truth for each fixture: beside a `.v24` file, `current/` for older ones.
enum FixtureTruth {
    /// Every fixture file with a current-engine dump in all four kinds: `(file name, dump base path)`.
    static let readable: [(realm: String, truthBase: String)] = RealmFixtureCatalog.readable.map {
        ($0.path, $0.truthBase)
    }

    /// The encrypted fixtures and the dumps of their unencrypted twins (same content).
    static let encrypted: [(realm: String, truthBase: String)] = [
        ("music_encrypted.v24.realm", "music.v24"), ("music_encrypted.v23.realm", "current/music.v23"),
        ("music_encrypted.v22.realm", "current/music.v22"), ("music_encrypted.v20.realm", "current/music.v20"),
        ("music_encrypted.v11.realm", "current/music.v11"),
    ]

    /// The fixtures' encryption key: bytes 0x00, 0x01, …, 0x3F.
    static let encryptionKey = Data((0..<64).map { UInt8($0) })

    /// The dump `<truthBase>.<suffix>` parsed leniently.
    static func dump(_ truthBase: String, suffix: String) throws -> JSONValue {
        let url = Fixtures.realm("\(truthBase).\(suffix)")
        return JSONValue(try LenientJSON.parse(Array(try Data(contentsOf: url))))
    }
}
