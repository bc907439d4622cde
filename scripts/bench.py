#!/usr/bin/env python3
"""The geocache-tui benchmark suite (issue 5): `make bench`.

Runs the real release binary in pseudo-terminals (80x24, TERM=xterm-256color,
LANG=C.UTF-8) and measures first paint, bytes written per key, keystroke and quit
latency, idle CPU and wake-ups, peak memory, Add and Next with a million caches, and
the import of a large GPX file; then the bulk commands against the sqlite3 shell and
the import of a large JSON file (issue 13, scripts/bench/bulk.py). Every figure is
the median of at least five runs (or samples), with min and max. Prints a table with
each figure's budget from the issue and writes the same figures as JSON.

`--only bulk` runs only the bulk figures (a few minutes); `--only limits` only the
import's peak memory on endless and enormous input (issue 26, scripts/bench/limits.py);
`--only network` only the club store through a relay delaying each way by 25 ms,
beside psql (issue 27, scripts/bench/network.py, under a minute).

Usage: python3 scripts/bench.py --binary .build/release/geocache-tui --json bench-results.json

Needs the `pyte` terminal emulator; `make bench` installs it into .venv-bench/, and
this script re-runs itself with that environment's Python when pyte is missing here.
Benchmarks are not tests: nothing here runs in `make test`.
"""
import argparse
import json
import os
import platform
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV_PYTHON = os.path.join(REPO, ".venv-bench", "bin", "python3")

try:
    import pyte
except ImportError:
    if os.path.exists(VENV_PYTHON) and os.path.realpath(sys.prefix) != os.path.realpath(
            os.path.join(REPO, ".venv-bench")):
        os.execv(VENV_PYTHON, [VENV_PYTHON] + sys.argv)
    sys.exit("bench.py needs pyte: run `make bench`, or python3 -m venv .venv-bench && "
             ".venv-bench/bin/pip install pyte")

sys.dont_write_bytecode = True  # no __pycache__ in the work tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench"))
from ptyapp import AppSession, ROWS, COLUMNS  # noqa: E402
from stores import add_own_data, make_store  # noqa: E402
from bulk import bulk_figures  # noqa: E402
from club import club_figures  # noqa: E402
from place import clustered_figures, place_figures  # noqa: E402
from figures import Figure, fmt, print_table  # noqa: E402
from form import (LONG_TEXT, measure_big_store, measure_nearest_next, measure_first_paint, measure_idle, measure_keys,  # noqa: E402
                  measure_long_text_and_draft_quit, worst_tab_of_each_round, make_huge_cache_store, measure_huge_cache)
from dialog import DialogReference  # noqa: E402
from memory import format_breakdown, smaps_breakdown  # noqa: E402
from limits import limit_figures  # noqa: E402
from network import network_figures  # noqa: E402
from opening import copied_figure, measure_copied_first_paint  # noqa: E402

MS = 1e-6  # nanoseconds to milliseconds
GNU_TIME = "/usr/bin/time"


