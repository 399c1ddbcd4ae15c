"""Wording of the program itself (not of the game's events): greetings, files, settings, help.

Kept here with the rest of the wording so that both front ends say the same thing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rules import Position, Side, Variant


def variant_title(variant: Variant) -> str:
    """The variant's name, with its options when they differ from the defaults."""
    extras = []
    if variant.pits == 7 and variant.tuzdyks:
        extras.append("with tuzdyks")
    if variant.no_move == "lose":
        extras.append("a player who cannot move loses")
    if not variant.stop_at_majority:
        extras.append("played to the end")
    if variant.unrestricted_tuzdyk:
        extras.append("tuzdyks anywhere")
    return variant.name + (f" ({', '.join(extras)})" if extras else "")


def new_game(variant: Variant, human: Side | None, level: int, names: tuple[str, str]) -> str:
    """Said when a game starts."""
    if human is None:
        if names == ("White", "Black"):
            return f"New game of {variant_title(variant)} for two players; White moves first."
        return f"New game of {variant_title(variant)}: {names[0]} plays White, {names[1]} plays Black."
    return (f"New game of {variant_title(variant)}: you play {human.title} "
            f"against the computer at level {level}.")


def resumed(moves: int, started: str) -> str:
    """Said when the saved game in progress is taken up again."""
    played = "no moves yet" if moves == 0 else f"{moves} move{'s' if moves != 1 else ''} played"
    return f"Resuming your game from {started}, {played}. Type new for a new game."


def set_aside(name: str) -> str:
    """The game in progress was kept in the archive because another was started."""
    return f"The unfinished game was kept in the archive as {name}."


def broken_saved_game(reason: str, kept: str) -> str:
    """The saved game could not be restored (``kept`` says what became of its file)."""
    return f"{reason}. {kept} A new game starts."


def broken_kept(name: str) -> str:
    """A broken file of ours moved aside."""
    return f"It was moved aside as {name}, so nothing is lost."


def broken_not_moved(name: str, reason: str) -> str:
    """A broken file of ours that could not be moved aside."""
    return (f"It could not be moved aside ({reason}), so it stays as {name} and this game will not be saved "
            "over it.")


def broken_stays_reason(name: str) -> str:
    """Why the game in progress is not saved: the broken file stays."""
    return f"the broken {name} is kept as it is"


def open_elsewhere_reason() -> str:
    """Why the game in progress is not saved: another toguz has it."""
    return "the game in progress is open in another toguz"


def open_elsewhere() -> str:
    """Said at start when another toguz holds the game in progress."""
    return ("Your game in progress is open in another toguz. Here it is to look at, without changing it: "
            "forward and back step through it, close starts a new game, which will not be saved as "
            "the game in progress.")


def progress_not_saved(reason: str) -> str:
    """The game in progress could not be written."""
    return f"Your game could not be saved: {reason}."


def progress_not_removed(reason: str) -> str:
    """The finished game's autosave could not be removed."""
    return f"(The saved copy of it could not be removed: {reason}.)"


def archive_failed_kept(reason: str) -> str:
    """A finished game could not be archived but stays saved."""
    return (f"It could not be kept in the archive ({reason}); it stays saved and will be archived "
            "at the next start.")


def archive_failed(reason: str) -> str:
    """A finished game could be kept nowhere."""
    return f"It could not be kept ({reason}); type save and a file name to keep its record."


def not_set_aside(reason: str) -> str:
    """A new game was refused because the unfinished one could not be archived."""
    return (f"The game in progress could not be kept in the archive ({reason}), so it stays: no new game "
            "was started. Save it with save and a file name, or free the folder, then try again.")


def finished_restored(result: str, name: str | None, reason: str | None) -> str:
    """At start: the saved game had ended; what became of it."""
    if name is not None:
        return f"Your last game had ended: {result} It is now kept in the archive as {name}."
    return f"Your last game had ended: {result} It still could not be archived ({reason}); it stays saved."


def record_player() -> str:
    """The human's name in a record of a game against the computer."""
    return "Player"


def record_computer(level: int) -> str:
    """The computer's name in a record."""
    return f"toguz level {level}"


def not_in_review(command: str) -> str:
    """A command that changes the game, asked for in a review."""
    return f"{command} works on your game, not in a review: type close to leave the review first"


def computer_thinking() -> str:
    """While the computer looks for its move."""
    return "The computer is thinking."


def not_your_turn() -> str:
    """The player tried to play while the computer is to move."""
    return "Wait: it is the computer's turn."


def hint(pit: int, preview: str) -> str:
    """The engine's suggestion."""
    return f"Hint: play pit {pit}. {preview}"


