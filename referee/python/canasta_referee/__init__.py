"""canasta_referee: the canasta referee as a Python library.

The referee replays a canasta game record (CGR 1, the text format of
docs/format.md) line by line against a ruleset and says whether each line is
legal, and if not, why: the verdict's code, line, column, sentence and the
ruleset key it rests on. This package is a C extension over the referee's
shared library (libcanasta-referee.so.0), so its verdicts are the command
line's, byte for byte.

    >>> import canasta_referee as cr
    >>> game = cr.Game(cr.Ruleset("classic"))
    >>> game.push("cgr 1")

A line the rules refuse raises IllegalAction, a line that cannot be read
MalformedLine; both are RefereeError, a ValueError, and carry the verdict.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Dict, Iterable, Iterator, List, Optional, Tuple, Union

from . import _referee

__all__ = [
    "Action", "Record", "RecordVerdict", "check", "records", "Game", "IllegalAction", "MalformedLine", "Pending", "RefereeError", "Ruleset",
    "RulesetError", "Verdict", "LEGAL", "ILLEGAL", "MALFORMED",
]
__version__ = "0.1.0"

LEGAL = "legal"
ILLEGAL = "illegal"
MALFORMED = "malformed"
_STATUS = {0: LEGAL, 1: ILLEGAL, 2: MALFORMED}
_WHEN = {0: "turn_end", 1: "not_out", 2: "last_discard"}


@dataclass(frozen=True)
class Verdict:
    """The verdict on a record so far, as `referee --json` gives it.

    status is LEGAL ("nothing refuted yet" while a record is being fed),
    ILLEGAL or MALFORMED. code is the stable verdict code of docs/codes.md
    (ILLEGAL only); line and column say where it is charged (0 when legal);
    found_line is the line whose feeding reached it (a later one when the
    rule needed what came after, as a short opening at the turn's end).
    """

    status: str
    code: Optional[str]
    line: int
    column: int
    message: str
    rule: Optional[str]
    found_line: int

    @property
    def legal(self) -> bool:
        return self.status == LEGAL

    def __str__(self) -> str:
        if self.legal:
            return LEGAL
        where = f"{self.line}:{self.column}: {self.status}: "
        code = f"{self.code}: " if self.code else ""
        rule = f" ({self.rule})" if self.rule else ""
        return where + code + self.message + rule

    @classmethod
    def _of(cls, t: tuple) -> "Verdict":
        status, code, line, col, message, rule, found = t
        return cls(_STATUS.get(status, MALFORMED), code, line, col, message or "", rule, found)


@dataclass(frozen=True)
class Pending:
    """A judgement the turn still owes: the verdict it would be (code, the
    earlier line and column it would be charged to, the sentence, the rule)
    and when it falls: "turn_end", "not_out" (the turn ends without going
    out) or "last_discard" (the turn goes out by discarding its last card)."""

    code: str
    line: int
    column: int
    message: str
    rule: Optional[str]
    when: str


@dataclass(frozen=True)
class Action:
    """A legal next action (Game.legal_actions()): who acts, the verb, the
    meld reference ("#N" for add, "#N #M" for merge, else None), the cards
    named (in card order; a draw's in the stock's order), the line to push,
    and what the turn would still owe after it: the "when" of each
    judgement pending() would then report ("turn_end", "not_out",
    "last_discard"), empty when nothing is owed."""

    player: str
    verb: str
    ref: Optional[str]
    cards: Tuple[str, ...]
    line: str
    owes: Tuple[str, ...]


@dataclass(frozen=True)
class PlayerState:
    """A player in the hand: the cards held (names, each copy once, in card
    order: "2S" ... "AC", then "JK"), the foot not picked up yet, whether
    the player has melded in this hand."""

    name: str
    team: str
    hand: List[str]
    foot: List[str]
    has_foot: bool
    melded: bool


@dataclass(frozen=True)
class TeamState:
    """A team: its total over the hands completed, and in this hand whether
    it has opened, its red threes laid, its melds and canastas, and how many
    cards of taken piles it set aside (set_aside; 0 where the ruleset sets
    none aside)."""

    name: str
    total: int
    opened: bool
    red_threes: int
    melds: int
    canastas: int
    set_aside: int


@dataclass(frozen=True)
class MeldState:
    """A meld on the table: its team, its number (`add #N`), its kind
    ("set", "sequence", "wild_set", "black_threes", "natural_set",
    "wild_cards", "rank_rule"), a set's rank (0 for twos ... 12 for aces, 13
    jokers; -1) or a sequence's suit (0 to 3: S H D C; -1), its cards, and
    whether it is complete (a canasta)."""

    team: str
    number: int
    kind: str
    rank: int
    suit: int
    cards: List[str]
    naturals: int
    wilds: int
    canasta: bool


@dataclass(frozen=True)
class State:
    """The game as it stands (referee_game_state). in_hand: a hand is being
    dealt or played; between hands and once the verdict is not legal the
    hand's fields are empty (None, 0, []) and only teams (with their totals)
    and hands_scored say anything. to_act: the player to act; drawn: whether
    the turn's draw or take is done; owed/owed_player: red-three
    replacements still to draw; asked: a question waits for its answer;
    packet_player: whose bonus packet is due now; frozen: why the pile is
    frozen for the player to act ("cover", "card", "always", "unopened",
    "until_taken") with the ruleset key and the card, or None; aside_due: the
    cards of the pile just taken that the player to act still sets aside
    (`aside`) before the turn ends (set_aside), as names like a hand's."""

    in_hand: bool
    hand: int
    dealt: bool
    over: bool
    to_act: Optional[str]
    dealer: Optional[str]
    drawn: bool
    owed: int
    owed_player: Optional[str]
    asked: bool
    packet_player: Optional[str]
    out_player: Optional[str]
    top: Optional[str]
    pile: int
    frozen: Optional[str]
    freeze_rule: Optional[str]
    freeze_card: Optional[str]
    blocked: bool
    stock: int
    packets: int
    feet: int
    players: List[PlayerState]
    teams: List[TeamState]
    melds: List[MeldState]
    hands_scored: int
    aside_due: List[str]

    @classmethod
    def _of(cls, d: dict) -> "State":
        teams = [TeamState(**t) for t in d["teams"]]
        tname = [t.name for t in teams]
        players = [PlayerState(p["name"], tname[p["team"]], p["hand"], p["foot"], p["has_foot"],
                               p["melded"]) for p in d["players"]]
        pname = [p.name for p in players]

        def who(i: int) -> Optional[str]:
            return pname[i] if 0 <= i < len(pname) else None
        melds = [MeldState(**{**m, "team": tname[m["team"]]}) for m in d["melds"]]
        fields = {**d, "players": players, "teams": teams, "melds": melds}
        for k in ("to_act", "dealer", "owed_player", "packet_player", "out_player"):
            fields[k] = who(d[k])
        return cls(**fields)


