"""Lessons and puzzles: the lesson files (``lessons``), the puzzles (``puzzles``), the player's progress
(``progress``), and the coach that runs them (``coach``)."""
