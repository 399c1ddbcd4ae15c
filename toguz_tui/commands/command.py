"""``Command``: one thing the player can do or ask, with all that is known of it (the table, ``table``,
holds them all)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from speech.words.i18n import _
from toguz_tui.commands.arguments import Handler, usage
from toguz_tui.commands.lexicon import COMMAND, native_words


@dataclass(frozen=True)
class Command:
    """One thing the player can do or ask, with all that is known of it.

    ``keys`` are its keys on the board, ``key_help_text`` what its key does there where that differs from
    the typed command (the focused pit stands for N). ``usage_text`` is how it is typed, where that is
    more than its name (its translation keeps the English command and argument words, which are shown
    in the player's words: ``words.localised``). ``arguments`` are the English words it reads after it
    (typed in the player's language too; Tab offers them), ``completions`` more words Tab offers, first.
    ``numbered``: its numbers may be typed on another layout's digit row (``.`` is 7 on a Kazakh
    keyboard). ``dialog``: on the board its key opens a dialog that asks for its words; ``navigation``:
    on the board, outside a review, its key moves the focus instead (``right``, ``left``, ``home``,
    ``end``). ``game_only``: it acts on a game, so it is refused in a lesson or a puzzle
    (``"with-words"``: only when given words, as ``fen POSITION``); ``solver``: it would solve a puzzle
    for the player, refused there; ``records``: of the game's commands, one about record files, not the
    game on the board (so not refused online before a game). ``file_words``: its words are typed as the system
    types a file's name (on Windows a backslash is kept: ``line_words``): ``"name"``, a file's name and the
    command's own words after it; ``"words"``, words that may hold backslashes (a SAPI voice's id).
    """

    name: str
    aliases: tuple[str, ...]
    keys: tuple[str, ...]
    group: str
    handler: Handler
    help_text: str
    key_help_text: str = ""
    usage_text: str = ""
    arguments: tuple[str, ...] = ()
    completions: tuple[str, ...] = ()
    numbered: bool = False
    dialog: bool = False
    navigation: str = ""
    game_only: bool | Literal["with-words"] = False
    solver: bool = False
    records: bool = False
    file_words: Literal["", "name", "words"] = ""

    @property
    def words(self) -> tuple[str, ...]:
        """Every word that names this command."""
        return (self.name, *self.aliases)

    @property
    def native(self) -> tuple[str, ...]:
        """Its words in the language spoken now (none in English), the first the name shown."""
        return native_words(COMMAND, self.name)

    @property
    def all_aliases(self) -> tuple[str, ...]:
        """Its other names, the language's first, then the English ones (its English name among them)."""
        native = self.native
        return (*native[1:], *self.words) if native else self.aliases

    @property
    def usage(self) -> str:
        """How it is typed, in the language spoken now."""
        return usage(self.name, self.usage_text)

    @property
    def help(self) -> str:
        """What it does, in the language spoken now."""
        return _(self.help_text)

    @property
    def key_help(self) -> str:
        """What its key does on the board, where that differs from the typed command ("" if not)."""
        return _(self.key_help_text) if self.key_help_text else ""

    def acts_on_game(self, args: Sequence[str]) -> bool:
        """Whether, given ``args``, it acts on a game (and so waits while a lesson or a puzzle is open)."""
        return self.game_only is True or (self.game_only == "with-words" and bool(args))

    @property
    def on_the_board(self) -> bool:
        """Whether it asks about or acts on the game on the board (online, there must be one)."""
        return self.group in ("ask", "game") and not self.records
