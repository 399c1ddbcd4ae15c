"""The commands of the help's topics "play" and "game": playing a pit, the engine's help, undo, the
clocks' pause, new games, resigning, FEN, and saving and opening records (``records``)."""

from __future__ import annotations

import re
from pathlib import Path

from rules import NotationError, Position, Side, variant_named
from rules.clock import ClockError, TimeControl
from rules.engine import LEVELS
from rules.notation import TokenStyle
from speech.user_path import UnknownUser, user_path
from speech.words import phrases, problems
from speech.words.i18n import _, n_
from toguz_tui.commands import online_commands
from toguz_tui.commands.arguments import Answer, Focus, WrongWords, game_number, joined_control, pit_number
from toguz_tui.files import storage
from toguz_tui.files.settings import COLOURS, NO_CLOCK_WORDS, OPPONENTS
from toguz_tui.files.user_files import WriteMode
from toguz_tui.session.facade import GameSession
from toguz_tui.session.mode import Reviewing, Training
from toguz_tui.session.output.announcement_stream import Reply
from toguz_tui.session.setup import new_seed


def play(session: GameSession, args: list[str], focus: Focus) -> Answer:
    """Play a pit of the side to move."""
    pit = pit_number(session, args, focus, "play")
    return session.play(pit) if isinstance(pit, int) else pit


