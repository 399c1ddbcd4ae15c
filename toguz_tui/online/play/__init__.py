"""``toguz online``'s play and watch: the account's events, the game on the board and the opponent across
the network, correspondence games, arenas, and the games watched."""
