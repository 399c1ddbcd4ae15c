"""``toguz sounds --course RECORD --wav DIR``: one game of a record file analysed and its course written as
a WAV file (``speech.sounds.course``).

The record file is the user's and may be anything: only a regular file of at most ``MOST_BYTES`` is read,
as UTF-8 (with or without a BOM), and only the game asked for is replayed (``rules.records.index_games``),
so a fault in another game does not stop it. The analysis is the program's own (``analyse_game``'s
budget a move), a line on stderr saying how far it has gone every ``PROGRESS_EVERY`` moves. The file is
``DIR/course.wav`` for the first game and ``DIR/course-N.wav`` for game N, written as ``toguz sounds
--wav`` writes the cues: never over a file unless asked to (``--replace``), never through a link.

Every problem is a ``CourseProblem``: one plain sentence and the exit status (2 for the user's input, 1
when the file cannot be written); the speech package cannot use the program's own file reader
(``toguz_tui.files``), so the bounded read is done here.
"""

from __future__ import annotations

import functools
import os
import stat
from collections.abc import Callable
from pathlib import Path

from rules.engine.game_analysis import ANALYSIS_NODES, GameAnalysis, analysis_engine, game_key, step
from rules.errors import RulesError
from rules.game import Game
from rules.records import index_games, read_game
from rules.variant import Side
from speech.sounds.course import course_sound
from speech.sounds.cues import write_wav
from speech.system.files import binary
from speech.wav_target import ready_folder, target_problem, write_in_place
from speech.words.i18n import _, n_
from speech.words.problems import describe

MOST_BYTES = 8 * 1024 * 1024  # the largest record file read
PROGRESS_EVERY = 10  # moves between the lines saying how far the analysis is
_CHUNK = 1024 * 1024


class CourseProblem(Exception):
    """Why the course cannot be written: a plain sentence, and the exit status."""

    def __init__(self, message: str, status: int = 2) -> None:
        super().__init__(message)
        self.status = status


def read_record_text(path: Path, limit: int = MOST_BYTES) -> str:
    """The text of the regular file ``path`` of at most ``limit`` bytes, as UTF-8; ``CourseProblem`` otherwise."""
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | binary())
    except FileNotFoundError:
        raise CourseProblem(_("{path}: no such file").format(path=path)) from None
    except IsADirectoryError:
        raise CourseProblem(_("{path} is a folder, not a record file").format(path=path)) from None
    except OSError as error:
        raise CourseProblem(_unreadable(path, error)) from None
    try:
        found = os.fstat(handle)
        if stat.S_ISDIR(found.st_mode):
            raise CourseProblem(_("{path} is a folder, not a record file").format(path=path))
        if not stat.S_ISREG(found.st_mode):
            raise CourseProblem(_("{path} is not a regular file (it is a device or a pipe)").format(path=path))
        data = bytearray()
        while chunk := os.read(handle, _CHUNK):
            data += chunk
            if len(data) > limit:
                raise CourseProblem(_("{path} is larger than {limit}, the most toguz reads as a record").format(
                    path=path, limit=_size(limit)))
    except OSError as error:
        raise CourseProblem(_unreadable(path, error)) from None
    finally:
        os.close(handle)
    try:
        return bytes(data).decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise CourseProblem(_("{path} is not UTF-8 text (byte {byte} at position {position})").format(
            path=path, byte=f"0x{data[error.start]:02x}", position=error.start)) from None


def _size(count: int) -> str:
    if count >= 1024 * 1024:
        return _("{count} MB").format(count=count // (1024 * 1024))
    return n_("{count} byte", "{count} bytes", count).format(count=count)


def _unreadable(path: Path, error: OSError) -> str:
    return _("cannot read {path}: {reason}").format(path=path, reason=error.strerror or error)


def game_in(path: Path, number: int) -> Game:
    """Game ``number`` (from 1) of the record file ``path``, replayed and checked, with at least one move."""
    text = read_record_text(path, MOST_BYTES)
    try:
        entries = index_games(text)
        if not 1 <= number <= len(entries):
            raise CourseProblem(n_("{path} holds {count} game; there is no game {number}",
                                   "{path} holds {count} games; there is no game {number}", len(entries)).format(
                path=path, count=len(entries), number=number))
        game = read_game(text, entries[number - 1], source=str(path)).game
    except RulesError as error:
        raise CourseProblem(describe(error)) from None
    if not game.moves:
        raise CourseProblem(_("game {number} of {path} has no moves to hear").format(number=number, path=path))
    return game


def analysed(game: Game, nodes: int = ANALYSIS_NODES,
             progress: Callable[[int, int], None] | None = None) -> GameAnalysis:
    """The whole analysis of ``game``, ``progress`` told (moves done, moves in all) every ``PROGRESS_EVERY``
    moves."""
    engine = analysis_engine()
    analysis = GameAnalysis(game_key(game), len(game.moves), nodes=nodes)
    while not analysis.complete:
        done = len(analysis.verdicts)
        if progress is not None and done < analysis.plies and done % PROGRESS_EVERY == 0:
            progress(done + 1, analysis.plies)
        analysis = step(game, analysis, engine, nodes)
    return analysis


def course_file(folder: Path, number: int) -> Path:
    """Where game ``number``'s course is written in ``folder``."""
    return folder / ("course.wav" if number == 1 else f"course-{number}.wav")


def write_course(record: Path, folder: Path, number: int, listener: Side, replace: bool,
                 progress: Callable[[int, int], None] | None = None, nodes: int = ANALYSIS_NODES) -> Path:
    """Analyse game ``number`` of ``record`` and write its course heard by ``listener`` into ``folder``
    (made if needed); the file written. Nothing is analysed when the file could not be written anyway: the
    folder is made and tried first."""
    target = course_file(folder, number)
    game = game_in(record, number)  # the user's record is checked first: a mistake there is status 2
    try:
        ready_folder(folder)
    except RuntimeError as error:
        raise CourseProblem(str(error), 1) from None
    except OSError as error:
        raise CourseProblem(_("cannot write {path}: {reason}").format(path=target, reason=error.strerror or error),
                            1) from None
    problem = target_problem(target, replace)
    if problem is not None:
        raise CourseProblem(problem, 1)
    analysis = analysed(game, nodes, progress)
    try:
        write_in_place(target, replace, functools.partial(write_wav, sound=course_sound(analysis, listener)))
    except RuntimeError as error:
        raise CourseProblem(str(error), 1) from None
    except OSError as error:
        raise CourseProblem(_("cannot write {path}: {reason}").format(path=target, reason=error.strerror or error),
                            1) from None
    return target
