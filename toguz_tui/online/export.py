"""``toguz online export NAME --out FILE``: a player's togyzkumalak games at PlayStrategy, as one record file
that ``toguz --open FILE`` reviews (``account`` and ``mistakes`` work on them as on local games).

What the server gives, from its source (lila at 1283402; docs/online.md "Your games back"):

- ``GET /api/games/user/{name}`` needs no login (``AnonOrScoped``: no token is sent, so none can leak),
  newest first, finished games only; ``perfType=togyzkumalak`` keeps togyzkumalak games of every speed,
  ``max`` and ``since`` (epoch milliseconds, on the game's creation) narrow it; ``Accept:
  application/x-ndjson`` exactly gives one JSON game a line (GameApiV2.scala 293-345), anything else PGN.
- The server paces the stream itself (20 games a second anonymously: GameApiV2.scala 130-134) and allows
  2 exports at once from one address (429 "Please only run 1 request(s) at a time"); an unknown player is
  an empty 404; its keep-alive is a ``{}`` line after 70 seconds of silence.

Each game's move codes (``g1d2``: the pit played and where its last stone fell) are replayed with toguz's
own rules (``rules.movecode.read_move_code``, which checks the landing pit too), and the end the server
names (a resignation, a flag, a draw, a verdict) is put on the game when the board did not end it. A game
that does not replay is left out and counted. The file is the user's: an existing one is replaced only on
an explicit yes (``--replace``, or yes at a terminal); the records are written to a temporary file beside
it, renamed over it at the end, so that a broken or stopped export leaves no half file.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from rules import Game, NotationError, Side, Termination
from rules.engine.game_analysis import ANALYSIS_NODES, GameAnalysis, game_key
from rules.movecode import read_move_code
from rules.records import Record, record_from_game, write_record
from speech.voices.speech_command import PlainParser
from speech.words import phrases
from speech.words.i18n import _, n_
from toguz_tui.files import account_index
from toguz_tui.files.kept_accounts import KeptAccount, accounts_dir, load_account
from toguz_tui.keyboards.layouts import typed_answer
from toguz_tui.online import server_rules
from toguz_tui.online.client import DEFAULT_SERVER, Client, OnlineError, path_part, server_address

YOU_TAG = "You"  # the record's tag naming the side the player played (read by the account of a reviewed game)
MOST_GAMES = 100_000  # --max at most
LONGEST_GAME = 1_000  # plies read of one game at most (a real game has some 150)
SILENCE = 100.0  # seconds without a line before the export counts as broken (the server's keep-alive: 70)
PROGRESS_EVERY = 2.0  # seconds between two lines of progress, at most one a game
EARLIEST = datetime.date(2000, 1, 1)


@dataclass
class Tally:
    """What the export did: games written, and games left out with why."""

    written: int = 0
    unreadable: int = 0  # moves that do not replay
    other_variant: int = 0


def parser() -> argparse.ArgumentParser:
    """The command line of ``toguz online export``."""
    made = PlainParser(prog="toguz online export", description=_(
        "Write a player's togyzkumalak games at PlayStrategy to a record file, newest first, that toguz --open "
        "FILE reviews (account and mistakes work on them). No login is needed."))
    made.add_argument("name", metavar="NAME", help=_("the player's name at PlayStrategy"))
    made.add_argument("--out", required=True, metavar="FILE", help=_("the record file to write"))
    made.add_argument("--max", type=_count, metavar="N", help=_("at most N games (the newest)"))
    made.add_argument("--since", type=_date, metavar="DATE", help=_("only games begun on or after DATE (YYYY-MM-DD)"))
    made.add_argument("--replace", action="store_true", help=_("replace FILE if it exists, without asking"))
    made.add_argument("--mine", action="store_true",
                      help=_("NAME is you: each game records your side, and waits for its account as your own games "
                             "do, so that account all and mistakes take them"))
    made.add_argument("--server", default=DEFAULT_SERVER, metavar="URL",
                      help=_("another lila-based server (default: {server})").format(server=DEFAULT_SERVER))
    return made


def _count(text: str) -> int:
    number = int(text) if text.isascii() and text.isdigit() and len(text) <= 7 else 0
    if not 1 <= number <= MOST_GAMES:
        raise argparse.ArgumentTypeError(_("give a number of games from 1 to {most}, not {text}").format(
            most=MOST_GAMES, text=repr(text[:20])))
    return number


def _date(text: str) -> datetime.date:
    try:
        found = datetime.date.fromisoformat(text.strip()[:10])
    except ValueError:
        found = None
    if found is None or not EARLIEST <= found <= datetime.date.today() + datetime.timedelta(days=1):
        raise argparse.ArgumentTypeError(_("give a date as YYYY-MM-DD, from 2000 to today, not {text}").format(
            text=repr(text[:20])))
    return found


def main(args: list[str]) -> int:
    """Run ``toguz online export``; the exit status (0 written, 1 failed, 2 wrong use or a file kept)."""
    options = parser().parse_args(args)
    try:
        server = server_address(options.server)
        name = path_part(options.name)
    except OnlineError as error:
        print(_("toguz online export: {reason}.").format(reason=error), file=sys.stderr)
        return 2
    out = Path(options.out).expanduser()
    refusal = _where_refused(out, options.replace)
    if refusal is not None:
        print(refusal, file=sys.stderr)
        return 2
    params = {"perfType": "togyzkumalak", "moves": "true", "tags": "true"}
    if options.max is not None:
        params["max"] = str(options.max)
    if options.since is not None:
        moment = datetime.datetime.combine(options.since, datetime.time(), datetime.UTC)
        params["since"] = str(int(moment.timestamp() * 1000) - 1)  # lila's since is exclusive ($gt)
    client = Client(None, server)
    tally = Tally()
    print(_("Asking {host} for {name}'s togyzkumalak games…").format(host=client.host, name=name), file=sys.stderr,
          flush=True)
    try:
        games = client.stream("GET", f"/api/games/user/{name}", params=params, accept="application/x-ndjson",
                              silence=SILENCE)
        _write(out, _records(games, server, tally, name if options.mine else None), tally)
    except OnlineError as error:
        print(_failure(error, name), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(_("Stopped: nothing was written to {file}.").format(file=out), file=sys.stderr)
        return 1
    except OSError as error:
        print(_("toguz online export: {file} could not be written: {reason}.").format(
            file=out, reason=error.strerror or type(error).__name__), file=sys.stderr)
        return 1
    finally:
        client.close()
    print(_summary(tally, out, name), file=sys.stderr)
    return 0


def _where_refused(out: Path, replace: bool) -> str | None:
    """Why ``out`` may not be written (a folder, a file not replaced, no folder for it), or None."""
    if out.is_dir():
        return _("toguz online export: {file} is a folder; give a file's name.").format(file=out)
    if not out.parent.is_dir():
        return _("toguz online export: there is no folder {folder} for {file}.").format(folder=out.parent,
                                                                                         file=out.name)
    if out.exists() or out.is_symlink():
        if not out.is_file():
            return _("toguz online export: {file} is not a regular file; nothing was written.").format(file=out)
        if replace:
            return None
        if sys.stdin.isatty():
            try:
                answer = input(_("{file} exists. Replace it? (y/n) ").format(file=out))
            except (EOFError, KeyboardInterrupt):
                answer = ""
            if typed_answer(answer[:20]) == "y":
                return None
        return _("toguz online export: {file} exists and was kept; give --replace to replace it, or another "
                 "file.").format(file=out)
    return None


def _write(out: Path, records: Iterator[Record], tally: Tally) -> None:
    """Write the records to a temporary file beside ``out``, then put it in ``out``'s place."""
    handle, temporary = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".part", dir=out.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            _write_all(stream, records, tally)
        os.replace(temporary, out)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _write_all(stream: TextIO, records: Iterator[Record], tally: Tally) -> None:
    said = time.monotonic()
    for record in records:
        if tally.written:
            stream.write("\n")
        stream.write(write_record(record))
        tally.written += 1
        if time.monotonic() - said >= PROGRESS_EVERY:
            said = time.monotonic()
            print(n_("{count} game so far…", "{count} games so far…", tally.written).format(count=tally.written),
                  file=sys.stderr, flush=True)


