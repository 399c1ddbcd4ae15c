"""One online game as its stream tells it, and the opponent across the network.

``GameFollower`` reads the game's stream (``gameFull``, then ``gameState`` and ``chatLine``, read once by
``server_messages.read_game_line``): it joins the game in the session (each step one transaction of
``session.server_game``, as a watched game's), makes the moves the server has and the session not yet (the
opponent's, and the player's own when the server's answer to it was lost; read with ``move_list.read_moves``:
moves after the game's end by the rules are said once and not made, and a game over here is never taken back
into play by a state that differs from it), puts the server's clocks on the session's, says draw offers, chat
(one line per message, marked as chat, a flood folded) and the first-move deadline, and ends the game with
every status the server can send. ``RemoteOpponent`` sends what the player does here to the server, off
the interface's thread; a move is made here once the server has taken it.

Its size (about 400 lines): one handler per kind of line, and the few commands that act on this one
game (draw, abort, resign, a move, chat), over the game's state (the draw offers, the chat's fold, the
deadline's timer); apart, each would reach into that state.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any, ClassVar

from rules import Game, Position, Side
from rules.clock import TimeControl
from rules.move import play_move
from rules.movecode import move_code
from speech.words import online_wording
from speech.words.i18n import _
from toguz_tui.online.network import server_rules
from toguz_tui.online.network.client import OnlineError
from toguz_tui.online.network.connection_port import OnlinePort
from toguz_tui.online.network.move_list import MoveList, read_moves
from toguz_tui.online.network.server_messages import LONGEST_CHAT, ChatLine, GameFull, GameState, read_game_line
from toguz_tui.online.play import server_endings
from toguz_tui.online.play.correspondence import DaysClock
from toguz_tui.online.play.fold import Fold
from toguz_tui.session.facade import GameSession
from toguz_tui.session.opponent import Opponent, OpponentKind, Refusable
from toguz_tui.session.output.announcement_stream import Reply
from toguz_tui.session.setup import GameSetup

CHAT_BURST = 5  # chat lines said within CHAT_WINDOW seconds; more are folded into one line
CHAT_WINDOW = 10.0


def utf16_length(text: str) -> int:
    """``text``'s length as the server counts it (UTF-16 code units: an emoji counts two)."""
    return len(text.encode("utf-16-le")) // 2


class RemoteOpponent(Opponent):
    """A person playing on the server: the moves made here go there first, and are made here when the
    server has taken them; there are no takebacks, and no help from the computer against a person."""

    kind: ClassVar[OpponentKind] = "remote"

    def __init__(self, follower: GameFollower, name: str) -> None:
        self.follower = follower
        self.name = name

    def before_move(self, position: Position, pit: int) -> Reply | None:
        return self.follower.send_move(position, pit)

    def send(self, command: str) -> Reply | None:
        return self.follower.send(command)

    def clock_words(self) -> str | None:
        days = self.follower.days
        if days is None:
            return None
        game = self.follower.session.game
        return days.words(game.position.to_move is self.follower.me and not game.is_over, self.name)

    def refuses(self, what: Refusable) -> str | None:
        if what == "pause":
            return _("An online game's clocks are the server's: they cannot be paused.")
        if what == "undo":
            return _("Moves cannot be taken back in an online game.")
        if what == "engine":
            return _("No help from the computer in a game against a person online.")
        return None