def not_on_the_row_to_move(pit_name: str) -> str:
    """Enter on a pit of the row that is not to move (on the board)."""
    return f"{pit_name[:1].upper()}{pit_name[1:]} is not on the row to move; press a digit for a pit of your own row"


def cancelled(title: str) -> str:
    """A dialog closed with Escape."""
    return f"{title}: cancelled."


def settings_unchanged() -> str:
    """The settings dialog closed with nothing changed."""
    return "Settings unchanged."


def nothing_said() -> str:
    """Repeat before anything was said."""
    return "Nothing has been said yet."


def silenced() -> str:
    """Shown (not spoken) after silence."""
    return "Silenced."


def hint_coming() -> str:
    """Said at once when a hint is asked for; the hint follows."""
    return "Thinking about a hint."


def computer_failed(reason: str) -> str:
    """The engine broke: said in words, the game goes on."""
    return f"The computer could not think of a move: {reason}. Type undo or new to go on."


def undone(count: int) -> str:
    """After undo."""
    return "Took back the last move." if count == 1 else f"Took back the last {count} moves."


def nothing_to_undo() -> str:
    """Undo at the start."""
    return "There is no move to take back."


def saved(name: str, how: str = "new") -> str:
    """After save: a new file, a replaced one, or a game added to a collection."""
    if how == "append":
        return f"The game was added to {clipped(name, 60)}."
    return f"Game saved to {clipped(name, 60)}."


def saved_in_archive(name: str) -> str:
    """After save without a file name."""
    return f"Game saved in the archive as {name}."


def archive_word() -> str:
    """The archive, named in a message."""
    return "the archive"


def file_exists(name: str, games: int | None) -> str:
    """Saving to a file that exists: nothing was written; how to go on."""
    held = "" if games is None else f" (it holds {games} game{'s' if games != 1 else ''})"
    name = clipped(name, 60)
    return (f"{name} already exists{held}, so nothing was written. Type save {name} append to add this "
            f"game to it, or save {name} replace to replace it.")


def not_a_record_to_add_to(name: str) -> str:
    """Append asked for a file that is not a record collection."""
    return f"The file {clipped(name, 60)} is not a record file, so this game was not added to it."


def save_failed(path: str, reason: str) -> str:
    """Save did not work."""
    return f"Could not save to {clipped(path, 60)}: {reason or 'the system gave no reason'}."


def open_failed(path: str, reason: str) -> str:
    """A file could not be opened or read."""
    return f"Could not open {clipped(path, 60)}: {reason or 'the system gave no reason'}"


def opened_record(white: str, black: str, moves: int, result: str) -> str:
    """A record was opened for review: the players are named here, once; the moves say White and
    Black after this."""
    outcome = {"1-0": "White won", "0-1": "Black won", "1/2-1/2": "a draw"}.get(result, "no result")
    players = f"{white} against {black}" if (white, black) == ("White", "Black") else \
        f"{white} (White) against {black} (Black)"
    return (f"Reviewing {players}, {moves} move{'s' if moves != 1 else ''}, {outcome}. "
            "Use forward and back to step through it, close to leave the review.")


def players_are(white: str, black: str) -> str:
    """Who plays which side."""
    return f"White: {white}. Black: {black}."


def review_at_start(moves: int) -> str:
    """A review at the start of the game."""
    return f"Start of the game, {moves} move{'s' if moves != 1 else ''} to go."


def review_after(number: int, side: str, moves: int) -> str:
    """Where a review stands, as records number moves."""
    return f"After move {number}, {side}, of {moves}."


def no_such_move(number: int, moves: int) -> str:
    """A goto beyond the game."""
    return f"There is no move {number}: the game has {moves} move{'s' if moves != 1 else ''}."


def record_result(result: str) -> str:
    """The result a record gives for a game that did not end on the board."""
    said = {"1-0": "White won", "0-1": "Black won", "1/2-1/2": "a draw"}.get(result)
    if said is None:
        return "The record gives no result."
    return f"The record ends here: {said} ({result}), by resignation, on time or by agreement."


def game_n_of(number: int, total: int) -> str:
    """Which game of a collection is open."""
    return f"Game {number} of {total}."


def no_game_in_it() -> str:
    """A record file with no game."""
    return "it holds no game"


def games_not_n(total: int, number: int) -> str:
    """A game number beyond the collection."""
    return f"it holds {total} game{'s' if total != 1 else ''}, not {number}"


def one_position_a_file(lines: int) -> str:
    """A position file with several lines."""
    return f"it holds {lines} lines; a position file holds one FEN on one line"


