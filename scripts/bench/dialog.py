"""The reference of the start-up and keystroke figures (issue 11): `dialog --form` with
four fields, run in the same pseudo-terminal harness (80x24, TERM=xterm-256color,
LANG=C.UTF-8, the private HOME) and in the same bench run as the app, so a busy
machine slows both alike. Each of the app's figures is then printed beside it as a
ratio: each of our samples over dialog's median."""
import shutil
import statistics

from ptyapp import AppSession

MS = 1e-6  # nanoseconds to milliseconds
DIALOG = "dialog"
# Four labelled fields of 60 cells in a 12x76 box, as the app's form has four.
FORM_ARGUMENTS = ["--title", "geocache-tui", "--form", "Add a geocache", "12", "76", "4"] + [
    item for row, label in enumerate(("Title", "Details", "Creator", "Reward"), start=1)
    for item in (label, str(row), "1", "", str(row), "10", "60", "0")]


class DialogSession(AppSession):
    """`dialog --form` on its own pty; its first paint is complete when the box, the
    four labels and both buttons are on the screen."""

    def __init__(self, home):
        super().__init__(DIALOG, None, home, argv=[shutil.which(DIALOG)] + FORM_ARGUMENTS)

    @staticmethod
    def _looks_complete(display):
        text = "\n".join(display)
        return all(word in text for word in ("geocache-tui", "Title", "Details", "Creator", "Reward",
                                              "OK", "Cancel"))


class DialogReference:
    """dialog's figures, taken among the app's own: its first paints alternate with
    the app's (so a change of load during the run touches both), then per-key
    latency."""

    def __init__(self, home):
        self.home = home
        self.paint_ms, self.paint_cpu_ms, self.peak_mb, self.key_ms = [], [], [], []

    @staticmethod
    def available():
        return shutil.which(DIALOG) is not None

    def measure_first_paint(self, runs):
        for _ in range(runs):
            session = DialogSession(self.home)
            self.paint_ms.append(session.wait_first_paint() * MS)
            self.peak_mb.append(session.status_kib("VmHWM") / 1024)
            session.kill()
            self.paint_cpu_ms.append(session.cpu_ms)

    def measure_keys(self, runs):
        """50 letters then 50 Backspaces into the first field per run, as the app's
        keystroke latency (form.measure_keys)."""
        for _ in range(runs):
            session = DialogSession(self.home)
            session.wait_first_paint()
            for i in range(50):
                elapsed, _, _ = session.key(bytes([ord("a") + i % 26]))
                self.key_ms.append(elapsed * MS)
            for _ in range(50):
                elapsed, _, _ = session.key(b"\x7f")
                self.key_ms.append(elapsed * MS)
            session.kill()

    def start_figures(self, figure, paint, paint_cpu, budgeted, version_ms):
        """The reference rows and our start-up figures over them. `paint` and
        `paint_cpu` map a store size to our samples (ms); the first paints on the
        store sizes in `budgeted` may take at most 1.5 times dialog's (issue 23)."""
        rows = [figure("dialog_first_paint", "dialog --form: first paint (reference)", "ms", self.paint_ms),
                figure("dialog_first_paint_cpu", "  dialog: CPU time of the session", "ms", self.paint_cpu_ms)]
        for count in sorted(paint):
            budget = 1.5 if count in budgeted else None
            name = "empty store" if count == 0 else f"{count:,} caches"
            rows.append(ratio(figure, f"first_paint_{count}_vs_dialog", f"  first paint, {name} / dialog's",
                              paint[count], self.paint_ms, budget))
        for count in sorted(paint_cpu):
            rows.append(ratio(figure, f"first_paint_cpu_{count}_vs_dialog", f"  session CPU, {count:,} caches / dialog's",
                              paint_cpu[count], self.paint_cpu_ms))
        rows.append(ratio(figure, "start_floor_vs_dialog", "  `--version` / dialog's first paint", version_ms, self.paint_ms))
        return rows

    def key_figures(self, figure, latency):
        return [figure("dialog_key_latency", "dialog --form: keystroke latency (reference)", "ms", self.key_ms,
                       note=f"worst of {len(self.key_ms)} keys: {max(self.key_ms):.2f} ms"),
                ratio(figure, "key_latency_vs_dialog", "  keystroke latency / dialog's", latency, self.key_ms)]


def ratio(figure, key, label, ours, reference, budget=None):
    """A row of each of our samples over the reference's median."""
    median = statistics.median(reference)
    return figure(key, label, "x", [value / median for value in ours], budget=budget,
                  note=f"ours {statistics.median(ours):.2f} ms (median) / dialog {median:.2f} ms (median)")
