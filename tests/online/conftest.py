"""The online tests use the board tests' private data and config folders."""

from tests.tui.conftest import private_dirs

__all__ = ["private_dirs"]
