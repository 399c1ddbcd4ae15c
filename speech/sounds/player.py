"""Playing sound cues: at once, mixed with whatever is still sounding, and never waiting for speech.

A ``CuePlayer`` takes finished buffers from ``speech.sounds.cues`` (float32, shape (frames, 2), at 44,100 Hz)
and returns from ``play`` at once. Choices made:

- ``MiniaudioPlayer`` plays through the ``miniaudio`` package: a wheel with the miniaudio C library
  inside, so nothing is built and no system audio library is needed (sounddevice would need the
  system's PortAudio). One playback device stays open; its callback pulls from a generator that
  takes each block from a ``Mixer``: the active sounds in a list under a lock, each advancing by
  the frames handed out and dropping out when finished; silence when none. A sound never cuts
  another: they add up, clipped. The mixer needs no device, so its tests need no sound card.
- The device's period is 10 ms, so a cue starts within about one period of ``play``.
  ``first_output_at`` records when the generator first handed out the newest sound's frames, for
  the benchmark (``bench/cues.py``).
- Nothing may reach the terminal (``speech.sounds.hush``): with no sound card, alsa-lib prints a page
  of errors on stderr when a device is opened, and the full-screen board draws on stderr. Open the
  player before the board starts drawing. Errors in the audio callback are caught there (an exception
  escaping it would print a traceback) and kept in ``last_error``.
- ``open_player`` never raises and never prints: where no sound can be made it returns a
  ``SilentPlayer`` and the reason, in the words the speech line already uses when the machine
  has no audio output at all. The device is opened off the interface's thread and waited for at
  most ``OPEN_WAIT`` seconds: one whose opening blocks is said not to answer, and is not asked again
  until that opening ends (a device opened that late is closed at once). A player whose device fails
  later falls silent by itself and keeps the reason in ``last_error``.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Generator
from typing import Any, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from speech.sounds.cues import SAMPLE_RATE
from speech.sounds.hush import quiet_stderr, silence_alsa
from speech.system.deadline import Deadline, NoAnswer
from speech.voices.audio import audio_problem
from speech.words.i18n import _

NULL_BACKEND = "null"
BUFFER_MS = 10      # the device's period: how often the mixer is asked for sound
MAX_VOICES = 64     # sounds mixed at once; beyond this the oldest is dropped (a runaway guard only)
OPEN_WAIT = 3.0     # seconds the sound device has to open (it takes milliseconds when it works)
_OPENING = Deadline(OPEN_WAIT, lambda seconds: _("the sound device did not answer within {seconds} seconds").format(
    seconds=f"{seconds:g}"))


@runtime_checkable
class CuePlayer(Protocol):
    """Plays sound cues without ever blocking the caller."""

    name: str
    enabled: bool
    last_error: str | None

    def play(self, sound: npt.NDArray[np.floating], label: str = "") -> None:
        """Start playing ``sound`` (float32 (frames, 2)) and return at once, mixed with any still sounding."""

    def set_volume(self, volume: float) -> None:
        """Play at this volume, 0.0 to 1.0, from now on."""

    def close(self) -> None:
        """Release the device; the player plays nothing more."""


def _as_stereo(sound: npt.NDArray[np.floating]) -> npt.NDArray[np.float32]:
    """``sound`` as a contiguous float32 (frames, 2) array; a mono (frames,) array goes to both sides.
    ``ValueError`` for any other shape (a mistake in the caller, not a failing device)."""
    data = np.ascontiguousarray(sound, dtype=np.float32)
    if data.ndim == 1:
        data = np.ascontiguousarray(np.repeat(data[:, None], 2, axis=1))
    if data.ndim != 2 or data.shape[1] != 2:
        raise ValueError(f"shape={data.shape}, (frames, 2) expected")
    return data


class SilentPlayer:
    """Plays nothing; ``reason`` says why (empty when cues are simply turned off)."""

    name = "silent"

    def __init__(self, reason: str = "") -> None:
        self.reason = reason
        self.enabled = False
        self.last_error: str | None = None

    def play(self, sound: npt.NDArray[np.floating], label: str = "") -> None:
        """Play nothing."""

    def set_volume(self, volume: float) -> None:
        """Ignored."""

    def close(self) -> None:
        """Nothing to release."""


class RecordingPlayer:
    """For tests: keeps every sound played (``sounds``) with its label (``names``), the volume, and
    whether it was closed. It plays nothing."""

    name = "recording"

    def __init__(self) -> None:
        self.enabled = True
        self.last_error: str | None = None
        self.sounds: list[npt.NDArray[np.float32]] = []
        self.names: list[str] = []
        self.volume = 1.0
        self.closed = False

    def play(self, sound: npt.NDArray[np.floating], label: str = "") -> None:
        """Record ``sound`` and ``label`` (nothing once closed)."""
        if self.closed:
            return
        self.sounds.append(_as_stereo(sound))
        self.names.append(label)

    def set_volume(self, volume: float) -> None:
        """Remember the volume (clamped to 0.0 .. 1.0)."""
        self.volume = min(1.0, max(0.0, volume))

    def close(self) -> None:
        """Remember that it was closed."""
        self.closed = True


class _Voice:
    """One sound being played: its frames and how many have been handed out."""

    __slots__ = ("position", "serial", "sound")

    def __init__(self, sound: npt.NDArray[np.float32], serial: int) -> None:
        self.sound = sound
        self.serial = serial
        self.position = 0


class Mixer:
    """The sounds being played, added together a block at a time; safe to use from two threads (the
    caller adds, the audio thread takes blocks). Needs no device, so it can be tested on its own.

    ``played_at`` is when the newest sound was added and ``first_output_at`` when its first frames
    were handed out (``time.perf_counter``), None until then.
    """

    def __init__(self, max_voices: int = MAX_VOICES) -> None:
        self.max_voices = max_voices
        self.first_output_at: float | None = None
        self.played_at: float | None = None
        self._lock = threading.Lock()
        self._voices: list[_Voice] = []
        self._serial = 0
        self._volume = 1.0

    def add(self, sound: npt.NDArray[np.floating]) -> None:
        """Start ``sound`` with the next block, on top of those still sounding."""
        data = _as_stereo(sound)
        with self._lock:
            self._serial += 1
            self._voices.append(_Voice(data, self._serial))
            if len(self._voices) > self.max_voices:
                del self._voices[0]
            self.first_output_at = None
            self.played_at = time.perf_counter()

    def set_volume(self, volume: float) -> None:
        """Mix at this volume (clamped to 0.0 .. 1.0) from the next block on."""
        with self._lock:
            self._volume = min(1.0, max(0.0, volume))

    @property
    def volume(self) -> float:
        """The volume of the mix, 0.0 to 1.0."""
        return self._volume

    def clear(self) -> None:
        """Drop every sound."""
        with self._lock:
            self._voices.clear()

    def active(self) -> int:
        """How many sounds are still being mixed."""
        with self._lock:
            return len(self._voices)

    def block(self, frames: int) -> npt.NDArray[np.float32] | None:
        """The next ``frames`` frames: every active sound added, at the volume, clipped to [-1, 1]; None
        for silence (no sound active). Each sound moves on by ``frames``; finished ones drop out."""
        with self._lock:
            if not self._voices:
                return None
            out = np.zeros((frames, 2), dtype=np.float32)
            still: list[_Voice] = []
            for voice in self._voices:
                chunk = voice.sound[voice.position:voice.position + frames]
                out[:len(chunk)] += chunk
                if voice.position == 0 and voice.serial == self._serial:
                    self.first_output_at = time.perf_counter()
                voice.position += len(chunk)
                if voice.position < len(voice.sound):
                    still.append(voice)
            self._voices = still
            volume = self._volume
        if volume != 1.0:
            out *= np.float32(volume)
        np.clip(out, -1.0, 1.0, out=out)
        return out


class MiniaudioPlayer:
    """Plays cues through one miniaudio playback device (float32, stereo, 44,100 Hz, 10 ms periods).

    ``backend`` is None for the system's own choice of device (PulseAudio or PipeWire, ALSA, Core
    Audio, WASAPI ...; miniaudio's null device does not count as one), ``"null"`` for miniaudio's
    null backend (it plays into nothing at the speed of a real device: for benchmarks and tests), or
    another miniaudio backend's name (``"alsa"``). Raises ``ImportError`` when miniaudio is missing
    and ``RuntimeError``, ``KeyError`` (no such backend) or miniaudio's own error when the device will
    not start: ``open_player`` turns each into a silent player and a reason.
    """

    name = "miniaudio"

    def __init__(self, backend: str | None = None, *, buffer_ms: int = BUFFER_MS, hush: bool = True) -> None:
        import miniaudio

        self._hush = hush  # file descriptor 2 silenced around opening and closing (not once a screen draws on it)

        self.enabled = False
        self.last_error: str | None = None
        self.mixer = Mixer()
        self._stopped = False
        self._closed = False
        self._close_lock = threading.Lock()
        self._silence: dict[int, bytes] = {}
        backends = None if backend is None else [miniaudio.Backend[backend.upper()]]
        silence_alsa()
        with self._quiet():
            device = miniaudio.PlaybackDevice(
                output_format=miniaudio.SampleFormat.FLOAT32, nchannels=2, sample_rate=SAMPLE_RATE,
                buffersize_msec=buffer_ms, backends=backends, app_name="toguz",
            )
            try:
                if backend is None and device.backend.lower() == NULL_BACKEND:
                    raise RuntimeError(_("no sound device answered"))
                feed = self._feed()
                next(feed)  # miniaudio wants the generator started
                device.stop_callback = self._device_stopped
                device.start(feed)
            except BaseException:
                device.close()
                raise
        self._device: Any = device
        self.backend: str = device.backend
        self.enabled = True

    @property
    def first_output_at(self) -> float | None:
        """When the device was first handed frames of the newest sound (``time.perf_counter``)."""
        return self.mixer.first_output_at

    @property
    def played_at(self) -> float | None:
        """When the newest sound was played (``time.perf_counter``)."""
        return self.mixer.played_at

    def play(self, sound: npt.NDArray[np.floating], label: str = "") -> None:
        """Add ``sound`` to the mix and return at once (it starts within about one period). A device
        that has stopped or failed turns the player silent, with the reason in ``last_error``.
        ``ValueError`` for a sound of another shape than (frames, 2) or (frames,)."""
        if not self.enabled:
            return
        if self._stopped or not self._device.running:
            self._fail(self.last_error or _("the sound device stopped"))
            return
        self.mixer.add(sound)

    def set_volume(self, volume: float) -> None:
        """Mix at this volume (clamped to 0.0 .. 1.0) from the next period on."""
        self.mixer.set_volume(volume)

    def close(self) -> None:
        """Stop the device and release it; later ``play`` calls do nothing."""
        with self._close_lock:
            if self._closed:
                return
            self._closed = True
            self.enabled = False
        self.mixer.clear()
        with self._quiet(), contextlib.suppress(Exception):
            self._device.close()

    def _quiet(self) -> contextlib.AbstractContextManager[None]:
        """What C libraries print goes nowhere while this runs (when ``hush``)."""
        return quiet_stderr() if self._hush else contextlib.nullcontext()

    def playing(self) -> int:
        """How many sounds are still being mixed."""
        return self.mixer.active()

    # The audio thread --------------------------------------------------------------------------

    def _feed(self) -> Generator[bytes | npt.NDArray[np.float32], int, None]:
        """The generator miniaudio pulls from: sent a frame count, it yields that many frames."""
        frames = yield b""
        while True:
            try:
                block: bytes | npt.NDArray[np.float32] | None = self.mixer.block(frames)
            except Exception as error:  # an exception escaping the callback would print a traceback
                self.last_error = f"{type(error).__name__}: {error}"
                self._stopped = True
                block = None
            if block is None:
                block = self._silence.get(frames)
                if block is None:
                    block = self._silence[frames] = bytes(frames * 2 * 4)
            frames = yield block

    def _device_stopped(self) -> None:
        """miniaudio says the device stopped (unplugged, or the server went away)."""
        if not self._closed:
            self._stopped = True
            self.last_error = self.last_error or _("the sound device stopped")

    def _fail(self, reason: str) -> None:
        """Fall silent for good, keeping ``reason``."""
        self.last_error = reason
        self.close()


def open_player(
    enabled: bool,
    volume: float = 1.0,
    backend: str | None = None,
    problem_check: Callable[[], str | None] = audio_problem,
    hush: bool = True,
) -> tuple[CuePlayer, str | None]:
    """The player for sound cues and, when it is silent for a reason, that reason; never raises or
    prints. Not ``enabled``: silent, no reason. No audio output on the machine (``problem_check``,
    not asked for the null backend): silent, with the same words the speech line says. miniaudio
    missing or the device not starting: silent, with a short reason. ``hush`` silences file descriptor 2
    while the device opens and closes (before a full-screen interface draws on it, not after)."""
    if not enabled:
        return SilentPlayer(), None
    try:
        if backend is None or backend.lower() != NULL_BACKEND:
            problem = problem_check()
            if problem is not None:
                return SilentPlayer(problem), problem
        player = _opened(backend, hush)
        player.set_volume(volume)
        return player, None
    except ImportError:
        reason = _("the miniaudio package is not installed (pip install miniaudio)")
    except NoAnswer as error:
        reason = str(error)
    except Exception as error:
        reason = _("the sound device would not start ({error})").format(error=_describe(error))
    said = _("sound cues are off: {reason}").format(reason=reason)
    return SilentPlayer(said), said


def _opened(backend: str | None, hush: bool) -> MiniaudioPlayer:
    """The device opened on a thread of its own, within ``OPEN_WAIT`` (``NoAnswer`` past it); file descriptor 2
    silenced here, around the wait, so that an opening that never ends cannot keep it silenced."""
    with quiet_stderr() if hush else contextlib.nullcontext():
        player = _OPENING.call(lambda: MiniaudioPlayer(backend, hush=False), late=MiniaudioPlayer.close,
                               name="toguz-sound-device")
    player._hush = hush  # its closing silenced as its opening was
    return player


def _describe(error: Exception) -> str:
    """A miniaudio error in a few words: its message and code."""
    if len(error.args) == 2 and isinstance(error.args[1], int):
        return _("{message}, miniaudio error {code}").format(message=error.args[0], code=error.args[1])
    if isinstance(error, KeyError):
        return _("no backend {name}").format(name=str(error.args[0]).lower() if error.args else "")
    return str(error) or type(error).__name__
