#!/usr/bin/env python3
"""Checks the Dockerfile's stages offline, where no image can be built: what hadolint does not
know about this project.

- at least two stages; the build stage's Rust is at least the workspace's rust-version;
- every COPY from the context names a file that exists and that .dockerignore lets through,
  and every COPY --from names an earlier stage;
- the runtime stage is not the build image, runs as a numeric non-root user, sets
  ORRERY_EPHE_PATH to where it copies ephe/ (which holds the files the service opens), exposes
  the port of ORRERY_LISTEN, stops with SIGTERM and has a HEALTHCHECK.

Usage: check-dockerfile.py [REPOSITORY]  (default: the folder above this script's). Prints one
line per problem and exits 1 if there is any.
"""

from __future__ import annotations

import fnmatch
import re
import shlex
import sys
from dataclasses import dataclass, field
from pathlib import Path

# The files the service opens at start (README, Configuration: ORRERY_EPHE_PATH).
EPHEMERIS_FILES = ("sepl_18.se1", "semo_18.se1", "seas_18.se1", "sefstars.txt")


@dataclass
class Stage:
    base: str
    name: str | None
    instructions: list[tuple[str, str]] = field(default_factory=list)

    def all(self, keyword: str) -> list[str]:
        return [args for kw, args in self.instructions if kw == keyword]


def instructions(text: str) -> list[tuple[str, str]]:
    """(KEYWORD, arguments) per instruction, continuation lines joined, comments dropped."""
    result, pending = [], ""
    for line in text.splitlines():
        stripped = line.strip()
        if not pending and (not stripped or stripped.startswith("#")):
            continue
        if stripped.startswith("#"):
            continue
        if stripped.endswith("\\"):
            pending += stripped[:-1] + " "
            continue
        full = pending + stripped
        pending = ""
        keyword, _, args = full.partition(" ")
        result.append((keyword.upper(), args.strip()))
    return result


def stages(parsed: list[tuple[str, str]]) -> tuple[dict[str, str], list[Stage]]:
    """Global ARG defaults and the stages in order."""
    global_args: dict[str, str] = {}
    found: list[Stage] = []
    for keyword, args in parsed:
        if keyword == "FROM":
            words = args.split()
            name = words[2] if len(words) >= 3 and words[1].upper() == "AS" else None
            found.append(Stage(base=words[0], name=name))
        elif found:
            found[-1].instructions.append((keyword, args))
        elif keyword == "ARG" and "=" in args:
            key, _, value = args.partition("=")
            global_args[key] = value
    return global_args, found


def expand(text: str, variables: dict[str, str]) -> str:
    return re.sub(r"\$\{(\w+)\}", lambda m: variables.get(m.group(1), m.group(0)), text)


def env_of(stage: Stage) -> dict[str, str]:
    env: dict[str, str] = {}
    for args in stage.all("ENV"):
        for word in shlex.split(args):
            key, _, value = word.partition("=")
            env[key] = value
    return env


def copy_parts(args: str) -> tuple[dict[str, str], list[str], str]:
    """Flags (--from, --chmod), sources and destination of a COPY."""
    words = shlex.split(args)
    flags = {}
    while words and words[0].startswith("--"):
        key, _, value = words.pop(0)[2:].partition("=")
        flags[key] = value
    return flags, words[:-1], words[-1]


def context_admits(path: str, patterns: list[str]) -> bool:
    """Whether .dockerignore lets `path` (or a folder above it) into the build context: the last
    matching pattern wins, `!` lets a path back in."""
    parts = Path(path).parts
    candidates = ["/".join(parts[: i + 1]) for i in range(len(parts))]
    admitted = True
    for pattern in patterns:
        negated = pattern.startswith("!")
        cleaned = pattern.lstrip("!").strip("/")
        if cleaned.startswith("**/"):
            matches = any(fnmatch.fnmatch(Path(c).name, cleaned[3:]) for c in candidates)
        else:
            matches = any(fnmatch.fnmatch(c, cleaned) for c in candidates)
        if matches:
            admitted = negated
    return admitted


