"""The figures of issue 25 (a cache has a place): `list --near` over a million placed
caches, and the import of a pocket query with five logs per cache next to the same
file without its logs.

The logged and unlogged imports run by turns, one of each per round, so a change of
load on this shared machine reaches both alike; the ratio is taken round by round.
"""
import os
import statistics
import subprocess
import sys

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
