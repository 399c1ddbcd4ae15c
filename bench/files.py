"""File figures: rejecting a hostile FEN, and opening a 50 MB record collection.

Run from the repository root: ``.venv/bin/python bench/files.py [--megabytes 50]``.

- The 54-character FEN ``500000000/9S,...`` (a run of half a billion empty pits): time and peak
  memory to reject it (targets: under 1 s and under 200 MB; before the fix it took 25 s and 7.8 GB).
- A record collection of about 50 MB, made by repeating the real games of ../shared/data: the time
  until the first words are said (the interface is free again), until the game asked for is under
  review, the progress lines said on the way, the peak memory, and a second game of the same file
  (its index kept, the file not read again for its games).
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import threading
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import NotationError, Position

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
HOSTILE = "500000000/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1"


def hostile_fen() -> tuple[float, float]:
    """Seconds and peak megabytes to reject the hostile FEN."""
    tracemalloc.start()
    started = time.perf_counter()
    try:
        Position.from_fen(HOSTILE)
    except NotationError:
        pass
    else:
        raise SystemExit("the hostile FEN was accepted")
    seconds = time.perf_counter() - started
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    return seconds, peak


def big_record(folder: Path, megabytes: int) -> Path:
    """A record file of about ``megabytes`` MB made of the real games, repeated."""
    source = (DATA / "playok-2398.pgn").read_text(encoding="utf-8")
    path = folder / "big.pgn"
    with path.open("w", encoding="utf-8") as out:
        written = 0
        while written < megabytes * 2**20:
            out.write(source)
            out.write("\n")
            written += len(source) + 1
    return path


def open_big(path: Path) -> None:
    """Open the big file through a session as the board does, and print what happens when."""
    from speech.voices import RecordingSpeaker
    from toguz_tui.commands import records as files
    from toguz_tui.files.settings import Settings
    from toguz_tui.session.facade import GameSession
    from toguz_tui.session.stream import Reply

    events: list[tuple[float, Reply]] = []
    done = threading.Event()
    started = time.perf_counter()
    session = GameSession(Settings(opponent="human"), RecordingSpeaker(), persist=False)
    stream = session.output.stream

    def heard() -> None:  # each announcement, as the board is woken for it
        reply = stream.since(len(stream) - 1)[0]
        events.append((time.perf_counter() - started, reply))
        if reply.text.startswith(("Game ", "Could not")):
            done.set()

    stream.listen(heard)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    first = files.open_path(session, path, 1000)
    at_once = time.perf_counter() - started
    done.wait(600)
    review = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    progress = [reply.text for _, reply in events if reply.text.startswith("Read ")]
    print(f"open {path.stat().st_size / 2**20:.0f} MB record: first words after {at_once * 1000:.0f} ms "
          f"({first.text!r}); game 1000 under review after {review:.1f} s; {len(progress)} progress lines; "
          f"process peak {peak:.0f} MB (was {before:.0f} MB before)")
    again = time.perf_counter()
    events.clear()
    done.clear()
    files.open_path(session, path, 2000)
    done.wait(600)
    print(f"open game 2000 of the same file: {time.perf_counter() - again:.1f} s (its index kept)")
    session.close()


def main() -> int:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--megabytes", type=int, default=50)
    options = parser.parse_args()
    seconds, peak = hostile_fen()
    verdict = "ok" if seconds < 1 and peak < 200 else "over target"
    print(f"reject the 54-character FEN of half a billion empty pits: {seconds * 1000:.2f} ms, "
          f"peak {peak:.2f} MB (targets 1 s and 200 MB: {verdict})")
    if not DATA.is_dir():
        print("open a big record: skipped (../shared/data is not here)")
        return 0
    os.environ.setdefault("TOGUZ_DATA_DIR", tempfile.mkdtemp())
    os.environ.setdefault("TOGUZ_CONFIG_DIR", tempfile.mkdtemp())
    with tempfile.TemporaryDirectory() as folder:
        open_big(big_record(Path(folder), options.megabytes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
