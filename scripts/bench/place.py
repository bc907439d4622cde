"""The figures of issue 25 (a cache has a place): `list --near` over a million placed
caches, and the import of a pocket query with five logs per cache next to the same
file without its logs.

The logged and unlogged imports run by turns, one of each per round, so a change of
load on this shared machine reaches both alike; the ratio is taken round by round.
"""
import os
import sqlite3
import statistics
import subprocess
import sys
import time

from ptyapp import AppSession

MS = 1e-6  # nanoseconds to milliseconds

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Zürich: `list --near` measures from here.
ORIGIN = "47.368717, 8.540933"
NEAR_LIMIT = 20


def near_runs(binary, store, runs, run_with_rusage):
    """`list --near ORIGIN --limit 20` over `store`: milliseconds per run, and the lines
    of the last run."""
    times, lines = [], 0
    # One run first, not counted: it gives any row still without its code one.
    run_with_rusage([binary, "list", "--store", store, "--near", ORIGIN, "--limit", str(NEAR_LIMIT)])
    for _ in range(runs):
        elapsed, _, code, out, err, _ = run_with_rusage(
            [binary, "list", "--store", store, "--near", ORIGIN, "--limit", str(NEAR_LIMIT)])
        if code != 0:
            raise RuntimeError(f"list --near exited {code}: {err.strip()}")
        times.append(elapsed * 1000)
        lines = out.count("\n")
    return times, lines


def place_figures(Figure, binary, workdir, runs, import_runs, run_with_rusage, placed_store, big, gpx_caches):
    figures = []
    near_ms, lines = near_runs(binary, placed_store, runs, run_with_rusage)
    figures.append(Figure("near_big", f"list --near --limit {NEAR_LIMIT}, {big:,} placed caches", "ms", near_ms,
                          budget=50, note=f"{lines} lines printed"))

    logged = os.path.join(workdir, "logged.gpx")
    unlogged = os.path.join(workdir, "unlogged.gpx")
    maker = os.path.join(REPO, "scripts", "make-big-gpx.py")
    subprocess.run([sys.executable, maker, logged, "--caches", str(gpx_caches)], check=True, stdout=subprocess.DEVNULL)
    subprocess.run([sys.executable, maker, unlogged, "--caches", str(gpx_caches), "--no-logs"], check=True,
                   stdout=subprocess.DEVNULL)
    with_logs, without_logs, ratios, summary = [], [], [], ""
    try:
        for _ in range(runs):
            seconds, _, _, summary = import_runs(binary, logged, workdir, 1)
            with_logs += seconds
            seconds, _, _, _ = import_runs(binary, unlogged, workdir, 1)
            without_logs += seconds
            ratios.append(with_logs[-1] / without_logs[-1])
    finally:
        os.remove(logged)
        os.remove(unlogged)
    figures.append(Figure("import_logs_time", f"import {gpx_caches:,}-cache pocket query, 5 logs each", "s",
                          with_logs, note=f"import said: {summary}"))
    figures.append(Figure("import_nologs_time", "  the same file without its logs", "s", without_logs))
    figures.append(Figure("import_logs_ratio", "  with logs / without, round by round", "x", ratios, budget=1.5,
                          note=f"medians {statistics.median(with_logs):.2f} s / {statistics.median(without_logs):.2f} s"))
    return figures


# Issue 39: nearest first in a store whose caches all lie within 50 km of ORIGIN, with
# the finder's filter on. A box 44 km tall and 44 km wide around Zürich: every cache
# is within 31 km of the origin, within 62 km of each other.
CLUSTER_LATITUDE, CLUSTER_LONGITUDE = 47_368_717, 8_540_933
CLUSTER_HALF_LATITUDE, CLUSTER_HALF_LONGITUDE = 200_000, 290_000
CLUSTER_FILTER = "not found, D1-3"
CLUSTER_NEXTS = 20
# The PostgreSQL store of the figure: smaller, as loading a million caches over COPY
# and indexing them took most of a run.
CLUSTER_CLUB_CACHES = 200_000


