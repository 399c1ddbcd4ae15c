"""How long the board takes to hear, measured on what espeak-ng really says (a WAV file), not on
the number of characters: the normal board in the middle of a game is at most half of the 29 s
that saying each pit took (issue 11), and the compact board is shorter still."""

from __future__ import annotations

import wave
from pathlib import Path

from rules import Game, Position, Side
from speech.voices.espeak import render
from speech.words.announce import Announcer, Perspective
from speech.words.naming import VERBOSITIES
from tests.needs import need_program

RATE = 180  # toguz's default rate, in words a minute


def middle_game() -> Position:
    game = Game()
    for pit in (7, 3, 9, 5, 2, 8, 6, 4, 1, 7):  # counts in the teens, a tuzdyk on Black's row
        game.play(pit)
    return game.position


def seconds(text: str, folder: Path) -> float:
    need_program("espeak-ng")
    with wave.open(str(render(text, folder / "said.wav", rate=RATE)), "rb") as wav:
        return wav.getnframes() / wav.getframerate()


def test_the_board_takes_at_most_half_of_what_it_did(tmp_path: Path) -> None:
    say = Announcer(Perspective(you=Side.WHITE), "normal")
    board = say.board(middle_game())
    assert "tuzdyk" in board and "Your row from pit 1:" in board
    assert seconds(board, tmp_path) <= 29 / 2


def test_the_compact_board_is_shorter_than_the_board_at_every_verbosity(tmp_path: Path) -> None:
    position = middle_game()
    for verbosity in VERBOSITIES:
        say = Announcer(Perspective(you=Side.WHITE), verbosity)
        assert seconds(say.compact(position), tmp_path) < seconds(say.board(position), tmp_path), verbosity
