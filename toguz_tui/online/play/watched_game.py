"""A live game watched on PlayStrategy, as its public stream tells it, made in the session move by move.

The stream's lines (lila app/controllers/Api.scala ``actionStream``, modules/round/src/main/ApiActionStream.scala;
no login): the whole game first (its id, status, plies, initial and current FEN; no players, no clocks),
then one line per position already played, the start first (a FEN of four fields ending in ``w`` or ``b``,
the last move's code as ``lm``, the clocks ``p1`` and ``p2`` in seconds), then one line per move as it is
made, held three moves back after the first five, and at the end the whole game again, with its status.
Lines with neither ``fen`` nor ``id`` (the ``{}`` that push the held lines out) are passed over. After a
reconnection the stream starts again from the whole game: the positions known already pass in silence.

``WatchedGame`` rebuilds each move from ``lm`` and the position before it with toguz's own rules
(``rules.movecode.read_move_code``) and checks it against the FEN. Where they differ (lines lost: the server's
queue drops the oldest lines of a long game) it takes the game's moves from ``/api/game/{id}``, and says so
once the game is followed (a flood of such lines folded, as chat is). Lines of another game are passed over; a
game over by the rules is never played on, nor taken back into play. The moves played before the player
started watching are taken without a word, then where the game stands is said; each later move is said as a
move of one's own game is (``WatchedPlayers`` is the other side: nobody here plays it). The end is said with
its result, by whatever status the server sends.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, ClassVar

from rules import TOGUZ, Game, NotationError, Position, Side
from rules.clock import TimeControl
from rules.movecode import read_move_code
from speech.words import online_wording, watch_wording
from toguz_tui.online.network import server_rules
from toguz_tui.online.network.move_list import read_moves
from toguz_tui.online.network.server_messages import LONGEST_FEN, LONGEST_STATUS, MOST_PLIES, side_of
from toguz_tui.online.play import server_endings
from toguz_tui.online.play.fold import Fold
from toguz_tui.online.play.watch import Watch
from toguz_tui.session.facade import GameSession
from toguz_tui.session.opponent import Opponent, OpponentKind, Refusable
from toguz_tui.session.output.announcement_stream import Reply
from toguz_tui.session.setup import GameSetup

MOST_SECONDS = 10**6  # a clock's seconds, bounded
FEW_MISSED = 3  # moves missed while a stream was down are said one by one; more, taken as the server has them
MOVES_ASKED_EVERY = 10.0  # seconds: a game's moves are asked of the server (to resynchronise) at most this often


@dataclass(frozen=True)
class WatchTarget:
    """A game to watch: its id, White's and Black's names ("" where the server names none), its clock (or
    its days a move), whether it is the TV's, and whether it was over when it was looked up."""

    game_id: str
    names: tuple[str, str]
    control: TimeControl | None = None
    days: int | None = None
    tv: bool = False
    over: bool = False


def stream_position(text: object) -> Position | None:
    """A position from a stream's FEN: ``<board> <kazan 1> <kazan 2> <w|b>`` (strategygames
    Forsyth.exportBoard and the side's letter: ApiActionStream.scala 111), or a full FEN (the whole game's
    ``fen`` and ``initialFen``); None when it is not one."""
    if not isinstance(text, str) or len(text) > LONGEST_FEN:
        return None
    fields = text.split()
    if len(fields) == 4 and fields[3] in ("w", "b"):
        fields = [*fields[:3], "S" if fields[3] == "w" else "N", "1"]
    try:
        return Position.from_fen(" ".join(fields), TOGUZ)
    except (NotationError, ValueError):
        return None


def same_place(one: Position, other: Position) -> bool:
    """Whether two positions are the same but for their move numbers (a stream's FEN has none)."""
    return (one.board, one.kazans, one.tuzdyks, one.to_move) == (other.board, other.kazans, other.tuzdyks,
                                                                  other.to_move)


