"""The form's figures, measured on the real binary in a pseudo-terminal: first paint,
bytes and latency per key, idle CPU and wake-ups, Add, Next and memory on a big store.
Used for both stores (a file path or a server URL)."""

import base64
import json
import os
import shutil
import sqlite3
import subprocess
import time

from ptyapp import AppError, AppSession

MS = 1e-6  # nanoseconds to milliseconds
FOCUS_STOPS = 7  # Title, Details, Creator, Reward, Add, Previous, Next
LONG_TEXT = 200  # characters typed into Details, more than the 68 cells it shows at 80x24


def measure_first_paint(binary, store, runs, home):
    """First paint times (ms) and, from the same sessions, quit times (ms)."""
    paints, quits, cpu, queued = [], [], [], []
    for _ in range(runs):
        session = AppSession(binary, store, home)
        paints.append(session.wait_first_paint() * MS)
        queued.append(session.paint_schedstat[1] * MS)
        quits.append(session.quit() * MS)
        # The whole session's CPU time: its start, the first paint and the quit (the
        # store's thread has ended by the first paint, so /proc's live threads miss it).
        cpu.append(session.cpu_ms)
    return paints, quits, cpu, queued


def measure_keys(binary, store, home, runs):
    """Bytes per typed character, per Tab and per Next (with changed cells), and the
    latency of 100 keys per run."""
    per_char, per_tab, per_next, next_changed, next_excess, latencies = [], [], [], [], [], []
    for _ in range(runs):
        session = AppSession(binary, store, home)
        session.wait_first_paint()
        # Typing into the (empty, focused) Title field.
        for ch in b"geocache":
            _, count, _ = session.key(bytes([ch]))
            per_char.append(count)
        for _ in range(8):
            session.key(b"\x7f")
        # Latency: 50 characters, then 50 backspaces (the field never scrolls).
        for i in range(50):
            elapsed, _, _ = session.key(bytes([ord("a") + i % 26]))
            latencies.append(elapsed * MS)
        for _ in range(50):
            elapsed, _, _ = session.key(b"\x7f")
            latencies.append(elapsed * MS)
        # Tab once round the form (four fields, then the Add, Previous and Next
        # buttons), back to Title.
        for _ in range(FOCUS_STOPS):
            _, count, _ = session.key(b"\t")
            per_tab.append(count)
        # Next: bytes against the cells that changed on the screen.
        for _ in range(5):
            _, count, changed = session.key(b"\x0e", diff=True)
            per_next.append(count)
            next_changed.append(changed)
            next_excess.append(count - changed)
        session.quit()
    return per_char, per_tab, per_next, next_changed, next_excess, latencies


def worst_tab_of_each_round(per_tab):
    """The most bytes any one Tab of a round cost, for each round of `measure_keys`."""
    return [max(per_tab[i:i + FOCUS_STOPS]) for i in range(0, len(per_tab), FOCUS_STOPS)]


def measure_long_text_and_draft_quit(binary, empty_store, workdir, home, runs):
    """Bytes per typed character over LONG_TEXT characters typed one at a time into the
    empty Details field (one sample per run: the run's bytes divided by LONG_TEXT), and
    the quit with that text as an unsaved draft: ^Q to the process's exit. The first
    `runs` sessions type one key at a time and are counted; `2 * runs` more type the same
    text in one write, for more quit samples. Each session has its own copy of the empty
    store (a kept draft would fill the next session's fields), and after each quit the
    draft must be in the store."""
    text = bytes(ord("a") + i % 26 for i in range(LONG_TEXT))
    per_char, quits = [], []
    for run in range(3 * runs):
        store = os.path.join(workdir, f"draft-{run}.sqlite")
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(empty_store + suffix):
                shutil.copyfile(empty_store + suffix, store + suffix)
        session = AppSession(binary, store, home)
        session.wait_first_paint()
        session.key(b"\t")  # from Title to Details
        if run < runs:
            total = 0
            for ch in text:
                _, count, _ = session.key(bytes([ch]))
                total += count
            per_char.append(total / LONG_TEXT)
        else:
            session.key(text)
        quits.append(session.quit() * MS)
        with sqlite3.connect(store) as db:
            row = db.execute("SELECT content FROM form_draft ORDER BY id DESC").fetchone()
        # A draft is a JSON object whose texts are base64 of their UTF-8 (FormDraft.encoded()).
        kept = base64.b64decode(json.loads(row[0])["fields"]["details"]).decode() if row else None
        if kept != text.decode():
            raise AppError(f"the typed draft was not kept: {kept!r}")
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(store + suffix):
                os.remove(store + suffix)
    return per_char, quits


def measure_idle(binary, store, home, runs, seconds):
    """CPU ticks and wake-ups per process over `seconds` of nobody typing, for `runs`
    processes idling side by side (they share nothing but the store file)."""
    sessions = [AppSession(binary, store, home) for _ in range(runs)]
    for session in sessions:
        session.wait_first_paint()
    before = [session.cpu_and_switches() for session in sessions]
    written = AppSession.drain_all(sessions, seconds)
    after = [session.cpu_and_switches() for session in sessions]
    ticks = [a[0] - b[0] for a, b in zip(after, before)]
    wakeups = [(a[1] - b[1]) / seconds for a, b in zip(after, before)]
    for session in sessions:
        session.quit()
    return ticks, wakeups, written


