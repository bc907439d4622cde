"""The club store over an internet path (issue 27): a PostgreSQL server of its own
behind scripts/fault-relay.py delaying each direction by 25 ms (a 50 ms round trip),
the one-shot commands timed beside psql doing the same work over the same relay in
the same run, and the form's start and Next at a normal pace.

Every figure has its round trips beside its time: the relay's `stats` before and after
each run give the connections it accepted and the turns it saw (a client's bytes
followed by the server's answer). Nothing else talks to the relay while a run is
measured, so the difference is the run's own. Counts do not move with the machine's
load; times do.

How a connection counts: libpq first asks the server for SSL (one turn, answered "no"
here), then sends its start-up message and reads authentication (trust here) up to
ReadyForQuery (one more). psql's turns for one statement, less that statement, are the
connection's turns, and the form's budget counts round trips beyond them.
"""
import json
import os
import select
import statistics
import subprocess
import sys
import time

from club import Server, bench_code
from ptyapp import AppError, AppSession
from stores import SEARCH_FIELD_SEPARATOR, cache_rows, fold_for_search

MS = 1e-6  # nanoseconds to milliseconds
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RELAY_SCRIPT = os.path.join(REPO, "scripts", "fault-relay.py")
# Each direction: 25 ms, a 50 ms round trip, an ordinary internet path.
DELAY_MS = 25
# The caches of the store the commands and the form work on, and of the store searched.
FEW = 8
MATCHED = 1_000
# Nexts per form session, and the pace they are pressed at.
NEXTS = 20
NEXT_PACE_SECONDS = 0.2
# How long the form may take to show its first cache through the relay.
FORM_TIMEOUT_SECONDS = 30.0


