"""The braille display through BrlAPI, tested with a fake ``brlapi`` module (no display, no BRLTTY): what
it writes, how panning and routing keys move it, and the fall back to the screen with a reason."""

from __future__ import annotations

import queue
import threading
from typing import Any

import pytest

from rules import Side
from speech.system.machine import FakeMachine
from speech.voices.braille import (
    BRLAPI,
    SCREEN,
    BrlapiDisplay,
    ScreenDisplay,
    found_cells,
    open_display,
    pit_at,
    windows,
)

KEY_TYPE_CMD = 0x20000000
KEY_CMD_ROUTE = 0x10000
KEY_CMD_FWINLT, KEY_CMD_FWINRT = 23, 24


class FakeConnection:
    """A BrlAPI connection to a display of ``cells`` cells that records what is written."""

    def __init__(self, module: FakeBrlapi) -> None:
        if module.refuse is not None:
            raise module.ConnectionError(module.refuse)
        self.module = module
        self.displaySize = (module.cells, 1)
        self.accepted: list[tuple[int, list[int]]] = []
        self.tty = False
        self.closed = False
        module.connections.append(self)

    def enterTtyMode(self, tty: int = -1) -> None:
        if self.module.no_tty and tty == -1:
            raise self.module.ConnectionError("Can't determine tty number")
        self.tty = True
        self.module.ttys.append(tty)

    def leaveTtyMode(self) -> None:
        self.tty = False

    def ignoreAllKeys(self) -> None:
        self.accepted.clear()

    def acceptKeys(self, kind: int, keys: list[int]) -> None:
        self.accepted.append((kind, keys))

    def writeText(self, text: str, cursor: int = 0) -> None:
        with self.module.written_change:
            self.module.written.append(text)
            self.module.written_change.notify_all()

    def readKeyWithTimeout(self, timeout_ms: int = -1) -> int | None:
        try:
            return self.module.keys.get(timeout=timeout_ms / 1000)
        except queue.Empty:
            return None

    def closeConnection(self) -> None:
        self.closed = True


class FakeBrlapi:
    """The parts of the ``brlapi`` module the display uses, with BrlAPI's constants."""

    KEY_TYPE_CMD = KEY_TYPE_CMD
    KEY_CMD_ROUTE = KEY_CMD_ROUTE
    KEY_CMD_FWINLT = KEY_CMD_FWINLT
    KEY_CMD_FWINRT = KEY_CMD_FWINRT
    rangeType_command = 2
    CURSOR_OFF = 0

    class ConnectionError(Exception):
        """BrlAPI's error."""

    def __init__(self, cells: int = 40, refuse: str | None = None, no_tty: bool = False) -> None:
        self.cells = cells
        self.refuse = refuse
        self.no_tty = no_tty
        self.connections: list[FakeConnection] = []
        self.ttys: list[int] = []  # the terminals asked for (-1: the one BrlAPI finds)
        self.written: list[str] = []
        self.written_change = threading.Condition()
        self.keys: queue.Queue[int] = queue.Queue()

    def Connection(self) -> FakeConnection:
        return FakeConnection(self)

    def writes(self, count: int) -> list[str]:
        """The windows written, once there are ``count`` of them (the display writes on a thread of its own)."""
        with self.written_change:
            assert self.written_change.wait_for(lambda: len(self.written) >= count, timeout=10), self.written
            return list(self.written)

    def showing(self, window: str) -> bool:
        """Whether the last window written becomes ``window`` (waited for a few seconds)."""
        with self.written_change:
            return self.written_change.wait_for(lambda: self.written[-1:] == [window], timeout=10)

    @staticmethod
    def expandKeyCode(code: int) -> dict[str, int]:
        block = code & 0x1FFF0000
        if block:
            return {"type": code & 0xE0000000, "command": block, "argument": code & 0xFFFF, "flags": 0}
        return {"type": code & 0xE0000000, "command": code & 0xFFFF, "argument": 0, "flags": 0}


MOVE = ("White sows 9 stones from pit 7; the last stone falls into Black's pit 6, which now holds 10. White "
        "captures 10.")


