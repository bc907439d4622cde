#!/usr/bin/env python3
"""Writes a large pocket-query-style GPX file for measuring `geocache-tui import`.

Usage: scripts/make-big-gpx.py [OUTPUT] [--caches N] [--long-descriptions] [--no-logs]

The default is 50,000 geocaches (about 225 MB) written to /tmp/big.gpx; --no-logs
writes the same file without the logs. Each cache
looks like a geocaching.com pocket query entry: GPX 1.0, the Groundspeak 1.0.1
extension under <wpt>, HTML short and long descriptions, five logs, and now and
then travel bugs; every 25th waypoint is a parking spot (not a geocache). The
content is deterministic, so two runs give the same file. Never commit the output.

With --long-descriptions each short description (what becomes the cache's details)
is a real-sized one, about 3,400 bytes once read as text, as pocket queries carry
them: paragraphs of prose, every other one HTML
(paragraphs, line breaks, bold, lists, links, entities such as &amp;nbsp; and
&amp;#176;) and the others plain text; a quarter in German and a tenth in French, with
their accented letters, and the English ones with the typographic apostrophes,
dashes and degree signs that such descriptions carry.
"""
import argparse
import random

HEADER = """<?xml version="1.0" encoding="utf-8"?>
<gpx xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="1.0" \
creator="geocache-tui make-big-gpx.py" xsi:schemaLocation="http://www.topografix.com/GPX/1/0 \
http://www.topografix.com/GPX/1/0/gpx.xsd http://www.groundspeak.com/cache/1/0/1 \
http://www.groundspeak.com/cache/1/0/1/cache.xsd" xmlns="http://www.topografix.com/GPX/1/0">
  <name>Big pocket query</name>
  <desc>Synthetic geocache file for import measurements</desc>
"""

WORDS = ("tree bridge stone river path hill oak mill fence gate tower bench wall "
         "old north south east west little great hidden quiet green red blue "
         "caf\u00e9 \u6771\u4eac \u30bf\u30ef\u30fc \u00fcber stra\u00dfe").split()
CONTAINERS = ["Micro", "Small", "Regular", "Large", "Other", "Not chosen"]


def escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def sentence(rng, count):
    return " ".join(rng.choice(WORDS) for _ in range(count)).capitalize() + "."


ENGLISH = (
    "The cache is hidden near the old stone bridge where the path turns north along the river.",
    "Park at the small lot by the church and walk about 300 metres \u2014 the path is steep after rain.",
    "It\u2019s a camouflaged container; please bring your own pen and re-hide it exactly as you found it.",
    "From the bench you get a wonderful view over the valley, especially at sunset.",
    "The coordinates point to 47\u00b0 22\u2019 N; the last few metres are in the undergrowth.",
    "Muggles are frequent on weekends, so take your time and be discreet.",
    "This series was placed to show you the history of the mill and the families who lived here.",
    "In winter the area can be icy; the cache is accessible all year but watch your step.",
)
GERMAN = (
    "Der Cache liegt an der alten Br\u00fccke \u00fcber den Bach, gleich hinter der M\u00fchle.",
    "Bitte achtet auf Muggel, besonders am Wochenende, wenn viele Spazierg\u00e4nger unterwegs sind.",
    "Vom Parkplatz sind es etwa 400 Meter zu Fu\u00df; der Weg ist f\u00fcr Kinderwagen geeignet.",
    "Die Dose ist gut getarnt. Nehmt einen Stift mit und versteckt sie wieder genau so.",
    "Im Fr\u00fchling bl\u00fchen hier die Obstb\u00e4ume, und im Herbst kann man \u00c4pfel sammeln.",
    "Die Stra\u00dfe ist ruhig, aber bei N\u00e4sse wird der Hang rutschig.",
)
FRENCH = (
    "La cache se trouve pr\u00e8s de l\u2019\u00e9glise, \u00e0 c\u00f4t\u00e9 du vieux ch\u00eane.",
    "Attention aux moldus : le caf\u00e9 d\u2019en face est tr\u00e8s fr\u00e9quent\u00e9 l\u2019\u00e9t\u00e9.",
    "Apportez un crayon ; le logbook est petit. Merci de bien refermer la bo\u00eete.",
    "Le sentier est balis\u00e9 en jaune et m\u00e8ne \u00e0 une for\u00eat tr\u00e8s agr\u00e9able.",
)
LONG_TEXT_BYTES = 3400


def long_description(rng, number):
    """A short description of about LONG_TEXT_BYTES as text, and whether it is HTML."""
    language = GERMAN if number % 4 == 1 else FRENCH if number % 10 == 3 else ENGLISH
    html = number % 2 == 0
    paragraphs, size = [], 0
    while size < LONG_TEXT_BYTES:
        sentences = [rng.choice(language) for _ in range(rng.randrange(3, 7))]
        paragraph = " ".join(sentences)
        paragraphs.append(paragraph)
        size += len(paragraph.encode()) + 2
    if not html:
        return "\n\n".join(paragraphs), False
    parts = []
    for i, paragraph in enumerate(paragraphs):
        if i % 3 == 1:
            first, _, rest = paragraph.partition(". ")
            parts.append(f"<p><strong>{escape(first)}.</strong><br />\n{escape(rest)}</p>")
        elif i % 3 == 2:
            items = "".join(f"<li>{escape(s)}</li>" for s in paragraph.split(". ") if s)
            parts.append(f"<ul>{items}</ul>")
        else:
            text = escape(paragraph).replace(" \u2014 ", "&nbsp;&mdash; ")
            parts.append(f"<p>{text} "
                         f"<a href=\"https://example.org/{number}\">More&nbsp;&amp;&nbsp;photos</a> "
                         f"at 12&#176;C.</p>")
    return "\n".join(parts), True


