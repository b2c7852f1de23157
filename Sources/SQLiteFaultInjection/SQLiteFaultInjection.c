#include "SQLiteFaultInjection.h"

#include <pthread.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

typedef struct FaultFile {
    sqlite3_file base;
    sqlite3_file *real;
    int watched;
    CarryoverStoreFile role;
} FaultFile;

static pthread_mutex_t state_lock = PTHREAD_MUTEX_INITIALIZER;
static char *watched_folder;
static long long write_count;
static long long fail_at;
static CarryoverStoreFault fault_kind;
static int tripped;
static CarryoverStoreFile failed_file;

static sqlite3_vfs *lower;
static sqlite3_vfs layer;

/// Counts one write to a watched file; returns the code it fails with, or SQLITE_OK.
static int count_write(const FaultFile *file) {
    if (!file->watched) return SQLITE_OK;
    int code = SQLITE_OK;
    pthread_mutex_lock(&state_lock);
    if (watched_folder != NULL) {
        write_count += 1;
        if (!tripped && fault_kind != CarryoverStoreFaultNone && fail_at > 0 && write_count >= fail_at) {
            tripped = 1;
            failed_file = file->role;
        }
        if (tripped) code = fault_kind == CarryoverStoreFaultNoSpace ? SQLITE_FULL : SQLITE_IOERR_WRITE;
    }
    pthread_mutex_unlock(&state_lock);
    return code;
}

/// Whether a sync of a watched file fails: only after an I/O error tripped (a full volume still syncs).
static int sync_fails(const FaultFile *file) {
    if (!file->watched) return 0;
    pthread_mutex_lock(&state_lock);
    int fails = watched_folder != NULL && tripped && fault_kind == CarryoverStoreFaultIOError;
    pthread_mutex_unlock(&state_lock);
    return fails;
}

static int is_watched(const char *path) {
    if (path == NULL) return 0;
    pthread_mutex_lock(&state_lock);
    int watched = watched_folder != NULL && strncmp(path, watched_folder, strlen(watched_folder)) == 0;
    pthread_mutex_unlock(&state_lock);
    return watched;
}

#define REAL(file) (((FaultFile *)(file))->real)

