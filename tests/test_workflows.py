"""The CI workflow for the systems this machine is not (issue 51, item 4): it covers Linux, Windows and
macOS on each Python toguz supports, installs toguz as the docs tell a user to (pipx), starts it, and
pins its actions. Its schema and security are checked by ``make workflows``, not here."""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML

from tests.needs import REPO

WORKFLOW = REPO / ".github" / "workflows" / "platforms.yml"
SYSTEMS = {"ubuntu-latest", "windows-latest", "macos-latest"}
PYTHONS = {"3.11", "3.12", "3.13"}
PINNED = re.compile(r"^[\w.-]+/[\w.-]+@[0-9a-f]{40}$")


def workflow(path: Path = WORKFLOW) -> dict[str, Any]:
    """The workflow as YAML reads it."""
    loaded = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
    assert isinstance(loaded, dict), f"{path} is not a mapping"
    return loaded


def runs(job: dict[str, Any]) -> str:
    """Every ``run:`` script of a job, one after another."""
    return "\n".join(str(step.get("run", "")) for step in job["steps"])


def combinations(job: dict[str, Any]) -> set[tuple[str, str]]:
    """The (system, Python) pairs the job's matrix runs, its exclusions taken out."""
    matrix = job["strategy"]["matrix"]
    pairs = set(itertools.product(matrix["os"], matrix["python"]))
    return pairs - {(gone["os"], gone["python"]) for gone in matrix.get("exclude", [])}


def test_every_system_runs_on_every_supported_python() -> None:
    (job,) = workflow()["jobs"].values()
    assert job["runs-on"] == "${{ matrix.os }}"
    assert all(isinstance(version, str) for version in job["strategy"]["matrix"]["python"]), "3.10 reads as 3.1"
    assert combinations(job) == set(itertools.product(SYSTEMS, PYTHONS))
    assert job["strategy"]["fail-fast"] is False, "a failure on one system would cancel the others"


def test_it_installs_with_pipx_starts_toguz_plays_and_runs_the_tests() -> None:
    (job,) = workflow()["jobs"].values()
    script = runs(job)
    for what in ("pipx install dist/toguz_kumalak-", "toguz --version", "toguz play --line --speech off", "quit",
                 "python -m pytest"):
        assert what in script, f"the workflow no longer runs {what!r}"
    (tests,) = [step for step in job["steps"] if "pytest" in str(step.get("run", ""))]
    assert tests["env"]["CI"] == "false", "with CI=true every test of a missing Linux program fails"


def test_its_actions_are_pinned_and_read_only() -> None:
    loaded = workflow()
    assert loaded["permissions"] == {"contents": "read"}
    (job,) = loaded["jobs"].values()
    actions = [step for step in job["steps"] if "uses" in step]
    assert [step["uses"] for step in actions if not PINNED.match(step["uses"])] == []
    (checkout,) = [step for step in actions if step["uses"].startswith("actions/checkout@")]
    assert checkout["with"]["persist-credentials"] is False
