"""The accounts of games kept on disk, so that a game's account is there at once the next time.

One JSON file a game in ``data_dir()/accounts``, named by the game's key (``game_key``: its rules, start
and moves, so that the same game opened again, from the archive or from any record, finds it): the game's
record, the sides whose moves were the player's own (one against the computer or online, both for two at
one keyboard, none for a record of other people's game) and the analysis, complete or stopped half-way.
Reading checks every field (a file at most ``ACCOUNT_LIMIT`` bytes, a regular file, its record replaying
to the same key); a file that fails is treated as absent (the game is analysed again, and its file
replaced, as it is the program's own). A sound record whose verdicts disagree with its moves (another
side or pit than the one played, a best pit that was not legal, a capture or a tuzdyk the move did not
make) keeps its game but not its verdicts: it reads as waiting for its account (``doubted``), so that
nothing false is said of the game and ``account`` or ``account all`` analyses it again.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules import Game, MoveReport, Side
from rules.engine.game_analysis import GameAnalysis, MoveVerdict, game_key
from rules.errors import NotationError
from rules.records import read_record, write_record
from speech.words import phrases
from speech.words.i18n import _
from toguz_tui.files.storage import data_dir
from toguz_tui.files.user_files import FileProblem, decode_text, read_bytes, write_atomically

ACCOUNT_LIMIT = 2 << 20  # bytes: a 1,000-move game's account is under 200 KB
MOST_ACCOUNTS = 1000  # the newest this many are read for the mistakes
FORMAT = 1
SIDES = {side.key: side for side in Side}


class UnsoundAccount(ValueError):
    """A kept account that is not one (never said: the game is analysed again)."""


def accounts_dir() -> Path:
    """Where the accounts are kept."""
    return data_dir() / "accounts"


@dataclass(frozen=True)
class KeptAccount:
    """A game, the sides the player played in it (``yours``), and its analysis."""

    game: Game
    yours: tuple[Side, ...]
    analysis: GameAnalysis
    tags: tuple[tuple[str, str], ...] = ()  # the record's White, Black, Date, Event (for the words)
    doubted: bool = False  # its kept verdicts disagreed with its moves: dropped, to be made again

    def to_json(self) -> str:
        """The account as kept on disk."""
        tags = dict(self.tags)
        record = write_record(self.game, tags={name: tags[name] for name in ("White", "Black", "Date", "Event")
                                               if name in tags})
        return json.dumps({"format": FORMAT, "record": record, "yours": [side.key for side in self.yours],
                           "analysis": self.analysis.to_data()}, ensure_ascii=False, separators=(",", ":"))


def account_path(key: str, folder: Path | None = None) -> Path:
    """The file of the game whose key is ``key`` (in ``folder``, else ``accounts_dir()``)."""
    return (folder or accounts_dir()) / f"{key}.json"


def load_account(key: str, folder: Path | None = None, cached: bool = True) -> KeptAccount | None:
    """The account kept for the game ``key``; None when there is none, or it is not a sound one (``cached``
    false: read without keeping it in memory, for a look at many accounts once, as an export's)."""
    return _read(account_path(key, folder), key, cached)


_READ: dict[str, tuple[tuple[int, int], KeptAccount]] = {}  # each file read, by its path: (its time and size)
_READ_LOCK = threading.Lock()


def _read(path: Path, key: str | None = None, cached: bool = True) -> KeptAccount | None:
    """The sound account in ``path``, or None; a file read before and unchanged since is not read again
    (``cached`` false: neither looked for among those read nor kept with them)."""
    try:
        info = path.stat()
    except OSError:
        return None
    stamp = (info.st_mtime_ns, info.st_size)
    with _READ_LOCK:
        known = _READ.get(str(path)) if cached else None
    if known is not None and known[0] == stamp and (key is None or known[1].analysis.key == key):
        return known[1]
    try:
        account = _parsed(decode_text(read_bytes(path, ACCOUNT_LIMIT)), key)
    except (FileProblem, ValueError, NotationError, RecursionError):
        return None
    if not cached:
        return account
    with _READ_LOCK:
        if len(_READ) >= MOST_ACCOUNTS * 2:
            _READ.clear()
        _READ[str(path)] = (stamp, account)
    return account


def _parsed(text: str, key: str | None) -> KeptAccount:
    data: Any = json.loads(text)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise UnsoundAccount
    record, yours = data.get("record"), data.get("yours")
    if not isinstance(record, str) or not isinstance(yours, list) or len(yours) > 2 \
            or not all(side in SIDES for side in yours):
        raise UnsoundAccount
    analysis = GameAnalysis.from_data(data.get("analysis"))
    read = read_record(record)
    if game_key(read.game) != analysis.key or (key is not None and analysis.key != key) \
            or analysis.plies != len(read.game.moves):
        raise UnsoundAccount  # its record is not the game analysed
    tags = tuple((name, read.tags[name]) for name in ("White", "Black", "Date", "Event") if name in read.tags)
    sides = tuple(SIDES[side] for side in yours)
    if not all(agrees(verdict, report) for verdict, report in zip(analysis.verdicts, read.game.reports, strict=False)):
        return KeptAccount(read.game, sides, GameAnalysis(analysis.key, analysis.plies, nodes=analysis.nodes), tags,
                           doubted=True)
    return KeptAccount(read.game, sides, analysis, tags)


def agrees(verdict: MoveVerdict, report: MoveReport) -> bool:
    """Whether a kept verdict is one on the move ``report`` tells of: the same side and pit, pits legal before
    it where it names them, and the capture and the tuzdyk the move made."""
    pits = len(report.board_before) // 2
    row = report.board_before[report.mover * pits:(report.mover + 1) * pits]
    legal = {pit for pit, count in enumerate(row, 1) if count}
    named = {verdict.best, *verdict.near} | ({verdict.tuzdyk_missed} if verdict.tuzdyk_missed is not None else set())
    return verdict.mover is report.mover and verdict.pit == report.pit and named <= legal \
        and verdict.captured == report.captured and verdict.tuzdyk_made == (report.tuzdyk_made is not None)


def folder_problem(folder: Path) -> str | None:
    """Why the accounts cannot be kept in ``folder`` (a file stands where it goes), or None."""
    if folder.exists() and not folder.is_dir():
        return _("the accounts folder {folder} is a file, not a folder").format(
            folder=phrases.clipped(str(folder), 80))
    return None


def save_account(account: KeptAccount, folder: Path | None = None) -> str | None:
    """Keep ``account``, replacing the program's own file for the same game unless that one holds more (an
    analysis further on at the same budget, made by another toguz) and keeping the sides it names as the
    player's when ``account`` names none; why it failed, or None."""
    folder = folder or accounts_dir()
    problem = folder_problem(folder)
    if problem is not None:
        return problem
    path = account_path(account.analysis.key, folder)
    kept = _read(path, account.analysis.key)
    if kept is not None and not kept.doubted:
        if kept.analysis.nodes == account.analysis.nodes and len(kept.analysis.verdicts) + (kept.analysis.final
                is not None) > len(account.analysis.verdicts) + (account.analysis.final is not None):
            return None  # further on already
        if not account.yours and kept.yours:
            account = KeptAccount(account.game, kept.yours, account.analysis, account.tags or kept.tags)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        write_atomically(path, account.to_json())
        info = path.stat()
    except OSError as error:
        return error.strerror or str(error)
    with _READ_LOCK:
        _READ[str(path)] = ((info.st_mtime_ns, info.st_size), account)
    return None


def write_account(account: KeptAccount, folder: Path) -> Path:
    """Write ``account``'s file in ``folder`` (made if needed) as it is, without looking at the one there nor
    keeping it in memory (``save_account`` does both); its path. ``OSError`` when it cannot be written."""
    path = account_path(account.analysis.key, folder)
    folder.mkdir(parents=True, exist_ok=True)
    write_atomically(path, account.to_json())
    return path


def kept_accounts(folder: Path | None = None) -> Iterator[KeptAccount]:
    """Every sound account kept, the newest first (at most ``MOST_ACCOUNTS``)."""
    folder = folder or accounts_dir()
    try:
        entries = [entry for entry in os.scandir(folder) if entry.name.endswith(".json") and len(entry.name) == 37]
    except OSError:
        return
    entries.sort(key=lambda entry: _modified(entry), reverse=True)
    for entry in entries[:MOST_ACCOUNTS]:
        account = _read(Path(entry.path), entry.name[:-5])
        if account is not None:
            yield account


def _modified(entry: os.DirEntry[str]) -> float:
    try:
        return entry.stat(follow_symlinks=False).st_mtime
    except OSError:
        return 0.0
