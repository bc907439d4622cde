/* What a store file holds now, read through the descriptors SQLite opened for a
 * connection, never through one of our own: closing a descriptor of a file drops every
 * POSIX lock the process holds on it, SQLite's included. Used by
 * Sources/GeoModel/Store/SQLite (SQLiteStore+Overwrite.swift) to notice a store file
 * overwritten in place (`cp other.sqlite caches.sqlite`) under an open connection,
 * whose page cache and log index then describe another file. */
#ifndef GEOCACHE_CSYSTEM_SQLITE_FILE_H
#define GEOCACHE_CSYSTEM_SQLITE_FILE_H

#include <sqlite3.h>
#include <stdint.h>

/* The main database file of connection `db` as SQLite's VFS opened it, or NULL. */
static inline sqlite3_file *geocache_sqlite_main_file(sqlite3 *db) {
    sqlite3_file *file = 0;
    if (sqlite3_file_control(db, "main", SQLITE_FCNTL_FILE_POINTER, &file) != SQLITE_OK) return 0;
    if (file == 0 || file->pMethods == 0) return 0;
    return file;
}

/* Reads the 4-byte big-endian integer at `offset` of the database file itself (not
 * the connection's page cache, not the write-ahead log) into `value`: one pread on
 * the connection's own descriptor. Returns SQLITE_OK; SQLITE_IOERR_SHORT_READ when
 * the file ends before (a file being copied over, say: `value` is then what was
 * there, zeros for the rest); another error when it cannot be read. */
static inline int geocache_sqlite_read_file_u32(sqlite3 *db, int64_t offset, uint32_t *value) {
    sqlite3_file *file = geocache_sqlite_main_file(db);
    unsigned char bytes[4] = {0, 0, 0, 0};
    if (file == 0) return SQLITE_ERROR;
    int result = file->pMethods->xRead(file, bytes, 4, offset);
    *value = ((uint32_t)bytes[0] << 24) | ((uint32_t)bytes[1] << 16) | ((uint32_t)bytes[2] << 8) | (uint32_t)bytes[3];
    return result;
}

/* Whether every frame of connection `db`'s write-ahead log is in the database file
 * too, from the log's index (PATH-shm, mapped by the connection): 1 when the index
 * says so (nBackfill, at offset 96, equals mxFrame, at offset 16 of the index's
 * header; sqlite.org/walformat.html), 0 when the log holds commits a checkpoint has
 * not copied yet, -1 when there is no index to ask (not in WAL mode, a read-only or
 * immutable connection, no read transaction yet). Call it inside a transaction. */
static inline int geocache_sqlite_log_is_in_file(sqlite3 *db) {
    sqlite3_file *file = geocache_sqlite_main_file(db);
    volatile void *region = 0;
    if (file == 0 || file->pMethods->iVersion < 2 || file->pMethods->xShmMap == 0) return -1;
    if (file->pMethods->xShmMap(file, 0, 32768, 0, &region) != SQLITE_OK || region == 0) return -1;
    const volatile uint32_t *words = (const volatile uint32_t *)region;
    uint32_t lastFrame = words[4];   /* WalIndexHdr.mxFrame */
    uint32_t copied = words[24];     /* WalCkptInfo.nBackfill */
    return copied == lastFrame ? 1 : 0;
}

#endif
