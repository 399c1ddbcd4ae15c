"""The screen reader that runs, on each system, and the line through which toguz speaks to it.

Finding it (``running_readers``), for the first start's question and the advice at every start:

- Linux: Speakup (in the kernel: ``/sys/accessibility/speakup``), and Orca, Fenrir or BRLTTY among the
  processes (``/proc/PID/comm``).
- Windows: NVDA and JAWS by their windows (``FindWindowW``: NVDA's ``wxWindowClassNR`` titled ``NVDA``,
  JAWS's ``JFWUI2``, as NVDA's and JAWS's own client libraries look for them), Narrator by its process
  (``tasklist``; Narrator has no window class to find and no programming interface).
- macOS: VoiceOver by its process (``pgrep -x VoiceOver``).

Speaking through it (``open_link``): a ``ReaderLink`` says a text, cutting off what it was saying when
asked to, sends it to the braille display where the reader's interface does, and silences it:

- Windows: NVDA and JAWS through ``prismatoid`` (a dependency there): NVDA's controller interface
  (cancel, speak, braille message) and JAWS's COM object (``SayString`` with flush, ``StopSpeech``,
  ``BrailleString``). Its backends are asked for by name, never "the best one": with no screen reader
  running that would be Windows' own voice, which is toguz's own voice's job.
- macOS: VoiceOver through AppleScript (``osascript``: ``tell application "VoiceOver" to output``), which
  works where the user allowed it (VoiceOver Utility, General, "Allow VoiceOver to be controlled with
  AppleScript"); a new output replaces what VoiceOver was saying, and an empty one silences it.
- Linux: none. Orca, Fenrir, Speakup and BRLTTY read the terminal itself: the screen-reader mode writes
  for them.

Every system call is given to these as a function, so that a test drives each system's branch with
fakes on this one. Why no reader can be spoken to is a ``Unreachable`` (with the reader concerned, where one
is), carried by ``ReaderUnreachable`` and returned by ``link_problem``; ``speech.words.machine_words`` says it.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import subprocess
import threading
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any, Protocol

from speech.system import processes, system

# Screen readers a running process shows (its command name, lower case) and the name said for it (Linux).
LINUX_PROCESSES = {"orca": "Orca", "fenrir": "Fenrir", "brltty": "BRLTTY"}
# Windows: the window (class, title) each reader keeps open while it runs.
WINDOWS_WINDOWS = {"NVDA": ("wxWindowClassNR", "NVDA"), "JAWS": ("JFWUI2", None)}
ASK_TIMEOUT = 5.0  # seconds any program asked here may take
CONSENT_WAIT = 300.0  # seconds the first tell to VoiceOver may wait for the user's answer to macOS's prompt
_SCRIPTS: set[subprocess.Popen[str]] = set()  # the osascripts under way (``end_scripts``)
_SCRIPTS_GUARD = threading.Lock()
VOICEOVER_SCRIPT = ("on run argv", 'tell application "VoiceOver" to output (item 1 of argv)', "end run")


class Unreachable(Enum):
    """Why no screen reader can be spoken to."""

    PRISM_MISSING = "prism-missing"  # Windows: the prismatoid package is not installed
    PRISM_BROKEN = "prism-broken"  # Windows: prismatoid is there but would not load
    NO_NVDA_OR_JAWS = "no-nvda-or-jaws"  # Windows: neither NVDA nor JAWS answers
    NOT_ANSWERING = "not-answering"  # the reader reached (``UnreachableReader.reader``) no longer answers
    VOICEOVER_OFF = "voiceover-off"  # macOS: VoiceOver is not running
    VOICEOVER_STOPPED = "voiceover-stopped"  # macOS: VoiceOver stopped taking text
    VOICEOVER_FORBIDDEN = "voiceover-forbidden"  # macOS refused the terminal control of VoiceOver (error -1743)
    VOICEOVER_UNSCRIPTED = "voiceover-unscripted"  # VoiceOver is not allowed to be controlled with AppleScript
    TERMINAL_READ = "terminal-read"  # Linux: the screen reader reads the terminal, and has no line to speak on


@dataclass(frozen=True)
class UnreachableReader:
    """Why no screen reader can be spoken to, and the reader concerned ("" where none was reached)."""

    why: Unreachable
    reader: str = ""


class ReaderUnreachable(Exception):
    """No screen reader can be spoken to; ``reason`` says why."""

    def __init__(self, reason: UnreachableReader) -> None:
        super().__init__(reason)
        self.reason = reason


def _unreachable(why: Unreachable, reader: str = "") -> ReaderUnreachable:
    return ReaderUnreachable(UnreachableReader(why, reader))


def running_readers(proc: Path = Path("/proc"), sys_path: Path = Path("/sys"),
                    find_window: Callable[[str, str | None], bool] | None = None,
                    run: Callable[[list[str]], str] | None = None) -> list[str]:
    """The screen readers that run here, by the names said for them (empty where none is found or the
    system does not tell). ``find_window`` and ``run`` stand for the system's own calls (Windows'
    ``FindWindowW``; a program's output)."""
    asked = run or _output
    if system() == "win32":
        found_window = find_window or _find_window
        found = [name for name, (window, title) in WINDOWS_WINDOWS.items() if found_window(window, title)]
        if "narrator.exe" in asked(["tasklist", "/fo", "csv", "/nh", "/fi", "IMAGENAME eq Narrator.exe"]).lower():
            found.append("Narrator")
        return found
    if system() == "darwin":
        return ["VoiceOver"] if asked(["pgrep", "-x", "VoiceOver"]).strip() else []
    return _linux_readers(proc, sys_path)


