"""``python -m speech.voices.wav_player [--backend NAME] FILE|--serve`` (toguz runs it as a script, by its
path, which imports nothing of toguz: ``speech.system.sound.player_command``): play a WAV file to its end
through ``miniaudio`` and exit (``--backend``: one of miniaudio's, such as ``null``, which plays to no device).

With ``--serve`` it stays: the device is opened once, and each line on stdin is a request, ``play PATH``
(played to its end) or ``stop`` (what plays turns to silence at once); each request is answered with one
line on stdout, ``done``, ``stopped`` (a ``play`` cut off, and every ``stop``) or ``failed REASON``. It
ends when stdin does (``speech.voices.served_player`` is toguz's side of it, on Windows).

The player of toguz's own voice (pyttsx3) where the system has no player program of its own to run
(Windows: ``aplay`` is Linux's, ``afplay`` macOS's). With a file it runs as a child process, as those do, so
that a new announcement cuts a stale one off by ending it (``speech.system.processes``). Exit status 0 when
played (or, serving, when stdin ended), 1 with one line on stderr when the file or the device failed.
"""

from __future__ import annotations

import queue
import sys
import threading
import time
from collections.abc import Generator
from typing import Any

MOST_SECONDS = 600.0  # an utterance is seconds long; a file longer than this is not played to its end
# miniaudio's device asks for a period of BUFFER_MS at a time and keeps PERIODS of them queued
# (miniaudio.py:2011, ``periodSizeInMilliseconds = buffersize_msec``, and 2015, ``periods``): its default of
# 200 ms a period made each announcement start late. Closing it drops whatever is still queued
# (``ma_device_uninit``), so the player waits for that to be played, plus the system's own output latency.
BUFFER_MS = 30
PERIODS = 3
LATENCY = 0.06  # seconds: WASAPI's shared mode and Core Audio add some 10-50 ms after the last period
SERVED = {"nchannels": 2, "sample_rate": 44100}  # serving, every file is made this (miniaudio's own default)
DRAIN = PERIODS * BUFFER_MS / 1000 + LATENCY  # seconds from the last frames handed over to the last heard
UNKNOWN_REQUEST, DEVICE_STOPPED = "unknown-request", "device-stopped"  # why a serving player failed: codes


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
    """Play the file named last in ``argv``, or serve requests (``--serve``); the exit status."""
    backend = argv[1] if len(argv) >= 2 and argv[0] == "--backend" else None
    rest = argv[2:] if backend is not None else argv
    if len(rest) != 1:
        print("usage: python -m speech.voices.wav_player [--backend NAME] FILE|--serve", file=sys.stderr)
        return 2
    if rest[0] == "--serve":
        return serve(backend)
    try:
        sound = _decoded(rest[0])
        device = _device(backend, sound.sample_format, sound.nchannels, sound.sample_rate)
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


def _decoded(path: str, **converted: Any) -> Any:
    """The file's sound, decoded by miniaudio (``converted``: the format, channels and rate to make it)."""
    import miniaudio

    return miniaudio.decode_file(path, **converted)


def _device(backend: str | None, sample_format: Any, nchannels: int, sample_rate: int) -> Any:
    """A playback device with the small buffer (``BUFFER_MS``), on ``backend`` if one is named."""
    import miniaudio

    backends = None if backend is None else [miniaudio.Backend[backend.upper()]]
    return miniaudio.PlaybackDevice(output_format=sample_format, nchannels=nchannels, sample_rate=sample_rate,
                                    buffersize_msec=BUFFER_MS, callback_periods=PERIODS, backends=backends,
                                    app_name="toguz")


class Feed:
    """What a device opened once plays: the current file's samples as it asks for frames, else silence."""

    def __init__(self, width: int) -> None:
        self._width = width  # bytes a frame
        self._lock = threading.Lock()
        self._samples = b""
        self._position = 0
        self.finished = threading.Event()  # set once the current samples have all been handed over
        self.finished.set()

    def play(self, samples: bytes) -> None:
        """Play ``samples`` from their start (what played before is dropped)."""
        with self._lock:
            self._samples, self._position = samples, 0
            self.finished.clear()

    def silence(self) -> None:
        """Play nothing from the next period on."""
        with self._lock:
            self._samples, self._position = b"", 0
            self.finished.set()

    def frames(self) -> Generator[bytes, int, None]:
        """The generator the device is started with (miniaudio sends how many frames it wants)."""
        required = yield b""
        while True:
            with self._lock:
                chunk = self._samples[self._position:self._position + required * self._width]
                self._position += len(chunk)
                if self._position >= len(self._samples):
                    self.finished.set()
            required = yield chunk


class Server:
    """``--serve``: the requests read from stdin, played on one device, answered on stdout."""

    def __init__(self, backend: str | None) -> None:
        self.requests: queue.Queue[str | None] = queue.Queue()
        self.feed = Feed(2 * 2)  # 16-bit samples, two channels
        self.device: Any = None
        self.problem = ""
        try:
            import miniaudio

            self.device = _device(backend, miniaudio.SampleFormat.SIGNED16, **SERVED)
            feed = self.feed.frames()
            next(feed)
            self.device.start(feed)
        except Exception as error:  # no library, no device: each play says so
            self.problem = f"{type(error).__name__}: {error}"
        threading.Thread(target=self._read, name="requests", daemon=True).start()

    def _read(self) -> None:
        for line in sys.stdin:
            self.requests.put(line)
        self.requests.put(None)

    def answer(self, words: str) -> None:
        print(" ".join(words.split())[:300], flush=True)

    def run(self) -> int:
        """Answer each request until stdin ends; the exit status."""
        pending: str | None = None
        while True:
            line = pending if pending is not None else self.requests.get()
            pending = None
            if line is None:
                return 0
            verb, _space, path = line.strip().partition(" ")
            if verb == "play":
                pending = self.play(path)
            elif verb == "stop":
                self.feed.silence()
                self.answer("stopped")
            else:
                self.answer(f"failed {UNKNOWN_REQUEST} {verb[:40]!r}")

    def play(self, path: str) -> str | None:
        """Play ``path`` to its end and answer; a request that came meanwhile is returned, not lost (a
        ``stop`` or another ``play`` cuts this one off)."""
        if self.device is None:
            self.answer(f"failed {self.problem}")
            return None
        try:
            import miniaudio

            sound = _decoded(path, output_format=miniaudio.SampleFormat.SIGNED16, **SERVED)
        except Exception as error:  # an unreadable file: said, not raised
            self.answer(f"failed {type(error).__name__}: {error}")
            return None
        self.feed.play(sound.samples.tobytes())
        deadline = time.monotonic() + min(MOST_SECONDS, sound.duration + 2.0)
        drained: float | None = None  # when the device has played what it still held
        while drained is None or time.monotonic() < drained:
            if drained is None and self.feed.finished.is_set():
                drained = time.monotonic() + DRAIN
            if drained is None and time.monotonic() > deadline:
                self.feed.silence()
                self.answer(f"failed {DEVICE_STOPPED}")
                return None
            try:
                line = self.requests.get(timeout=0.01)
            except queue.Empty:
                continue
            self.feed.silence()
            self.answer("stopped")
            return line
        self.answer("done")
        return None


def serve(backend: str | None) -> int:
    """Serve requests from stdin on one device (``Server``); the exit status."""
    for stream in (sys.stdin, sys.stdout):  # the paths come as UTF-8 whatever the system's code page
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(encoding="utf-8", errors="replace")
    server = Server(backend)
    try:
        return server.run()
    finally:
        if server.device is not None:
            server.device.close()


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
