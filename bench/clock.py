"""The computer on the clock, in real time: whole games at 1+0 (one minute each, no increment) where level 8
plays a quick opponent, through ``GameSession`` with its real clocks, watcher thread and thinking thread.
Prints, per game, how it ended, how many moves the computer made, the least time it had left and its
longest move. Target: it never loses on time.

Run: .venv/bin/python bench/clock.py [GAMES]
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import Side, Termination
from rules.engine import Engine
from speech.voices import SilentSpeaker
from toguz_tui.files.settings import Settings
from toguz_tui.session.facade import GameSession
from toguz_tui.session.setup import GameSetup


def one_game(seed: int) -> tuple[str, int, float, float]:
    """How the game ended, the computer's moves, its least time left and its longest move (seconds)."""
    settings = Settings(opponent="computer", colour="white", level=8, clock="1")
    session = GameSession(settings, SilentSpeaker(), persist=False)
    session.start_game(GameSetup.from_settings(settings, seed))
    person = Engine(level=4, seed=seed)
    lowest, longest, moves = 60.0, 0.0, 0
    try:
        while not session.game.is_over:
            session.play(person.choose(session.game.position, depth=3).pit)
            started = time.monotonic()
            session.opponents.wait()
            if session.game.is_over:
                break
            longest = max(longest, time.monotonic() - started)
            moves += 1
            assert session.clocks.clock is not None
            lowest = min(lowest, session.clocks.clock.clock.remaining(Side.BLACK))
    finally:
        session.close()
    outcome = session.game.outcome
    assert outcome is not None
    how = "on time" if outcome.reason is Termination.TIME else outcome.reason.value
    return how, moves, lowest, longest


def main() -> None:
    os.environ.setdefault("TOGUZ_DATA_DIR", tempfile.mkdtemp(prefix="toguz-bench-"))
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    print(f"level 8 at 1+0 against a quick opponent, {games} games, real time")
    lost = 0
    for seed in range(1, games + 1):
        how, moves, lowest, longest = one_game(seed)
        lost += how == "on time"
        print(f"  game {seed}: ended by {how:<9} computer moves {moves:3d}   least time left {lowest:5.1f} s   "
              f"longest move {longest:4.2f} s")
    print(f"lost on time: {lost} of {games} (target 0)")


if __name__ == "__main__":
    main()