def reading_big(name: str, size: str) -> str:
    """A big record file is being read in the background."""
    return f"Reading {name}, {size}; this takes a moment."


def reading_progress(name: str, percent: int) -> str:
    """How far reading a big file has come."""
    return f"Read {percent}% of {name}."


def review_edge(at_end: bool) -> str:
    """Stepping past either end of a review."""
    return "That is the last move." if at_end else "That is the start of the game."


def review_blocks_play() -> str:
    """Playing while a review is open."""
    return "A review is open: type close to leave it before playing."


def review_left() -> str:
    """Leaving review mode."""
    return "Review closed; back to your game."


def not_reviewing() -> str:
    """A review command outside a review."""
    return "No review is open: type review to review this game, or open a record file."


def settings_not_written(reason: str) -> str:
    """The settings changed for this run but could not be kept."""
    return f"The settings file could not be written: {reason}."


def setting_changed(name: str, value: str) -> str:
    """After ``set``."""
    return f"{name.replace('_', ' ')} is now {value}."


def settings_list(pairs: Sequence[tuple[str, str]]) -> str:
    """All the settings."""
    return "Settings: " + "; ".join(f"{name.replace('_', ' ')} {value}" for name, value in pairs) + "."


def speech_problem(reason: str) -> str:
    """Speech could not start: said once, in words."""
    text = reason if reason.lower().startswith("speech is off") or ": " in reason[:20] else f"speech is off: {reason}"
    return text[0].upper() + text[1:] + ("" if text.endswith(".") else ".")


def usage_error(command: str, usage: str) -> str:
    """A command given the wrong words."""
    return f"{command} needs: {usage}"


def internal_error(what: str, log: str) -> str:
    """A fault in the program itself: the game is unharmed."""
    return f"Sorry, that went wrong inside toguz ({what}); your game is unharmed. Details are in {log}"


def no_such_level(level: int | str) -> str:
    """A level outside 1 to 8."""
    return f"level {level} does not exist: choose 1 to 8"


def unknown_word(command: str, word: str, usage: str) -> str:
    """A word a command does not know."""
    return f"{command} does not know {word}: {usage}"


def quit_confirm() -> str:
    """Quitting with a finished game nobody saved."""
    return "This finished game is not saved. Type save to keep it, or quit again to leave."


def goodbye(in_progress: bool) -> str:
    """On leaving."""
    return "Goodbye. Your game is saved and will be offered next time." if in_progress else "Goodbye."


def goodbye_not_saved(why: str | None) -> str:
    """On leaving when the game in progress could not be saved."""
    return f"Goodbye. Your game in progress is not saved{': ' + why if why else ''}."


def finished_kept(name: str) -> str:
    """A finished game was kept as a record."""
    return f"The game is kept in the archive as {name}."


def prompt(position: Position, you: Side | None, over: bool) -> str:
    """The state shown in the line mode's prompt."""
    white, black = position.kazans
    if over:
        return f"Game over, {white} to {black}> "
    side = position.to_move
    who = "Your move" if you is side else ("Computer to move" if you is not None else f"{side.title} to move")
    return f"{who}, {white} to {black}> "


# Dialogs and the screen-reader mode --------------------------------------------------------------


def text_field(name: str, value: str) -> str:
    """A text field, as said when it is reached."""
    return f"{name}: {value or 'empty'}, text field."


def confirm_question(title: str, question: str, yes: str, no: str, selected: str | None = None) -> str:
    """A yes/no question as it opens: the question, how to answer, what is selected."""
    return f"{title}. {question} Press y to {yes.lower()}, n to {no.lower()}. {selected or yes} is selected."


def answer_selected(answer: str) -> str:
    """Left or Right in a yes/no question."""
    return f"{answer} is selected."


def cancel_word() -> str:
    """The button that closes a form without doing anything."""
    return "Cancel"


def form_opening(title: str, questions: int, ok: str, first: str, typed: bool = False) -> str:
    """A form in the screen-reader mode, as it opens, with its first question; ``typed`` when a
    question is answered by typing (where q is a letter, and Backspace closes only an empty field)."""
    cancel = "Backspace in an empty field or Escape to cancel" if typed else "q or Escape to cancel"
    if questions == 1:
        return f"{title}. Enter to {ok.lower()}, {cancel}. {first}"
    return (f"{title}, {questions} questions: Up and Down go between them, Left and Right change an "
            f"answer, Enter to {ok.lower()}, {cancel}. {first}")


def help_title() -> str:
    """The help screen's title, said when it opens."""
    return "Help: Up and Down read the keys one by one; q, h or Escape closes."


