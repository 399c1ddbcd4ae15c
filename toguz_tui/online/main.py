"""``toguz online``: play people on PlayStrategy in the line mode (the same commands and announcements as
a local game, with seek, challenge, accept, decline, say, draw and abort), or without a token listen to
live games (watch); ``toguz online login`` keeps the token, ``toguz online logout`` forgets it, ``toguz online
export`` writes a player's games to a record file (``toguz_tui.online.export.export_command``, no token needed). What is
online's own is here (the command line, the token, the connection); the session is built and a face run by
the launcher that ``toguz`` uses (``toguz_tui.start``).
"""

from __future__ import annotations

import argparse
import getpass
import os
import sys

from speech.voices import AUTO_ORDER, SPEECH_CHOICES
from speech.voices.speech_command import PlainParser
from speech.words import online_wording
from speech.words.i18n import _
from toguz_tui.files.settings import config_dir
from toguz_tui.online.network import token_store
from toguz_tui.online.network.client import DEFAULT_SERVER, Client, OnlineError, server_address
from toguz_tui.online.network.server_messages import Player
from toguz_tui.online.play.correspondence import POLL_SECONDS
from toguz_tui.online.play.online_play import OnlinePlay
from toguz_tui.session.facade import GameSession
from toguz_tui.start.faces import run_face
from toguz_tui.start.launch import open_session
from toguz_tui.start.start_options import StartOptions


def parser() -> argparse.ArgumentParser:
    """The command line of ``toguz online``."""
    made = PlainParser(prog="toguz online", description=_(
        "Play people on PlayStrategy (playstrategy.org) with the same commands as a local game, or listen to "
        "live games (watch) without logging in. To play, first make a token there (account settings, API "
        "access tokens, scope board:play) and run toguz online login."))
    made.add_argument("action", nargs="?", choices=("play", "login", "logout", "export"), default="play",
                      help=_("play (the default), login: keep your token, logout: forget it, export: write a "
                             "player's togyzkumalak games to a record file, no login needed (toguz online export "
                             "--help)"))
    made.add_argument("--line", action="store_true",
                      help=_("the line mode: one line per event (the full-screen board without it)"))
    made.add_argument("--screen-reader", action=argparse.BooleanOptionalAction, dest="screen_reader",
                      help=_("the board's screen-reader mode, as for toguz play"))
    made.add_argument("--server", default=DEFAULT_SERVER, metavar="URL",
                      help=_("another lila-based server (default: {server})").format(server=DEFAULT_SERVER))
    made.add_argument("--token-file", metavar="FILE", help=_("read the token from this file (for scripts)"))
    made.add_argument("--poll", type=_poll_seconds, default=POLL_SECONDS, metavar="SECONDS",
                      help=_("how often toguz asks PlayStrategy whether your opponents have moved in your other "
                             "games (default {seconds})").format(seconds=f"{POLL_SECONDS:g}"))
    made.add_argument("--speech", metavar="BACKEND", choices=SPEECH_CHOICES,
                      help=_("toguz's own voice: auto, on, off, or a backend: {backends}").format(
                          backends=", ".join(AUTO_ORDER)))
    return made


def _poll_seconds(text: str) -> float:
    """``--poll``: seconds from 1 to an hour."""
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 1 <= seconds <= 3600:
        raise argparse.ArgumentTypeError(_("give seconds from 1 to 3600, not {text}").format(text=repr(text[:20])))
    return seconds


def main(args: list[str]) -> int:
    """Run ``toguz online``; the exit status."""
    from speech.user_path import option_path

    if args[:1] == ["export"]:
        from toguz_tui.online.export import export_command
        return export_command.main(args[1:])
    options = parser().parse_args(args)
    if options.action == "export":
        parser().error(_("export comes first: toguz online export NAME --out FILE"))
    try:
        options.server = server_address(options.server)
    except OnlineError as error:
        print(_("toguz online: {reason}.").format(reason=error), file=sys.stderr)
        return 2
    config = config_dir()
    given = option_path(options.token_file, "toguz online") if options.token_file else None
    if options.action == "logout":
        return logout(config, options.server)
    if options.action == "login":
        return login(options.server, config, given)
    try:
        token = token_store.load(config, given, options.server)
    except token_store.TokenProblem as problem:
        print(_("toguz online: {reason}.").format(reason=problem), file=sys.stderr)
        return 2
    return play(token, options)  # without a token: watching only, said at the start


