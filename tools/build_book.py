"""Build the engine's opening book, ``rules/engine/book.json``, from the master games of
``../shared/data/kazakh-masters-742.pgn`` (Kazakh federation events, 2016 and 2018).

Every game is replayed for its first ``--plies`` plies (20 unless told). A position reached in at
least two games is kept, with every move played from it there: how many games played it and the
points they brought the side that played it (1 a win, 0.5 a draw, 0 a loss). Games without a result
count for how often a move was played, not for its points. Positions are keyed by their FEN
without the move number. Run from the repository root:

    .venv/bin/python tools/build_book.py [--plies 20] [--data ../shared/data]

The file it writes is what toguz ships; ``tests/rules/test_book.py`` rebuilds it and checks that
it has not drifted from the games.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules import Game, Side, read_record_file  # noqa: E402 - after the path is set
from rules.engine.book import BOOK_FILE, position_key  # noqa: E402

MASTERS = "kazakh-masters-742.pgn"
POINTS = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "1/2-1/2": (0.5, 0.5)}


def build(data: Path, plies: int) -> dict[str, object]:
    """The book as the JSON object ``rules.engine.book`` reads."""
    records = read_record_file(data / MASTERS)
    seen: dict[str, int] = defaultdict(int)
    moves: dict[str, dict[int, list[float]]] = defaultdict(lambda: defaultdict(lambda: [0, 0.0, 0]))
    for record in records:
        points = POINTS.get(record.result)
        game = Game(record.variant)
        for pit in record.moves[:plies]:
            key = position_key(game.position)
            seen[key] += 1
            entry = moves[key][pit]
            entry[0] += 1
            if points is not None:
                entry[1] += points[0 if game.position.to_move is Side.WHITE else 1]
                entry[2] += 1
            game.play(pit)
    positions = {
        key: {str(pit): [int(played), round(won, 1), int(scored)]
              for pit, (played, won, scored) in sorted(found.items())}
        for key, found in sorted(moves.items()) if seen[key] >= 2
    }
    return {
        "source": f"{MASTERS}: {len(records)} games, the first {plies} plies; positions reached in two games "
                  "or more; each move: [games that played it, points it brought the side that played it, "
                  "games with a result]",
        "plies": plies,
        "positions": positions,
    }


def as_text(book: dict[str, object]) -> str:
    """The book as JSON, one position a line (a change to the book reads as a change to its lines)."""
    positions = book["positions"]
    assert isinstance(positions, dict)
    lines = [f"{json.dumps(key)}: {json.dumps(moves, separators=(',', ':'))}" for key, moves in positions.items()]
    head = {key: value for key, value in book.items() if key != "positions"}
    return (json.dumps(head, ensure_ascii=False)[:-1] + ', "positions": {\n' + ",\n".join(lines) + "\n}}\n")


def main() -> None:
    """Build the book and write it."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--plies", type=int, default=20)
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    options = parser.parse_args()
    book = build(options.data, options.plies)
    BOOK_FILE.write_text(as_text(book), encoding="utf-8")
    positions = book["positions"]
    assert isinstance(positions, dict)
    print(f"{BOOK_FILE.relative_to(ROOT)}: {len(positions)} positions, "
          f"{sum(len(found) for found in positions.values())} moves, {BOOK_FILE.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
