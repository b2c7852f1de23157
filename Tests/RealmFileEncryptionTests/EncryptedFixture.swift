import Foundation
import TestSupport

/// The encrypted fixtures and their key (fixtures README, "Fixture `music_encrypted`").
enum EncryptedFixture {
    /// The key of every `*_encrypted.*.realm` fixture: bytes 0x00, 0x01, …, 0x3F.
    static let key = Data((0..<64).map { UInt8($0) })

    /// The formats of the `music_encrypted` fixtures.
    static let musicFormats = [11, 20, 22, 23, 24]

    /// realm-core's own test files (`test/*.realm`), copied into the shared fixtures' `realm/upstream/` folder.
    static func upstream(_ name: String) -> URL { Fixtures.realm("upstream/\(name)") }

    static func music(format: Int) -> URL { Fixtures.realm("music_encrypted.v\(format).realm") }

    /// A copy of fixture `name` with `edit` applied to its bytes, written into `directory`.
    static func alteredCopy(
        of name: String, in directory: TemporaryDirectory, _ edit: (inout Data) -> Void
    ) throws -> URL {
        var bytes = try Data(contentsOf: Fixtures.realm(name))
        edit(&bytes)
        let url = directory.appending(name)
        try bytes.write(to: url)
        return url
    }

    /// Little-endian integer of `width` bytes at `offset`.
    static func integer(_ bytes: UnsafeRawBufferPointer, at offset: Int, width: Int = 8) -> UInt64 {
        (0..<width).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
    }
}
