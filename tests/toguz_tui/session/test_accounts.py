"""The account of a game, as a player meets it: asked for after a game or in a review, analysed in the
background, said when done, kept so that the second time is instant, stopped and resumed."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from rules import BLACK, WHITE, Game
from rules.engine.game_analysis import GameAnalysis, MoveVerdict, analyse_game, game_key
from rules.records import read_record_file
from speech.sounds import cues
from speech.sounds.player import RecordingPlayer
from speech.voices import RecordingSpeaker
from speech.words.account import AccountWords
from speech.words.announce import Announcer, Perspective
from tests.needs import SHARED_DATA, need_shared_data
from tests.toguz_tui.conftest import Heard, MakeSession
from tests.waiting import until
from toguz_tui.commands.table import run_line
from toguz_tui.files import kept_accounts
from toguz_tui.files.settings import Settings
from toguz_tui.session.facade import GameSession
from toguz_tui.session.setup import GameSetup
from toguz_tui.session.thinker import Thinker

NODES = 3000  # a small budget: the same verdicts each time, quickly


def account_said(heard: Heard) -> Callable[[], bool]:
    return lambda: any(reply.text.startswith(("The account of the game.", "Account:")) for reply in heard)


def the_account(heard: Heard) -> str:
    return next(reply.text for reply in heard if reply.text.startswith(("The account of the game.", "Account:")))


def played_out(session: GameSession, pits: int = 400) -> None:
    """Two people play the first legal pit until the game ends."""
    while not session.game.is_over and pits:
        session.play(session.game.legal_moves()[0])
        pits -= 1


def finished(make_session: MakeSession, nodes: int = NODES, **settings: object) -> GameSession:
    """A session whose game two people played out, its analyses at ``nodes`` a position."""
    session = make_session(**settings)
    played_out(session)
    session.accounts.nodes = nodes
    return session


def masters_game(number: int = 100) -> Game:
    need_shared_data()
    return read_record_file(SHARED_DATA / "kazakh-masters-742.pgn")[number - 1].game


def test_the_account_of_a_finished_game_names_each_sides_worst_move_as_the_engine_finds_it(
        make_session: MakeSession) -> None:
    session = finished(make_session)
    heard = Heard(session)
    first = run_line(session, "account")
    assert first is not None and first.text.startswith("Analysing the game's ")
    until(account_said(heard), 60)
    text = the_account(heard)
    expected = analyse_game(session.game, nodes=NODES)
    for side in (WHITE, BLACK):
        worst = expected.worst(side, 1)
        if worst:
            ply, verdict = worst[0]
            number = session.game.reports[ply].move_number
            name = "White" if side == WHITE else "Black"
            assert f"Move {number}: {name}'s pit {verdict.pit} gave up {round(verdict.cost)} stones; pit " \
                   f"{verdict.best}" in text or f"Move {number}: {name}'s pit {verdict.pit} let a won game go" in text
    assert "play: " in text and "stones a move given up against the engine's best" in text


def test_a_record_in_review_gives_its_account_and_the_second_time_it_is_instant(
        make_session: MakeSession, tmp_path: Path) -> None:
    need_shared_data()
    session = make_session()
    session.accounts.nodes = NODES
    run_line(session, f"open {SHARED_DATA / 'kazakh-masters-742.pgn'} 100")
    heard = Heard(session)
    run_line(session, "account")
    until(account_said(heard), 60)
    text = the_account(heard)
    assert "After move " in text and "White's play: " in text and "Black's play: " in text
    kept = list((tmp_path / "data" / "accounts").glob("*.json"))
    assert len(kept) == 1
    # a new session, the same record: said at once, from what was kept
    again = make_session()
    again.accounts.nodes = NODES
    run_line(again, f"open {SHARED_DATA / 'kazakh-masters-742.pgn'} 100")
    heard = Heard(again)
    started = time.monotonic()
    reply = run_line(again, "account")
    assert time.monotonic() - started < 1.0
    assert reply is not None and reply.text == text
    assert again.accounts._job is None  # nothing analysed again


def test_the_brief_account_is_braille_lines_of_at_most_40_cells(make_session: MakeSession) -> None:
    session = finished(make_session, verbosity="brief")
    heard = Heard(session)
    run_line(session, "account")
    until(account_said(heard), 60)
    lines = the_account(heard).split("\n")
    assert lines[0].startswith("Account:") and len(lines) >= 3
    assert all(len(line) <= 40 for line in lines), lines


def test_an_analysis_is_stopped_kept_and_goes_on_from_where_it_stopped(make_session: MakeSession,
                                                                       tmp_path: Path) -> None:
    game = masters_game()
    session = make_session()
    session.accounts.nodes = 200_000  # slow enough to be stopped half-way
    run_line(session, f"open {SHARED_DATA / 'kazakh-masters-742.pgn'} 100")
    run_line(session, "account")
    until(lambda: session.accounts._job is not None and len(session.accounts._job.analysis.verdicts) >= 3, 60)
    reply = run_line(session, "account stop")
    assert reply is not None and reply.text.startswith("Analysis stopped at ")
    assert reply.text.endswith("% of the game; type account to go on from there.")
    kept = kept_accounts.load_account(game_key(game))
    assert kept is not None and len(kept.analysis.verdicts) >= 3 and not kept.analysis.complete
    assert reply.text == f"Analysis stopped at {len(kept.analysis.verdicts) * 100 // len(game.moves)}% of the game; " \
                         "type account to go on from there."
    assert run_line(session, "account stop").text == "No analysis is under way."  # type: ignore[union-attr]
    heard = Heard(session)
    reply = run_line(session, "account")
    assert reply is not None
    left = len(game.moves) - len(kept.analysis.verdicts)
    assert reply.text.startswith("Analysing the game's ")
    until(account_said(heard), 60)
    final = kept_accounts.load_account(game_key(game))
    assert final is not None and final.analysis.complete
    assert final.analysis.verdicts[:len(kept.analysis.verdicts)] == kept.analysis.verdicts  # went on, not again
    assert left > 0


def test_the_account_waits_for_the_end_of_the_game_and_is_refused_in_a_puzzle(make_session: MakeSession) -> None:
    session = make_session()
    reply = run_line(session, "account")
    assert reply is not None and reply.kind == "error"
    assert reply.text == "No move has been played in this game: the account comes when a game is over."
    session.play(7)
    reply = run_line(session, "account")
    assert reply is not None and reply.text == ("The account comes when the game is over: type review to look back "
                                                "at it now.")
    run_line(session, "puzzle 1")
    reply = run_line(session, "account")
    assert reply is not None and reply.text == "Close the lesson or the puzzles first: the account is of a game."
    reply = run_line(session, "account now")
    assert reply is not None and reply.text == "Account needs: account, account all, or account stop."


def test_a_broken_kept_account_is_analysed_again(make_session: MakeSession, tmp_path: Path) -> None:
    session = make_session()
    played_out(session)
    folder = tmp_path / "data" / "accounts"
    assert (folder / f"{game_key(session.game)}.json").is_file(), "kept, waiting for its account, at the end"
    (folder / f"{game_key(session.game)}.json").write_text('{"format": 1, "record": 7}')
    session.accounts.nodes = NODES
    heard = Heard(session)
    assert run_line(session, "account").text.startswith("Analysing")  # type: ignore[union-attr]
    until(account_said(heard), 60)
    assert kept_accounts.load_account(game_key(session.game)) is not None


@pytest.mark.parametrize("broken", [
    "not json", "[]", '{"format": 2}', '{"format": 1, "record": "", "yours": [], "analysis": {}}',
    "[" * 100_000,
])
def test_kept_accounts_that_are_not_sound_are_read_as_none(tmp_path: Path, broken: str) -> None:
    folder = tmp_path / "data" / "accounts"
    folder.mkdir(parents=True)
    key = "0" * 32
    (folder / f"{key}.json").write_text(broken)
    assert kept_accounts.load_account(key) is None
    assert list(kept_accounts.kept_accounts()) == []


def test_a_kept_analysis_whose_numbers_are_out_of_bounds_is_refused() -> None:
    game = Game()
    game.play(7)
    analysis = GameAnalysis(game_key(game), 1, (MoveVerdict(WHITE, 7, 7, 1.0, 1.0, False, None, 10, True, (7,)),),
                            0.5)
    data = analysis.to_data()
    assert GameAnalysis.from_data(json.loads(json.dumps(data))) == analysis
    for field, value in (("plies", 10**9), ("final", 1e300), ("key", "x" * 32)):
        with pytest.raises(ValueError):
            GameAnalysis.from_data({**data, field: value})
    row = data["verdicts"][0]
    wrong: tuple[tuple[int, object], ...] = ((1, 99), (3, float("inf")), (7, -1), (9, [1] * 20))
    for index, off in wrong:
        bad: list[object] = list(row)
        bad[index] = off
        with pytest.raises(ValueError):
            GameAnalysis.from_data({**data, "verdicts": [bad]})


def test_the_account_speaks_to_you_against_the_computer() -> None:
    game = Game()
    for pit in (7, 5, 1):
        game.play(pit)
    analysis = GameAnalysis(game_key(game), 3, (
        MoveVerdict(WHITE, 7, 7, 1.0, 1.0, False, None, 10, True, (7,)),
        MoveVerdict(BLACK, 5, 5, -6.0, -6.0, False, None, 0, False, (5,)),  # White leads after it
        MoveVerdict(WHITE, 1, 4, 6.0, -8.0, False, 4, 0, False, (4,)),
    ), -5.0)
    text = AccountWords(Announcer(Perspective(you=WHITE), "normal")).account(analysis, game.reports)
    assert "Move 2: your pit 1 gave up 14 stones; pit 4 kept the lead." in text
    assert "The computer's moves had no mistake of 3 stones or more." in text
    assert "a tuzdyk was missed: pit 4 would have won one; your pit 1 was played." in text


def test_course_plays_the_game_as_sound_then_says_its_turning_points(tmp_path: Path) -> None:
    settings = Settings(opponent="human", sounds=True)
    player = RecordingPlayer()
    session = GameSession(settings, RecordingSpeaker(), player=player, watch=False)
    session.start_game(GameSetup.from_settings(settings, 3))
    try:
        played_out(session)
        session.accounts.nodes = NODES
        heard = Heard(session)
        reply = run_line(session, "course")
        assert reply is not None and reply.text.startswith("Analysing the game's ")
        assert "its course follows" in reply.text
        until(lambda: any(item.text.startswith("The course of the game, from the first move") for item in heard), 60)
        assert "course" in player.names, "played before its words are written"
        sound = player.sounds[player.names.index("course")]
        assert 4.5 <= len(sound) / cues.SAMPLE_RATE <= 5.5
        shown = next(item for item in heard if item.text.startswith("The course of the game, from the first move"))
        assert shown.spoken == ""  # written, not said over the sound
        points = AccountWords(session.output.announcer).course(session.accounts.shown,  # type: ignore[arg-type]
                                                                session.game.reports)
        started = time.monotonic()
        until(lambda: any(item.text == " ".join(points) for item in heard), timeout=10)
        assert time.monotonic() - started > 3.0, "the turning points come after the sound"
    finally:
        session.close()


def test_course_with_sounds_off_says_so_and_the_turning_points(make_session: MakeSession) -> None:
    session = finished(make_session)
    heard = Heard(session)
    run_line(session, "course")
    until(lambda: any(item.text.startswith("Sounds are off, and the course is played as tones") for item in heard), 60)


def test_an_analysis_that_fails_says_why_and_account_starts_it_again(make_session: MakeSession,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    session = finished(make_session)
    heard = Heard(session)

    def broken(*args: object) -> None:
        raise RuntimeError("the search broke")

    with monkeypatch.context() as patch:  # (undo would undo the private folders too)
        patch.setattr("toguz_tui.session.accounts.accounts.step", broken)
        run_line(session, "account")
        until(lambda: any(reply.text == "The analysis failed: the search broke." for reply in heard), 60)
        until(lambda: session.accounts._job is None, 60)
    reply = run_line(session, "account")
    assert reply is not None and reply.text.startswith("Analysing the game's ")
    until(account_said(heard), 60)


def test_the_game_in_progress_reviewed_gets_no_account_before_its_end(make_session: MakeSession) -> None:
    session = make_session()
    for pit in (7, 5, 1):
        session.play(pit)
    run_line(session, "review")
    reply = run_line(session, "account")
    assert reply is not None and reply.kind == "error" and reply.text == "The account comes when the game is over."


def test_an_account_finished_after_a_new_game_began_waits_to_be_asked_for(make_session: MakeSession) -> None:
    session = make_session()
    played_out(session)
    old = session.game
    session.accounts.nodes = 100_000
    heard = Heard(session)
    run_line(session, "account")
    run_line(session, "new")
    until(lambda: any(reply.text == "The account of the game you asked about is ready: type account to hear it."
                      for reply in heard), 60)
    assert not account_said(heard)(), "not said over the new game"
    reply = run_line(session, "account")
    assert reply is not None and reply.text.startswith("The account of the game.")
    assert reply.text == AccountWords(session.output.announcer).account(
        kept_accounts.load_account(game_key(old)).analysis, old.reports)  # type: ignore[union-attr]


def test_an_analysis_that_cannot_be_kept_says_so_and_promises_nothing(make_session: MakeSession,
                                                                      tmp_path: Path) -> None:
    (tmp_path / "data").mkdir(exist_ok=True)
    (tmp_path / "data" / "accounts").write_text("a file where the folder goes")
    session = finished(make_session, nodes=400_000)
    run_line(session, "account")
    until(lambda: session.accounts._job is not None and len(session.accounts._job.analysis.verdicts) >= 2, 60)
    reply = run_line(session, "account stop")
    assert reply is not None and reply.text.startswith("Analysis stopped. The analysis could not be kept (")
    assert reply.text.endswith("): it starts again next time.")


def test_the_analysis_waits_while_the_computer_thinks(make_session: MakeSession) -> None:
    session = make_session()
    played_out(session)
    thinking = [False]

    class Thinking(Thinker):
        """The engine's thread, thinking when the test says so."""

        @property
        def busy(self) -> bool:
            return thinking[0]

    session.accounts.thinker = Thinking()
    session.accounts.nodes = 200_000
    heard = Heard(session)
    run_line(session, "account")
    until(lambda: session.accounts._job is not None and len(session.accounts._job.analysis.verdicts) >= 2, 60)
    thinking[0] = True
    time.sleep(0.3)  # the search under way is stopped within a tenth of a second
    job = session.accounts._job
    assert job is not None
    held = len(job.analysis.verdicts)
    time.sleep(1.0)
    assert len(job.analysis.verdicts) == held, "no search while the computer thinks"
    thinking[0] = False
    until(account_said(heard), 60)


