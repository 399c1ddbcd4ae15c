"""The ``toguz`` command: dispatches to its subcommands."""

from __future__ import annotations

import sys

from toguz_tui import __version__

USAGE = f"""toguz {__version__}: Toguz Kumalak, Kozdatu and Bestemshe in the terminal

usage:
  toguz speech ...       test speech: --check, --voices, --say TEXT, --wav FILE TEXT
  toguz --version        print the version
  toguz --help           this text
"""


def main(argv: list[str] | None = None) -> int:
    """Run ``toguz`` with ``argv`` (default: the process arguments); the exit status."""
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] == "speech":
        from speech.cli import main as speech_main

        return speech_main(args[1:])
    if args and args[0] in ("--version", "-V"):
        print(f"toguz {__version__}")
        return 0
    print(USAGE, end="")
    return 0 if not args or args[0] in ("--help", "-h") else 2
