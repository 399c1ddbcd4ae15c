"""The wording of live games watched on PlayStrategy (``toguz online``'s ``watch``), and of ``toguz online``
without a token: what works then, and what needs one. Every word comes from the catalogue; the conventions
are those of ``speech.words.phrases``.
"""

from __future__ import annotations

from rules.clock import TimeControl
from speech.words.i18n import _, n_
from speech.words.phrases import time_control

PLAYSTRATEGY = "https://playstrategy.org"  # toguz online's server unless --server names another


def not_logged_in(site: str) -> str:
    """``toguz online`` started without a token: what works, and how to log in (at ``site``, the server's
    address)."""
    if site == PLAYSTRATEGY:
        return _("Not logged in to PlayStrategy: you can watch live games (watch for the TV game, watch NAME, watch "
                 "GAMEID). To seek, challenge and play, make a token at playstrategy.org (account settings, API "
                 "access tokens, scope board:play), then quit and run toguz online login.")
    return _("Not logged in to {server}: you can watch live games (watch for the TV game, watch NAME, watch GAMEID). "
             "To seek, challenge and play, make a token there (account settings, API access tokens, scope "
             "board:play), then quit and run toguz online login --server {server}.").format(server=site)


def needs_token(command: str, site: str) -> str:
    """A command that needs a token, typed without one (nothing is done; ``site``: the server's address)."""
    if site == PLAYSTRATEGY:
        return _("{command} needs you logged in: make a token at playstrategy.org (account settings, API access "
                 "tokens, scope board:play), then quit and run toguz online login. Watching needs none.").format(
            command=command)
    return _("{command} needs you logged in: make a token at {server} (account settings, API access tokens, scope "
             "board:play), then quit and run toguz online login --server {server}. Watching needs none.").format(
        command=command, server=site)


def nothing_watched() -> str:
    """Without a token, a question about the game on the board when none is watched."""
    return _("No game is on the board: type watch to listen to the TV game, or watch NAME for a player's game. "
             "Playing needs a login.")


def clock_words(control: TimeControl | None, days: int | None) -> str:
    """A watched game's clock: its time control, days a move, or none."""
    if control is not None:
        return time_control(control)
    if days is not None:
        return n_("{count} day a move", "{count} days a move", days).format(count=days)
    return _("no clock")


def watching(tv: bool, white: str, black: str, clock: str, moves: int) -> list[str]:
    """A watched game taken up: who plays, the clock, how far it is (each sentence apart, for braille)."""
    if tv:
        head = _("PlayStrategy TV: {white} (White) against {black} (Black), {clock}.")
    else:
        head = _("Watching {white} (White) against {black} (Black) on PlayStrategy, {clock}.")
    played = n_("{count} move played.", "{count} moves played.", moves).format(count=moves) if moves else \
        _("The game begins.")
    return [head.format(white=white, black=black, clock=clock), played]


def not_playing(name: str, opponent: str, winner: str | None, over: str) -> str:
    """``watch NAME`` when the player's last game is over (``over``: its status; ``winner``: the winner's name)."""
    if over == "aborted":
        return _("{name} is not playing now; their last game, against {opponent}, was aborted.").format(
            name=name, opponent=opponent)
    if winner:
        return _("{name} is not playing now; their last game, against {opponent}, was won by {winner}.").format(
            name=name, opponent=opponent, winner=winner)
    return _("{name} is not playing now; their last game, against {opponent}, ended in a draw.").format(
        name=name, opponent=opponent)


def not_toguz(what: str, variant: str) -> str:
    """A game of another kind (PlayStrategy has many): ``what`` names it (a game's id, or a player's game)."""
    return _("{what} is a game of {variant}, not Toguz Kumalak: toguz follows Toguz Kumalak games only.").format(
        what=what, variant=variant)


def no_tv_game() -> str:
    """No togyzkumalak game on PlayStrategy's TV now: toguz looks again."""
    return _("No Toguz Kumalak game is on PlayStrategy's TV now; toguz says the next one when it starts (watch stop "
             "stops).")


def next_tv_game() -> str:
    """The TV game ended: the next one follows."""
    return _("The next TV game is said when it starts (watch stop stops).")


def once() -> str:
    """``watch once`` while the TV is watched."""
    return _("toguz stops watching when this game ends.")


def already_tv() -> str:
    """``watch`` again while the TV is watched."""
    return _("You are watching PlayStrategy's TV already: watch once stops after this game, watch stop now.")


def stopped() -> str:
    """``watch stop``."""
    return _("You stopped watching.")


def not_watching() -> str:
    """``watch stop`` with nothing watched."""
    return _("You are not watching a game.")


def own_game_going_on() -> str:
    """``watch`` while the player's own game goes on."""
    return _("Your own game is going on: watch another once it is over.")


def own_game_starts() -> str:
    """The player's own game starts while a game is watched."""
    return _("Your own game starts, so toguz stops watching.")


def watch_failed(reason: str) -> str:
    """A game or the TV could not be looked up."""
    return _("Could not watch: {reason}.").format(reason=reason)


def no_game(game: str) -> str:
    """``watch GAMEID`` of a game the server does not know."""
    return _("PlayStrategy has no game {game}").format(game=game)


def no_player(name: str) -> str:
    """``watch NAME`` of a player with no game at all (or no such player)."""
    return _("PlayStrategy knows no game of {name}: no such player, or one who has never played").format(name=name)


def neither(word: str) -> str:
    """A word that could be a game's id or a name, and is neither."""
    return _("PlayStrategy knows neither a game nor a player called {word}").format(word=word)


def not_streamed(game: str) -> str:
    """The game's stream answers 404: the server no longer holds it in play (said after "PlayStrategy:")."""
    return _("game {game} is no longer streamed: only games going on or just finished are").format(game=game)


def too_many_streams(seconds: float) -> str:
    """The game's stream answers 429: eight streams at once from this address (said as why it was lost)."""
    return _("at most 8 games are streamed at once to one address; toguz tries again in {seconds} seconds").format(
        seconds=round(seconds))


def the_game_watched() -> str:
    """The stream of the game watched, as a lost or regained connection names it."""
    return _("the game you watch")


def resynchronised(count: int, moves: int) -> str:
    """The game watched set as the server has it ``count`` times more than were said (lines out of order by
    the hundred); it now stands after ``moves`` moves."""
    times = n_("The game was set as the server has it {count} more time;",
               "The game was set as the server has it {count} more times;", count).format(count=count)
    return " ".join((times, n_("it now stands after {moves} move.", "it now stands after {moves} moves.",
                               moves).format(moves=moves)))


def waiting(game: str) -> str:
    """The game's stream is open, but its first line has not come after a few seconds."""
    return _("PlayStrategy has not sent game {game} yet; toguz waits for it (watch stop stops).").format(game=game)


def watched_move() -> str:
    """A pit played, or a game's command, while watching."""
    return _("You are watching this game, not playing it: the moves are the players'. Type watch stop to stop "
             "watching.")


def watched_undo() -> str:
    """``undo`` while watching."""
    return _("You are watching this game: its moves are not taken back.")


def watched_pause() -> str:
    """``pause`` while watching."""
    return _("You are watching this game: its clocks are PlayStrategy's.")


def watched_engine() -> str:
    """The engine's help while the game watched goes on."""
    return _("No help from the computer on a game going on, even one you watch: ask once it is over.")
