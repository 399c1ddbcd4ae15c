"""Every word toguz says, in one place, so that a translation replaces this module only.

Templates use ``str.format`` fields. A field in capitals-first form (``{Who}``) is expected to be
given already capitalised by the caller. Verbs come in pairs: the form for "you" first, then the
form for a third person ("you sow", "the computer sows").
"""

from __future__ import annotations

from collections.abc import Sequence

from rules import Termination

# Who is who.
YOU = "you"
YOUR = "your"
THEIR = "their"
THEM = "them"
POSSESSIVE = "{name}'s"

# Verbs: (second person, third person).
SOW = ("sow", "sows")
CAPTURE = ("capture", "captures")
TAKE = ("take", "takes")
COLLECT = ("collect", "collects")
LEAD = ("lead", "leads")
WIN = ("win", "wins")
HAVE = ("have", "has")
RESIGN = ("resign", "resigns")

# Counting.
STONE = "{count} stone"
STONES = "{count} stones"
EMPTY = "empty"
AND = "and"

# Moves, normal.
SOWN = "{Who} {sow} {stones} from pit {pit}"
LANDS = "the last stone falls into {pit_name}, which now holds {count}"
LANDS_IN_TUZDYK = "the last stone falls into {owner} tuzdyk, {pit_name}"
CAPTURED = "{Who} {capture} {count}."
TUZDYK_MADE = "That pit becomes {owner} tuzdyk and {who} {take} its {count} stones."
TUZDYK_INCOME = "{Owner} tuzdyk {collects} {stones}."
COLLECTED = "{Who} {collect} the {stones} left on {their} row."
CHANGES = "Changes on {owner} row: {changes}."
CHANGE = "pit {pit} from {before} to {after}"
COLLECTS = ("collects", "collects")

# Moves, brief (a 40-cell braille line): the pit played, where its last stone went and what that pit
# holds now, then what was taken; the preview has the same shape ("goes to", "makes", "takes").
BRIEF_MOVE = "{who}{pit} {landing}{events}."
BRIEF_MOVER = "{Who} "
BRIEF_LANDS = "to {row} {pit}, now {count}"
BRIEF_LANDS_IN_TUZDYK = "into {owner} tuzdyk"
BRIEF_CAPTURE = ", take {count}"
BRIEF_TUZDYK = ", tuzdyk"
BRIEF_INCOME = "Tuzdyk {count} to {who}."
BRIEF_COLLECTED = "{Count} left to {who}."
BRAILLE_CELLS = 40  # a brief announcement is cut into lines no longer than this, between sentences

# The score.
SCORE_LEAD = "{Who} {lead} {high} to {low}."
SCORE_LEVEL = "Tied at {count}."
SCORE_BRIEF = "{first} to {second}."
SCORE_NEEDED = "It takes {count} to win."

# The end.
GAME_OVER = "Game over: {reason}. {result}"
REASONS: dict[Termination, str] = {
    Termination.MAJORITY: "{who} {have} more than half the stones",
    Termination.NO_MOVES: "no moves are left",
    Termination.RESIGNATION: "{loser} {resign}",
    Termination.AGREEMENT: "the players agree to a draw",
    Termination.TIME: "time is up",
}
REASON_NO_MOVES_STUCK = "{who} {have} no move left"
REASONS_BRIEF: dict[Termination, str] = {
    Termination.MAJORITY: "by majority",
    Termination.NO_MOVES: "no moves left",
    Termination.RESIGNATION: "by resignation",
    Termination.AGREEMENT: "by agreement",
    Termination.TIME: "on time",
}
RESULT_WIN = "{Who} {win} {high} to {low}."
RESULT_WIN_BEHIND = "{Who} {win}, though {leader} {lead} {high} to {low}."
RESULT_DRAW = "It is a draw, {first} to {second}."
RESULT_BRIEF_WIN = "{Who} {win} {mine} to {theirs}."
RESULT_BRIEF_DRAW = "Draw {first} to {second}."
REASON_BRIEF = "{reason}."

