"""Whether sound can be played here, on each system.

- Linux: a sound card's playback device (``/dev/snd/pcm*p``), or a PulseAudio or PipeWire server
  announced for this user (``PULSE_SERVER``, or its socket under ``XDG_RUNTIME_DIR``).
- Windows and macOS: the playback devices that the audio library (``miniaudio``, which plays the sound
  cues) lists through the system's own audio (WASAPI, Core Audio).

``TOGUZ_AUDIO`` may answer for the machine (``speech.system.machine``); this module is only asked when it does
not. Where there is no output at all, ``no_output`` says which kind of absence it is (``NoAudio``), and
``speech.words.machine_words`` says it, with how to get some, in words.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable
from enum import Enum
from pathlib import Path

from speech.system import system


class NoAudio(Enum):
    """No audio output at all, in this system's terms."""

    NO_CARD_OR_SERVER = "no-card-or-server"  # Linux: no sound card under /dev/snd, no PulseAudio or PipeWire
    NO_PLAYBACK_DEVICE = "no-playback-device"  # Windows, macOS: the system lists no playback device


def sound_device(dev_snd: Path = Path("/dev/snd"), playbacks: Callable[[], int] | None = None) -> bool:
    """Whether a playback device is there: a sound card's (Linux), any the system lists (Windows, macOS).
    ``playbacks`` stands for the audio library's count of playback devices."""
    if system() in ("win32", "darwin"):
        return (playbacks or _playbacks)() > 0
    try:
        return any(entry.name.startswith("pcm") and entry.name.endswith("p") for entry in dev_snd.iterdir())
    except OSError:
        return False


def sound_server() -> bool:
    """Whether a PulseAudio or PipeWire server is announced for this user (Linux; elsewhere the system's
    own audio, counted as devices)."""
    if system() != "linux":
        return False
    if os.environ.get("PULSE_SERVER"):
        return True
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if not runtime:
        return False
    return any((Path(runtime) / name).exists() for name in ("pulse/native", "pipewire-0"))


def player_command() -> list[str]:
    """The program that plays a WAV file of toguz's own voice to its end (the file's path is appended):
    ``aplay`` (Linux), ``afplay`` (macOS, which plays AIFF as well), and on Windows, which has no such
    program, toguz's own player (``speech.voices.wav_player``, through ``miniaudio``), run as a script by its
    path with ``-P`` (its folder not put on the module path): ``-m`` would import the whole ``speech``
    package first, some 0.1 s before every announcement."""
    if system() == "darwin":
        return ["afplay"]
    if system() == "win32":
        return [sys.executable, "-P", str(Path(__file__).resolve().parents[1] / "voices" / "wav_player.py")]
    return ["aplay", "-q"]


def player_serves() -> bool:
    """Whether the player of ``player_command`` is kept running for every file (``--serve``: Windows' own,
    ``speech.voices.served_player``) rather than run once a file (``aplay``, ``afplay``): starting Python
    and opening the sound device for each announcement made it start late."""
    return system() == "win32"


def _playbacks() -> int:
    """How many playback devices miniaudio lists (0 when it cannot ask)."""
    with contextlib.suppress(Exception):  # a missing or failing audio library: no device to count
        import miniaudio

        return len(miniaudio.Devices().get_playbacks())
    return 0


def no_output() -> NoAudio:
    """No sound at all, in this system's terms (``speech.words.machine_words`` says how to get some)."""
    return NoAudio.NO_CARD_OR_SERVER if system() == "linux" else NoAudio.NO_PLAYBACK_DEVICE
