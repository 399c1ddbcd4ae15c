"""``toguz bot``: toguz's engine plays for a BOT account on PlayStrategy through the Bot API, until it is
stopped (Ctrl-C, SIGTERM or SIGHUP: the games going on stay at the server, exit status 0); ``toguz bot upgrade``
makes an account a BOT account, for good, once asked for an explicit yes.

What it plays and how is in ``toguz_tui.online.bot.bot_listener`` (the challenges, the account's events) and
``toguz_tui.online.bot.bot_game`` (each game); the token is found as ``toguz online`` finds it
(``--token-file``, ``TOGUZ_PLAYSTRATEGY_TOKEN``, the one ``toguz online login`` kept). At the start the
account is checked (``/api/account``): one that is not a BOT account is told in one line how to make one,
and the bot does not start (exit status 2). Its log: a line when it starts listening and a line per game on
the standard output; what it does besides (challenges answered, streams lost and back, moves refused) on
the error output.
"""

from __future__ import annotations

import argparse
import signal
import sys
from typing import Any

from rules.engine import LEVELS
from speech.system.signals import stop_signals
from speech.user_path import option_path
from speech.voices.speech_command import PlainParser
from speech.words.i18n import DEFAULT, LANGUAGES, _
from toguz_tui.files.settings import config_dir
from toguz_tui.files.storage import log_failure
from toguz_tui.online.bot.bot_account import BotAccount
from toguz_tui.online.bot.bot_listener import MOST_GAMES, BotListener
from toguz_tui.online.network import token_store
from toguz_tui.online.network.client import DEFAULT_SERVER, Client, OnlineError, server_address
from toguz_tui.online.network.server_messages import Player
from toguz_tui.session.thinker import prepare_engine

BOT_TITLE = "BOT"  # the title lila gives a bot account (modules/user/src/main/UserRepo.scala 569-572)
UPGRADE = "/api/bot/account/upgrade"  # app/controllers/PlayApi.scala 31-48
LONGEST_ANSWER = 40  # characters of the typed answer read at most


def parser() -> argparse.ArgumentParser:
    """The command line of ``toguz bot``."""
    made = PlainParser(prog="toguz bot", description=_(
        "Run toguz's engine for a BOT account on PlayStrategy: it accepts the togyzkumalak challenges the Bot API "
        "may play, declines the others, and plays its games until stopped (Ctrl-C). toguz bot upgrade makes an "
        "account a BOT account, for good."))
    made.add_argument("action", nargs="?", choices=("run", "upgrade"), default="run",
                      help=_("run (the default), or upgrade: make the account a BOT account (it cannot be undone)"))
    made.add_argument("--level", type=int, choices=range(1, len(LEVELS) + 1), default=len(LEVELS), metavar="N",
                      help=_("the engine's strength, 1 (beginner) to {levels} (strongest, the default)").format(
                          levels=len(LEVELS)))
    made.add_argument("--max-games", type=int, choices=range(1, MOST_GAMES + 1), default=1, metavar="N",
                      dest="max_games", help=_("games played at once, 1 (the default) to {most}").format(
                          most=MOST_GAMES))
    made.add_argument("--server", default=DEFAULT_SERVER, metavar="URL",
                      help=_("another lila-based server (default: {server})").format(server=DEFAULT_SERVER))
    made.add_argument("--token-file", metavar="FILE", help=_("read the bot account's token from this file"))
    made.add_argument("--chat-language", choices=tuple(LANGUAGES), metavar="CODE", dest="chat_language",
                      help=_("the language of the bot's greeting and good game in the chat: {languages} (default: "
                             "the account's language on PlayStrategy when it is one of these, else en)").format(
                          languages=", ".join(LANGUAGES)))
    return made


