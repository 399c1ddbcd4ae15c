"""``toguz online export NAME --out FILE``: a player's togyzkumalak games from PlayStrategy, as a record file
that ``toguz --open FILE`` reviews, ``account`` analyses and ``mistakes`` plays again.

No login: no token is sent, so the server treats the export as anonymous (lila ``app/controllers/Game.scala``
73-77, ``AnonOrScoped``) and sends at most 20 games a second (107, ``perSecond``), pacing the stream itself
(``modules/api/src/main/GameApiV2.scala`` 133): toguz only reads, and shows how far it is on the error output
as the games come, in plain lines (no line is redrawn, so a screen reader or a log reads each once).

The file is the player's: an existing one is replaced only with ``--replace`` or a yes typed at a terminal;
the games are written at the end, to a temporary file beside it that then takes its name in one step
(``toguz_tui.files.user_files.write_text``), so an export cut short leaves no half file. Ctrl-C stops it and
keeps the games that came; so does a connection that breaks once games have come. A file holds at most the
games ``toguz --open`` reads in one (``MOST_GAMES``, ``RECORD_LIMIT``): the newest, since the server sends
the newest first (lila ``modules/game/src/main/Query.scala`` 147).
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import os
import sys
import time
import urllib.parse
from collections import Counter
from pathlib import Path

from rules import Game, Side
from rules.engine.game_analysis import ANALYSIS_NODES, GameAnalysis, game_key
from speech.voices.speech_command import PlainParser
from speech.words import phrases
from speech.words.i18n import _, n_
from toguz_tui.files import account_index
from toguz_tui.files.kept_accounts import KeptAccount, accounts_dir, load_account
from toguz_tui.files.user_files import FileProblem, read_only, where_to_write, write_text
from toguz_tui.keyboards.layouts import typed_answer
from toguz_tui.online.client import DEFAULT_SERVER, Client, OnlineError, path_part, server_address
from toguz_tui.online.export_record import ExportedGame, Skipped, exported_game
from toguz_tui.session.record_files import MOST_GAMES, RECORD_LIMIT, games_in

NDJSON = "application/x-ndjson"  # compared exactly by lila (modules/common/src/main/HTTPRequest.scala 95)
SILENCE = 90.0  # seconds without a line: lila sends "{}" after 70 s without a game (GameApiV2.scala 44, 138)
PROGRESS_SECONDS = 2.0  # a progress line at most this often ...
PROGRESS_GAMES = 100  # ... or after this many games
FIRST_DAY = datetime.date(2000, 1, 1)  # --since: no game is older (PlayStrategy began in 2021)
LONGEST_ANSWER = 200  # characters of a typed answer read


def _max_option(text: str) -> int:
    """``--max``'s number of games, from 1 to ``MOST_GAMES``; argparse says the reason when it is not."""
    number = int(text) if text.strip().isdecimal() and len(text.strip()) <= 6 else 0
    if not 1 <= number <= MOST_GAMES:
        raise argparse.ArgumentTypeError(_("--max takes a whole number of games from 1 to {most}, not {value}").format(
            most=MOST_GAMES, value=phrases.clipped(text, 20)))
    return number


def _since_option(text: str) -> datetime.date:
    """``--since``'s day, typed YYYY-MM-DD, from 2000 to today; argparse says the reason when it is not."""
    today = datetime.datetime.now(datetime.UTC).date() + datetime.timedelta(days=1)  # tomorrow somewhere
    try:
        day = datetime.date.fromisoformat(text.strip()) if len(text.strip()) == 10 else None
    except ValueError:
        day = None
    if day is None or not FIRST_DAY <= day <= today:
        raise argparse.ArgumentTypeError(_("--since takes a day written YYYY-MM-DD, from {first} to today, such as "
                                           "{example}, not {value}").format(
            first=FIRST_DAY.isoformat(), example=(today - datetime.timedelta(days=31)).isoformat(),
            value=phrases.clipped(text, 20)))
    return day


