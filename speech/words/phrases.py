"""Wording of the program itself (not of the game's events): greetings, files, settings, help.

Both front ends say the same thing; every word comes from the catalogue (``speech.words.i18n``).

One convention holds for every sentence: it is written where it is said, with ``_()`` (or ``n_``, ``p_``) inline
at that place. It is a function here only when it is said from two or more places, or needs logic: a choice
between sentences, a plural with more to it, sentences put together, or numbers, times and names shaped for saying.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rules import Position, Side, Variant
from rules.clock import TimeControl
from speech.words.i18n import _, n_, p_
from speech.words.vocabulary import side_title, variant_title


def new_game(variant: Variant, human: Side | None, level: int, names: tuple[str, str],
             first: Side = Side.WHITE) -> str:
    """Said when a game starts (``names``: the players' own names, "" for none; ``first``: the side to move,
    Black in a position given with Black to move)."""
    title = variant_title(variant)
    if human is None:
        if not any(names) and first is Side.BLACK:
            return _("New game of {variant} for two players; Black moves first.").format(variant=title)
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
    text = new_game(variant, human, level, names, first)
    if opponent and human is not None:
        text = online_game_started(opponent, human)
    if clock is not None:
        text = f"{text} {clock_on_new_game(clock, first)}"
    if kept:
        aside = _("The unfinished game was kept in the archive as {name}.").format(name=kept)
        return f"{aside} {text}"
    return text


def broken_saved_game(reason: str, kept: str) -> str:
    """The saved game could not be restored (``kept`` says what became of its file)."""
    return _("{reason}. {kept} A new game starts.").format(reason=capital(reason), kept=kept)


def finished_restored(result: str, name: str | None, reason: str | None) -> str:
    """At start: the saved game had ended; what became of it."""
    if name is not None:
        return _("Your last game had ended: {result} It is now kept in the archive as {name}.").format(
            result=result, name=name)
    return _("Your last game had ended: {result} It still could not be archived ({reason}); it stays saved.").format(
        result=result, reason=reason)


def not_in_review(command: str) -> str:
    """A command that changes the game, asked for in a review."""
    return _("{command} works on your game, not in a review: type close to leave the review first").format(
        command=capital(command))


def computer_thinking() -> str:
    """While the computer looks for its move."""
    return _("The computer is thinking.")


def fast_search_preparing() -> str:
    """Said once, on a first start: the compiled search is being compiled in the background."""
    return _("The computer's fast search is being prepared, once, in the background: about a minute. "
             "Until then the computer plays with its slower search.")


def not_your_turn() -> str:
    """The player tried to play while the computer is to move."""
    return _("Wait: it is the computer's turn.")


def not_on_the_row_to_move(pit_name: str) -> str:
    """Enter on a pit of the row that is not to move (on the board)."""
    return capital(_("{pit_name} is not on the row to move; press a digit for a pit of your own row").format(
        pit_name=pit_name))


def cancelled(title: str) -> str:
    """A dialog closed with Escape."""
    return _("{title}: cancelled.").format(title=title)


def saved(name: str, how: str = "new") -> str:
    """After save: a new file, a replaced one, or a game added to a collection."""
    if how == "append":
        return _("The game was added to {name}.").format(name=clipped(name, 60))
    return _("Game saved to {name}.").format(name=clipped(name, 60))


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


def review_after(number: int, side: Side, moves: int) -> str:
    """Where a review stands, as records number moves."""
    if side is Side.WHITE:
        return _("After move {number}, White, of {moves}.").format(number=number, moves=moves)
    return _("After move {number}, Black, of {moves}.").format(number=number, moves=moves)


def record_result(result: str) -> str:
    """The result a record gives for a game that did not end on the board."""
    said = result_words(result)
    if said is None:
        return _("The record gives no result.")
    return _("The record ends here: {said} ({result}), by resignation, on time or by agreement.").format(
        said=said, result=result)


def no_game_in_it() -> str:
    """A record file with no game."""
    return _("it holds no game")


def review_edge(at_end: bool) -> str:
    """Stepping past either end of a review."""
    return _("That is the last move.") if at_end else _("That is the start of the game.")


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


def unknown_word(command: str, word: str, usage: str) -> str:
    """A word a command does not know."""
    return _("{command} does not know {word}: {usage}").format(command=capital(command), word=word, usage=usage)


def goodbye(in_progress: bool) -> str:
    """On leaving."""
    return _("Goodbye. Your game is saved and will be offered next time.") if in_progress else _("Goodbye.")


def goodbye_not_saved(why: str | None) -> str:
    """On leaving when the game in progress could not be saved."""
    if why:
        return _("Goodbye. Your game in progress is not saved: {why}.").format(why=why)
    return _("Goodbye. Your game in progress is not saved.")


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


def confirm_question(title: str, question: str, yes: str, no: str, selected: str | None = None) -> str:
    """A yes/no question as it opens: the question, how to answer, what is selected."""
    return _("{title}. {question} Press y for {yes}, n for {no}. {selected} is selected.").format(
        title=title, question=question, yes=yes.lower(), no=no.lower(), selected=selected or yes)


def answer_selected(answer: str) -> str:
    """Left or Right in a yes/no question."""
    return _("{answer} is selected.").format(answer=answer)


def cancel_word() -> str:
    """The button that closes a form without doing anything."""
    return _("Cancel")


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


def nothing_more() -> str:
    """Page Down when all of the last message is shown."""
    return _("That is all of it.")


def quit_question(in_progress: bool) -> str:
    """Asked before quitting."""
    if in_progress:
        return _("Your game is saved and will be offered next time. Quit now?")
    return _("Quit now?")


def new_game_word() -> str:
    """The answer that starts a new game."""
    return p_("answer", "New game")


SPOKEN_TO = ("NVDA", "JAWS", "VoiceOver")  # the screen readers toguz speaks through, by their own interfaces


def first_start_question(readers: list[str]) -> str:
    """Asked once, at the first start, in plain words."""
    spoken_to = [reader for reader in readers if reader in SPOKEN_TO]
    if spoken_to:
        mode = _("toguz speaks every message through {reader} itself. The screen-reader mode draws a plain board "
                 "and writes every message where the cursor is.").format(reader=spoken_to[0])
    else:
        mode = _("The screen-reader mode draws a plain board, writes every message where the cursor is, "
                 "and leaves speaking to your screen reader.")
    if readers:
        return n_("Welcome to toguz. {readers} is running. {mode} Use the screen-reader mode? Type y or n, then "
                  "Enter (Enter alone: yes): ",
                  "Welcome to toguz. {readers} are running. {mode} Use the screen-reader mode? Type y or n, then "
                  "Enter (Enter alone: yes): ", len(readers)).format(readers=listing_words(readers), mode=mode)
    return _("Welcome to toguz. Do you use a screen reader? {mode} Type y or n, then Enter (Enter alone: no): ").format(
        mode=mode)


def first_start_reader_advice(reader: str) -> str:
    """After the first start's question, where toguz speaks through ``reader`` (one of ``SPOKEN_TO``): how
    not to hear a message twice, and the face that suits that reader best."""
    if reader == "NVDA":
        return _("toguz speaks through NVDA and shows each message on your braille display. So that you do not "
                 "hear a message twice, turn off NVDA's reading of new text while you play: NVDA+5 (report dynamic "
                 "content changes).")
    if reader == "JAWS":
        return _("toguz speaks through JAWS and shows each message on your braille display. So that you do not "
                 "hear a message twice, set JAWS's screen echo to highlighted text while you play: Insert+S.")
    return _("toguz speaks through VoiceOver. VoiceOver's own reading of the terminal follows the line mode "
             "best: toguz play --line.")


def first_start_default(chosen: bool) -> str:
    """No answer came: the default is taken."""
    return _("Taking yes.") if chosen else _("Taking no.")


def first_start_braille_question(brltty: bool) -> str:
    """Asked once, after the screen-reader mode is chosen: whether a braille display is read."""
    if brltty:
        return _("BRLTTY is running. Do you read toguz on a braille display? Each message then starts at the "
                 "display's first cell. Type y or n, then Enter (Enter alone: yes): ")
    return _("Do you read toguz on a braille display? Each message then starts at the display's first cell. "
             "Type y or n, then Enter (Enter alone: no): ")


def first_start_braille_done(chosen: bool) -> str:
    """After the braille question."""
    if chosen:
        return _("Braille on, 40 cells unless the display tells. Change it with: set braille off, set braille_cells "
                 "32.")
    return _("Braille off. Change it any time with: set braille on.")


def first_start_plain_done() -> str:
    """After the first start's questions, where BRLTTY or Speakup runs."""
    return _("Plain input on: the line mode (toguz --line) only adds text to the screen, never redraws it. Change "
             "it with: set plain_input off.")


