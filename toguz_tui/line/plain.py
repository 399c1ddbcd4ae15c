"""The line mode's plain input (``plain_input``, ``--plain``): a terminal written as a teletype would be.

What toguz writes, and what it echoes of the keys typed, is only ever added after what is there: the
cursor is never hidden, nothing is erased or redrawn, and the cursor never moves but forward and down.
A braille display that follows the cursor, Speakup, and any screen reader that reads new text find
each line where it was written. What a full line editor does by redrawing is done here by adding:

- Typed characters are echoed as they come; Backspace takes back the last one as the terminal's own line
  editing does (back, blank, back), Ctrl-W the last word; Left, Right, Home and End do nothing (the cursor
  never moves back), and other keys toguz does not use ring the bell.
- Up and Down recall earlier lines (kept between runs, as the prompt-toolkit input keeps them): the line
  recalled is written on a new line of its own, and typing goes on after it.
- Tab completes as far as the choices agree, adding the letters after what was typed; where they
  differ from the first letter on, it lists them on a new line, then writes the prompt and what was
  typed again on the next one.
- Ctrl-C and Ctrl-U drop the line typed and write the prompt again on a new line; Ctrl-D on an empty
  line leaves; Ctrl-Z suspends toguz, as in a shell.
- What is said while a line is being typed (the computer's move, a clock's warning) is written on a new
  line, and the prompt and what was typed come again after it.

Where the system has no terminal modes to set (Windows), the console's own line input is used: it
echoes and edits the line itself, and keeps its own history.
"""

from __future__ import annotations

import codecs
import contextlib
import os
import signal
import sys
import textwrap
import threading
from collections.abc import Callable, Iterator
from typing import TextIO

from prompt_toolkit.completion import CompleteEvent, Completer
from prompt_toolkit.document import Document
from prompt_toolkit.history import History

from speech.system.machine import machine
from speech.system.terminal import TerminalMode, keys_waiting, terminal_modes
from speech.words.i18n import n_
from toguz_tui.commands.table import LONGEST_LINE

ESCAPE_SECONDS = 0.05  # how long the rest of a key's escape sequence may take to arrive after its ESC
MOST_CHOICES = 40  # completions listed at most; the rest are counted
BELL, BACK = "\a", "\b \b"
KEYS = {"\r": "enter", "\n": "enter", "\x7f": "backspace", "\x08": "backspace", "\t": "tab", "\x03": "ctrl-c",
        "\x04": "ctrl-d", "\x15": "ctrl-u", "\x17": "ctrl-w", "\x1a": "ctrl-z"}
SEQUENCES = {"\x1b[A": "up", "\x1bOA": "up", "\x1b[B": "down", "\x1bOB": "down", "\x1b[C": "still", "\x1bOC": "still",
             "\x1b[D": "still", "\x1bOD": "still", "\x1b[H": "still", "\x1b[F": "still", "\x1b": "still"}


def escape_sequence(text: str) -> tuple[str, bool]:
    """The escape sequence ``text`` starts with, and whether it is whole (``ESC [ ... final``, ``ESC O x``,
    ``ESC x``)."""
    if len(text) < 2:
        return text, False
    if text[1] == "[":
        for end in range(2, len(text)):
            if "@" <= text[end] <= "~":
                return text[: end + 1], True
        return text, False
    if text[1] == "O":
        return text[:3], len(text) >= 3
    return text[:2], True


