"""The account of a game in words: who led and when it turned, each side's worst moves with the better
pit and what they cost, the tuzdyks won and missed, and how closely each side played the engine's moves.

Made from a ``rules.engine.game_analysis.GameAnalysis`` and the game's move reports (for the move
numbers and the tuzdyks' pits), for the point of view of the announcer it is given (you and the
computer, the players' names, or White and Black). In brief verbosity each sentence is short and the
whole is cut into braille lines of the display's width (``braille_lines``); normal names each side's two
worst moves, full its three. Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rules import MoveReport, Side
from rules.engine.game_analysis import LEAD_STONES, MISTAKE_STONES, GameAnalysis, MoveVerdict
from speech.words.announce import Announcer, braille_lines
from speech.words.i18n import _, n_, np_, p_
from speech.words.naming import VERBOSITIES, Namer
from speech.words.phrases import clipped

MOST_TURNS = 3  # turning points named; more are counted
MOST_TUZDYKS = 3  # tuzdyks won or missed named
NAME_LENGTH = 60  # a player's name is said up to this many characters (as long as a name toguz keeps)


def decimal(value: float) -> str:
    """``value`` with one decimal, written with the language's decimal sign ("1.5", Russian "1,5")."""
    # Translators: the decimal sign of your language, between the whole and the tenths: "." or ",".
    return f"{value:.1f}".replace(".", p_("decimal sign", "."))


