"""The one command table: names, aliases, TUI keys, help, and handlers returning a ``Reply``.

The line mode's parser and completions, the help text and the TUI's key bindings all come from
``COMMANDS``. A handler gets the session, the words after the command, and the TUI's focused pit
(``None`` in the line mode).
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rules import Side
from speech import phrases
from toguz_tui import actions, storage
from toguz_tui.session import GameSession, Reply

Focus = tuple[Side, int] | None
Handler = Callable[[GameSession, list[str], Focus], Reply]


@dataclass(frozen=True)
class Command:
    """One thing the player can do or ask; ``key_help`` says what its key does on the board, where
    that differs from the typed command (the focused pit stands for N)."""

    name: str
    aliases: tuple[str, ...]
    keys: tuple[str, ...]
    usage: str
    help: str
    group: str
    handler: Handler
    key_help: str = ""

    @property
    def words(self) -> tuple[str, ...]:
        """Every word that names this command."""
        return (self.name, *self.aliases)


def _cmd(name: str, aliases: Sequence[str], keys: Sequence[str], usage: str, text: str, group: str,
         handler: Handler, key_help: str = "") -> Command:
    return Command(name, tuple(aliases), tuple(keys), usage, text, group, handler, key_help)


def help_text(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Help: the topics; a topic's commands; every command (``help all``); or one command."""
    word = args[0].lower() if args else ""
    if not word:
        topics = [(name, what) for name, (_, what) in HELP_TOPICS.items()]
        return session.say(Reply(phrases.help_overview(topics), spoken=phrases.help_spoken()))
    if word == "all" or word in HELP_TOPICS:
        title = phrases.help_topic_title(word)
        lines = help_lines(None if word == "all" else HELP_TOPICS[word][0])
        return session.say(Reply("\n".join([title, *lines]), spoken=phrases.help_spoken()))
    command = find(word)
    if command is None:
        return session.error(session.announcer.unknown_command(phrases.clipped(args[0])))
    keys = ", ".join(key_label(key) for key in command.keys) or "none"
    aliases = ", ".join(command.aliases) or "none"
    return session.answer(f"{command.usage}: {command.help}. Also: {aliases}. Keys: {keys}.")


COMMANDS: tuple[Command, ...] = (
    _cmd("play", [], ["enter", "space"], "play N, or just N",
         "play your pit N (the focused pit in the board view)", "play", actions.play, "play the focused pit"),
    _cmd("where", ["preview", "w"], ["w"], "where N, or where their N",
         "where the last stone of pit N (yours, or theirs) would land, and what it would take", "ask",
         actions.preview, "where the focused pit's last stone would land (yours or theirs), and what it takes"),
    _cmd("pit", ["look"], ["p"], "pit N, or pit their N",
         "how many stones one pit holds (yours, or theirs)", "ask", actions.pit, "what the focused pit holds"),
    _cmd("mine", ["row", "my"], ["m"], "mine", "your row, pit by pit", "ask", actions.my_row),
    _cmd("theirs", ["their", "opponent"], ["o"], "theirs", "the opponent's row, pit by pit", "ask",
         actions.their_row),
    _cmd("board", ["b", "all"], ["b"], "board", "both rows, the kazans and whose turn", "ask",
         actions.board),
    _cmd("compact", ["short", "brief"], ["B"], "compact", "the board in the fewest words: runs of counts and the score",
         "ask", actions.compact),
    _cmd("threats", ["danger"], ["T"], "threats", "what each of the opponent's moves would take now, best first",
         "ask", actions.threats),
    _cmd("chances", ["chance"], ["M"], "chances", "what each of your moves would take now, best first", "ask",
         actions.chances),
    _cmd("kazans", ["score", "k"], ["k"], "kazans", "the score: both kazans", "ask", actions.kazans),
    _cmd("tuzdyks", ["tuzdyk", "tuz", "t"], ["t"], "tuzdyks", "who owns a tuzdyk, and where", "ask",
         actions.tuzdyks),
    _cmd("turn", ["whose", "y"], ["y"], "turn", "whose turn it is, or how the game ended", "ask",
         actions.turn),
    _cmd("moves", ["legal", "v"], ["v"], "moves", "the pits you may play", "ask", actions.legal),
    _cmd("last", ["l"], ["l"], "last", "the last move again, in full", "ask", actions.last),
    _cmd("history", ["hist"], ["H"], "history", "every move of the game so far", "ask", actions.history),
    _cmd("players", ["names", "who"], ["P"], "players", "who plays White and who plays Black", "ask",
         actions.players),
    _cmd("fen", [], ["f"], "fen, or fen POSITION", "the position as FEN, or start a game from a FEN",
         "game", actions.fen),
    _cmd("repeat", ["r", "again"], ["r"], "repeat", "say the last announcement again", "speech",
         actions.repeat),
    _cmd("previous", ["prev"], ["comma"], "previous", "the announcement before (step back through them)",
         "speech", actions.previous),
    _cmd("next", [], ["full_stop"], "next", "the announcement after (step forward through them)",
         "speech", actions.next_announcement),
    _cmd("silence", ["hush", "s"], ["s"], "silence", "stop speaking now", "speech", actions.silence),
    _cmd("speech", [], [], "speech on, or speech off", "turn the voice on or off", "speech",
         actions.speech),
    _cmd("verbosity", ["verbose"], [], "verbosity brief, normal or full", "how much is said after a move",
         "speech", actions.verbosity),
    _cmd("hint", ["i", "idea"], ["i"], "hint", "the computer's suggestion for your move", "game",
         actions.hint),
    _cmd("undo", ["u", "takeback"], ["u"], "undo", "take back your last move", "game", actions.undo),
    _cmd("new", ["n"], ["n"], "new [toguz|kozdatu|bestemshe] [computer|human] [level N] [white|black]",
         "start a new game", "game", actions.new_game),
    _cmd("resign", [], ["R", "ctrl+r"], "resign", "give up this game", "game", actions.resign),
    _cmd("save", [], ["ctrl+s"], "save [FILE] [playok]", "save the game as a record", "game",
         actions.save),
    _cmd("open", [], ["ctrl+o"], "open FILE [N], or open N",
         "open a record (its game N) to review, a FEN position to play, or game N of the record open", "game",
         actions.open_file),
    _cmd("recent", ["lately"], [], "recent, or recent N", "the record files opened or saved lately; open the Nth",
         "game", actions.recent),
    _cmd("games", ["list"], [], "games, or games FILE", "the games of a record file (the one open), numbered",
         "game", actions.games),
    _cmd("review", [], ["e"], "review", "review this game move by move", "review", actions.review),
    _cmd("forward", ["fw", "+"], ["right"], "forward [N]", "in a review: the next move", "review",
         actions.forward),
    _cmd("back", ["bk", "-"], ["left"], "back [N]", "in a review: one move back", "review", actions.back),
    _cmd("start", ["first", "beginning"], ["home"], "start", "in a review: the start of the game",
         "review", actions.review_start),
    _cmd("end", ["final"], ["end"], "end", "in a review: the position after the last move", "review",
         actions.review_end),
    _cmd("goto", ["go"], ["g"], "goto N [white|black]",
         "in a review: the position after move N (White's and Black's, or one side's)", "review", actions.goto),
    _cmd("continue", ["playhere"], ["C"], "continue", "in a review: play on from this position", "review",
         actions.continue_here),
    _cmd("close", ["leave"], ["backspace", "escape"], "close", "leave the review, back to your game", "review",
         actions.close_review),
    _cmd("settings", ["set", "option", "options"], ["O", "f2"], "settings, or set NAME VALUE",
         "list the settings, or change one", "settings", actions.settings),
    _cmd("help", ["?", "commands", "h"], ["h", "question_mark", "f1"], "help [COMMAND]",
         "the commands and keys, or one command's help", "settings", help_text),
    _cmd("quit", ["q", "exit", "bye"], ["ctrl+q", "q"], "quit", "leave (a game in progress stays saved)",
         "settings", actions.quit_program),
)