def fen(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Say the FEN, or start a game from one."""
    if not args:
        return session.output.answer(session.view.position.fen())
    try:
        position = Position.from_fen(" ".join(args))
    except NotationError as error:
        return session.output.error(problems.described(error))
    return session.start_game(session.setup.changed(variant=position.variant), position)


def hint(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """The engine's suggestion; in a lesson, the step's hint; in a puzzle, its theme."""
    if isinstance(session.view.mode, Training):
        return session.trainer.help()
    return session.advisor.hint()


def analyse(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Every legal pit with its score, from the engine."""
    return session.advisor.analyse()


def expected_line(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """The moves the engine expects."""
    return session.advisor.expected_line()


def undo(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Take back."""
    return session.undo()


def pause(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Stop the clocks, or start them again."""
    return session.pause()


def resume(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Start the stopped clocks again."""
    return session.pause(toggle=False)


def new_game(session: GameSession, args: list[str], focus: Focus) -> Answer:
    """A new game from the words given (in any order), else as the game before (but for a clock set
    since it began: the new game gets that); a fresh seed."""
    setup = session.setup.changed(seed=new_seed(), clock=session.preferences.next_clock(session.setup.clock))
    computer, human = OPPONENTS
    opponents = {computer: computer, human: human, "two": human, "hotseat": human}
    opponent: str | None = None
    colour: Side | None = None
    words = joined_control(args)
    if "clock" in words:  # clock and the time control after it
        at = words.index("clock")
        if at + 1 >= len(words):
            return WrongWords("new")
        try:
            setup = setup.changed(clock=TimeControl.parse(words[at + 1])
                                  if words[at + 1] not in NO_CLOCK_WORDS else None)
        except ClockError as error:
            return session.output.error(phrases.clock_error(error.reason, error.text))
        del words[at:at + 2]
    for index, word in enumerate(words):
        if word == "level" and not (index + 1 < len(words) and words[index + 1].isdecimal()):
            return WrongWords("new")
        if word in opponents:
            opponent = opponents[word]
        elif word in COLOURS:
            colour = Side[word.upper()]
        elif word.isdecimal() and word.isascii():
            if len(word) > 2 or not 1 <= int(word) <= len(LEVELS):
                return session.output.error(_("level {level} does not exist: choose 1 to {levels}").format(
                    level=phrases.clipped(word, 6), levels=len(LEVELS)))
            setup = setup.changed(level=int(word))
        elif word != "level":
            try:
                setup = setup.changed(variant=variant_named(word))
            except ValueError:
                return WrongWords("new", unknown=phrases.clipped(word))
    if opponent == human:
        setup = setup.changed(human=None)
    elif opponent == computer or colour is not None:
        setup = setup.changed(human=colour or setup.human or Side.WHITE)
    return session.start_game(setup)


def resign(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Give up: ``resign`` asks first, ``resign`` again (or ``resign now``) gives the game up."""
    if session.questions.answered("resign") or (args and args[0].lower() in ("now", "yes")):
        return session.resign()
    if isinstance(session.view.mode, Reviewing) or session.game.is_over or session.setup.watched:
        return session.resign()  # nothing to ask: it says why not (a game watched is not the player's to give up)
    session.questions.ask("resign")
    return session.output.answer(_("Give up this game? Type resign again to resign, anything else to play on."))


_SIGNED_OR_DECIMAL = re.compile(r"[-+\u2212]\d+(?:[.,]\d*)?|\d*[.,]\d+")  # -1, +2, 1.5: a number, not a name
SAVE_WORDS = {"playok": "playok", "federation": "federation", "replace": "replace", "overwrite": "replace",
              "append": "append", "add": "append"}


def save(session: GameSession, args: list[str], focus: Focus) -> Answer:
    """Save as a record: ``save [FILE] [playok] [replace|append]`` (a name with spaces in quotes)."""
    words = [SAVE_WORDS.get(word.lower(), word) for word in args]
    style: TokenStyle = "playok" if "playok" in words else "federation"
    mode: WriteMode = "replace" if "replace" in words else "append" if "append" in words else "new"
    names = [word for word in words if word not in SAVE_WORDS.values()]
    if len(names) > 1 or ("replace" in words and "append" in words) or (names and not names[0].strip()):
        return WrongWords("save")  # an empty name ("") names no file: the archive is save alone
    try:
        path = user_path(names[0]) if names else None
    except UnknownUser as error:
        return session.output.error(phrases.save_failed(names[0], str(error)))
    return session.record_files.save(path, style, mode)


def open_file(session: GameSession, args: list[str], focus: Focus) -> Answer:
    """Open a record or a FEN file: ``open FILE [N]`` (a name with spaces in quotes), or ``open N``:
    game N of the record file last opened."""
    if not args or len(args) > 2 or (len(args) == 2 and game_number(args[1]) is None):
        return WrongWords("open")
    alone = game_number(args[0]) if len(args) == 1 else None
    collection = session.store.collection
    if alone is not None and collection is not None and not Path(args[0]).exists():
        return session.record_files.open_path(collection[0], alone)
    number = game_number(args[1]) if len(args) == 2 else 1
    try:
        path = user_path(args[0])
    except UnknownUser as error:
        return session.output.error(phrases.open_failed(args[0], str(error)))
    return session.record_files.open_path(path, number or 1)


def recent(session: GameSession, args: list[str], focus: Focus) -> Answer:
    """``recent``: the record files opened or saved lately; ``recent N``: open the Nth."""
    if not args:
        return session.record_files.list_recent()
    number = game_number(args[0])
    if number is None or len(args) > 1:
        return WrongWords("recent")
    paths = storage.recent_records()
    if not 1 <= number <= len(paths):
        return session.output.error(n_("There is no record {number} in the list: it holds {count}.",
                                       "There is no record {number} in the list: it holds {count}.", len(paths)).format(
            number=number, count=len(paths)))
    return session.record_files.open_path(paths[number - 1])


def games(session: GameSession, args: list[str], focus: Focus) -> Answer:
    """``games``: the games of the record file last opened, or of ``games FILE``; in toguz online, the
    games going on at PlayStrategy (``games N``: take up game N)."""
    online = online_commands.online_games(session, args)
    if online is not None:
        return online
    if len(args) > 1:
        return WrongWords("games")
    if args and _SIGNED_OR_DECIMAL.fullmatch(args[0]) and not Path(args[0]).exists():  # games -1: no file
        return session.output.error(_("{text} is not a game number (1, 2, 3 ...)").format(
            text=phrases.clipped(args[0])))
    collection = session.store.collection
    try:
        path = user_path(args[0]) if args else (collection[0] if collection else None)
    except UnknownUser as error:
        return session.output.error(phrases.open_failed(args[0], str(error)))
    return session.record_files.list_games(path)
