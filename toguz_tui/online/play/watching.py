"""Watching live games on PlayStrategy, with or without a login (``watch`` in ``toguz online``):

- ``watch`` (or ``watch tv``): the Togyzkumalak TV's game, and after it the next, until ``watch stop``;
  ``watch once``: the TV's game only (typed while the TV is watched: stop after this game);
- ``watch NAME``, ``watch GAMEID``: that game, until it ends (``toguz_tui.online.play.watch_targets`` says how a
  word is read, and looks the game up);
- ``watch stop``: no more; a game going on leaves the board, one over stays (to ask about, save or
  account for).

The game is followed through its public stream (``toguz_tui.online.play.watched_game``). Each watching
(``toguz_tui.online.play.watch.Watch``) has a connection of its own, without a token, and a thread of its
own; the look-up runs as an errand, so nothing waits on the interface's thread. The stream drops and
reconnects as online play's do (the connection's ``follow``), its 404 and 429 said in one line. A new
``watch`` replaces the one before once its game is found (a name or a game not found leaves it running); the
one replaced says nothing more. A stream whose first line has not come a few seconds after the server
answered is said to be waited for. A game of the player's own starting stops the watching, said; ``watch``
is refused while one goes on. Spectators' chat is not heard: the stream carries none.

After a TV game the channel may name the same game for a while (lila's ChannelTrouper keeps a game that
has ended until another starts), so the channels are looked at every ``POLL_SECONDS`` until a new game
going on is there.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any

from speech.words import watch_wording
from toguz_tui.online.network.client import OnlineError, path_part
from toguz_tui.online.network.connection_port import OnlinePort
from toguz_tui.online.play import watch_targets
from toguz_tui.online.play.watch import Watch
from toguz_tui.online.play.watched_game import WatchedGame, WatchTarget
from toguz_tui.session.facade import GameSession
from toguz_tui.session.output.announcement_stream import Reply

POLL_SECONDS = 4.0  # between two looks at the TV channels for the next game
STREAM_SILENCE = 80.0  # seconds: lila's game stream sends a keep-alive only after 70 s of silence (Api.scala 431-434)
FIRST_LINE_WAIT = 5.0  # seconds after a stream opens without its first line before the wait is said (once a game)
STOP: dict[str, Any] = {"stop": True}  # the last line of a stream whose watching stopped (the reader ends, unsaid)

Stream = Iterator[dict[str, Any]]


class Watching:
    """The player's watching: the one going on, and the one being looked up."""

    def __init__(self, connection: OnlinePort) -> None:
        self.connection = connection
        self._lock = threading.Lock()
        self.current: Watch | None = None  # the watching going on
        self.pending: Watch | None = None  # the one asked for last, its game being looked up
        self.names = watch_targets.PlayerNames()  # every player met, said as they write their name

    @property
    def session(self) -> GameSession:
        """The session the games are shown in."""
        return self.connection.session

    def without_token(self) -> bool:
        """``toguz online`` without a token: say what works (watching) and how to log in; True (it goes on)."""
        self.session.output.answer(watch_wording.not_logged_in(self.connection.site))
        return True

    def command(self, what: str, once: bool) -> Reply:
        """``watch``: ``what`` is ``tv``, ``stop``, a name or a game's id (see the module); ``once``: the TV's
        game only."""
        output = self.session.output
        if what == "stop":
            return self.stop()
        if self.connection.game_id is not None:
            return output.error(watch_wording.own_game_going_on())
        current = self.current
        if what == "tv" and current is not None and current.tv and not current.stopped:
            if once:
                current.once = True
                return output.answer(watch_wording.once())
            return output.answer(watch_wording.already_tv())
        if what != "tv" and "://" not in what:
            try:
                path_part(what.removeprefix("@"))
            except OnlineError as error:
                return output.error(watch_wording.watch_failed(str(error)))
        watch = Watch(self.connection, what == "tv", once)
        with self._lock:
            if self.pending is not None:
                self.pending.stop()
            self.pending = watch
        look = (lambda: watch_targets.tv_game(watch.client, self.names)) if what == "tv" else \
            (lambda: watch_targets.resolve(watch.client, what, self.names))
        self.connection.errands.run("watch", look, lambda found: self._begin(watch, found),
                                    lambda error: self._failed(watch, error))
        return Reply("")

    def stop(self) -> Reply:
        """``watch stop``: the watching ends; a watched game going on leaves the board (one whose stream was
        given up too), one over stays."""
        with self._lock:
            watch, pending, self.current, self.pending = self.current, self.pending, None, None
        for stopping in (watch, pending):
            if stopping is not None:
                stopping.stop()
        session = self.session
        gone = session.server_game.leave_watched(watch_wording.stopped())
        if gone is not None:
            return gone
        if watch is None and pending is None:
            return session.output.error(watch_wording.not_watching())
        return session.output.answer(watch_wording.stopped())

    def give_way(self) -> None:
        """The player's own game starts: the watching stops, said (the game's start then replaces it)."""
        with self._lock:
            watch, pending, self.current, self.pending = self.current, self.pending, None, None
        for stopping in (watch, pending):
            if stopping is not None:
                stopping.stop()
        if watch is not None or pending is not None:
            self.connection.say(watch_wording.own_game_starts())

    def close(self) -> None:
        """Stop watching, without a word (toguz online closes)."""
        with self._lock:
            watched = (self.current, self.pending)
        for watch in watched:
            if watch is not None:
                watch.stop()

    # -- the look-up's answer ------------------------------------------------------------------------
    def _begin(self, watch: Watch, found: WatchTarget | str | None) -> None:
        """The game looked up: followed (the watching before it stopped), or what is said instead."""
        if isinstance(found, str):  # nothing to follow: said, and the watching before goes on
            with self._lock:
                mine = self.pending is watch
                if mine:
                    self.pending = None
            watch.stop()
            if mine:
                self.connection.say(found)
            return
        with self._lock:
            if self.pending is not watch or watch.stopped:
                return
            before, self.current, self.pending = self.current, watch, None
        if before is not None:
            before.stop()
        if found is None or (watch.tv and found.over):
            watch.last_id = found.game_id if found is not None else ""
            watch.say([watch_wording.no_tv_game()])
            found = None
        threading.Thread(target=self._run, args=(watch, found), name="toguz-online-watch", daemon=True).start()

    def _failed(self, watch: Watch, error: OnlineError) -> None:
        with self._lock:
            if self.pending is not watch:
                return
            self.pending = None
        watch.stop()
        self.connection.say(watch_wording.watch_failed(str(error)), "error")

    # -- the watching's thread -----------------------------------------------------------------------
    def _run(self, watch: Watch, target: WatchTarget | None) -> None:
        """Follow the game; after a TV game, the next one (unless ``once``), until the watching stops."""
        while not watch.stopped:
            if target is not None:
                self._follow_game(watch, target)
                watch.last_id = target.game_id
                if not watch.tv or watch.once or watch.stopped:
                    break
                watch.say([watch_wording.next_tv_game()])
            target = self._next_tv(watch)
        with self._lock:
            if self.current is watch:
                self.current = None

    def _follow_game(self, watch: Watch, target: WatchTarget) -> None:
        """Follow one game's stream until it ends, fails for good, or the watching stops (or is replaced: then
        nothing more is said); a first line that has not come ``FIRST_LINE_WAIT`` seconds after the server
        answered is said to be waited for, once."""
        game = WatchedGame(watch, target, self.connection.site)

        def still_waiting() -> None:
            if game.track is None:  # the whole game, the stream's first line, has not come
                watch.say([watch_wording.waiting(target.game_id)])

        waiting = threading.Timer(FIRST_LINE_WAIT, still_waiting)
        waiting.daemon = True

        def open_stream(opened: Callable[[], None]) -> Stream:
            def answered() -> None:
                if waiting.ident is None and game.track is None:  # the first answer: the first line awaited
                    waiting.start()
                opened()

            return self._stream(watch, game, answered)

        try:
            self.connection.follow(open_stream, game.line, watch_wording.the_game_watched(), left=lambda: watch.stopped)
        finally:
            waiting.cancel()
            game.resynchronised.close()  # a count folded and not yet said belongs to this game: not the next one's

    @staticmethod
    def _stream(watch: Watch, game: WatchedGame, opened: Callable[[], None]) -> Stream:
        """The game's stream (lila's 404 and 429 in words), ending with ``STOP`` when the watching stops."""
        if watch.stopped:
            yield STOP
            return

        def begun() -> None:
            game.opened()
            opened()

        try:
            yield from watch.client.stream("GET", f"/api/stream/game/{path_part(game.target.game_id)}",
                                           opened=begun, silence=STREAM_SILENCE)
        except OnlineError as error:
            if error.status == 404:  # Api.scala actionStream: a game not held in play, an empty body
                raise OnlineError(404, watch_wording.not_streamed(game.target.game_id)) from None
            if error.status == 429:  # ConcurrencyLimit.scala: 8 streams at once from one address
                raise OnlineError(429, watch_wording.too_many_streams(error.retry_after or 60.0),
                                  error.retry_after) from None
            raise
        except RuntimeError:  # the connection was closed under the request: the watching stopped
            if not watch.stopped:
                raise
        if watch.stopped:
            yield STOP

    def _next_tv(self, watch: Watch) -> WatchTarget | None:
        """The next TV game going on, looked for every ``POLL_SECONDS``; None when the watching stops. A
        failure is said once, and the looking goes on."""
        failing = False
        while not watch.wait(POLL_SECONDS):
            try:
                found = watch_targets.tv_game(watch.client, self.names)
            except OnlineError as error:
                if not failing:
                    watch.say([watch_wording.watch_failed(str(error))], "error")
                failing = True
                if error.retry_after is not None and watch.wait(error.retry_after):
                    return None
                continue
            except RuntimeError:  # the connection was closed under the request: the watching stopped
                return None
            failing = False
            if found is not None and found.game_id != watch.last_id:
                if not found.over:
                    return found
                watch.last_id = found.game_id
        return None
