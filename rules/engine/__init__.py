"""The computer opponent: ``Engine`` at eight ``LEVELS``, and the lean rules it searches with.

Importing it loads the standard library and ``rules`` only. It reads the opening book
``book.json`` beside it (``book``), the ``TOGUZ_ENGINE`` variable (``python`` chooses the
pure-Python search) and the time. Where numba is installed, the first search imports the compiled
search ``fast`` (numba and numpy), which keeps numba's compiled code in a cache folder on disk
(``compiled_cache.cache_dir``: under ``NUMBA_CACHE_DIR`` where set, else ``__pycache__`` beside it, else
``$XDG_CACHE_HOME/toguz`` or ``~/.cache/toguz``) and removes the folders of earlier sources there. A program
that plays prepares it with ``toguz_tui.session.preparation`` (compiled in a child process on a fresh install,
while the Python search plays).

Scores are in stones for the side to move; a proven win is ``WIN`` less the plies it takes (see
``is_proven`` and ``plies_to_end``).
"""

from rules.engine.engine import WIN, Engine, PitScore, SearchResult, is_proven, plies_to_end, prepare
from rules.engine.lean import LeanRules
from rules.engine.levels import LEVELS, Level, level_numbered

__all__ = [
    "LEVELS", "WIN", "Engine", "LeanRules", "Level", "PitScore", "SearchResult", "is_proven",
    "level_numbered", "plies_to_end", "prepare",
]
