"""Build the puzzles of ``toguz puzzles``, ``toguz_tui/training/puzzles.json``, from the real games of
``../shared/data``, and print how long it took and how many puzzles of each theme it found.

A position (before a move of a game) becomes a puzzle when one move is clearly best: the engine's
score for it at a fixed depth (``DEPTH`` plies, level 8's search, no book) is at least ``MARGIN``
stones ahead of the second best move's, and what the move does has a name:

- ``ending``: it wins the ending (a proven win at that depth, where no other move proves one);
- ``tuzdyk``: it makes a tuzdyk;
- ``capture``: it captures (by the even rule);
- ``defence``: it captures nothing, but saves a pile: before it, the opponent could capture at
  least ``PILE`` stones at once; after it, at most half as many.

Positions with another best move (a quiet plan) are left out. Each puzzle has a difficulty: 1 when the
move is also the one that takes most at once (alone), 2 when a two-ply search already finds it, 3
otherwise; and a rating for the puzzle ratings of the players (``RATINGS``). For every legal move the
file also keeps the opponent's best reply (the search one ply less deep), for the verdict's words.

The master games come first; the PlayOK games are read only while fewer than ``--least`` puzzles
were found. At most ``--most`` puzzles are kept, spread over the themes. Run from the repository
root (some minutes on two cores):

    .venv/bin/python tools/build_puzzles.py [--data ../shared/data] [--check]

``--check`` builds and compares with the shipped file instead of writing it.
``tests/toguz_tui/training/test_puzzles.py`` replays every puzzle with the rules and the engine.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules import TOGUZ, Game, Position, read_record_file  # noqa: E402 - after the path is set
from rules.engine import Engine, is_proven  # noqa: E402
from rules.move import play_move  # noqa: E402
from toguz_tui.training.puzzles import (  # noqa: E402
    DEPTH,
    MARGIN,
    PILE,
    PUZZLE_FILE,
    RATINGS,
    best_gain,
    immediate_gain,
    most_threatened,
)

FILES = ("kazakh-masters-742.pgn", "playok-2398.pgn")
FIRST_PLY = 4  # the opening's first moves are left to the book
ORDER = ("ending", "tuzdyk", "capture", "defence")


def theme_of(position: Position, pit: int, scores: dict[int, float]) -> str | None:
    """The theme of the best move ``pit`` (see the module's text), or None for a quiet move."""
    after, report = play_move(position, pit)
    best = scores[pit]
    if is_proven(best) and best > 0 and not any(is_proven(score) and score > 0
                                                 for move, score in scores.items() if move != pit):
        return "ending"
    if report.tuzdyk_made is not None:
        return "tuzdyk"
    if report.captured:
        return "capture"
    before = most_threatened(position)
    if before >= PILE and report.outcome is None and best_gain(after) * 2 <= before:
        return "defence"
    return None


def difficulty_of(position: Position, pit: int, engine: Engine) -> int:
    """1 when ``pit`` alone takes most at once, 2 when a two-ply search finds it, else 3."""
    gains = {move: immediate_gain(position, move) for move in position.legal_moves()}
    top = max(gains.values())
    if top > 0 and gains[pit] == top and list(gains.values()).count(top) == 1:
        return 1
    shallow = engine.analyse(position, depth=2)
    if shallow[0].pit == pit and (len(shallow) == 1 or shallow[1].score < shallow[0].score):
        return 2
    return 3


def puzzle_at(position: Position, engine: Engine, source: str) -> dict[str, Any] | None:
    """The puzzle in ``position``, or None where no move is clearly best."""
    if len(position.legal_moves()) < 2:
        return None
    quick = engine.analyse(position, depth=DEPTH - 2)
    if quick[0].score - quick[1].score < MARGIN / 2 and not is_proven(quick[0].score):
        return None  # the cheap search sees no clear best: the deep one rarely does
    ranked = engine.analyse(position, depth=DEPTH)
    best, second = ranked[0], ranked[1]
    if best.score - second.score < MARGIN:
        return None
    scores = {item.pit: item.score for item in ranked}
    theme = theme_of(position, best.pit, scores)
    if theme is None:
        return None
    replies: dict[str, int] = {}
    for move in position.legal_moves():
        after, report = play_move(position, move)
        if report.outcome is None:
            replies[str(move)] = engine.analyse(after, depth=DEPTH - 1)[0].pit
    difficulty = difficulty_of(position, best.pit, engine)
    margin = best.score - second.score
    return {"fen": position.fen(), "answer": best.pit, "theme": theme, "difficulty": difficulty,
            "rating": RATINGS[difficulty], "margin": round(min(margin, 99.0), 1), "replies": replies,
            "source": source}


def source_of(tags: dict[str, str], number: int, file: str) -> str:
    """Where a game comes from, in a few words: its players and its event (or its number in the file)."""
    white, black = tags.get("White", "?"), tags.get("Black", "?")
    event = tags.get("Event") or f"{file}, game {number}"
    return f"{white} - {black}, {event}"[:120]


def puzzles_of_game(job: tuple[str, int]) -> list[dict[str, Any]]:
    """Every puzzle of one game (``job``: the path of the file and the game's index in it)."""
    path, index = job
    record = _records(path)[index]
    engine = Engine(level=8, book=False)
    game = Game(record.variant)
    found = []
    source = source_of(dict(record.tags), index + 1, Path(path).name)
    for ply, pit in enumerate(record.moves):
        if ply >= FIRST_PLY and game.position.variant == TOGUZ:
            puzzle = puzzle_at(game.position, engine, source)
            if puzzle is not None:
                found.append(puzzle)
        game.play(pit)
    return found


_CACHE: dict[str, Any] = {}


def _records(path: str) -> Any:
    if path not in _CACHE:
        _CACHE[path] = read_record_file(path)
    return _CACHE[path]


def choose(found: list[dict[str, Any]], most: int) -> list[dict[str, Any]]:
    """At most ``most`` puzzles, one per position, spread over the themes (the rarer themes whole)."""
    seen: set[str] = set()
    by_theme: dict[str, list[dict[str, Any]]] = {theme: [] for theme in ORDER}
    for puzzle in found:
        key = puzzle["fen"].rsplit(" ", 1)[0]
        if key not in seen:
            seen.add(key)
            by_theme[puzzle["theme"]].append(puzzle)
    kept: list[dict[str, Any]] = []
    themes = sorted(ORDER, key=lambda theme: len(by_theme[theme]))
    for place, theme in enumerate(themes):
        share = (most - len(kept)) // (len(themes) - place)
        kept.extend(spread(by_theme[theme])[:share])
    return sorted(kept, key=lambda puzzle: (puzzle["difficulty"], ORDER.index(puzzle["theme"]), puzzle["fen"]))


def spread(puzzles: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The puzzles in turns by difficulty (one of each in turn), so that a share taken from the front
    holds hard ones as well as easy ones."""
    levels = [[puzzle for puzzle in puzzles if puzzle["difficulty"] == level] for level in sorted(RATINGS)]
    turns = [level[index] for index in range(max(map(len, levels))) for level in levels if index < len(level)]
    return turns


def build(data: Path, least: int, most: int, workers: int) -> tuple[dict[str, Any], int]:
    """The puzzle file's content, and how many positions were searched."""
    found: list[dict[str, Any]] = []
    searched = 0
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for name in FILES:
            path = str(data / name)
            records = _records(path)
            jobs = [(path, index) for index in range(len(records))]
            searched += sum(max(0, len(record.moves) - FIRST_PLY) for record in records)
            for puzzles in pool.map(puzzles_of_game, jobs, chunksize=8):
                found.extend(puzzles)
            if len({puzzle["fen"] for puzzle in found}) >= least:
                break
    kept = choose(found, most)
    for number, puzzle in enumerate(kept, 1):
        puzzle["number"] = number
    head = {"depth": DEPTH, "margin": MARGIN, "pile": PILE,
            "source": "../shared/data: " + ", ".join(FILES) + "; built by tools/build_puzzles.py"}
    return {**head, "puzzles": kept}, searched


def as_text(content: dict[str, Any]) -> str:
    """The file as JSON, one puzzle a line."""
    head = {key: value for key, value in content.items() if key != "puzzles"}
    lines = [json.dumps(puzzle, ensure_ascii=False, separators=(",", ":")) for puzzle in content["puzzles"]]
    return json.dumps(head, ensure_ascii=False)[:-1] + ', "puzzles": [\n' + ",\n".join(lines) + "\n]}\n"


def main() -> int:
    """Build the puzzles, print the figures, and write the file (or compare with it: ``--check``)."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    parser.add_argument("--least", type=int, default=900, help="read the PlayOK games while fewer were found")
    parser.add_argument("--most", type=int, default=800, help="keep at most this many puzzles")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--check", action="store_true", help="compare with the shipped file, write nothing")
    options = parser.parse_args()
    started = time.perf_counter()
    content, searched = build(options.data, options.least, options.most, options.workers)
    seconds = time.perf_counter() - started
    puzzles = content["puzzles"]
    themes = Counter(puzzle["theme"] for puzzle in puzzles)
    levels = Counter(puzzle["difficulty"] for puzzle in puzzles)
    print(f"built {len(puzzles)} puzzles from {searched:,} positions in {seconds:.1f} s "
          f"(depth {DEPTH}, margin {MARGIN} stones, {options.workers} workers)")
    print("themes: " + ", ".join(f"{theme} {themes[theme]}" for theme in ORDER))
    print("difficulty: " + ", ".join(f"{level}: {levels[level]}" for level in sorted(levels)))
    text = as_text(content)
    if options.check:
        same = PUZZLE_FILE.exists() and PUZZLE_FILE.read_text(encoding="utf-8") == text
        print("the shipped file is " + ("up to date" if same else "stale: run without --check"))
        return 0 if same else 1
    PUZZLE_FILE.write_text(text, encoding="utf-8")
    print(f"{PUZZLE_FILE.relative_to(ROOT)}: {PUZZLE_FILE.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
