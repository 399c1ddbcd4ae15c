"""The stand-in's Bot API (``tests/toguz_tui/online/server.py``), kept apart so that each file stays readable: what
changes when the account is a BOT account, and the endpoints only a bot may use, as PlayStrategy's lila fork has
them (github:Mind-Sports-Games/lila at 1283402; paths below are in that repository, lines at that commit):

- ``/api/account`` says ``"title":"BOT"`` (modules/user/src/main/JsonView.scala 31; app/controllers/Account.scala
  98-101); the upgrade (``POST /api/bot/account/upgrade``, app/controllers/PlayApi.scala 31-48) refuses an account
  that has played a game (modules/user/src/main/UserRepo.scala 569-572);
- a bot's Board endpoints answer 400 (app/controllers/LilaController.scala 454-457; PlayApi.scala 154-160), a
  non-bot's Bot endpoints the 400 of PlayApi.scala 141-151, and a game the Bot API may not play the other 400
  there (modules/game/src/main/Game.scala 1144-1148 ``isBotCompatible``: a game from a friend, the API or the AI,
  at Bullet or slower); ``gameStart.compat.bot`` says the same (modules/api/src/main/EventStream.scala 135-136);
- a bot accepting an UltraBullet challenge gets 404 (modules/challenge/src/main/ChallengeApi.scala 93-94;
  app/controllers/Challenge.scala 111-123); a decline's ``reason`` is read as lila reads it
  (modules/challenge/src/main/Challenge.scala 196: the key in any case, or the i18n key; anything else is
  ``generic``), and the challenger's ``challengeDeclined`` carries its English words (JsonView.scala 106;
  translation/source/challenge.xml 14-25);
- the bot's game stream has the spectators' chat too, as ``"room":"spectator"`` (modules/bot/src/main/
  GameStateStream.scala 64-73, 103-104; BotJsonView.scala 107-113); the bot's moves, draws and chat answer as
  the Board API's (PlayApi.scala 80-131, modules/bot/src/main/BotPlayer.scala 33-111), and a bot's chat line
  holding a link is dropped, the answer still ok (modules/chat/src/main/ChatApi.scala 265-268).

The opponent: when ``BotRecord.opponent_plays``, the stand-in plays the other side at once, a legal move chosen by
a seeded random generator, so that a whole game can be played to its end; each of the bot's moves is checked as
strategygames checks it (the pit and the landing square: ``FakeGame.play``). A correspondence challenge accepted
starts no game here (the stand-in's games have clocks); its acceptance is recorded.
"""

from __future__ import annotations

import random
import re
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any, Protocol

from rules.move import play_move
from rules.movecode import move_code
from tests.toguz_tui.online.standin_game import VARIANT, FakeGame, challenge_json, other, re_code
from tests.toguz_tui.online.standin_rules import ClockConfig, DaysConfig, at_least, chat_errors, fischer

NOT_BOT = ("This endpoint can only be used with a Bot account. See "
           "https://playstrategy.org/api#operation/botAccountUpgrade")  # PlayApi.scala 143-148
NOT_BOT_GAME = "This game cannot be played with the Bot API."  # PlayApi.scala 149-150
NOT_FOR_BOTS = "This API endpoint is not for Bot accounts."  # LilaController.scala 454-457
GAMES_PLAYED = "You already have games played. Make a new account."  # UserRepo.scala 569-572
BOT_SOURCES = frozenset({"friend", "api", "ai"})  # Game.scala 1144-1145: hasAi || fromFriend || fromApi (|| hasPSBot)
DECLINE_WORDS = {  # Challenge.scala 160-197 (the key: the object's name, lower case) and challenge.xml 14-25
    "generic": "I'm not accepting challenges at the moment.",
    "later": "This is not the right time for me, please ask again later.",
    "toofast": "This time control is too fast for me, please challenge again with a slower game.",
    "tooslow": "This time control is too slow for me, please challenge again with a faster game.",
    "timecontrol": "I'm not accepting challenges with this time control.",
    "rated": "Please send me a rated challenge instead.",
    "casual": "Please send me a casual challenge instead.",
    "standard": "I'm not accepting variant challenges right now.",
    "variant": "I'm not willing to play this variant right now.",
    "nobot": "I'm not accepting challenges from bots.",
    "onlybot": "I'm only accepting challenges from bots.",
    "noanon": "I'm not accepting challenges from anonymous users, please sign in to play against me.",
}
I18N_KEYS = {f"decline{name}": name.lower() for name in (  # Challenge.scala 165-176: each reason's I18nKey
    "Generic", "Later", "TooFast", "TooSlow", "TimeControl", "Rated", "Casual", "Standard", "Variant", "NoBot",
    "OnlyBot", "NoAnon")}
