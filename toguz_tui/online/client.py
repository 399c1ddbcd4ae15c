"""PlayStrategy's Board API over HTTP: the streams (NDJSON) and the commands, with httpx.

httpx is chosen over berserk (lichess's client): berserk's base URL can be changed, but its models and
its parsing are lichess's (``white``/``black``, chess variants), while PlayStrategy names the sides ``p1``
and ``p2``, keys the seek's variant as ``7_togyzkumalak`` and asks for fields lichess does not; the few
endpoints a board client needs are plain requests and line-by-line streams, which httpx does well.

Everything the server sends is checked before it is used: each line of a stream is bounded in size and
must be a JSON object; anything else is skipped (keep-alives are empty lines). Every failure becomes an
``OnlineError`` with a plain reason and, for a 429, the seconds to wait; the token is never part of an
error, a log line or a repr.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import httpx

from speech.words.i18n import _

DEFAULT_SERVER = "https://playstrategy.org"
SEEK_VARIANT = "7_togyzkumalak"  # PlayStrategy's game family 7, the variant's key
CHALLENGE_VARIANT = "togyzkumalak"
LONGEST_LINE = 256 * 1024  # bytes: a gameFull of a long game is some kilobytes
RETRY_AFTER = 60.0  # seconds to wait after a 429 that does not say
TIMEOUT = httpx.Timeout(8.0, read=20.0)  # streams send a keep-alive every 3 to 6 seconds


@dataclass
class OnlineError(Exception):
    """A request that failed: the HTTP status (None when the server could not be reached), the server's
    own words or the network's, and for a 429 how long to wait."""

    status: int | None
    reason: str
    retry_after: float | None = None

    def __str__(self) -> str:
        return self.reason


class Client:
    """One player's connection to a lila-based server (PlayStrategy by default)."""

    def __init__(self, token: str, server: str = DEFAULT_SERVER, transport: httpx.BaseTransport | None = None,
                 timeout: httpx.Timeout = TIMEOUT) -> None:
        self.server = server.rstrip("/")
        self._http = httpx.Client(base_url=self.server, headers={"Authorization": f"Bearer {token}",
                                                                 "Accept": "application/json"},
                                  transport=transport, timeout=timeout, follow_redirects=False)
        self._closed = threading.Event()
        self._reading = 0  # streams being read: their threads close them (httpx is not closed across threads)
        self._count_lock = threading.Lock()

    def __repr__(self) -> str:
        return f"Client(server={self.server!r})"  # never the token

    def close(self) -> None:
        """Close the connections. A stream being read in another thread ends at its next line (the server
        sends a keep-alive every 3 to 6 seconds) and closes itself there, so a seek is withdrawn then: an
        httpx client must not be closed under a read in another thread."""
        self._closed.set()
        with self._count_lock:
            if self._reading:
                return
        self._http.close()

    # -- requests -----------------------------------------------------------------------------
    def _request(self, method: str, path: str, data: dict[str, str] | None = None) -> dict[str, Any]:
        try:
            response = self._http.request(method, path, data=data)
        except httpx.HTTPError as error:
            raise OnlineError(None, _network_reason(error)) from None
        _check(response, response.content)
        return _json_object(response.content)

    def account(self) -> dict[str, Any]:
        """The account the token belongs to (``id``, ``username``)."""
        return self._request("GET", "/api/account")

    def challenge(self, user: str, minutes: float, increment: int, rated: bool) -> dict[str, Any]:
        """Challenge ``user`` to a game on the clock; the challenge the server made."""
        data = {"variant": CHALLENGE_VARIANT, "rated": _flag(rated), "clock.limit": str(round(minutes * 60)),
                "clock.increment": str(increment)}
        return self._request("POST", f"/api/challenge/{_part(user)}", data)

    def accept(self, challenge: str) -> None:
        """Accept a challenge (its game starts; the event stream says so)."""
        self._request("POST", f"/api/challenge/{_part(challenge)}/accept")

    def decline(self, challenge: str, reason: str = "generic") -> None:
        """Decline a challenge."""
        self._request("POST", f"/api/challenge/{_part(challenge)}/decline", {"reason": reason})

    def move(self, game: str, code: str) -> None:
        """Play a move (its code, ``f1e2``)."""
        self._request("POST", f"/api/board/game/{_part(game)}/move/{_part(code)}")

    def command(self, game: str, what: str) -> None:
        """``abort``, ``resign``, ``draw/yes`` or ``draw/no`` in a game."""
        if what not in ("abort", "resign", "draw/yes", "draw/no"):
            raise ValueError(what)
        self._request("POST", f"/api/board/game/{_part(game)}/{what}")

    def chat(self, game: str, text: str) -> None:
        """Say ``text`` to the opponent in the game's chat."""
        self._request("POST", f"/api/board/game/{_part(game)}/chat", {"room": "player", "text": text})

    # -- streams ------------------------------------------------------------------------------
    def events(self, opened: Callable[[], None] | None = None) -> Iterator[dict[str, Any]]:
        """The account's events as they come (gameStart, gameFinish, challenge ...): ends when the server
        closes the stream; ``OnlineError`` when it cannot be opened or breaks. ``opened`` is called once
        the server has answered."""
        return self._stream("GET", "/api/stream/event", opened=opened)

    def game(self, game: str, opened: Callable[[], None] | None = None) -> Iterator[dict[str, Any]]:
        """One game's stream: ``gameFull`` first, then ``gameState`` and ``chatLine``; it ends after the
        game's last state."""
        return self._stream("GET", f"/api/board/game/stream/{_part(game)}", opened=opened)

    def seek(self, minutes: float, increment: int, rated: bool) -> Iterator[dict[str, Any]]:
        """Seek an opponent: the request stays open while the seek stands (the game is announced on the
        event stream); closing the iterator, or the client, withdraws it."""
        data = {"variant": SEEK_VARIANT, "time": f"{minutes:g}", "increment": str(increment), "byoyomi": "0",
                "periods": "0", "rated": _flag(rated)}
        return self._stream("POST", "/api/board/seek", data)

    def _stream(self, method: str, path: str, data: dict[str, str] | None = None,
                opened: Callable[[], None] | None = None) -> Iterator[dict[str, Any]]:
        try:
            with self._count_lock:
                self._reading += 1
            with self._http.stream(method, path, data=data) as response:
                if response.status_code != 200:
                    _check(response, response.read()[:LONGEST_LINE])
                if opened is not None:
                    opened()
                for line in _lines(response.iter_bytes()):
                    if self._closed.is_set():
                        return
                    found = _json_object(line, strict=False)
                    if found:
                        yield found
        except httpx.HTTPError as error:
            if self._closed.is_set():
                return
            raise OnlineError(None, _network_reason(error)) from None
        finally:
            with self._count_lock:
                self._reading -= 1
                last = self._reading == 0
            if last and self._closed.is_set():
                self._http.close()


