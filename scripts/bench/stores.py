"""Generates stores of any size in seconds, without a process per cache.

The binary creates the empty store (`geocache-tui list --store PATH` creates a
missing store with the app's own schema, application id and WAL mode); the caches are
then inserted with Python's sqlite3 straight into the app's `cache` table in one
transaction. The schema's triggers keep `cache_count` right, exactly as they do for
the app's own inserts (see Sources/GeoModel/Store/CacheStore+Schema.swift).

Each row also gets its `search_text` (migration v2), folded here as the app folds it
(`CacheStore.searchText(for:)`): the four fields case- and diacritic-folded, joined by
U+001F. A row left NULL would be folded by the app before its first search (about 50 s
for a million rows), and the find figure would measure that instead of the search.
`check_search_text` compares the generated values with the app's own folding.
"""
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
    "chloé" -> "chloe"). Checked against the app by `check_search_text`."""
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


def make_store(binary, path, count, details_bytes=None):
    """Creates the store at `path` with `count` caches (descriptions of about
    `details_bytes` bytes when given); returns the seconds it took."""
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
        db.executemany("INSERT INTO cache (title, details, creator, reward, search_text) "
                       "VALUES (?, ?, ?, ?, ?)", cache_rows(count, details_bytes))
        for _, sql in indexes:
            db.execute(sql)
        db.execute("COMMIT")
        mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        stored = db.execute("SELECT value FROM cache_count").fetchone()[0]
        rows = db.execute("SELECT count(*) FROM cache").fetchone()[0]
        pending = db.execute("SELECT count(*) FROM cache WHERE search_text IS NULL").fetchone()[0]
        if mode.lower() != "wal" or stored != count or rows != count or pending:
            raise RuntimeError(f"{path}: journal {mode}, {rows} rows, counter {stored}, "
                               f"{pending} without search text, wanted {count}")
    finally:
        db.close()
    return time.perf_counter() - start


def check_search_text(binary, path, count=len(PLACES) * len(CREATORS) * len(REWARDS)):
    """Generates a small store, clears its search text, lets the app fold it (the first
    `list --match` folds every NULL row) and compares with the generator's. Raises if
    one row differs: the generated big store would then not match the app's searches."""
    make_store(binary, path, count)
    db = sqlite3.connect(path, isolation_level=None)
    try:
        expected = dict(db.execute("SELECT id, search_text FROM cache"))
        db.execute("UPDATE cache SET search_text = NULL")
    finally:
        db.close()
    subprocess.run([binary, "list", "--match", "no such text", "--store", path], check=True,
                   stdout=subprocess.DEVNULL)
    db = sqlite3.connect(path, isolation_level=None)
    try:
        folded = dict(db.execute("SELECT id, search_text FROM cache"))
    finally:
        db.close()
    wrong = [(i, expected[i], folded.get(i)) for i in expected if folded.get(i) != expected[i]]
    if len(folded) != count or wrong:
        raise RuntimeError(f"generated search_text differs from the app's in {len(wrong)} of {count} rows, "
                           f"e.g. {wrong[:2]!r}")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)

