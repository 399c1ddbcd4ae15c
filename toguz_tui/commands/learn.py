"""The commands of the help's topic "learn": the lessons and the puzzles."""

from __future__ import annotations

from toguz_tui.commands.words import Focus, one_number, usage_error
from toguz_tui.session.facade import GameSession
from toguz_tui.session.stream import Reply


def learn(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """The lessons: go on, take lesson N, or list them."""
    if len(args) == 1 and args[0].lower() == "list":
        return session.trainer.list_lessons()
    number = one_number(session, args, "learn")
    return number if isinstance(number, Reply) else session.trainer.open_lessons(number)


def lessons(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Every lesson, with what was done."""
    return usage_error(session, "lessons") if args else session.trainer.list_lessons()


def puzzle(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """The next puzzle, or puzzle N."""
    number = one_number(session, args, "puzzle")
    return number if isinstance(number, Reply) else session.trainer.open_puzzles(number)


def mistakes(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """The player's own mistakes as puzzles: over every game kept, or over the last one."""
    if not args:
        return session.trainer.open_mistakes()
    if len(args) == 1 and args[0].lower() == "last":
        return session.trainer.open_mistakes(last=True)
    return usage_error(session, "mistakes")


def skip(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """On to the next lesson or puzzle."""
    return usage_error(session, "skip") if args else session.trainer.skip()