def _lines(chunks: Iterator[bytes]) -> Iterator[bytes]:
    """The lines of a byte stream; a line longer than ``LONGEST_LINE`` is dropped, not kept in memory."""
    pending = b""
    dropping = False
    for chunk in chunks:
        pending += chunk
        while True:
            end = pending.find(b"\n")
            if end < 0:
                break
            line, pending = pending[:end], pending[end + 1:]
            if dropping:
                dropping = False
                continue
            yield line
        if len(pending) > LONGEST_LINE:
            pending, dropping = b"", True
    if pending and not dropping:
        yield pending


def _json_object(data: bytes, strict: bool = True) -> dict[str, Any]:
    """``data`` as a JSON object; empty for a blank line, or for anything else when not ``strict``."""
    text = data.strip()
    if not text:
        return {}
    try:
        found = json.loads(text)
    except (ValueError, RecursionError):
        found = None
    if isinstance(found, dict):
        return found
    if strict:
        raise OnlineError(None, _("the server's answer is not JSON"))
    return {}


def _check(response: httpx.Response, body: bytes) -> None:
    """``OnlineError`` for any answer but 200, with the server's own words when it gives them."""
    status = response.status_code
    if status == 200:
        return
    retry = None
    if status == 429:
        try:
            retry = min(600.0, max(1.0, float(response.headers.get("Retry-After", RETRY_AFTER))))
        except ValueError:
            retry = RETRY_AFTER
    raise OnlineError(status, _server_words(body) or f"HTTP {status}", retry)


def _server_words(body: bytes) -> str:
    """What an error body says: ``{"error": "..."}``, a form's field errors, or plain text; short."""
    try:
        found = json.loads(body)
    except (ValueError, RecursionError):
        text = body.decode("utf-8", "replace").strip()
        return " ".join(text.split())[:200]
    if isinstance(found, dict):
        error = found.get("error")
        if isinstance(error, str):
            return error[:200]
        parts = [f"{key}: {', '.join(str(item) for item in value)}" if isinstance(value, list) else str(key)
                 for key, value in found.items() if key != "error"]
        return "; ".join(parts)[:200]
    return ""


def _network_reason(error: httpx.HTTPError) -> str:
    """A network failure in a few words (never the request's headers)."""
    return f"{type(error).__name__}: {error}"[:200]


def _flag(value: bool) -> str:
    return "true" if value else "false"


def _part(text: str) -> str:
    """A path part from the user or the server: letters, digits, ``_`` and ``-`` only."""
    if not text or len(text) > 40 or not all(char.isascii() and (char.isalnum() or char in "_-") for char in text):
        raise OnlineError(None, _("not a name or an id: {text}").format(text=repr(text[:40])))
    return text