class GameFollower:
    """One game on the server, followed here: ``line`` takes each line of its stream."""

    def __init__(self, online: OnlinePort, game_id: str, lobby: bool, arena: bool = False) -> None:
        self.online = online
        self.game_id = game_id
        self.lobby = lobby  # from a seek or a tournament: the first move has a deadline
        self.arena = arena  # an arena's game: a shorter deadline, and a miss loses it
        self.days: DaysClock | None = None  # a game without a clock: its days a move and the time left
        self.me: Side | None = None
        self.opponent = "?"
        self.draw_offered = False  # the opponent offers a draw now
        self.my_last_offer: int | None = None  # the ply of the player's last draw offer
        self.control: TimeControl | None = None
        self.start: Position | None = None  # the game's first position, when not the usual one
        self.past_end_said = False  # the server's moves went on after the game's end by the rules: said once
        self._chat_fold = Fold(self._say_chat_folded, CHAT_BURST, CHAT_WINDOW)  # a flood of chat, by sender
        self._deadline: threading.Timer | None = None
        self._lock = threading.Lock()
        self.remote = RemoteOpponent(self, self.opponent)  # the server's side of this game, in the session

    @property
    def session(self) -> GameSession:
        """The session the game is played in."""
        return self.online.session

    # -- the stream's lines ------------------------------------------------------------------------
    def line(self, line: dict[str, Any]) -> bool:
        """One line of the game's stream; True when the game is over (the stream's work is done)."""
        match read_game_line(line):
            case GameFull() as full:
                self._full(full)
                return self._state(full.state) if full.state is not None else False
            case GameState() as state:
                return self._state(state)
            case ChatLine() as chat:
                self._chat(chat)
        return False

    def _full(self, full: GameFull) -> None:
        """The whole game (at the start, or after a reconnection): join it if it is new here."""
        session = self.session
        if session.server_game.shows(self.remote):
            return  # known (a reconnection): the state that follows brings what is missing
        me = Side.WHITE if full.players[0].is_account(self.online.account) else Side.BLACK
        self.me = me
        self.opponent = self.remote.name = full.players[me.opponent].called()
        self.control = full.clock.control() if full.clock.timed else None
        self.start = server_rules.start_position(full.initial_fen)
        if not full.clock.timed:  # correspondence (days a move) or no limit: the state says which
            self.days = DaysClock(None)
        rated = "rated" if full.rated else "casual"
        setup = GameSetup.from_settings(session.settings).changed(
            variant=Game().variant, human=me, clock=self.control, you=self.online.account_name,
            tags=(("Site", f"{self.online.site}/{self.game_id}"), ("Event", f"PlayStrategy {rated} game")))
        state = full.state
        reading = read_moves(state.moves, self.start) if state is not None and state.moves else None

        def joined() -> None:  # under the session's lock: said before any move that follows
            if reading is not None:  # a game going on, taken up: its moves made without a word, then where it stands
                if self.days is not None:  # its time known before anything is said, so that clock can say it
                    self.days.update(state, session.game.position.to_move)
                turn = session.view.turn_words(session.output.announcer)
                taken_up = online_wording.online_taken_up(self.opponent, me, len(session.game.moves), turn)
                session.output.say(Reply(taken_up))
                self._past_end(reading)
            elif self.lobby and self.control is not None:  # short, with the deadline for the first move
                seconds = server_rules.first_move_seconds(self.control.initial, self.control.increment, self.arena)
                session.output.say(Reply(online_wording.lobby_game(self.opponent, me, self.control.typed, seconds,
                                                                      self.arena)))
            else:  # the server starts the clocks at the second move, not the first
                turn = session.view.turn_words(session.output.announcer)
                if self.days is not None:
                    self.days.update(state, session.game.position.to_move)
                days = self.days.days if self.days is not None else None
                session.output.say(Reply(online_wording.game_begins(self.opponent, me, self.control, turn, days)))

        session.server_game.join(setup, self.start, self.remote, reading.pits if reading is not None else (), joined)
        self._watch_first_move()

    def _state(self, state: GameState) -> bool:
        """A game's state: the moves not yet made here, the server's clocks, a draw offer, the end."""
        session = self.session
        self._moves(state.moves)
        self._server_clocks(state)
        self._watch_first_move()
        offered = state.draw_offers[Side.BLACK if self.me is Side.WHITE else Side.WHITE]
        if offered and not self.draw_offered and not session.game.is_over:
            self.online.say(_("{opponent} offers a draw: type draw to accept, or play on.").format(
                opponent=self.opponent))
        self.draw_offered = offered
        return self._ended(state)

    def _moves(self, codes: Sequence[str]) -> None:
        """The server's moves: those not yet made here made (the opponent's, and ours when the server took one
        but its answer was lost), or the server's game taken when it differs. A game over here (by the rules,
        or archived) is never taken back into play: a state that differs from it is passed over, and moves
        after its end said once."""
        reading = read_moves(codes, self.start)
        made = self.session.server_game.moved(self.remote, reading.pits)
        if made == "over":
            known = self.session.game.moves
            if reading.pits[:len(known)] == known:
                self._past_end(reading)
        elif made == "differs" or (made == "made" and reading.refused is not None and not reading.past_end):
            self._resynchronise(reading)
        elif made == "made":
            self._past_end(reading)

    def _past_end(self, reading: MoveList) -> None:
        """Moves after the game's end by the rules (the server plays on): said once, not made."""
        if reading.past_end and reading.refused is not None and not self.past_end_said:
            self.past_end_said = True
            self.online.say(online_wording.moves_past_end(reading.refused), "error")

    def _resynchronise(self, reading: MoveList) -> None:
        """The server's moves differ from the game here: take the server's (as far as the rules take them), and
        say so."""
        if self.session.server_game.take(self.remote, reading.pits):
            self.online.say(online_wording.resynchronised_after(len(reading.pits)))
            self._past_end(reading)

    def _server_clocks(self, state: GameState) -> None:
        """The server's times (milliseconds, bounded); the server starts the clocks at the second ply."""
        if self.days is not None:  # days a move: kept here, said by the clock command
            self.days.update(state, self.session.game.position.to_move)
            return
        seconds = state.seconds()
        if seconds is not None:
            self.session.server_game.times(self.remote, seconds, from_second_ply=True)

    def _ended(self, state: GameState) -> bool:
        """The game's end as the server says it, whatever the status (True: the stream's work is done)."""
        if not state.over:
            return False
        self._stop_timers()
        status, winner = state.status, state.winner
        self.session.server_game.end(self.remote, lambda: server_endings.end_as_the_server_says(
            self.session, status, winner,
            lambda named: self.online.say(online_wording.finish(status, self.opponent, named is self.me))),
            gone=server_rules.ENDINGS.get(status) == "gone")
        return True

    # -- chat ---------------------------------------------------------------------------------------
    def _chat(self, line: ChatLine) -> None:
        """The opponent's chat line: one line, marked as chat; past a burst, folded into a count."""
        who, text = line.username, line.text
        if not text or who.lower() == self.online.account.lower():
            return
        if self._chat_fold.take(who):
            self.online.say(online_wording.chat_line(who, text))

    def _say_chat_folded(self, count: int, who: str) -> None:
        self.online.say(online_wording.chat_folded(who, count))

    def chat(self, text: str) -> Reply:
        """Say ``text`` to the opponent (at most the server's 140 UTF-16 units)."""
        output = self.session.output
        text = " ".join(text.split())
        if utf16_length(text) > LONGEST_CHAT:
            return output.error(_("A chat message holds at most {limit} characters; yours has {count}.").format(
                limit=LONGEST_CHAT, count=utf16_length(text)))
        self.online.errands.run("chat", lambda: self.online.client.chat(self.game_id, text),
                                lambda _answer: self.online.say(online_wording.chat_sent(text)),
                                lambda error: self.online.say(_("Your message was not sent: {reason}.").format(
                                    reason=error), "error"))
        return Reply("")

    # -- what the player does -----------------------------------------------------------------------
    def send_move(self, position: Position, pit: int) -> Reply:
        """Send the player's move, ``pit`` in ``position`` (``IllegalMoveError`` for one that may not be
        played); it is made here when the server has taken it."""
        online, session = self.online, self.session
        if online.errands.busy("move"):
            return session.output.error(_("Your last move is still on its way to PlayStrategy: wait for it."))
        code = move_code(play_move(position, pit)[1], 9)

        def taken(_answer: object) -> None:
            session.server_game.moved(self.remote, (pit,), position)

        def failed(error: OnlineError) -> None:
            if error.delivery == "unknown" and session.game.position != position:
                return  # the answer was lost, but the game's stream has shown the move made
            online.say(online_wording.move_not_taken(error.delivery, str(error), error.retry_after), "error")

        online.errands.run("move", lambda: online.client.move(self.game_id, code), taken, failed)
        return Reply("")

    def send(self, command: str) -> Reply:
        """Send ``resign``, ``abort`` or a draw's answer; the game's stream says what became of it."""
        names = {"resign": _("your resignation"), "abort": _("the abort"), "draw/yes": _("the draw"),
                 "draw/no": _("the refusal of the draw")}
        self.online.errands.run(command, lambda: self.online.client.command(self.game_id, command),
                                lambda _answer: None,
                                lambda error: self.online.say(
                                    online_wording.command_not_taken(names[command], str(error)), "error"))
        return Reply("")

    def draw(self) -> Reply:
        """Accept the draw offered, or offer one when the server would count it (else say why not)."""
        output, game = self.session.output, self.session.game
        if self.draw_offered:
            self.send("draw/yes")
            return output.answer(_("You accept the draw."))
        plies = len(game.moves)
        problem = server_rules.draw_offer_problem(plies, self.my_last_offer)
        if problem == "early":
            return output.error(_("A draw offer counts only once both sides have moved: PlayStrategy would ignore "
                                  "it now."))
        if problem == "recent":
            return output.error(online_wording.draw_offer_too_soon(
                (self.my_last_offer or 0) + server_rules.DRAW_OFFER_PLIES + 1 - plies, server_rules.DRAW_OFFER_PLIES))
        self.my_last_offer = plies
        self.send("draw/yes")
        return output.answer(_("You offer a draw."))

    # -- the first move's deadline ------------------------------------------------------------------
    def _watch_first_move(self) -> None:
        """In a game from the lobby, warn when ``WARN_FIRST_MOVE`` seconds are left for the player's first
        move (the server aborts the game when it runs out, and counts a strike against the player)."""
        game = self.session.game
        mine_first = self.me is not None and len(game.moves) == (0 if self.me is Side.WHITE else 1)
        with self._lock:
            if self._deadline is not None and not mine_first:
                self._deadline.cancel()
                self._deadline = None
            if not self.lobby or self.control is None or not mine_first or self._deadline is not None or \
                    game.is_over:
                return
            seconds = server_rules.first_move_seconds(self.control.initial, self.control.increment, self.arena)
            self._deadline = threading.Timer(seconds - server_rules.WARN_FIRST_MOVE, self._warn_first_move)
            self._deadline.daemon = True
            self._deadline.start()

    def _warn_first_move(self) -> None:
        game = self.session.game
        if self.me is not None and not game.is_over and len(game.moves) == (0 if self.me is Side.WHITE else 1):
            self.online.say(online_wording.first_move_warning(round(server_rules.WARN_FIRST_MOVE)), "error")

    def _stop_timers(self) -> None:
        with self._lock:
            if self._deadline is not None:
                self._deadline.cancel()
            self._deadline = None
        self._chat_fold.close()

    def close(self) -> None:
        """Stop the timers (the game goes on at the server)."""
        self._stop_timers()

