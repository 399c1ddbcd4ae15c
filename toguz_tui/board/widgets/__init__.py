"""Widgets of the full-screen board: pits and kazans, the announcement panel, status lines, choices."""
