"""The words argparse writes itself, in the player's language: every command line of toguz (``toguz``,
``toguz speech``, ``toguz sounds``, ``toguz online``, ``toguz bot``) is a ``WordedParser``, whose help says
"usage:", "options:", "positional arguments:" and the lines of ``-h`` and ``--version`` in the language
spoken now, as the rest of its help is.

argparse asks gettext's global domain for these words (``gettext.gettext``), which toguz's catalogue is not,
and which follows the environment, not ``--language``; so the parser is given them through its own
arguments: the usage's prefix, the two groups' titles, and a ``-h`` and ``--version`` of its own. (The
groups are argparse's ``_positionals`` and ``_optionals``: every argument without a group of its own goes
there, and their titles are only read when the help is written.)
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from typing import Any

from speech.words.i18n import _


class WordedFormatter(argparse.HelpFormatter):
    """argparse's formatter whose usage line starts with the language's "usage:"."""

    def add_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                  groups: Iterable[argparse._MutuallyExclusiveGroup], prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)


class WordedRawFormatter(WordedFormatter, argparse.RawDescriptionHelpFormatter):
    """The same, with the description and the epilog kept as written (their examples line by line)."""


class WordedParser(argparse.ArgumentParser):
    """An argument parser whose own words are the language's; ``version`` (when given) is what
    ``--version`` prints."""

    def __init__(self, *args: Any, version: str | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", WordedFormatter)
        kwargs["add_help"] = False
        super().__init__(*args, **kwargs)
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")
        self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                          help=_("show this help and exit"))
        if version is not None:
            self.add_argument("--version", action="version", version=version,
                              help=_("show toguz's version and exit"))
