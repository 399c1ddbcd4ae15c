"""The rules' errors as a user reads them: ``speech.words.problems`` words them (in English here)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import overload

import pytest

from rules import RulesError
from speech.words.problems import describe


@overload
def said(error: RulesError) -> str: ...


@overload
def said(error: None) -> None: ...


def said(error: RulesError | None) -> str | None:
    """What the user is told about ``error`` (None for no error)."""
    return None if error is None else describe(error)


@contextmanager
def raises_saying(kind: type[RulesError], pattern: str) -> Iterator[pytest.ExceptionInfo[RulesError]]:
    """Like ``pytest.raises(kind, match=pattern)``, on the words the user reads."""
    with pytest.raises(kind) as caught:
        yield caught
    text = describe(caught.value)
    assert re.search(pattern, text), f"{pattern!r} not in {text!r}"
