"""``Accounts`` alone, over a fake session: the account of the game looked at is asked for, worked out in the
background, said when done and kept on disk (in the test's private data folder), so that it is said at once the
next time, even by another session; stopped half-way, what was done is kept; refused before the game is over."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from rules import WHITE, Game
from rules.engine.game_analysis import game_key
from tests.toguz_tui.session.fake_session import FakeSession
from tests.waiting import until
from toguz_tui.files.kept_accounts import accounts_dir
from toguz_tui.files.settings import Settings
from toguz_tui.session.accounts.accounts import Accounts
from toguz_tui.session.output.output import Output
from toguz_tui.session.thinker import Thinker

NODES = 3000  # a small budget: the same verdicts each time, quickly
OPENING = (7, 3, 5, 2, 9, 1)


def resigned() -> Game:
    """A short game two people played, White resigning after three moves each."""
    game = Game()
    for pit in OPENING:
        game.play(pit)
    game.resign(WHITE)
    return game


@pytest.fixture
def made() -> Iterator[list[Accounts]]:
    """The accounts a test builds, closed at its end (their analyses stopped)."""
    built: list[Accounts] = []
    yield built
    for accounts in built:
        accounts.close()


def accounts_over(session: FakeSession, output: Output, made: list[Accounts], persist: bool = True,
                  nodes: int = NODES) -> Accounts:
    accounts = Accounts(threading.RLock(), output, Thinker(), session, persist)
    accounts.nodes = nodes
    made.append(accounts)
    return accounts


def account_of(output: Output) -> list[str]:
    return [text for text in output.stream.texts if text.startswith("The account of the game.")]


def test_no_account_before_the_game_is_over(output: Output, made: list[Accounts]) -> None:
    session = FakeSession(Settings(opponent="human"))
    accounts = accounts_over(session, output, made)
    assert accounts.ask().text == "No move has been played in this game: the account comes when a game is over."
    session.game.play(7)
    reply = accounts.ask()
    assert reply.kind == "error"
    assert reply.text == "The account comes when the game is over: type review to look back at it now."
    assert not accounts_dir().exists()


def test_an_account_is_worked_out_in_the_background_said_and_kept_for_the_next_time(
        output: Output, made: list[Accounts], private_dirs: Path) -> None:
    session = FakeSession(Settings(opponent="human"), game=resigned())
    first = accounts_over(session, output, made).ask()
    assert first.text.startswith("Analysing the game's 3 moves in the background")
    until(lambda: account_of(output), 30, lambda: output.stream.texts)
    account = account_of(output)[0]
    assert "White's play:" in account and "Black's play:" in account
    kept = accounts_dir() / f"{game_key(session.game)}.json"
    assert kept.is_relative_to(private_dirs) and kept.is_file()
    assert json.loads(kept.read_text(encoding="utf-8"))  # a whole JSON file
    again = accounts_over(session, output, made).ask()  # another session, the same game: read from the disk
    assert again.text == account
    assert output.stream.texts[-1] == account


def test_without_persisting_the_account_is_said_and_nothing_is_kept(output: Output, made: list[Accounts]) -> None:
    session = FakeSession(Settings(opponent="human"), game=resigned())
    accounts = accounts_over(session, output, made, persist=False)
    accounts.ask()
    until(lambda: account_of(output), 30, lambda: output.stream.texts)
    assert not (accounts_dir() / f"{game_key(session.game)}.json").exists()
    assert accounts.ask().text == account_of(output)[0]  # known in this session: at once
    accounts.game_over(session.game, None)
    assert not accounts_dir().exists() or not any(accounts_dir().glob("*.json"))


def test_a_stopped_analysis_keeps_what_was_done_and_a_game_over_waits_for_its_account(
        output: Output, made: list[Accounts]) -> None:
    session = FakeSession(Settings(opponent="human"), game=resigned())
    accounts = accounts_over(session, output, made, nodes=5_000_000)  # slow enough to be stopped
    accounts.ask()
    reply = accounts.stop()
    assert reply.text.startswith("Analysis stopped at ") and reply.text.endswith(
        " of the game; type account to go on from there.")
    assert (accounts_dir() / f"{game_key(session.game)}.json").is_file()
    assert accounts.stop().text == "No analysis is under way."
    other = Game()
    for pit in (1, 2, 3):
        other.play(pit)
    other.resign(WHITE)
    accounts.game_over(other, WHITE)  # kept as waiting for its account
    assert (accounts_dir() / f"{game_key(other)}.json").is_file()
