"""The ``toguz`` command: the game (TUI or line mode), and ``toguz speech`` for testing voices."""

from __future__ import annotations

import os
import sys

CORE_PACKAGES = ("filelock", "platformdirs", "tomlkit")  # what the imports below need before anything is said


def _core_problem() -> str | None:
    """Why toguz cannot start, in one line: a package it needs whose import fails (anything it raises);
    None when all import. In the catalogue's words where the catalogue itself loads, else in English."""
    import importlib

    for name in CORE_PACKAGES:
        try:
            importlib.import_module(name)
        except (Exception, SystemExit) as error:
            detail = " ".join(f"{type(error).__name__}: {error}".split())[:200]
            break
    else:
        return None
    text = ("toguz cannot start: the Python package {name} it needs could not be loaded ({error}); install toguz "
            "again the way you installed it.")
    try:
        from speech.words.i18n import _, from_environment, language_asked, set_language

        set_language(language_asked(sys.argv[1:]) or from_environment(os.environ))
        text = _("toguz cannot start: the Python package {name} it needs could not be loaded ({error}); install "
                 "toguz again the way you installed it.")
    except (Exception, SystemExit):  # the catalogue would not load either: the English
        pass
    return text.format(name=name, error=detail)


if (_PROBLEM := _core_problem()) is not None:  # before anything that needs them: one plain line, no traceback
    print(_PROBLEM, file=sys.stderr)
    raise SystemExit(1)

import argparse  # noqa: E402 - after the check above

from rules import VARIANT_KEYS  # noqa: E402
from rules.engine import LEVELS  # noqa: E402
from speech.voices import AUTO_ORDER, SPEECH_CHOICES  # noqa: E402
from speech.words.command_line import WordedParser, WordedRawFormatter  # noqa: E402
from speech.words.i18n import LANGUAGES, _, from_environment, language_asked, set_language  # noqa: E402
from speech.words.naming import VERBOSITIES  # noqa: E402
from toguz_tui import __version__  # noqa: E402
from toguz_tui.files.settings import COLOURS, LANGUAGE_CHOICES, OPPONENTS  # noqa: E402


def _description() -> str:
    return _("Toguz Kumalak, Kozdatu and Bestemshe in the terminal, for players with and without sight.\n"
             "Plain `toguz` (the same as `toguz play`) opens the full-screen board; `--line` plays line by line,\n"
             "which every screen reader and braille display follows. `toguz learn` teaches the game, `toguz puzzles`\n"
             "trains on master games, `toguz speech --help` tests the voices.")


def _epilog() -> str:
    return "\n".join([
        _("examples:"),
        "  toguz                                   " + _("resume the saved game, or start one with your settings"),
        "  toguz --opponent human --speech off --new",
        "  toguz play --line --variant bestemshe --level 2 --colour black",
        "  printf '7\\nboard\\nquit\\n' | toguz play --line --opponent human --speech off",
        "  toguz --open games.pgn                  " + _("review a record move by move"),
        "  toguz --language kk                     "
        + _("play in Kazakh (kk), Russian (ru), Kyrgyz (ky), Czech (cs), German (de), Polish (pl), Dutch (nl) or "
            "English (en)"),
        "  toguz speech --check                    " + _("which voices work here, and how to fix the others"),
        "  toguz learn                             " + _("lessons, spoken: the board, sowing, captures, tuzdyks ..."),
        "  toguz puzzles --line                    " + _("puzzles from master games: find the best move"),
    ])


