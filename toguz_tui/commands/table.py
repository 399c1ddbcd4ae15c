"""The one command table: each command with everything known of it, and the one way a command is run.

The line mode's parser and completions, the help text, the TUI's key bindings and dialogs, and the
refusals in a lesson, a puzzle or online all come from ``COMMANDS``. A handler gets the session, the
words after the command, and the TUI's focused pit (``None`` in the line mode); the handlers live in
one module per topic of the help (``board``, ``game``, ``speech``, ``review``, ``learn``, ``online``,
``settings``), their words in ``words``. Keys, typed commands and bare numbers all pass ``run``.

Past 400 lines on purpose: most of it is the table itself, one entry a command, which is the point of
having one table; how a typed line is split into words is ``line_words``'s.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules import VARIANT_KEYS
from speech.words import phrases
from speech.words.i18n import N_, _, language
from speech.words.naming import VERBOSITIES
from toguz_tui.commands import (
    board_commands,
    game_commands,
    learning_commands,
    online_commands,
    review_commands,
    settings_commands,
    speech_commands,
)
from toguz_tui.commands.arguments import Answer, Focus, Handler, WrongWords, localised, usage
from toguz_tui.commands.command import Command
from toguz_tui.commands.lexicon import (
    COMMAND,
    HELP_TOPIC_WORDS,
    arguments,
    commands_of,
    english_word,
    shown_word,
    typed_answer,
)
from toguz_tui.commands.line_words import line_words
from toguz_tui.files import storage
from toguz_tui.files.settings import COLOURS, OPPONENTS, Settings
from toguz_tui.keyboards.board_keys import key_label
from toguz_tui.keyboards.layouts import layout_digits, meant_word
from toguz_tui.keyboards.places import layout_names
from toguz_tui.session.facade import GameSession
from toguz_tui.session.output.announcement_stream import Reply


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
    """A help topic as the player types it (``help доска``, ``nápověda vše``): a command's name in the command's
    words, another topic (``all``, which is also a word of ``board``; ``game``) in the words' own."""
    named = BY_WORD.get(topic)
    return shown_word(COMMAND, topic) if named is not None and named.name == topic else shown_word("word", topic)


def command_words(session: GameSession, args: list[str], focus: Focus) -> Answer:
    """``command WORDS``: the command the words say (the board's field to type in runs the same)."""
    if not args or args[0].lower() == "command":
        return WrongWords("command")
    return run_words(session, list(args), focus) or WrongWords("command")


THEIR = ("their",)
ON_OFF = ("on", "off")
RATED = ("rated", "casual")

