"""``toguz bot``'s ear on the account (``BotListener``): the event stream read (reconnecting), each
challenge to the bot accepted or declined, each game that starts played by a ``BotGame`` of its own.

Which challenges the bot plays (``challenge_refusal``), by PlayStrategy's source
(github:Mind-Sports-Games/lila at 1283402):

- the variant togyzkumalak only; any other is declined with ``variant``;
- any speed the Bot API plays: Bullet to Classical, correspondence and unlimited
  (``modules/game/src/main/Game.scala`` 1144-1148 ``isBotCompatible``: speed >= Bullet); UltraBullet is
  declined with ``toofast`` (accepting it would be 404: ``modules/challenge/src/main/ChallengeApi.scala``
  93-94);
- a byoyomi clock with byoyomi periods, or a time control it does not know, is declined with
  ``timecontrol``: the engine's share of its time knows an increment (or a delay), not periods;
- rated or casual alike (nothing in the challenge's path forbids a rated bot game against a person);
- while it plays as many games as ``--max-games`` (counting the challenges it accepted whose game has
  not started), a challenge is declined with ``later``.

The key is sent as the decline's ``reason``; the challenger sees the server's own words for it
(``modules/challenge/src/main/Challenge.scala`` 160-197, ``translation/source/challenge.xml`` 14-25).

A game whose ``gameStart`` does not say ``compat.bot`` (a game from the lobby, a pool, an arena or a Swiss
event, or too fast: ``modules/api/src/main/EventStream.scala`` 135-136) is logged once and left to the
server. A game that starts without the bot accepting it (accepted on the website) is played as well, up to
``MOST_GAMES`` at once.
"""

from __future__ import annotations

import queue
import re
import threading
import time
from collections import OrderedDict
from typing import Any

from speech.words import phrases
from speech.words.i18n import _, n_
from toguz_tui.online.bot.bot_account import BotAccount, read_on
from toguz_tui.online.bot.bot_game import VARIANT, BotGame
from toguz_tui.online.network.client import OnlineError
from toguz_tui.online.network.server_messages import Player, account_event

MOST_GAMES = 4  # games at once at most (each game's engine keeps a table of some 64 MB)
ACCEPTED_WAIT = 30.0  # seconds an accepted challenge counts as a game, until its game starts
REMEMBERED = 500  # challenges answered and games left, remembered so that a reconnection does not repeat them
WAITING_CHALLENGES = 32  # challenges waiting for an answer at most; more are left for the server to expire
SPEEDS = frozenset({"bullet", "blitz", "rapid", "classical", "correspondence"})  # strategygames Speed keys
_ID = re.compile(r"^[\w-]{8}$")  # lila's game and challenge ids (Game.scala 1130-1134, routes 663-666)
_BYOYOMI = re.compile(r"\|\s*[1-9]")  # strategygames ByoyomiClock.Config show: "5+3|10", not "5|0"


def challenge_refusal(challenge: dict[str, Any], playing: int, most: int) -> str | None:
    """The reason to decline ``challenge`` (lila's key: ``variant``, ``toofast``, ``timecontrol``, ``later``),
    or None to accept it, while the bot plays ``playing`` games of ``most`` at once."""
    variant = challenge.get("variant")
    if not isinstance(variant, dict) or variant.get("key") != VARIANT:
        return "variant"
    speed = challenge.get("speed")
    if speed == "ultraBullet":
        return "toofast"
    control = challenge.get("timeControl")
    control = control if isinstance(control, dict) else {}
    kind = control.get("type")
    if speed not in SPEEDS or kind not in ("clock", "correspondence", "unlimited"):
        return "timecontrol"
    if kind == "clock" and _BYOYOMI.search(str(control.get("show", ""))[:40]):
        return "timecontrol"
    if playing >= most:
        return "later"
    return None


def refusal_words(reason: str, challenge: dict[str, Any], playing: int) -> str:
    """Why the bot declined, for its log."""
    if reason == "variant":
        variant = challenge.get("variant")
        name = variant.get("key") if isinstance(variant, dict) else None
        return _("another variant: {variant}").format(variant=phrases.clipped(str(name or "?")))
    if reason == "toofast":
        return _("UltraBullet, which the Bot API does not play")
    if reason == "later":
        return n_("already playing {count} game at once", "already playing {count} games at once", playing).format(
            count=playing)
    return _("a time control the bot does not play")


