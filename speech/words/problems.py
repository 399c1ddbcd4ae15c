"""The rules' typed errors (``rules.errors``) in words: what is wrong, and where it was found.

``describe(error)`` gives one sentence, such as "games.pgn: game 3 (white "Ana", line 12): move 5
for White, token '76x': the token marks a tuzdyk, but the move makes none". Long texts from the
file are quoted by their first characters only, with their control characters written out.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rules import Fault, RulesError, Side, Termination
from rules.errors import Detail
from speech.words.i18n import _, n_
from speech.words.phrases import capital, visible
from speech.words.vocabulary import termination_word, variant_for

QUOTE = 60  # characters of a bad text quoted in a message


def quoted(text: object) -> str:
    """``text`` quoted for a message, cut to its first characters when long, control characters
    written out."""
    value = str(text)
    if len(value) <= QUOTE:
        return visible(repr(value))
    return visible(repr(value[:QUOTE])) + n_("... ({count} character)", "... ({count} characters)", len(value)).format(
        count=len(value))


Words = Callable[[Mapping[str, Detail]], str]

_FAULTS: dict[Fault, Words] = {
    Fault.NO_PIT: lambda d: _("pit {pit} does not exist: choose 1 to {pits}").format(pit=d["pit"], pits=d["pits"]),
    Fault.EMPTY_PIT: lambda d: (_("White's pit {pit} is empty") if d["side"] == Side.WHITE
                                else _("Black's pit {pit} is empty")).format(pit=d["pit"]),
    Fault.GAME_OVER: lambda d: _("the game is over, no move can be played"),
    Fault.NOTHING_TO_UNDO: lambda d: _("there is no move to take back"),
    Fault.FEN_TOO_LONG: lambda d: _("the FEN is {length} characters long; a position takes at most {limit}: "
                                    "{text}").format(length=d["length"], limit=d["limit"], text=quoted(d["text"])),
    Fault.FEN_FIELDS: lambda d: n_(
        "a FEN needs 5 fields (rows, White's kazan, Black's kazan, side, move number), found {count}: {text}",
        "a FEN needs 5 fields (rows, White's kazan, Black's kazan, side, move number), found {count}: {text}",
        int(d["found"] or 0)).format(count=d["found"], text=quoted(d["text"])),
    Fault.FEN_ROWS: lambda d: _("the FEN's rows must be two, split by one '/': {text}").format(text=quoted(d["text"])),
    Fault.FEN_ROW_LENGTHS: lambda d: _("the FEN's rows differ in length: Black's has {black} pits, White's "
                                       "{white}: {text}").format(black=d["black"], white=d["white"],
                                                                 text=quoted(d["text"])),
    Fault.FEN_PIT: lambda d: (_("in the FEN, White's row has an unreadable pit {part} in {text}")
                              if d["side"] == Side.WHITE
                              else _("in the FEN, Black's row has an unreadable pit {part} in {text}")).format(
        part=quoted(d["part"]), text=quoted(d["text"])),
    Fault.FEN_PIT_STONES: lambda d: (
        _("in the FEN, White's row has a pit of {stones} stones; no game has more than {limit}: {text}")
        if d["side"] == Side.WHITE else
        _("in the FEN, Black's row has a pit of {stones} stones; no game has more than {limit}: {text}")).format(
        stones=d["stones"], limit=d["limit"], text=quoted(d["text"])),
    Fault.FEN_EMPTY_RUN: lambda d: (_("in the FEN, White's row has an empty run of {run} pits in {text}")
                                    if d["side"] == Side.WHITE
                                    else _("in the FEN, Black's row has an empty run of {run} pits in {text}")).format(
        run=d["run"], text=quoted(d["text"])),
    Fault.FEN_ROW_TOO_LONG: lambda d: (_("in the FEN, White's row has more than {limit} pits: {text}")
                                       if d["side"] == Side.WHITE
                                       else _("in the FEN, Black's row has more than {limit} pits: {text}")).format(
        limit=d["limit"], text=quoted(d["text"])),
    Fault.FEN_PITS: lambda d: _("the FEN's rows have {pits} pits: 5, 7 or 9 are known: {text}").format(
        pits=d["pits"], text=quoted(d["text"])),
    Fault.FEN_PITS_VARIANT: lambda d: _("the FEN's rows have {pits} pits but {variant} has {variant_pits}: "
                                        "{text}").format(pits=d["pits"], variant=variant_for(d["variant"]),
                                                         variant_pits=d["variant"], text=quoted(d["text"])),
    Fault.FEN_NO_TUZDYKS: lambda d: _("the FEN has a tuzdyk but {variant} is played without them: {text}").format(
        variant=variant_for(d["variant"]), text=quoted(d["text"])),
    Fault.FEN_KAZAN: lambda d: (_("in the FEN, White's kazan must be a whole number from 0 to {limit}, not {value}")
                                if d["side"] == Side.WHITE else
                                _("in the FEN, Black's kazan must be a whole number from 0 to {limit}, not {value}")
                                ).format(limit=d["limit"], value=quoted(d["value"])),
    Fault.FEN_MOVE_NUMBER: lambda d: _("the FEN's move number must be a whole number from 1 to {limit}, not "
                                       "{value}").format(limit=d["limit"], value=quoted(d["value"])),
    Fault.FEN_SIDE: lambda d: _("the FEN's side to move must be S (White) or N (Black), not {value}").format(
        value=quoted(d["value"])),
    Fault.FEN_TUZDYKS: lambda d: (n_("the FEN gives White {count} tuzdyk; a player has at most one: {text}",
                                     "the FEN gives White {count} tuzdyks; a player has at most one: {text}",
                                     int(d["count"] or 0)) if d["side"] == Side.WHITE else
                                  n_("the FEN gives Black {count} tuzdyk; a player has at most one: {text}",
                                     "the FEN gives Black {count} tuzdyks; a player has at most one: {text}",
                                     int(d["count"] or 0))).format(count=d["count"], text=quoted(d["text"])),
    Fault.FEN_TUZDYK_LAST: lambda d: (_("the FEN puts White's tuzdyk in pit {pit}, the last pit, where none may "
                                        "stand: {text}") if d["side"] == Side.WHITE else
                                      _("the FEN puts Black's tuzdyk in pit {pit}, the last pit, where none may "
                                        "stand: {text}")).format(pit=d["pit"], text=quoted(d["text"])),
    Fault.FEN_TUZDYK_SAME: lambda d: _("the FEN gives both players a tuzdyk in pit {pit}, which the rules forbid: "
                                       "{text}").format(pit=d["pit"], text=quoted(d["text"])),
    Fault.FEN_STONES: lambda d: _("the FEN holds {stones} stones but {variant} is played with {total}: {text}").format(
        stones=d["stones"], variant=variant_for(d["variant"]), total=d["total"], text=quoted(d["text"])),
    Fault.TOKEN_EMPTY: lambda d: _("it is empty"),
    Fault.TOKEN_SHAPE: lambda d: _("a move token is two digits (the pit played, then the pit where the last stone "
                                   "landed), then 'x' or 'X' for a tuzdyk, then '(N)' after a PlayOK capture"),
    Fault.TOKEN_DIGIT: lambda d: (_("the pit must be 1 to {pits}, not {digit}") if d["which"] == "pit"
                                  else _("the landing pit must be 1 to {pits}, not {digit}")).format(
        pits=d["pits"], digit=d["digit"]),
    Fault.TOKEN_MIXED_MARK: lambda d: _("it mixes the federation tuzdyk mark {mark} with a PlayOK capture "
                                        "total").format(mark=quoted(d["mark"])),
    Fault.TOKEN_TUZDYK_AND_CAPTURE: lambda d: _("one move cannot both make a tuzdyk and capture"),
    Fault.WRONG_PIT: lambda d: _("pit {played} was played, not {written}").format(played=d["played"],
                                                                                written=d["written"]),
    Fault.WRONG_LANDING: lambda d: _("the last stone lands in pit {landing}, not {written}").format(
        landing=d["landing"], written=d["written"]),
    Fault.MISSING_TUZDYK_MARK: lambda d: _("the move makes a tuzdyk of pit {pit}, but the token has no tuzdyk "
                                           "mark").format(pit=d["pit"]),
    Fault.EXTRA_TUZDYK_MARK: lambda d: _("the token marks a tuzdyk, but the move makes none"),
    Fault.MISSING_TOTAL: lambda d: _("the move captures {captured}, but the token has no ({kazan})").format(
        captured=d["captured"], kazan=d["kazan"]),
    Fault.TOTAL_WITHOUT_CAPTURE: lambda d: _("the token says ({written}), but the move captures nothing").format(
        written=d["written"]),
    Fault.WRONG_TOTAL: lambda d: _("the mover's kazan holds {kazan} after the capture, not {written}").format(
        kazan=d["kazan"], written=d["written"]),
    Fault.RESULT: lambda d: _("result {text}: write 1-0, 0-1, 1/2-1/2 or *").format(text=quoted(d["text"])),
    Fault.TAG: lambda d: _('unreadable tag {text}: a tag is [Name "value"] on one line').format(
        text=quoted(d["text"])),
    Fault.TAG_NAME: lambda d: _("the tag name {name} holds more than letters, digits and _").format(
        name=quoted(d["name"])),
    Fault.TAG_LINE_BREAK: lambda d: _("the value of the tag {name} holds a line break").format(name=d["name"]),
    Fault.COMMENT_BRACE: lambda d: _("the comment {text} cannot hold '}}'").format(
        text=quoted(d["text"])),
    Fault.COMMENT_OPEN: lambda d: _("the comment {text} is never closed with '}}'").format(text=quoted(d["text"])),
    Fault.STRAY: lambda d: _("stray {text}").format(text=quoted(d["text"])),
    Fault.MOVE_CODE: lambda d: _("{text} is not a move code such as f1e2").format(text=quoted(d["text"])),
    Fault.MOVE_CODE_PIT: lambda d: _("the move {text} plays a pit the side to move cannot play").format(
        text=quoted(d["text"])),
    Fault.MOVE_CODE_LANDING: lambda d: _("the move {text} says where its last stone lands wrongly: it is "
                                         "{actual}").format(text=quoted(d["text"]), actual=d["actual"]),
    Fault.TAG_TWICE: lambda d: _("the tag {name} is given twice").format(name=d["name"]),
    Fault.OPTION: lambda d: _("the {tag} tag has an unknown option {part}: known are {known}").format(
        tag=d["tag"], part=quoted(d["part"]), known=d["known"]),
    Fault.MIXED_MARKS: lambda d: _("the record mixes PlayOK marks (token {playok}, line {playok_line}) with "
                                   "federation marks (token {federation}, line {federation_line})").format(
        playok=quoted(d["playok"]), playok_line=d["playok_line"], federation=quoted(d["federation"]),
        federation_line=d["federation_line"]),
    Fault.RESULT_TAG_MOVES: lambda d: _("the Result tag says {tagged} but the moves end with {written}").format(
        tagged=d["tagged"], written=d["written"]),
    Fault.RESULT_BOARD: lambda d: _("the game ended on the board ({reason}, kazans {white} to {black}) in {result}, "
                                    "but the record says {given}").format(
        reason=termination_word(Termination(str(d["reason"]))), white=d["white"], black=d["black"], result=d["result"],
        given=d["given"]),
    Fault.RESULT_ENDED: lambda d: _("the game ended in {result}, not {asked}").format(result=d["result"],
                                                                                    asked=d["asked"]),
    Fault.VARIANT_UNKNOWN: lambda d: _("unknown game {name}: choose {known}").format(name=quoted(d["name"]),
                                                                                     known=d["known"]),
    Fault.VARIANT_PITS: lambda d: _("no game has {pits} pits a row: 5, 7 and 9 are known").format(pits=d["pits"]),
    Fault.GAMES_NOT_ONE: lambda d: n_("it holds {count} game, not one", "it holds {count} games, not one",
                                      int(d["count"] or 0)).format(count=d["count"]),
    Fault.NOT_UTF8: lambda d: _("it is not UTF-8 text"),
    Fault.GAME_APART: lambda d: _("the game cannot be told apart from the game next to it: put a blank line and "
                                  "its tags between them"),
    Fault.RECORD_LINE_TOO_LONG: lambda d: _("the line is {length} characters long; a record's lines are at most "
                                            "{limit}").format(length=d["length"], limit=d["limit"]),
    Fault.RECORD_TOO_MANY_GAMES: lambda d: _("it holds more than {limit} games, the most toguz opens in one file: "
                                             "split it").format(limit=d["limit"]),
    Fault.RECORD_GAME_TOO_LONG: lambda d: _("the game is {length} characters long; a game is at most {limit}").format(
        length=d["length"], limit=d["limit"]),
    Fault.CANNOT_RECORD: lambda d: _("a game of {pits} pits of {stones} cannot be recorded: only Toguz Kumalak, "
                                     "Kozdatu and Bestemshe can").format(pits=d["pits"], stones=d["stones"]),
}


def fault(error: RulesError) -> str:
    """What is wrong, without where."""
    if error.fault is Fault.MOVE_NUMBER:
        context = error.context
        due = (_("move {number} for White") if context.get("side") == Side.WHITE
               else _("move {number} for Black")).format(number=context.get("move"))
        return _("move number {written} where {due} is due").format(written=quoted(error.details["written"]), due=due)
    return _FAULTS[error.fault](error.details)


def where(context: Mapping[str, Detail]) -> str:
    """The place of a fault: the file, then the game with its names and line ("" when unknown)."""
    names = [f'{tag} "{quoted(context[key])[1:-1]}"' for tag, key in (("Event", "event"), ("White", "white"),
                                                                     ("Black", "black")) if context.get(key)]
    if context.get("line") is not None:
        names.append(_("line {line}").format(line=context["line"]))
    place = []
    if context.get("source"):
        place.append(visible(str(context["source"])))
    if context.get("game") is not None:
        game = _("game {number}").format(number=context["game"])
        place.append(f"{game} ({', '.join(names)})" if names else game)
    elif names:
        place.append(", ".join(names))
    return ": ".join(place)


def describe(error: RulesError) -> str:
    """The whole message: where, then the move and token, then what is wrong."""
    context = error.context
    lead = where(context)
    steps = []
    if context.get("move") is not None and error.fault is not Fault.MOVE_NUMBER:
        steps.append((_("move {number} for White") if context.get("side") == Side.WHITE
                      else _("move {number} for Black")).format(number=context["move"]))
    if context.get("token") is not None:
        steps.append(_("token {token}").format(token=quoted(context["token"])))
    if context.get("tag") is not None:
        steps.append(_("the {tag} tag").format(tag=context["tag"]))
    head = ", ".join(steps)
    text = fault(error)
    if head:
        text = f"{head}: {text}"
    if lead:
        text = f"{lead}: {text}"
    return text


def described(error: RulesError) -> str:
    """``describe`` as a sentence: capital first letter."""
    return capital(describe(error))


__all__ = ["describe", "described", "fault", "quoted", "where"]
