"""The account of a game: how long the analysis of whole real games takes at the analysis budget
(``rules.engine.game_analysis.ANALYSIS_NODES``), the slowest single search (the most the analysis thread
holds a core between two looks at whether the computer is thinking), how long the account takes to
come back once kept, and ``mistakes`` and ``account all`` over 1,000 kept games: the first answer, the
longest the program took to answer meanwhile, and how long the kept games took to be looked through.
The targets: a whole game in under a minute on this machine; the first answer to ``mistakes`` within a
second with 1,000 kept games, the program answering throughout. Last, ``toguz online export`` of 20,000 games
from the tests' stand-in PlayStrategy, plain and with ``--mine`` (each game of the player's then waits for its
account): the time and the peak memory of each; the target, ``--mine`` within twice the plain export's time
and under 150 MB.

Run from the repository root: ``.venv/bin/python bench/account.py [--games N] [--exported N]`` (needs
``../shared/data``; ``--exported 0`` leaves the export out).
"""

from __future__ import annotations

import argparse
import datetime
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import WHITE, Game
from rules.engine import prepare
from rules.engine.engine import compiled
from rules.engine.game_analysis import ANALYSIS_NODES, GameAnalysis, MoveVerdict, analysis_engine, game_key, step
from rules.records import Record, read_record_file
from speech.voices import RecordingSpeaker
from toguz_tui.commands.table import run_line
from toguz_tui.files import account_index, kept_accounts
from toguz_tui.files.settings import Settings
from toguz_tui.session.facade import GameSession
from toguz_tui.session.setup import GameSetup

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "kazakh-masters-742.pgn"
MORE_DATA = DATA.with_name("playok-2398.pgn")
TARGET = 60.0
KEPT_GAMES = 1000
TARGET_ANSWER = 1.0  # seconds: the first answer to ``mistakes`` with ``KEPT_GAMES`` kept
EXPORTED_GAMES = 20_000  # an export of this many games, plain and --mine
TARGET_RATIO = 2.0  # --mine within twice the plain export's time ...
TARGET_PEAK = 150  # ... and under this many MB at its peak


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="how many games (the longest of the first 100)")
    parser.add_argument("--exported", type=int, default=EXPORTED_GAMES, help="games of the export measured")
    options = parser.parse_args()
    games = options.games
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
    mistakes_over_kept_games(read_record_file(DATA) + read_record_file(MORE_DATA))
    if options.exported > 0:
        export_of_many_games(options.exported)
    return 0


# Run by a small Python between the bench and the export: a child's peak (ru_maxrss) counts the memory it was
# forked with, and the bench holds the 20,000 games of the stand-in server; forked from this small process, the
# export's peak is its own.
PEAK_OF = """
import resource, subprocess, sys
code = subprocess.call(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
sys.exit(code)
"""


def exported(server_url: str, folder: Path, *more: str) -> tuple[float, float, str]:
    """``toguz online export alice`` from ``server_url`` into ``folder`` (its data folder too): the seconds it
    took, its own peak memory in MB and its last line."""
    import subprocess

    env = dict(os.environ, TOGUZ_DATA_DIR=str(folder / "data"), TOGUZ_CONFIG_DIR=str(folder / "config"))
    command = [str(Path(sys.executable).with_name("toguz")), "online", "export", "alice", "--out",
               str(folder / "alice.pgn"), "--replace", "--server", server_url, *more]
    started = time.perf_counter()
    with (folder / "said.txt").open("w") as said:
        done = subprocess.run([sys.executable, "-c", PEAK_OF, *command], stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=said, env=env, text=True, check=False)
    seconds = time.perf_counter() - started
    peak = int(done.stdout.split()[-1]) / (1 << 20 if sys.platform == "darwin" else 1 << 10)  # bytes on macOS
    lines = (folder / "said.txt").read_text(encoding="utf-8").splitlines()
    return seconds, peak, lines[-1] if lines else ""


