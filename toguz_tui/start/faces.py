"""Running a face over the session a launcher built: the full-screen board or the line mode, for ``toguz``
(``play``, ``learn``, ``puzzles``) as for ``toguz online``."""

from __future__ import annotations

import signal
import sys

from toguz_tui.session.facade import GameSession
from toguz_tui.session.opponent import OnlineConnection


def run_face(session: GameSession, line: bool, connection: OnlineConnection | None = None, *,
             first_start: bool = False) -> int:
    """Run the line mode (``line``: until quit or the end of input) or the full-screen board (the saved
    game offered when one was taken up) over ``session``; the exit status. The session is closed after
    it, and ``connection`` (toguz online's) before the session. After the first start's questions
    (``first_start``) the board's Enter plays only once a pit is chosen. When the board was quit, its goodbye
    (whether the game is saved) is left in the terminal, in one plain line."""
    try:
        if line:
            from toguz_tui.line.console import Printer, read_commands

            interactive = sys.stdin.isatty() and sys.stdout.isatty()
            printer = Printer(paged=interactive)
            signal.signal(signal.SIGTERM, _leave_on_signal)  # unwind, so that the terminal is put back as it was
            printer.follow(session).ready()
            read_commands(session, printer, interactive)
            return 0
        from toguz_tui.board.app import ToguzApp
        from toguz_tui.board.driver import driver_class

        app = ToguzApp(session, resumed=session.resumed, driver_class=driver_class(session.settings.screen_reader),
                       first_start=first_start)
        app.run()
        if app.farewell:  # the board's screen is gone: what it said last would be gone with it
            print(app.farewell, flush=True)
        return app.return_code or 0
    finally:
        if connection is not None:
            connection.close()
        session.close()


def _leave_on_signal(number: int, frame: object) -> None:
    raise SystemExit(128 + number)