def version_tuple(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", text))


def check(repo: Path) -> list[str]:
    problems: list[str] = []
    global_args, found = stages(instructions((repo / "Dockerfile").read_text()))
    if len(found) < 2:
        return [f"Dockerfile: {len(found)} stage(s); a build and a runtime stage are expected"]
    build, runtime = found[0], found[-1]

    rust_version = global_args.get("RUST_VERSION", "")
    # The workspace's one rust-version line (read with a pattern: tomllib needs Python 3.11).
    found_version = re.search(
        r'^rust-version\s*=\s*"([\d.]+)"', (repo / "Cargo.toml").read_text(), re.MULTILINE
    )
    wanted = found_version.group(1) if found_version else ""
    if not wanted:
        problems.append("Cargo.toml has no rust-version line to compare the build image with")
    elif not build.base.startswith("rust:"):
        problems.append(f"the build stage starts from {build.base}, not a rust: image")
    elif version_tuple(rust_version) < version_tuple(wanted):
        problems.append(f"RUST_VERSION {rust_version!r} is older than rust-version {wanted}")

    ignore_file = repo / ".dockerignore"
    patterns = [
        line.strip()
        for line in (ignore_file.read_text().splitlines() if ignore_file.exists() else [])
        if line.strip() and not line.strip().startswith("#")
    ]
    names_so_far: set[str] = set()
    for stage in found:
        for args in stage.all("COPY") + stage.all("ADD"):
            flags, sources, _ = copy_parts(args)
            if "from" in flags:
                if flags["from"] not in names_so_far:
                    problems.append(f"COPY --from={flags['from']}: no earlier stage has that name")
                continue
            for source in sources:
                if not (repo / source).exists():
                    problems.append(f"COPY {source}: no such file in the repository")
                elif not context_admits(source, patterns):
                    problems.append(f"COPY {source}: .dockerignore leaves it out of the context")
        if stage.name:
            names_so_far.add(stage.name)

    if expand(runtime.base, global_args) == expand(build.base, global_args):
        problems.append("the runtime stage is the build image")
    users = runtime.all("USER")
    stage_args = dict(arg.partition("=")[::2] for arg in runtime.all("ARG"))
    user = expand(users[-1], global_args | stage_args) if users else ""
    if not re.fullmatch(r"[1-9]\d*(:\d+)?", user):
        problems.append(f"the runtime stage's USER is {user or 'unset'}; a numeric non-root uid is expected")

    env = env_of(runtime)
    ephe_destinations = [
        dest for _flags, sources, dest in map(copy_parts, runtime.all("COPY")) if sources == ["ephe"]
    ]
    if not ephe_destinations:
        problems.append("the runtime stage does not copy ephe/")
    elif env.get("ORRERY_EPHE_PATH") != ephe_destinations[0]:
        problems.append(
            f"ORRERY_EPHE_PATH is {env.get('ORRERY_EPHE_PATH')!r}, but ephe/ is copied to {ephe_destinations[0]}"
        )
    for name in EPHEMERIS_FILES:
        if not (repo / "ephe" / name).is_file():
            problems.append(f"ephe/{name} is missing")

    listen_port = env.get("ORRERY_LISTEN", "").rpartition(":")[2]
    exposed = " ".join(runtime.all("EXPOSE")).split()
    if not listen_port or listen_port not in [port.split("/")[0] for port in exposed]:
        problems.append(f"ORRERY_LISTEN's port {listen_port or '(unset)'} is not in EXPOSE {exposed}")
    if runtime.all("STOPSIGNAL") != ["SIGTERM"]:
        problems.append("the runtime stage's STOPSIGNAL is not SIGTERM")
    if not runtime.all("HEALTHCHECK"):
        problems.append("the runtime stage has no HEALTHCHECK")
    return problems


def main() -> int:
    repo = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent
    problems = check(repo)
    for problem in problems:
        print(f"Dockerfile: {problem}")
    if not problems:
        print("Dockerfile: stages, context, user, ephemeris path, port, signal and health check ok")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
