import Foundation
import RealmRehearsal
import RealmRehearsalDriver
import RealmToSwiftData
import SwiftDataConversion
import TestSupport
import Testing

/// Bad input stops the in-app migration with a typed error, before anything is written or with the store left
/// as it was: another file's store, a wrong key, a damaged file, models that do not fit.
@Suite struct BadInputRehearsalTests {
    /// The models and importer generated from `fixture`, written into `directory`.
    private func models(of fixture: String, in directory: TemporaryDirectory) throws -> URL {
        let folder = directory.appending("models-\(fixture)")
        try ModelConversion(inputs: [Fixtures.realm(fixture)]).run().write(to: folder)
        return folder
    }

    private func rehearsal(_ file: URL, models: URL, store: URL) throws -> RealmRehearsal {
        var rehearsal = RealmRehearsal(realmFile: file, builder: try Rehearsals.builder.get())
        rehearsal.modelsDirectory = models
        rehearsal.store = store
        return rehearsal
    }

    @Test func anUnfinishedStoreFromAnotherFileIsRefusedAndStillContinuesFromItsOwn() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let models = try models(of: "music.v24.realm", in: directory)
        let store = directory.appending("default.store")
        var interrupted = try rehearsal(Fixtures.realm("music.v24.realm"), models: models, store: store)
        interrupted.batchSize = 10
        // Killed inside its third save: two batches saved.
        let program = try interrupted.program()
        let process = Process()
        process.executableURL = program
        let request = RehearsalRequest(
            realmFile: Fixtures.realm("music.v24.realm").path, store: store.path, batchSize: 10,
            encryptionKeyHex: nil, dumpDirectory: nil, verification: .full)
        process.arguments = [String(decoding: try JSONEncoder().encode(request), as: UTF8.self)]
        process.environment = ProcessInfo.processInfo.environment.merging(["CARRYOVER_RUNTIME_KILL_IN_SAVE": "3"]) {
            $1
        }
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationReason == .uncaughtSignal)

        let other = try await rehearsal(Fixtures.realm("music.v23.realm"), models: models, store: store).run()
        guard case .storeRefused(let reason) = other.result.failure else {
            Issue.record("expected storeRefused, got \(other.result)")
            return
        }
        #expect(reason.contains("another source"))
        let own = try await interrupted.run()
        guard case .migrated(let report) = own.result.outcome else {
            Issue.record("expected migrated, got \(own.result)")
            return
        }
        #expect(report.copy.resumedFrom?.batchesCommitted == 2)
    }

    @Test func aWrongKeyFailsCleanly() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var wrongKey = Rehearsals.encryptionKey
        wrongKey[0] ^= 0xFF
        var rehearsal = try rehearsal(
            Fixtures.realm("music_encrypted.v24.realm"), models: models(of: "music.v24.realm", in: directory),
            store: directory.appending("default.store"))
        rehearsal.encryptionKey = wrongKey
        let result = try await rehearsal.run().result
        guard case .unreadableRealmFile = result.failure else {
            Issue.record("expected unreadableRealmFile, got \(result)")
            return
        }
    }

    @Test(arguments: [0.1, 0.3, 0.5])
    func aTruncatedFileStopsWithATypedErrorAndTheStoreContinuesFromTheWholeFile(_ fraction: Double) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let whole = try Data(contentsOf: Fixtures.realm("music.v24.realm"))
        let truncated = directory.appending("truncated.realm")
        try whole.prefix(Int(Double(whole.count) * fraction)).write(to: truncated)
        let models = try models(of: "music.v24.realm", in: directory)
        let store = directory.appending("default.store")
        let result = try await rehearsal(truncated, models: models, store: store).run().result
        #expect(!result.succeeded)
        guard case .unreadableRealmFile = result.failure else {
            Issue.record("expected unreadableRealmFile, got \(result)")
            return
        }
        let intact = try await rehearsal(Fixtures.realm("music.v24.realm"), models: models, store: store).run()
        #expect(intact.result.succeeded)
    }

    @Test func modelsThatDoNotMatchTheFileAreReportedBeforeAnythingIsWritten() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.appending("default.store")
        let wrong = try await rehearsal(
            Fixtures.realm("music.v24.realm"), models: models(of: "clusters.v24.realm", in: directory), store: store
        ).run()
        // Models generated from a file at schema version 1 name the app's Realm models at that version: Realm would
        // refuse music.v24 (version 3) with them before anything is written.
        #expect(wrong.result.failure == .schemaUpgradeRefused(.fileNewerThanApp(fileVersion: 3, appVersion: 1)))
        // Nothing was written: the right models start a fresh migration in the same store.
        let right = try await rehearsal(
            Fixtures.realm("music.v24.realm"), models: models(of: "music.v24.realm", in: directory), store: store
        ).run()
        guard case .migrated(let report) = right.result.outcome else {
            Issue.record("expected migrated, got \(right.result)")
            return
        }
        #expect(report.copy.resumedFrom == nil)
    }
}