def main(args: list[str]) -> int:
    """Run ``toguz bot``; the exit status."""
    options = parser().parse_args(args)
    try:
        options.server = server_address(options.server)
    except OnlineError as error:
        return _said(_("toguz bot: {reason}.").format(reason=error), 2)
    given = option_path(options.token_file, "toguz bot") if options.token_file else None
    try:
        token = token_store.load(config_dir(), given, options.server)
    except token_store.TokenProblem as problem:
        return _said(_("toguz bot: {reason}.").format(reason=problem), 2)
    if token is None:
        return _said(_("toguz bot: no token. Make one for the bot account (account settings, API access tokens, "
                       "scope bot:play) and give it with --token-file FILE or TOGUZ_PLAYSTRATEGY_TOKEN, or keep it "
                       "with toguz online login."), 2)
    client = Client(token, options.server, api="bot")
    try:
        try:
            account = client.account()
        except OnlineError as error:
            if error.status == 401:
                return _said(_("toguz bot: {host} does not know this token: make a new one for the bot account, with "
                               "the scope bot:play.").format(host=client.host), 1)
            return _said(_("toguz bot: could not check the account with {host}: {reason}.").format(
                host=client.host, reason=error), 1)
        name = Player.of(account).called()
        is_bot = account.get("title") == BOT_TITLE
        if options.action == "upgrade":
            return upgrade(client, name, is_bot)
        if not is_bot:
            return _said(_("toguz bot: {account} is not a BOT account. Make a new PlayStrategy account that has "
                           "played no game, give its token the scope bot:play, and run toguz bot upgrade (it cannot "
                           "be undone).").format(account=name), 2)
        return run(client, account, name, options)
    finally:
        client.close()


def _said(text: str, status: int) -> int:
    print(text, file=sys.stderr, flush=True)
    return status


def upgrade(client: Client, name: str, is_bot: bool) -> int:
    """Make the account a BOT account, once the user has typed yes: it cannot be undone."""
    if is_bot:
        print(_("{account} is a BOT account already: start it with toguz bot.").format(account=name), flush=True)
        return 0
    print(_("This makes {account} a BOT account for good: PlayStrategy cannot undo it. The account then plays only "
            "through the Bot API (no Board API, no seeks, no arenas), and only an account that has played no game "
            "can be upgraded.").format(account=name), flush=True)
    print(_("Type yes to upgrade {account}, anything else to leave it as it is: ").format(account=name), end="",
          flush=True)
    try:
        answer = sys.stdin.readline(LONGEST_ANSWER).strip().lower()
    except (KeyboardInterrupt, OSError, ValueError):
        answer = ""
    if answer not in ("yes", _("yes").lower()):
        return _said(_("Nothing changed: {account} is not a BOT account.").format(account=name), 1)
    try:
        client.request("POST", UPGRADE)
    except OnlineError as error:
        return _said(_("toguz bot: PlayStrategy did not make {account} a BOT account: {reason}.").format(
            account=name, reason=error), 1)
    print(_("{account} is now a BOT account: start it with toguz bot.").format(account=name), flush=True)
    return 0


def chat_language(account: dict[str, Any]) -> str:
    """The account's language on PlayStrategy (``"language": "ru-RU"``) when toguz speaks it, else English: the
    players of the site mostly read English, whatever language the machine running the bot speaks."""
    code = str(account.get("language") or "")[:20].split("-")[0].split("_")[0].lower()
    return code if code in LANGUAGES else DEFAULT


def run(client: Client, account: dict[str, Any], name: str, options: argparse.Namespace) -> int:
    """Play until stopped: Ctrl-C, SIGTERM, or SIGHUP where the system has one (exit status 0, with the stop
    line), or a failure of the account's events (1)."""
    bot = BotAccount(client, Player.of(account).id.lower(), name, options.level,
                     options.chat_language or chat_language(account))
    listener = BotListener(bot, options.max_games)

    def stop(_signal: int, _frame: object) -> None:
        bot.stop.set()

    kept = {number: signal.signal(number, stop) for number in (signal.SIGINT, *stop_signals())}
    try:
        prepare_engine(log_failure)  # the compiled search loads meanwhile
        listener.start()
        while not bot.stop.wait(0.5):
            pass
    finally:
        bot.stop.set()
        listener.close()
        for number, handler in kept.items():
            signal.signal(number, handler)
    if bot.failure:
        return _said(_("toguz bot stopped: {reason}").format(reason=bot.failure), 1)
    _said(_("toguz bot stopped; the games going on stay at the server."), 0)
    return 0

