"""The braille settings: asked at the first start, set with ``set braille`` and ``set braille_cells``, the
display's width found where BRLTTY tells it, and brief announcements cut to that width."""

from __future__ import annotations

import io
import sys

import pytest

from speech.system.machine import FakeMachine
from speech.words.announce import braille_lines
from tests.speech.test_braille import FakeBrlapi
from tests.toguz_tui.conftest import MakeSession
from toguz_tui.commands.table import run_line
from toguz_tui.files.settings import Settings, load_settings
from toguz_tui.line.console import Printer
from toguz_tui.session.output.announcement_stream import Reply
from toguz_tui.start import first_run
from toguz_tui.start.start_options import StartOptions


def test_braille_cells_take_12_to_80_or_auto() -> None:
    settings = Settings()
    assert settings.changed("braille_cells", "32").braille_cells == 32
    assert settings.changed("braille_cells", "auto").braille_cells == 0
    for bad in ("11", "81", "wide"):
        with pytest.raises(ValueError, match="braille cells must"):  # as it is said when set (issue 34)
            settings.changed("braille_cells", bad)
    assert settings.changed("braille", "on").braille is True


def test_the_width_is_the_one_set_else_the_display_s_else_40() -> None:
    assert Settings().display_cells(None) == 40
    assert Settings().display_cells(32) == 32
    assert Settings().display_cells(200) == 40  # no braille display is that wide
    assert Settings(braille_cells=20).display_cells(32) == 20


def test_brief_lines_break_between_words_at_the_width() -> None:
    assert braille_lines(["Бастаушы 7 қостаушы 6-отауға, енді 10, алу 10.", "10:0."], 40) == (
        "Бастаушы 7 қостаушы 6-отауға, енді 10,\nалу 10. 10:0.")
    assert braille_lines(["7 to their 6, now 10, take 10.", "10 to 0."], 20) == (
        "7 to their 6, now\n10, take 10.\n10 to 0.")


def test_set_braille_cells_cuts_brief_announcements_to_the_width(make_session: MakeSession) -> None:
    session = make_session(verbosity="brief")
    assert run_line(session, "set braille on") is not None
    reply = run_line(session, "set braille_cells 20")
    assert reply is not None and "20" in reply.text
    move = run_line(session, "7")
    assert move is not None
    assert move.text.split("\n") == ["White 7 to Black 6,", "now 10, take 10.", "10 to 0. Black's turn."]


def test_set_braille_on_says_why_the_display_is_read_from_the_screen(make_session: MakeSession) -> None:
    session = make_session()
    reply = run_line(session, "set braille on")
    assert reply is not None
    assert "Braille is read from the screen: brlapi: BrlAPI's Python module is missing" in reply.text
    assert session.output.braille.screen_cells == 40


def test_with_brlapi_the_display_gets_every_message(make_session: MakeSession, machine: FakeMachine) -> None:
    fake = FakeBrlapi(cells=32)
    machine.brlapi_module = fake
    session = make_session(verbosity="brief")
    run_line(session, "set braille on")
    assert session.output.braille.screen_cells == 0  # the display shows toguz's own windows, not the screen
    assert session.output.announcer.cells == 32
    run_line(session, "7")
    assert fake.showing("White 7 to Black 6, now 10, take")  # a brief line of 32 cells
    run_line(session, "set braille off")
    assert fake.connections[0].closed


def test_the_first_start_asks_about_braille_after_the_screen_reader(monkeypatch: pytest.MonkeyPatch,
                                                                    machine: FakeMachine,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    machine.readers = ["BRLTTY"]
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    asked: list[str] = []

    def answer(question: str) -> str:
        asked.append(question)
        return ""

    monkeypatch.setattr("builtins.input", answer)
    options = first_run.first_start(StartOptions())
    settings = load_settings()[0]
    assert settings.screen_reader and settings.braille, "Enter: yes to both where BRLTTY runs"
    shown = " ".join([capsys.readouterr().out, *asked]).replace("\n", " ")
    assert "Do you read toguz on a braille display?" in " ".join(shown.split())
    # said in the game, after its first message (where BRLTTY runs, the window starts with that message)
    assert "Braille on, 40 cells unless the display tells." in " ".join(options.first_start_words)


def test_without_brltty_the_braille_question_takes_no(machine: FakeMachine) -> None:
    said: list[str] = []
    assert first_run.ask_braille([], lambda _: "", said.append) is False
    assert first_run.ask_braille(["Orca"], lambda _: "y", said.append) is True


def test_the_line_mode_prints_replies_in_the_display_s_windows(make_session: MakeSession,
                                                              machine: FakeMachine) -> None:
    machine.terminal = (100, 30)
    session = make_session()
    run_line(session, "set braille on")
    out = io.StringIO()
    printer = Printer(paged=True, terminal=out)
    printer.follow(session)
    out.truncate(0)
    out.seek(0)
    printer.show(Reply("White sows 9 stones from pit 7; the last stone falls into Black's pit 6, which now holds "
                       "10. White captures 10."), direct=True)
    assert out.getvalue().splitlines() == [
        "White sows 9 stones from pit 7; the     last stone falls into Black's pit 6,    which now holds 10.",
        "White captures 10."]


def test_the_braille_settings_are_typed_in_the_language_spoken(make_session: MakeSession) -> None:
    session = make_session(language="ru")
    run_line(session, "set клетки-брайля 32")
    run_line(session, "set брайль on")
    assert session.settings.braille_cells == 32 and session.settings.braille