def test_a_kept_account_of_another_budget_is_analysed_again(make_session: MakeSession) -> None:
    session = finished(make_session)
    heard = Heard(session)
    run_line(session, "account")
    until(account_said(heard), 60)
    again = make_session()
    again.game, again.setup = session.game, session.setup
    again.accounts.nodes = NODES + 1
    reply = run_line(again, "account")
    assert reply is not None and reply.text.startswith("Analysing the game's ")


def test_account_all_analyses_every_game_of_yours_that_waits_and_mistakes_says_how_many_wait(
        make_session: MakeSession) -> None:
    keys = []
    for first in (7, 6):  # two different games, each resigned
        session = make_session()
        for pit in (first, 5, 1):
            session.play(pit)
        session.resign()
        keys.append(game_key(session.game))
    assert all(kept_accounts.load_account(key) is not None for key in keys), "each kept, waiting"
    reply = run_line(session, "mistakes")
    assert reply is not None and "2 of your games are not analysed yet: type account all to analyse them in the " \
                                 "background." in reply.text
    session.accounts.nodes = NODES
    heard = Heard(session)
    reply = run_line(session, "account all")
    assert reply is not None and reply.text == ("Analysing 2 games of yours in the background, one after another; "
                                                "type account stop to stop.")
    until(lambda: any(item.text == "2 games are analysed: type mistakes to play your mistakes again."
                      for item in heard), 60)
    assert not account_said(heard)(), "their accounts are not said, only kept"
    assert all(kept_accounts.load_account(key).analysis.complete for key in keys)  # type: ignore[union-attr]
    assert run_line(session, "account all").text == "Every game of yours that toguz kept is analysed."  # type: ignore[union-attr]
    assert "not analysed yet" not in run_line(session, "mistakes").text  # type: ignore[union-attr]
