"""Pilot tests of the board screen: each key, asserting on the board, the panel and what was spoken."""

from __future__ import annotations

import pytest

from rules import Side
from tests.toguz_tui.board.test_app_support import SIZE, MakeApp, focused_pit, make_app, said, screen_of, settle
from tests.toguz_tui.conftest import recorder, reviewing
from toguz_tui.board.screens.keys import footer_text, key_help_lines

__all__ = ["make_app"]


async def test_the_board_shows_both_rows_the_kazans_and_the_turn(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=SIZE):
        top, bottom = screen_of(app).board.describe().splitlines()
        assert top.startswith("pit 9 9 | pit 8 9") and top.endswith("pit 1 9 || Black kazan 0")
        assert bottom.startswith("pit 1 9 | pit 2 9") and bottom.endswith("|| White kazan 0 to move")
        assert "Move 1: White's turn." in screen_of(app).status.shown_text
        assert screen_of(app).panel.last.startswith("New game of Toguz Kumalak")
        assert focused_pit(app).number == 1 and focused_pit(app).side is Side.WHITE


async def test_arrows_move_the_focus_speak_the_pit_and_carry_the_cursor(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        board = screen_of(app).board
        for key, side, number in [("right", Side.WHITE, 2), ("right", Side.WHITE, 3), ("up", Side.BLACK, 7),
                                  ("left", Side.BLACK, 8), ("down", Side.WHITE, 2), ("end", Side.WHITE, 9),
                                  ("home", Side.WHITE, 1), ("left", Side.WHITE, 1)]:
            await pilot.press(key)
            await pilot.pause()
            cell = focused_pit(app)
            assert (cell.side, cell.number) == (side, number)
            owner = "White's" if side is Side.WHITE else "Black's"
            assert said(app)[-1] == f"{owner} pit {number}: 9 stones."
            spot = board.count_spot(side, number)
            assert app.cursor_position == spot
            row = board.boxed_text().plain.splitlines()[spot.y - board.region.y]
            assert row[spot.x - board.region.x] == "9", "the cursor sits on the count"
            assert row[spot.x - board.region.x - 2] == ">", "behind the focus mark"
        assert screen_of(app).focus_line.shown_text == "White's pit 1: 9 stones."


async def test_a_focus_move_changes_one_line_of_the_board_and_no_other_character(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        board = screen_of(app).board
        before = board.boxed_text().plain.splitlines()
        await pilot.press("right")
        after = board.boxed_text().plain.splitlines()
        changed = [index for index, (old, new) in enumerate(zip(before, after, strict=True)) if old != new]
        assert changed == [7], "only the count line of the bottom row changes: the > moves from pit 1 to pit 2"
        assert before[7].replace(">", " ") == after[7].replace(">", " ")


async def test_a_digit_jumps_to_the_pit_and_previews_its_last_stone(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("7")
        assert focused_pit(app).number == 7
        assert said(app)[-1] == "Pit 7: 9 stones, the last lands in Black's pit 6, captures 10."
        assert app.session.game.moves == ()


async def test_with_digit_plays_a_digit_plays_at_once(make_app: MakeApp) -> None:
    app = make_app(digit_plays=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("7")
        assert app.session.game.moves == (7,)
        assert "White captures 10" in screen_of(app).panel.last


@pytest.mark.parametrize("key", ["enter", "space"])
async def test_enter_or_space_plays_the_focused_pit_and_marks_the_move(make_app: MakeApp, key: str) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("7", key)
        assert app.session.game.moves == (7,)
        text = screen_of(app).panel.last
        assert text.startswith("White sows 9 stones from pit 7") and said(app)[-1] == text
        top, bottom = screen_of(app).board.describe().splitlines()
        assert "pit 6 0 to" in top and "pit 7 1 from" in bottom
        assert "Black kazan 0 to move" in top


async def test_enter_on_the_other_row_explains_and_plays_nothing(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("up", "enter")
        assert app.session.game.moves == ()
        assert "is not on the row to move" in screen_of(app).panel.last


@pytest.mark.parametrize(("key", "expected"), [
    ("b", "White's row from pit 1: 9 9 9, 9 9 9, 9 9 9. Black's: 9 9 9,"), ("k", "0"), ("t", "No tuzdyks yet"),
    ("y", "Move 1: White's turn"),
    ("v", "White can play pits 1"), ("l", "No move"), ("f", "9S,9S"), ("m", "White's row"),
    ("o", "Black's row"), ("p", "White's pit 1: 9 stones."), ("w", "Pit 1: 9 stones"), ("H", "No moves yet"),
])
async def test_each_query_key_answers_in_the_panel_and_aloud(make_app: MakeApp, key: str,
                                                             expected: str) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        before = len(screen_of(app).panel.texts)
        await pilot.press(key)
        panel = screen_of(app).panel
        assert len(panel.texts) == before + 1
        assert expected in panel.last and said(app)[-1] == panel.last


async def test_repeat_previous_and_next_walk_the_announcements(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("k", "t")
        await pilot.press("r")
        assert said(app)[-1] == "No tuzdyks yet."
        await pilot.press("comma")
        assert said(app)[-1].startswith("Tied at 0")
        await pilot.press("full_stop")
        assert said(app)[-1] == "No tuzdyks yet."


async def test_silence_stops_the_voice(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        speaker = recorder(app.session)
        stops = speaker.stops
        await pilot.press("s")
        assert speaker.stops == stops + 1


async def test_undo_takes_the_move_back(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("7", "enter", "u")
        assert app.session.game.moves == ()
        assert "Move 1: White's turn" in screen_of(app).panel.last
        assert "from" not in screen_of(app).board.describe()


async def test_hint_thinks_in_a_worker_and_answers_later(make_app: MakeApp) -> None:
    app = make_app(fen="1,1S,3,1S,3/1S,3,1S,4 79 79 S 40")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("i")
        assert app.is_running  # the screen stays live while the engine thinks
        assert "Thinking about a hint." in screen_of(app).panel.texts
        await settle(pilot, app)
        assert "pit" in screen_of(app).panel.last.lower()
        assert said(app)[-1] == screen_of(app).panel.last


async def test_review_keys_step_through_the_record_and_escape_leaves(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("7", "enter", "3", "enter", "e")
        assert reviewing(app.session) is not None
        assert "Review" in screen_of(app).status.shown_text
        await pilot.press("right")
        assert said(app)[-1].startswith("White sows 9 stones from pit 7")
        assert "pit 7 1 from" in screen_of(app).board.describe()
        await pilot.press("end")
        review = reviewing(app.session)
        assert review is not None and review.index == 2
        await pilot.press("home", "left")
        assert review.index == 0
        await pilot.press("g")
        await pilot.pause()
        await pilot.press("1", "enter")  # after move 1, White's and Black's: as records number moves
        assert review.index == 2
        assert said(app)[-1].startswith("After move 1, Black, of 1.")
        await pilot.press("escape")
        assert reviewing(app.session) is None
        await pilot.press("right")  # after Black's move the focus followed the turn to White's pit 3
        assert (focused_pit(app).side, focused_pit(app).number) == (Side.WHITE, 4)


async def test_continue_plays_on_from_the_reviewed_position(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("7", "enter", "e", "C")
        assert reviewing(app.session) is None and app.session.game.moves == ()
        assert app.session.game.position.to_move is Side.WHITE


async def test_the_board_turns_to_the_player_to_move(make_app: MakeApp) -> None:
    app = make_app(board_turns=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("7", "enter")
        top, bottom = screen_of(app).board.describe().splitlines()
        assert bottom.endswith("Black kazan 0 to move") and top.startswith("pit 9 10")
        await pilot.press("1")
        assert focused_pit(app).side is Side.BLACK


async def test_bestemshe_draws_five_pits_a_row(make_app: MakeApp) -> None:
    app = make_app(variant="bestemshe")
    async with app.run_test(size=SIZE) as pilot:
        top, _ = screen_of(app).board.describe().splitlines()
        assert top.startswith("pit 5 5 | pit 4 5") and top.count("pit ") == 5
        await pilot.press("end")
        assert focused_pit(app).number == 5
        await pilot.press("9")
        assert "does not exist" in screen_of(app).panel.last


async def test_a_tuzdyk_is_marked_with_a_letter_and_its_owner(make_app: MakeApp) -> None:
    app = make_app(fen="9S,9S,9S,9S,9S,t,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 9 0 S 1")
    async with app.run_test(size=SIZE) as pilot:
        assert "pit 4 TUZ W" in screen_of(app).board.describe().splitlines()[0]
        await pilot.press("up", "right", "right", "right", "right", "right")
        assert said(app)[-1] == "Black's pit 4 is White's tuzdyk."


async def test_a_voice_that_fails_is_reported_once_in_words(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.session.output.voice.speaker.last_error = "OSError: aplay is missing"  # type: ignore[attr-defined]
        await pilot.press("k", "k")
        problems = [text for text in screen_of(app).panel.texts if "aplay is missing" in text]
        assert len(problems) == 1 and "Traceback" not in problems[0]


async def test_page_keys_scroll_the_panel(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*["b"] * 6, "pageup")
        panel = screen_of(app).panel
        assert panel.scroll_y < panel.max_scroll_y
        while panel.scroll_y < panel.max_scroll_y:
            before = panel.scroll_y
            await pilot.press("pagedown")
            assert panel.scroll_y > before, "Page Down scrolls towards the newest"
        assert panel.scroll_y == panel.max_scroll_y


def test_help_and_footer_come_from_the_command_table() -> None:
    lines = key_help_lines()
    assert any(line.startswith("1 to 9:") for line in lines)
    assert "b: both rows, the kazans and whose turn (typed: board)" in lines, "on the board, the key comes first"
    assert "w: where the focused pit's last stone would land (yours or theirs), and what it takes " \
        "(typed: where N, or where their N)" in lines
    assert len(footer_text()) <= 80
    assert footer_text() == "1 to 9 pits  Enter play  b board  n new  R resign  O settings  h help  q quit"
    assert footer_text(5) .startswith("1 to 5 pits")
    assert footer_text(9, reviewing=True) == "Left Right steps  g go to  C play on  Backspace close  h help  q quit"


@pytest.mark.slow
async def test_a_whole_game_against_the_computer(make_app: MakeApp) -> None:
    app = make_app(opponent="computer", level=1)
    async with app.run_test(size=SIZE) as pilot:
        session = app.session
        for _ in range(300):
            if session.game.is_over:
                break
            await settle(pilot, app)
            moves = session.game.legal_moves()
            if not moves or session.view.opponent_to_move:
                continue
            await pilot.press(str(moves[0]), "enter")
        await settle(pilot, app)
        assert session.game.is_over
        panel = screen_of(app).panel
        assert any(kind for kind in panel.texts if "computer sows" in kind.lower())
        assert "won" in screen_of(app).status.shown_text.lower() or "draw" in \
            screen_of(app).status.shown_text.lower() or "win" in screen_of(app).status.shown_text.lower()


async def test_announcements_wrap_inside_an_80_column_screen_with_nothing_cut(make_app: MakeApp) -> None:
    app = make_app(variant="kozdatu")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4", "enter", "b")
        panel = screen_of(app).panel
        width = panel.scrollable_content_region.width
        assert panel.lines and all(strip.cell_length <= width for strip in panel.lines)
        shown = " ".join(strip.text.strip() for strip in panel.lines)
        assert "Black's pit 3, which now holds 8." in shown


async def test_between_two_players_the_focus_follows_the_turn(make_app: MakeApp) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4", "enter")
        await pilot.pause()
        cell = focused_pit(app)
        assert (cell.side, cell.number) == (Side.BLACK, 4)
        assert said(app)[-1].startswith("White sows 9 stones from pit 4")  # not cut off by the focus move
        await pilot.press("enter")
        assert said(app)[-1].startswith("Black sows")
