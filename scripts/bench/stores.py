"""Generates stores of any size in seconds, without a process per cache.

The binary creates the empty store (an `import - --store PATH` of `[]` makes a
missing store with the app's own schema, application id and WAL mode; a listing
makes none); the caches are then inserted with Python's sqlite3 straight into the
app's `cache` table in one transaction. The schema's triggers keep `cache_count`
right, exactly as they do for the app's own inserts (see
Sources/GeoModel/Store/SQLite/SQLiteStore+Schema.swift).

The rows go in without their duplicate digest and search patch (schema v3), as rows
from any other SQL do: the app works those out (`completePendingRows`) before its
next search, duplicate check or import. `make_store` lets it do so right away, with a
`list --match` of a text no cache holds, so the find figure measures the search and
not that one-time work. The PostgreSQL store of the club figures keeps the folded text
in a column; `cache_rows` gives it, folded here as the app folds it (`SearchFolding`).
"""
from contextlib import contextmanager
import os
import sqlite3
import subprocess
import time
import unicodedata

PLACES = ("Old oak", "Stone bridge", "Mill pond", "Church tower", "Quiet bench", "North gate",
          "Red fence", "Little river", "Green hill", "Hidden path", "Zürich lake", "東京 tower")
CREATORS = ("ana", "ben", "chloé", "dmitri", "eun-ji", "farid", "greta", "hugo")
REWARDS = ("Travel bug", "Logbook", "Coin", "Small toy", "Keychain", "Pencil")


# CacheStore.searchFieldSeparator
SEARCH_FIELD_SEPARATOR = "\x1f"


def fold_for_search(text):
    """CacheStore.foldedForSearch for the generator's text: diacritics removed
    (decomposed, combining marks dropped), then case folded ("Zürich" -> "zurich",
    "chloé" -> "chloe")."""
    decomposed = unicodedata.normalize("NFD", text)
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return unicodedata.normalize("NFC", stripped).casefold()


def search_text(fields):
    return fold_for_search(SEARCH_FIELD_SEPARATOR.join(fields))


