"""The form's first frame on a store file it has not seen (issue 39): a copy of a known
store made just before the session, a new inode with no check record, whose integrity
check runs after the first frame. Measured beside the known store's first paint, in the
same rounds, by bench.py; run alone (`python3 scripts/bench/opening.py BINARY`) it makes
its own store and prints both figures."""

import os
import shutil
import statistics
import sys
import time

from ptyapp import AppError, AppSession

MS = 1e-6  # nanoseconds to milliseconds
COPIED_BUDGET_MS = 5  # at most this much over the known store's first paint
CHECK_TIMEOUT_SECONDS = 30  # the longest a session waits for its copy's check before quitting


def check_record(path, home):
    """The app's record of the store file at `path` having been checked (issue 26)."""
    info = os.stat(path)
    state = os.environ.get("XDG_STATE_HOME") or os.path.join(home, ".local", "state")
    return os.path.join(state, "geocache-tui", "checked", f"{info.st_dev}-{info.st_ino}")


def measure_copied_first_paint(binary, store, workdir, home, runs=1):
    """First paint times (ms) of the form on a fresh copy of `store` each run. The copy
    is written to the disk before the session (no writeback during it), and must be
    recorded as checked once the session has quit: the check ran, after the paint."""
    copy = os.path.join(workdir, "copied.sqlite")
    paints = []
    for _ in range(runs):
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(copy + suffix):
                os.remove(copy + suffix)
        shutil.copyfile(store, copy)
        with open(copy, "rb+") as handle:
            os.fsync(handle.fileno())
        record = check_record(copy, home)
        if os.path.exists(record):
            os.remove(record)
        session = AppSession(binary, copy, home)
        paints.append(session.wait_first_paint() * MS)
        # The check runs after the paint (half a second and more on a million caches);
        # quitting before it ends would stop it, leaving the file unrecorded.
        deadline = time.monotonic() + CHECK_TIMEOUT_SECONDS
        while not os.path.exists(record) and time.monotonic() < deadline:
            time.sleep(0.01)
        session.quit()
        if not os.path.exists(record):
            raise AppError(f"the copy {copy} was not checked during its session")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(copy + suffix):
            os.remove(copy + suffix)
    return paints


def copied_figure(Figure, count, copied, known):
    """The row for the copied store's first paint, held to the known one's (`known`, the
    samples of the same store as the app knows it) plus COPIED_BUDGET_MS."""
    known_median = statistics.median(known)
    return Figure(f"first_paint_copied_{count}", f"first paint, a copied {count:,}-cache store", "ms", copied,
                  budget_text=f"<= known + {COPIED_BUDGET_MS} ms",
                  check=lambda f: f.median <= known_median + COPIED_BUDGET_MS)


def main():
    import tempfile
    from figures import Figure, print_table
    from form import measure_first_paint
    from stores import make_store
    binary = os.path.abspath(sys.argv[1])
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 11
    workdir = tempfile.mkdtemp(prefix="geocache-opening-")
    home = os.path.join(workdir, "home")
    os.makedirs(home)
    os.environ["XDG_STATE_HOME"] = os.path.join(home, ".local", "state")
    try:
        store = os.path.join(workdir, f"store-{count}.sqlite")
        make_store(binary, store, count)
        os.sync()
        known, copied = [], []
        for _ in range(rounds):
            known += measure_first_paint(binary, store, 1, home)[0]
            copied += measure_copied_first_paint(binary, store, workdir, home)
        print_table([Figure(f"first_paint_{count}", f"first paint, {count:,} caches", "ms", known),
                     copied_figure(Figure, count, copied, known)])
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.dont_write_bytecode = True
    main()
