"""The commands of the help's topic "settings" that need no table: the settings and quitting (``help``
and ``command``, which read the table, are in ``table``)."""

from __future__ import annotations

from speech.words import phrases
from speech.words.i18n import N_
from toguz_tui.commands.arguments import Answer, Focus, WrongWords
from toguz_tui.files.settings import setting_label
from toguz_tui.session.facade import GameSession
from toguz_tui.session.output.announcement_stream import Reply

# How set is typed, said when it is given too few words (``help set`` shows the settings command's usage).
SET_USAGE = N_("set NAME VALUE, the NAME one of {names}")


def settings(session: GameSession, args: list[str], focus: Focus) -> Answer:
    """List or change settings."""
    if not args:
        return session.output.answer(phrases.settings_list([(setting_label(name), value)
                                                            for name, value in session.settings.describe()]))
    if len(args) < 2:
        return WrongWords("set", SET_USAGE)
    return session.change_setting(args[0].lower().replace("-", "_"), " ".join(args[1:]))


def quit_program(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Leave, asking first about a finished game nobody kept."""
    return session.quit()
