"""The game an account is asked for: the review's, else the game when it is over, with the sides whose moves
were the player's own and the record's tags; or why there is none yet.

In a record opened for review, the player's own sides are those its ``Owner`` tag names: ``toguz online
export`` writes the exported player's name there, so that ``mistakes`` finds that player's mistakes in the
games exported as in the games played here."""

from __future__ import annotations

from dataclasses import dataclass

from rules import BLACK, WHITE, Game, Side
from rules.engine.game_analysis import game_key
from speech.words.i18n import _
from toguz_tui.session.mode import Playing, Reviewing, Training, View

OWNER_TAG = "Owner"  # a record tag of toguz's own: whose games a record holds (the player's name)


@dataclass(frozen=True)
class AskedGame:
    """The game an account is asked for: its moves, the sides the player played, its record's tags."""

    game: Game
    yours: tuple[Side, ...]
    tags: tuple[tuple[str, str], ...] = ()


def people_sides(human: Side | None) -> tuple[Side, ...]:
    """The sides whose moves are the player's own: ``human``'s, or both between two people here."""
    return (WHITE, BLACK) if human is None else (human,)


def owner_sides(tags: dict[str, str]) -> tuple[Side, ...]:
    """The sides of a record whose player its ``Owner`` tag names (none when it has no such tag)."""
    owner = " ".join(tags.get(OWNER_TAG, "").split()).lower()
    if not owner:
        return ()
    return tuple(side for side, name in ((WHITE, "White"), (BLACK, "Black"))
                 if " ".join(tags.get(name, "").split()).lower() == owner)


def looked_at(view: View, human: Side | None, online: object | None) -> AskedGame | str:
    """The game whose account is asked for in ``view`` (``human``: the person's side in the game, None for
    two people; ``online``: toguz online's connection, or None), or why there is none."""
    game = view.game
    yours = () if view.setup.watched else people_sides(human)  # a game watched online: nobody's here
    match view.mode:
        case Training():
            return _("Close the lesson or the puzzles first: the account is of a game.")
        case Reviewing(review):
            shown = Game(review.start.variant, review.start)
            for report in review.reports:
                shown.play(report.pit)
            same = game_key(shown) == game_key(game)
            tags = tuple((name, review.tags[name]) for name in ("White", "Black", "Date", "Event")
                         if name in review.tags)
            if not shown.moves:
                return _("This game has no moves to account for.")
            if same and not game.is_over:  # the game in progress, reviewed: no help before its end
                return _("The account comes when the game is over.")
            return AskedGame(shown, yours if same else owner_sides(review.tags), tags)
        case Playing():
            if not game.moves:
                return _("No move has been played in this game: the account comes when a game is over.")
            if not game.is_over:
                return _("The account comes when the game is over: type review to look back at it now.") \
                    if online is None else _("The account comes when the game is over.")
    return AskedGame(game, yours)
