"""Fenrir, driven so that each key waits for what it makes heard, not for a time.

``../shared/tools/listen.py`` runs a command inside Fenrir in tmux and records every utterance with a voice
that takes as long as a real one. Run as a program, it types the next key once speech has been quiet for
a while (its ``--idle``), counted from the last utterance: on a busy machine a slow start, or a key whose
answer takes longer to come, then looks quiet, and the next key goes in before the answer is heard (the
start message was once missed that way twice running). This driver takes the tool's own parts (its Fenrir
settings, its logging speech command, its reading of the log) and waits for what it listens for: after
the start and after each key, for an utterance to begin (within ``answer_limit`` seconds), and then for
speech to be quiet for ``idle`` seconds.
"""

from __future__ import annotations

import importlib.util
import os
import shlex
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

LIMIT = 120.0  # seconds any one wait may take at most: a stuck Fenrir fails the test, never hangs it
# What Fenrir says of itself as it starts, before the program's first words: not the program's answer (on a
# loaded CI run the first key once went in after this notice, before the program had drawn anything)
FENRIR_NOTICES = ("pychant is not installed",)


def tool(path: Path) -> ModuleType:
    """The shared listening tool, loaded as a module (it is one file of the standard library only)."""
    spec = importlib.util.spec_from_file_location("toguz_listen_tool", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def said_since(log: Path, since: float, containing: str = "") -> bool:
    """Whether an utterance (one with ``containing`` in it, when given) other than Fenrir's own notices
    began after the time ``since`` (the clock of the log's stamps)."""
    if not log.exists():
        return False
    for line in log.read_text(errors="replace").splitlines():
        kind, _tab, rest = line.partition("\t")
        stamp, _tab, text = rest.partition("\t")
        if kind == "SAY" and float(stamp) >= since and text.strip() not in FENRIR_NOTICES and containing in text:
            return True
    return False


class FenrirListener:
    """``command`` run inside Fenrir in tmux, with ``env`` (private folders, the reader named)."""

    def __init__(self, listen_tool: Path, command: list[str], env: dict[str, str], rate: float = 0.031,
                 idle: float = 1.5, size: str = "100x30") -> None:
        self.listen = tool(listen_tool)
        self.env, self.rate, self.idle = env, rate, idle
        self.workdir = Path(tempfile.mkdtemp(prefix="toguz-fenrir-"))
        self.log = self.workdir / "speech.log"
        speak = self.workdir / "speak.sh"
        speak.write_text(self.listen.SPEAK)
        speak.chmod(0o755)
        shell = self.workdir / "run.sh"
        shell.write_text("#!/bin/bash\n" + shlex.join(command) + "\necho \"[exited $?]\"\nsleep 3600\n")
        shell.chmod(0o755)
        self.settings = self.listen.settings_file(self.workdir, shell, speak)
        self.size = size.split("x")
        self.socket = f"toguz-listen-{os.getpid()}-{self.workdir.name}"
        self.marks: list[tuple[float, str]] = []

    def tmux(self, *args: str) -> str:
        done = subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True, env=self.env,
                              timeout=30)
        return done.stdout

    def quiet(self) -> None:
        """Wait until speech has been quiet for ``idle`` seconds (at most ``LIMIT``)."""
        started = time.monotonic()
        while time.monotonic() - started < LIMIT:
            changed = self.log.stat().st_mtime if self.log.exists() else time.time()
            if not self.listen.speaking(self.log) and time.time() - changed >= self.idle:
                return
            time.sleep(0.1)
        raise AssertionError(f"Fenrir never fell quiet within {LIMIT} s")

    def answer(self, since: float, limit: float, containing: str = "") -> None:
        """Wait for an utterance begun after ``since`` (with ``containing`` in it, when given; at most
        ``limit`` seconds: a key may say nothing), then for quiet."""
        deadline = time.monotonic() + limit
        while not said_since(self.log, since, containing) and time.monotonic() < deadline:
            time.sleep(0.05)
        self.quiet()

    def run(self, keys: list[str], answer_limit: float = 20.0) -> list[dict[str, Any]]:
        """Type ``keys`` (tmux names; ``TEXT:words``, ``WAIT:seconds`` as the tool takes them;
        ``UNTIL:words`` waits, at most ``LIMIT`` seconds, for an utterance with those words in it, begun
        since the key before: work in the background that takes as long as the machine makes it); every
        utterance Fenrir began, each with the key before it and whether it was heard in full."""
        env = f"LISTEN_LOG={shlex.quote(str(self.log))} LISTEN_RATE={self.rate}"
        begun = time.time()
        self.tmux("new-session", "-d", "-s", "listen", "-x", self.size[0], "-y", self.size[1],
                  f"env {env} fenrir -s {shlex.quote(str(self.settings))}")
        try:
            self.answer(begun, LIMIT)  # the program's first words, however slow the start
            for key in keys:
                sent = time.time()
                self.marks.append((sent, key))
                if key.startswith("UNTIL:"):
                    self.answer(self.marks[-2][0] if len(self.marks) > 1 else begun, LIMIT, key[6:])
                    continue
                if key.startswith("WAIT:"):  # the test's own pause, for what comes in time (a clock)
                    time.sleep(float(key[5:]))
                    self.quiet()
                    continue
                if key.startswith("TEXT:"):
                    self.tmux("send-keys", "-t", "listen", "-l", key[5:])
                else:
                    self.tmux("send-keys", "-t", "listen", key)
                self.answer(sent, answer_limit)
        finally:
            self.tmux("kill-server")
        heard: list[dict[str, Any]] = self.listen.utterances(self.log, self.marks)
        shutil.rmtree(self.workdir, ignore_errors=True)
        return heard
