"""The full-screen Textual board (issue 6); until it lands, the line mode serves."""

from __future__ import annotations

import argparse


def run_tui(options: argparse.Namespace) -> int:
    """Start the full-screen interface."""
    from toguz_tui.line import run_line_mode

    return run_line_mode(options)
