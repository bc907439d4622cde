/* SQLite's process-wide settings, which Swift cannot set itself: sqlite3_config is a
 * variadic C function. Used by Sources/GeoModel/Store/SQLite (SQLiteStore's
 * connection set-up); SQLite itself comes through GRDB. */
#ifndef GEOCACHE_CSQLITECONFIG_SHIM_H
#define GEOCACHE_CSQLITECONFIG_SHIM_H

#include <sqlite3.h>

/* Turns off SQLite's count of the memory it uses (sqlite3_memory_used and
 * sqlite3_status, which geocache-tui never reads): with it on, every allocation and
 * free takes a process-wide mutex. Works only before SQLite initialises, that is
 * before the first connection opens; returns SQLITE_OK or SQLITE_MISUSE (too late). */
static inline int geocache_sqlite_skip_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

#endif
