"""``python -m speech.voices.wav_player [--backend NAME] FILE`` (toguz runs it as a script, by its path, which
imports nothing of toguz: ``speech.system.sound.player_command``): play a WAV file to its end through
``miniaudio`` and exit (``--backend``: one of miniaudio's, such as ``null``, which plays to no device).

The player of toguz's own voice (pyttsx3) where the system has no player program of its own to run
(Windows: ``aplay`` is Linux's, ``afplay`` macOS's). It runs as a child process, as those do, so that a
new announcement cuts a stale one off by ending it (``speech.system.processes``). Exit status 0 when
played, 1 with one line on stderr when the file or the device failed.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Generator

MOST_SECONDS = 600.0  # an utterance is seconds long; a file longer than this is not played to its end
# miniaudio's device asks for a period of BUFFER_MS at a time and keeps PERIODS of them queued
# (miniaudio.py:2011, ``periodSizeInMilliseconds = buffersize_msec``, and 2015, ``periods``): its default of
# 200 ms a period made each announcement start late. Closing it drops whatever is still queued
# (``ma_device_uninit``), so the player waits for that to be played, plus the system's own output latency.
BUFFER_MS = 30
PERIODS = 3
LATENCY = 0.06  # seconds: WASAPI's shared mode and Core Audio add some 10-50 ms after the last period
DRAIN = PERIODS * BUFFER_MS / 1000 + LATENCY  # seconds from the last frames handed over to the last heard


def frames(samples: bytes, width: int, finished: threading.Event) -> Generator[bytes, int, None]:
    """Hand ``samples`` (``width`` bytes a frame) to the device as it asks for frames; silence after, and
    ``finished`` set once all of them have gone out."""
    position = 0
    required = yield b""
    while position < len(samples):
        chunk = samples[position:position + required * width]
        position += len(chunk)
        required = yield chunk
    finished.set()
    while True:
        yield b""


def main(argv: list[str]) -> int:
    """Play the file named last in ``argv``; the exit status."""
    backend = argv[1] if len(argv) == 3 and argv[0] == "--backend" else None
    if len(argv) != (1 if backend is None else 3):
        print("usage: python -m speech.voices.wav_player [--backend NAME] FILE", file=sys.stderr)
        return 2
    try:
        import miniaudio

        sound = miniaudio.decode_file(argv[-1])
        backends = None if backend is None else [miniaudio.Backend[backend.upper()]]
        device = miniaudio.PlaybackDevice(output_format=sound.sample_format, nchannels=sound.nchannels,
                                          sample_rate=sound.sample_rate, buffersize_msec=BUFFER_MS,
                                          callback_periods=PERIODS, backends=backends, app_name="toguz")
    except Exception as error:  # a missing library, an unreadable file, no device: said, not raised
        print(f"wav_player: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
    finished = threading.Event()
    feed = frames(sound.samples.tobytes(), sound.sample_width * sound.nchannels, finished)
    next(feed)
    try:
        device.start(feed)
        if finished.wait(min(MOST_SECONDS, sound.duration + 2.0)):
            time.sleep(DRAIN)  # what the device still holds is played, not dropped by the close
    finally:
        device.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
