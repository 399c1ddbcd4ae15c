"""The one command table: names, aliases, TUI keys, help, and handlers returning a ``Reply``.

The line mode's parser and completions, the help text and the TUI's key bindings all come from
``COMMANDS``. A handler gets the session, the words after the command, and the TUI's focused pit
(``None`` in the line mode); the handlers live in one module per topic of the help (``board``,
``game``, ``speech``, ``review``, ``learn``, ``online``, ``settings``), their words in ``words``.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from dataclasses import dataclass

from speech.words import phrases
from speech.words.i18n import N_, _, language, p_
from toguz_tui.commands import board, game, learn, online, review, settings
from toguz_tui.commands import speech as voice
from toguz_tui.commands.layouts import answer as typed_answer
from toguz_tui.commands.layouts import layout_digits, meant_word
from toguz_tui.commands.lexicon import COMMAND, HELP_TOPIC_WORDS, arguments, commands_of, english_word, native_words
from toguz_tui.commands.lexicon import shown as shown_word
from toguz_tui.commands.places import layout_names
from toguz_tui.commands.words import Focus, Handler, localised, usage, usage_error
from toguz_tui.files import storage
from toguz_tui.session.facade import GameSession
from toguz_tui.session.stream import Reply


@dataclass(frozen=True)
class Command:
    """One thing the player can do or ask; ``key_help`` says what its key does on the board, where
    that differs from the typed command (the focused pit stands for N)."""

    name: str
    aliases: tuple[str, ...]
    keys: tuple[str, ...]
    help_text: str
    group: str
    handler: Handler
    key_help_text: str = ""

    @property
    def words(self) -> tuple[str, ...]:
        """Every word that names this command."""
        return (self.name, *self.aliases)

    @property
    def native(self) -> tuple[str, ...]:
        """Its words in the language spoken now (none in English), the first the name shown."""
        return native_words(COMMAND, self.name)

    @property
    def shown_name(self) -> str:
        """Its name in the language spoken now."""
        return shown_word(COMMAND, self.name)

    @property
    def all_aliases(self) -> tuple[str, ...]:
        """Its other names, the language's first, then the English ones (its English name among them)."""
        native = self.native
        return (*native[1:], *self.words) if native else self.aliases

    @property
    def usage(self) -> str:
        """How it is typed, in the language spoken now."""
        return usage(self.name)

    @property
    def help(self) -> str:
        """What it does, in the language spoken now."""
        return _(self.help_text)

    @property
    def key_help(self) -> str:
        """What its key does on the board, where that differs from the typed command ("" if not)."""
        return _(self.key_help_text) if self.key_help_text else ""


def _cmd(name: str, aliases: Sequence[str], keys: Sequence[str], group: str, handler: Handler, text: str,
         key_help: str = "") -> Command:
    return Command(name, tuple(aliases), tuple(keys), text, group, handler, key_help)


