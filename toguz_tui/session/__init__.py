"""The game session: a small facade (``facade.GameSession``) over parts that own their state.

At the top: ``mode`` (what the player does, who "you" are, what is looked at), ``setup`` (a game's choices),
``port`` (what a part sees of the session), ``preferences`` (the settings), ``opponent`` (who plays the other
side) and ``opponents`` (the factory, and the computer), ``thinker`` (the engine's thread) and
``preparation`` (the compiled search made ready), ``advisor`` (the engine's help), ``clocks`` and
``game_clock``, ``trainer`` (lessons and puzzles), ``questions`` (what waits for a yes), ``server_game`` (a
game a server holds). Three districts: ``output/`` (the stream of announcements, the voice, the sound cues,
the braille display, the faces' way out), ``records/`` (games kept, record files, the review) and
``accounts/`` (the accounts of games). Parts never import the facade: each reads it through a port."""
