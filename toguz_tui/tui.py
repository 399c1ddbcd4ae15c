"""The full-screen Textual board: ``toguz`` (or ``toguz play``) without ``--line``."""

from __future__ import annotations

import argparse

from toguz_tui.session import Reply


def asked_for_new(options: argparse.Namespace) -> bool:
    """True when the options ask for a game other than the saved one."""
    from toguz_tui.startup import GAME_OPTIONS

    return bool(options.new or options.fen or options.open
                or any(getattr(options, name, None) for name in GAME_OPTIONS))


def run_tui(options: argparse.Namespace) -> int:
    """Start the full-screen interface; the exit status."""
    from toguz_tui import storage
    from toguz_tui.app import ToguzApp
    from toguz_tui.driver import driver_class
    from toguz_tui.startup import build_session

    apps: list[ToguzApp] = []

    def notify(reply: Reply) -> None:
        if apps:
            apps[0].session_event(reply)

    saved, _ = storage.load_current()
    session, replies = build_session(options, notify)
    app = ToguzApp(session, replies, resumed=saved is not None and not asked_for_new(options),
                   driver_class=driver_class(session.settings.screen_reader))
    apps.append(app)
    try:
        app.run()
    finally:
        session.close()
    return app.return_code or 0
