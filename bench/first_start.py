"""First-start figures: how fast toguz answers while the computer thinks with its Python search, as it does on a
fresh install until the compiled search is ready (``toguz_tui.session.preparation``).

Run from the repository root: ``.venv/bin/python bench/first_start.py [--queries N]``.

The installed ``toguz`` in tmux, with ``TOGUZ_ENGINE=python`` (the fallback a fresh install plays with), at
level 8 in a middlegame out of the book, so the computer thinks its whole 3 s: after the player's move, the
queries typed while it thinks, each timed from the keys sent until the answer is on the screen (target:
under 100 ms). The line mode types ``board``; the board, in the screen-reader mode, presses ``b`` and ``k`` in
turn. tmux's own look at the screen takes some milliseconds of each figure. Skipped when tmux is missing.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path

TOGUZ = Path(sys.executable).with_name("toguz")
MIDDLEGAME = "6S,1S,14S,14S,2S,4S,3S,2S,15S/6S,1,5S,5S,14S,14S,1,1S,2S 22 32 S 6"
SOCKET = f"toguz-first-start-{os.getpid()}"
TARGET = 0.100


class Pane:
    """A tmux session running toguz."""

    def __init__(self, face: str, home: Path) -> None:
        self.name = f"first-{uuid.uuid4().hex[:8]}"
        config = home / "config"
        config.mkdir(parents=True)
        (config / "settings.toml").write_text("screen_reader = true\n")
        env = {"TOGUZ_ENGINE": "python", "TOGUZ_DATA_DIR": str(home / "data"), "TOGUZ_CONFIG_DIR": str(config),
               "TOGUZ_SCREEN_READER": "none", "TOGUZ_AUDIO": "none", "TERM": "xterm-256color",
               "PATH": os.environ.get("PATH", "")}
        face_args = ["play", "--line"] if face == "line" else []
        command = " ".join([*(f"{key}={value}" for key, value in env.items()), "exec", str(TOGUZ), *face_args,
                            "--level", "8", "--speech", "off", "--new", "--fen", f"'{MIDDLEGAME}'"])
        self.tmux("new-session", "-d", "-s", self.name, "-x", "200", "-y", "50", command)

    def tmux(self, *args: str) -> str:
        return subprocess.run(["tmux", "-L", SOCKET, *args], capture_output=True, text=True, timeout=10).stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-J", "-S", "-300", "-t", self.name)

    def keys(self, *keys: str) -> float:
        self.tmux("send-keys", "-t", self.name, *keys)
        return time.perf_counter()

    def wait(self, check: Callable[[str], bool], timeout: float = 30.0) -> float:
        deadline = time.monotonic() + timeout
        while not check(self.screen()):
            if time.monotonic() > deadline:
                raise SystemExit(f"timed out; the screen:\n{self.screen()}")
        return time.perf_counter()


def while_thinking(face: str, queries: int) -> list[float]:
    """The seconds each query took, typed while the computer thinks."""
    with tempfile.TemporaryDirectory() as home:
        pane = Pane(face, Path(home))
        try:
            pane.wait(lambda shown: "your turn" in shown)
            pane.keys("9", "Enter")
            pane.wait(lambda shown: "You sow" in shown)
            took = []
            for index in range(queries):
                before = pane.screen()
                if face == "line":
                    count = before.count("Your row from pit 1")
                    sent = pane.keys("board", "Enter")
                    shown = pane.wait(lambda now, count=count: now.count("Your row from pit 1") > count)
                else:
                    sent = pane.keys("b" if index % 2 == 0 else "k")
                    shown = pane.wait(lambda now, before=before: now != before)
                took.append(shown - sent)
                if "The computer sows" in pane.screen():
                    break
            return took
        finally:
            pane.tmux("kill-session", "-t", pane.name)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=int, default=6, help="queries typed while the computer thinks")
    options = parser.parse_args()
    if shutil.which("tmux") is None:
        print("first start: tmux is not installed (skipped)")
        return
    for face in ("line", "board"):
        took = while_thinking(face, max(1, min(options.queries, 50)))
        worst = max(took)
        print(f"first start, {face} face, while the Python search thinks: {len(took)} queries, median "
              f"{statistics.median(took) * 1000:.0f} ms, worst {worst * 1000:.0f} ms "
              f"({'within' if worst <= TARGET else 'past'} the {TARGET * 1000:.0f} ms target)")
    subprocess.run(["tmux", "-L", SOCKET, "kill-server"], capture_output=True)


if __name__ == "__main__":
    main()
