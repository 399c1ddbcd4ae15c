"""Sound cues: how long each cue and a move's sound take to build, and how long from a move to the
start of its sound in the output, through miniaudio's null backend (a real device thread that plays
into nothing at a sound card's pace, so no sound card is needed).

The latency is measured from before ``move_sound`` is called to the moment the device's callback
first hands out frames of that sound (``first_output_at``), over 50 moves of a random game.
Target: under 30 ms.

Run: .venv/bin/python bench/cues.py
"""

from __future__ import annotations

import dataclasses
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.game import Game
from speech.sounds import cues
from speech.sounds.player import MiniaudioPlayer

BUILDS = 20       # builds of each cue, for its median
MOVES = 50
TARGET_MS = 30.0


def build_times() -> None:
    """The median time to build each named cue, and a move's sound for a few kinds of move."""
    print(f"build time, median of {BUILDS} (ms)")
    for name in cues.CUE_NAMES:
        if name.startswith("pit-") and not name.endswith("-1"):
            continue  # the pit cues all cost the same: show the first of each row
        print(f"  {name:<14} {_median_ms(lambda name=name: cues.render_cue(name)):7.3f}")
    opening = Game().play(7)  # 9 stones sown, 10 captured
    reports = {"move 9 stones": opening, "move 40 stones": dataclasses.replace(opening, sown=40),
               "move tuzdyk": dataclasses.replace(opening, captured=0, tuzdyk_made=6, landing_count=3)}
    for label, report in reports.items():
        print(f"  {label:<14} {_median_ms(lambda report=report: cues.move_sound(report, 9)):7.3f}")


def _median_ms(build: object) -> float:
    assert callable(build)
    times = []
    for _ in range(BUILDS):
        start = time.perf_counter()
        build()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def latency() -> None:
    """Move to first output, over ``MOVES`` moves of a random game, on the null backend."""
    player = MiniaudioPlayer("null")
    rng = random.Random(1)
    game = Game()
    delays, plays = [], []
    try:
        time.sleep(0.1)  # let the device settle
        for _ in range(MOVES):
            if game.is_over:
                game = Game()
            report = game.play(rng.choice(game.legal_moves()))
            start = time.perf_counter()
            sound = cues.move_sound(report, game.variant.pits)
            before_play = time.perf_counter()
            player.play(sound, label="move")
            plays.append((time.perf_counter() - before_play) * 1000)
            while player.first_output_at is None and time.perf_counter() - start < 1.0:
                time.sleep(0.0002)  # sleeping lets the audio thread take the interpreter
            if player.first_output_at is None:
                raise RuntimeError("the null device never played the sound")
            delays.append((player.first_output_at - start) * 1000)
            time.sleep(rng.uniform(0.02, 0.08))  # the next move comes a little later, as in a game
    finally:
        player.close()
    print(f"move to start of its cue, {MOVES} moves, null backend, {cues.SAMPLE_RATE} Hz, 10 ms periods")
    print(f"  median {statistics.median(delays):6.2f} ms   worst {max(delays):6.2f} ms   "
          f"target under {TARGET_MS:.0f} ms: {'met' if max(delays) < TARGET_MS else 'NOT met'}")
    print(f"  play() itself: median {statistics.median(plays):.3f} ms, worst {max(plays):.3f} ms")
    if player.last_error:
        print(f"  device error: {player.last_error}")


def latency_through_session() -> None:
    """The same measure as a player meets it: from the call that plays a pit (``GameSession.play``: the
    rules, the clock, then the cue) to the cue's first frames, two players at one keyboard."""
    import os
    import tempfile

    from speech.voices import SilentSpeaker
    from toguz_tui.files.settings import Settings
    from toguz_tui.session.facade import GameSession
    from toguz_tui.session.setup import GameSetup

    os.environ.setdefault("TOGUZ_DATA_DIR", tempfile.mkdtemp(prefix="toguz-bench-"))
    player = MiniaudioPlayer("null")
    settings = Settings(opponent="human")
    session = GameSession(settings, SilentSpeaker(), player=player, persist=False, watch=False)
    session.start_game(GameSetup.from_settings(settings, 1))
    rng = random.Random(2)
    delays = []
    try:
        time.sleep(0.1)
        for _ in range(MOVES):
            if session.game.is_over:
                session.start_game(GameSetup.from_settings(settings, 1))
            pit = rng.choice(session.game.legal_moves())
            played_before = player.played_at
            start = time.perf_counter()
            session.play(pit)
            while (player.played_at == played_before or player.first_output_at is None) and \
                    time.perf_counter() - start < 1.0:
                time.sleep(0.0002)
            assert player.first_output_at is not None
            delays.append((player.first_output_at - start) * 1000)
            time.sleep(rng.uniform(0.02, 0.08))
    finally:
        session.close()
    print(f"a pit played (GameSession.play) to the start of its cue, {MOVES} moves, null backend")
    print(f"  median {statistics.median(delays):6.2f} ms   worst {max(delays):6.2f} ms   "
          f"target under {TARGET_MS:.0f} ms: {'met' if max(delays) < TARGET_MS else 'NOT met'}")


if __name__ == "__main__":
    build_times()
    latency()
    latency_through_session()