static int fault_close(sqlite3_file *file) {
    sqlite3_file *real = REAL(file);
    int code = real->pMethods ? real->pMethods->xClose(real) : SQLITE_OK;
    return code;
}
static int fault_read(sqlite3_file *file, void *buffer, int amount, sqlite3_int64 offset) {
    return REAL(file)->pMethods->xRead(REAL(file), buffer, amount, offset);
}
static int fault_write(sqlite3_file *file, const void *buffer, int amount, sqlite3_int64 offset) {
    int code = count_write((FaultFile *)file);
    if (code != SQLITE_OK) return code;
    return REAL(file)->pMethods->xWrite(REAL(file), buffer, amount, offset);
}
static int fault_truncate(sqlite3_file *file, sqlite3_int64 size) {
    if (sync_fails((FaultFile *)file)) return SQLITE_IOERR_TRUNCATE;
    return REAL(file)->pMethods->xTruncate(REAL(file), size);
}
static int fault_sync(sqlite3_file *file, int flags) {
    if (sync_fails((FaultFile *)file)) return SQLITE_IOERR_FSYNC;
    return REAL(file)->pMethods->xSync(REAL(file), flags);
}
static int fault_file_size(sqlite3_file *file, sqlite3_int64 *size) {
    return REAL(file)->pMethods->xFileSize(REAL(file), size);
}
static int fault_lock(sqlite3_file *file, int level) { return REAL(file)->pMethods->xLock(REAL(file), level); }
static int fault_unlock(sqlite3_file *file, int level) { return REAL(file)->pMethods->xUnlock(REAL(file), level); }
static int fault_check_reserved_lock(sqlite3_file *file, int *result) {
    return REAL(file)->pMethods->xCheckReservedLock(REAL(file), result);
}
static int fault_file_control(sqlite3_file *file, int op, void *argument) {
    return REAL(file)->pMethods->xFileControl(REAL(file), op, argument);
}
static int fault_sector_size(sqlite3_file *file) { return REAL(file)->pMethods->xSectorSize(REAL(file)); }
static int fault_device_characteristics(sqlite3_file *file) {
    return REAL(file)->pMethods->xDeviceCharacteristics(REAL(file));
}
static int fault_shm_map(sqlite3_file *file, int page, int size, int extend, void volatile **out) {
    if (REAL(file)->pMethods->iVersion < 2) return SQLITE_IOERR_SHMMAP;
    return REAL(file)->pMethods->xShmMap(REAL(file), page, size, extend, out);
}
static int fault_shm_lock(sqlite3_file *file, int offset, int count, int flags) {
    if (REAL(file)->pMethods->iVersion < 2) return SQLITE_IOERR_SHMLOCK;
    return REAL(file)->pMethods->xShmLock(REAL(file), offset, count, flags);
}
static void fault_shm_barrier(sqlite3_file *file) {
    if (REAL(file)->pMethods->iVersion >= 2) REAL(file)->pMethods->xShmBarrier(REAL(file));
}
static int fault_shm_unmap(sqlite3_file *file, int deleteFlag) {
    if (REAL(file)->pMethods->iVersion < 2) return SQLITE_OK;
    return REAL(file)->pMethods->xShmUnmap(REAL(file), deleteFlag);
}
static int fault_fetch(sqlite3_file *file, sqlite3_int64 offset, int amount, void **out) {
    if (REAL(file)->pMethods->iVersion < 3) {
        *out = NULL;
        return SQLITE_OK;
    }
    return REAL(file)->pMethods->xFetch(REAL(file), offset, amount, out);
}
static int fault_unfetch(sqlite3_file *file, sqlite3_int64 offset, void *pointer) {
    if (REAL(file)->pMethods->iVersion < 3) return SQLITE_OK;
    return REAL(file)->pMethods->xUnfetch(REAL(file), offset, pointer);
}

static const sqlite3_io_methods fault_methods = {
    3,
    fault_close,
    fault_read,
    fault_write,
    fault_truncate,
    fault_sync,
    fault_file_size,
    fault_lock,
    fault_unlock,
    fault_check_reserved_lock,
    fault_file_control,
    fault_sector_size,
    fault_device_characteristics,
    fault_shm_map,
    fault_shm_lock,
    fault_shm_barrier,
    fault_shm_unmap,
    fault_fetch,
    fault_unfetch,
};

static int fault_open(sqlite3_vfs *vfs, sqlite3_filename name, sqlite3_file *file, int flags, int *outFlags) {
    (void)vfs;
    FaultFile *wrapper = (FaultFile *)file;
    wrapper->real = (sqlite3_file *)&wrapper[1];
    wrapper->watched = is_watched(name);
    wrapper->role = (flags & SQLITE_OPEN_MAIN_DB)       ? CarryoverStoreFileDatabase
                    : (flags & SQLITE_OPEN_WAL)          ? CarryoverStoreFileLog
                    : (flags & SQLITE_OPEN_MAIN_JOURNAL) ? CarryoverStoreFileJournal
                                                         : CarryoverStoreFileOther;
    int code = lower->xOpen(lower, name, wrapper->real, flags, outFlags);
    // SQLite calls xClose when pMethods is set, even after a failed open; leave it NULL when the lower layer did.
    wrapper->base.pMethods = wrapper->real->pMethods ? &fault_methods : NULL;
    return code;
}

