"""Regression tests for the third hostile pass (issue 34), its items on the accounts of games and the
``mistakes`` trainer: one test per finding, named after its item.

Each test does what the user did through the session and the command table (two sessions over one data
folder stand for two copies of toguz: each holds its own locks, as two processes would), and asserts what
the user hears and what becomes of the files.
"""

from __future__ import annotations

import codecs
import json
from pathlib import Path

import pytest

from rules import BLACK, WHITE, Game
from rules.engine.game_analysis import GameAnalysis, game_key
from rules.records import write_record
from speech.words import phrases
from speech.words.account import AccountWords
from speech.words.announce import Announcer, Perspective
from tests.toguz_tui.conftest import Heard, MakeSession, training
from tests.toguz_tui.session.test_accounts import NODES
from tests.toguz_tui.session.test_clocks import say
from tests.toguz_tui.training.test_mistakes import better, keep, kept, positions
from tests.waiting import until
from toguz_tui.commands.table import run_line
from toguz_tui.files import kept_accounts
from toguz_tui.session.accounts import accounts
from toguz_tui.training.mistake_record import MOST_KEPT, load_record, record_path


def waiting(seed: int, age: int = 0) -> str:
    """A game of yours (White) kept waiting for its account, ``age`` hours old; its key."""
    account = kept(seed, {})
    keep(kept_accounts.KeptAccount(account.game, (WHITE,), GameAnalysis(account.analysis.key, account.analysis.plies)),
         age)
    return account.analysis.key


def test_2_two_copies_answering_mistakes_keep_both_answers_and_one_streak(make_session: MakeSession) -> None:
    account = keep(kept(1, {6: 14.0, 10: 9.0}))
    best = better(positions(list(account.game.moves))[6], account.game.moves[6])
    first, second = make_session(), make_session()
    assert say(first, "mistakes").startswith("Mistake 1 of 2.")
    assert say(second, "mistakes").startswith("Mistake 1 of 2.")  # read before the first copy answered
    assert "Answer it right once more and it is retired. Mistakes streak 1." in say(first, str(best))
    text = say(second, str(best))
    assert "This mistake is retired: answered right twice. Mistakes streak 2." in text
    record = load_record()[0]
    assert record.rights == {f"{account.analysis.key}:6": 2}
    assert (record.streak, record.best_streak) == (2, 2)
    say(first, "skip")  # the second mistake skipped in the first copy: the one streak ends
    assert load_record()[0].streak == 0 and load_record()[0].rights == record.rights


def test_2_two_copies_running_account_all_never_analyse_one_game_at_once(make_session: MakeSession) -> None:
    older, newer = waiting(1, age=2), waiting(2, age=1)
    first, second = make_session(), make_session()
    first.accounts.nodes = second.accounts.nodes = 200_000  # slow enough to be under way together
    assert say(first, "account all").startswith("Analysing 2 games of yours in the background")
    heard_first = Heard(first)
    assert say(second, "account all") == ("Analysing 1 game of yours in the background, one after another; type "
                                          "account stop to stop. 1 more game of yours is being analysed by another "
                                          "toguz.")
    heard_second = Heard(second)

    def both_done() -> bool:
        jobs = [copy.accounts._job for copy in (first, second)]
        keys = [job.analysis.key for job in jobs if job is not None and not job.stop.is_set()]
        assert len(keys) == len(set(keys)), "one game analysed by both copies at once"
        return all(any("analysed: type mistakes" in reply.text or reply.text.endswith("by another toguz.")
                       for reply in heard) for heard in (heard_first, heard_second))

    until(both_done, timeout=240)
    for key in (older, newer):
        found = kept_accounts.load_account(key)
        assert found is not None and found.analysis.complete and found.yours == (WHITE,)
    assert not list((kept_accounts.accounts_dir() / "claims").glob("*.lock")), "the claims of finished games are gone"


def test_2_an_account_asked_for_a_game_another_copy_is_analysing_is_left_to_it(
        make_session: MakeSession, tmp_path: Path) -> None:
    key = waiting(1)
    game = kept_accounts.load_account(key).game  # type: ignore[union-attr]
    record = tmp_path / "game.pgn"
    record.write_text(write_record(game), encoding="utf-8")
    first, second = make_session(), make_session()
    first.accounts.nodes = second.accounts.nodes = 400_000
    assert say(first, "account all").startswith("Analysing 1 game of yours in the background")
    run_line(second, f"open {record}")
    reply = run_line(second, "account")
    assert reply is not None and reply.kind == "error"
    assert reply.text == "Another toguz is analysing this game: type account again when it is done."
    assert second.accounts._job is None


