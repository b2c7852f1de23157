import Foundation
import MigrationEngine
import RealmMigrationSource
import SQLiteSink
import TestSupport
import Testing

/// The SQLite output, read with plain SQL, holds the values realm-core's own `realm2json` printed for each fixture
/// (the current engine's dump, `RealmFixtureCatalog`: beside a format-24 or real-world file, in `current/` for older
/// formats).
@Suite struct RealmDumpComparisonTests {
    /// The mode-0 dump of `name`; an encrypted fixture holds the same content as its unencrypted twin and uses its
    /// dump. `nil` for a file whose objects the engine cannot print.
    static func dump(for name: String) -> URL? {
        let plain = name.replacingOccurrences(of: "_encrypted", with: "")
        return RealmFixtureCatalog.readable.first { $0.path == plain }.map { Fixtures.realm("\($0.truthBase).json") }
    }

    static let fixtures = RealmFixtureMigrationTests.fixtures.filter { dump(for: $0) != nil }

    @Test func everyFixtureHasADump() {
        let schemaOnly = Set(RealmFixtureCatalog.schemaOnly.map(\.path))
        #expect(Self.fixtures == RealmFixtureMigrationTests.fixtures.filter { !schemaOnly.contains($0) })
        #expect(
            Self.fixtures.allSatisfy {
                Self.dump(for: $0).map { FileManager.default.fileExists(atPath: $0.path) } == true
            })
    }

    @Test(arguments: fixtures)
    func sqliteRowsMatchTheRealm2jsonDump(_ name: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.appending("out.sqlite").path
        _ = try Migrator(
            source: try RealmFixtureMigrationTests.source(name), sink: try SQLiteSink(path: path), batchSize: 64
        ).run()
        let dumpURL = try #require(Self.dump(for: name))
        let dumped = try #require(try LenientJSON.parse(Data(contentsOf: dumpURL)).foundationObject() as? [String: Any])
        let schema = try #require(try SQLiteSink(path: path).recordedSchema())
        var checker = try DumpChecker(path: path, schema: schema)
        for cls in schema.classes where !cls.isEmbedded {
            let objects = try #require(dumped[cls.name] as? [[String: Any]], "\(name): no \(cls.name) in the dump")
            checker.check(cls, dumped: objects)
        }
        #expect(checker.mismatches.isEmpty, "\(name): \(checker.mismatches)")
        // Real-world files may hold no objects of any class (`wild/realm-js__samples-dict.realm`).
        let migratedClasses = schema.classes.filter { !$0.isEmbedded }.map(\.name)
        let dumpedObjects = migratedClasses.reduce(0) { $0 + ((dumped[$1] as? [Any])?.count ?? 0) }
        #expect(checker.compared > 0 || dumpedObjects == 0)
        // Only Decimal128 values and collections nested in mixed values are left to verification.
        #expect(
            checker.compared > 4 * checker.skipped || checker.compared + checker.skipped == 0,
            "\(name): \(checker.skipped) skipped, \(checker.compared) compared")
    }

    @Test func realmDateTextMatchesRealm2jsonsExamples() {
        #expect(DumpChecker.realmDateText(seconds: -1, nanoseconds: -500_000_000) == "1969-12-31 23:59:58.500000000")
        #expect(DumpChecker.realmDateText(seconds: -28_502_722_800, nanoseconds: 0) == "1066-10-14 09:00:00")
        #expect(DumpChecker.realmDateText(seconds: 4, nanoseconds: 5) == "1970-01-01 00:00:04.000000005")
    }
}