class KeyReader:
    """The keys typed at a terminal, read from its file descriptor: a character, or a key's name."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self.buffer = ""

    def key(self) -> str:
        """The next key: a printable character, or ``enter``, ``tab``, ``up`` ... (``other`` for the rest).
        ``EOFError`` at the end of input."""
        while not self.buffer:
            self._read(None)
        first = self.buffer[0]
        if first != "\x1b":
            self.buffer = self.buffer[1:]
            return KEYS.get(first, "other" if not first.isprintable() else first)
        sequence, whole = escape_sequence(self.buffer)
        while not whole and self._read(ESCAPE_SECONDS):
            sequence, whole = escape_sequence(self.buffer)
        self.buffer = self.buffer[len(sequence):]
        return SEQUENCES.get(sequence, "other")

    def _read(self, seconds: float | None) -> bool:
        """Take what the terminal sent, waiting at most ``seconds`` (None: until something comes)."""
        if seconds is not None and not keys_waiting(self.fd, seconds):
            return False
        data = os.read(self.fd, 4096)
        if not data:
            raise EOFError
        self.buffer += self.decoder.decode(data)
        return True


class PlainPrompt:
    """A line typed after a prompt, in which nothing is ever redrawn (see the module's description)."""

    def __init__(self, fd: int, out: TextIO, completer: Completer, history: History) -> None:
        self.keys = KeyReader(fd)
        self.mode = TerminalMode(fd)
        self.out = out
        self.completer = completer
        self.history = history
        self.entries = list(reversed(list(history.load_history_strings())))  # oldest first
        self.lock = threading.RLock()
        self.prompt: Callable[[], str] | None = None  # the prompt being typed after (None: no line is open)
        self.typed = ""
        self.extra = 0  # characters typed past the longest line a command may be (not kept, not echoed)
        self.at = len(self.entries)  # the history entry shown (len: the line being typed)
        self.draft = ""  # the line being typed, while earlier ones are recalled

    @contextlib.contextmanager
    def keys_one_by_one(self) -> Iterator[None]:
        """The terminal in the mode this input needs, put back as it was however the block ends."""
        self.mode.apply()
        try:
            yield
        finally:
            self.mode.restore()

    def read(self, prompt: Callable[[], str]) -> str | int:
        """A line typed after ``prompt``, or its length when it is longer than a command may be.
        ``EOFError`` at Ctrl-D on an empty line or the end of input."""
        with self.lock:
            self.prompt, self.typed, self.extra, self.at = prompt, "", 0, len(self.entries)
            self._write(prompt())
        try:
            while True:
                key = self.keys.key()
                with self.lock:
                    line = self.press(key)
                if line is not None:
                    return line
        finally:
            with self.lock:
                self.prompt = None

    def write_above(self, text: str) -> None:
        """Write ``text`` as lines of their own: before the line being typed, which comes again after them."""
        with self.lock:
            if self.prompt is not None:
                self._write("\n")
            self._write(text + "\n")
            if self.prompt is not None:
                self._write(self.prompt() + self.typed)

    def press(self, key: str) -> str | int | None:
        """Do what ``key`` does; the line when it ends one."""
        if key == "enter":
            return self._enter()
        if key == "ctrl-d" and not self.typed:
            self._write("\n")
            raise EOFError
        actions: dict[str, Callable[[], None]] = {
            "backspace": lambda: self._take_back(1), "ctrl-w": lambda: self._take_back(self._last_word()),
            "ctrl-c": self._fresh_line, "ctrl-u": self._fresh_line, "tab": self._complete,
            "up": lambda: self._recall(-1), "down": lambda: self._recall(1), "ctrl-z": self._suspend,
            "still": lambda: None,
        }
        action = actions.get(key)
        if action is not None:
            action()
        elif len(key) == 1:
            self._add(key)
        else:
            self._write(BELL)
        return None

    def _enter(self) -> str | int:
        self._write("\n")
        self.prompt = None
        line, extra = self.typed, self.extra
        if extra:
            return len(line) + extra
        if line.strip() and (not self.entries or self.entries[-1] != line):
            self.entries.append(line)
            with contextlib.suppress(OSError):  # a history that cannot be written loses only the history
                self.history.store_string(line)
        return line

    def _add(self, text: str) -> None:
        room = LONGEST_LINE - len(self.typed)
        self.typed += text[:room]
        self.extra += max(0, len(text) - room)
        self._write(text[:room])

    def _take_back(self, count: int) -> None:
        if self.extra:
            self.extra = max(0, self.extra - count)
            return
        count = min(count, len(self.typed))
        if not count:
            self._write(BELL)
            return
        self.typed = self.typed[:-count]
        self._write(BACK * count)

    def _last_word(self) -> int:
        kept = self.typed.rstrip()
        return len(self.typed) - (kept.rfind(" ") + 1)

    def _fresh_line(self) -> None:
        self.typed, self.extra, self.at = "", 0, len(self.entries)
        self._write("\n" + (self.prompt() if self.prompt is not None else ""))

    def _recall(self, step: int) -> None:
        target = self.at + step
        if not 0 <= target <= len(self.entries):
            self._write(BELL)
            return
        if self.at == len(self.entries):
            self.draft = self.typed
        self.at = target
        self.typed, self.extra = (self.entries[target] if target < len(self.entries) else self.draft), 0
        self._write("\n" + self.typed)

    def _complete(self) -> None:
        """Add what every choice agrees on; where they differ at once, list them on a line of their own."""
        found = list(self.completer.get_completions(Document(self.typed, len(self.typed)),
                                                    CompleteEvent(completion_requested=True)))
        choices: dict[str, str] = {}  # what each choice adds to the line typed: its name as listed
        for choice in found:
            whole = self.typed[: len(self.typed) + choice.start_position] + choice.text
            if whole.lower().startswith(self.typed.lower()):
                choices.setdefault(whole[len(self.typed):], choice.display_text)
        agreed = common_start(list(choices))
        if agreed:
            self._add(agreed)
        elif len(choices) > 1:
            self._write("\n" + "\n".join(choice_lines(list(choices.values()))) + "\n")
            self._write((self.prompt() if self.prompt is not None else "") + self.typed)
        else:
            self._write(BELL)

    def _suspend(self) -> None:
        """Ctrl-Z: the terminal as it was, toguz stopped until the shell goes on with it (``fg``)."""
        stop = getattr(signal, "SIGTSTP", None)
        if stop is None:
            self._write(BELL)
            return
        self.mode.restore()
        os.kill(0, stop)  # the whole program, its speech included, as Ctrl-Z at a shell does
        self.mode.apply()
        self._write((self.prompt() if self.prompt is not None else "") + self.typed)

    def _write(self, text: str) -> None:
        self.out.write(text)
        self.out.flush()


def common_start(texts: list[str]) -> str:
    """What every one of ``texts`` starts with ("" for none)."""
    if not texts:
        return ""
    first, last = min(texts), max(texts)
    length = next((index for index, (a, b) in enumerate(zip(first, last, strict=False)) if a != b), len(first))
    return first[:length]


def choice_lines(names: list[str]) -> list[str]:
    """Completion choices as lines broken between them at the terminal's width, the ones past the most
    listed counted."""
    width = max(20, machine().terminal_size()[0] - 1)
    shown = "   ".join(names[:MOST_CHOICES])
    lines = textwrap.wrap(shown, width, break_long_words=False, break_on_hyphens=False)
    if len(names) > MOST_CHOICES:
        more = len(names) - MOST_CHOICES
        lines.append(n_("and {count} more", "and {count} more", more).format(count=more))
    return lines


class ConsolePrompt:
    """The console's own line input (where the terminal's modes cannot be set: Windows): it echoes and
    edits the line itself, and keeps its own history."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.lock = threading.RLock()

    @contextlib.contextmanager
    def keys_one_by_one(self) -> Iterator[None]:
        """Nothing to set."""
        yield

    def read(self, prompt: Callable[[], str]) -> str | int:
        """A line typed after ``prompt``."""
        with self.lock:
            self.out.write(prompt())
            self.out.flush()
        try:
            return input()
        except KeyboardInterrupt:
            return ""

    def write_above(self, text: str) -> None:
        """Write ``text`` as lines of their own."""
        with self.lock:
            self.out.write(text + "\n")
            self.out.flush()


def plain_prompt(completer: Completer, history: History, fd: int | None = None,
                 out: TextIO | None = None) -> PlainPrompt | ConsolePrompt:
    """The plain input of the terminal on ``fd`` (standard input) writing to ``out`` (standard output)."""
    out = out or sys.__stdout__ or sys.stdout
    if not terminal_modes():
        return ConsolePrompt(out)
    return PlainPrompt(sys.stdin.fileno() if fd is None else fd, out, completer, history)
