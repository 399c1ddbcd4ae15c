"""The lessons of ``toguz learn``: one TOML file a lesson in ``lessons/``, read and checked here.

A lesson file holds its ``key`` (a short name that progress is saved under), ``title``, ``goal``,
and its steps, in order. A step is a position (``fen``: the variant follows from its pit count), the
words said (``say``), what the player is asked (``task``), the right ``answer`` (pits), the words for a
right answer (``right``) and a ``hint``. Two tasks:

- ``move``: play a pit; ``answer`` lists every pit accepted;
- ``landing``: name the pit where the last stone of ``pit`` falls (its number, on the row the words
  name); ``answer`` is that pit.

``expect`` states what the answer does, in facts the rules check (the test of the lessons plays every
step): ``sown``, ``lands`` (``"own N"`` or ``"their N"``, for the side that moves), ``holds`` (the
landing pit's count after the last stone), ``captures``, ``tuzdyk`` (the pit made one; 0: none made),
``income`` (stones the sowing put into the mover's tuzdyk), ``gives`` (into the opponent's tuzdyk),
``kazan`` (the mover's kazan after, before any stones collected at the end), ``wins`` and ``ends``.
``others`` states facts the words give about other moves (``others = { 2 = { captures = 6 } }``).
``only`` says no other legal move does the same: ``captures``, ``tuzdyk``, ``wins``, ``most``
(takes the most at once), ``empties`` (leaves its pit empty: a single stone), ``lands`` (lands where
``expect.lands`` says) or ``income`` (feeds the mover's tuzdyk).

The words are English here and go through the message catalogue (``extract_lessons`` gives them to
Babel), so every language gets them. Every field is checked as the file is read; what the words
claim is checked against the rules by ``tests/toguz_tui/training/lesson_rules.py`` (the test of the lessons).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, BinaryIO

from rules import IllegalMoveError, NotationError, Position
from rules.move import play_move
from speech.words.i18n import _

LESSON_DIR = Path(__file__).with_name("lessons")
MOST_BYTES = 64_000  # a lesson file is a few kilobytes
TASKS = ("move", "landing")
CLAIMS = ("sown", "lands", "holds", "captures", "tuzdyk", "income", "gives", "kazan", "wins", "ends")
ONLY = ("captures", "tuzdyk", "wins", "most", "empties", "lands", "income")
WORDS = ("title", "goal", "say", "right", "hint")  # the fields that are words (the catalogue's)


class LessonFileError(ValueError):
    """A lesson file is broken (which file, and why)."""


@dataclass(frozen=True)
class Step:
    """One step of a lesson: a position, and one thing to do in it."""

    position: Position
    say: str
    task: str
    answer: tuple[int, ...]
    right: str
    hint: str
    pit: int = 0  # the pit asked about (a ``landing`` task)
    expect: dict[str, Any] = field(default_factory=dict)
    only: str = ""
    others: dict[int, dict[str, Any]] = field(default_factory=dict)


@dataclass(frozen=True)
class Lesson:
    """A lesson: its number (the order of the files), key, title, goal and steps."""

    number: int
    key: str
    title: str
    goal: str
    steps: tuple[Step, ...]


def lesson_files(folder: Path = LESSON_DIR) -> list[Path]:
    """The lesson files, in the order of their names (``01-board.toml``, ``02-sowing.toml`` ...)."""
    return sorted(path for path in folder.glob("*.toml") if path.is_file())


@cache
def load_lessons(folder: Path = LESSON_DIR) -> tuple[Lesson, ...]:
    """Every lesson, checked; ``LessonFileError`` names the file and the fault."""
    lessons = tuple(read_lesson(path, number) for number, path in enumerate(lesson_files(folder), 1))
    keys = [lesson.key for lesson in lessons]
    if len(set(keys)) != len(keys):
        raise LessonFileError(_("two lessons have the same key"))
    return lessons


def read_lesson(path: Path, number: int) -> Lesson:
    """One lesson file."""
    try:
        if path.stat().st_size > MOST_BYTES:
            raise LessonFileError(_("{name}: too large").format(name=path.name))
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise LessonFileError(f"{path.name}: {error}") from None
    try:
        steps = data["step"]
        if not isinstance(steps, list) or not steps:
            raise ValueError(_("no steps"))
        return Lesson(number, _text(data, "key"), _text(data, "title"), _text(data, "goal"),
                      tuple(_step(item, index) for index, item in enumerate(steps, 1)))
    except (KeyError, TypeError, ValueError) as error:
        raise LessonFileError(f"{path.name}: {error}") from None


def _text(data: dict[str, Any], name: str) -> str:
    value = data[name]
    if not isinstance(value, str) or not value.strip():
        raise ValueError(_("{field} is not text").format(field=name))
    return " ".join(value.split())


def _step(item: Any, index: int) -> Step:
    if not isinstance(item, dict):
        raise ValueError(_("step {index} is not a table").format(index=index))
    try:
        position = Position.from_fen(str(item["fen"]))
    except NotationError as error:
        raise ValueError(_("step {index}: {fault}").format(index=index, fault=error)) from None
    task = item.get("task", "move")
    answer = item["answer"]
    answer = tuple(answer) if isinstance(answer, list) else (answer,)
    pits = position.variant.pits
    if task not in TASKS or not answer or not all(isinstance(pit, int) and 1 <= pit <= pits for pit in answer):
        raise ValueError(_("step {index}: the task or the answer is not one toguz knows").format(index=index))
    expect = item.get("expect", {})
    only = item.get("only", "")
    if not isinstance(expect, dict) or any(name not in CLAIMS for name in expect) or only not in ("", *ONLY):
        raise ValueError(_("step {index}: expect or only names a fact toguz does not check").format(index=index))
    others = item.get("others", {})
    if not isinstance(others, dict) or not all(
            isinstance(facts, dict) and str(move).isdecimal() and all(name in CLAIMS for name in facts)
            for move, facts in others.items()):
        raise ValueError(_("step {index}: expect or only names a fact toguz does not check").format(index=index))
    if only == "lands" and "lands" not in expect:
        raise ValueError(_("step {index}: expect or only names a fact toguz does not check").format(index=index))
    pit = item.get("pit", 0)
    if task == "landing" and not (isinstance(pit, int) and 1 <= pit <= pits):
        raise ValueError(_("step {index}: a landing task needs the pit asked about").format(index=index))
    for move in answer if task == "move" else (pit,):
        try:
            play_move(position, move)
        except IllegalMoveError:
            fault = _("step {index}: pit {pit} cannot be played there")
            raise ValueError(fault.format(index=index, pit=move)) from None
    return Step(position, _text(item, "say"), task, answer, _text(item, "right"), _text(item, "hint"), pit,
                dict(expect), only, {int(move): dict(facts) for move, facts in others.items()})


def move_of(step: Step) -> int:
    """The pit the step's answer plays (for a ``landing`` task, the pit asked about)."""
    return step.pit if step.task == "landing" else step.answer[0]


def extract_lessons(fileobj: BinaryIO, keywords: object, comment_tags: object,
                    options: object) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel's extractor for lesson files: every word field, with the line it starts on."""
    text = fileobj.read().decode("utf-8")
    data = tomllib.loads(text)
    lines = text.splitlines()

    def line_of(value: str) -> int:
        head = value.split()[0] if value.split() else value
        return next((number for number, line in enumerate(lines, 1) if head in line), 1)

    tables = [data, *data.get("step", [])]
    for table in tables:
        for name in WORDS:
            value = table.get(name)
            if isinstance(value, str) and value.strip():
                yield line_of(value), "_", " ".join(value.split()), [f"Translators: lesson {data.get('key')}, {name}"]
