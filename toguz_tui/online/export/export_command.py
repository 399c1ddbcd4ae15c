"""``toguz online export NAME --out FILE``: a player's togyzkumalak games from PlayStrategy, as a record file
that ``toguz --open FILE`` reviews, ``account`` analyses and ``mistakes`` plays again.

No login: no token is sent, so the server treats the export as anonymous (lila ``app/controllers/Game.scala``
73-77, ``AnonOrScoped``) and sends at most 20 games a second (107, ``perSecond``), pacing the stream itself
(``modules/api/src/main/GameApiV2.scala`` 133): toguz only reads, and shows how far it is on the error output
as the games come, in plain lines (no line is redrawn, so a screen reader or a log reads each once).

The file is the player's: an existing one is replaced only with ``--replace`` or a yes typed at a terminal;
the games are written at the end, to a temporary file beside it that then takes its name in one step
(``toguz_tui.files.user_files.write_text``), so an export cut short leaves no half file. Ctrl-C stops it and
keeps the games that came, and so do SIGTERM and SIGHUP (``speech.system.signals``); so does a connection that
breaks once games have come, and a server that sends more than an export does that holds no game to write
(``MOST_PASSED`` lines or ``MOST_PASSED_BYTES``: keep-alives, games of another kind, lines that are not JSON),
said in the progress as it comes. ``--out -`` writes the records to the standard output, and only them. A file
holds at most the games ``toguz --open`` reads in one (``MOST_GAMES``, ``RECORD_LIMIT``): the newest, since the
server sends the newest first (lila ``modules/game/src/main/Query.scala`` 147). With ``--mine``, the newest
``MOST_ACCOUNTS`` games (all that ``account all`` and ``mistakes`` read) wait for their accounts, kept at the end
in one go.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import re
import sys
import time
import urllib.parse
from collections import Counter
from pathlib import Path

from rules.engine.game_analysis import ANALYSIS_NODES, GameAnalysis, game_key
from speech.system.signals import exit_status, stopped_as_ctrl_c
from speech.user_path import option_path
from speech.voices.speech_command import PlainParser
from speech.words import phrases
from speech.words.i18n import _, n_
from toguz_tui.files import account_index
from toguz_tui.files.kept_accounts import MOST_ACCOUNTS, KeptAccount, accounts_dir
from toguz_tui.files.user_files import FileProblem, write_text
from toguz_tui.online.export.export_record import ExportedGame, Skipped, exported_game
from toguz_tui.online.export.export_target import fail, target_refused
from toguz_tui.online.network.client import DEFAULT_SERVER, Client, OnlineError, path_part, server_address
from toguz_tui.session.records.record_files import MOST_GAMES, RECORD_LIMIT

NDJSON = "application/x-ndjson"  # compared exactly by lila (modules/common/src/main/HTTPRequest.scala 95)
SILENCE = 90.0  # seconds without a line: lila sends "{}" after 70 s without a game (GameApiV2.scala 44, 138)
PROGRESS_SECONDS = 2.0  # a progress line at most this often ...
PROGRESS_GAMES = 100  # ... or after this many games
FIRST_DAY = datetime.date(2000, 1, 1)  # --since: no game is older (PlayStrategy began in 2021)
STANDARD_OUTPUT = "-"  # --out -: the records on the standard output
MOST_PASSED = 1_000  # lines in a row holding no game to write: lila sends a keep-alive after 70 s without a game,
MOST_PASSED_BYTES = 16 << 20  # ... and with perfType only togyzkumalak games, each some kilobytes
MOST_PASSED_IN_ALL = MOST_GAMES  # lines holding no game to write in the whole export (a game that does not replay)
_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")  # YYYY-MM-DD, and nothing else fromisoformat reads (2026-W48)


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
        day = datetime.date.fromisoformat(text.strip()) if _DAY.fullmatch(text.strip()) else None
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
    made.add_argument("--out", metavar="FILE", required=True,
                      help=_("the record file to write (-: the standard output)"))
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
    mistake on the command line or a file that may not be written; 130: stopped by Ctrl-C, 143 by SIGTERM,
    129 by SIGHUP)."""
    options = parser().parse_args(args)
    try:
        server = server_address(options.server)
        name = path_part(options.name)
    except OnlineError as error:
        return fail(str(error), 2)
    if options.out == STANDARD_OUTPUT:
        return _exported(None, name, server, options)
    path = option_path(options.out, "toguz online export")
    refused = target_refused(path, options.replace, name)
    if refused is not None:
        return refused
    return _exported(path, name, server, options)


def _exported(path: Path | None, name: str, server: str, options: argparse.Namespace) -> int:
    """The export to ``path`` (None: the standard output), SIGTERM and SIGHUP taken as Ctrl-C; its exit status."""
    export: Export | None = None
    try:
        with stopped_as_ctrl_c():
            export = Export(path, name, server, options.mine)
            return export.run(options.max, options.since,
                              replace=options.replace or (path is not None and path.exists()))
    except KeyboardInterrupt as stop:  # before the games came, or while the file or the accounts were written
        tell(export.kept_words() if export is not None and export.written else _("Stopped; nothing was written."))
        return exit_status(stop)