class RefereeError(ValueError):
    """A line the referee refused. verdict holds everything; code, line,
    column, message and rule are its fields."""

    def __init__(self, verdict: Verdict):
        super().__init__(str(verdict))
        self.verdict = verdict
        self.code = verdict.code
        self.line = verdict.line
        self.column = verdict.column
        self.message = verdict.message
        self.rule = verdict.rule


class IllegalAction(RefereeError):
    """An action (or a header, a score) the rules refuse."""


class MalformedLine(RefereeError):
    """A line that cannot be read as a game (an unknown verb, a card that
    does not exist...): code is None."""


class RulesetError(ValueError):
    """A ruleset that cannot be loaded: "file:line:col: message"."""


def _raise_unless_legal(verdict: Verdict) -> None:
    if verdict.status == ILLEGAL:
        raise IllegalAction(verdict)
    if verdict.status == MALFORMED:
        raise MalformedLine(verdict)


class Ruleset:
    """A variant's rules: a built-in name ("classic", "two-player",
    "chinese", "italian", "samba", "bolivia", "hand-and-foot",
    "modern-american"; `referee --list-rules`) or a YAML file (a path with a
    "/" or ending in .yaml, which may `extends:` a built-in one)."""

    def __init__(self, name_or_path: Union[str, "os.PathLike[str]"]):
        try:
            self._rules = _referee.Rules(os.fspath(name_or_path))
        except ValueError as e:
            raise RulesetError(str(e)) from None

    @property
    def name(self) -> str:
        """The name a record's `variant` line gives."""
        return self._rules.name

    def __repr__(self) -> str:
        return f"Ruleset({self.name!r})"


