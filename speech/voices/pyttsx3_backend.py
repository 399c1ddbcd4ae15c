"""pyttsx3, kept in its own process: it renders each utterance to a WAV file (macOS's AIFF made WAV), and
a player that this side owns plays it (``speech.system.sound.player_command``: ``aplay`` on Linux,
``afplay`` on macOS, toguz's own on Windows, kept running for every file: ``served_player``), so that an
interruption only ends the player, or there stops it.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

from speech.system import processes, sound
from speech.system.machine import machine
from speech.voices import audio
from speech.voices.base import WorkerSpeaker
from speech.voices.installed_voices import installed_voice, none_speaks
from speech.voices.served_player import ServedPlayer
from speech.words.i18n import _

NAME = "pyttsx3"
MOST_VOICES = 1000  # voices taken from the worker's list (as many as it lists: pyttsx3_worker.MOST_VOICES)


def render_problem() -> str | None:
    """Why pyttsx3 cannot render speech here, or None."""
    here = machine()
    if not here.module("pyttsx3"):
        return audio.fix_pyttsx3()
    if here.platform == "linux" and not here.library("espeak-ng"):
        return audio.fix_libespeak()
    return None


def default_player() -> list[str]:
    """The command that plays a WAV file here (the file's path is appended; ``speech.system.sound``)."""
    return sound.player_command()


def problem() -> str | None:
    """Why pyttsx3 cannot speak aloud here, or None."""
    found = render_problem()
    if found is not None:
        return found
    if machine().platform == "linux" and audio.program("aplay") is None:
        return audio.fix_aplay()
    return audio.audio_problem()


def _failure(answer: dict[str, object]) -> str:
    """The worker's failure in words ("" when it gave none)."""
    kind, detail = answer.get("failed"), str(answer.get("detail", ""))
    if kind == "start":
        return _("pyttsx3 could not start: {error}").format(error=detail)
    if kind == "no-sound":
        return _("pyttsx3 wrote no sound to {path}").format(path=detail)
    return detail


class Pyttsx3Renderer:
    """A client of ``speech.voices.pyttsx3_worker``: one worker process, one request at a time."""

    def __init__(self, log: Path | None = None, start_timeout: float = 20.0) -> None:
        package_root = str(Path(__file__).resolve().parents[2])  # where the speech package lives
        paths = [package_root, os.environ.get("PYTHONPATH", "")]
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(path for path in paths if path))
        with open(log or os.devnull, "ab") as errors:
            self._process = subprocess.Popen(
                [sys.executable, "-m", "speech.voices.pyttsx3_worker"], stdin=subprocess.PIPE,
                stdout=subprocess.PIPE, stderr=errors, env=env, **processes.detached(),
            )
        self._lock = threading.Lock()
        self._chosen: dict[str, str | None] = {}  # the installed voice for each name asked (None: the default)
        self.missing: str | None = None  # that no installed voice speaks the language asked for, in one line
        self._answers: queue.Queue[bytes] = queue.Queue()
        threading.Thread(target=self._read_answers, name="pyttsx3-answers", daemon=True).start()
        answer = self._answer(start_timeout)
        if not answer.get("ready"):
            self.close()
            raise RuntimeError(_failure(answer) or _("the pyttsx3 worker did not start"))

    def render(self, text: str, path: Path, rate: int | None = None, voice: str | None = None,
               volume: float | None = None, timeout: float = 30.0) -> Path:
        """Write ``text`` to the WAV file ``path``; RuntimeError if the worker fails."""
        answer = self._ask({"text": text, "path": str(path), "rate": rate, "voice": self.installed(voice),
                            "volume": volume}, timeout)
        if not answer.get("ok"):
            raise RuntimeError(_failure(answer) or _("pyttsx3 failed"))
        return path

    def voices(self) -> list[str]:
        """The voice ids pyttsx3 offers."""
        return [voice for voice, _languages in self.voice_list()]

    def voice_list(self) -> list[tuple[str, list[str]]]:
        """Each voice pyttsx3 offers: its id and the languages it speaks (at most ``MOST_VOICES``)."""
        answer = self._ask({"voices": True}, 10.0)
        names, spoken = answer.get("voices", []), answer.get("languages", [])
        if not isinstance(names, list) or not isinstance(spoken, list):
            return []
        spoken = [*spoken, *([[]] * (len(names) - len(spoken)))]
        return [(str(name)[:500], [str(language)[:50] for language in languages[:8]] if isinstance(languages, list)
                 else []) for name, languages in zip(names[:MOST_VOICES], spoken, strict=False)]

    def installed(self, wanted: str | None) -> str | None:
        """The voice to hand pyttsx3 for ``wanted`` (a voice's id, or a language's espeak-ng name): on Linux the
        name itself (espeak-ng takes both); on Windows and macOS the installed voice that is it or speaks its
        language (``installed_voices``), None for the default voice where none does (``missing`` then says so).
        Asked of the worker once for each name."""
        if not wanted or machine().platform == "linux":
            return wanted
        if wanted not in self._chosen:
            try:
                chosen = installed_voice(wanted, self.voice_list())
            except RuntimeError:
                return None
            self._chosen[wanted] = chosen
            if chosen is None:
                self.missing = none_speaks(wanted)
        return self._chosen[wanted]

    def close(self) -> None:
        """End the worker process and reap it."""
        process = self._process
        if process.stdin is not None and not process.stdin.closed:
            with contextlib.suppress(OSError):
                process.stdin.close()
        try:
            process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if process.stdout is not None:
            process.stdout.close()

    def _ask(self, request: dict[str, Any], timeout: float) -> dict[str, Any]:
        with self._lock:
            stdin = self._process.stdin
            if stdin is None or self._process.poll() is not None:
                raise RuntimeError(_("the pyttsx3 worker has ended"))
            try:
                stdin.write((json.dumps(request) + "\n").encode())
                stdin.flush()
            except OSError as error:
                raise RuntimeError(_("the pyttsx3 worker has ended: {error}").format(error=error)) from error
            return self._answer(timeout)

    def _answer(self, timeout: float) -> dict[str, Any]:
        """The worker's next answer line, read by ``_read_answers`` (a pipe cannot be waited on with a
        time limit on every system: Windows' ``select`` takes sockets only)."""
        try:
            line = self._answers.get(timeout=timeout)
        except queue.Empty:
            raise RuntimeError(_("the pyttsx3 worker did not answer within {seconds} s").format(
                seconds=f"{timeout:g}")) from None
        if not line:
            raise RuntimeError(_("the pyttsx3 worker ended without an answer"))
        answer: dict[str, Any] = json.loads(line)
        return answer

    def _read_answers(self) -> None:
        """Put each line the worker writes in ``_answers``; an empty one when it has ended."""
        stdout = self._process.stdout
        assert stdout is not None
        with contextlib.suppress(OSError, ValueError):
            for line in iter(stdout.readline, b""):
                self._answers.put(line)
        self._answers.put(b"")


