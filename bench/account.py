"""The account of a game: how long the analysis of whole real games takes at the analysis budget
(``rules.engine.game_analysis.ANALYSIS_NODES``), the slowest single search (the most the analysis thread
holds a core between two looks at whether the computer is thinking), how long the account takes to
come back once kept, and how long ``mistakes`` takes to look through 200 kept games. The target: a whole
game in under a minute on this machine.

Run from the repository root: ``.venv/bin/python bench/account.py [--games N]`` (needs ``../shared/data``).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import WHITE
from rules.engine import prepare
from rules.engine.engine import compiled
from rules.engine.game_analysis import ANALYSIS_NODES, GameAnalysis, analyse_game, analysis_engine, game_key, step
from rules.records import Record, read_record_file

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "kazakh-masters-742.pgn"
TARGET = 60.0
KEPT_GAMES = 200


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="how many games (the longest of the first 100)")
    games = parser.parse_args().games
    if not DATA.is_file():
        print(f"needs {DATA}")
        return 1
    prepare()
    records = sorted(read_record_file(DATA)[:100], key=lambda record: -len(record.moves))[:max(1, games)]
    print(f"Analysis of whole games at {ANALYSIS_NODES:,} nodes a position ({'compiled' if compiled() else 'Python'} "
          "search):")
    totals, slowest = [], 0.0
    for record in records:
        game = record.game
        engine = analysis_engine()
        analysis = GameAnalysis(game_key(game), len(game.moves))
        started = time.perf_counter()
        while not analysis.complete:
            before = time.perf_counter()
            analysis = step(game, analysis, engine)
            slowest = max(slowest, time.perf_counter() - before)
        seconds = time.perf_counter() - started
        totals.append(seconds)
        print(f"  {len(game.moves):4d} plies: {seconds:5.1f} s ({seconds / max(1, len(game.moves)) * 1000:4.0f} ms a "
              f"position)")
    worst = max(totals)
    print(f"  longest game {worst:.1f} s, median {statistics.median(totals):.1f} s: "
          f"{'within' if worst < TARGET else 'OVER'} the {TARGET:.0f} s target")
    print(f"  slowest single search: {slowest * 1000:.0f} ms (the longest the analysis holds a core at once)")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "account.json"
        path.write_text(analysis.to_json())
        started = time.perf_counter()
        GameAnalysis.from_json(path.read_text())
        print(f"  a kept account read back in {(time.perf_counter() - started) * 1000:.1f} ms")
    mistakes_over_kept_games(read_record_file(DATA)[:KEPT_GAMES])
    return 0


def mistakes_over_kept_games(records: list[Record]) -> None:
    """How long ``mistakes`` takes to look through this many kept accounts (analysed at a small budget: the
    reading, not the analysis, is measured), the first time and again (the files then known)."""
    with tempfile.TemporaryDirectory() as folder:
        os.environ["TOGUZ_DATA_DIR"] = folder
        from toguz_tui.files import accounts
        from toguz_tui.training.mistake_record import MistakeRecord
        from toguz_tui.training.mistakes import collect

        for record in records:
            analysis = analyse_game(record.game, nodes=2000)
            accounts.save_account(accounts.KeptAccount(record.game, (WHITE,), analysis))
        for attempt in ("first", "again"):
            started = time.perf_counter()
            found = collect(accounts.kept_accounts(), MistakeRecord(), last=False)
            print(f"  mistakes over {len(records)} kept games, {attempt}: {time.perf_counter() - started:.2f} s "
                  f"({len(found.mistakes)} mistakes offered)")


if __name__ == "__main__":
    raise SystemExit(main())
