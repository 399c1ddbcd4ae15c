"""A game as the record the store keeps: the players' names as records write them, the time control, how a
game lost on time ended, and each move's clock.

The game store (``toguz_tui.session.records.game_store.GameStore``) keeps the game in progress and the archive;
this part says what a
record of a game holds, so that the archive, ``save`` and the review all write the same thing.
"""

from __future__ import annotations

from dataclasses import replace

from rules import Game, Record, Side, Termination
from rules.clock import ON_TIME, clock_comment
from rules.notation import TokenStyle
from rules.records import record_from_game, write_record
from speech.words.i18n import _
from toguz_tui.session.game_clock import GameClock
from toguz_tui.session.setup import GameSetup


def record_names(setup: GameSetup, names: tuple[str, str], opponent: str) -> tuple[str, str]:
    """White's and Black's names as a record writes them ("" where a player has none): between two people
    their own names; else the person and the opponent (its own name, or the computer with its level)."""
    human = setup.human
    if human is None:
        return names
    you = setup.you or _("Player")
    other = opponent or _("toguz level {level}").format(level=setup.level)
    return (you, other) if human is Side.WHITE else (other, you)


def game_record(game: Game, setup: GameSetup, names: tuple[str, str], clocks: GameClock | None) -> Record:
    """The record of ``game``: its players, its date, its time control and the clocks after each move."""
    white, black = names
    tags = {"Event": "toguz", "White": white or "?", "Black": black or "?", "Date": setup.started,
            **dict(setup.tags)}
    if setup.clock is not None:
        tags["TimeControl"] = setup.clock.pgn
    outcome = game.outcome
    if outcome is not None and outcome.reason is Termination.TIME:
        tags["Termination"] = ON_TIME
    elif outcome is not None and outcome.reason is Termination.ADJUDICATION:
        tags["Termination"] = "adjudication"  # PGN's own word for a result decided off the board
    record = record_from_game(game, tags)
    if clocks is not None and clocks.after:
        # each move's clock after it (the mover's time left); the last move's stands before the result
        notes = [(index, clock_comment(times[report.mover]))
                 for index, (report, times) in enumerate(zip(game.reports, clocks.after, strict=False), 1)]
        record = replace(record, move_comments=tuple(notes))
    return record


def record_text(game: Game, setup: GameSetup, names: tuple[str, str], clocks: GameClock | None,
                style: TokenStyle = "federation") -> str:
    """The record of ``game`` as text."""
    return write_record(game_record(game, setup, names, clocks), style=style)
