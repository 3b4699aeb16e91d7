#!/usr/bin/env python3
# SPDX-License-Identifier: AGPL-3.0-or-later
"""The Python peer of the calendar benchmark (issue 11): the straightforward dense search over
pyswisseph for the ingresses, stations and lunations of the Sun..Pluto and Chiron in 2024.

* each body's geocentric longitude and speed (``swe.calc_ut`` with ``FLG_SWIEPH|FLG_SPEED``)
  sampled every 0.5 day (the Moon every 0.1 day, for its ingresses and phases);
* an ingress is a change of ``floor(lon / 30)`` between two samples, a station a change of the
  speed's sign, a lunation a change of ``floor((moon - sun) / 90)``;
* each is bisected on fresh ``calc_ut`` calls until the bracket is at most 1 s wide.

Plain Python loops, as the issue describes the peer. The CPU time (``time.process_time``) of the
search alone is printed. With ``--compare``, Orrery's list of the same events (from
``cargo run --release -p orrery-bench --example calendar -- --peer-lines``) is read from the
file given and both lists are checked to be the same: the same events in the same order, each
within 1 s (stations within 60 s: the speed crosses zero slowly, so a 1-second bracket on the
speed is not a 1-second time).

    python3 bench/python_peer/events_peer.py --repeat 3 --compare /tmp/orrery-peer-lines.txt
"""

import argparse
import math
import os
import statistics
import sys
import time
from pathlib import Path

import swisseph as swe

ROOT = Path(__file__).resolve().parents[2]
EPHE = os.environ.get("PEER_EPHE_PATH", str(ROOT / "ephe"))
if not (Path(EPHE) / "sepl_18.se1").exists():
    sys.exit(f"no Swiss Ephemeris files in {EPHE}")
swe.set_ephe_path(EPHE)
FLAGS = swe.FLG_SWIEPH | swe.FLG_SPEED

BODIES = [("sun", swe.SUN), ("moon", swe.MOON), ("mercury", swe.MERCURY), ("venus", swe.VENUS),
          ("mars", swe.MARS), ("jupiter", swe.JUPITER), ("saturn", swe.SATURN),
          ("uranus", swe.URANUS), ("neptune", swe.NEPTUNE), ("pluto", swe.PLUTO),
          ("chiron", swe.CHIRON)]
SIGNS = ["aries", "taurus", "gemini", "cancer", "leo", "virgo", "libra", "scorpio",
         "sagittarius", "capricorn", "aquarius", "pisces"]
PHASES = ["new", "first_quarter", "full", "last_quarter"]
START, END = 2460310.5, 2460676.5  # 2024-01-01 .. 2025-01-01 UT
STEP, MOON_STEP = 0.5, 0.1
BISECT_DAYS = 1.0 / 86400.0


def calc(body, t):
    x = swe.calc_ut(t, body, FLAGS)[0]
    return x[0], x[3]


def wrap(d):
    return (d + 180.0) % 360.0 - 180.0


def bisect(f, a, b):
    fa = f(a)
    while b - a > BISECT_DAYS:
        m = 0.5 * (a + b)
        fm = f(m)
        if (fm < 0) == (fa < 0):
            a, fa = m, fm
        else:
            b = m
    return 0.5 * (a + b)


def search():
    events = []
    for name, body in BODIES:
        step = MOON_STEP if body == swe.MOON else STEP
        n = int(math.ceil((END - START) / step))
        prev = None
        for k in range(n + 1):
            t = min(START + k * step, END)
            lon, speed = calc(body, t)
            if prev is not None:
                t0, lon0, speed0 = prev
                s0, s1 = int(lon0 // 30), int(lon // 30)
                if s0 != s1:
                    forward = wrap(lon - lon0) > 0
                    cusp = (s1 if forward else s0) * 30.0
                    te = bisect(lambda x: wrap(calc(body, x)[0] - cusp), t0, t)
                    entered = s1 if forward else (s0 - 1) % 12
                    events.append((te, f"ingress {name} {SIGNS[entered]}"))
                if (speed0 < 0) != (speed < 0):
                    te = bisect(lambda x: calc(body, x)[1], t0, t)
                    direction = "retrograde" if speed0 > 0 else "direct"
                    events.append((te, f"station {name} {direction}"))
            prev = (t, lon, speed)

    def elongation(t):
        return (calc(swe.MOON, t)[0] - calc(swe.SUN, t)[0]) % 360.0

    n = int(math.ceil((END - START) / MOON_STEP))
    t0, e0 = START, elongation(START)
    for k in range(1, n + 1):
        t = min(START + k * MOON_STEP, END)
        e = elongation(t)
        q0, q1 = int(e0 // 90), int(e // 90)
        if q0 != q1:
            target = q1 * 90.0
            te = bisect(lambda x: wrap(elongation(x) - target), t0, t)
            events.append((te, f"lunation moon {PHASES[q1 % 4]}"))
        t0, e0 = t, e
    events.sort()
    return events


def compare(mine, path):
    theirs = []
    for line in Path(path).read_text().splitlines():
        *words, jd = line.split()
        theirs.append((float(jd), " ".join(words)))
    theirs.sort()
    if len(theirs) != len(mine):
        sys.exit(f"different lists: Orrery {len(theirs)} events, peer {len(mine)}")
    worst = {"ingress": 0.0, "station": 0.0, "lunation": 0.0}
    for (t_peer, what_peer), (t_orrery, what_orrery) in zip(mine, theirs):
        kind = what_peer.split()[0]
        if what_peer != what_orrery:
            sys.exit(f"different events: peer {what_peer} at {t_peer}, Orrery {what_orrery}")
        tolerance = 60.0 if kind == "station" else 1.0
        d = abs(t_peer - t_orrery) * 86400.0
        if d > tolerance:
            sys.exit(f"{what_peer}: peer {t_peer}, Orrery {t_orrery} ({d:.2f} s)")
        worst[kind] = max(worst[kind], d)
    print(f"same {len(mine)} events; worst differences (s): "
          + ", ".join(f"{k} {v:.3f}" for k, v in worst.items()))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--compare", help="Orrery's --peer-lines output")
    args = parser.parse_args()
    times = []
    for _ in range(args.repeat):
        c0 = time.process_time()
        events = search()
        times.append(time.process_time() - c0)
    print(f"python peer: {len(events)} events, CPU median {statistics.median(times) * 1000:.1f} ms "
          f"(min {min(times) * 1000:.1f} ms, {args.repeat} runs)")
    if args.compare:
        compare(events, args.compare)


if __name__ == "__main__":
    main()
