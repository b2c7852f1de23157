import Checksums
import Foundation
import MigrationEngine
import RealmFile
import RealmRehearsal
import RealmRehearsalDriver
import RealmSchemaUpgrade
import RealmToSwiftData
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The whole in-app migration of a file at an older schema version: the models and the migration block
/// `realm models` generates from an app's sources (`Tests/RealmModels/SchemaUpgrade/`), a file realm-core wrote at
/// the old version (`Tests/Fixtures/schema-upgrade/`), rehearsed into a store that must verify and hold what
/// realm-core's own upgrade of the same file holds, object by object; the Realm file unchanged.
@Suite struct SchemaUpgradeRehearsalTests {
    static let fixtures = Fixtures.packageRoot.appendingPathComponent("Tests/Fixtures/schema-upgrade")
    static let apps = Fixtures.packageRoot.appendingPathComponent("Tests/RealmModels/SchemaUpgrade")

    struct Case: Sendable, CustomStringConvertible {
        var app: String
        var fixture: String
        var description: String { "\(app) ← \(fixture)" }
    }

    static let cases = [
        Case(app: "FullName", fixture: "computed-fullname"), Case(app: "Chain", fixture: "chain"),
        Case(app: "Chain", fixture: "chain-from-2"), Case(app: "Groups", fixture: "create-delete"),
        Case(app: "Addresses", fixture: "embedded"), Case(app: "Defaults", fixture: "added-properties"),
        Case(app: "LeftBehind", fixture: "removed-class"),
    ]

    /// A rehearsal of `fixture`'s old file with the models generated from `app`'s sources, into `directory`.
    private static func rehearsal(app: String, fixture: String, in directory: TemporaryDirectory) throws
        -> RealmRehearsal
    {
        var rehearsal = RealmRehearsal(
            realmFile: fixtures.appendingPathComponent("\(fixture).old.realm"), builder: try Rehearsals.builder.get())
        rehearsal.appSources = [apps.appendingPathComponent(app)]
        rehearsal.store = directory.appending("default.store")
        rehearsal.dumpDirectory = directory.appending("dump")
        return rehearsal
    }

    /// Rehearses `fixture`'s old file with the models generated from `app`'s sources.
    private static func rehearse(app: String, fixture: String, in directory: TemporaryDirectory) async throws
        -> (RealmRehearsal.Report, URL)
    {
        let rehearsal = try rehearsal(app: app, fixture: fixture, in: directory)
        return (try await rehearsal.run(), rehearsal.realmFile)
    }

    @Test(arguments: Self.cases)
    func rehearsesAsRealmCoreUpgradedTheFile(_ upgradeCase: Case) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let old = Self.fixtures.appendingPathComponent("\(upgradeCase.fixture).old.realm")
        let before = try FileDigest.sha256(of: old)
        let (report, _) = try await Self.rehearse(app: upgradeCase.app, fixture: upgradeCase.fixture, in: directory)
        let result = report.result
        #expect(result.succeeded, "\(result.failure.map(String.init(describing:)) ?? result.error ?? "")")
        guard case .migrated(let migrated) = result.outcome else { return }
        #expect(migrated.verification.passed && migrated.verification.level == .full)
        let upgrade = try #require(migrated.schemaUpgrade, "the importer names the app's Realm models")
        let truth = try RealmFileReader(
            url: Self.fixtures.appendingPathComponent("\(upgradeCase.fixture).migrated.realm"))
        #expect(upgrade.fileVersion == (try RealmFileReader(url: old)).schema.version)
        #expect(upgrade.appVersion == truth.schema.version)

        try Rehearsals.expectDump(
            in: directory.appending("dump"), of: migrated.verification.classes.map(\.name),
            toMatch: try Rehearsals.export(truth), setFields: Rehearsals.setFields(of: truth))
        #expect(try FileDigest.sha256(of: old) == before, "the Realm file was changed")
        if upgradeCase.fixture == "removed-class" {
            #expect(upgrade.classesLeftBehind == [.init(className: "Legacy", objectCount: 4)])
        }
    }

    @Test func aFileNewerThanTheAppIsRefusedWithBothVersions() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let old = Self.fixtures.appendingPathComponent("newer-file.old.realm")
        let before = try FileDigest.sha256(of: old)
        let (report, _) = try await Self.rehearse(app: "NewerFile", fixture: "newer-file", in: directory)
        #expect(report.result.failure == .schemaUpgradeRefused(.fileNewerThanApp(fileVersion: 5, appVersion: 4)))
        #expect(report.result.dumpFiles.isEmpty)
        #expect(try FileDigest.sha256(of: old) == before)
    }

    @Test func deleteRealmIfMigrationNeededMigratesNothingAsRealmWould() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (report, _) = try await Self.rehearse(app: "Discarding", fixture: "removed-property", in: directory)
        #expect(report.result.outcome == .discardedAsRealmWould(fileVersion: 1, appVersion: 2))
    }

    /// Killed inside a save, again and again, the migration continues with the same upgrade (the block runs again on
    /// the untouched file) and ends with the store an uninterrupted run writes.
    @Test func killedInsideSavesItContinuesTheUpgradeIdentically() async throws {
        let reference = try TemporaryDirectory()
        defer { reference.remove() }
        let (uninterrupted, old) = try await Self.rehearse(app: "Groups", fixture: "create-delete", in: reference)
        try #require(uninterrupted.result.succeeded)

        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var rehearsal = try Self.rehearsal(app: "Groups", fixture: "create-delete", in: directory)
        rehearsal.batchSize = 1
        let request = RehearsalRequest(
            realmFile: old.path, store: directory.appending("default.store").path, batchSize: 1,
            encryptionKeyHex: nil, dumpDirectory: nil, verification: .full)
        var killed = 0
        for save in [2, 1, 3, 2] {
            let process = Process()
            process.executableURL = try rehearsal.program()
            process.arguments = [String(decoding: try JSONEncoder().encode(request), as: UTF8.self)]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            var environment = ProcessInfo.processInfo.environment
            environment["CARRYOVER_RUNTIME_KILL_IN_SAVE"] = "\(save)"
            process.environment = environment
            try process.run()
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal { killed += 1 }
        }
        #expect(killed >= 3, "\(killed) of 4 runs were killed inside a save")
        let continued = try await rehearsal.run()
        #expect(continued.result.succeeded, "\(continued.result.failure.map(String.init(describing:)) ?? "")")
        guard case .migrated(let migrated) = continued.result.outcome else { return }
        #expect(migrated.copy.resumedFrom != nil)
        for cls in ["Group", "Person"] {
            let expected = try Data(contentsOf: reference.appending("dump/\(cls).jsonl"))
            #expect(try Data(contentsOf: directory.appending("dump/\(cls).jsonl")) == expected, "\(cls)")
        }
    }
}
