"""A game ended at the server, ended in the session as the server says: one rule for a game played
(``game_stream.GameFollower``) and a game watched (``watched_game``), from every status the server can send
(``server_rules.ENDINGS``): aborted, resigned, lost on time, drawn, or decided by the server itself (then
why is said first, by the caller's ``say_why``)."""

from __future__ import annotations

from collections.abc import Callable

from rules import Side, Termination
from speech.words import online_wording
from toguz_tui.online.network import server_rules
from toguz_tui.session.facade import GameSession


def end_as_the_server_says(session: GameSession, status: str, winner: Side | None,
                           say_why: Callable[[Side | None], None]) -> None:
    """End the session's game for ``status`` with ``winner`` (None: none named); a game the server decided
    on its own is said why (``say_why`` with the winner) before its result, unless it is over here already."""
    ending = server_rules.ENDINGS.get(status, "win")
    if ending == "gone":
        session.game_gone(online_wording.online_aborted())
    elif ending == "resign" and winner is not None:
        loser = winner.opponent
        session.game_ended(lambda game: game.resign(loser))
    elif ending == "time" and status == "outoftime":
        flagged = winner.opponent if winner is not None else session.game.position.to_move
        session.game_ended(lambda game: game.decide(winner, Termination.TIME), flagged=flagged)
    elif ending == "draw" or ending == "resign":  # a resignation without a winner: a draw by the server
        session.game_ended(lambda game: game.agree_draw() if status == "draw" else
                           game.decide(None, Termination.ADJUDICATION))
    elif not session.game.is_over:  # decided at the server: said why, then the result
        if status == "noStart" and winner is None:
            winner = session.game.position.to_move.opponent
        say_why(winner)
        session.game_ended(lambda game: game.decide(winner, Termination.ADJUDICATION))
