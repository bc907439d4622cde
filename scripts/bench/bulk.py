"""The bulk figures of issue 13: `list`, `list --json`, `export --format json` and
`export --format gpx` against the `sqlite3` shell reading the same rows in the same
run, on a store of small caches and on one of long descriptions, each cache with a
small listing and every tenth with the person's own data (issue 39), and the import
of the small store's JSON export (made before the listings) with its peak memory.

Each run times the five commands one after the other (sqlite3 first), so a change of
load moves them alike; a command's ratio is each of its runs divided by the median of
the sqlite3 runs. Output goes to /dev/null for all of them.
"""
import os
import statistics
import subprocess
import time

from stores import add_listings, add_own_data, make_store

SQLITE3 = "/usr/bin/sqlite3"
REFERENCE_SQL = "select title, details, creator, reward from cache"
COMMANDS = (
    ("list", ["list"]),
    ("list --json", ["list", "--json"]),
    ("export json", ["export", "--format", "json"]),
    ("export gpx", ["export", "--format", "gpx"]),
)


def timed(argv):
    """Seconds for argv, its standard output thrown away; raises when it fails."""
    with open(os.devnull, "wb") as sink:
        start = time.perf_counter_ns()
        proc = subprocess.run(argv, stdout=sink, stderr=subprocess.PIPE)
        elapsed = (time.perf_counter_ns() - start) / 1e9
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} exited {proc.returncode}: {proc.stderr.decode(errors='replace')}")
    return elapsed


def measure_store(binary, store, runs):
    """{name: [seconds]} for sqlite3 and the four commands, interleaved run by run."""
    samples = {"sqlite3": []}
    samples.update({name: [] for name, _ in COMMANDS})
    for _ in range(runs):
        samples["sqlite3"].append(timed([SQLITE3, store, REFERENCE_SQL]))
        for name, argv in COMMANDS:
            samples[name].append(timed([binary] + argv + ["--store", store]))
    return samples


def bulk_figures(Figure, binary, workdir, runs, import_runs, small=200_000, long=50_000):
    """The figures, as rows for bench.py's table (`Figure` is its class)."""
    if not os.access(SQLITE3, os.X_OK):
        raise RuntimeError(f"bulk figures need the sqlite3 shell at {SQLITE3} (Debian package sqlite3)")
    figures = []
    stores = (
        ("small", f"{small:,} small caches", small, None),
        ("long", f"{long:,} x 3.4 KB details", long, 3_400),
    )
    for key, label, count, details in stores:
        path = os.path.join(workdir, f"bulk-{key}.sqlite")
        seconds = make_store(binary, path, count, details_bytes=details)
        if key == "small":
            # The import reads the lab's four fields and a code per cache, as before
            # issue 38; the listings and own data come after, for the reading figures.
            import_rows = import_figures(Figure, binary, path, workdir, runs, import_runs, count)
        add_listings(path)
        add_own_data(path)
        size_mb = os.path.getsize(path) / 1e6
        print(f"[bench] bulk store {label}: {size_mb:.0f} MB with listings and own data, generated in "
              f"{seconds:.1f} s", flush=True)
        samples = measure_store(binary, path, runs)
        reference = statistics.median(samples["sqlite3"])
        figures.append(Figure(f"bulk_{key}_sqlite3", f"sqlite3 shell, {label}", "s", samples["sqlite3"],
                              note=f"`sqlite3 STORE '{REFERENCE_SQL}'`, the reference of the ratios below"))
        for name, _ in COMMANDS:
            slug = name.replace(" --", "_").replace(" ", "_")
            figures.append(Figure(f"bulk_{key}_{slug}", f"{name}, {label}", "s", samples[name]))
            # Issue 39: `list` and `list --json` at most twice the shell; exports five times.
            figures.append(Figure(f"bulk_{key}_{slug}_ratio", f"  {name} / sqlite3", "x",
                                  [s / reference for s in samples[name]], budget=2 if name.startswith("list") else 5))
        if key == "small":
            figures += import_rows
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(path + suffix):
                os.remove(path + suffix)
    return figures


def import_figures(Figure, binary, store, workdir, runs, import_runs, count):
    """Exports the store as JSON, then imports that file into a new store `runs` times."""
    exported = os.path.join(workdir, "bulk-export.json")
    subprocess.run([binary, "export", "--format", "json", "--output", exported, "--store", store], check=True)
    size_mb = os.path.getsize(exported) / 1e6
    seconds, peaks, cpu, summary = import_runs(binary, exported, workdir, runs)
    os.remove(exported)
    return [
        Figure("bulk_import_json", f"import {count:,}-cache JSON ({size_mb:.0f} MB)", "s", seconds, budget=1.2,
               note=f"import said: {summary}"),
        Figure("bulk_import_json_cpu", "  import CPU time (user + system)", "s", cpu),
        Figure("bulk_import_json_peak", "  import peak RSS", "MB", peaks),
    ]
