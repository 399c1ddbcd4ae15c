"""What every fake of ``tools/as_system.py`` shares: the record of what the fakes were told (one JSON
object a line in ``TOGUZ_AS_SYSTEM_LOG``), the sound a fake voice renders, and the import hooks that put
the fakes where toguz looks for the real thing. Standard library only.

Environment (set by ``tools/as_system.py``): ``TOGUZ_AS_SYSTEM`` (``win32``/``darwin``),
``TOGUZ_AS_SYSTEM_LOG``, ``TOGUZ_AS_SYSTEM_STATE`` (a folder the fakes keep state in),
``TOGUZ_AS_READER`` (the screen reader running: ``NVDA``, ``JAWS``, ``Narrator``, ``VoiceOver`` or
empty), ``TOGUZ_AS_LANGUAGE`` (the user's language, ``ru-RU``), ``TOGUZ_AS_VOICES`` (the languages of
the system voices installed, ``en-US,ru-RU``), ``TOGUZ_AS_CONSENT_AFTER`` (seconds the macOS consent
prompt waits for the user).
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import json
import math
import os
import struct
import sys
import wave
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

_KEPT: list[object] = []
RATE = 22050  # samples a second of the fake voices' sound


def record(fake: str, **what: Any) -> None:
    """Append one event to the log: which fake was told what."""
    log = os.environ.get("TOGUZ_AS_SYSTEM_LOG")
    if not log:
        return
    line = json.dumps({"fake": fake, "pid": os.getpid(), **what}, ensure_ascii=False) + "\n"
    fd = os.open(log, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        os.write(fd, line.encode("utf-8"))
    finally:
        os.close(fd)


def reader() -> str:
    """The screen reader the fake system runs ("" for none)."""
    return os.environ.get("TOGUZ_AS_READER", "").strip()


def language() -> str:
    """The user's language in the system's settings, as a BCP 47 tag (``ru-RU``)."""
    return os.environ.get("TOGUZ_AS_LANGUAGE", "").strip() or "en-US"


def voice_languages() -> list[str]:
    """The languages of the system's voices installed (``en-US`` only unless told)."""
    told = os.environ.get("TOGUZ_AS_VOICES", "").strip() or "en-US"
    return [name.strip() for name in told.split(",") if name.strip()]


def system_voice_driver(voice_id: Callable[[str], str]) -> Any:
    """pyttsx3's dummy driver with the voices of ``TOGUZ_AS_VOICES`` (each named by ``voice_id`` from its tag)
    and its properties kept as the real drivers keep them; a voice it does not have goes to ``refuse``, which
    each system's driver answers its own way."""
    from pyttsx3.drivers.dummy import DummyDriver
    from pyttsx3.voice import Voice

    class SystemVoiceDriver(DummyDriver):  # type: ignore[misc]
        def __init__(self, proxy: Any) -> None:
            super().__init__(proxy)
            self._voices = [Voice(voice_id(tag), tag, [tag]) for tag in voice_languages()]
            self._config["voices"], self._config["voice"] = self._voices, self._voices[0]

        def getProperty(self, name: str) -> Any:
            if name == "voice":
                return self._config["voice"].id
            if name not in self._config:
                raise KeyError(f"unknown property {name}")
            return self._config[name]

        def setProperty(self, name: str, value: Any) -> None:
            if name == "voice":
                token = next((voice for voice in self._voices if voice.id == value), None)
                if token is None:
                    self.refuse(value)
                else:
                    self._config["voice"] = token
            elif name in ("rate", "volume"):
                self._config[name] = value
            else:
                raise KeyError(f"unknown property {name}")

        def refuse(self, value: Any) -> None:
            """A voice this system does not have was asked for."""
            raise NotImplementedError

    return SystemVoiceDriver


def samples(text: str) -> list[int]:
    """A voice's sound for ``text``: a tone of 60 ms a character (at least 0.2 s), never silence."""
    count = max(int(RATE * 0.2), int(RATE * 0.06 * len(text)))
    return [int(8000 * math.sin(2 * math.pi * 440 * index / RATE)) for index in range(count)]


def write_wav(path: Path, text: str) -> None:
    """16-bit mono WAV of ``text``'s sound."""
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(RATE)
        wav.writeframes(struct.pack(f"<{len(samples(text))}h", *samples(text)))


def _extended(value: float) -> bytes:
    """``value`` as the 80-bit IEEE extended float of an AIFF COMM chunk."""
    exponent = math.frexp(value)[1] - 1
    mantissa = int(value * 2 ** (63 - exponent))
    return struct.pack(">HQ", 16383 + exponent, mantissa)


def write_aiff(path: Path, text: str) -> None:
    """16-bit mono AIFF (big-endian samples) of ``text``'s sound, as NSSpeechSynthesizer writes it."""
    sound = samples(text)
    data = struct.pack(f">{len(sound)}h", *sound)
    comm = struct.pack(">hLh", 1, len(sound), 16) + _extended(RATE)
    ssnd = struct.pack(">LL", 0, 0) + data
    body = b"AIFF" + b"COMM" + struct.pack(">L", len(comm)) + comm + b"SSND" + struct.pack(">L", len(ssnd)) + ssnd
    path.write_bytes(b"FORM" + struct.pack(">L", len(body)) + body)


