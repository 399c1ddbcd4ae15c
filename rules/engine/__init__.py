"""The computer opponent: ``Engine`` at eight ``LEVELS``, and the lean rules it searches with.

Standard library and ``rules`` only. Scores are in stones for the side to move; a proven win is
``WIN`` less the plies it takes (see ``is_proven`` and ``plies_to_end``).
"""

from rules.engine.engine import WIN, Engine, PitScore, SearchResult, is_proven, plies_to_end, prepare
from rules.engine.lean import LeanRules
from rules.engine.levels import LEVELS, Level, level_numbered

__all__ = [
    "LEVELS", "WIN", "Engine", "LeanRules", "Level", "PitScore", "SearchResult", "is_proven",
    "level_numbered", "plies_to_end", "prepare",
]
