"""The toguz program: command line, Textual app and line mode."""

__version__ = "0.1.0"