def clustered_place(number):
    """A deterministic place for cache `number` inside the cluster, in microdegrees."""
    latitude = (number * 7_919_017) % (2 * CLUSTER_HALF_LATITUDE) - CLUSTER_HALF_LATITUDE
    longitude = (number * 104_729_003) % (2 * CLUSTER_HALF_LONGITUDE) - CLUSTER_HALF_LONGITUDE
    return CLUSTER_LATITUDE + latitude, CLUSTER_LONGITUDE + longitude


def clustered_listing(number):
    """The listing of cache `number` in the store's encoding (ListingEncoding, version 1):
    its difficulty only, 1 to 5 stars in halves by turns."""
    return bytes([1, 3, 2 + number % 9])


def clustered_own(number):
    """The person's own data on cache `number`: (found, corrected latitude, longitude).
    Every fourth found; every thousandth has a final elsewhere in the cluster."""
    found = "2026-11-28T10:00:00Z" if number % 4 == 0 else None
    corrected = clustered_place(number * 31 + 7) if number % 1000 == 0 else (None, None)
    return (found,) + corrected


def make_clustered_store(binary, path, count):
    """The clustered store at `path`: `count` caches with a place, a code and a listing,
    and the person's own data (`clustered_own`); seconds it took. As stores.make_store,
    straight into the app's tables with the indexes dropped while filling; the own data
    goes in first, so the place index takes each cache at its final as it is inserted."""
    from club import bench_code
    from stores import bulk_filled, cache_rows, complete_pending_rows
    start = time.perf_counter()
    with bulk_filled(binary, path) as db:
        db.executemany("INSERT INTO own_data (code, found, corrected_latitude, corrected_longitude) VALUES (?, ?, ?, ?)",
                       ((bench_code(number),) + clustered_own(number) for number in range(count)
                        if any(value is not None for value in clustered_own(number))))
        db.executemany("INSERT INTO cache (title, details, creator, reward, code, latitude, longitude, listing) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                       (row[:4] + (bench_code(number),) + clustered_place(number) + (clustered_listing(number),)
                        for number, row in enumerate(cache_rows(count))))
        placed = db.execute("SELECT count(*) FROM cache_place").fetchone()[0]
        if placed != count:
            raise RuntimeError(f"{path}: {placed} places indexed, wanted {count}")
    complete_pending_rows(binary, path)
    return time.perf_counter() - start


def make_clustered_club_store(binary, server, database, count):
    """The clustered caches on `server` (COPY, as club.make_club_store), with the same
    own data for the bench's role; returns the store's URL."""
    from club import bench_code, copy_text
    from stores import cache_rows
    server.psql("postgres", f"CREATE DATABASE {database}")
    url = server.url(database)
    subprocess.run([binary, "list", "--store", url], check=True, stdout=subprocess.DEVNULL)
    lines = []
    for number, fields in enumerate(cache_rows(count)):
        latitude, longitude = clustered_place(number)
        lines.append("\t".join(copy_text(field) for field in fields) + f"\t{bench_code(number)}\t{latitude}\t{longitude}"
                     + "\t\\\\x" + clustered_listing(number).hex())
    server.psql(database, "COPY geocache (title, details, creator, reward, search_text, code, latitude, longitude, listing) "
                "FROM STDIN", stdin=("\n".join(lines) + "\n\\.\n").encode())
    own = []
    for number in range(count):
        found, latitude, longitude = clustered_own(number)
        if found is not None or latitude is not None:
            own.append("\t".join([bench_code(number), found or "\\N",
                                  "\\N" if latitude is None else str(latitude), "\\N" if longitude is None else str(longitude)]))
    server.psql(database, "COPY geocache_own (code, found, corrected_latitude, corrected_longitude) FROM STDIN",
                stdin=("\n".join(own) + "\n\\.\n").encode())
    server.psql(database, "ANALYZE")
    return url