def _records(games: Iterator[dict[str, Any]], server: str, tally: Tally, mine: str | None) -> Iterator[Record]:
    """The record of each game of the stream that is togyzkumalak and replays; the others counted. ``mine``:
    the player's own name: each game is kept waiting for its account, as a game played here is."""
    for game in games:
        if "id" not in game:
            continue  # a keep-alive ({}) or a line without a game
        if game.get("variant") not in (None, "togyzkumalak"):
            tally.other_variant += 1
            continue
        try:
            record = game_record(game, server, mine)
        except (NotationError, ValueError):
            tally.unreadable += 1
            continue
        if mine is not None:
            _keep_waiting(record)
        yield record


def _keep_waiting(record: Record) -> None:
    """Keep the player's game waiting for its account (as ``Accounts.game_over`` keeps a game played here),
    unless it is kept already; a failure to keep it leaves it out of ``mistakes`` only."""
    named = record.tags.get(YOU_TAG, "").lower()
    side = next((side for side in Side if side.key == named), None)
    if side is None:
        return
    folder = accounts_dir()
    key = game_key(record.game)
    with contextlib.suppress(OSError):
        if load_account(key, folder) is None:
            account_index.keep(KeptAccount(record.game, (side,), GameAnalysis(key, len(record.game.moves),
                                                                              nodes=ANALYSIS_NODES)), folder)


