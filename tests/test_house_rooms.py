"""The rooms' figures of ``bench/house.py`` (issue 36, item 3): twin basenames and renaming imports, counted
on small trees made here, and today's house within its targets."""

from __future__ import annotations

from pathlib import Path

from bench.house import main
from bench.house_rooms import renaming_imports, room_figures, twin_basenames
from tests.needs import REPO
from tests.trees import write_tree


def test_a_file_name_in_two_folders_is_a_twin_and_misses_the_target(tmp_path: Path) -> None:
    root = write_tree(tmp_path, {"rules/__init__.py": "", "rules/game.py": "", "toguz_tui/__init__.py": "",
                           "toguz_tui/board/__init__.py": "", "toguz_tui/board/game.py": "", "speech/__init__.py": "",
                           "speech/voice.py": ""})
    assert twin_basenames(root) == {"game.py": ["rules/game.py", "toguz_tui/board/game.py"]}
    lines, missed = room_figures(root)
    assert "  game.py: rules/game.py, toguz_tui/board/game.py" in lines and missed == ["1 twin basenames"]
    assert main(["--check", str(root)]) == 1


def test_imports_that_rename_are_counted_but_numpy_as_np(tmp_path: Path) -> None:
    root = write_tree(tmp_path, {"rules/__init__.py": "", "speech/__init__.py": "", "toguz_tui/__init__.py": "",
                           "speech/cues.py": "import numpy as np\nimport numpy.typing as npt\n"
                                             "from toguz_tui import cli as command\n",
                           "toguz_tui/cli.py": "import json as j\nfrom os import path as where\nfrom os import sep\n"
                                               "from os import name as name\n"})
    found = [(place.file, place.line, place.what) for place in renaming_imports(root)]
    assert found == [("speech/cues.py", 3, "toguz_tui.cli as command"), ("toguz_tui/cli.py", 1, "json as j"),
                     ("toguz_tui/cli.py", 2, "os.path as where")]
    assert room_figures(root)[1] == []  # three, the most allowed
    (root / "rules/game.py").write_text("from typing import Any as Anything\n", encoding="utf-8")
    assert room_figures(root)[1] == ["4 renaming imports"]


def test_the_house_has_no_twin_basename_and_at_most_three_renaming_imports() -> None:
    assert twin_basenames(REPO) == {}
    assert len(renaming_imports(REPO)) <= 3, renaming_imports(REPO)


def test_the_tests_folders_mirror_the_source_folders() -> None:
    # tests/rules, tests/speech, tests/toguz_tui/board ...: each folder of tests stands for a folder of the source
    folders = sorted(path.parent.relative_to(REPO / "tests") for path in (REPO / "tests").rglob("test_*.py")
                     if path.parent != REPO / "tests")
    assert folders, "no folder of tests found"
    assert [folder for folder in folders if not (REPO / folder).is_dir()] == []
