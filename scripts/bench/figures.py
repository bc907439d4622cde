"""The rows of the benchmark table: samples, their unit and the budget they are held to."""
import statistics
import sys


class Figure:
    """One row of the table: samples, their unit and the budget they are held to."""

    def __init__(self, key, label, unit, samples, budget=None, budget_text="", check=None, note=""):
        self.key = key
        self.label = label
        self.unit = unit
        self.samples = list(samples)
        self.budget = budget
        self.budget_text = budget_text or ("" if budget is None else f"<= {budget:g} {unit}")
        self.check = check
        self.note = note

    @property
    def median(self):
        return statistics.median(self.samples) if self.samples else None

    @property
    def verdict(self):
        if not self.samples:
            return "SKIP"
        if self.check is not None:
            return "PASS" if self.check(self) else "OVER"
        if self.budget is None:
            return "-"
        return "PASS" if self.median <= self.budget else "OVER"

    def as_json(self):
        return {
            "label": self.label, "unit": self.unit, "runs": len(self.samples),
            "median": self.median,
            "min": min(self.samples) if self.samples else None,
            "max": max(self.samples) if self.samples else None,
            "budget": self.budget_text or None, "verdict": self.verdict,
            "note": self.note or None, "samples": self.samples,
        }


def fmt(value):
    if value is None:
        return "-"
    if abs(value) >= 100 or float(value).is_integer():
        return f"{value:.0f}"
    if abs(value) >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def print_table(figures, out=sys.stdout):
    header = ("figure", "unit", "median", "min", "max", "n", "budget", "verdict")
    rows = []
    for f in figures:
        if f.samples:
            rows.append((f.label, f.unit, fmt(f.median), fmt(min(f.samples)), fmt(max(f.samples)),
                         str(len(f.samples)), f.budget_text, f.verdict))
        else:
            rows.append((f.label, f.unit, "-", "-", "-", "0", f.budget_text, "SKIP"))
    widths = [max(len(r[i]) for r in rows + [header]) for i in range(len(header))]
    line = "  ".join(h.ljust(w) if i in (0, 1, 6, 7) else h.rjust(w) for i, (h, w) in enumerate(zip(header, widths)))
    print(line, file=out)
    print("-" * len(line), file=out)
    for r in rows:
        print("  ".join(c.ljust(w) if i in (0, 1, 6, 7) else c.rjust(w)
                        for i, (c, w) in enumerate(zip(r, widths))), file=out)
    notes = [f for f in figures if f.note]
    if notes:
        print(file=out)
        for f in notes:
            print(f"  {f.label}: {f.note}", file=out)