def _linux_readers(proc: Path, sys_path: Path) -> list[str]:
    """Speakup, then Orca, Fenrir and BRLTTY among the processes, in the order they started."""
    found: list[str] = []
    if (sys_path / "accessibility" / "speakup").is_dir():
        found.append("Speakup")
    with contextlib.suppress(OSError):
        for entry in sorted((entry for entry in proc.iterdir() if entry.name.isdigit()),
                            key=lambda entry: int(entry.name)):
            try:
                name = (entry / "comm").read_text(encoding="utf-8", errors="replace").strip().lower()
            except OSError:
                continue
            said = LINUX_PROCESSES.get(name)
            if said is not None and said not in found:
                found.append(said)
    return found


def _output(argv: list[str]) -> str:
    """What ``argv`` prints, or "" when it cannot run or takes too long."""
    try:
        return subprocess.run(argv, capture_output=True, text=True, timeout=ASK_TIMEOUT,
                              stdin=subprocess.DEVNULL).stdout
    except (OSError, subprocess.SubprocessError, UnicodeDecodeError):
        return ""


def _find_window(window: str, title: str | None) -> bool:
    """Whether a window of class ``window`` (titled ``title``) is open (Windows)."""
    try:
        user32 = getattr(importlib.import_module("ctypes"), "windll").user32  # noqa: B009 - Windows only
        return bool(user32.FindWindowW(window, title))
    except (AttributeError, OSError):
        return False


class ReaderLink(Protocol):
    """The line to the user's screen reader: used from one thread only (the voice's)."""

    name: str  # the reader's name, as said
    braille: bool  # whether what is said reaches the braille display too

    def output(self, text: str, interrupt: bool) -> None:
        """Say ``text`` (and show it in braille where ``braille``), first cutting off what is being said
        when ``interrupt``. ``ReaderUnreachable`` when the reader is gone."""

    def stop(self) -> None:
        """Silence the reader."""


