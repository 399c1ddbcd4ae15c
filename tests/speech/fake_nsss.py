"""A stand-in for pyttsx3 on macOS (its ``nsss`` driver) that behaves as the real one does, read in
pyttsx3 2.99's source:

- ``pyttsx3/drivers/nsss.py:150-156``, ``save_to_file``: "Apple writes .aiff, not .wav"
  (nateshmbhat/pyttsx3#361); it calls ``NSSpeechSynthesizer.startSpeakingString_toURL_``, which writes an
  AIFF file whatever the file is called, and returns before the file is written: the synthesizer writes it
  on its own and calls ``speechSynthesizer_didFinishSpeaking_`` (line 158) when done.
- The AIFF is 16-bit big-endian PCM, mono, 22,050 frames a second (NSSpeechSynthesizer's own format).

``init()`` gives such an engine, so that this module, put on ``PYTHONPATH`` as ``pyttsx3``, is what toguz's
pyttsx3 worker process loads.
"""

from __future__ import annotations

import math
import struct
import threading
import time
from pathlib import Path
from typing import Any

RATE = 22050


def extended(rate: int) -> bytes:
    """``rate`` as the 80-bit IEEE 754 extended float of AIFF's COMM chunk."""
    exponent = rate.bit_length() - 1
    return struct.pack(">HQ", 16383 + exponent, rate << (63 - exponent))


def samples(count: int) -> list[int]:
    """A tone, as signed 16-bit samples (not silence: a byte order mistake shows)."""
    return [int(12000 * math.sin(index / 7)) + 3 for index in range(count)]


def aiff_bytes(values: list[int], rate: int = RATE) -> bytes:
    """A real AIFF file (FORM AIFF, COMM, SSND) of mono 16-bit big-endian ``values``."""
    data = struct.pack(f">{len(values)}h", *values)
    comm = struct.pack(">hIh", 1, len(values), 16) + extended(rate)
    ssnd = struct.pack(">II", 0, 0) + data
    body = b"AIFF" + b"COMM" + struct.pack(">I", len(comm)) + comm + b"SSND" + struct.pack(">I", len(ssnd)) + ssnd
    return b"FORM" + struct.pack(">I", len(body)) + body


class NsssEngine:
    """pyttsx3's engine over the nsss driver: ``save_to_file`` then ``runAndWait`` write AIFF a moment later."""

    def __init__(self, frames: int = 4410, late: float = 0.05) -> None:
        self.frames, self.late = frames, late
        self.properties: dict[str, Any] = {}
        self._pending: list[tuple[str, str]] = []
        self.writers: list[threading.Thread] = []

    def setProperty(self, name: str, value: Any) -> None:
        self.properties[name] = value

    def getProperty(self, name: str) -> Any:
        return self.properties.get(name, [])

    def save_to_file(self, text: str, filename: str) -> None:
        self._pending.append((text, filename))

    def runAndWait(self) -> None:
        """Returns at once; the synthesizer writes the file on its own thread (``startSpeakingString_toURL_``)."""
        for _text, filename in self._pending:
            writer = threading.Thread(target=self._write, args=(Path(filename),), daemon=True)
            writer.start()
            self.writers.append(writer)
        self._pending.clear()

    def _write(self, path: Path) -> None:
        time.sleep(self.late)
        path.write_bytes(aiff_bytes(samples(self.frames)))


def init(*args: Any, **kwargs: Any) -> NsssEngine:
    """``pyttsx3.init()`` on macOS: the nsss driver's engine."""
    return NsssEngine()
