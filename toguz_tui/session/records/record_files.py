"""The record files, a part of the session: saving the game to a file the player names, and opening
records and FEN positions.

Saving never replaces or adds to a file without being told so (``save FILE replace``,
``save FILE append``, or a yes in a dialog), refuses anything that is not a regular file, and
writes atomically. Opening reads only regular files of at most ``RECORD_LIMIT`` bytes, finds the
games with a quick index (kept by the part for the files opened lately, so that a collection of thousands of
games is not read again for each game) and replays only the game asked for. A file of more than
``BIG_FILE`` bytes is read in the background, with its progress said.

The part (``RecordFiles``) reads the setup through the session's ``SessionPort`` and tells it of a
position opened from a file (``start_game``); the store writes the game's record and keeps what was
opened, and a game opened goes to the reviewer. What needs no state (``games_in``, ``fen_lines``,
``game_label``) is a function of this module.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from pathlib import Path

from rules import NotationError, Position, Side
from rules.errors import Fault
from rules.notation import TokenStyle
from rules.records import GameEntry, index_games, read_game
from speech.words import phrases, problems
from speech.words.i18n import _, n_
from speech.words.vocabulary import side_title
from toguz_tui.files import storage
from toguz_tui.files.user_files import (
    MEGABYTE,
    FileProblem,
    WriteMode,
    read_text,
    size_words,
    where_to_write,
    write_text,
)
from toguz_tui.session.output.announcement_stream import Reply
from toguz_tui.session.output.output import Output
from toguz_tui.session.port import SessionPort
from toguz_tui.session.records.game_store import GameStore
from toguz_tui.session.records.review import Review, record_clocks
from toguz_tui.session.records.reviewer import Reviewer

RECORD_LIMIT = 64 * MEGABYTE
MOST_RECORD_LINE = 10_000  # characters of one line of a record (a whole game on one line takes some 3,000)
MOST_GAMES = 20_000  # games in one record file
MOST_GAME = 100_000  # characters of one game (a real one takes some 2,000)
BIG_FILE = 2 * MEGABYTE
KEPT_INDEXES = 4
_MOVE_NUMBER = re.compile(r"(?:^|\s)\d+\.")


class RecordFiles:
    """Saving to the files the player names, opening records and positions, listing their games; the
    indexes of the record files opened lately are its state."""

    def __init__(self, output: Output, port: SessionPort, store: GameStore, reviewer: Reviewer) -> None:
        self.output = output
        self.session = port  # read: the setup; told: a position opened starts a game
        self.store = store
        self.reviewer = reviewer
        self.indexes: OrderedDict[tuple[str, int, int], list[GameEntry]] = OrderedDict()  # the last KEPT_INDEXES

    def save(self, path: Path | None, style: TokenStyle, mode: WriteMode = "new") -> Reply:
        """Write the game as a record to ``path`` (or into the archive); say where. An existing file is
        replaced or added to only when ``mode`` says so; else the reply (kind ``exists``) asks."""
        output, store = self.output, self.store
        text = store.record_text(style)
        if path is None:
            try:
                kept = store.archive(text, store.names())
            except OSError as error:
                return output.error(phrases.save_failed(_("the archive"), error.strerror or str(error)))
            store.kept()
            return output.answer(_("Game saved in the archive as {name}.").format(name=kept.name))
        try:
            target = where_to_write(path)
            if target.exists and mode == "new":
                return output.say(Reply(phrases.file_exists(path.name, games_in(target.path)), kind="exists"))
            if target.exists and mode == "append" and games_in(target.path) is None:
                return output.error(phrases.not_a_record_to_add_to(path.name))
            written = write_text(path, text, mode)
        except FileExistsError:
            return output.say(Reply(phrases.file_exists(path.name, None), kind="exists"))
        except FileProblem as problem:  # a device, a pipe or a folder is named by its whole path (/dev/null, not null)
            ordinary = path.is_file() or not (path.exists() or path.is_symlink())
            return output.error(phrases.save_failed(path.name if ordinary else phrases.clipped(str(path), 80),
                                                    str(problem)))
        except OSError as error:
            return output.error(phrases.save_failed(path.name, error.strerror or str(error)))
        store.kept()
        storage.remember_record(written)
        return output.answer(phrases.saved(written.name, mode))

    def open_path(self, path: Path, number: int = 1) -> Reply:
        """Open a record file for review (its game ``number``), or a file holding one FEN to play. A big
        file is read in the background: the reply says so, and the review follows in the stream of announcements."""
        try:
            size = path.stat().st_size if path.is_file() else 0
        except OSError:
            size = 0
        if size > RECORD_LIMIT:  # refused at once, and only that said
            return self._open(path, number)
        if size > BIG_FILE:
            note = _("Reading {name}, {size}; this takes a moment.").format(name=path.name, size=size_words(size))
            return self.output.background.later(note, lambda: self._open(path, number, big=True))
        return self._open(path, number)

    def _open(self, path: Path, number: int, big: bool = False) -> Reply:
        output = self.output
        try:
            text = read_text(path, RECORD_LIMIT)
        except FileProblem as problem:
            return output.error(phrases.open_failed(path.name, str(problem)))
        position_lines = fen_lines(text)
        if position_lines is not None:
            return self._open_position(path, position_lines)
        try:
            entries = self._index(path, text, told=big)
        except NotationError as error:
            return output.error(phrases.open_failed(path.name, problems.describe(error)))
        if not entries:
            return output.error(phrases.open_failed(path.name, phrases.no_game_in_it()))
        if not 1 <= number <= len(entries):
            beyond = n_("it holds {count} game, not {number}", "it holds {count} games, not {number}",
                        len(entries)).format(count=len(entries), number=number)
            return output.error(phrases.open_failed(path.name, beyond))
        entry = entries[number - 1]
        try:
            if entry.end - entry.start > MOST_GAME:
                raise NotationError(Fault.RECORD_GAME_TOO_LONG, length=entry.end - entry.start,
                                    limit=MOST_GAME).within(game=entry.number, line=entry.line)
            record = read_game(text, entry)
        except NotationError as error:
            return output.error(phrases.open_failed(path.name, problems.describe(error)))
        storage.remember_record(path)
        self.store.opened(path, len(entries))
        names = (_player(record.tags, Side.WHITE), _player(record.tags, Side.BLACK))
        review = Review.of_game(record.game, record.tags, record.result, names)
        review.clocks = record_clocks(record)
        said = phrases.opened_record(names[0], names[1], review.moves, record.result)
        if len(entries) > 1:
            said = " ".join((_("Game {number} of {total}.").format(number=number, total=len(entries)), said))
        return self.reviewer.open(review, said)

    def _open_position(self, path: Path, lines: list[str]) -> Reply:
        if len(lines) != 1:
            return self.output.error(phrases.open_failed(path.name, _(
                "it holds {lines} lines; a position file holds one FEN on one line").format(lines=len(lines))))
        try:
            position = Position.from_fen(lines[0])
        except NotationError as error:
            return self.output.error(phrases.open_failed(path.name, problems.describe(error)))
        return self.session.start_game(self.session.setup.changed(variant=position.variant), position)

    def _index(self, path: Path, text: str, told: bool) -> list[GameEntry]:
        """The games of a record file, from the index kept for it when the file has not changed (``told``:
        the progress said, a quarter at a time)."""
        try:
            info = path.stat()
            key = (str(path.resolve()), info.st_size, info.st_mtime_ns)
        except OSError:
            return index_games(text, most_line=MOST_RECORD_LINE, most_games=MOST_GAMES)
        indexes = self.indexes
        if key in indexes:
            indexes.move_to_end(key)
            return indexes[key]
        said = [0]

        def progress(offset: int) -> None:
            quarter = offset * 4 // max(len(text), 1)
            if told and quarter > said[0]:
                said[0] = quarter
                self.output.answer(_("Read {percent} percent of {name}.").format(percent=quarter * 25,
                                                                                 name=path.name), interrupt=False)

        entries = index_games(text, progress, MOST_RECORD_LINE, MOST_GAMES)
        indexes[key] = entries
        while len(indexes) > KEPT_INDEXES:
            indexes.popitem(last=False)
        return entries

    def game_list(self, path: Path) -> list[GameEntry] | str:
        """The games of the record file at ``path``, or why they cannot be listed."""
        try:
            text = read_text(path, RECORD_LIMIT)
        except FileProblem as problem:
            return str(problem)
        if fen_lines(text) is not None:
            return []
        try:
            return self._index(path, text, told=False)
        except NotationError as error:
            return problems.describe(error)

    def list_games(self, path: Path | None) -> Reply:
        """``games``: the games of a collection (the one last opened), numbered, to open by number."""
        output = self.output
        if path is None:
            return output.error(_("No record file is open: open one first, or type recent for the ones opened "
                                  "lately."))
        entries = self.game_list(path)
        if isinstance(entries, str):
            return output.error(phrases.open_failed(path.name, entries))
        if not entries:
            return output.error(phrases.open_failed(path.name, phrases.no_game_in_it()))
        title = n_("{count} game in {name}; open one with open and its number:",
                   "{count} games in {name}; open one with open and its number:", len(entries)).format(
            count=len(entries), name=path.name)
        spoken = n_("{count} game of {name} is listed on the screen; more for the next page.",
                    "{count} games of {name} are listed on the screen; more for the next page.",
                    len(entries)).format(count=len(entries), name=path.name)
        text = "\n".join([title, *(game_label(entry) for entry in entries)])
        return output.say(Reply(text, spoken=spoken))

    def list_recent(self) -> Reply:
        """``recent``: the record files opened or saved lately, numbered."""
        paths = storage.recent_records()
        if not paths:
            return self.output.answer(_("No record file has been opened or saved yet."))
        lines = [_("Records opened or saved lately; open one with recent and its number:"),
                 *(_("{number}: {name} (in {folder})").format(number=number, name=path.name, folder=str(path.parent))
                   for number, path in enumerate(paths, 1))]
        return self.output.say(Reply("\n".join(lines)))


def games_in(path: Path) -> int | None:
    """How many games the record file at ``path`` holds (0 when empty); None when it is no record."""
    try:
        text = read_text(path, RECORD_LIMIT)
    except FileProblem:
        return None
    if not text.strip():
        return 0
    try:
        entries = index_games(text, most_line=MOST_RECORD_LINE, most_games=MOST_GAMES)
    except NotationError:
        return None
    return len(entries) if entries and all(entry.tags for entry in entries) else None


def fen_lines(text: str) -> list[str] | None:
    """The lines of a position file (no tags, no move numbers), or None for anything else: known at the
    first tag, comment or move number, so a big record is not split into lines for it."""
    lines: list[str] = []
    offset = 0
    while offset < len(text) and len(lines) <= 1000:
        newline = text.find("\n", offset)
        end = len(text) if newline < 0 else newline + 1
        line, offset = text[offset:end].strip(), end
        if not line or line.startswith("#"):
            continue
        if line.startswith(("[", "{")) or _MOVE_NUMBER.search(line):
            return None
        lines.append(line)
    return lines or None


def game_label(entry: GameEntry) -> str:
    """One game as a list names it: its number, the players, the result, the date."""
    tags = dict(entry.tags)
    white, black = (_shown(_player(tags, side), side) for side in Side)
    return phrases.game_label(entry.number, white, black, entry.tag("Result", "*"), entry.tag("Date"))


def _player(tags: dict[str, str], side: Side) -> str:
    """A player's name from a record's tags ("" when the record gives none, or only the side's own)."""
    tag = side.name.title()
    name = tags.get(tag, "").strip()
    return "" if name in ("", "?", tag) else name


def _shown(name: str, side: Side) -> str:
    """A player's name as a list shows it: the side's name when he has none."""
    return name or side_title(side)
