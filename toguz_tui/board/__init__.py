"""The full-screen Textual board: the app (``app``), how it starts (``start``), the terminal driver for screen
readers (``driver``), its screens and widgets, and its styles (``toguz.tcss``)."""