def sound_format(path: Path) -> tuple[str, int]:
    """A sound file's container (``WAV``, ``AIFF`` or ``?``) and its frames of sound."""
    head = path.read_bytes()[:12] if path.is_file() else b""
    if head[:4] == b"RIFF" and head[8:12] == b"WAVE":
        with wave.open(str(path), "rb") as wav:
            return "WAV", wav.getnframes()
    if head[:4] == b"FORM" and head[8:12] in (b"AIFF", b"AIFC"):
        data = path.read_bytes()
        at = data.find(b"COMM")
        return "AIFF", struct.unpack(">L", data[at + 10:at + 14])[0] if at >= 0 else 0
    return "?", 0


class _Fakes(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Modules given whole (``made``: name to a function that fills the module) and real modules changed
    once loaded (``after``: name to a function given the loaded module)."""

    def __init__(self, made: dict[str, Callable[[ModuleType], None]],
                 after: dict[str, Callable[[ModuleType], None]]) -> None:
        self.made, self.after = made, after

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None,
                  ) -> importlib.machinery.ModuleSpec | None:
        if fullname in self.made:
            return importlib.machinery.ModuleSpec(fullname, self, is_package=False)
        if fullname not in self.after:
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(fullname, path, target)
            if spec is not None and spec.loader is not None:
                real, change = spec.loader, self.after[fullname]

                class Changed(importlib.abc.Loader):
                    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
                        return real.create_module(spec)  # noqa: B023 - the loop returns at once

                    def exec_module(self, module: ModuleType) -> None:
                        real.exec_module(module)  # noqa: B023 - the loop returns at once
                        change(module)  # noqa: B023 - the loop returns at once

                spec.loader = Changed()
                return spec
        return None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return None

    def exec_module(self, module: ModuleType) -> None:
        self.made[module.__name__](module)


def install(name: str) -> None:
    """Take the seam's branches of the system ``name`` and put that system's fakes in place."""
    from speech.system import use_system

    taken = use_system("win32" if name == "win32" else "darwin")
    taken.__enter__()  # for the whole process: kept, or its collection would leave the block
    _KEPT.append(taken)
    if name == "win32":
        import as_fake_windows

        made, after = as_fake_windows.fakes()
    else:
        import as_fake_macos

        made, after = as_fake_macos.fakes()
    for module_name, change in list(after.items()):
        if module_name in sys.modules:  # loaded before this ran: changed now
            change(sys.modules[module_name])
            del after[module_name]
    sys.meta_path.insert(0, _Fakes(made, after))


def change_miniaudio(module: ModuleType) -> None:
    """miniaudio as on a computer with speakers, through the system's own audio (WASAPI, Core Audio): one
    playback device listed (``miniaudio.Devices.get_playbacks``, miniaudio.py), and every playback device
    opened on miniaudio's ``null`` backend, which takes the sound at its real pace and plays it to no
    device, yet names the backend the system's own would have (``PlaybackDevice.backend``, miniaudio.py
    ``ma_get_backend_name(pContext.backend)``: ``WASAPI`` on Windows, ``Core Audio`` on macOS, the first
    of miniaudio's backends there) unless the caller asked for backends itself; what is played is
    recorded: the file given to ``speech.voices.wav_player`` on its command line as its device opens, or,
    where it serves (``--serve``: the device opened once, each file a ``play PATH`` line on its stdin,
    wav_player.py ``Server.play``), the file of each ``play`` request as the player decodes it for the
    device (``decode_file(filename, ...)``, miniaudio.py)."""
    devices, playback, decode_file = module.Devices, module.PlaybackDevice, module.decode_file
    serving = "--serve" in sys.orig_argv
    own = module.Backend.WASAPI if os.environ.get("TOGUZ_AS_SYSTEM") == "win32" else module.Backend.COREAUDIO

    class Devices(devices):  # type: ignore[misc, valid-type]
        def get_playbacks(self) -> list[dict[str, object]]:
            return [{"name": "Speakers (as_system fake)", "type": module.DeviceType.PLAYBACK, "id": None}]

    class PlaybackDevice(playback):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            asked = kwargs.get("backends")
            kwargs["backends"] = [module.Backend.NULL]
            super().__init__(*args, **kwargs)
            if not asked:
                self.backend = module.ffi.string(module.lib.ma_get_backend_name(own.value)).decode()
            files = [Path(word) for word in sys.orig_argv if word.lower().endswith((".wav", ".aiff"))]
            for file in files[-1:]:
                container, frames = sound_format(file)
                record("speakers", played=str(file), container=container, frames=frames)

    def decoded(filename: str, *args: Any, **kwargs: Any) -> Any:
        sound = decode_file(filename, *args, **kwargs)
        if serving:  # the file of a ``play`` request, played on the device opened at the start
            container, frames = sound_format(Path(filename))
            record("speakers", played=filename, container=container, frames=frames)
        return sound

    module.Devices, module.PlaybackDevice, module.decode_file = Devices, PlaybackDevice, decoded
