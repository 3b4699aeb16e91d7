"""The runner of .ci/readme-check (read that script's header first).

python3 .ci/readme_check.py BINARY FILE...   (from the repository's root; standard library only)
"""

import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import xml.etree.ElementTree as ET

PORTS = range(18600, 18700)
BLOCK_SECONDS = 120
TOTAL_SECONDS = 600
START_SECONDS = 120
README_MAX_LINES = 250
README_MAX_LINE_CHARS = 400
SHELL_FENCES = {"sh", "bash", "shell"}
SKIP_MARK = re.compile(r"<!--\s*readme-check:\s*skip\s+(.*?)\s*-->")
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
DEMO_KEY_LINE = re.compile(r"demo API key: (\S+)")
OUTPUT_OPTION = re.compile(r"(?:^|\s)(?:-o|--output)\s+(\S+)")
# A field name in an answer, or in the shortened answer a block shows in its `# …` comments.
FIELD = re.compile(r'"([a-z_][a-z0-9_]*)":')
LOCAL_LINK = re.compile(r"\]\((?!https?:|mailto:|#)([^)\s#]+)(#[^)\s]*)?\)")


class Block:
    def __init__(self, path, line, fence, text, skip):
        self.path, self.line, self.fence, self.text, self.skip = path, line, fence, text, skip

    def where(self):
        return f"{self.path}:{self.line}"


def blocks_of(path):
    """Every fenced block of a Markdown file, with its language and a skip mark if any."""
    lines = open(path, encoding="utf-8").read().split("\n")
    found, i = [], 0
    while i < len(lines):
        opening = re.match(r"^(\s*)(`{3,})\s*([\w+-]*)", lines[i])
        if not opening:
            i += 1
            continue
        indent, ticks, fence = opening.group(1), opening.group(2), opening.group(3).lower()
        previous = lines[i - 1] if i > 0 else ""
        skip = SKIP_MARK.search(previous)
        body, j = [], i + 1
        while j < len(lines) and not lines[j].strip().startswith(ticks):
            body.append(lines[j][len(indent):] if lines[j].startswith(indent) else lines[j])
            j += 1
        found.append(Block(path, i + 1, fence, "\n".join(body), skip.group(1) if skip else None))
        i = j + 1
    return found


def free_port():
    for port in PORTS:
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise SystemExit("readme-check: no free port in 18600-18699")


def repository_state(root, excluded):
    """Every file under the repository (tracked, untracked and ignored) with its size and mtime."""
    state = {}
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if os.path.join(folder, d) not in excluded and d != ".git"]
        for name in files:
            path = os.path.join(folder, name)
            try:
                info = os.lstat(path)
            except FileNotFoundError:
                continue
            state[os.path.relpath(path, root)] = (info.st_size, info.st_mtime_ns)
    return state


def picture_problem(path):
    """Why the file at path is not a real picture of its extension, or None."""
    try:
        data = open(path, "rb").read()
    except OSError as error:
        return f"{path} was not written ({error.strerror})"
    if path.endswith(".png"):
        if not data.startswith(PNG_MAGIC) or b"IHDR" not in data[:32] or not data.endswith(b"IEND\xaeB`\x82"):
            return f"{path} is not a PNG (starts {data[:40]!r})"
        width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
        if width < 100 or height < 100:
            return f"{path} is a PNG of only {width} x {height} px"
    elif path.endswith(".svg"):
        try:
            root = ET.fromstring(data)
        except ET.ParseError as error:
            return f"{path} is not XML ({error}; starts {data[:40]!r})"
        if not root.tag.endswith("svg") or len(list(root.iter())) < 10:
            return f"{path} is not an SVG drawing (root {root.tag}, {len(list(root.iter()))} elements)"
    return None


