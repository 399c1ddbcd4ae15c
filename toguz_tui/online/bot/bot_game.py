"""One game that ``toguz bot`` plays (``BotGame``): its stream read in a thread of its own, the engine's
search and what the bot sends (moves, draw answers) in another, so that a search never holds the reading.

The stream (``gameFull``, then ``gameState``; ``chatLine``, the players' and the spectators', is not
read) tells the game: the bot's side from the players' ids, the moves (the position is rebuilt from
them with the rules, each code checked, landing pit included), the server's clocks, the opponent's draw
offer, the end. The thinking thread works on the newest state: on the bot's turn it searches for the
time its clock allows and sends the move (``rules.movecode.move_code``); when the opponent offers a
draw it answers by the search's score (accepted when the bot stands no better than even, declined
otherwise). A move the server refuses is logged, and tried again after 2 and then 4 seconds if no new
state has come meanwhile (the next state decides otherwise).

Time: on a clock, the computer's own share of its time (``rules.engine.time_use.thinking_time``: more in
the middlegame, a forced move at once, at most a quarter of what is left), from the server's time less
what has passed since and a reserve for the network;
without a clock (correspondence, unlimited), ``UNHURRIED_SECONDS`` a move.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from datetime import datetime
from typing import Any

from rules import Game, Position, Side
from rules.clock import TimeControl
from rules.engine import LEVELS, SearchResult
from rules.move import play_move
from rules.movecode import move_code
from speech.words import online_wording
from speech.words.i18n import Np_, _, n_, p_
from toguz_tui.files.storage import log_failure
from toguz_tui.online.bot.bot_account import BotAccount, read_on
from toguz_tui.online.network import server_rules
from toguz_tui.online.network.client import OnlineError
from toguz_tui.online.network.move_list import read_moves
from toguz_tui.online.network.server_messages import GameFull, GameState, Player, read_game_line
from toguz_tui.session.game_clock import GameClock

VARIANT = "togyzkumalak"  # the only variant the bot plays (lila's key)
UNHURRIED_SECONDS = 5.0  # a move's thinking without a clock
NETWORK_RESERVE = 0.5  # seconds kept back from the clock for the move's way to the server
DRAW_LOOK_SECONDS = 1.0  # the most a look at a draw offer takes on the opponent's turn
EVEN = 0.0  # stones: the bot accepts a draw when its score is at most this
RETRY_WAITS = (2.0, 4.0)  # seconds before a refused move is tried again, if no new state comes
DRAW_WAIT = 3.0  # seconds after accepting a draw before the bot moves, if the game has not ended
WAKE = 1.0  # seconds the thinking thread sleeps at most (it notices the stop)
ABORT_AFTER = 60.0  # seconds an opponent on a clock may take over the first move before the bot aborts the game
GREETING = Np_("bot chat", "Hello, I am toguz, a Toguz Kumalak engine playing at level {level} of {levels}. "
                           "Good luck!")
GOOD_GAME = Np_("bot chat", "Good game, thank you!")


class BotGame:
    """One game on the server, played by the bot; ``start`` reads its stream and plays until it ends."""

    def __init__(self, account: BotAccount, game_id: str, ended: Callable[[BotGame], None]) -> None:
        self.account = account
        self.id = game_id
        self.ended = ended
        self.engine = account.engines(account.level)
        self.me: Side | None = None
        self.opponent = "?"
        self.control: TimeControl | None = None
        self.rated = False
        self.correspondence = False
        self.start_position: Position | None = None
        self.codes: list[str] = []
        self.game = Game()
        self.times = (0.0, 0.0)  # White's and Black's seconds at the last state
        self.state_at = time.monotonic()
        self.offer = False  # the opponent offers a draw now
        self.abortable = False  # the server would abort the game (fewer than 2 plies)
        self.over = False
        self.readable = True  # the server's moves could be read with the rules
        self._answered: int | None = None  # the ply at which the opponent's offer was answered
        self._sent: int | None = None  # the ply whose move the server took
        self._tries: dict[int, int] = {}  # moves refused at each ply
        self._not_before = (-1, 0.0)  # (ply, time): no move at that ply before then
        self._greeted = False
        self._aborting = False
        self._changed = threading.Condition()

    def start(self) -> None:
        """Read the game's stream and play, in two threads of the game's own."""
        guarded = self.account.guarded
        threading.Thread(target=guarded(self._read, _("game {game}").format(game=self.id)), daemon=True,
                         name=f"toguz-bot-game-{self.id}").start()
        threading.Thread(target=guarded(self._think, _("game {game}").format(game=self.id)), daemon=True,
                         name=f"toguz-bot-thinking-{self.id}").start()

    def stop(self) -> None:
        """Stop the search under way (the bot is stopping; the game goes on at the server)."""
        self.engine.stop()
        with self._changed:
            self._changed.notify_all()

    # -- the stream -----------------------------------------------------------------------------------
    def _read(self) -> None:
        account = self.account

        def refused(error: OnlineError) -> None:
            account.note(_("Game {game} cannot be played by the bot: {reason}.").format(game=self.id, reason=error))

        try:
            read_on(account, lambda opened: account.client.game(self.id, opened), self.line,
                    _("game {game}").format(game=self.id), refused)
        finally:
            with self._changed:
                self.over = True
                self._changed.notify_all()
            self.ended(self)

    def line(self, line: dict[str, Any]) -> bool:
        """One line of the game's stream; True when the game is over (or cannot be played)."""
        match read_game_line(line):
            case GameFull() as full:
                return self._full(full)
            case GameState() as state if self.me is not None:
                return self._state(state)
        return False  # chat lines, the players' and the spectators': the bot does not read them

    def _full(self, full: GameFull) -> bool:
        """The whole game (at the start, or after a reconnection)."""
        me = full.side_of_account(self.account.id)
        if me is None or full.variant != VARIANT:
            self.account.note(_("Game {game} is not the bot's togyzkumalak game: left to the server.").format(
                game=self.id))
            return True
        first = self.me is None
        self.me = me
        self.opponent = _in_the_log(full.players[me.opponent])
        self.control = full.clock.control(shortest=0.0, delay=True) if full.clock.timed else None
        self.correspondence = full.speed == "correspondence"
        self.rated = full.rated
        self.start_position = server_rules.start_position(full.initial_fen)
        with self._changed:
            self._tries.clear()  # the game comes back whole: the next state decides afresh
            self._not_before = (-1, 0.0)
        state = full.state
        if state is None:
            return False
        done = self._state(state, rebuild=first)
        if first and not done and not self._greeted and len(self.codes) < 2:
            self._greeted = True
            levels = len(LEVELS)
            self.account.chat(self.id, GREETING, level=self.account.level, levels=levels)
        return done

    def _state(self, state: GameState, rebuild: bool = False) -> bool:
        """A state of the game: the moves, the clocks, the draw offer, the end."""
        seconds = state.seconds()
        with self._changed:
            self._follow(list(state.moves), rebuild)
            if seconds is not None:
                self.times = seconds
            self.state_at = time.monotonic()
            self.offer = state.draw_offers[Side.BLACK if self.me is Side.WHITE else Side.WHITE]
            self.abortable = state.abortable
            self.over = state.over
            self._changed.notify_all()
        if self.over:
            self._end(state.status, state.winner)
        return self.over

    def _follow(self, codes: list[str], rebuild: bool) -> None:
        """The game as the server's ``codes`` have it: the new moves played, or the whole game again
        when they differ from those known (read with ``move_list.read_moves``); a code that cannot be read
        leaves the game as it was, the moves after the game's end by the rules are not made."""
        known = len(self.codes)
        if rebuild or codes[:known] != self.codes:
            game, new = Game(position=self.start_position), codes
        else:
            game, new = self.game, codes[known:]
        reading = read_moves(new, game.position)
        if reading.refused is not None and not reading.past_end:
            if self.readable:
                self.account.note(_("Game {game}: the server's moves cannot be read with the rules; the bot waits "
                                    "for its next state.").format(game=self.id))
            self.readable = False
            return
        for pit in reading.pits:
            game.play(pit)
        if reading.past_end and self.readable:  # the game known to its end by the rules, the moves after it not
            self.account.note(_("Game {game}: the server's moves go on after the game's end by the rules; the bot "
                                "waits for its next state.").format(game=self.id))
        taken = len(codes) - len(new) + len(reading.pits)
        self.game, self.codes, self.readable = game, list(codes[:taken]), not reading.past_end

    def _end(self, status: str, winner: Side | None) -> None:
        """The game is over: its line in the log, and good game said in the chat (not after an abort)."""
        if status == "aborted":
            result = p_("bot result", "aborted")
        elif winner is not None and winner is self.me:
            result = p_("bot result", "won")
        elif winner is not None:
            result = p_("bot result", "lost")
        else:
            result = p_("bot result", "drawn")
        plies = len(self.codes)
        self.account.report(_("{date}  game {game} against {opponent}, {control}: {result}, {plies}").format(
            date=datetime.now().strftime("%Y-%m-%d %H:%M"), game=self.id, opponent=self.opponent,
            control=self.control_words(), result=result, plies=n_("{count} ply", "{count} plies", plies).format(
                count=plies)))
        if status != "aborted":
            self.account.chat(self.id, GOOD_GAME)

    def control_words(self) -> str:
        """The game's time control in the log's words: ``5+3 rated``, ``correspondence casual``."""
        if self.control is not None:
            control = self.control.typed
        elif self.correspondence:
            control = _("correspondence")
        else:
            control = _("no clock")
        return (_("{control} rated") if self.rated else _("{control} casual")).format(control=control)

    # -- the thinking ---------------------------------------------------------------------------------
    def _think(self) -> None:
        """The game's thinking thread: whenever the newest state asks for it, a search, then the answer (or
        the abort of a game whose opponent does not start it)."""
        while True:
            with self._changed:
                while not (self.over or self.account.stopping) and self._task() is None and not self._abort_due():
                    self._changed.wait(self._sleep())
                if self.over or self.account.stopping:
                    return
                task = self._task()
                if task is None:
                    self._aborting = True
                else:
                    ply, position, mine, offered = task
                    seconds = self._budget(position) if mine else min(DRAW_LOOK_SECONDS, self._budget(position))
            if task is None:
                self._abort()
                continue
            try:
                result = self.engine.choose(position, time_limit=seconds)
            except Exception as error:  # logged; the same position is looked at again a little later
                self.account.note(_("Game {game}: the engine failed ({name}); details in {log}").format(
                    game=self.id, name=type(error).__name__, log=log_failure(error)))
                with self._changed:
                    self._not_before, self._answered = (ply, time.monotonic() + RETRY_WAITS[-1]), ply
                continue
            if self.account.stopping:
                return
            self._act(ply, position, mine, offered, result)

    def _task(self) -> tuple[int, Position, bool, bool] | None:
        """What the newest state asks of the bot: (the ply, the position, its move to make, a draw offer to
        answer), or None."""
        if self.over or not self.readable or self.me is None or self.game.is_over:
            return None
        ply, position = len(self.codes), self.game.position
        ply_held, until = self._not_before
        mine = position.to_move is self.me and self._sent != ply and (ply_held != ply or time.monotonic() >= until)
        offered = self.offer and self._answered != ply
        return (ply, position, mine, offered) if mine or offered else None

    def _abort_due(self) -> bool:
        """Whether the opponent, on a clock, has left the first move unmade for ``ABORT_AFTER`` seconds."""
        return not self._aborting and not self.over and self.control is not None and self.abortable and \
            self.me is not None and self.game.position.to_move is not self.me and \
            time.monotonic() - self.state_at > ABORT_AFTER

    def _abort(self) -> None:
        """Abort the game whose opponent does not start it (a friend's game has no deadline of its own)."""
        if self._send(lambda: self.account.client.command(self.id, "abort"), _("the abort")):
            self.account.note(n_("Game {game}: the opponent did not move within {seconds} second: the bot aborts "
                                 "the game.", "Game {game}: the opponent did not move within {seconds} seconds: the "
                                 "bot aborts the game.", round(ABORT_AFTER)).format(game=self.id,
                                                                                    seconds=round(ABORT_AFTER)))

    def _sleep(self) -> float:
        ply, until = self._not_before
        left = until - time.monotonic()
        return min(WAKE, left) if ply == len(self.codes) and left > 0 else WAKE

    def _budget(self, position: Position) -> float:
        """The seconds the bot may think now in ``position``: its clock's share, or ``UNHURRIED_SECONDS``
        without one."""
        if self.control is None or self.me is None:
            return UNHURRIED_SECONDS
        passed = time.monotonic() - self.state_at if len(self.codes) >= 2 else 0.0  # clocks run from ply 2
        times = list(self.times)
        times[self.me] = max(0.0, times[self.me] - passed - NETWORK_RESERVE)
        clocks = GameClock(self.control)
        clocks.clock.set_times((times[0], times[1]))
        return clocks.budget(self.me, position, LEVELS[self.account.level - 1])

    def _act(self, ply: int, position: Position, mine: bool, offered: bool, result: SearchResult) -> None:
        """Answer the draw offer by the search's score, then send the move found, if it is still wanted."""
        with self._changed:
            if self.over or ply != len(self.codes):
                return  # the game has moved on: the next round works on the newest state
            if offered:
                self._answered = ply
        if offered:
            score = result.score if mine else -result.score  # the bot's score either way
            accept = score <= EVEN
            self._send(lambda: self.account.client.command(self.id, "draw/yes" if accept else "draw/no"),
                       _("the answer to the draw offer"))
            self.account.note((_("Game {game}: the bot accepts the draw offered (its score: {score}).") if accept
                               else _("Game {game}: the bot declines the draw offered (its score: {score}).")
                               ).format(game=self.id, score=online_wording.signed_stones(score)))
            if accept:
                with self._changed:
                    self._not_before = (ply, time.monotonic() + DRAW_WAIT)
                return
        if mine:
            code = move_code(play_move(position, result.pit)[1], position.variant.pits)
            if self._send(lambda: self.account.client.move(self.id, code), _("the move {code}").format(code=code)):
                with self._changed:
                    self._sent = ply
            else:
                with self._changed:
                    tries = self._tries[ply] = self._tries.get(ply, 0) + 1
                    wait = RETRY_WAITS[tries - 1] if tries <= len(RETRY_WAITS) else float("inf")
                    self._not_before = (ply, time.monotonic() + wait)

    def _send(self, request: Callable[[], None], what: str) -> bool:
        """Send ``request``; whether the server took it (a refusal is logged)."""
        try:
            self.account.request(request)
        except OnlineError as error:
            if not self.account.stopping:
                self.account.note(_("Game {game}: PlayStrategy did not take {what}: {reason}.").format(
                    game=self.id, what=what, reason=error))
            return False
        return True



def _in_the_log(player: Player) -> str:
    """A player as the log names them: the site's computer with its level, else the name (or the id) with
    the rating."""
    if player.ai_level is not None:
        return _("PlayStrategy's computer at level {level}").format(level=player.ai_level)
    name = player.called()
    return f"{name} ({player.rating})" if player.rating is not None else name
