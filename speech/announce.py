"""What is said: facts from ``rules`` turned into sentences, from a perspective, at a verbosity.

Pure: no I/O. All words come from ``speech.wording``. Three verbosities:

- ``brief``: the facts in a few words, most important first, for a 40-cell braille line.
  A move reads ``"7: 10 to their 6, take 10. 10 to 0."``: pit 7 played, the last stone made 10
  in their pit 6, 10 taken; then the kazans, the listener's (or White's) first.
- ``normal``: full sentences, with who leads.
- ``full``: normal, plus the pits a move changed and a few extra hints.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules import MoveReport, Outcome, Position, Side, Termination
from rules.move import play_move
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

    def row(self, position: Position, side: Side) -> str:
        """A row, pit by pit from 1 to N."""
        cells = []
        for pit, count in enumerate(position.row(side), 1):
            owner = position.tuzdyk_owner(side, pit)
            if self.verbosity == "brief":
                cells.append(w.ROW_BRIEF_TUZDYK if owner is not None else str(count))
            elif owner is not None:
                cells.append(w.ROW_CELL_TUZDYK.format(pit=pit, owner=self._owner(owner)))
            else:
                cells.append((w.ROW_CELL if count else w.ROW_CELL_EMPTY).format(pit=pit, count=count))
        if self.verbosity == "brief":
            return w.ROW_BRIEF.format(Row=self._cap(self._brief_row_owner(side)), cells=", ".join(cells))
        return w.ROW.format(Owner=self._cap(self._owner(side)), cells=", ".join(cells))

    def _brief_row_owner(self, side: Side) -> str:
        you = self.perspective.you
        if you is None:
            return self.perspective.names[side]
        return w.BRIEF_YOURS if side is you else w.BRIEF_THEIRS

    def board(self, position: Position) -> str:
        """Both rows, the kazans, the tuzdyks and whose turn it is."""
        parts = [self.row(position, side) for side in self._order()]
        parts.append(self.kazans(position))
        if position.variant.tuzdyks and self.verbosity != "brief":
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

    def preview(self, position: Position, pit: int) -> str:
        """What playing the side to move's ``pit`` would do, computed by the rules themselves."""
        n = position.variant.pits
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
        return w.PREVIEW.format(pit=pit, stones=w.stones(count), effects=self._effects(position, pit))

    def _effects(self, position: Position, pit: int) -> str:
        """``"the last lands in your pit 6, no capture"`` and the like, for a legal pit."""
        _, report = play_move(position, pit)
        parts = []
        if report.landing_tuzdyk is not None:
            parts.append(w.PREVIEW_LANDS_IN_TUZDYK.format(owner=self._owner(report.landing_tuzdyk)))
        else:
            landing = self.pit_name(report.landing_side, report.landing_pit)
            parts.append(w.PREVIEW_LANDS.format(pit_name=landing))
            if report.landing_side is not report.mover and not report.captured and not report.tuzdyk_made:
                parts.append(w.PREVIEW_MAKING.format(count=report.landing_count))
        if report.captured:
            parts.append(w.PREVIEW_CAPTURES.format(count=report.captured))
        elif report.tuzdyk_made is not None:
            parts.append(w.PREVIEW_TUZDYK_MADE)
        else:
            parts.append(w.PREVIEW_NO_CAPTURE)
        for side in self._order():
            if report.tuzdyk_income[side]:
                parts.append(w.PREVIEW_INCOME.format(
                    stones=w.stones(report.tuzdyk_income[side]), owner=self._owner(side),
                ))
        text = ", ".join(parts)
        return f"{text} {w.PREVIEW_ENDS}" if report.outcome is not None else text

    def _preview_brief(self, position: Position, pit: int) -> str:
        _, report = play_move(position, pit)
        if report.landing_tuzdyk is not None:
            landing = w.PREVIEW_BRIEF_TUZDYK_LANDING
            row = self._short(report.landing_tuzdyk)
        else:
            landing, row = str(report.landing_pit), self._short(report.landing_side)
        events = ""
        if report.captured:
            events = w.BRIEF_CAPTURE.format(count=report.captured)
        elif report.tuzdyk_made is not None:
            events = w.BRIEF_TUZDYK
        return w.PREVIEW_BRIEF.format(pit=pit, count=report.sown, row=row, landing=landing, events=events)

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
        """The moves so far, numbered, as federation tokens (a tuzdyk said as a word)."""
        if not reports:
            return w.HISTORY_EMPTY
        brief = self.verbosity == "brief"
        numbered: list[tuple[int, list[str]]] = []
        for report in reports:
            token = f"{report.pit}{report.landing_pit}"
            if report.tuzdyk_made is not None:
                token += w.HISTORY_TUZDYK
            item = token if brief else w.HISTORY_MOVE.format(who=self.side_name(report.mover), token=token)
            if not numbered or numbered[-1][0] != report.move_number:
                numbered.append((report.move_number, []))
            numbered[-1][1].append(item)
        if brief:
            moves = ". ".join(w.HISTORY_NUMBER_BRIEF.format(number=n, moves=" ".join(m)) for n, m in numbered)
            return w.HISTORY_BRIEF.format(moves=moves)
        moves = "; ".join(w.HISTORY_NUMBER.format(number=n, moves=", ".join(m)) for n, m in numbered)
        return w.HISTORY.format(moves=moves)

