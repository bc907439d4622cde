"""Where the form's resident memory is (issue 11): /proc/PID/smaps summed per mapped
file (the binary, each shared library, the locale files) and for the anonymous
mappings (heap, stacks, malloc arenas), right after the first paint."""
import collections

FIELDS = ("Rss", "Private_Clean", "Private_Dirty", "Shared_Clean", "Anonymous")


def smaps_breakdown(pid):
    """[(name, {field: KiB})] per mapped file or kind of anonymous mapping, largest
    Rss first. The binary's mappings are split by permission (text, read-only, data)."""
    rows = collections.OrderedDict()
    current = None
    with open(f"/proc/{pid}/smaps") as smaps:
        for line in smaps:
            parts = line.split()
            if not parts[0].endswith(":"):  # a mapping's header: range perms offset dev inode [name]
                name = parts[5] if len(parts) > 5 else "[anonymous]"
                if name.startswith("/") and not name.endswith((".so",)) and ".so." not in name \
                        and "/locale/" not in name and "/gconv/" not in name:
                    name = f"{name} ({parts[1]})"
                current = rows.setdefault(name, collections.Counter())
            elif parts[0][:-1] in FIELDS:
                current[parts[0][:-1]] += int(parts[1])
    return sorted(rows.items(), key=lambda row: -row[1]["Rss"])


def format_breakdown(rows, limit=14):
    """Lines of a table in KiB: the largest `limit` mappings, the rest summed, the total."""
    header = f"  {'Rss':>6} {'Pr.Clean':>8} {'Pr.Dirty':>8} {'Sh.Clean':>8} {'Anon':>6}  mapping"
    lines = [header]
    total, rest = collections.Counter(), collections.Counter()
    for index, (name, counts) in enumerate(rows):
        total.update(counts)
        if index < limit:
            lines.append("  " + " ".join(f"{counts[f]:>{w}}" for f, w in zip(FIELDS, (6, 8, 8, 8, 6))) + f"  {name}")
        else:
            rest.update(counts)
    if rest:
        lines.append("  " + " ".join(f"{rest[f]:>{w}}" for f, w in zip(FIELDS, (6, 8, 8, 8, 6)))
                     + f"  {len(rows) - limit} more mappings")
    lines.append("  " + " ".join(f"{total[f]:>{w}}" for f, w in zip(FIELDS, (6, 8, 8, 8, 6))) + "  total (KiB)")
    return lines