def measure_big_store(binary, store, home, runs, nexts, more_nexts=10_000):
    """With the million-cache store: peak memory after `nexts` Nexts and after
    `more_nexts` in all (flat: issue 39), Next latency, and Add latency (four fields
    typed, then ^S)."""
    peaks, next_ms, add_ms, baseline, later = [], [], [], [], []
    for run in range(runs):
        session = AppSession(binary, store, home)
        session.wait_first_paint()
        baseline.append(session.status_kib("VmHWM") / 1024)
        # Add: type the four fields, then time ^S to the end of the screen update.
        # Focus starts on Title, and Add puts it back there.
        for index in range(2):
            values = (f"Bench cache {run}-{index}", "Under the bridge", "bench", "Logbook")
            for number, value in enumerate(values):
                session.key(value.encode())
                if number < len(values) - 1:
                    session.key(b"\t")
            elapsed, _, _ = session.key(b"\x13")
            add_ms.append(elapsed * MS)
        # Next, one at a time and timed.
        for _ in range(20):
            elapsed, _, _ = session.key(b"\x0e")
            next_ms.append(elapsed * MS)
        # The rest of the Nexts in batches of 50, each batch drained before the next.
        remaining = nexts - 20
        while remaining > 0:
            batch = min(50, remaining)
            session.key(b"\x0e" * batch)
            remaining -= batch
        peaks.append(session.status_kib("VmHWM") / 1024)
        remaining = more_nexts - nexts
        while remaining > 0:
            batch = min(50, remaining)
            session.key(b"\x0e" * batch)
            remaining -= batch
        later.append(session.status_kib("VmHWM") / 1024)
        session.quit()
    return peaks, next_ms, add_ms, baseline, later


# Where the nearest-first session stands (Zürich), given as --home.
NEAREST_HOME = "47.368717, 8.540933"
# The key that switches Next and Previous to nearest first (^O in the key table).
NEAREST_KEY = b"\x0f"


def measure_nearest_next(binary, store, home, runs, nexts=20):
    """With a big store of placed caches, standing at NEAREST_HOME: the latency of
    Next in nearest-first order, `nexts` timed per run."""
    next_ms = []
    for _ in range(runs):
        session = AppSession(binary, store, home, argv=[binary, "--store", store, "--home", NEAREST_HOME])
        session.wait_first_paint()
        session.key(NEAREST_KEY)
        for _ in range(nexts):
            elapsed, _, _ = session.key(b"\x0e")
            next_ms.append(elapsed * MS)
        session.quit()
    return next_ms


# The details of the huge cache: "ab " over and over, 48 MB (issue 26).
HUGE_DETAILS_BYTES = 48_000_000


def make_huge_cache_store(binary, path):
    """A store of two caches, the first with HUGE_DETAILS_BYTES of details (written by
    SQL: no command line or JSON string takes that much)."""
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    for title in ("Huge one", "Small one"):
        subprocess.run([binary, "add", "--store", path, "--title", title, "--details", "x", "--creator", "bench",
                        "--reward", "Coin"], check=True, stdout=subprocess.DEVNULL)
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("UPDATE cache SET details = ? WHERE title = 'Huge one'",
                   ("ab " * (HUGE_DETAILS_BYTES // 3),))
    finally:
        db.close()


def _wait_for_text(session, text, timeout=60.0):
    """Reads the session's output until a row of the screen holds `text`; returns the
    stamp (ns) of the chunk that completed it."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for stamp, data in session.collect(quiet=0.02, timeout=max(0.1, deadline - time.monotonic())):
            session.feed([(stamp, data)])
            if any(text in row for row in session.text()):
                return stamp
    raise AppError(f"{text!r} not shown within {timeout} s")


def measure_huge_cache(binary, store, home, runs):
    """With the huge cache first, in ms: from the start to its details on screen, ^P
    back to it from the next cache, ^Q to the exit while it is shown, and ^Q sent as
    soon as the first frame is drawn (while the store is still being read)."""
    shown, revisits, quits, early_quits = [], [], [], []
    for _ in range(runs):
        session = AppSession(binary, store, home)
        shown.append((_wait_for_text(session, "Details: ab ab") - session.spawned_ns) * MS)
        session.key(b"\x0e")
        start = time.perf_counter_ns()
        os.write(session.master, b"\x10")
        revisits.append((_wait_for_text(session, "Title:   Huge one") - start) * MS)
        session.collect(quiet=0.1, need_output=False)
        quits.append(session.quit() * MS)
        # The first frame (its title bar) is the earliest the form can be asked to quit:
        # before it the terminal is still being set up, and a ^Q the line discipline
        # gets while it still has flow control on is taken as XON, not as a key.
        session = AppSession(binary, store, home)
        _wait_for_text(session, "geocache-tui")
        early_quits.append(session.quit(timeout=30.0) * MS)
    return shown, revisits, quits, early_quits
