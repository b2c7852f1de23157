import Checksums
import Foundation
import RealmRehearsal
import TestSupport
import Testing

/// Every fixture of formats 20–24 goes through the whole in-app migration (`carryover realm rehearse`): models and
/// importer generated from the file, compiled against the SwiftData runtime, copied, verified, and read back
/// through SwiftData equal to `realm export --format jsonl` of the same file.
@Suite struct FixtureRehearsalTests {
    /// Fixtures the generated models cannot take yet, with what stops them (the store stays empty, the file as it
    /// was). Each is an open gap, pinned here so that it cannot pass or fail silently.
    static let knownGaps: [String: String] = [
        "alltypes.v20.realm": "exponent 5962 is outside −128…127",
        "alltypes.v22.realm": "AllTypes.linkMap",
        "alltypes.v23.realm": "AllTypes.linkMap",
        "alltypes.v24.realm": "AllTypes.linkMap",
        "wild/realm-dotnet__synced-sync-guids.realm": "SyncCollectionsObject.ObjectDict",
        "wild/realm-dotnet__guids.realm": "did not compile",
        "wild/realm-dotnet__mixed-guids.realm": "did not compile",
        "wild/realm-js__bundled.realm": "did not compile",
    ]

    static let migrating = Rehearsals.fixtures.filter { knownGaps[$0] == nil }

    @Test func fixtureListCoversEveryFormatAndSource() {
        let formats = Set(Rehearsals.fixtures.compactMap(Rehearsals.fileFormat))
        #expect(formats == [20, 22, 23, 24])
        #expect(
            Rehearsals.fixtures.contains { $0.hasPrefix("wild/") }
                && Rehearsals.fixtures.contains { $0.hasPrefix("upstream/") })
        #expect(Rehearsals.fixtures.filter { $0.contains("_encrypted") }.count == 4)
        #expect(Set(Self.knownGaps.keys).isSubset(of: Rehearsals.fixtures))
    }

    @Test(arguments: migrating)
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

        let exported = try Rehearsals.export(name)
        let migratedClasses = Set(migrated.verification.classes.map(\.name))
        #expect(Set(result.dumpFiles.keys) == migratedClasses)
        for cls in migratedClasses.sorted() {
            let dumped = try Rehearsals.dump(directory.appending("dump/\(cls).jsonl"))
            let expected = exported[cls] ?? []
            try #require(dumped.count == expected.count, "\(cls): \(dumped.count) dumped, \(expected.count) exported")
            for (line, reference) in zip(dumped, expected) {
                #expect("\(line["key"] ?? "")" == "\(reference["key"] ?? "")")
                let values = line["values"] as? [String: Any] ?? [:]
                let referenceValues = reference["values"] as? [String: Any] ?? [:]
                #expect(Set(values.keys) == Set(referenceValues.keys), "\(cls)[\(reference["key"] ?? "")] fields")
                for field in referenceValues.keys.sorted()
                where !Rehearsals.differences(values[field] ?? NSNull(), referenceValues[field] ?? NSNull()).isEmpty {
                    #expect(
                        Rehearsals.isDatePrecision(values[field], referenceValues[field]),
                        "\(cls)[\(reference["key"] ?? "")].\(field): dumped \(values[field] ?? "nil"), exported \(referenceValues[field] ?? "nil")"
                    )
                }
            }
        }
        // Classes not migrated are the ones no Realm SDK wrote (realm-core's and Device Sync's own tables).
        for cls in Set(exported.keys).subtracting(migratedClasses) {
            #expect(!(try Self.isSDKClass(cls, in: name)), "\(cls) was not migrated")
        }
    }

    @Test(arguments: knownGaps.keys.sorted())
    func knownGapStopsBeforeWritingAnything(_ name: String) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let expected = try #require(Self.knownGaps[name])
        let before = try FileDigest.sha256(of: Fixtures.realm(name))
        defer { #expect((try? FileDigest.sha256(of: Fixtures.realm(name))) == before, "the Realm file was changed") }
        let rehearsal = try Rehearsals.rehearsal(of: name, in: directory)
        do {
            let result = try await rehearsal.run().result
            #expect(!result.succeeded)
            let message = result.failure.map(String.init(describing:)) ?? result.error ?? ""
            #expect(message.contains(expected), "\(message)")
        } catch {
            // The generated models did not compile (SwiftDataToolchainError), so nothing ran.
            #expect("\(error)".contains(expected), "\(error)")
        }
    }

    private static func isSDKClass(_ cls: String, in name: String) throws -> Bool {
        let realm = try Rehearsals.open(name)
        return realm.tables.contains { $0.className == cls }
    }
}
