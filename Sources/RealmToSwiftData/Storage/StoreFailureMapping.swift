import Foundation

#if os(Linux)
    @_spi(CarryoverRuntime) import SwiftData
#endif

/// Turns the store's raw errors into ``RealmToSwiftDataError/storageFailed(_:)``: the Linux runtime's
/// `SwiftDataError` by its SQLite result code, Apple's SwiftData errors by the `NSSQLiteErrorDomain` code the
/// underlying `NSError` carries. Every other error passes unchanged.
enum StoreFailureMapping {
    static func typed(_ error: any Error) -> any Error {
        if error is RealmToSwiftDataError || error is CancellationError { return error }
        #if os(Linux)
            if let store = error as? SwiftDataError, let code = store.sqliteResultCode,
                let failure = RealmStorageFailure(sqliteResultCode: code, message: String(describing: store))
            {
                return RealmToSwiftDataError.storageFailed(failure)
            }
        #else
            let nsError = error as NSError
            let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError
            for candidate in [nsError, underlying].compactMap({ $0 }) where candidate.domain == "NSSQLiteErrorDomain" {
                guard let code = Int32(exactly: candidate.code),
                    let failure = RealmStorageFailure(sqliteResultCode: code, message: candidate.localizedDescription)
                else { continue }
                return RealmToSwiftDataError.storageFailed(failure)
            }
        #endif
        return error
    }
}