def logout(config: object, server: str) -> int:
    """Forget the token kept for ``server``, and say whether one from the environment still works."""
    from pathlib import Path

    assert isinstance(config, Path)
    try:
        had = token_store.remove(config, server)
    except token_store.TokenProblem as problem:
        print(_("toguz online: {reason}.").format(reason=problem), file=sys.stderr)
        return 1
    print(online_wording.logged_out(had))
    if os.environ.get(token_store.ENVIRONMENT):
        print(_("The token in {variable} is still used while it is set: remove it from your environment too.").format(
            variable=token_store.ENVIRONMENT))
    return 0


def login(server: str, config: object, given: object) -> int:
    """Ask for the token (hidden at a terminal, or read from a pipe or ``--token-file``), check it with
    the server and keep it."""
    from pathlib import Path

    assert isinstance(config, Path)
    try:
        if isinstance(given, Path):
            typed = token_store.load(config, given, server) or ""
        elif sys.stdin.isatty():
            typed = getpass.getpass(_("Your PlayStrategy token (not shown as you type): "))
        else:
            typed = sys.stdin.readline(token_store.LONGEST + 2)  # bounded: a token is one short line
            if not typed:
                raise EOFError  # the input ended before any token: said as no token given
            if len(typed.rstrip("\r\n")) > token_store.LONGEST:
                raise token_store.TokenProblem(
                    _("that is not a PlayStrategy token (a line of letters, digits and signs)"))
        token = token_store.checked(typed)
    except (token_store.TokenProblem, EOFError, KeyboardInterrupt) as problem:
        print(_("toguz online: {reason}.").format(reason=str(problem) or _("no token given")), file=sys.stderr)
        return 2
    client = Client(token, server)
    try:
        account = Player.of(client.account()).id or "?"
    except OnlineError as error:
        print(online_wording.online_failed(str(error)), file=sys.stderr)
        return 1
    finally:
        client.close()
    try:
        where = token_store.store(token, account, config, server)
    except OSError as error:
        print(_("toguz online: the token could not be kept in {path}: {reason}.").format(
            path=token_store.token_file(config, server), reason=error.strerror or type(error).__name__),
            file=sys.stderr)
        return 1
    print(_("Logged in to PlayStrategy as {account}; the token is kept {where}.").format(account=account,
                                                                                         where=where))
    return 0


def online_session(token: str | None, options: argparse.Namespace) -> tuple[GameSession, OnlinePlay]:
    """A session for online play, built as ``toguz``'s is (``open_session``) with the connection given to
    it, and connected (what it said first, problems then the connection's, is in its stream). Without a
    token nothing is asked of the server: watching works, and the rest says it needs a login."""
    online = OnlinePlay(Client(token, options.server), new_client=lambda: Client(token, options.server),
                         poll=options.poll)
    session = open_session(StartOptions.parsed(options), online)
    online.attach(session)
    if token is not None:
        print(_("Connecting to {server}…").format(server=online.client.host), flush=True)
    online.connect()
    return session, online


def _not_connected(session: GameSession, online: OnlinePlay) -> int:
    """The connection failed (said in the stream): the words on the error output, exit status 1."""
    for text in session.follow().said():
        print(text, file=sys.stderr)
    online.close()
    session.close()
    return 1


def play(token: str | None, options: argparse.Namespace) -> int:
    """Play against people online (or, without a token, watch), in the line mode or on the board (every
    command also by its words, with ``:``), until quit."""
    session, online = online_session(token, options)
    if online.signed_in and not online.listening:
        return _not_connected(session, online)
    return run_face(session, options.line, online)