class AccountWords(Namer):
    """The account's sentences for one point of view and verbosity."""

    def __init__(self, announcer: Announcer) -> None:
        seen = announcer.perspective  # the players' names as an account says them: clipped, as names are quoted
        super().__init__(replace(seen, names=(clipped(seen.names[0], NAME_LENGTH), clipped(seen.names[1], NAME_LENGTH)),
                                 opponent=clipped(seen.opponent, NAME_LENGTH)), announcer.verbosity)
        self.cells = announcer.cells

    def account(self, analysis: GameAnalysis, reports: Sequence[MoveReport]) -> str:
        """The whole account, as one text (brief: braille lines)."""
        brief = self.verbosity == "brief"
        parts = [p_("brief", "Account:") if brief else _("The account of the game.")]
        parts += self.course(analysis, reports)
        for side in self._order():
            parts += self.mistakes(analysis, reports, side)
        parts += self.tuzdyks(analysis, reports)
        parts += [self.measure(analysis, side) for side in self._order()]
        return braille_lines(parts, self.cells) if brief else " ".join(parts)

    def _number(self, reports: Sequence[MoveReport], ply: int) -> int:
        return reports[ply].move_number if ply < len(reports) else ply // 2 + 1

    def course(self, analysis: GameAnalysis, reports: Sequence[MoveReport]) -> list[str]:
        """Who led first, and each time the lead went over to the other side."""
        brief = self.verbosity == "brief"
        first = analysis.first_lead()
        if first is None:
            return [p_("brief", "Even throughout.") if brief else
                    _("The game stayed about even from start to end: neither side led by {count} stones or more.")
                    .format(count=round(LEAD_STONES))]
        ply, side = first
        number = self._number(reports, ply)
        said = [(p_("brief", "Lead: {to_whom}, move {number}.") if brief else
                 _("After move {number} the lead went to {to_whom}.")).format(
            number=number, to_whom=self.party(side).to_whom)]
        turns = analysis.turns()
        for ply, side in turns[:MOST_TURNS]:
            said.append((p_("brief", "Turn: move {number}, {to_whom}.") if brief else
                         _("At move {number} the game turned: the lead went to {to_whom}.")).format(
                number=self._number(reports, ply), to_whom=self.party(side).to_whom))
        if len(turns) > MOST_TURNS:
            more = len(turns) - MOST_TURNS
            said.append((np_("brief", "It turned {count} more time.", "It turned {count} more times.", more) if brief
                         else n_("After that it turned {count} more time.", "After that it turned {count} more times.",
                                 more)).format(count=more))
        return said

    def mistakes(self, analysis: GameAnalysis, reports: Sequence[MoveReport], side: Side) -> list[str]:
        """``side``'s worst moves (one in brief, two, three in full), or that it made none."""
        most = VERBOSITIES.index(self.verbosity) + 1  # brief 1, normal 2, full 3
        worst = analysis.worst(side, most)
        if not worst:
            if self.verbosity == "brief":
                return [p_("brief", "{who}: no mistake.").format(who=self._cap(self._short_who(side)))]
            party = self.party(side)
            template = _("Your moves had no mistake of {count} stones or more.") if party.kind == "you" else \
                _("{whose} moves had no mistake of {count} stones or more.")
            return [self._cap(template.format(whose=party.whose, count=round(MISTAKE_STONES)))]
        return [self.mistake(verdict, self._number(reports, ply), analysis.lead_before(ply)) for ply, verdict in worst]

    def mistake(self, verdict: MoveVerdict, number: int, lead: float) -> str:
        """One mistake: the move, what it cost, the better pit (which kept the lead, kept the game even or lost
        less, by the mover's ``lead`` just before it)."""
        if self.verbosity == "brief":
            if verdict.missed_win:
                template = p_("brief", "{number}: {who} {pit}, win lost; {best} won.")
            elif verdict.walked_into_loss:
                template = p_("brief", "{number}: {who} {pit}, lost; {best} held.")
            else:
                template = p_("brief", "{number}: {who} {pit} -{count}; {best} better.")
            return template.format(number=number, who=self._short_who(verdict.mover), pit=verdict.pit,
                                   best=verdict.best, count=round(verdict.cost))
        played = self.pit_name(verdict.mover, verdict.pit)
        if verdict.missed_win:
            return _("Move {number}: {played} let a won game go; pit {best} won by force.").format(
                number=number, played=played, best=verdict.best)
        if verdict.walked_into_loss:
            return _("Move {number}: {played} lost the game by force; pit {best} did not.").format(
                number=number, played=played, best=verdict.best)
        cost = round(verdict.cost)
        if lead >= LEAD_STONES:
            template = n_("Move {number}: {played} gave up {count} stone; pit {best} kept the lead.",
                          "Move {number}: {played} gave up {count} stones; pit {best} kept the lead.", cost)
        elif lead > -LEAD_STONES:
            template = n_("Move {number}: {played} gave up {count} stone; pit {best} kept the game even.",
                          "Move {number}: {played} gave up {count} stones; pit {best} kept the game even.", cost)
        else:
            template = n_("Move {number}: {played} gave up {count} stone; pit {best} lost less.",
                          "Move {number}: {played} gave up {count} stones; pit {best} lost less.", cost)
        return template.format(number=number, played=played, count=cost, best=verdict.best)

    def tuzdyks(self, analysis: GameAnalysis, reports: Sequence[MoveReport]) -> list[str]:
        """The tuzdyks won, and those missed (the best move made one, the move played did not)."""
        brief = self.verbosity == "brief"
        said: list[str] = []
        won = [(ply, verdict) for ply, verdict in enumerate(analysis.verdicts) if verdict.tuzdyk_made]
        for ply, verdict in won[:MOST_TUZDYKS]:
            report = reports[ply] if ply < len(reports) else None
            number = self._number(reports, ply)
            if brief or report is None or report.tuzdyk_made is None:
                said.append(p_("brief", "Tuzdyk: move {number}, {who}.").format(
                    number=number, who=self._short_who(verdict.mover)))
            else:
                party = self.party(verdict.mover)
                template = _("Move {number}: {pit} became your tuzdyk.") if party.kind == "you" else \
                    _("Move {number}: {pit} became {whose} tuzdyk.")
                said.append(template.format(number=number, whose=party.whose,
                                            pit=self.pit_name(verdict.mover.opponent, report.tuzdyk_made)))
        missed = [(ply, verdict) for ply, verdict in enumerate(analysis.verdicts)
                  if verdict.tuzdyk_missed is not None and verdict.cost >= 1]
        for ply, verdict in missed[:MOST_TUZDYKS]:
            number = self._number(reports, ply)
            if brief:
                said.append(p_("brief", "Missed tuzdyk: {number}, {who}, pit {best}.").format(
                    number=number, who=self._short_who(verdict.mover), best=verdict.tuzdyk_missed))
            else:
                said.append(_("Move {number}: a tuzdyk was missed: pit {best} would have won one; {played} "
                              "was played.").format(number=number, best=verdict.tuzdyk_missed,
                                                    played=self.pit_name(verdict.mover, verdict.pit)))
        return said

    def measure(self, analysis: GameAnalysis, side: Side) -> str:
        """How closely ``side`` played the engine's best moves, in plain words."""
        average = analysis.average_cost(side)
        count = len(analysis.worst(side, len(analysis.verdicts)))
        if self.verbosity == "brief":
            return np_("brief", "{who}: {average} a move, {count} mistake.",
                       "{who}: {average} a move, {count} mistakes.", count).format(
                who=self._cap(self._short_who(side)), average=decimal(average), count=count)
        if average < 0.5:
            quality = _("close to the engine's own")
        elif average < 1.5:
            quality = _("solid")
        elif average < 3:
            quality = _("uneven")
        else:
            quality = _("loose")
        party = self.party(side)
        if party.kind == "you":
            template = n_("Your play: {quality}; on average {average} stones a move given up against the engine's "
                          "best, and {count} mistake.",
                          "Your play: {quality}; on average {average} stones a move given up against the engine's "
                          "best, and {count} mistakes.", count)
        else:
            template = n_("{whose} play: {quality}; on average {average} stones a move given up against the "
                          "engine's best, and {count} mistake.",
                          "{whose} play: {quality}; on average {average} stones a move given up against the "
                          "engine's best, and {count} mistakes.", count)
        return self._cap(template.format(whose=party.whose, quality=quality, average=decimal(average), count=count))

    @staticmethod
    def progress(done: int, plies: int) -> str:
        """How far an analysis is (``done`` of ``plies`` turns), in percent."""
        return _("Analysed {percent} of the game.").format(percent=f"{done * 100 // max(1, plies)}%")

    @staticmethod
    def line_progress(number: int, count: int, done: int, plies: int) -> str:
        """How far ``account all`` is: the game ``number`` of ``count`` under way, ``done`` of its ``plies``."""
        return _("Analysing game {number} of {count}: {percent} of it.").format(
            number=number, count=count, percent=f"{done * 100 // max(1, plies)}%")

    @staticmethod
    def starting(moves: int, seconds: int, course: bool) -> str:
        """An analysis begins: the game's ``moves`` (as a record numbers them), about how long it takes."""
        if course:
            return n_("Analysing the game's {count} move in the background, about {seconds} s; its course "
                      "follows. Type account stop to stop.",
                      "Analysing the game's {count} moves in the background, about {seconds} s; its course "
                      "follows. Type account stop to stop.", moves).format(count=moves, seconds=seconds)
        return n_("Analysing the game's {count} move in the background, about {seconds} s; the account follows. "
                  "Type account stop to stop.",
                  "Analysing the game's {count} moves in the background, about {seconds} s; the account "
                  "follows. Type account stop to stop.", moves).format(count=moves, seconds=seconds)
