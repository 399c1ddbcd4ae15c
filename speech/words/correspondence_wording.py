"""The wording of the games a player has going on at PlayStrategy, correspondence games above all (days a
move, the time left in days and hours, the list of games, the news that an opponent has moved), and of
the arenas a player joins. Every word comes from the catalogue; the conventions are those of
``speech.words.phrases``.
"""

from __future__ import annotations

from speech.words.i18n import _, n_
from speech.words.phrases import duration, visible

DAY = 86_400  # seconds


def days_a_move(days: int) -> str:
    """A correspondence game's time control: "3 days a move"."""
    return n_("{count} day a move", "{count} days a move", days).format(count=days)


def days_and_hours(seconds: float) -> str:
    """Time left in a correspondence game: "2 days 5 hours", "1 day", under a day as a clock's time is said
    ("5 hours 20 minutes")."""
    whole = int(seconds)
    if whole < DAY:
        return duration(seconds)
    days, hours = whole // DAY, whole % DAY // 3600
    text = n_("{count} day", "{count} days", days).format(count=days)
    if not hours:
        return text
    # Translators: days and the hours after them: "2 days 5 hours".
    return _("{days} {hours}").format(days=text, hours=n_("{count} hour", "{count} hours", hours).format(count=hours))


def days_clock(my_move: bool, opponent: str, left: float, days: int | None) -> str:
    """A correspondence game's clock: whose move, the time left for it, the days a move."""
    if days is None:
        return _("This game has no time limit: neither side's time runs.")
    if my_move:
        return _("Your move: {left} left, of {days}.").format(left=days_and_hours(left), days=days_a_move(days))
    return _("{opponent}'s move: {left} left, of {days}.").format(opponent=opponent, left=days_and_hours(left),
                                                                 days=days_a_move(days))


def speed_words(speed: str, days: int | None = None) -> str:
    """A game's speed as the server names it, in words (with the days a move when known)."""
    if speed == "correspondence":
        return _("correspondence, {days}").format(days=days_a_move(days)) if days else _("correspondence")
    words = {"ultraBullet": _("UltraBullet"), "bullet": _("Bullet"), "blitz": _("Blitz"), "rapid": _("Rapid"),
             "classical": _("Classical"), "unlimited": _("no time limit")}
    return words.get(speed, visible(speed[:20]) or "?")


def games_summary(count: int, mine: int) -> str:
    """At the start: the games going on at the server, and in how many it is the player's move."""
    games = n_("You have {count} game going on at PlayStrategy", "You have {count} games going on at PlayStrategy",
               count).format(count=count)
    return _("{games}, your move in {mine}: type games to hear them, games N to go to one.").format(games=games,
                                                                                                  mine=mine)


def no_games() -> str:
    """``games`` with none going on."""
    return _("You have no game going on at PlayStrategy.")


def game_line(number: int, opponent: str, speed: str, my_turn: bool, left: str | None, here: bool) -> str:
    """One game of the list: its number, the opponent, the speed, whose move and the time left."""
    if my_turn:
        turn = _("your move, {left} left").format(left=left) if left else _("your move")
    else:
        turn = _("{opponent}'s move").format(opponent=opponent)
    text = _("{number}. Against {opponent}, {speed}: {turn}.").format(number=number, opponent=opponent, speed=speed,
                                                                       turn=turn)
    return f"{text} " + _("(On the board.)") if here else text


def games_failed(reason: str) -> str:
    """The list could not be had."""
    return _("Your games could not be listed: {reason}.").format(reason=reason)


def polls_held(seconds: int) -> str:
    """The server refused to list the games for a while (a 429): said once while it lasts."""
    return n_("PlayStrategy asks to wait {seconds} second: your games are asked for again then.",
              "PlayStrategy asks to wait {seconds} seconds: your games are asked for again then.", seconds).format(
        seconds=seconds)


def opponent_moved(opponent: str, number: int) -> str:
    """News of a game not on the board: the opponent has moved in it."""
    return _("{opponent} has moved in your game {number}: type games {number} to play it.").format(
        opponent=opponent, number=number)


def new_game(opponent: str, number: int) -> str:
    """A game began at the server while another is on the board."""
    return _("A game against {opponent} began at PlayStrategy: type games {number} to go to it.").format(
        opponent=opponent, number=number)


