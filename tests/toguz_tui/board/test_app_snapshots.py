"""SVG snapshots of the board: the default theme, high contrast, Bestemshe, and NO_COLOR."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.toguz_tui.board.test_app_support import SIZE, MakeApp, make_app

__all__ = ["make_app"]

SnapCompare = Callable[..., bool]


def test_default_theme(make_app: MakeApp, snap_compare: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    app = make_app()
    assert snap_compare(app, terminal_size=SIZE, press=["7", "enter", "right"])


def test_high_contrast_theme(make_app: MakeApp, snap_compare: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    app = make_app(theme="high-contrast", opponent="computer", level=1)
    assert snap_compare(app, terminal_size=SIZE, press=["b"])


def test_bestemshe(make_app: MakeApp, snap_compare: Any) -> None:
    app = make_app(variant="bestemshe")
    assert snap_compare(app, terminal_size=SIZE, press=["3", "enter"])


def test_no_color_with_a_tuzdyk(make_app: MakeApp, snap_compare: Any) -> None:
    app = make_app(fen="9S,9S,9S,9S,9S,t,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 9 0 S 1")
    assert snap_compare(app, terminal_size=SIZE, press=["up"])


def test_screen_reader_mode(make_app: MakeApp, snap_compare: Any) -> None:
    app = make_app(screen_reader=True, opponent="computer", level=1)
    assert snap_compare(app, terminal_size=SIZE, press=["7", "enter", "wait:800", "b"])
