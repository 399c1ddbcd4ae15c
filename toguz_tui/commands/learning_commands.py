"""The commands of the help's topic "learn": the lessons and the puzzles."""

from __future__ import annotations

from toguz_tui.commands.arguments import Answer, Focus, WrongWords, one_number
from toguz_tui.session.facade import GameSession


def learn(session: GameSession, args: list[str], focus: Focus) -> Answer:
    """The lessons: go on, take lesson N, or list them."""
    if len(args) == 1 and args[0].lower() == "list":
        return session.trainer.list_lessons()
    number = one_number(args, "learn")
    return number if isinstance(number, WrongWords) else session.trainer.open_lessons(number)


def lessons(session: GameSession, args: list[str], focus: Focus) -> Answer:
    """Every lesson, with what was done."""
    return WrongWords("lessons") if args else session.trainer.list_lessons()


def puzzle(session: GameSession, args: list[str], focus: Focus) -> Answer:
    """The next puzzle, or puzzle N."""
    number = one_number(args, "puzzle")
    return number if isinstance(number, WrongWords) else session.trainer.open_puzzles(number)


def mistakes(session: GameSession, args: list[str], focus: Focus) -> Answer:
    """The player's own mistakes as puzzles: over every game kept, or over the last one."""
    if not args:
        return session.trainer.open_mistakes()
    if len(args) == 1 and args[0].lower() == "last":
        return session.trainer.open_mistakes(last=True)
    return WrongWords("mistakes")


def skip(session: GameSession, args: list[str], focus: Focus) -> Answer:
    """On to the next lesson or puzzle."""
    return WrongWords("skip") if args else session.trainer.skip()