def play_parser(prog: str = "toguz") -> argparse.ArgumentParser:
    """The options shared by the TUI and the line mode (their help in the language spoken now)."""
    parser = WordedParser(prog=prog, description=_description(), epilog=_epilog(), formatter_class=WordedRawFormatter,
                          version=f"toguz {__version__}")
    parser.add_argument("--line", action="store_true",
                        help=_("line mode: one line per event, nothing redrawn (screen readers, scripts)"))
    parser.add_argument("--plain", action=argparse.BooleanOptionalAction, dest="plain_input",
                        help=_("the line mode with plain input: what you type and what toguz writes is only added to "
                               "the screen, never redrawn, the cursor never hidden (braille displays, Speakup); "
                               "implies --line"))
    parser.add_argument("--variant", choices=tuple(VARIANT_KEYS),
                        help=_("which game to start (default: your setting, toguz at first)"))
    parser.add_argument("--opponent", choices=OPPONENTS,
                        help=_("play the computer, or a second person at the same keyboard"))
    parser.add_argument("--level", type=int, choices=range(1, len(LEVELS) + 1), metavar="N",
                        help=_("the computer's strength, 1 (beginner) to {levels} (strongest)").format(
                            levels=len(LEVELS)))
    parser.add_argument("--colour", "--color", choices=COLOURS, dest="colour",
                        help=_("your side against the computer; White moves first"))
    parser.add_argument("--speech", metavar="BACKEND", choices=SPEECH_CHOICES,
                        help=_("toguz's own voice: auto (on, but off in the screen-reader mode), on, off, "
                               "or a backend: {backends}").format(backends=", ".join(AUTO_ORDER)))
    parser.add_argument("--screen-reader", action=argparse.BooleanOptionalAction, dest="screen_reader",
                        help=_("the screen-reader mode: a plain board that your screen reader reads, every "
                               "message where the cursor is, toguz's own voice off unless --speech on"))
    parser.add_argument("--verbosity", choices=VERBOSITIES, help=_("how much is said after each move"))
    parser.add_argument("--language", choices=LANGUAGE_CHOICES,
                        help=_("the language toguz speaks and writes: {languages}, or auto (the system's)").format(
                            languages=", ".join(f"{code} ({language.name})" for code, language in LANGUAGES.items())))
    parser.add_argument("--open", metavar="FILE",
                        help=_("open a record (PGN-style) to review, or a FEN file to play"))
    parser.add_argument("--fen", metavar="FEN", help=_("start a game from this position"))
    parser.add_argument("--clock", metavar="MINUTES[+INCREMENT]", type=_clock_option,
                        help=_("play on the clock: minutes for each player, and seconds added after each move "
                               "(60, 20, 15+10, 5+3; none for no clock)"))
    parser.add_argument("--sounds", choices=("on", "off"),
                        help=_("short sounds for moves, captures, your turn and errors (default: your setting, on)"))
    parser.add_argument("--seed", type=_seed_option, metavar="N",
                        help=_("seed the computer, to replay a game exactly (toguz puzzles: the order of the puzzles)"))
    parser.add_argument("--new", action="store_true", help=_("start a new game even if one is saved"))
    return parser


