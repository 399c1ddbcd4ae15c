"""Wording of the program itself (not of the game's events): greetings, files, settings, help.

Both front ends say the same thing; every word comes from the catalogue (``speech.words.i18n``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rules import Position, Side, Variant
from rules.clock import TimeControl
from speech.words.i18n import _, n_, p_
from speech.words.vocabulary import side_title, variant_title


def new_game(variant: Variant, human: Side | None, level: int, names: tuple[str, str]) -> str:
    """Said when a game starts (``names``: the players' own names, "" for none)."""
    title = variant_title(variant)
    if human is None:
        if not any(names):
            return _("New game of {variant} for two players; White moves first.").format(variant=title)
        return _("New game of {variant}: {white} plays White, {black} plays Black.").format(
            variant=title, white=names[0] or side_title(Side.WHITE), black=names[1] or side_title(Side.BLACK))
    if human is Side.WHITE:
        return _("New game of {variant}: you play White against the computer at level {level}.").format(
            variant=title, level=level)
    return _("New game of {variant}: you play Black against the computer at level {level}.").format(
        variant=title, level=level)


def resumed(moves: int, started: str) -> str:
    """Said when the saved game in progress is taken up again."""
    if moves == 0:
        return _("Resuming your game from {started}, no moves yet. Type new for a new game.").format(started=started)
    return n_("Resuming your game from {started}, {count} move played. Type new for a new game.",
              "Resuming your game from {started}, {count} moves played. Type new for a new game.", moves).format(
        started=started, count=moves)


def game_begins(variant: Variant, human: Side | None, level: int, names: tuple[str, str], opponent: str = "",
                clock: TimeControl | None = None, first: Side = Side.WHITE, kept: str | None = None) -> str:
    """Said when a game starts: the game (against ``opponent`` online, when named), its clocks, and the
    unfinished game ``kept`` in the archive, if one was."""
    text = new_game(variant, human, level, names)
    if opponent and human is not None:
        text = online_game_started(opponent, human)
    if clock is not None:
        text = f"{text} {clock_on_new_game(clock, first)}"
    return f"{set_aside(kept)} {text}" if kept else text


def set_aside(name: str) -> str:
    """The game in progress was kept in the archive because another was started."""
    return _("The unfinished game was kept in the archive as {name}.").format(name=name)


def broken_saved_game(reason: str, kept: str) -> str:
    """The saved game could not be restored (``kept`` says what became of its file)."""
    return _("{reason}. {kept} A new game starts.").format(reason=capital(reason), kept=kept)


def broken_kept(name: str) -> str:
    """A broken file of ours moved aside."""
    return _("It was moved aside as {name}, so nothing is lost.").format(name=name)


def broken_not_moved(name: str, reason: str) -> str:
    """A broken file of ours that could not be moved aside."""
    return _("It could not be moved aside ({reason}), so it stays as {name} and this game will not be saved "
             "over it.").format(name=name, reason=reason)


def broken_stays_reason(name: str) -> str:
    """Why the game in progress is not saved: the broken file stays."""
    return _("the broken {name} is kept as it is").format(name=name)


def open_elsewhere_reason() -> str:
    """Why the game in progress is not saved: another toguz has it."""
    return _("the game in progress is open in another toguz")


def open_elsewhere() -> str:
    """Said at start when another toguz holds the game in progress."""
    return _("Your game in progress is open in another toguz. Here it is to look at, without changing it: "
             "forward and back step through it, close starts a new game, which will not be saved as "
             "the game in progress.")


def progress_not_saved(reason: str) -> str:
    """The game in progress could not be written."""
    return _("Your game could not be saved: {reason}.").format(reason=reason)


def progress_not_removed(reason: str) -> str:
    """The finished game's autosave could not be removed."""
    return _("(The saved copy of it could not be removed: {reason}.)").format(reason=reason)


def archive_failed_kept(reason: str) -> str:
    """A finished game could not be archived but stays saved."""
    return _("It could not be kept in the archive ({reason}); it stays saved and will be archived "
             "at the next start.").format(reason=reason)


def archive_failed(reason: str) -> str:
    """A finished game could be kept nowhere."""
    return _("It could not be kept ({reason}); type save and a file name to keep its record.").format(reason=reason)


def not_set_aside(reason: str) -> str:
    """A new game was refused because the unfinished one could not be archived."""
    return _("The game in progress could not be kept in the archive ({reason}), so it stays: no new game "
             "was started. Save it with save and a file name, or free the folder, then try again.").format(
        reason=reason)


def finished_restored(result: str, name: str | None, reason: str | None) -> str:
    """At start: the saved game had ended; what became of it."""
    if name is not None:
        return _("Your last game had ended: {result} It is now kept in the archive as {name}.").format(
            result=result, name=name)
    return _("Your last game had ended: {result} It still could not be archived ({reason}); it stays saved.").format(
        result=result, reason=reason)


def record_player() -> str:
    """The human's name in a record of a game against the computer."""
    return _("Player")


def record_computer(level: int) -> str:
    """The computer's name in a record."""
    return _("toguz level {level}").format(level=level)


def not_in_review(command: str) -> str:
    """A command that changes the game, asked for in a review."""
    return _("{command} works on your game, not in a review: type close to leave the review first").format(
        command=capital(command))


def computer_thinking() -> str:
    """While the computer looks for its move."""
    return _("The computer is thinking.")


def not_your_turn() -> str:
    """The player tried to play while the computer is to move."""
    return _("Wait: it is the computer's turn.")


def hint(pit: int, preview: str) -> str:
    """The engine's suggestion."""
    return _("Hint: play pit {pit}. {preview}").format(pit=pit, preview=preview)


def not_on_the_row_to_move(pit_name: str) -> str:
    """Enter on a pit of the row that is not to move (on the board)."""
    return capital(_("{pit_name} is not on the row to move; press a digit for a pit of your own row").format(
        pit_name=pit_name))


def cancelled(title: str) -> str:
    """A dialog closed with Escape."""
    return _("{title}: cancelled.").format(title=title)


def settings_unchanged() -> str:
    """The settings dialog closed with nothing changed."""
    return _("Settings unchanged.")


def nothing_said() -> str:
    """Repeat before anything was said."""
    return _("Nothing has been said yet.")


def silenced() -> str:
    """Shown (not spoken) after silence."""
    return _("Silenced.")


def analysis_coming() -> str:
    """Said at once when an analysis is asked for; the analysis follows."""
    return _("Analysing every move.")


def line_coming() -> str:
    """Said at once when the expected line is asked for; the line follows."""
    return _("Looking for the best line.")


def hint_coming() -> str:
    """Said at once when a hint is asked for; the hint follows."""
    return _("Thinking about a hint.")


def computer_failed(reason: str) -> str:
    """The engine broke: said in words, the game goes on."""
    return _("The computer could not think of a move: {reason}. Type undo or new to go on.").format(reason=reason)


def undone(count: int) -> str:
    """After undo."""
    return n_("Took back the last move.", "Took back the last {count} moves.", count).format(count=count)


def nothing_to_undo() -> str:
    """Undo at the start."""
    return _("There is no move to take back.")


def saved(name: str, how: str = "new") -> str:
    """After save: a new file, a replaced one, or a game added to a collection."""
    if how == "append":
        return _("The game was added to {name}.").format(name=clipped(name, 60))
    return _("Game saved to {name}.").format(name=clipped(name, 60))


def saved_in_archive(name: str) -> str:
    """After save without a file name."""
    return _("Game saved in the archive as {name}.").format(name=name)


def archive_word() -> str:
    """The archive, named in a message."""
    return _("the archive")


def file_exists(name: str, games: int | None) -> str:
    """Saving to a file that exists: nothing was written; how to go on."""
    name = clipped(name, 60)
    if games is None:
        return _("{name} already exists, so nothing was written. Type save {name} append to add this "
                 "game to it, or save {name} replace to replace it.").format(name=name)
    return n_("{name} already exists (it holds {count} game), so nothing was written. Type save {name} append "
              "to add this game to it, or save {name} replace to replace it.",
              "{name} already exists (it holds {count} games), so nothing was written. Type save {name} append "
              "to add this game to it, or save {name} replace to replace it.", games).format(name=name, count=games)


def not_a_record_to_add_to(name: str) -> str:
    """Append asked for a file that is not a record collection."""
    return _("The file {name} is not a record file, so this game was not added to it.").format(
        name=clipped(name, 60))


def no_reason_given() -> str:
    """A failure the system did not explain."""
    return _("the system gave no reason")


def save_failed(path: str, reason: str) -> str:
    """Save did not work."""
    return _("Could not save to {name}: {reason}.").format(name=clipped(path, 60), reason=reason or no_reason_given())


def open_failed(path: str, reason: str) -> str:
    """A file could not be opened or read."""
    return _("Could not open {name}: {reason}").format(name=clipped(path, 60), reason=reason or no_reason_given())


def result_words(result: str) -> str | None:
    """A record's result in words: ``None`` when it gives none."""
    return {"1-0": _("White won"), "0-1": _("Black won"), "1/2-1/2": _("a draw")}.get(result)


def opened_record(white: str, black: str, moves: int, result: str) -> str:
    """A record was opened for review (``white`` and ``black`` its names, "" where it gives none): the
    players are named here, once; the moves say White and Black after this."""
    outcome = result_words(result) or _("no result")
    if not white and not black:
        players = _("White against Black")
    else:
        players = _("{white} (White) against {black} (Black)").format(
            white=white or side_title(Side.WHITE), black=black or side_title(Side.BLACK))
    return n_("Reviewing {players}, {count} move, {outcome}. Use forward and back to step through it, close to "
              "leave the review.",
              "Reviewing {players}, {count} moves, {outcome}. Use forward and back to step through it, close to "
              "leave the review.", moves).format(players=players, count=moves, outcome=outcome)


def players_are(white: str, black: str) -> str:
    """Who plays which side."""
    return _("White: {white}. Black: {black}.").format(white=white, black=black)


def review_at_start(moves: int) -> str:
    """A review at the start of the game."""
    return n_("Start of the game, {count} move to go.", "Start of the game, {count} moves to go.", moves).format(
        count=moves)


def review_after(number: int, side: Side, moves: int) -> str:
    """Where a review stands, as records number moves."""
    if side is Side.WHITE:
        return _("After move {number}, White, of {moves}.").format(number=number, moves=moves)
    return _("After move {number}, Black, of {moves}.").format(number=number, moves=moves)


def no_such_move(number: int, moves: int) -> str:
    """A goto beyond the game."""
    return n_("There is no move {number}: the game has {count} move.",
              "There is no move {number}: the game has {count} moves.", moves).format(number=number, count=moves)


def record_result(result: str) -> str:
    """The result a record gives for a game that did not end on the board."""
    said = result_words(result)
    if said is None:
        return _("The record gives no result.")
    return _("The record ends here: {said} ({result}), by resignation, on time or by agreement.").format(
        said=said, result=result)


def game_n_of(number: int, total: int) -> str:
    """Which game of a collection is open."""
    return _("Game {number} of {total}.").format(number=number, total=total)


def no_game_in_it() -> str:
    """A record file with no game."""
    return _("it holds no game")


def games_not_n(total: int, number: int) -> str:
    """A game number beyond the collection."""
    return n_("it holds {count} game, not {number}", "it holds {count} games, not {number}", total).format(
        count=total, number=number)


def one_position_a_file(lines: int) -> str:
    """A position file with several lines."""
    return _("it holds {lines} lines; a position file holds one FEN on one line").format(lines=lines)


def reading_big(name: str, size: str) -> str:
    """A big record file is being read in the background."""
    return _("Reading {name}, {size}; this takes a moment.").format(name=name, size=size)


def reading_progress(name: str, percent: int) -> str:
    """How far reading a big file has come."""
    return _("Read {percent} percent of {name}.").format(percent=percent, name=name)


def review_edge(at_end: bool) -> str:
    """Stepping past either end of a review."""
    return _("That is the last move.") if at_end else _("That is the start of the game.")


def review_blocks_play() -> str:
    """Playing while a review is open."""
    return _("A review is open: type close to leave it before playing.")


def review_left() -> str:
    """Leaving review mode."""
    return _("Review closed; back to your game.")


def not_reviewing() -> str:
    """A review command outside a review."""
    return _("No review is open: type review to review this game, or open a record file.")


def settings_not_written(reason: str) -> str:
    """The settings changed for this run but could not be kept."""
    return _("The settings file could not be written: {reason}.").format(reason=reason)


def setting_changed(label: str, value: str) -> str:
    """After ``set`` (``label``: the setting as people call it, ``value`` as shown)."""
    return capital(_("{setting} is now {value}.").format(setting=label, value=value))


def settings_list(pairs: Sequence[tuple[str, str]]) -> str:
    """All the settings, as people call them, and their values."""
    return _("Settings: {settings}.").format(settings="; ".join(f"{label} {value}" for label, value in pairs))


def speech_problem(reason: str) -> str:
    """Speech could not start: said once, in words (``reason`` as ``open_speaker`` gives it)."""
    return _("Speech is off, text only: {reason}.").format(reason=reason.rstrip("."))


def speech_failed(reason: str) -> str:
    """The voice stopped working: said once, in words."""
    return _("Speech is off: {reason}.").format(reason=reason.rstrip("."))


def usage_error(command: str, usage: str) -> str:
    """A command given the wrong words."""
    return _("{command} needs: {usage}").format(command=capital(command), usage=usage)


def internal_error(what: str, log: str) -> str:
    """A fault in the program itself: the game is unharmed."""
    return _("Sorry, that went wrong inside toguz ({what}); your game is unharmed. Details are in {log}").format(
        what=what, log=log)


def no_such_level(level: int | str, levels: int) -> str:
    """A level outside 1 to 8."""
    return _("level {level} does not exist: choose 1 to {levels}").format(level=level, levels=levels)


def unknown_word(command: str, word: str, usage: str) -> str:
    """A word a command does not know."""
    return _("{command} does not know {word}: {usage}").format(command=capital(command), word=word, usage=usage)


def quit_confirm() -> str:
    """Quitting with a finished game nobody saved."""
    return _("This finished game is not saved. Type save to keep it, or quit again to leave.")


def goodbye(in_progress: bool) -> str:
    """On leaving."""
    return _("Goodbye. Your game is saved and will be offered next time.") if in_progress else _("Goodbye.")


def goodbye_not_saved(why: str | None) -> str:
    """On leaving when the game in progress could not be saved."""
    if why:
        return _("Goodbye. Your game in progress is not saved: {why}.").format(why=why)
    return _("Goodbye. Your game in progress is not saved.")


def finished_kept(name: str) -> str:
    """A finished game was kept as a record."""
    return _("The game is kept in the archive as {name}.").format(name=name)


def prompt(position: Position, you: Side | None, over: bool, opponent: str = "") -> str:
    """The state shown in the line mode's prompt (``opponent``: the opponent's own name, if any)."""
    white, black = position.kazans
    if over:
        return _("Game over, {white} to {black}> ").format(white=white, black=black)
    side = position.to_move
    if you is side:
        text = _("Your move, {white} to {black}> ")
    elif you is not None and opponent:
        return _("{name} to move, {white} to {black}> ").format(name=visible(opponent), white=white, black=black)
    elif you is not None:
        text = _("Computer to move, {white} to {black}> ")
    elif side is Side.WHITE:
        text = _("White to move, {white} to {black}> ")
    else:
        text = _("Black to move, {white} to {black}> ")
    return text.format(white=white, black=black)


# Dialogs and the screen-reader mode --------------------------------------------------------------


def text_field(name: str, value: str) -> str:
    """A text field, as said when it is reached."""
    if not value:
        return _("{name}: empty, text field.").format(name=name)
    return _("{name}: {value}, text field.").format(name=name, value=value)


def button(label: str) -> str:
    """A button, as said when it is reached."""
    return _("{label}, button.").format(label=label)


def choice_spoken(label: str, value: str, number: int, total: int) -> str:
    """A field with a few values, as said when it is reached or changed."""
    return _("{label}: {value}, {number} of {total}. Left and Right change it.").format(
        label=label, value=value, number=number, total=total)


def confirm_question(title: str, question: str, yes: str, no: str, selected: str | None = None) -> str:
    """A yes/no question as it opens: the question, how to answer, what is selected."""
    return _("{title}. {question} Press y to {yes}, n to {no}. {selected} is selected.").format(
        title=title, question=question, yes=yes.lower(), no=no.lower(), selected=selected or yes)


def answer_selected(answer: str) -> str:
    """Left or Right in a yes/no question."""
    return _("{answer} is selected.").format(answer=answer)


def yes_word() -> str:
    """The answer yes."""
    return _("Yes")


def no_word() -> str:
    """The answer no."""
    return _("No")


def cancel_word() -> str:
    """The button that closes a form without doing anything."""
    return _("Cancel")


def ok_word() -> str:
    """The button that gives a form's answers."""
    return _("OK")


def close_word() -> str:
    """The button that closes a list."""
    return _("Close")


def form_opening(title: str, questions: int, ok: str, first: str, typed: bool = False) -> str:
    """A form in the screen-reader mode, as it opens, with its first question; ``typed`` when a
    question is answered by typing (where q is a letter, and Backspace closes only an empty field)."""
    cancel = _("Backspace in an empty field or Escape to cancel") if typed else _("q or Escape to cancel")
    if questions == 1:
        return _("{title}. Enter to {ok}, {cancel}. {first}").format(title=title, ok=ok.lower(), cancel=cancel,
                                                                     first=first)
    return n_("{title}, {count} question: Up and Down go between them, Left and Right change an answer, Enter to "
              "{ok}, {cancel}. {first}",
              "{title}, {count} questions: Up and Down go between them, Left and Right change an answer, Enter to "
              "{ok}, {cancel}. {first}", questions).format(title=title, count=questions, ok=ok.lower(), cancel=cancel,
                                                          first=first)


def help_title() -> str:
    """The help screen's title, said when it opens."""
    return _("Help: Up and Down read the keys one by one; q, h or Escape closes.")


def line_of(number: int, total: int, line: str) -> str:
    """One line of a list read one at a time."""
    return _("{number} of {total}: {line}").format(number=number, total=total, line=line)


def nothing_more() -> str:
    """Page Down when all of the last message is shown."""
    return _("That is all of it.")


def more_below() -> str:
    """The last line of a message taller than the screen."""
    return _("More: press Page Down.")


def quit_title() -> str:
    """The quit dialog's title."""
    return _("Quit toguz")


def quit_word() -> str:
    """The answer that quits."""
    return _("Quit")


def stay_word() -> str:
    """The answer that stays."""
    return _("Stay")


def quit_question(in_progress: bool) -> str:
    """Asked before quitting."""
    if in_progress:
        return _("Your game is saved and will be offered next time. Quit now?")
    return _("Quit now?")


def quit_unsaved_question() -> str:
    """Asked before quitting a finished game that nobody kept."""
    return _("This finished game was not kept. Quit anyway?")


def resign_title() -> str:
    """The resign dialog's title."""
    return _("Resign")


def resign_question() -> str:
    """Asked before resigning."""
    return _("Give up this game?")


def resign_word() -> str:
    """The answer that resigns."""
    return p_("answer", "Resign")


def play_on_word() -> str:
    """The answer that keeps playing."""
    return _("Play on")


def saved_game_title() -> str:
    """The start-up dialog's title."""
    return _("Saved game")


def resume_word() -> str:
    """The answer that resumes the saved game."""
    return _("Resume")


def new_game_word() -> str:
    """The answer that starts a new game."""
    return p_("answer", "New game")


def first_start_question(readers: list[str]) -> str:
    """Asked once, at the first start, in plain words."""
    mode = _("The screen-reader mode draws a plain board, writes every message where the cursor is, "
             "and leaves speaking to your screen reader.")
    if readers:
        return n_("Welcome to toguz. {readers} is running. {mode} Use the screen-reader mode? Type y or n, then "
                  "Enter (Enter alone: yes): ",
                  "Welcome to toguz. {readers} are running. {mode} Use the screen-reader mode? Type y or n, then "
                  "Enter (Enter alone: yes): ", len(readers)).format(readers=listing_words(readers), mode=mode)
    return _("Welcome to toguz. Do you use a screen reader? {mode} Type y or n, then Enter (Enter alone: no): ").format(
        mode=mode)


def first_start_again() -> str:
    """An answer that is neither yes nor no."""
    return _("Please type y for yes or n for no.")


def first_start_default(chosen: bool) -> str:
    """No answer came: the default is taken."""
    return _("Taking yes.") if chosen else _("Taking no.")


def first_start_done(chosen: bool) -> str:
    """After the first-start question."""
    if chosen:
        return _("Screen-reader mode on. Change it any time with: set screen_reader off (or --no-screen-reader); "
                 "toguz's own voice: speech on.")
    return _("Screen-reader mode off. Change it any time with: set screen_reader on (or --screen-reader).")


def listing_words(items: Sequence[str]) -> str:
    """``"Orca"``, ``"Orca and BRLTTY"``, ``"Orca, Fenrir and BRLTTY"``."""
    if len(items) <= 1:
        return "".join(items)
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def more_lines(count: int) -> str:
    """After a page of a long reply in the line mode."""
    return n_("-- {count} more line: type more --", "-- {count} more lines: type more --", count).format(count=count)


def help_overview(topics: list[tuple[str, str]]) -> str:
    """``help`` alone: the topics, and how to ask for one."""
    listed = "\n".join(_("help {topic}: {what}").format(topic=name, what=what) for name, what in topics)
    return "\n".join([_("Type a pit number to play it, or a command. Help comes in topics:"), listed,
                      _("help all: every command; help and a command's name: that command (help where).")])


def help_topic_title(topic: str) -> str:
    """The first line of ``help TOPIC``."""
    return _("Help on {topic} (help and a command's name for more on one):").format(topic=topic)


def help_spoken() -> str:
    """Said (not shown) when help is printed in the line mode."""
    return _("Help is on the screen. Type help and a topic or a command name to hear one.")


def command_help(usage: str, what: str, aliases: Sequence[str], keys: Sequence[str]) -> str:
    """``help COMMAND``: how it is typed, what it does, its other names and keys."""
    none = _("none")
    return _("{usage}: {what}. Also: {aliases}. Keys: {keys}.").format(
        usage=usage, what=what, aliases=", ".join(aliases) or none, keys=", ".join(keys) or none)


def command_line(usage: str, what: str, aliases: Sequence[str], keys: Sequence[str]) -> str:
    """One command in a help list: its usage, what it does, its other names and keys."""
    extra = []
    if aliases:
        extra.append(_("also {aliases}").format(aliases=", ".join(aliases)))
    if keys:
        extra.append(_("keys {keys}").format(keys=", ".join(keys)))
    if not extra:
        return _("{usage}: {what}").format(usage=usage, what=what)
    return _("{usage}: {what} ({extra})").format(usage=usage, what=what, extra="; ".join(extra))


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


def capital(text: str) -> str:
    """``text`` with its first letter in capitals, as a sentence starts."""
    return text[:1].upper() + text[1:]


def open_elsewhere_new() -> str:
    """Said at start when another toguz holds the game in progress and there is nothing to show."""
    return _("The game in progress is open in another toguz; this game will not be saved as the game in "
             "progress (save keeps a record of it).")


def empty_fen() -> str:
    """An empty position was given."""
    return _("The position given is empty: give a FEN, such as the one fen says.")


def unrestorable(reason: str) -> str:
    """The saved game's moves could not be replayed."""
    return _("the saved game could not be restored ({reason})").format(reason=reason)


def dumb_terminal(term: str) -> str:
    """The terminal cannot show the full-screen board."""
    return _("This terminal (TERM={term}) cannot show the full-screen board, so toguz starts in the line mode.").format(
        term=term)


def narrow_terminal(columns: int, needed: int) -> str:
    """The terminal is narrower than the boxed board."""
    return _("The terminal is {columns} columns wide: the board is drawn plain, without boxes "
             "(the boxed board needs {needed}).").format(columns=columns, needed=needed)


def too_narrow(columns: int, needed: int) -> str:
    """The terminal is narrower than even the plain board."""
    return _("The terminal is {columns} columns wide and the board needs {needed}: part of it is hidden. "
             "Make the terminal wider, or use toguz --line.").format(columns=columns, needed=needed)


def unbalanced_quotes() -> str:
    """A typed line with a quote that is not closed."""
    return _('A quote is not closed: put a name with spaces between two quotes, as in save "my game.pgn".')


def choice_question(title: str, question: str, answers: Sequence[str]) -> str:
    """A question with a few answers, as it opens (each answered by its first letter)."""
    keys = ", ".join(_("{key} to {answer}").format(key=answer[0].lower(), answer=answer.lower()) for answer in answers)
    return _("{title}. {question} Press {keys}. {selected} is selected.").format(
        title=title, question=question, keys=keys, selected=answers[0])


def file_exists_title() -> str:
    """The dialog asked before writing over a file."""
    return _("The file exists")


def file_exists_question(name: str) -> str:
    """Asked before writing over a file."""
    return _("{name} already exists. Add this game to it, or replace it?").format(name=name)


def add_word() -> str:
    """The answer that adds a game to a file."""
    return _("Add to it")


def replace_word() -> str:
    """The answer that replaces a file."""
    return _("Replace it")


def nothing_written(name: str) -> str:
    """Saving over a file was cancelled."""
    return _("Nothing was written; {name} is as it was.").format(name=name)


def reader_running(readers: list[str]) -> str:
    """At start: a screen reader runs while the screen-reader mode is off."""
    return n_("{readers} is running: the screen-reader mode may suit you (Shift+o, then Screen-reader mode; or "
              "start toguz with --screen-reader).",
              "{readers} are running: the screen-reader mode may suit you (Shift+o, then Screen-reader mode; or "
              "start toguz with --screen-reader).", len(readers)).format(readers=listing_words(readers))


def status_players(human: Side, level: int, opponent: str = "") -> str:
    """Who plays, in the status line (``opponent``: the opponent's own name, online)."""
    if opponent:
        if human is Side.WHITE:
            return _("you play White against {opponent}").format(opponent=visible(opponent))
        return _("you play Black against {opponent}").format(opponent=visible(opponent))
    if human is Side.WHITE:
        return _("you play White, computer level {level}").format(level=level)
    return _("you play Black, computer level {level}").format(level=level)


def review_word() -> str:
    """The status line of a review."""
    return _("Review")


def two_players() -> str:
    """A game between two people at one keyboard."""
    return _("two players")


def against_computer(level: int) -> str:
    """A game against the computer."""
    return _("against the computer at level {level}").format(level=level)


def resume_question(variant: str, opponent: str, turn: str, score: str) -> str:
    """The start-up question about the saved game: what it is and where it stands."""
    return _("{variant}, {opponent}. {turn} {score} Resume it, or start a new game?").format(
        variant=variant, opponent=opponent, turn=turn, score=score)


def thinking_for(seconds: int) -> str:
    """Whose turn, while the computer thinks."""
    return n_("The computer's turn: it has been thinking for {count} second.",
              "The computer's turn: it has been thinking for {count} seconds.", seconds).format(count=seconds)


def resign_confirm() -> str:
    """The line mode asks before giving the game up."""
    return _("Give up this game? Type resign again to resign, anything else to play on.")


def speech_not_on(reason: str) -> str:
    """speech on, when no voice can speak."""
    return _("Speech stays off: {reason}.").format(reason=reason.rstrip("."))


def game_label(number: int, white: str, black: str, result: str, date: str) -> str:
    """One game of a collection in a list."""
    if date and "?" not in date:
        return _("{number}: {white} against {black}, {result}, {date}").format(
            number=number, white=white, black=black, result=result, date=date)
    return _("{number}: {white} against {black}, {result}").format(number=number, white=white, black=black,
                                                                   result=result)


def games_title(name: str, count: int) -> str:
    """The first line of a list of games."""
    return n_("{count} game in {name}; open one with open and its number:",
              "{count} games in {name}; open one with open and its number:", count).format(count=count, name=name)


def games_in(name: str, count: int) -> str:
    """A list of the games of a file, as a title."""
    return n_("{count} game in {name}", "{count} games in {name}", count).format(count=count, name=name)


def games_spoken(name: str, count: int) -> str:
    """Said (not shown) when a list of games is printed."""
    return n_("{count} game of {name} is listed on the screen; more for the next page.",
              "{count} games of {name} are listed on the screen; more for the next page.", count).format(
        count=count, name=name)


def no_collection() -> str:
    """games before any record was opened."""
    return _("No record file is open: open one first, or type recent for the ones opened lately.")


def no_recent() -> str:
    """recent with nothing to list."""
    return _("No record file has been opened or saved yet.")


def recent_title() -> str:
    """The first line of the list of recent records."""
    return _("Records opened or saved lately; open one with recent and its number:")


def recent_line(number: int, name: str, folder: str) -> str:
    """One recent record."""
    return _("{number}: {name} (in {folder})").format(number=number, name=name, folder=folder)


def no_such_recent(number: int, count: int) -> str:
    """recent N beyond the list."""
    return n_("There is no record {number} in the list: it holds {count}.",
              "There is no record {number} in the list: it holds {count}.", count).format(number=number, count=count)


def open_dialog_usage() -> str:
    """The open dialog with neither a recent record nor a name."""
    return _("choose a record opened lately, or type a file name")


def quit_not_saved_question(why: str | None) -> str:
    """Asked before quitting when the game in progress could not be saved."""
    if why:
        return _("Your game in progress is not saved: {why}. Quit anyway?").format(why=why)
    return _("Your game in progress is not saved. Quit anyway?")


def finished_stays_reason() -> str:
    """Why the game in progress is not saved: the finished game waits to be archived."""
    return _("your last game, finished, stays saved until it can be archived")


# Clocks ----------------------------------------------------------------------------------------


def duration(seconds: float) -> str:
    """Time left in words: "12 minutes 30", "14 minutes", "1 hour 5 minutes", "45 seconds", "less than a
    second"."""
    whole = int(seconds)
    if whole <= 0:
        return _("less than a second") if seconds > 0 else _("no time")
    hours, minutes, rest = whole // 3600, whole // 60 % 60, whole % 60
    if hours:
        text = n_("{count} hour", "{count} hours", hours).format(count=hours)
        if minutes:
            text = _("{hours} {minutes}").format(hours=text, minutes=n_("{count} minute", "{count} minutes",
                                                                        minutes).format(count=minutes))
        return text
    if minutes:
        text = n_("{count} minute", "{count} minutes", minutes).format(count=minutes)
        # Translators: minutes and the seconds after them, the way a clock is read: "12 minutes 30".
        return _("{minutes} {seconds}").format(minutes=text, seconds=rest) if rest else text
    return n_("{count} second", "{count} seconds", rest).format(count=rest)


def duration_brief(seconds: float) -> str:
    """Time left as a clock shows it: ``12:30``, ``1:02:03``; tenths under ten seconds (``9.4``)."""
    if 0 < seconds < 10:
        return f"{int(seconds * 10) / 10:.1f}"
    whole = int(seconds)
    hours, minutes, rest = whole // 3600, whole // 60 % 60, whole % 60
    return f"{hours}:{minutes:02d}:{rest:02d}" if hours else f"{minutes}:{rest:02d}"


def time_control(control: TimeControl) -> str:
    """A time control in words: "20 minutes each", "15 minutes each plus 10 seconds a move"."""
    minutes = control.initial / 60
    count = round(minutes) if minutes == int(minutes) else minutes
    whole = int(minutes) if minutes == int(minutes) else 2  # a part of a minute takes the plural ("0.5 minutes")
    each = n_("{count} minute each", "{count} minutes each", whole).format(count=f"{count:g}")
    if not control.increment:
        return each
    return n_("{each} plus {count} second a move", "{each} plus {count} seconds a move",
              round(control.increment)).format(each=each, count=round(control.increment))


def no_clock_word() -> str:
    """The clock setting when there is none."""
    return _("no clock")


def clock_on_new_game(control: TimeControl, first: Side = Side.WHITE) -> str:
    """Said with a new game that has clocks (``first``: the side that moves first)."""
    if first is Side.BLACK:
        return _("Clocks: {control}; they start with Black's first move.").format(control=time_control(control))
    return _("Clocks: {control}; they start with White's first move.").format(control=time_control(control))


def clock_for_new_games() -> str:
    """set clock during a game: the game keeps its own."""
    return _("New games get it; this game keeps its own clock.")


def no_clock() -> str:
    """The clock asked for in a game without one."""
    return _("This game has no clock. Start one with new clock 20 (or new clock 15+10), or set clock 20 "
             "for every new game.")


def clocks_paused() -> str:
    """The clocks were stopped."""
    return _("Clocks paused. Press z or type resume to go on.")


def clocks_running_again() -> str:
    """The clocks run again after a pause."""
    return _("Clocks running again.")


def paused_blocks() -> str:
    """A move, a hint or an undo asked for while the clocks are paused."""
    return _("The clocks are paused: press z or type resume first.")


def not_paused() -> str:
    """resume asked for while the clocks run."""
    return _("The clocks are not paused.")


def nothing_to_pause() -> str:
    """pause asked for in a game that is over or has no clock."""
    return _("There is no running clock to pause.")


def resumed_paused() -> str:
    """A game with clocks taken up at the start: its clocks wait."""
    return _("The clocks are paused until you press z or type resume.")


def waiting_clocks(text: str, clocks: str | None) -> str:
    """``text``, then the clocks (``clocks``: their words, None for a game without clocks) that wait paused."""
    return f"{text} {clocks} {resumed_paused()}" if clocks is not None else text


def clocks_set_back(clocks: str) -> str:
    """An undo in a game with clocks: they are put back as they stood."""
    return _("Clocks put back: {clocks}").format(clocks=clocks)


def clock_error(reason: str, text: str) -> str:
    """A clock typed that cannot be read."""
    if reason == "range":
        return _("A clock is from 0.1 to 600 minutes with an increment of at most 600 seconds, not {text}.").format(
            text=clipped(text))
    return _("A clock is minutes and an increment in seconds, such as 20, 15+10 or 5+3, not {text}.").format(
        text=clipped(text))


def no_clocks_in_record() -> str:
    """c in the review of a record that keeps no clocks."""
    return _("This record keeps no clock times.")


def sounds_not_on(reason: str) -> str:
    """sounds on asked for where no cue can be heard: why (the setting is kept for when it can)."""
    return _("The sound cues stay silent: {reason}.").format(reason=reason)


def unbound_key(key: str) -> str:
    """A key the board does not use."""
    return _("The key {key} does nothing here; press h for the keys.").format(key=key)


# Online play ----------------------------------------------------------------------------------------


def their_turn_online() -> str:
    """A move typed while the online opponent is to move."""
    return _("Wait: it is your opponent's turn.")


def move_not_sent(reason: str) -> str:
    """A move the server did not take: not made; it can be played again."""
    return _("Your move was not sent ({reason}); nothing changed: play it again to retry.").format(reason=reason)


def command_not_sent(reason: str) -> str:
    """A command (resign, draw, abort) the server did not take."""
    return _("That did not reach the server ({reason}); nothing changed.").format(reason=reason)


def no_engine_online() -> str:
    """A hint or an analysis asked for during an online game."""
    return _("No help from the computer in a game against a person online.")


def no_takeback_online() -> str:
    """undo in an online game."""
    return _("Moves cannot be taken back in an online game.")


def online_failed(reason: str) -> str:
    """The server refused or could not be reached."""
    return _("PlayStrategy: {reason}.").format(reason=reason)


def online_ready(account: str) -> str:
    """Connected, with the account's name."""
    return _("Connected to PlayStrategy as {account}. Type seek 15+10 to find an opponent, challenge NAME 15+10 "
             "to challenge someone, or wait for a challenge.").format(account=account)


def rate_limited(seconds: int) -> str:
    """A 429: the server asks to wait."""
    return _("The server asks us to wait {seconds} seconds; toguz waits and tries again.").format(seconds=seconds)


def online_lost(what: str, reason: str) -> str:
    """A stream dropped: toguz reconnects by itself."""
    return _("The connection to {what} was lost ({reason}); reconnecting.").format(what=what, reason=reason)


def online_back(what: str) -> str:
    """A stream is back."""
    return _("Connected again to {what}.").format(what=what)


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
    """A chat line from the opponent."""
    return _("{who} says: {text}").format(who=who, text=visible(text))


def online_game_started(opponent: str, side: Side) -> str:
    """An online game begins (or is taken up again)."""
    if side is Side.WHITE:
        return _("You play White against {opponent} on PlayStrategy.").format(opponent=opponent)
    return _("You play Black against {opponent} on PlayStrategy.").format(opponent=opponent)


def draw_offered(opponent: str) -> str:
    """The opponent offers a draw."""
    return _("{opponent} offers a draw: type draw to accept, or play on.").format(opponent=opponent)


def online_resynchronised(moves: int) -> str:
    """The game here was replaced by the server's."""
    return _("The game is now as the server has it, after {count} moves.").format(count=moves)


def online_aborted() -> str:
    """The online game was aborted."""
    return _("The game was aborted.")


def too_fast_online(control: str) -> str:
    """A seek faster than the Board API allows."""
    return _("PlayStrategy lets board players play Rapid or slower: minutes times 60 plus 40 times the increment "
             "must be at least 480 seconds (10, 15+10 or 8+2 are fine; {control} is too fast).").format(
        control=control)


def online_game_going_on() -> str:
    """A seek asked for during an online game."""
    return _("A game is going on; finish it first.")


def seek_failed(reason: str) -> str:
    """The seek could not be made or was lost."""
    return _("The seek stopped: {reason}.").format(reason=reason)


def seeking(control: str, rated: bool) -> str:
    """A seek is out."""
    if rated:
        return _("Looking for an opponent for a rated game, {control}; the game is said when it starts.").format(
            control=control)
    return _("Looking for an opponent for a casual game, {control}; the game is said when it starts.").format(
        control=control)


def challenge_failed(user: str, reason: str) -> str:
    """A challenge that could not be made."""
    return _("Could not challenge {user}: {reason}.").format(user=user, reason=reason)


def challenge_sent(user: str, control: str) -> str:
    """A challenge was made."""
    return _("Challenge sent to {user}, {control}; the game is said when it starts.").format(user=user,
                                                                                             control=control)


def no_challenge() -> str:
    """accept or decline with no challenge waiting."""
    return _("No challenge is waiting.")


def challenge_answered(who: str, accepted: bool) -> str:
    """A challenge accepted or declined."""
    if accepted:
        return _("You accepted {who}'s challenge; the game is said when it starts.").format(who=who)
    return _("You declined {who}'s challenge.").format(who=who)


def no_online_game() -> str:
    """A game command with no online game going on."""
    return _("No online game is going on.")


def chat_sent(text: str) -> str:
    """A chat line was sent."""
    return _("Sent: {text}").format(text=visible(text))


def draw_accepted() -> str:
    """The player accepted the opponent's draw offer."""
    return _("You accept the draw.")


def draw_offer_sent() -> str:
    """The player offered a draw."""
    return _("You offer a draw.")


def abort_sent() -> str:
    """The player aborted the game."""
    return _("Aborting the game.")


def only_online(command: str) -> str:
    """An online command typed outside toguz online."""
    return _("{command} works in toguz online only.").format(command=command)


def goodbye_online() -> str:
    """Leaving toguz online."""
    return _("Goodbye. A game still going on goes on at PlayStrategy: its clock runs; toguz online takes it up "
             "again.")


def online_no_token() -> str:
    """toguz online without a token."""
    return _("No PlayStrategy token: make one at playstrategy.org (account settings, API access tokens, scope "
             "board:play), then run toguz online login.")


def logged_in(account: str, where: str) -> str:
    """The token was checked and kept."""
    return _("Logged in to PlayStrategy as {account}; the token is kept {where}.").format(account=account,
                                                                                          where=where)


def logged_out(had: bool) -> str:
    """The token was forgotten (or there was none)."""
    return _("Logged out: the token is forgotten.") if had else _("There was no token to forget.")


def asks_to_wait(seconds: int) -> str:
    """A 429 on a request the player made: why it did not go."""
    return _("the server asks to wait {seconds} seconds").format(seconds=seconds)


def online_taken_up(opponent: str, side: Side, moves: int, turn: str) -> str:
    """An online game going on, taken up (at the start, or after it was lost here)."""
    if side is Side.WHITE:
        text = n_("Your game against {opponent} on PlayStrategy, you play White, {count} move played.",
                  "Your game against {opponent} on PlayStrategy, you play White, {count} moves played.", moves)
    else:
        text = n_("Your game against {opponent} on PlayStrategy, you play Black, {count} move played.",
                  "Your game against {opponent} on PlayStrategy, you play Black, {count} moves played.", moves)
    return f"{text.format(opponent=opponent, count=moves)} {turn}"


def command_dialog_usage() -> str:
    """The command field left empty."""
    return _("type a command, such as say thanks or seek 15+10")


def online_no_local_game() -> str:
    """new (or a position to play from) in toguz online."""
    return _("In toguz online, games start with seek or challenge; a game against the computer is toguz play.")


def no_pause_online() -> str:
    """pause in an online game: the server's clocks run on."""
    return _("An online game's clocks are the server's: they cannot be paused.")
