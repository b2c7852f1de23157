import Checksums
import Foundation
import MigrationEngine
import RealmMigrationSource
import SQLiteSink
import TestSupport
import Testing

/// Every readable fixture (formats 10, 11 and 20–24, real-world files included) migrates to SQLite and verifies in full.
@Suite struct RealmFixtureMigrationTests {
    /// The fixtures with dumps (`RealmFixtureCatalog`), realm-core's format-10 file whose objects the engine cannot
    /// print, and the encrypted ones; `large` belongs to the benchmark and `medium` to the crash test.
    static let fixtures: [String] = {
        let encrypted = [11, 20, 22, 23, 24].map { "music_encrypted.v\($0).realm" }
        return ((RealmFixtureCatalog.readable + RealmFixtureCatalog.schemaOnly).map(\.path) + encrypted).sorted()
    }()

    /// The key of the encrypted fixtures (fixtures README): bytes 0, 1, …, 63.
    static let encryptionKey = Data(0..<64)

    /// Opens a fixture, with the key when it is an encrypted one.
    static func source(_ name: String) throws -> RealmMigrationSource {
        try RealmMigrationSource(
            url: Fixtures.realm(name), encryptionKey: name.contains("_encrypted") ? encryptionKey : nil)
    }

    /// Fixtures whose stored links disagree with the object keys as the reader reads them (see the use), with the
    /// problems verification must report for each: kind, class, fields.
    static let readerKeyMismatch: [String: [[String]]] = [
        "upstream/test_upgrade_database_4_23.realm": [["inverseMismatch", "table", "link"]],
        "upstream/test_upgrade_database_4_10_to_11.realm": [
            ["danglingLink", "origin", "link"], ["danglingLink", "origin", "link"], ["danglingLink", "origin", "link"],
            ["inverseMismatch", "origin", "link"],
        ],
    ]

    /// The format number in the name (`music.v24.realm`) or in the header.
    static func fileFormat(of name: String) -> Int? {
        if let range = name.range(of: #"\.v(\d+)\.realm$"#, options: .regularExpression) {
            return Int(name[range].dropFirst(2).dropLast(6))
        }
        return RealmFixtureCatalog.fileFormat(of: name)
    }

    @Test func fixtureListCoversEveryFormatAndSource() {
        #expect(Set(Self.fixtures.compactMap(Self.fileFormat)) == [10, 11, 20, 22, 23, 24])
        #expect(Self.fixtures.filter { $0.hasPrefix("wild/") }.count == 19)
        #expect(Self.fixtures.filter { $0.contains("_encrypted") }.count == 5)
        #expect(Self.fixtures.count == 15 + 8 + 19 + 5)
    }

    @Test(arguments: fixtures)
    func fixtureMigratesAndVerifies(_ name: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = Fixtures.realm(name)
        let before = try FileDigest.sha256(of: url)
        let source = try Self.source(name)
        let sink = try SQLiteSink(path: directory.appending("out.sqlite").path)
        let outcome = try Migrator(source: source, sink: sink, batchSize: 100).run()
        #expect(outcome.checkpoint.phase == .finished)
        let report = try Verifier(source: source, destination: sink).verify(level: .full)
        if let expected = Self.readerKeyMismatch[name] {
            // realm-file-format.md §5.2: compact cluster inner nodes of realm-core's `_4_` test builds shift child
            // offsets by 2 bits per level, production files by 8. The reader assumes 8, as the engine's realm2json
            // does (its dumps are the truth), so the second leaf's objects get keys 256…, while the links and
            // backlinks stored by the test build name keys 4…. In the format-23 file only `target`'s backlinks
            // disagree (`table.link` holds no keys past the first leaf's); in the format-10 file three of
            // `origin.link`'s targets are missing too, where the engine's realm2json stops with `KeyNotFound`.
            // The copy still matches field for field, and verification must report exactly those problems.
            #expect(!report.passed)
            #expect(
                report.problems.map { [$0.kind.rawValue, $0.className] + $0.fields } == expected,
                "\(name): \(report.problems)")
            let mismatched = report.relationships.filter { !$0.inverseAgrees }
            #expect(mismatched.count == 1)
            #expect(report.classes.allSatisfy { $0.objectsDiffering == 0 && $0.objectsCompared == $0.sourceCount })
        } else {
            #expect(report.passed, "\(name): \(report.problems.prefix(5))")
        }
        #expect(report.classes.map(\.sourceCount) == report.classes.map(\.destinationCount))
        #expect(
            report.classes.reduce(0) { $0 + $1.objectsCompared } == report.classes.reduce(0) { $0 + $1.sourceCount })
        #expect(try FileDigest.sha256(of: url) == before, "the source file changed")
    }
}
