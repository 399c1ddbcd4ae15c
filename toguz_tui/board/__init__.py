"""The full-screen Textual board: the app (``app``; ``toguz_tui.start.faces`` runs it), the terminal driver for
screen readers (``driver``), its screens and widgets, and its styles (``toguz.tcss``)."""
