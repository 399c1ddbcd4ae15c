"""``toguz bot``: toguz's engine playing for a BOT account through PlayStrategy's Bot API."""
