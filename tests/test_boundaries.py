"""Dependencies point one way: toguz_tui -> speech -> rules, with no cycle between modules, no two packages
importing each other, and the seam (``speech.system``) importing nothing of ours outside itself.

The imports are read from the source by ``tests.import_graph``: every ``import`` statement counts,
one inside a function and one under ``if TYPE_CHECKING:`` like any other, since a cycle the type
checker needs is a cycle all the same.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from bench.house_door import SEAM, package_pairs
from tests.import_graph import PACKAGES, TYPE_ONLY, all_imports, cycle_text, cycles, import_graph
from tests.needs import REPO

ALLOWED = {"rules": {"rules"}, "speech": {"rules", "speech"}, "toguz_tui": {"rules", "speech", "toguz_tui"}}

CHECK = (
    "import sys, importlib; importlib.import_module({module!r}); "
    "loaded = [m for m in ('textual', 'prompt_toolkit', 'rich', 'numba') if m in sys.modules]; "
    "print(','.join(loaded))"
)


def test_each_package_imports_only_the_ones_below_it() -> None:
    wrong = [f"{found.source} imports {found.target} ({found.kind}, line {found.line})"
             for found in all_imports(REPO) if found.target.split(".")[0] not in ALLOWED[found.source.split(".")[0]]]
    assert not wrong, "\n".join(wrong)


# Inside the program, the parts below never reach up to the faces that use them.
LAYERS_BELOW = {
    "toguz_tui.files": ("toguz_tui.session", "toguz_tui.commands", "toguz_tui.board", "toguz_tui.line",
                        "toguz_tui.start", "toguz_tui.online", "toguz_tui.training"),
    "toguz_tui.training": ("toguz_tui.session", "toguz_tui.commands", "toguz_tui.board", "toguz_tui.line",
                           "toguz_tui.start", "toguz_tui.online"),
    "toguz_tui.session": ("toguz_tui.commands", "toguz_tui.board", "toguz_tui.line", "toguz_tui.start",
                          "toguz_tui.online"),
    "toguz_tui.commands": ("toguz_tui.board", "toguz_tui.line", "toguz_tui.start", "toguz_tui.online"),
}


def test_the_session_and_files_never_import_the_faces_or_the_commands() -> None:
    wrong = [f"{found.source} imports {found.target} ({found.kind}, line {found.line})"
             for found in all_imports(REPO, ["toguz_tui"]) for part, above in LAYERS_BELOW.items()
             if (found.source + ".").startswith(part + ".") and any((found.target + ".").startswith(up + ".")
                                                                    for up in above)]
    assert not wrong, "\n".join(wrong)


def test_the_seam_imports_nothing_of_ours_outside_itself() -> None:
    """Every layer may use the seam, the one door to the machine (``speech.system``): so none of its modules
    imports a module of ``speech`` outside it, nor of ``rules`` or ``toguz_tui`` (``speech.words`` among them:
    the seam hands back typed reasons, and ``speech.words.machine_words`` words them)."""
    def inside(name: str) -> bool:
        return (name + ".").startswith(SEAM + ".")

    wrong = [f"{found.source} imports {found.target} ({found.kind}, line {found.line})"
             for found in all_imports(REPO) if inside(found.source) and not inside(found.target)]
    assert not wrong, "\n".join(wrong)


def test_no_two_packages_import_each_other() -> None:
    """A package (a module's folder) that imports another is not imported by it; one holding the other
    (``speech`` and ``speech.words``) left out."""
    found = [f"{place.file}:{place.line}: {place.what}" for place in package_pairs(REPO)]
    assert not found, f"{len(found)} package pairs import each other:\n" + "\n".join(found)


@pytest.mark.parametrize("package", PACKAGES)
def test_no_two_modules_import_each_other_in_a_circle(package: str) -> None:
    graph = import_graph(REPO, [package])
    found = [cycle_text(cycle, graph) for cycle in cycles(graph)]
    assert not found, f"{len(found)} import cycles in {package}:\n" + "\n".join(found)


@pytest.mark.parametrize("package", ["rules", "speech"])
def test_no_import_for_the_type_checker_only_goes_up(package: str) -> None:
    """An import under ``if TYPE_CHECKING:`` in rules or speech names neither a package above it
    nor a module that imports this one, directly or not."""
    graph = import_graph(REPO)

    def reaches(start: str, goal: str) -> bool:
        seen, todo = {start}, [start]
        while todo:
            for target in graph[todo.pop()]:
                if target == goal:
                    return True
                if target not in seen:
                    seen.add(target)
                    todo.append(target)
        return False

    upward = [f"{found.source} line {found.line}: {found.target}" for found in all_imports(REPO)
              if found.kind == TYPE_ONLY and found.source.split(".")[0] == package
              and (found.target.split(".")[0] not in ALLOWED[package] or reaches(found.target, found.source))]
    assert not upward, "imports hidden under TYPE_CHECKING that go up:\n" + "\n".join(upward)


@pytest.mark.parametrize("module", ["rules", "rules.records", "rules.engine", "speech"])
def test_importing_the_rules_or_speech_loads_no_user_interface(module: str) -> None:
    # nor numba, which takes half a second to import: only the first search needs it
    result = subprocess.run([sys.executable, "-c", CHECK.format(module=module)],
                            capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""
