"""The command line's options of a start, typed: read once from what argparse parsed (``toguz``, ``toguz play``,
``learn`` and ``puzzles``: ``toguz_tui.cli.play_parser``; ``toguz online``'s own parser gives the few it shares),
then handed to the first start and to the launcher as they are."""

from __future__ import annotations

import argparse
from dataclasses import dataclass, fields
from typing import Literal

from rules import VariantKey
from speech.words.naming import Verbosity
from toguz_tui.files.storage import Opponent

Training = Literal["learn", "puzzles"]


@dataclass(frozen=True, slots=True)
class StartOptions:
    """What the command line asks of this run; None where it says nothing (the settings then decide).

    The first start adds what it asked (``first_start_asked``), the screen-reader answer, and what it said
    after its last question for the game to say (``first_start_words``); ``cli`` adds the face's
    ``training`` (``toguz learn`` or ``puzzles``) and the letters the terminal cannot show (``cannot_show``)."""

    line: bool = False
    plain_input: bool | None = None
    variant: VariantKey | None = None
    opponent: Opponent | None = None
    level: int | None = None
    colour: str | None = None
    speech: str | None = None
    screen_reader: bool | None = None
    verbosity: Verbosity | None = None
    language: str | None = None
    open: str | None = None
    fen: str | None = None
    clock: str | None = None
    sounds: Literal["on", "off"] | None = None
    seed: int | None = None
    new: bool = False
    player: str = ""  # toguz puzzles --player: whose rating ("": the one kept as yours)
    training: Training | None = None
    cannot_show: str | None = None
    first_start_asked: bool = False
    first_start_words: tuple[str, ...] = ()

    @classmethod
    def parsed(cls, namespace: argparse.Namespace, training: Training | None = None,
               cannot_show: str | None = None) -> StartOptions:
        """The options in what argparse parsed; those its parser has not (``toguz online``'s has a few) unsaid."""
        given = vars(namespace)
        named = {field.name: given[field.name] for field in fields(cls) if field.name in given}
        return cls(**{**named, "training": training, "cannot_show": cannot_show})

    @property
    def other_game(self) -> bool:
        """Whether the options name a game of their own: ``--new``, or a variant, opponent, colour or clock."""
        return self.new or any((self.variant, self.opponent, self.colour, self.clock))
