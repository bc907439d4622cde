"""Memory on endless and enormous input (issue 26): the peak RSS of `import` fed
input that never ends on a pipe (a GPX `<name>`, a run of JSON whitespace), of one
fed a file with a 200 MB text, each refused at the documented limit, and of the
import of a million caches, which reads them into its spool file before it writes.

The peaks come from GNU time (`%M`) around the import alone: the producer of an
endless input (`yes`) is another process of the same shell pipeline, outside it.
A bounded reader refuses the input at its limit, so its peak does not grow with the
input; one that is not would grow until `timeout` ends it.
"""
import os
import subprocess
import tempfile

# What an import that refuses a text holds at most: the process itself (the binary,
# its libraries, Foundation's start-up: about 15 MB), the text kept up to the 16 MiB
# limit in an array that doubles as it grows (32 MiB of capacity when it passes), and
# libxml2's input buffer of the text it has not handed over yet (at most its 10 MB
# lookup limit). A figure at or under this stays the same for an input ten times longer.
REFUSED_BUDGET_MB = 64
# The import of a million caches: the same budget as the GPX import's, since the
# records go to the spool file, not to memory.
MILLION_BUDGET_MB = 100
# An endless input that is not refused is ended here: its figure is then "did not end".
ENDLESS_TIMEOUT_S = 120


def endless_runs(binary, workdir, runs, producer):
    """`producer | binary import -` into a new store, `runs` times: peak MB of the import,
    and its last line on standard error (the refusal)."""
    peaks, said = [], ""
    for run in range(runs):
        store = os.path.join(workdir, f"endless-{run}.sqlite")
        with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
            script = (f"{producer} | /usr/bin/time -q -f '%M %x' -o {report.name} "
                      f"timeout {ENDLESS_TIMEOUT_S} '{binary}' import --store '{store}' -")
            proc = subprocess.run(["sh", "-c", script], capture_output=True)
            fields = report.read().split()
        code = int(fields[-1])
        if code == 124:
            raise RuntimeError(f"`{producer} | import -` did not end in {ENDLESS_TIMEOUT_S} s")
        peaks.append(int(fields[-2]) / 1024)
        said = proc.stderr.decode(errors="replace").strip().splitlines()[-1]
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(store + suffix):
                os.remove(store + suffix)
    return peaks, said


def write_long_text_gpx(path, megabytes):
    """A GPX file whose one waypoint's name is `megabytes` MB of text."""
    chunk = b"a" * (1 << 20)
    with open(path, "wb") as out:
        out.write(b'<gpx version="1.0"><wpt lat="1" lon="2"><name>')
        for _ in range(megabytes * 1_000_000 // len(chunk)):
            out.write(chunk)
        out.write(b"</name></wpt></gpx>\n")


def write_million_json(path, count):
    """The lab's JSON array of `count` small caches, written in pieces."""
    with open(path, "w") as out:
        out.write("[\n")
        for start in range(0, count, 10_000):
            rows = (f'{{"title": "Cache #{n:07d}", "details": "Under the stone by tree {n}", '
                    f'"creator": "bench", "reward": "Coin {n % 97}"}}' for n in range(start, min(count, start + 10_000)))
            out.write((",\n" if start else "") + ",\n".join(rows))
        out.write("\n]\n")


def limit_figures(Figure, binary, workdir, runs, run_with_rusage, million=1_000_000):
    """The figures, as rows for bench.py's table (`Figure` is its class)."""
    figures = []
    for key, label, producer in (
            ("endless_gpx_name", "endless GPX <name> on a pipe (refused)", "(printf '<gpx><wpt><name>'; yes a)"),
            ("endless_json_space", "endless JSON whitespace on a pipe (refused)", "(printf '['; yes ' ' | tr -d '\\n')"),
    ):
        peaks, said = endless_runs(binary, workdir, runs, producer)
        figures.append(Figure(f"limits_{key}_peak", label, "MB", peaks, budget=REFUSED_BUDGET_MB, note=f"said: {said}"))

    gpx = os.path.join(workdir, "long-text.gpx")
    write_long_text_gpx(gpx, 200)
    peaks, said = [], ""
    for _ in range(runs):
        _, peak, code, _, err, _ = run_with_rusage([binary, "import", gpx, "--store", os.path.join(workdir, "refused.sqlite")])
        if code == 0:
            raise RuntimeError("the 200 MB text was imported, not refused")
        peaks.append(peak)
        said = err.strip().splitlines()[-1]
    os.remove(gpx)
    figures.append(Figure("limits_gpx_200mb_text_peak", "GPX file with a 200 MB text (refused)", "MB", peaks,
                          budget=REFUSED_BUDGET_MB, note=f"said: {said}"))

    json_path = os.path.join(workdir, "million.json")
    write_million_json(json_path, million)
    size_mb = os.path.getsize(json_path) / 1e6
    seconds, peaks, summary = [], [], ""
    for run in range(runs):
        store = os.path.join(workdir, f"million-{run}.sqlite")
        elapsed, peak, code, out, err, _ = run_with_rusage([binary, "import", json_path, "--store", store])
        if code != 0:
            raise RuntimeError(f"import exited {code}: {err.strip()}")
        seconds.append(elapsed)
        peaks.append(peak)
        summary = out.strip()
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(store + suffix):
                os.remove(store + suffix)
    os.remove(json_path)
    figures.append(Figure("limits_million_import_time", f"import {million:,}-cache JSON ({size_mb:.0f} MB), spooled",
                          "s", seconds, note=f"import said: {summary}"))
    figures.append(Figure("limits_million_import_peak", "  import peak RSS", "MB", peaks, budget=MILLION_BUDGET_MB))
    return figures
