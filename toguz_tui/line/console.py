"""Line mode: one line per event; at a terminal prompt-toolkit (which redraws its prompt) or the plain input
(``plain_input``: only ever appended to, ``toguz_tui.line.plain``), plain lines otherwise."""

from __future__ import annotations

import sys
import textwrap
import threading
from collections.abc import Callable, Iterable, Iterator
from typing import TextIO

from prompt_toolkit.completion import CompleteEvent, Completer, Completion, PathCompleter
from prompt_toolkit.document import Document
from prompt_toolkit.history import FileHistory, History, InMemoryHistory
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output

from speech.system.machine import machine
from speech.voices.braille import braille_wrap
from speech.words import phrases
from speech.words.i18n import n_
from toguz_tui.commands.command import Command
from toguz_tui.commands.lexicon import COMMAND, argument_choices, native_words
from toguz_tui.commands.online_commands import no_game_prompt
from toguz_tui.commands.table import COMMANDS, HELP_TOPICS, LONGEST_LINE, find, run_line, too_long
from toguz_tui.files import storage
from toguz_tui.line.plain import ConsolePrompt, PlainPrompt, plain_prompt
from toguz_tui.session.facade import GameSession
from toguz_tui.session.mode import Training
from toguz_tui.session.output.announcement_stream import Reply
from toguz_tui.session.output.follower import Follower


def offered(command: Command) -> tuple[str, ...]:
    """The English words Tab offers after ``command`` before the words it reads: help's are the topics
    and every command."""
    if command.name == "help":
        return (*HELP_TOPICS, "all", *(each.name for each in COMMANDS))
    return command.completions


def is_more(line: str) -> bool:
    """Whether ``line`` asks for the next page (``more``, or the language's word)."""
    word = line.strip().lower()
    return word == "more" or word in native_words(COMMAND, "more")


class CommandCompleter(Completer):
    """Completes command names, then their words (file names after open and save)."""

    def __init__(self) -> None:
        self.paths = PathCompleter(expanduser=True)
        self.english = {word for command in COMMANDS for word in command.words if word.isalpha()}

    @property
    def names(self) -> list[str]:
        """The command words of the language spoken now, and the English ones."""
        native = {word for command in COMMANDS for word in command.native if word.isalpha()}
        return sorted(native | self.english)

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterable[Completion]:
        """Completions for the text before the cursor."""
        text = document.text_before_cursor
        words = text.split()
        if len(words) <= 1 and not text.endswith(" "):
            stem = words[0].lower() if words else ""
            choices: Iterable[str] = (name for name in self.names if name.startswith(stem))
            yield from (Completion(name, -len(stem)) for name in choices)
            return
        command = find(words[0])
        if command is None:
            return
        if command.name in ("open", "save"):
            rest = text[len(words[0]):].lstrip()
            yield from self.paths.get_completions(Document(rest, len(rest)), complete_event)
            return
        stem = "" if text.endswith(" ") else words[-1].lower()
        for word in dict.fromkeys((*offered(command), *argument_choices(command.name, command.arguments))):
            if word.startswith(stem):
                yield Completion(word, -len(stem))