def _clock_option(text: str) -> str:
    """``--clock``'s value as the settings keep it; argparse says the reason when it cannot be read."""
    from toguz_tui.files.settings import clock_setting

    try:
        return clock_setting(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _no_board_here() -> bool:
    """True (and said once) when the full-screen board cannot be shown: no terminal at both ends (a pipe, a
    file, ``/dev/null``), or a terminal that says it cannot draw (``TERM`` ``dumb``, ``unknown``, or empty but on
    Windows, whose consoles set none: ``speech.system.terminal``)."""
    from speech.system.terminal import says_it_cannot_draw

    term = os.environ.get("TERM", "")
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        print(_("toguz is not in a terminal (its input or output is a pipe or a file), so it starts in the line "
                "mode."), flush=True)
        return True
    if says_it_cannot_draw(term):
        print(_("This terminal (TERM={term}) cannot show the full-screen board, so toguz starts in the line "
                "mode.").format(term=term), flush=True)
        return True
    return False


def _player_option(text: str) -> str:
    """``--player``'s name as given: refused (never changed, so that two players are never merged) when it
    holds a control character or a byte that is not text, or is longer than the progress file keeps."""
    from toguz_tui.training.progress import NAME_LENGTH

    name = text.strip()
    if not name.isprintable() or len(name) > NAME_LENGTH:
        raise argparse.ArgumentTypeError(_("a player's name is up to {most} letters, digits, spaces and signs, "
                                           "without control characters").format(most=NAME_LENGTH))
    return name


def _unusable_folder(args: list[str]) -> int | None:
    """Exit status 2, with one line in the system's language, when a folder of toguz's cannot be used."""
    from toguz_tui.start.folders import unusable_folder

    if unusable_folder() is None:
        return None
    set_language(language_asked(args) or from_environment(os.environ))  # the settings cannot be read for it
    print(unusable_folder(), file=sys.stderr)  # worded again, in that language
    return 2


def _seed_option(text: str) -> int:
    """``--seed``'s number, bounded as a saved game keeps it; argparse says the reason when it is not."""
    from toguz_tui.files.storage import MOST_SEED

    try:
        seed = int(text) if len(text) <= 30 else -1
    except ValueError:
        seed = -1
    if not 0 <= seed <= MOST_SEED:
        raise argparse.ArgumentTypeError(_("the seed is a whole number from 0 to {most}").format(most=MOST_SEED))
    return seed


def choose_language(args: list[str]) -> str:
    """Speak the language that ``--language`` asks for, else the setting's, else the system's, before
    anything is said (the help of the options too); its code."""
    from toguz_tui.files.settings import stored_language

    wanted = language_asked(args)
    if wanted not in LANGUAGES:
        wanted = wanted or stored_language()
    if wanted not in LANGUAGES:
        wanted = from_environment(os.environ)
    set_language(wanted)
    return wanted


def install_last_guard() -> None:
    """A fault in any thread is written to the error log and told in one line, never as a traceback
    on the screen (where it would also garble the full-screen board)."""
    import threading

    from toguz_tui.files.storage import log_failure

    def tell(error: BaseException) -> None:
        where = log_failure(error)
        sys.stderr.write("toguz: " + _("something went wrong ({what}); details in {log}").format(
            what=f"{type(error).__name__}: {error}", log=where) + "\n")

    def hook(kind: type[BaseException], error: BaseException, trace: object) -> None:
        if isinstance(error, KeyboardInterrupt):
            return
        tell(error)

    def thread_hook(args: threading.ExceptHookArgs) -> None:
        if args.exc_value is not None:
            tell(args.exc_value)

    sys.excepthook = hook
    threading.excepthook = thread_hook


def main(argv: list[str] | None = None) -> int:
    """Run ``toguz`` with ``argv`` (default: the process arguments); the exit status. Output cut short by
    its reader (``toguz sounds --list | head``) ends the program quietly."""
    try:
        return _main(argv)
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # nothing more reaches the closed pipe, not even at exit
        return 1


def _main(argv: list[str] | None) -> int:
    from toguz_tui.start.encoding import fit_output

    args = sys.argv[1:] if argv is None else list(argv)
    fit_output()  # a terminal that cannot show a letter gets a question mark, never an error
    if args and args[0] == "speech":
        from speech.voices import speech_command

        return speech_command.main(args[1:])
    if args and args[0] == "sounds":
        from speech.sounds import sounds_command

        return sounds_command.main(args[1:])
    if (args and args[0] in ("online", "bot", "play", "learn", "puzzles")) or not args or args[0].startswith("-"):
        refused = _unusable_folder(args)
        if refused is not None:
            return refused
    if args and args[0] in ("online", "bot"):
        choose_language(args[1:])
        cannot_show = fit_output()
        if cannot_show is not None:
            print(cannot_show, file=sys.stderr, flush=True)
        install_last_guard()
        if args[0] == "bot":  # toguz's engine playing for a BOT account
            import toguz_tui.online.bot.bot_command

            return toguz_tui.online.bot.bot_command.main(args[1:])
        import toguz_tui.online.main

        return toguz_tui.online.main.main(args[1:])
    choose_language(args)
    cannot_show = fit_output()  # said first by the session, on the board as in the line mode
    from toguz_tui.start.start_options import StartOptions, Training

    prog = "toguz"
    training: Training | None = None
    if args and args[0] in ("play", "learn", "puzzles"):
        training = "learn" if args[0] == "learn" else "puzzles" if args[0] == "puzzles" else None
        args, prog = args[1:], f"toguz {args[0]}"
    parser = play_parser(prog)
    if training == "puzzles":
        parser.add_argument("--player", metavar="NAME", default="", type=_player_option,
                            help=_("whose puzzle rating and streak (each player has his own; default: yours)"))
    options = StartOptions.parsed(parser.parse_args(args), training, cannot_show)
    if training and (options.open or options.fen):
        parser.error(_("--open and --fen start a game; toguz learn and toguz puzzles do not take them"))
    install_last_guard()
    try:
        from toguz_tui.start.first_run import first_start

        options = first_start(options)
        line = options.line or bool(options.plain_input) or _no_board_here()
        from toguz_tui.start.faces import run_face
        from toguz_tui.start.launch import build_session

        return run_face(build_session(options), line, first_start=options.first_start_asked)
    except KeyboardInterrupt:
        return 130