def tell(text: str) -> None:
    """``text`` on the error output; nothing once that is gone (its terminal closed: SIGHUP)."""
    with contextlib.suppress(OSError, ValueError):
        print(text, file=sys.stderr, flush=True)


class Export:
    """One export: the games as they come, turned into records; how many were skipped and why; the progress
    said; the file written at the end."""

    def __init__(self, path: Path | None, name: str, server: str, mine: bool = False) -> None:
        self.path = path  # None: the standard output
        self.mine = mine  # the games are the player's own: marked, and kept waiting for their accounts
        self.shown = phrases.visible(str(path)) if path is not None else _("the standard output")
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
        self.heard_lines = self.heard_bytes = 0  # every line read, and its bytes
        self.taken_lines = self.taken_bytes = 0  # the lines of the games taken: the rest were passed over
        self.objects = 0  # lines that were a JSON object (a game, taken or skipped)
        self.foreign = 0  # lines that were not JSON at all (a web page's)
        self._last_size = 0
        self._last_taken = True
        self._taken_at = (0, 0)  # the lines and bytes heard up to the last game taken
        self.waiting: list[KeptAccount] = []  # --mine: the newest MOST_ACCOUNTS games, to wait for their accounts
        self.mine_games = 0  # --mine: the games of the player's found
        self.accounts_said = ""  # what was kept of the accounts, once they are kept
        self.written = False  # the games are in the file (or on the standard output)

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
            tell(_("Asking {host} for {name}'s togyzkumalak games…").format(host=self.host, name=self.name)
                 if since is None else _("Asking {host} for {name}'s togyzkumalak games since {day}…").format(
                     host=self.host, name=self.name, day=since.isoformat()))
            for line in client.stream("GET", f"/api/games/user/{self.name}", params=params, accept=NDJSON,
                                      silence=SILENCE, heard=self.heard):
                if not self.take(line):
                    break
        except KeyboardInterrupt as stop:
            return self._stopped(replace, exit_status(stop))
        except OnlineError as error:
            problem = error
        finally:
            client.close()
        if problem is not None:
            return self._failed(problem, replace)
        return self._finish(replace, since)

    def heard(self, line: bytes) -> None:
        """A line as it is read, before it is parsed: what the lines before it passed over is bounded
        (``MOST_PASSED`` lines or ``MOST_PASSED_BYTES`` since the last game taken, ``MOST_PASSED_IN_ALL`` lines or
        four times the bytes in all: then ``OnlineError``) and said in the progress."""
        passed = self.heard_lines - self.taken_lines
        in_a_row, in_a_row_bytes = self.heard_lines - self._taken_at[0], self.heard_bytes - self._taken_at[1]
        if in_a_row >= MOST_PASSED or in_a_row_bytes >= MOST_PASSED_BYTES or passed >= MOST_PASSED_IN_ALL \
                or self.heard_bytes - self.taken_bytes >= 4 * MOST_PASSED_BYTES:
            passed = in_a_row if in_a_row >= MOST_PASSED else passed
            reason = n_("{host} sent {count} line that holds no game to write, more than an export sends, so toguz "
                        "stopped listening",
                        "{host} sent {count} lines that hold no game to write, more than an export sends, so toguz "
                        "stopped listening", passed).format(host=self.host, count=passed)
            raise OnlineError(None, reason, delivery="unknown")
        if not self._last_taken:
            self._progress()
        self.heard_lines += 1
        self.heard_bytes += len(line)
        self._last_size, self._last_taken = len(line), False
        text = line.strip()
        if text and not text.startswith(b"{"):
            self.foreign += 1

    def take(self, line: dict[str, object]) -> bool:
        """One game as it came; False once the file holds all it may."""
        self.objects += 1
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
        self.taken_lines += 1
        self.taken_bytes += self._last_size
        self._last_taken = True
        self._taken_at = (self.heard_lines, self.heard_bytes)
        if game.game is not None and game.mine is not None:
            self.mine_games += 1
            if len(self.waiting) < MOST_ACCOUNTS:
                key = game_key(game.game)
                self.waiting.append(KeptAccount(game.game, (game.mine,), GameAnalysis(key, len(game.game.moves),
                                                                                     nodes=ANALYSIS_NODES)))
        self.oldest = game.date
        self._progress()
        return True

    def _progress(self) -> None:
        """A line every ``PROGRESS_SECONDS`` or ``PROGRESS_GAMES`` games: how many so far, back to when, and
        how many lines were passed over (keep-alives, games skipped, lines that are not games)."""
        count = len(self.texts)
        if count - self._said_count < PROGRESS_GAMES and time.monotonic() - self._said_at < PROGRESS_SECONDS:
            return
        if self.oldest[:1].isdigit():
            said = [n_("{count} game so far, back to {day}.", "{count} games so far, back to {day}.", count).format(
                count=count, day=self.oldest.replace(".", "-"))]
        else:
            said = [n_("{count} game so far.", "{count} games so far.", count).format(count=count)]
        passed = self.heard_lines - self.taken_lines
        if passed:
            said.append(n_("{count} line without a game to write passed over.",
                           "{count} lines without a game to write passed over.", passed).format(count=passed))
        tell(" ".join(said))
        self._said_count, self._said_at = count, time.monotonic()

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
        """Write the games taken to the file (or the standard output), then keep the player's games waiting
        for their accounts (``--mine``); None when done, else why not."""
        failed = self._written(replace)
        self.written = failed is None
        if failed is None and self.waiting:
            self.accounts_said = self._keep_waiting()
        return failed

    def _written(self, replace: bool) -> str | None:
        if self.path is None:
            try:
                sys.stdout.write("\n".join(self.texts))
                sys.stdout.flush()
            except (OSError, ValueError) as error:
                return _("cannot write {file}: {reason}").format(file=self.shown, reason=getattr(
                    error, "strerror", None) or error)
            return None
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

    def _keep_waiting(self) -> str:
        """Keep the newest games of the player's waiting for their accounts, the oldest written first (the
        newest game the newest file), as ``Accounts.game_over`` keeps a game played here; what was kept, when
        not every game ("" when it was). A failure only leaves games out of ``account all`` and ``mistakes``."""
        kept, failure = account_index.keep_many(self.waiting[::-1], accounts_dir())
        if failure is not None:
            return n_("Only {kept} of the {count} waits for its account: the others could not be kept ({reason}).",
                      "Only {kept} of the {count} wait for their account: the others could not be kept ({reason}).",
                      kept).format(kept=kept, count=self.mine_games, reason=failure)
        if kept < self.mine_games:
            return n_("The newest {kept} waits for its account (account all and mistakes take the newest {most}).",
                      "The newest {kept} wait for their account (account all and mistakes take the newest {most}).",
                      kept).format(kept=kept, most=MOST_ACCOUNTS)
        return ""

    def _finish(self, replace: bool, since: datetime.date | None) -> int:
        """The stream ended: write the file and say what it holds."""
        skipped = self._skipped_words()
        if not self.texts:
            if self.foreign and not self.objects:
                return fail(_("{host} answered with something a PlayStrategy server does not send (a web page?); "
                               "nothing was written").format(host=self.host))
            if skipped:
                nothing = _("No game to write, so {file} was not written.").format(file=self.shown)
            elif since is None:
                nothing = _("{host} has no finished togyzkumalak game of {name}; nothing was written.").format(
                    host=self.host, name=self.name)
            else:
                nothing = _("{host} has no finished togyzkumalak game of {name} since {day}; nothing was "
                            "written.").format(host=self.host, name=self.name, day=since.isoformat())
            tell(" ".join(part for part in (nothing, skipped) if part))
            return 1
        failed = self._write(replace)
        if failed is not None:
            return fail(failed)
        count = len(self.texts)
        said = [n_("{count} game written to {file}.", "{count} games written to {file}.", count).format(
            count=count, file=self.shown)]
        if self.full:
            said.append(_("toguz stopped there: a file it opens holds at most {most} games or {size} MB; these "
                          "are the newest.").format(most=MOST_GAMES, size=RECORD_LIMIT >> 20))
        tell(" ".join(part for part in (*said, skipped, self.accounts_said) if part))
        return 0

    def _stopped(self, replace: bool, status: int) -> int:
        """Ctrl-C, SIGTERM or SIGHUP: keep the games that came; ``status``, the exit status."""
        if sys.stderr.isatty():
            tell("")  # after the ^C the terminal shows
        if not self.texts:
            tell(_("Stopped before any game came; nothing was written."))
            return status
        failed = self._write(replace)
        if failed is not None:
            fail(failed)
            return status
        tell(" ".join(part for part in (self.kept_words(), self.accounts_said) if part))
        return status

    def kept_words(self) -> str:
        """What a stop leaves, once the games are written."""
        return n_("Stopped: {count} game kept in {file}.", "Stopped: {count} games kept in {file}.",
                  len(self.texts)).format(count=len(self.texts), file=self.shown)

    def _failed(self, error: OnlineError, replace: bool) -> int:
        """The server refused, or the connection failed: said in one line; the games that came are kept."""
        if error.status == 404:
            return fail(_("{host} has no player {name}").format(host=self.host, name=self.name))
        if error.status == 429:  # lila ConcurrencyLimit: "Please only run 1 request(s) at a time"
            return fail(_("{host} is busy with other exports from this address (it takes one or two at a time): "
                           "try again when they are done").format(host=self.host))
        if not self.texts:
            return fail(str(error))
        failed = self._write(replace)
        if failed is not None:
            return fail(f"{error}; {failed}")
        if self.accounts_said:
            tell(self.accounts_said)
        return fail(n_("{reason}; the {count} game that came is written to {file}",
                        "{reason}; the {count} games that came are written to {file}", len(self.texts)).format(
            reason=error, count=len(self.texts), file=self.shown))

