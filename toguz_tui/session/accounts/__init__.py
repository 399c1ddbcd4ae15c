"""The session's accounts of games: the engine's verdict on every move, the games kept with their accounts,
and the game an account is asked for (``asked_game``)."""
