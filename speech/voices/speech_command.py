"""``toguz speech``: check the voices, list them, say a sentence, or write it to a WAV file.

Every line is in the language chosen (``--language``, else the system's); ``--check`` also says which
voice reads each language toguz speaks, and ``--say`` and ``--wav`` use the language's voice unless
``--voice`` names another.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import NoReturn

from speech.system.machine import machine
from speech.user_path import UnknownUser, cannot_use, user_path
from speech.voices import (
    AUTO,
    AUTO_ORDER,
    BACKENDS,
    ESPEAK_NG,
    OFF,
    PYTTSX3,
    RATE_RANGE,
    SILENT,
    backend_problem,
    language_voice,
    list_voices,
    open_speaker,
    render_wav,
)
from speech.voices.audio import fix_espeak_ng, play_problem, program
from speech.voices.base import Speaker
from speech.voices.pyttsx3_backend import render_problem
from speech.wav_target import write_in_place
from speech.words.command_line import WordedParser, WordedRawFormatter
from speech.words.i18n import LANGUAGES, _, from_environment, language_asked, set_language
from speech.words.phrases import speech_problem


def _description() -> str:
    return "\n".join([
        _("Test toguz's speech. Exactly one of --check, --voices, --say or --wav."),
        "",
        _("examples:"),
        "  toguz speech --check                      " + _("which voices work here, and how to fix the others"),
        "  toguz speech --voices                     " + _("the voices of the chosen backend"),
        '  toguz speech --say "Your pit 4: 12 stones"',
        '  toguz speech --language ru --wav out.wav "Вы берёте 10."',
    ])


class PlainParser(WordedParser):
    """argparse that reports a mistake as one plain line and exit status 2 (``toguz speech``, ``toguz
    sounds``, ``toguz online``)."""

    def error(self, message: str) -> NoReturn:
        see = _("see {command} --help").format(command=self.prog)
        print(f"{self.prog}: {message} ({see})", file=sys.stderr)
        raise SystemExit(2)


def _rate(text: str) -> int:
    """``--rate``'s words a minute, within what the voices take; argparse says the reason when it is not."""
    if text.strip().isdecimal() and len(text.strip()) <= 4 and RATE_RANGE[0] <= int(text) <= RATE_RANGE[1]:
        return int(text)
    raise argparse.ArgumentTypeError(_("the rate is a whole number of words a minute from {low} to {high}, not "
                                       "{value}").format(low=RATE_RANGE[0], high=RATE_RANGE[1], value=text[:20]))


def parser() -> argparse.ArgumentParser:
    """The command line of ``toguz speech`` (its help in the language spoken now)."""
    made = PlainParser(prog="toguz speech", description=_description(), formatter_class=WordedRawFormatter)
    made.add_argument(
        "--speech", metavar="BACKEND", default=AUTO, choices=(AUTO, OFF, *BACKENDS),
        help=_("the voice to use: auto (tries {order}), off, or one of {backends}").format(
            order=", ".join(AUTO_ORDER), backends=", ".join(BACKENDS)),
    )
    mode = made.add_mutually_exclusive_group(required=True)
    mode.add_argument("--check", action="store_true",
                      help=_("say for each backend whether it works here, or why not, and which voice reads each "
                             "language"))
    mode.add_argument("--voices", action="store_true", help=_("list the voices of the chosen backend"))
    mode.add_argument("--say", metavar="TEXT", help=_("speak TEXT, wait until it has been said, and exit"))
    mode.add_argument("--wav", metavar="FILE", help=_("write TEXT as speech to the WAV file FILE"))
    made.add_argument("--replace", action="store_true", help=_("with --wav: replace FILE if it is already there"))
    made.add_argument("text", nargs="?", metavar="TEXT", help=_("the text for --wav"))
    made.add_argument("--rate", type=_rate, metavar="WPM",
                      help=_("words a minute, from {low} to {high}").format(low=RATE_RANGE[0], high=RATE_RANGE[1]))
    made.add_argument("--voice", metavar="NAME", help=_("a voice from --voices (default: the language's voice)"))
    made.add_argument("--language", choices=tuple(LANGUAGES), metavar="CODE",
                      help=_("the language of the messages and of the voice: {codes} (default: the system's)").format(
                          codes=", ".join(LANGUAGES)))
    return made


def _language(args: list[str]) -> str:
    """Speak the language ``--language`` asks for, else the system's, before the help is made."""
    wanted = language_asked(args)
    code = wanted if wanted in LANGUAGES else from_environment(os.environ)
    set_language(code)
    return code