class Printer:
    """Prints what the session says, from any thread, never interleaved.

    The printer follows what the session says (``follow``: ``GameSession.follow``, as the board does): what
    is said without a command (the computer's move, a server's, a clock's warning) is printed at once; while
    a command runs (``hold``), everything waits, and ``release`` prints it in the order it was said, then the
    command's reply if it was not said (the goodbye, a repeat), by the follower's one rule.

    At a terminal (``paged``) a reply is wrapped between words to the terminal's width (with a braille
    display, into its windows, as the board's speech area is: ``speech.voices.braille``), and one
    taller than the terminal is printed a page at a time: ``more`` prints the next page. Piped,
    every line is printed as it is.
    """

    def __init__(self, paged: bool = False, terminal: TextIO | None = None) -> None:
        self.lock = threading.RLock()
        self.paged = paged
        self.rest: list[str] = []
        self.terminal = terminal  # where direct writes go (the real standard output by default)
        self.follower: Follower | None = None
        self.holding = False  # a command runs: what is said waits for its reply
        self.above: Callable[[str], None] | None = None  # the plain input's writer, while it reads (all goes there)

    def follow(self, session: GameSession) -> Follower:
        """Print what ``session`` says: what it has said so far now, the rest as it comes; its follower."""
        self.follower = session.follow(self.news)
        self.release()
        return self.follower

    def news(self) -> None:
        """Something was said (on any thread): printed now, unless a command runs (then after its reply)."""
        with self.lock:
            if self.holding or self.follower is None:
                return
            for reply in self.follower.news():
                self.show(reply)

    def hold(self) -> None:
        """A command runs: what is said waits, so that it comes out in order before the next prompt."""
        with self.lock:
            self.holding = True

    def release(self, reply: Reply | None = None, direct: bool = False) -> None:
        """Print what was said while holding, then ``reply`` if it was not said; stop holding."""
        with self.lock:
            shown = self.follower.news(reply) if self.follower is not None else [reply] if reply is not None else []
            self.holding = False  # after the follower's news: what it says (a voice that failed) waits for it
            for each in shown:
                self.show(each, direct)

    def wait(self) -> None:
        """Wait for the computer's move, the engine's answer or work in the background (a script reads on after)."""
        if self.follower is not None:
            self.follower.wait()

    def show(self, reply: Reply | None, direct: bool = False) -> None:
        """Print a reply's text; ``direct`` writes straight to the terminal (the reply to a command,
        which must be out before the next prompt is drawn), else through ``print`` (which
        prompt-toolkit keeps above a live prompt)."""
        if reply is None or not reply.text:
            return
        with self.lock:
            lines = self.page(reply.text) if self.paged else [reply.text]
            self.write("\n".join(lines), direct)

    def more(self, direct: bool = True) -> None:
        """The next page of the last long reply."""
        with self.lock:
            lines = [phrases.nothing_more()] if not self.rest else self.page_of(self.rest)
            self.write("\n".join(lines), direct)

    def page(self, text: str) -> list[str]:
        """The first page of ``text`` wrapped to the terminal (the rest is kept for ``more``)."""
        width = machine().terminal_size()[0]
        cells = self.follower.cells if self.follower is not None else 0
        if cells:  # a braille display reads the screen: whole words in each of its windows
            return self.page_of(braille_wrap(text, max(20, width - 1), cells))
        lines: list[str] = []
        for paragraph in text.splitlines():
            lines.extend(textwrap.wrap(paragraph, max(20, width - 1), break_on_hyphens=False) or [""])
        return self.page_of(lines)

    def page_of(self, lines: list[str]) -> list[str]:
        height = max(4, machine().terminal_size()[1] - 2)  # room for the "more" line and the prompt
        if len(lines) <= height:
            self.rest = []
            return lines
        self.rest = lines[height - 1:]
        return [*lines[: height - 1], n_("-- {count} more line: type more --", "-- {count} more lines: type more --",
                                         len(self.rest)).format(count=len(self.rest))]

    def write(self, text: str, direct: bool) -> None:
        """Print ``text`` as a line (or lines)."""
        if self.above is not None:
            self.above(text)
            return
        terminal = self.terminal or sys.__stdout__
        if direct and terminal is not None:
            terminal.write(text + "\n")
            terminal.flush()
        else:
            print(text, flush=True)


def read_commands(session: GameSession, printer: Printer, interactive: bool) -> None:
    """Read commands until quit or the end of input: at a terminal with prompt-toolkit, or the plain input
    (``plain_input``; a change of the setting takes effect at the next prompt), else plain lines."""
    if not interactive:
        plain_loop(session, printer)
        return
    while not (plain_input_loop(session, printer) if session.settings.plain_input
               else interactive_loop(session, printer)):
        pass


GIVE_UP = 64 << 20  # characters of one line after which the input is taken to be no typing at all (/dev/zero)


def bounded_lines(stream: TextIO, most: int = LONGEST_LINE) -> Iterator[str | int]:
    """Each line of ``stream``, or for a line longer than ``most`` its length, read and dropped in
    pieces so that memory stays bounded; a line that never ends (past ``GIVE_UP``) ends the input."""
    while line := stream.readline(most + 2):
        whole = line.endswith("\n") or len(line) < most + 2  # else more of the line is still to come
        length = len(line.rstrip("\r\n"))
        if whole and length <= most:
            yield line
            continue
        while not whole and length <= GIVE_UP and (piece := stream.readline(1 << 16)):
            length += len(piece.rstrip("\r\n"))
            whole = piece.endswith("\n")
        yield length
        if length > GIVE_UP:
            return


def plain_loop(session: GameSession, printer: Printer) -> None:
    """Read plain lines: no prompt drawing, only announcements and answers; the computer's reply
    is awaited before the next line is read, so a script sees events in order. An interrupt (Ctrl+C,
    SIGINT) ends it as the end of input does, saying whether the game is saved, then goes on up."""
    try:
        _read_plain_lines(session, printer)
    except KeyboardInterrupt:
        printer.show(Reply(session.quit(asked=True).text))
        raise


