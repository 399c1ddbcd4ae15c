"""The compiled search's shape that keeps its compiling short (``fast``'s docstring): the big parts of the
search compiled once for Toguz's constants and once for the small variants, and nothing compiled again
because a literal was passed. Read from numba's cache on disk, one file for each compiled signature of a
function (``fast.<name>-<line>.py<version>.<n>.nbc``), so that the test needs no compiling of its own."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from tests.needs import need

# How many signatures each function of the search is compiled for: the search, a node, the leaf, the move and
# the evaluation twice (Toguz's 9 pits and 162 stones as literals, and the small variants' general copy), each
# root once (``play`` and ``evaluate`` themselves serve the compiled rules and the tests, not the search).
WANTED = {"_root_toguz": 1, "_root_small": 1, "_root_with": 2, "_negamax_with": 2, "_enter": 2, "_leaf": 2,
          "_play_n": 2, "_evaluate_n": 2}


@pytest.fixture(autouse=True)
def numba_present() -> None:
    need(importlib.util.find_spec("numba") is not None, "numba is not installed: there is no compiled search")


def test_each_part_of_the_search_is_compiled_once_for_each_copy() -> None:
    import numba

    from rules.engine.fast import warm

    warm()
    folder = Path(numba.config.CACHE_DIR)  # type: ignore[attr-defined]
    kept = list(folder.rglob("fast.*.nbc"))
    need(bool(kept), f"numba keeps no compiled search in {folder} (a folder that cannot be written)")
    found = {name: len([path for path in kept if path.name.startswith(f"fast.{name}-")]) for name in WANTED}
    assert found == WANTED
