"""Which game to watch: the Togyzkumalak TV's, a player's, or one by its id, looked up on PlayStrategy without
a login (lila at 1283402; each answer read as hostile, every name and number bounded):

- the TV: ``GET /api/tv/channels``, a JSON object keyed by each channel's display name, the togyzkumalak
  channel's being "Togyzqumalaq" (modules/tv/src/main/Tv.scala 648-656), each with its champion (``user``,
  ``rating``) and ``gameId`` (app/controllers/Tv.scala 32-39, Tv.scala 102). Only channels with a champion
  are there, and a channel keeps the id of a game that has ended until another starts: that game is found
  over, and the next one looked for again later;
- a player: ``GET /api/user/{name}/current-game`` with ``Accept: application/json`` exactly (anything else
  is a PGN: app/controllers/User.scala 50-58, Game.scala 43-65, HTTPRequest.scala 95-96): their game going
  on, or else their last one (said, not followed); 404 with the plain text "No ongoing game" when there is
  none, or no such player;
- a game: ``GET /api/game/{id}`` (app/controllers/Api.scala 154-166, modules/api/src/main/GameApi.scala
  206-260): its players' ids, status, clock and, with ``with_moves=1``, its moves; 404 with an empty body
  for a game it does not know; 100 a minute from one address.

A word of 8 letters and digits with a digit among them (or 12: a player's own link to a game, whose first 8
are the game's: PlayApi.scala 163) is tried as a game's id first, then as a name; any other word as a name
first, then, if it has 8 letters, as a game's id (a quarter of lila's ids have no digit). ``@`` before a
word makes it a name only; a game's web address is taken as its id.
"""

from __future__ import annotations

import re
import urllib.parse
from collections.abc import Callable
from typing import Any

from rules.clock import TimeControl
from speech.words import phrases, watch_wording
from speech.words.i18n import _
from toguz_tui.online.network.client import Client, OnlineError, path_part
from toguz_tui.online.network.server_messages import LONGEST_NAME, Clock, Player
from toguz_tui.online.play.watched_game import WatchTarget

TV_CHANNEL = "Togyzqumalaq"  # the togyzkumalak channel's display name (translation/source/variantName.xml 45)
GAME_ID = re.compile(r"^[A-Za-z0-9]{8}(?:[A-Za-z0-9]{4})?$")  # lila's game id, or a player's full id of it
GOING_ON = ("created", "started")  # the statuses of a game not over (lila's Status below Aborted)


def _text(value: object) -> str:
    """A name from a server, on one line, bounded and safe to show ("" for none)."""
    return phrases.visible(" ".join(str(value).split())[:LONGEST_NAME]) if isinstance(value, str) else ""


def _clock(game: dict[str, Any]) -> tuple[TimeControl | None, int | None]:
    """A game's clock (``initial`` and ``increment`` in seconds, bounded as toguz's clocks), or its days a
    move, from its JSON."""
    clock = Clock.of(game.get("clock"), game)
    control = clock.control() if clock.timed else None
    return (control, None) if control is not None else (None, clock.days)


def _names(game: dict[str, Any]) -> tuple[str, str]:
    """White's and Black's names in a game's JSON (``user.name``: current-game; ``name`` or ``userId``:
    /api/game), "" where it names none."""
    players = game.get("players")
    players = players if isinstance(players, dict) else {}
    return Player.of(players.get("p1")).called(""), Player.of(players.get("p2")).called("")


def _status(game: dict[str, Any]) -> str:
    status = game.get("status")
    return status[:30] if isinstance(status, str) else "started"


def _variant(game: dict[str, Any]) -> str:
    variant = game.get("variant")
    key = variant.get("key") if isinstance(variant, dict) else variant
    return _text(key) or "?"


class PlayerNames:
    """The players a watching has met, each name as they write it, kept by its id: ``/api/game`` gives a
    player's id only (their name in small letters), current-game and the TV's champion the name as written;
    a player once met is said the same way in every later line and game (at most ``MOST`` kept)."""

    MOST = 1000

    def __init__(self) -> None:
        self._by_id: dict[str, str] = {}

    def learn(self, name: str) -> None:
        """Keep ``name`` as its player writes it."""
        if name and (name.lower() in self._by_id or len(self._by_id) < self.MOST):
            self._by_id[name.lower()] = name

    def spelled(self, name: str) -> str:
        """``name`` (an id or a name) as its player writes it, where the watching has met them."""
        return self._by_id.get(name.lower(), name)


