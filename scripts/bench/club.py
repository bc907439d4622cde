"""The club store's figures (issue 14): a throwaway PostgreSQL server over loopback,
a store of 100,000 caches on it, and the form measured there as on SQLite; plus the
time from another process's commit to the repaint, on both stores.
"""
import glob
import os
import select
import shutil
import socket
import subprocess
import tempfile
import time

from figures import Figure
from form import measure_big_store, measure_first_paint, measure_idle
from ptyapp import AppSession
from stores import cache_rows

MS = 1e-6


class Server:
    """A PostgreSQL cluster of its own (initdb, pg_ctl) on 127.0.0.1 and a free port,
    run as the `postgres` user when this is root (initdb refuses root)."""

    def __init__(self):
        bins = sorted(glob.glob("/usr/lib/postgresql/*/bin"))
        if not bins:
            raise RuntimeError("no PostgreSQL server under /usr/lib/postgresql (apt-get install postgresql)")
        self.bin = bins[-1]
        self.directory = tempfile.mkdtemp(prefix="geocache-bench-pg-")
        os.makedirs(os.path.join(self.directory, "sock"))
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        if os.geteuid() == 0:
            subprocess.run(["chown", "-R", "postgres:", self.directory], check=True)
        self._tool("initdb", "-D", self.data, "-A", "trust", "-U", "geo", "--no-sync", "-E", "UTF8",
                   "--locale=C.UTF-8")
        self._tool("pg_ctl", "-D", self.data, "-l", os.path.join(self.directory, "server.log"), "-w",
                   "-o", f"-p {self.port} -k {self.directory}/sock -c listen_addresses=127.0.0.1", "start")

    @property
    def data(self):
        return os.path.join(self.directory, "data")

    def url(self, database):
        return f"postgresql://geo@127.0.0.1:{self.port}/{database}"

    def psql(self, database, sql, stdin=None):
        return subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", f"{self.directory}/sock",
                               "-p", str(self.port), "-U", "geo", "-d", database, "-c", sql],
                              input=stdin, check=True, stdout=subprocess.PIPE).stdout

    def stop(self):
        self._tool("pg_ctl", "-D", self.data, "-w", "-m", "fast", "stop")
        shutil.rmtree(self.directory, ignore_errors=True)

    def _tool(self, name, *arguments):
        command = [os.path.join(self.bin, name), *arguments]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--"] + command
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


# The geocaching alphabet (CacheCode.alphabet).
CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRTVWXYZ"


def bench_code(number):
    """A code of the app's form (GT and seven characters of the alphabet) for row
    `number`, unique per row: the store requires one for every cache."""
    digits = ""
    for _ in range(7):
        number, digit = divmod(number, len(CODE_ALPHABET))
        digits = CODE_ALPHABET[digit] + digits
    return "GT" + digits


def copy_text(field):
    """`field` as a column of COPY's text format (the store's columns are text)."""
    return field.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


def make_club_store(binary, server, database, count):
    """A store of `count` caches on `server`: set up by the app, filled with COPY (the
    rows of the SQLite generator, search text included, and a code each); returns its URL."""
    server.psql("postgres", f"CREATE DATABASE {database}")
    url = server.url(database)
    subprocess.run([binary, "list", "--store", url], check=True, stdout=subprocess.DEVNULL)
    if count == 0:
        return url
    lines = []
    for number, fields in enumerate(cache_rows(count)):
        lines.append("\t".join(copy_text(field) for field in fields) + "\t" + bench_code(number))
    server.psql(database, "COPY geocache (title, details, creator, reward, search_text, code) FROM STDIN",
                stdin=("\n".join(lines) + "\n\\.\n").encode())
    server.psql(database, "ANALYZE geocache")
    return url


def measure_commit_to_repaint(binary, store, home, runs):
    """Milliseconds from another process's `add` having committed (its exit) to the
    form's screen showing the new count."""
    samples = []
    session = AppSession(binary, store, home)
    session.wait_first_paint()
    base = shown_count(session)
    for run in range(runs * 2):
        subprocess.run([binary, "add", "--store", store, "--title", f"Commit {run}", "--details", "d",
                        "--creator", "bench", "--reward", "r"], check=True)
        committed = time.perf_counter_ns()
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            ready, _, _ = select.select([session.master], [], [], deadline - time.monotonic())
            if not ready:
                break
            data = os.read(session.master, 1 << 16)
            session.feed([(0, data)])
            if shown_count(session) == base + run + 1:
                samples.append((time.perf_counter_ns() - committed) * MS)
                break
        else:
            raise RuntimeError("the form did not show another process's add within 5 s")
    session.quit()
    return samples


def shown_count(session):
    """The count in the status line ("Cache 3 of 12"); 0 for an empty store."""
    for line in reversed(session.text()):
        words = line.split()
        if len(words) >= 4 and words[0] == "Cache" and words[2] == "of" and words[3].isdigit():
            return int(words[3])
    return 0


def club_figures(binary, home, runs, sqlite_store, count, idle_seconds):
    """Another process's add to the repaint on `sqlite_store`, then the club store's
    figures on a server of its own with `count` caches."""
    figures = [Figure("commit_to_repaint_sqlite", "another process's add to the repaint, SQLite", "ms",
                      measure_commit_to_repaint(binary, sqlite_store, home, runs), budget=200)]
    server = Server()
    try:
        club = make_club_store(binary, server, "club", count)
        empty = make_club_store(binary, server, "club_empty", 0)
        empty_paint, _, _, _ = measure_first_paint(binary, empty, runs, home)
        club_paint, _, _, _ = measure_first_paint(binary, club, runs, home)
        figures.append(Figure("club_first_paint_0", "first paint, PostgreSQL, empty", "ms", empty_paint))
        figures.append(Figure("club_first_paint", f"first paint, PostgreSQL, {count:,} caches", "ms", club_paint))
        _, next_ms, add_ms, _, _ = measure_big_store(binary, club, home, runs, 100, more_nexts=100)
        figures.append(Figure("club_add", f"Add, PostgreSQL, {count:,} caches", "ms", add_ms))
        figures.append(Figure("club_next", f"Next, PostgreSQL, {count:,} caches", "ms", next_ms))
        figures.append(Figure("commit_to_repaint_club", "another process's add to the repaint, PostgreSQL", "ms",
                              measure_commit_to_repaint(binary, club, home, runs), budget=200))
        ticks, wakeups, _ = measure_idle(binary, club, home, runs, idle_seconds)
        figures.append(Figure("club_idle_wakeups", "idle wake-ups per second, PostgreSQL", "/s", wakeups,
                              budget=0, note=f"idle CPU ticks: {ticks}"))
    finally:
        server.stop()
    return figures
