"""AIFF, the sound file macOS's speech synthesizer writes (pyttsx3's ``nsss`` driver saves AIFF whatever the
file is called), read without ``aifc`` (deprecated, and gone from Python 3.13) and turned into WAV.

An AIFF file is an IFF ``FORM`` of type ``AIFF`` (or ``AIFC``, uncompressed: ``NONE`` big-endian, ``sowt``
little-endian) holding a ``COMM`` chunk (channels, frames, bits a sample, the rate as an 80-bit float) and
an ``SSND`` chunk (offset, block size, then the samples, big-endian). Everything read is bounded: at most
``MOST_BYTES`` of file, at most ``MOST_CHUNKS`` chunks, and only 8- to 32-bit PCM of 1 to 8 channels.
"""

from __future__ import annotations

import struct
import wave
from dataclasses import dataclass
from pathlib import Path

MOST_BYTES = 256 * 1024 * 1024  # an utterance is seconds long: tens of megabytes at most
MOST_CHUNKS = 64
UNCOMPRESSED = {b"NONE": "big", b"twos": "big", b"sowt": "little"}  # AIFF-C's PCM kinds and their byte order


class NotAiff(ValueError):
    """The bytes are not a complete, uncompressed AIFF sound; its argument names what is wrong, for the log (form,
    incomplete, no-ssnd, short-comm, compressed, format, damaged): a person is told only that no sound came."""


@dataclass(frozen=True)
class Sound:
    """PCM samples as they were stored, with their shape."""

    channels: int
    width: int  # bytes a sample
    rate: int  # frames a second
    frames: bytes  # ``order``-endian samples, channels interleaved
    order: str  # "big" or "little"

    def little_endian(self) -> bytes:
        """The samples little-endian, as WAV stores them (8-bit ones unsigned, as WAV's are)."""
        if self.width == 1:
            return bytes((byte + 128) & 0xFF for byte in self.frames)  # AIFF's 8-bit samples are signed
        if self.order == "little":
            return self.frames
        swapped = bytearray(len(self.frames))
        for index in range(self.width):  # reverse each sample's bytes, one byte position at a time
            swapped[index::self.width] = self.frames[self.width - 1 - index::self.width]
        return bytes(swapped)


def is_aiff(head: bytes) -> bool:
    """Whether ``head`` (a file's first 12 bytes or more) starts an AIFF or AIFF-C file."""
    return len(head) >= 12 and head[:4] == b"FORM" and head[8:12] in (b"AIFF", b"AIFC")


def parse(data: bytes) -> Sound:
    """The sound in the AIFF ``data``; ``NotAiff`` when it is not one, not complete, or not plain PCM."""
    if not is_aiff(data) or len(data) > MOST_BYTES:
        raise NotAiff("form")
    common: tuple[int, int, int, int, str] | None = None
    position, chunks = 12, 0
    while position + 8 <= len(data) and chunks < MOST_CHUNKS:
        kind, size = data[position:position + 4], struct.unpack(">I", data[position + 4:position + 8])[0]
        body = data[position + 8:position + 8 + size]
        chunks += 1
        if kind == b"COMM":
            common = _common(body, data[8:12] == b"AIFC")
        elif kind == b"SSND" and common is not None:
            channels, frames, width, rate, order = common
            offset = struct.unpack(">I", body[:4])[0] if len(body) >= 8 else 0
            samples = body[8 + offset:8 + offset + frames * channels * width]
            if len(samples) < frames * channels * width:
                raise NotAiff("incomplete")
            return Sound(channels, width, rate, samples, order)
        position += 8 + size + (size & 1)  # chunks are padded to an even length
    raise NotAiff("no-ssnd")


def _common(body: bytes, compressed: bool) -> tuple[int, int, int, int, str]:
    """Channels, frames, bytes a sample, rate and byte order from a ``COMM`` chunk's body."""
    if len(body) < 18:
        raise NotAiff("short-comm")
    channels, frames, bits = struct.unpack(">hIh", body[:8])
    rate = _extended(body[8:18])
    order = "big"
    if compressed:
        order = UNCOMPRESSED.get(body[18:22], "")
        if not order:
            raise NotAiff("compressed")
    if not (1 <= channels <= 8 and 8 <= bits <= 32 and bits % 8 == 0 and 1000 <= rate <= 384_000):
        raise NotAiff("format")
    return channels, frames, bits // 8, rate, order


def _extended(ten: bytes) -> int:
    """The 80-bit IEEE 754 extended float of AIFF's sample rate, as a whole number (0 when not one)."""
    sign_exponent, mantissa = struct.unpack(">HQ", ten)
    exponent, mantissa = int(sign_exponent) & 0x7FFF, int(mantissa)
    if exponent == 0 or exponent == 0x7FFF:
        return 0
    shift = exponent - 16383 - 63
    return mantissa << shift if shift >= 0 else mantissa >> -shift


def _read(path: Path) -> bytes | None:
    """The bytes of ``path`` when it starts as AIFF (at most ``MOST_BYTES`` and one), else None: a WAV file is
    not read past its first 12 bytes."""
    with path.open("rb") as file:
        head = file.read(12)
        return head + file.read(MOST_BYTES - 11) if is_aiff(head) else None


def ready(path: Path) -> bool:
    """True once ``path`` is a complete AIFF file with sound in it."""
    try:
        data = _read(path)
        return data is not None and bool(parse(data).frames)
    except (OSError, NotAiff, struct.error):
        return False


def to_wav(path: Path) -> bool:
    """Rewrite the AIFF file ``path`` as a WAV file of the same sound (16-bit big-endian PCM becomes WAV's
    little-endian); False when it is not AIFF (a WAV already, say). ``NotAiff`` for an AIFF it cannot read."""
    data = _read(path)
    if data is None:
        return False
    try:
        sound = parse(data)
    except struct.error:
        raise NotAiff("damaged") from None
    staged = path.with_name(path.name + ".part")
    with wave.open(str(staged), "wb") as wav:
        wav.setnchannels(sound.channels)
        wav.setsampwidth(sound.width)
        wav.setframerate(sound.rate)
        wav.writeframes(sound.little_endian())
    staged.replace(path)
    return True
