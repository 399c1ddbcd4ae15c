"""The first start: asked once, in plain lines that any screen reader reads, whether the player uses
a screen reader. A running screen reader (Orca, Fenrir, Speakup, BRLTTY) is named and offered; where
BRLTTY runs, each question is laid out in windows of a braille display, read from its start."""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Callable
from dataclasses import replace

from speech.system.machine import machine
from speech.system.terminal import drop_typed_ahead
from speech.voices import AUTO, SILENT
from speech.voices.braille import braille_wrap
from speech.words import first_steps, phrases
from speech.words.announce import BRAILLE_CELLS
from speech.words.i18n import _
from toguz_tui.commands.lexicon import typed_answer
from toguz_tui.files.settings import Settings, save_setting, stored_setting_names
from toguz_tui.start.start_options import StartOptions

ATTEMPTS = 3


def should_ask(options: StartOptions) -> bool:
    """At a terminal, when neither the command line nor the settings file says."""
    if options.screen_reader is not None:
        return False
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return False
    return "screen_reader" not in stored_setting_names()


def ask_screen_reader(readers: list[str], read: Callable[[str], str], write: Callable[[str], None]) -> bool:
    """Ask whether to use the screen-reader mode; Enter takes the default (yes when a screen reader
    runs). An answer that is neither yes nor no is asked again; end of input takes the default."""
    return ask_yes_no(phrases.first_start_question(readers), bool(readers), read, write)


def ask_braille(readers: list[str], read: Callable[[str], str], write: Callable[[str], None]) -> bool:
    """Ask whether a braille display is read (yes by default where BRLTTY runs)."""
    return ask_yes_no(phrases.first_start_braille_question("BRLTTY" in readers), "BRLTTY" in readers, read, write)


def ask_yes_no(question: str, default: bool, read: Callable[[str], str], write: Callable[[str], None]) -> bool:
    """Ask ``question`` until it is answered yes or no; Enter or the end of input takes ``default``."""
    for _attempt in range(ATTEMPTS):
        try:
            answer = read(question).strip().lower()
        except (EOFError, KeyboardInterrupt):
            write(phrases.first_start_default(default))
            return default
        meant = typed_answer(answer)
        if meant == "y":
            return True
        if meant == "n":
            return False
        if not answer:
            return default
        write(_("Please type y for yes or n for no."))
    write(phrases.first_start_default(default))
    return default


def wrapped(text: str) -> str:
    """``text`` in lines broken between words at the terminal's width (a screen reader reads a word
    broken by the terminal as two)."""
    width = machine().terminal_size()[0] - 1
    return "\n".join(line for paragraph in text.split("\n") for line in
                     textwrap.wrap(paragraph, width, break_on_hyphens=False, break_long_words=False))


def wrapped_input(question: str) -> str:
    """Ask ``question``, wrapped, the last line as the prompt."""
    lines = wrapped(question).split("\n")
    for line in lines[:-1]:
        print(line, flush=True)
    return input(lines[-1] + " ")


ANSWER_ROOM = 4  # cells left blank after a question's first braille window for the answer typed there


class FirstStartTerminal:
    """How the first start writes and asks. In plain lines broken between words; where BRLTTY reads the
    screen (``cells``), each question with what was said since the last answer before it, as one block laid
    out in braille windows of whole words, the cursor after its first window: BRLTTY shows the window
    that holds the cursor, so the block is read from its start. What is said after the last question is
    kept for the game to say after its first message (``leftover``), where it can be read."""

    def __init__(self, cells: int | None = None) -> None:
        self.cells = cells
        self.waiting: list[str] = []  # said since the last answer (braille): written with the next question

    def write(self, text: str) -> None:
        """Say ``text``: printed now, or (braille) with the next question."""
        if self.cells is None:
            print(wrapped(text), flush=True)
        else:
            self.waiting.append(text)

    def read(self, question: str) -> str:
        """Ask ``question`` (after what waits to be said); the answer typed."""
        if self.cells is None:
            return wrapped_input(question)
        block, self.waiting = "\n".join([*self.waiting, question]), []
        width, height = machine().terminal_size()
        lines = braille_wrap(block, width - 1, self.cells, ANSWER_ROOM)
        if len(lines) >= height:  # taller than the terminal: the cursor could not go back to its start
            return wrapped_input(block)
        first = lines[0][: self.cells - 1].rstrip()
        back = (f"\x1b[{len(lines) - 1}A" if len(lines) > 1 else "") + "\r" + (f"\x1b[{len(first)}C" if first else "")
        sys.stdout.write("\n".join(lines) + back)  # text and cursor in one write, as screen readers need
        sys.stdout.flush()
        try:
            answer = input("")
        except (EOFError, KeyboardInterrupt):  # no line ended: the cursor is still on the first line
            sys.stdout.write("\n")
            raise
        finally:
            sys.stdout.write("\n" * (len(lines) - 1))  # below the block, whose lines stay as they are
            sys.stdout.flush()
        return answer

    def leftover(self) -> list[str]:
        """What was said after the last question (braille), for the game to say after its first message."""
        left, self.waiting = self.waiting, []
        return left


def first_start(options: StartOptions) -> StartOptions:
    """Ask once and keep the answers in the settings file; the options of this run with them (the screen-reader
    answer, ``first_start_asked``, and ``first_start_words``, what was said after the last question); where
    BRLTTY or Speakup runs, a screen-reader user gets the line mode's plain input too. The braille question
    follows a yes only (a braille display is read through a screen reader). What was typed after the last
    answer is dropped: typed ahead, blind, for a question that did not come, it never reaches the game."""
    options = replace(options, first_start_words=(), first_start_asked=False)
    if not should_ask(options):
        return options
    readers = machine().screen_readers()
    terminal = FirstStartTerminal(BRAILLE_CELLS if "BRLTTY" in readers else None)  # nothing is set yet: 40
    chosen = ask_screen_reader(readers, terminal.read, terminal.write)
    options = replace(options, screen_reader=chosen, first_start_asked=True)
    keep("screen_reader", chosen, terminal)
    terminal.write(first_steps.first_start_done(chosen, own_voice_silent(options)))
    spoken_to = [reader for reader in readers if reader in phrases.SPOKEN_TO]
    if chosen and spoken_to:
        terminal.write(phrases.first_start_reader_advice(spoken_to[0]))
    stored = stored_setting_names()
    if chosen and "braille" not in stored:
        braille = ask_braille(readers, terminal.read, terminal.write)
        keep("braille", braille, terminal)
        terminal.write(phrases.first_start_braille_done(braille))
    if chosen and "plain_input" not in stored and {"BRLTTY", "Speakup"} & set(readers):
        keep("plain_input", True, terminal)
        terminal.write(phrases.first_start_plain_done())
    words = tuple(terminal.leftover())
    drop_typed_ahead(sys.stdin)
    return replace(options, first_start_words=words)


def own_voice_silent(options: StartOptions) -> bool:
    """Whether toguz's own voice is silent in the screen-reader mode as this run's speech setting stands (left
    automatic by the command line and the settings file): the screen reader reads the terminal, as on Linux."""
    speech = options.speech or AUTO
    if speech != AUTO or "speech" in stored_setting_names():
        return False  # a speech setting of the player's own: nothing is said of it
    return Settings(speech=AUTO, screen_reader=True).voice_backend == SILENT


def keep(name: str, value: bool, terminal: FirstStartTerminal) -> None:
    """Keep an answer in the settings file; why it could not be, said."""
    problem = save_setting(name, value)
    if problem is not None:
        terminal.write(problem)
