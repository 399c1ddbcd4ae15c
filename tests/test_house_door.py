"""The door's figures of ``bench/house.py`` (issue 53): the modules that call themselves the seam, the seam's
imports outside itself and the package pairs importing each other, counted on small trees made here, and
today's house within its targets."""

from __future__ import annotations

from pathlib import Path

from bench.house import main
from bench.house_door import (
    calls_itself_the_seam,
    door_figures,
    package_pairs,
    seam_imports_outward,
    seam_self_descriptions,
)
from tests.needs import REPO
from tests.trees import write_tree

PACKAGES = {"rules/__init__.py": "", "speech/__init__.py": "", "toguz_tui/__init__.py": ""}


def test_a_module_calls_itself_the_seam_only_in_its_first_sentence_and_as_what_it_is() -> None:
    assert calls_itself_the_seam('What differs by system: the seam, the one door.')
    assert calls_itself_the_seam("This package is the one seam. It holds the rest.")
    assert not calls_itself_the_seam("Voices spoken through the seam.")
    assert not calls_itself_the_seam("The seam's words. Said in the player's language.")
    assert not calls_itself_the_seam("Sounds. Played through the seam, which is the seam of ``speech.system``.")
    assert not calls_itself_the_seam(None)


def test_two_packages_calling_themselves_the_seam_and_a_seam_reaching_out_miss_their_targets(
        tmp_path: Path) -> None:
    root = write_tree(tmp_path, {**PACKAGES,
                                 "speech/system/__init__.py": '"""What differs by system: the seam."""\n',
                                 "speech/system/locks.py": '"""Locks."""\nfrom speech.words.i18n import _\n',
                                 "speech/words/__init__.py": "", "speech/words/i18n.py": "",
                                 "speech/machine.py": '"""What this computer has: the one seam."""\n'})
    assert [place.file for place in seam_self_descriptions(root)] == ["speech/machine.py",
                                                                       "speech/system/__init__.py"]
    assert [(place.file, place.line) for place in seam_imports_outward(root)] == [("speech/system/locks.py", 2)]
    missed = door_figures(root)[1]
    assert missed == ["2 packages calling themselves the seam", "1 seam modules importing outside the seam"]
    assert main(["--check", str(root)]) == 1
    (root / "speech/machine.py").unlink()
    (root / "speech/system/locks.py").write_text('"""Locks."""\nfrom speech.system import system\n')
    assert door_figures(root)[1] == []


def test_two_packages_importing_each_other_are_a_pair_but_a_package_and_its_own_are_not(tmp_path: Path) -> None:
    root = write_tree(tmp_path, {**PACKAGES, "toguz_tui/commands/__init__.py": "",
                                 "toguz_tui/commands/table.py": "from toguz_tui.keyboards import places\n",
                                 "toguz_tui/keyboards/__init__.py": "",
                                 "toguz_tui/keyboards/places.py": "def f():\n"
                                                                  "    from toguz_tui.commands import table\n",
                                 "toguz_tui/session/__init__.py": "",
                                 "toguz_tui/session/facade.py": "from toguz_tui.session.output import output\n",
                                 "toguz_tui/session/output/__init__.py": "",
                                 "toguz_tui/session/output/output.py": "from toguz_tui.session import facade\n"})
    pairs = package_pairs(root)
    assert [place.what.split(":")[0] for place in pairs] == ["toguz_tui.commands <-> toguz_tui.keyboards"]
    assert door_figures(root)[1] == ["1 package pairs importing each other"]


def test_the_house_has_one_door_that_reaches_nowhere_and_no_pair_of_packages_importing_each_other() -> None:
    named = seam_self_descriptions(REPO)
    assert [place.file for place in named] == ["speech/system/__init__.py"]
    lines, missed = door_figures(REPO)
    assert missed == [], "\n".join(lines)
