"""The one rule for missing system programs and data: skip with the fix on a user's machine, fail on CI."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import needs


def test_a_missing_program_skips_naming_its_package_without_ci(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(pytest.skip.Exception, match=r"^aplay is not installed \(sudo apt-get install alsa-utils\)$"):
        needs.need_program("aplay")


@pytest.mark.parametrize("value", ["true", "1", "yes"])
def test_a_missing_program_fails_where_ci_is_set(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, value: str,
) -> None:
    monkeypatch.setenv("CI", value)
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(pytest.fail.Exception, match=r"^fenrir is not installed \(sudo apt-get install fenrir\) "
                                                    r"\(CI is set"):
        needs.need_program("fenrir")


@pytest.mark.parametrize("value", ["", "0", "false"])
def test_ci_set_to_nothing_or_false_is_not_ci(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("CI", value)
    assert not needs.in_ci()


def test_a_present_program_is_found_and_nothing_is_skipped(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    program = tmp_path / "tmux"
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setenv("CI", "true")
    assert needs.need_program("tmux") == str(program)


def test_missing_shared_data_skips_without_ci_and_fails_with_it(monkeypatch: pytest.MonkeyPatch,
                                                                 tmp_path: Path) -> None:
    monkeypatch.setattr(needs, "SHARED_DATA", tmp_path / "no-data")
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="shared/data is not here"):
        needs.need_shared_data()
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="shared/data is not here"):
        needs.need_shared_data()