def line_of(number: int, total: int, line: str) -> str:
    """One line of a list read one at a time."""
    return f"{number} of {total}: {line}"


def nothing_more() -> str:
    """Page Down when all of the last message is shown."""
    return "That is all of it."


def quit_title() -> str:
    """The quit dialog's title."""
    return "Quit toguz"


def quit_word() -> str:
    """The answer that quits."""
    return "Quit"


def stay_word() -> str:
    """The answer that stays."""
    return "Stay"


def quit_question(in_progress: bool) -> str:
    """Asked before quitting."""
    if in_progress:
        return "Your game is saved and will be offered next time. Quit now?"
    return "Quit now?"


def quit_unsaved_question() -> str:
    """Asked before quitting a finished game that nobody kept."""
    return "This finished game was not kept. Quit anyway?"


def resign_title() -> str:
    """The resign dialog's title."""
    return "Resign"


def resign_question() -> str:
    """Asked before resigning."""
    return "Give up this game?"


def resign_word() -> str:
    """The answer that resigns."""
    return "Resign"


def play_on_word() -> str:
    """The answer that keeps playing."""
    return "Play on"


def saved_game_title() -> str:
    """The start-up dialog's title."""
    return "Saved game"


def resume_word() -> str:
    """The answer that resumes the saved game."""
    return "Resume"


def new_game_word() -> str:
    """The answer that starts a new game."""
    return "New game"


def first_start_question(readers: list[str]) -> str:
    """Asked once, at the first start, in plain words."""
    mode = ("The screen-reader mode draws a plain board, writes every message where the cursor is, "
            "and leaves speaking to your screen reader.")
    if readers:
        return (f"Welcome to toguz. {listing_words(readers)} is running. {mode} "
                "Use the screen-reader mode? Type y or n, then Enter (Enter alone: yes): ")
    return (f"Welcome to toguz. Do you use a screen reader? {mode} "
            "Type y or n, then Enter (Enter alone: no): ")


def first_start_again() -> str:
    """An answer that is neither yes nor no."""
    return "Please type y for yes or n for no."


def first_start_default(chosen: bool) -> str:
    """No answer came: the default is taken."""
    return "Taking " + ("yes." if chosen else "no.")


def first_start_done(chosen: bool) -> str:
    """After the first-start question."""
    if chosen:
        return ("Screen-reader mode on. Change it any time with: set screen_reader off (or --no-screen-reader); "
                "toguz's own voice: speech on.")
    return "Screen-reader mode off. Change it any time with: set screen_reader on (or --screen-reader)."


