"""The first start: asked once, in plain lines that any screen reader reads, whether the player uses
a screen reader. A running screen reader (Orca, Fenrir, Speakup, BRLTTY) is named and offered."""

from __future__ import annotations

import argparse
import sys
import textwrap
from collections.abc import Callable

from speech.machine import machine
from speech.words import phrases
from speech.words.i18n import _
from toguz_tui.commands.layouts import answer as typed_answer
from toguz_tui.files.settings import save_setting, stored_setting_names

ATTEMPTS = 3


def should_ask(options: argparse.Namespace) -> bool:
    """At a terminal, when neither the command line nor the settings file says."""
    if getattr(options, "screen_reader", None) is not None:
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
    return "\n".join(textwrap.wrap(text, width, break_on_hyphens=False, break_long_words=False))


def wrapped_input(question: str) -> str:
    """Ask ``question``, wrapped, the last line as the prompt."""
    lines = wrapped(question).split("\n")
    for line in lines[:-1]:
        print(line, flush=True)
    return input(lines[-1] + " ")


def first_start(options: argparse.Namespace) -> None:
    """Ask once and keep the answer in the settings file (for this run in ``options`` too)."""
    if not should_ask(options):
        return
    readers = machine().screen_readers()
    chosen = ask_screen_reader(readers, wrapped_input, lambda text: print(wrapped(text), flush=True))
    options.screen_reader = chosen
    problem = save_setting("screen_reader", chosen)
    if problem is not None:
        print(problem, flush=True)
    print(phrases.first_start_done(chosen), flush=True)
    if chosen and "braille" not in stored_setting_names():
        braille = ask_braille(readers, wrapped_input, lambda text: print(wrapped(text), flush=True))
        problem = save_setting("braille", braille)
        if problem is not None:
            print(problem, flush=True)
        print(phrases.first_start_braille_done(braille), flush=True)
