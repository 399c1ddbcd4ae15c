"""Game records as PGN-like tag pairs, a blank line, the moves and the result: read with every move
checked, and written.

Reading replays each token through ``Game.play`` and compares it with the move's report, so a record
that reads is a record the rules agree with. Choices where records are silent:

- A result given for a game that did not end on the board (resignation, time, agreement: the
  record does not say which) is kept as ``Record.result``; the game is left undeclared, since
  ``Termination`` has no "unknown reason".
- A game that ended on the board takes its result from the board; a record that says another
  result is an error, one that says nothing or ``*`` gets the board's result.
- Move numbers must match the game (``1...`` only for Black; ``1.`` is tolerated for Black too).
- The style: ``X`` or ``(N)`` say PlayOK, ``x``/``х``/``Х`` federation, both at once is an error.
  When no token carries a mark, a game with a capture is federation (PlayOK would have written
  ``(N)``), and a game without one is PlayOK only under ``[Site "PlayOK"]``.
- Reading sets ``tags["Result"]`` to the normalised result, adding the tag if it was missing.
- Variant options that differ from the standard game are written as a tag of our own,
  ``[VariantOptions "tuzdyks=yes no_move=lose stop_at_majority=no unrestricted_tuzdyk=yes"]``.

Its size (past 400 lines): reading and writing both notations (federation and PlayOK) and the tags, which
must stay exact mirrors of each other.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from os import PathLike
from pathlib import Path

from rules.errors import Fault, IllegalMoveError, NotationError, RulesError
from rules.game import Game
from rules.notation import (
    _TAG,
    FEDERATION_MARKS,
    PLAYOK_MARK,
    GameText,
    TokenStyle,
    Word,
    check_style,
    format_comment,
    format_tag,
    format_token,
    normalise_result,
    parse_token,
    read_tag,
    split_games,
    token_mismatch,
    wrap_pieces,
)
from rules.position import Position
from rules.variant import TOGUZ, VARIANT_KEYS, VARIANTS, NoMoveRule, Side, Variant, variant_named

ROSTER: tuple[str, ...] = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
OPTIONS_TAG = "VariantOptions"
LINE_WIDTH = 80

_OPTIONS: tuple[str, ...] = ("tuzdyks", "no_move", "stop_at_majority", "unrestricted_tuzdyk")
_GAME_TAGS = frozenset({"Variant", OPTIONS_TAG, "FEN", "Result"})
_NO_MOVES: dict[str, NoMoveRule] = {"collect": "collect", "lose": "lose"}


@dataclass(frozen=True, eq=False)
class Record:
    """One game record: its tags, the replayed game, the style of its tokens and its result.

    ``tags`` keep their order; ``tags["Result"]`` always equals ``result`` (``1-0``, ``0-1``,
    ``1/2-1/2`` or ``*``). ``comments`` are those after the result (``zero`` for PlayOK's ``{zero}``), or
    after the last move of a record that writes no result; ``move_comments`` pair each earlier comment
    (one between the last move and the result too, as a move's clock) with the number of moves before it.
    ``number`` and ``line`` say where the record stood in the text it was read from.
    Make one with ``read_records`` or ``record_from_game``.
    """

    tags: dict[str, str]
    game: Game
    style: TokenStyle
    result: str
    comments: tuple[str, ...] = ()
    move_comments: tuple[tuple[int, str], ...] = ()
    number: int = 1
    line: int = 1

    @property
    def moves(self) -> tuple[int, ...]:
        """The pits played, first to last."""
        return self.game.moves

    @property
    def variant(self) -> Variant:
        """The variant the game is played in."""
        return self.game.variant

    @property
    def ended_on_board(self) -> bool:
        """True when the moves themselves ended the game (a majority, or no move left)."""
        return self.game.outcome is not None

    def write(self, style: TokenStyle | None = None) -> str:
        """This record as text (see ``write_record``)."""
        return write_record(self, style)


# Reading


@dataclass(frozen=True)
class _Where:
    """Where a game stands, for its errors' context: its source, number, Event/White/Black."""

    source: str
    number: int
    names: tuple[tuple[str, str], ...]

    def at(self, line: int) -> dict[str, str | int | None]:
        """The context of a fault on ``line``."""
        names = {name.lower(): value for name, value in self.names}
        return {"source": self.source or None, "game": self.number, **names,
                "line": line}


def read_records(text: str, source: str = "") -> list[Record]:
    """Every game in ``text``, each replayed and checked; ``source`` names the text in errors.

    Raises ``NotationError`` within the game, the line, the move and the token at the first fault.
    """
    return [_replay(chunk, number, source) for number, chunk in enumerate(split_games(text), 1)]


def read_record(text: str, source: str = "") -> Record:
    """The one game in ``text``; ``NotationError`` if it holds none or several."""
    records = read_records(text, source)
    if len(records) != 1:
        raise NotationError(Fault.GAMES_NOT_ONE, count=len(records)).within(source=source or None)
    return records[0]


def read_record_file(path: str | PathLike[str]) -> list[Record]:
    """Every game in the UTF-8 file at ``path`` (see ``read_records``)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise NotationError(Fault.NOT_UTF8).within(source=str(path)) from error
    return read_records(text, source=str(path))


def _replay(chunk: GameText, number: int, source: str) -> Record:
    tags = _read_tags(chunk, _Where(source, number, ()))
    where = _Where(source, number, tuple((name, tags[name]) for name in ("Event", "White", "Black") if name in tags))
    game = _new_game(tags, where.at(chunk.line))
    style = _detect_style(chunk, where)
    comments: list[tuple[int, str]] = []  # (moves before it, text); after the result: -1
    written: str | None = None
    for word in chunk.body:
        if word.kind == "comment":
            after = -1 if written is not None else len(game.reports)
            comments.append((after, " ".join(word.text[1:-1].split())))
        elif word.kind == "result":
            written = _read_result(word, where)
        elif word.kind == "number":
            _check_number(game, word, where)
        elif word.kind == "token":
            _play_token(game, word, style or "federation", where)
        else:
            raise _unreadable(word.text).within(**where.at(word.line))
    result = _settle_result(game, tags.get("Result"), written, where.at(chunk.line))
    tags["Result"] = result
    moves = len(game.reports)
    return Record(
        tags, game, style or _guess_style(game, tags), result,
        comments=tuple(text for after, text in comments if after == -1 or (after == moves and written is None)),
        move_comments=tuple((after, text) for after, text in comments
                            if 0 <= after < moves or (after == moves and written is not None)),
        number=number, line=chunk.line,
    )


def _read_tags(chunk: GameText, where: _Where) -> dict[str, str]:
    tags: dict[str, str] = {}
    for word in chunk.tags:
        try:
            name, value = read_tag(word.text)
        except NotationError as error:
            raise error.within(**where.at(word.line)) from None
        if name in tags:
            raise NotationError(Fault.TAG_TWICE, name=name).within(**where.at(word.line))
        tags[name] = value
    return tags


def _unreadable(text: str) -> NotationError:
    if text.startswith("["):
        return NotationError(Fault.TAG, text=text)
    if text.startswith("{"):
        return NotationError(Fault.COMMENT_OPEN, text=text)
    return NotationError(Fault.STRAY, text=text)


def _new_game(tags: Mapping[str, str], where: Mapping[str, str | int | None]) -> Game:
    """The game the tags start: the variant from ``Variant`` or the FEN, options, the FEN start."""
    fen = tags.get("FEN")
    try:
        variant = _variant_named(tags["Variant"]) if "Variant" in tags else None
        if variant is None:
            variant = TOGUZ if fen is None else Position.from_fen(fen).variant
        variant = _read_options(variant, tags.get(OPTIONS_TAG, ""))
        return Game(variant) if fen is None else Game.from_fen(fen, variant)
    except RulesError as error:
        raise error.within(**where) from None


def _variant_named(name: str) -> Variant:
    try:
        return variant_named(name)
    except ValueError:
        raise NotationError(Fault.VARIANT_UNKNOWN, name=name, known=", ".join(VARIANT_KEYS)) from None


def _read_options(variant: Variant, text: str) -> Variant:
    """``variant`` with the options of a ``VariantOptions`` tag."""
    flags: dict[str, bool] = {}
    no_move: NoMoveRule | None = None
    for part in text.split():
        name, _, value = part.partition("=")
        if name == "no_move" and value in _NO_MOVES:
            no_move = _NO_MOVES[value]
        elif name in _OPTIONS and name != "no_move" and value in ("yes", "no"):
            flags[name] = value == "yes"
        else:
            known = "tuzdyks=yes|no, no_move=collect|lose, stop_at_majority=yes|no, unrestricted_tuzdyk=yes|no"
            raise NotationError(Fault.OPTION, tag=OPTIONS_TAG, part=part, known=known)
    return variant.with_options(
        tuzdyks=flags.get("tuzdyks"), no_move=no_move, stop_at_majority=flags.get("stop_at_majority"),
        unrestricted_tuzdyk=flags.get("unrestricted_tuzdyk"),
    )


def _detect_style(chunk: GameText, where: _Where) -> TokenStyle | None:
    """``X`` or ``(N)`` say PlayOK, ``x``/``х``/``Х`` say federation; ``None`` when no token tells."""
    found: dict[TokenStyle, Word] = {}
    for word in chunk.body:
        if word.kind != "token":
            continue
        if "(" in word.text or PLAYOK_MARK in word.text:
            found.setdefault("playok", word)
        elif any(mark in word.text for mark in FEDERATION_MARKS):
            found.setdefault("federation", word)
    if len(found) == 2:
        playok, federation = found["playok"], found["federation"]
        raise NotationError(Fault.MIXED_MARKS, playok=playok.text, playok_line=playok.line,
                            federation=federation.text, federation_line=federation.line).within(**where.at(chunk.line))
    return next(iter(found)) if found else None


def _guess_style(game: Game, tags: Mapping[str, str]) -> TokenStyle:
    """The style of a record whose tokens carry no mark: a capture would have shown ``(N)`` in
    PlayOK style, so a game with one is federation; else ``[Site "PlayOK"]`` says PlayOK."""
    if any(report.captured for report in game.reports):
        return "federation"
    return "playok" if tags.get("Site", "").strip().lower() == "playok" else "federation"


def _due(game: Game) -> dict[str, str | int | None]:
    """The move due, as an error's context."""
    position = game.position
    return {"move": position.move_number, "side": position.to_move}


def _check_number(game: Game, word: Word, where: _Where) -> None:
    """A move number must be the one due; ``N...`` announces Black's move."""
    position = game.position
    for_black = word.text.endswith("…") or word.text.count(".") > 1
    digits = word.text.rstrip(".…")
    number = int(digits) if len(digits) <= 5 and digits.isascii() else -1
    if number != position.move_number or (for_black and position.to_move is Side.WHITE):
        raise NotationError(Fault.MOVE_NUMBER, written=word.text).within(**where.at(word.line), **_due(game))


def _play_token(game: Game, word: Word, style: TokenStyle, where: _Where) -> None:
    """Play the token's pit and check its landing digit and marks against what the move did."""
    context = {**where.at(word.line), **_due(game), "token": word.text}
    try:
        token = parse_token(word.text, game.variant.pits)
        report = game.play(token.pit)
    except NotationError as error:
        raise error.within(**context) from None
    except IllegalMoveError as error:  # in a record, a move that cannot be played is a fault of the text
        raise NotationError(error.fault, **error.details).within(**context) from None
    mismatch = token_mismatch(token, report, style)
    if mismatch is not None:
        raise mismatch.within(**context)


def _read_result(word: Word, where: _Where) -> str:
    try:
        return normalise_result(word.text)
    except NotationError as error:
        raise error.within(**where.at(word.line)) from None


def _settle_result(game: Game, tag: str | None, written: str | None, where: Mapping[str, str | int | None]) -> str:
    """The record's result: the board's when the game ended there, else the one the record gives."""
    try:
        tagged = None if tag is None else normalise_result(tag)
    except NotationError as error:
        raise error.within(**where, tag="Result") from None
    known = {result for result in (tagged, written) if result not in (None, "*")}
    if len(known) > 1:
        raise NotationError(Fault.RESULT_TAG_MOVES, tagged=tagged, written=written).within(**where)
    given = known.pop() if known else None
    outcome = game.outcome
    if outcome is None:
        return given or "*"
    if given is not None and given != outcome.result:
        white, black = outcome.kazans
        raise NotationError(Fault.RESULT_BOARD, reason=outcome.reason.value, white=white, black=black,
                            result=outcome.result, given=given).within(**where)
    return outcome.result


# Building and writing


def record_from_game(
    game: Game,
    tags: Mapping[str, str] | None = None,
    *,
    style: TokenStyle = "federation",
    comments: Iterable[str] = (),
) -> Record:
    """A record of ``game`` (finished or not), holding that same ``Game``.

    ``tags`` may give White, Black, Event, Date, TimeControl, Result and any others; Event, Site,
    Date, Round, White and Black default to ``?`` (``????.??.??`` for Date). The result comes from
    ``game.outcome`` when the game is over, else from ``tags["Result"]`` or ``*``. ``Variant``,
    ``VariantOptions`` and ``FEN`` are made from the game, replacing any given.
    """
    check_style(style)
    given = dict(tags or {})
    asked = normalise_result(given["Result"]) if "Result" in given else "*"
    outcome = game.outcome
    if outcome is not None and asked not in ("*", outcome.result):
        raise NotationError(Fault.RESULT_ENDED, result=outcome.result, asked=asked)
    merged = {name: given.get(name, "????.??.??" if name == "Date" else "?") for name in ROSTER[:-1]}
    merged["Result"] = outcome.result if outcome is not None else asked
    merged.update((name, value) for name, value in given.items() if name not in _GAME_TAGS)
    merged.update(_game_tags(game))
    notes = tuple(" ".join(text.split()) for text in comments)
    return Record(merged, game, style, merged["Result"], comments=notes)


def _game_tags(game: Game) -> dict[str, str]:
    variant = game.variant
    standard = next((v for v in VARIANTS if (v.pits, v.stones) == (variant.pits, variant.stones)), None)
    if standard is None:
        raise NotationError(Fault.CANNOT_RECORD, pits=variant.pits, stones=variant.stones)
    tags: dict[str, str] = {}
    if standard is not TOGUZ:
        tags["Variant"] = standard.name
    options = [_option(name, getattr(variant, name)) for name in _OPTIONS
               if getattr(variant, name) != getattr(standard, name)]
    if options:
        tags[OPTIONS_TAG] = " ".join(options)
    if game.start_position != Position.start(variant):
        tags["FEN"] = game.start_position.fen()
    return tags


def _option(name: str, value: object) -> str:
    if isinstance(value, bool):
        return f"{name}={'yes' if value else 'no'}"
    return f"{name}={value}"


def write_record(
    record: Record | Game, style: TokenStyle | None = None, *, tags: Mapping[str, str] | None = None
) -> str:
    """The record as text: tags, a blank line, the moves wrapped at 80 columns, the result.

    ``style`` chooses the tokens (the record's own style by default; federation for a ``Game``).
    A ``Game`` is first made a record with ``record_from_game(game, tags)``.
    """
    if isinstance(record, Game):
        record = record_from_game(record, tags, style=style or "federation")
    elif tags is not None:
        raise ValueError("tags are given with a Game; a Record carries its own")
    style = style or record.style
    check_style(style)
    lines = [format_tag(name, value) for name, value in _ordered_tags(record)]
    lines.append("")
    lines.extend(wrap_pieces(_movetext(record, style), LINE_WIDTH))
    return "\n".join(lines) + "\n"


def write_records(records: Iterable[Record | Game], style: TokenStyle | None = None) -> str:
    """Several records, a blank line between them."""
    return "\n".join(write_record(record, style) for record in records)


def _ordered_tags(record: Record) -> list[tuple[str, str]]:
    tags = {**record.tags, "Result": record.result}
    return [(name, tags[name]) for name in ROSTER if name in tags] + [
        (name, value) for name, value in tags.items() if name not in ROSTER
    ]


def _movetext(record: Record, style: TokenStyle) -> list[str]:
    """Move numbers, tokens, comments and the result, as pieces to wrap."""
    reports = record.game.reports
    notes: dict[int, list[str]] = {}
    for after, text in record.move_comments:
        notes.setdefault(min(after, len(reports)), []).append(text)
    pieces: list[str] = []
    numbered = False
    for index, report in enumerate(reports):
        for text in notes.get(index, []):
            pieces.append(format_comment(text))
            numbered = False
        token = format_token(report, style)
        if report.mover is Side.WHITE:
            pieces.append(f"{report.move_number}. {token}")
        else:
            pieces.append(token if numbered else f"{report.move_number}... {token}")
        numbered = True
    pieces.extend(format_comment(text) for text in notes.get(len(reports), []))
    pieces.append(record.result)
    pieces.extend(format_comment(text) for text in record.comments)
    return pieces


# An index of the games in a long record text: one quick pass over its lines, no game replayed.

_RESULT_AT_END = re.compile(r"(?:1-0|0-1|1/2-1/2|½-½|0[.,]5\s*-\s*0[.,]5|\*)\s*(?:\{[^}]*\}\s*)*$")
_INDEX_TAGS = ("White", "Black", "Result", "Date", "Event")


@dataclass(frozen=True)
class GameEntry:
    """Where one game stands in a record text (``start``, ``end``: offsets; ``line``: its first line),
    with the tags that tell games apart."""

    number: int
    start: int
    end: int
    line: int
    tags: tuple[tuple[str, str], ...] = ()

    def tag(self, name: str, default: str = "") -> str:
        """The value of tag ``name``, or ``default``."""
        return next((value for key, value in self.tags if key == name), default)


def _result_at_end(line: str) -> bool:
    """True when ``line`` ends with a result (and comments after it): only its tail is searched."""
    start = 0 if line.endswith("}") else max(0, len(line) - 24)
    return _RESULT_AT_END.search(line, start) is not None


def _index_tag(line: str) -> tuple[str, str] | None:
    """A tag line's name and value when the index keeps that tag, else None."""
    name = line[1:line.find(" ")] if " " in line else ""
    if name not in _INDEX_TAGS:
        return None
    match = _TAG.fullmatch(line)
    if match is None:
        return None
    value = match.group(2)
    return match.group(1), re.sub(r"\\(.)", r"\1", value) if "\\" in value else value


def index_games(text: str, progress: Callable[[int], None] | None = None, most_line: int | None = None,
                most_games: int | None = None) -> list[GameEntry]:
    """Every game of a record text, found from its lines alone (a tag after moves, or anything after a
    result, begins the next game), without replaying any: quick for a file of thousands of games.
    ``progress`` is told the offset reached every few thousand lines. A line longer than ``most_line``
    characters, or more than ``most_games`` games, is a ``NotationError`` as soon as it is met."""
    entries: list[GameEntry] = []
    start: int | None = None
    line_no = first_line = 0
    seen_moves = closed = in_comment = False
    tags: list[tuple[str, str]] = []
    offset, size = 0, len(text)
    while offset < size:  # one line at a time, by offsets: no list of lines, no copy of the text
        here = offset
        newline = text.find("\n", here)
        offset = size if newline < 0 else newline + 1
        line_no += 1
        length = offset - here - (newline >= 0)  # without its line end
        if most_line is not None and length > most_line + 1:
            raise NotationError(Fault.RECORD_LINE_TOO_LONG, length=length, limit=most_line).within(line=line_no)
        line = text[here:offset].strip()
        if progress is not None and line_no % 5000 == 0:
            progress(offset)
        if in_comment:
            in_comment = "}" not in line
            continue
        if not line:
            continue
        is_tag = line.startswith("[")
        if start is None or (is_tag and (seen_moves or closed)) or (closed and not line.startswith("{")):
            if start is not None:
                entries.append(GameEntry(len(entries) + 1, start, here, first_line, tuple(tags)))
                if most_games is not None and len(entries) > most_games:
                    raise NotationError(Fault.RECORD_TOO_MANY_GAMES, limit=most_games)
            start, first_line, tags, seen_moves, closed = here, line_no, [], False, False
        if is_tag:
            tag = _index_tag(line)
            if tag is not None:
                tags.append(tag)
            continue
        if line.count("{") > line.count("}"):
            in_comment = True
        if not line.startswith("{"):
            seen_moves = True
            closed = closed or _result_at_end(line)
    if start is not None:
        entries.append(GameEntry(len(entries) + 1, start, len(text), first_line, tuple(tags)))
    if most_games is not None and len(entries) > most_games:
        raise NotationError(Fault.RECORD_TOO_MANY_GAMES, limit=most_games)
    return entries


def read_game(text: str, entry: GameEntry, source: str = "") -> Record:
    """The game ``entry`` of an indexed record text, replayed and checked (see ``read_records``)."""
    chunk = text[entry.start:entry.end]
    games = split_games(chunk)
    if len(games) != 1:
        raise NotationError(Fault.GAME_APART).within(source=source or None, game=entry.number, line=entry.line)
    game = games[0]
    moved = GameText(game.line + entry.line - 1,
                     [Word(word.kind, word.text, word.line + entry.line - 1) for word in game.tags],
                     [Word(word.kind, word.text, word.line + entry.line - 1) for word in game.body], game.closed)
    return _replay(moved, entry.number, source)
