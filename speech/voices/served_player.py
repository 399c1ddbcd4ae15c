"""Toguz's side of a player that serves (``speech.voices.wav_player --serve``, Windows' player of toguz's own
voice: ``speech.system.sound.player_serves``): one process kept for every utterance, so that none waits
for a Python process to start and open the sound device. It is started when first needed and again if it
has ended; each file is a ``play`` request, and a ``stop`` cuts it off when the announcement is stale.
"""

from __future__ import annotations

import contextlib
import queue
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path

from speech.system import processes
from speech.words.i18n import _

MOST_SECONDS = 610.0  # the player gives up on a file after 600 s (wav_player.MOST_SECONDS): then it is hung
STOP_GRACE = 0.3  # seconds a ``stop`` may take to be answered before the player is ended and started anew


class ServedPlayer:
    """One serving player process (``argv``), one request at a time (from the speaker's own thread)."""

    def __init__(self, argv: list[str]) -> None:
        self._argv = argv
        self._lock = threading.Lock()
        self._process: subprocess.Popen[bytes] | None = None
        self._answers: queue.Queue[str] = queue.Queue()

    @property
    def pid(self) -> int | None:
        """The player process's id while it runs (None before it starts or once it has ended)."""
        process = self._process
        return process.pid if process is not None and process.poll() is None else None

    def play(self, path: Path, cancelled: Callable[[], bool]) -> str | None:
        """Play ``path`` to its end, or until ``cancelled()`` is true; None when played or cut off, else
        why it could not be (the player's reason in one line)."""
        with self._lock:
            answers = self._started()
            if answers is None or "\n" in str(path) or not self._send(f"play {path}"):
                return _("the player ended without an answer")
            return self._await(answers, cancelled)

    def close(self) -> None:
        """End the player process (its stdin closed, so it ends by itself) and reap it."""
        with self._lock:
            process, self._process = self._process, None
        if process is None:
            return
        if process.stdin is not None:
            with contextlib.suppress(OSError):
                process.stdin.close()
        try:
            process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            processes.stop(process, hard=True)
            process.wait()

    def _started(self) -> queue.Queue[str] | None:
        """The answers of the running player, started first if there is none or it has ended."""
        if self._process is not None and self._process.poll() is None:
            return self._answers
        self._ended()
        try:
            process = subprocess.Popen(self._argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                       stderr=subprocess.DEVNULL, **processes.detached())
        except OSError:
            return None
        self._process, self._answers = process, queue.Queue()
        threading.Thread(target=self._read, args=(process, self._answers), name="player-answers",
                         daemon=True).start()
        return self._answers

    def _send(self, request: str) -> bool:
        """Write one request line; False when the player has gone."""
        process = self._process
        if process is None or process.stdin is None:
            return False
        try:
            process.stdin.write((request + "\n").encode("utf-8"))
            process.stdin.flush()
        except (OSError, ValueError):
            return False
        return True

    def _await(self, answers: queue.Queue[str], cancelled: Callable[[], bool]) -> str | None:
        """The play's answer (a ``stop`` sent meanwhile if ``cancelled``, its own answer read too)."""
        started, stopped_at = time.monotonic(), None
        pending, first = 1, None
        while pending:
            if stopped_at is None and cancelled():
                stopped_at = time.monotonic()
                pending += 1 if self._send("stop") else 0
            try:
                line = answers.get(timeout=0.02)
            except queue.Empty:
                now = time.monotonic()
                if (stopped_at is not None and now - stopped_at > STOP_GRACE) or now - started > MOST_SECONDS:
                    self._ended()
                    return None if stopped_at is not None else _("the player did not answer in time")
                continue
            if not line:  # the player has ended
                self._ended()
                return None if stopped_at is not None else _("the player ended without an answer")
            pending -= 1
            first = line if first is None else first
        if stopped_at is not None or first in (None, "done", "stopped"):
            return None
        return _("the player could not play it")  # its own words (``failed device-stopped`` ...) are not a person's

    def _ended(self) -> None:
        """Make sure the current process, if any, has ended and been reaped; forget it."""
        process, self._process = self._process, None
        if process is None:
            return
        processes.stop(process, hard=True)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=2)
        for pipe in (process.stdin, process.stdout):
            if pipe is not None:
                with contextlib.suppress(OSError):
                    pipe.close()

    @staticmethod
    def _read(process: subprocess.Popen[bytes], answers: queue.Queue[str]) -> None:
        """Put each answer line in ``answers``; "" once the player has ended (Windows' ``select`` cannot
        wait on a pipe, so a thread reads it)."""
        stdout = process.stdout
        assert stdout is not None
        with contextlib.suppress(OSError, ValueError):
            for line in iter(stdout.readline, b""):
                answers.put(line[:500].decode("utf-8", "replace").strip() or "?")
        answers.put("")