def cache_rows(count, details_bytes=None):
    """Deterministic caches with realistic sizes (titles about 20 characters,
    details about 90), titles in insertion order so the content index grows at its end.
    With `details_bytes`, each description is repeated up to about that many bytes
    (the long-description store of issue 13: 3,400)."""
    for number in range(count):
        place = PLACES[number % len(PLACES)]
        details = f"{place}: look behind the third stone on the left, about two metres up. Hint {number % 97}."
        if details_bytes:
            sentence = details + " "
            details = (sentence * (details_bytes // len(sentence.encode()) + 1))
            details = details.encode()[:details_bytes].decode(errors="ignore").rstrip()
        fields = (
            f"#{number:07d} {place}",
            details,
            CREATORS[number % len(CREATORS)],
            REWARDS[number % len(REWARDS)],
        )
        yield fields + (search_text(fields),)


def place(number):
    """A deterministic place for cache `number`, in microdegrees: spread over the
    latitudes -60 to 70 and every longitude by two coprime strides, so the caches
    cover the map evenly with no two at one place."""
    latitude = (number * 7_919_017) % 130_000_000 - 60_000_000
    longitude = (number * 104_729_003) % 360_000_000 - 180_000_000
    return latitude, longitude


def _text(tag, value):
    data = value.encode()
    length, prefix = len(data), bytearray()
    while length >= 0x80:
        prefix.append(length & 0x7F | 0x80)
        length >>= 7
    prefix.append(length)
    return bytes([tag]) + bytes(prefix) + data


def listing(number):
    """A pocket query's facts for cache `number` in the store's listing column
    (ListingEncoding, version 1): type, container, difficulty, terrain, hint and the
    day it was placed; about 70 bytes, as a small listing without logs."""
    return (bytes([1]) + _text(1, ("Traditional Cache", "Multi-cache", "Mystery Cache")[number % 3])
            + _text(2, ("Micro", "Small", "Regular")[number % 3])
            + bytes([3, 2 + number % 9, 4, 2 + number % 7])
            + _text(5, f"Under the stone, {number % 13} steps north")
            + _text(9, f"20{10 + number % 15:02d}-0{1 + number % 9}-1{number % 10}T00:00:00Z"))


def add_listings(path):
    """Gives every cache of the store at `path` its ``listing`` (by its row id)."""
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("BEGIN IMMEDIATE")
        ids = [row[0] for row in db.execute("SELECT id FROM cache")]
        db.executemany("UPDATE cache SET listing = ? WHERE id = ?", ((listing(i), i) for i in ids))
        db.execute("COMMIT")
    finally:
        db.close()


def add_own_data(path, every=10, visits=False):
    """The person's own data for every `every`th cache (by code), the first included:
    found on a day, with a note, as the finder's loop keeps them (issue 38's `own_data`
    table); with `visits`, the Found it visit that marked each found (`visit`)."""
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("BEGIN IMMEDIATE")
        db.execute("INSERT INTO own_data (code, found, note) SELECT code, '2026-05-04T10:00:00Z', "
                   "'Found it with the kids, log signed' FROM cache WHERE (id - 1) % ? = 0", (every,))
        if visits:
            db.execute("INSERT INTO visit (identity, code, time, type, text) SELECT randomblob(16), code, "
                       "'2026-05-04T10:00:00Z', 'Found it', 'Found it with the kids, log signed, thanks!' "
                       "FROM cache WHERE (id - 1) % ? = 0", (every,))
        db.execute("COMMIT")
    finally:
        db.close()


@contextmanager
def bulk_filled(binary, path):
    """The store at `path` made afresh by the binary and opened for one bulk insert:
    yields a sqlite3 connection inside an exclusive transaction, with no journal (nobody
    else has the file open, and a million rows through the WAL would be written twice)
    and the `cache` table's indexes dropped. On leaving, each index is made again from
    its own SQL text (one sort instead of an insertion a row), the transaction is
    committed and the store is back in the app's WAL mode."""
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    # An import of no caches makes the empty store (a listing makes none).
    subprocess.run([binary, "import", "-", "--store", path], input=b"[]", check=True, stdout=subprocess.DEVNULL)
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode = OFF")
        db.execute("PRAGMA synchronous = OFF")
        db.execute("PRAGMA cache_size = -400000")
        db.execute("BEGIN EXCLUSIVE")
        indexes = db.execute("SELECT name, sql FROM sqlite_master WHERE type = 'index' "
                             "AND tbl_name = 'cache' AND sql IS NOT NULL").fetchall()
        for name, _ in indexes:
            db.execute(f'DROP INDEX "{name}"')
        yield db
        for _, sql in indexes:
            db.execute(sql)
        db.execute("COMMIT")
        mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if mode.lower() != "wal":
            raise RuntimeError(f"{path}: journal {mode} after filling, not WAL")
    finally:
        db.close()


def complete_pending_rows(binary, path):
    """Has the app work out every row's digest and search patch now (a `list --match`
    of a text no cache holds), as it would before its first search."""
    subprocess.run([binary, "list", "--match", "no cache holds this text", "--store", path], check=True,
                   stdout=subprocess.DEVNULL)


def make_store(binary, path, count, details_bytes=None, placed=False, listings=False):
    """Creates the store at `path` with `count` caches (descriptions of about
    `details_bytes` bytes when given; each with a place when `placed`, with a small
    listing when `listings`); returns the seconds it took. The rows go in without
    codes, as rows from other SQL do: the app gives them codes with their digests."""
    start = time.perf_counter()
    with bulk_filled(binary, path) as db:
        if placed:
            db.executemany("INSERT INTO cache (title, details, creator, reward, latitude, longitude) "
                           "VALUES (?, ?, ?, ?, ?, ?)",
                           (row[:4] + place(number) for number, row in enumerate(cache_rows(count, details_bytes))))
        elif listings:
            db.executemany("INSERT INTO cache (title, details, creator, reward, listing) VALUES (?, ?, ?, ?, ?)",
                           (row[:4] + (listing(number),)
                            for number, row in enumerate(cache_rows(count, details_bytes))))
        else:
            db.executemany("INSERT INTO cache (title, details, creator, reward) VALUES (?, ?, ?, ?)",
                           (row[:4] for row in cache_rows(count, details_bytes)))
        stored = db.execute("SELECT value FROM cache_count").fetchone()[0]
        rows = db.execute("SELECT count(*) FROM cache").fetchone()[0]
        if stored != count or rows != count:
            raise RuntimeError(f"{path}: {rows} rows, counter {stored}, wanted {count}")
    complete_pending_rows(binary, path)
    db = sqlite3.connect(path, isolation_level=None)
    try:
        pending = db.execute("SELECT count(*) FROM cache WHERE content_hash IS NULL").fetchone()[0]
    finally:
        db.close()
    if pending:
        raise RuntimeError(f"{path}: {pending} rows still without their digest and search patch")
    return time.perf_counter() - start
