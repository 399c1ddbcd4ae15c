"""PlayStrategy beneath toguz's three online programs (play and watch, the bot, the export): the HTTP
client, its answers read as hostile, requests made off the interface's thread, a stream read for as long as
it is needed (one loop, each program's waits and words), the player's token, the server's messages read once
(``server_messages``), what the server accepts, and the port the play's parts see of their connection."""
