"""Windows' own calls, for a toguz started by ``tools/as_system.py win32`` on this machine: each fake
does what the real call is documented to do, and records what it was told (``as_fake_common.record``).

- ``ctypes.windll.user32.FindWindowW``: a window handle (non-zero) for the running reader's window,
  NVDA's ``wxWindowClassNR`` titled ``NVDA`` or JAWS's ``JFWUI2``, else 0 (NULL) (learn.microsoft.com,
  winuser.h ``FindWindowW``: "If the function fails, the return value is NULL"; the classes as toguz's
  ``speech/system/readers.py:47`` has them from NVDA's and JAWS's client libraries).
- ``ctypes.windll.kernel32.GetUserDefaultUILanguage`` / ``GetUserDefaultLangID``: the user's UI language
  as a LANGID (``0x0419`` Russian; winnls.h, "Language Identifier Constants and Strings"), and
  ``GetUserDefaultLocaleName(buffer, size)``: its locale name written into the buffer, its length with the
  terminating null returned (winnls.h ``GetUserDefaultLocaleName``: "Returns the size of the buffer
  containing the locale name, including the terminating null character, if successful"), and
  ``GetUserPreferredUILanguages`` is not given (toguz does not use it).
- ``prism`` (prismatoid 0.18.3, ``prism/core.py``): ``Context().create(BackendId.NVDA|JAWS)`` raises
  ``PrismBackendNotAvailableError`` (a ``PrismError``) when that reader does not run (``Backend.__init__``
  calling ``prism_backend_initialize``, review platforms-2026-12-01, "prismatoid and Prism"); a
  backend's ``output(text, interrupt=)`` is speech then braille (Prism ``jaws.cpp``/``nvda.cpp``
  ``output()``), cancelling first when ``interrupt``; an empty text raises ``PrismInvalidParamError``.
- ``pyttsx3.drivers.sapi5``: the SAPI 5 driver of pyttsx3 2.99 with the voices installed
  (``TOGUZ_AS_VOICES``): ``setProperty("voice", id)`` of a voice not installed raises
  ``ValueError("unknown voice id %s", id)`` (``pyttsx3/drivers/sapi5.py:123-129``, ``_tokenFromId``);
  ``save_to_file`` writes WAV (SpFileStream, ``sapi5.py:87-97``), its EndStream event ending the
  ``runAndWait`` loop (``sapi5.py:171-179, 202-209``).
- ``filelock.WindowsFileLock``: ``LockFileEx`` on byte 0, exclusive, failing at once when held
  (``filelock/_native/_windows.py:56-108``), let go by the system when the process ends: through this
  machine's ``flock`` (``filelock.UnixFileLock``), which holds and lets go the same way.
- ``subprocess.Popen(creationflags=CREATE_NEW_PROCESS_GROUP)``: a child in its own process group that
  the console's Ctrl-C does not reach (learn.microsoft.com, "Process Creation Flags"); on this machine
  CPython refuses ``creationflags`` ("only supported on Windows platforms", ``subprocess.py``
  ``Popen.__init__``), so the flag becomes ``start_new_session``, its POSIX counterpart.
- ``tasklist`` (``bin_win32/tasklist``): Narrator's line when it runs.
- miniaudio: as in ``as_fake_common.change_miniaudio`` (WASAPI's devices).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import as_fake_common
from as_fake_common import record

WINDOWS = {"NVDA": ("wxWindowClassNR", "NVDA"), "JAWS": ("JFWUI2", None)}
LANGIDS = {"en": 0x0409, "ru": 0x0419, "kk": 0x043F, "ky": 0x0440, "cs": 0x0405, "de": 0x0407, "pl": 0x0415,
           "nl": 0x0413, "fr": 0x040C}
CREATE_NEW_PROCESS_GROUP = 0x00000200
SAPI_VOICES = {"en-US": "TTS_MS_EN-US_DAVID_11.0", "ru-RU": "TTS_MS_RU-RU_IRINA_11.0",
               "kk-KZ": "TTS_MS_KK-KZ_DAULET_11.0", "en-GB": "TTS_MS_EN-GB_HAZEL_11.0",
               "cs-CZ": "TTS_MS_CS-CZ_JAKUB_11.0", "de-DE": "TTS_MS_DE-DE_HEDDA_11.0",
               "pl-PL": "TTS_MS_PL-PL_PAULINA_11.0", "nl-NL": "TTS_MS_NL-NL_FRANK_11.0"}
TOKENS = "HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Speech\\Voices\\Tokens\\"


class User32:
    """``user32.dll``'s calls that toguz makes."""

    def FindWindowW(self, window_class: str | None, title: str | None) -> int:
        running = as_fake_common.reader()
        found = WINDOWS.get(running) == (window_class, title)
        record("user32", call="FindWindowW", window_class=window_class, title=title, found=found)
        return 0x10010 if found else 0


class Kernel32:
    """``kernel32.dll``'s calls for the user's language."""

    def GetUserDefaultUILanguage(self) -> int:
        return LANGIDS.get(as_fake_common.language().split("-")[0].lower(), 0x0409)

    def GetUserDefaultLangID(self) -> int:
        return self.GetUserDefaultUILanguage()

    def GetUserDefaultLocaleName(self, buffer: Any, size: int) -> int:
        name = as_fake_common.language()
        if size < len(name) + 1:
            return 0  # ERROR_INSUFFICIENT_BUFFER
        buffer.value = name
        return len(name) + 1


class WinDLL:
    """``ctypes.windll``: the DLLs above by name."""

    user32, kernel32 = User32(), Kernel32()

    def __getattr__(self, name: str) -> Any:
        raise OSError(f"[WinError 126] The specified module could not be found: {name}.dll (as_system fake)")


