import Foundation
internal import SQLiteFaultInjection

/// A test hook, not Apple API: with `CARRYOVER_RUNTIME_STORE_FAULT` in the environment, the runtime's SQLite writes
/// go through a failing file layer (`SQLiteFaultInjection`, registered as SQLite's default VFS before the first store
/// opens) that counts the writes to files under a folder and can make them fail as a full volume or a failing device:
///
/// - `count:<folder>` counts only (``SwiftDataRuntimeStatistics/storeWriteCount``);
/// - `<N>:ENOSPC:<folder>` fails the Nth write (from 1) and every later one with `SQLITE_FULL`;
/// - `<N>:EIO:<folder>` the same with `SQLITE_IOERR_WRITE` (later syncs `SQLITE_IOERR_FSYNC`).
enum StoreFaultPoint {
    /// Installs and arms the layer once, when the environment asks for it.
    static let armed: Bool = {
        guard let setting = ProcessInfo.processInfo.environment["CARRYOVER_RUNTIME_STORE_FAULT"] else { return false }
        let parts = setting.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        let fault: (at: Int64, kind: CarryoverStoreFault, folder: String)? =
            switch parts.count {
            case 2 where parts[0] == "count": (0, CarryoverStoreFaultNone, parts[1])
            case 3 where parts[1] == "ENOSPC": Int64(parts[0]).map { ($0, CarryoverStoreFaultNoSpace, parts[2]) }
            case 3 where parts[1] == "EIO": Int64(parts[0]).map { ($0, CarryoverStoreFaultIOError, parts[2]) }
            default: nil
            }
        guard let fault, carryover_store_faults_install() == 0 else { return false }
        carryover_store_faults_arm(fault.folder, fault.at, fault.kind)
        return true
    }()

    /// The writes counted under the armed folder, or `nil` when the hook is off.
    static var writes: Int? { armed ? Int(carryover_store_faults_writes()) : nil }

    /// The file of the first write that failed (`database`, `log`, `journal`, `other`), or `nil` when none did.
    static var failedFile: String? {
        guard armed else { return nil }
        return switch carryover_store_faults_failed_file() {
        case CarryoverStoreFileDatabase: "database"
        case CarryoverStoreFileLog: "log"
        case CarryoverStoreFileJournal: "journal"
        case CarryoverStoreFileOther: "other"
        default: nil
        }
    }
}
