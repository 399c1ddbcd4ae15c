"""What this computer has, asked of ``machine()``: the seam's (``speech.system``'s) module for what is
installed or running here, where its other modules are for how each system does a thing.

Whatever decides behaviour from the machine (a program on PATH, a shared library, an optional
Python module, a sound card, an audio server, a screen reader running) is asked of ``machine()``.
Tests install a ``FakeMachine`` with ``use_machine`` so that what they assume is written in the
test, not read from whatever computer runs it.

A toguz started as a separate process (by a test, or a script) cannot be handed a ``FakeMachine``;
two environment variables answer for the real machine there instead of letting it look. Unset or
empty, the machine is looked at:

- ``TOGUZ_SCREEN_READER``: the screen readers running, by name, separated by commas
  (``Fenrir``, ``orca,brltty``; a process name or the name said, in any case), or ``none`` for
  none. ``/proc`` and ``/sys`` are not read.
- ``TOGUZ_AUDIO``: the audio outputs there are: ``device`` (a sound card), ``server`` (PulseAudio
  or PipeWire), both (``device,server``), or ``none`` for no audio output at all. The sound card and
  the sound server are not looked at.

The test suite sets both to ``none`` for every process it starts (``tests/fakes.py``), so that a
screen reader or a sound card on the developer's computer changes nothing in what toguz says.

A sound player that fails is told as a ``PlayFailure`` (the program, and what it or the system said), never
in words: ``speech.words.machine_words`` says it.
"""

from __future__ import annotations

import contextlib
import ctypes.util
import importlib
import importlib.util
import os
import shutil
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from speech.system import readers, sound, system, system_named, use_system

# Screen readers a running process shows (its command name, lower case) and the name said for it.
SCREEN_READER_PROCESSES = {"orca": "Orca", "fenrir": "Fenrir", "brltty": "BRLTTY", "nvda": "NVDA",
                           "jfw": "JAWS", "voiceover": "VoiceOver"}

# The environment variables that answer for the machine (see above), and the word for "nothing".
SCREEN_READER_VARIABLE = "TOGUZ_SCREEN_READER"
AUDIO_VARIABLE = "TOGUZ_AUDIO"
NOTHING = "none"
LONGEST_TOLD, MOST_NAMES = 1000, 8  # characters of such a variable read, and names taken from it


@dataclass(frozen=True)
class PlayFailure:
    """Why a sound player (``program``) failed: it could not run (``error``: what the system said), or it ran
    and failed (``said``: the last line it wrote, or None when it wrote none, and its exit ``status``)."""

    program: str
    error: str | None = None
    said: str | None = None
    status: int | None = None


def told(variable: str) -> list[str] | None:
    """The names an environment variable gives (``a,b``), ``[]`` for ``none``; None when it is unset
    or empty, and the machine is to be looked at."""
    value = os.environ.get(variable, "")[:LONGEST_TOLD].strip()
    if not value:
        return None
    names = [_shown(name) for name in value.split(",") if name.strip()][:MOST_NAMES]
    return [name for name in names if name.lower() != NOTHING]


def _shown(name: str) -> str:
    """A name from the environment as it may be said: one line of printable characters, at most 30."""
    printable = "".join(char if char.isprintable() else " " for char in name)
    words = " ".join(printable.split())
    return words if len(words) <= 30 else words[:30] + "..."


def reader_named(name: str) -> str:
    """The name said for the screen reader ``name`` (its process name or its said name, in any case)."""
    known = {**{said.lower(): said for said in SCREEN_READER_PROCESSES.values()}, "speakup": "Speakup",
             **SCREEN_READER_PROCESSES}
    return known.get(name.lower(), name)