class Game:
    """One game record, judged line by line as it is pushed.

    Game(ruleset) judges by that ruleset whatever the record's `variant`
    line says; Game() by the ruleset the `variant` line names (a relative
    path is read from the working directory). A Game judges one record at
    a time: reset() makes it ready for the next, allocating nothing.
    """

    def __init__(self, ruleset: Union[Ruleset, str, None] = None, *, _game=None):
        if isinstance(ruleset, str):
            ruleset = Ruleset(ruleset)
        self.ruleset = ruleset
        self._game = _game if _game is not None else _referee.Game(
            ruleset._rules if ruleset is not None else None)

    # -- feeding --------------------------------------------------------------

    def push(self, line: str) -> None:
        """Feeds one line of the record (with or without its newline).
        Raises IllegalAction or MalformedLine when the record is refuted,
        by this line or by an earlier one this line settles; after that,
        the game keeps its verdict and every push raises it again."""
        self._game.line(line)
        _raise_unless_legal(self.verdict)

    def push_text(self, text: Union[str, bytes]) -> None:
        """Feeds several lines at once, as push() would one by one."""
        self._game.feed(text.encode() if isinstance(text, str) else text)
        _raise_unless_legal(self.verdict)

    def finish(self) -> Verdict:
        """Ends the record: a hand still on is HAND-UNFINISHED. Returns the
        verdict (legal) or raises it."""
        self._game.finish()
        verdict = self.verdict
        _raise_unless_legal(verdict)
        return verdict

    def judge(self, text: Union[str, bytes]) -> Verdict:
        """A whole record in one call (reset, every line, finish): returns
        its verdict, legal or not, and never raises for the record."""
        self._game.record(text.encode() if isinstance(text, str) else text)
        return self.verdict

    def reset(self, first_line: int = 1) -> None:
        """Makes the game ready for a new record, judged by the same rules;
        its first line is numbered first_line (a record further down a
        file: positions and sentences then count as in the file)."""
        self._game.reset(first_line)

    # -- asking ---------------------------------------------------------------

    def try_line(self, line: str) -> Verdict:
        """The verdict the line would get if it were pushed now; the game is
        unchanged. A line only a later one could refute (an opening short of
        the minimum...) is legal here, as after push()."""
        return Verdict._of(self._game.try_line(line))

    def is_legal(self, line: str) -> bool:
        """Whether try_line(line) is legal."""
        return self.try_line(line).legal

    def copy(self) -> "Game":
        """An independent copy of the game as it stands."""
        return Game(self.ruleset, _game=self._game.copy())

    def __copy__(self) -> "Game":
        return self.copy()

    @property
    def verdict(self) -> Verdict:
        """The verdict so far (legal: nothing refuted yet)."""
        return Verdict._of(self._game.verdict())

    @property
    def state(self) -> State:
        """The game as it stands: whose turn, what they owe, each hand and
        foot, each meld, the pile, the stock, packets and feet, the totals."""
        return State._of(self._game.state())

    @property
    def pending(self) -> List[Pending]:
        """What the turn still owes (a short opening judged at the turn's
        end...), oldest first; empty when the turn may end any way."""
        return [Pending(code, line, col, message or "", rule, _WHEN.get(when, "turn_end"))
                for code, line, col, message, rule, when in self._game.pending()]

    def legal_actions(self, by_rank: bool = False) -> List[Action]:
        """Every action the referee would accept as the next line, each
        tried on a copy of the game (referee_game_legal); actions that differ
        only in suits are listed apart, or one per multiset of ranks with
        by_rank. Empty outside a hand and once the game is refuted."""
        return [Action(player, verb, ref, tuple(cards), line,
                       tuple(_WHEN[w] for w in sorted(_WHEN) if owes & (1 << w)))
                for player, verb, ref, cards, line, owes in self._game.legal(by_rank)]

    @property
    def turn(self) -> Optional[str]:
        """The player to act in the hand in progress, or None between hands."""
        return self._game.scores()[3]

    @property
    def teams(self) -> List[str]:
        """The teams' names, in the order of their first player."""
        return self._game.scores()[0]

    @property
    def totals(self) -> Dict[str, int]:
        """Each team's total over the hands completed so far."""
        names, totals = self._game.scores()[:2]
        return dict(zip(names, totals))

    @property
    def hand_scores(self) -> List[Dict[str, int]]:
        """Each completed hand's score of each team, all parts added."""
        names, _, hands = self._game.scores()[:3]
        return [dict(zip(names, row)) for row in hands]

    def hand_size(self, player: str) -> int:
        """How many cards the player holds in the hand in progress (-1:
        no such player, or no hand in progress)."""
        return self._game.hand_size(player)

    def is_over(self) -> bool:
        """Whether a team has reached the target (or the hands are played)."""
        return bool(self._game.scores()[4])

    @property
    def winner(self) -> Optional[str]:
        """The winning team, or None (none yet, or a tie)."""
        names, winner = self._game.scores()[0], self._game.scores()[5]
        return names[winner] if 0 <= winner < len(names) else None

    def __repr__(self) -> str:
        name = self.ruleset.name if self.ruleset else "variant line"
        return f"<Game {name}: {self.verdict.status}, {len(self.hand_scores)} hands>"


