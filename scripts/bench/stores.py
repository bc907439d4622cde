"""Generates stores of any size in seconds, without a process per cache.

The binary creates the empty store (`geocache-tui list --store PATH` creates a
missing store with the app's own schema, application id and WAL mode); the caches are
then inserted with Python's sqlite3 straight into the app's `cache` table in one
transaction. The schema's triggers keep `cache_count` right, exactly as they do for
the app's own inserts (see Sources/GeoModel/Store/CacheStore+Schema.swift).
"""
import os
import sqlite3
import subprocess
import time

PLACES = ("Old oak", "Stone bridge", "Mill pond", "Church tower", "Quiet bench", "North gate",
          "Red fence", "Little river", "Green hill", "Hidden path", "Zürich lake", "東京 tower")
CREATORS = ("ana", "ben", "chloé", "dmitri", "eun-ji", "farid", "greta", "hugo")
REWARDS = ("Travel bug", "Logbook", "Coin", "Small toy", "Keychain", "Pencil")


def cache_rows(count):
    """Deterministic caches with realistic sizes (titles about 20 characters,
    details about 90), titles in insertion order so the content index grows at its end."""
    for number in range(count):
        place = PLACES[number % len(PLACES)]
        yield (
            f"#{number:07d} {place}",
            f"{place}: look behind the third stone on the left, about two metres up. Hint {number % 97}.",
            CREATORS[number % len(CREATORS)],
            REWARDS[number % len(REWARDS)],
        )


def make_store(binary, path, count):
    """Creates the store at `path` with `count` caches; returns the seconds it took."""
    start = time.perf_counter()
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    subprocess.run([binary, "list", "--store", path], check=True, stdout=subprocess.DEVNULL)
    db = sqlite3.connect(path, isolation_level=None)
    try:
        # Nobody else has the file open: no journal while filling it (a million rows
        # through the WAL would be written twice), then back to the app's WAL mode.
        db.execute("PRAGMA journal_mode = OFF")
        db.execute("PRAGMA synchronous = OFF")
        db.execute("PRAGMA cache_size = -400000")
        db.execute("BEGIN EXCLUSIVE")
        # The content index is dropped and re-created from its own SQL text: one sort
        # instead of a million index insertions.
        indexes = db.execute("SELECT name, sql FROM sqlite_master WHERE type = 'index' "
                             "AND tbl_name = 'cache' AND sql IS NOT NULL").fetchall()
        for name, _ in indexes:
            db.execute(f'DROP INDEX "{name}"')
        db.executemany("INSERT INTO cache (title, details, creator, reward) VALUES (?, ?, ?, ?)",
                       cache_rows(count))
        for _, sql in indexes:
            db.execute(sql)
        db.execute("COMMIT")
        mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        stored = db.execute("SELECT value FROM cache_count").fetchone()[0]
        rows = db.execute("SELECT count(*) FROM cache").fetchone()[0]
        if mode.lower() != "wal" or stored != count or rows != count:
            raise RuntimeError(f"{path}: journal {mode}, {rows} rows, counter {stored}, wanted {count}")
    finally:
        db.close()
    return time.perf_counter() - start

