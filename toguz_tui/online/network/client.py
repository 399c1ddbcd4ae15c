"""PlayStrategy's Board API over HTTP: the streams (NDJSON) and the commands, with httpx.

httpx is chosen over berserk (lichess's client): berserk's base URL can be changed, but its models and
its parsing are lichess's (``white``/``black``, chess variants), while PlayStrategy names the sides ``p1``
and ``p2``, keys the seek's variant as ``7_togyzkumalak`` and asks for fields lichess does not; the few
endpoints a board client needs are plain requests and line-by-line streams, which httpx does well.

A server is hostile until checked (a proxy or a network can misbehave as well as the server):

- the address must be https, or http to this machine only (127.0.0.0/8, ::1): the token is never sent
  in clear text over a network (``server_address``); redirects are not followed;
- every answer is read raw and bounded (``toguz_tui.online.network.answers``): a body at most ``LONGEST_BODY``
  bytes once unpacked, an error text at most ``LONGEST_ERROR``; each line of a stream bounded, and a
  stream that sends no whole line for a while is broken (the server sends a keep-alive every 3 to 6 s);
- every request has a total deadline (``DEADLINE``), so a server that drips one byte at a time cannot
  hold it; the requests are made off the interface's thread by ``toguz_tui.online.network.errands``;
- every failure becomes an ``OnlineError`` whose reason is one plain sentence part for a person (never a
  web page, a Python error name or the token), with whether the request reached the server.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator
from typing import Any, Literal

import httpx

from speech.words.i18n import _
from toguz_tui.online.network import answers
from toguz_tui.online.network.answers import LONGEST_LINE, OnlineError

__all__ = ["DEFAULT_SERVER", "LONGEST_LINE", "Client", "OnlineError", "path_part", "server_address"]

DEFAULT_SERVER = "https://playstrategy.org"
SEEK_VARIANT = "7_togyzkumalak"  # PlayStrategy's game family 7, the variant's key
CHALLENGE_VARIANT = "togyzkumalak"
LONGEST_BODY = 1024 * 1024  # bytes, unpacked: an answer to a command is some hundred bytes
LONGEST_ERROR = 64 * 1024  # bytes of an error's body read at most (its words are cut to 200 characters)
LONGEST_ADDRESS = 300  # characters: a server's address is a host and at most a short path
DEADLINE = 15.0  # seconds for a whole request, answer included
TIMEOUT = httpx.Timeout(8.0, read=10.0)
STREAM_TIMEOUT = httpx.Timeout(8.0, read=20.0)  # a stream's keep-alives come every few seconds

def server_address(url: str) -> str:
    """``url`` as a server's address (scheme and host, no slash at the end); ``OnlineError`` when it is
    not an http(s) address (httpx's own parser, the one that sends, must read it too), or is plain http to
    another machine (the token would travel in clear)."""
    url = url.strip()
    if len(url) > LONGEST_ADDRESS:
        raise OnlineError(None, _("the server's address is {count} characters long; toguz takes addresses of up to "
                                  "{most}").format(count=len(url), most=LONGEST_ADDRESS), delivery="unsent")
    try:
        parts = urllib.parse.urlsplit(url)
        host = parts.hostname or ""
        parts.port  # noqa: B018  (a port that is not a number raises here)
        if host and not _this_machine(host):
            host.encode("idna")  # a label over 63 characters or an empty one raises here, as it would on sending
        httpx.URL(url).host  # noqa: B018  (as httpx reads it on sending, IDNA 2008: fullwidth letters, "xn--" raise)
    except (ValueError, UnicodeError, httpx.InvalidURL):
        raise OnlineError(None, _("{url} is not a web address").format(url=repr(url[:80])), delivery="unsent") \
            from None
    if parts.scheme not in ("http", "https") or not host:
        raise OnlineError(None, _("{url} is not an http or https address").format(url=repr(url[:80])),
                          delivery="unsent")
    if parts.scheme == "http" and not _this_machine(host):
        raise OnlineError(None, _("{url} is plain http to another machine, where your token would travel "
                                  "unencrypted: use https").format(url=url[:80]), delivery="unsent")
    return f"{parts.scheme}://{parts.netloc}{parts.path}".rstrip("/")


def _this_machine(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class Client:
    """One player's connection to a lila-based server (PlayStrategy by default)."""

    def __init__(self, token: str | None, server: str = DEFAULT_SERVER, transport: httpx.BaseTransport | None = None,
                 timeout: httpx.Timeout = TIMEOUT, deadline: float = DEADLINE, api: Literal["board", "bot"] = "board") \
            -> None:
        self.server = server_address(server)
        self.host = urllib.parse.urlsplit(self.server).netloc
        self.deadline = deadline
        self.signed_in = token is not None  # without a token only the public endpoints answer (no header is sent)
        self.api = api  # the Board API's paths, or the Bot API's for a BOT account
        headers = {"Accept": "application/json", "Accept-Encoding": "gzip, deflate"}
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        self._http = httpx.Client(base_url=self.server, headers=headers, transport=transport, timeout=timeout,
                                  follow_redirects=False)
        self._closed = threading.Event()
        self._reading = 0  # requests and streams being read: the last to end closes httpx after close()
        self._count_lock = threading.Lock()
        self._sockets: set[socket.socket] = set()  # the streams' connections, shut at close to end their reads

    def __repr__(self) -> str:
        return f"Client(server={self.server!r})"  # never the token

    @property
    def closed(self) -> bool:
        """Whether ``close`` was called."""
        return self._closed.is_set()

    def close(self) -> None:
        """Close the connections. A stream being read in another thread is shut at once (so the server
        sees a seek withdrawn now, not at the next keep-alive); its thread then closes the client: an
        httpx client must not be closed under a read in another thread."""
        self._closed.set()
        with self._count_lock:
            sockets, reading = list(self._sockets), self._reading
        for connection in sockets:
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)
        if not reading:
            self._http.close()

    # -- requests -----------------------------------------------------------------------------
    def request(self, method: str, path: str, data: dict[str, str] | None = None,
                params: dict[str, str] | None = None) -> dict[str, Any]:
        """One request to ``path`` (its parts checked by the caller with ``path_part``), its answer a JSON
        object, bounded and within the deadline; ``OnlineError`` otherwise."""
        deadline = time.monotonic() + self.deadline
        with self._reading_one():
            try:
                with self._http.stream(method, path, data=data, params=params) as response:
                    if response.status_code != 200:
                        answers.check(response, answers.body(response, LONGEST_ERROR, deadline, self.host, cut=True))
                    body = answers.body(response, LONGEST_BODY, deadline, self.host)
            except httpx.HTTPError as error:
                raise answers.network_error(error, self.host) from None
        return answers.json_object(body)

    def account(self) -> dict[str, Any]:
        """The account the token belongs to (``id``, ``username``)."""
        return self.request("GET", "/api/account")

    def challenge(self, user: str, seconds: int, increment: int, rated: bool) -> dict[str, Any]:
        """Challenge ``user`` to a game on the clock; the challenge the server made.

        Play binds each of the form's four clock sub-forms (Fischer, simple delay, Bronstein delay,
        byoyomi) as soon as any ``clock.*`` field is there, and refuses the form if one lacks a field
        (lila's SetupForm.api); ApiConfig.from then takes the byoyomi one first. So every field is sent,
        the delays and the byoyomi at 0: a byoyomi clock without byoyomi, which runs as a Fischer clock
        of ``seconds`` + ``increment`` and is shown as such ("15+10")."""
        data = {"variant": CHALLENGE_VARIANT, "rated": _flag(rated), "clock.limit": str(seconds),
                "clock.increment": str(increment), "clock.delay": "0", "clock.byoyomi": "0", "clock.periods": "0"}
        return self.request("POST", f"/api/challenge/{path_part(user)}", data)

    def challenge_by_days(self, user: str, days: int) -> dict[str, Any]:
        """Challenge ``user`` to a correspondence game of ``days`` a move: ``days`` and no ``clock.*`` field
        (with any, the clock wins: lila's Challenge.scala makeOauthChallenge), and casual, the only mode
        the API allows without a clock (ApiConfig.validRated)."""
        data = {"variant": CHALLENGE_VARIANT, "rated": "false", "days": str(days)}
        return self.request("POST", f"/api/challenge/{path_part(user)}", data)

    def playing(self) -> list[dict[str, Any]]:
        """The account's games going on (``nowPlaying``, the most urgent first, at most 50: lila's
        Account.scala nowPlaying); the entries that are not objects left out."""
        found = self.request("GET", "/api/account/playing", params={"nb": "50"}).get("nowPlaying")
        return [entry for entry in found[:50] if isinstance(entry, dict)] if isinstance(found, list) else []

    def tournament(self, tournament: str) -> dict[str, Any]:
        """An arena's details (``clock``, ``variant``, ``fullName``, ``status``, ``secondsToStart`` ...)."""
        return self.request("GET", f"/api/tournament/{path_part(tournament)}")

    def join_tournament(self, tournament: str) -> None:
        """Join an arena (the token needs the scope tournament:write)."""
        self.request("POST", f"/api/tournament/{path_part(tournament)}/join")

    def accept(self, challenge: str) -> None:
        """Accept a challenge (its game starts; the event stream says so)."""
        self.request("POST", f"/api/challenge/{path_part(challenge)}/accept")

    def decline(self, challenge: str, reason: str = "generic") -> None:
        """Decline a challenge."""
        self.request("POST", f"/api/challenge/{path_part(challenge)}/decline", {"reason": reason})

    def move(self, game: str, code: str) -> None:
        """Play a move (its code, ``f1e2``)."""
        self.request("POST", f"/api/{self.api}/game/{path_part(game)}/move/{path_part(code)}")

    def command(self, game: str, what: str) -> None:
        """``abort``, ``resign``, ``draw/yes`` or ``draw/no`` in a game."""
        if what not in ("abort", "resign", "draw/yes", "draw/no"):
            raise ValueError(what)
        self.request("POST", f"/api/{self.api}/game/{path_part(game)}/{what}")

    def chat(self, game: str, text: str) -> None:
        """Say ``text`` to the opponent in the game's chat."""
        self.request("POST", f"/api/{self.api}/game/{path_part(game)}/chat", {"room": "player", "text": text})

    # -- streams ------------------------------------------------------------------------------
    def events(self, opened: Callable[[], None] | None = None) -> Iterator[dict[str, Any]]:
        """The account's events as they come (gameStart, gameFinish, challenge ...): ends when the server
        closes the stream; ``OnlineError`` when it cannot be opened or breaks. ``opened`` is called once
        the server has answered."""
        return self.stream("GET", "/api/stream/event", opened=opened)

    def game(self, game: str, opened: Callable[[], None] | None = None) -> Iterator[dict[str, Any]]:
        """One game's stream: ``gameFull`` first, then ``gameState`` and ``chatLine``; it ends after the
        game's last state."""
        return self.stream("GET", f"/api/{self.api}/game/stream/{path_part(game)}", opened=opened)

    def seek(self, minutes: float, increment: int, rated: bool) -> Iterator[dict[str, Any]]:
        """Seek an opponent: the request stays open while the seek stands (the game is announced on the
        event stream); closing the iterator, or the client, withdraws it. The server ends it by itself
        after 15 minutes (lila's HookRepo.cleanupOld)."""
        data = {"variant": SEEK_VARIANT, "time": f"{minutes:g}", "increment": str(increment), "byoyomi": "0",
                "periods": "0", "rated": _flag(rated)}
        return self.stream("POST", "/api/board/seek", data)

    def stream(self, method: str, path: str, data: dict[str, str] | None = None,
               opened: Callable[[], None] | None = None, params: dict[str, str] | None = None,
               accept: str | None = None, silence: float = answers.STREAM_SILENCE,
               heard: Callable[[bytes], None] | None = None) -> Iterator[dict[str, Any]]:
        """The JSON objects of a stream (NDJSON) at ``path``, one per line, as they come (blank lines, the
        keep-alives, and lines that are not an object are passed over); it ends when the server ends it,
        and is broken (``OnlineError``) after ``silence`` seconds without a line. ``accept``: the exact
        Accept header the server compares (``application/x-ndjson`` for an export); ``heard``: given every
        line as it is read, before it is parsed (to bound what is passed over: the export's)."""
        headers = {"Accept": accept} if accept is not None else None
        timeout = STREAM_TIMEOUT if silence <= answers.STREAM_SILENCE else httpx.Timeout(8.0, read=silence)
        with self._reading_one():
            try:
                with self._http.stream(method, path, data=data, params=params, headers=headers,
                                       timeout=timeout) as response:
                    if response.status_code != 200:
                        answers.check(response, answers.body(response, LONGEST_ERROR, time.monotonic() + self.deadline,
                                               self.host, cut=True))
                    if opened is not None:
                        opened()
                    connection = _socket_of(response)
                    self._hold(connection, True)
                    try:
                        for line in answers.lines(answers.unpacked(response, self.host), silence):
                            if self._closed.is_set():
                                return
                            if heard is not None:
                                heard(line)
                            found = answers.json_object(line, strict=False)
                            if found:
                                yield found
                    finally:
                        self._hold(connection, False)
            except httpx.HTTPError as error:
                if self._closed.is_set():
                    return
                raise answers.network_error(error, self.host) from None

    def _reading_one(self) -> _Reading:
        return _Reading(self)

    def _hold(self, connection: socket.socket | None, held: bool) -> None:
        if connection is None:
            return
        with self._count_lock:
            if held:
                self._sockets.add(connection)
            else:
                self._sockets.discard(connection)
        if held and self._closed.is_set():
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)


def _socket_of(response: httpx.Response) -> socket.socket | None:
    """The socket a response is read from (None where the transport has none, as in tests' mocks)."""
    stream = response.extensions.get("network_stream")
    found = stream.get_extra_info("socket") if stream is not None else None
    return found if isinstance(found, socket.socket) else None


class _Reading:
    """Counts a request or stream being read; the last one to end after ``close`` closes httpx."""

    def __init__(self, client: Client) -> None:
        self.client = client

    def __enter__(self) -> None:
        with self.client._count_lock:
            self.client._reading += 1

    def __exit__(self, *exc: object) -> None:
        client = self.client
        with client._count_lock:
            client._reading -= 1
            last = client._reading == 0
        if last and client._closed.is_set():
            client._http.close()


def _flag(value: bool) -> str:
    return "true" if value else "false"


def path_part(text: str) -> str:
    """A path part from the user or the server: letters, digits, ``_`` and ``-`` only."""
    if not text or len(text) > 40 or not all(char.isascii() and (char.isalnum() or char in "_-") for char in text):
        raise OnlineError(None, _("not a name or an id: {text}").format(text=repr(text[:40])), delivery="unsent")
    return text