def _seconds(line: dict[str, Any]) -> tuple[float, float] | None:
    """White's and Black's seconds on a position's line (a game with a clock), bounded; else None."""
    white, black = line.get("p1"), line.get("p2")
    if not isinstance(white, int) or not isinstance(black, int):
        return None
    return float(max(0, min(white, MOST_SECONDS))), float(max(0, min(black, MOST_SECONDS)))


def _status(line: dict[str, Any]) -> str:
    """The game's status name: ``{"id", "name"}`` on the stream, a bare name elsewhere."""
    status = line.get("status")
    name = status.get("name") if isinstance(status, dict) else status
    return str(name)[:LONGEST_STATUS] if isinstance(name, str) else "started"


class WatchedPlayers(Opponent):
    """The two players of a game watched: their moves come from the server; nothing is played, taken back,
    paused or helped by the computer here."""

    kind: ClassVar[OpponentKind] = "remote"

    def __init__(self, session: GameSession) -> None:
        self.session = session

    def before_move(self, position: Position, pit: int) -> Reply:
        return self.session.output.error(watch_wording.watched_move())

    def send(self, command: str) -> Reply:
        return self.session.output.error(watch_wording.watched_move())

    def refuses(self, what: Refusable) -> str | None:
        return {"undo": watch_wording.watched_undo(), "pause": watch_wording.watched_pause(),
                "engine": watch_wording.watched_engine()}[what]