@pytest.fixture
def fake(machine: FakeMachine) -> FakeBrlapi:
    """A fake BrlAPI on the test's machine, with a 40-cell display."""
    machine.brlapi_module = FakeBrlapi()
    return machine.brlapi_module  # type: ignore[no-any-return]


def display(fake: FakeBrlapi, routed: list[tuple[str, int]] | None = None) -> BrlapiDisplay:
    shown, reason = open_display(route=None if routed is None else lambda window, cell: routed.append((window, cell)))
    assert reason is None and isinstance(shown, BrlapiDisplay)
    return shown


def test_a_message_is_cut_into_windows_of_whole_words() -> None:
    assert windows(MOVE, 40) == ["White sows 9 stones from pit 7; the last", "stone falls into Black's pit 6, which",
                                 "now holds 10. White captures 10."]
    assert windows("10 to 0.\nBlack's turn.", 40) == ["10 to 0.", "Black's turn."]  # its own lines kept
    assert windows("abcdefghij", 4) == ["abcd", "efgh", "ij"]


def test_the_display_takes_the_tty_panning_and_routing_and_shows_a_message_from_its_start(fake: FakeBrlapi) -> None:
    shown = display(fake)
    try:
        connection = fake.connections[0]
        assert connection.tty and shown.cells == 40 and shown.name == BRLAPI
        assert connection.accepted == [(2, [KEY_TYPE_CMD | KEY_CMD_FWINLT, KEY_TYPE_CMD | KEY_CMD_FWINRT,
                                            KEY_TYPE_CMD | KEY_CMD_ROUTE])]
        shown.show(MOVE)
        assert fake.writes(1)[-1] == "White sows 9 stones from pit 7; the last"
    finally:
        shown.close()
    assert connection.closed and not connection.tty


def test_panning_forward_reads_to_the_end_and_back_returns(fake: FakeBrlapi) -> None:
    shown = display(fake)
    try:
        shown.show(MOVE)
        for _pan in range(3):  # past the last window: the last stays
            shown.press(KEY_TYPE_CMD | KEY_CMD_FWINRT)
        assert fake.writes(4)[-4:] == ["White sows 9 stones from pit 7; the last",
                                     "stone falls into Black's pit 6, which",
                                     "now holds 10. White captures 10.", "now holds 10. White captures 10."]
        shown.press(KEY_TYPE_CMD | KEY_CMD_FWINLT)
        assert fake.writes(5)[-1] == "stone falls into Black's pit 6, which"
        shown.show("White 2: 9")  # a fresh message: from its start again
        assert fake.writes(6)[-1] == "White 2: 9"
    finally:
        shown.close()


def test_a_message_that_follows_comes_after_the_one_being_read(fake: FakeBrlapi) -> None:
    shown = display(fake)
    try:
        shown.show("7 to their 6, now 10, take 10.")
        shown.show("Computer 3 to your 4, now 12.", interrupt=False)
        assert fake.writes(2)[-1] == "7 to their 6, now 10, take 10."  # not over the one being read
        shown.press(KEY_TYPE_CMD | KEY_CMD_FWINRT)
        assert fake.writes(3)[-1] == "Computer 3 to your 4, now 12."
    finally:
        shown.close()


def test_a_routing_key_tells_the_window_and_the_cell(fake: FakeBrlapi) -> None:
    routed: list[tuple[str, int]] = []
    shown = display(fake, routed)
    try:
        shown.show("Yours: 9 9 9, 9 9 9, 1 10 10.")
        shown.press(KEY_TYPE_CMD | KEY_CMD_ROUTE | "Yours: 9 9 9, 9 9 9, 1 ".index("1"))  # the seventh count
        shown.show("White's pit 2: 9 stones.")
        shown.press(KEY_TYPE_CMD | KEY_CMD_ROUTE | len("White's pit "))  # over "2"
    finally:
        shown.close()
    assert routed == [("Yours: 9 9 9, 9 9 9, 1 10 10.", 21), ("White's pit 2: 9 stones.", 12)]
    assert [pit_at(window, cell, 9) for window, cell in routed] == [7, 2]


