#!/usr/bin/env python3
"""Writes the man page geocache-tui(1) from the program itself.

The commands and options come from `BINARY --experimental-dump-help` (the argument
definitions swift-argument-parser parses with), the keys from `BINARY dump-keys` (the
form's key table, the text field's and the delete question's own keys), so the page
cannot drift from the program. Usage: make-manual.py BINARY > geocache-tui.1
"""
import json
import subprocess
import sys


def run(binary, *arguments):
    return subprocess.run([binary, *arguments], check=True, capture_output=True, text=True).stdout


def roff(text):
    """Text as roff: backslashes escaped, no line starting with a control character."""
    lines = []
    for line in text.replace("\\", "\\e").split("\n"):
        if line.startswith((".", "'")):
            line = "\\&" + line
        lines.append(line)
    return "\n".join(lines)


def option_name(name):
    dashes = "-" if name["kind"] == "short" else "--"
    return "\\-" * len(dashes) + name["name"].replace("-", "\\-")


def synopsis(argument):
    if argument["kind"] == "positional":
        text = "\\fI" + argument.get("valueName", "value") + "\\fR" + (" ..." if argument.get("isRepeating") else "")
    else:
        text = "\\fB" + option_name(argument["preferredName"]) + "\\fR"
        if argument["kind"] == "option":
            text += " \\fI" + argument.get("valueName", "value") + "\\fR"
    return "[" + text + "]" if argument.get("isOptional", False) else text


def visible_arguments(command):
    builtin = {"help", "version"}
    return [a for a in command.get("arguments", []) if a.get("shouldDisplay", True)
            and not (a["kind"] == "flag" and a.get("preferredName", {}).get("name") in builtin)]


def describe_arguments(out, arguments):
    for argument in arguments:
        out.append(".TP")
        if argument["kind"] == "positional":
            out.append("\\fI" + argument.get("valueName", "value") + "\\fR")
        else:
            names = ", ".join("\\fB" + option_name(n) + "\\fR" for n in argument.get("names", []))
            if argument["kind"] == "option":
                names += " \\fI" + argument.get("valueName", "value") + "\\fR"
            out.append(names)
        text = argument.get("abstract", "")
        if argument.get("allValues"):
            text += " One of: " + ", ".join(argument["allValues"]) + "."
        if argument.get("defaultValue"):
            text += " Default: " + argument["defaultValue"] + "."
        out.append(roff(text))


def main():
    binary = sys.argv[1]
    root = json.loads(run(binary, "--experimental-dump-help"))["command"]
    version = run(binary, "--version").strip()
    name = root["commandName"]
    out = [
        '.TH %s 1 "" "%s" "User Commands"' % (name.upper(), version),
        ".SH NAME",
        "%s \\- %s" % (name, roff(root.get("abstract", ""))),
        ".SH SYNOPSIS",
        ".B %s" % name,
        " ".join(synopsis(a) for a in visible_arguments(root)) + " [\\fIsubcommand\\fR] [\\fIoptions\\fR]",
        ".SH DESCRIPTION",
        roff(root.get("discussion", "")),
        ".PP",
        "Global options may stand before the subcommand or after it, with the same meaning.",
        ".SH OPTIONS",
    ]
    describe_arguments(out, visible_arguments(root))
    out.append(".SH COMMANDS")
    for command in root.get("subcommands", []):
        if not command.get("shouldDisplay", True) or command["commandName"] == "help":
            continue
        out.append(".SS %s" % command["commandName"])
        out.append(".B %s %s" % (name, command["commandName"]))
        out.append(" ".join(synopsis(a) for a in visible_arguments(command)))
        out.append(".PP")
        out.append(roff(command.get("abstract", "")))
        if command.get("discussion"):
            out.append(".PP")
            out.append(roff(command["discussion"]))
        describe_arguments(out, visible_arguments(command))
    out.append(".SH KEYS")
    out.append("In the form (the interactive command); F1 shows the keys of the current mode on screen.")
    section = None
    for line in run(binary, "dump-keys").splitlines():
        title, keys, description = line.split("\t")
        if title != section:
            out.append(".SS " + roff(title))
            section = title
        out.append(".TP")
        out.append(".B " + roff(keys))
        out.append(roff(description))
    out += [
        ".SH FILES",
        ".TP",
        "\\fI$XDG_DATA_HOME/geocache\\-tui/caches.sqlite\\fR (\\fI~/.local/share/geocache\\-tui/caches.sqlite\\fR)",
        "The default store.",
        ".TP",
        "\\fI$XDG_DATA_HOME/geocache\\-tui/club/\\fR",
        "Field mode: for each club store (by a digest of its URL, never its password), the changes",
        "waiting for the server (outbox.sqlite) and the copy of its caches kept by sync (copy.sqlite).",
        ".SH EXIT STATUS",
        "0 on success, 1 when a command failed (or sync left a conflict), 2 when the form cannot",
        "start (no terminal), 64 for wrong usage, 69 when sync cannot reach the club store, 75 when",
        "it is not known whether a write to a club store was stored, 128 + the signal's number for",
        "an import stopped by a signal.",
        ".SH SEE ALSO",
        "The documentation in the source tree: docs/usage.md.",
    ]
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