class WatchedGame:
    """One game watched: ``line`` takes each line of its stream (``opened`` when a stream begins)."""

    def __init__(self, spectator: Watch, target: WatchTarget, site: str) -> None:
        self.spectator = spectator
        self.target = target
        self.site = site
        self.track: Game | None = None  # the game as the lines tell it, from the whole game's first line
        self.positions: list[Position] = []  # its positions, the start first
        self.cursor = 0  # the positions a stream has gone through again (after a reconnection)
        self.quiet_until = 0  # the moves taken without a word: played before the player came, or missed
        self.catching = False  # many moves missed while the stream was down: taken without a word, then said
        self.moves_asked_at = -MOVES_ASKED_EVERY  # when the game's moves were last asked for (time.monotonic)
        self.heading = True  # the next line is a stream's first, the whole game
        self.rated = False
        self.opponent: WatchedPlayers | None = None
        self.setup: GameSetup | None = None  # the session's game, once taken up (None: not yet, or no longer)
        self.past_end_said = False  # positions after the game's end by the rules: said once, not made
        self.resynchronised = Fold(self._say_resynchronised)  # the game set as the server has it: a flood folded

    @property
    def session(self) -> GameSession:
        """The session the game is shown in."""
        return self.spectator.session

    def opened(self) -> None:
        """A stream of the game begins: its first line is the whole game."""
        self.heading = True

    def line(self, line: dict[str, Any]) -> bool:
        """One line of the stream; True when the game is over (or the watching stopped)."""
        if self.spectator.stopped:
            return True
        if isinstance(line.get("id"), str):
            if line["id"][:8] != self.target.game_id[:8]:
                return False  # another game's line (a hostile server's): nothing of this game
            heading, self.heading = self.heading, False
            return self._header(line) if heading else self._end(line)
        if "fen" in line:
            self._position(line)
        return False

    # -- the lines ------------------------------------------------------------------------------------
    def _header(self, line: dict[str, Any]) -> bool:
        """A stream's first line: the whole game. The first one of all sets the game up; a later one (after
        a reconnection) says how many moves were missed."""
        self.cursor = 0  # the positions come again from the start
        plies = line.get("plies")
        plies = max(0, min(plies, MOST_PLIES)) if isinstance(plies, int) and not isinstance(plies, bool) else 0
        finished = _status(line) not in ("created", "started")
        # ApiActionStream.scala 19-37: the first 5 lines come at once, later ones 3 moves behind (none when
        # the game was over already): the moves to that point are those played before the stream opened.
        caught_up = plies if finished or plies <= 4 else max(4, plies - 3)
        if self.track is not None:
            if self.setup is not None and caught_up - len(self.track.moves) > FEW_MISSED:
                self.quiet_until, self.catching = caught_up, True
            return False
        variant = line.get("variant")
        key = variant.get("key") if isinstance(variant, dict) else variant
        if key != "togyzkumalak":
            self.spectator.say([watch_wording.not_toguz(self.target.game_id, str(key)[:30])], "error")
            return True
        start = stream_position(line.get("initialFen")) or Position.start(TOGUZ)
        self.track, self.positions = Game(position=start), [start]
        self.quiet_until = caught_up
        self.rated = line.get("rated") is True
        return False

    def _position(self, line: dict[str, Any]) -> None:
        """A position: one passed again, the next move, or one that shows moves missed."""
        found = stream_position(line.get("fen"))
        if found is None or self.track is None:
            return
        times = _seconds(line)
        known = next((index for index in range(self.cursor, len(self.positions))
                      if same_place(self.positions[index], found)), None)
        past_end = known is None and self.track.is_over  # a game over by the rules is never taken back into play
        if known is not None:
            self.cursor = known + 1
        elif past_end:  # nor played on
            if self.cursor < len(self.positions):
                return
            self.quiet_until = min(self.quiet_until, len(self.track.moves))  # no move left to wait for
        else:
            pit = self._next_move(line.get("lm"), found)
            if pit is None:
                self._resynchronise(found)
            else:
                self._moved(pit, times)
        caught_up = len(self.track.moves) >= self.quiet_until and self.cursor == len(self.positions)
        if self.setup is None and caught_up:
            self._take_up(times)
        elif self.catching and caught_up:
            self.catching = False
            self._synchronise(times)
        elif known is not None and known == len(self.positions) - 1:
            self._clocks(times)
        if past_end:  # said once the game is taken up
            self._past_end(line.get("lm"))

    def _next_move(self, code: object, found: Position) -> int | None:
        """The pit ``code`` plays after the last position known, when that makes ``found`` (a move that
        ends the game is taken as the code says: the server's last FEN may not gather the stones)."""
        assert self.track is not None
        if not isinstance(code, str) or self.track.is_over:
            return None
        try:
            pit = read_move_code(self.track.position, code[:8])
        except NotationError:
            return None
        after = Game(position=self.track.position)
        after.play(pit)
        return pit if after.is_over or same_place(after.position, found) else None

    def _moved(self, pit: int, times: tuple[float, float] | None) -> None:
        """The next move: kept, and when the game is followed, made in the session (said as it says moves)."""
        assert self.track is not None
        self.track.play(pit)
        self.positions.append(self.track.position)
        self.cursor = len(self.positions)
        if self.setup is None or self.catching or self.opponent is None or self.spectator.stopped:
            return
        session = self.session
        if session.server_game.moved(self.opponent, self.track.moves) == "gone":
            return
        self._clocks(times)
        if times is not None and session.output.announcer.verbosity == "full" and session.clocks.clock is not None:
            self.spectator.say([session.clocks.words(session.output.announcer)])  # as c says them

    def _resynchronise(self, found: Position) -> None:
        """The lines do not follow from the game known: the game as the server has it up to ``found`` (its
        moves from the server, read with the rules), to its end by the rules when those moves go on past it
        (said once), or from ``found`` itself when they do not lead there; said when followed."""
        assert self.track is not None
        start = self.track.start_position
        pits: list[int] | None = [] if same_place(start, found) else None
        replay, played = Game(position=start), list[int]()
        asked = pits is None and time.monotonic() - self.moves_asked_at >= MOVES_ASKED_EVERY
        if asked:  # at most once in a while: a server sending lines that never follow is not asked again and again
            self.moves_asked_at = time.monotonic()
        reading = read_moves(self.spectator.game_moves(self.target.game_id)[:MOST_PLIES] if asked else [], start)
        for pit in reading.pits:
            replay.play(pit)
            played.append(pit)
            if same_place(replay.position, found):
                pits = played
                break
        if pits is None and reading.past_end:  # the server's moves go on past the end: the game as the rules end it
            pits = played
            self._past_end(reading.refused)
        if pits is None:
            start, pits = found, []  # its moves are not to be had: the game from where it stands
        self.track, self.positions = Game(position=start), [start]
        for pit in pits:
            self.track.play(pit)
            self.positions.append(self.track.position)
        self.cursor = len(self.positions)
        if self.setup is not None and not self.catching:
            self._synchronise(None)

    def _past_end(self, code: object) -> None:
        """The server's game goes on after its end by the rules (``code``: the first move past it): said once,
        not made."""
        if not self.past_end_said:
            self.past_end_said = True
            self.spectator.say([online_wording.moves_past_end(code[:12] if isinstance(code, str) else "?")], "error")

    def _synchronise(self, times: tuple[float, float] | None) -> None:
        """The session's game made the one followed here (moves missed, or lines that did not follow), said."""
        assert self.track is not None
        track = self.track
        if self.spectator.stopped or self.setup is None or self.opponent is None or \
                not self.session.server_game.take(self.opponent, track.moves, track.start_position):
            return
        self._clocks(times)
        if self.resynchronised.take():
            self.spectator.say([online_wording.resynchronised_after(len(track.moves))])

    def _say_resynchronised(self, count: int, _key: str) -> None:
        """The times the game was set as the server has it and not said (a flood of lines that do not follow)."""
        moves = len(self.track.moves) if self.track is not None else 0
        self.spectator.say([watch_wording.resynchronised(count, moves)])

    def _end(self, line: dict[str, Any]) -> bool:
        """The whole game again, at its end: the moves missed made, then the end said by its status."""
        status = _status(line)
        if status in ("created", "started"):
            return False
        found = stream_position(line.get("fen"))
        if self.track is not None and found is not None and not self.track.is_over and \
                not same_place(self.track.position, found):
            self._resynchronise(found)
        if self.setup is None:
            self._take_up(None)
        elif self.catching:
            self.catching = False
            self._synchronise(None)
        session = self.session
        winner = side_of(line.get("winner"))
        if self.spectator.stopped or self.setup is None or self.opponent is None:
            return True

        def say_why(named: Side | None) -> None:
            loser = session.output.announcer.side_name(named.opponent) if named is not None else "?"
            self.spectator.say([online_wording.finish(status, loser, True)])

        session.server_game.end(self.opponent, lambda: server_endings.end_as_the_server_says(
            session, status, winner, say_why), gone=server_rules.ENDINGS.get(status, "win") == "gone")
        return True

    # -- the session's game ---------------------------------------------------------------------------
    def _take_up(self, times: tuple[float, float] | None) -> None:
        """The game made in the session, its moves so far without a word; then who plays, the clock and
        where it stands are said."""
        assert self.track is not None
        session, target = self.session, self.target
        rated = "rated" if self.rated else "casual"
        if self.spectator.stopped:
            return
        opponent = self.opponent = WatchedPlayers(session)
        setup = GameSetup.from_settings(session.settings).changed(
            variant=TOGUZ, human=None, clock=target.control, watched=True, players=target.names,
            tags=(("Site", f"{self.site}/{target.game_id}"), ("Event", f"PlayStrategy {rated} game")))
        moves, sentences = self.track.moves, list[str]()

        def joined() -> None:  # under the session's lock: who plays, the clock and where it stands
            self.setup = setup
            self._clocks(times)
            announcer = session.output.announcer
            white, black = (announcer.side_name(side) for side in (Side.WHITE, Side.BLACK))
            sentences.extend(watch_wording.watching(target.tv, white, black,
                                                    watch_wording.clock_words(target.control, target.days),
                                                    len(moves)))
            if session.game.moves:
                sentences.append(announcer.kazans(session.game.position))
            sentences.append(session.view.turn_words(announcer))

        if session.server_game.join(setup, self.track.start_position, opponent, moves, joined):
            self.spectator.say(sentences)

    def _clocks(self, times: tuple[float, float] | None) -> None:
        """The clocks as the server had them at the position heard (standing: the next line brings them)."""
        if times is not None and self.setup is not None and self.opponent is not None:
            self.session.server_game.times(self.opponent, times, from_second_ply=False)
