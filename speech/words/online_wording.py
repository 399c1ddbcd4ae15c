"""The wording of online play (``toguz online``): the server's answers, challenges, seeks, chat, the first
move's deadline and the ways a game ends there. Every word comes from the catalogue; the conventions are
those of ``speech.words.phrases``.
"""

from __future__ import annotations

from rules import Side
from rules.clock import TimeControl
from speech.words.i18n import _, n_
from speech.words.phrases import online_game_started, time_control, visible
from speech.words.watch_wording import PLAYSTRATEGY


def command_not_taken(what: str, reason: str) -> str:
    """A command (``what``: "your resignation", "the abort" ...) the server did not take."""
    return _("PlayStrategy did not take {what}: {reason}. Nothing changed.").format(what=what, reason=reason)


def move_not_taken(delivery: str, reason: str, retry_after: float | None) -> str:
    """The player's move was not taken: refused, never sent, or sent with its answer lost."""
    if retry_after is not None:
        return n_("PlayStrategy asks to wait {seconds} second; your move was not made: play it again then.",
                  "PlayStrategy asks to wait {seconds} seconds; your move was not made: play it again then.",
                  round(retry_after)).format(seconds=round(retry_after))
    if delivery == "unsent":
        return _("Your move did not reach PlayStrategy ({reason}); nothing changed: play it again to retry.").format(
            reason=reason)
    if delivery == "unknown":
        return _("Your move was sent, but no answer came back ({reason}); the game as PlayStrategy has it will show "
                 "whether it was made.").format(reason=reason)
    return _("PlayStrategy refused your move ({reason}); nothing changed: play it again to retry.").format(
        reason=reason)


def resynchronised_after(count: int) -> str:
    """The game here set as the server has it, now after ``count`` moves (the moves differed)."""
    return n_("The game is now as the server has it, after {count} move.",
              "The game is now as the server has it, after {count} moves.", count).format(count=count)


def moves_past_end(code: str) -> str:
    """The server's moves go on after the game has ended by the rules (``code``: the first move past its end)."""
    return _("PlayStrategy sent a move after the game's end by the rules ({code}); toguz keeps the game as the "
             "rules ended it.").format(code=visible(code))


def online_failed(reason: str) -> str:
    """The server refused or could not be reached."""
    return _("PlayStrategy: {reason}.").format(reason=reason)


def online_lost(what: str, reason: str) -> str:
    """A stream dropped: toguz reconnects by itself."""
    return _("The connection to {what} was lost ({reason}); reconnecting.").format(what=what, reason=reason)


def challenge_withdrawn(declined: bool, challenger: str, target: str) -> str:
    """A challenge was declined or cancelled."""
    if declined:
        return _("{target} declined the challenge.").format(target=target)
    return _("{challenger} withdrew the challenge.").format(challenger=challenger)


def challenged(who: str, control: str, rated: bool) -> str:
    """Someone challenges the player."""
    if rated:
        return _("{who} challenges you to a rated game, {control}: type accept or decline.").format(
            who=who, control=control)
    return _("{who} challenges you to a casual game, {control}: type accept or decline.").format(
        who=who, control=control)


def chat_line(who: str, text: str) -> str:
    """A chat line from the opponent, on one line, marked as chat."""
    return _("{who} says: {text}").format(who=who, text=visible(" ".join(text.split())))


def chat_folded(who: str, count: int) -> str:
    """Chat lines not said, in a flood."""
    return n_("{who} sent {count} more message.", "{who} sent {count} more messages.", count).format(
        who=who, count=count)


def online_aborted() -> str:
    """The online game was aborted."""
    return _("The game was aborted.")


def too_fast_online(control: str) -> str:
    """A seek faster than the Board API allows."""
    return _("PlayStrategy lets board players play Rapid or slower: minutes times 60 plus 40 times the increment "
             "must be at least 480 seconds (10, 15+10 or 8+2 are fine; {control} is too fast).").format(
        control=control)


def control_values(control: str) -> str:
    """A time control the server does not take at all."""
    return _("PlayStrategy takes whole minutes from 2 to 180 (or 0.25, 0.5, 0.75, 1 and 1.5) and an increment of 0 "
             "to 180 seconds; board players then play Rapid or slower only: minutes times 60 plus 40 times the "
             "increment at least 480 seconds (such as 10, 15+10, 8+2 or 0.5+12). {control} is not one of them.").format(
        control=control)


def lobby_game(opponent: str, side: Side, control: str, seconds: int, arena: bool = False) -> str:
    """A game from a seek (or a tournament) begins: short, with the deadline for the player's first move (in
    an arena a miss loses the game)."""
    if arena and side is Side.WHITE:
        return _("Your arena game: you play White against {opponent}, {control}. Move within {seconds} seconds, or "
                 "you lose the game.").format(opponent=opponent, control=control, seconds=seconds)
    if arena:
        return _("Your arena game: you play Black against {opponent}, {control}. After their first move you have "
                 "{seconds} seconds for yours, or you lose the game.").format(opponent=opponent, control=control,
                                                                             seconds=seconds)
    if side is Side.WHITE:
        return _("You play White against {opponent}, {control}. Move within {seconds} seconds, or PlayStrategy "
                 "aborts the game.").format(opponent=opponent, control=control, seconds=seconds)
    return _("You play Black against {opponent}, {control}. After their first move you have {seconds} seconds for "
             "yours, or PlayStrategy aborts the game.").format(opponent=opponent, control=control, seconds=seconds)


