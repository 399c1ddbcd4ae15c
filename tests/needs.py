"""One rule for tests that need something outside the project: a system program, a library, the
real-game data. Where it is missing the test skips with a plain reason that names what to install
(``pytest -rs`` lists them); where ``CI`` is set it fails instead, because CI installs everything.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from speech.system.machine import Machine

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO.parent / "shared" / "data"
SHARED_TOOLS = REPO.parent / "shared" / "tools"

# The Debian package that brings each program or library the full test run needs.
PACKAGES = {
    "espeak-ng": "espeak-ng", "aplay": "alsa-utils", "tmux": "tmux", "fenrir": "fenrir",
    "orca": "orca", "Xvfb": "xvfb", "xdotool": "xdotool", "libespeak-ng": "libespeak-ng1",
}


def in_ci() -> bool:
    """True where the ``CI`` variable says this is a CI run (any value but empty, 0, false, no)."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def need(present: bool, what: str) -> None:
    """Skip this test, saying ``what`` is missing, unless ``present``; fail instead on CI."""
    __tracebackhide__ = True  # a skip is reported at the test that needs it
    if present:
        return
    if in_ci():
        pytest.fail(f"{what} (CI is set, so everything the tests need must be installed)", pytrace=False)
    pytest.skip(what)


def need_program(name: str) -> str:
    """The path of the system program ``name``, or skip (fail on CI) naming its Debian package."""
    __tracebackhide__ = True  # a skip is reported at the test that needs it
    path = shutil.which(name)
    package = PACKAGES.get(name, name)
    need(path is not None, f"{name} is not installed (sudo apt-get install {package})")
    assert path is not None
    return path


def need_library(name: str) -> None:
    """Skip (fail on CI) unless the shared library ``name`` loads, naming its Debian package."""
    __tracebackhide__ = True  # a skip is reported at the test that needs it
    package = PACKAGES.get(f"lib{name}", f"lib{name}")
    need(Machine().library(name), f"the {name} library is not installed (sudo apt-get install {package})")


def need_shared_data() -> Path:
    """The real-game collections in ``../shared/data``, or skip (fail on CI)."""
    __tracebackhide__ = True  # a skip is reported at the test that needs it
    need(SHARED_DATA.is_dir(), "../shared/data is not here: the real-game collections are only on "
                               "development and CI machines")
    return SHARED_DATA


def need_shared_tool(relative: str) -> Path:
    """A listening tool from ``../shared/tools`` (Fenrir's or Orca's), or skip (fail on CI)."""
    __tracebackhide__ = True  # a skip is reported at the test that needs it
    path = SHARED_TOOLS / relative
    need(path.is_file(), f"../shared/tools/{relative} is not here: the screen-reader tools are only on "
                         "development and CI machines")
    return path
