#ifndef CARRYOVER_SQLITE_FAULT_INJECTION_H
#define CARRYOVER_SQLITE_FAULT_INJECTION_H

/// A test harness, like SQLite's own crash and I/O-error tests: a VFS layered over the process's default one,
/// registered as the default, that counts the writes SQLite makes to files under one folder and, once armed,
/// makes the Nth and every later write fail as a full volume (ENOSPC: SQLITE_FULL) or a failing device
/// (EIO: SQLITE_IOERR_WRITE, and later syncs SQLITE_IOERR_FSYNC). Files outside the folder pass straight through.

/// How an armed write fails.
typedef enum CarryoverStoreFault {
    /// Count writes only.
    CarryoverStoreFaultNone = 0,
    /// The volume is full: SQLITE_FULL, as SQLite's unix layer reports ENOSPC.
    CarryoverStoreFaultNoSpace = 1,
    /// The device failed: SQLITE_IOERR_WRITE (and SQLITE_IOERR_FSYNC for later syncs), as for EIO.
    CarryoverStoreFaultIOError = 2,
} CarryoverStoreFault;

/// The file a write went to, by how SQLite opened it.
typedef enum CarryoverStoreFile {
    CarryoverStoreFileNone = 0,
    /// The database file itself: in WAL mode SQLite writes it only when it checkpoints the log into it (and
    /// when it creates the database).
    CarryoverStoreFileDatabase = 1,
    /// The write-ahead log: every transaction's pages.
    CarryoverStoreFileLog = 2,
    /// A rollback journal.
    CarryoverStoreFileJournal = 3,
    /// Any other file (temporary files, statement journals).
    CarryoverStoreFileOther = 4,
} CarryoverStoreFile;

/// Installs the layer as SQLite's default VFS (once; later calls do nothing). Returns an SQLite result code.
int carryover_store_faults_install(void);

/// Counts writes to files whose path starts with `folder` from zero; with `fault` other than
/// `CarryoverStoreFaultNone`, the `failAtWrite`th write (counting from 1) and every later one fail.
void carryover_store_faults_arm(const char *folder, long long failAtWrite, CarryoverStoreFault fault);

/// Stops counting and failing.
void carryover_store_faults_disarm(void);

/// The writes counted since the last arm.
long long carryover_store_faults_writes(void);

/// The file of the first write that failed since the last arm, or `CarryoverStoreFileNone`.
CarryoverStoreFile carryover_store_faults_failed_file(void);

#endif
