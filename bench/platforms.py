"""The dependencies toguz needs on Windows and macOS, resolved from PyPI with wheels only (nothing built on
the player's machine), for each Python a player may have.

Run from the repository root: ``.venv/bin/python bench/platforms.py [--python 3.11 3.12 3.13]``.

For each system and Python version it runs ``uv pip compile pyproject.toml --python-platform SYSTEM
--python-version VERSION --only-binary :all:`` and prints whether it resolved, how many packages, the
screen-reader package of that system (prismatoid on Windows; macOS needs none: VoiceOver is told through
``osascript``) and the list. ``uv`` is taken from this environment (``pip install uv``) or the PATH; it
reads PyPI, so the figures need the network (or the machine's package index).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SYSTEMS = {"windows": "x86_64-pc-windows-msvc", "macos (Apple silicon)": "aarch64-apple-darwin",
           "macos (Intel)": "x86_64-apple-darwin"}


def uv() -> str | None:
    """The uv program: beside this Python, else on the PATH."""
    beside = Path(sys.executable).with_name("uv")
    return str(beside) if beside.exists() else shutil.which("uv")


def resolve(program: str, target: str, version: str) -> tuple[bool, list[str], str, float]:
    """Whether the dependencies resolve for ``target`` on Python ``version`` with wheels only; the pins, the
    last line said when not, and the seconds it took."""
    started = time.monotonic()
    done = subprocess.run([program, "pip", "compile", "pyproject.toml", "--python-platform", target,
                           "--python-version", version, "--only-binary", ":all:", "--no-header", "--no-annotate",
                           "--quiet"], cwd=REPO, capture_output=True, text=True, timeout=600)
    seconds = time.monotonic() - started
    pins = [line.strip() for line in done.stdout.splitlines() if "==" in line and not line.startswith("#")]
    problem = (done.stderr.strip().splitlines() or [""])[-1]
    return done.returncode == 0, pins, problem, seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", nargs="+", default=["3.11", "3.12", "3.13"], metavar="VERSION")
    options = parser.parse_args()
    program = uv()
    if program is None:
        print("platforms: uv is not installed (.venv/bin/pip install uv)", file=sys.stderr)
        return 2
    failed = 0
    for name, target in SYSTEMS.items():
        for version in options.python:
            resolved, pins, problem, seconds = resolve(program, target, version)
            if not resolved:
                failed += 1
                print(f"{name}, Python {version}: does not resolve with wheels only ({seconds:.1f} s): {problem}")
                continue
            reader = next((pin for pin in pins if pin.startswith("prismatoid==")), "none needed")
            print(f"{name}, Python {version}: {len(pins)} packages, wheels only ({seconds:.1f} s); "
                  f"screen reader: {reader}")
            print("    " + " ".join(pins))
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
