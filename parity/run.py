#!/usr/bin/env python3
"""Published parity: compares Orrery's answers with each peer's own values and writes
docs/PARITY.md.

    python parity/run.py BINARY [--out docs/PARITY.md]

Runs inside a virtual environment made from parity/requirements.txt (.ci/parity-check makes it).
Starts BINARY on a free loopback port with a throwaway SQLite database, asks it for the charts of
every peer (see parity/README.md for the peers, their data and their licences) and stops it,
also on an error. Every expected value is computed by the peer's code at run time (kerykeion,
pyswisseph) or read from the peer's published test file (immanuel's sdist from PyPI); nothing is
typed in here.
"""

import argparse
import datetime as dt
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import immanuel_values  # noqa: E402
import kerykeion_values  # noqa: E402
import swe_values  # noqa: E402
from orrery_service import Orrery  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PLANETS = ["sun", "moon", "mercury", "venus", "mars", "jupiter", "saturn", "uranus", "neptune",
           "pluto"]


def angular_difference(a: float, b: float) -> float:
    return abs((a - b + 180.0) % 360.0 - 180.0)


class Comparison:
    """One row of the table: a kind of value, how many agree within the tolerance, the worst."""

    def __init__(self, label: str, tolerance_deg: float, moshier: bool = False):
        self.label = label
        # Positions from the Moshier model on both sides.
        self.moshier = moshier
        self.tolerance_deg = tolerance_deg
        self.count = 0
        self.agree = 0
        self.worst = 0.0
        self.worst_where = ""

    def add(self, where: str, orrery: float, peer: float) -> None:
        diff = angular_difference(orrery, peer)
        self.count += 1
        if diff <= self.tolerance_deg:
            self.agree += 1
        if diff > self.worst:
            self.worst = diff
            self.worst_where = where


def format_degrees(value: float) -> str:
    """Stable from run to run: below 1e-9° two builds' floating-point noise shows, and below
    1e-5° kerykeion's Moshier positions carry the state its own earlier calls left in its
    process's library."""
    if value < 1e-9:
        return "< 1e-9°"
    if value < 1e-5:
        return "< 1e-5°"
    if value < 1.0 / 3600:
        return f"{value:.1e}°"
    if value < 1.0:
        return f'{value * 3600:.1f}"'
    return f"{value:.2f}°"


def radix_body(birth: dict, options: dict) -> dict:
    return {"birth": birth, "options": options}


def location(lat: float, lng: float) -> dict:
    return {"latitude": lat, "longitude": lng}


def orrery_angles(answer: dict) -> dict:
    """ASC and MC as Orrery answers them; DSC and IC are its cusps 7 and 4 (in Placidus, and in
    the Porphyry fallback, those cusps are the descendant and the imum coeli)."""
    return {"ascendant": answer["angles"]["ascendant"]["longitude"],
            "mc": answer["angles"]["mc"]["longitude"],
            "descendant": answer["houses"]["7"], "imum_coeli": answer["houses"]["4"]}


def local_iso(y: int, mo: int, d: int, h: int, mi: int) -> str:
    """ISO 8601; years before 0 or after 9999 in the expanded six-digit form."""
    year = f"{y:04d}" if 0 <= y <= 9999 else f"{'-' if y < 0 else '+'}{abs(y):06d}"
    return f"{year}-{mo:02d}-{d:02d}T{h:02d}:{mi:02d}"


def compare_chart(rows: dict, name: str, answer: dict, peer: dict):
    for body in PLANETS:
        rows["planets"].add(f"{name} {body}", answer["planets"][body]["longitude"],
                            peer["planets"][body])
    for number in range(1, 13):
        rows["cusps"].add(f"{name} cusp {number}", answer["houses"][str(number)],
                          peer["cusps"][number - 1])
    mine = orrery_angles(answer)
    for angle, value in peer["angles"].items():
        rows["angles"].add(f"{name} {angle}", mine[angle], value)


def new_rows(prefix: str, tolerance_deg: float) -> dict:
    return {kind: Comparison(f"{prefix}: {kind}", tolerance_deg)
            for kind in ("planets", "cusps", "angles")}


KERYKEION_OPTIONS = {"house_system": "placidus", "zodiac": "tropical", "center": "geocentric",
                     "include": ["planets", "houses"], "bodies": PLANETS}