def log(message):
    print(f"[bench {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def run_with_rusage(argv):
    """Runs argv to completion; returns (seconds, peak RSS in MiB, returncode, stdout, stderr,
    CPU seconds: user + system).

    The peak comes from GNU time (its wait4 rusage), not from this process's own wait4:
    Linux folds the RSS of the process that forks into the child's ru_maxrss (a vfork'd
    child exec's from the parent's address space), and this Python process holds far
    more than the import does after generating the big store. GNU time itself is small.
    """
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        start = time.perf_counter_ns()
        proc = subprocess.run([GNU_TIME, "-q", "-f", "%M %x %U %S", "-o", report.name] + argv,
                              capture_output=True)
        elapsed = time.perf_counter_ns() - start
        fields = report.read().split()
    peak_kib, code, cpu = int(fields[-4]), int(fields[-3]), float(fields[-2]) + float(fields[-1])
    return (elapsed / 1e9, peak_kib / 1024, code,
            proc.stdout.decode(errors="replace"), proc.stderr.decode(errors="replace"), cpu)


def import_runs(binary, source, workdir, runs, sizes=None):
    """Imports `source` into a new store `runs` times: seconds, peak MB, CPU seconds, the
    summary. With a list as `sizes`, each run appends the store's size on disk divided by
    the bytes of text it holds (the four fields of every cache)."""
    seconds, peaks, cpu, summary = [], [], [], ""
    for run in range(runs):
        store = os.path.join(workdir, f"import-{run}.sqlite")
        elapsed, peak, code, out, err, used = run_with_rusage([binary, "import", source, "--store", store])
        if code != 0:
            raise RuntimeError(f"import exited {code}: {err.strip()}")
        seconds.append(elapsed)
        peaks.append(peak)
        cpu.append(used)
        summary = out.strip()
        if sizes is not None:
            sizes.append(store_size_ratio(store))
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(store + suffix):
                os.remove(store + suffix)
    return seconds, peaks, cpu, summary


def store_size_ratio(store):
    """The store's files on disk (the database, and its log if one is left) over the
    UTF-8 bytes of the fields it holds and of its listings (hint, long description,
    logs: issue 25 keeps them)."""
    on_disk = sum(os.path.getsize(store + suffix) for suffix in ("", "-wal") if os.path.exists(store + suffix))
    db = sqlite3.connect(f"file:{store}?mode=ro", uri=True)
    try:
        text = db.execute("SELECT sum(length(CAST(title AS BLOB)) + length(CAST(details AS BLOB)) + "
                          "length(CAST(creator AS BLOB)) + length(CAST(reward AS BLOB)) + "
                          "coalesce(length(listing), 0)) FROM cache").fetchone()[0]
    finally:
        db.close()
    return on_disk / text


# Sessions per store (and of dialog) for the first-paint figures and their ratios.
PAINT_ROUNDS = 11
# The store between the empty one and the big one whose first paint is budgeted
# against dialog's (issue 23).
PAINT_MIDDLE = 100_000


def version_runs(binary, runs):
    """Milliseconds for `geocache-tui --version`: loading the program and its libraries,
    with no store and no terminal: the floor under every first paint."""
    times = []
    for _ in range(runs * 2):
        start = time.perf_counter_ns()
        subprocess.run([binary, "--version"], stdout=subprocess.DEVNULL, check=True)
        times.append((time.perf_counter_ns() - start) * MS)
    return times


def has_list_match(binary):
    help_text = subprocess.run([binary, "list", "--help"], capture_output=True, text=True).stdout
    return "--match" in help_text


def find_runs(binary, store, runs, text):
    seconds, peaks, lines = [], [], 0
    for _ in range(runs):
        elapsed, peak, code, out, err, _ = run_with_rusage([binary, "list", "--match", text, "--store", store])
        if code != 0:
            raise RuntimeError(f"list --match exited {code}: {err.strip()}")
        seconds.append(elapsed * 1000)
        peaks.append(peak)
        lines = out.count("\n")
    return seconds, peaks, lines


# MARK: - Machine

def pyte_version():
    try:
        from importlib.metadata import version
        return version("pyte")
    except Exception:  # the version is only informative
        return "unknown"


def machine_description():
    model = "unknown"
    try:
        with open("/proc/cpuinfo") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    except (OSError, IndexError):
        swift = "unknown"
    try:
        load = os.getloadavg()[0]
    except OSError:
        load = None
    return {"nproc": os.cpu_count(), "cpu": model, "swift": swift, "kernel": platform.release(),
            "python": platform.python_version(), "pyte": pyte_version(),
            "load_average_1min_at_start": load}


# MARK: - Main

def main():
    parser = argparse.ArgumentParser(description="geocache-tui benchmark suite (issue 5)")
    parser.add_argument("--binary", default=os.path.join(REPO, ".build/release/geocache-tui"))
    parser.add_argument("--json", default="bench-results.json", help="where to write the figures")
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (at least 5)")
    parser.add_argument("--big", type=int, default=1_000_000, help="caches in the big store")
    parser.add_argument("--idle-seconds", type=float, default=10.0)
    parser.add_argument("--gpx-caches", type=int, default=50_000)
    parser.add_argument("--skip-import", action="store_true", help="leave out the GPX import")
    parser.add_argument("--club", type=int, default=100_000, help="caches in the PostgreSQL store")
    parser.add_argument("--only", choices=["bulk", "place", "limits", "network"],
                        help="bulk: only list/export/import against sqlite3 (issue 13), a few minutes; "
                             "place: only list --near, nearest-first Next and the import with logs (issue 25); "
                             "limits: only the import's peak memory on endless and enormous input and with "
                             "a million caches (issue 26); network: only the club store's commands and form "
                             "through a relay delaying each way by 25 ms, beside psql (issue 27)")
    parser.add_argument("--million", type=int, default=1_000_000, help="caches in the limits' JSON import")
    parser.add_argument("--bulk-small", type=int, default=200_000, help="caches in the small-cache bulk store")
    parser.add_argument("--bulk-long", type=int, default=50_000, help="caches in the long-description bulk store")
    parser.add_argument("--workdir", help="keep generated stores here (default: a temp dir, removed)")
    args = parser.parse_args()

    binary = os.path.abspath(args.binary)
    if not os.access(binary, os.X_OK):
        sys.exit(f"bench.py: no executable at {binary}; build it with swift build -c release")
    if not os.access(GNU_TIME, os.X_OK):
        sys.exit(f"bench.py: needs GNU time at {GNU_TIME} (Debian package time)")
    runs = max(5, args.runs)
    workdir = args.workdir or tempfile.mkdtemp(prefix="geocache-bench-")
    os.makedirs(workdir, exist_ok=True)
    home = os.path.join(workdir, "home")
    os.makedirs(home, exist_ok=True)
    # Where the app records the store files it has checked (issue 26): the same for the
    # commands that make the stores as for the sessions (HOME=home), so a session opens a
    # generated store as one geocache-tui knows, and its quick_check is not measured.
    os.environ["XDG_STATE_HOME"] = os.path.join(home, ".local", "state")
    machine = machine_description()
    log(f"{machine['nproc']} cores, {machine['cpu']}, {machine['swift']}; work dir {workdir}")

    figures = []
    extra = {}
    started = time.perf_counter()
    try:
        if args.only in (None, "place"):
            placed = os.path.join(workdir, f"placed-{args.big}.sqlite")
            log(f"generating a store with {args.big:,} placed caches")
            log(f"  done in {make_store(binary, placed, args.big, placed=True):.1f} s")
            log(f"places: list --near and nearest-first Next over {args.big:,} caches; "
                f"import of {args.gpx_caches:,} caches with and without logs")
            figures += place_figures(Figure, binary, workdir, runs, import_runs, run_with_rusage, placed, args.big,
                                     args.gpx_caches)
            figures.append(Figure("nearest_next_big", f"Next nearest first, {args.big:,} placed caches", "ms",
                                  measure_nearest_next(binary, placed, home, runs), budget=5))
            os.remove(placed)
            log(f"nearest first in a store of {args.big:,} caches within 50 km, filter on; and on PostgreSQL")
            figures += clustered_figures(Figure, binary, workdir, home, runs, args.big)

        if args.only is None:
            stores = {}
            for count in (0, 10_000, PAINT_MIDDLE, args.big):
                path = os.path.join(workdir, f"store-{count}.sqlite")
                log(f"generating a store with {count:,} caches")
                seconds = make_store(binary, path, count)
                if count == PAINT_MIDDLE:
                    # A finder's data (issue 39: measured with it in the store): the own
                    # data and visit of 10,000 finds, the first cache shown among them.
                    add_own_data(path, every=10, visits=True)
                elif count == args.big:
                    # The same finder's 10,000 finds, each with its visit, among the
                    # million: the memory figures are measured with them (issue 39).
                    add_own_data(path, every=100, visits=True)
                log(f"  done in {seconds:.1f} s")
                stores[count] = path

            # The stores just written (the big one is large) go to the disk first:
            # the kernel's writeback would otherwise run during the first sessions.
            os.sync()
            reference = DialogReference(home) if DialogReference.available() else None
            log("first paint and quit" + (", next to dialog --form" if reference else ""))
            paint = {count: [] for count in (0, PAINT_MIDDLE, args.big)}
            paint_cpu = {count: [] for count in paint}
            paint_queued = {count: [] for count in paint}
            quit_ms = []
            copied = []  # a fresh copy of the PAINT_MIDDLE store each round (scripts/bench/opening.py)
            # Round after round, dialog and the app by turns, the app on each store in
            # turn: a change of load during the run reaches every figure alike, and every
            # session follows one of the other program (a session right after one of
            # the same program finds its code still in the CPU's caches). At least 11
            # rounds: on this shared machine the median of 5 sessions moved from one run
            # to the next by as much as the ratio's margin.
            for _ in range(max(runs, PAINT_ROUNDS)):
                for count in paint:
                    if reference:
                        reference.measure_first_paint(1)
                    paints, quits, cpu, queued = measure_first_paint(binary, stores[count], 1, home)
                    paint[count] += paints
                    paint_cpu[count] += cpu
                    paint_queued[count] += queued
                    quit_ms += quits
                copied += measure_copied_first_paint(binary, stores[PAINT_MIDDLE], workdir, home)
            empty = statistics.median(paint[0])
            figures.append(Figure("first_paint_0", "first paint, empty store", "ms", paint[0], budget=20))
            for count in (PAINT_MIDDLE, args.big):
                figures.append(Figure(
                    f"first_paint_{count}", f"first paint, {count:,} caches", "ms", paint[count],
                    budget_text="<= empty + 5 ms",
                    check=lambda f: f.median <= empty + 5))
            figures.append(copied_figure(Figure, PAINT_MIDDLE, copied, paint[PAINT_MIDDLE]))
            version_ms = version_runs(binary, runs)
            figures.append(Figure("start_floor", "  `geocache-tui --version` (start-up floor)", "ms", version_ms))
            for count in (0, args.big):
                figures.append(Figure(f"first_paint_cpu_{count}", f"  CPU time of the session, {count:,} caches", "ms",
                                      paint_cpu[count]))
                figures.append(Figure(f"first_paint_queued_{count}", f"  waiting for a CPU, {count:,} caches", "ms",
                                      paint_queued[count]))

            if reference:
                figures += reference.start_figures(Figure, paint, {0: paint_cpu[0], args.big: paint_cpu[args.big]},
                                                   (0, PAINT_MIDDLE), version_ms)
            else:
                figures.append(Figure("dialog_first_paint", "dialog --form: first paint (reference)", "ms", [],
                                      note="skipped: no dialog (make bench installs it)"))

            log("bytes per key and keystroke latency (10,000 caches)")
            per_char, per_tab, per_next, changed, excess, latency = measure_keys(binary, stores[10_000], home, runs)
            log(f"{LONG_TEXT} characters into Details, and quitting with them as a draft")
            per_char_long, draft_quit_ms = measure_long_text_and_draft_quit(binary, stores[0], workdir, home, runs)
            figures.append(Figure("bytes_per_char", "bytes per typed character", "B", per_char, budget=8))
            figures.append(Figure("bytes_per_char_long", f"bytes per typed character, {LONG_TEXT} characters into Details",
                                  "B", per_char_long, budget=3))
            figures.append(Figure("bytes_per_tab", "bytes per Tab", "B", per_tab, budget=60))
            figures.append(Figure("bytes_per_tab_worst", "bytes per Tab, worst of the round", "B",
                                  worst_tab_of_each_round(per_tab), budget_text="<= 40 B",
                                  check=lambda f: max(f.samples) <= 40))
            figures.append(Figure("bytes_per_next", "bytes per Next", "B", per_next,
                                  budget_text="<= changed cells + 64",
                                  check=lambda f: statistics.median(excess) <= 64))
            figures.append(Figure("cells_changed_per_next", "  cells changed per Next", "cells", changed))
            figures.append(Figure("next_bytes_over_cells", "  Next bytes minus changed cells", "B", excess, budget=64))
            figures.append(Figure("key_latency", "keystroke latency (100 keys/run)", "ms", latency, budget=1,
                                  note=f"worst of {len(latency)} keys: {fmt(max(latency))} ms"))
            if reference:
                log("dialog --form: keystroke latency (the reference)")
                reference.measure_keys(runs)
                figures += reference.key_figures(Figure, latency)
            figures.append(Figure("quit_latency", "quit (^Q to exit)", "ms", quit_ms, budget=50))
            figures.append(Figure("quit_draft_latency", "quit with a typed draft (^Q to exit)", "ms", draft_quit_ms,
                                  budget=10))

            log("a cache with 48 MB of details: first paint, showing it again, quit")
            huge_store = os.path.join(workdir, "store-huge-cache.sqlite")
            make_huge_cache_store(binary, huge_store)
            huge_shown, huge_again, huge_quit, huge_early = measure_huge_cache(binary, huge_store, home, runs)
            figures.append(Figure("shown_huge_cache", "a cache with 48 MB of details: start to shown", "ms",
                                  huge_shown))
            figures.append(Figure("revisit_huge_cache", "  ^P back to it from the next cache", "ms", huge_again))
            figures.append(Figure("quit_huge_cache", "  quit (^Q to exit) while it is shown", "ms", huge_quit,
                                  budget=100))
            figures.append(Figure("quit_early_huge_cache", "  quit sent at the first frame (store still read)", "ms",
                                  huge_early))

            log(f"idle for {args.idle_seconds:g} s ({runs} processes side by side)")
            ticks, wakeups, idle_bytes = measure_idle(binary, stores[10_000], home, runs, args.idle_seconds)
            figures.append(Figure("idle_cpu_ticks", f"idle CPU ticks in {args.idle_seconds:g} s", "ticks", ticks, budget=0))
            figures.append(Figure("idle_wakeups", "idle wake-ups per second", "/s", wakeups, budget=0,
                                  note=f"bytes written while idle: {idle_bytes}"))
            log(f"another process's add to the repaint, and the club store ({args.club:,} caches on PostgreSQL)")
            figures += club_figures(binary, home, runs, stores[10_000], args.club, args.idle_seconds)

            log(f"{args.big:,} caches: Add, Next and peak memory after 1,000 Nexts")
            peaks, next_ms, add_ms, baseline, later = measure_big_store(binary, stores[args.big], home, runs, 1000)
            figures.append(Figure("rss_first_paint_big", f"peak RSS after first paint, {args.big:,} caches", "MB",
                                  baseline, budget=20,
                                  note=("dialog --form after its first paint: median "
                                        f"{fmt(statistics.median(reference.peak_mb))} MB") if reference else ""))
            figures.append(Figure("peak_rss_big", f"peak RSS, {args.big:,} caches, 1,000 Nexts", "MB", peaks, budget=20))
            figures.append(Figure("peak_rss_big_10000", "  the same sessions after 10,000 Nexts", "MB", later, budget=20))
            figures.append(Figure("peak_rss_big_growth", "  growth from 1,000 to 10,000 Nexts", "MB",
                                  [b - a for a, b in zip(peaks, later)], budget=0.25))
            session = AppSession(binary, stores[args.big], home)
            session.wait_first_paint()
            extra["memory_after_first_paint"] = format_breakdown(smaps_breakdown(session.pid))
            session.quit()
            figures.append(Figure("add_big", f"Add with {args.big:,} caches", "ms", add_ms, budget=10))
            figures.append(Figure("next_big", f"Next with {args.big:,} caches", "ms", next_ms, budget=2))

            if args.skip_import:
                figures.append(Figure("import_time", "import 50,000-cache GPX", "s", [], budget=5, note="skipped (--skip-import)"))
                figures.append(Figure("import_peak", "import peak RSS", "MB", [], budget=100))
            else:
                gpx = os.path.join(workdir, "big.gpx")
                log(f"generating a {args.gpx_caches:,}-cache GPX file with scripts/make-big-gpx.py")
                subprocess.run([sys.executable, os.path.join(REPO, "scripts", "make-big-gpx.py"), gpx,
                                "--caches", str(args.gpx_caches)], check=True, stdout=subprocess.DEVNULL)
                size_mb = os.path.getsize(gpx) / 1e6
                log(f"  {size_mb:.0f} MB; importing {runs} times")
                seconds, import_peaks, import_cpu, summary = import_runs(binary, gpx, workdir, runs)
                os.remove(gpx)
                figures.append(Figure("import_time", f"import {args.gpx_caches:,}-cache GPX ({size_mb:.0f} MB)", "s",
                                      seconds, budget=5, note=f"import said: {summary}"))
                figures.append(Figure("import_cpu", "  import CPU time (user + system)", "s", import_cpu))
                figures.append(Figure("import_peak", "import peak RSS", "MB", import_peaks, budget=100))

            if not args.skip_import:
                gpx = os.path.join(workdir, "long.gpx")
                log(f"generating a {args.gpx_caches:,}-cache GPX file with long descriptions (make-big-gpx.py --long-descriptions)")
                subprocess.run([sys.executable, os.path.join(REPO, "scripts", "make-big-gpx.py"), gpx,
                                "--caches", str(args.gpx_caches), "--long-descriptions"], check=True, stdout=subprocess.DEVNULL)
                size_mb = os.path.getsize(gpx) / 1e6
                log(f"  {size_mb:.0f} MB; importing {runs} times")
                ratios = []
                seconds, peaks, cpu, summary = import_runs(binary, gpx, workdir, runs, sizes=ratios)
                os.remove(gpx)
                figures.append(Figure("import_long_time", f"import {args.gpx_caches:,} x 3.4 KB GPX ({size_mb:.0f} MB)", "s",
                                      seconds, budget=6, note=f"import said: {summary}"))
                figures.append(Figure("import_long_cpu", "  import CPU time (user + system)", "s", cpu))
                figures.append(Figure("import_long_peak", "  import peak RSS", "MB", peaks, budget=100))
                figures.append(Figure("import_long_store", "  store size / text it holds", "x", ratios, budget=1.5))

            if has_list_match(binary):
                log(f"find: list --match over {args.big:,} caches")
                # A text in exactly one cache's title: the figure is the search, not the printing.
                needle = f"#{args.big * 3 // 4:07d}"
                find_ms, find_peaks, lines = find_runs(binary, stores[args.big], runs, needle)
                figures.append(Figure("find_big", f"list --match over {args.big:,} caches", "ms", find_ms,
                                      note=f"{lines} lines printed; peak RSS median {fmt(statistics.median(find_peaks))} MB; "
                                           "search text generated with the store (no folding during the search)"))
            else:
                figures.append(Figure("find_big", f"list --match over {args.big:,} caches", "ms", [],
                                      note="skipped: this binary has no `list --match` (issue 6) yet"))

        if args.only in (None, "bulk"):
            log("bulk: list, list --json, export json/gpx against sqlite3; import of the JSON")
            figures += bulk_figures(Figure, binary, workdir, runs, import_runs,
                                    small=args.bulk_small, long=args.bulk_long)
        if args.only in (None, "limits"):
            log("limits: peak memory of import on endless and enormous input, and with a million caches")
            figures += limit_figures(Figure, binary, workdir, runs, run_with_rusage, million=args.million)
        if args.only in (None, "network"):
            log("network: the club store's commands beside psql and the form, through a relay of 25 ms each way")
            figures += network_figures(Figure, binary, home, runs)
    finally:
        if not args.workdir:
            shutil.rmtree(workdir, ignore_errors=True)

    machine["total_seconds"] = round(time.perf_counter() - started, 1)
    machine["load_average_1min_at_end"] = os.getloadavg()[0]
    print()
    print(f"geocache-tui benchmarks: {machine['nproc']} cores, {machine['cpu']}, {machine['swift']}")
    print(f"terminal {COLUMNS}x{ROWS}, TERM=xterm-256color, LANG=C.UTF-8; medians of >= {runs} runs; "
          f"took {machine['total_seconds']} s; load average {machine['load_average_1min_at_start']:.2f} "
          f"at start, {machine['load_average_1min_at_end']:.2f} at end (wall-clock figures grow with it)")
    print()
    print_table(figures)
    with open(args.json, "w") as out:
        json.dump({"machine": machine, "figures": {f.key: f.as_json() for f in figures},
                   "memory_after_first_paint": extra.get("memory_after_first_paint")}, out, indent=2)
        out.write("\n")
    if extra.get("memory_after_first_paint"):
        print(f"\nresident memory after the first paint, {args.big:,} caches, by mapping (/proc/PID/smaps, KiB):")
        print("\n".join(extra["memory_after_first_paint"]))
    print(f"\nwritten to {args.json}")


if __name__ == "__main__":
    main()