_LINK = re.compile(r"https?://|www\.|\.(com|org|net|kz|ru)\b", re.IGNORECASE)  # lila.common.String.hasLinks, roughly


@dataclass
class BotRecord:
    """The account as a bot (``is_bot``, ``games_played`` for the upgrade), and what the bot did: the challenges
    it declined (id, the reason as lila read it) and accepted, its chat lines (room, text, and whether they were
    shown). ``opponent_plays``: the stand-in answers each of the bot's moves with one of its own (``seed``)."""

    is_bot: bool = False
    games_played: int = 0
    declined: list[tuple[str, str]] = field(default_factory=list)
    accepted: list[str] = field(default_factory=list)
    chat: list[dict[str, Any]] = field(default_factory=list)
    opponent_plays: bool = True
    seed: int = 1
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)


class StandIn(Protocol):
    """What the Bot API uses of ``FakePlayStrategy``."""

    account: str
    games: dict[str, FakeGame]
    events: list[dict[str, Any]]
    pending: dict[str, dict[str, Any]]
    changed: threading.Condition
    reject_moves: int
    bot: BotRecord
    _game_lines: dict[str, list[dict[str, Any]]]
    _game_streams: dict[str, int]

    def send(self, handler: BaseHTTPRequestHandler, status: int, body: dict[str, Any]) -> None: ...

    def stream(self, handler: BaseHTTPRequestHandler, lines: Any, start: int,
               first: dict[str, Any] | list[dict[str, Any]] | None = None, game: FakeGame | None = None,
               alive: Any = None) -> None: ...

    def add_game(self, game_id: str = ..., me: str = ..., opponent: str = ..., minutes: float = ...,
                 increment: int = ..., *, clock: ClockConfig | DaysConfig | None = ..., source: str = ...,
                 mandatory: bool = ..., rated: bool = ..., fen: str | None = ...) -> FakeGame: ...

    def _after_change(self, game: FakeGame) -> None: ...


def bot_compatible(game: FakeGame) -> bool:
    """Game.scala 1144-1148 isBotCompatible: from a friend, the API or the AI, and Bullet or slower."""
    return game.source in BOT_SOURCES and at_least(game.clock.speed, "bullet")


def with_bot_compat(found: dict[str, Any], game: FakeGame, record: BotRecord) -> dict[str, Any]:
    """An event's game with ``compat.bot``: EventStream.scala 135-136, me.isBot && Game.isBotCompatible(game)."""
    found["compat"] = {**found.get("compat", {}), "bot": record.is_bot and bot_compatible(game)}
    return found


def add_bot_challenge(server: StandIn, challenge_id: str = "BotChal1", challenger: str = "alice", *,
                      variant: str = "togyzkumalak", clock: ClockConfig | None = None, days: int | None = None,
                      rated: bool = False, challenger_side: str = "p1") -> dict[str, Any]:
    """A challenge to the account, made on the website: a clock (default 5+3), or ``days`` a move, or unlimited
    (``clock`` None and no ``days``); another ``variant`` key is written as lila writes it (JsonView.scala 71)."""
    clock = clock if clock is not None or days is not None else fischer(5, 3)
    found = challenge_json(challenge_id, challenger, server.account, clock if clock is not None else
                           DaysConfig(days) if days else None, rated)
    if variant != VARIANT["key"]:
        found["variant"] = {"key": variant, "name": variant.capitalize(), "short": variant[:5], "lib": 0}
    if clock is None and not days:  # Challenge.scala 238-242: no clock is Correspondence; JsonView.scala 87-92
        found["timeControl"] = {"type": "unlimited"}
    found["finalPlayerIndex"] = challenger_side
    with server.changed:
        server.pending[challenge_id] = found
        server.events.append({"type": "challenge", "challenge": found})
        server.changed.notify_all()
    return found