def run_kerykeion(orrery: Orrery, subjects: list) -> dict:
    """Each subject twice: as kerykeion's test states it (local time and zone), and at the UT
    instant kerykeion computed from it."""
    peer = kerykeion_values.compute(subjects)
    stated = new_rows("as stated (local time + zone)", kerykeion_values.TOLERANCE_DEG)
    zone_reference = new_rows("as stated, Orrery with `birth.lmt` `zone_reference`",
                              kerykeion_values.TOLERANCE_DEG)
    same_ut = new_rows(f"same UT instant, {swe_values.FILES_FROM}–{swe_values.FILES_TO}",
                       kerykeion_values.TOLERANCE_DEG)
    same_ut_moshier = new_rows(f"same UT instant, before {swe_values.FILES_FROM} (Orrery on "
                               "Moshier too)", kerykeion_values.TOLERANCE_DEG)
    offsets = []
    skipped = []
    for subject, values in zip(subjects, peer["charts"]):
        if "error" in values:
            skipped.append((subject, f"kerykeion refuses it ({values['error']})"))
            continue
        where = location(subject["lat"], subject["lng"])
        local = radix_body({"datetime": local_iso(*subject["local"]), "timezone": subject["tz"],
                            "location": where}, KERYKEION_OPTIONS)
        local_answer = orrery.post("/v1/radix", local)
        compare_chart(stated, subject["name"], local_answer, values)
        zone_birth = {**local["birth"], "lmt": "zone_reference"}
        compare_chart(zone_reference, subject["name"],
                      orrery.post("/v1/radix", radix_body(zone_birth, KERYKEION_OPTIONS)), values)
        ut = radix_body({"datetime": values["utc"], "location": where}, KERYKEION_OPTIONS)
        in_files = swe_values.FILES_FROM <= subject["local"][0] < swe_values.FILES_TO
        compare_chart(same_ut if in_files else same_ut_moshier, subject["name"],
                      orrery.post("/v1/radix", ut), values)
        resolved = local_answer["input"]["resolved"]
        offsets.append({
            "name": subject["name"],
            "local": local["birth"]["datetime"],
            "tz": subject["tz"],
            "kerykeion_utc": values["utc"],
            "kerykeion_offset": values["offset"],
            "orrery_utc": resolved["utc"],
            "orrery_offset": resolved["offset"],
            "orrery_offset_source": resolved["offset_source"],
        })
    return {"stated": stated, "zone_reference": zone_reference, "same_ut": same_ut,
            "same_ut_moshier": same_ut_moshier,
            "offsets": offsets, "skipped": skipped, "charts": len(offsets),
            "moshier": peer["moshier"]}


SWE_OPTIONS = {"house_system": "placidus", "zodiac": "tropical", "center": "geocentric",
               "include": ["planets", "houses"], "bodies": list(swe_values.BODIES)}


def run_swe(orrery: Orrery, subjects: list) -> dict:
    """pyswisseph on the repository's ephe/ files at the instant Orrery resolved."""
    span = f"{swe_values.FILES_FROM}–{swe_values.FILES_TO}"
    rows = {
        "planets": Comparison(f"bodies (Sun–Pluto, nodes, apogees, Chiron), {span}",
                              swe_values.TOLERANCE_DEG),
        "moshier": Comparison(f"bodies (Sun–Pluto, nodes, apogees), before "
                              f"{swe_values.FILES_FROM} (Moshier)",
                              swe_values.MOSHIER_TOLERANCE_DEG, moshier=True),
        "cusps": Comparison("Placidus cusps", swe_values.TOLERANCE_DEG),
        "angles": Comparison("ASC, MC, ARMC, Vertex", swe_values.TOLERANCE_DEG),
    }
    for subject in subjects:
        options = dict(SWE_OPTIONS)
        if not swe_values.FILES_FROM <= subject["local"][0] < swe_values.FILES_TO:
            # Chiron has no data outside the files; Orrery refuses it by name there.
            options["bodies"] = [b for b in SWE_OPTIONS["bodies"] if b != "chiron"]
        body = radix_body({"datetime": local_iso(*subject["local"]), "timezone": subject["tz"],
                           "location": location(subject["lat"], subject["lng"])}, options)
        answer = orrery.post("/v1/radix", body)
        jd = answer["input"]["resolved"]["julian_day_ut"]
        peer = swe_values.chart(jd, subject["lat"], subject["lng"], options["bodies"],
                                moshier=answer["ephemeris"] == "moshier")
        name = subject["name"]
        bodies_row = rows["moshier"] if answer["ephemeris"] == "moshier" else rows["planets"]
        for b in options["bodies"]:
            bodies_row.add(f"{name} {b}", answer["planets"][b]["longitude"], peer["bodies"][b])
        for number in range(1, 13):
            rows["cusps"].add(f"{name} cusp {number}", answer["houses"][str(number)],
                              peer["cusps"][number - 1])
        angles = answer["angles"]
        for key in ("ascendant", "mc", "vertex"):
            rows["angles"].add(f"{name} {key}", angles[key]["longitude"], peer["angles"][key])
        rows["angles"].add(f"{name} armc", angles["armc"], peer["angles"]["armc"])
    return rows


