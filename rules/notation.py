"""Move tokens in both styles, federation and PlayOK (reading, writing, checking them against a move), and the
words of a record's text (tags, numbers, tokens, comments, results) split into games.

A token is two digits, the pit played and the pit where the last stone landed. Federation style
adds ``x`` (or Cyrillic ``х``/``Х``) for a tuzdyk and marks no captures: ``36x``. PlayOK style adds
``X`` for a tuzdyk and ``(N)`` after a capture by the even rule, N being the mover's kazan after the
move: ``68X``, ``87(10)``.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

from rules.errors import Fault, NotationError
from rules.move import MoveReport

TokenStyle = Literal["federation", "playok"]
STYLES: tuple[TokenStyle, ...] = ("federation", "playok")

FEDERATION_MARKS = "xхХ"  # Latin x, Cyrillic х and Х
PLAYOK_MARK = "X"

_TOKEN = re.compile(r"([0-9])([0-9])([xXхХ]?)(?:\(([0-9]{1,3})\))?")  # a kazan holds at most 162


@dataclass(frozen=True, slots=True)
class MoveToken:
    """One move as a record writes it.

    ``tuzdyk`` says the token carries a tuzdyk mark; ``kazan_after`` is the PlayOK ``(N)``, or
    ``None`` when the token has none. ``style`` is the style its marks show (``"playok"`` for
    ``X`` or ``(N)``, ``"federation"`` for ``x``/``х``/``Х``), ``None`` for a bare ``76``.
    """

    pit: int
    landing: int
    tuzdyk: bool = False
    kazan_after: int | None = None
    style: TokenStyle | None = None

    def __str__(self) -> str:
        return self.text

    @property
    def text(self) -> str:
        """The token as written in its own style: ``"76"``, ``"36x"``, ``"68X"``, ``"87(10)"``."""
        mark = (PLAYOK_MARK if self.style == "playok" else "x") if self.tuzdyk else ""
        total = "" if self.kazan_after is None else f"({self.kazan_after})"
        return f"{self.pit}{self.landing}{mark}{total}"

    @classmethod
    def from_report(cls, report: MoveReport, style: TokenStyle = "federation") -> MoveToken:
        """The token that a record in ``style`` writes for the move ``report`` describes."""
        check_style(style)
        tuzdyk = report.tuzdyk_made is not None
        total = report.kazans[report.mover] if style == "playok" and report.captured else None
        marked = tuzdyk or total is not None
        return cls(report.pit, report.landing_pit, tuzdyk, total, style if marked else None)


def parse_token(text: str, pits: int = 9) -> MoveToken:
    """Read one move token of either style; ``pits`` is the row length digits may not exceed.

    Raises ``NotationError`` (within the ``token``) saying what is wrong with it.
    """
    stripped = text.strip()
    match = _TOKEN.fullmatch(stripped)
    if match is None:
        raise NotationError(Fault.TOKEN_SHAPE if stripped else Fault.TOKEN_EMPTY).within(token=text)
    pit, landing, mark, total = match.groups()
    for which, digit in (("pit", pit), ("landing", landing)):
        if not 1 <= int(digit) <= pits:
            raise NotationError(Fault.TOKEN_DIGIT, which=which, pits=pits, digit=int(digit)).within(token=text)
    if total is not None and mark and mark in FEDERATION_MARKS:
        raise NotationError(Fault.TOKEN_MIXED_MARK, mark=mark).within(token=text)
    if total is not None and mark:
        raise NotationError(Fault.TOKEN_TUZDYK_AND_CAPTURE).within(token=text)
    style: TokenStyle | None = None
    if mark == PLAYOK_MARK or total is not None:
        style = "playok"
    elif mark:
        style = "federation"
    return MoveToken(int(pit), int(landing), bool(mark), None if total is None else int(total), style)


def format_token(report: MoveReport, style: TokenStyle = "federation") -> str:
    """The token for the move ``report`` describes: ``report.notation`` or ``report.playok``."""
    check_style(style)
    return report.playok if style == "playok" else report.notation


def token_mismatch(token: MoveToken, report: MoveReport, style: TokenStyle = "federation") -> NotationError | None:
    """Why ``token`` does not describe the move ``report`` tells of, or ``None`` when it does.

    The landing digit and the tuzdyk mark are always checked, and ``(N)`` whenever the token has
    one. A capture without ``(N)`` is a mismatch only in PlayOK style: federation records never
    mark captures.
    """
    check_style(style)
    if token.pit != report.pit:
        return NotationError(Fault.WRONG_PIT, played=report.pit, written=token.pit)
    if token.landing != report.landing_pit:
        return NotationError(Fault.WRONG_LANDING, landing=report.landing_pit, written=token.landing)
    made = report.tuzdyk_made
    if made is not None and not token.tuzdyk:
        return NotationError(Fault.MISSING_TUZDYK_MARK, pit=made)
    if made is None and token.tuzdyk:
        return NotationError(Fault.EXTRA_TUZDYK_MARK)
    return _capture_mismatch(token, report, style)


def _capture_mismatch(token: MoveToken, report: MoveReport, style: TokenStyle) -> NotationError | None:
    kazan = report.kazans[report.mover]
    if token.kazan_after is None:
        if report.captured and style == "playok":
            return NotationError(Fault.MISSING_TOTAL, captured=report.captured, kazan=kazan)
        return None
    if not report.captured:
        return NotationError(Fault.TOTAL_WITHOUT_CAPTURE, written=token.kazan_after)
    if token.kazan_after != kazan:
        return NotationError(Fault.WRONG_TOTAL, kazan=kazan, written=token.kazan_after)
    return None


def check_token(token: MoveToken, report: MoveReport, style: TokenStyle = "federation") -> None:
    """Raise ``NotationError`` (within the token) when it does not describe the move ``report``."""
    mismatch = token_mismatch(token, report, style)
    if mismatch is not None:
        raise mismatch.within(token=token.text)


def check_style(style: str) -> None:
    """Raise ``ValueError`` unless ``style`` is ``"federation"`` or ``"playok"``."""
    if style not in STYLES:
        raise ValueError(f"style must be 'federation' or 'playok', not {style!r}")


# The words of a record's text, and its games


RESULTS: tuple[str, ...] = ("1-0", "0-1", "1/2-1/2", "*")
_SCORE = r"(?:1/2|½|0[.,]5|1|0)"
_RESULT = re.compile(rf"({_SCORE})\s*[-–—]\s*({_SCORE})")
_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_WORD = re.compile(
    r"""
    (?P<comment>\{[^}]*\})
    |(?P<tag>\[[ \t]*[A-Za-z0-9_]+[ \t]*"(?:[^"\\\n]|\\.)*"[ \t]*\])
    |(?P<result>(?:SCORE[ \t]*[-–—][ \t]*SCORE|\*)(?![^\s{}\[\]]))
    |(?P<number>\d+(?:\.+|…))
    |(?P<token>[^\s{}\[\]]+)
    |(?P<space>\s+)
    |(?P<bad>\[[^\n]*|\{[^\n]*|.)
    """.replace("SCORE", _SCORE),
    re.VERBOSE,
)


def normalise_result(text: str) -> str:
    """``1-0``, ``0-1``, ``1/2-1/2`` or ``*`` for a result as records write it (``½-½``, ``0,5 - 0,5``)."""
    stripped = text.strip()
    if stripped == "*":
        return "*"
    match = _RESULT.fullmatch(stripped)
    scores = [] if match is None else ["1/2" if len(s) > 1 or s == "½" else s for s in match.groups()]
    result = "-".join(scores)
    if result not in RESULTS:
        raise NotationError(Fault.RESULT, text=text)
    return result


class Word(NamedTuple):
    """One word of a record's text and the line it stands on.

    ``kind`` is ``tag``, ``comment``, ``result``, ``number`` (``15.``, ``15...``), ``token`` (anything
    else: a move token or an unreadable word) or ``bad`` (an unclosed tag or comment, a stray bracket).
    """

    kind: str
    text: str
    line: int


@dataclass
class GameText:
    """The words of one game: its tags, then its move text (numbers, tokens, comments, result)."""

    line: int
    tags: list[Word] = field(default_factory=list)
    body: list[Word] = field(default_factory=list)
    closed: bool = False

    def starts_anew(self, word: Word) -> bool:
        """Whether ``word`` begins the next game: anything but a comment once the result is in, or
        a tag after the moves."""
        if word.kind == "comment":
            return False
        if self.closed:
            return True
        return word.kind == "tag" and any(part.kind != "comment" for part in self.body)


def split_words(text: str) -> Iterator[Word]:
    """The words of ``text`` (already with ``\\n`` line ends), each with its line number."""
    breaks = [index for index, char in enumerate(text) if char == "\n"]
    for match in _WORD.finditer(text):
        kind = match.lastgroup or "bad"
        if kind != "space":
            yield Word(kind, match.group(), bisect.bisect_left(breaks, match.start()) + 1)


def split_games(text: str) -> list[GameText]:
    """The games of a record text, tolerant of a BOM and of Windows or old Mac line ends."""
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    games: list[GameText] = []
    for word in split_words(text):
        if not games or games[-1].starts_anew(word):
            games.append(GameText(word.line))
        game = games[-1]
        (game.tags if word.kind == "tag" else game.body).append(word)
        game.closed = game.closed or word.kind == "result"
    return [game for game in games if game.tags or any(part.kind != "comment" for part in game.body)]


def read_tag(text: str) -> tuple[str, str]:
    """The name and the value of a tag pair ``[Name "value"]``, with ``\\"`` and ``\\\\`` undone."""
    match = _TAG.fullmatch(text.strip())
    if match is None:
        raise NotationError(Fault.TAG, text=text)
    return match.group(1), re.sub(r"\\(.)", r"\1", match.group(2))


def format_tag(name: str, value: str) -> str:
    """The tag pair ``[Name "value"]``, quotes and backslashes in the value escaped."""
    if not re.fullmatch(r"[A-Za-z0-9_]+", name):
        raise NotationError(Fault.TAG_NAME, name=name)
    if "\n" in value or "\r" in value:
        raise NotationError(Fault.TAG_LINE_BREAK, name=name)
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'


def format_comment(text: str) -> str:
    """The comment ``{text}``, its white space made single spaces as reading does."""
    if "}" in text:
        raise NotationError(Fault.COMMENT_BRACE, text=text)
    return "{" + " ".join(text.split()) + "}"


def wrap_pieces(pieces: Iterable[str], width: int = 80) -> list[str]:
    """The pieces joined by spaces into lines of at most ``width`` columns (a longer piece stands alone)."""
    lines: list[str] = []
    current = ""
    for piece in pieces:
        if current and len(current) + 1 + len(piece) > width:
            lines.append(current)
            current = piece
        else:
            current = f"{current} {piece}" if current else piece
    if current:
        lines.append(current)
    return lines
