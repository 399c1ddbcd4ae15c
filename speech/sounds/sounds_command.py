"""``toguz sounds``: write every sound cue to a WAV file, or list the cues with their lengths.

``--wav DIR`` writes ``DIR/NAME.wav`` for each name of ``speech.sounds.cues.CUE_NAMES`` (16-bit stereo,
44,100 Hz), creating DIR if needed. It never overwrites a file it was not asked to: when any of
the files is already there it writes nothing and names the first one, unless ``--replace`` is
given. Mistakes are reported as one plain line on stderr with exit status 2, as in ``toguz speech``.

``--course RECORD --wav DIR`` analyses one game of a record file (``--game N``, the first by default) and
writes its course as sound, heard by White or ``--side black`` (``speech.sounds.course_cli``).
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
from pathlib import Path

from rules.variant import BLACK, WHITE, Side
from speech.sounds.course_cli import CourseProblem, write_course
from speech.sounds.cues import CUE_NAMES, SAMPLE_RATE, render_cue, write_wav
from speech.user_path import UnknownUser, cannot_use, user_path
from speech.voices.speech_command import PlainParser
from speech.wav_target import ready_folder, target_problem, write_in_place
from speech.words.command_line import WordedRawFormatter
from speech.words.i18n import LANGUAGES, _, from_environment, language_asked, n_, set_language

PROG = "toguz sounds"


def _description() -> str:
    return "\n".join([
        _("Hear toguz's sound cues outside the game: write them as WAV files, or list them."),
        "",
        _("examples:"),
        "  toguz sounds --list",
        "  toguz sounds --wav cues",
        "  toguz sounds --wav cues --replace",
        "  toguz sounds --course game.pgn --wav sounds",
        "  toguz sounds --course games.pgn --game 3 --side black --wav sounds",
    ])


def _game_number(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        number = 0
    if number < 1:
        raise argparse.ArgumentTypeError(_("{text} is not a game number (1, 2, 3 ...)").format(text=text))
    return number


def _folder(text: str) -> Path:
    """``--wav``'s folder; a blank name is refused (it would be the folder toguz starts in)."""
    if not text.strip():
        raise argparse.ArgumentTypeError(_("--wav needs the name of a folder (. for this one)"))
    return _given(text)


def _given(text: str) -> Path:
    """A path as given, ``~`` and ``~name`` expanded; refused when the user it names is not there (neither
    read nor made: never a folder called ``~nosuchuser`` here)."""
    try:
        return user_path(text)
    except UnknownUser as error:
        raise argparse.ArgumentTypeError(cannot_use(text, error)) from None


def parser() -> argparse.ArgumentParser:
    """The command line of ``toguz sounds`` (its help in the language spoken now)."""
    made = PlainParser(prog=PROG, description=_description(), formatter_class=WordedRawFormatter)
    mode = made.add_mutually_exclusive_group(required=True)
    mode.add_argument("--wav", metavar="DIR", type=_folder,
                      help=_("write every cue as DIR/NAME.wav (16-bit stereo, 44,100 Hz), making DIR if needed"))
    mode.add_argument("--list", action="store_true", help=_("list the cues, each with its length"))
    made.add_argument("--replace", action="store_true",
                      help=_("with --wav: replace the files of the same names that are already in DIR"))
    made.add_argument("--course", metavar="RECORD", type=_given,
                      help=_("with --wav: analyse a game of the record file RECORD and write its course as sound, "
                             "DIR/course.wav (the advantage as pitch, about five seconds)"))
    made.add_argument("--game", metavar="N", type=_game_number,
                      help=_("with --course: the game of the record file to hear (default: the first)"))
    made.add_argument("--side", choices=tuple(side.key for side in Side),
                      help=_("with --course: the side whose advantage is heard as higher (default: white)"))
    made.add_argument("--language", choices=tuple(LANGUAGES), metavar="CODE",
                      help=_("the language of the messages: {codes} (default: the system's)").format(
                          codes=", ".join(LANGUAGES)))
    return made


def main(args: list[str]) -> int:
    """Run ``toguz sounds ARGS``; the exit status (2 for a mistake, 1 when the files cannot be
    written, each with one line on stderr)."""
    wanted = language_asked(args)
    set_language(wanted if wanted in LANGUAGES else from_environment(os.environ))
    try:
        options = parser().parse_args(args)
    except SystemExit as leaving:
        return int(leaving.code or 0)
    if options.course is not None:
        if options.wav is None:
            return _fail(_("--course writes a WAV file: add --wav DIR"))
        listener = BLACK if options.side == BLACK.key else WHITE
        return _course(options.course, options.wav, options.game or 1, listener, options.replace)
    if options.game is not None or options.side is not None:
        return _fail(_("--game and --side go with --course RECORD"))
    if options.list:
        return _list()
    return _write(options.wav, options.replace)


def _fail(message: str, status: int = 2) -> int:
    print(f"{PROG}: {message}", file=sys.stderr)
    return status


def _progress(done: int, total: int) -> None:
    print(_("Analysing move {done} of {total}").format(done=done, total=total), file=sys.stderr, flush=True)


def _course(record: Path, folder: Path, number: int, listener: Side, replace: bool) -> int:
    """Analyse game ``number`` of ``record`` and write its course into ``folder``."""
    try:
        path = write_course(record, folder, number, listener, replace, _progress)
    except CourseProblem as problem:
        return _fail(str(problem), problem.status)
    print(_("wrote the course of game {number} to {path}").format(number=number, path=path))
    return 0


def _list() -> int:
    """Each cue's name and its length in milliseconds, one a line."""
    width = max(len(name) for name in CUE_NAMES)
    for name in CUE_NAMES:
        ms = round(len(render_cue(name)) * 1000 / SAMPLE_RATE)
        print(_("{name}  {ms} ms").format(name=name.ljust(width), ms=ms))
    return 0


def _write(folder: Path, replace: bool) -> int:
    """Write every cue into ``folder``; nothing at all when a file is in the way and not ``replace``.
    Only regular files inside ``folder`` are replaced, each in one step: never a link, a pipe or a folder."""
    targets = [folder / f"{name}.wav" for name in CUE_NAMES]
    try:
        ready_folder(folder)
        for target in targets:
            if not replace and (target.exists() or target.is_symlink()):
                return _fail(_("{path} already exists; add --replace to replace the cue files in {folder}").format(
                    path=target, folder=folder), 1)
            problem = target_problem(target, replace)
            if problem is not None:
                return _fail(problem, 1)
        for name, target in zip(CUE_NAMES, targets, strict=True):
            write_in_place(target, replace, functools.partial(write_wav, sound=render_cue(name)))
    except RuntimeError as error:
        return _fail(str(error), 1)
    except OSError as error:
        return _fail(_("cannot write the sound cues to {folder}: {reason}").format(
            folder=folder, reason=error.strerror or error), 1)
    count = len(CUE_NAMES)
    print(n_("wrote {count} sound cue to {folder}", "wrote {count} sound cues to {folder}", count).format(
        count=count, folder=folder))
    return 0