class BotListener:
    """The account's events, the challenges answered, the games being played."""

    def __init__(self, account: BotAccount, most_games: int) -> None:
        self.account = account
        self.most_games = most_games
        self.games: dict[str, BotGame] = {}
        self.accepted: dict[str, float] = {}  # challenges accepted whose game has not started: when
        self.answered: OrderedDict[str, None] = OrderedDict()
        self.left: OrderedDict[str, None] = OrderedDict()  # games not for the bot, said once
        self.listening = False
        self._challenges: queue.Queue[dict[str, Any]] = queue.Queue(WAITING_CHALLENGES)
        self._lock = threading.Lock()

    def start(self) -> None:
        """Listen to the account's events, and answer the challenges, in two threads."""
        guarded = self.account.guarded
        threading.Thread(target=guarded(self._listen, _("the account's events")), name="toguz-bot-events",
                         daemon=True).start()
        threading.Thread(target=guarded(self._answer_challenges, _("the challenges")), name="toguz-bot-challenges",
                         daemon=True).start()

    def close(self) -> None:
        """Stop the searches under way (the games go on at the server)."""
        with self._lock:
            games = list(self.games.values())
        for game in games:
            game.stop()

    def playing(self) -> int:
        """The games being played, and the challenges accepted whose game has not started yet."""
        now = time.monotonic()
        with self._lock:
            self.accepted = {key: at for key, at in self.accepted.items() if now - at < ACCEPTED_WAIT}
            return len(self.games) + len(self.accepted)

    # -- the events -------------------------------------------------------------------------------------
    def _listen(self) -> None:
        account = self.account

        def refused(error: OnlineError) -> None:
            account.fail(_("PlayStrategy refused the bot its account's events: {reason}.").format(reason=error))

        try:
            read_on(account, lambda opened: account.client.events(opened), self.event, _("the account's events"),
                    refused, opened=self._opened, events=True)
        finally:  # without its events the bot cannot go on: it stops (a fault here is noted by ``guarded``)
            if not account.stopping:
                account.fail(_("the bot no longer hears its account's events."))

    def _opened(self) -> None:
        if not self.listening:
            self.listening = True
            client = self.account.client
            self.account.report(n_("toguz bot: listening for challenges as {account} on {host}, level {level}, "
                                   "at most {count} game at once.",
                                   "toguz bot: listening for challenges as {account} on {host}, level {level}, "
                                   "at most {count} games at once.", self.most_games).format(
                account=self.account.name, host=client.host, level=self.account.level, count=self.most_games))

    def event(self, event: dict[str, Any]) -> bool:
        """One event of the account (never the end of the stream's work)."""
        match account_event(event):
            case ("challenge", challenge):
                self._challenged(challenge)
            case ("gameStart", game):
                self._game_started(game)
        return False

    def _challenged(self, challenge: dict[str, Any]) -> None:
        """A challenge to the bot, still open, not answered yet: queued for an answer."""
        challenge_id = str(challenge.get("id", ""))
        to_me = Player.of(challenge.get("destUser")).is_account(self.account.id)
        if not _ID.match(challenge_id) or not to_me or challenge.get("status", "created") != "created":
            return
        with self._lock:
            if challenge_id in self.answered:
                return
            _remember(self.answered, challenge_id)
        try:
            self._challenges.put_nowait(challenge)
        except queue.Full:
            self.account.note(_("Too many challenges at once: {challenger}'s is left unanswered.").format(
                challenger=_challenger(challenge)))

    def _answer_challenges(self) -> None:
        """The challenges' thread: each answered in turn (a 429 holds this thread, never the events')."""
        while not self.account.stopping:
            try:
                challenge = self._challenges.get(timeout=1.0)
            except queue.Empty:
                continue
            self._answer(challenge)

    def _answer(self, challenge: dict[str, Any]) -> None:
        account, challenge_id, challenger = self.account, str(challenge["id"]), _challenger(challenge)
        playing = self.playing()
        reason = challenge_refusal(challenge, playing, self.most_games)
        try:
            if reason is not None:
                account.request(lambda: account.client.decline(challenge_id, reason))
                account.note(_("Declined {challenger}'s challenge: {why}.").format(
                    challenger=challenger, why=refusal_words(reason, challenge, playing)))
                return
            with self._lock:
                self.accepted[challenge_id] = time.monotonic()  # counted at once: the next answer sees it
            account.request(lambda: account.client.accept(challenge_id))
            account.note(_("Accepted {challenger}'s challenge.").format(challenger=challenger))
        except OnlineError as error:
            with self._lock:
                self.accepted.pop(challenge_id, None)
            if not account.stopping:
                account.note(_("{challenger}'s challenge could not be answered: {reason}.").format(
                    challenger=challenger, reason=error))

    # -- the games --------------------------------------------------------------------------------------
    def _game_started(self, game: dict[str, Any]) -> None:
        """A game of the account's going on: played, unless it is not for the bot (said once)."""
        game_id = str(game.get("gameId") or game.get("id") or "")
        if not _ID.match(game_id):
            return
        compat = game.get("compat")
        variant = game.get("variant")
        with self._lock:
            self.accepted.pop(game_id, None)
            if game_id in self.games:
                return
            if game_id in self.left:
                return
            if not isinstance(compat, dict) or compat.get("bot") is not True:
                why = _("the Bot API may not play it (a game from the lobby, a pool or a tournament, or too fast)")
            elif not isinstance(variant, dict) or variant.get("key") != VARIANT:
                why = _("it is not togyzkumalak")
            elif len(self.games) >= MOST_GAMES:
                why = n_("the bot already plays {count} game", "the bot already plays {count} games",
                         len(self.games)).format(count=len(self.games))
            else:
                playing = self.games[game_id] = BotGame(self.account, game_id, self._game_ended)
                why = ""
            if why:
                _remember(self.left, game_id)
        if why:
            self.account.note(_("Game {game} is left to the server: {why}.").format(game=game_id, why=why))
            return
        playing.start()

    def _game_ended(self, game: BotGame) -> None:
        """A game's stream is done (the game over, not for the bot, or the bot stopping): never taken up again."""
        with self._lock:
            if self.games.get(game.id) is game:
                del self.games[game.id]
            _remember(self.left, game.id)


def _remember(kept: OrderedDict[str, None], key: str) -> None:
    kept[key] = None
    while len(kept) > REMEMBERED:
        kept.popitem(last=False)


def _challenger(challenge: dict[str, Any]) -> str:
    return Player.of(challenge.get("challenger")).called(_("someone anonymous"))