def listing_words(items: list[str]) -> str:
    """``"Orca"``, ``"Orca and BRLTTY"``, ``"Orca, Fenrir and BRLTTY"``."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def more_lines(count: int) -> str:
    """After a page of a long reply in the line mode."""
    return f"-- {count} more line{'s' if count != 1 else ''}: type more --"


def help_overview(topics: list[tuple[str, str]]) -> str:
    """``help`` alone: the topics, and how to ask for one."""
    listed = "\n".join(f"help {name}: {what}" for name, what in topics)
    return ("Type a pit number to play it, or a command. Help comes in topics:\n" + listed +
            "\nhelp all: every command; help and a command's name: that command (help where).")


def help_topic_title(topic: str) -> str:
    """The first line of ``help TOPIC``."""
    return f"Help on {topic} (help and a command's name for more on one):"


def help_spoken() -> str:
    """Said (not shown) when help is printed in the line mode."""
    return "Help is on the screen. Type help and a topic or a command name to hear one."


_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def visible(text: str) -> str:
    """``text`` safe to show on a terminal: control characters and escapes written out as ``\\xNN``
    (so ``\\x1b[31m`` cannot turn the screen red), line breaks and tabs kept."""
    return _CONTROL.sub(lambda match: f"\\x{ord(match.group()):02x}" if ord(match.group()) < 256
                        else f"\\u{ord(match.group()):04x}", text.replace("\t", " "))


def clipped(text: str, longest: int = 30) -> str:
    """``text`` as quoted back to the user: at most its first characters, and visible."""
    shown = text if len(text) <= longest else text[:longest] + "..."
    return visible(shown)


def open_elsewhere_new() -> str:
    """Said at start when another toguz holds the game in progress and there is nothing to show."""
    return ("The game in progress is open in another toguz; this game will not be saved as the game in "
            "progress (save keeps a record of it).")


def empty_fen() -> str:
    """An empty position was given."""
    return "The position given is empty: give a FEN, such as the one fen says."


def unrestorable(reason: str) -> str:
    """The saved game's moves could not be replayed."""
    return f"the saved game could not be restored ({reason})"


def dumb_terminal(term: str) -> str:
    """The terminal cannot show the full-screen board."""
    return f"This terminal (TERM={term}) cannot show the full-screen board, so toguz starts in the line mode."


def narrow_terminal(columns: int, needed: int) -> str:
    """The terminal is narrower than the boxed board."""
    return (f"The terminal is {columns} columns wide: the board is drawn plain, without boxes "
            f"(the boxed board needs {needed}).")


def too_narrow(columns: int, needed: int) -> str:
    """The terminal is narrower than even the plain board."""
    return (f"The terminal is {columns} columns wide and the board needs {needed}: part of it is hidden. "
            "Make the terminal wider, or use toguz --line.")


def unbalanced_quotes() -> str:
    """A typed line with a quote that is not closed."""
    return 'A quote is not closed: put a name with spaces between two quotes, as in save "my game.pgn".'


def choice_question(title: str, question: str, answers: Sequence[str]) -> str:
    """A question with a few answers, as it opens."""
    keys = ", ".join(f"{answer[0].lower()} to {answer.lower()}" for answer in answers)
    return f"{title}. {question} Press {keys}. {answers[0]} is selected."


def file_exists_title() -> str:
    """The dialog asked before writing over a file."""
    return "The file exists"


def file_exists_question(name: str) -> str:
    """Asked before writing over a file."""
    return f"{name} already exists. Add this game to it, or replace it?"


def add_word() -> str:
    """The answer that adds a game to a file."""
    return "Add to it"


def replace_word() -> str:
    """The answer that replaces a file."""
    return "Replace it"


def nothing_written(name: str) -> str:
    """Saving over a file was cancelled."""
    return f"Nothing was written; {name} is as it was."


def reader_running(readers: list[str]) -> str:
    """At start: a screen reader runs while the screen-reader mode is off."""
    return (f"{listing_words(readers)} is running: the screen-reader mode may suit you (Shift+o, then "
            "Screen-reader mode; or start toguz with --screen-reader).")


def two_players() -> str:
    """A game between two people at one keyboard."""
    return "two players"


def against_computer(level: int) -> str:
    """A game against the computer."""
    return f"against the computer at level {level}"


def resume_question(variant: str, opponent: str, turn: str, score: str) -> str:
    """The start-up question about the saved game: what it is and where it stands."""
    return f"{variant}, {opponent}. {turn} {score} Resume it, or start a new game?"


def thinking_for(seconds: int) -> str:
    """Whose turn, while the computer thinks."""
    return f"The computer's turn: it has been thinking for {seconds} second{'s' if seconds != 1 else ''}."


def resign_confirm() -> str:
    """The line mode asks before giving the game up."""
    return "Give up this game? Type resign again to resign, anything else to play on."


def speech_not_on(reason: str) -> str:
    """speech on, when no voice can speak."""
    return f"Speech stays off: {reason.removeprefix('speech is off, text only: ')}"


def game_label(number: int, white: str, black: str, result: str, date: str) -> str:
    """One game of a collection in a list."""
    when = f", {date}" if date and "?" not in date else ""
    return f"{number}: {white} against {black}, {result}{when}"


def games_title(name: str, count: int) -> str:
    """The first line of a list of games."""
    return f"{count} game{'s' if count != 1 else ''} in {name}; open one with open and its number:"


def games_spoken(name: str, count: int) -> str:
    """Said (not shown) when a list of games is printed."""
    return f"{count} games of {name} are listed on the screen; more for the next page."


def no_collection() -> str:
    """games before any record was opened."""
    return "No record file is open: open one first, or type recent for the ones opened lately."


def no_recent() -> str:
    """recent with nothing to list."""
    return "No record file has been opened or saved yet."


def recent_title() -> str:
    """The first line of the list of recent records."""
    return "Records opened or saved lately; open one with recent and its number:"


def recent_line(number: int, name: str, folder: str) -> str:
    """One recent record."""
    return f"{number}: {name} (in {folder})"


def no_such_recent(number: int, count: int) -> str:
    """recent N beyond the list."""
    return f"There is no record {number} in the list: it holds {count}."


def open_dialog_usage() -> str:
    """The open dialog with neither a recent record nor a name."""
    return "choose a record opened lately, or type a file name"


def quit_not_saved_question(why: str | None) -> str:
    """Asked before quitting when the game in progress could not be saved."""
    return f"Your game in progress is not saved{': ' + why if why else ''}. Quit anyway?"


def finished_stays_reason() -> str:
    """Why the game in progress is not saved: the finished game waits to be archived."""
    return "your last game, finished, stays saved until it can be archived"