IMMANUEL_OPTIONS = {"house_system": "placidus", "zodiac": "tropical", "center": "geocentric",
                    "include": ["planets", "houses"], "bodies": ["sun", "moon"]}


def run_immanuel(orrery: Orrery) -> list:
    """The charts of immanuel's tests/test_charts.py whose spot checks say they were checked
    against astro.com: rounded to the arcsecond there, so compared rounded here."""
    results = []
    for case in immanuel_values.cases():
        birth = {"datetime": case["local"], "timezone": case["timezone"],
                 "location": location(case["latitude"], case["longitude"])}
        if case["name"] == "natal":
            chart = orrery.post("/v1/radix", radix_body(birth, IMMANUEL_OPTIONS))
            request = "`POST /v1/radix`"
        else:
            # The return nearest the birthday of that year: search from 30 days before it.
            birthday = dt.date.fromisoformat(case["local"][:10]).replace(year=case["year"])
            start = f"{birthday - dt.timedelta(days=30)}T00:00:00Z"
            answer = orrery.post("/v1/returns", {
                "natal": birth, "planet": "sun", "from": start, "count": 1,
                "include": ["chart", "houses"], "house_system": "placidus"})
            chart = answer["returns"]["sun"][0]["chart"]
            request = f"`POST /v1/returns` (`planet` `sun`, `from` `{start}`, `count` 1)"
        checks = []
        for item in case["expected"]:
            kind, key = item["kind"], item["key"]
            if kind == "planet":
                value = chart["planets"][key]["longitude"]
            elif kind == "angle":
                value = chart["angles"][key]["longitude"]
            else:
                value = chart["houses"][key]
            checks.append({**item, "orrery": value,
                           "orrery_text": immanuel_values.sign_dms(value)})
        results.append({"case": case, "checks": checks, "request": request})
    return results


def instant(iso: str) -> dt.datetime:
    return dt.datetime.fromisoformat(iso.replace("Z", "+00:00"))


def row(peer: str, comparison: Comparison, precision: str, cause: str) -> str:
    worst = comparison.worst
    if worst < 1e-9:
        cause = "none: the same values to floating-point rounding"
    elif worst < 1e-5 and comparison.agree == comparison.count:
        cause = "not traced: below 1e-5° (0.04\")"
    return (f"| {peer} | {comparison.label}: {comparison.count} | {precision} | "
            f"{comparison.agree} / {comparison.count} | {format_degrees(worst)}"
            f"{' (' + comparison.worst_where + ')' if comparison.worst >= 1e-5 else ''} | {cause} |")