def test_2_a_partial_analysis_saved_late_does_not_replace_a_further_one(tmp_path: Path) -> None:
    account = kept(3, {4: 8.0})
    assert kept_accounts.save_account(account) is None  # one copy's whole analysis
    behind = GameAnalysis(account.analysis.key, account.analysis.plies, account.analysis.verdicts[:5],
                          nodes=account.analysis.nodes)
    assert kept_accounts.save_account(kept_accounts.KeptAccount(account.game, (), behind)) is None  # another's, stopped
    found = kept_accounts.load_account(account.analysis.key)
    assert found is not None and found.analysis == account.analysis and found.yours == (WHITE,)


def test_4_many_kept_games_are_looked_through_in_the_background_and_then_known_from_the_index(
        make_session: MakeSession, monkeypatch: pytest.MonkeyPatch) -> None:
    from speech.system.locks import FileLock
    from toguz_tui.files import account_index
    from toguz_tui.files.account_index import index_path
    from toguz_tui.session.accounts import kept_games
    for seed in range(30):
        keep(kept(seed, {4: 5.0 + seed % 7, **({8: 45.0} if seed == 3 else {})}), age=seed)
    monkeypatch.setattr(kept_games, "MOMENT", 0.0)  # as when the files take longer than the moment to read
    session = make_session()
    heard = Heard(session)
    index_lock = FileLock(kept_accounts.accounts_dir() / "index.lock")  # another toguz writing the index: it waits
    index_lock.take(wait=True)
    try:
        assert say(session, "mistakes") == ("Looking through 30 kept games for your mistakes in the background; "
                                            "toguz says when they are ready.")
        assert training(session) is None
        assert say(session, "where 1").startswith("Pit 1: ")  # the game answers meanwhile
        assert say(session, "mistakes").startswith("Still looking through your kept games: ")
        assert say(session, "account all").startswith("Still looking through your kept games: ")
    finally:
        index_lock.release()
    until(lambda: any(reply.text == "Your kept games are looked through: type mistakes to play your mistakes again."
                      for reply in heard), 60)
    until(lambda: any(reply.text == "Every game of yours that toguz kept is analysed." for reply in heard), 60)
    assert index_path(kept_accounts.accounts_dir()).is_file()
    account_index._KNOWN.clear()  # as in a new process: the index is read from its file
    again = make_session()  # another session: the index knows every file, nothing is read in the background
    text = say(again, "mistakes")
    assert text.startswith("Mistake 1 of 31. From your game against toguz level 1 on ") and "gave up 32 stones" in text


def test_11_an_accounts_folder_that_is_a_file_is_said_so_and_nothing_claims_the_games_analysed(
        make_session: MakeSession, tmp_path: Path) -> None:
    (tmp_path / "data").mkdir(exist_ok=True)
    folder = tmp_path / "data" / "accounts"
    folder.write_text("a file where the folder goes")
    session = make_session()
    for pit in (7, 5, 1):
        session.play(pit)
    session.resign()
    session.accounts.nodes = NODES
    heard = Heard(session)
    run_line(session, "account")
    problem = f"the accounts folder {phrases.clipped(str(folder), 80)} is a file, not a folder"
    until(lambda: any(reply.text == f"The analysis could not be kept ({problem}): it starts again next time."
                      for reply in heard), 60)
    for command in ("account all", "mistakes"):
        reply = run_line(session, command)
        assert reply is not None and reply.kind == "error"
        assert reply.text == f"Your kept games cannot be looked through: {problem}."


def test_11_account_all_says_how_far_it_is_by_games_and_account_stop_points_to_account_all(
        make_session: MakeSession, monkeypatch: pytest.MonkeyPatch) -> None:
    for seed in range(3):
        waiting(seed, age=seed)
    monkeypatch.setattr(accounts, "PROGRESS_SECONDS", 0.3)
    session = make_session()
    session.accounts.nodes = 200_000
    heard = Heard(session)
    assert say(session, "account all").startswith("Analysing 3 games of yours in the background")
    until(lambda: any(reply.text.startswith("Analysing game ") for reply in heard), 60)
    line = next(reply.text for reply in heard if reply.text.startswith("Analysing game "))
    assert line.startswith(("Analysing game 1 of 3: ", "Analysing game 2 of 3: ")) and line.endswith("% of it.")
    assert not any(reply.text.startswith("Analysed ") for reply in heard), "not a game's percent alone"
    text = say(session, "account stop")
    assert text.startswith("Analysis stopped with ") and text.endswith(" of 3 games analysed; type account all to go "
                                                                       "on.")


