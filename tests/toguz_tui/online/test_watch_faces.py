"""A live game watched without a login, as each face gives it: on the full-screen board (Pilot), on a braille
display (every line said while watching within ``braille_cells``, as the rest of toguz is), and through
Fenrir (every move heard in full), against the stand-in (``standin_watch.py``)."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from speech.system.machine import FakeMachine
from speech.voices import RecordingSpeaker
from speech.voices.braille import BrlapiDisplay
from tests.needs import need_program, need_shared_tool
from tests.speech.test_braille import FakeBrlapi
from tests.toguz_tui.board.fenrir_listening import LIMIT, FenrirListener
from tests.toguz_tui.board.test_screen_readers import TOGUZ, private_env
from tests.toguz_tui.conftest import Heard
from tests.toguz_tui.online.server import FakePlayStrategy
from tests.toguz_tui.online.standin_watch import opening
from tests.waiting import pilot_until
from toguz_tui.board.app import ToguzApp
from toguz_tui.commands.table import run_line
from toguz_tui.online.main import online_session, parser
from toguz_tui.online.network import token_store
from toguz_tui.session.facade import GameSession
from toguz_tui.session.output.announcement_stream import Reply


def watching_session(server: FakePlayStrategy) -> GameSession:
    """``toguz online`` without a token on the stand-in, its speech recorded."""
    options = parser().parse_args(["--server", server.url, "--speech", "off"])
    session, _online = online_session(None, options)
    session.output.voice.speaker = RecordingSpeaker()
    return session


def words_of(text: str) -> str:
    """The words of ``text`` as compared with what Fenrir spoke: it reads no brackets, and pauses (commas) where a
    message goes on to the next screen line."""
    return " ".join(re.sub(r"[^\w':.;]+", " ", text).replace(" .", ".").split())


def said(session: GameSession) -> list[str]:
    return session.output.stream.texts


def soon(check: Callable[[], bool], what: Callable[[], object] = lambda: None, timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"timed out: {what()}"
        time.sleep(0.02)


def starting(session: GameSession, words: str) -> Callable[[], bool]:
    return lambda: any(text.startswith(words) for text in said(session))


@pytest.mark.slow
async def test_the_board_watches_the_tv_game_without_a_token(server: FakePlayStrategy, private_dirs: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(token_store.ENVIRONMENT, "")
    server.watching.start_game("TvGame01", "Alice", "bob")
    session = watching_session(server)
    app = ToguzApp(session)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot_until(pilot, starting(session, "Not logged in to "), 15, lambda: said(session))
            await pilot.press("colon", *"watch", "enter")
            await pilot_until(pilot, starting(session, "PlayStrategy TV: Alice (White) against bob (Black)"),
                              15, lambda: said(session))
            await pilot.pause(0.2)
            assert "Alice" in app.game_screen.board.describe() and "bob" in app.game_screen.board.describe()
            server.watching.move("TvGame01", 7)
            await pilot_until(pilot, starting(session, "Alice sows 9 stones from pit 7"), 15, lambda: said(session))
            await pilot.press("7", "enter")
            await pilot_until(pilot, starting(session, "You are watching this game, not playing it"), 15,
                              lambda: said(session))
            await pilot.press("k")
            await pilot_until(pilot, lambda: said(session)[-1] == "Alice leads 10 to 0.", 15, lambda: said(session))
            await pilot.press("colon", *"watch", "space", *"stop", "enter")
            await pilot_until(pilot, lambda: said(session)[-1] == "You stopped watching.", 15, lambda: said(session))
    finally:
        assert session.online is not None
        session.online.close()


def test_every_line_said_while_watching_fits_the_braille_display(server: FakePlayStrategy, private_dirs: Path,
                                                                 machine: FakeMachine,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(token_store.ENVIRONMENT, "")
    machine.brlapi_module = fake = FakeBrlapi(cells=32)
    (private_dirs / "config").mkdir()
    (private_dirs / "config" / "settings.toml").write_text('braille = true\nbraille_cells = 32\nverbosity = "brief"\n')
    tv = server.watching
    pits = opening(14)
    tv.start_game("TvGame01", "Alexandrina-Bekmukhambetova", "bob", pits=pits[:10])  # a long name, over a line
    session = watching_session(server)
    try:
        assert session.output.announcer.cells == 32
        heard = Heard(session)
        run_line(session, "watch")
        soon(starting(session, "PlayStrategy TV:"), lambda: said(session))
        for pit in pits[10:]:
            tv.move("TvGame01", pit)
        tv.finish("TvGame01", "outoftime", "p2")
        soon(starting(session, "The next TV game"), lambda: said(session))
        tv.start_game("TvGame02", "carol", "dave")
        soon(lambda: any(text.startswith("PlayStrategy TV: carol") for text in said(session)), lambda: said(session))
        tv.move("TvGame02", 7)
        soon(lambda: "carol 7" in said(session)[-1], lambda: said(session))
        replies: list[Reply] = list(heard)
        texts = [reply.text for reply in replies]
        assert sum(reply.kind == "move" for reply in replies) >= 6, texts
        too_long = [line for text in texts for line in text.split("\n") if len(line) > 32]
        assert not too_long, texts
        assert texts[0].split("\n")[:3] == ["PlayStrategy TV:", "Alexandrina-Bekmukhambetova",
                                            "(White) against bob (Black), 5"]
        display = session.output.braille.display  # toguz's own windows on the display (BrlAPI), queued
        assert isinstance(display, BrlapiDisplay) and fake.writes(1)
        assert "PlayStrategy TV:" in display.shown and all(len(window) <= 32 for window in display.shown)
    finally:
        assert session.online is not None
        session.online.close()
        session.close()


@pytest.mark.slow
def test_fenrir_hears_every_move_of_a_watched_game_in_full(tmp_path: Path, server: FakePlayStrategy) -> None:
    need_program("fenrir")
    need_program("tmux")
    tool = need_shared_tool("listen.py")
    tv = server.watching
    tv.start_game("TvGame01", "Alice", "bob")
    env = {**private_env(tmp_path, "Fenrir"), token_store.ENVIRONMENT: ""}
    command = [TOGUZ, "online", "--line", "--speech", "off", "--screen-reader", "--server", server.url]
    listener = FenrirListener(tool, command, env)
    pits, failures = opening(3), list[AssertionError]()

    def play() -> None:  # each move once the one before has been heard (Fenrir quiet), never after a time
        try:
            listener.answer(time.time() - LIMIT, LIMIT, "PlayStrategy TV:")
            for ply, pit in enumerate(pits):
                made = time.time()
                mover = "bob" if ply % 2 else "Alice"
                tv.move("TvGame01", pit)
                listener.answer(made, LIMIT, f"{mover} sows")
            tv.finish("TvGame01", "resign", "p1")
        except AssertionError as failure:
            failures.append(failure)

    player = threading.Thread(target=play, daemon=True)
    player.start()
    heard = listener.run(["TEXT:watch", "Enter", "UNTIL:Game over", "TEXT:board", "Enter"])
    player.join(LIMIT)
    assert not failures, failures
    texts = [words_of(str(item["text"])) for item in heard if item["fate"] == "heard"]
    for said_in_full in ("PlayStrategy TV: Alice (White) against bob (Black), 5 minutes each plus 2 seconds a move. "
                         "The game begins. Move 1: Alice's turn.",
                         "Alice sows 9 stones from pit 7; the last stone falls into bob's pit 6, which now holds 10. "
                         "Alice captures 10. Alice leads 10 to 0.",
                         "bob sows 9 stones from pit 9; the last stone falls into Alice's pit 8, which now holds 11. "
                         "Alice leads 10 to 0.",
                         "Alice sows 10 stones from pit 9; the last stone falls into bob's pit 9, which now holds 2. "
                         "Alice captures 2. Alice leads 12 to 0.",
                         "Game over: bob resigns. Alice wins 12 to 0.", "Alice's row from pit 1:"):
        assert any(words_of(said_in_full) in text for text in texts), (said_in_full, heard)
    sown = [item for item in heard if "sows" in str(item["text"])]
    assert len(sown) == 3 and all(item["fate"] == "heard" for item in sown), sown