def no_such_game(number: int, count: int) -> str:
    """``games N`` past the list."""
    return n_("There is no game {number}: you have {count} game going on; type games to hear it.",
              "There is no game {number}: you have {count} games going on; type games to hear them.",
              count).format(number=number, count=count)


def going_to(opponent: str) -> str:
    """``games N``: the game is being taken up."""
    return _("Going to your game against {opponent}.").format(opponent=opponent)


def already_here(opponent: str) -> str:
    """``games N`` of the game on the board."""
    return _("Your game against {opponent} is the one on the board.").format(opponent=opponent)


def too_fast_to_go_to(opponent: str, speed: str) -> str:
    """``games N`` of a game the Board API cannot play."""
    return _("Your game against {opponent} is {speed}: too fast for play from toguz (the Board API plays Rapid or "
             "slower); play it on the website.").format(opponent=opponent, speed=speed)


def challenge_closed(who: str) -> str:
    """An answer to a challenge the server no longer has open."""
    return _("{who}'s challenge is no longer open at PlayStrategy (a challenge sent by a program closes some 20 "
             "seconds after it is made, unless its sender's web page is open): ask {who} to challenge you "
             "again.").format(who=who)


def days_out_of_range(typed: str, most: int) -> str:
    """``challenge NAME days N`` with days the server refuses (a number too long to repeat: the bound only)."""
    if len(typed) > 12:
        return _("PlayStrategy gives a correspondence game 1 to {most} days a move.").format(most=most)
    return _("PlayStrategy gives a correspondence game 1 to {most} days a move, not {typed}.").format(
        most=most, typed=visible(typed))


def days_without_player(days: str) -> str:
    """``challenge days N``: the player's name left out (a player called days: ``challenge days days N``)."""
    return _("Name the player first: challenge NAME days {days}.").format(days=days)


def days_casual_only() -> str:
    """``challenge NAME days N rated``: the server refuses it."""
    return _("A correspondence challenge from toguz is casual: PlayStrategy rates only games on a clock sent "
             "this way. Leave out rated.")


def days_challenge_sent(user: str, days: int) -> str:
    """A correspondence challenge the server has made."""
    return _("Correspondence challenge sent to {user}, {days}, casual; the game is said when it starts. "
             "They may answer on the website within some hours.").format(user=user, days=days_a_move(days))


def arena_joined(name: str, control: str, starts_in: str | None) -> str:
    """An arena joined: its name, its clock, when it starts, and that pairing needs its page open."""
    text = _("You joined {name}, {control}.").format(name=name, control=control)
    if starts_in:
        text = f"{text} " + _("It starts in {time}.").format(time=starts_in)
    return f"{text} " + _("PlayStrategy pairs only the players whose tournament page is open in a web browser: keep "
                          "it open (its sound off), and toguz says and plays each game here.")


def arena_too_fast(name: str, control: str) -> str:
    """An arena the Board API cannot play: said why, and not joined."""
    return _("{name} is played at {control}, Blitz or faster: the Board API plays Rapid or slower games only, so "
             "toguz cannot play in it and did not join; play it on the website.").format(name=name, control=control)


def arena_clock_unread(name: str) -> str:
    """An arena whose clock the server's answer does not give readably (missing, not numbers, out of bounds)."""
    return _("{name}'s clock could not be read from PlayStrategy's answer: not joined.").format(name=name)


def arena_not_togyz(name: str) -> str:
    """An arena of another game."""
    return _("{name} is not a togyzkumalak tournament: not joined.").format(name=name)


def arena_finished(name: str) -> str:
    """An arena that is over."""
    return _("{name} has finished: not joined.").format(name=name)


def arena_unknown(tournament: str) -> str:
    """No arena by that id; a Swiss cannot be joined through the API."""
    return _("PlayStrategy has no arena {id}. A Swiss tournament is joined on its web page (PlayStrategy has no way "
             "to join one from a program); once you have joined, toguz plays its Rapid or slower games here.").format(
        id=visible(tournament[:20]))


def arena_scope() -> str:
    """The token may not join tournaments."""
    return _("Your token may not join tournaments: make one with the scopes board:play, challenge:write and "
             "tournament:write, then run toguz online login again.")


def arena_refused(reason: str) -> str:
    """The server refused the join, in its words."""
    return _("PlayStrategy did not let you join: {reason}.").format(reason=reason)
