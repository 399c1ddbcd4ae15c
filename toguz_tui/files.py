"""Saving the game to a file the player names, and opening records and FEN positions."""

from __future__ import annotations

from pathlib import Path

from rules import NotationError, Position
from rules.notation import TokenStyle
from rules.records import read_records
from speech import phrases
from toguz_tui import reviewing, storage
from toguz_tui.review import Review
from toguz_tui.session import GameSession, Reply


def save(session: GameSession, path: Path | None, style: TokenStyle) -> Reply:
    """Write the game as a record to ``path`` (or into the archive); say where."""
    text = session.record_text(style)
    try:
        if path is None:
            path = storage.archive_record(text, session.names_for_record())
        else:
            storage.write_atomically(path, text)
    except OSError as error:
        return session.error(phrases.save_failed(str(path), error.strerror or str(error)))
    session.finished_saved = True
    return session.answer(phrases.saved(str(path)))


def open_path(session: GameSession, path: Path, number: int = 1) -> Reply:
    """Open a record file for review (its game ``number``), or a file holding one FEN to play."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        return session.error(phrases.open_failed(str(path), "no such file"))
    except (OSError, UnicodeDecodeError) as error:
        return session.error(phrases.open_failed(str(path), getattr(error, "strerror", None) or str(error)))
    stripped = text.strip()
    if stripped and "\n" not in stripped and "[" not in stripped and "/" in stripped:
        try:
            position = Position.from_fen(stripped)
        except NotationError as error:
            return session.error(phrases.open_failed(str(path), str(error)))
        return session.start_game(session.setup.changed(variant=position.variant), position)
    try:
        records = read_records(text, source=path.name)
    except NotationError as error:
        return session.error(phrases.open_failed(str(path), str(error)))
    if not records:
        return session.error(phrases.open_failed(str(path), "it holds no game"))
    if not 1 <= number <= len(records):
        return session.error(phrases.open_failed(str(path), f"it holds {len(records)} games, not {number}"))
    record = records[number - 1]
    names = (_player(record.tags, "White"), _player(record.tags, "Black"))
    review = Review.of_game(record.game, record.tags, record.result, names)
    text = phrases.opened_record(names[0], names[1], review.total, record.result)
    if len(records) > 1:
        text = f"Game {number} of {len(records)}. {text}"
    return reviewing.open_review(session, review, text)


def _player(tags: dict[str, str], colour: str) -> str:
    """A player's name from a record's tags, or the colour when the record has none."""
    name = tags.get(colour, "").strip()
    return name if name and name != "?" else colour
