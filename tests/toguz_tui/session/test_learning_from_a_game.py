"""Issue 30's first check, as a player meets it: a whole game against level 1 in the line mode, then
``account`` names the largest mistake with the better pit and the stones it cost, as the engine finds
them, and ``mistakes`` offers it as a puzzle that refuses the played pit and accepts the better one."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules import WHITE
from rules.engine.game_analysis import analyse_game
from rules.records import read_record_file
from tests.toguz_tui.line.line_player import LinePlayer


@pytest.mark.slow
def test_a_game_against_level_1_gives_its_account_with_the_largest_mistake(tmp_path: Path) -> None:
    player = LinePlayer(tmp_path, ["--line", "--speech", "off", "--level", "1", "--seed", "3", "--new",
                                   "--verbosity", "brief"], timeout=120.0)
    player.hear("New game")
    tries = "".join(f"{pit}\n" for _ in range(120) for pit in (9, 8, 7, 6, 5, 4, 3, 2, 1))
    for line in tries.splitlines():
        player.type(line)
    player.hear("The game is kept in", timeout=300, anywhere=True)
    player.type("verbosity normal")
    record = next((tmp_path / "data" / "games").glob("*.pgn"))
    game = read_record_file(record)[0].game
    expected = analyse_game(game)  # the program's budget, so the same verdicts
    ply, worst = expected.worst(WHITE, 1)[0]
    number = game.reports[ply].move_number
    player.type("account")
    player.hear("Analysing the game's ")
    account = player.hear("The account of the game.", timeout=240)
    if worst.missed_win:
        said = f"Move {number}: your pit {worst.pit} let a won game go; pit {worst.best} won by force."
    elif worst.walked_into_loss:
        said = f"Move {number}: your pit {worst.pit} lost the game by force; pit {worst.best} did not."
    else:
        said = f"Move {number}: your pit {worst.pit} gave up {round(worst.cost)} stones; pit {worst.best} "
    assert said in account, account
    assert account.index(said) < account.index("The computer's"), "your worst move comes first"
    player.type("account")
    assert player.hear("The account of the game.", timeout=5) == account  # kept: at once
    player.type("mistakes")
    puzzle = player.hear("Mistake 1 of ", timeout=10)
    assert f", move {number}: you play White." in puzzle, puzzle
    assert f"You played pit {worst.pit} there and " in puzzle, puzzle
    player.type(str(worst.pit))
    assert player.hear("That is the move you played in the game", timeout=10)
    player.type(str(worst.near[0] if worst.near else worst.best))
    assert player.hear("Right", timeout=10)
    code, errors = player.quit()
    assert code == 0 and errors == ""