def help_text(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Help: the topics; a topic's commands; every command (``help all``); or one command."""
    word = args[0].lower() if args else ""
    if not word:
        topics = [(topic_word(name), _(what)) for name, (_group, what) in HELP_TOPICS.items()]
        return session.output.say(Reply(localised(phrases.help_overview(topics)), spoken=phrases.help_spoken()))
    command = find(word)
    topic = english_word(word) if english_word(word) in HELP_TOPIC_WORDS else word
    if topic not in HELP_TOPICS and topic != "all" and command is not None and command.name in HELP_TOPICS:
        topic = command.name  # help board, help доска: the topic
    if topic == "all" or topic in HELP_TOPICS:
        title = localised(_("Help on {topic} (help and a command's name for more on one):")).format(
            topic=topic_word(topic))
        lines = help_lines(None if topic == "all" else HELP_TOPICS[topic][0])
        return session.output.say(Reply("\n".join([title, *lines]), spoken=phrases.help_spoken()))
    if command is None:
        return session.output.error(session.output.announcer.unknown_command(phrases.clipped(args[0])))
    keys = [key_label(key) for key in command.keys]
    return session.output.answer(phrases.command_help(command.usage, command.help, command.all_aliases, keys))


def topic_word(topic: str) -> str:
    """A help topic as the player types it (``help доска``)."""
    return shown_word(COMMAND, topic) if topic in BY_WORD else shown_word("word", topic)


def command_words(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """``command WORDS``: the command the words say (the board's field to type in runs the same)."""
    if not args or args[0].lower() == "command":
        return usage_error(session, "command")
    return run_line(session, shlex.join(args), focus) or usage_error(session, "command")


COMMANDS: tuple[Command, ...] = (
    _cmd("play", [], ["enter", "space"], "play", game.play,
         N_("play your pit N (the focused pit in the board view)"),
         N_("play the focused pit")),
    _cmd("where", ["preview", "w"], ["w"], "ask", board.preview,
         N_("where the last stone of pit N (yours, or theirs) would land, and what it would take"),
         N_("where the focused pit's last stone would land (yours or theirs), and what it takes")),
    _cmd("pit", ["look"], ["p"], "ask", board.pit,
         N_("how many stones one pit holds (yours, or theirs)"),
         N_("what the focused pit holds")),
    _cmd("mine", ["row", "my", "m"], ["m"], "ask", board.my_row,
         N_("your row, pit by pit")),
    _cmd("theirs", ["their", "opponent", "o"], ["o"], "ask", board.their_row,
         N_("the opponent's row, pit by pit")),
    _cmd("board", ["b", "all"], ["b"], "ask", board.board,
         N_("both rows, the kazans and whose turn")),
    _cmd("compact", ["short", "brief"], ["B"], "ask", board.compact,
         N_("the board in the fewest words: runs of counts and the score")),
    _cmd("glance", [], ["G"], "ask", board.glance,
         N_("the board at a glance by ear: your row then theirs as tones rising with the count, then the kazans "
            "as a chord, higher the more you lead")),
    _cmd("threats", ["danger"], ["T"], "ask", board.threats,
         N_("what each of the opponent's moves would take now, best first")),
    _cmd("chances", ["chance"], ["M"], "ask", board.chances,
         N_("what each of your moves would take now, best first")),
    _cmd("kazans", ["score", "k"], ["k"], "ask", board.kazans,
         N_("the score: both kazans")),
    _cmd("tuzdyks", ["tuzdyk", "tuz", "t"], ["t"], "ask", board.tuzdyks,
         N_("who owns a tuzdyk, and where")),
    _cmd("turn", ["whose", "y"], ["y"], "ask", board.turn,
         N_("whose turn it is, or how the game ended")),
    _cmd("moves", ["legal", "v"], ["v"], "ask", board.legal,
         N_("the pits you may play")),
    _cmd("last", ["l"], ["l"], "ask", board.last,
         N_("the last move again, in full")),
    _cmd("history", ["hist"], ["H"], "ask", board.history,
         N_("every move of the game so far")),
    _cmd("players", ["names", "who"], ["P"], "ask", board.players,
         N_("who plays White and who plays Black")),
    _cmd("clock", ["clocks", "time", "c"], ["c"], "ask", board.clock,
         N_("both clocks: the time each player has left")),
    _cmd("fen", [], ["f"], "game", game.fen,
         N_("the position as FEN, or start a game from a FEN")),
    _cmd("repeat", ["r", "again"], ["r"], "speech", voice.repeat,
         N_("say the last announcement again")),
    _cmd("previous", ["prev"], ["comma"], "speech", voice.previous,
         N_("the announcement before (step back through them)")),
    _cmd("next", [], ["full_stop"], "speech", voice.next_announcement,
         N_("the announcement after (step forward through them)")),
    _cmd("silence", ["hush", "s"], ["s"], "speech", voice.silence,
         N_("stop speaking now")),
    _cmd("speech", [], [], "speech", voice.speech,
         N_("turn the voice on or off")),
    _cmd("sounds", [], [], "speech", voice.sounds,
         N_("the sound cues on or off")),
    _cmd("verbosity", ["verbose"], [], "speech", voice.verbosity,
         N_("how much is said after a move")),
    _cmd("hint", ["i", "idea"], ["i"], "game", game.hint,
         N_("the computer's suggestion for your move (in a lesson: a hint; in a puzzle: its theme)")),
    _cmd("analyse", ["a", "analyze", "analysis"], ["a"], "game", game.analyse,
         N_("every pit you may play, with what the computer thinks it comes to, best first")),
    _cmd("line", ["expected"], ["L"], "game", game.expected_line,
         N_("the moves the computer expects from here, yours first")),
    _cmd("undo", ["u", "takeback"], ["u"], "game", game.undo,
         N_("take back your last move")),
    _cmd("pause", ["z"], ["z"], "game", game.pause,
         N_("stop the clocks (press again, or type resume, to start them)")),
    _cmd("resume", ["go-on"], [], "game", game.resume,
         N_("start the stopped clocks again")),
    _cmd("new", ["n"], ["n"], "game", game.new_game,
         N_("start a new game")),
    _cmd("resign", [], ["R", "ctrl+r"], "game", game.resign,
         N_("give up this game")),
    _cmd("save", [], ["ctrl+s"], "game", game.save,
         N_("save the game as a record")),
    _cmd("open", [], ["ctrl+o"], "game", game.open_file,
         N_("open a record (its game N) to review, a FEN position to play, or game N of the record open")),
    _cmd("recent", ["lately"], [], "game", game.recent,
         N_("the record files opened or saved lately; open the Nth")),
    _cmd("games", ["list"], [], "game", game.games,
         N_("the games of a record file (the one open), numbered")),
    _cmd("review", [], ["e"], "review", review.review,
         N_("review this game move by move")),
    _cmd("forward", ["fw", "+"], ["right"], "review", review.forward,
         N_("in a review: the next move")),
    _cmd("back", ["bk", "-"], ["left"], "review", review.back,
         N_("in a review: one move back")),
    _cmd("start", ["first", "beginning"], ["home"], "review", review.review_start,
         N_("in a review: the start of the game")),
    _cmd("end", ["final"], ["end"], "review", review.review_end,
         N_("in a review: the position after the last move")),
    _cmd("goto", ["go"], ["g"], "review", review.goto,
         N_("in a review: the position after move N (White's and Black's, or one side's)")),
    _cmd("continue", ["playhere"], ["C"], "review", review.continue_here,
         N_("in a review: play on from this position")),
    _cmd("close", ["leave"], ["backspace", "escape"], "review", review.close,
         N_("leave the review, the lesson or the puzzles, back to your game")),
    _cmd("account", ["report"], ["A"], "review", review.account,
         N_("the account of the game (over, or reviewed): who led, the turning points, each side's worst moves "
            "and the better pits; account all analyses every game of yours not analysed yet; account stop stops")),
    _cmd("course", ["graph"], ["K"], "review", review.course,
         N_("the game's course as sound: the advantage from the first move (left) to the last (right), higher "
            "the more you led, then its turning points")),
    _cmd("learn", ["lesson", "teach"], ["j"], "learn", learn.learn,
         N_("the lessons: go on where you left off, take lesson N, or list them")),
    _cmd("lessons", [], [], "learn", learn.lessons,
         N_("every lesson, and which you have done")),
    _cmd("puzzle", ["puzzles"], ["x"], "learn", learn.puzzle,
         N_("a puzzle from a master game: find the best move (puzzle N for puzzle N)")),
    _cmd("mistakes", ["mistake"], [], "learn", learn.mistakes,
         N_("your own mistakes played again as puzzles, the costliest first (mistakes last: your last game's)")),
    _cmd("skip", [], ["X"], "learn", learn.skip,
         N_("in a lesson: on to the next lesson; in a puzzle: its answer, then the next puzzle")),
    _cmd("seek", [], [], "online", online.seek,
         N_("online: look for an opponent at this time control")),
    _cmd("challenge", [], [], "online", online.challenge,
         N_("online: challenge a player")),
    _cmd("accept", [], [], "online", online.accept,
         N_("online: accept the challenge waiting")),
    _cmd("decline", [], [], "online", online.decline,
         N_("online: decline the challenge waiting")),
    _cmd("say", ["chat"], [], "online", online.say_text,
         N_("online: say something to your opponent")),
    _cmd("draw", [], [], "online", online.draw,
         N_("online: offer a draw, or accept the one offered")),
    _cmd("abort", [], [], "online", online.abort,
         N_("online: abort the game before its second move")),
    _cmd("command", [], ["colon"], "settings", command_words,
         N_("type any command by its words (on the board: a field to type it in)"),
         N_("a field to type any command in, as in the line mode (seek, challenge, say ...)")),
    _cmd("settings", ["set", "option", "options"], ["O", "f2"], "settings", settings.settings,
         N_("list the settings, or change one (set plain_input on: the line mode only adds to the screen, never "
            "redraws it, for braille displays and Speakup)")),
    _cmd("help", ["?", "commands", "h"], ["h", "question_mark", "f1"], "settings", help_text,
         N_("the commands and keys, or one command's help")),
    _cmd("quit", ["q", "exit", "bye"], ["ctrl+q", "q"], "settings", settings.quit_program,
         N_("leave (a game in progress stays saved)")),
)

BY_WORD: dict[str, Command] = {word: command for command in COMMANDS for word in command.words}
ENGLISH = tuple((command.name, command.words) for command in COMMANDS)


def find(word: str, code: str | None = None) -> Command | None:
    """The command named by ``word`` (any case) in the language ``code`` (the one spoken now) or in
    English, or ``None``."""
    name = commands_of(code or language(), ENGLISH).get(word.lower())
    return BY_WORD[name] if name is not None else None


def did_you_mean(session: GameSession, word: str) -> str | None:
    """The command word ``word`` is when typed in another keyboard layout, or None: the layout set
    (or the language's), then every other."""
    chosen = session.settings.keyboard_layout
    layouts = (chosen, *(name for name in layout_names() if name != chosen))
    return meant_word(word, layouts, lambda typed: find(typed) is not None)


LONGEST_LINE = 4096  # characters: a command with the longest file name the system allows


def too_long(session: GameSession, length: int) -> Reply:
    """The answer to a line longer than ``LONGEST_LINE`` (nothing of it is done)."""
    return session.output.error(_("That line is {count} characters long; toguz reads lines of up to {most}. Nothing "
                                  "was done.").format(count=length, most=LONGEST_LINE))


def run_line(session: GameSession, line: str, focus: Focus = None) -> Reply | None:
    """Carry out one typed line, its words split as a shell splits them (quotes keep a name with
    spaces in one word); ``None`` for a blank line. A line longer than ``LONGEST_LINE`` is refused
    before it is split (a pasted megabyte would take minutes)."""
    length = len(line.rstrip("\r\n"))
    if length > LONGEST_LINE:
        return too_long(session, length)
    try:
        words = shlex.split(line)
    except ValueError:
        return session.output.error(_('A quote is not closed: put a name with spaces between two quotes, as in save '
                                      '"my game.pgn".'))
    if not words:
        return None
    if session.questions.waiting("resign") and len(words) == 1 and typed_answer(words[0]) in ("y", "n"):
        if typed_answer(words[0]) == "n":  # "no" to "Give up this game?"
            session.questions.drop()
            return session.output.answer(_("You play on."))
        words = ["resign"]  # "yes" gives the game up, as resign again does
    layout = session.settings.keyboard_layout
    head = layout_digits(words[0], layout)  # the Kazakh digit row: "." is 7
    if head.lstrip("-").isdecimal():
        session.questions.drop()
        return guarded(game.play, session, [head, *words[1:]], focus)
    command = find(head)
    if command is None or command.name != "resign":
        session.questions.drop()  # resign asks once; anything else in between plays on
    if command is None:
        meant = did_you_mean(session, head)
        if meant is not None:  # said, and nothing done: the player types it again as meant
            return session.output.error(_("Did you mean {word}? The keyboard may be in another layout.").format(
                word=meant))
        return session.output.error(session.output.announcer.unknown_command(phrases.clipped(head)))
    args = arguments(command.name, words[1:])
    if command.name in NUMBERED:
        args = [layout_digits(word, layout) for word in args]
    refused = session.trainer.blocked(command.name, args) or online.no_game_yet(session, command.name, command.group)
    if refused is not None:
        return refused
    return guarded(command.handler, session, args, focus)


NUMBERED = ("play", "where", "pit", "goto", "forward", "back", "learn", "puzzle")


def run(session: GameSession, name: str, focus: Focus = None, args: Sequence[str] = ()) -> Reply:
    """Carry out the command called ``name`` (as a key in the TUI does)."""
    refused = session.trainer.blocked(name, list(args)) or online.no_game_yet(session, name, BY_WORD[name].group)
    if refused is not None:
        return refused
    return guarded(BY_WORD[name].handler, session, list(args), focus)


def guarded(handler: Handler, session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Run a handler; a fault in the program becomes one spoken line and a log entry, never a traceback."""
    try:
        return handler(session, args, focus)
    except Exception as error:  # the last guard between a bug and the player
        where = storage.log_failure(error)
        return session.output.error(phrases.internal_error(f"{type(error).__name__}: {error}", where))


# Help topics: the word typed after help, the group of the table it lists, and what it is about.
HELP_TOPICS: dict[str, tuple[str, str]] = {
    "play": ("play", N_("playing a pit")),
    "board": ("ask", N_("hearing the board: pits, rows, kazans, tuzdyks, moves, history")),
    "game": ("game", N_("hints, undo, new games, saving and opening records")),
    "speech": ("speech", N_("repeating, silencing and how much is said")),
    "review": ("review", N_("stepping through a game move by move")),
    "learn": ("learn", N_("lessons and puzzles: learning the game by ear, training on master games")),
    "online": ("online", N_("playing people on PlayStrategy: seek, challenge, chat, draws")),
    "settings": ("settings", N_("settings, help and quitting")),
}


def help_lines(group: str | None = None) -> list[str]:
    """One line a command (of ``group``, or all): its usage, aliases, keys and what it does."""
    lines = []
    for command in COMMANDS:
        if group is not None and command.group != group:
            continue
        keys = [key_label(key) for key in command.keys]
        lines.append(phrases.command_line(command.usage, command.help, command.all_aliases, keys))
    return lines


KEY_SIGNS = {"comma": ",", "full_stop": ".", "question_mark": "?", "colon": ":"}


def key_names() -> dict[str, str]:
    """The keys with names, as people call them in the language spoken now."""
    return {"space": p_("key", "Space"), "enter": p_("key", "Enter"), "escape": p_("key", "Escape"),
            "right": p_("key", "Right"), "left": p_("key", "Left"), "up": p_("key", "Up"), "down": p_("key", "Down"),
            "home": p_("key", "Home"), "end": p_("key", "End"), "backspace": p_("key", "Backspace"),
            "pageup": p_("key", "Page Up"), "pagedown": p_("key", "Page Down"), "tab": p_("key", "Tab")}


def key_label(key: str) -> str:
    """How a key is written for a person."""
    if key in KEY_SIGNS:
        return KEY_SIGNS[key]
    names = key_names()
    if key in names:
        return names[key]
    if key.startswith("ctrl+"):
        return p_("key", "Ctrl+{key}").format(key=key[5:].upper())
    if len(key) == 1 and key.isupper():
        return p_("key", "Shift+{key}").format(key=key.lower())
    return key.upper() if key.startswith("f") and key[1:].isdigit() else key