static int fault_delete(sqlite3_vfs *vfs, const char *name, int syncDirectory) {
    (void)vfs;
    return lower->xDelete(lower, name, syncDirectory);
}
static int fault_access(sqlite3_vfs *vfs, const char *name, int flags, int *result) {
    (void)vfs;
    return lower->xAccess(lower, name, flags, result);
}
static int fault_full_pathname(sqlite3_vfs *vfs, const char *name, int size, char *out) {
    (void)vfs;
    return lower->xFullPathname(lower, name, size, out);
}
static void *fault_dl_open(sqlite3_vfs *vfs, const char *name) {
    (void)vfs;
    return lower->xDlOpen(lower, name);
}
static void fault_dl_error(sqlite3_vfs *vfs, int size, char *message) {
    (void)vfs;
    lower->xDlError(lower, size, message);
}
static void (*fault_dl_sym(sqlite3_vfs *vfs, void *handle, const char *symbol))(void) {
    (void)vfs;
    return lower->xDlSym(lower, handle, symbol);
}
static void fault_dl_close(sqlite3_vfs *vfs, void *handle) {
    (void)vfs;
    lower->xDlClose(lower, handle);
}
static int fault_randomness(sqlite3_vfs *vfs, int size, char *out) {
    (void)vfs;
    return lower->xRandomness(lower, size, out);
}
static int fault_sleep(sqlite3_vfs *vfs, int microseconds) {
    (void)vfs;
    return lower->xSleep(lower, microseconds);
}
static int fault_current_time(sqlite3_vfs *vfs, double *out) {
    (void)vfs;
    return lower->xCurrentTime(lower, out);
}
static int fault_get_last_error(sqlite3_vfs *vfs, int size, char *out) {
    (void)vfs;
    return lower->xGetLastError ? lower->xGetLastError(lower, size, out) : 0;
}
static int fault_current_time_int64(sqlite3_vfs *vfs, sqlite3_int64 *out) {
    (void)vfs;
    return lower->xCurrentTimeInt64(lower, out);
}

int carryover_store_faults_install(void) {
    pthread_mutex_lock(&state_lock);
    if (lower != NULL) {
        pthread_mutex_unlock(&state_lock);
        return SQLITE_OK;
    }
    int code = sqlite3_initialize();
    sqlite3_vfs *found = code == SQLITE_OK ? sqlite3_vfs_find(NULL) : NULL;
    if (found == NULL || found->iVersion < 2) {
        pthread_mutex_unlock(&state_lock);
        return code == SQLITE_OK ? SQLITE_ERROR : code;
    }
    lower = found;
    layer.iVersion = 2;
    layer.szOsFile = (int)sizeof(FaultFile) + lower->szOsFile;
    layer.mxPathname = lower->mxPathname;
    layer.zName = "carryover-store-faults";
    layer.xOpen = fault_open;
    layer.xDelete = fault_delete;
    layer.xAccess = fault_access;
    layer.xFullPathname = fault_full_pathname;
    layer.xDlOpen = fault_dl_open;
    layer.xDlError = fault_dl_error;
    layer.xDlSym = fault_dl_sym;
    layer.xDlClose = fault_dl_close;
    layer.xRandomness = fault_randomness;
    layer.xSleep = fault_sleep;
    layer.xCurrentTime = fault_current_time;
    layer.xGetLastError = fault_get_last_error;
    layer.xCurrentTimeInt64 = fault_current_time_int64;
    code = sqlite3_vfs_register(&layer, 1);
    pthread_mutex_unlock(&state_lock);
    return code;
}

void carryover_store_faults_arm(const char *folder, long long failAtWrite, CarryoverStoreFault fault) {
    pthread_mutex_lock(&state_lock);
    free(watched_folder);
    watched_folder = folder ? strdup(folder) : NULL;
    write_count = 0;
    fail_at = failAtWrite;
    fault_kind = fault;
    tripped = 0;
    failed_file = CarryoverStoreFileNone;
    pthread_mutex_unlock(&state_lock);
}

void carryover_store_faults_disarm(void) { carryover_store_faults_arm(NULL, 0, CarryoverStoreFaultNone); }

long long carryover_store_faults_writes(void) {
    pthread_mutex_lock(&state_lock);
    long long count = write_count;
    pthread_mutex_unlock(&state_lock);
    return count;
}

CarryoverStoreFile carryover_store_faults_failed_file(void) {
    pthread_mutex_lock(&state_lock);
    CarryoverStoreFile value = failed_file;
    pthread_mutex_unlock(&state_lock);
    return value;
}