COMMANDS: tuple[Command, ...] = (
    Command("play", (), ("enter", "space"), "play", game_commands.play,
            N_("play your pit N (the focused pit in the board view)"),
            N_("play the focused pit"), usage_text=N_("play N, or just N"), numbered=True),
    Command("where", ("preview", "w"), ("w",), "ask", board_commands.preview,
            N_("where the last stone of pit N (yours, or theirs) would land, and what it would take"),
            N_("where the focused pit's last stone would land (yours or theirs), and what it takes"),
            usage_text=N_("where N, or where their N"), arguments=THEIR, numbered=True),
    Command("pit", ("look",), ("p",), "ask", board_commands.pit,
            N_("how many stones one pit holds (yours, or theirs)"),
            N_("what the focused pit holds"), usage_text=N_("pit N, or pit their N"), arguments=THEIR,
            completions=THEIR, numbered=True),
    Command("mine", ("row", "my", "m"), ("m",), "ask", board_commands.my_row,
            N_("your row, pit by pit")),
    Command("theirs", ("their", "opponent", "o"), ("o",), "ask", board_commands.their_row,
            N_("the opponent's row, pit by pit")),
    Command("board", ("b", "all"), ("b",), "ask", board_commands.board,
            N_("both rows, the kazans and whose turn")),
    Command("compact", ("short", "brief"), ("B",), "ask", board_commands.compact,
            N_("the board in the fewest words: runs of counts and the score")),
    Command("glance", (), ("G",), "ask", board_commands.glance,
            N_("the board at a glance by ear: your row then theirs as tones rising with the count, then the "
               "kazans as a chord, higher the more you lead")),
    Command("threats", ("danger",), ("T",), "ask", board_commands.threats,
            N_("what each of the opponent's moves would take now, best first"), solver=True),
    Command("chances", ("chance",), ("M",), "ask", board_commands.chances,
            N_("what each of your moves would take now, best first"), solver=True),
    Command("kazans", ("score", "k"), ("k",), "ask", board_commands.kazans,
            N_("the score: both kazans")),
    Command("tuzdyks", ("tuzdyk", "tuz", "t"), ("t",), "ask", board_commands.tuzdyks,
            N_("who owns a tuzdyk, and where")),
    Command("turn", ("whose", "y"), ("y",), "ask", board_commands.turn,
            N_("whose turn it is, or how the game ended")),
    Command("moves", ("legal", "v"), ("v",), "ask", board_commands.legal,
            N_("the pits you may play")),
    Command("last", ("l",), ("l",), "ask", board_commands.last,
            N_("the last move again, in full")),
    Command("history", ("hist",), ("H",), "ask", board_commands.history,
            N_("every move of the game so far"), game_only=True),
    Command("players", ("names", "who"), ("P",), "ask", board_commands.players,
            N_("who plays White and who plays Black")),
    Command("clock", ("clocks", "time", "c"), ("c",), "ask", board_commands.clock,
            N_("both clocks: the time each player has left")),
    Command("fen", (), ("f",), "game", game_commands.fen,
            N_("the position as FEN, or start a game from a FEN"), usage_text=N_("fen, or fen POSITION"),
            game_only="with-words"),
    Command("repeat", ("r", "again"), ("r",), "speech", speech_commands.repeat,
            N_("say the last announcement again")),
    Command("previous", ("prev",), ("comma",), "speech", speech_commands.previous,
            N_("the announcement before (step back through them)")),
    Command("next", (), ("full_stop",), "speech", speech_commands.next_announcement,
            N_("the announcement after (step forward through them)")),
    Command("silence", ("hush", "s"), ("s",), "speech", speech_commands.silence,
            N_("stop speaking now")),
    Command("speech", (), (), "speech", speech_commands.speech,
            N_("turn the voice on or off"), usage_text=N_("speech on, or speech off"), arguments=ON_OFF,
            completions=ON_OFF),
    Command("sounds", (), (), "speech", speech_commands.sounds,
            N_("the sound cues on or off"), usage_text=N_("sounds on, or sounds off"), arguments=ON_OFF,
            completions=ON_OFF),
    Command("verbosity", ("verbose",), (), "speech", speech_commands.verbosity,
            N_("how much is said after a move"), usage_text=N_("verbosity {choices}"), arguments=VERBOSITIES,
            completions=VERBOSITIES),
    Command("hint", ("i", "idea"), ("i",), "game", game_commands.hint,
            N_("the computer's suggestion for your move (in a lesson: a hint; in a puzzle: its theme)")),
    Command("analyse", ("a", "analyze", "analysis"), ("a",), "game", game_commands.analyse,
            N_("every pit you may play, with what the computer thinks it comes to, best first"), game_only=True),
    Command("line", ("expected",), ("L",), "game", game_commands.expected_line,
            N_("the moves the computer expects from here, yours first"), game_only=True),
    Command("undo", ("u", "takeback"), ("u",), "game", game_commands.undo,
            N_("take back your last move"), game_only=True),
    Command("pause", ("z",), ("z",), "game", game_commands.pause,
            N_("stop the clocks (press again, or type resume, to start them)"), game_only=True),
    Command("resume", ("go-on",), (), "game", game_commands.resume,
            N_("start the stopped clocks again"), game_only=True),
    Command("new", ("n",), ("n",), "game", game_commands.new_game,
            N_("start a new game"),
            usage_text=N_("new [{variants}] [{opponents}] [level N] [{sides}] [clock MINUTES[+INCREMENT] or clock "
                          "none]"),
            arguments=("two", *OPPONENTS, *COLOURS, "level", "clock", "none", *VARIANT_KEYS),
            completions=(*VARIANT_KEYS, *OPPONENTS, "level", *COLOURS, "clock"), dialog=True, game_only=True,
            records=True),
    Command("resign", (), ("R", "ctrl+r"), "game", game_commands.resign,
            N_("give up this game"), arguments=("now",), dialog=True, game_only=True),
    Command("save", (), ("ctrl+s",), "game", game_commands.save,
            N_("save the game as a record"),
            usage_text=N_('save [FILE] [playok] [replace or append]; put quotes around a name with spaces: save '
                          '"my game.pgn"'),
            arguments=("replace", "append"), completions=("playok",), dialog=True, game_only=True, file_words="name"),
    Command("open", (), ("ctrl+o",), "game", game_commands.open_file,
            N_("open a record (its game N) to review, a FEN position to play, or game N of the record open"),
            usage_text=N_("open FILE [N], or open N for game N of the file open; quotes around a name with spaces"),
            dialog=True, game_only=True, records=True, file_words="name"),
    Command("recent", ("lately",), (), "game", game_commands.recent,
            N_("the record files opened or saved lately; open the Nth"), usage_text=N_("recent, or recent N"),
            game_only=True, records=True),
    Command("games", ("list",), (), "game", game_commands.games,
            N_("the games of a record file (the one open), numbered; in toguz online, your games going on at "
               "PlayStrategy (games N: go to game N)"),
            usage_text=N_("games, or games FILE; online: games, or games N"),
            records=True, file_words="name"),
    Command("review", (), ("e",), "review", review_commands.review,
            N_("review this game move by move"), game_only=True),
    Command("forward", ("fw", "+"), ("right",), "review", review_commands.forward,
            N_("in a review: the next move"), usage_text=N_("forward [N]"), numbered=True, navigation="right",
            game_only=True),
    Command("back", ("bk", "-"), ("left",), "review", review_commands.back,
            N_("in a review: one move back"), usage_text=N_("back [N]"), numbered=True, navigation="left",
            game_only=True),
    Command("start", ("first", "beginning"), ("home",), "review", review_commands.review_start,
            N_("in a review: the start of the game"), navigation="home", game_only=True),
    Command("end", ("final",), ("end",), "review", review_commands.review_end,
            N_("in a review: the position after the last move"), navigation="end", game_only=True),
    Command("goto", ("go",), ("g",), "review", review_commands.goto,
            N_("in a review: the position after move N (White's and Black's, or one side's)"),
            usage_text=N_("goto N, or goto N white, or goto N black"), arguments=COLOURS, numbered=True,
            dialog=True, game_only=True),
    Command("continue", ("playhere",), ("C",), "review", review_commands.continue_here,
            N_("in a review: play on from this position"), game_only=True),
    Command("close", ("leave",), ("backspace", "escape"), "review", review_commands.close,
            N_("leave the review, the lesson or the puzzles, back to your game")),
    Command("account", ("report",), ("A",), "review", review_commands.account,
            N_("the account of the game (over, or reviewed): who led, the turning points, each side's worst "
               "moves and the better pits; account all analyses every game of yours not analysed yet; account "
               "stop stops"),
            usage_text=N_("account, account all, or account stop"), arguments=("stop", "all")),
    Command("course", ("graph",), ("K",), "review", review_commands.course,
            N_("the game's course as sound: the advantage from the first move (left) to the last (right), higher "
               "the more you led, then its turning points")),
    Command("learn", ("lesson", "teach"), ("j",), "learn", learning_commands.learn,
            N_("the lessons: go on where you left off, take lesson N, or list them"),
            usage_text=N_("learn, learn N for lesson N, or learn list"), arguments=("list",), numbered=True),
    Command("lessons", (), (), "learn", learning_commands.lessons,
            N_("every lesson, and which you have done")),
    Command("puzzle", ("puzzles",), ("x",), "learn", learning_commands.puzzle,
            N_("a puzzle from a master game: find the best move (puzzle N for puzzle N)"),
            usage_text=N_("puzzle, or puzzle N"), numbered=True),
    Command("mistakes", ("mistake",), (), "learn", learning_commands.mistakes,
            N_("your own mistakes played again as puzzles, the costliest first (mistakes last: your last "
               "game's)"), usage_text=N_("mistakes, or mistakes last"), arguments=("last",)),
    Command("skip", (), ("X",), "learn", learning_commands.skip,
            N_("in a lesson: on to the next lesson; in a puzzle: its answer, then the next puzzle")),
    Command("seek", (), (), "online", online_commands.seek,
            N_("online: look for an opponent at this time control"),
            usage_text=N_("seek MINUTES[+INCREMENT] [rated], such as seek 15+10"), arguments=RATED, game_only=True),
    Command("challenge", (), (), "online", online_commands.challenge,
            N_("online: challenge a player, on a clock or by correspondence (days a move)"),
            usage_text=N_("challenge NAME MINUTES[+INCREMENT] [rated], or challenge NAME days N"),
            arguments=(*RATED, "days"), game_only=True),
    Command("accept", (), (), "online", online_commands.accept,
            N_("online: accept the challenge waiting"), game_only=True),
    Command("decline", (), (), "online", online_commands.decline,
            N_("online: decline the challenge waiting"), game_only=True),
    Command("say", ("chat",), (), "online", online_commands.say_text,
            N_("online: say something to your opponent"), usage_text=N_("say TEXT"), game_only=True),
    Command("draw", (), (), "online", online_commands.draw,
            N_("online: offer a draw, or accept the one offered"), game_only=True),
    Command("abort", (), (), "online", online_commands.abort,
            N_("online: abort the game before its second move"), game_only=True),
    Command("tournament", ("arena",), (), "online", online_commands.tournament,
            N_("online: join a PlayStrategy arena played Rapid or slower"), usage_text=N_("tournament join ID"),
            arguments=("join",), game_only=True),
    Command("watch", (), (), "online", online_commands.watch,
            N_("online: listen to a live game, no login needed: the Togyzkumalak TV game (and the next after it), "
               "a player's game, or a game by its id; watch once stops after the TV game, watch stop now"),
            usage_text=N_("watch, watch NAME, watch GAMEID, watch once, or watch stop"),
            arguments=("stop", "once", "tv"), completions=("stop", "once"), game_only=True),
    Command("command", (), ("colon",), "settings", command_words,
            N_("type any command by its words (on the board: a field to type it in)"),
            N_("a field to type any command in, as in the line mode (seek, challenge, say ...)"),
            usage_text=N_("command WORDS, such as command say thanks"), dialog=True),
    Command("settings", ("set", "option", "options"), ("O", "f2"), "settings", settings_commands.settings,
            N_("list the settings, or change one (set plain_input on: the line mode only adds to the screen, "
               "never redraws it, for braille displays and Speakup)"),
            usage_text=N_("settings, or set NAME VALUE"), completions=tuple(Settings.__dataclass_fields__),
            dialog=True, file_words="words"),
    Command("help", ("?", "commands", "h"), ("h", "question_mark", "f1"), "settings", help_text,
            N_("the commands and keys, or one command's help"), usage_text=N_("help [COMMAND]"), dialog=True),
    Command("quit", ("q", "exit", "bye"), ("ctrl+q", "q"), "settings", settings_commands.quit_program,
            N_("leave (a game in progress stays saved)"), dialog=True),
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
    spaces in one word; a file's name as the system types it: ``line_words``); ``None`` for a blank line.
    A line longer than ``LONGEST_LINE`` is refused before it is split (a pasted megabyte would take
    minutes)."""
    length = len(line.rstrip("\r\n"))
    if length > LONGEST_LINE:
        return too_long(session, length)
    try:
        words = line_words(line, find)
    except ValueError:
        return session.output.error(_('A quote is not closed: put a name with spaces between two quotes, as in save '
                                      '"my game.pgn".'))
    return run_words(session, words, focus)


def run_words(session: GameSession, words: list[str], focus: Focus = None) -> Reply | None:
    """Carry out a line's words (the command's first); ``None`` for none."""
    if not words:
        return None
    if session.questions.waiting("resign") and len(words) == 1 and typed_answer(words[0]) in ("y", "n"):
        if typed_answer(words[0]) == "n":  # "no" to "Give up this game?"
            session.questions.drop()
            return session.output.answer(_("You play on."))
        words = ["resign"]  # "yes" gives the game up, as resign again does
    layout = session.settings.keyboard_layout
    head = layout_digits(words[0], layout)  # the Kazakh digit row: "." is 7
    bare = head.lstrip("-").isdecimal()  # a number alone plays that pit, as play N does
    command = BY_WORD["play"] if bare else find(head)
    if command is None or command.name != "resign":
        session.questions.drop()  # resign asks once; anything else in between plays on
    if command is None:
        return unknown(session, head)
    args = [head, *words[1:]] if bare else arguments(command.name, words[1:], command.arguments)
    if command.numbered:
        args = [layout_digits(word, layout) for word in args]
    return run(session, command.name, focus, args)


def unknown(session: GameSession, word: str) -> Reply:
    """The answer to a word that names no command: in toguz online, login is how to log in; the command it is
    in another keyboard layout (said, and nothing done: the player types it again as meant), or that it is
    unknown."""
    login = online_commands.login_typed(session, word)
    if login is not None:
        return login
    meant = did_you_mean(session, word)
    if meant is not None:
        return session.output.error(_("Did you mean {word}? The keyboard may be in another layout.").format(
            word=meant))
    return session.output.error(session.output.announcer.unknown_command(phrases.clipped(word)))


def run(session: GameSession, name: str, focus: Focus = None, args: Sequence[str] = ()) -> Reply:
    """Carry out the command called ``name``, the one way every command is run: typed, by its key on the
    board, from a dialog, or as a bare number. It is refused where it may not run (``refusal``), its
    handler is guarded, and words it does not take are answered with how it is typed."""
    command = BY_WORD[name]
    refused = refusal(session, command, args)
    if refused is not None:
        return refused
    return guarded(command.handler, session, list(args), focus)


def refusal(session: GameSession, command: Command, args: Sequence[str]) -> Reply | None:
    """Why ``command`` (with ``args``) may not run now, or None: a game's command while a lesson or a
    puzzle is open, a question that would solve the puzzle, an online command without a token (but watch),
    a question about the game in ``toguz online`` before any game (the board asks it before opening a command's
    dialog)."""
    return (session.trainer.blocked(command.name, command.acts_on_game(args), command.solver)
            or online_commands.needs_token(session, command.name, command.group)
            or online_commands.no_game_yet(session, command.on_the_board))


def guarded(handler: Handler, session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Run a handler; a fault in the program becomes one spoken line and a log entry, never a traceback;
    words the command does not take, how it is typed."""
    try:
        answer = handler(session, args, focus)
    except Exception as error:  # the last guard between a bug and the player
        where = storage.log_failure(error)
        return session.output.error(phrases.internal_error(f"{type(error).__name__}: {error}", where))
    return answer if isinstance(answer, Reply) else wrong_words(session, answer)


def wrong_words(session: GameSession, wrong: WrongWords) -> Reply:
    """A command given words it does not take: how it is typed (and which word it does not know)."""
    command = BY_WORD.get(wrong.command)
    text = usage(wrong.command, wrong.usage or (command.usage_text if command is not None else ""))
    if wrong.unknown:
        return session.output.error(phrases.unknown_word(wrong.command, wrong.unknown, text))
    return session.output.error(phrases.usage_error(wrong.command, text))


# Help topics: the word typed after help, the group of the table it lists, and what it is about.
HELP_TOPICS: dict[str, tuple[str, str]] = {
    "play": ("play", N_("playing a pit")),
    "board": ("ask", N_("hearing the board: pits, rows, kazans, tuzdyks, moves, history")),
    "game": ("game", N_("hints, undo, new games, saving and opening records")),
    "speech": ("speech", N_("repeating, silencing and how much is said")),
    "review": ("review", N_("stepping through a game move by move")),
    "learn": ("learn", N_("lessons and puzzles: learning the game by ear, training on master games")),
    "online": ("online", N_("playing people on PlayStrategy: seek, challenge, chat, draws; watching live games")),
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

