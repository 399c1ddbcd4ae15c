"""File figures: rejecting a hostile FEN, opening a 50 MB record collection, the worst records under the
64 MB limit, and a 3 MB pasted line.

Run from the repository root: ``.venv/bin/python bench/files.py [--megabytes 50]``.

- The 54-character FEN ``500000000/9S,...`` (a run of half a billion empty pits): time and peak
  memory to reject it (targets: under 1 s and under 200 MB; before the fix it took 25 s and 7.8 GB).
- A record collection of about 13 MB (some 18,000 games, under the 20,000 games a file may hold), made
  by repeating the real games of ../shared/data: the time
  until the first words are said (the interface is free again), until the game asked for is under
  review, the progress lines said on the way, the peak memory, and a second game of the same file
  (its index kept, the file not read again for its games).
- The worst records under the limit (issue 28, item 8), each opened in a fresh process as ``open FILE``
  does, waiting for the answer: 57 MB of moves on one line, 60 MB of minimal games, and the 50 MB
  collection; the seconds until the answer and the process's peak memory (targets: under 5 s and
  300 MB; before the fix 116 s and 4.9 GB, 48 s and 2 GB, 13 s and 738 MB).
- A 3 MB pasted line (item 7) given to the line mode's reader and the command table: seconds and peak
  memory until it is answered (before the fix over 120 s).
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
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


def big_record(folder: Path, megabytes: int, name: str = "big.pgn") -> Path:
    """A record file of about ``megabytes`` MB made of the real games, repeated."""
    source = (DATA / "playok-2398.pgn").read_text(encoding="utf-8")
    path = folder / name
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
    from toguz_tui.files.settings import Settings
    from toguz_tui.session.facade import GameSession
    from toguz_tui.session.output.announcement_stream import Reply

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
    first = session.record_files.open_path(path, 1000)
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
    session.record_files.open_path(path, 2000)
    done.wait(600)
    print(f"open game 2000 of the same file: {time.perf_counter() - again:.1f} s (its index kept)")
    session.close()


def worst_records(folder: Path) -> dict[str, Path]:
    """The hostile records of issue 28, each just under the 64 MB limit."""
    one_line = folder / "one-line.pgn"
    with one_line.open("w", encoding="utf-8") as out:
        out.write('[Event "one line"]\n\n')
        out.write(" ".join(["76 76"] * (57 * 2**20 // 6)))
        out.write("\n")
    minimal = folder / "minimal.pgn"
    with minimal.open("w", encoding="utf-8") as out:
        game = '[Result "*"]\n*\n\n'
        out.write(game * (60 * 2**20 // len(game)))
    return {"57 MB on one line": one_line, "60 MB of minimal games": minimal,
            "50 MB collection": big_record(folder, 50, "collection.pgn")}


def open_in_child(path: Path) -> None:
    """(In a fresh process) open ``path`` as ``open FILE`` does, wait for the answer, and print it with
    the seconds taken and the peak memory."""
    from speech.voices import RecordingSpeaker
    from toguz_tui.files.settings import Settings
    from toguz_tui.session.facade import GameSession

    session = GameSession(Settings(opponent="human"), RecordingSpeaker(), persist=False)
    started = time.perf_counter()
    session.record_files.open_path(path, 1)
    session.opponents.wait(600)
    seconds = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    said = session.output.stream.since(0)[-1].text
    print(f"{seconds:.1f} s, process peak {peak:.0f} MB: {said[:90]!r}")
    session.close()


def pasted_line() -> tuple[float, float, str]:
    """Seconds, peak megabytes and the answer for a 3 MB line read by the line mode and run."""
    import io

    from speech.voices import RecordingSpeaker
    from toguz_tui.commands.table import run_line, too_long
    from toguz_tui.files.settings import Settings
    from toguz_tui.line.console import bounded_lines
    from toguz_tui.session.facade import GameSession

    session = GameSession(Settings(opponent="human"), RecordingSpeaker(), persist=False)
    typed = io.StringIO("7" * 3 * 2**20 + "\n")
    tracemalloc.start()
    started = time.perf_counter()
    answers = [run_line(session, line) if isinstance(line, str) else too_long(session, line)
               for line in bounded_lines(typed)]
    seconds = time.perf_counter() - started
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    session.close()
    return seconds, peak, " ".join(answer.text for answer in answers if answer is not None)


def main() -> int:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--megabytes", type=int, default=13)
    parser.add_argument("--open-in-child", type=Path, help=argparse.SUPPRESS)
    options = parser.parse_args()
    os.environ.setdefault("TOGUZ_DATA_DIR", tempfile.mkdtemp())
    os.environ.setdefault("TOGUZ_CONFIG_DIR", tempfile.mkdtemp())
    if options.open_in_child is not None:
        open_in_child(options.open_in_child)
        return 0
    seconds, peak = hostile_fen()
    verdict = "ok" if seconds < 1 and peak < 200 else "over target"
    print(f"reject the 54-character FEN of half a billion empty pits: {seconds * 1000:.2f} ms, "
          f"peak {peak:.2f} MB (targets 1 s and 200 MB: {verdict})")
    seconds, peak, answer = pasted_line()
    print(f"a 3 MB pasted line: {seconds:.3f} s, peak {peak:.1f} MB, answered {answer[:60]!r}")
    if not DATA.is_dir():
        print("open a big record: skipped (../shared/data is not here)")
        return 0
    with tempfile.TemporaryDirectory() as folder:
        open_big(big_record(Path(folder), options.megabytes))
        print("worst records under the 64 MB limit, each opened in a fresh process (targets: under 5 s and 300 MB):")
        for name, path in worst_records(Path(folder)).items():
            print(f"worst record, {name} ({path.stat().st_size / 2**20:.0f} MB): ", end="", flush=True)
            subprocess.run([sys.executable, __file__, "--open-in-child", str(path)], check=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