def test_keys_are_read_on_the_display_s_own_thread(fake: FakeBrlapi) -> None:
    shown = display(fake)
    try:
        shown.show(MOVE)
        fake.keys.put(KEY_TYPE_CMD | KEY_CMD_FWINRT)
        assert fake.writes(2)[-1] == "stone falls into Black's pit 6, which"
    finally:
        shown.close()


def test_the_pit_under_a_cell() -> None:
    row = "Theirs: 10 10 10, 10 10 0, 9 9 9."
    assert pit_at(row, row.index(" 0,") + 1, 9) == 6  # the sixth count of the row
    assert pit_at(row, row.index("10"), 9) == 1 and pit_at(row, row.index("10") + 1, 9) == 1
    assert pit_at("7 to their 6, now 10.", 11, 9) == 6  # a pit's number
    assert pit_at("7 to their 6, now 10.", 18, 9) is None  # 10 is no pit
    assert pit_at("7 to their 6.", 3, 9) is None  # a letter
    assert pit_at("7", 5, 9) is None  # past the window's text
    assert pit_at("10 10. Black's: 10 10 10, 10 10 0, 9 9", 37, 9) is None  # a row cut between windows
    assert pit_at("Yours: 1 2 3, 4 5", 9, 5) == 2  # Bestemshe's rows: five pits


@pytest.mark.parametrize(("made", "reason"), [
    (None, "BrlAPI's Python module is missing"),
    (FakeBrlapi(refuse="connection refused"), "BrlAPI could not take the display: ConnectionError: connection refused"),
    (FakeBrlapi(no_tty=True), "BrlAPI could not take the display: ConnectionError: Can't determine tty number"),
])
def test_without_brlapi_braille_is_read_from_the_screen_with_the_reason(
        machine: FakeMachine, made: Any, reason: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("WINDOWPATH", raising=False)
    monkeypatch.delenv("XDG_VTNR", raising=False)
    machine.brlapi_module = made
    shown, why = open_display()
    assert isinstance(shown, ScreenDisplay) and shown.name == SCREEN
    assert why is not None and why.startswith(f"brlapi: {reason}")


def test_inside_tmux_the_display_is_taken_for_the_console_the_session_names(
        machine: FakeMachine, monkeypatch: pytest.MonkeyPatch) -> None:
    machine.brlapi_module = fake = FakeBrlapi(no_tty=True)
    monkeypatch.setenv("WINDOWPATH", "3:7")
    shown, why = open_display()
    shown.close()
    assert why is None and fake.ttys == [3]


def test_the_display_s_width_is_found_where_brltty_tells_it(machine: FakeMachine,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("WINDOWPATH", raising=False)
    monkeypatch.delenv("XDG_VTNR", raising=False)
    assert found_cells() is None
    machine.brlapi_module = FakeBrlapi(cells=32, no_tty=True)
    assert found_cells() == 32
    shown, _why = open_display()
    assert shown.cells == 32  # read from the screen, at the display's width
    assert all(connection.closed for connection in machine.brlapi_module.connections)


@pytest.mark.parametrize("language", ["en", "kk", "ru", "ky", "cs", "de", "pl", "nl"])
@pytest.mark.parametrize("cells", [40, 32])
def test_brief_moves_previews_and_boards_fit_the_display_in_every_language(language: str, cells: int) -> None:
    import random

    from rules import Game
    from speech.words.announce import Announcer, Perspective
    from speech.words.i18n import set_language

    set_language(language)
    try:
        for perspective in (Perspective(), Perspective(you=Side.WHITE)):  # two players, and against the computer
            announcer = Announcer(perspective, "brief")
            announcer.cells = cells
            chooser = random.Random(cells)
            for _game in range(4):
                game = Game()
                while not game.is_over:
                    position = game.position
                    pit = chooser.choice(game.legal_moves())
                    texts = [announcer.preview(position, pit), announcer.board(position),
                             announcer.move(game.play(pit))]
                    for text in texts:
                        assert all(len(line) <= cells for line in text.splitlines()), (text, cells)
    finally:
        set_language("en")
