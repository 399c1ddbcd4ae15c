"""The games of the stand-in (``tests/toguz_tui/online/server.py``), kept apart from its HTTP side so that each file
stays readable: a game's state and its JSON as lila writes it (gameFull, gameState, the event stream's
gameStart and gameFinish, a challenge), its draw offers and its moves. Paths are those of lila
(github:Mind-Sports-Games/lila at 1283402) and strategygames (github:Mind-Sports-Games/strategygames at
62efede).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from rules import Game
from rules.movecode import move_code, read_move_code
from tests.toguz_tui.online.standin_rules import MANDATORY_SOURCES, STATUS_IDS, ClockConfig, DaysConfig, fischer

VARIANT = {"key": "togyzkumalak", "name": "Togyzqumalaq", "short": "Toqyz", "lib": 4,
           "boardSize": {"width": 9, "height": 2}}
EVENT_VARIANT = {"gameLogic": {"id": 4, "name": "Togyzkumalak"}, "gameFamily": "togyzkumalak",
                 "key": "togyzkumalak", "name": "Togyzqumalaq", "boardSize": None}
NOT_BOARD = "This game cannot be played with the Board API."  # lila app/controllers/PlayApi.scala
FORGED = "hi\r\nPlayStrategy: You resigned."


@dataclass
class FakeGame:
    """One game on the fake server: its rules' game, the clock, draw offers, where it comes from and how
    it ended."""

    id: str
    me: str  # "p1" or "p2": the side of the token's account
    opponent: str
    clock: ClockConfig | DaysConfig = field(default_factory=lambda: fischer(10, 5))
    game: Game = field(default_factory=Game)
    codes: list[str] = field(default_factory=list)
    times: list[int] = field(default_factory=lambda: [600_000, 600_000])
    status: str = "started"
    winner: str | None = None
    draws: dict[str, bool] = field(default_factory=lambda: {"p1": False, "p2": False})
    offered_at: dict[str, int] = field(default_factory=dict)  # Game.drawOffers: the ply of each side's last
    source: str = "friend"  # lila modules/game/src/main/Source.scala: "lobby", "friend", "tournament" ...
    rated: bool = False
    initial_fen: str = "startpos"
    turn_at: float = field(default_factory=time.monotonic)  # Game.turnAt: the first-move deadline runs from it

    @property
    def mandatory(self) -> bool:
        return self.source in MANDATORY_SOURCES  # lila modules/game/src/main/Game.scala isMandatory

    @property
    def to_move(self) -> str:
        return "p1" if self.game.position.to_move.value == 0 else "p2"

    @property
    def over(self) -> bool:
        return self.status not in ("created", "started")  # Game.playable: status < Aborted

    @property
    def abortable(self) -> bool:  # Game.scala abortable: started, fewer than 2 plies, not mandatory
        return self.status == "started" and len(self.codes) < 2 and not self.mandatory

    @property
    def drawable(self) -> bool:
        return not self.over and not self.abortable  # Game.scala drawable

    def can_offer_draw(self, side: str) -> bool:
        """Game.scala playerCanOfferDraw: 2 plies played, not offering already, no offer of its own in the
        last 20 plies (playerHasOfferedDrawRecently: lastBy(side) >= turnCount - 20)."""
        recent = side in self.offered_at and self.offered_at[side] >= len(self.codes) - 20
        return not self.over and len(self.codes) >= 2 and not self.draws[side] and not recent

    def full(self, account: str) -> dict[str, Any]:
        """gameFull: lila modules/bot/src/main/BotJsonView.scala gameFull (no source, no deadline in it)."""
        players = {self.me: {"id": account, "name": account.capitalize(), "title": None, "rating": 1500,
                             "provisional": True},
                   other(self.me): {"id": self.opponent, "name": self.opponent.capitalize(), "title": None,
                                    "rating": 1620}}
        found = {"id": self.id, "variant": VARIANT, "clock": self.clock.game_json(), "speed": self.clock.speed,
                 "perf": {"name": "Togyzqumalaq"}, "rated": self.rated, "createdAt": 1718000000000,
                 "p1": players["p1"], "p2": players["p2"], "initialFen": self.initial_fen, "type": "gameFull",
                 "state": self.state()}
        if self.mandatory:
            found["tournamentId"] = "Tourn001"
        return found

    def current_times(self) -> tuple[int, int]:
        """wtime and btime now: a clock's as kept, or a correspondence game's from its last move's time."""
        if isinstance(self.clock, DaysConfig):
            return self.clock.times(self.to_move, self.turn_at, time.monotonic())
        return self.times[0], self.times[1]

    def state(self) -> dict[str, Any]:
        grace = self.clock.grace_seconds * 1000  # BotJsonView incOf
        wtime, btime = self.current_times()
        found: dict[str, Any] = {
            "type": "gameState", "moves": " ".join(self.codes), "activeplayer": self.to_move,
            "wtime": wtime, "btime": btime, "winc": grace, "binc": grace,
            "wdraw": self.draws["p1"], "bdraw": self.draws["p2"], "status": self.status,
            "abortable": self.abortable, "selectedsquares": None}
        if self.winner is not None:
            found["winner"] = self.winner
        return found

    def play(self, code: str) -> None:
        """Play a move given as a code (``ValueError`` with lila's words when it is not legal). The landing
        pit is checked as strategygames does (togyzkumalak/variant/Variant.scala `move`: the code's dest
        must be the move's)."""
        try:
            pit = read_move_code(self.game.position, code)
        except Exception:
            raise ValueError(f"Not a valid move: {code} with prom: None. Allowed moves: Map()") from None
        report = self.game.play(pit)
        mover = 0 if report.mover.value == 0 else 1
        if len(self.codes) >= 2:  # the clocks start at the second ply (strategygames togyzkumalak/Game.scala
            self.times[mover] = max(0, self.times[mover] - 1500) + self.clock.grace_seconds * 1000  # applyClock)
        self.codes.append(move_code(report, 9))
        self.turn_at = time.monotonic()
        if report.outcome is not None:
            self.status = "variantEnd"
            winner = report.outcome.winner
            self.winner = None if winner is None else ("p1" if winner.value == 0 else "p2")

    def draw(self, yes: bool) -> bool:
        """BotPlayer.offerDraw / declineDraw (round's Drawer.yes / no); whether anything changed. The
        answer is 200 {"ok":true} whether it counted or not."""
        mine, theirs = self.me, other(self.me)
        if not self.drawable:
            return False
        if not yes:
            if not self.draws[theirs]:
                return False
            self.draws[theirs] = False
        elif self.draws[theirs]:
            self.status, self.winner = "draw", None
        elif self.can_offer_draw(mine):
            self.draws[mine] = True
            self.offered_at[mine] = len(self.codes)
        else:
            return False
        return True

    def event_json(self) -> dict[str, Any]:
        """lila modules/api/src/main/EventStream.scala gameJson: modules/game/src/main/JsonView.scala
        ownerPreview ("secondsLeft" is the clock's time, not the first-move deadline) with "source",
        "compat" (board: Game.isBoardCompatible), "id" and "abortable"."""
        mine = 0 if self.me == "p1" else 1
        found: dict[str, Any] = {
            "fullId": self.id + "wXyZ", "gameId": self.id, "fen": self.game.position.fen(),
            "playerIndex": self.me, "lastMove": self.codes[-1] if self.codes else "", "source": self.source,
            "status": {"id": STATUS_IDS.get(self.status, 0), "name": self.status}, "variant": EVENT_VARIANT,
            "speed": self.clock.speed, "perf": "togyzkumalak", "rated": self.rated,
            "hasMoved": len(self.codes) > (0 if self.me == "p1" else 1),  # Game.playerHasMoved
            "opponent": {"id": self.opponent, "username": self.opponent.capitalize(), "rating": 1620},
            "isMyTurn": not self.over and self.to_move == self.me,
            "secondsLeft": round(self.current_times()[mine] / 1000),
            "compat": {"bot": False, "board": self.clock.board_compatible}, "id": self.id,
            "abortable": self.abortable}
        if self.mandatory:
            found["tournamentId"] = found["swissId"] = "Tourn001"  # ownerPreview writes both from tournamentId
        if self.winner is not None:
            found["winner"] = self.winner
        return found