def test_11_an_account_asked_during_account_all_goes_first_and_the_line_goes_on_after_it(
        make_session: MakeSession, tmp_path: Path) -> None:
    for seed in range(2):
        waiting(seed, age=seed)
    other = kept(7, {})
    record = tmp_path / "other.pgn"
    record.write_text(write_record(other.game), encoding="utf-8")
    session = make_session()
    session.accounts.nodes = 200_000  # slow enough for the line to be under way when the account is asked
    heard = Heard(session)
    assert say(session, "account all").startswith("Analysing 2 games of yours in the background")
    run_line(session, f"open {record}")
    text = say(session, "account")
    assert text.startswith("Analysing the game's 10 moves in the background")
    assert text.endswith("Your other games waiting for their accounts are analysed after it.")
    until(lambda: any(reply.text.startswith("The account of the game.") for reply in heard), 60)
    until(lambda: any(reply.text == "2 games are analysed: type mistakes to play your mistakes again."
                      for reply in heard), 60)


def test_11_a_kept_account_whose_verdicts_disagree_with_its_moves_is_not_believed(
        make_session: MakeSession, tmp_path: Path) -> None:
    account = keep(kept(4, {6: 14.0}))
    data = json.loads(kept_accounts.account_path(account.analysis.key).read_text(encoding="utf-8"))
    row = data["analysis"]["verdicts"][3]
    position = positions(list(account.game.moves))[3]
    row[1] = next(pit for pit in position.legal_moves() if pit != row[1])  # a pit not played there
    row[4] = row[3] - 25.0  # and made to cost 25 stones
    kept_accounts.account_path(account.analysis.key).write_text(json.dumps(data), encoding="utf-8")
    record = tmp_path / "game.pgn"
    record.write_text(write_record(account.game), encoding="utf-8")
    session = make_session()
    session.accounts.nodes = account.analysis.nodes
    assert say(session, "mistakes") == ("Your games have no mistakes to play again. 1 of your games is not analysed "
                                        "yet: type account all to analyse it in the background.")
    run_line(session, f"open {record}")
    text = say(session, "account")
    assert text.startswith("The analysis kept of this game did not agree with its moves: it is made again. "
                           "Analysing the game's 10 moves in the background")


def test_12_a_mistakes_record_with_too_many_rights_or_in_utf16_says_what_is_wrong(
        make_session: MakeSession) -> None:
    keep(kept(1, {6: 14.0}))
    rights = {f"{number:032x}:1": 1 for number in range(MOST_KEPT + 1)}
    path = record_path()
    path.write_text(json.dumps({"version": 1, "streak": 0, "best_streak": 0, "rights": rights}), encoding="utf-8")
    text = say(make_session(), "mistakes")
    assert text.startswith("Your record of mistakes could not be read (rights holds 20001 entries; toguz keeps at "
                           "most 20000); starting afresh.")
    path.write_bytes(codecs.BOM_UTF16_LE + '{"version": 1}'.encode("utf-16-le"))
    text = say(make_session(), "mistakes")
    assert text.startswith("Your record of mistakes could not be read (it is not UTF-8 text); starting afresh.")


def test_12_a_long_player_name_is_clipped_in_the_mistakes_and_the_account(make_session: MakeSession) -> None:
    name = "A" * 9000
    keep(kept(1, {6: 14.0}, opponent=name, date="2" * 9000))
    text = say(make_session(), "mistakes")
    assert text.startswith(f"Mistake 1 of 1. From your game against {'A' * 60}... on {'2' * 20}..., move ")
    game = Game()
    for pit in (7, 5, 1):
        game.play(pit)
    analysis = GameAnalysis(game_key(game), 3)
    words = AccountWords(Announcer(Perspective(names=(name, "B" * 9000)), "normal"))
    said = " ".join(words.mistakes(analysis, game.reports, WHITE) + words.mistakes(analysis, game.reports, BLACK))
    assert f"{'A' * 60}...'s moves had no mistake" in said and f"{'B' * 60}...'s moves" in said
    assert len(said) < 400

