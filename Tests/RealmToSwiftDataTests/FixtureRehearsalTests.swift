import Checksums
import Foundation
import RealmRehearsal
import TestSupport
import Testing

/// Every fixture of formats 10, 11 and 20–24 goes through the whole in-app migration (`carryover realm rehearse`): models and
/// importer generated from the file, compiled against the SwiftData runtime, copied, verified, and read back
/// through SwiftData equal to `realm export --format jsonl` of the same file, list for list in order with repeats, as
/// SwiftData's store keeps values (dates to about a microsecond, NaN as null, −0.0 as +0.0).
@Suite struct FixtureRehearsalTests {
    @Test func fixtureListCoversEveryFormatAndSource() {
        let formats = Set(Rehearsals.fixtures.compactMap(Rehearsals.fileFormat))
        #expect(formats == [10, 11, 20, 22, 23, 24])
        #expect(
            Rehearsals.fixtures.contains { $0.hasPrefix("wild/") }
                && Rehearsals.fixtures.contains { $0.hasPrefix("upstream/") })
        #expect(Rehearsals.fixtures.filter { $0.contains("_encrypted") }.count == 5)
    }

    @Test(arguments: Rehearsals.fixtures)
    func rehearsesVerifiesAndReadsBackAsExported(_ name: String) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let before = try FileDigest.sha256(of: Fixtures.realm(name))
        let report = try await Rehearsals.rehearsal(of: name, in: directory).run()
        let result = report.result
        #expect(result.succeeded, "\(result.failure.map(String.init(describing:)) ?? result.error ?? "")")
        guard case .migrated(let migrated) = result.outcome else { return }
        #expect(migrated.verification.passed && migrated.verification.level == .full)
        #expect(try FileDigest.sha256(of: Fixtures.realm(name)) == before, "the Realm file was changed")
        try StoreSizeCheck.expectEstimate(of: name, covers: directory.appending("default.store"))

        let exported = try Rehearsals.export(name)
        let migratedClasses = Set(migrated.verification.classes.map(\.name))
        #expect(Set(result.dumpFiles.keys) == migratedClasses)
        let realm = try Rehearsals.open(name)
        // A Realm set has no order: the export lists it as realm2json does, the store as the reader gave it.
        try Rehearsals.expectDump(
            in: directory.appending("dump"), of: Array(migratedClasses), toMatch: exported,
            setFields: Rehearsals.setFields(of: realm))
        // Classes not migrated are the ones no Realm SDK wrote (realm-core's and Device Sync's own tables).
        for cls in Set(exported.keys).subtracting(migratedClasses) {
            #expect(!realm.tables.contains { $0.className == cls }, "\(cls) was not migrated")
        }
    }

    /// Models generated for iOS 18 (`#Unique` for primary keys, `#Index` on `realmObjectKey`) migrate the same.
    @Test func iOS18ModelsRehearseAndVerify() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var rehearsal = try Rehearsals.rehearsal(of: "alltypes.v24.realm", in: directory)
        rehearsal.minimumIOS = .iOS18
        let result = try await rehearsal.run().result
        #expect(result.succeeded, "\(result.failure.map(String.init(describing:)) ?? result.error ?? "")")
        guard case .migrated(let migrated) = result.outcome else { return }
        #expect(migrated.verification.passed && migrated.verification.level == .full)
        #expect(migrated.verification.classes.map(\.sourceCount).reduce(0, +) > 0)
    }
}
