"""The compiled search made ready without freezing a game: loaded where numba's cache has it, else compiled in a
child process while the Python search plays (``toguz_tui.session.preparation``)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from rules.engine import engine
from rules.engine.compiled_cache import cache_dir, mark_ready, ready
from rules.engine.lean import LeanRules
from rules.engine.search import Searcher
from rules.variant import KOZDATU, TOGUZ
from speech.system import processes
from tests.waiting import until
from toguz_tui.session import preparation


class FakeLoad:
    """Stands in for ``engine.prepare`` (loading the compiled search from the cache): counts the loads and
    the threads they ran in."""

    def __init__(self) -> None:
        self.threads: list[str] = []
        self.families: list[str | None] = []

    def __call__(self, family: str | None = None) -> None:
        self.threads.append(threading.current_thread().name)
        self.families.append(family)


@pytest.fixture
def cold(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeLoad]:
    """A cache of the test's own with nothing in it, the engine free to be compiled, loading faked."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("TOGUZ_ENGINE", raising=False)
    monkeypatch.setattr(engine, "COMPILED_FAILED", [])
    load = FakeLoad()
    monkeypatch.setattr(engine, "prepare", load)
    yield load
    engine.WAITING.clear()


def child(monkeypatch: pytest.MonkeyPatch, code: str) -> None:
    """The child process runs ``code`` instead of compiling (``folder``: the cache folder it should fill)."""
    folder = f"from pathlib import Path; folder = Path({str(cache_dir())!r}); "
    monkeypatch.setattr(preparation, "COMPILE_COMMAND", folder + code)


def test_a_cold_cache_is_compiled_in_a_child_while_the_python_search_plays(
        cold: FakeLoad, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    go, small = tmp_path / "go", tmp_path / "small"
    child(monkeypatch, f"import time\nwhile not Path({str(go)!r}).exists(): time.sleep(0.01)\n"
                       "folder.mkdir(parents=True, exist_ok=True); (folder / 'ready-toguz').write_text('x')\n"
                       f"while not Path({str(small)!r}).exists(): time.sleep(0.01)\n"
                       "(folder / 'ready-small').write_text('x')")
    errors: list[Exception] = []
    prepared = preparation.Preparation()
    assert prepared.start(errors.append) == "compiling"
    assert prepared.process is not None and prepared.process.poll() is None, "a process of its own"
    assert isinstance(engine.make_searcher(LeanRules(TOGUZ)), Searcher), "the Python search plays meanwhile"
    assert prepared.start(errors.append) == "compiling", "once a process: no second child"
    go.write_text("")
    until(lambda: cold.families == ["toguz"], 30)
    assert {"small"} == engine.WAITING, "Toguz's is taken up while the small variants' is compiled"
    assert isinstance(engine.make_searcher(LeanRules(KOZDATU)), Searcher)
    small.write_text("")
    prepared.join(30)
    assert prepared.state == "ready" and not engine.WAITING and errors == []
    assert cold.threads == ["toguz-engine-preparing"] * 2 and cold.families == ["toguz", "small"]


def test_a_child_that_fails_leaves_the_python_search_with_its_reason(
        cold: FakeLoad, monkeypatch: pytest.MonkeyPatch) -> None:
    child(monkeypatch, "import sys; sys.stderr.write('numba: no LLVM here'); sys.exit(3)")
    errors: list[Exception] = []
    prepared = preparation.Preparation()
    assert prepared.start(errors.append) == "compiling"
    prepared.join(30)
    assert prepared.state == "failed" and not engine.WAITING and cold.threads == []
    assert len(errors) == 1 and isinstance(errors[0], preparation.CompileFailed)
    assert errors[0].status == 3 and "no LLVM here" in str(errors[0])
    assert errors == engine.COMPILED_FAILED, "the searches fall back to Python"
    assert isinstance(engine.make_searcher(LeanRules(TOGUZ)), Searcher)


def test_a_child_that_cannot_start_is_said_and_the_python_search_plays(
        cold: FakeLoad, monkeypatch: pytest.MonkeyPatch) -> None:
    def refused() -> None:
        raise PermissionError("no processes for you")

    monkeypatch.setattr(preparation, "compiling_process", refused)
    errors: list[Exception] = []
    assert preparation.Preparation().start(errors.append) == "failed"
    assert [str(error) for error in errors] == ["no processes for you"] and not engine.WAITING


def test_a_kept_search_is_loaded_without_a_child(cold: FakeLoad, monkeypatch: pytest.MonkeyPatch) -> None:
    mark_ready(cache_dir(), "toguz")
    mark_ready(cache_dir(), "small")

    def never() -> None:
        raise AssertionError("no child for a search that is kept")

    monkeypatch.setattr(preparation, "compiling_process", never)
    prepared = preparation.Preparation()
    assert prepared.start(lambda error: None) == "loading"
    prepared.join(30)
    assert prepared.state == "ready" and cold.threads == ["toguz-engine-preparing"] * 2


def test_without_the_compiled_search_nothing_is_prepared(cold: FakeLoad, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TOGUZ_ENGINE", "python")
    prepared = preparation.Preparation()
    assert prepared.start(lambda error: None) == "none" and prepared.thread is None and cold.threads == []


def test_two_processes_compile_one_at_a_time_and_the_second_finds_it_ready(
        cold: FakeLoad, monkeypatch: pytest.MonkeyPatch) -> None:
    from rules.engine import fast

    compiled: list[str] = []
    inside = threading.Event()
    release = threading.Event()

    def warm(family: str) -> None:
        compiled.append(f"{threading.current_thread().name} {family}")
        inside.set()
        release.wait(10)
        mark_ready(cache_dir(), "toguz" if family == "toguz" else "small")

    monkeypatch.setattr(fast, "warm", warm)
    monkeypatch.setattr(processes, "lower_priority", lambda: None)
    first = threading.Thread(target=preparation.compile_here, name="first")
    second = threading.Thread(target=preparation.compile_here, name="second")
    first.start()
    assert inside.wait(10)
    second.start()
    release.set()
    first.join(10)
    second.join(10)
    assert compiled == ["first toguz", "first small"] and ready(cache_dir(), "toguz") and ready(cache_dir(), "small")


def test_the_cache_folder_follows_numba_cache_dir_and_the_sources(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    assert cache_dir().parent == tmp_path and cache_dir().name.startswith("numba-")
    assert not ready()
    mark_ready(cache_dir(), "toguz")
    assert ready() and not ready(family="small")
    assert (cache_dir() / "ready-toguz").read_text().strip() == preparation_numba()


def preparation_numba() -> str:
    from rules.engine.compiled_cache import numba_version

    return numba_version()
