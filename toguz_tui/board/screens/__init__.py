"""Screens of the full-screen board: the game screen, its dialogs, and its keys."""
