"""How long things take to hear: words, and seconds of espeak-ng speech, for a typical move, the
board and the compact board at each verbosity.

Run from the repository root: ``.venv/bin/python bench/spoken.py [--rate N]``.

The position is the one after the first ten moves of a game (counts in the teens, one capture
each), heard as White against the computer, which is what a player asks for in the middle of a
game. Seconds are the length of the WAV file espeak-ng writes at toguz's default rate (180 words
a minute) unless ``--rate`` says otherwise; without espeak-ng only the words are printed.

Target (issue 11): the board at normal verbosity at most half of the 29 s it took before, 14.5 s.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import wave
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import Game, Side
from speech.voices.espeak import render
from speech.words.announce import VERBOSITIES, Announcer, Perspective
from toguz_tui.files.settings import Settings

OPENING = [7, 3, 9, 5, 2, 8, 6, 4, 1, 7]  # pits played from the start, White first
BOARD_BEFORE_S = 29.0
BOARD_TARGET_S = BOARD_BEFORE_S / 2


def seconds(text: str, folder: Path, rate: int) -> float | None:
    """The length of ``text`` spoken by espeak-ng, or None without it."""
    if shutil.which("espeak-ng") is None:
        return None
    path = render(text, folder / "said.wav", rate=rate)
    with wave.open(str(path)) as wav:
        return wav.getnframes() / wav.getframerate()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=int, default=Settings().rate, help="words a minute (default: toguz's)")
    args = parser.parse_args()
    game = Game()
    for pit in OPENING[:-1]:
        game.play(pit)
    report = game.play(OPENING[-1])
    position = game.position
    print(f"Spoken length at {args.rate} words a minute, after {len(OPENING)} moves, heard as White.")
    if shutil.which("espeak-ng") is None:
        print("espeak-ng is not installed: words only (apt-get install espeak-ng for seconds).")
    print(f"{'what':<14}{'verbosity':<11}{'words':>6}{'seconds':>9}")
    board_normal: float | None = None
    with tempfile.TemporaryDirectory() as folder:
        for verbosity in VERBOSITIES:
            say = Announcer(Perspective(you=Side.WHITE), verbosity)
            for what, text in (("move", say.move(report)), ("board", say.board(position)),
                               ("compact board", say.compact(position))):
                length = seconds(text, Path(folder), args.rate)
                if what == "board" and verbosity == "normal":
                    board_normal = length
                shown = "-" if length is None else f"{length:.1f}"
                print(f"{what:<14}{verbosity:<11}{len(text.split()):>6}{shown:>9}")
    if board_normal is not None:
        verdict = "met" if board_normal <= BOARD_TARGET_S else "MISSED"
        print(f"The normal board: {board_normal:.1f} s; target at most {BOARD_TARGET_S:.1f} s "
              f"(half of {BOARD_BEFORE_S:.0f} s before): {verdict}.")


if __name__ == "__main__":
    main()