def listing_words(items: Sequence[str]) -> str:
    """``"Orca"``, ``"Orca and BRLTTY"``, ``"Orca, Fenrir and BRLTTY"``."""
    if len(items) <= 1:
        return "".join(items)
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def help_overview(topics: list[tuple[str, str]]) -> str:
    """``help`` alone: the topics, and how to ask for one."""
    listed = "\n".join(_("help {topic}: {what}").format(topic=name, what=what) for name, what in topics)
    return "\n".join([_("Type a pit number to play it, or a command. Help comes in topics:"), listed,
                      _("help all: every command; help and a command's name: that command (help where).")])


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


def choice_question(title: str, question: str, answers: Sequence[str]) -> str:
    """A question with a few answers, as it opens (each answered by its first letter)."""
    keys = ", ".join(_("{key} for {answer}").format(key=answer[0].lower(), answer=answer.lower()) for answer in answers)
    return _("{title}. {question} Press {keys}. {selected} is selected.").format(
        title=title, question=question, keys=keys, selected=answers[0])


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


def quit_not_saved_question(why: str | None) -> str:
    """Asked before quitting when the game in progress could not be saved."""
    if why:
        return _("Your game in progress is not saved: {why}. Quit anyway?").format(why=why)
    return _("Your game in progress is not saved. Quit anyway?")


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
    if round(control.initial) % 15 or control.initial < 15:  # not a quarter of a minute (a server's odd clock)
        seconds = round(control.initial)
        each = n_("{count} second each", "{count} seconds each", seconds).format(count=seconds)
    else:
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


def waiting_clocks(text: str, clocks: str | None) -> str:
    """``text``, then the clocks (``clocks``: their words, None for a game without clocks) that wait paused."""
    if clocks is None:
        return text
    return " ".join((text, clocks, _("The clocks are paused until you press z or type resume.")))


def clock_error(reason: str, text: str) -> str:
    """A clock typed that cannot be read."""
    if reason == "range":
        return _("A clock is from 0.1 to 600 minutes with an increment of at most 600 seconds, not {text}.").format(
            text=clipped(text))
    return _("A clock is minutes and an increment in seconds, such as 20, 15+10 or 5+3, not {text}.").format(
        text=clipped(text))


# Online play (the rest of its words are in speech.words.online_wording) -----------------------------------------


def online_game_started(opponent: str, side: Side) -> str:
    """An online game begins (or is taken up again)."""
    if side is Side.WHITE:
        return _("You play White against {opponent} on PlayStrategy.").format(opponent=opponent)
    return _("You play Black against {opponent} on PlayStrategy.").format(opponent=opponent)


def no_online_game() -> str:
    """A game command with no online game going on."""
    return _("No online game is going on.")