# Looking at the board.
PIT_COUNT = "{Pit_name}: {stones}."
PIT_TUZDYK = "{Pit_name} is {owner} tuzdyk."
PIT_BRIEF = "{Row} {pit}: {count}"
PIT_BRIEF_TUZDYK = "{Row} {pit}: {owner} tuzdyk"
PIT_PLAYED = "Played, {effects}."
ROW = "{Owner} row from pit 1: {cells}."
ROW_FOLLOWING = "{Owner}: {cells}."
ROW_CELLS = " "  # between the pits of a group of three
ROW_GROUPS = ", "  # between groups: pits 1 to 3, 4 to 6, 7 to 9
ROW_TUZDYK = "tuzdyk"  # a tuzdyk in a row: the other side's
COMPACT = "{Mine}: {mine}. {Theirs}: {theirs}. {score}"
COMPACT_RUN = "{times} {count}s"
TIMES = ("", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
COMPACT_YOURS = "Yours"
COMPACT_THEIRS = "Theirs"
ROW_BRIEF = "{Row}: {cells}."
BRIEF_YOURS = "yours"
BRIEF_THEIRS = "theirs"
NO_TUZDYK_GAME = "This game has no tuzdyks."
NO_TUZDYKS_YET = "No tuzdyks yet."
TUZDYK_IS = "{Owner} tuzdyk is {pit_name}."
TUZDYK_NONE = "{Who} {have} no tuzdyk."
TUZDYKS_BRIEF = "Tuzdyks: {cells}."
TUZDYK_BRIEF_CELL = "{who} {pit}"
NONE = "none"
TURN = "Move {number}: {owner} turn."
TURN_BRIEF = "{Owner} turn."
MOVES_NONE = "{Who} {have} no move."
MOVES_ONE = "{Who} can play only pit {pit}."
MOVES_MANY = "{Who} can play pits {pits}."
MOVES_BRIEF = "Moves: {pits}."
MOVES_BRIEF_NONE = "No moves."
LAST_MOVE = "Last move: {move}"
NO_MOVE_YET = "No move yet."

# What a pit would do.
PREVIEW = "Pit {pit}: {stones}, {effects}."
PREVIEW_THEIRS = "{Pit_name}: {stones}, {effects}."
PREVIEW_EMPTY = "Pit {pit}: empty."
PREVIEW_TUZDYK = "Pit {pit} is {owner} tuzdyk."
PREVIEW_LANDS = "the last lands in {pit_name}"
PREVIEW_LANDS_IN_TUZDYK = "the last lands in {owner} tuzdyk"
PREVIEW_MAKING = "making {count}"
PREVIEW_NO_TUZDYK = "making 3, but no tuzdyk: {reason}"
NO_TUZDYK_REASONS = {
    "not in this game": "this game has no tuzdyks",
    "has one": "{who} {have} one already",
    "last pit": "pit {pit} never becomes one",
    "same number": "{owner} tuzdyk has that number",
}
PREVIEW_CAPTURES = "captures {count}"
PREVIEW_TUZDYK_MADE = "makes a tuzdyk"
PREVIEW_NO_CAPTURE = "no capture"
PREVIEW_INCOME = "{stones} to {owner} tuzdyk"
PREVIEW_ENDS = "and ends the game"
PREVIEW_BRIEF = "{pit} goes to {row} {landing}, makes {count}{events}."
PREVIEW_BRIEF_INTO_TUZDYK = "{pit} goes into {owner} tuzdyk{events}."
PREVIEW_BRIEF_EMPTY = "{pit}: empty."
PREVIEW_BRIEF_TUZDYK = "{pit}: {owner} tuzdyk."
PREVIEW_BRIEF_CAPTURE = ", takes {count}"
PREVIEW_BRIEF_TUZDYK_MADE = ", tuzdyk"

# Threats and chances: what each move of a side would take now.
THREATS = "{Owner} threats: {items}."
CHANCES = "{Owner} chances: {items}."
THREAT_CAPTURE = "pit {pit} takes {count} from {pit_name}"
THREAT_TUZDYK = "pit {pit} makes {pit_name} {owner} tuzdyk"
THREAT_WINS = "pit {pit} wins the game"
THREATS_NONE = "None of {owner} moves takes anything now."
THREATS_BRIEF = "Threats: {items}."
CHANCES_BRIEF = "Chances: {items}."
THREAT_BRIEF_CAPTURE = "{pit} takes {count}"
THREAT_BRIEF_TUZDYK = "{pit} tuzdyk"
THREAT_BRIEF_WINS = "{pit} wins"
THREATS_BRIEF_NONE = "Threats: none."
CHANCES_BRIEF_NONE = "Chances: none."

# Errors.
ILLEGAL_EMPTY = "{Pit_name} is empty."
ILLEGAL_EMPTY_TUZDYK = "{Pit_name} is empty: it is {owner} tuzdyk."
ILLEGAL_NO_PIT = "Pit {pit} does not exist: choose 1 to {pits}."
ILLEGAL_OVER = "The game is over."
ILLEGAL_BRIEF_EMPTY = "Pit {pit} empty."
ILLEGAL_BRIEF_NO_PIT = "No pit {pit}, choose 1 to {pits}."
ILLEGAL_BRIEF_OVER = "Game over."
UNKNOWN_COMMAND = "Unknown command: {word}; type help."
UNKNOWN_COMMAND_BRIEF = "Unknown: {word}. Type help."

# History.
HISTORY = "Moves so far. {moves}."
HISTORY_BRIEF = "{moves}."
HISTORY_NUMBER = "{number}: {moves}"
HISTORY_NUMBER_BRIEF = "{number}. {moves}"
HISTORY_MOVE = "pit {pit} to {landing}"
HISTORY_TUZDYK = ", tuzdyk"
HISTORY_TUZDYK_BRIEF = " tuz"
HISTORY_EMPTY = "No moves yet."


def stones(count: int) -> str:
    """``"1 stone"``, ``"9 stones"``."""
    return (STONE if count == 1 else STONES).format(count=count)


def listing(items: Sequence[str]) -> str:
    """``"1"``, ``"1 and 2"``, ``"1, 2 and 3"``."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {AND} {items[-1]}"


def capitalised(text: str) -> str:
    """``text`` with its first letter in capitals, as a sentence starts."""
    return text[:1].upper() + text[1:]


def braille_lines(sentences: list[str], width: int = BRAILLE_CELLS) -> str:
    """Sentences joined by spaces into lines of at most ``width`` characters (a braille display's
    line), a longer sentence on a line of its own; the lines joined by newlines."""
    lines: list[str] = []
    for sentence in sentences:
        if lines and len(lines[-1]) + 1 + len(sentence) <= width:
            lines[-1] += " " + sentence
        else:
            lines.append(sentence)
    return "\n".join(lines)
