"""Whether this machine can make a sound at all, and the commands that fix what is missing."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

FIX_AUDIO = (
    "no audio output: no sound card under /dev/snd and no PulseAudio or PipeWire server "
    "(connect or enable a sound device; for desktop sound: sudo apt install pipewire-audio)"
)
FIX_ESPEAK_NG = "the espeak-ng program is missing (sudo apt install espeak-ng)"
FIX_LIBESPEAK = "pyttsx3 needs the eSpeak NG library (sudo apt install libespeak-ng1)"
FIX_PYTTSX3 = "pyttsx3 is not installed (pip install pyttsx3)"
FIX_APLAY = "aplay, which plays pyttsx3's sound, is missing (sudo apt install alsa-utils)"
FIX_SPD_SAY = "spd-say is missing (sudo apt install speech-dispatcher)"
FIX_SCREEN_READER = (
    "accessible_output2 is not installed (pip install 'toguz[screen-reader]'; "
    "on Linux it speaks through speech-dispatcher: sudo apt install speech-dispatcher)"
)


def audio_problem(dev_snd: Path = Path("/dev/snd")) -> str | None:
    """Why no sound can be heard here, or None when some audio output exists."""
    if sys.platform != "linux":
        return None
    if _has_playback_device(dev_snd) or _has_sound_server():
        return None
    return FIX_AUDIO


def _has_playback_device(dev_snd: Path) -> bool:
    try:
        return any(entry.name.startswith("pcm") and entry.name.endswith("p") for entry in dev_snd.iterdir())
    except OSError:
        return False


def _has_sound_server() -> bool:
    if os.environ.get("PULSE_SERVER"):
        return True
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if not runtime:
        return False
    return any((Path(runtime) / name).exists() for name in ("pulse/native", "pipewire-0"))


def program(name: str) -> str | None:
    """The full path of a program on PATH, or None."""
    return shutil.which(name)
