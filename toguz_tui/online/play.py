"""Playing a game on PlayStrategy through a ``GameSession``: the account's events, one game's stream, and
the commands that only an online game has (seek, challenge, accept, decline, say, draw, abort).

Two threads listen: one to the account's events (a game starting, a challenge), one to the game being
played. Each reconnects by itself when its stream drops or the server fails, waiting a little longer
each time (1, 2, 4 ... 30 seconds, or what a 429 asks), and says so once; a game stream starts again
with the whole game (``gameFull``), so nothing is lost: moves already known are skipped, missing ones are
played and announced. The opponent's moves are announced exactly as a local opponent's, after what is
being said; chat lines come after moves, never over them. The server keeps the clocks: its times are put
on the session's clocks after every state, and only the server lets a flag fall.

Its size (past 400 lines, ``OnlinePlay`` past 25 methods): one handler per server event and one method per
player's command, over one connection's state (the game, the challenges waiting, the seek); split, the
parts would reach into each other's state.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, ClassVar

from rules import TOGUZ, Game, MoveReport, NotationError, Side
from rules.clock import TimeControl
from rules.movecode import move_code, read_move_code
from speech.words import phrases
from speech.words.i18n import _
from toguz_tui.files.storage import log_failure
from toguz_tui.online.client import Client, OnlineError
from toguz_tui.session.facade import GameSession
from toguz_tui.session.opponents import Kind, Opponent, Refusable
from toguz_tui.session.setup import GameSetup
from toguz_tui.session.stream import Kind as Said
from toguz_tui.session.stream import Reply

LONGEST_WAIT = 30.0  # seconds between two attempts to reconnect, at most
STEADY = 10.0  # seconds a stream must have lasted for a drop to count as a fresh one
RAPID_SECONDS = 480  # the Board API plays Rapid or slower: minutes x 60 + 40 x increment at least this


def side_of(index: str) -> Side | None:
    """PlayStrategy's ``p1``/``p2`` as a side."""
    return {"p1": Side.WHITE, "p2": Side.BLACK}.get(index)


def pits_of(codes: list[str]) -> list[int]:
    """The pits the server's move codes play from the start, up to the first that cannot be read."""
    game, pits = Game(), []
    for code in codes:
        try:
            pit = read_move_code(game.position, code)
            game.play(pit)
        except NotationError:
            break
        pits.append(pit)
    return pits


def board_speed(minutes: float, increment: int) -> bool:
    """Whether the Board API allows this time control (Rapid or slower)."""
    return minutes * 60 + 40 * increment >= RAPID_SECONDS


class RemoteOpponent(Opponent):
    """A person playing on the server: the moves made here go there before they are made; there are no
    takebacks, and no help from the computer against a person."""

    kind: ClassVar[Kind] = "remote"

    def __init__(self, online: OnlinePlay, game_id: str, name: str) -> None:
        self.online = online
        self.game_id = game_id
        self.name = name

    def before_move(self, report: MoveReport) -> str | None:
        return self.online.post(lambda: self.online.client.move(self.game_id, move_code(report, 9)))

    def send(self, command: str) -> str | None:
        return self.online.post(lambda: self.online.client.command(self.game_id, command))

    def refuses(self, what: Refusable) -> str | None:
        if what == "pause":
            return _("An online game's clocks are the server's: they cannot be paused.")
        if what == "undo":
            return _("Moves cannot be taken back in an online game.")
        if what == "engine":
            return _("No help from the computer in a game against a person online.")
        return None


