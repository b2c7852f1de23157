import Foundation
import RudderMigration
import Testing

/// Behaviour 6 for binary property lists holding a set: the binary format can encode one, settings files never do,
/// and Foundation on Linux crashes while bridging it. Such a file is a corrupt source; the other source migrates.
@Suite struct BinaryPlistSetTests {
    /// `bplist00`, `objects` laid out from byte 8, a one-byte offset table, and the 32-byte trailer (offset and
    /// reference size 1, top object 0).
    static func binaryPlist(objects: [[UInt8]]) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets.append(UInt8(bytes.count))
            bytes += object
        }
        let tableOffset = UInt64(bytes.count)
        bytes += offsets
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]
        for number in [UInt64(objects.count), 0, tableOffset] {
            bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: number >> (8 * UInt64($0))) }
        }
        return Data(bytes)
    }

    static let files: [(String, Data)] = [
        // A set (0xC1) of one ASCII string "a" (0x51 0x61) at the top.
        ("top-level set", binaryPlist(objects: [[0xC1, 0x01], [0x51, 0x61]])),
        // {"rl_anonymous_id": set{ [] }}: a dictionary (0xD1) whose value is a set holding an empty array (0xA0).
        (
            "set inside the dictionary",
            binaryPlist(objects: [
                [0xD1, 0x01, 0x02], [0x5F, 0x10, 0x0F] + Array("rl_anonymous_id".utf8), [0xC1, 0x03], [0xA0],
            ])
        ),
    ]

    @Test(arguments: files)
    func aBinaryPlistHoldingASetIsCorruptAndStandardDefaultsMigrate(name: String, bytes: Data) throws {
        let container = try LegacyContainer()
        try FileManager.default.createDirectory(
            at: container.plistURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: container.plistURL)
        try container.writeStandardDefaults(GuideExample.legacyValues)

        let report = try container.migrator().migrate()
        #expect(report.outcome == .migrated, "\(name)")
        let plist = try #require(report.sources.first { $0.source == .legacyPlist })
        #expect(plist.status == .corrupt)
        #expect(plist.reason?.contains("is a set") == true, "\(name): \(plist.reason ?? "no reason")")
        #expect(try container.destination()["anonymous_id"] as? String == GuideExample.anonymousID)
    }

    @Test func aBinaryPlistWhoseOffsetTableIsOutOfRangeIsCorrupt() throws {
        var bytes = [UInt8](Self.binaryPlist(objects: [[0x51, 0x61]]))
        bytes[bytes.count - 1] = 0xF0  // the offset table's position, past the end of the file
        let store = PropertyListFileStore(url: try LegacyContainer().destinationURL)
        let url = store.url
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        #expect {
            _ = try store.values(forKeys: ["anonymous_id"])
        } throws: { error in
            guard case RudderMigrationError.corruptStore(_, let reason) = error else { return false }
            return reason.contains("out of range")
        }
    }

    @Test func theSameDictionaryWithoutTheSetIsRead() throws {
        // The control: the second file with an ASCII string (0x51 0x61, "a") in place of the set.
        let bytes = Self.binaryPlist(objects: [
            [0xD1, 0x01, 0x02], [0x5F, 0x10, 0x0F] + Array("rl_anonymous_id".utf8), [0x51, 0x61],
        ])
        let container = try LegacyContainer()
        try FileManager.default.createDirectory(
            at: container.plistURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: container.plistURL)
        let report = container.migrator().inspect()
        #expect(report.sources.first?.status == .read)
        #expect(report.field(.anonymousID) == .migrated(value: .string("a"), source: .legacyPlist))
    }
}
