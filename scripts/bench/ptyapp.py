"""The app in a pseudo-terminal, as a person's terminal would run it.

Output is read as soon as it arrives and every chunk is stamped with
time.perf_counter_ns() right after read() returns; nothing slow (the pyte terminal
emulator) runs between reads while a measurement is going on, so a stamp is never
late because the reader was busy. An update ends at its LAST byte: reading goes on
until the output has been quiet for a while, and the stamp of the last chunk is the
end, not the end of the quiet period.
"""
import atexit
import fcntl
import os
import select
import struct
import subprocess
import termios
import time

import pyte

ROWS, COLUMNS = 24, 80
# How long the output must stay quiet before an update counts as finished. Only the
# stop condition: the figures end at the last byte read before the quiet period.
QUIET_SECONDS = 0.03
FIRST_PAINT_QUIET_SECONDS = 0.15
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


class AppError(RuntimeError):
    pass


class AppSession:
    """One geocache-tui process on its own pty, with a pyte screen following it.

    Every session still running when the suite ends (a measurement failed half-way)
    is killed: the app has no controlling terminal here, so closing the pty sends it
    no SIGHUP, and it would otherwise be left behind.
    """

    live = set()

    def __init__(self, binary, store, home, rows=ROWS, columns=COLUMNS, argv=None):
        """Starts `binary --store STORE`, or `argv` as given (the reference programs)."""
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": home,
            "XDG_DATA_HOME": os.path.join(home, "data"),
            "TERM": "xterm-256color",
            "LANG": "C.UTF-8",
        }
        self.master = master
        self.store = store
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.output = bytearray()
        self.spawned_ns = time.perf_counter_ns()
        self.proc = subprocess.Popen(
            argv or [binary, "--store", store], stdin=slave, stdout=slave, stderr=slave,
            env=env, close_fds=True, start_new_session=True)
        os.close(slave)
        self.pid = self.proc.pid
        self.pidfd = os.pidfd_open(self.pid)
        self.exited = False
        AppSession.live.add(self)

    # MARK: - Reading

    def _read(self, timeout):
        """One read of whatever is there within `timeout`; (stamp, bytes) or None."""
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return None
        try:
            data = os.read(self.master, 1 << 16)
        except OSError:  # EIO: the slave side is closed (the app exited)
            data = b""
        stamp = time.perf_counter_ns()
        if not data:
            raise AppError(f"the app closed its terminal; output so far: {bytes(self.output[-400:])!r}")
        return stamp, data

    def collect(self, quiet=QUIET_SECONDS, timeout=10.0, need_output=True):
        """Reads until the output has been quiet for `quiet` seconds (after at least one
        byte when `need_output`). Returns the (stamp, bytes) chunks; the screen is not
        fed yet (see ``feed``)."""
        chunks = []
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                if chunks or not need_output:
                    return chunks
                raise AppError(f"no output within {timeout} s")
            wait = min(quiet, remaining) if (chunks or not need_output) else remaining
            chunk = self._read(wait)
            if chunk is None:
                if chunks or not need_output:
                    return chunks
                continue
            chunks.append(chunk)

    def feed(self, chunks):
        for _, data in chunks:
            self.output += data
            self.stream.feed(data)

    def snapshot(self):
        """Every cell's character and look, to count the cells an update changed."""
        buffer = self.screen.buffer
        return [[(c.data, c.fg, c.bg, c.bold, c.reverse, c.underscore)
                 for c in (buffer[y][x] for x in range(self.screen.columns))]
                for y in range(self.screen.lines)]

    def text(self):
        return list(self.screen.display)

    # MARK: - Measurements

    def wait_first_paint(self, timeout=30.0):
        """Nanoseconds from spawning to the last byte of the first complete form.

        Reads until the output has been quiet for a while and the screen shows the form
        (title bar on top, status line and the whole help bar at the bottom), then replays the
        chunks through a fresh emulator to find the first one after which the screen
        already looked exactly as it does at the end: its stamp is the first paint.
        """
        chunks = []
        deadline = time.monotonic() + timeout
        while True:
            chunks += self.collect(FIRST_PAINT_QUIET_SECONDS, max(0.1, deadline - time.monotonic()))
            probe = pyte.Screen(self.screen.columns, self.screen.lines)
            probe_stream = pyte.ByteStream(probe)
            for _, data in chunks:
                probe_stream.feed(data)
            if self._looks_complete(probe.display):
                break
            if time.monotonic() > deadline:
                raise AppError("the form never appeared:\n" + "\n".join(probe.display))
        final = probe.display
        replay = pyte.Screen(self.screen.columns, self.screen.lines)
        replay_stream = pyte.ByteStream(replay)
        done_at = chunks[-1][0]
        for stamp, data in chunks:
            replay_stream.feed(data)
            if replay.display == final:
                done_at = stamp
                break
        self.feed(chunks)
        # The process is idle now (its first idle tick is a second away): what it has
        # spent so far is what the first paint cost it.
        self.paint_schedstat = self.schedstat()
        return done_at - self.spawned_ns

    # The help bar's last hint, drawn last of the bar's text, so the bar is complete with
    # it: at 80 columns the bar takes two rows, and on a store with caches the second ends
    # in "PgUp Scroll" (the keys after it do not fit); on an empty store, whose bar leaves
    # out the moves, it ends in the key table's last hint, "M-s Filter".
    LAST_HELP_HINTS = ("Scroll", "Filter")

    @staticmethod
    def _looks_complete(display):
        """The title bar on top, the help bar (one or two rows, ending in its last
        hint) at the bottom, and a status line right above the help bar."""
        top = display[0]
        if "geocache-tui" not in top or not display[-1].rstrip().endswith(AppSession.LAST_HELP_HINTS):
            return False
        help_rows = 1 if "Quit" in display[-1] else 2
        if help_rows == 2 and "Quit" not in display[-2]:
            return False
        status = display[-1 - help_rows]
        return status.strip() != ""

    def key(self, data, diff=False, quiet=QUIET_SECONDS):
        """Writes `data` as typed keys; returns (nanoseconds from the write to the last
        byte of the update, bytes written by the app, cells changed or None)."""
        before = self.snapshot() if diff else None
        start = time.perf_counter_ns()
        os.write(self.master, data)
        chunks = self.collect(quiet)
        self.feed(chunks)
        count = sum(len(c) for _, c in chunks)
        changed = None
        if diff:
            after = self.snapshot()
            changed = sum(1 for y in range(len(after)) for x in range(len(after[y]))
                          if after[y][x] != before[y][x])
        return chunks[-1][0] - start, count, changed

    def quit(self, timeout=10.0):
        """Sends ^Q; returns nanoseconds from the write to the process's exit (its
        pidfd becoming readable), reading its last output meanwhile."""
        start = time.perf_counter_ns()
        os.write(self.master, b"\x11")
        deadline = time.monotonic() + timeout
        while True:
            ready, _, _ = select.select([self.pidfd, self.master], [], [], max(0, deadline - time.monotonic()))
            if self.pidfd in ready:
                end = time.perf_counter_ns()
                break
            if not ready:
                self.kill()
                raise AppError("the app did not exit after ^Q")
            try:
                os.read(self.master, 1 << 16)
            except OSError:
                pass
        self._reap()
        self._close()
        return end - start

    def kill(self):
        if not self.exited:
            self.proc.kill()
            self._reap()
            self._close()

    def _reap(self):
        """Waits for the process with wait4, for its CPU time: user and system time of
        every thread it had, those that ended before the first paint included (the
        app opens its store on a thread of its own), in microseconds."""
        _, status, usage = os.wait4(self.pid, 0)
        self.proc.returncode = os.waitstatus_to_exitcode(status)
        self.cpu_ms = (usage.ru_utime + usage.ru_stime) * 1000

    @classmethod
    def kill_all(cls):
        for session in list(cls.live):
            session.kill()

    def _close(self):
        self.exited = True
        AppSession.live.discard(self)
        os.close(self.pidfd)
        os.close(self.master)

    # MARK: - /proc

    def cpu_and_switches(self):
        """(utime + stime in clock ticks, voluntary + involuntary context switches summed
        over every thread)."""
        with open(f"/proc/{self.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        ticks = int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15)
        switches = 0
        for task in os.listdir(f"/proc/{self.pid}/task"):
            try:
                with open(f"/proc/{self.pid}/task/{task}/status") as status:
                    for line in status:
                        if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                            switches += int(line.split()[1])
            except FileNotFoundError:
                pass
        return ticks, switches

    def schedstat(self):
        """(nanoseconds on a CPU, nanoseconds waiting in a run queue) summed over every
        thread, from /proc/PID/task/*/schedstat."""
        running = waiting = 0
        for task in os.listdir(f"/proc/{self.pid}/task"):
            try:
                with open(f"/proc/{self.pid}/task/{task}/schedstat") as stat:
                    fields = stat.read().split()
            except FileNotFoundError:
                continue
            running += int(fields[0])
            waiting += int(fields[1])
        return running, waiting

    def status_kib(self, name):
        with open(f"/proc/{self.pid}/status") as status:
            for line in status:
                if line.startswith(name + ":"):
                    return int(line.split()[1])
        raise AppError(f"no {name} in /proc/{self.pid}/status")

    @staticmethod
    def drain_all(sessions, seconds):
        """Keeps reading every session's terminal for `seconds`; returns the bytes written."""
        total = 0
        deadline = time.monotonic() + seconds
        masters = {s.master: s for s in sessions}
        while (remaining := deadline - time.monotonic()) > 0:
            ready, _, _ = select.select(list(masters), [], [], remaining)
            for fd in ready:
                try:
                    data = os.read(fd, 1 << 16)
                except OSError:
                    data = b""
                total += len(data)
                masters[fd].feed([(0, data)])
        return total


atexit.register(AppSession.kill_all)