def spectator_chat(server: StandIn, game_id: str, text: str, username: str = "Watcher") -> None:
    """A spectator says ``text``: a bot's game stream shows it (GameStateStream.scala 73, 103-104)."""
    with server.changed:
        server._game_lines.setdefault(game_id, []).append(
            {"type": "chatLine", "room": "spectator", "username": username, "text": text})
        server.changed.notify_all()


def answer_bot(server: StandIn, handler: BaseHTTPRequestHandler, parts: list[str], form: dict[str, str]) -> bool:
    """Answer what the Bot API and a BOT account change (True), or leave the request to the rest (False)."""
    record = server.bot
    if parts == ["api", "account"] and record.is_bot:
        server.send(handler, 200, {"id": server.account, "username": server.account.capitalize(), "title": "BOT"})
    elif parts[:2] == ["api", "board"] and record.is_bot:
        server.send(handler, 400, {"error": NOT_FOR_BOTS})
    elif parts == ["api", "bot", "account", "upgrade"]:
        if record.games_played:
            server.send(handler, 400, {"error": GAMES_PLAYED})
        else:
            record.is_bot = True
            server.send(handler, 200, {"ok": True})
    elif parts[:3] == ["api", "bot", "game"] and len(parts) >= 5:
        stream = parts[3] == "stream"
        game = server.games.get(parts[4] if stream else parts[3])
        if game is None:  # PlayApi.scala 162-170 WithPov
            server.send(handler, 404, {"error": "No such game"})
        elif not record.is_bot:
            server.send(handler, 400, {"error": NOT_BOT})
        elif not bot_compatible(game):
            server.send(handler, 400, {"error": NOT_BOT_GAME})
        elif stream:
            _game_stream(server, handler, game)
        else:
            _command(server, handler, game, parts[4:], form)
    elif parts[:2] == ["api", "challenge"] and len(parts) == 4 and parts[3] in ("accept", "decline") and record.is_bot:
        _answer_challenge(server, handler, parts[2], parts[3] == "accept", form)
    else:
        return False
    return True


def _game_stream(server: StandIn, handler: BaseHTTPRequestHandler, game: FakeGame) -> None:
    """GameStateStream.scala: gameFull, then each state and chat line (both rooms), a newer stream ending this one."""
    with server.changed:
        number = server._game_streams[game.id] = server._game_streams.get(game.id, 0) + 1
        server.changed.notify_all()
        lines = server._game_lines.setdefault(game.id, [])
        full, start = game.full(server.account), len(lines)
    server.stream(handler, lambda begin: lines[begin:], start, first=full, game=game,
                  alive=lambda: server._game_streams[game.id] == number)


