"""The online tests use the board tests' private data and config folders, and a stand-in PlayStrategy
(``server``) started for each test that asks for it and stopped after it."""

from collections.abc import Iterator

import pytest

from tests.toguz_tui.conftest import private_dirs
from tests.toguz_tui.online.server import FakePlayStrategy

__all__ = ["private_dirs", "server"]


@pytest.fixture
def server() -> Iterator[FakePlayStrategy]:
    """A stand-in PlayStrategy, running for the test."""
    fake = FakePlayStrategy().start()
    yield fake
    fake.stop()