def parser() -> argparse.ArgumentParser:
    """The command line of ``toguz online export``."""
    made = PlainParser(prog="toguz online export", description=_(
        "Write a player's togyzkumalak games on PlayStrategy to a record file, newest first, for toguz --open "
        "FILE to review them and account and mistakes to analyse them. No login is needed."))
    made.add_argument("name", metavar="NAME", help=_("the player's name on PlayStrategy"))
    made.add_argument("--out", metavar="FILE", required=True, help=_("the record file to write"))
    made.add_argument("--max", type=_max_option, metavar="N",
                      help=_("at most N games, the newest (1 to {most}; default: all, up to {most})").format(
                          most=MOST_GAMES))
    made.add_argument("--since", type=_since_option, metavar="DATE",
                      help=_("only the games begun on DATE (YYYY-MM-DD) or later"))
    made.add_argument("--replace", action="store_true", help=_("replace FILE if it is already there"))
    made.add_argument("--mine", action="store_true",
                      help=_("NAME is you: each game records your side, and waits for its account as your own games "
                             "do, so that account all and mistakes take them"))
    made.add_argument("--server", default=DEFAULT_SERVER, metavar="URL",
                      help=_("another lila-based server (default: {server})").format(server=DEFAULT_SERVER))
    return made


def main(args: list[str]) -> int:
    """Run ``toguz online export``; the exit status (0: games written; 1: none written or a failure; 2: a
    mistake on the command line or a file that may not be written; 130: stopped by Ctrl-C)."""
    options = parser().parse_args(args)
    try:
        server = server_address(options.server)
        name = path_part(options.name)
    except OnlineError as error:
        return _fail(str(error), 2)
    path = Path(options.out).expanduser()
    refused = _target_refused(path, options.replace, name)
    if refused is not None:
        return refused
    try:
        export = Export(path, name, server, options.mine)
        return export.run(options.max, options.since, replace=options.replace or path.exists())
    except KeyboardInterrupt:  # before the games came, or while the file was written
        print(_("Stopped; nothing was written."), file=sys.stderr, flush=True)
        return 130


def _fail(reason: str, status: int = 1) -> int:
    print(_("toguz online export: {reason}.").format(reason=reason), file=sys.stderr, flush=True)
    return status


def _target_refused(path: Path, replace: bool, name: str) -> int | None:
    """The exit status when ``path`` may not be written (said), else None: a folder, a device or a missing
    folder; a read-only file; an existing file without ``--replace`` or a yes typed at a terminal."""
    shown = phrases.visible(str(path))
    try:
        target = where_to_write(path)
        if target.exists and read_only(target.path):
            raise FileProblem(_("it is read-only; toguz changes it only when you make it writable"))
        if not os.access(target.path.parent, os.W_OK):
            raise FileProblem(_("its folder may not be written"))
    except (FileProblem, OSError) as problem:
        return _fail(_("cannot write {file}: {reason}").format(file=shown, reason=problem), 2)
    if not target.exists or replace:
        return None
    count = games_in(target.path)
    if sys.stdin.isatty() and sys.stderr.isatty():
        if _asked_yes(shown, count, name):
            return None
        print(_("{file} is kept as it was; nothing was written.").format(file=shown), file=sys.stderr, flush=True)
        return 1
    if count is None:
        return _fail(_("{file} already exists, so nothing was written: add --replace to replace it").format(
            file=shown), 2)
    return _fail(n_("{file} already exists (it holds {count} game), so nothing was written: add --replace to "
                    "replace it",
                    "{file} already exists (it holds {count} games), so nothing was written: add --replace to "
                    "replace it", count).format(file=shown, count=count), 2)


def _asked_yes(shown: str, count: int | None, name: str) -> bool:
    """Asked at a terminal whether to replace the existing file: only yes replaces it."""
    if count is None:
        question = _("{file} already exists. Replace it with {name}'s games? Type y or n, then Enter (Enter "
                     "alone: no): ").format(file=shown, name=name)
    else:
        question = n_("{file} already exists and holds {count} game. Replace it with {name}'s games? Type y or n, "
                      "then Enter (Enter alone: no): ",
                      "{file} already exists and holds {count} games. Replace it with {name}'s games? Type y or n, "
                      "then Enter (Enter alone: no): ", count).format(file=shown, count=count, name=name)
    sys.stderr.write(question)
    sys.stderr.flush()
    try:
        answer = sys.stdin.readline(LONGEST_ANSWER)
    except (KeyboardInterrupt, EOFError, OSError):
        sys.stderr.write("\n")
        return False
    return typed_answer(answer) == "y"