def render(kery: dict, swe: dict, imm: dict, subjects_file: dict) -> str:
    versions = kerykeion_values.versions()
    lines = [
        "# Parity with other astrology software",
        "",
        "Generated by `parity/run.py` (`.ci/parity-check` regenerates it in CI and fails when this",
        "file is out of date or when agreement drops). Do not edit by hand; see parity/README.md for",
        "the peers' data, their provenance and licences.",
        "",
        f"Peers: kerykeion {versions['kerykeion']}, pyswisseph {versions['pyswisseph']} "
        f"(Swiss Ephemeris {versions['swisseph_library']}), immanuel "
        f"{immanuel_values.VERSION} (its test file's astro.com values). "
        f"Charts: the {len(subjects_file['subjects'])} named subjects of kerykeion's test "
        f"suite (kerykeion computes {kery['charts']}; "
        + "; ".join(f"{s['name']}: {why}" for s, why in kery["skipped"])
        + "), and immanuel's natal and solar-return test charts.",
        "",
        "| Peer | Values compared | Peer's precision (tolerance) | Agree | Worst difference | "
        "Cause of the differences |",
        "|---|---|---|---|---|---|",
    ]
    tol_k = f"{kerykeion_values.TOLERANCE_DEG * 3600:g}\" (kerykeion's planets are Moshier's)"
    moshier_cause = ("kerykeion ships no planet or Moon files (only `seas_18.se1`), so "
                     "pyswisseph gives it the Moshier model where Orrery reads the JPL-based "
                     "files" if kery["moshier"] else
                     "different ephemeris files")
    moved = [o for o in kery["offsets"] if instant(o["kerykeion_utc"]) != instant(o["orrery_utc"])]
    latest = max((o["local"] for o in moved), default="none")
    stated_cause = (f"the UT instant: in {len(moved)} of {kery['charts']} charts (the latest "
                    f"{latest[:10]}) kerykeion and Orrery read the local time differently. "
                    "kerykeion converts with pytz, which reads only the 32-bit part of the tz "
                    "files: before 1901-12-13 every zone has its first offset, the LMT of the "
                    "zone's reference city, rounded to the minute (so London's GMT of 1850 is "
                    "−00:01). Orrery takes the tz database's offsets to the second and, before "
                    "a zone's standard time, the birth place's LMT (`birth.lmt`); offsets below")
    zone_cause = ("the same charts: with `zone_reference` Orrery takes the zone's LMT too, but "
                  "to the second where pytz rounds it to the minute, and the tz database's standard "
                  "time where it began before 1901")
    for kind in ("planets", "cusps", "angles"):
        lines.append(row("kerykeion", kery["stated"][kind], tol_k, stated_cause))
    for kind in ("planets", "cusps", "angles"):
        lines.append(row("kerykeion", kery["zone_reference"][kind], tol_k, zone_cause))
    same_ut_causes = {"planets": moshier_cause,
                      "cusps": "none: the same library computes them from the same instant",
                      "angles": "none: the same library computes them from the same instant"}
    for kind in ("planets", "cusps", "angles"):
        lines.append(row("kerykeion", kery["same_ut"][kind], tol_k, same_ut_causes[kind]))
    same_ut_causes["planets"] = ("both sides use the Moshier model; kerykeion's positions "
                                 "carry the state its earlier calls left in its process's "
                                 "library")
    for kind in ("planets", "cusps", "angles"):
        lines.append(row("kerykeion", kery["same_ut_moshier"][kind], tol_k,
                         same_ut_causes[kind]))
    for kind in ("planets", "moshier", "cusps", "angles"):
        precision = f"{swe[kind].tolerance_deg:g}° (same C library, same files)"
        cause = "none beyond floating-point rounding"
        if kind == "moshier":
            precision = (f"{swe[kind].tolerance_deg:g}° (same C library, the Moshier model from "
                         "the library's initial state on both sides)")
        lines.append(row("pyswisseph (swetest)", swe[kind], precision, cause))
    for result in imm:
        checks = result["checks"]
        agree = sum(1 for c in checks if c["orrery_text"] == c["text"])
        worst_at = max(checks, key=lambda c: angular_difference(c["orrery"], c["value"]))
        worst = angular_difference(worst_at["orrery"], worst_at["value"])
        lines.append(
            f"| immanuel (astro.com) | {result['case']['name']}: "
            f"{', '.join(c['label'] for c in checks)}: {len(checks)} | 1\" (rounded to the "
            f"arcsecond) | {agree} / {len(checks)} | {format_degrees(worst)} "
            f"({worst_at['label']}, before rounding) | the peer's rounding to the arcsecond |")
    lines.append(
        "| Jagannatha Hora | none | – | – | – | No package on PyPI carries Jagannatha Hora's "
        "planet or cusp longitudes: `pyjhora` 4.8.7's `jhora/tests/pvr_tests.py` quotes JHora "
        "only for special lagnas, dasha dates and vargas, which Orrery does not compute; nothing "
        "is compared |")
    lines += [
        "",
        "## Options Orrery was asked with, per peer",
        "",
        "No preset exists yet; each request sets the peer's conventions explicitly. Dates "
        "before 1582 are proleptic Gregorian on both sides (kerykeion's Python `datetime`, "
        "Orrery's ISO 8601 default), which the same-UT rows confirm.",
        "",
        f"- kerykeion: `POST /v1/radix` with `options` `{json.dumps(KERYKEION_OPTIONS)}` "
        "(kerykeion's defaults: Placidus, tropical, apparent geocentric); `birth` once as the "
        "test states it (`datetime` local, `timezone`, `location`; `lmt` left at its default, "
        "the birth place), once so with `birth.lmt` `zone_reference` (kerykeion's reading "
        "before standard time), once with kerykeion's own UT instant (`datetime` with its "
        "UTC offset).",
        f"- pyswisseph: `POST /v1/radix` with `options` `{json.dumps(SWE_OPTIONS)}`; pyswisseph "
        "(`swe.calc_ut` with `FLG_SWIEPH`, `swe.houses_ex` with `P`) at the `julian_day_ut` "
        "Orrery echoes, on the repository's `ephe/` files (outside their years, "
        f"{swe_values.FILES_FROM}–{swe_values.FILES_TO}, both fall back to Moshier and Chiron, "
        "which has no data there, is left out).",
        "- immanuel: Placidus (immanuel's default `house_system`), tropical, geocentric; "
        "`birth` as its test states it: "
        f"`{imm[0]['case']['local']}` in `{imm[0]['case']['timezone']}` at "
        f"{imm[0]['case']['lat_text']} {imm[0]['case']['lon_text']}; "
        + "; ".join(f"{r['case']['name']}: {r['request']}" for r in imm) + ".",
        "",
        "## How kerykeion and Orrery read the same local birth times",
        "",
        "| Subject | Local time | Zone | kerykeion offset | kerykeion UT | Orrery offset | "
        "Orrery UT |",
        "|---|---|---|---|---|---|---|",
    ]
    for o in kery["offsets"]:
        lines.append(f"| {o['name']} | {o['local']} | {o['tz']} | {o['kerykeion_offset']} | "
                     f"{o['kerykeion_utc']} | {o['orrery_offset']} ({o['orrery_offset_source']}) | "
                     f"{o['orrery_utc']} |")
    lines += [
        "",
        "## immanuel's astro.com spot checks",
        "",
        "| Chart, value | immanuel's test (astro.com) | Orrery, rounded the same way | Orrery |",
        "|---|---|---|---|",
    ]
    for result in imm:
        for c in result["checks"]:
            lines.append(f"| {result['case']['name']} {c['label']} | {c['text']} | "
                         f"{c['orrery_text']} | {c['orrery']:.6f}° |")
    lines.append("")
    return "\n".join(lines)


