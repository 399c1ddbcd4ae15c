"""Hearing a rendered sound as the tests do: written as a WAV file and read back, then where it sits in
the stereo field and which frequencies it holds."""

from __future__ import annotations

import wave
from pathlib import Path

import numpy as np
import numpy.typing as npt

from speech.sounds import cues

Samples = npt.NDArray[np.float64]


def read_wav(path: Path) -> tuple[wave._wave_params, Samples]:
    """A WAV file's parameters and its samples, shape (frames, channels), scaled to [-1, 1]."""
    with wave.open(str(path), "rb") as sound:
        params = sound.getparams()
        data = np.frombuffer(sound.readframes(params.nframes), dtype="<i2").astype(np.float64) / 32768
    return params, data.reshape(-1, params.nchannels)


def rendered(path: Path, sound: cues.Sound) -> Samples:
    """``sound`` written to ``path`` as the cues are (16-bit stereo at the cues' rate) and read back."""
    cues.write_wav(path, sound)
    params, samples = read_wav(path)
    assert (params.nchannels, params.sampwidth, params.framerate) == (2, 2, cues.SAMPLE_RATE)
    return samples


def balance(sound: Samples) -> float:
    """Where the sound sits: -1 all left, 0 the middle, 1 all right (by energy)."""
    left, right = float(np.sum(sound[:, 0] ** 2)), float(np.sum(sound[:, 1] ** 2))
    return (right - left) / (right + left + 1e-12)


def spectrum(sound: Samples) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """The frequencies and the magnitudes of the sound (both channels together)."""
    mono = sound.mean(axis=1)
    return (np.fft.rfftfreq(1 << 16, 1 / cues.SAMPLE_RATE).astype(np.float64),
            np.abs(np.fft.rfft(mono * np.hanning(len(mono)), n=1 << 16)).astype(np.float64))


def peak(sound: Samples) -> float:
    """The strongest frequency of the sound."""
    frequencies, found = spectrum(sound)
    return float(frequencies[found.argmax()])
