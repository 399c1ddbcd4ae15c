"""The ``toguz`` command: the game (TUI or line mode), and ``toguz speech`` for testing voices."""

from __future__ import annotations

import argparse
import os
import sys

from toguz_tui import __version__

DESCRIPTION = """Toguz Kumalak, Kozdatu and Bestemshe in the terminal, for players with and without sight.
Plain `toguz` (the same as `toguz play`) opens the full-screen board; `--line` plays line by line,
which every screen reader and braille display follows. `toguz speech --help` tests the voices."""

EPILOG = """examples:
  toguz                                   resume the saved game, or start one with your settings
  toguz --opponent human --speech off --new
  toguz play --line --variant bestemshe --level 2 --colour black
  printf '7\\nboard\\nquit\\n' | toguz play --line --opponent human --speech off
  toguz --open games.pgn                  review a record move by move
  toguz speech --check                    which voices work here, and how to fix the others"""


def play_parser(prog: str = "toguz") -> argparse.ArgumentParser:
    """The options shared by the TUI and the line mode."""
    parser = argparse.ArgumentParser(prog=prog, description=DESCRIPTION, epilog=EPILOG,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"toguz {__version__}")
    parser.add_argument("--line", action="store_true",
                        help="line mode: one line per event, nothing redrawn (screen readers, scripts)")
    parser.add_argument("--variant", choices=("toguz", "bestemshe", "kozdatu"),
                        help="which game to start (default: your setting, toguz at first)")
    parser.add_argument("--opponent", choices=("computer", "human"),
                        help="play the computer, or a second person at the same keyboard")
    parser.add_argument("--level", type=int, choices=range(1, 9), metavar="N",
                        help="the computer's strength, 1 (beginner) to 8 (strongest)")
    parser.add_argument("--colour", "--color", choices=("white", "black"), dest="colour",
                        help="your side against the computer; White moves first")
    parser.add_argument("--speech", metavar="BACKEND",
                        choices=("auto", "on", "pyttsx3", "espeak-ng", "speech-dispatcher", "screen-reader",
                                 "silent", "off"),
                        help="toguz's own voice: auto (on, but off in the screen-reader mode), on, off, "
                             "or a backend: pyttsx3, espeak-ng, speech-dispatcher, screen-reader")
    parser.add_argument("--screen-reader", action=argparse.BooleanOptionalAction, dest="screen_reader",
                        help="the screen-reader mode: a plain board that your screen reader reads, every "
                             "message where the cursor is, toguz's own voice off unless --speech on")
    parser.add_argument("--verbosity", choices=("brief", "normal", "full"),
                        help="how much is said after each move")
    parser.add_argument("--open", metavar="FILE",
                        help="open a record (PGN-style) to review, or a FEN file to play")
    parser.add_argument("--fen", metavar="FEN", help="start a game from this position")
    parser.add_argument("--seed", type=int, metavar="N", help="seed the computer, to replay a game exactly")
    parser.add_argument("--new", action="store_true", help="start a new game even if one is saved")
    return parser


def install_last_guard() -> None:
    """A fault in any thread is written to the error log and told in one line, never as a traceback
    on the screen (where it would also garble the full-screen board)."""
    import threading

    from toguz_tui.storage import log_failure

    def tell(error: BaseException) -> None:
        where = log_failure(error)
        sys.stderr.write(f"toguz: something went wrong ({type(error).__name__}: {error}); details in {where}\n")

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
    """Run ``toguz`` with ``argv`` (default: the process arguments); the exit status."""
    args = sys.argv[1:] if argv is None else list(argv)
    if args and args[0] == "speech":
        from speech.cli import main as speech_main

        return speech_main(args[1:])
    prog = "toguz"
    if args and args[0] == "play":
        args, prog = args[1:], "toguz play"
    options = play_parser(prog).parse_args(args)
    install_last_guard()
    try:
        from toguz_tui.first_start import first_start

        first_start(options)
        if not options.line and os.environ.get("TERM", "") in ("dumb", "unknown"):
            from speech import phrases

            print(phrases.dumb_terminal(os.environ["TERM"]), flush=True)
            options.line = True
        if options.line:
            from toguz_tui.line import run_line_mode

            return run_line_mode(options)
        from toguz_tui.tui import run_tui

        return run_tui(options)
    except KeyboardInterrupt:
        return 130
