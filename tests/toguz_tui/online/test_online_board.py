"""The full-screen board against a person online (Pilot), the other side played by a local server: a
challenge accepted through the board's command field, moves both ways, the clocks, the end."""

from __future__ import annotations

import functools
import time
from pathlib import Path

import pytest

from rules import read_record
from speech.voices import RecordingSpeaker
from tests.toguz_tui.online.server import FakePlayStrategy
from tests.waiting import pilot_until
from toguz_tui.board.app import ToguzApp
from toguz_tui.online.main import online_session, parser
from toguz_tui.session.facade import GameSession


def said(session: GameSession) -> list[str]:
    return session.output.stream.texts


def board_app(server: FakePlayStrategy) -> tuple[GameSession, ToguzApp]:
    """The board of ``toguz online`` on the fake server, its speech recorded."""
    options = parser().parse_args(["--server", server.url, "--speech", "off"])
    session, _online = online_session(server.token, options)
    session.output.voice.speaker = RecordingSpeaker()
    return session, ToguzApp(session)


def more_moves_than(session: GameSession, count: int) -> bool:
    return len(session.game.moves) > count


@pytest.mark.slow
async def test_a_game_online_is_played_on_the_board(server: FakePlayStrategy, private_dirs: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    session, app = board_app(server)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            server.add_challenge()
            await pilot_until(pilot, lambda: any(text.startswith("Alice challenges you") for text in said(session)))
            await pilot.press("colon")
            for key in "accept":
                await pilot.press(key)
            await pilot.press("enter")
            await pilot_until(pilot, lambda: session.opponent.kind == "remote")
            await pilot.pause(0.2)
            assert "Alice" in app.game_screen.board.describe()
            server.opponent_moves("Qx7Lm2Pa", "f1e2")
            await pilot_until(pilot, lambda: any(text.startswith("Alice sows 9 stones") for text in said(session)))
            await pilot.press("6")
            await pilot.press("enter")
            await pilot_until(pilot, lambda: server.games["Qx7Lm2Pa"].codes == ["f1e2", "d2e1"])
            await pilot.press("c")
            await pilot_until(pilot, lambda: said(session)[-1].startswith("You: 15 minutes"))
            await pilot.press("colon")
            for key in "say gg":
                await pilot.press("space" if key == " " else key)
            await pilot.press("enter")
            await pilot_until(pilot, lambda: said(session)[-1] == "Sent: gg")
            server.opponent_resigns("Qx7Lm2Pa")
            await pilot_until(pilot, lambda: any(text.startswith("Game over: Alice resigns. You win") for text in
                                                 said(session)))
    finally:
        assert session.online is not None
        session.online.close()
        session.close()
    archived = sorted((private_dirs / "data" / "games").glob("*.pgn"))
    assert len(archived) == 1
    record = read_record(archived[0].read_text(encoding="utf-8"))
    assert record.moves == (6, 6) and record.result == "0-1"


@pytest.mark.slow
async def test_a_whole_game_to_its_end_on_the_board_and_its_record_replays(server: FakePlayStrategy,
                                                                           private_dirs: Path) -> None:
    """Both sides play till the board ends the game: ours by the board's keys (a digit, then Enter), the
    remote side's from the server; the record archived at the end replays with the rules."""
    import random

    from rules.move import play_move
    from rules.movecode import move_code

    session, app = board_app(server)
    rng = random.Random(4)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            game = server.add_game("Whole001", me="p1", opponent="bob")
            await pilot_until(pilot, lambda: session.opponent.kind == "remote")
            while not game.over:
                pit = rng.choice(game.game.legal_moves())
                count = len(game.codes)
                if count % 2 == 0:  # ours, by the keys
                    await pilot.press(str(pit))
                    await pilot.press("enter")
                else:
                    _after, report = play_move(game.game.position, pit)
                    server.opponent_moves(game.id, move_code(report, 9))
                await pilot_until(pilot, functools.partial(more_moves_than, session, count))
            await pilot_until(pilot, lambda: session.game.is_over)
            assert "Game over:" in said(session)[-1], said(session)[-1]
    finally:
        assert session.online is not None
        session.online.close()
        session.close()
    assert session.game.moves == game.game.moves
    archived = sorted((private_dirs / "data" / "games").glob("*.pgn"))
    assert len(archived) == 1
    record = read_record(archived[0].read_text(encoding="utf-8"))
    assert record.moves == game.game.moves and record.tags["Black"] == "Bob"
    outcome = game.game.outcome
    assert outcome is not None and record.result == outcome.result


@pytest.mark.slow
async def test_on_the_board_b_and_q_answer_at_once_while_a_move_hangs_at_the_server(
        server: FakePlayStrategy, private_dirs: Path) -> None:
    """A server that holds the answer to a move: the board says it waits, reads the board at once with b,
    and quits at once with q (the request runs off the interface's thread)."""
    session, app = board_app(server)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            server.add_game("Held0001", me="p1", opponent="bob")
            await pilot_until(pilot, lambda: session.opponent.kind == "remote")
            server.fault("/api/board/game/Held0001/move", "hold")
            await pilot.press("7")
            await pilot.press("enter")
            await pilot_until(pilot, lambda: "Waiting for PlayStrategy…" in said(session), timeout=5)
            asked = time.monotonic()
            await pilot.press("b")
            await pilot_until(pilot, lambda: said(session)[-1].startswith("Your row from pit 1"), timeout=5,
                              what=lambda: said(session)[-3:])
            assert time.monotonic() - asked < 1.0
            asked = time.monotonic()
            await pilot.press("q")
            speaker = session.output.voice.speaker
            assert isinstance(speaker, RecordingSpeaker)
            await pilot_until(pilot, lambda: any("Your game goes on at PlayStrategy" in text
                                                 for text in speaker.spoken),
                              timeout=5, what=lambda: speaker.spoken[-2:])
            await pilot.press("enter")
            await pilot_until(pilot, lambda: not app.is_running, timeout=5, what=lambda: app.screen_stack)
            assert time.monotonic() - asked < 1.0
    finally:
        assert session.online is not None
        session.online.close()
        session.close()
    assert session.game.moves == (), "the move the server never answered was not made here"


def refused_after(session: GameSession, count: int) -> bool:
    """Whether something was said after the first ``count`` announcements, and the last says there is no game."""
    return len(said(session)) > count and said(session)[-1].startswith("No online game is going on: type seek")


async def test_before_any_game_the_resign_and_save_keys_are_refused_before_their_dialogs_open(
        server: FakePlayStrategy, private_dirs: Path) -> None:
    """The board asks a command's guard before opening its dialog: no question about a game that is not
    there (the words are those ``resign`` and ``save`` typed get)."""
    session, app = board_app(server)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot_until(pilot, lambda: any(text.startswith("Connected to PlayStrategy")
                                                 for text in said(session)))
            for key in ("R", "ctrl+s"):
                before = len(said(session))
                await pilot.press(key)
                await pilot_until(pilot, functools.partial(refused_after, session, before),
                                  what=lambda: said(session)[-2:])
                assert app.screen is app.game_screen, f"{key} opened {app.screen}"
    finally:
        assert session.online is not None
        session.online.close()
        session.close()
