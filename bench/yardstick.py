"""The engine of a git commit, to measure today's against (``bench/match.py``): the ``rules`` package of that
commit, taken out of the repository with ``git archive`` into ``~/.cache/toguz-yardstick/COMMIT`` (once;
``TOGUZ_YARDSTICK_HOME`` moves it), asked for moves in a process of its own, whose ``import rules`` is that
commit's (its compiled search cached there by numba, so only its first start compiles).

The process reads one request a line, ``{"fen": ..., "seconds": ..., "seed": ...}``, and answers the pit
its ``Engine(8, seed).choose(position, time_limit=seconds)`` plays: level 8 of that day, with its book,
its node budget and its endgame solving, whatever they were; or ``{"fen": ..., "depth": ...}`` (or
``"seconds"`` with ``"book": false``), and answers how its search went: the depth, nodes and seconds of
``Engine(8, book=False).choose`` (``bench/engine.py`` measures both engines' speed in one run with it).
Nothing of it is copied into the project.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import IO

REPO = Path(__file__).resolve().parents[1]
DEFAULT = "df1fa41"  # level 8 of 2026-11-28, before issue 38 (the compiled search made faster)

SERVER = """
import json, sys
from rules.engine import Engine
from rules.position import Position
engines = {}
for line in sys.stdin:
    request = json.loads(line)
    position = Position.from_fen(request["fen"])
    if "depth" in request or request.get("book") is False:
        engine = engines.setdefault("bare", Engine(8, seed=1, book=False))
        found = engine.choose(position, depth=request.get("depth"), time_limit=request.get("seconds"))
        print(json.dumps({"pit": found.pit, "depth": found.depth, "nodes": found.nodes,
                          "seconds": found.seconds}), flush=True)
        continue
    seed = request["seed"]
    engine = engines.setdefault(seed, Engine(8, seed=seed))
    choice = engine.choose(position, time_limit=request["seconds"])
    print(json.dumps({"pit": choice.pit}), flush=True)
"""


def home() -> Path:
    """Where the commits' engines are kept."""
    return Path(os.environ.get("TOGUZ_YARDSTICK_HOME") or Path.home() / ".cache" / "toguz-yardstick")


def unpacked(commit: str) -> Path:
    """The folder holding ``commit``'s ``rules`` package (taken out of git the first time)."""
    full = subprocess.run(["git", "rev-parse", "--verify", f"{commit}^{{commit}}"], cwd=REPO, capture_output=True,
                          text=True, check=True).stdout.strip()
    folder = home() / full
    if (folder / "rules" / "__init__.py").is_file():
        return folder
    folder.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=folder.parent) as building:
        archive = Path(building) / "rules.tar"
        with archive.open("wb") as out:
            subprocess.run(["git", "archive", "--format=tar", full, "rules"], cwd=REPO, stdout=out, check=True)
        with tarfile.open(archive) as tar:
            tar.extractall(Path(building) / "tree", filter="data")
        (Path(building) / "tree").rename(folder)
    return folder


class Yardstick:
    """Level 8 of ``commit``, in a process of its own; ``choose`` gives its pit for a position."""

    def __init__(self, commit: str = DEFAULT) -> None:
        folder = unpacked(commit)
        env = dict(os.environ, PYTHONPATH=str(folder), NUMBA_CACHE_DIR=str(folder / ".numba"))
        self.process = subprocess.Popen([sys.executable, "-c", SERVER], cwd=folder, env=env, text=True,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def choose(self, fen: str, seconds: float, seed: int) -> int:
        """The pit level 8 of the commit plays in the position ``fen``."""
        return int(self._ask({"fen": fen, "seconds": seconds, "seed": seed})["pit"])

    def search(self, fen: str, depth: int | None = None, seconds: float | None = None) -> dict[str, float]:
        """How the commit's level 8 searches ``fen`` without its book, to ``depth`` or for ``seconds``: its
        pit, the depth it finished, its nodes and seconds."""
        return self._ask({"fen": fen, "depth": depth, "seconds": seconds, "book": False})

    def _ask(self, request: dict[str, object]) -> dict[str, float]:
        stdin: IO[str] | None = self.process.stdin
        stdout: IO[str] | None = self.process.stdout
        assert stdin is not None and stdout is not None
        stdin.write(json.dumps(request) + "\n")
        stdin.flush()
        line = stdout.readline()
        if not line:
            raise RuntimeError(f"the yardstick engine ended (exit status {self.process.wait()})")
        answer: dict[str, float] = json.loads(line)
        return answer

    def close(self) -> None:
        """End its process."""
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
