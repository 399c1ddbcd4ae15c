"""Speech latency: how long ``speak`` takes to return, and how long a new announcement takes to
silence the one being said, for each backend that can run here. Without a sound card the player
is a slow fake (a script that sleeps), so the figures measure toguz's own machinery.

Run: .venv/bin/python bench/speech.py
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from speech.voices import WorkerSpeaker, audio, backend_problem
from speech.voices.dispatcher import DispatcherSpeaker
from speech.voices.espeak import EspeakSpeaker
from speech.voices.pyttsx3_backend import Pyttsx3Speaker, default_player, render_problem

ROUNDS = 20
SLOW = '#!/bin/sh\necho "$$" >> "{log}"\nexec sleep 30\n'


def fake(folder: Path, name: str, body: str = SLOW) -> tuple[str, Path]:
    """A player that logs its pid and sleeps for 30 s (or runs ``body``)."""
    log = folder / f"{name}.log"
    log.touch()
    program = folder / name
    program.write_text(body.format(log=log))
    program.chmod(0o755)
    return str(program), log


def pids(log: Path, count: int) -> list[int]:
    """Wait for ``count`` players to have started."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        found = [int(line) for line in log.read_text().split()]
        if len(found) >= count:
            return found
        time.sleep(0.001)
    raise RuntimeError(f"{log.name}: only {len(found)} of {count} players started")


def gone(pid: int) -> float:
    """Seconds until process ``pid`` has ended and been reaped."""
    start = time.monotonic()
    while True:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return time.monotonic() - start
        time.sleep(0.0005)


def measure(make: Callable[[], WorkerSpeaker], log: Path | None) -> tuple[list[float], list[float]]:
    """speak() latencies, and times from a new speak() to the old player's end (with a log)."""
    speaker = make()
    returns, silences = [], []
    try:
        for round_ in range(ROUNDS):
            began = time.perf_counter()
            speaker.speak(f"Announcement {round_}: you sow 9 stones from pit 7.")
            returns.append(time.perf_counter() - began)
            if log is not None:
                old = pids(log, 2 * round_ + 1)[-1]
                began = time.perf_counter()
                speaker.speak("The computer captures 10.")
                gone(old)
                silences.append(time.perf_counter() - began)
                pids(log, 2 * round_ + 2)
            else:
                speaker.wait(5)
    finally:
        speaker.close()
    return returns, silences


def line(name: str, returns: list[float], silences: list[float], note: str) -> str:
    """One line of figures in milliseconds."""
    speak = f"speak() median {statistics.median(returns) * 1000:.2f} ms, max {max(returns) * 1000:.2f} ms"
    if not silences:
        return f"{name:<18} {speak}; {note}"
    cut = f"silenced median {statistics.median(silences) * 1000:.1f} ms, max {max(silences) * 1000:.1f} ms"
    return f"{name:<18} {speak}; {cut} ({note})"


def main() -> int:
    """Print the figures for each backend."""
    no_sound = audio.audio_problem()
    print(f"audio output: {'none: ' + no_sound if no_sound else 'present'}")
    with tempfile.TemporaryDirectory() as folder:
        where = Path(folder)
        espeak_cmd, espeak_log = fake(where, "espeak-ng")
        player_cmd, player_log = fake(where, "aplay")
        spd_cmd, _ = fake(where, "spd-say", "#!/bin/sh\nexit 0\n")
        cases: list[tuple[str, Callable[[], WorkerSpeaker], Path | None, str]] = [
            ("espeak-ng", lambda: EspeakSpeaker(espeak_cmd), espeak_log, "slow fake espeak-ng"),
        ]
        if render_problem() is None:
            cases.append(("pyttsx3", lambda: Pyttsx3Speaker(player=[player_cmd]), player_log,
                          "real pyttsx3 rendering, slow fake aplay"))
        if no_sound is None and backend_problem("espeak-ng") is None:
            cases.append(("espeak-ng (real)", EspeakSpeaker, None, "real sound"))
        if no_sound is None and render_problem() is None:
            cases.append(
                ("pyttsx3 (real)", lambda: Pyttsx3Speaker(player=default_player()), None, "real sound"),
            )
        for name, make, log, note in cases:
            returns, silences = measure(make, log)
            print(line(name, returns, silences, note))
        returns, _ = measure(lambda: DispatcherSpeaker(spd_cmd), None)
        print(line("speech-dispatcher", returns, [], "fake spd-say; cancelling is the daemon's job"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