def agreement(table: str) -> dict:
    """The `Agree` column of a PARITY.md: (peer, values compared) -> (agree, count)."""
    found = {}
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 6 and " / " in cells[3]:
            agree, count = (int(v) for v in cells[3].split(" / "))
            found[(cells[0], cells[1])] = (agree, count)
    return found


def agreement_drops(committed: str, fresh: str) -> list:
    """Rows of the committed table whose agreement is lower now, or that are gone."""
    now = agreement(fresh)
    drops = []
    for key, (agree, count) in agreement(committed).items():
        if key not in now:
            drops.append(f"{key[0]}, {key[1]}: row missing (was {agree} / {count})")
        elif now[key][0] * count < agree * now[key][1]:
            drops.append(f"{key[0]}, {key[1]}: {now[key][0]} / {now[key][1]} "
                         f"(committed {agree} / {count})")
    return drops


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("--out", default=str(ROOT / "docs" / "PARITY.md"))
    parser.add_argument("--check", metavar="COMMITTED",
                        help="fail if agreement is lower than in this committed PARITY.md")
    args = parser.parse_args()
    subjects_file = json.loads((ROOT / "parity" / "kerykeion_subjects.json").read_text())
    subjects = subjects_file["subjects"]
    started = dt.datetime.now()
    with Orrery(os.path.abspath(args.binary)) as orrery:
        # pyswisseph first: kerykeion leaves settings in the library (one process, one library)
        # that move a Moshier position by ~1e-6° even after swe.close().
        swe = run_swe(orrery, subjects)
        kery = run_kerykeion(orrery, subjects)
        imm = run_immanuel(orrery)
    table = render(kery, swe, imm, subjects_file)
    Path(args.out).write_text(table, encoding="utf-8")
    print(f"parity: wrote {args.out} in {(dt.datetime.now() - started).total_seconds():.1f} s")
    if args.check:
        drops = agreement_drops(Path(args.check).read_text(encoding="utf-8"), table)
        for drop in drops:
            print(f"parity: agreement dropped: {drop}")
        if drops:
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