class Pyttsx3Speaker(WorkerSpeaker):
    """Renders with pyttsx3 in a worker process and plays with ``player`` (``aplay -q``), run once a file;
    the system's own player, where it serves (Windows: ``sound.player_serves``), is one process kept for
    all of them (``served_player``)."""

    name = NAME

    def __init__(self, player: list[str] | None = None, renderer: Pyttsx3Renderer | None = None) -> None:
        self.player = player if player is not None else default_player()
        self._served = ServedPlayer([*self.player, "--serve"]) if player is None and sound.player_serves() else None
        self._renderer = renderer if renderer is not None else Pyttsx3Renderer()
        self._folder = Path(tempfile.mkdtemp(prefix="toguz-speech-"))
        self._count = 0
        super().__init__()

    def _utter(self, text: str, generation: int, interrupt: bool) -> None:
        if self._cancelled(generation):
            return
        self._count += 1
        path = self._folder / f"utterance-{self._count}.wav"
        try:
            self._renderer.render(text, path, self.rate, self.voice, self.volume)
            if self._served is None:
                self._run([*self.player, str(path)], generation)
            elif (failed := self._served.play(path, lambda: self._cancelled(generation))) is not None:
                self._check_run(Path(self.player[-1]).name, 1, failed)
        finally:
            path.unlink(missing_ok=True)

    @property
    def note(self) -> str | None:
        """That no installed voice speaks the language asked for (the default voice reads it), once known."""
        return self._renderer.missing

    def voices(self) -> list[str]:
        """pyttsx3's voice ids (``gmw/en``, ``kk`` ...)."""
        try:
            return self._renderer.voices()
        except RuntimeError:
            return []

    def _release(self) -> None:
        if self._served is not None:
            self._served.close()
        self._renderer.close()
        shutil.rmtree(self._folder, ignore_errors=True)


def render(text: str, path: Path, rate: int | None = None, voice: str | None = None) -> Path:
    """Write ``text`` as a WAV file with pyttsx3 (in a worker process); RuntimeError when it fails."""
    found = render_problem()
    if found is not None:
        raise RuntimeError(found)
    renderer = Pyttsx3Renderer()
    try:
        return renderer.render(text, path.resolve(), rate, voice)
    finally:
        renderer.close()
