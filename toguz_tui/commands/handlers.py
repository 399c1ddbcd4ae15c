"""What each command does: small handlers over the session, each returning a ``Reply``."""

from __future__ import annotations

import re
from pathlib import Path

from rules import VARIANT_KEYS, NotationError, Position, Side, variant_named
from rules.clock import ClockError, TimeControl
from rules.engine import LEVELS
from rules.notation import TokenStyle
from speech.words import phrases, problems
from speech.words.i18n import N_, _
from speech.words.naming import VERBOSITIES
from toguz_tui.commands import records as files
from toguz_tui.files import storage
from toguz_tui.files.settings import COLOURS, NO_CLOCK_WORDS, OPPONENTS, Settings, setting_label
from toguz_tui.files.user_files import WriteMode
from toguz_tui.session import reviewer as reviewing
from toguz_tui.session import trainer as coaching
from toguz_tui.session.facade import GameSession, Reply
from toguz_tui.session.setup import new_seed

Focus = tuple[Side, int] | None

# How a command is typed, where that is more than its name (its words stay English in every language;
# the rest is translated).
USAGES: dict[str, str] = {
    "play": N_("play N, or just N"), "where": N_("where N, or where their N"), "pit": N_("pit N, or pit their N"),
    "fen": N_("fen, or fen POSITION"), "speech": N_("speech on, or speech off"),
    "sounds": N_("sounds on, or sounds off"),
    "seek": N_("seek MINUTES[+INCREMENT] [rated], such as seek 15+10"),
    "challenge": N_("challenge NAME MINUTES[+INCREMENT] [rated]"), "say": N_("say TEXT"),
    "command": N_("command WORDS, such as command say thanks"),
    "verbosity": N_("verbosity {choices}"),
    "new": N_("new [{variants}] [{opponents}] [level N] [{sides}] [clock MINUTES[+INCREMENT] or clock none]"),
    "save": N_('save [FILE] [playok] [replace or append]; put quotes around a name with spaces: save "my game.pgn"'),
    "open": N_("open FILE [N], or open N for game N of the file open; quotes around a name with spaces"),
    "recent": N_("recent, or recent N"), "games": N_("games, or games FILE"), "forward": N_("forward [N]"),
    "back": N_("back [N]"), "goto": N_("goto N, or goto N white, or goto N black"),
    "settings": N_("settings, or set NAME VALUE"), "set": N_("set NAME VALUE, the NAME one of {names}"),
    "help": N_("help [COMMAND]"),
    "learn": N_("learn, learn N for lesson N, or learn list"), "puzzle": N_("puzzle, or puzzle N"),
}


def usage(name: str) -> str:
    """How the command ``name`` is typed, in the language spoken now."""
    if name not in USAGES:
        return name
    return _(USAGES[name]).format(
        choices=phrases.listing_words(VERBOSITIES), variants="|".join(VARIANT_KEYS), opponents="|".join(OPPONENTS),
        sides="|".join(COLOURS), names=", ".join(Settings.__dataclass_fields__))


def usage_error(session: GameSession, name: str) -> Reply:
    """The command ``name`` was given words it does not take: how it is typed."""
    return session.error(phrases.usage_error(name, usage(name)))


def _number(session: GameSession, args: list[str], focus: Focus, command: str,
            extra: tuple[str, ...] = ()) -> int | Reply:
    """The one pit number in ``args`` (or the focused pit); else a spoken complaint. Words other than
    the number (and ``extra`` ones the command knows) are refused, never ignored."""
    numbers = [word for word in args if word.lstrip("-").isdecimal() and word.isascii()]
    others = [word for word in args if word not in numbers and word.lower() not in extra]
    if len(numbers) > 1 or others:
        return usage_error(session, command)
    if numbers:
        return int(numbers[0]) if len(numbers[0]) <= 3 else 10 ** 3
    if focus is not None:
        return focus[1]
    return usage_error(session, command)


