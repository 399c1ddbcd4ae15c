"""Fakes for the speech tests: slow players on PATH that log when they start."""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Callable
from pathlib import Path

import pytest

SLOW_PLAYER = """#!/bin/sh
echo "$$ $*" >> "{log}"
exec sleep {seconds}
"""


def write_program(folder: Path, name: str, body: str) -> Path:
    """An executable script ``name`` in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(body)
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path


@pytest.fixture
def fake_bin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder put first on PATH for fake programs."""
    folder = tmp_path / "bin"
    folder.mkdir()
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")
    return folder


@pytest.fixture
def slow_program(tmp_path: Path) -> Callable[[str, float], tuple[Path, Path]]:
    """Make a fake player that logs ``pid args`` and then sleeps; returns (program, log)."""

    def make(name: str, seconds: float = 5.0) -> tuple[Path, Path]:
        log = tmp_path / f"{name}.log"
        log.touch()
        return write_program(tmp_path / "bin", name, SLOW_PLAYER.format(log=log, seconds=seconds)), log

    return make


def started(log: Path, count: int = 1, timeout: float = 5.0) -> list[tuple[int, str]]:
    """Wait until ``log`` names ``count`` started processes; their (pid, arguments)."""
    deadline = time.monotonic() + timeout
    while True:
        lines = [line for line in log.read_text().splitlines() if line.strip()]
        if len(lines) >= count:
            pairs = [(line.split(" ", 1) + [""])[:2] for line in lines]
            return [(int(pid), args) for pid, args in pairs]
        if time.monotonic() > deadline:
            raise AssertionError(f"only {len(lines)} of {count} processes started: {lines}")
        time.sleep(0.005)


def alive(pid: int) -> bool:
    """Whether process ``pid`` still exists (a reaped process does not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def wait_gone(pid: int, timeout: float = 3.0) -> float:
    """Seconds until ``pid`` is gone; AssertionError after ``timeout``."""
    start = time.monotonic()
    while alive(pid):
        if time.monotonic() - start > timeout:
            raise AssertionError(f"process {pid} still runs after {timeout} s")
        time.sleep(0.002)
    return time.monotonic() - start