def _read_plain_lines(session: GameSession, printer: Printer) -> None:
    printer.wait()
    for line in bounded_lines(sys.stdin):
        if isinstance(line, int):
            printer.hold()
            printer.release(too_long(session, line))
            continue
        if is_more(line):
            printer.more(direct=False)
            continue
        printer.hold()
        reply = run_line(session, line)
        printer.release(reply)
        if reply is not None and reply.quit:  # quit always wins: nothing in the background is waited for
            return
        printer.wait()
    printer.show(Reply(session.quit(asked=True).text))  # the end of input: says whether the game is saved


class BoundedHistory(FileHistory):
    """The history file, without lines longer than a command may be (a paste gone wrong is not kept to be
    read back at every start)."""

    def store_string(self, string: str) -> None:
        if len(string) <= LONGEST_LINE:
            super().store_string(string)


def typed_history(prompt_input: Input | None) -> History:
    """The lines typed in earlier sessions (Up recalls them), kept in the data directory; in memory
    when the directory cannot be written or input is not the terminal's."""
    if prompt_input is None:
        path = storage.data_dir() / "line-history"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.touch(mode=0o600)
            path.chmod(0o600)  # everything typed is kept, chat too: for the user's eyes only
        except OSError:
            return InMemoryHistory()
        return BoundedHistory(str(path))
    return InMemoryHistory()


def prompt_message(session: GameSession) -> str:
    """The prompt: whose move and the score (in a lesson or a puzzle, always the player's move); in toguz online
    before any game, that there is none (or no login)."""
    if (online := no_game_prompt(session)) is not None:
        return online
    view = session.view
    if isinstance(view.mode, Training):
        return phrases.prompt(view.position, view.mode.coach.side, False)
    return phrases.prompt(view.position, view.setup.human, view.game.is_over, view.opponent)


def interactive_loop(session: GameSession, printer: Printer, prompt_input: Input | None = None,
                     prompt_output: Output | None = None) -> bool:
    """A prompt-toolkit prompt with readline-like completion (no menus, no toolbars, no timers),
    history, and the state in the prompt itself. Ctrl-C cancels the line; Ctrl-D leaves. True when the
    player left; False when ``plain_input`` was set on (the plain input takes over).

    The prompt never asks the terminal where its cursor is: the answer comes back as input, and
    screen readers stop speaking at any input, cutting off the announcement just printed."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.output import create_output
    from prompt_toolkit.output.vt100 import Vt100_Output
    from prompt_toolkit.patch_stdout import patch_stdout
    from prompt_toolkit.shortcuts import CompleteStyle

    if prompt_output is None:
        prompt_output = create_output()
    if isinstance(prompt_output, Vt100_Output):
        prompt_output.enable_cpr = False
    prompt: PromptSession[str] = PromptSession(completer=CommandCompleter(), history=typed_history(prompt_input),
                                               complete_style=CompleteStyle.READLINE_LIKE,
                                               complete_while_typing=False, input=prompt_input,
                                               output=prompt_output, enable_suspend=True)

    with patch_stdout():
        while True:
            try:
                line = prompt.prompt(lambda: prompt_message(session))
            except KeyboardInterrupt:
                continue
            except EOFError:
                printer.hold()  # quit may ask first: said once, printed once
                printer.release(session.quit(), direct=True)
                return True
            if is_more(line):
                printer.more()
                continue
            printer.hold()
            reply = run_line(session, line)
            printer.release(reply, direct=True)
            if reply is not None and reply.quit:
                return True
            if session.settings.plain_input:
                return False


def plain_input_loop(session: GameSession, printer: Printer, prompt: PlainPrompt | ConsolePrompt | None = None) -> bool:
    """The plain input (``toguz_tui.line.plain``): only ever appended to, with history and completion. True
    when the player left; False when ``plain_input`` was set off (prompt-toolkit takes over)."""
    prompt = prompt or plain_prompt(CommandCompleter(), typed_history(None))
    printer.above = prompt.write_above
    try:
        with prompt.keys_one_by_one():
            while True:
                try:
                    line = prompt.read(lambda: prompt_message(session))
                except EOFError:
                    printer.hold()  # quit may ask first: said once, printed once
                    printer.release(session.quit(), direct=True)
                    return True
                if isinstance(line, str) and is_more(line):
                    printer.more()
                    continue
                printer.hold()
                reply = too_long(session, line) if isinstance(line, int) else run_line(session, line)
                printer.release(reply, direct=True)
                if reply is not None and reply.quit:
                    return True
                if not session.settings.plain_input:
                    return False
    finally:
        printer.above = None