def game_record(found: dict[str, Any], server: str, mine: str | None = None) -> Record:
    """One exported game (NDJSON) as a toguz record (the side of the player ``mine`` in its ``You`` tag);
    ``NotationError`` or ``ValueError`` when its moves do not replay."""
    codes = str(found.get("moves") or "").split()
    if len(codes) > LONGEST_GAME:
        raise ValueError(len(codes))  # more plies than any game has
    game = Game()
    for code in codes:
        if game.is_over:
            raise ValueError(code)  # a move after the game ended
        game.play(read_move_code(game.position, code))
    winner = {"p1": Side.WHITE, "p2": Side.BLACK}.get(str(found.get("winner")))
    status = str(found.get("status") or "")[:30]
    termination = _settle(game, status, winner)
    players = found.get("players") if isinstance(found.get("players"), dict) else {}
    assert isinstance(players, dict)
    game_id = str(found.get("id"))[:12]
    rated = "rated" if found.get("rated") is True else "casual"
    tags = {"Event": f"PlayStrategy {rated} game",  # a record's tags stay in English, as toguz online writes them
            "Site": f"{server}/{path_part(game_id)}", "Date": _date_tag(found.get("createdAt")),
            "White": _player(players.get("p1")), "Black": _player(players.get("p2"))}
    control = _control(found)
    if control:
        tags["TimeControl"] = control
    days = found.get("daysPerTurn")
    if isinstance(days, int) and 1 <= days <= server_rules.LONGEST_DAYS:
        tags["DaysPerTurn"] = str(days)
    elo = {"WhiteElo": _rating(players.get("p1")), "BlackElo": _rating(players.get("p2"))}
    tags.update((key, value) for key, value in elo.items() if value)
    if termination:
        tags["Termination"] = termination
    for key, side in (("p1", "White"), ("p2", "Black")):
        if mine is not None and _player_id(players.get(key)) == mine.lower():
            tags[YOU_TAG] = side
    return record_from_game(game, tags)


def _settle(game: Game, status: str, winner: Side | None) -> str | None:
    """Put on ``game`` the end the server names when the board did not end it; the Termination tag."""
    if game.is_over:
        return None
    ending = server_rules.ENDINGS.get(status)
    if ending is None or status in ("created", "started"):
        return None  # not finished: the record ends with *
    if ending == "resign" and winner is not None:
        game.resign(winner.opponent)
        return None
    if ending == "time":
        game.decide(winner, Termination.TIME)
        return "time forfeit"
    if status == "draw":
        game.agree_draw()
        return None
    game.decide(winner, Termination.ADJUDICATION)
    return "adjudication"


def _player_id(player: object) -> str:
    user = player.get("user") if isinstance(player, dict) else None
    return str(user.get("id") or "").lower()[:30] if isinstance(user, dict) else ""


def _date_tag(created: object) -> str:
    if not isinstance(created, int) or not 0 < created < 10**14:
        return "????.??.??"
    return datetime.datetime.fromtimestamp(created / 1000, datetime.UTC).strftime("%Y.%m.%d")


def _player(player: object) -> str:
    """A player's name as the export gives it: the user's name, the site's AI, or anonymous."""
    if not isinstance(player, dict):
        return "?"
    user = player.get("user")
    if isinstance(user, dict) and (user.get("name") or user.get("id")):
        return phrases.visible(" ".join(str(user.get("name") or user.get("id")).split())[:30])
    if isinstance(player.get("aiLevel"), int):
        return f"PlayStrategy AI level {max(0, min(player['aiLevel'], 10))}"
    return "Anonymous"


def _rating(player: object) -> str:
    rating = player.get("rating") if isinstance(player, dict) else None
    return str(rating) if isinstance(rating, int) and 0 < rating < 5000 else ""


def _control(found: dict[str, Any]) -> str:
    """The time control as a record's TimeControl tag (seconds+increment), ``-`` for days a move (the days are
    in a DaysPerTurn tag), or "" without either."""
    clock = found.get("clock")
    if isinstance(clock, dict) and isinstance(clock.get("initial"), int) and isinstance(clock.get("increment"), int):
        return f"{max(0, min(clock['initial'], 36_000))}+{max(0, min(clock['increment'], 600))}"
    return "-" if found.get("daysPerTurn") is not None else ""  # PGN's and PlayStrategy's own "no clock"


def _failure(error: OnlineError, name: str) -> str:
    if error.status == 404:
        return _("toguz online export: PlayStrategy knows no player {name}.").format(name=name)
    if error.status == 429:
        return _("toguz online export: PlayStrategy allows only a few exports at once from one address; wait "
                 "for the others to end, then try again ({reason}).").format(reason=error)
    return _("toguz online export: {reason}.").format(reason=error)


def _summary(tally: Tally, out: Path, name: str) -> str:
    text = n_("{count} game of {name} written to {file}.", "{count} games of {name} written to {file}.",
              tally.written).format(count=tally.written, name=name, file=out)
    if tally.unreadable:
        text += " " + n_("{count} game left out: its moves do not replay.",
                         "{count} games left out: their moves do not replay.", tally.unreadable).format(
            count=tally.unreadable)
    if tally.other_variant:
        text += " " + n_("{count} game of another game left out.", "{count} games of another game left out.",
                         tally.other_variant).format(count=tally.other_variant)
    return text