class Machine:
    """The real computer, looked at afresh on every question (answers may change while running)."""

    @property
    def platform(self) -> str:
        """The system: ``linux``, ``darwin``, ``win32`` (``speech.system``)."""
        return system()

    def program(self, name: str) -> str | None:
        """The full path of a program on PATH, or None."""
        return shutil.which(name)

    def library(self, name: str) -> bool:
        """Whether the shared library ``name`` (``espeak-ng``) can be loaded."""
        return ctypes.util.find_library(name) is not None

    def module(self, name: str) -> bool:
        """Whether the Python module ``name`` can be imported (without importing it)."""
        try:
            return importlib.util.find_spec(name) is not None
        except (ImportError, ValueError):
            return False

    def brlapi(self) -> Any:
        """BRLTTY's Python module ``brlapi`` (Debian's python3-brlapi), or None where it is missing; a module
        there but broken raises whatever its import raised."""
        try:
            return importlib.import_module("brlapi")
        except ImportError:
            return None

    def sound_device(self, device_folder: Path | None = None) -> bool:
        """Whether a playback device is there (``speech.system.sound``, which looks in ``device_folder`` on
        Linux when given; ``TOGUZ_AUDIO`` may say)."""
        outputs = told(AUDIO_VARIABLE)
        if outputs is not None:
            return "device" in (output.lower() for output in outputs)
        return sound.sound_device() if device_folder is None else sound.sound_device(device_folder)

    def sound_server(self) -> bool:
        """Whether a PulseAudio or PipeWire server is announced for this user (``TOGUZ_AUDIO`` may say)."""
        outputs = told(AUDIO_VARIABLE)
        if outputs is not None:
            return "server" in (output.lower() for output in outputs)
        return sound.sound_server()

    def espeak_voices(self) -> list[str]:
        """The voices ``espeak-ng --voices`` lists, by language code (empty when it cannot run)."""
        import subprocess

        try:
            listing = subprocess.run(["espeak-ng", "--voices"], capture_output=True, text=True, timeout=10,
                                     check=True).stdout
        except (OSError, subprocess.SubprocessError):
            return []
        return [fields[1] for fields in (line.split() for line in listing.splitlines()[1:]) if len(fields) >= 2]

    def play_fails(self, argv: list[str], timeout: float = 5.0) -> PlayFailure | None:
        """Run a sound player (``argv``) once; why it failed, or None when it played."""
        import subprocess

        program = Path(argv[0]).name
        try:
            done = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout)
        except (OSError, subprocess.SubprocessError) as error:
            return PlayFailure(program, error=str(error))
        said = [line.strip() for line in done.stderr.decode("utf-8", "replace").splitlines() if line.strip()]
        if done.returncode != 0 or any("error" in line.lower() or "cannot" in line.lower() for line in said):
            return PlayFailure(program, said=said[-1][:120] if said else None, status=done.returncode)
        return None

    def terminal_size(self) -> tuple[int, int]:
        """Columns and lines of the terminal on standard output (80 by 24 when there is none)."""
        try:
            size = os.get_terminal_size(sys.__stdout__.fileno() if sys.__stdout__ else 1)
        except (OSError, ValueError):
            return 80, 24
        return max(20, size.columns), max(4, size.lines)

    def screen_readers(self, proc: Path = Path("/proc"), sys_path: Path = Path("/sys")) -> list[str]:
        """The screen readers that the system shows running (``speech.system.readers``: Speakup, Orca,
        Fenrir and BRLTTY on Linux; NVDA, JAWS and Narrator on Windows; VoiceOver on macOS). Where
        ``TOGUZ_SCREEN_READER`` is set, the ones it names, and nothing is looked at."""
        named = told(SCREEN_READER_VARIABLE)
        if named is not None:
            return list(dict.fromkeys(reader_named(name) for name in named))
        return readers.running_readers(proc, sys_path)


@dataclass
class FakeMachine(Machine):
    """A machine described in words, for tests: nothing is there unless it is listed."""

    programs: set[str] = field(default_factory=set)
    libraries: set[str] = field(default_factory=set)
    modules: set[str] = field(default_factory=set)
    has_sound_device: bool = False
    has_sound_server: bool = False
    readers: list[str] = field(default_factory=list)
    system: str = "linux"
    terminal: tuple[int, int] = (80, 24)
    player_error: PlayFailure | None = None  # how a test player fails
    voices: list[str] = field(default_factory=list)  # what espeak-ng --voices lists
    brlapi_module: Any = None  # a fake BrlAPI, for the braille display's tests

    @property
    def platform(self) -> str:
        """The platform the test assumes."""
        return self.system

    def program(self, name: str) -> str | None:
        """A made-up path for a listed program."""
        return f"/usr/bin/{name}" if name in self.programs else None

    def library(self, name: str) -> bool:
        """Listed libraries load."""
        return name in self.libraries

    def module(self, name: str) -> bool:
        """Listed modules import."""
        return name in self.modules

    def brlapi(self) -> Any:
        """The test's fake BrlAPI, or None."""
        return self.brlapi_module

    def sound_device(self, device_folder: Path | None = None) -> bool:
        """As the test says."""
        return self.has_sound_device

    def sound_server(self) -> bool:
        """As the test says."""
        return self.has_sound_server

    def espeak_voices(self) -> list[str]:
        """As the test says."""
        return list(self.voices) if "espeak-ng" in self.programs else []

    def play_fails(self, argv: list[str], timeout: float = 5.0) -> PlayFailure | None:
        """As the test says."""
        return self.player_error

    def terminal_size(self) -> tuple[int, int]:
        """As the test says."""
        return self.terminal

    def screen_readers(self, proc: Path = Path("/proc"), sys_path: Path = Path("/sys")) -> list[str]:
        """As the test says."""
        return list(self.readers)


_current: Machine = Machine()


def machine() -> Machine:
    """The machine in use: the real one, unless a test installed another."""
    return _current


@contextlib.contextmanager
def use_machine(replacement: Machine) -> Iterator[Machine]:
    """Make ``replacement`` the machine everything asks, for the duration of the block (its system the one
    whose branches ``speech.system`` takes)."""
    global _current
    previous, _current = _current, replacement
    try:
        with use_system(system_named(replacement.platform)):
            yield replacement
    finally:
        _current = previous
