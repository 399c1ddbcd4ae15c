"""What the parts of ``toguz online``'s play and watch see of its connection
(``toguz_tui.online.play.online_play.OnlinePlay``): one port, so that the parts never import the connection
that builds them (no import cycle, type-only ones included)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Protocol

from toguz_tui.online.network.client import Client
from toguz_tui.online.network.errands import Errands
from toguz_tui.online.network.reconnecting import Opener
from toguz_tui.session.facade import GameSession
from toguz_tui.session.output.announcement_stream import AnnouncementKind


class OnlinePort(Protocol):
    """The connection as its parts see it: the client and the errands, the account (its id and name), the
    site, the session, the game on the board, and what is said, followed and given up through it."""

    client: Client
    errands: Errands
    account: str
    account_name: str
    site: str

    @property
    def session(self) -> GameSession:
        """The session the games are played and watched in."""
        ...

    @property
    def closed(self) -> threading.Event:
        """Set when the connection is closed: every stream ends."""
        ...

    @property
    def game_id(self) -> str | None:
        """The id of the player's own game on the board, or None."""
        ...

    def say(self, text: str, kind: AnnouncementKind = "info") -> None:
        """Say ``text`` after what is being said."""
        ...

    def give_up(self, events: bool, text: str) -> None:
        """A stream that will not work again: said once (``events``: the account's events)."""
        ...

    def follow(self, open_stream: Opener, handle: Callable[[dict[str, Any]], bool], what: str,
               events: bool = False, left: Callable[[], bool] = lambda: False) -> None:
        """Read a stream, reconnecting (said, waited for and opened again when it drops); ``left``: the stream
        ends unsaid (its game left for another, a watching stopped or replaced)."""
        ...

    def follow_game(self, game_id: str, source: str) -> None:
        """Take up the game ``game_id`` on the board (the one there is left, going on at the server)."""
        ...