class Export:
    """One export: the games as they come, turned into records; how many were skipped and why; the progress
    said; the file written at the end."""

    def __init__(self, path: Path, name: str, server: str, mine: bool = False) -> None:
        self.path = path
        self.mine = mine  # the games are the player's own: marked, and kept waiting for their accounts
        self.shown = phrases.visible(str(path))
        self.name = name
        self.server = server
        self.host = urllib.parse.urlsplit(server).netloc
        self.texts: list[str] = []
        self.size = 0  # characters of the texts, bounded by RECORD_LIMIT
        self.skipped: Counter[str] = Counter()
        self.oldest = ""  # the day of the last game come (the oldest: newest first)
        self.full = False  # stopped at the most toguz opens in one file
        self.limit = MOST_GAMES  # games taken at most (--max, or what toguz opens)
        self.capped = True  # the limit is toguz's, not the player's
        self._said_at = time.monotonic()
        self._said_count = 0

    def run(self, most: int | None, since: datetime.date | None, replace: bool) -> int:
        """Ask the server for the games, take them as they come and write the file; the exit status."""
        client = Client(None, self.server)
        self.limit = most or MOST_GAMES
        self.capped = most is None  # asked for one more than toguz keeps, to know whether there were more
        params = {"perfType": "togyzkumalak", "moves": "true", "max": str(self.limit + self.capped)}
        if since is not None:  # lila's since is exclusive (Query.scala 135): a millisecond before the day begins
            begun = datetime.datetime.combine(since, datetime.time(), datetime.UTC)
            params["since"] = str(round(begun.timestamp() * 1000) - 1)
        problem: OnlineError | None = None
        try:
            self._say(_("Asking {host} for {name}'s togyzkumalak games…").format(host=self.host, name=self.name)
                      if since is None else _("Asking {host} for {name}'s togyzkumalak games since {day}…").format(
                          host=self.host, name=self.name, day=since.isoformat()))
            for line in client.stream("GET", f"/api/games/user/{self.name}", params=params, accept=NDJSON,
                                      silence=SILENCE):
                if not self.take(line):
                    break
        except KeyboardInterrupt:
            return self._stopped(replace)
        except OnlineError as error:
            problem = error
        finally:
            client.close()
        if problem is not None:
            return self._failed(problem, replace)
        return self._finish(replace, since)

    def take(self, line: dict[str, object]) -> bool:
        """One game as it came; False once the file holds all it may."""
        if len(self.texts) >= self.limit:
            self.full = self.capped  # one more than toguz keeps came
            return False
        try:
            game: ExportedGame = exported_game(line, self.server, self.name if self.mine else "")
        except Skipped as skipped:
            self.skipped[skipped.why] += 1
            return True
        if self.size + len(game.text) + 1 > RECORD_LIMIT:
            self.full = True
            return False
        self.texts.append(game.text)
        self.size += len(game.text) + 1
        if game.game is not None and game.mine is not None:
            keep_waiting(game.game, game.mine)
        self.oldest = game.date
        self._progress()
        return True

    def _progress(self) -> None:
        """A line every ``PROGRESS_SECONDS`` or ``PROGRESS_GAMES`` games: how many so far, back to when."""
        count = len(self.texts)
        if count - self._said_count < PROGRESS_GAMES and time.monotonic() - self._said_at < PROGRESS_SECONDS:
            return
        if self.oldest[:1].isdigit():
            self._say(n_("{count} game so far, back to {day}.", "{count} games so far, back to {day}.", count).format(
                count=count, day=self.oldest.replace(".", "-")))
        else:
            self._say(n_("{count} game so far.", "{count} games so far.", count).format(count=count))
        self._said_count, self._said_at = count, time.monotonic()

    def _say(self, text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    def _skipped_words(self) -> str:
        """How many games were skipped and why ("" when none was)."""
        total = sum(self.skipped.values())
        if not total:
            return ""
        reasons = []
        if self.skipped["variant"]:
            reasons.append(n_("{count} is not togyzkumalak (Bestemshe or another game)",
                              "{count} are not togyzkumalak (Bestemshe or another game)",
                              self.skipped["variant"]).format(count=self.skipped["variant"]))
        if self.skipped["unreadable"]:
            reasons.append(n_("{count} does not replay with toguz's rules", "{count} do not replay with toguz's rules",
                              self.skipped["unreadable"]).format(count=self.skipped["unreadable"]))
        return n_("{count} game skipped: {reasons}.", "{count} games skipped: {reasons}.", total).format(
            count=total, reasons="; ".join(reasons))

    def _write(self, replace: bool) -> str | None:
        """Write the games taken to the file; None when done, else why not."""
        try:
            write_text(self.path, "\n".join(self.texts), "replace" if replace else "new", RECORD_LIMIT)
        except FileExistsError:
            return _("{file} appeared meanwhile, so nothing was written: add --replace to replace it").format(
                file=self.shown)
        except FileProblem as problem:
            return _("cannot write {file}: {reason}").format(file=self.shown, reason=problem)
        except OSError as error:
            return _("cannot write {file}: {reason}").format(file=self.shown, reason=error.strerror or error)
        return None

    def _finish(self, replace: bool, since: datetime.date | None) -> int:
        """The stream ended: write the file and say what it holds."""
        skipped = self._skipped_words()
        if not self.texts:
            if skipped:
                nothing = _("No game to write, so {file} was not written.").format(file=self.shown)
            elif since is None:
                nothing = _("{host} has no finished togyzkumalak game of {name}; nothing was written.").format(
                    host=self.host, name=self.name)
            else:
                nothing = _("{host} has no finished togyzkumalak game of {name} since {day}; nothing was "
                            "written.").format(host=self.host, name=self.name, day=since.isoformat())
            self._say(" ".join(part for part in (nothing, skipped) if part))
            return 1
        failed = self._write(replace)
        if failed is not None:
            return _fail(failed)
        count = len(self.texts)
        said = [n_("{count} game written to {file}.", "{count} games written to {file}.", count).format(
            count=count, file=self.shown)]
        if self.full:
            said.append(_("toguz stopped there: a file it opens holds at most {most} games or {size} MB; these "
                          "are the newest.").format(most=MOST_GAMES, size=RECORD_LIMIT >> 20))
        self._say(" ".join([*said, skipped] if skipped else said))
        return 0

    def _stopped(self, replace: bool) -> int:
        """Ctrl-C: keep the games that came."""
        if sys.stderr.isatty():
            sys.stderr.write("\n")  # after the ^C the terminal shows
        if not self.texts:
            self._say(_("Stopped before any game came; nothing was written."))
            return 130
        failed = self._write(replace)
        if failed is not None:
            _fail(failed)
            return 130
        self._say(n_("Stopped: {count} game kept in {file}.", "Stopped: {count} games kept in {file}.",
                     len(self.texts)).format(count=len(self.texts), file=self.shown))
        return 130

    def _failed(self, error: OnlineError, replace: bool) -> int:
        """The server refused, or the connection failed: said in one line; the games that came are kept."""
        if error.status == 404:
            return _fail(_("{host} has no player {name}").format(host=self.host, name=self.name))
        if error.status == 429:  # lila ConcurrencyLimit: "Please only run 1 request(s) at a time"
            return _fail(_("{host} is busy with other exports from this address (it takes one or two at a time): "
                           "try again when they are done").format(host=self.host))
        if not self.texts:
            return _fail(str(error))
        failed = self._write(replace)
        if failed is not None:
            return _fail(f"{error}; {failed}")
        return _fail(n_("{reason}; the {count} game that came is written to {file}",
                        "{reason}; the {count} games that came are written to {file}", len(self.texts)).format(
            reason=error, count=len(self.texts), file=self.shown))


def keep_waiting(game: Game, side: Side) -> None:
    """Keep the player's game waiting for its account (as ``Accounts.game_over`` keeps a game played here),
    unless it is kept already; a failure to keep it only leaves it out of ``account all`` and ``mistakes``."""
    folder = accounts_dir()
    key = game_key(game)
    with contextlib.suppress(OSError):
        if load_account(key, folder) is None:
            account_index.keep(KeptAccount(game, (side,), GameAnalysis(key, len(game.moves), nodes=ANALYSIS_NODES)),
                               folder)
