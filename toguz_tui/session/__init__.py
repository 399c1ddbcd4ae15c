"""The game session: a small facade (``facade.GameSession``) over parts that own their state.

``mode`` (what the player does, who "you" are, what is looked at), ``stream`` (the one stream of
announcements), ``output`` (voice, sound cues, wording), ``preferences`` (the settings), ``opponents``
(the computer, a person here, the online connection), ``thinker`` (the engine's thread), ``advisor`` (the
engine's help), ``clocks``, ``store`` and ``records`` (games kept), ``reviewer`` and ``review``,
``trainer`` (lessons and puzzles), ``questions`` (what waits for a yes), ``setup`` (a game's choices),
``sound_cues``. Parts never import the facade: it builds them with callbacks."""
