"""The commands of the help's topic "board": hearing the board, its pits, rows, kazans and tuzdyks, the
moves, the last move, the history, the players and the clocks. They answer about what is looked at
(``GameSession.view``): the game, the review's position, or the lesson's or puzzle's."""

from __future__ import annotations

from rules import Side
from speech.words.i18n import _
from speech.words.vocabulary import side_title
from toguz_tui.commands.arguments import THEIRS, Answer, Focus, pit_number
from toguz_tui.session.facade import GameSession
from toguz_tui.session.mode import Reviewing, Training
from toguz_tui.session.output.announcement_stream import Reply


def preview(session: GameSession, args: list[str], focus: Focus) -> Answer:
    """Where a pit's last stone would land: the side to move's, or theirs (as if it were their turn);
    on the board, the focused pit of either row."""
    theirs = any(word.lower() in THEIRS for word in args)
    pit = pit_number(session, args, None if theirs else focus, "where", THEIRS)
    if not isinstance(pit, int):
        return pit
    view, output = session.view, session.output
    position = view.position
    side = position.to_move
    if theirs:
        side = view.seat.mine.opponent
    elif focus is not None and not args:
        side = focus[0]
    if not 1 <= pit <= position.variant.pits:
        return output.error(output.announcer.illegal(position, pit, False))
    return output.answer(output.announcer.preview(position, pit, side))


def pit(session: GameSession, args: list[str], focus: Focus) -> Answer:
    """One pit, mine or theirs."""
    theirs = any(word.lower() in THEIRS for word in args)
    number = pit_number(session, args, None if theirs else focus, "pit", THEIRS)
    if not isinstance(number, int):
        return number
    view, output = session.view, session.output
    position = view.position
    side = view.seat.mine
    if theirs:
        side = side.opponent
    elif focus is not None and not any(word.isdigit() for word in args):
        side = focus[0]
    if not 1 <= number <= position.variant.pits:
        return output.error(output.announcer.illegal(position, number, False))
    return output.answer(output.announcer.pit(position, side, number))


def my_row(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """The player's own row."""
    view = session.view
    return session.output.answer(session.output.announcer.row(view.position, view.seat.mine))


def their_row(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """The opponent's row."""
    view = session.view
    return session.output.answer(session.output.announcer.row(view.position, view.seat.mine.opponent))


def board(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Everything on the board."""
    view = session.view
    return session.output.answer(session.output.announcer.board(view.position, view.outcome))


def compact(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """The board in the fewest words."""
    return session.output.answer(session.output.announcer.compact(session.view.position))


def threats(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """What the opponent's moves would take now."""
    view = session.view
    return session.output.answer(session.output.announcer.threats(view.position, view.seat.mine.opponent))


def chances(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """What the player's moves would take now."""
    view = session.view
    return session.output.answer(session.output.announcer.chances(view.position, view.seat.mine))


def players(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Who plays which side, in the game looked at."""
    mode = session.view.mode
    names = mode.review.names if isinstance(mode, Reviewing) and mode.review.names is not None \
        else session.store.names()
    white, black = (name or side_title(side) for name, side in zip(names, Side, strict=True))
    return session.output.answer(_("White: {white}. Black: {black}.").format(white=white, black=black))


def kazans(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """The score."""
    return session.output.answer(session.output.announcer.kazans(session.view.position))


def tuzdyks(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """The tuzdyks."""
    return session.output.answer(session.output.announcer.tuzdyks(session.view.position))


def turn(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Whose turn."""
    return session.output.answer(session.view.turn_words(session.output.announcer))


def legal(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """The legal moves."""
    view = session.view
    moves = view.position.legal_moves() if isinstance(view.mode, Training) else view.shown.legal_moves()
    return session.output.answer(session.output.announcer.legal_moves(view.position, moves))


def last(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """The last move."""
    return session.output.answer(session.output.announcer.last_move(session.view.last_report))


def history(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """The moves so far."""
    return session.output.answer(session.output.announcer.history(session.view.shown.reports))


def clock(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """Both clocks now (a flag that has just fallen is said first), or that the game has none; in a
    record under review, the clocks its comments give."""
    mode, output, clocks = session.view.mode, session.output, session.clocks
    with session.lock:
        if isinstance(mode, Reviewing) and mode.review.names is not None:
            return output.answer(mode.review.clock_words(output.announcer))
        kept = session.opponent.clock_words() if clocks.clock is None else None
        if kept is not None:
            return output.answer(kept)
        if clocks.clock is None:
            return output.answer(_("This game has no clock. Start one with new clock 20 (or new clock 15+10), or set "
                                   "clock 20 for every new game."))
        return clocks.fallen() or output.answer(clocks.words(output.game_announcer))


def glance(session: GameSession, args: list[str], focus: Focus) -> Reply:
    """The board at a glance, by ear: the pits swept as panned tones, then the kazans as a chord."""
    view, sounds = session.view, session.output.sounds
    if not sounds.glance(view.position, view.seat.bottom):
        reason = getattr(sounds.player, "reason", "")  # a silent player says why it is silent
        if session.settings.sounds and reason:  # on, but with nothing to play them
            return session.output.error(_("glance plays the board as tones, and they cannot play here: "
                                          "{reason}.").format(reason=reason))
        return session.output.error(_("Sounds are off, and glance plays the board as tones: type sounds on to hear "
                                      "it."))
    return session.output.say(Reply(_("The board at a glance: your row left to right, then theirs, then the "
                                       "kazans."), spoken=""))
