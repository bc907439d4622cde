#!/usr/bin/env python3
"""Writes scripts/startup-order.txt: the code and data the form uses, to be linked together.

The release binary is one 125 MB file whose code is 26 MB. The form runs only a small
part of it, but spread over the whole text segment; the kernel maps 64 KiB of the file
around every page the code faults in (fault-around), so what the form touches decides
both its resident memory and how many page faults its start costs. Each page of data
it writes is a fault of its own. lld's `--symbol-ordering-file` puts the input
sections holding the listed symbols first in their output section, in the listed
order, so what the form uses ends up in a few contiguous megabytes of code and a few
pages of data (docs/performance.md, "The code the form runs, linked together").

How the list is made: the release binary, linked with a map (`-Map`), runs the form in
the bench's pseudo-terminal, in the ways people use it: start on an empty store and
quit; start on a store of 2,000 caches, type into the fields (ASCII and not), Tab round
the form, Next and Previous, open and close the help, quit with a draft. Each session
runs twice: under callgrind (`--dump-instr=yes`) for the instructions executed, and
under lackey (`--trace-mem=yes`) for the loads and stores. Every address of the binary
is looked up in the map's input sections (`.text*`, `.data*`, `.bss*`, `.rodata*`);
each section used is listed once, by one symbol that only it defines (a symbol name
several objects define locally, such as a value witness `$sSqwxx`, would drag every
one of them to the front), code first, in the order each first appears. A section
without such a symbol is left where it is.

Run by `make startup-order`; needs valgrind and the bench's `pyte` (.venv-bench).
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import threading
from bisect import bisect_right

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench"))
from ptyapp import AppSession  # noqa: E402
import stores  # noqa: E402

INPUT_SECTION = re.compile(r"^\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+ {9}(\S.*):\(((?:\.text|\.data|\.bss|\.rodata)[^)]*)\)$")
SYMBOL = re.compile(r"^\s+([0-9a-f]+)\s+[0-9a-f]+\s+[0-9a-f]+\s+\d+ {17}(\S+)$")

# Keys typed in the profiled session (each waits for its update).
TYPING = [b"N", b"o", b"r", b"t", b"h", b" ", "Br\u00fccke \u6771\u4eac".encode(), b"\x7f",
          b"\t", b"x" * 3, b"\t", b"y", b"\t", b"z", b"\t", b"\t", b"\t", b"\t",
          b"\x0e", b"\x0e", b"\x0e", b"\x10", b"\x10", b"\x1bOP", b"\x1b", b"\x01", b"\x05"]


def read_map(path):
    """The input sections of code and data (`.text*`, `.data*`, `.bss*`, `.rodata*`),
    each [start, size, name, symbols], sorted by start, and how many times each
    symbol name is defined in the whole link."""
    sections, counts = [], {}
    current = None
    with open(path, errors="replace") as lines:
        for line in lines:
            match = INPUT_SECTION.match(line)
            if match:
                current = [int(match.group(1), 16), int(match.group(2), 16),
                           f"{match.group(3)}:({match.group(4)})", []]
                sections.append(current)
                continue
            match = SYMBOL.match(line)
            if match:
                name = match.group(2)
                counts[name] = counts.get(name, 0) + 1
                if current is not None:
                    current[3].append(name)
            else:
                current = None
    sections.sort(key=lambda s: s[0])
    return sections, counts


def executed_addresses(profile, binary):
    """The binary's executed instruction addresses in a callgrind profile made with
    --dump-instr=yes, in the order they appear."""
    objects, current_object, last = {}, None, 0
    name = os.path.realpath(binary)
    with open(profile, errors="replace") as lines:
        for line in lines:
            if line.startswith(("ob=", "cob=")):
                # An object is named where it first appears, in either kind of line.
                match = re.match(r"c?ob=\((\d+)\)(?: (.*))?", line.rstrip("\n"))
                if match.group(2):
                    objects[match.group(1)] = match.group(2)
                if line.startswith("ob="):
                    current_object = objects.get(match.group(1))
                continue
            if line.startswith("calls="):
                continue
            first = line.split(" ", 1)[0]
            if first.startswith("0x"):
                last = int(first, 16)
            elif first[:1] in "+-" and first[1:].isdigit():
                last += int(first)
            elif first != "*":
                continue
            if current_object == name:
                yield last


def data_addresses(trace):
    """The addresses of the loads and stores in a lackey trace (`--trace-mem=yes`),
    in the order they were made, from the binary's data only (a fixed address below
    4 GiB: the binary is not position-independent; the stack and the mappings are far
    above)."""
    with open(trace, errors="replace") as lines:
        for line in lines:
            if line[:1] == " " and line[1:2] in "LSM":
                field = line[3:].split(",", 1)[0]
                if len(field) == 8:
                    yield int(field, 16)


class TraceReader:
    """Reads a lackey trace from a FIFO on a thread while valgrind writes it, keeping
    the binary's data addresses that fall in a 64-byte line not seen before (enough to
    find every input section touched, in order)."""

    def __init__(self, path):
        self.addresses = []
        self.thread = threading.Thread(target=self._read, args=(path,), daemon=True)
        self.thread.start()

    def _read(self, path):
        seen = set()
        for address in data_addresses(path):
            line = address >> 6
            if line not in seen:
                seen.add(line)
                self.addresses.append(address)

    def result(self):
        self.thread.join()
        return self.addresses


def hot_symbols(address_lists, map_path):
    """One symbol per input section that the addresses fall in, in order of first use;
    and the sections that have no symbol of their own (size, name)."""
    sections, counts = read_map(map_path)
    starts = [s[0] for s in sections]
    listed, order, left = set(), [], []
    for addresses in address_lists:
        for address in addresses:
            index = bisect_right(starts, address) - 1
            if index < 0 or index in listed:
                continue
            start, size, _, names = sections[index]
            if address >= start + size:
                continue
            listed.add(index)
            unique = [n for n in names if counts.get(n) == 1]
            if unique:
                order.append(unique[0])
            else:
                left.append((size, sections[index][2]))
    return order, left


def profile_session(binary, store, home, tool, keys):
    """The form under valgrind `tool` (its options and output file given), typing `keys`."""
    argv = ["valgrind"] + tool + [binary, "--store", store]
    session = AppSession(binary, store, home, argv=argv)
    session.wait_first_paint(timeout=300)
    for key in keys:
        session.key(key, quiet=0.3)
    session.quit(timeout=300)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", required=True, help="release binary linked with --map")
    parser.add_argument("--map", required=True, help="lld's map of that link")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="startup-order-") as work:
        home = os.path.join(work, "home")
        os.makedirs(home)
        empty, full = os.path.join(work, "empty.sqlite"), os.path.join(work, "full.sqlite")
        stores.make_store(args.binary, full, 2000)
        code, data = [], []
        for name, store, keys in (("empty", empty, []), ("full", full, TYPING)):
            profile = os.path.join(work, name + ".cg")
            profile_session(args.binary, store, home, ["--tool=callgrind", "--dump-instr=yes",
                                                       f"--callgrind-out-file={profile}"], keys)
            code.append(executed_addresses(profile, args.binary))
            # The data the same session touches: lackey's trace of every load and store
            # (about 20 bytes a line, a few hundred MB), read as it is written.
            trace = os.path.join(work, name + ".trace")
            os.mkfifo(trace)
            reader = TraceReader(trace)
            profile_session(args.binary, store, home, ["--tool=lackey", "--trace-mem=yes",
                                                       f"--log-file={trace}"], keys)
            data.append(reader.result())
        symbols, left = hot_symbols(code + data, args.map)
    with open(args.out, "w") as out:
        out.write("\n".join(symbols) + "\n")
    print(f"{args.out}: {len(symbols)} input sections")
    if left:
        print(f"{len(left)} sections that ran have no symbol of their own and stay where they "
              f"are ({sum(size for size, _ in left) // 1024} KiB), the largest:")
        for size, name in sorted(left, reverse=True)[:10]:
            print(f"  {size // 1024:6d} KiB  {name}")


if __name__ == "__main__":
    main()