def _windll(name: str, *_args: Any, **_kwargs: Any) -> Any:
    """``ctypes.WinDLL("kernel32")``."""
    return getattr(WinDLL(), name.lower().removesuffix(".dll"))


def change_ctypes(module: ModuleType) -> None:
    module.windll = WinDLL()  # type: ignore[attr-defined]
    module.WinDLL = _windll  # type: ignore[attr-defined]


def make_prism(module: ModuleType) -> None:
    """prismatoid's ``prism`` module, its readers answering as ``TOGUZ_AS_READER`` says."""

    class PrismError(Exception):
        pass

    class PrismBackendNotAvailableError(PrismError):
        pass

    class PrismInvalidParamError(PrismError):
        pass

    class BackendId:
        NVDA, JAWS, SAPI, ONE_CORE, UIA = "nvda", "jaws", "sapi", "one_core", "uia"

    names = {"nvda": "NVDA", "jaws": "JAWS"}

    class Backend:
        def __init__(self, backend_id: str) -> None:
            self.reader = names.get(backend_id, backend_id)
            if self.reader != as_fake_common.reader():
                raise PrismBackendNotAvailableError(f"{self.reader} is not running")

        def speak(self, text: str, interrupt: bool = False) -> None:
            if not text:
                raise PrismInvalidParamError("empty text")
            if interrupt:
                record(self.reader, call="cancel")
            record(self.reader, call="speak", text=text)

        def braille(self, text: str) -> None:
            if not text:
                raise PrismInvalidParamError("empty text")
            record(self.reader, call="braille", text=text)

        def output(self, text: str, interrupt: bool = False) -> None:
            self.speak(text, interrupt=interrupt)
            self.braille(text)

        def stop(self) -> None:
            record(self.reader, call="cancel")

    class Context:
        def create(self, backend_id: str) -> Backend:
            if backend_id is None:
                raise ValueError("NULL backend")
            return Backend(backend_id)

    for name, value in dict(locals()).items():
        if isinstance(value, type):
            setattr(module, name, value)


def make_sapi5(module: ModuleType) -> None:
    """pyttsx3's SAPI 5 driver, with the system voices of ``TOGUZ_AS_VOICES``."""
    voiced = as_fake_common.system_voice_driver(lambda tag: TOKENS + SAPI_VOICES.get(tag, f"TTS_MS_{tag.upper()}_11.0"))

    class SAPI5Driver(voiced):  # type: ignore[misc, valid-type]
        def __init__(self, proxy: Any) -> None:
            super().__init__(proxy)
            self._posted: list[Callable[[], None]] = []  # SAPI's events not yet delivered (a message queue)

        def refuse(self, value: Any) -> None:
            record("SAPI", refused_voice=str(value))
            raise ValueError("unknown voice id %s", value)

        def save_to_file(self, text: str, filename: str) -> None:
            """As ``sapi5.py:87-97``: a synchronous ``Speak`` into an SpFileStream that leaves the proxy's busy
            flag alone (only ``say`` sets it); SAPI posts the stream's events (``EventInterests = 33790``
            takes EndStream), which the loop's message pump delivers later."""
            as_fake_common.write_wav(Path(filename), text)
            record("SAPI", rendered=text, voice=self._config["voice"].id, file=filename)
            self._posted.append(self._end_stream)

        def _end_stream(self) -> None:
            """``SAPI5DriverEventSink._ISpeechVoiceEvents_EndStream`` (``sapi5.py:202-209``): not busy, and the
            loop ended ("hangs if you dont have this"): what ends a ``runAndWait`` whose ``endLoop`` ran before
            its loop started (every one after the first: ``Engine.runAndWait`` leaves the proxy not busy)."""
            self._proxy.setBusy(False)
            self.endLoop()

        def startLoop(self) -> None:
            """As ``sapi5.py:171-179``, ``pythoncom.PumpWaitingMessages`` delivering the events posted."""
            import time

            first, self._looping = True, True
            while self._looping:
                if first:
                    self._proxy.setBusy(False)
                    first = False
                while self._posted:
                    self._posted.pop(0)()
                time.sleep(0.01)

    module.SAPI5Driver = SAPI5Driver  # type: ignore[attr-defined]
    module.buildDriver = SAPI5Driver  # type: ignore[attr-defined]


def change_pyttsx3_engine(module: ModuleType) -> None:
    """pyttsx3 picks its driver by ``sys.platform`` (``pyttsx3/engine.py:12-15``): SAPI 5 on Windows."""
    module._engines_by_sys_platform[sys.platform] = ("sapi5",)  # type: ignore[attr-defined]


def change_filelock(module: ModuleType) -> None:

    class WindowsFileLock(module.UnixFileLock):  # type: ignore[misc, name-defined]
        """LockFileEx through this machine's flock (see the module's docstring)."""

    module.WindowsFileLock = WindowsFileLock


def change_subprocess(module: ModuleType) -> None:
    popen = module.Popen

    class Popen(popen):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any, creationflags: int = 0, **kwargs: Any) -> None:
            if creationflags & CREATE_NEW_PROCESS_GROUP:
                kwargs["start_new_session"] = True
            super().__init__(*args, **kwargs)

    module.Popen = Popen


def fakes() -> tuple[dict[str, Callable[[ModuleType], None]], dict[str, Callable[[ModuleType], None]]]:
    """The modules given whole, and the real ones changed once loaded."""
    made = {"prism": make_prism, "pyttsx3.drivers.sapi5": make_sapi5}
    after = {"ctypes": change_ctypes, "pyttsx3.engine": change_pyttsx3_engine, "filelock": change_filelock,
             "subprocess": change_subprocess, "miniaudio": as_fake_common.change_miniaudio}
    return made, after