class Relay:
    """scripts/fault-relay.py in front of `server`, delaying each direction: its port,
    its counts, and its end (``stop``, also when a measurement failed)."""

    def __init__(self, server, delay_ms):
        self.proc = subprocess.Popen([sys.executable, RELAY_SCRIPT, "--target", f"127.0.0.1:{server.port}",
                                      "--delay-ms", str(delay_ms)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        try:
            words = self._answer().split()
            if len(words) != 2 or words[0] != "port":
                raise RuntimeError(f"fault-relay.py said {' '.join(words)!r} instead of its port")
        except RuntimeError:
            self.stop()
            raise
        self.port = int(words[1])

    def url(self, database):
        """The URL of `database` through the relay."""
        return f"postgresql://geo@127.0.0.1:{self.port}/{database}"

    def counts(self):
        """(connections accepted, turns seen) so far."""
        self.proc.stdin.write("stats\n")
        words = self._answer().split()
        if len(words) != 4 or words[0] != "connections" or words[2] != "turns":
            raise RuntimeError(f"fault-relay.py answered stats with {' '.join(words)!r}")
        return int(words[1]), int(words[3])

    def stop(self):
        """Asks the relay to quit, and kills it when it does not within 5 s. The last
        client's connection is given a few delays to close first: the relay quitting
        with a connection open prints asyncio's traceback of its cancelled task."""
        if self.proc.poll() is None:
            time.sleep(8 * DELAY_MS / 1000)
            try:
                self.proc.stdin.write("quit\n")
                self.proc.stdin.close()
                self.proc.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()
        self.proc.stdout.close()

    def _answer(self, timeout=10.0):
        """The relay's next line; an error when it ends or says nothing within `timeout`.
        It says one line per command and nothing unasked (no fault is armed here), so
        no line waits in this side's buffer while `select` sees an empty pipe."""
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
        line = self.proc.stdout.readline() if ready else ""
        if not line:
            raise RuntimeError("fault-relay.py did not answer (exit status "
                               f"{self.proc.poll()})")
        return line.strip()


class Counted:
    """The samples of one program doing one piece of work: milliseconds, turns and
    connections per run."""

    def __init__(self):
        self.ms, self.turns, self.connections = [], [], []

    def run(self, relay, argv, env):
        """Runs `argv` to its exit and records its time and what the relay saw."""
        connections, turns = relay.counts()
        start = time.perf_counter_ns()
        proc = subprocess.run(argv, capture_output=True, env=env)
        elapsed = time.perf_counter_ns() - start
        after_connections, after_turns = relay.counts()
        if proc.returncode != 0:
            raise RuntimeError(f"{' '.join(argv[:2])} exited {proc.returncode}: "
                               f"{proc.stderr.decode(errors='replace').strip()}")
        self.ms.append(elapsed * MS)
        self.turns.append(after_turns - turns)
        self.connections.append(after_connections - connections)


def sql_text(text):
    """`text` as an SQL string literal without a type: the server takes it as the
    column's type, `bytea` (escape format: only backslashes are special, and the
    bench's texts have none) or `text`."""
    if "\\" in text:
        raise ValueError(f"the bench's SQL texts have no backslash: {text!r}")
    return "'" + text.replace("'", "''") + "'"


def search_value(fields):
    """The folded search text a cache of these four fields is stored with."""
    return fold_for_search(SEARCH_FIELD_SEPARATOR.join(fields))


def json_caches(rows):
    """The lab's JSON array for `rows` of (code, title, details, creator, reward)."""
    return json.dumps([{"code": code, "title": title, "details": details, "creator": creator, "reward": reward}
                       for code, title, details, creator, reward in rows])


def import_caches(binary, url, rows, env):
    """Stores `rows` through the app's own import, straight to the server (not through
    the relay): the store's schema, whatever its column types, is the app's business."""
    subprocess.run([binary, "import", "--quiet", "--store", url, "-"], input=json_caches(rows).encode(),
                   env=env, check=True, stdout=subprocess.DEVNULL)


def few_rows():
    """The FEW caches of the small store: (code, title, details, creator, reward)."""
    return [(bench_code(number),) + tuple(fields[:4]) for number, fields in enumerate(cache_rows(FEW))]


# MARK: - The commands beside psql

def measure_commands(binary, server, relay, runs, env):
    """Each command and psql's same work, by turns (which goes first alternates), on
    the small store; `list --match` on the store of MATCHED caches. Returns
    {key: (the app's Counted, psql's Counted)}."""
    few = relay.url("few")
    rows = few_rows()
    results = {}

    def pair(key, store, arguments, sql):
        """One run of the app's command `arguments` and one of psql's `sql`, on `store`."""
        app, reference = results.setdefault(key, (Counted(), Counted()))
        steps = [lambda: app.run(relay, [binary] + arguments + ["--store", store], env),
                 lambda: reference.run(relay, ["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", store,
                                               "-c", sql], env)]
        for step in steps if len(app.ms) % 2 == 0 else reversed(steps):
            step()

    for _ in range(runs):
        pair("list", few, ["list"], "SELECT title, details, creator, reward FROM geocache ORDER BY id")
    needle = f"#{MATCHED * 3 // 4:07d}"
    for _ in range(runs):
        pair("list_match", relay.url("matched"), ["list", "--match", needle],
             "SELECT title, details, creator, reward FROM geocache "
             f"WHERE position({sql_text(needle)} IN search_text) > 0 ORDER BY id")
    for run in range(runs):
        # The app renames the second cache, psql the third, each to a title of its own.
        app_code, app_title = rows[1][0], f"{rows[1][1]} (edit {run})"
        psql_code, psql_fields = rows[2][0], [f"{rows[2][1]} (edit {run})"] + list(rows[2][2:])
        pair("edit", few, ["edit", "--code", app_code, "--title", app_title],
             f"UPDATE geocache SET title = {sql_text(psql_fields[0])}, "
             f"search_text = {sql_text(search_value(psql_fields))} WHERE code = {sql_text(psql_code)}")
    for run in range(runs):
        fields = (f"Network add {run}", "Under the bridge", "bench", "Logbook")
        psql_fields = (f"Network insert {run}",) + fields[1:]
        pair("add", few, ["add", "--title", fields[0], "--details", fields[1], "--creator", fields[2],
                          "--reward", fields[3]],
             "INSERT INTO geocache (title, details, creator, reward, search_text, code) VALUES ("
             + ", ".join(sql_text(field) for field in psql_fields)
             + f", {sql_text(search_value(psql_fields))}, {sql_text(bench_code(100_000 + run))})")
    # Caches to delete, stored beforehand: the first half for the app, the rest for psql.
    doomed = [(bench_code(200_000 + number), f"Network delete {number}", "Behind the wall", "bench", "Coin")
              for number in range(2 * runs)]
    import_caches(binary, server.url("few"), doomed, env)
    for run in range(runs):
        pair("delete", few, ["delete", "--code", doomed[run][0]],
             f"DELETE FROM geocache WHERE code = {sql_text(doomed[runs + run][0])}")
    return results


# The commands' rows: key, label, what psql does.
COMMANDS = (
    ("add", "add", "INSERT of the four fields"),
    ("edit", "edit --code", "UPDATE of the title"),
    ("delete", "delete --code", "DELETE by code"),
    ("list", f"list, {FEW} caches", "SELECT of the four fields"),
    ("list_match", f"list --match, {MATCHED:,} caches", "SELECT ... WHERE position(...)"),
)


def command_figures(Figure, results):
    """Four rows per command: its time, psql's, its round trips against psql's + 1,
    and psql's round trips."""
    figures = []
    for key, label, reference_work in COMMANDS:
        app, reference = results[key]
        psql_turns = statistics.median(reference.turns)
        figures.append(Figure(f"net_{key}", f"{label}, 50 ms path", "ms", app.ms,
                              note=f"connections per run: {sorted(set(app.connections))}"))
        figures.append(Figure(f"net_{key}_psql", f"  psql -c, {reference_work}", "ms", reference.ms))
        figures.append(Figure(f"net_{key}_turns", f"  {label}: round trips", "turns", app.turns,
                              budget_text=f"<= psql + 1 ({psql_turns + 1:g})",
                              check=lambda f, limit=psql_turns + 1: f.median <= limit))
        figures.append(Figure(f"net_{key}_psql_turns", "  psql: round trips", "turns", reference.turns))
    return figures


# MARK: - The form

def status_position(session):
    """The shown cache's position in the status line ("Cache 3 of 12"), or None."""
    for line in reversed(session.text()):
        words = line.split()
        if len(words) >= 4 and words[0] == "Cache" and words[2] == "of" and words[1].isdigit():
            return int(words[1])
    return None


def shows(session, position, title):
    """Whether the screen shows the cache at `position` titled `title`."""
    if status_position(session) != position:
        return False
    for row in session.text():
        inner = row.strip().strip("\u2502").strip()  # the box's sides
        if inner.startswith("Title:"):
            return inner[len("Title:"):].strip().startswith(title)
    return False


def wait_until_shown(session, position, title, timeout):
    """Reads the session's output chunk by chunk until it shows that cache; returns
    the stamp (ns) of the chunk that completed it. Each chunk is stamped as it is
    read and fed to pyte before the next read: an update of a few chunks can be
    stamped late by a feed (well under a millisecond for a repaint), never early."""
    deadline = time.monotonic() + timeout
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise AppError(f"cache {position} ({title!r}) not shown within {timeout} s:\n" + "\n".join(session.text()))
        ready, _, _ = select.select([session.master], [], [], remaining)
        if not ready:
            continue
        try:
            data = os.read(session.master, 1 << 16)
        except OSError:
            data = b""
        stamp = time.perf_counter_ns()
        if not data:
            raise AppError("the form closed its terminal:\n" + "\n".join(session.text()))
        session.feed([(stamp, data)])
        if shows(session, position, title):
            return stamp


def measure_form(binary, relay, home, runs):
    """Per session: start to the first cache shown (ms and turns, connections), then
    NEXTS Nexts NEXT_PACE_SECONDS apart, each from the key to the next cache shown
    (ms, and the turns the relay completed meanwhile: round trips waited on)."""
    titles = [row[1] for row in few_rows()]
    url = relay.url("few")
    first_ms, first_turns, first_connections, next_ms, next_turns = [], [], [], [], []
    for _ in range(runs):
        connections, turns = relay.counts()
        session = AppSession(binary, url, home)
        try:
            shown = wait_until_shown(session, 1, titles[0], FORM_TIMEOUT_SECONDS)
            after_connections, after_turns = relay.counts()
            first_ms.append((shown - session.spawned_ns) * MS)
            first_turns.append(after_turns - turns)
            first_connections.append(after_connections - connections)
            # What the form does after its first cache (reading ahead, listening) ends
            # before the first Next.
            session.collect(quiet=0.5, timeout=5, need_output=False)
            for number in range(NEXTS):
                position = (number + 1) % len(titles) + 1
                _, turns = relay.counts()
                pressed = time.perf_counter_ns()
                os.write(session.master, b"\x0e")
                shown = wait_until_shown(session, position, titles[position - 1], 10.0)
                _, after_turns = relay.counts()
                next_ms.append((shown - pressed) * MS)
                next_turns.append(after_turns - turns)
                pace = pressed / 1e9 + NEXT_PACE_SECONDS - time.perf_counter_ns() / 1e9
                if pace > 0:
                    session.feed(session.collect(quiet=pace, timeout=pace, need_output=False))
            session.quit()
        finally:
            session.kill()
    return first_ms, first_turns, first_connections, next_ms, next_turns


def form_figures(Figure, form, connection_turns):
    """The form's rows: start to the first cache and its round trips beyond the
    connection, Next's wait and the round trips it waited on."""
    first_ms, first_turns, first_connections, next_ms, next_turns = form
    beyond = [turns - connection_turns for turns in first_turns]
    return [
        Figure("net_form_first_cache", f"form: start to the first cache, {FEW} caches, 50 ms path", "ms", first_ms),
        Figure("net_form_first_cache_turns", "  round trips beyond the connection", "turns", beyond, budget=5,
               note=f"all turns {first_turns} less the connection's {connection_turns:g} (psql's less its "
                    f"statement); connections per session {sorted(set(first_connections))}"),
        Figure("net_form_next", f"form: Next every {NEXT_PACE_SECONDS * 1000:g} ms, key to the next cache", "ms",
               next_ms, budget_text="< 50 ms (one round trip)", check=lambda f: f.median < 50,
               note=f"worst of {len(next_ms)}: {max(next_ms):.1f} ms"),
        Figure("net_form_next_turns", "  round trips waited on per Next", "turns", next_turns,
               budget_text="0 for every Next", check=lambda f: max(f.samples) == 0,
               note=f"Nexts that waited on one or more: {sum(1 for t in next_turns if t)} of {len(next_turns)}"),
    ]


# MARK: - The group

def network_figures(Figure, binary, home, runs):
    """The figures of the group: a server and a relay of their own, both ended
    whatever happens."""
    env = dict(os.environ, HOME=home)
    server = Server()
    relay = None
    try:
        server.psql("postgres", "CREATE DATABASE few")
        server.psql("postgres", "CREATE DATABASE matched")
        import_caches(binary, server.url("few"), few_rows(), env)
        import_caches(binary, server.url("matched"),
                      [(bench_code(number),) + tuple(fields[:4]) for number, fields in enumerate(cache_rows(MATCHED))],
                      env)
        relay = Relay(server, DELAY_MS)
        form = measure_form(binary, relay, home, runs)
        results = measure_commands(binary, server, relay, runs, env)
    finally:
        if relay is not None:
            relay.stop()
        server.stop()
    connection_turns = statistics.median(results["list"][1].turns) - 1
    return command_figures(Figure, results) + form_figures(Figure, form, connection_turns)