def _loaded_prism(prism: Any) -> tuple[Any, tuple[type[BaseException], ...]]:
    """prismatoid, loaded and of the shape toguz uses (``Context``, ``BackendId.NVDA`` and ``.JAWS``, the class
    ``PrismError``), and what its calls raise; ``ReaderUnreachable`` when it is missing
    or would not load (a missing DLL: the ``ImportError`` of its compiled part, or an ``OSError``; anything its
    import raises; a part missing)."""
    try:
        module = prism if prism is not None else importlib.import_module("prism")
    except ModuleNotFoundError as absent:
        if absent.name != "prism":  # prism is there, its compiled part is not
            raise _unreachable(Unreachable.PRISM_BROKEN) from None
        raise _unreachable(Unreachable.PRISM_MISSING) from None
    except Exception:  # ImportError "DLL load failed while importing _prism_cffi" among them
        raise _unreachable(Unreachable.PRISM_BROKEN) from None
    error = getattr(module, "PrismError", None)
    ids = getattr(module, "BackendId", None)
    if not (isinstance(error, type) and issubclass(error, BaseException) and callable(getattr(module, "Context", None))
            and hasattr(ids, "NVDA") and hasattr(ids, "JAWS")):
        raise _unreachable(Unreachable.PRISM_BROKEN)
    return module, (Exception, error)


class PrismLink:
    """NVDA or JAWS, whichever runs, through prismatoid (Windows). Made on the thread that uses it: the
    JAWS object belongs to the thread that made it. Whatever prismatoid raises (its ``PrismError``, the
    ``OSError`` of an RPC server that is not there) is ``ReaderUnreachable``."""

    braille = True

    def __init__(self, prism: Any = None) -> None:
        self._prism, self._failures = _loaded_prism(prism)
        try:
            self._context = self._prism.Context()
        except self._failures:
            raise _unreachable(Unreachable.PRISM_BROKEN) from None
        self._backend: Any = None
        self.name = ""
        self._connect()

    def _connect(self) -> None:
        """Reach NVDA, else JAWS; ``ReaderUnreachable`` when neither answers."""
        ids = self._prism.BackendId
        for backend_id, name in ((ids.NVDA, "NVDA"), (ids.JAWS, "JAWS")):
            try:
                self._backend = self._context.create(backend_id)
            except self._failures:
                continue
            self.name = name
            return
        raise _unreachable(Unreachable.NO_NVDA_OR_JAWS)

    def output(self, text: str, interrupt: bool) -> None:
        """Speak ``text``, then show it in braille: two calls (Prism's ``output`` is the two in one, so a
        braille failure would look like a failed speech and be spoken again). Only the speech is retried, once,
        on a reader reached again (one restarted since); ``ReaderUnreachable`` when it still does not answer.
        A braille failure (no display, a text JAWS's ``BrailleString`` refuses) is let go."""
        if not text.strip():
            return  # the interface refuses an empty text
        try:
            self._backend.speak(text, interrupt=interrupt)
        except self._failures:
            self._connect()  # NVDA restarted: its old connection answers no more
            try:
                self._backend.speak(text, interrupt=interrupt)
            except self._failures:
                raise _unreachable(Unreachable.NOT_ANSWERING, self.name) from None
        with contextlib.suppress(*self._failures):
            self._backend.braille(text)

    def stop(self) -> None:
        """Silence it."""
        with contextlib.suppress(*self._failures):
            self._backend.stop()