def main(args: list[str]) -> int:
    """Run ``toguz speech ARGS``; the exit status (2 for a mistake, with one line on stderr)."""
    code = _language(args)
    try:
        options = parser().parse_args(args)
    except SystemExit as leaving:
        return int(leaving.code or 0)
    voice = options.voice or language_voice(code)
    if options.text is not None and options.wav is None:
        return _fail(_("TEXT is only for --wav; use --say TEXT to speak"))
    if options.check:
        return _check()
    if options.wav is not None:
        return _wav(options.text, options.wav, options.speech, voice, options.replace, options.rate)
    if options.voices:
        return _voices(options.speech)
    speaker, reason = open_speaker(options.speech, rate=options.rate, voice=voice)
    try:
        return _say(speaker, reason, options.say)
    finally:
        speaker.close()


def _fail(message: str) -> int:
    print(f"toguz speech: {message}", file=sys.stderr)
    return 2


def _check() -> int:
    for name in BACKENDS:
        if name == SILENT:
            print(_("{backend}: works (text only)").format(backend=name))
            continue
        reason = backend_problem(name)
        if reason is None:
            reason = play_problem(name)
        if reason is None:
            print(_("{backend}: works").format(backend=name))
        else:
            print(_("{backend}: not available: {reason}").format(backend=name, reason=reason))
    pyttsx3_reason = render_problem()
    if program(ESPEAK_NG) is not None or pyttsx3_reason is None:
        print(_("WAV files (--wav): works"))
    else:
        print(_("WAV files (--wav): not available: {reason}").format(reason=f"{fix_espeak_ng()}; {pyttsx3_reason}"))
    _check_languages()
    return 0


def _check_languages() -> None:
    """Which voice reads each language, as espeak-ng (and so pyttsx3) knows its voices."""
    known = set(machine().espeak_voices()) if program(ESPEAK_NG) is not None else set()
    for code, language in LANGUAGES.items():
        voice = language_voice(code)
        if voice is None:
            print(_("{language} ({code}): the engine's own voice").format(language=_(language.english), code=code))
        elif not known:
            print(_("{language} ({code}): no voice list here ({reason})").format(
                language=_(language.english), code=code, reason=fix_espeak_ng()))
        elif voice in known:
            print(_("{language} ({code}): voice {voice}").format(language=_(language.english), code=code,
                                                                 voice=voice))
        else:
            print(_("{language} ({code}): espeak-ng has no voice {voice}; the default voice reads it").format(
                language=_(language.english), code=code, voice=voice))


def _wav(text: str | None, name: str, backend: str, voice: str | None, replace: bool, rate: int | None) -> int:
    if text is None:
        return _fail(_("--wav FILE needs the TEXT to say"))
    if not name.strip():
        return _fail(_("--wav needs the name of a file"))
    try:
        written = user_path(name)
    except UnknownUser as error:
        return _fail(cannot_use(name, error))
    try:
        write_in_place(written, replace, lambda made: render_wav(text, made, backend, voice=voice, rate=rate))
    except RuntimeError as error:
        return _fail(str(error))
    except OSError as error:
        return _fail(_("cannot write {path}: {reason}").format(path=written, reason=error.strerror or error))
    if voice:
        print(_("wrote {path} with the voice {voice}").format(path=written, voice=voice))
    else:
        print(_("wrote {path}").format(path=written))
    return 0


def _voices(backend: str) -> int:
    """List voices whether or not a sound device exists: they are needed for WAV files too."""
    if backend == AUTO:
        backend = ESPEAK_NG if program(ESPEAK_NG) else PYTTSX3
    try:
        found = list_voices(backend)
    except RuntimeError as error:
        return _fail(str(error))
    if not found:
        return _fail(_("{backend} lists no voices here: {reason}").format(
            backend=backend, reason=backend_problem(backend) or _("none found")))
    try:
        print("\n".join(found), flush=True)
    except BrokenPipeError:  # the list was piped into a reader that stopped early (head)
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silences the flush at exit
    return 0


def _say(speaker: Speaker, reason: str | None, text: str) -> int:
    if reason is not None:
        print(f"toguz speech: {speech_problem(reason)}", file=sys.stderr)
    print(text)
    speaker.speak(text)
    wait = getattr(speaker, "wait", None)
    if callable(wait):
        wait(120.0)
    return 0 if reason is None else 2
