"""The screen-reader mode with a braille display read from the screen (``braille`` on), with Pilot: the
message lines laid out in windows of the display's width, the cursor after the fresh message's first
window (BRLTTY shows the window that holds the cursor), a message that follows leaving it there.

What BRLTTY itself shows is tested in ``test_braille_window.py``."""

from __future__ import annotations

from textual.geometry import Offset

from rules import Side
from speech.voices.braille import braille_wrap, window_sizes
from tests.toguz_tui.board.test_app_support import MakeApp, make_app, screen_of, written

__all__ = ["make_app"]
SIZE = (100, 24)
MOVE = ("White sows 9 stones from pit 7; the last stone falls into Black's pit 6, which now holds 10. White "
        "captures 10. White leads 10 to 0. Move 1: Black's turn.")


def test_each_line_holds_windows_of_whole_words_at_the_display_s_width() -> None:
    assert window_sizes(99, 40) == [39, 39, 19]
    assert window_sizes(79, 40) == [39, 39]
    assert window_sizes(30, 40) == [30]
    assert window_sizes(99, 48) == [47, 47]  # a last window of 3 cells would hold no word: left out
    lines = braille_wrap(MOVE, 99, 40)
    assert lines == ["White sows 9 stones from pit 7; the     last stone falls into Black's pit 6,    "
                     "which now holds 10.", "White captures 10. White leads 10 to 0. Move 1: Black's turn."]
    cut = [line[start:start + 40].strip() for line in lines for start in range(0, 99, 40)]
    assert " ".join(piece for piece in cut if piece) == MOVE  # window after window, the message in order


def test_a_brief_announcement_s_own_lines_start_windows() -> None:
    assert braille_wrap("White 7 to Black 6, now 10, take 10.\n10 to 0. Black's turn.", 99, 40) == [
        "White 7 to Black 6, now 10, take 10.    10 to 0. Black's turn."]


async def test_the_cursor_reads_a_fresh_message_from_its_start(make_app: MakeApp) -> None:
    app = make_app(screen_reader=True, braille=True, opponent="human")
    async with app.run_test(size=SIZE) as pilot:
        speech = screen_of(app).speech
        await pilot.press("7", "enter")
        await written(pilot, app)
        region = speech.content_region
        assert speech.lines[0].startswith("White sows 9 stones from pit 7; the     last")
        assert app.cursor_position == Offset(region.x + len("White sows 9 stones from pit 7; the"), region.y)
        await pilot.press("right")
        await written(pilot, app)
        assert speech.lines == ["Black's pit 6: empty."]
        end = Offset(region.x + len("Black's pit 6: empty."), region.y)
        assert app.cursor_position == end
        await pilot.press("end")
        await written(pilot, app)
        shown, spot = list(speech.lines), app.cursor_position
        await pilot.press("end")  # the same message again: the cursor must move all the same
        await written(pilot, app)
        assert speech.lines == shown and app.cursor_position == spot - Offset(1, 0)


async def test_a_message_that_follows_leaves_the_cursor_on_the_one_being_read(make_app: MakeApp) -> None:
    app = make_app(screen_reader=True, braille=True, opponent="human")
    async with app.run_test(size=SIZE) as pilot:
        screen = screen_of(app)
        await pilot.press("right")
        await written(pilot, app)
        before = app.cursor_position
        screen.speech.say("The computer is thinking.", follow=True)
        await pilot.pause()
        assert screen.speech.lines == ["White's pit 2: 9 stones.", "The computer is thinking."]
        assert app.cursor_position == before


async def test_without_braille_the_cursor_stays_after_the_last_character(make_app: MakeApp) -> None:
    app = make_app(screen_reader=True, opponent="human")
    async with app.run_test(size=SIZE) as pilot:
        speech = screen_of(app).speech
        await pilot.press("7", "enter")
        await written(pilot, app)
        region = speech.content_region
        assert app.cursor_position == Offset(region.x + len(speech.lines[-1]), region.y + len(speech.lines) - 1)


async def test_a_routing_key_over_a_pit_s_number_focuses_that_pit(make_app: MakeApp) -> None:
    app = make_app(screen_reader=True, braille=True, opponent="human")
    async with app.run_test(size=SIZE) as pilot:
        screen = screen_of(app)
        screen.route_to("White: 9 9 9, 9 9 9, 9 9 9.", 9)  # over the second count of a row
        await written(pilot, app)
        assert screen.pit_focus == (Side.WHITE, 2) and screen.speech.lines == ["White's pit 2: 9 stones."]
        screen.route_to("9 9 9. White leads 10 to 0.", 21)  # over a score: no pit
        await written(pilot, app)
        assert screen.pit_focus == (Side.WHITE, 2)