def _status(session):
    """The status line: the row above the help bar (one or two rows)."""
    display = session.text()
    help_rows = 1 if "Quit" in display[-1] else 2
    return display[-1 - help_rows]


def _expect_status(session, text):
    if text not in _status(session):
        raise RuntimeError(f"the status line does not say {text!r}: {_status(session).strip()!r}")


def measure_clustered(binary, store, home, runs, settle=60.0):
    """Sessions standing inside the cluster (--home ORIGIN), one per run: Previous right
    after ^O (the farthest cache), then with the filter CLUSTER_FILTER set (Alt-S),
    Previous right after ^O again and CLUSTER_NEXTS Nexts outward from the nearest.
    Milliseconds: (previous, previous with the filter, Nexts with the filter)."""
    from form import _wait_for_text
    previous, filtered_previous, filtered_next = [], [], []
    for _ in range(runs):
        session = AppSession(binary, store, home, argv=[binary, "--store", store, "--home", ORIGIN])
        session.wait_first_paint(timeout=settle)
        session.key(b"\x0f")
        _expect_status(session, "Nearest 1 of")
        elapsed, _, _ = session.key(b"\x10")
        previous.append(elapsed * MS)
        _expect_status(session, "Nearest")
        session.key(b"\x0f")
        session.key(b"\x1bs")
        session.key(CLUSTER_FILTER.encode())
        os.write(session.master, b"\r")
        _wait_for_text(session, " shown", timeout=settle)
        session.key(b"\x0f", quiet=0.2)
        _expect_status(session, "Nearest 1 of")
        elapsed, _, _ = session.key(b"\x10")
        filtered_previous.append(elapsed * MS)
        _expect_status(session, " shown")
        for _ in range(CLUSTER_NEXTS):
            elapsed, _, _ = session.key(b"\x0e")
            filtered_next.append(elapsed * MS)
        _expect_status(session, f"Nearest {CLUSTER_NEXTS} of")
        session.quit()
    return previous, filtered_previous, filtered_next


def clustered_figures(Figure, binary, workdir, home, runs, count):
    """The figures of nearest first in a clustered store: SQLite with `count` caches,
    then PostgreSQL on a throwaway server with CLUSTER_CLUB_CACHES."""
    from club import Server
    figures = []
    path = os.path.join(workdir, f"clustered-{count}.sqlite")
    seconds = make_clustered_store(binary, path, count)
    os.sync()
    previous, filtered_previous, filtered_next = measure_clustered(binary, path, home, runs)
    os.remove(path)
    where = f"{count:,} caches within 50 km"
    figures.append(Figure("nearest_previous_cluster", f"Previous right after ^O, {where}", "ms", previous, budget=5,
                          note=f"store made in {seconds:.0f} s"))
    figures.append(Figure("nearest_previous_cluster_filter", f"  the same, filter \"{CLUSTER_FILTER}\"", "ms",
                          filtered_previous, budget=5))
    figures.append(Figure("nearest_next_cluster_filter", f"  Next nearest first, filter \"{CLUSTER_FILTER}\"", "ms",
                          filtered_next, budget=5))
    server = Server()
    try:
        url = make_clustered_club_store(binary, server, "clustered", CLUSTER_CLUB_CACHES)
        previous, filtered_previous, filtered_next = measure_clustered(binary, url, home, runs)
    finally:
        server.stop()
    where = f"PostgreSQL, {CLUSTER_CLUB_CACHES:,} caches within 50 km"
    figures.append(Figure("club_nearest_previous_cluster", f"Previous right after ^O, {where}", "ms", previous))
    figures.append(Figure("club_nearest_previous_cluster_filter", f"  the same, filter \"{CLUSTER_FILTER}\"", "ms",
                          filtered_previous))
    figures.append(Figure("club_nearest_next_cluster_filter", f"  Next nearest first, filter \"{CLUSTER_FILTER}\"", "ms",
                          filtered_next))
    return figures
