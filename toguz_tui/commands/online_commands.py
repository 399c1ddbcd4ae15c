"""The commands of the help's topic "online": seek, challenge (on a clock, or of days a move), accept,
decline, chat, draw, abort, arenas (``tournament join``) and the games going on (``games``, a command of
the topic "game" that online lists them) on PlayStrategy, and watch (a live game, with no login), through
the session's online connection (``toguz online`` only). Without a token only watch works: the others say
so (``needs_token``)."""

from __future__ import annotations

from speech.words import correspondence_wording, online_wording, watch_wording
from speech.words.i18n import _
from toguz_tui.commands.arguments import Answer, Focus, WrongWords, control_and_rated
from toguz_tui.commands.lexicon import COMMAND, shown_word
from toguz_tui.session.facade import GameSession
from toguz_tui.session.mode import Playing
from toguz_tui.session.opponent import OnlineConnection
from toguz_tui.session.output.announcement_stream import Reply


def without_game(session: GameSession) -> bool:
    """Whether this is ``toguz online`` with no online game (played or watched) on the board: the game there
    is only the placeholder a session starts with, not one against the computer."""
    return session.online is not None and session.opponent.kind != "remote" and isinstance(session.mode, Playing)


def no_game_prompt(session: GameSession) -> str | None:
    """The line mode's prompt in ``toguz online`` before any game (where the player is: no game, or not logged
    in; no score of a placeholder game); None elsewhere."""
    if session.online is None or not without_game(session):
        return None
    return online_wording.no_game_prompt(session.online.signed_in)


def no_game_yet(session: GameSession, on_the_board: bool) -> Reply | None:
    """In ``toguz online`` before any game: a command that asks about or acts on the game on the board
    (``on_the_board``) is answered that there is none (not with the words of a game against the computer);
    else None."""
    if not without_game(session) or not on_the_board or session.online is None:
        return None
    if not session.online.signed_in:
        return session.output.error(watch_wording.nothing_watched())
    return session.output.error(_("No online game is going on: type seek 15+10 to find an opponent, challenge NAME "
                                  "15+10 to challenge someone, or wait for a challenge."))


def _online(session: GameSession, command: str) -> OnlineConnection | Reply:
    """The online connection, or why ``command`` cannot be done without one."""
    return session.online if session.online is not None else session.output.error(
        _("{command} works in toguz online only.").format(command=command))


def seek(session: GameSession, args: list[str], focus: Focus) -> Answer:
    """Look for an opponent online."""
    online = _online(session, "seek")
    if isinstance(online, Reply):
        return online
    found = control_and_rated(session, args, "seek")
    return found if isinstance(found, Reply | WrongWords) else online.seek(*found)


def challenge(session: GameSession, args: list[str], focus: Focus) -> Answer:
    """Challenge a player online."""
    online = _online(session, "challenge")
    if isinstance(online, Reply):
        return online
    if not args:
        return WrongWords("challenge")
    if args[0] == "days" and "days" not in args[1:] and any(word.isascii() and word.isdigit() for word in args[1:2]):
        return session.output.error(correspondence_wording.days_without_player(args[1] if len(args[1]) <= 3 else "N"))
    if "days" in args[1:]:
        return _challenge_by_days(session, online, args[0], args[1:])
    found = control_and_rated(session, args[1:], "challenge")
    return found if isinstance(found, Reply | WrongWords) else online.challenge(args[0], *found)


def _challenge_by_days(session: GameSession, online: OnlineConnection, user: str, words: list[str]) -> Answer:
    """``challenge NAME days N``: a correspondence game of N days a move (checked by the connection)."""
    rest = [word for word in words if word not in ("days", "casual", "rated")]
    if len(rest) != 1:
        return WrongWords("challenge")
    return online.challenge_by_days(user, rest[0], "rated" in words)


def online_games(session: GameSession, args: list[str]) -> Answer | None:
    """``games`` in toguz online: the games going on at PlayStrategy, ``games N`` taking up game N; None
    for ``games FILE`` (a record file's games, as everywhere)."""
    online = session.online
    if online is None or (args and not (args[0].isascii() and args[0].isdigit())):
        return None
    if len(args) > 1:
        return WrongWords("games")
    if not online.signed_in:  # a command of the topic "game": needs_token does not see it
        return session.output.error(watch_wording.needs_token(shown_word(COMMAND, "games"), online.site))
    return online.list_games(int(args[0][:6]) if args else None)


def tournament(session: GameSession, args: list[str], focus: Focus) -> Answer:
    """``tournament join ID``: join a PlayStrategy arena."""
    online = _online(session, "tournament")
    if isinstance(online, Reply):
        return online
    if len(args) != 2 or args[0] != "join":
        return WrongWords("tournament")
    return online.join_tournament(args[1])


def accept(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Accept the challenge waiting."""
    online = _online(session, "accept")
    return online if isinstance(online, Reply) else online.answer_challenge(True)


def decline(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Decline the challenge waiting."""
    online = _online(session, "decline")
    return online if isinstance(online, Reply) else online.answer_challenge(False)


def say_text(session: GameSession, args: list[str], focus: Focus) -> Answer:
    """Chat with the opponent."""
    online = _online(session, "say")
    if isinstance(online, Reply):
        return online
    if not args:
        return WrongWords("say")
    return online.chat(" ".join(args))


def draw(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Offer or accept a draw."""
    online = _online(session, "draw")
    return online if isinstance(online, Reply) else online.draw()


def abort(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Abort the online game."""
    online = _online(session, "abort")
    return online if isinstance(online, Reply) else online.abort()


def watch(session: GameSession, args: list[str], focus: Focus) -> Answer:
    """Watch a live game: the TV's (``once``: only this one), a player's, one by its id; ``stop``."""
    online = _online(session, "watch")
    if isinstance(online, Reply):
        return online
    once = "once" in args
    rest = [word for word in args if word != "once"]
    if len(rest) > 1 or args.count("once") > 1 or (once and rest[:1] == ["stop"]):
        return WrongWords("watch")
    return online.watch(rest[0] if rest else "tv", once)


def login_typed(session: GameSession, word: str) -> Reply | None:
    """``login`` typed inside ``toguz online`` (a word that is no command here): how to log in; else None.
    It is not done here: the token would be shown as it is typed, and kept in the line's history."""
    online = session.online
    if online is None or word.lower() != "login":
        return None
    return session.output.error(online_wording.login_typed(online.signed_in, online.site))


def needs_token(session: GameSession, name: str, group: str) -> Reply | None:
    """Why the online command ``name`` (of the help's ``group``) cannot be done without a token (every one
    but watch), said; None when it can."""
    online = session.online
    if online is None or online.signed_in or group != "online" or name == "watch":
        return None
    return session.output.error(watch_wording.needs_token(shown_word(COMMAND, name), online.site))
