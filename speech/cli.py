"""``toguz speech``: check the voices, list them, say a sentence, or write it to a WAV file."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import NoReturn

from speech.speakers import AUTO_ORDER, BACKENDS, backend_problem, list_voices, open_speaker, render_wav
from speech.speakers.audio import FIX_ESPEAK_NG, play_problem, program
from speech.speakers.base import Speaker
from speech.speakers.pyttsx3_backend import render_problem

DESCRIPTION = """Test toguz's speech. Exactly one of --check, --voices, --say or --wav.

examples:
  toguz speech --check                      which voices work here, and how to fix the others
  toguz speech --voices                     the voices of the chosen backend
  toguz speech --say "Your pit 4: 12 stones"
  toguz speech --speech espeak-ng --wav out.wav "You capture 10."
"""


class _Parser(argparse.ArgumentParser):
    """argparse that reports a mistake as one plain line and exit status 2."""

    def error(self, message: str) -> NoReturn:
        print(f"toguz speech: {message} (see toguz speech --help)", file=sys.stderr)
        raise SystemExit(2)


def parser() -> argparse.ArgumentParser:
    """The command line of ``toguz speech``."""
    made = _Parser(
        prog="toguz speech", description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    made.add_argument(
        "--speech", metavar="BACKEND", default="auto", choices=("auto", "off", *BACKENDS),
        help=f"the voice to use: auto (tries {', '.join(AUTO_ORDER)}), off, or one of {', '.join(BACKENDS)}",
    )
    mode = made.add_mutually_exclusive_group(required=True)
    mode.add_argument(
        "--check", action="store_true", help="say for each backend whether it works here, or why not",
    )
    mode.add_argument("--voices", action="store_true", help="list the voices of the chosen backend")
    mode.add_argument("--say", metavar="TEXT", help="speak TEXT, wait until it has been said, and exit")
    mode.add_argument("--wav", metavar="FILE", type=Path, help="write TEXT as speech to the WAV file FILE")
    made.add_argument("text", nargs="?", metavar="TEXT", help="the text for --wav")
    made.add_argument("--rate", type=int, metavar="WPM", help="words a minute")
    made.add_argument("--voice", metavar="NAME", help="a voice from --voices")
    return made


def main(args: list[str]) -> int:
    """Run ``toguz speech ARGS``; the exit status (2 for a mistake, with one line on stderr)."""
    try:
        options = parser().parse_args(args)
    except SystemExit as leaving:
        return int(leaving.code or 0)
    if options.text is not None and options.wav is None:
        return _fail("TEXT is only for --wav; use --say TEXT to speak")
    if options.check:
        return _check()
    if options.wav is not None:
        return _wav(options.text, options.wav, options.speech)
    if options.voices:
        return _voices(options.speech)
    speaker, reason = open_speaker(options.speech, rate=options.rate, voice=options.voice)
    try:
        return _say(speaker, reason, options.say)
    finally:
        speaker.close()


def _fail(message: str) -> int:
    print(f"toguz speech: {message}", file=sys.stderr)
    return 2


def _check() -> int:
    for name in BACKENDS:
        if name == "silent":
            print("silent: works (text only)")
            continue
        reason = backend_problem(name)
        if reason is None:
            reason = play_problem(name)
        print(f"{name}: works" if reason is None else f"{name}: not available: {reason}")
    pyttsx3_reason = render_problem()
    if program("espeak-ng") is not None or pyttsx3_reason is None:
        print("WAV files (--wav): works")
    else:
        print(f"WAV files (--wav): not available: {FIX_ESPEAK_NG}; {pyttsx3_reason}")
    return 0


def _wav(text: str | None, path: Path, backend: str) -> int:
    if text is None:
        return _fail("--wav FILE needs the TEXT to say")
    try:
        written = render_wav(text, path, "auto" if backend == "auto" else backend)
    except (RuntimeError, OSError) as error:
        return _fail(str(error))
    print(f"wrote {written}")
    return 0


def _voices(backend: str) -> int:
    """List voices whether or not a sound device exists: they are needed for WAV files too."""
    if backend == "auto":
        backend = "espeak-ng" if program("espeak-ng") else "pyttsx3"
    try:
        found = list_voices(backend)
    except RuntimeError as error:
        return _fail(str(error))
    if not found:
        return _fail(f"{backend} lists no voices here: {backend_problem(backend) or 'none found'}")
    try:
        print("\n".join(found), flush=True)
    except BrokenPipeError:  # the list was piped into a reader that stopped early (head)
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silences the flush at exit
    return 0


def _say(speaker: Speaker, reason: str | None, text: str) -> int:
    if reason is not None:
        print(f"toguz speech: {reason}", file=sys.stderr)
    print(text)
    speaker.speak(text)
    wait = getattr(speaker, "wait", None)
    if callable(wait):
        wait(120.0)
    return 0 if reason is None else 2
