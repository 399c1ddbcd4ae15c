"""A stand-in for the session as its parts see it: ``FakeSession`` satisfies ``toguz_tui.session.port.SessionPort``
without the facade, so that each part of the session can be built alone and met as its users meet it.

It holds what a part may read (the game, its setup, the mode, the opponent, the settings, toguz online's
connection) as plain attributes a test sets, builds the view from them with ``toguz_tui.session.mode.view_of`` as
the facade does, and keeps every event a part tells it (``told``), in order. It does what the facade does with an
event only as far as a part reads it back: ``enter`` and ``back_to_game`` change the mode, ``game_ended`` puts the
outcome on the game, ``start_game`` takes the new game; a move that came without a key is only kept.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules import Game, Outcome, Position, Side
from speech.sounds.player import RecordingPlayer
from speech.voices import RecordingSpeaker
from speech.words.announce import Announcer, Perspective
from toguz_tui.files.settings import Settings
from toguz_tui.session.game_clock import GameClock
from toguz_tui.session.mode import Mode, Playing, View, view_of
from toguz_tui.session.opponent import OnlineConnection, Opponent, PersonOpponent
from toguz_tui.session.output.announcement_stream import Reply
from toguz_tui.session.output.output import Output
from toguz_tui.session.records.leaving import Leaving
from toguz_tui.session.setup import GameSetup

SEED = 7  # the games' seed: the same engine choices each run


@dataclass(frozen=True)
class Told:
    """One event a part told the session: its name (the port's method) and what came with it."""

    event: str
    args: tuple[object, ...]


class FakeSession:
    """The session as a part sees it (``SessionPort``), and the events it was told."""

    def __init__(self, settings: Settings | None = None, setup: GameSetup | None = None, game: Game | None = None,
                 online: OnlineConnection | None = None, announcer: Announcer | None = None) -> None:
        self.settings = settings if settings is not None else Settings()
        self.setup = setup if setup is not None else GameSetup.from_settings(self.settings, SEED)
        self.game = game if game is not None else Game(self.setup.variant)
        self.mode: Mode = Playing()
        self.opponent: Opponent = PersonOpponent()
        self.online = online
        self.announcer = announcer if announcer is not None else Announcer(Perspective(), self.settings.verbosity)
        self.clock: GameClock | None = None  # what the view shows of the clocks (the clocks' part keeps its own)
        self.told: list[Told] = []

    @property
    def view(self) -> View:
        """What the person looks at, made as the facade makes it (no search runs here, nothing to leave)."""
        return view_of(self.mode, self.game, self.setup, self.settings, self.opponent, 0.0, self.clock, None, None,
                       self.announcer, Leaving("nothing"))

    def events(self) -> list[str]:
        """The names of the events told so far, in order."""
        return [told.event for told in self.told]

    def last(self, event: str) -> Told:
        """The last event named ``event`` (``AssertionError`` when none was told)."""
        found = [told for told in self.told if told.event == event]
        assert found, f"no {event} among {self.events()}"
        return found[-1]

    def opponent_moved(self, seen: Position | None, pit: int) -> Reply | None:
        """Kept; nothing is played (the facade plays it)."""
        self.told.append(Told("opponent_moved", (seen, pit)))
        return None

    def game_ended(self, declare: Callable[[Game], Outcome], flagged: Side | None = None) -> Reply | None:
        """The outcome put on the game and kept; None when the game had ended."""
        if self.game.is_over:
            return None
        outcome = declare(self.game)
        self.told.append(Told("game_ended", (outcome, flagged)))
        return Reply(f"ended: {outcome.result}", kind="end")

    def enter(self, mode: Mode) -> None:
        """The mode changed, and kept."""
        self.mode = mode
        self.told.append(Told("enter", (mode,)))

    def back_to_game(self, left: str, clocks: bool) -> Reply:
        """Back to playing; kept; the reply is ``left``."""
        self.mode = Playing()
        self.told.append(Told("back_to_game", (left, clocks)))
        return Reply(left)

    def start_game(self, setup: GameSetup, start: Position | None = None) -> Reply:
        """The new game taken, and kept."""
        self.setup, self.game, self.mode = setup, Game(setup.variant, start), Playing()
        self.told.append(Told("start_game", (setup, start)))
        return Reply("started")


class EndedGames:
    """What hears of each game that ends (the accounts, in a session): keeps them."""

    def __init__(self) -> None:
        self.ended: list[tuple[Game, Side | None]] = []

    def game_over(self, game: Game, human: Side | None) -> None:
        self.ended.append((game, human))


def spoken(output: Output) -> list[str]:
    """What ``output``'s recording speaker was given."""
    speaker = output.voice.speaker
    assert isinstance(speaker, RecordingSpeaker)
    return speaker.spoken


def interrupts(output: Output) -> list[bool]:
    """For each text ``output``'s recording speaker was given, whether it cut off what was being said."""
    speaker = output.voice.speaker
    assert isinstance(speaker, RecordingSpeaker)
    return speaker.interrupts


def cues(output: Output) -> list[str]:
    """The labels of the cues ``output``'s recording player played."""
    player = output.sounds.player
    assert isinstance(player, RecordingPlayer)
    return player.names
