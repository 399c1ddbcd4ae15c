"""Dependencies point one way: toguz_tui -> speech -> rules."""

from __future__ import annotations

import subprocess
import sys

import pytest

CHECK = (
    "import sys, importlib; importlib.import_module({module!r}); "
    "loaded = [m for m in ('textual', 'prompt_toolkit', 'rich') if m in sys.modules]; "
    "print(','.join(loaded))"
)


@pytest.mark.parametrize("module", ["rules", "rules.records", "rules.engine"])
def test_importing_the_rules_loads_no_user_interface(module: str) -> None:
    result = subprocess.run([sys.executable, "-c", CHECK.format(module=module)],
                            capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""