def other(side: str) -> str:
    return "p2" if side == "p1" else "p1"


@dataclass
class Seek:
    clock: ClockConfig
    rated: bool
    created: float = field(default_factory=time.monotonic)
    ended: bool = False


def challenge_json(challenge_id: str, challenger: str, dest: str, clock: ClockConfig | DaysConfig | None,
                   rated: bool) -> dict[str, Any]:
    """lila modules/challenge/src/main/JsonView.scala; "finalPlayerIndex" is the challenger's side."""
    return {
        "id": challenge_id, "url": f"https://playstrategy.org/{challenge_id}", "status": "created",
        "challenger": {"id": challenger, "name": challenger.capitalize(), "title": None, "rating": 1500},
        "challengerIsAnon": False,
        "destUser": {"id": dest, "name": dest.capitalize(), "title": None, "rating": 1620},
        "lib": 4, "variant": VARIANT, "rated": rated, "speed": clock.speed if clock else "correspondence",
        "timeControl": clock.challenge_json() if clock else {"type": "unlimited"},
        "playerIndex": "random", "finalPlayerIndex": "p1", "p1Color": "white", "p2Color": "black",
        "setupInfo": "", "perf": {"icon": "›", "name": "Togyzqumalaq"}, "_clock": clock}


def re_code(code: str) -> bool:
    """strategygames togyzkumalak/format/Uci.scala Move.apply: two squares Pos.fromKey knows (a1 to i2)."""
    return len(code) == 4 and all(code[i] in "abcdefghi" for i in (0, 2)) and all(code[i] in "12" for i in (1, 3))
