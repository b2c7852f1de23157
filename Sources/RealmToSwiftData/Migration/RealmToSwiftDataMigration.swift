import Foundation
import MigrationEngine
import RealmMigrationSource
import RealmSchemaUpgrade
import SwiftData

/// Moves every object of a Realm file into the app's SwiftData store, on the device, without the Realm SDK:
/// in batches, resumable after the app is killed at any point, verified object by object, the Realm file kept.
///
/// Run it on launch, before the app shows data:
/// ```swift
/// let migration = RealmToSwiftDataMigration(
///     realmFile: Realm.Configuration.defaultConfiguration.fileURL!, container: container,
///     importer: GeneratedRealmImporter())
/// let outcome = try await migration.run { progress in
///     Task { @MainActor in model.fraction = progress.fractionCompleted }
/// }
/// ```
/// The work runs off the main actor; cancelling the calling task stops it after the batch in flight is saved,
/// and the next run continues from there. The state (checkpoint, the file's fingerprint, the last verification)
/// lives in the store itself, in the generated `RealmMigrationState` model, and is saved with each batch.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
public struct RealmToSwiftDataMigration: Sendable {
    /// The Realm file; only ever read.
    public let realmFile: URL
    let container: ModelContainer
    private let importer: any RealmImporter
    let encryptionKey: Data?
    let batchSize: Int
    private let verification: VerificationLevel
    /// Where the free space of the store's volume is read (``checkingFreeSpace(with:)``).
    var freeSpace = FreeSpaceSource.volume

    /// Objects per batch (and per `save()`) unless told otherwise.
    public static let defaultBatchSize = 1_000

    /// Creates a migration.
    /// - Parameters:
    ///   - realmFile: The `.realm` file (e.g. `Realm.Configuration.defaultConfiguration.fileURL`).
    ///   - container: The app's container; its schema must include the generated models and `RealmMigrationState`.
    ///   - importer: The generated `GeneratedRealmImporter()`.
    ///   - encryptionKey: The file's 64-byte key, if the app encrypted it.
    ///   - batchSize: Objects per batch; each batch is one `save()` (a batch of links counts each link).
    ///   - verification: How thoroughly to check the store afterwards (`.full` compares every field of every object).
    public init(
        realmFile: URL, container: ModelContainer, importer: some RealmImporter, encryptionKey: Data? = nil,
        batchSize: Int = Self.defaultBatchSize, verification: VerificationLevel = .full
    ) {
        self.realmFile = realmFile
        self.container = container
        self.importer = importer
        self.encryptionKey = encryptionKey
        self.batchSize = max(1, batchSize)
        self.verification = verification
    }

    /// Runs the migration, or continues it, or finds there is nothing to do.
    /// - Parameter progress: Called after every saved batch and when verification starts, on the migration's
    ///   own thread; hop to the main actor to show it.
    /// - Returns: ``RealmToSwiftDataOutcome``.
    /// - Throws: ``RealmToSwiftDataError`` (the Realm file untouched, the store resumable), `CancellationError`.
    public func run(
        progress: @escaping @Sendable (RealmToSwiftDataProgress) -> Void = { _ in }
    ) async throws -> RealmToSwiftDataOutcome {
        let migration = self
        let task = MigrationTask(name: "Realm → SwiftData migration") { context in
            try migration.runToEnd(cancellation: context.cancellation, progress: progress)
        }
        do {
            return try await task.value
        } catch {
            throw StoreFailureMapping.typed(error)
        }
    }

    /// The synchronous migration, on the calling thread; checks `cancellation` between batches.
    func runToEnd(cancellation: MigrationCancellation, progress: (RealmToSwiftDataProgress) -> Void) throws
        -> RealmToSwiftDataOutcome
    {
        guard FileManager.default.fileExists(atPath: realmFile.path) else { return .nothingToMigrate }
        if let finished = try finishedState(), let report = try finished.verification,
            report.passed || verification == .none
        {
            return .alreadyMigrated
        }
        if let reason = ReadableProbe.reasonUnreadable(realmFile) { return .deferred(reason: .notReadableYet(reason)) }
        let realm: RealmMigrationSource
        do {
            realm = try RealmMigrationSource(url: realmFile, encryptionKey: encryptionKey)
        } catch {
            throw RealmToSwiftDataError.unreadableRealmFile(String(describing: error))
        }
        if let models = importer.realmModels, models.deleteRealmIfMigrationNeeded,
            RealmSchemaUpgrade.migrationNeeded(file: realm, appSchema: models.schema)
        {
            return .discardedAsRealmWould(
                fileVersion: realm.realm.schema.version, appVersion: models.schema.version ?? 0)
        }
        let (source, upgrade) = try Self.source(of: realm, upgradedTo: importer.realmModels)
        let schema = try source.schema()
        let problems = ModelsMatch.mismatches(of: importer, against: schema)
        guard problems.isEmpty else { throw RealmToSwiftDataError.modelsDoNotMatch(problems) }
        let storage = try storageGuard(for: realm.realm, cancellation: cancellation)
        if let deferral = storage.preflight() { return .deferred(reason: deferral) }
        let sink = SwiftDataSink(container: container, importer: importer, schema: schema)
        let copy: MigrationOutcome
        do {
            copy = try Migrator(source: source, sink: sink, batchSize: batchSize, cancellation: storage.cancellation)
                .run {
                    progress(.init($0))
                    storage.afterBatch()
                }
        } catch let error as MigrationError {
            switch error {
            case .destinationFromAnotherSource, .destinationNotEmpty, .destinationSchemaMismatch:
                throw RealmToSwiftDataError.storeRefused(error.description)
            default: throw error
            }
        } catch let error as RealmImportError {
            throw RealmToSwiftDataError.importFailed(error)
        } catch is CancellationError {
            if let deferral = storage.deferral { return .deferred(reason: deferral) }
            throw CancellationError()
        }
        progress(RealmToSwiftDataProgress(verifyingTotal: copy.checkpoint.phaseObjectsDone))
        let report = try Verifier(source: NormalizedSource(source, as: sink), destination: sink)
            .verify(level: verification)
        try record(report)
        guard report.passed else { throw RealmToSwiftDataError.verificationFailed(report) }
        return .migrated(
            RealmToSwiftDataReport(
                realmFile: realmFile.path, sourceFingerprint: try source.fingerprint(), copy: copy,
                verification: report, schemaUpgrade: upgrade))
    }

