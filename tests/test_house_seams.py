"""``bench/house_seams.py`` counts the parts behind seams, on a small tree of modules written for the test."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.house import main
from bench.house_seams import engine_patches, output_methods, seam_figures, wiring
from tests.needs import REPO
from tests.trees import write_tree

SOURCES = {
    "tests/__init__.py": "",
    "tests/test_engine_use.py": (
        "def test_a(monkeypatch):\n"
        "    monkeypatch.setattr(Engine, 'choose', slow)\n"  # an attribute of Engine
        "    monkeypatch.setattr(advisor, 'Engine', partial(Engine, reproducible=True))\n"  # a module's Engine
        "    monkeypatch.setattr(engine_module.Engine, '_best', blunders)\n"
        "    patch('toguz_tui.session.advisor.Engine')\n"  # a dotted name
        "    patch.object(rules.engine.Engine, 'analyse')\n"
        "    monkeypatch.setattr(storage, 'save_current', full)\n"  # not the engine
        "    monkeypatch.setattr('rules.engines_list', [])\n"  # not a part named Engine
        "    Engine(8).choose(position)\n"  # an engine used, not patched
        "class SlowEngine(Engine):\n"  # an engine of the test's own
        "    def choose(self): ...\n"
    ),
    "toguz_tui/__init__.py": "",
    "toguz_tui/session/__init__.py": "",
    "toguz_tui/session/parts.py": (
        "class Part:\n"
        "    def __init__(self, lock: RLock, view: Callable[[], View], moved: Callable[[int], None],\n"
        "                 now: Callable[[], float], port: SessionPort, *, ended: Callable[[], None] = none):\n"
        "        ...\n"
        "class Record:\n"  # no __init__ of its own: never a part built with callbacks
        "    game: Game\n"
    ),
    "toguz_tui/session/facade.py": (
        "class GameSession:\n"
        "    def __init__(self, now, engines):\n"
        "        self.part = Part(self.lock, lambda: self.view, self.output.moved, now, self,\n"  # two
        "                         ended=lambda: self.end(lambda game: game.over))\n"  # one, with two lambdas
        "        self.other = Part(self.lock, self.view_of, print, now, self)\n"  # one: print is not ours
        "        self.record = Record(lambda: 1)\n"  # not a Callable parameter: a lambda, no callback
        "    def play(self): ...\n"
    ),
    "toguz_tui/session/output/output.py": (
        "class Output:\n"
        "    def __init__(self): ...\n"
        "    def say(self): ...\n"
        "    @property\n"
        "    def cells(self): ...\n"
    ),
}


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    return write_tree(tmp_path, SOURCES)


def test_each_patch_of_the_engine_in_the_tests_is_found(tree: Path) -> None:
    assert [(place.file, place.line) for place in engine_patches(tree)] == [
        ("tests/test_engine_use.py", line) for line in (2, 3, 4, 5, 6)]


def test_the_wirings_callbacks_are_lambdas_and_things_of_self_given_for_callable_parameters(tree: Path) -> None:
    found = wiring(tree)
    assert found is not None
    assert [(place.line, place.what) for place in found.callbacks] == [
        (3, "Part(view): lambda: self.view"),
        (3, "Part(moved): self.output.moved"),
        (4, "Part(ended): lambda: self.end(lambda game: game.over)"),
        (5, "Part(view): self.view_of"),
    ]
    assert found.lambdas == 4


def test_outputs_methods_are_counted(tree: Path) -> None:
    assert output_methods(tree) == ("toguz_tui/session/output/output.py", 3)


def test_the_seams_are_printed_and_checked(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines, missed = seam_figures(tree)
    assert "Engine patches in tests: 5 (target: 0)" in lines
    assert "Constructor callbacks in the session's wiring: 4 (target: at most 0)" in lines
    assert "  toguz_tui/session/facade.py:3: Part(moved): self.output.moved" in lines
    assert "Lambdas in the session's wiring: 4 (target: at most 0)" in lines
    assert "Output's methods: 3 (target: at most 12) in toguz_tui/session/output/output.py" in lines
    assert missed == ["5 engine patches in tests", "4 constructor callbacks in the session's wiring",
                      "4 lambdas in the session's wiring"]
    assert main(["--check", str(tree)]) == 1
    assert "  5 engine patches in tests" in capsys.readouterr().out


def test_no_patch_no_callback_and_no_lambda_meet_the_targets(tree: Path) -> None:
    (tree / "tests/test_engine_use.py").write_text("class SlowEngine(Engine): ...\n", encoding="utf-8")
    (tree / "toguz_tui/session/facade.py").write_text(  # a view given by name, the session as a port: no callback
        "class GameSession:\n    def __init__(self, now, view):\n        self.part = Part(self.lock, view, print, now,"
        " self)\n", encoding="utf-8")
    assert seam_figures(tree)[1] == []


def test_the_program_has_no_engine_patch_no_callback_in_its_wiring_and_output_keeps_the_saying() -> None:
    assert engine_patches(REPO) == []
    found = wiring(REPO)
    assert found is not None and found.callbacks == [] and found.lambdas == 0
    assert output_methods(REPO) == ("toguz_tui/session/output/output.py", 12)
