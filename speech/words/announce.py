"""What is said: facts from ``rules`` turned into sentences, from a perspective, at a verbosity.

Pure: no I/O. Every word comes from the catalogue (``speech.words.i18n``). Three verbosities:

- ``brief``: the facts in a few words, most important first, for a 40-cell braille line.
  A move reads ``"7 to their 6, now 10, take 10. 10 to 0."``: pit 7 played, its last stone in
  their pit 6, which now holds 10, 10 taken; then the kazans, the listener's (or White's) first.
- ``normal``: full sentences, with who leads.
- ``full``: normal, plus the pits a move changed and a few extra hints.

Its size (past 400 lines, ``Announcer`` past 25 methods): one method per kind of announcement (a move, a
pit, a row, the board, the clocks, an analysis ...), all from one perspective and verbosity (``Namer``);
the tests pin every sentence of each.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from rules import MoveReport, Outcome, Position, Side, Termination
from rules.move import NoTuzdyk, moves_of, play_move, tuzdyk_refusal
from speech.words.i18n import _, n_, np_, p_
from speech.words.naming import VERBOSITIES, Namer, Party, Perspective, Verbosity
from speech.words.phrases import duration, duration_brief

__all__ = ["VERBOSITIES", "Announcer", "Perspective", "Verbosity", "braille_lines", "listing", "stones"]

BRAILLE_CELLS = 40  # a brief announcement is cut into lines no longer than this, between sentences
ROW_CELLS = " "  # between the pits of a group of three in a row
ROW_GROUPS = ", "  # between groups: pits 1 to 3, 4 to 6, 7 to 9


def stones(count: int) -> str:
    """``"1 stone"``, ``"9 stones"`` (``"камня"``, ``"камней"``: the language's plural forms)."""
    return n_("{count} stone", "{count} stones", count).format(count=count)


def listing(items: Sequence[str]) -> str:
    """``"1"``, ``"1 and 2"``, ``"1, 2 and 3"``."""
    if len(items) <= 1:
        return "".join(items)
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def braille_lines(sentences: list[str], width: int = BRAILLE_CELLS) -> str:
    """Sentences joined by spaces into lines of at most ``width`` characters (a braille display's
    line); a longer sentence starts a line and goes on over lines of whole words; the lines joined by
    newlines."""
    lines: list[str] = []
    for sentence in sentences:
        if lines and len(lines[-1]) + 1 + len(sentence) <= width:
            lines[-1] += " " + sentence
        else:
            lines.extend(textwrap.wrap(sentence, width, break_on_hyphens=False) or [sentence])
    return "\n".join(lines)


def in_threes(cells: Sequence[str]) -> str:
    """A row's cells in groups of three, as rows are said: "2 5 6, 15 15 4, 2 15 6"."""
    return ROW_GROUPS.join(ROW_CELLS.join(cells[start:start + 3]) for start in range(0, len(cells), 3))


def _times(run: int) -> str:
    """How many pits in a row hold the same count, as a word ("two" to "nine")."""
    words = {2: p_("times", "two"), 3: p_("times", "three"), 4: p_("times", "four"), 5: p_("times", "five"),
             6: p_("times", "six"), 7: p_("times", "seven"), 8: p_("times", "eight"), 9: p_("times", "nine")}
    return words.get(run, str(run))


def _brief_events(report: MoveReport) -> str:
    """What a move takes, in brief: ", takes 10", ", tuzdyk" or nothing."""
    if report.captured:
        return p_("brief", ", takes {count}").format(count=report.captured)
    if report.tuzdyk_made is not None:
        return p_("brief", ", tuzdyk")
    return ""


class Announcer(Namer):
    """Turns reports and positions into sentences for one perspective and verbosity (in brief, in lines
    of ``cells`` characters: the braille display's width)."""

    cells = BRAILLE_CELLS

    def move(self, report: MoveReport) -> str:
        """What a move did; when it ended the game, how the game ended."""
        if self.verbosity == "brief":
            return self._move_brief(report)
        text = " ".join(self._move_sentences(report))
        if self.verbosity == "full":
            text = " ".join([text, *self._changes(report)])
        return text

    def _move_sentences(self, report: MoveReport) -> list[str]:
        mover = self.party(report.mover)
        sown = self._pick(
            mover, _("You sow {stones} from pit {pit}"), p_("one", "{who} sows {stones} from pit {pit}"),
            p_("side", "{who} sows {stones} from pit {pit}"),
        ).format(who=mover.who, stones=stones(report.sown), pit=report.pit)
        sentences = [self._cap(f"{sown}; {self._landing(report)}.")]
        if report.captured:
            sentences.append(self._cap(self._pick(
                mover, _("You capture {count}."), p_("one", "{who} captures {count}."),
                p_("side", "{who} captures {count}."),
            ).format(who=mover.who, count=report.captured)))
        if report.tuzdyk_made is not None:
            sentences.append(self._cap(self._pick(
                mover, _("That pit becomes your tuzdyk and you take its {count} stones."),
                p_("one", "That pit becomes {whose} tuzdyk and {who} takes its {count} stones."),
                p_("side", "That pit becomes {whose} tuzdyk and {who} takes its {count} stones."),
            ).format(who=mover.who, whose=mover.whose, count=report.landing_count)))
        for side in self._order():
            if report.tuzdyk_income[side]:
                owner = self.party(side)
                template = (_("Your tuzdyk collects {stones}.") if owner.kind == "you"
                            else _("{whose} tuzdyk collects {stones}."))
                sentences.append(self._cap(template.format(whose=owner.whose,
                                                           stones=stones(report.tuzdyk_income[side]))))
        sentences.extend(self._collected(report))
        if report.outcome is not None:
            sentences.append(self._outcome(report.outcome, stuck=report.mover.opponent))
        else:
            sentences.append(self._score(report.kazans))
        return sentences

    def _landing(self, report: MoveReport) -> str:
        if report.landing_tuzdyk is not None:
            owner = self.party(report.landing_tuzdyk)
            template = (_("the last stone falls into your tuzdyk, {pit_name}") if owner.kind == "you"
                        else _("the last stone falls into {whose} tuzdyk, {pit_name}"))
            return template.format(whose=owner.whose,
                                   pit_name=self.pit_name(report.landing_side, report.landing_pit))
        return _("the last stone falls into {pit_name}, which now holds {count}").format(
            pit_name=self.pit_name(report.landing_side, report.landing_pit, "into"), count=report.landing_count)

    def _collected(self, report: MoveReport) -> list[str]:
        sentences = []
        for side in self._order():
            if report.collected[side]:
                party = self.party(side)
                template = self._pick(
                    party, _("You collect the {stones} left on your row."),
                    p_("one", "{who} collects the {stones} left on their row."),
                    p_("side", "{who} collects the {stones} left on their row."),
                )
                sentences.append(self._cap(template.format(who=party.who, stones=stones(report.collected[side]))))
        return sentences

    def _changes(self, report: MoveReport) -> list[str]:
        n = len(report.board_before) // 2
        sentences = []
        for side in self._order():
            changes = [
                _("pit {pit} from {before} to {after}").format(
                    pit=pit, before=report.board_before[side * n + pit - 1],
                    after=report.board_after[side * n + pit - 1])
                for pit in range(1, n + 1)
                if report.board_before[side * n + pit - 1] != report.board_after[side * n + pit - 1]
            ]
            if changes:
                owner = self.party(side)
                template = (_("Changes on your row: {changes}.") if owner.kind == "you"
                            else _("Changes on {whose} row: {changes}."))
                sentences.append(template.format(whose=owner.whose, changes=", ".join(changes)))
        return sentences

    def _move_brief(self, report: MoveReport) -> str:
        # Translators: context "brief" is the shortest form, for a 40-cell braille line: keep it
        # telegraphic and short ("7 to their 6, now 10, take 10." is pit 7 played, its last stone in
        # their pit 6, which now holds 10, and 10 taken).
        if report.landing_tuzdyk is not None:
            landing = p_("brief", "into {owner} tuzdyk").format(owner=self._short(report.landing_tuzdyk))
        else:
            landing = p_("brief", "to {row} {pit}, now {count}").format(
                count=report.landing_count, row=self._short(report.landing_side), pit=report.landing_pit)
        events = ""
        if report.captured:
            events += p_("brief", ", take {count}").format(count=report.captured)
        if report.tuzdyk_made is not None:
            events += p_("brief", ", tuzdyk")
        if report.mover is self.perspective.you:
            played = p_("brief", "{pit} {landing}{events}.").format(pit=report.pit, landing=landing, events=events)
        else:
            played = self._cap(p_("brief", "{who} {pit} {landing}{events}.").format(
                who=self._short(report.mover), pit=report.pit, landing=landing, events=events))
        sentences = [played]
        for side in self._order():
            fed = report.tuzdyk_income[side]
            if fed and not (fed == 1 and report.landing_tuzdyk is side):  # "into your tuzdyk" says it
                sentences.append(p_("brief", "Tuzdyk {count} to {who}.").format(count=fed,
                                                                                 who=self._short_who(side)))
            if report.collected[side]:
                sentences.append(p_("brief", "{count} left to {who}.").format(count=report.collected[side],
                                                                               who=self._short_who(side)))
        if report.outcome is not None:
            sentences.extend(self._outcome_brief(report.outcome))
        else:
            sentences.append(self._score_brief(report.kazans))
        return braille_lines(sentences, self.cells)

    # The end ---------------------------------------------------------------------------------

    def outcome(self, outcome: Outcome, flagged: Side | None = None) -> str:
        """The result, the reason and the final score (``flagged``: whose time ran out, on time)."""
        if self.verbosity == "brief":
            return braille_lines(self._outcome_brief(outcome), self.cells)
        return self._outcome(outcome, stuck=None, flagged=flagged)

    def _outcome(self, outcome: Outcome, stuck: Side | None, flagged: Side | None = None) -> str:
        winner = outcome.winner
        if outcome.reason is Termination.NO_MOVES and stuck is not None:
            party = self.party(stuck)
            reason = self._pick(party, _("you have no move left"), p_("one", "{who} has no move left"),
                                p_("side", "{who} has no move left")).format(who=party.who)
        elif outcome.reason is Termination.TIME and flagged is not None:
            party = self.party(flagged)
            reason = self._pick(party, _("your time is up"), p_("one", "{whose} time is up"),
                                p_("side", "{whose} time is up")).format(whose=party.whose)
        else:
            reason = self._reason(outcome.reason, winner if winner is not None else Side.WHITE)
        return _("Game over: {reason}. {result}").format(reason=reason, result=self._result(outcome))

    def _reason(self, reason: Termination, side: Side) -> str:
        """Why the game ended (``side`` the winner, or White in a draw)."""
        if reason is Termination.MAJORITY:
            party = self.party(side)
            return self._pick(party, _("you have more than half the stones"),
                              p_("one", "{who} has more than half the stones"),
                              p_("side", "{who} has more than half the stones")).format(who=party.who)
        if reason is Termination.RESIGNATION:
            loser = self.party(side.opponent)
            return self._pick(loser, _("you resign"), p_("one", "{who} resigns"),
                              p_("side", "{who} resigns")).format(who=loser.who)
        return {Termination.NO_MOVES: _("no moves are left"), Termination.AGREEMENT: _("the players agree to a draw"),
                Termination.TIME: _("time is up"), Termination.ADJUDICATION: _("the server decided it")}[reason]

    def _result(self, outcome: Outcome) -> str:
        kazans, winner = outcome.kazans, outcome.winner
        if winner is None:
            first, second = self._order()
            return _("It is a draw, {first} to {second}.").format(first=kazans[first], second=kazans[second])
        party, loser = self.party(winner), self.party(winner.opponent)
        if kazans[winner] == kazans[winner.opponent]:  # won on time, by resignation or by the server: no "0 to 0"
            template = self._pick(party, _("You win; the kazans are level at {count} each."),
                                  p_("one", "{who} wins; the kazans are level at {count} each."),
                                  p_("side", "{who} wins; the kazans are level at {count} each."))
            return self._cap(template.format(who=party.who, count=kazans[winner]))
        if kazans[winner] > kazans[winner.opponent]:
            template = self._pick(party, _("You win {high} to {low}."), p_("one", "{who} wins {high} to {low}."),
                                  p_("side", "{who} wins {high} to {low}."))
            return self._cap(template.format(who=party.who, high=kazans[winner], low=kazans[winner.opponent]))
        if party.kind == "you":
            template = _("You win, though {leader} leads {high} to {low}.")
        elif loser.kind == "you":
            template = p_("one", "{who} wins, though you lead {high} to {low}.")
        else:
            template = self._pick(party, "", p_("one", "{who} wins, though {leader} leads {high} to {low}."),
                                  p_("side", "{who} wins, though {leader} leads {high} to {low}."))
        return self._cap(template.format(who=party.who, leader=loser.who, high=kazans[winner.opponent],
                                         low=kazans[winner]))

    def _outcome_brief(self, outcome: Outcome) -> list[str]:
        """The result and, as a sentence of its own, the reason (each fits a braille line)."""
        kazans, winner = outcome.kazans, outcome.winner
        reason = {Termination.MAJORITY: p_("brief", "By majority."),
                  Termination.NO_MOVES: p_("brief", "No moves left."),
                  Termination.RESIGNATION: p_("brief", "By resignation."),
                  Termination.AGREEMENT: p_("brief", "By agreement."),
                  Termination.TIME: p_("brief", "On time."),
                  Termination.ADJUDICATION: p_("brief", "By the server.")}[outcome.reason]
        if winner is None:
            first, second = self._order()
            return [p_("brief", "Draw {first} to {second}.").format(first=kazans[first], second=kazans[second]),
                    reason]
        party = self.party(winner)
        template = self._pick(party, _("You win {high} to {low}."), p_("one", "{who} wins {high} to {low}."),
                              p_("side", "{who} wins {high} to {low}."))
        if kazans[winner] == kazans[winner.opponent]:
            template = self._pick(party, _("You win, level {high} each."), p_("one", "{who} wins, level {high} each."),
                                  p_("side", "{who} wins, level {high} each."))
        return [self._cap(template.format(who=party.who, high=kazans[winner], low=kazans[winner.opponent])),
                reason]

    # Looking at the board ----------------------------------------------------------------------

    @staticmethod
    def _whose(owner: Party, you: str, other: str) -> str:
        """The sentence about something of ``owner``'s: the one for "your", or for another's."""
        return (you if owner.kind == "you" else other).format(whose=owner.whose)

    def pit(self, position: Position, side: Side, pit: int) -> str:
        """One pit: its stones, or whose tuzdyk it is."""
        n = position.variant.pits
        if not 1 <= pit <= n:
            return self._no_pit(pit, n)
        owner = position.tuzdyk_owner(side, pit)
        count = position.pit(side, pit)
        if self.verbosity == "brief":
            if owner is not None:
                return self._cap(p_("brief", "{row} {pit}: {owner} tuzdyk").format(
                    row=self._short(side), pit=pit, owner=self._short(owner)))
            return self._cap(p_("brief", "{row} {pit}: {count}").format(row=self._short(side), pit=pit, count=count))
        if owner is not None:
            party = self.party(owner)
            template = _("{pit_name} is your tuzdyk.") if party.kind == "you" else _("{pit_name} is {whose} tuzdyk.")
            return self._cap(template.format(pit_name=self.pit_name(side, pit), whose=party.whose))
        text = self._cap(_("{pit_name}: {stones}.").format(
            pit_name=self.pit_name(side, pit), stones=stones(count) if count else _("empty")))
        if self.verbosity == "full" and count and side is position.to_move:
            played = _("Played, {effects}.").format(effects=self._effects(position, pit))
            text = f"{text} {played}"
        return text

    def row(self, position: Position, side: Side, following: bool = False) -> str:
        """A row, its counts from pit 1 to N in threes ("2 5 6, 15 15 4, 2 15 6"), a tuzdyk named
        where it stands (always the other side's, so not said whose); ``following`` another row, it
        says only whose it is ("The computer's:")."""
        cells = self._cells(position, side)
        grouped = in_threes(cells)
        if self.verbosity == "brief":
            return f"{self._cap(self._short_rows(side))}: {grouped}."
        party = self.party(side)
        if following:
            template = _("Yours: {cells}.") if party.kind == "you" else _("{whose}: {cells}.")
        else:
            template = (_("Your row from pit 1: {cells}.") if party.kind == "you"
                        else _("{whose} row from pit 1: {cells}."))
        return self._cap(template.format(whose=party.whose, cells=grouped))

    @staticmethod
    def _cells(position: Position, side: Side) -> list[str]:
        """A row's counts, a tuzdyk said as such."""
        return [p_("in a row", "tuzdyk") if position.tuzdyk_owner(side, pit) is not None else str(count)
                for pit, count in enumerate(position.row(side), 1)]

    def compact(self, position: Position) -> str:
        """Both rows as runs of counts ("six 9s, 1 3, two 10s") and the score, the listener's row first:
        the board in the fewest words, the same at every verbosity."""
        mine, theirs = self._order()
        return (f"{self._cap(self._short_rows(mine))}: {self._runs(position, mine)}. "
                f"{self._cap(self._short_rows(theirs))}: {self._runs(position, theirs)}. "
                f"{self._score_brief(position.kazans)}")

    def _runs(self, position: Position, side: Side) -> str:
        cells = self._cells(position, side)
        tuzdyk = p_("in a row", "tuzdyk")
        parts: list[str] = []  # runs, and pits between runs said together ("2 5 6, two 15s, 4 2")
        singles: list[str] = []
        start = 0
        while start < len(cells):
            end = start
            while end + 1 < len(cells) and cells[end + 1] == cells[start]:
                end += 1
            run = end - start + 1
            if run > 1 and cells[start] != tuzdyk:
                if singles:
                    parts.append(ROW_CELLS.join(singles))
                    singles = []
                parts.append(_("{times} {count}s").format(times=_times(run), count=cells[start]))
            else:
                singles.extend(cells[start:end + 1])
            start = end + 1
        if singles:
            parts.append(ROW_CELLS.join(singles))
        return ROW_GROUPS.join(parts)

    def board(self, position: Position, outcome: Outcome | None = None) -> str:
        """Both rows, the kazans, whose turn it is (or the result, once the game is over); at full
        verbosity the tuzdyks in a sentence too."""
        first, second = self._order()
        parts = [self.row(position, first), self.row(position, second, following=True)]
        parts.append(self.kazans(position))
        if self.verbosity == "full" and position.variant.tuzdyks:
            parts.append(self.tuzdyks(position))
        parts.append(self.turn(position, outcome))
        return braille_lines(parts, self.cells) if self.verbosity == "brief" else " ".join(parts)

    def tuzdyks(self, position: Position) -> str:
        """Who owns which tuzdyk."""
        if not position.variant.tuzdyks and position.tuzdyks == (None, None):
            return _("This game has no tuzdyks.")
        if self.verbosity == "brief":
            cells = [
                p_("brief", "{who} {pit}").format(who=self._short_who(side),
                                                   pit=position.tuzdyks[side] or p_("brief", "none"))
                for side in self._order()
            ]
            return p_("brief", "Tuzdyks: {cells}.").format(cells=", ".join(cells))
        if position.tuzdyks == (None, None):
            return _("No tuzdyks yet.")
        sentences = []
        for side in self._order():
            pit = position.tuzdyks[side]
            party = self.party(side)
            if pit is None:
                sentences.append(self._cap(self._pick(
                    party, _("You have no tuzdyk."), p_("one", "{who} has no tuzdyk."),
                    p_("side", "{who} has no tuzdyk."),
                ).format(who=party.who)))
            else:
                template = (_("Your tuzdyk is {pit_name}.") if party.kind == "you"
                            else _("{whose} tuzdyk is {pit_name}."))
                sentences.append(self._cap(template.format(whose=party.whose,
                                                           pit_name=self.pit_name(side.opponent, pit))))
        return " ".join(sentences)

    # Clocks ----------------------------------------------------------------------------------------

    def clocks(self, times: tuple[float | None, float | None], running: Side | None, paused: bool,
               brief: bool | None = None) -> str:
        """Both clocks, the listener's first: "You: 12 minutes 30, running. The computer: 14 minutes." In
        brief (the verbosity's, unless ``brief`` says), as a clock shows them ("You 12:30, computer 14:00")."""
        brief = self.verbosity == "brief" if brief is None else brief
        parts = []
        for side in self._order():
            party = self.party(side)
            left = times[side]
            if left is None:  # a record that does not say
                parts.append((p_("brief", "{who} ?") if brief else _("{who}: no time recorded.")).format(
                    who=self._cap(party.who)))
                continue
            if brief:
                parts.append(p_("brief", "{who} {time}").format(who=self._cap(party.who),
                                                                 time=duration_brief(left)))
                continue
            template = _("{who}: {time}, running.") if side is running else _("{who}: {time}.")
            parts.append(template.format(who=self._cap(party.who), time=duration(left)))
        text = (", " if brief else " ").join(parts)
        if paused:
            said = p_("brief", "paused") if brief else _("The clocks are paused.")
            text = f"{text}, {said}" if brief else f"{text} {said}"
        return text

    def time_warning(self, side: Side, seconds: float) -> str:
        """A player's time is getting short: "1 minute left." / "White: 30 seconds left."."""
        party = self.party(side)
        left = duration(seconds)
        if party.kind == "you":
            return self._cap(_("{time} left.").format(time=left))
        return self._cap(_("{who}: {time} left.").format(who=party.who, time=left))

    def turn(self, position: Position, outcome: Outcome | None) -> str:
        """Whose turn it is, or how the game ended."""
        if outcome is not None:
            return self.outcome(outcome)
        party = self.party(position.to_move)
        if self.verbosity == "brief":
            return self._cap((_("Your turn.") if party.kind == "you" else _("{whose} turn.")).format(
                whose=party.whose))
        template = _("Move {number}: your turn.") if party.kind == "you" else _("Move {number}: {whose} turn.")
        text = template.format(number=position.move_number, whose=party.whose)
        if self.verbosity == "full":
            text = f"{text} {self.legal_moves(position, position.legal_moves())}"
        return text

    def legal_moves(self, position: Position, moves: Sequence[int]) -> str:
        """The pits the side to move may play."""
        if self.verbosity == "brief":
            if not moves:
                return p_("brief", "No moves.")
            return p_("brief", "Moves: {pits}.").format(pits=", ".join(map(str, moves)))
        party = self.party(position.to_move)
        if not moves:
            template = self._pick(party, _("You have no move."), p_("one", "{who} has no move."),
                                  p_("side", "{who} has no move."))
        elif len(moves) == 1:
            template = self._pick(party, _("You can play only pit {pit}."), p_("one", "{who} can play only pit {pit}."),
                                  p_("side", "{who} can play only pit {pit}."))
        else:
            template = self._pick(party, _("You can play pits {pits}."), p_("one", "{who} can play pits {pits}."),
                                  p_("side", "{who} can play pits {pits}."))
        return self._cap(template.format(who=party.who, pit=moves[0] if moves else 0,
                                         pits=listing([str(pit) for pit in moves])))

    def last_move(self, report: MoveReport | None) -> str:
        """The last move again, or that there was none."""
        if report is None:
            return _("No move yet.")
        if self.verbosity == "brief":
            return self.move(report)
        text = self.move(report)
        if self.side_name(report.mover)[:1].islower():
            text = text[:1].lower() + text[1:]
        return _("Last move: {move}").format(move=text)

    # What a pit would do -----------------------------------------------------------------------

    def preview(self, position: Position, pit: int, side: Side | None = None) -> str:
        """What playing ``side``'s ``pit`` (the side to move's by default; the opponent's as if it were
        his turn) would do, computed by the rules themselves."""
        n = position.variant.pits
        theirs = side is not None and side is not position.to_move
        if side is not None and theirs:
            position = Position(position.variant, position.board, position.kazans, position.tuzdyks, side,
                                position.move_number)
        side = position.to_move
        if not 1 <= pit <= n:
            return self._no_pit(pit, n)
        owner = position.tuzdyk_owner(side, pit)
        count = position.pit(side, pit)
        brief = self.verbosity == "brief"
        if owner is not None:
            if brief:
                return p_("brief", "{pit}: {owner} tuzdyk.").format(pit=pit, owner=self._short(owner))
            party = self.party(owner)
            template = _("Pit {pit} is your tuzdyk.") if party.kind == "you" else _("Pit {pit} is {whose} tuzdyk.")
            return template.format(pit=pit, whose=party.whose)
        if count == 0:
            return (p_("brief", "{pit}: empty.") if brief else _("Pit {pit}: empty.")).format(pit=pit)
        if brief:
            return self._preview_brief(position, pit)
        if theirs:
            return self._cap(_("{pit_name}: {stones}, {effects}.").format(
                pit_name=self.pit_name(side, pit), stones=stones(count), effects=self._effects(position, pit)))
        return _("Pit {pit}: {stones}, {effects}.").format(pit=pit, stones=stones(count),
                                                           effects=self._effects(position, pit))

    def effects_of(self, position: Position, pit: int) -> str:
        """What the side to move's legal ``pit`` does, its owner named: "the opponent's pit 4: 12 stones,
        the last lands in your pit 6, making 10, captures 10." (brief: "4 goes to your 6, makes 10, takes
        10.")."""
        if self.verbosity == "brief":
            return self._preview_brief(position, pit)
        return self._cap(_("{pit_name}: {stones}, {effects}.").format(
            pit_name=self.pit_name(position.to_move, pit), stones=stones(position.pit(position.to_move, pit)),
            effects=self._effects(position, pit)))

    def best_reply(self, position: Position, pit: int) -> str:
        """The side to move's best reply ``pit`` and what it does: "Best reply: the opponent's pit 3, 9
        stones, the last lands in your pit 2, captures 6." (brief: "Reply: 3 goes to your 2, makes 6,
        takes 6.")."""
        if self.verbosity == "brief":
            _position, report = play_move(position, pit)
            events = _brief_events(report)
            if report.landing_tuzdyk is not None:
                return p_("brief", "Reply {pit}: {owner} tuzdyk{events}.").format(
                    pit=pit, owner=self._short(report.landing_tuzdyk), events=events)
            return p_("brief", "Reply {pit}: {row} {landing}, makes {count}{events}.").format(
                pit=pit, row=self._short(report.landing_side), landing=report.landing_pit,
                count=report.landing_count, events=events)
        return _("Best reply: {pit_name}, {stones}, {effects}.").format(
            pit_name=self.pit_name(position.to_move, pit), stones=stones(position.pit(position.to_move, pit)),
            effects=self._effects(position, pit))

    def _effects(self, position: Position, pit: int) -> str:
        """``"the last lands in your pit 6, no capture"`` and the like, for a legal pit."""
        _position, report = play_move(position, pit)
        parts = []
        no_tuzdyk_said = False
        if report.landing_tuzdyk is not None:
            parts.append(self._whose(self.party(report.landing_tuzdyk), _("the last lands in your tuzdyk"),
                                         _("the last lands in {whose} tuzdyk")))
        else:
            landing = self.pit_name(report.landing_side, report.landing_pit, "into")
            parts.append(_("the last lands in {pit_name}").format(pit_name=landing))
            if report.landing_side is not report.mover and not report.captured and report.tuzdyk_made is None:
                refusal = tuzdyk_refusal(position, report.mover, report.landing_pit)
                if report.landing_count == 3 and refusal is not None:
                    parts.append(_("making 3, but no tuzdyk: {reason}").format(
                        reason=self._no_tuzdyk(refusal, report)))
                    no_tuzdyk_said = True  # which says there is no capture either
                else:
                    parts.append(_("making {count}").format(count=report.landing_count))
        if report.captured:
            parts.append(_("captures {count}").format(count=report.captured))
        elif report.tuzdyk_made is not None:
            parts.append(_("makes a tuzdyk"))
        elif not no_tuzdyk_said:
            parts.append(_("no capture"))
        for side in self._order():
            if report.tuzdyk_income[side]:
                owner = self.party(side)
                template = _("{stones} to your tuzdyk") if owner.kind == "you" else _("{stones} to {whose} tuzdyk")
                parts.append(template.format(stones=stones(report.tuzdyk_income[side]), whose=owner.whose))
        text = ", ".join(parts)
        return _("{effects} and ends the game").format(effects=text) if report.outcome is not None else text

    def _no_tuzdyk(self, refusal: NoTuzdyk, report: MoveReport) -> str:
        """Why a 3 makes no tuzdyk, in words."""
        if refusal is NoTuzdyk.NOT_IN_THIS_GAME:
            return _("this game has no tuzdyks")
        if refusal is NoTuzdyk.LAST_PIT:
            return _("pit {pit} never becomes one").format(pit=report.landing_pit)
        if refusal is NoTuzdyk.HAS_ONE:
            mover = self.party(report.mover)
            return self._pick(mover, _("you have one already"), p_("one", "{who} has one already"),
                              p_("side", "{who} has one already")).format(who=mover.who)
        return self._whose(self.party(report.mover.opponent), _("your tuzdyk has that number"),
                               _("{whose} tuzdyk has that number"))

    def _preview_brief(self, position: Position, pit: int) -> str:
        _position, report = play_move(position, pit)
        events = _brief_events(report)
        if report.landing_tuzdyk is not None:
            text = p_("brief", "{pit} goes into {owner} tuzdyk{events}.").format(
                pit=pit, owner=self._short(report.landing_tuzdyk), events=events)
        else:
            text = p_("brief", "{pit} goes to {row} {landing}, makes {count}{events}.").format(
                pit=pit, row=self._short(report.landing_side), landing=report.landing_pit,
                count=report.landing_count, events=events)
        return braille_lines([text], self.cells)

    # Errors and history ------------------------------------------------------------------------

    def _no_pit(self, pit: int, pits: int) -> str:
        if self.verbosity == "brief":
            return p_("brief", "No pit {pit}, choose 1 to {pits}.").format(pit=pit, pits=pits)
        return _("Pit {pit} does not exist: choose 1 to {pits}.").format(pit=pit, pits=pits)

    def illegal(self, position: Position, pit: int, game_over: bool = False) -> str:
        """Why ``pit`` cannot be played by the side to move."""
        brief = self.verbosity == "brief"
        if game_over:
            return p_("brief", "Game over.") if brief else _("The game is over.")
        n = position.variant.pits
        if not 1 <= pit <= n:
            return self._no_pit(pit, n)
        side = position.to_move
        if brief:
            return p_("brief", "Pit {pit} empty.").format(pit=pit)
        owner = position.tuzdyk_owner(side, pit)
        pit_name = self.pit_name(side, pit)
        if owner is not None:
            party = self.party(owner)
            template = (_("{pit_name} is empty: it is your tuzdyk.") if party.kind == "you"
                        else _("{pit_name} is empty: it is {whose} tuzdyk."))
            return self._cap(template.format(pit_name=pit_name, whose=party.whose))
        return self._cap(_("{pit_name} is empty.").format(pit_name=pit_name))

    def unknown_command(self, word: str) -> str:
        """A word that is no command."""
        if self.verbosity == "brief":
            return p_("brief", "Unknown: {word}. Type help.").format(word=word)
        return _("Unknown command: {word}; type help.").format(word=word)

    def history(self, reports: Sequence[MoveReport]) -> str:
        """The moves so far by their numbers, White's first in each: in words ("pit 7 to 6", a
        synthesizer would read 76 as seventy-six), or in brief the record's digits for a braille line."""
        if not reports:
            return _("No moves yet.")
        brief = self.verbosity == "brief"
        numbered: list[tuple[int, list[str]]] = []
        for report in reports:
            if brief:
                item = f"{report.pit}{report.landing_pit}"
                item += p_("brief", " tuz") if report.tuzdyk_made is not None else ""
            else:
                item = _("pit {pit} to {landing}").format(pit=report.pit, landing=report.landing_pit)
                item += _(", tuzdyk") if report.tuzdyk_made is not None else ""
            if not numbered or numbered[-1][0] != report.move_number:
                numbered.append((report.move_number, []))
            numbered[-1][1].append(item)
        if brief:
            return ". ".join(f"{number}. {' '.join(moves)}" for number, moves in numbered) + "."
        moves = ". ".join(_("{number}: {moves}").format(number=number, moves=_(", then ").join(items))
                          for number, items in numbered)
        return _("Moves so far. {moves}.").format(moves=moves)

    # The engine's analysis ----------------------------------------------------------------------

    def analysis(self, position: Position, scores: Sequence[tuple[int, float, int | None, int | None]]) -> str:
        """Every legal pit of the side to move with what it comes to, best first: ``scores`` holds
        (pit, score in stones for the side to move, plies to the end when the search proved the result,
        the result an endgame solve proved: 1 won, 0 drawn, -1 lost, or None)."""
        party = self.party(position.to_move)
        brief = self.verbosity == "brief"
        items = ("; " if not brief else ", ").join(self._pit_outcome(pit, score, plies, solved, brief)
                                                   for pit, score, plies, solved in scores)
        if brief:
            return p_("brief", "Analysis: {items}.").format(items=items)
        template = _("Your moves, best first: {items}.") if party.kind == "you" else \
            _("{whose} moves, best first: {items}.")
        return self._cap(template.format(whose=party.whose, items=items))

    @staticmethod
    def _pit_outcome(pit: int, score: float, plies: int | None, solved: int | None, brief: bool) -> str:
        if plies is None and solved is not None:  # solved to the end, how long it takes not counted
            if solved > 0:
                template = p_("brief", "{pit} wins") if brief else _("pit {pit} wins by force")
            elif solved < 0:
                template = p_("brief", "{pit} loses") if brief else _("pit {pit} loses by force")
            else:
                template = p_("brief", "{pit} draws") if brief else _("pit {pit} draws by force")
            return template.format(pit=pit)
        if plies is not None:
            moves = (plies + 1) // 2  # the moves of the side that wins, the last one included
            if score > 0:
                template = (np_("brief", "{pit} wins in {count}", "{pit} wins in {count}", moves) if brief else
                            n_("pit {pit} wins by force in {count} move", "pit {pit} wins by force in {count} moves",
                               moves))
            else:
                template = (np_("brief", "{pit} loses in {count}", "{pit} loses in {count}", moves) if brief else
                            n_("pit {pit} loses by force in {count} move",
                               "pit {pit} loses by force in {count} moves", moves))
            return template.format(pit=pit, count=moves)
        count = round(abs(score))
        if count == 0:
            return (p_("brief", "{pit} even") if brief else _("pit {pit} keeps it about even")).format(pit=pit)
        if score > 0:
            template = (p_("brief", "{pit} +{count}") if brief else
                        n_("pit {pit}: about {count} stone ahead", "pit {pit}: about {count} stones ahead", count))
        else:
            template = (p_("brief", "{pit} -{count}") if brief else
                        n_("pit {pit}: about {count} stone behind", "pit {pit}: about {count} stones behind",
                           count))
        return template.format(pit=pit, count=count)

    def expected_line(self, position: Position, pits: Sequence[int]) -> str:
        """The moves the engine expects from ``position``, each said as whose pit it is."""
        side = position.to_move
        moves = []
        for pit in pits:
            moves.append(self.pit_name(side, pit))
            side = side.opponent
        if self.verbosity == "brief":
            return p_("brief", "Line: {moves}.").format(moves=", ".join(moves))
        return _("Expected line: {moves}.").format(moves=", ".join(moves))

    # Threats and chances -----------------------------------------------------------------------

    def threats(self, position: Position, side: Side) -> str:
        """What each move of ``side`` (the opponent) would take now, best first."""
        return self._takings(position, side, threats=True)

    def chances(self, position: Position, side: Side) -> str:
        """What each move of ``side`` (the listener) would take now, best first."""
        return self._takings(position, side, threats=False)

    def _takings(self, position: Position, side: Side, threats: bool) -> str:
        reports = [report for report in moves_of(position, side)
                   if report.captured or report.tuzdyk_made is not None or
                   (report.outcome is not None and report.outcome.winner is side)]
        reports.sort(key=lambda report: (-(report.captured + (9 if report.tuzdyk_made is not None else 0)),
                                         report.pit))
        brief = self.verbosity == "brief"
        party = self.party(side)
        if not reports:
            if brief:
                return p_("brief", "Threats: none.") if threats else p_("brief", "Chances: none.")
            return self._cap(self._whose(party, _("None of your moves takes anything now."),
                                             _("None of {whose} moves takes anything now.")))
        if brief:
            items = ", ".join(self._taking(report, brief) for report in reports)
            template = p_("brief", "Threats: {items}.") if threats else p_("brief", "Chances: {items}.")
            return template.format(items=items)
        items = "; ".join(self._taking(report, brief) for report in reports)
        if threats:
            template = _("Your threats: {items}.") if party.kind == "you" else _("{whose} threats: {items}.")
        else:
            template = _("Your chances: {items}.") if party.kind == "you" else _("{whose} chances: {items}.")
        return self._cap(template.format(whose=party.whose, items=items))

    def _taking(self, report: MoveReport, brief: bool) -> str:
        if report.outcome is not None and report.outcome.winner is report.mover:
            return (p_("brief", "{pit} wins") if brief else _("pit {pit} wins the game")).format(pit=report.pit)
        if report.tuzdyk_made is not None:
            if brief:
                return p_("brief", "{pit} tuzdyk").format(pit=report.pit)
            owner = self.party(report.mover)
            target = self.pit_name(report.landing_side, report.landing_pit, "made")
            template = (_("pit {pit} makes {pit_name} your tuzdyk") if owner.kind == "you"
                        else _("pit {pit} makes {pit_name} {whose} tuzdyk"))
            return template.format(pit=report.pit, pit_name=target, whose=owner.whose)
        if brief:
            return p_("brief", "{pit} takes {count}").format(pit=report.pit, count=report.captured)
        return _("pit {pit} takes {count} from {pit_name}").format(
            pit=report.pit, count=report.captured,
            pit_name=self.pit_name(report.landing_side, report.landing_pit, "from"))

