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
fakes on this one.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from speech.system import system
from speech.words.i18n import _

# Screen readers a running process shows (its command name, lower case) and the name said for it (Linux).
LINUX_PROCESSES = {"orca": "Orca", "fenrir": "Fenrir", "brltty": "BRLTTY"}
# Windows: the window (class, title) each reader keeps open while it runs.
WINDOWS_WINDOWS = {"NVDA": ("wxWindowClassNR", "NVDA"), "JAWS": ("JFWUI2", None)}
ASK_TIMEOUT = 5.0  # seconds any program asked here may take
VOICEOVER_SCRIPT = ("on run argv", 'tell application "VoiceOver" to output (item 1 of argv)', "end run")


class ReaderUnreachable(Exception):
    """No screen reader can be spoken to; the message says why, in the player's words."""


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


def _broken_prism() -> ReaderUnreachable:
    return ReaderUnreachable(_("the screen reader's interface, prismatoid, would not load: reinstall it (pip install "
                               "--force-reinstall prismatoid)"))


def _loaded_prism(prism: Any) -> tuple[Any, tuple[type[BaseException], ...]]:
    """prismatoid, loaded and of the shape toguz uses (``Context``, ``BackendId.NVDA`` and ``.JAWS``, the class
    ``PrismError``), and what its calls raise; ``ReaderUnreachable`` in the player's words when it is missing
    or would not load (a missing DLL: the ``ImportError`` of its compiled part, or an ``OSError``; anything its
    import raises; a part missing)."""
    try:
        module = prism if prism is not None else importlib.import_module("prism")
    except ModuleNotFoundError as absent:
        if absent.name != "prism":  # prism is there, its compiled part is not
            raise _broken_prism() from None
        raise ReaderUnreachable(_("the prismatoid package is missing (pip install prismatoid)")) from None
    except Exception:  # ImportError "DLL load failed while importing _prism_cffi" among them
        raise _broken_prism() from None
    error = getattr(module, "PrismError", None)
    ids = getattr(module, "BackendId", None)
    if not (isinstance(error, type) and issubclass(error, BaseException) and callable(getattr(module, "Context", None))
            and hasattr(ids, "NVDA") and hasattr(ids, "JAWS")):
        raise _broken_prism()
    return module, (Exception, error)


class PrismLink:
    """NVDA or JAWS, whichever runs, through prismatoid (Windows). Made on the thread that uses it: the
    JAWS object belongs to the thread that made it. Whatever prismatoid raises (its ``PrismError``, the
    ``OSError`` of an RPC server that is not there) is ``ReaderUnreachable`` in the player's words."""

    braille = True

    def __init__(self, prism: Any = None) -> None:
        self._prism, self._failures = _loaded_prism(prism)
        try:
            self._context = self._prism.Context()
        except self._failures:
            raise _broken_prism() from None
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
        raise ReaderUnreachable(_("neither NVDA nor JAWS is running"))

    def output(self, text: str, interrupt: bool) -> None:
        """Speak and braille ``text``; a reader restarted since is reached again once. ``ReaderUnreachable``
        when it still does not answer."""
        if not text.strip():
            return  # the interface refuses an empty text
        try:
            self._backend.output(text, interrupt=interrupt)
        except self._failures:
            self._connect()  # NVDA restarted: its old connection answers no more
            try:
                self._backend.output(text, interrupt=interrupt)
            except self._failures:
                raise ReaderUnreachable(_("{reader} does not answer toguz").format(reader=self.name)) from None

    def stop(self) -> None:
        """Silence it."""
        with contextlib.suppress(*self._failures):
            self._backend.stop()


class VoiceOverLink:
    """VoiceOver through AppleScript (macOS): each text is one ``osascript`` run, the text passed as its
    argument (never written into the script)."""

    name = "VoiceOver"
    braille = False  # what VoiceOver does with an AppleScript output on a braille display is not documented

    def __init__(self, run: Callable[[list[str]], subprocess.CompletedProcess[str]] | None = None) -> None:
        self._run = run or _run_script
        try:  # asked first: telling VoiceOver anything would start it
            running = self._run(["pgrep", "-x", "VoiceOver"]).returncode == 0
        except (OSError, subprocess.SubprocessError):
            running = False
        if not running:
            raise ReaderUnreachable(_("VoiceOver is not running"))
        if self._say("") is not None:
            raise ReaderUnreachable(_("VoiceOver does not take text from toguz: in VoiceOver Utility, General, "
                                      "tick \"Allow VoiceOver to be controlled with AppleScript\", and let the "
                                      "terminal control VoiceOver when macOS asks"))

    def _say(self, text: str) -> str | None:
        """Hand ``text`` to VoiceOver; why it failed, or None."""
        argv = ["osascript"]
        for line in VOICEOVER_SCRIPT:
            argv += ["-e", line]
        try:
            done = self._run([*argv, "--", text])
        except (OSError, subprocess.SubprocessError) as error:
            return str(error)
        return None if done.returncode == 0 else (done.stderr.strip() or str(done.returncode))

    def output(self, text: str, interrupt: bool) -> None:
        """Say ``text``: a new output replaces what VoiceOver was saying (so it always interrupts)."""
        if self._say(text) is not None:
            raise ReaderUnreachable(_("VoiceOver stopped taking text from toguz"))

    def stop(self) -> None:
        """An empty output silences it."""
        self._say("")


def _run_script(argv: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, capture_output=True, text=True, timeout=ASK_TIMEOUT, stdin=subprocess.DEVNULL)


def open_link() -> ReaderLink:
    """The line to the screen reader that runs here; ``ReaderUnreachable`` with the reason when there is
    none (on Linux always: its screen readers read the terminal)."""
    if system() == "win32":
        return PrismLink()
    if system() == "darwin":
        return VoiceOverLink()
    raise ReaderUnreachable(_("on Linux your screen reader reads the terminal: use the screen-reader mode"))


def link_problem(module_found: Callable[[str], bool] | None = None) -> str | None:
    """Why no screen reader can be spoken to here without trying to reach one (None: try it).
    ``module_found`` tells whether a Python module can be imported (``Machine.module``)."""
    if system() == "win32":
        found = (module_found or _module_found)("prism")
        return None if found else _("the prismatoid package is missing (pip install prismatoid)")
    if system() == "darwin":
        return None
    return _("on Linux your screen reader reads the terminal: use the screen-reader mode")


def _module_found(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False
