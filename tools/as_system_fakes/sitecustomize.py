"""Put first on ``PYTHONPATH`` by ``tools/as_system.py``: every Python process of a toguz started as
another system (toguz itself, its pyttsx3 worker, its Windows player) takes that system's branches of
the platform seam and meets that system's calls through the fakes of this folder. Nothing happens
unless ``TOGUZ_AS_SYSTEM`` is ``win32`` or ``darwin``."""

from __future__ import annotations

import os

if os.environ.get("TOGUZ_AS_SYSTEM") in ("win32", "darwin"):
    import as_fake_common

    as_fake_common.install(os.environ["TOGUZ_AS_SYSTEM"])