# -- files of records --------------------------------------------------------


@dataclass(frozen=True)
class Record:
    """One record of a file: its text, the line of the file it begins at,
    and end_line: the next record's `cgr` line, or one past the file's last
    line (docs/format.md, "Several records in one file": a record begins at
    its `cgr` line, with the blank and comment lines just before it; its
    verdict depends on its own lines only). index counts from 1."""

    text: str
    first_line: int
    end_line: int
    index: int


def _is_plain(line: str) -> bool:
    """A blank line or a comment line (format.md): they go with the record
    whose `cgr` line follows them."""
    stripped = line.strip(" \t\r")
    return not stripped or stripped.startswith("#")


def _lines(text: str) -> List[str]:
    """text cut after each newline, the only line end of CGR (a carriage
    return before it stays part of the line, as the referee reads it)."""
    parts = text.split("\n")
    lines = [p + "\n" for p in parts[:-1]]
    return lines + [parts[-1]] if parts[-1] else lines


def _cgr_lines(text: str) -> List[int]:
    """The offsets of the lines that are a `cgr` statement: the word at the
    start of a line, after blanks, followed by a blank or the line's end."""
    found = []
    at = text.find("cgr")
    while at >= 0:
        start = max(text.rfind("\n", 0, at), -1) + 1
        after = text[at + 3:at + 4]
        if text[start:at].strip(" \t") == "" and after in ("", " ", "\t", "\r", "\n"):
            found.append(start)
        at = text.find("cgr", at + 3)
    return found


def _record_starts(text: str) -> Tuple[List[int], List[int]]:
    """Where each record begins (its `cgr` line, with the blank and comment
    lines just before it; the file's beginning for the first), and where
    each `cgr` line is, as offsets in text."""
    cgr = _cgr_lines(text)
    firsts = []
    for k, at in enumerate(cgr):
        if k == 0:
            firsts.append(0)
            continue
        while at > 0:
            before = text.rfind("\n", 0, at - 1) + 1
            if before <= cgr[k - 1] or not _is_plain(text[before:at - 1]):
                break
            at = before
        firsts.append(at)
    return firsts, cgr


def _records(text: str) -> Iterator[Tuple[Record, int]]:
    """Each record, with the number of its lines."""
    firsts, cgr = _record_starts(text)
    if not cgr:
        if text.strip():
            n = len(_lines(text))
            yield Record(text, 1, n + 1, 1), n
        return
    line = 1
    for k, first in enumerate(firsts):
        last = firsts[k + 1] if k + 1 < len(firsts) else len(text)
        body = text[first:last]
        n = body.count("\n") + (not body.endswith("\n"))
        if k + 1 < len(cgr):  # the next `cgr` line: after the plain lines that begin its record
            end = line + n + text.count("\n", last, cgr[k + 1])
        else:
            end = line + n
        yield Record(body, line, end, k + 1), n
        line += n


def records(source: Union[str, "os.PathLike[str]", Iterable[str]]) -> Iterator[Record]:
    """The records of a file (a path) or of an iterable of lines, in order."""
    for record, _ in _records(_text_of(source)):
        yield record


def _text_of(source: Union[str, "os.PathLike[str]", Iterable[str]]) -> str:
    if isinstance(source, (str, os.PathLike)):
        with open(source, encoding="utf-8", errors="surrogateescape", newline="") as f:
            return f.read()
    return "".join(source)


@dataclass(frozen=True)
class RecordVerdict:
    """A record's verdict in a file, with the scores of the hands it
    completed (a record refuted in its third hand keeps the first two)."""

    record: Record
    verdict: Verdict
    totals: Dict[str, int]
    hand_scores: List[Dict[str, int]]
    winner: Optional[str]


def check(source: Union[str, "os.PathLike[str]"], ruleset: Union[Ruleset, str, None] = None
          ) -> List[RecordVerdict]:
    """Judges every record of a file as `referee FILE` does: the same
    verdicts, codes, lines and columns. Relative `variant` paths are read
    from the working directory unless ruleset is given."""
    game = Game(ruleset)._game
    out = []
    for rec, _ in _records(_text_of(source)):
        game.reset(rec.first_line)
        if game.feed(rec.text.encode("utf-8", "surrogateescape")) == 0:
            game.finish()  # a hand left unfinished: at the line after its last statement
        names, totals, hands, _, _, winner = game.scores()
        out.append(RecordVerdict(rec, Verdict._of(game.verdict()), dict(zip(names, totals)),
                                 [dict(zip(names, row)) for row in hands],
                                 names[winner] if 0 <= winner < len(names) else None))
    return out
