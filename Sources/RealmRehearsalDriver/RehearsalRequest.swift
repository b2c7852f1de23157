import Foundation
import MigrationEngine
import RealmToSwiftData

/// What `carryover realm rehearse` asks of the rehearsal program it built: passed as JSON in the first argument.
public struct RehearsalRequest: Sendable, Hashable, Codable {
    /// The Realm file to migrate.
    public var realmFile: String
    /// The SwiftData store to write (created, or continued).
    public var store: String
    /// Objects per batch.
    public var batchSize: Int
    /// The file's encryption key as 128 hex digits, if it is encrypted.
    public var encryptionKeyHex: String?
    /// Where to write `<Class>.jsonl` dumps of what the store holds afterwards.
    public var dumpDirectory: String?
    /// How thoroughly to verify.
    public var verification: VerificationLevel
    /// Test hook: the free space the run sees is this many bytes less what the store's files grew by since the
    /// run started (a volume of that size); `nil` for the volume's own figure.
    public var simulatedFreeBytes: Int64?
    /// Test hook: the free space every check after the first (the checks between batches) sees, when set.
    public var simulatedFreeBytesBetweenBatches: Int64?

    /// Creates a request.
    public init(
        realmFile: String, store: String, batchSize: Int, encryptionKeyHex: String?, dumpDirectory: String?,
        verification: VerificationLevel
    ) {
        self.realmFile = realmFile
        self.store = store
        self.batchSize = batchSize
        self.encryptionKeyHex = encryptionKeyHex
        self.dumpDirectory = dumpDirectory
        self.verification = verification
    }
}

/// What the rehearsal program answers: printed as one JSON line on standard output.
public struct RehearsalResult: Sendable, Hashable, Codable {
    /// The outcome when the run did not fail.
    public var outcome: RealmToSwiftDataOutcome?
    /// The failure, when it failed with a migration error.
    public var failure: RealmToSwiftDataError?
    /// Any other error, described.
    public var error: String?
    /// Seconds the migration took (copy and verification).
    public var seconds: Double
    /// The largest number of models alive at once during the run, as the Linux runtime counts them; `nil` where
    /// the runtime cannot tell (Apple's SwiftData).
    public var peakLiveModels: Int?
    /// The writes to the store's files, when the runtime's fault-injection hook (`CARRYOVER_RUNTIME_STORE_FAULT`)
    /// counted them; `nil` otherwise.
    public var storeWrites: Int?
    /// The store file whose write that hook failed first (`database`: a checkpoint's copy of the log into the store
    /// file; `log`, `journal`, `other`), or `nil` when none failed.
    public var storeFailedFile: String?
    /// The dump files written, by class.
    public var dumpFiles: [String: String]

    /// Whether the run ended with a verified store.
    public var succeeded: Bool {
        switch outcome {
        case .migrated, .alreadyMigrated: true
        case .nothingToMigrate, .deferred, .discardedAsRealmWould, nil: false
        }
    }
}
