"""The file ``toguz online export`` writes, looked at before anything is asked of the server: whether it may be
written (not a folder, a device, a read-only file or one in a folder that may not be written), and an existing
one replaced only with ``--replace`` or a yes typed at a terminal; each refusal one line on the error output.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from speech.words import phrases
from speech.words.i18n import _, n_
from toguz_tui.commands.lexicon import typed_answer
from toguz_tui.files.user_files import FileProblem, read_only, where_to_write
from toguz_tui.session.records.record_files import games_in

LONGEST_ANSWER = 200  # characters of a typed answer read


def fail(reason: str, status: int = 1) -> int:
    print(_("toguz online export: {reason}.").format(reason=reason), file=sys.stderr, flush=True)
    return status


def target_refused(path: Path, replace: bool, name: str) -> int | None:
    """The exit status when ``path`` may not be written (said), else None: a folder, a device or a missing
    folder; a read-only file; an existing file without ``--replace`` or a yes typed at a terminal."""
    shown = phrases.visible(str(path))
    try:
        target = where_to_write(path)
        if target.exists and read_only(target.path):
            raise FileProblem(_("it is read-only; toguz changes it only when you make it writable"))
        if not os.access(target.path.parent, os.W_OK):
            raise FileProblem(_("its folder may not be written"))
    except (FileProblem, OSError) as problem:
        return fail(_("cannot write {file}: {reason}").format(file=shown, reason=problem), 2)
    if not target.exists or replace:
        return None
    count = games_in(target.path)
    if sys.stdin.isatty() and sys.stderr.isatty():
        if _asked_yes(shown, count, name):
            return None
        print(_("{file} is kept as it was; nothing was written.").format(file=shown), file=sys.stderr, flush=True)
        return 1
    if count is None:
        return fail(_("{file} already exists, so nothing was written: add --replace to replace it").format(
            file=shown), 2)
    return fail(n_("{file} already exists (it holds {count} game), so nothing was written: add --replace to "
                    "replace it",
                    "{file} already exists (it holds {count} games), so nothing was written: add --replace to "
                    "replace it", count).format(file=shown, count=count), 2)


def _asked_yes(shown: str, count: int | None, name: str) -> bool:
    """Asked at a terminal whether to replace the existing file: only yes replaces it."""
    if count is None:
        question = _("{file} already exists. Replace it with {name}'s games? Type y or n, then Enter (Enter "
                     "alone: no): ").format(file=shown, name=name)
    else:
        question = n_("{file} already exists and holds {count} game. Replace it with {name}'s games? Type y or n, "
                      "then Enter (Enter alone: no): ",
                      "{file} already exists and holds {count} games. Replace it with {name}'s games? Type y or n, "
                      "then Enter (Enter alone: no): ", count).format(file=shown, count=count, name=name)
    sys.stderr.write(question)
    sys.stderr.flush()
    try:
        answer = sys.stdin.readline(LONGEST_ANSWER)
    except (KeyboardInterrupt, EOFError, OSError):
        sys.stderr.write("\n")
        return False
    return typed_answer(answer) == "y"