def main():
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    binary, files = sys.argv[1], sys.argv[2:]
    root = os.getcwd()
    deadline = time.monotonic() + TOTAL_SECONDS
    failures, passed, skipped = [], 0, 0

    readme = open("README.md", encoding="utf-8").read().split("\n")
    if readme and readme[-1] == "":
        readme.pop()
    longest = max(range(len(readme)), key=lambda i: len(readme[i]))
    print(f"readme-check: README.md has {len(readme)} lines, the longest {len(readme[longest])} characters (line {longest + 1})")
    if len(readme) > README_MAX_LINES:
        failures.append(f"README.md has {len(readme)} lines (at most {README_MAX_LINES}): move details to docs/")
    if len(readme[longest]) > README_MAX_LINE_CHARS:
        failures.append(f"README.md:{longest + 1} has {len(readme[longest])} characters (at most {README_MAX_LINE_CHARS})")

    for f in files:
        for target, _ in LOCAL_LINK.findall(open(f, encoding="utf-8").read()):
            if not os.path.exists(os.path.join(os.path.dirname(f), target)):
                print(f"warning: {f} links to {target}, which is not in this tree")

    blocks = [b for f in files for b in blocks_of(f)]
    for b in blocks:
        if b.fence not in SHELL_FENCES and b.fence in ("", "console") and re.search(r"^\s*curl\s", b.text, re.M):
            failures.append(f"{b.where()}: a curl command in a ```{b.fence} block: mark it ```sh so that it runs")
    runnable = [b for b in blocks if b.fence in SHELL_FENCES]
    if not runnable:
        failures.append("no ```sh block found")

    work = tempfile.mkdtemp(prefix="readme-check-")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    clean_env = {k: v for k, v in os.environ.items() if not k.startswith("ORRERY_") and k != "SE_EPHE_PATH"}
    log = open(os.path.join(work, "serve.log"), "w+")
    server = subprocess.Popen(
        [binary, "serve"],
        env=dict(clean_env, ORRERY_LISTEN=f"127.0.0.1:{port}", ORRERY_DATABASE_URL=f"sqlite://{work}/readme.db"),
        stdout=log, stderr=subprocess.STDOUT, cwd=work, start_new_session=True,
    )
    try:
        started = time.monotonic()
        while True:
            try:
                with urllib.request.urlopen(base + "/v1/health", timeout=2) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                pass
            if server.poll() is not None or time.monotonic() - started > START_SECONDS:
                log.seek(0)
                raise SystemExit(f"readme-check: the service did not start:\n{log.read()}")
            time.sleep(0.2)
        log.seek(0)
        printed = DEMO_KEY_LINE.search(log.read())
        print(f"readme-check: {binary} serving on {base} (localhost:8080 in the examples points there)")
        if not printed:
            failures.append("the service did not print `demo API key: …` at start")
        elif not re.search(r"export ORRERY_API_KEY=" + re.escape(printed.group(1)) + r"\b", "\n".join(readme)):
            failures.append(f"README.md does not export the demo key the service prints ({printed.group(1)})")

        excluded = {os.path.join(root, ".git")}
        target = os.environ.get("CARGO_TARGET_DIR", "target")
        excluded.add(os.path.normpath(os.path.join(root, target)))
        env_file = os.path.join(work, "env.sh")
        open(env_file, "w").close()
        pictures = 0
        for b in runnable:
            if b.skip:
                print(f"skipped: {b.where()}: {b.skip}")
                skipped += 1
                continue
            left = deadline - time.monotonic()
            if left <= 0:
                failures.append(f"{b.where()}: not run, the check's {TOTAL_SECONDS} s were used up")
                continue
            text = re.sub(r"(?:http://)?(?:localhost|127\.0\.0\.1):8080", base, b.text)
            outputs = [os.path.expanduser(o.strip("'\"")) for o in OUTPUT_OPTION.findall(text)]
            for out in outputs:
                if os.path.isabs(out) and not out.startswith(root + os.sep) and os.path.exists(out):
                    os.remove(out)
            script = "\n".join([
                "set -euo pipefail",
                f"source {shlex.quote(env_file)}",
                'curl() { command curl --fail-with-body --silent --show-error "$@"; }',
                text,
                f"export -p > {shlex.quote(env_file)}",
            ])
            before = repository_state(root, excluded)
            began = time.monotonic()
            run = subprocess.Popen(["bash", "-c", script], cwd=root, env=clean_env, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, start_new_session=True)
            try:
                output, _ = run.communicate(timeout=min(BLOCK_SECONDS, left))
            except subprocess.TimeoutExpired:
                os.killpg(run.pid, signal.SIGKILL)
                output, _ = run.communicate()
                failures.append(f"{b.where()}: did not finish within {min(BLOCK_SECONDS, left):.0f} s")
                continue
            took = time.monotonic() - began
            output = output.decode("utf-8", "replace")
            after = repository_state(root, excluded)
            problems = []
            if run.returncode != 0:
                problems.append(f"exit status {run.returncode}" + (" (curl: an answer that is not 2xx)" if run.returncode == 22 else ""))
            written = sorted(p for p in set(before) | set(after) if before.get(p) != after.get(p))
            if written:
                problems.append("wrote inside the repository: " + ", ".join(written[:10]))
            for out in outputs:
                if out.endswith((".png", ".svg")):
                    pictures += 1
                    problem = picture_problem(out)
                    shown = os.path.join("docs", "images", os.path.basename(out))
                    if problem:
                        problems.append(problem)
                    elif os.path.exists(shown) and open(shown, "rb").read() != open(out, "rb").read():
                        problems.append(f"{out} differs from {shown}, the picture the README shows: "
                                        f"run the example and `cp {out} {shown}` if the change is meant")
            shown_fields = set(FIELD.findall("\n".join(l for l in b.text.split("\n") if l.lstrip().startswith("#"))))
            stale = sorted(shown_fields - set(FIELD.findall(output)))
            if stale and run.returncode == 0:
                problems.append("the answer shown in the comments has fields the service did not send: " + ", ".join(stale))
            if problems:
                tail = "\n".join("    " + line for line in output[-1200:].split("\n"))
                failures.append(f"{b.where()}: " + "; ".join(problems) + f"\n  output:\n{tail}")
                print(f"FAILED: {b.where()} ({took:.1f} s)")
            else:
                passed += 1
                print(f"ok: {b.where()} ({took:.1f} s, {len(output)} bytes of output)")
        if pictures == 0:
            failures.append("no example writes a picture (-o FILE.png or FILE.svg)")
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
        subprocess.run(["rm", "-rf", work], check=False)

    for failure in failures:
        print("FAILED: " + failure)
    print(f"readme-check: {passed} passed, {len(failures)} failed, {skipped} skipped")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
