"""analyse (a) and line (L): the engine's view of every move and the line it expects, in words a
player uses, written and spoken, for the game or the position reviewed."""

from __future__ import annotations

import functools
import re
import threading
from typing import Any

import pytest

from rules import Position
from rules.engine import Engine
from rules.move import play_move
from speech.words.announce import Announcer
from speech.words.naming import Perspective
from tests.toguz_tui.board.test_app_support import SIZE, MakeApp, make_app, said, screen_of, settle
from tests.toguz_tui.conftest import MakeSession, spoken
from toguz_tui.board.widgets.board import score_mark
from toguz_tui.commands.table import run_line
from toguz_tui.session.facade import GameSession

__all__ = ["make_app"]  # a fixture

# White to move: pits 7 and 8 win by force on White's fifth move, pit 9 loses on Black's sixth.
ENDING = "3S,1S,7/6,1S,1S,1S 78 77 S 40"


@pytest.fixture
def make_session(make_session: MakeSession) -> MakeSession:
    """Sessions whose engines are reproducible: level 8 searches for all the time it is given; here it keeps
    to its node budget, so that the session's answer and the test's own search find the same."""
    return functools.partial(make_session, engines=functools.partial(Engine, reproducible=True))


def answer(session: GameSession, command: str) -> tuple[str, str]:
    """What ``command`` says at once, and what it says when the engine has answered."""
    first = run_line(session, command)
    assert first is not None
    session.opponents.wait(60)
    return first.text, session.output.stream.said[-1].text


def test_analyse_says_every_pit_once_best_first_with_the_engines_scores(make_session: MakeSession) -> None:
    session = make_session(opponent="computer")
    at_once, later = answer(session, "analyse")
    assert at_once == "Analysing every move."
    assert later.startswith("Your moves, best first: pit ")
    assert spoken(session)[-1] == later
    said = [int(pit) for pit in re.findall(r"pit (\d+)", later)]
    assert sorted(said) == list(range(1, 10))
    scores = Engine(8, seed=session.setup.seed, reproducible=True).analyse(session.game.position, time_limit=5.0)
    assert said == [item.pit for item in scores]
    for item in scores:
        count = round(abs(item.score))
        if count == 0:
            words = f"pit {item.pit} keeps it about even"
        else:
            words = f"pit {item.pit}: about {count} stone{'s' if count != 1 else ''} " \
                    f"{'ahead' if item.score > 0 else 'behind'}"
        assert words in later


def test_a_forced_win_or_loss_is_said_in_moves(make_session: MakeSession) -> None:
    session = make_session(opponent="computer")
    run_line(session, f'fen "{ENDING}"')
    _, later = answer(session, "a")
    assert later == ("Your moves, best first: pit 7 wins by force in 5 moves; pit 8 wins by force in 5 moves; "
                     "pit 9 loses by force in 6 moves.")


def test_the_expected_line_starts_with_the_best_pit_and_can_be_played(make_session: MakeSession) -> None:
    session = make_session(opponent="computer")
    at_once, later = answer(session, "line")
    assert at_once == "Looking for the best line."
    assert later.startswith("Expected line: your pit ")
    assert spoken(session)[-1] == later
    moves = re.findall(r"(your|the computer's) pit (\d+)", later)
    assert [owner for owner, _ in moves] == ["your", "the computer's"] * 4
    assert len(moves) == 8
    best = Engine(8, seed=session.setup.seed, reproducible=True).analyse(session.game.position, time_limit=5.0)[0].pit
    assert int(moves[0][1]) == best
    position = session.game.position
    for _, pit in moves:
        position, _report = play_move(position, int(pit))  # every move of the line is legal in turn


