"""Playing on PlayStrategy through a ``GameSession``: the account's events, the game on the board (its
stream is read by ``toguz_tui.online.play.game_stream.GameFollower``; ``games N`` takes up another), and the
commands that only an online game has (seek, challenge on a clock or by days, accept, decline, say, draw,
abort, tournament join, watch). The games going on at the server are ``correspondence.ServerGames``'s,
watching is ``watching.Watching``'s, joining an arena ``tournaments``'s.

Two threads listen: one to the account's events (a game starting, a challenge), one to the game on the
board; each reconnects by itself (``toguz_tui.online.network.reconnecting``) when its stream drops or the server
fails, and says so once; a game stream starts again with the whole game (``gameFull``), so nothing is
lost. Without a token (``client.signed_in`` false) nothing is asked of the server but what watching asks.

Nothing the player asks waits for the server on the interface's thread: requests run in
``toguz_tui.online.network.errands``, and their answers are said when they come. Time controls the server would
refuse are refused here first, with the values it takes (``toguz_tui.online.network.server_rules``).

Its size (about 400 lines, past 25 methods): one handler per server event and one method per player's
command, over one connection's state (the game followed, the challenges waiting, the seek); split, the
parts would reach into each other's state.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from rules.clock import TimeControl
from speech.words import correspondence_wording, online_wording, phrases
from speech.words.i18n import _
from toguz_tui.online.network import reconnecting, server_rules
from toguz_tui.online.network.client import Client, OnlineError
from toguz_tui.online.network.errands import Errands
from toguz_tui.online.network.reconnecting import Opener
from toguz_tui.online.network.server_messages import Clock, Player, account_event
from toguz_tui.online.play import tournaments
from toguz_tui.online.play.correspondence import POLL_SECONDS, ServerGames
from toguz_tui.online.play.game_stream import GameFollower, RemoteOpponent
from toguz_tui.online.play.player_listener import PlayerListener
from toguz_tui.online.play.watching import Watching
from toguz_tui.session.facade import GameSession
from toguz_tui.session.output.announcement_stream import AnnouncementKind, Reply

GAME_START_WAIT = 5.0  # seconds a closed seek waits for its game's start before it is said to have expired
SEEK_RETRIES = 5  # a seek refused with 429 just after the last one was withdrawn: tried again each second


class OnlinePlay:
    """One player's online play: the client, the session it drives, and the listening threads."""

    def __init__(self, client: Client, new_client: Callable[[], Client] | None = None,
                 poll: float = POLL_SECONDS) -> None:
        self.client = client
        self.site = client.server
        self._session: GameSession | None = None
        self.account = ""
        self.account_name = ""
        self.follower: GameFollower | None = None  # the game being played
        self.challenges: list[tuple[str, str, bool, bool]] = []  # (id, challenger, too fast, without a clock) waiting
        self.known: set[str] = set()  # the challenges said so far
        self.listening = False  # the account's events are being read
        self.lost_reason = ""  # why they are not
        self._closed = threading.Event()
        self._new_client = new_client  # a connection of its own for a seek, and for each game's stream
        self._seeking: Client | None = None
        self._stream_client: Client | None = None  # the game on the board's stream, when it has its own
        self._lock = threading.RLock()
        self.errands = Errands(lambda text: self.say(text), self._closed)
        self.games = ServerGames(self, self._closed, poll)  # the games going on at the server
        self.signed_in = client.signed_in  # without a token only watching works
        self.watching = Watching(self)  # live games listened to (toguz_tui.online.play.watching)

    # -- starting and stopping -----------------------------------------------------------------------
    @property
    def session(self) -> GameSession:
        """The session the games are played in (``attach``)."""
        assert self._session is not None  # attach comes first
        return self._session

    @property
    def game_id(self) -> str | None:
        """The id of the game being played, or None."""
        follower = self.follower
        return follower.game_id if follower is not None else None

    @property
    def closed(self) -> threading.Event:
        """Set once the connection is closed."""
        return self._closed

    def attach(self, session: GameSession) -> None:
        """Play the games in ``session`` (built with this connection as its ``online``)."""
        self._session = session

    def connect(self) -> bool:
        """Check the token with the account (within the client's deadline), then listen for events;
        whether it worked (what happened is said either way). Without a token: what works, said."""
        if not self.signed_in:
            return self.watching.without_token()
        try:
            account = self.client.account()
        except OnlineError as error:
            self.session.output.error(_("Could not connect to PlayStrategy: {reason}.").format(reason=error))
            return False
        player = Player.of(account)
        self.account, self.account_name = player.id, player.called(player.id)
        self.listening = True
        self.session.output.answer(_("Connected to PlayStrategy as {account}. Type seek 15+10 to find an opponent, "
                                     "challenge NAME 15+10 to challenge someone, or wait for a challenge.").format(
            account=self.account))
        summary = self.games.first_look()
        if summary is not None:
            self.session.output.answer(summary, interrupt=False)
        self._start(self._listen_to_events, "toguz-online-events")  # after: what the events say comes second
        self.games.start()
        return True

    def close(self) -> None:
        """Stop listening (the game goes on at the server) and close the connections."""
        self._closed.set()
        self._stop_seeking()
        self.watching.close()
        if self.follower is not None:
            self.follower.close()
        if self._stream_client is not None:
            self._stream_client.close()
        self.client.close()

    def _start(self, target: Callable[[], None], name: str) -> None:
        threading.Thread(target=target, name=name, daemon=True).start()

    def say(self, text: str, kind: AnnouncementKind = "info") -> None:
        """Say ``text`` after what is being said, and show it."""
        if not self._closed.is_set():
            self.session.output.say(Reply(text, kind=kind), interrupt=False)

    # -- the streams, reconnecting ---------------------------------------------------------------------
    def follow(self, open_stream: Opener, handle: Callable[[dict[str, Any]], bool], what: str, events: bool = False,
               left: Callable[[], bool] = lambda: False) -> None:
        """Read a stream through ``reconnecting.follow`` (said, waited for and opened again when it drops; the
        player's patience and words: ``player_listener``)."""
        reconnecting.follow(open_stream, handle, PlayerListener(self, what, events, left), reconnecting.PLAYER,
                            events)

    def give_up(self, events: bool, text: str) -> None:
        """A stream that will not work again: said once; without the account's events, no seek or challenge."""
        if events:
            self.listening = False
            self.lost_reason = text
        self.say(text, "error")

    def _listen_to_events(self) -> None:
        self.follow(lambda opened: self.client.events(opened), self._event, _("your account's events"), events=True)

    def _event(self, event: dict[str, Any]) -> bool:
        match account_event(event):
            case ("gameStart", game):
                self._game_started(game)
            case ("challenge", challenge):
                self._challenged(challenge)
            case ("challengeDeclined" | "challengeCanceled" as kind, challenge):
                self.challenges = [item for item in self.challenges if item[0] != challenge.get("id")]
                doer = Player.of(challenge.get("destUser" if kind == "challengeDeclined" else "challenger"))
                if doer.is_account(self.account):
                    return False  # the player's own answer, echoed: said when it was sent
                self.say(online_wording.challenge_withdrawn(kind == "challengeDeclined",
                                                            Player.of(challenge.get("challenger")).called(),
                                                            Player.of(challenge.get("destUser")).called()))
        return False

    def _challenged(self, challenge: dict[str, Any]) -> None:
        if not Player.of(challenge.get("destUser")).is_account(self.account):
            return  # our own challenge, echoed
        variant = challenge.get("variant")
        if not isinstance(variant, dict) or variant.get("key") != "togyzkumalak":
            return
        challenge_id = str(challenge.get("id", ""))[:12]
        if challenge_id in self.known:
            return  # said already (the stream sends the waiting ones again when it reconnects)
        self.known.add(challenge_id)
        who = Player.of(challenge.get("challenger")).called()
        control = challenge.get("timeControl")
        control = control if isinstance(control, dict) else {}
        clock = Clock.of(control)
        shown = phrases.visible(str(control.get("show", "")))[:12]
        fast = server_rules.challenge_too_fast(challenge.get("speed"), clock)
        kind, days = control.get("type"), clock.days
        clockless = kind in ("correspondence", "unlimited")  # a game without a clock can wait beside another
        self.challenges.append((challenge_id, who, fast, clockless))
        if clockless:
            shown = correspondence_wording.speed_words(
                str(kind), min(days, server_rules.LONGEST_DAYS) if days is not None else None)
        if fast:
            self.say(_("{who} challenges you to a {control} game: too fast for play from toguz (the Board API plays "
                       "Rapid or slower). Type decline, or play it on the website.").format(who=who,
                                                                                       control=shown or "?"))
        else:
            self.say(online_wording.challenged(who, shown, bool(challenge.get("rated"))))

    def _game_started(self, game: dict[str, Any]) -> None:
        variant = game.get("variant")
        if not isinstance(variant, dict) or variant.get("key") != "togyzkumalak":
            return
        game_id = str(game.get("gameId") or game.get("id") or "")[:12]
        compat = game.get("compat")
        board = compat.get("board") if isinstance(compat, dict) else None
        if board is False or server_rules.speed_too_fast(game.get("speed")):
            if game_id not in self.known:
                self.known.add(game_id)
                self.say(_("A game against {opponent} is going on at PlayStrategy, too fast for play from toguz (the "
                           "Board API plays Rapid or slower): play it on the website.").format(
                    opponent=Player.of(game.get("opponent")).called()))
            return  # the Board API cannot play it: left alone, for the website
        if not game_id:
            return
        with self._lock:
            busy = self.follower is not None
        # numbered among the games going on; a second one (a correspondence game, say) said and left there
        self.games.began(game_id, Player.of(game.get("opponent")).called(), str(game.get("speed") or ""),
                         str(game.get("source") or ""), on_board=not busy or game_id == self.game_id)
        if not busy:
            self.follow_game(game_id, str(game.get("source", "")))

    def follow_game(self, game_id: str, source: str) -> None:
        """Take up the game ``game_id`` on the board, through a stream of its own; the game there before is
        left (it goes on at the server, and can be taken up again)."""
        with self._lock:
            before, stream_before = self.follower, self._stream_client
            follower = GameFollower(self, game_id, lobby=source in ("lobby", "pool", "tournament", "swiss"),
                                    arena=source == "tournament")
            self.follower = follower
            stream = self._new_client() if self._new_client is not None else self.client
            self._stream_client = stream if stream is not self.client else None
        if before is not None:
            before.close()
        if stream_before is not None:
            stream_before.close()
        self._stop_seeking()
        self.watching.give_way()

        def follow() -> None:
            self.follow(lambda opened: stream.game(game_id, opened), follower.line, _("the game"),
                         left=lambda: self.follower is not follower)
            follower.close()
            with self._lock:  # finished, or given up: a new game can start
                if self.follower is follower:
                    self.follower = None

        self._start(follow, "toguz-online-game")

    # -- what the player asks ------------------------------------------------------------------------
    def _refused(self, typed: str, control: TimeControl, challenge: bool = False) -> Reply | None:
        """Why the server would refuse ``control`` (typed as ``typed``), said; or why nothing can be sent."""
        output = self.session.output
        try:
            minutes = float(typed.split("+")[0])
        except ValueError:
            minutes = control.initial / 60
        problem = server_rules.control_problem(minutes, round(control.increment), challenge)
        if problem == "values":
            return output.error(online_wording.control_values(typed))
        if problem == "fast":
            return output.error(online_wording.too_fast_online(typed))
        if self.game_id is not None:
            return output.error(online_wording.online_game_going_on())
        return self._unheard()

    def _unheard(self) -> Reply | None:
        """Why a game asked for now would start unheard (the account's events are lost), said; or None."""
        if self.listening:
            return None
        return self.session.output.error(_("toguz is not connected to your account's events, so a game would start "
                                           "unheard: quit and start toguz online again. ({reason})").format(
            reason=self.lost_reason))

    def seek(self, control: TimeControl, rated: bool, typed: str) -> Reply:
        """Look for an opponent at ``control``; said now, the game when it starts; an expired seek said."""
        refused = self._refused(typed, control)
        if refused is not None:
            return refused
        if self._new_client is None:
            return self.session.output.error(online_wording.online_failed(_("seeking is not possible here")))
        self._stop_seeking()  # one seek at a time: the server refuses a second (429)
        seeking = self._new_client()
        self._seeking = seeking
        minutes, increment = control.initial / 60, round(control.increment)

        def run() -> None:
            for attempt in range(SEEK_RETRIES + 1):
                try:
                    for _line in seeking.seek(minutes, increment, rated):
                        if self.game_id is not None or self._closed.is_set():
                            return
                except OnlineError as error:
                    if self._seeking is not seeking:
                        return
                    if error.status == 429 and attempt < SEEK_RETRIES:  # the last seek is still being withdrawn
                        if self._closed.wait(1.0):
                            return
                        continue
                    self.say(_("The seek stopped: {reason}.").format(reason=error), "error")
                    return
                break
            # The server closes the seek's request when someone takes it as well as when it expires: the
            # game's start comes as an event just after. Only a seek still without a game is said expired.
            given_up = time.monotonic() + GAME_START_WAIT
            while self._seeking is seeking and self.game_id is None and time.monotonic() < given_up:
                if self._closed.wait(0.05):
                    return
            if self._seeking is seeking and self.game_id is None and not self._closed.is_set():
                self._seeking = None
                self.say(_("Nobody took your seek, and PlayStrategy withdrew it (a seek stands 15 minutes). Type "
                           "seek {control} to look again.").format(control=typed), "error")

        self._start(run, "toguz-online-seek")
        return self.session.output.answer(online_wording.seeking(phrases.time_control(control), rated))

    def _stop_seeking(self) -> None:
        seeking, self._seeking = self._seeking, None
        if seeking is not None:
            seeking.close()

    def challenge(self, user: str, control: TimeControl, rated: bool, typed: str) -> Reply:
        """Challenge ``user`` at a time control the server takes; its answer is said when it comes."""
        refused = self._refused(typed, control, challenge=True)
        if refused is not None:
            return refused
        seconds, increment = round(control.initial), round(control.increment)
        shown = phrases.time_control(control)
        self.errands.run("challenge", lambda: self.client.challenge(user, seconds, increment, rated),
                         lambda _answer: self.say(_("Challenge sent to {user}, {control}; the game is said when it "
                                                    "starts.").format(user=user, control=shown)),
                         lambda error: self.say(_("Could not challenge {user}: {reason}.").format(
                             user=user, reason=error), "error"))
        return Reply("")

    def challenge_by_days(self, user: str, typed: str, rated: bool) -> Reply:
        """Challenge ``user`` to a casual correspondence game of ``typed`` days a move (beside a game going on:
        1 to 14, never rated, as the server allows); its answer is said when it comes."""
        output = self.session.output
        if rated:
            return output.error(correspondence_wording.days_casual_only())
        days = int(typed) if typed.isascii() and typed.isdigit() and len(typed) <= 3 else 0
        if not 1 <= days <= server_rules.LONGEST_DAYS:
            return output.error(correspondence_wording.days_out_of_range(typed, server_rules.LONGEST_DAYS))
        unheard = self._unheard()
        if unheard is not None:
            return unheard
        self.errands.run("challenge", lambda: self.client.challenge_by_days(user, days),
                         lambda _answer: self.say(correspondence_wording.days_challenge_sent(user, days)),
                         lambda error: self.say(_("Could not challenge {user}: {reason}.").format(
                             user=user, reason=error), "error"))
        return Reply("")

    def list_games(self, number: int | None) -> Reply:
        """``games``: the games going on at the server; ``games N``: take up game N."""
        return self.games.listing() if number is None else self.games.go_to(number)

    def join_tournament(self, tournament: str) -> Reply:
        """Join an arena the Board API can play; the outcome is said when it comes."""
        tournaments.join(self, tournament)
        return Reply("")

    def answer_challenge(self, accept: bool) -> Reply:
        """Accept or decline the latest challenge (one too fast for the Board API is never accepted)."""
        output = self.session.output
        if not self.challenges:
            return output.error(_("No challenge is waiting."))
        challenge_id, who, fast, clockless = self.challenges[-1]
        if accept and fast:
            return output.error(_("{who}'s challenge is too fast for play from toguz (the Board API plays Rapid or "
                                  "slower): decline it, or play it on the website.").format(who=who))
        if accept and self.game_id is not None and not clockless:  # a correspondence game can wait beside it
            return output.error(online_wording.online_game_going_on())
        self.challenges.pop()
        self.errands.run("challenge-answer",
                         lambda: self.client.accept(challenge_id) if accept else self.client.decline(challenge_id),
                         lambda _answer: self.say(online_wording.challenge_answered(who, accept)),
                         lambda error: self.say(correspondence_wording.challenge_closed(who) if error.status == 404
                                                else online_wording.command_not_taken(
                             _("your answer to {who}").format(who=who), str(error)), "error"))
        return Reply("")

    def chat(self, text: str) -> Reply:
        """Say ``text`` to the opponent."""
        follower = self.follower
        if follower is None:
            return self.session.output.error(phrases.no_online_game())
        return follower.chat(text)

    def draw(self) -> Reply:
        """Offer a draw, or accept the one offered."""
        follower = self._playing()
        return follower if isinstance(follower, Reply) else follower.draw()

    def abort(self) -> Reply:
        """Abort the game (before the second move); the server's answer is said when it comes."""
        follower = self._playing()
        if isinstance(follower, Reply):
            return follower
        follower.send("abort")
        return self.session.output.answer(_("Aborting the game."))

    def watch(self, what: str, once: bool) -> Reply:
        """Watch a live game (``toguz_tui.online.play.watching``): ``tv``, ``stop``, a name or a game's id."""
        return self.watching.command(what, once)

    def _playing(self) -> GameFollower | Reply:
        follower = self.follower
        if follower is None or not isinstance(self.session.opponent, RemoteOpponent):
            return self.session.output.error(phrases.no_online_game())
        return follower

