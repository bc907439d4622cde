/* SQLite's process-wide settings, which Swift cannot set itself: sqlite3_config is a
 * variadic C function. Used by Sources/GeoModel/Store/SQLite (SQLiteStore's
 * connection set-up); SQLite itself comes through GRDB. */
#ifndef GEOCACHE_CSYSTEM_SQLITE_CONFIG_H
#define GEOCACHE_CSYSTEM_SQLITE_CONFIG_H

#include <sqlite3.h>

/* Turns off SQLite's count of the memory it uses (sqlite3_memory_used and
 * sqlite3_status, which geocache-tui never reads): with it on, every allocation and
 * free takes a process-wide mutex. Works only before SQLite initialises, that is
 * before the first connection opens; returns SQLITE_OK or SQLITE_MISUSE (too late). */
static inline int geocache_sqlite_skip_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

/* Turns off the page cache's initial bulk allocation: SQLite's default sets aside 20
 * page slots in one block when a connection's cache is created and writes a header
 * into every one, so all of them are touched (a page fault each on the opening
 * thread) before the first read, even when opening reads only a few pages. Without it
 * each page is allocated when it is first needed. Same rule as above: only before
 * SQLite initialises. */
static inline int geocache_sqlite_skip_initial_page_bulk(void) {
    return sqlite3_config(SQLITE_CONFIG_PAGECACHE, (void *)0, 0, 0);
}

/* Makes closing the connection `db` leave the write-ahead log alone: no checkpoint and
 * no deletion of PATH-wal and PATH-shm by name, even as the last connection. For a
 * connection whose side files were deleted or replaced under it (the files at those
 * names now belong to other connections): sqlite3_db_config is variadic too. Returns
 * SQLITE_OK, or SQLITE_ERROR from an SQLite too old to know the option. */
static inline int geocache_sqlite_skip_checkpoint_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

#endif
