"""The account and the course on the board: Shift+A asks for the account, and once the game is analysed
its course is drawn beside the boxed board (below it on a narrow terminal, never in the screen-reader
mode)."""

from __future__ import annotations

from textual.pilot import Pilot

from tests.toguz_tui.board.test_app_support import MakeApp, make_app, screen_of
from tests.waiting import pilot_until
from toguz_tui.board.app import ToguzApp
from toguz_tui.board.widgets.course_chart import MISTAKE, course_lines

__all__ = ["make_app"]


def finished(app: ToguzApp) -> None:
    session = app.session
    while not session.game.is_over:
        session.play(session.game.legal_moves()[0])
    session.accounts.nodes = 3000


async def account_drawn(pilot: Pilot[int], app: ToguzApp) -> None:
    """Wait (a minute at most) for the account of the game, then let the screen draw it."""
    await pilot_until(pilot, lambda: app.session.accounts.shown is not None, 60, lambda: "no account")
    await pilot.pause()
    await pilot.pause()


async def test_shift_a_gives_the_account_and_the_course_is_drawn_beside_the_board(make_app: MakeApp) -> None:
    app = make_app()
    finished(app)
    async with app.run_test(size=(120, 30)) as pilot:
        screen = screen_of(app)
        assert not screen.chart.display, "no chart before an account"
        await pilot.press("A")
        await account_drawn(pilot, app)
        assert any(line.startswith("The account of the game.") for line in screen.panel.texts)
        chart = screen.chart
        assert chart.display
        analysis = app.session.accounts.shown
        assert analysis is not None
        assert chart.lines == course_lines(analysis, app.session.view.seat.bottom, len(chart.lines[0]),
                                           len(chart.lines))
        assert chart.region.x >= screen.board.region.right, "beside the pits"
        assert chart.region.y < screen.board.region.bottom
        assert (MISTAKE in chart.lines[-1]) == any(verdict.mistake for verdict in analysis.verdicts)


async def test_on_a_narrow_terminal_the_course_goes_below_the_board(make_app: MakeApp) -> None:
    app = make_app()
    finished(app)
    async with app.run_test(size=(80, 34)) as pilot:
        await pilot.press("A")
        await account_drawn(pilot, app)
        screen = screen_of(app)
        assert screen.chart.display
        assert screen.chart.region.y >= screen.board.region.bottom, "below the pits"


async def test_the_screen_reader_mode_draws_no_chart(make_app: MakeApp) -> None:
    app = make_app(screen_reader=True)
    finished(app)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.press("A")
        await account_drawn(pilot, app)
        assert not screen_of(app).chart.display
