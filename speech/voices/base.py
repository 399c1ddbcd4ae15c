"""The ``Speaker`` protocol, the text-only speakers, and the worker that owns a speaking process."""

from __future__ import annotations

import subprocess
import tempfile
import threading
import time
from collections import deque
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol, runtime_checkable

from speech.system import processes
from speech.words.i18n import _, n_

MOST_QUEUED = 10  # utterances waiting; past it the oldest are folded into one line saying how many


@runtime_checkable
class Speaker(Protocol):
    """Speaks text aloud without ever blocking the caller."""

    name: str

    def speak(self, text: str, interrupt: bool = True) -> None:
        """Start saying ``text`` and return at once; cut off what is being said unless not ``interrupt``."""

    def stop(self) -> None:
        """Fall silent and forget what was queued."""

    def close(self) -> None:
        """Stop and release the voice; the speaker says nothing more."""

    def set_rate(self, words_per_minute: int) -> None:
        """Speak at about this many words a minute."""

    def set_voice(self, voice: str) -> None:
        """Speak with this voice (a name from ``voices()``)."""

    def set_volume(self, volume: float) -> None:
        """Speak at this volume, 0.0 to 1.0."""

    def voices(self) -> list[str]:
        """The voices this speaker can use."""


class SilentSpeaker:
    """Says nothing: text only."""

    name = "silent"

    def speak(self, text: str, interrupt: bool = True) -> None:
        """Say nothing."""

    def stop(self) -> None:
        """Nothing to stop."""

    def close(self) -> None:
        """Nothing to release."""

    def set_rate(self, words_per_minute: int) -> None:
        """Ignored."""

    def set_voice(self, voice: str) -> None:
        """Ignored."""

    def set_volume(self, volume: float) -> None:
        """Ignored."""

    def voices(self) -> list[str]:
        """No voices."""
        return []

    def wait(self, timeout: float | None = None) -> bool:
        """Already done."""
        return True


class RecordingSpeaker(SilentSpeaker):
    """For tests: remembers what it was asked to say (``spoken``) and how often to stop (``stops``)."""

    name = "recording"

    def __init__(self) -> None:
        self.spoken: list[str] = []
        self.interrupts: list[bool] = []  # for each text spoken, whether it cut off what was being said
        self.stops = 0
        self.closed = False
        self.rate: int | None = None
        self.voice: str | None = None
        self.volume: float | None = None

    def speak(self, text: str, interrupt: bool = True) -> None:
        """Record ``text``; an interrupting announcement counts as a stop when something was said before."""
        if interrupt and self.spoken:
            self.stops += 1
        self.spoken.append(text)
        self.interrupts.append(interrupt)

    def stop(self) -> None:
        """Count a stop."""
        self.stops += 1

    def close(self) -> None:
        """Remember that it was closed."""
        self.closed = True

    def set_rate(self, words_per_minute: int) -> None:
        """Remember the rate."""
        self.rate = words_per_minute

    def set_voice(self, voice: str) -> None:
        """Remember the voice."""
        self.voice = voice

    def set_volume(self, volume: float) -> None:
        """Remember the volume."""
        self.volume = volume


