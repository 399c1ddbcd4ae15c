"""Online play on PlayStrategy (a lila server): its HTTP client and the player's token."""
