#!/usr/bin/env python3
"""Writes a large pocket-query-style GPX file for measuring `geocache-tui import`.

Usage: scripts/make-big-gpx.py [OUTPUT] [--caches N]

The default is 50,000 geocaches (about 200 MB) written to /tmp/big.gpx. Each cache
looks like a geocaching.com pocket query entry: GPX 1.0, the Groundspeak 1.0.1
extension under <wpt>, HTML short and long descriptions, five logs, and now and
then travel bugs; every 25th waypoint is a parking spot (not a geocache). The
content is deterministic, so two runs give the same file. Never commit the output.
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


def waypoint(rng, number):
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
    long = "".join("<p>" + sentence(rng, 40) + "</p>\n" for _ in range(2))
    logs = "".join(
        f'        <groundspeak:log id="{number * 10 + i}">\n'
        f'          <groundspeak:date>2020-0{1 + i}-1{i}T12:00:00</groundspeak:date>\n'
        f'          <groundspeak:type>Found it</groundspeak:type>\n'
        f'          <groundspeak:finder id="{rng.randrange(10**6)}">finder{rng.randrange(9999)}</groundspeak:finder>\n'
        f'          <groundspeak:text encoded="False">{escape(sentence(rng, 25))}</groundspeak:text>\n'
        f'        </groundspeak:log>\n' for i in range(5))
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
      <groundspeak:short_description html="True">{escape(short)}</groundspeak:short_description>
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
    arguments = parser.parse_args()
    rng = random.Random(4)
    written = 0
    number = 0
    with open(arguments.output, "w", encoding="utf-8") as output:
        output.write(HEADER)
        while written < arguments.caches:
            output.write(waypoint(rng, number))
            if number % 25 != 24:
                written += 1
            number += 1
        output.write("</gpx>\n")
    print(f"{arguments.output}: {written} geocaches, {number - written} other waypoints")


if __name__ == "__main__":
    main()
