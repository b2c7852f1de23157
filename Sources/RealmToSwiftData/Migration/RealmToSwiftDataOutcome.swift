import Foundation
import MigrationEngine
import RealmSchemaUpgrade

/// How a run of ``RealmToSwiftDataMigration`` ended, short of failing.
public enum RealmToSwiftDataOutcome: Sendable, Hashable, Codable {
    /// The objects were copied (or the copy continued) and verified.
    case migrated(RealmToSwiftDataReport)
    /// There is no Realm file: a fresh install, or the file was removed after an earlier migration.
    case nothingToMigrate
    /// An earlier run finished and verified; this run only read the migration's state.
    case alreadyMigrated
    /// The migration cannot go on now: the Realm file is not readable yet, or the store's volume lacks the space
    /// (``RealmToSwiftDataDeferral``). Nothing more was written; run again later.
    case deferred(reason: RealmToSwiftDataDeferral)
    /// The app's Realm configuration had `deleteRealmIfMigrationNeeded` and the file needed a migration (another
    /// schema version, or changes that need one), so Realm would have deleted its data on open: nothing is migrated,
    /// as the app would have shown nothing. The Realm file is kept.
    case discardedAsRealmWould(fileVersion: UInt64?, appVersion: UInt64)
}

/// What a migration run did and what verification found. Codable, so an app can log or upload it.
public struct RealmToSwiftDataReport: Sendable, Hashable, Codable {
    /// The Realm file's path.
    public var realmFile: String
    /// The Realm file's fingerprint (`sha256:` and hex digits of its bytes).
    public var sourceFingerprint: String
    /// The copy: where it resumed from, objects and batches written by this run.
    public var copy: MigrationOutcome
    /// The verification of every object and relationship against the Realm file (as upgraded, when it was).
    public var verification: VerificationReport
    /// What upgrading the file to the app's Realm models did (`nil` when the importer names no Realm models).
    public var schemaUpgrade: SchemaUpgradeReport?
}

/// Why a migration run failed. The Realm file is never changed; the store stays resumable.
///
/// The outermost layer, the run's error as ``RealmToSwiftDataMigration`` throws it: an object's failure arrives
/// nested as ``importFailed(_:)`` holding a ``RealmImportError``, which may in turn hold a ``RealmValueError``.
public enum RealmToSwiftDataError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The generated models do not hold everything the Realm file stores; nothing was written.
    case modelsDoNotMatch([String])
    /// The Realm file cannot be read (damaged, wrong key, unsupported format).
    case unreadableRealmFile(String)
    /// Realm would have refused to open the file with the app's models (a newer schema version, a change without a
    /// version bump, duplicate primary keys after the migration block, a block misusing the migration API);
    /// nothing was written.
    case schemaUpgradeRefused(SchemaUpgradeError)
    /// The store holds data this migration cannot continue (another file's migration, or the app's own objects).
    case storeRefused(String)
    /// An object could not become a model.
    case importFailed(RealmImportError)
    /// The copy finished but verification found differences; the report lists them.
    case verificationFailed(VerificationReport)
    /// Removing the Realm file was refused; the reason says why.
    case removalRefused(String)
    /// The store's storage failed (full, I/O error, read-only or removed, locked, cannot be opened); the saved
    /// batches stay and the next run continues once the cause is gone.
    case storageFailed(StorageFailure)

    public var description: String {
        switch self {
        case .modelsDoNotMatch(let problems):
            "The models do not match the Realm file (\(problems.count) problems): "
                + problems.prefix(5).joined(separator: "; ") + (problems.count > 5 ? "; …" : "")
        case .unreadableRealmFile(let reason): "The Realm file cannot be read: \(reason)"
        case .schemaUpgradeRefused(let error): "Realm would not open the file with the app's models: \(error)"
        case .storeRefused(let reason): "The store cannot take this migration: \(reason)"
        case .importFailed(let error): "An object could not be imported: \(error)"
        case .verificationFailed(let report):
            "Verification found \(report.problemCount) problems; the store is kept for inspection"
        case .removalRefused(let reason): "The Realm file was not removed: \(reason)"
        case .storageFailed(let failure): "The store's storage failed: \(failure)"
        }
    }
}

/// One progress report of a running migration.
public struct RealmToSwiftDataProgress: Sendable, Hashable, Codable {
    /// What the migration is doing.
    public enum Phase: String, Sendable, Hashable, Codable {
        /// Creating the models with their attributes.
        case copying
        /// Setting relationships, once every model exists.
        case linking
        /// Reading every model back and comparing it with the Realm file.
        case verifying
    }

    /// The phase.
    public var phase: Phase
    /// The Realm class being worked on (empty while verifying).
    public var className: String
    /// Objects of the class done in this phase.
    public var classDone: Int
    /// Objects of the class.
    public var classTotal: Int
    /// Objects done in this phase over all classes.
    public var phaseDone: Int
    /// Objects of this phase over all classes.
    public var phaseTotal: Int
    /// Objects per second in this run so far.
    public var objectsPerSecond: Double

    /// The part of the whole migration done, 0…1 (copying and linking count half each; verification is shown as
    /// its own phase).
    public var fractionCompleted: Double {
        let part = phaseTotal > 0 ? Double(phaseDone) / Double(phaseTotal) : 1
        switch phase {
        case .copying: return part / 2
        case .linking: return 0.5 + part / 2
        case .verifying: return 1
        }
    }

    init(_ progress: MigrationProgress) {
        phase = progress.phase == .relationships ? .linking : .copying
        className = progress.className
        classDone = progress.classDone
        classTotal = progress.classTotal
        phaseDone = progress.phaseDone
        phaseTotal = progress.phaseTotal
        objectsPerSecond = progress.objectsPerSecond
    }

    init(verifyingTotal total: Int) {
        phase = .verifying
        className = ""
        classDone = 0
        classTotal = 0
        phaseDone = 0
        phaseTotal = total
        objectsPerSecond = 0
    }
}