def export_of_many_games(count: int) -> None:
    """The export of ``count`` games of Alice's (random legal moves, 30 to 119 plies, resigned or ended
    on the board), plain and with
    ``--mine``: the time and peak memory of each, against ``TARGET_RATIO`` and ``TARGET_PEAK``."""
    from tests.toguz_tui.online.server import FakePlayStrategy

    print(f"  toguz online export of {count:,} games (the tests' stand-in server, unpaced):")
    server = FakePlayStrategy().start()
    try:
        server.archive.per_second = 10**7
        first = datetime.date(2024, 1, 1)
        for number in range(count):  # ten games a day, going back from 2024
            day = (first - datetime.timedelta(days=number // 10)).isoformat()
            server.archive.add_played(f"G{number:07d}", day, "Alice", "Bob", seed=number, plies=30 + number % 90)
        timed = {}
        for name, more in (("plain", ()), ("--mine", ("--mine",))):
            with tempfile.TemporaryDirectory() as folder:
                seconds, peak, last = exported(server.url, Path(folder), *more)
                accounts = len(list((Path(folder) / "data" / "accounts").glob("*.json")))
            timed[name] = seconds
            print(f"    {name}: {seconds:.1f} s, peak {peak:.0f} MB, {accounts:,} accounts kept: {last}")
            if name == "--mine":
                ratio = seconds / max(0.001, timed["plain"])
                print(f"    --mine takes {ratio:.2f} times the plain export's time "
                      f"({'within' if ratio <= TARGET_RATIO else 'OVER'} the {TARGET_RATIO:g} times target), "
                      f"peak {peak:.0f} MB ({'within' if peak < TARGET_PEAK else 'OVER'} the {TARGET_PEAK} MB target)")
    finally:
        server.stop()


def fabricated(record: Record, number: int) -> kept_accounts.KeptAccount:
    """A kept account of ``record``'s game whose verdicts agree with its moves (made up, not searched: the
    reading is measured, not the analysis): every seventh move a mistake of 3 to 12 stones, White's."""
    game = record.game
    replay = Game(game.variant, game.start_position)
    verdicts = []
    for ply, pit in enumerate(game.moves):
        position = replay.position
        report = replay.play(pit)
        best = next((other for other in position.legal_moves() if other != pit), pit) if ply % 7 == 3 else pit
        cost = 3.0 + (number + ply) % 10 if best != pit else 0.0
        verdicts.append(MoveVerdict(position.to_move, pit, best, 1.0, 1.0 - cost, report.tuzdyk_made is not None, None,
                                    report.captured, False, (best,)))
    tags = tuple((name, record.tags[name]) for name in ("White", "Black", "Date") if name in record.tags)
    analysis = GameAnalysis(game_key(game), len(game.moves), tuple(verdicts), 0.0)
    return kept_accounts.KeptAccount(game, (WHITE,), analysis,
                                tags)


def answered(session: GameSession, line: str) -> float:
    """How long ``session`` took to answer ``line``, in seconds."""
    started = time.perf_counter()
    run_line(session, line)
    return time.perf_counter() - started


def looked_through(session: GameSession, command: str, ready: str) -> None:
    """``command`` in a session of its own: its first answer, the longest the session took to answer ``where 1``
    meanwhile (asked every 20 ms), and how long until it says it is ``ready`` (or None: at once)."""
    start = len(session.output.stream)
    first = answered(session, command)
    started, slowest = time.perf_counter(), 0.0
    said = session.output.stream.since(start)
    background = said and said[0].text.startswith("Looking through")
    while background and not any(ready in reply.text for reply in session.output.stream.since(start)):
        slowest = max(slowest, answered(session, "where 1"))
        time.sleep(0.02)
    total = first + (time.perf_counter() - started if background else 0.0)
    print(f"    {command}: first answer in {first:.2f} s ({'within' if first < TARGET_ANSWER else 'OVER'} the "
          f"{TARGET_ANSWER:.0f} s target); " + (f"looked through in {total:.1f} s, meanwhile every answer within "
                                                 f"{slowest * 1000:.1f} ms" if background else "nothing to read"))


def mistakes_over_kept_games(records: list[Record]) -> None:
    """``mistakes`` and ``account all`` over ``KEPT_GAMES`` kept accounts: the first time (no index: the files
    are read in the background), then as a new process finds them (from the index)."""
    with tempfile.TemporaryDirectory() as folder:
        os.environ["TOGUZ_DATA_DIR"] = folder
        kept: dict[str, int] = {}  # plies by key
        for number, record in enumerate(records):
            if len(kept) < KEPT_GAMES and game_key(record.game) not in kept:
                kept[game_key(record.game)] = len(record.moves)
                path = kept_accounts.account_path(game_key(record.game))
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(fabricated(record, number).to_json(), encoding="utf-8")
        print(f"  {len(kept):,} kept games of {statistics.mean(kept.values()):.0f} plies on average:")
        for when in ("the first time (no index yet)", "in a new process (the index read)"):
            print(f"  {when}:")
            for command, ready in (("mistakes", "looked through"), ("account all", "analysed")):
                if when.startswith("the first"):
                    account_index.index_path(kept_accounts.accounts_dir()).unlink(missing_ok=True)
                account_index._KNOWN.clear()  # as in a new process: nothing read yet
                kept_accounts._READ.clear()
                settings = Settings(opponent="human")
                session = GameSession(settings, RecordingSpeaker())
                session.start_game(GameSetup.from_settings(settings, 1))
                try:
                    looked_through(session, command, ready)
                finally:
                    session.close()


if __name__ == "__main__":
    raise SystemExit(main())
