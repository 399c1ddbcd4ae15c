"""What is said: facts from ``rules`` turned into sentences, from a perspective, at a verbosity.

Pure: no I/O. All words come from ``speech.wording``. Three verbosities:

- ``brief``: the facts in a few words, most important first, for a 40-cell braille line.
  A move reads ``"7 to their 6, now 10, take 10. 10 to 0."``: pit 7 played, its last stone in
  their pit 6, which now holds 10, 10 taken; then the kazans, the listener's (or White's) first.
- ``normal``: full sentences, with who leads.
- ``full``: normal, plus the pits a move changed and a few extra hints.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules import MoveReport, Outcome, Position, Side, Termination
from rules.move import NoTuzdyk, moves_of, play_move, tuzdyk_refusal
from speech import wording as w
from speech.naming import VERBOSITIES, Namer, Perspective, Verbosity
from speech.wording import capitalised

__all__ = ["VERBOSITIES", "Announcer", "Perspective", "Verbosity"]


class Announcer(Namer):
    """Turns reports and positions into sentences for one perspective and verbosity."""

    def move(self, report: MoveReport) -> str:
        """What a move did; when it ended the game, how the game ended."""
        if self.verbosity == "brief":
            return self._move_brief(report)
        text = " ".join(self._move_sentences(report))
        if self.verbosity == "full":
            text = " ".join([text, *self._changes(report)])
        return text

    def _move_sentences(self, report: MoveReport) -> list[str]:
        mover = report.mover
        sown = w.SOWN.format(
            Who=self._cap(self.side_name(mover)), sow=self._verb(mover, w.SOW), stones=w.stones(report.sown),
            pit=report.pit,
        )
        sentences = [f"{sown}; {self._landing(report)}."]
        if report.captured:
            sentences.append(w.CAPTURED.format(
                Who=self._cap(self.side_name(mover)), capture=self._verb(mover, w.CAPTURE), count=report.captured,
            ))
        if report.tuzdyk_made is not None:
            sentences.append(w.TUZDYK_MADE.format(
                owner=self._owner(mover), who=self.side_name(mover), take=self._verb(mover, w.TAKE),
                count=report.landing_count,
            ))
        for side in self._order():
            if report.tuzdyk_income[side]:
                sentences.append(w.TUZDYK_INCOME.format(
                    Owner=self._cap(self._owner(side)), collects=w.COLLECTS[1],
                    stones=w.stones(report.tuzdyk_income[side]),
                ))
        sentences.extend(self._collected(report))
        if report.outcome is not None:
            sentences.append(self._outcome(report.outcome, stuck=report.mover.opponent))
        else:
            sentences.append(self._score(report.kazans))
        return sentences

    def _landing(self, report: MoveReport) -> str:
        pit_name = self.pit_name(report.landing_side, report.landing_pit)
        if report.landing_tuzdyk is not None:
            return w.LANDS_IN_TUZDYK.format(owner=self._owner(report.landing_tuzdyk), pit_name=pit_name)
        return w.LANDS.format(pit_name=pit_name, count=report.landing_count)

    def _collected(self, report: MoveReport) -> list[str]:
        return [
            w.COLLECTED.format(
                Who=self._cap(self.side_name(side)), collect=self._verb(side, w.COLLECT),
                stones=w.stones(report.collected[side]),
                their=w.YOUR if side is self.perspective.you else w.THEIR,
            )
            for side in self._order()
            if report.collected[side]
        ]

    def _changes(self, report: MoveReport) -> list[str]:
        n = len(report.board_before) // 2
        sentences = []
        for side in self._order():
            changes = [
                w.CHANGE.format(pit=pit, before=report.board_before[side * n + pit - 1],
                                after=report.board_after[side * n + pit - 1])
                for pit in range(1, n + 1)
                if report.board_before[side * n + pit - 1] != report.board_after[side * n + pit - 1]
            ]
            if changes:
                sentences.append(w.CHANGES.format(owner=self._owner(side), changes=", ".join(changes)))
        return sentences

    def _move_brief(self, report: MoveReport) -> str:
        mover = report.mover
        who = "" if mover is self.perspective.you else w.BRIEF_MOVER.format(Who=self._cap(self._short(mover)))
        if report.landing_tuzdyk is not None:
            landing = w.BRIEF_LANDS_IN_TUZDYK.format(owner=self._short(report.landing_tuzdyk))
        else:
            landing = w.BRIEF_LANDS.format(
                count=report.landing_count, row=self._short(report.landing_side), pit=report.landing_pit,
            )
        events = ""
        if report.captured:
            events += w.BRIEF_CAPTURE.format(count=report.captured)
        if report.tuzdyk_made is not None:
            events += w.BRIEF_TUZDYK
        sentences = [w.BRIEF_MOVE.format(who=who, pit=report.pit, landing=landing, events=events)]
        for side in self._order():
            fed = report.tuzdyk_income[side]
            if fed and not (fed == 1 and report.landing_tuzdyk is side):  # "into your tuzdyk" says it
                sentences.append(w.BRIEF_INCOME.format(count=fed, who=self._short_who(side)))
            if report.collected[side]:
                sentences.append(w.BRIEF_COLLECTED.format(Count=report.collected[side], who=self._short_who(side)))
        if report.outcome is not None:
            sentences.extend(self._outcome_brief(report.outcome))
        else:
            sentences.append(self._score_brief(report.kazans))
        return w.braille_lines(sentences)

    def outcome(self, outcome: Outcome) -> str:
        """The result, the reason and the final score."""
        if self.verbosity == "brief":
            return w.braille_lines(self._outcome_brief(outcome))
        return self._outcome(outcome, stuck=None)

    def _outcome(self, outcome: Outcome, stuck: Side | None) -> str:
        winner = outcome.winner
        if outcome.reason is Termination.NO_MOVES and stuck is not None:
            reason = w.REASON_NO_MOVES_STUCK.format(who=self.side_name(stuck), have=self._verb(stuck, w.HAVE))
        else:
            reason_side = winner if winner is not None else Side.WHITE
            loser = reason_side.opponent
            reason = w.REASONS[outcome.reason].format(
                who=self.side_name(reason_side), have=self._verb(reason_side, w.HAVE),
                loser=self.side_name(loser), resign=self._verb(loser, w.RESIGN),
            )
        return w.GAME_OVER.format(reason=reason, result=self._result(outcome))

    def _result(self, outcome: Outcome) -> str:
        kazans, winner = outcome.kazans, outcome.winner
        if winner is None:
            first, second = self._order()
            return w.RESULT_DRAW.format(first=kazans[first], second=kazans[second])
        loser = winner.opponent
        if kazans[winner] >= kazans[loser]:
            return w.RESULT_WIN.format(
                Who=self._cap(self.side_name(winner)), win=self._verb(winner, w.WIN),
                high=kazans[winner], low=kazans[loser],
            )
        return w.RESULT_WIN_BEHIND.format(
            Who=self._cap(self.side_name(winner)), win=self._verb(winner, w.WIN), leader=self.side_name(loser),
            lead=self._verb(loser, w.LEAD), high=kazans[loser], low=kazans[winner],
        )

    def _outcome_brief(self, outcome: Outcome) -> list[str]:
        """The result and, as a sentence of its own, the reason (each fits a braille line)."""
        kazans, winner = outcome.kazans, outcome.winner
        reason = w.REASON_BRIEF.format(reason=capitalised(w.REASONS_BRIEF[outcome.reason]))
        if winner is None:
            first, second = self._order()
            return [w.RESULT_BRIEF_DRAW.format(first=kazans[first], second=kazans[second]), reason]
        result = w.RESULT_BRIEF_WIN.format(
            Who=self._cap(self.side_name(winner)), win=self._verb(winner, w.WIN),
            mine=kazans[winner], theirs=kazans[winner.opponent],
        )
        return [result, reason]

    # Looking at the board ----------------------------------------------------------------------

    def pit(self, position: Position, side: Side, pit: int) -> str:
        """One pit: its stones, or whose tuzdyk it is."""
        n = position.variant.pits
        if not 1 <= pit <= n:
            return self._no_pit(pit, n)
        owner = position.tuzdyk_owner(side, pit)
        count = position.pit(side, pit)
        if self.verbosity == "brief":
            if owner is not None:
                return w.PIT_BRIEF_TUZDYK.format(Row=self._cap(self._short(side)), pit=pit,
                                                 owner=self._short(owner))
            return w.PIT_BRIEF.format(Row=self._cap(self._short(side)), pit=pit, count=count)
        if owner is not None:
            return w.PIT_TUZDYK.format(Pit_name=self._cap(self.pit_name(side, pit)), owner=self._owner(owner))
        text = w.PIT_COUNT.format(
            Pit_name=self._cap(self.pit_name(side, pit)), stones=w.stones(count) if count else w.EMPTY,
        )
        if self.verbosity == "full" and count and side is position.to_move:
            text = f"{text} {w.PIT_PLAYED.format(effects=self._effects(position, pit))}"
        return text

    def row(self, position: Position, side: Side, following: bool = False) -> str:
        """A row, its counts from pit 1 to N in threes ("2 5 6, 15 15 4, 2 15 6"), a tuzdyk named
        where it stands (always the other side's, so not said whose); ``following`` another row, it
        says only whose it is ("The computer's:")."""
        cells = [w.ROW_TUZDYK if position.tuzdyk_owner(side, pit) is not None else str(count)
                 for pit, count in enumerate(position.row(side), 1)]
        grouped = w.ROW_GROUPS.join(w.ROW_CELLS.join(cells[start:start + 3]) for start in range(0, len(cells), 3))
        if self.verbosity == "brief":
            return w.ROW_BRIEF.format(Row=self._cap(self._brief_row_owner(side)), cells=grouped)
        if following:
            return w.ROW_FOLLOWING.format(Owner=self._cap(self._owner(side)), cells=grouped)
        return w.ROW.format(Owner=self._cap(self._owner(side)), cells=grouped)

    def compact(self, position: Position) -> str:
        """Both rows as runs of counts ("six 9s, 1 3, two 10s") and the score, the listener's row first:
        the board in the fewest words, the same at every verbosity."""
        mine, theirs = self._order()
        return w.COMPACT.format(
            Mine=self._cap(self._compact_owner(mine)), mine=self._runs(position, mine),
            Theirs=self._cap(self._compact_owner(theirs)), theirs=self._runs(position, theirs),
            score=self._score_brief(position.kazans),
        )

    def _compact_owner(self, side: Side) -> str:
        you = self.perspective.you
        if you is None:
            return self.perspective.names[side]
        return w.COMPACT_YOURS if side is you else w.COMPACT_THEIRS

    @staticmethod
    def _runs(position: Position, side: Side) -> str:
        cells = [w.ROW_TUZDYK if position.tuzdyk_owner(side, pit) is not None else str(count)
                 for pit, count in enumerate(position.row(side), 1)]
        parts: list[str] = []  # runs, and pits between runs said together ("2 5 6, two 15s, 4 2")
        singles: list[str] = []
        start = 0
        while start < len(cells):
            end = start
            while end + 1 < len(cells) and cells[end + 1] == cells[start]:
                end += 1
            run = end - start + 1
            if run > 1 and cells[start] != w.ROW_TUZDYK:
                if singles:
                    parts.append(w.ROW_CELLS.join(singles))
                    singles = []
                parts.append(w.COMPACT_RUN.format(times=w.TIMES[run], count=cells[start]))
            else:
                singles.extend(cells[start:end + 1])
            start = end + 1
        if singles:
            parts.append(w.ROW_CELLS.join(singles))
        return w.ROW_GROUPS.join(parts)

    def _brief_row_owner(self, side: Side) -> str:
        you = self.perspective.you
        if you is None:
            return self.perspective.names[side]
        return w.BRIEF_YOURS if side is you else w.BRIEF_THEIRS

    def board(self, position: Position) -> str:
        """Both rows, the kazans, whose turn it is; at full verbosity the tuzdyks in a sentence too."""
        first, second = self._order()
        parts = [self.row(position, first), self.row(position, second, following=True)]
        parts.append(self.kazans(position))
        if self.verbosity == "full" and position.variant.tuzdyks:
            parts.append(self.tuzdyks(position))
        parts.append(self.turn(position, None))
        return w.braille_lines(parts) if self.verbosity == "brief" else " ".join(parts)

    def tuzdyks(self, position: Position) -> str:
        """Who owns which tuzdyk."""
        if not position.variant.tuzdyks and position.tuzdyks == (None, None):
            return w.NO_TUZDYK_GAME
        if self.verbosity == "brief":
            cells = [
                w.TUZDYK_BRIEF_CELL.format(who=self._short_who(side), pit=position.tuzdyks[side] or w.NONE)
                for side in self._order()
            ]
            return w.TUZDYKS_BRIEF.format(cells=", ".join(cells))
        if position.tuzdyks == (None, None):
            return w.NO_TUZDYKS_YET
        sentences = []
        for side in self._order():
            pit = position.tuzdyks[side]
            if pit is None:
                sentences.append(w.TUZDYK_NONE.format(
                    Who=self._cap(self.side_name(side)), have=self._verb(side, w.HAVE),
                ))
            else:
                sentences.append(w.TUZDYK_IS.format(
                    Owner=self._cap(self._owner(side)), pit_name=self.pit_name(side.opponent, pit),
                ))
        return " ".join(sentences)

    def turn(self, position: Position, outcome: Outcome | None) -> str:
        """Whose turn it is, or how the game ended."""
        if outcome is not None:
            return self.outcome(outcome)
        side = position.to_move
        if self.verbosity == "brief":
            return w.TURN_BRIEF.format(Owner=self._cap(self._owner(side)))
        text = w.TURN.format(number=position.move_number, owner=self._owner(side))
        if self.verbosity == "full":
            text = f"{text} {self.legal_moves(position, position.legal_moves())}"
        return text

    def legal_moves(self, position: Position, moves: Sequence[int]) -> str:
        """The pits the side to move may play."""
        if self.verbosity == "brief":
            return w.MOVES_BRIEF.format(pits=", ".join(map(str, moves))) if moves else w.MOVES_BRIEF_NONE
        side = position.to_move
        who = self._cap(self.side_name(side))
        if not moves:
            return w.MOVES_NONE.format(Who=who, have=self._verb(side, w.HAVE))
        if len(moves) == 1:
            return w.MOVES_ONE.format(Who=who, pit=moves[0])
        return w.MOVES_MANY.format(Who=who, pits=w.listing([str(pit) for pit in moves]))

    def last_move(self, report: MoveReport | None) -> str:
        """The last move again, or that there was none."""
        if report is None:
            return w.NO_MOVE_YET
        if self.verbosity == "brief":
            return self.move(report)
        text = self.move(report)
        if self.side_name(report.mover)[:1].islower():
            text = text[:1].lower() + text[1:]
        return w.LAST_MOVE.format(move=text)

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
        if owner is not None:
            if self.verbosity == "brief":
                return w.PREVIEW_BRIEF_TUZDYK.format(pit=pit, owner=self._short(owner))
            return w.PREVIEW_TUZDYK.format(pit=pit, owner=self._owner(owner))
        if count == 0:
            return (w.PREVIEW_BRIEF_EMPTY if self.verbosity == "brief" else w.PREVIEW_EMPTY).format(pit=pit)
        if self.verbosity == "brief":
            return self._preview_brief(position, pit)
        if theirs:
            return w.PREVIEW_THEIRS.format(Pit_name=self._cap(self.pit_name(side, pit)), stones=w.stones(count),
                                           effects=self._effects(position, pit))
        return w.PREVIEW.format(pit=pit, stones=w.stones(count), effects=self._effects(position, pit))

    def _effects(self, position: Position, pit: int) -> str:
        """``"the last lands in your pit 6, no capture"`` and the like, for a legal pit."""
        _, report = play_move(position, pit)
        parts = []
        no_tuzdyk_said = False
        if report.landing_tuzdyk is not None:
            parts.append(w.PREVIEW_LANDS_IN_TUZDYK.format(owner=self._owner(report.landing_tuzdyk)))
        else:
            landing = self.pit_name(report.landing_side, report.landing_pit)
            parts.append(w.PREVIEW_LANDS.format(pit_name=landing))
            if report.landing_side is not report.mover and not report.captured and report.tuzdyk_made is None:
                refusal = tuzdyk_refusal(position, report.mover, report.landing_pit)
                if report.landing_count == 3 and refusal is not None:
                    parts.append(w.PREVIEW_NO_TUZDYK.format(reason=self._no_tuzdyk(refusal, report)))
                    no_tuzdyk_said = True  # which says there is no capture either
                else:
                    parts.append(w.PREVIEW_MAKING.format(count=report.landing_count))
        if report.captured:
            parts.append(w.PREVIEW_CAPTURES.format(count=report.captured))
        elif report.tuzdyk_made is not None:
            parts.append(w.PREVIEW_TUZDYK_MADE)
        elif not no_tuzdyk_said:
            parts.append(w.PREVIEW_NO_CAPTURE)
        for side in self._order():
            if report.tuzdyk_income[side]:
                parts.append(w.PREVIEW_INCOME.format(
                    stones=w.stones(report.tuzdyk_income[side]), owner=self._owner(side),
                ))
        text = ", ".join(parts)
        return f"{text} {w.PREVIEW_ENDS}" if report.outcome is not None else text

    def _no_tuzdyk(self, refusal: NoTuzdyk, report: MoveReport) -> str:
        """Why a 3 makes no tuzdyk, in words."""
        mover = report.mover
        return w.NO_TUZDYK_REASONS[refusal].format(
            who=self.side_name(mover), have=self._verb(mover, w.HAVE), pit=report.landing_pit,
            owner=self._owner(mover.opponent),
        )

    def _preview_brief(self, position: Position, pit: int) -> str:
        _, report = play_move(position, pit)
        events = ""
        if report.captured:
            events = w.PREVIEW_BRIEF_CAPTURE.format(count=report.captured)
        elif report.tuzdyk_made is not None:
            events = w.PREVIEW_BRIEF_TUZDYK_MADE
        if report.landing_tuzdyk is not None:
            return w.PREVIEW_BRIEF_INTO_TUZDYK.format(pit=pit, owner=self._short(report.landing_tuzdyk),
                                                     events=events)
        return w.PREVIEW_BRIEF.format(pit=pit, row=self._short(report.landing_side), landing=report.landing_pit,
                                      count=report.landing_count, events=events)

    # Errors and history ------------------------------------------------------------------------

    def _no_pit(self, pit: int, pits: int) -> str:
        template = w.ILLEGAL_BRIEF_NO_PIT if self.verbosity == "brief" else w.ILLEGAL_NO_PIT
        return template.format(pit=pit, pits=pits)

    def illegal(self, position: Position, pit: int, game_over: bool = False) -> str:
        """Why ``pit`` cannot be played by the side to move."""
        brief = self.verbosity == "brief"
        if game_over:
            return w.ILLEGAL_BRIEF_OVER if brief else w.ILLEGAL_OVER
        n = position.variant.pits
        if not 1 <= pit <= n:
            return self._no_pit(pit, n)
        side = position.to_move
        if brief:
            return w.ILLEGAL_BRIEF_EMPTY.format(pit=pit)
        owner = position.tuzdyk_owner(side, pit)
        if owner is not None:
            return w.ILLEGAL_EMPTY_TUZDYK.format(
                Pit_name=self._cap(self.pit_name(side, pit)), owner=self._owner(owner),
            )
        return w.ILLEGAL_EMPTY.format(Pit_name=self._cap(self.pit_name(side, pit)))

    def unknown_command(self, word: str) -> str:
        """A word that is no command."""
        template = w.UNKNOWN_COMMAND_BRIEF if self.verbosity == "brief" else w.UNKNOWN_COMMAND
        return template.format(word=word)

    def history(self, reports: Sequence[MoveReport]) -> str:
        """The moves so far by their numbers, White's first in each: in words ("pit 7 to 6", a
        synthesizer would read 76 as seventy-six), or in brief the record's digits for a braille line."""
        if not reports:
            return w.HISTORY_EMPTY
        brief = self.verbosity == "brief"
        numbered: list[tuple[int, list[str]]] = []
        for report in reports:
            if brief:
                item = f"{report.pit}{report.landing_pit}"
                item += w.HISTORY_TUZDYK_BRIEF if report.tuzdyk_made is not None else ""
            else:
                item = w.HISTORY_MOVE.format(pit=report.pit, landing=report.landing_pit)
                item += w.HISTORY_TUZDYK if report.tuzdyk_made is not None else ""
            if not numbered or numbered[-1][0] != report.move_number:
                numbered.append((report.move_number, []))
            numbered[-1][1].append(item)
        if brief:
            moves = ". ".join(w.HISTORY_NUMBER_BRIEF.format(number=n, moves=" ".join(m)) for n, m in numbered)
            return w.HISTORY_BRIEF.format(moves=moves)
        moves = ". ".join(w.HISTORY_NUMBER.format(number=n, moves=", then ".join(m)) for n, m in numbered)
        return w.HISTORY.format(moves=moves)

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
        if not reports:
            if brief:
                return w.THREATS_BRIEF_NONE if threats else w.CHANCES_BRIEF_NONE
            return w.THREATS_NONE.format(owner=self._owner(side))
        items = [self._taking(report, brief) for report in reports]
        if brief:
            return (w.THREATS_BRIEF if threats else w.CHANCES_BRIEF).format(items=", ".join(items))
        return (w.THREATS if threats else w.CHANCES).format(Owner=self._cap(self._owner(side)),
                                                            items="; ".join(items))

    def _taking(self, report: MoveReport, brief: bool) -> str:
        if report.outcome is not None and report.outcome.winner is report.mover:
            return (w.THREAT_BRIEF_WINS if brief else w.THREAT_WINS).format(pit=report.pit)
        target = self.pit_name(report.landing_side, report.landing_pit)
        if report.tuzdyk_made is not None:
            if brief:
                return w.THREAT_BRIEF_TUZDYK.format(pit=report.pit)
            return w.THREAT_TUZDYK.format(pit=report.pit, pit_name=target, owner=self._owner(report.mover))
        if brief:
            return w.THREAT_BRIEF_CAPTURE.format(pit=report.pit, count=report.captured)
        return w.THREAT_CAPTURE.format(pit=report.pit, count=report.captured, pit_name=target)

