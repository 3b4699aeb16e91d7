#!/usr/bin/env python3
"""Sends every playground example to two running services and compares the answers.

    compare_live_answers.py EXAMPLES_JSON BEFORE_URL AFTER_URL [--key KEY]

Made for the typed-contract change (issue 9): every 200 answer must be byte-identical between the
service before the change and after it; only error objects may differ (new fields and codes).
Prints one line per example and, for each difference, the two bodies; exits 1 when a 200 answer
differs (or a status changed), 0 otherwise. The examples are the playground's own
(`crates/server/src/playground/examples.json`), so the comparison covers what a new user tries.
"""

import argparse
import json
import sys
import urllib.error
import urllib.request

DEMO_KEY = "orr_test_DemoPlaygroundPublicKey0000000000f5LqB"
# Answers that depend on the moment or on the service itself, not on the request.
TIME_DEPENDENT = {"/v1/health", "/v1/health/live", "/v1/openapi.json", "/v1/me"}


def fetch(base, example, key):
    body = example.get("body")
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + example["path"], data=data, method=example["method"])
    request.add_header("X-API-Key", key)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("examples")
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--key", default=DEMO_KEY)
    args = parser.parse_args()
    with open(args.examples, encoding="utf-8") as file:
        examples = json.load(file)

    same = differ = errors_only = skipped = 0
    for example in examples:
        label = f"{example['method']} {example['path']}"
        if example["path"].split("?")[0] in TIME_DEPENDENT:
            skipped += 1
            print(f"skipped (time-dependent): {label}")
            continue
        before = fetch(args.before, example, args.key)
        after = fetch(args.after, example, args.key)
        if before == after:
            same += 1
            print(f"same      {before[0]}  {label}")
        elif before[0] == after[0] and before[0] >= 400:
            errors_only += 1
            print(f"error obj {before[0]}  {label}")
            print(f"    before: {before[1].decode()[:400]}")
            print(f"    after:  {after[1].decode()[:400]}")
        else:
            differ += 1
            print(f"DIFFERENT {before[0]}->{after[0]}  {label}")
            print(f"    before: {before[1].decode()[:400]}")
            print(f"    after:  {after[1].decode()[:400]}")
    print(
        f"{same} identical, {errors_only} error objects changed, {differ} answers changed, "
        f"{skipped} skipped"
    )
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
