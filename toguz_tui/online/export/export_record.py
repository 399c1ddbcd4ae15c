"""One game of a PlayStrategy export as a game of toguz's own record.

PlayStrategy exports a player's games (``GET /api/games/user/NAME``) one JSON object a line, as lila's
``GameApiV2.toJson`` writes them (github:Mind-Sports-Games/lila at 1283402,
``modules/api/src/main/GameApiV2.scala`` 293-345): ``id``, ``rated``, ``variant``, ``createdAt`` (epoch
milliseconds), ``status`` (its name), ``players.p1`` and ``players.p2`` (``user``, or ``aiLevel``), ``winner``
(absent for a draw), ``moves`` (the move codes, ``g1d2 a2h1 ...``), ``clock`` (``initial`` and ``increment`` in
seconds) or ``daysPerTurn``, ``initialFen`` and ``tournament`` when set.

Each game is replayed with toguz's rules, every code read with ``rules.movecode.read_move_code`` (the pit
played must be the mover's and its last stone land where the code says), and written as toguz writes its own
records: ``Event``, ``Site`` (the game's page), ``Date``, ``White``, ``Black``, ``Result``, ``TimeControl``
(seconds and increment, as toguz's clocks write it; ``-`` for a game without a clock, with ``DaysPerMove`` for
a correspondence game), ``Termination`` (as toguz's own online games write it: ``normal``, ``time forfeit``, or
``adjudication`` for an end the server decided) and
``Owner``, the exported player's name, which tells ``account`` and ``mistakes`` whose moves are yours.

Everything read is hostile until checked: a value of the wrong type, out of its bounds or not readable is
left out, or the game skipped (``Skipped``, with why) when the game itself cannot be known from it.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from typing import Any, Literal

from rules import Game, NotationError, Position, RulesError, Side, record_from_game, write_record
from rules.clock import ON_TIME
from rules.movecode import read_move_code
from toguz_tui.online.network.server_messages import LONGEST_FEN, Clock, Player
from toguz_tui.session.accounts.asked_game import OWNER_TAG

VARIANT = "togyzkumalak"  # strategygames' key of the game (Bestemshe's is "bestemshe")
MOST_PLIES = 2_000  # moves of one game read at most (a real game has some 150)
DAYS_TAG = "DaysPerMove"
_GAME_ID = re.compile(r"[A-Za-z0-9_-]{8}")  # lila modules/game/src/main/Game.scala 1130-1134: 8 characters
_EARLIEST, _LATEST = 946_684_800_000, 4_102_444_800_000  # 2000-01-01 and 2100-01-01, in milliseconds
# The Termination tag as toguz's own online games write it (toguz_tui.session.records.game_record): an ending the
# players
# made is PGN's "normal", a flag "time forfeit", and what the server decided on its own "adjudication"
TERMINATIONS = {"resign": "normal", "draw": "normal", "stalemate": "normal", "outoftime": ON_TIME}
BOARD_ENDINGS = frozenset({"mate", "variantEnd"})  # "normal" when toguz's rules end the game there too
ADJUDICATION = "adjudication"
FINISHED = frozenset({*TERMINATIONS, *BOARD_ENDINGS, "timeout", "cheat", "noStart", "unknownFinish"})  # Query.scala 38

Why = Literal["variant", "unreadable"]


class Skipped(Exception):
    """A game that is not written: ``why`` is ``variant`` (not togyzkumalak) or ``unreadable`` (its moves
    do not replay with toguz's rules, or the game cannot be told from what came)."""

    def __init__(self, why: Why) -> None:
        super().__init__(why)
        self.why: Why = why


@dataclass(frozen=True)
class ExportedGame:
    """A game of the export as a record's text, with the day it was played (``????.??.??`` unknown)."""

    text: str
    date: str
    game: Game | None = None  # the game replayed (for the owner's account: ``mine``)
    mine: Side | None = None  # the owner's side, when the owner played it


def exported_game(line: dict[str, Any], server: str, owner: str) -> ExportedGame:
    """The game of one export line as toguz's record (``server``: the site's address, for the game's page;
    ``owner``: the exported player's name as typed when the games are the player's own, ``--mine``, else "":
    the ``Owner`` tag then says whose moves are the player's); ``Skipped`` when it is not written."""
    if line.get("variant") != VARIANT:
        raise Skipped("variant")
    game_id, status = line.get("id"), line.get("status")
    if not isinstance(game_id, str) or not _GAME_ID.fullmatch(game_id) or status not in FINISHED:
        raise Skipped("unreadable")
    game = _replayed(line.get("moves"), line.get("initialFen"))
    found = line.get("players")
    players: dict[str, Any] = found if isinstance(found, dict) else {}
    sent = players.get("p1"), players.get("p2")
    sides = Player.of(sent[0]), Player.of(sent[1])
    white, black = (_in_the_record(player) if isinstance(found, dict) else "?"
                    for player, found in zip(sides, sent, strict=True))
    date = _date(line.get("createdAt"))
    tags = {"Event": _event(line, server), "Site": f"{server}/{game_id}", "Date": date, "White": white,
            "Black": black, "Result": _result(line.get("winner"), status), **_time_control(line)}
    tags["Termination"] = TERMINATIONS.get(status) or ("normal" if status in BOARD_ENDINGS and game.is_over
                                                  else ADJUDICATION)
    mine = [side for side, player in zip((Side.WHITE, Side.BLACK), sides, strict=True)
            if owner and player.is_account(owner)]
    if len(mine) == 1:
        tags[OWNER_TAG] = white if mine[0] is Side.WHITE else black
    try:
        text = write_record(record_from_game(game, tags))
    except RulesError:  # a result the moves contradict (the board ended the game otherwise)
        raise Skipped("unreadable") from None
    return ExportedGame(text, date, game, mine[0] if len(mine) == 1 else None)


def _replayed(moves: object, fen: object) -> Game:
    """The game the move codes play (from ``initialFen`` when it is another start); ``Skipped`` when a code
    cannot be played there."""
    start = None
    if fen is not None and fen != "startpos":
        if not isinstance(fen, str) or len(fen) > LONGEST_FEN:
            raise Skipped("unreadable")
        try:
            start = Position.from_fen(fen, Game().variant)
        except (NotationError, ValueError):
            raise Skipped("unreadable") from None
    game = Game(position=start)
    if moves is None:
        return game
    if not isinstance(moves, str):
        raise Skipped("unreadable")
    codes = moves.replace(",", " ").split()  # a turn's actions are joined by commas (GameApiV2.scala 337)
    if len(codes) > MOST_PLIES:
        raise Skipped("unreadable")
    try:
        for code in codes:
            game.play(read_move_code(game.position, code))
    except RulesError:  # not a code, another side's pit, another landing, or a game already over
        raise Skipped("unreadable") from None
    return game


def _in_the_record(player: Player) -> str:
    """A player's name as the export gives it: the account's, the site's computer, or Anonymous
    (lila PgnDump.scala ``player``)."""
    if player.ai_level is not None and not player.id:
        return f"PlayStrategy AI level {player.ai_level}"
    return player.called("Anonymous")


def _date(created: object) -> str:
    """``yyyy.MM.dd`` of ``createdAt`` (UTC), as lila's Date tag; ``????.??.??`` when unknown."""
    if not isinstance(created, int) or isinstance(created, bool) or not _EARLIEST <= created < _LATEST:
        return "????.??.??"
    return datetime.datetime.fromtimestamp(created / 1000, datetime.UTC).strftime("%Y.%m.%d")


def _event(line: dict[str, Any], server: str) -> str:
    """As toguz's online games name theirs (``PlayStrategy rated game``); a tournament's game names it
    (lila PgnDump.scala 158-167)."""
    rated = "rated" if line.get("rated") is True else "casual"
    tournament = line.get("tournament")
    if isinstance(tournament, str) and _GAME_ID.fullmatch(tournament):
        return f"PlayStrategy {rated} tournament {server}/tournament/{tournament}"
    return f"PlayStrategy {rated} game"


def _result(winner: object, status: object) -> str:
    """lila's result (sg Player.scala ``showResult``): the winner's, a draw when a finished game has none; an
    unknown finish without a winner is left unknown."""
    if winner == "p1":
        return "1-0"
    if winner == "p2":
        return "0-1"
    return "*" if status == "unknownFinish" else "1/2-1/2"


def _time_control(line: dict[str, Any]) -> dict[str, str]:
    """The ``TimeControl`` tag as toguz writes it (``300+2``: whole seconds, within toguz's clocks' bounds),
    or ``-`` with the days a move."""
    clock = Clock.of(line.get("clock"), line)
    if clock.timed:
        control = clock.exact(shortest=1.0) if clock.whole else None
        return {"TimeControl": control.pgn} if control is not None else {}
    if clock.days is not None:
        return {"TimeControl": "-", DAYS_TAG: str(clock.days)}
    return {"TimeControl": "-"}