BY_WORD: dict[str, Command] = {word: command for command in COMMANDS for word in command.words}


def find(word: str) -> Command | None:
    """The command named by ``word`` (any case), or ``None``."""
    return BY_WORD.get(word.lower())


def run_line(session: GameSession, line: str, focus: Focus = None) -> Reply | None:
    """Carry out one typed line, its words split as a shell splits them (quotes keep a name with
    spaces in one word); ``None`` for a blank line."""
    try:
        words = shlex.split(line)
    except ValueError:
        return session.error(phrases.unbalanced_quotes())
    if not words:
        return None
    head = words[0]
    if head.lstrip("-").isdecimal():
        session.resign_asked = False
        return guarded(actions.play, session, words, focus)
    command = find(head)
    if command is None or command.name != "resign":
        session.resign_asked = False  # resign asks once; anything else in between plays on
    if command is None:
        return session.error(session.announcer.unknown_command(phrases.clipped(head)))
    return guarded(command.handler, session, words[1:], focus)


def run(session: GameSession, name: str, focus: Focus = None, args: Sequence[str] = ()) -> Reply:
    """Carry out the command called ``name`` (as a key in the TUI does)."""
    return guarded(BY_WORD[name].handler, session, list(args), focus)


def guarded(handler: Handler, session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Run a handler; a fault in the program becomes one spoken line and a log entry, never a traceback."""
    try:
        return handler(session, args, focus)
    except Exception as error:  # the last guard between a bug and the player
        where = storage.log_failure(error)
        return session.error(phrases.internal_error(f"{type(error).__name__}: {error}", where))


# Help topics: the word typed after help, the group of the table it lists, and what it is about.
HELP_TOPICS: dict[str, tuple[str, str]] = {
    "play": ("play", "playing a pit"),
    "board": ("ask", "hearing the board: pits, rows, kazans, tuzdyks, moves, history"),
    "game": ("game", "hints, undo, new games, saving and opening records"),
    "speech": ("speech", "repeating, silencing and how much is said"),
    "review": ("review", "stepping through a game move by move"),
    "settings": ("settings", "settings, help and quitting"),
}


def help_lines(group: str | None = None) -> list[str]:
    """One line a command (of ``group``, or all): its usage, aliases, keys and what it does."""
    lines = []
    for command in COMMANDS:
        if group is not None and command.group != group:
            continue
        extra = []
        if command.aliases:
            extra.append("also " + ", ".join(command.aliases))
        if command.keys:
            extra.append("keys " + ", ".join(key_label(key) for key in command.keys))
        lines.append(f"{command.usage}: {command.help} ({'; '.join(extra)})" if extra
                     else f"{command.usage}: {command.help}")
    return lines


KEY_LABELS = {"comma": ",", "full_stop": ".", "question_mark": "?", "space": "Space", "enter": "Enter",
              "escape": "Escape", "right": "Right", "left": "Left", "home": "Home", "end": "End",
              "backspace": "Backspace"}


def key_label(key: str) -> str:
    """How a key is written for a person."""
    if key in KEY_LABELS:
        return KEY_LABELS[key]
    if key.startswith("ctrl+"):
        return "Ctrl+" + key[5:].upper()
    if len(key) == 1 and key.isupper():
        return f"Shift+{key.lower()}"
    return key.upper() if key.startswith("f") and key[1:].isdigit() else key
