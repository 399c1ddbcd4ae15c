"""The index of the accounts kept: what ``mistakes`` and ``account all`` need to know of each account file
without reading it, so that looking through a thousand kept games takes a moment.

``accounts/index`` (JSON) holds, for each account file, its game's key, the file's time and size when it was
read (an entry counts only while the file still has them: a file changed since, by hand or by another
toguz, is read again), whether it was sound, whose moves in it are the player's, whether its analysis is
complete and at which budget, and the plies and costs of the player's own mistakes. It is written under a
lock (``accounts/index.lock``) over what it holds then, so that copies of toguz each add theirs. The index
is toguz's own and only a shortcut: it is read bounded and checked field by field, a broken one reads as
empty (the accounts are read again and the index written anew), and a mistake offered is always read
from its account file, checked, never from the index.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules import Side
from rules.engine.game_analysis import CHART_LIMIT, MOST_PLIES
from speech.system.locks import locked
from toguz_tui.files import kept_accounts
from toguz_tui.files.storage import write_atomically
from toguz_tui.files.user_files import FileProblem, read_bytes

INDEX_LIMIT = 8 << 20  # bytes: a thousand accounts' entries take some 100 KB
Stamp = tuple[int, int]  # a file's time of change (ns) and size
SIDES = {side.key: side for side in Side}


class UnsoundIndex(ValueError):
    """An index that is not one (never said: it reads as empty, and is made again)."""


@dataclass(frozen=True)
class Entry:
    """What is known of one account file when it had ``stamp``: whether it was ``sound``, the sides that were
    the player's, whether its analysis was complete and at which budget, and the player's own mistakes as
    (ply, stones given up)."""

    key: str
    stamp: Stamp
    sound: bool
    yours: tuple[Side, ...] = ()
    complete: bool = False
    nodes: int = 0
    mistakes: tuple[tuple[int, float], ...] = ()

    def to_data(self) -> list[Any]:
        """The entry as the index keeps it."""
        return [self.key, self.stamp[0], self.stamp[1], self.sound, [side.key for side in self.yours],
                self.complete, self.nodes, [[ply, round(cost, 2)] for ply, cost in self.mistakes]]


def entry_of(key: str, stamp: Stamp, account: kept_accounts.KeptAccount | None) -> Entry:
    """The entry of the account file of ``key`` as read when it had ``stamp`` (``account``: None when unsound)."""
    if account is None:
        return Entry(key, stamp, False)
    analysis = account.analysis
    mistakes = tuple((ply, verdict.cost) for ply, verdict in enumerate(analysis.verdicts)
                     if verdict.mover in account.yours and verdict.mistake)
    return Entry(key, stamp, True, account.yours, analysis.complete, analysis.nodes, mistakes)


def index_path(folder: Path) -> Path:
    """The index of the accounts in ``folder``."""
    return folder / "index"


def _whole(value: Any, lowest: int, highest: int) -> bool:
    return type(value) is int and lowest <= value <= highest


def _entry(row: Any) -> Entry:
    """One entry of the index, checked; ``UnsoundIndex`` when it is not one."""
    if not isinstance(row, list) or len(row) != 8:
        raise UnsoundIndex
    key, changed, size, sound, yours, complete, nodes, mistakes = row
    if not isinstance(key, str) or len(key) != 32 or not all(char in "0123456789abcdef" for char in key) \
            or not _whole(changed, 0, 1 << 63) or not _whole(size, 0, kept_accounts.ACCOUNT_LIMIT) \
            or not isinstance(sound, bool) or not isinstance(complete, bool) or not _whole(nodes, 0, 10**9):
        raise UnsoundIndex
    if not isinstance(yours, list) or len(yours) > 2 or not all(side in SIDES for side in yours) \
            or not isinstance(mistakes, list) or len(mistakes) > MOST_PLIES:
        raise UnsoundIndex
    costs = []
    for item in mistakes:
        if not isinstance(item, list) or len(item) != 2 or not _whole(item[0], 0, MOST_PLIES - 1) \
                or type(item[1]) not in (int, float) or not 0 <= item[1] <= 2 * CHART_LIMIT:
            raise UnsoundIndex
        costs.append((item[0], float(item[1])))
    return Entry(key, (changed, size), sound, tuple(SIDES[side] for side in yours), complete, nodes, tuple(costs))


def _parsed(text: str) -> dict[str, Entry]:
    data = json.loads(text)
    if not isinstance(data, dict) or data.get("version") != 1 or not isinstance(data.get("entries"), list) \
            or len(data["entries"]) > 4 * kept_accounts.MOST_ACCOUNTS:
        raise UnsoundIndex
    entries = [_entry(row) for row in data["entries"]]
    return {entry.key: entry for entry in entries}


_KNOWN: dict[str, tuple[Stamp, dict[str, Entry]]] = {}  # each index read, by its path, with its stamp
_KNOWN_LOCK = threading.Lock()


def _stamp(path: Path) -> Stamp | None:
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_mtime_ns, info.st_size


def read_index(folder: Path) -> dict[str, Entry]:
    """The entries of the index in ``folder`` by key (none when it is missing or broken); an index read
    before and unchanged since is not read again."""
    path = index_path(folder)
    stamp = _stamp(path)
    if stamp is None:
        return {}
    with _KNOWN_LOCK:
        known = _KNOWN.get(str(path))
    if known is not None and known[0] == stamp:
        return dict(known[1])
    try:
        entries = _parsed(read_bytes(path, INDEX_LIMIT).decode("utf-8"))
    except (FileProblem, UnicodeDecodeError, ValueError, RecursionError):
        entries = {}
    with _KNOWN_LOCK:
        _KNOWN[str(path)] = (stamp, entries)
    return dict(entries)


def remember(folder: Path, entries: Iterable[Entry], present: set[str] | None = None) -> None:
    """Put ``entries`` in the index of ``folder``, over what it holds now (another toguz's included);
    ``present``: the keys whose files are there, every other entry dropped. An index that cannot be
    written is left as it is (the files are read again next time)."""
    path = index_path(folder)
    new = list(entries)
    try:
        with locked(folder / "index.lock"):
            whole = read_index(folder)
            before = dict(whole)
            whole.update((entry.key, entry) for entry in new)
            if present is not None:
                whole = {key: entry for key, entry in whole.items() if key in present}
            if whole == before:
                return
            if len(whole) > 4 * kept_accounts.MOST_ACCOUNTS:  # the files changed longest ago are forgotten first
                newest = sorted(whole.values(), key=lambda entry: entry.stamp[0])[-4 * kept_accounts.MOST_ACCOUNTS:]
                whole = {entry.key: entry for entry in newest}
            write_atomically(path, json.dumps({"version": 1, "entries": [entry.to_data() for entry in whole.values()]},
                                              separators=(",", ":")))
            stamp = _stamp(path)
    except OSError:
        return
    if stamp is not None:
        with _KNOWN_LOCK:
            _KNOWN[str(path)] = (stamp, whole)


def survey(folder: Path) -> list[tuple[str, Stamp]] | str:
    """The account files in ``folder``, newest first (at most ``MOST_ACCOUNTS``), each key with the file's
    stamp; or why the folder cannot be looked through. No folder: no accounts."""
    problem = kept_accounts.folder_problem(folder)
    if problem is not None:
        return problem
    try:
        with os.scandir(folder) as listing:
            found = []
            for item in listing:
                if item.name.endswith(".json") and len(item.name) == 37:  # KEY.json
                    try:
                        info = item.stat(follow_symlinks=False)
                    except OSError:
                        continue
                    found.append((item.name[:-5], (info.st_mtime_ns, info.st_size)))
    except FileNotFoundError:
        return []
    except OSError as error:
        return error.strerror or str(error)
    found.sort(key=lambda item: item[1][0], reverse=True)
    return found[:kept_accounts.MOST_ACCOUNTS]


def read_entry(folder: Path, key: str, stamp: Stamp) -> Entry:
    """The entry of the account file of ``key``, read now (surveyed with ``stamp``)."""
    return entry_of(key, stamp, kept_accounts.load_account(key, folder))


def keep(account: kept_accounts.KeptAccount, folder: Path) -> str | None:
    """Keep ``account`` (``accounts.save_account``) and put it in the index; why it failed, or None."""
    problem = kept_accounts.save_account(account, folder)
    if problem is None:
        path = kept_accounts.account_path(account.analysis.key, folder)
        stamp = _stamp(path)
        found = kept_accounts.load_account(account.analysis.key, folder)  # known: what was written, or what was further
        if stamp is not None:
            remember(folder, [entry_of(account.analysis.key, stamp, found)])
    return problem


def keep_many(accounts: Sequence[kept_accounts.KeptAccount], folder: Path) -> tuple[int, str | None]:
    """Keep each of ``accounts`` whose game has no sound account yet, in the order given (the last written
    last: the newest file), none of them read back or kept in memory, and put them in the index in one
    write at the end (an export's games, some thousand at once); how many wait for their account now (those
    kept before counted), and why one could not be kept (None when all were)."""
    problem = kept_accounts.folder_problem(folder)
    if problem is not None:
        return 0, problem
    entries: list[Entry] = []
    kept, failure = 0, None
    for account in accounts:
        key = account.analysis.key
        if kept_accounts.load_account(key, folder, cached=False) is not None:
            kept += 1
            continue
        try:
            path = kept_accounts.write_account(account, folder)
        except OSError as error:
            failure = failure or error.strerror or str(error)
            continue
        kept += 1
        stamp = _stamp(path)
        if stamp is not None:
            entries.append(entry_of(key, stamp, account))
    if entries:
        remember(folder, entries)
    return kept, failure
