"""One watching asked for (``Watch``): the TV (and the games after it) or one game, with a connection of its
own, without a token (``toguz_tui.online.play.watching`` starts and stops them; ``watched_game`` follows the
game through it)."""

from __future__ import annotations

import threading

from speech.words.announce import braille_lines
from toguz_tui.online.network.client import Client, OnlineError, path_part
from toguz_tui.online.network.connection_port import OnlinePort
from toguz_tui.online.network.server_messages import MOST_PLIES
from toguz_tui.session.facade import GameSession
from toguz_tui.session.output.announcement_stream import AnnouncementKind

LONGEST_CODE = 8  # characters of a move code asked for (a togyzkumalak code has 4)


class Watch:
    """One watching asked for: the TV (and the games after it) or one game, with its own connection (no token)."""

    def __init__(self, connection: OnlinePort, tv: bool, once: bool) -> None:
        self.connection = connection
        self.tv, self.once = tv, once
        self.client = Client(None, connection.site)
        self.last_id = ""  # the TV game followed last, or found over
        self._stop = threading.Event()

    @property
    def session(self) -> GameSession:
        """The session the game is shown in."""
        return self.connection.session

    @property
    def stopped(self) -> bool:
        """Whether this watching has stopped (nothing more is made or said)."""
        return self._stop.is_set()

    def wait(self, seconds: float) -> bool:
        """Wait ``seconds``; True when the watching stopped meanwhile."""
        return self._stop.wait(seconds)

    def stop(self) -> None:
        """Stop: its stream is shut at once, nothing more is said."""
        self._stop.set()
        self.client.close()

    def say(self, sentences: list[str], kind: AnnouncementKind = "info") -> None:
        """Say ``sentences`` (in lines of the braille display's width when brief), unless stopped."""
        if self.stopped:
            return
        announcer = self.session.output.announcer
        brief = announcer.verbosity == "brief"
        self.connection.say(braille_lines(sentences, announcer.cells) if brief else " ".join(sentences), kind)

    def game_moves(self, game_id: str) -> list[str]:
        """The moves of ``game_id`` as the server has them now (``with_moves=1``); none when they cannot be had
        (or the watching stopped)."""
        if self.stopped:
            return []
        try:
            game = self.client.request("GET", f"/api/game/{path_part(game_id)}", params={"with_moves": "1"})
        except (OnlineError, RuntimeError):  # RuntimeError: the connection closed under it (the watching stopped)
            return []
        moves = game.get("moves")
        return [code for code in moves.split()[:MOST_PLIES] if len(code) <= LONGEST_CODE] \
            if isinstance(moves, str) else []
