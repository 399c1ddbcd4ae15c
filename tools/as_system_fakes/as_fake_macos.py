"""macOS's own calls, for a toguz started by ``tools/as_system.py darwin`` on this machine: each fake
does what the real one is documented to do and records what it was told (``as_fake_common.record``).

- ``pyttsx3.drivers.nsss``: pyttsx3 2.99's NSSpeechSynthesizer driver. ``save_to_file`` writes AIFF
  whatever the file is called (``pyttsx3/drivers/nsss.py:150-156``: "Apple writes .aiff, not .wav",
  pyttsx3 issue #361; ``startSpeakingString_toURL_``), and the file is complete only when the
  synthesizer's ``didFinishSpeaking`` arrives, after ``runAndWait`` may have returned. ``setVoice_`` of
  a voice not installed returns NO and changes nothing (``nsss.py:131-137`` ignores the answer): the
  voice stays the system's default.
- ``osascript``, ``pgrep -x VoiceOver``, ``defaults read -g AppleLanguages``, ``afplay`` and ``say``
  are programs in ``bin_darwin`` (each cites its source).
- miniaudio: as in ``as_fake_common.change_miniaudio`` (Core Audio's devices).
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import as_fake_common
from as_fake_common import record

NSSS_VOICES = {"en-US": "com.apple.voice.compact.en-US.Samantha", "ru-RU": "com.apple.voice.compact.ru-RU.Milena",
               "kk-KZ": "com.apple.voice.compact.kk-KZ.Aru", "cs-CZ": "com.apple.voice.compact.cs-CZ.Zuzana",
               "de-DE": "com.apple.voice.compact.de-DE.Anna", "pl-PL": "com.apple.voice.compact.pl-PL.Zosia",
               "nl-NL": "com.apple.voice.compact.nl-NL.Xander"}
FINISH_DELAY = 0.3  # seconds after which the synthesizer says it finished writing


def make_nsss(module: ModuleType) -> None:
    """pyttsx3's nsss driver, with the system voices of ``TOGUZ_AS_VOICES``."""
    voiced = as_fake_common.system_voice_driver(lambda tag: NSSS_VOICES.get(tag, f"com.apple.voice.compact.{tag}"))

    class NSSpeechDriver(voiced):  # type: ignore[misc, valid-type]
        def refuse(self, value: Any) -> None:
            record("NSSpeechSynthesizer", refused_voice=str(value))  # setVoice_ answers NO: the voice stays

        def save_to_file(self, text: str, filename: str) -> None:
            self._proxy.setBusy(True)
            voice = self._config["voice"].id

            def finish() -> None:
                time.sleep(FINISH_DELAY)
                as_fake_common.write_aiff(Path(filename), text)
                record("NSSpeechSynthesizer", rendered=text, voice=voice, file=filename, container="AIFF")

            threading.Thread(target=finish, daemon=True).start()
            self._proxy.setBusy(False)

        def startLoop(self) -> None:
            self._looping = True
            self._proxy.setBusy(False)
            while self._looping:
                time.sleep(0.01)

    module.NSSpeechDriver = NSSpeechDriver  # type: ignore[attr-defined]
    module.buildDriver = NSSpeechDriver  # type: ignore[attr-defined]


def change_pyttsx3_engine(module: ModuleType) -> None:
    """pyttsx3 picks its driver by ``sys.platform`` (``pyttsx3/engine.py:12-15``): nsss on macOS."""
    module._engines_by_sys_platform[sys.platform] = ("nsss",)  # type: ignore[attr-defined]


def fakes() -> tuple[dict[str, Callable[[ModuleType], None]], dict[str, Callable[[ModuleType], None]]]:
    """The modules given whole, and the real ones changed once loaded."""
    made = {"pyttsx3.drivers.nsss": make_nsss}
    after = {"pyttsx3.engine": change_pyttsx3_engine, "miniaudio": as_fake_common.change_miniaudio}
    return made, after
