"""Where numba keeps the compiled search on disk, and whether it is there yet, known without numba.

The compiled search (``fast``) is compiled once, the first time it is used, and numba keeps the machine
code in a cache folder named after the engine's sources and numba's version (``cache_dir``). Compiling
takes tens of seconds; loading it from the cache, tenths. ``ready`` tells which of the two a process would
meet, without importing numba (half a second), from a mark that ``fast.warm`` leaves in the folder once
every function of the search has been compiled and kept (``mark_ready``): one mark for each family of
variants compiled apart (``FAMILIES``: Toguz Kumalak's, with its 9 pits and 162 stones constants, and the
small variants'), so that Toguz's is ready without waiting for the other's. ``NUMBA_CACHE_DIR`` in the
environment, where set, is the parent of the folder (so a tool or a test can start from a cold cache).
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import os
from pathlib import Path
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from rules.variant import Variant

SOURCES = ("fast.py", "lean.py", "evaluate.py", "search.py")  # what the compiled search mirrors
Family = Literal["toguz", "small"]
FAMILIES: tuple[Family, ...] = ("toguz", "small")  # compiled in this order
READY = "ready"  # the mark's name inside the folder: ``ready-toguz``, ``ready-small``


def family_of(variant: Variant) -> Family:
    """Which compiled search plays ``variant``: Toguz Kumalak's own, or the small variants' (any other)."""
    return "toguz" if (variant.pits, variant.total) == (9, 162) else "small"


def numba_version() -> str:
    """numba's version as installed (its metadata: importing numba takes half a second), or ``""``."""
    try:
        return importlib.metadata.version("numba")
    except importlib.metadata.PackageNotFoundError:
        return ""


def cache_dir(here: Path | None = None) -> Path:
    """Where numba keeps the compiled search: a folder named after the engine's sources (``fast.py`` and the
    rules, evaluation and search it mirrors) and numba's version, under ``NUMBA_CACHE_DIR`` where that is
    set, else next to the sources or, where that cannot be written, in the user's cache. numba itself only
    notices a change to ``fast.py``; a new weight in ``evaluate.py`` must not leave an old search in use."""
    here = here or Path(__file__).resolve().parent
    digest = hashlib.sha256(numba_version().encode())
    for name in SOURCES:
        digest.update((here / name).read_bytes())
    folder = f"numba-{digest.hexdigest()[:16]}"
    chosen = os.environ.get("NUMBA_CACHE_DIR")
    if chosen:
        return Path(chosen) / folder
    if os.access(here, os.W_OK):
        return here / "__pycache__" / folder
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "toguz" / folder


def ready(folder: Path | None = None, family: Family = "toguz") -> bool:
    """Whether ``family``'s compiled search is kept in ``folder`` (``cache_dir()``), so that it loads at once."""
    try:
        return ((folder or cache_dir()) / f"{READY}-{family}").is_file()
    except OSError:
        return False


def mark_ready(folder: Path, family: Family) -> None:
    """Leave the mark that ``family``'s compiled search is whole in ``folder`` (a folder that cannot be
    written leaves none: each start then loads what numba kept, or compiles it again)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{READY}-{family}").write_text(numba_version() + "\n", encoding="utf-8")
    except OSError:
        pass