class WorkerSpeaker:
    """A speaker whose utterances run one at a time on its own thread.

    Subclasses implement ``_utter``, running their commands through ``_run`` so that ``stop`` and
    an interrupting ``speak`` can end them at once. ``last_error`` keeps the latest failure:
    nothing is raised into the caller.
    """

    name = "worker"
    kill_grace = 0.3  # seconds between asking a cancelled process to end and making it (speech.system.processes)

    def __init__(self) -> None:
        self.rate: int | None = None
        self.voice: str | None = None
        self.volume: float | None = None
        self.last_error: str | None = None
        self._lock = threading.Condition()
        self._queue: deque[tuple[int, str, bool]] = deque()
        self._skipped = 0  # utterances folded into the line at the head of the queue (0: no such line)
        self._generation = 0
        self._process: subprocess.Popen[bytes] | None = None
        self._busy = False
        self._closed = False
        self._thread = threading.Thread(target=self._work, name=f"speaker-{self.name}", daemon=True)
        self._thread.start()

    def speak(self, text: str, interrupt: bool = True) -> None:
        """Queue ``text``; with ``interrupt``, first silence what is being said and drop the queue."""
        with self._lock:
            if self._closed:
                return
            if interrupt:
                self._cancel_locked()
            self._queue.append((self._generation, text, interrupt))
            self._fold_locked()
            self._lock.notify_all()

    def _fold_locked(self) -> None:
        """Past ``MOST_QUEUED`` waiting, the oldest are let go and one line at the head says how many."""
        while len(self._queue) > MOST_QUEUED:
            if self._skipped:
                del self._queue[1]
                self._skipped += 1
            else:
                self._queue.popleft()
                self._queue.popleft()
                self._queue.appendleft((self._generation, "", False))
                self._skipped = 2
            words = n_("{count} announcement skipped.", "{count} announcements skipped.", self._skipped)
            self._queue[0] = (self._generation, words.format(count=self._skipped), False)

    def stop(self) -> None:
        """Silence the current utterance and drop the queue."""
        with self._lock:
            self._cancel_locked()
            self._lock.notify_all()

    def close(self) -> None:
        """Stop, end the worker thread and reap every process."""
        with self._lock:
            if self._closed:
                return
            self._cancel_locked()
            self._closed = True
            self._lock.notify_all()
        self._thread.join(timeout=3)
        self._release()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until everything queued has been said; False if ``timeout`` passed first."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._queue and not self._busy, timeout)

    def set_rate(self, words_per_minute: int) -> None:
        """Use this rate from the next utterance on."""
        self.rate = words_per_minute

    def set_voice(self, voice: str) -> None:
        """Use this voice from the next utterance on."""
        self.voice = voice

    def set_volume(self, volume: float) -> None:
        """Use this volume (clamped to 0.0 .. 1.0) from the next utterance on."""
        self.volume = min(1.0, max(0.0, volume))

    def voices(self) -> list[str]:
        """No voices unless a backend lists some."""
        return []

    # For subclasses ----------------------------------------------------------------------------

    def _utter(self, text: str, generation: int, interrupt: bool) -> None:
        raise NotImplementedError

    def _release(self) -> None:
        """Free what the backend holds once the thread has ended."""

    def _cancelled(self, generation: int) -> bool:
        with self._lock:
            return generation != self._generation or self._closed

    def _run(self, argv: Sequence[str], generation: int, timeout: float | None = None) -> int | None:
        """Run ``argv`` silently unless cancelled; its exit status, or None when it was cut off. A run
        that ends in an error (a non-zero status, or an error printed by a player that exits 0 when it
        has nowhere to play) is kept in ``last_error``, with what the program said."""
        with tempfile.TemporaryFile() as errors:
            with self._lock:
                if generation != self._generation or self._closed:
                    return None
                process = subprocess.Popen(
                    list(argv), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                    stderr=errors, **processes.detached(),
                )
                self._process = process
            try:
                status = self._wait_for(process, generation, timeout)
            finally:
                with self._lock:
                    if self._process is process:
                        self._process = None
            if status is not None:
                errors.seek(0)
                self._check_run(Path(argv[0]).name, status, errors.read()[-2000:].decode("utf-8", "replace"))
            return status

    def _check_run(self, program: str, status: int, said: str) -> None:
        """Keep a failed run's reason in ``last_error`` (a player that says it failed counts too)."""
        lines = [line.strip() for line in said.splitlines() if line.strip()]
        failed = status != 0 or any("error" in line.lower() or "cannot" in line.lower() for line in lines)
        if failed:
            detail = lines[-1][:120] if lines else _("exit status {status}").format(status=status)
            self.last_error = _("{program} failed, so nothing can be heard ({detail})").format(program=program,
                                                                                             detail=detail)

    def _wait_for(
        self, process: subprocess.Popen[bytes], generation: int, timeout: float | None,
    ) -> int | None:
        started = time.monotonic()
        cancelled_at: float | None = None
        while True:
            try:
                status = process.wait(timeout=0.05)
                # ended because it was cut off (perhaps before this loop saw it cancelled): no failure
                return None if cancelled_at is not None or self._cancelled(generation) else status
            except subprocess.TimeoutExpired:
                now = time.monotonic()
                if cancelled_at is None and self._cancelled(generation):
                    cancelled_at = now
                late = cancelled_at is not None and now - cancelled_at > self.kill_grace
                if late or (timeout is not None and now - started > timeout):
                    processes.stop(process, hard=True)

    def _cancel_locked(self) -> None:
        self._generation += 1
        self._queue.clear()
        self._skipped = 0
        if self._process is not None:
            processes.stop(self._process)

    def _work(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: bool(self._queue) or self._closed)
                if self._closed:
                    return
                generation, text, interrupt = self._queue.popleft()
                self._skipped = 0  # the head was the folded line, if there was one
                self._busy = True
            try:
                self._utter(text, generation, interrupt)
            except Exception as error:  # a broken voice must never end the program
                self.last_error = f"{type(error).__name__}: {error}"
            finally:
                with self._lock:
                    self._busy = False
                    self._lock.notify_all()

