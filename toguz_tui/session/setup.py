"""Who plays what: the choices that define a game, from settings, options or a saved game."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, replace
from datetime import date
from typing import Any

from rules import Game, Position, Side, Variant, variant_named
from rules.clock import TimeControl
from toguz_tui.files.settings import Settings
from toguz_tui.files.storage import SavedGame


def new_seed() -> int:
    """A seed for a new game's computer, so that any game can be replayed exactly."""
    return random.randrange(1, 2**31)


@dataclass(frozen=True)
class GameSetup:
    """The variant, the opponent (``human`` is the person's side, ``None`` in a two-player game),
    the computer's level and its seed, the day the game began, the time control (None: no clock), and for an
    online game the player's name and the record's tags from the server; for a game watched online, the two
    players' names (none of these kept in a saved game)."""

    variant: Variant
    human: Side | None
    level: int
    seed: int = field(default_factory=new_seed)
    started: str = field(default_factory=lambda: date.today().strftime("%Y.%m.%d"))
    clock: TimeControl | None = None
    you: str = ""  # the person's name on the record, where a server gives it (else "Player")
    tags: tuple[tuple[str, str], ...] = ()  # more tags for the record (an online game's Site and Event)
    watched: bool = False  # a game watched online: played by neither person here, so not archived nor accounted
    players: tuple[str, str] = ("", "")  # a watched game's White and Black, as the server names them

    @property
    def opponent(self) -> str:
        """``"computer"`` or ``"human"``."""
        return "human" if self.human is None else "computer"

    def player_names(self, settings: Settings) -> tuple[str, str]:
        """White's and Black's own names: a watched game's from the server, else the settings' ("" for none)."""
        return self.players if self.watched else settings.player_names

    @classmethod
    def from_settings(cls, settings: Settings, seed: int | None = None) -> GameSetup:
        """The setup the settings ask for."""
        human = None if settings.opponent == "human" else (
            Side.WHITE if settings.colour == "white" else Side.BLACK)
        return cls(variant_named(settings.variant), human, settings.level, seed or new_seed(),
                   clock=settings.time_control)

    def changed(self, **changes: object) -> GameSetup:
        """A copy with some fields changed and a fresh date."""
        fresh = replace(self, started=date.today().strftime("%Y.%m.%d"))
        return replace(fresh, **changes)  # type: ignore[arg-type]

    @classmethod
    def from_saved(cls, saved: SavedGame) -> GameSetup:
        """The setup of a saved game."""
        variant = Variant(**saved.variant)
        human = None if saved.opponent == "human" else (Side.WHITE if saved.human == "white" else Side.BLACK)
        control = TimeControl.from_pgn(saved.clock["control"]) if saved.clock is not None else None
        return cls(variant, human, saved.level, saved.seed, saved.started, control)

    def to_saved(self, game: Game, clock: dict[str, Any] | None = None) -> SavedGame:
        """What to write so that ``game`` can be restored exactly (with its clocks, if it has them)."""
        human = "white" if self.human is not Side.BLACK else "black"
        return SavedGame(game.start_position.fen(), asdict(self.variant), list(game.moves),
                         self.opponent, self.level, human, self.seed, started=self.started, clock=clock)


def saved_game(saved: SavedGame) -> tuple[GameSetup, Game]:
    """The setup and the game of a saved game, every move made again (``ValueError``, ``TypeError`` or
    ``IllegalMoveError`` when the file's contents do not make a game)."""
    setup = GameSetup.from_saved(saved)
    return setup, replayed(Game(position=Position.from_fen(saved.start_fen, setup.variant)), saved.moves)


def replayed(game: Game, pits: Sequence[int]) -> Game:
    """``game`` with ``pits`` played (``IllegalMoveError`` at the first that cannot be)."""
    for pit in pits:
        game.play(pit)
    return game
