"""The full-screen Textual board: ``toguz`` (or ``toguz play``) without ``--line``."""

from __future__ import annotations

import argparse


def run_tui(options: argparse.Namespace) -> int:
    """Start the full-screen interface; the exit status."""
    from toguz_tui.board.app import ToguzApp
    from toguz_tui.board.driver import driver_class
    from toguz_tui.start.launch import build_session

    session = build_session(options)
    app = ToguzApp(session, resumed=session.resumed, driver_class=driver_class(session.settings.screen_reader))
    try:
        app.run()
    finally:
        session.close()
    return app.return_code or 0
