"""``toguz online export``: a player's games from PlayStrategy as a record file of toguz's own."""