def _command(server: StandIn, handler: BaseHTTPRequestHandler, game: FakeGame, what: list[str],
             form: dict[str, str]) -> None:
    """PlayApi.scala 80-131 and BotPlayer.scala: move, chat, draw, abort, resign."""
    with server.changed:
        if what[0] == "move" and len(what) == 2:
            problem = _move(server, game, what[1])
            if problem is not None:
                return server.send(handler, 400, {"error": problem})
            _reply(server, game)
        elif what == ["chat"]:
            errors = chat_errors(form)
            if errors:  # PlayApi.scala 87-96: jsonFormErrorDefaultLang
                return server.send(handler, 400, {**errors, "error": errors})
            shown = not _LINK.search(form["text"])  # ChatApi.scala 265-268: a bot's line with a link is dropped
            server.bot.chat.append({"room": form["room"], "text": form["text"], "shown": shown})
            if shown:
                server._game_lines.setdefault(game.id, []).append(
                    {"type": "chatLine", "room": form["room"], "username": server.account.capitalize(),
                     "text": form["text"].strip()[:140]})
            server.changed.notify_all()
        elif what[0] == "draw" and len(what) == 2:
            if not game.draw(what[1] in ("1", "true", "on", "yes")):  # lila.common.Form.trueish; BotPlayer 102-111
                return server.send(handler, 200, {"ok": True})
            server._after_change(game)
        elif what == ["abort"] or (what == ["resign"] and game.abortable):  # BotPlayer.scala 87-100
            if not game.abortable:
                return server.send(handler, 400, {"error": "This game can no longer be aborted"})
            game.status = "aborted"
            server._after_change(game)
        elif what == ["resign"]:
            if game.over:
                return server.send(handler, 400, {"error": "This game cannot be resigned"})
            game.status, game.winner = "resign", other(game.me)
            server._after_change(game)
        else:
            return server.send(handler, 404, {"error": "No such command"})
    return server.send(handler, 200, {"ok": True})


def _move(server: StandIn, game: FakeGame, code: str) -> str | None:
    """BotPlayer.scala 33-52: the bot's move made, or lila's words for why not."""
    if not re_code(code):
        return f"Invalid UCI: {code}"
    if game.over or game.to_move != game.me:
        return "Not your turn, or game already over"
    if server.reject_moves > 0:
        server.reject_moves -= 1
        return "Not your turn, or game already over"
    try:
        game.play(code)  # strategygames checks the pit and the landing square
    except ValueError as error:
        return str(error)
    server._after_change(game)
    return None


def _reply(server: StandIn, game: FakeGame) -> None:
    """The opponent's move, at once, when the stand-in plays it: a legal pit chosen by the seeded generator."""
    if not server.bot.opponent_plays or game.over or game.to_move == game.me:
        return
    position = game.game.position
    pit = server.bot.rng.choice(sorted(position.legal_moves()))
    game.play(move_code(play_move(position, pit)[1], 9))
    server._after_change(game)


def _answer_challenge(server: StandIn, handler: BaseHTTPRequestHandler, challenge_id: str, accept: bool,
                      form: dict[str, str]) -> None:
    """A bot's accept or decline: Challenge.scala 111-123 and 156-173, ChallengeApi.scala 93-94."""
    record = server.bot
    with server.changed:
        found = server.pending.get(challenge_id)
        clock: ClockConfig | DaysConfig | None = found.get("_clock") if found is not None else None
        if found is None or (accept and found.get("speed") == "ultraBullet"):  # stays created: 404
            return server.send(handler, 404, {"error": "Not found"})
        del server.pending[challenge_id]
        if not accept:
            reason = _decline_key(form.get("reason"))
            record.declined.append((challenge_id, reason))
            server.events.append({"type": "challengeDeclined", "challenge": {
                **found, "status": "declined", "declineReason": DECLINE_WORDS[reason]}})
            server.changed.notify_all()
        else:
            record.accepted.append(challenge_id)
    server.send(handler, 200, {"ok": True})
    if accept and clock is not None:  # ChallengeJoiner.scala: the game's id is the challenge's, source friend
        game = server.add_game(challenge_id, me=other(found["finalPlayerIndex"]), opponent=found["challenger"]["id"],
                               clock=clock, rated=found["rated"])
        with server.changed:
            _reply(server, game)


def _decline_key(reason: str | None) -> str:
    """Challenge.scala 196 DeclineReason.apply: the key in any case, or the i18n key (``declineTooFast``);
    ChallengeForm.scala 8-17: missing, empty or unknown is ``generic``."""
    if not reason:
        return "generic"
    if reason.lower() in DECLINE_WORDS:
        return reason.lower()
    return I18N_KEYS.get(reason, "generic")
