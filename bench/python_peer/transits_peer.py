#!/usr/bin/env python3
# SPDX-License-Identifier: AGPL-3.0-or-later
"""The Python peer of the transit-window benchmark (issue 4, "Performance"): the straightforward
search over pyswisseph that the issue measures Orrery against.

For each transiting body:

* sample the geocentric longitude every 0.5 day over the window (``swe.calc_ut`` with
  ``FLG_SWIEPH``), once per body, and reuse the samples for every natal point and aspect;
* for each natal point and major aspect, each side (natal + angle and natal - angle; once for 0
  and 180 degrees), look for sign changes of the wrapped difference
  ``(lon - target + 180) mod 360 - 180`` between consecutive samples; a jump of 180 degrees or
  more is the wrap of the difference (the body on the far side of the circle), not a crossing;
* bisect each sign change on ``swe.calc_ut`` until the bracket is at most 1 s wide, and report
  its middle.

Plain Python loops, no numpy: the algorithm as written in the issue. Its one blind spot is the
algorithm's own: two crossings within one 0.5-day sample step (a body turning within a
fraction of an arc-minute of a target) leave no sign change and are both missed.

The peer asks for longitudes only: it needs no speeds, and ``FLG_SPEED`` makes each call about
half as expensive again (the library then computes the nutation at two dates and the speeds).
The longitudes are the same either way (to 1e-13 degrees). ``--speed`` adds ``FLG_SPEED``, the
flags Orrery (and fixtures/transits/generate.py) use, for the slower variant of the peer.

The case (natal points, transiting bodies, aspects, windows) is read from
``bench/events_case.json``, the file the Rust benchmark reads. The CPU time (``time.process_time``)
and wall time of the search alone (not the JSON in and out) are printed; the events are written
as JSON rows ``[transit, natal, aspect, arc_deg, exact_jd]`` sorted by time.

    python3 bench/python_peer/transits_peer.py --window 1y --repeat 3 --out /tmp/peer.json

The ephemeris files are read from ``ephe/`` at the repository's root (``PEER_EPHE_PATH``
overrides); the script refuses to run if they are missing rather than fall back to Moshier.
"""

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

import swisseph as swe

ROOT = Path(__file__).resolve().parents[2]
CASE = ROOT / "bench" / "events_case.json"
FLAGS = swe.FLG_SWIEPH  # --speed: | swe.FLG_SPEED
STEP_DAYS = 0.5
BISECT_DAYS = 1.0 / 86400.0
BODIES = {
    "sun": swe.SUN, "moon": swe.MOON, "mercury": swe.MERCURY, "venus": swe.VENUS,
    "mars": swe.MARS, "jupiter": swe.JUPITER, "saturn": swe.SATURN, "uranus": swe.URANUS,
    "neptune": swe.NEPTUNE, "pluto": swe.PLUTO, "chiron": swe.CHIRON,
}


def longitude(body, jd):
    x, flags = swe.calc_ut(jd, body, FLAGS)
    if not flags & swe.FLG_SWIEPH:
        sys.exit(f"body {body} at JD {jd}: not from the Swiss Ephemeris files (check the path)")
    return x[0]


def wrap(x):
    return (x + 180.0) % 360.0 - 180.0


def targets(natal, aspects):
    """(natal point, aspect, arc, target longitude) for each side of each aspect."""
    out = []
    for point, lon in natal:
        for aspect, angle in aspects:
            for arc in ([angle] if angle in (0.0, 180.0) else [angle, -angle]):
                out.append((point, aspect, arc, lon + arc))
    return out


def bisect(body, target, lo, hi, d_lo):
    """The middle of a bracket of at most 1 s around the sign change of the difference."""
    negative_lo = d_lo < 0.0
    while hi - lo > BISECT_DAYS:
        mid = 0.5 * (lo + hi)
        if (wrap(longitude(body, mid) - target) < 0.0) == negative_lo:
            lo = mid
        else:
            hi = mid
    return 0.5 * (lo + hi)


def search(bodies, natal, aspects, start, end):
    """Every exact aspect in [start, end], sorted by time."""
    n = int(round((end - start) / STEP_DAYS))
    times = [start + STEP_DAYS * i for i in range(n)] + [end]
    goals = targets(natal, aspects)
    events = []
    for name in bodies:
        body = BODIES[name]
        lons = [longitude(body, t) for t in times]
        for point, aspect, arc, target in goals:
            d_prev = wrap(lons[0] - target)
            for i in range(1, len(times)):
                d = wrap(lons[i] - target)
                # A sign change (a zero counts as positive), unless the difference wrapped.
                if (d < 0.0) != (d_prev < 0.0) and abs(d - d_prev) < 180.0:
                    jd = bisect(body, target, times[i - 1], times[i], d_prev)
                    events.append([name, point, aspect, arc, jd])
                d_prev = d
    events.sort(key=lambda e: e[4])
    return events


def main():
    global FLAGS
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--case", type=Path, default=CASE)
    parser.add_argument("--window", default="1y", help="a key of the case's windows (1y, 10y)")
    parser.add_argument("--repeat", type=int, default=1, help="runs of the search")
    parser.add_argument("--out", type=Path, help="write the events here as JSON")
    parser.add_argument("--speed", action="store_true", help="ask for speeds too (FLG_SPEED)")
    args = parser.parse_args()
    if args.speed:
        FLAGS = swe.FLG_SWIEPH | swe.FLG_SPEED

    ephe = Path(os.environ.get("PEER_EPHE_PATH", ROOT / "ephe"))
    if not (ephe / "sepl_18.se1").is_file():
        sys.exit(f"no Swiss Ephemeris files in {ephe}")
    swe.set_ephe_path(str(ephe))
    case = json.loads(args.case.read_text())
    window = case["windows"][args.window]
    natal = [(name, lon) for name, lon in case["natal_points"]]
    aspects = [(name, float(angle)) for name, angle in case["aspects"]]
    bodies = case["transit_points"]

    cpu, wall = [], []
    for _ in range(args.repeat):
        wall_0, cpu_0 = time.perf_counter(), time.process_time()
        events = search(bodies, natal, aspects, window["start_jd"], window["end_jd"])
        cpu.append(time.process_time() - cpu_0)
        wall.append(time.perf_counter() - wall_0)

    print(
        f"python peer ({args.window}, {len(bodies)} bodies x {len(natal)} points, "
        f"{len(aspects)} aspects, step {STEP_DAYS} d, bisect to 1 s"
        f"{', FLG_SPEED' if args.speed else ''}): {len(events)} events; "
        f"CPU s per run: {' '.join(f'{c:.3f}' for c in cpu)} "
        f"(min {min(cpu):.3f}, median {statistics.median(cpu):.3f}); "
        f"wall s min {min(wall):.3f}"
    )
    if args.out:
        args.out.write_text(json.dumps({
            "window": args.window,
            "flags": "FLG_SWIEPH | FLG_SPEED" if args.speed else "FLG_SWIEPH",
            "cpu_seconds": cpu,
            "wall_seconds": wall,
            "events": events,
        }))


if __name__ == "__main__":
    main()