def play(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Play a pit of the side to move."""
    pit = _number(session, args, focus, "play")
    return pit if isinstance(pit, Reply) else session.play(pit)


THEIRS = ("their", "theirs", "opponent", "t")


def preview(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Where a pit's last stone would land: the side to move's, or theirs (as if it were their turn);
    on the board, the focused pit of either row."""
    theirs = any(word.lower() in THEIRS for word in args)
    pit = _number(session, args, None if theirs else focus, "where", THEIRS)
    if isinstance(pit, Reply):
        return pit
    position = session.viewed
    side = position.to_move
    if theirs:
        side = session.my_side().opponent
    elif focus is not None and not args:
        side = focus[0]
    if not 1 <= pit <= position.variant.pits:
        return session.error(session.announcer.illegal(position, pit, False))
    return session.answer(session.announcer.preview(position, pit, side))


def pit(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """One pit, mine or theirs."""
    theirs = any(word.lower() in THEIRS for word in args)
    number = _number(session, args, None if theirs else focus, "pit", THEIRS)
    if isinstance(number, Reply):
        return number
    position = session.viewed
    side = session.my_side()
    if theirs:
        side = side.opponent
    elif focus is not None and not any(word.isdigit() for word in args):
        side = focus[0]
    if not 1 <= number <= position.variant.pits:
        return session.error(session.announcer.illegal(position, number, False))
    return session.answer(session.announcer.pit(position, side, number))


def my_row(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """The player's own row."""
    return session.answer(session.announcer.row(session.viewed, session.my_side()))


def their_row(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """The opponent's row."""
    return session.answer(session.announcer.row(session.viewed, session.my_side().opponent))


def board(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Everything on the board."""
    return session.answer(session.announcer.board(session.viewed))


def compact(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """The board in the fewest words."""
    return session.answer(session.announcer.compact(session.viewed))


def threats(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """What the opponent's moves would take now."""
    return session.answer(session.announcer.threats(session.viewed, session.my_side().opponent))


def chances(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """What the player's moves would take now."""
    return session.answer(session.announcer.chances(session.viewed, session.my_side()))


def players(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Who plays which side."""
    return session.answer(session.players())


def kazans(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """The score."""
    return session.answer(session.announcer.kazans(session.viewed))


def tuzdyks(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """The tuzdyks."""
    return session.answer(session.announcer.tuzdyks(session.viewed))


def turn(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Whose turn."""
    return session.say(session.turn())


def legal(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """The legal moves."""
    position = session.viewed
    game = session.review.game if session.review is not None else session.game
    moves = position.legal_moves() if session.training is not None else game.legal_moves()
    return session.answer(session.announcer.legal_moves(position, moves))


def last(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """The last move."""
    report = session.review.last_report if session.review is not None else session.game.last_report
    if session.training is not None:
        report = session.training.last_report
    return session.answer(session.announcer.last_move(report))


def history(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """The moves so far."""
    reports = session.review.game.reports if session.review is not None else session.game.reports
    return session.answer(session.announcer.history(reports))


def fen(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Say the FEN, or start a game from one."""
    if not args:
        return session.answer(session.viewed.fen())
    try:
        position = Position.from_fen(" ".join(args))
    except NotationError as error:
        return session.error(problems.described(error))
    return session.start_game(session.setup.changed(variant=position.variant), position)


def repeat(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """The last announcement again."""
    return session.repeat()


def previous(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """The announcement before."""
    return session.step_announcement(-1)


def next_announcement(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """The announcement after."""
    return session.step_announcement(+1)


def silence(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Stop speaking."""
    session.speaker.stop()
    return Reply(phrases.silenced(), spoken="")


def speech(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Voice on or off."""
    word = args[0].lower() if args else ""
    if word not in ("on", "off"):
        return usage_error(session, "speech")
    return session.change_setting("speech", word)


def sounds(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Sound cues on or off."""
    word = args[0].lower() if args else ""
    if word not in ("on", "off"):
        return usage_error(session, "sounds")
    return session.change_setting("sounds", word)


def verbosity(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """How much is said after a move."""
    if not args:
        return usage_error(session, "verbosity")
    return session.change_setting("verbosity", args[0])


def analyse(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Every legal pit with its score, from the engine."""
    return session.analyse()


def expected_line(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """The moves the engine expects."""
    return session.expected_line()


def hint(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """The engine's suggestion."""
    return session.hint()


def undo(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Take back."""
    return session.undo()


def new_game(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """A new game from the words given (in any order), else as the game before; a fresh seed."""
    setup = session.setup.changed(seed=new_seed())
    computer, human = OPPONENTS
    opponents = {computer: computer, human: human, "two": human, "hotseat": human}
    opponent: str | None = None
    colour: Side | None = None
    words = re.sub(r"\s*\+\s*", "+", " ".join(args)).lower().split()  # "15 + 10" is "15+10"
    if "clock" in words:  # clock and the time control after it
        at = words.index("clock")
        if at + 1 >= len(words):
            return usage_error(session, "new")
        try:
            setup = setup.changed(clock=TimeControl.parse(words[at + 1])
                                  if words[at + 1] not in NO_CLOCK_WORDS else None)
        except ClockError as error:
            return session.error(phrases.clock_error(error.reason, error.text))
        del words[at:at + 2]
    for index, word in enumerate(words):
        if word == "level" and not (index + 1 < len(words) and words[index + 1].isdecimal()):
            return usage_error(session, "new")
        if word in opponents:
            opponent = opponents[word]
        elif word in COLOURS:
            colour = Side[word.upper()]
        elif word.isdecimal() and word.isascii():
            if len(word) > 2 or not 1 <= int(word) <= len(LEVELS):
                return session.error(phrases.no_such_level(phrases.clipped(word, 6), len(LEVELS)))
            setup = setup.changed(level=int(word))
        elif word != "level":
            try:
                setup = setup.changed(variant=variant_named(word))
            except ValueError:
                return session.error(phrases.unknown_word("new", phrases.clipped(word), usage("new")))
    if opponent == human:
        setup = setup.changed(human=None)
    elif opponent == computer or colour is not None:
        setup = setup.changed(human=colour or setup.human or Side.WHITE)
    return session.start_game(setup)


def resign(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Give up: ``resign`` asks first, ``resign`` again (or ``resign now``) gives the game up."""
    if session.resign_asked or (args and args[0].lower() in ("now", "yes")):
        session.resign_asked = False
        return session.resign()
    if session.review is None and not session.game.is_over:
        session.resign_asked = True
        return session.answer(phrases.resign_confirm())
    return session.resign()


SAVE_WORDS = {"playok": "playok", "federation": "federation", "replace": "replace", "overwrite": "replace",
              "append": "append", "add": "append"}


def save(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Save as a record: ``save [FILE] [playok] [replace|append]`` (a name with spaces in quotes)."""
    words = [SAVE_WORDS.get(word.lower(), word) for word in args]
    style: TokenStyle = "playok" if "playok" in words else "federation"
    mode: WriteMode = "replace" if "replace" in words else "append" if "append" in words else "new"
    names = [word for word in words if word not in SAVE_WORDS.values()]
    if len(names) > 1 or ("replace" in words and "append" in words):
        return usage_error(session, "save")
    return files.save(session, Path(names[0]).expanduser() if names else None, style, mode)


def _game_number(word: str) -> int | None:
    """A game's number as typed (at most six digits), or None."""
    return int(word) if word.isdecimal() and word.isascii() and len(word) <= 6 else None


def open_file(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Open a record or a FEN file: ``open FILE [N]`` (a name with spaces in quotes), or ``open N``:
    game N of the record file last opened."""
    if not args or len(args) > 2 or (len(args) == 2 and _game_number(args[1]) is None):
        return usage_error(session, "open")
    alone = _game_number(args[0]) if len(args) == 1 else None
    if alone is not None and session.collection is not None and not Path(args[0]).exists():
        return files.open_path(session, session.collection[0], alone)
    number = _game_number(args[1]) if len(args) == 2 else 1
    return files.open_path(session, Path(args[0]).expanduser(), number or 1)


def recent(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """``recent``: the record files opened or saved lately; ``recent N``: open the Nth."""
    if not args:
        return files.list_recent(session)
    number = _game_number(args[0])
    if number is None or len(args) > 1:
        return usage_error(session, "recent")
    paths = storage.recent_records()
    if not 1 <= number <= len(paths):
        return session.error(phrases.no_such_recent(number, len(paths)))
    return files.open_path(session, paths[number - 1])


def games(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """``games``: the games of the record file last opened, or of ``games FILE``."""
    if len(args) > 1:
        return usage_error(session, "games")
    path = Path(args[0]).expanduser() if args else (session.collection[0] if session.collection else None)
    return files.list_games(session, path)


def review(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Review the current game."""
    return reviewing.review_game(session)


def forward(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Next move in a review."""
    return reviewing.review_step(session, _steps(args))


def back(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """A move back in a review."""
    return reviewing.review_step(session, -_steps(args))


def _steps(args: list[str]) -> int:
    """How many moves forward or back: the number given (bounded), or 1."""
    number = _game_number(args[0]) if args else None
    return min(number, 10_000) if number is not None else 1


def review_start(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """The start of the reviewed game."""
    return reviewing.review_goto(session, 0)


def review_end(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """The end of the reviewed game."""
    return reviewing.review_goto(session, None)


def goto(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """After move N of the reviewed game (White's and Black's), or after one side's move N."""
    words = [word.lower() for word in args]
    if not words or not (words[0].isdecimal() and len(words[0]) <= 5) or len(words) > 2:
        return usage_error(session, "goto")
    side = None
    if len(words) == 2:
        if words[1] not in COLOURS:
            return usage_error(session, "goto")
        side = Side[words[1].upper()]
    return reviewing.review_goto_move(session, int(words[0]), side)


def continue_here(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Play on from the reviewed position."""
    if session.review is None:
        return session.error(phrases.not_reviewing())
    position = session.review.position
    return session.start_game(session.setup.changed(variant=position.variant), position)


def close_review(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Leave the lesson or the puzzles, or the review."""
    if session.training is not None:
        return coaching.close(session)
    return reviewing.close_review(session)


def _one_number(session: GameSession, args: list[str], command: str, words: tuple[str, ...] = ()) -> int | Reply | None:
    """The one number ``args`` hold (None for none); a complaint for anything else."""
    if not args or (len(args) == 1 and args[0].lower() in words):
        return None
    if len(args) == 1 and args[0].isdecimal() and args[0].isascii() and len(args[0]) <= 6:
        return int(args[0])
    return usage_error(session, command)


def learn(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """The lessons: go on, take lesson N, or list them."""
    if len(args) == 1 and args[0].lower() == "list":
        return coaching.list_lessons(session)
    number = _one_number(session, args, "learn")
    return number if isinstance(number, Reply) else coaching.open_lessons(session, number)


def lessons(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Every lesson, with what was done."""
    return usage_error(session, "lessons") if args else coaching.list_lessons(session)


def puzzle(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """The next puzzle, or puzzle N."""
    number = _one_number(session, args, "puzzle")
    return number if isinstance(number, Reply) else coaching.open_puzzles(session, number)


def skip(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """On to the next lesson or puzzle."""
    return usage_error(session, "skip") if args else coaching.skip(session)


def settings(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """List or change settings."""
    if not args:
        return session.answer(phrases.settings_list([(setting_label(name), value)
                                                     for name, value in session.settings.describe()]))
    if len(args) < 2:
        return usage_error(session, "set")
    return session.change_setting(args[0].lower().replace("-", "_"), " ".join(args[1:]))


def clock(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Both clocks."""
    return session.clock_report()


def pause(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Stop the clocks, or start them again."""
    return session.pause()


def resume(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Start the stopped clocks again."""
    return session.resume_clocks()


def _control_and_rated(session: GameSession, words: list[str], command: str) -> tuple[TimeControl, bool] | Reply:
    """The time control and rated or casual among ``words`` (``15+10 rated``; casual by default)."""
    joined = re.sub(r"\s*\+\s*", "+", " ".join(words)).lower().split()
    rated = "rated" in joined
    rest = [word for word in joined if word not in ("rated", "casual")]
    if len(rest) != 1:
        return usage_error(session, command)
    try:
        return TimeControl.parse(rest[0]), rated
    except ClockError as error:
        return session.error(phrases.clock_error(error.reason, error.text))


def seek(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Look for an opponent online."""
    online = session.online
    if online is None:
        return session.error(phrases.only_online("seek"))
    found = _control_and_rated(session, args, "seek")
    return found if isinstance(found, Reply) else online.seek(*found)


def challenge(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Challenge a player online."""
    online = session.online
    if online is None:
        return session.error(phrases.only_online("challenge"))
    if not args:
        return usage_error(session, "challenge")
    found = _control_and_rated(session, args[1:], "challenge")
    return found if isinstance(found, Reply) else online.challenge(args[0], *found)


def accept(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Accept the challenge waiting."""
    online = session.online
    if online is None:
        return session.error(phrases.only_online("accept"))
    return online.answer_challenge(True)  # type: ignore[no-any-return]


def decline(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Decline the challenge waiting."""
    online = session.online
    if online is None:
        return session.error(phrases.only_online("decline"))
    return online.answer_challenge(False)  # type: ignore[no-any-return]


def say_text(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Chat with the opponent."""
    online = session.online
    if online is None:
        return session.error(phrases.only_online("say"))
    if not args:
        return usage_error(session, "say")
    return online.chat(" ".join(args))  # type: ignore[no-any-return]


def draw(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Offer or accept a draw."""
    online = session.online
    if online is None:
        return session.error(phrases.only_online("draw"))
    return online.draw()  # type: ignore[no-any-return]


def abort(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Abort the online game."""
    online = session.online
    if online is None:
        return session.error(phrases.only_online("abort"))
    return online.abort()  # type: ignore[no-any-return]


def quit_program(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Leave, asking first about a finished game nobody kept."""
    return session.quit()