    /// The file as the models see it: upgraded to the app's Realm models when the importer names them (as Realm
    /// would have upgraded it on open), embedded objects inlined; and what the upgrade did.
    static func source(of realm: RealmMigrationSource, upgradedTo models: RealmAppModels?) throws
        -> (EmbeddedInliningSource, SchemaUpgradeReport?)
    {
        guard let models else {
            return (try EmbeddedInliningSource(realm, listing: EmbeddedInliningSource.sdkClasses(of: realm)), nil)
        }
        let upgrade: RealmSchemaUpgrade
        do {
            upgrade = try RealmSchemaUpgrade(file: realm, app: models)
        } catch {
            throw RealmToSwiftDataError.schemaUpgradeRefused(error)
        }
        let source = try EmbeddedInliningSource(
            upgrade.source, listing: Set(models.schema.objectTypes.map(\.name)))
        return (source, upgrade.report)
    }

    /// Reads every migrated object back through SwiftData, class by class in the Realm file's order and by Realm
    /// object key, as the engine's values (relationships as links to the targets' Realm object keys, embedded
    /// objects inline): what the store holds, for inspection and for `carryover realm rehearse --dump`.
    /// - Parameter body: Called with each object's class and record.
    /// - Returns: The migrated classes, and the embedded classes their records hold inline, to interpret them by.
    public func readBack(_ body: (ClassDescription, MigrationRecord) throws -> Void) throws -> [ClassDescription] {
        let realm = try RealmMigrationSource(url: realmFile, encryptionKey: encryptionKey)
        let (source, _) = try Self.source(of: realm, upgradedTo: importer.realmModels)
        let sink = SwiftDataSink(container: container, importer: importer, schema: try source.schema())
        for cls in try source.schema().classes {
            let cursor = try sink.records(of: cls)
            while let record = try cursor.next() { try body(cls, record) }
        }
        return try source.schema().classes + source.inlinedClasses
    }

    /// The saved state when an earlier run finished copying; `nil` otherwise. One fetch of one object.
    private func finishedState() throws -> MigrationState? {
        let context = SwiftDataSink.context(for: container)
        guard let state = try MigrationState.fetch(importer.stateModel, in: context),
            try state.checkpoint?.phase == .finished
        else { return nil }
        return state
    }

    private func record(_ report: VerificationReport) throws {
        let context = SwiftDataSink.context(for: container)
        guard let state = try MigrationState.fetch(importer.stateModel, in: context) else { return }
        try state.setVerification(report)
        try context.save()
    }

    /// Deletes the Realm file and its auxiliary files (`.lock`, `.note`, `.management`) — only when the store holds
    /// a finished migration of exactly this file that passed full verification.
    /// - Throws: ``RealmToSwiftDataError/removalRefused(_:)`` saying why it was not removed.
    public func removeRealmFile() async throws {
        let migration = self
        try await MigrationTask(name: "Realm file removal") { _ in try migration.removeRealmFileNow() }.value
    }

    func removeRealmFileNow() throws {
        guard FileManager.default.fileExists(atPath: realmFile.path) else { return }
        guard let state = try finishedState() else {
            throw RealmToSwiftDataError.removalRefused("the store holds no finished migration")
        }
        guard let report = try state.verification, report.passed, report.level == .full else {
            throw RealmToSwiftDataError.removalRefused("the last run did not pass full verification")
        }
        let fingerprint = try RealmMigrationSource.fingerprint(ofFileAt: realmFile)
        guard fingerprint == state.sourceFingerprint else {
            throw RealmToSwiftDataError.removalRefused(
                "the Realm file changed since it was migrated (its fingerprint is \(fingerprint))")
        }
        for suffix in ["", ".lock", ".note", ".management"] {
            let url = URL(fileURLWithPath: realmFile.path + suffix)
            if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
        }
    }
}