def game_by_id(client: Client, game_id: str, tv: bool = False, names: PlayerNames | None = None) \
        -> WatchTarget | str:
    """The game ``game_id`` (``OnlineError`` 404 when the server does not know it), or why it cannot be
    watched; its players as ``names`` has met them (``/api/game`` gives ids)."""
    game = client.request("GET", f"/api/game/{path_part(game_id)}")
    if _variant(game) != "togyzkumalak":
        return watch_wording.not_toguz(game_id, _variant(game))
    white, black = _names(game)
    if names is not None:
        white, black = names.spelled(white), names.spelled(black)
    control, days = _clock(game)
    return WatchTarget(game_id, (white, black), control, days, tv, over=_status(game) not in GOING_ON)


def player_game(client: Client, name: str, met: PlayerNames | None = None) -> WatchTarget | str:
    """The game ``name`` plays now (``OnlineError`` 404 when they have none), or what is said instead: that
    their last game is over, or not a togyzkumalak game; both players' names are kept in ``met``. The
    client's Accept is ``application/json`` exactly."""
    game = client.request("GET", f"/api/user/{path_part(name)}/current-game")
    game_id = _text(game.get("id"))[:8]
    names = _names(game)
    if met is not None:
        for found in names:
            met.learn(found)
    shown = next((found for found in names if found.lower() == name.lower()), name)
    if _variant(game) != "togyzkumalak":
        return watch_wording.not_toguz(shown, _variant(game))
    status = _status(game)
    if not game_id:
        raise OnlineError(200, _("the server's answer could not be read"), delivery="unknown")
    if status not in GOING_ON:
        opponent = next((found for found in names if found.lower() != name.lower()), "?")
        winner = {"p1": names[0], "p2": names[1]}.get(str(game.get("winner")))
        return watch_wording.not_playing(shown, opponent or "?", winner, status)
    control, days = _clock(game)
    return WatchTarget(path_part(game_id), names, control, days)


def tv_game(client: Client, names: PlayerNames | None = None) -> WatchTarget | None:
    """The TV's togyzkumalak game (None when the channel has none); ``over`` when it has ended. Its champion's
    name is kept in ``names``."""
    channels = client.request("GET", "/api/tv/channels")
    channel = channels.get(TV_CHANNEL)
    if not isinstance(channel, dict) or not isinstance(channel.get("gameId"), str):
        return None
    champion = Player.of(channel.get("user"))
    names = names if names is not None else PlayerNames()
    if champion.name.lower() == champion.id.lower():
        names.learn(champion.name)
    found = game_by_id(client, path_part(channel["gameId"][:12])[:8], tv=True, names=names)
    return found if isinstance(found, WatchTarget) else None


def resolve(client: Client, word: str, names: PlayerNames | None = None) -> WatchTarget | str:
    """The game ``word`` names (see the module), its players as ``names`` has met them, or what is said
    instead; ``OnlineError`` when neither a game nor a player is known by it, or the server fails."""
    if "://" in word:  # a game's web address: its first path part is the game's id
        word = (urllib.parse.urlsplit(word).path.strip("/").split("/") or [""])[0]
        return _known(lambda: game_by_id(client, path_part(word)[:8], names=names), watch_wording.no_game(word))
    if word.startswith("@"):
        return _known(lambda: player_game(client, word[1:], names), watch_wording.no_player(word[1:]))
    path_part(word)
    as_game = GAME_ID.match(word) is not None
    first_game = as_game and any(char.isdigit() for char in word)
    tries: list[Callable[[], WatchTarget | str]] = [lambda: game_by_id(client, word[:8], names=names),
                                                    lambda: player_game(client, word, names)]
    if not first_game:
        tries.reverse()
    if not as_game:
        tries = tries[:1]
    for attempt in tries:
        try:
            return attempt()
        except OnlineError as error:
            if error.status != 404:
                raise
    raise OnlineError(404, watch_wording.neither(word) if as_game else watch_wording.no_player(word))


def _known(look: Callable[[], WatchTarget | str], unknown: str) -> WatchTarget | str:
    """``look()``, its 404 said as ``unknown``."""
    try:
        return look()
    except OnlineError as error:
        if error.status == 404:
            raise OnlineError(404, unknown) from None
        raise

