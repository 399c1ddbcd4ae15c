"""PlayStrategy beneath toguz's three online programs (play and watch, the bot, the export): the HTTP
client, its answers read as hostile, requests made off the interface's thread, a stream read for as long as
it is needed, the player's token, the server's messages read once, and what the server accepts."""