def first_move_warning(seconds: int) -> str:
    """Little time is left for the player's first move."""
    return n_("{count} second left for your first move, or the game is aborted.",
              "{count} seconds left for your first move, or the game is aborted.", seconds).format(count=seconds)


def finish(status: str, opponent: str, won: bool) -> str:
    """Why the server ended the game, before its result (``won``: the player is the winner)."""
    if status == "cheat":
        return _("PlayStrategy ended the game: it found cheating.")
    if status == "timeout":
        return _("PlayStrategy ended the game: {who} left it and did not come back in time.").format(
            who=_("you") if not won else opponent)
    if status == "noStart":
        if won:
            return _("PlayStrategy ended the game: {who} did not make a first move in time.").format(who=opponent)
        return _("PlayStrategy ended the game: you did not make your first move in time.")
    if status in ("mate", "variantEnd"):
        return _("PlayStrategy ended the game by the rules, as it counts them.")
    return _("PlayStrategy ended the game ({status}).").format(status=visible(status))


def online_game_going_on() -> str:
    """A seek asked for during an online game."""
    return _("A game is going on; finish it first.")


def seeking(control: str, rated: bool) -> str:
    """A seek is out."""
    if rated:
        return _("Looking for an opponent for a rated game, {control}; the game is said when it starts.").format(
            control=control)
    return _("Looking for an opponent for a casual game, {control}; the game is said when it starts.").format(
        control=control)


def challenge_answered(who: str, accepted: bool) -> str:
    """A challenge accepted or declined."""
    if accepted:
        return _("You accepted {who}'s challenge; the game is said when it starts.").format(who=who)
    return _("You declined {who}'s challenge.").format(who=who)


def chat_sent(text: str) -> str:
    """A chat line was sent."""
    return _("Sent: {text}").format(text=visible(text))


def logged_out(had: bool) -> str:
    """The token was forgotten (or there was none)."""
    return _("Logged out: the token is forgotten.") if had else _("There was no token to forget.")


def online_taken_up(opponent: str, side: Side, moves: int, turn: str) -> str:
    """An online game going on, taken up (at the start, or after it was lost here)."""
    if side is Side.WHITE:
        text = n_("Your game against {opponent} on PlayStrategy, you play White, {count} move played.",
                  "Your game against {opponent} on PlayStrategy, you play White, {count} moves played.", moves)
    else:
        text = n_("Your game against {opponent} on PlayStrategy, you play Black, {count} move played.",
                  "Your game against {opponent} on PlayStrategy, you play Black, {count} moves played.", moves)
    return f"{text.format(opponent=opponent, count=moves)} {turn}"


def draw_offer_too_soon(left: int, limit: int) -> str:
    """A draw offer too soon after the player's last: the plies (moves of either side) still to go."""
    return n_("PlayStrategy takes a new draw offer only {limit} plies after your last one: {count} more ply to go.",
              "PlayStrategy takes a new draw offer only {limit} plies after your last one: {count} more plies to go.",
              left).format(limit=limit, count=left)


def game_begins(opponent: str, side: Side, control: TimeControl | None, turn: str, days: int | None = None) -> str:
    """An online game begins: the sides, the clocks (the server starts them at the second move) or the days a
    move of a correspondence game, the turn."""
    text = online_game_started(opponent, side)
    if days is not None:
        text = f"{text} " + n_("A correspondence game: {count} day a move.",
                               "A correspondence game: {count} days a move.", days).format(count=days)
    elif control is not None:
        text = f"{text} " + _("Clocks: {control}; the server starts them at the second move.").format(
            control=time_control(control))
    return f"{text} {turn}"


def login_typed(signed_in: bool, site: str) -> str:
    """``login`` typed inside ``toguz online``: a token is asked for outside it (typed here, it would be shown
    and kept in the line's history), so how to log in (``site``: the server's address)."""
    if signed_in:
        if site == PLAYSTRATEGY:
            return _("You are logged in already. To log in with another token, quit and run toguz online login.")
        return _("You are logged in already. To log in with another token, quit and run toguz online login --server "
                 "{server}.").format(server=site)
    if site == PLAYSTRATEGY:
        return _("To log in, quit and run toguz online login (it asks for your token).")
    return _("To log in, quit and run toguz online login --server {server} (it asks for your token).").format(
        server=site)


def signed_stones(score: float) -> str:
    """A score in stones with its sign, to a tenth: "+2.0", "-1.3", never "-0.0"."""
    return f"{round(score, 1) + 0.0:+.1f}"


def no_game_title() -> str:
    """The online board's status line before any game (in place of who plays whom)."""
    return _("no online game is going on")


def no_game_prompt(signed_in: bool) -> str:
    """The line mode's prompt in toguz online before any game (no score to show): where the player is."""
    return _("Online, no game> ") if signed_in else _("Online, not logged in> ")