class OnlinePlay:
    """One player's online play: the client, the session it drives, and the listening threads."""

    def __init__(self, client: Client, seek_client: Callable[[], Client] | None = None) -> None:
        self.client = client
        self._session: GameSession | None = None
        self.account = ""
        self.game_id: str | None = None
        self.me: Side | None = None
        self.challenges: list[tuple[str, str]] = []  # (id, challenger) of the challenges waiting for an answer
        self.draw_offered = False  # the opponent offers a draw now
        self.known: set[str] = set()  # the challenges said so far
        self._closed = threading.Event()
        self._threads: list[threading.Thread] = []
        self._seek_client = seek_client
        self._seeking: Client | None = None
        self._lock = threading.RLock()

    # -- starting and stopping -----------------------------------------------------------------------
    @property
    def session(self) -> GameSession:
        """The session the games are played in (``attach``)."""
        assert self._session is not None  # attach comes first
        return self._session

    def attach(self, session: GameSession) -> None:
        """Play the games in ``session`` (built with this connection as its ``online``)."""
        self._session = session

    def connect(self) -> Reply:
        """Check the token with the account, then listen for events; what to say."""
        try:
            self.account = str(self.client.account().get("id", ""))
        except OnlineError as error:
            return self.session.output.error(phrases.online_failed(str(error)))
        self._start(self._listen_to_events, "toguz-online-events")
        return self.session.output.answer(_("Connected to PlayStrategy as {account}. Type seek 15+10 to find an "
                                            "opponent, challenge NAME 15+10 to challenge someone, or wait for a "
                                            "challenge.").format(account=self.account))

    def close(self) -> None:
        """Stop listening (the game goes on at the server) and close the connections."""
        self._closed.set()
        self._stop_seeking()
        self.client.close()

    def _start(self, target: Callable[[], None], name: str) -> None:
        thread = threading.Thread(target=target, name=name, daemon=True)
        self._threads.append(thread)
        thread.start()

    def say(self, text: str, kind: Said = "info") -> None:
        """Say ``text`` after what is being said, and show it."""
        self.session.output.say(Reply(text, kind=kind), interrupt=False)

    def post(self, request: Callable[[], Any]) -> str | None:
        """Run one request; why it failed, in a few words, or None."""
        try:
            request()
        except OnlineError as error:
            if error.retry_after is not None:
                return _("the server asks to wait {seconds} seconds").format(seconds=round(error.retry_after))
            return str(error)
        return None

    # -- the streams, reconnecting ---------------------------------------------------------------------
    def _follow(self, open_stream: Callable[[Callable[[], None]], Iterator[dict[str, Any]]],
                handle: Callable[[dict[str, Any]], bool], what: str) -> None:
        """Read a stream line by line with ``handle`` (which returns True when the stream's work is done);
        when it drops or fails, say so once, wait (longer each time) and open it again. Back is said when
        the server answers again; the wait starts again from a second only after a stream that lasted."""
        wait = 1.0
        lost = False
        opened_at = [0.0]

        def opened() -> None:
            nonlocal lost
            opened_at[0] = time.monotonic()
            if lost:
                lost = False
                self.say(_("Connected again to {what}.").format(what=what))

        while not self._closed.is_set():
            try:
                for line in open_stream(opened):
                    if handle(line):
                        return
            except OnlineError as error:
                if self._closed.is_set():
                    return
                if error.status in (400, 401, 403, 404):  # this will not get better by trying again
                    self.say(phrases.online_failed(str(error)), "error")
                    return
                if error.retry_after is not None:
                    wait = error.retry_after
                    self.say(phrases.rate_limited(round(wait)), "error")
                elif not lost:
                    self.say(phrases.online_lost(what, str(error)), "error")
                lost = True
            except Exception as error:  # a fault here is logged and said; the stream is left
                self.say(phrases.online_failed(f"{type(error).__name__}: {error}"), "error")
                log_failure(error)
                return
            else:
                if self._closed.is_set():
                    return
                if not lost:
                    self.say(phrases.online_lost(what, _("the stream ended")), "error")
                lost = True
            if time.monotonic() - opened_at[0] > STEADY:
                wait = 1.0  # the stream had been working: a fresh drop
            if self._closed.wait(wait):
                return
            wait = min(LONGEST_WAIT, wait * 2)

    def _listen_to_events(self) -> None:
        self._follow(lambda opened: self.client.events(opened), self._event, _("your account's events"))

    def _event(self, event: dict[str, Any]) -> bool:
        kind = event.get("type")
        if kind == "gameStart" and isinstance(event.get("game"), dict):
            self._game_started(event["game"])
        elif kind == "challenge" and isinstance(event.get("challenge"), dict):
            self._challenged(event["challenge"])
        elif kind in ("challengeDeclined", "challengeCanceled") and isinstance(event.get("challenge"), dict):
            challenge = event["challenge"]
            self.challenges = [item for item in self.challenges if item[0] != challenge.get("id")]
            self.say(phrases.challenge_withdrawn(kind == "challengeDeclined", _name(challenge.get("challenger")),
                                                 _name(challenge.get("destUser"))))
        return False

    def _challenged(self, challenge: dict[str, Any]) -> None:
        target = challenge.get("destUser")
        if not isinstance(target, dict) or target.get("id") != self.account:
            return  # our own challenge, echoed
        variant = challenge.get("variant")
        if not isinstance(variant, dict) or variant.get("key") != "togyzkumalak":
            return
        challenge_id = str(challenge.get("id", ""))[:12]
        if challenge_id in self.known:
            return  # said already (the stream sends the waiting ones again when it reconnects)
        self.known.add(challenge_id)
        who = _name(challenge.get("challenger"))
        self.challenges.append((challenge_id, who))
        control = challenge.get("timeControl")
        shown = str(control.get("show", "")) if isinstance(control, dict) else ""
        self.say(phrases.challenged(who, shown[:12], bool(challenge.get("rated"))))

    def _game_started(self, game: dict[str, Any]) -> None:
        variant = game.get("variant")
        if not isinstance(variant, dict) or variant.get("key") != "togyzkumalak":
            return
        game_id = str(game.get("gameId") or game.get("id") or "")[:12]
        with self._lock:
            if not game_id or self.game_id is not None:
                return
            self.game_id = game_id
        self._stop_seeking()

        def follow() -> None:
            self._follow(lambda opened: self.client.game(game_id, opened), self._game_line, _("the game"))
            with self._lock:  # finished, or given up: a new game can start
                if self.game_id == game_id:
                    self.game_id = None

        self._start(follow, "toguz-online-game")

    # -- one game ---------------------------------------------------------------------------------------
    def _game_line(self, line: dict[str, Any]) -> bool:
        kind = line.get("type")
        if kind == "gameFull":
            self._full(line)
            state = line.get("state")
            return self._state(state) if isinstance(state, dict) else False
        if kind == "gameState":
            return self._state(line)
        if kind == "chatLine":
            who = str(line.get("username", ""))[:30]
            text = str(line.get("text", ""))[:300]
            if who.lower() != self.account.lower() and text:
                self.say(phrases.chat_line(who, text))
        return False

    def _full(self, full: dict[str, Any]) -> None:
        """The whole game (at the start, or after a reconnection): join it if it is new here."""
        session = self.session
        with session.lock:
            current = session.opponent
            if isinstance(current, RemoteOpponent) and current.game_id == self.game_id:
                return  # known (a reconnection): the state that follows brings what is missing
            me = side_of("p1" if _player_id(full.get("p1")) == self.account else "p2")
            assert me is not None
            self.me = me
            opponent = _player_name(full.get("p2" if me is Side.WHITE else "p1"))
            clock = full.get("clock")
            control = None
            if isinstance(clock, dict) and isinstance(clock.get("initial"), int) and \
                    isinstance(clock.get("increment"), int):
                control = TimeControl(max(1.0, min(36_000.0, clock["initial"] / 1000)),
                                      max(0.0, min(600.0, clock["increment"] / 1000)))
            remote = RemoteOpponent(self, str(self.game_id), opponent)
            setup = GameSetup.from_settings(session.settings).changed(variant=TOGUZ, human=me, clock=control)
            state = full.get("state")
            codes = str(state.get("moves", "")).split()[:5000] if isinstance(state, dict) else []
            if codes:  # a game going on, taken up: its moves are made without a word, then where it stands
                session.start_game(setup, quiet=True, opponent=remote, moves=pits_of(codes))
                turn = session.view.turn_words(session.output.announcer)
                session.output.say(Reply(phrases.online_taken_up(opponent, me, len(session.game.moves), turn)))
            else:
                session.start_game(setup, opponent=remote)

    def _state(self, state: dict[str, Any]) -> bool:
        """A game's state: the moves not yet made here, the server's clocks, a draw offer, the end."""
        session = self.session
        codes = [code for code in str(state.get("moves", "")).split() if code][:5000]
        with session.lock:
            known = len(session.game.moves)
            if codes[:known] != [move_code(report, 9) for report in session.game.reports]:
                self._resynchronise(codes)
            else:
                for code in codes[known:]:
                    try:
                        pit = read_move_code(session.game.position, code)
                    except NotationError:
                        self._resynchronise(codes)
                        break
                    session.opponent_moved(None, pit)  # ours too, when the server took it but its answer was lost
            self._server_clocks(state)
        offered = bool(state.get("bdraw" if self.me is Side.WHITE else "wdraw"))
        if offered and not self.draw_offered and not session.game.is_over:
            self.say(_("{opponent} offers a draw: type draw to accept, or play on.").format(opponent=self._opponent()))
        self.draw_offered = offered
        return self._ended(state)

    def _resynchronise(self, codes: list[str]) -> None:
        """The server's moves differ from the game here: take the server's, and say so."""
        pits = pits_of(codes)
        self.session.take_moves(pits)
        self.say(_("The game is now as the server has it, after {count} moves.").format(count=len(pits)))

    def _server_clocks(self, state: dict[str, Any]) -> None:
        clocks = self.session.clocks.clock
        white, black = state.get("wtime"), state.get("btime")
        if clocks is None or not isinstance(white, int) or not isinstance(black, int):
            return
        running = None if self.session.game.is_over or not self.session.game.moves else \
            self.session.game.position.to_move
        clocks.server_times((min(white, 10**9) / 1000, min(black, 10**9) / 1000), running)

    def _ended(self, state: dict[str, Any]) -> bool:
        """The game's end as the server says it (True: the stream's work is done)."""
        status = state.get("status")
        if status in (None, "created", "started"):
            return False
        winner = side_of(str(state.get("winner", "")))
        session = self.session
        if status == "resign" and winner is not None:
            session.game_ended(lambda game: game.resign(winner.opponent))
        elif status in ("outoftime", "timeout") and winner is not None:
            session.game_ended(lambda game: game.flag(winner.opponent), flagged=winner.opponent)
        elif status == "draw":
            session.game_ended(lambda game: game.agree_draw())
        elif status in ("aborted", "noStart"):
            session.game_gone(phrases.online_aborted())
        # else variantEnd and the like: the board ended it here too
        with self._lock:
            self.game_id = None
        return True

    def _opponent(self) -> str:
        return self.session.opponent.name

    # -- what the player asks ------------------------------------------------------------------------
    def seek(self, control: TimeControl, rated: bool) -> Reply:
        """Look for an opponent at ``control`` (Rapid or slower); said now, the game when it starts."""
        minutes, increment = control.initial / 60, round(control.increment)
        if not board_speed(minutes, increment):
            return self.session.output.error(phrases.too_fast_online(control.typed))
        if self.game_id is not None:
            return self.session.output.error(phrases.online_game_going_on())
        if self._seek_client is None:
            return self.session.output.error(phrases.online_failed(_("seeking is not possible here")))
        self._stop_seeking()
        seeking = self._seek_client()
        self._seeking = seeking

        def run() -> None:
            try:
                for _line in seeking.seek(minutes, increment, rated):
                    if self.game_id is not None or self._closed.is_set():
                        return
            except OnlineError as error:
                if self._seeking is seeking:
                    reason = str(error) if error.retry_after is None else phrases.rate_limited(round(error.retry_after))
                    self.say(_("The seek stopped: {reason}.").format(reason=reason), "error")

        self._start(run, "toguz-online-seek")
        return self.session.output.answer(phrases.seeking(phrases.time_control(control), rated))

    def _stop_seeking(self) -> None:
        seeking, self._seeking = self._seeking, None
        if seeking is not None:
            seeking.close()

    def challenge(self, user: str, control: TimeControl, rated: bool) -> Reply:
        """Challenge ``user`` (Rapid or slower, with no game going on)."""
        if not board_speed(control.initial / 60, round(control.increment)):
            return self.session.output.error(phrases.too_fast_online(control.typed))
        if self.game_id is not None:
            return self.session.output.error(phrases.online_game_going_on())
        problem = self.post(lambda: self.client.challenge(user, control.initial / 60, round(control.increment),
                                                          rated))
        if problem is not None:
            return self.session.output.error(_("Could not challenge {user}: {reason}.").format(user=user,
                                                                                               reason=problem))
        return self.session.output.answer(_("Challenge sent to {user}, {control}; the game is said when it "
                                            "starts.").format(user=user, control=phrases.time_control(control)))

    def answer_challenge(self, accept: bool) -> Reply:
        """Accept or decline the latest challenge."""
        if not self.challenges:
            return self.session.output.error(_("No challenge is waiting."))
        if accept and self.game_id is not None:
            return self.session.output.error(phrases.online_game_going_on())
        challenge_id, who = self.challenges[-1]
        problem = self.post(lambda: self.client.accept(challenge_id) if accept else self.client.decline(challenge_id))
        if problem is not None:
            return self.session.output.error(phrases.command_not_sent(problem))
        self.challenges.pop()
        return self.session.output.answer(phrases.challenge_answered(who, accept))

    def chat(self, text: str) -> Reply:
        """Say ``text`` to the opponent."""
        if self.game_id is None:
            return self.session.output.error(phrases.no_online_game())
        problem = self.post(lambda: self.client.chat(str(self.game_id), text[:140]))
        if problem is not None:
            return self.session.output.error(phrases.command_not_sent(problem))
        return self.session.output.answer(phrases.chat_sent(text[:140]))

    def draw(self) -> Reply:
        """Offer a draw, or accept the one offered."""
        accepting = self.draw_offered
        return self._command("draw/yes", _("You accept the draw.") if accepting else _("You offer a draw."))

    def abort(self) -> Reply:
        """Abort the game (before the second move)."""
        return self._command("abort", _("Aborting the game."))

    def _command(self, command: str, done: str) -> Reply:
        """Send ``command`` to the game going on; ``done`` is said when the server took it."""
        if self.game_id is None or self.session.opponent.kind != "remote":
            return self.session.output.error(phrases.no_online_game())
        problem = self.session.opponent.send(command)
        if problem is not None:
            return self.session.output.error(phrases.command_not_sent(problem))
        return self.session.output.answer(done)

def _name(player: object) -> str:
    """A player's name from a challenge's JSON (``?`` when it has none)."""
    if isinstance(player, dict):
        return str(player.get("name") or player.get("id") or "?")[:30]
    return "?"


def _player_id(player: object) -> str:
    return str(player.get("id", "")) if isinstance(player, dict) else ""


def _player_name(player: object) -> str:
    if isinstance(player, dict):
        return phrases.visible(str(player.get("name") or player.get("id") or "?")[:30])
    return "?"