def waypoint(rng, number, long_descriptions=False, logs_kept=True):
    lat = rng.uniform(-60, 60)
    lon = rng.uniform(-180, 180)
    code = "GC%06X" % (0x100000 + number)
    if number % 25 == 24:
        return (f'  <wpt lat="{lat:.6f}" lon="{lon:.6f}">\n    <name>PK{code[2:]}</name>\n'
                f'    <desc>Parking</desc>\n    <sym>Parking Area</sym>\n'
                f'    <type>Waypoint|Parking Area</type>\n  </wpt>\n')
    title = sentence(rng, 3)[:-1] + f" #{number}"
    owner = f"owner{rng.randrange(5000)}"
    short = "<p>" + sentence(rng, 12) + " &amp; <b>" + sentence(rng, 4) + "</b></p>"
    short_is_html = True
    if long_descriptions:
        short, short_is_html = long_description(rng, number)
    long = "".join("<p>" + sentence(rng, 40) + "</p>\n" for _ in range(2))
    logs = "".join(
        f'        <groundspeak:log id="{number * 10 + i}">\n'
        f'          <groundspeak:date>2020-0{1 + i}-1{i}T12:00:00</groundspeak:date>\n'
        f'          <groundspeak:type>Found it</groundspeak:type>\n'
        f'          <groundspeak:finder id="{rng.randrange(10**6)}">finder{rng.randrange(9999)}</groundspeak:finder>\n'
        f'          <groundspeak:text encoded="False">{escape(sentence(rng, 25))}</groundspeak:text>\n'
        f'        </groundspeak:log>\n' for i in range(5))
    if not logs_kept:
        logs = ""  # made all the same, so the rest of the file is the same
    bugs = ""
    if number % 3 == 0:
        bugs = (f'        <groundspeak:travelbug id="{number}" ref="TB{code[2:]}">\n'
                f'          <groundspeak:name>{escape(sentence(rng, 2))}</groundspeak:name>\n'
                f'        </groundspeak:travelbug>\n')
    return f"""  <wpt lat="{lat:.6f}" lon="{lon:.6f}">
    <time>2015-06-01T00:00:00</time>
    <name>{code}</name>
    <desc>{escape(title)} by {owner}, Traditional Cache (1.5/2)</desc>
    <url>https://www.geocaching.com/geocache/{code}</url>
    <urlname>{escape(title)}</urlname>
    <sym>Geocache</sym>
    <type>Geocache|Traditional Cache</type>
    <groundspeak:cache id="{number}" available="True" archived="False" xmlns:groundspeak="http://www.groundspeak.com/cache/1/0/1">
      <groundspeak:name>{escape(title)}</groundspeak:name>
      <groundspeak:placed_by>{owner}</groundspeak:placed_by>
      <groundspeak:owner id="{number}">{owner}</groundspeak:owner>
      <groundspeak:type>Traditional Cache</groundspeak:type>
      <groundspeak:container>{rng.choice(CONTAINERS)}</groundspeak:container>
      <groundspeak:difficulty>1.5</groundspeak:difficulty>
      <groundspeak:terrain>2</groundspeak:terrain>
      <groundspeak:country>Somewhere</groundspeak:country>
      <groundspeak:state>Region</groundspeak:state>
      <groundspeak:short_description html="{short_is_html}">{escape(short)}</groundspeak:short_description>
      <groundspeak:long_description html="True">{escape(long)}</groundspeak:long_description>
      <groundspeak:encoded_hints>{escape(sentence(rng, 6))}</groundspeak:encoded_hints>
      <groundspeak:logs>
{logs}      </groundspeak:logs>
      <groundspeak:travelbugs>
{bugs}      </groundspeak:travelbugs>
    </groundspeak:cache>
  </wpt>
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", nargs="?", default="/tmp/big.gpx")
    parser.add_argument("--caches", type=int, default=50_000, help="geocaches to write (default 50000)")
    parser.add_argument("--long-descriptions", action="store_true",
                        help="short descriptions of about 3,400 bytes of text, HTML and plain")
    parser.add_argument("--no-logs", action="store_true",
                        help="the same file without its logs (for the cost of reading them)")
    arguments = parser.parse_args()
    rng = random.Random(4)
    written = 0
    number = 0
    with open(arguments.output, "w", encoding="utf-8") as output:
        output.write(HEADER)
        while written < arguments.caches:
            output.write(waypoint(rng, number, arguments.long_descriptions, not arguments.no_logs))
            if number % 25 != 24:
                written += 1
            number += 1
        output.write("</gpx>\n")
    print(f"{arguments.output}: {written} geocaches, {number - written} other waypoints")


if __name__ == "__main__":
    main()