class VoiceOverLink:
    """VoiceOver through AppleScript (macOS): each text is one ``osascript`` run, the text passed as its
    argument (never written into the script). The first one sent raises macOS's automation prompt
    ("Terminal wants to control VoiceOver"), and that osascript waits for the user's answer: it is given
    ``CONSENT_WAIT`` seconds; a refusal (error -1743) is said with where to allow it later. A run in flight
    is cut off by ``cut`` (from any thread), so that a stop or a new announcement need not wait for it."""

    name = "VoiceOver"
    braille = False  # what VoiceOver does with an AppleScript output on a braille display is not documented

    def __init__(self, run: Callable[[list[str]], subprocess.CompletedProcess[str]] | None = None) -> None:
        self._guard = threading.Lock()
        self._running: subprocess.Popen[str] | None = None  # the osascript in flight (the default ``run``)
        self._cut = False  # whether that one was cut off
        self._timeout = ASK_TIMEOUT
        self._run = run or self._run_tracked
        try:  # asked first: telling VoiceOver anything would start it
            running = self._run(["pgrep", "-x", "VoiceOver"]).returncode == 0
        except (OSError, subprocess.SubprocessError):
            running = False
        if not running:
            raise _unreachable(Unreachable.VOICEOVER_OFF, self.name)
        self._timeout = CONSENT_WAIT  # the first tell waits for the user's answer to macOS's prompt
        failure = self._say("")
        self._timeout = ASK_TIMEOUT
        if failure is not None:
            raise _unreachable(_refusal(failure), self.name)

    def _say(self, text: str) -> str | None:
        """Hand ``text`` to VoiceOver; why it failed, or None (also when it was cut off)."""
        argv = ["osascript"]
        for line in VOICEOVER_SCRIPT:
            argv += ["-e", line]
        try:
            done = self._run([*argv, "--", text])
        except (OSError, subprocess.SubprocessError) as error:
            return None if self._was_cut() else str(error)
        if done.returncode == 0 or self._was_cut():
            return None
        return done.stderr.strip()[-300:] or str(done.returncode)

    def output(self, text: str, interrupt: bool) -> None:
        """Say ``text``: a new output replaces what VoiceOver was saying (so it always interrupts)."""
        if self._say(text) is not None:
            raise _unreachable(Unreachable.VOICEOVER_STOPPED, self.name)

    def stop(self) -> None:
        """An empty output silences it."""
        self._say("")

    def cut(self) -> None:
        """End the osascript in flight, if any (what it carried is stale); safe from any thread."""
        with self._guard:
            running = self._running
            self._cut = running is not None
        if running is not None:
            processes.stop(running, hard=True)

    def _was_cut(self) -> bool:
        with self._guard:
            cut, self._cut = self._cut, False
            return cut

    def _run_tracked(self, argv: list[str]) -> subprocess.CompletedProcess[str]:
        """Run ``argv`` as ``subprocess.run`` would (output kept, ``TimeoutExpired`` past the time allowed), the
        process kept where ``cut`` finds it."""
        with subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, **processes.detached()) as process:
            with self._guard:
                self._running, self._cut = process, False
            with _SCRIPTS_GUARD:
                _SCRIPTS.add(process)
            try:
                out, err = process.communicate(timeout=self._timeout)
            except subprocess.TimeoutExpired:
                processes.stop(process, hard=True)
                process.communicate()
                raise
            finally:
                with self._guard:
                    self._running = None
                with _SCRIPTS_GUARD:
                    _SCRIPTS.discard(process)
        return subprocess.CompletedProcess(argv, process.returncode, out, err)


def end_scripts() -> None:
    """End every ``osascript`` a ``VoiceOverLink`` still waits for, the first one (macOS's consent prompt
    unanswered) among them: the voice is closing, and none may outlive toguz."""
    with _SCRIPTS_GUARD:
        running = list(_SCRIPTS)
    for process in running:
        processes.stop(process, hard=True)


def _refusal(failure: str) -> Unreachable:
    """Why VoiceOver would not take the first text (what ``osascript`` said: ``failure``)."""
    if "-1743" in failure or "not authorized" in failure.lower():
        return Unreachable.VOICEOVER_FORBIDDEN
    return Unreachable.VOICEOVER_UNSCRIPTED


def reach_asks_consent() -> bool:
    """Whether reaching the reader may wait for the user's answer to a system prompt (macOS's automation
    consent, the first time a terminal tells VoiceOver anything)."""
    return system() == "darwin"


def open_link() -> ReaderLink:
    """The line to the screen reader that runs here; ``ReaderUnreachable`` with the reason when there is
    none (on Linux always: its screen readers read the terminal)."""
    if system() == "win32":
        return PrismLink()
    if system() == "darwin":
        return VoiceOverLink()
    raise _unreachable(Unreachable.TERMINAL_READ)


def link_problem(module_found: Callable[[str], bool] | None = None) -> UnreachableReader | None:
    """Why no screen reader can be spoken to here without trying to reach one (None: try it).
    ``module_found`` tells whether a Python module can be imported (``Machine.module``)."""
    if system() == "win32":
        found = (module_found or _module_found)("prism")
        return None if found else UnreachableReader(Unreachable.PRISM_MISSING)
    if system() == "darwin":
        return None
    return UnreachableReader(Unreachable.TERMINAL_READ)


def _module_found(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False
