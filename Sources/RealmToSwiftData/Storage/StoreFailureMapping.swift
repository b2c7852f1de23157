import Foundation
import MigrationEngine

#if os(Linux)
    @_spi(CarryoverRuntime) import SwiftData
#endif

/// Turns the store's raw errors into ``RealmToSwiftDataError/storageFailed(_:)``: the Linux runtime's
/// `SwiftDataError` by its SQLite result code, Apple's SwiftData errors by the `NSSQLiteErrorDomain` code the
/// underlying `NSError` carries. Every other error passes unchanged.
enum StoreFailureMapping {
    static func typed(_ error: any Error) -> any Error {
        failure(in: error).map(RealmToSwiftDataError.storageFailed) ?? error
    }

    /// The storage failure `error` carries, or `nil` (also for errors that are already typed).
    static func failure(in error: any Error) -> StorageFailure? {
        if error is RealmToSwiftDataError || error is CancellationError { return nil }
        #if os(Linux)
            if let store = error as? SwiftDataError, let code = store.sqliteResultCode {
                return StorageFailure(sqliteResultCode: code, message: String(describing: store))
            }
        #else
            let nsError = error as NSError
            let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError
            for candidate in [nsError, underlying].compactMap({ $0 }) where candidate.domain == "NSSQLiteErrorDomain" {
                guard let code = Int32(exactly: candidate.code),
                    let failure = StorageFailure(sqliteResultCode: code, message: candidate.localizedDescription)
                else { continue }
                return failure
            }
        #endif
        return nil
    }
}

extension RealmToSwiftDataError {
    /// The storage failure a SwiftData store error carries (a full volume, an I/O error, a read-only, removed,
    /// locked or unopenable store), or `nil` for any other error. For the app's own `ModelContainer(for:…)` call,
    /// which writes the store's tables before ``RealmToSwiftDataMigration`` runs and fails the same way on a full
    /// phone: show the same screen as for ``storageFailed(_:)``.
    /// - Parameter error: An error SwiftData threw.
    public static func storageFailure(in error: any Error) -> StorageFailure? {
        StoreFailureMapping.failure(in: error)
    }
}
