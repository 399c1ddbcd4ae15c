"""Board figures: start-up time to the first usable screen, and key press to speech.

Run from the repository root: ``.venv/bin/python bench/tui.py [--runs N]``.

- Start-up in a real terminal: the installed ``toguz`` in tmux, from launch until the footer of keys
  is on the screen (target under 1 s). Skipped when tmux is missing.
- Start-up headless: constructing the app and reaching the first screen with ``run_test``.
- Key to speech: a key event posted to the app until its announcement is handed to the speaker
  (target under 50 ms), for focus moves (Right) and queries (K, the kazans).
- Key to screen in the screen-reader mode: a key until its message is written in the speech area
  for a screen reader to read (a blank frame comes first, 50 ms by design; target under 100 ms).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from speech.voices import RecordingSpeaker

TOGUZ = Path(sys.executable).with_name("toguz")


class TimedSpeaker(RecordingSpeaker):
    """Remembers when each announcement was handed over."""

    def __init__(self) -> None:
        super().__init__()
        self.times: list[float] = []

    def speak(self, text: str, interrupt: bool = True) -> None:
        """Record the text and the time."""
        self.times.append(time.perf_counter())
        super().speak(text, interrupt)


def terminal_startup(runs: int) -> list[float]:
    """Seconds from launching ``toguz`` in tmux to its first usable screen."""
    figures = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as home:
            name = f"toguz-bench-{uuid.uuid4().hex[:8]}"
            command = (f"TOGUZ_DATA_DIR={home}/data TOGUZ_CONFIG_DIR={home}/config exec {TOGUZ} "
                       "--speech off --new --opponent human --no-screen-reader")
            start = time.perf_counter()
            subprocess.run(["tmux", "new-session", "-d", "-s", name, "-x", "100", "-y", "30", command], check=True)
            try:
                while True:
                    screen = subprocess.run(["tmux", "capture-pane", "-p", "-t", name], capture_output=True,
                                            text=True).stdout
                    if "1 to 9 pits" in screen:
                        break
                    if time.perf_counter() - start > 10:
                        raise RuntimeError("toguz did not start within 10 s")
                    time.sleep(0.01)
                figures.append(time.perf_counter() - start)
            finally:
                subprocess.run(["tmux", "kill-session", "-t", name], capture_output=True)
    return figures


async def in_process(runs: int) -> tuple[list[float], dict[str, list[float]]]:
    """Headless start-up times, and key-to-speech latencies by key."""
    from textual import events

    from toguz_tui.board.app import ToguzApp
    from toguz_tui.files.settings import Settings
    from toguz_tui.session.facade import GameSession
    from toguz_tui.session.setup import GameSetup

    startups: list[float] = []
    latencies: dict[str, list[float]] = {"right": [], "k": []}
    for _ in range(runs):
        start = time.perf_counter()
        settings = Settings(opponent="human")
        speaker = TimedSpeaker()
        session = GameSession(settings, speaker, persist=False)
        session.start_game(GameSetup.from_settings(settings, 7))
        app = ToguzApp(session)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            startups.append(time.perf_counter() - start)
            for key in ("right", "k") * 10:
                count = len(speaker.times)
                pressed = time.perf_counter()
                app.post_message(events.Key(key, key if len(key) == 1 else None))
                while len(speaker.times) == count:
                    await asyncio.sleep(0.0005)
                latencies[key].append(speaker.times[-1] - pressed)
                await pilot.pause()
        session.close()
    return startups, latencies


async def screen_reader_latency(runs: int) -> list[float]:
    """Seconds from a key to its message written in the speech area (screen-reader mode)."""
    from textual import events

    from toguz_tui.board.app import ToguzApp
    from toguz_tui.files.settings import Settings
    from toguz_tui.session.facade import GameSession
    from toguz_tui.session.setup import GameSetup

    figures: list[float] = []
    for _ in range(runs):
        settings = Settings(opponent="human", screen_reader=True)
        session = GameSession(settings, TimedSpeaker(), persist=False)
        session.start_game(GameSetup.from_settings(settings, 7))
        app = ToguzApp(session)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.2)
            speech = app.game_screen.speech
            for key in ("right", "left") * 5:
                pressed = time.perf_counter()
                app.post_message(events.Key(key, None))
                while not speech.waiting:
                    await asyncio.sleep(0.0005)
                while speech.waiting or not speech.lines:
                    await asyncio.sleep(0.0005)
                figures.append(time.perf_counter() - pressed)
        session.close()
    return figures


def describe(name: str, figures: list[float], target: float) -> str:
    """One line: median, worst, and the target."""
    median, worst = statistics.median(figures), max(figures)
    verdict = "ok" if median < target else "over target"
    return (f"{name:38} median {median * 1000:7.1f} ms  worst {worst * 1000:7.1f} ms  "
            f"(target {target * 1000:.0f} ms, {verdict}; {len(figures)} runs)")


def main() -> int:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=5)
    options = parser.parse_args()
    os.environ.setdefault("TOGUZ_DATA_DIR", tempfile.mkdtemp())
    os.environ.setdefault("TOGUZ_CONFIG_DIR", tempfile.mkdtemp())
    if shutil.which("tmux") and TOGUZ.exists():
        print(describe("start-up in tmux to the first screen", terminal_startup(options.runs), 1.0))
    else:
        print("start-up in tmux: skipped (no tmux or no installed toguz)")
    startups, latencies = asyncio.run(in_process(options.runs))
    print(describe("start-up headless (app to first screen)", startups, 1.0))
    print(describe("key Right to speaker (focus move)", latencies["right"], 0.05))
    print(describe("key K to speaker (kazans query)", latencies["k"], 0.05))
    print(describe("key to screen, screen-reader mode", asyncio.run(screen_reader_latency(options.runs)), 0.1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