def test_analyse_waits_for_the_players_turn_against_the_computer(make_session: MakeSession) -> None:
    may_move = threading.Event()

    class SlowEngine(Engine):
        """The engine, holding its move until the test lets it move."""

        def choose(self, *args: Any, **kwargs: Any) -> Any:
            may_move.wait(30)
            return super().choose(*args, **kwargs)

    session = make_session(opponent="computer", colour="black", engines=functools.partial(SlowEngine,
                                                                                          reproducible=True))
    reply = run_line(session, "analyse")
    assert reply is not None and reply.text == "Wait: it is the computer's turn."
    may_move.set()
    session.opponents.wait(60)
    _, later = answer(session, "analyse")
    assert later.startswith("Your moves, best first: ")


def test_in_a_review_analyse_speaks_for_the_side_to_move_there(make_session: MakeSession) -> None:
    session = make_session()
    for pit in (7, 3, 5):
        run_line(session, str(pit))
    run_line(session, "review")
    run_line(session, "end")
    _, later = answer(session, "analyse")
    assert later.startswith("Black's moves, best first: ")
    position = Position.start()
    for pit in (7, 3, 5):
        position, _report = play_move(position, pit)
    assert sorted(int(pit) for pit in re.findall(r"pit (\d+)", later)) == position.legal_moves()


def test_the_words_of_an_analysis_at_each_verbosity() -> None:
    position = Position.start()
    scores = [(3, 6.4, None, None), (5, 0.4, None, None), (1, -1.0, None, None), (9, 9990.0, 9, 1),
              (2, -9992.0, 8, -1)]
    full = Announcer(Perspective(you=position.to_move), "full").analysis(position, scores)
    assert full == ("Your moves, best first: pit 3: about 6 stones ahead; pit 5 keeps it about even; "
                    "pit 1: about 1 stone behind; pit 9 wins by force in 5 moves; pit 2 loses by force in 4 moves.")
    brief = Announcer(Perspective(you=position.to_move), "brief").analysis(position, scores)
    assert brief == "Analysis: 3 +6, 5 even, 1 -1, 9 wins in 5, 2 loses in 4."
    # An ending solved to its end: the result without its length where the search did not count it.
    solved = [(4, 3.2, None, 1), (6, 0.0, None, 0), (7, 1.5, None, -1)]
    full = Announcer(Perspective(you=position.to_move), "full").analysis(position, solved)
    assert full == "Your moves, best first: pit 4 wins by force; pit 6 draws by force; pit 7 loses by force."
    brief = Announcer(Perspective(you=position.to_move), "brief").analysis(position, solved)
    assert brief == "Analysis: 4 wins, 6 draws, 7 loses."
    assert [score_mark(score, plies, result) for _, score, plies, result in solved] == ["win", "draw", "loss"]
    two_players = Announcer(Perspective(), "normal").analysis(position, scores[:1])
    assert two_players == "White's moves, best first: pit 3: about 6 stones ahead."


async def test_after_a_the_board_shows_each_pits_score_until_a_move_is_played(make_app: MakeApp) -> None:
    app = make_app(opponent="computer")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        assert "Analysing every move." in screen_of(app).panel.texts
        await settle(pilot, app)
        assert said(app)[-1].startswith("Your moves, best first: pit ")
        analysis = app.session.advisor.analysis
        assert analysis is not None
        bottom = screen_of(app).board.describe().split("\n")[1]
        for pit, score, plies, solved in analysis[1]:
            mark = score_mark(score, plies, solved)
            assert f"pit {pit} 9 {mark}" in bottom, (pit, mark, bottom)
        await pilot.press("7", "enter")
        await settle(pilot, app)
        bottom = screen_of(app).board.describe().split("\n")[1]
        assert not re.search(r" [+-]\d+ ?(\||$)", bottom), bottom  # the marks went with the position


def test_a_score_fits_under_its_pit_in_words_not_colour() -> None:
    assert [score_mark(6.4, None), score_mark(-2.0, None), score_mark(0.3, None)] == ["+6", "-2", "="]
    assert [score_mark(9990.0, 9), score_mark(-9990.0, 12)] == ["win5", "loss6"]
