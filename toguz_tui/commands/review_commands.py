"""The commands of the help's topic "review": stepping through a game move by move, and leaving it."""

from __future__ import annotations

from rules import Side
from speech.words import phrases
from toguz_tui.commands.arguments import Answer, Focus, WrongWords, steps
from toguz_tui.files.settings import COLOURS
from toguz_tui.session.facade import GameSession
from toguz_tui.session.mode import Reviewing, Training
from toguz_tui.session.output.announcement_stream import Reply


def account(session: GameSession, args: list[str], focus: Focus) -> Answer:
    """The account of the game looked at (``account stop``: stop its analysis)."""
    if args == ["stop"]:
        return session.accounts.stop()
    if args == ["all"]:
        return session.accounts.ask_all()
    if args:
        return WrongWords("account")
    return session.accounts.ask("account")


def course(session: GameSession, args: list[str], focus: Focus) -> Answer:
    """The game's course as sound, then its turning points."""
    if args:
        return WrongWords("course")
    return session.accounts.ask("course")


def review(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Review the current game."""
    return session.reviewer.this_game()


def forward(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Next move in a review."""
    return session.reviewer.step(steps(args))


def back(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """A move back in a review."""
    return session.reviewer.step(-steps(args))


def review_start(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """The start of the reviewed game."""
    return session.reviewer.go_to(0)


def review_end(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """The end of the reviewed game."""
    return session.reviewer.go_to(None)


def goto(session: GameSession, args: list[str], focus: Focus) -> Answer:
    """After move N of the reviewed game (White's and Black's), or after one side's move N."""
    words = [word.lower() for word in args]
    if not words or not (words[0].isdecimal() and len(words[0]) <= 5) or len(words) > 2:
        return WrongWords("goto")
    side = None
    if len(words) == 2:
        if words[1] not in COLOURS:
            return WrongWords("goto")
        side = Side[words[1].upper()]
    return session.reviewer.go_to_move(int(words[0]), side)


def continue_here(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Play on from the reviewed position."""
    mode = session.view.mode
    if not isinstance(mode, Reviewing):
        return session.output.error(phrases.not_reviewing())
    position = mode.review.position
    return session.start_game(session.setup.changed(variant=position.variant), position)


def close(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Leave the lesson or the puzzles, or the review."""
    if isinstance(session.view.mode, Training):
        return session.trainer.close()
    return session.reviewer.close()
