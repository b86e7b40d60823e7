"""The design lab's metrics: what one game says about a design, and how games add up.

A game is followed turn by turn (a turn starts whenever the seat whose turn it is changes): at each turn's start,
and once more at the end, the lab notes every seat's **standing** (``Game.standings()``: the points so far, or the
game's evaluation where points come at the end; the final note is the final score) and the game's **series**
(``Game.series()``: prices, points, resources, the barbarian ship...). The metrics of one game, each a number
(:func:`game_metrics`; ``docs/lab.md`` gives every formula):

* ``winners``, ``scores`` and each seat's ``place`` (1 + the seats that finished ahead: a winner ahead of every
  other seat, then the higher score) and win share (1/k for each of k tied winners);
* ``first_player_win``: the win share of the seat that played first; ``draw``: 1 when several seats share the win;
* ``spread_second`` / ``spread_last``: the winner's score minus the second's / the last's;
* ``rounds``, ``turns``, ``decisions``: the game's length;
* ``lead_changes``: how often the leader changed, counting only notes with one leader (a tie keeps the leader);
* ``drama``: the share of notes (after the first) at which the eventual winner was not in the lead;
* ``winner_worst_place``: the eventual winner's worst place at any note after the first (1: never behind);
* ``decided_at``: the share of the game played when the eventual winner took the lead for good (0: led from the
  first turn; close to 1: decided at the very end);
* ``skill_gap``: 1 when the line-up's first bot finished ahead of its last bot, 0 when behind, ½ when level (only
  when the line-up names two different bots).

"The lead" at a note is the set of seats with the highest standing; the eventual winner leads when that set holds
only winners of the game.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Sequence


def places(scores: Sequence[float], winners: Sequence[int]) -> list[int]:
    """Each seat's place: 1 + the seats that finished ahead (winners first, then the higher score)."""
    keys = [(p in winners, scores[p]) for p in range(len(scores))]
    return [1 + sum(k > keys[p] for k in keys) for p in range(len(scores))]


def win_shares(players: int, winners: Sequence[int]) -> list[float]:
    return [1 / len(winners) if p in winners else 0.0 for p in range(players)]


def _lead(standing: Sequence[float]) -> frozenset[int]:
    top = max(standing)
    return frozenset(p for p, v in enumerate(standing) if v == top)


def lead_changes(notes: Sequence[Sequence[float]]) -> int:
    """How often the sole leader changed over the notes (a note with a tied lead keeps the leader before it)."""
    changes, leader = 0, None
    for standing in notes:
        lead = _lead(standing)
        if len(lead) != 1:
            continue
        (now,) = lead
        if leader is not None and now != leader:
            changes += 1
        leader = now
    return changes


def drama(notes: Sequence[Sequence[float]], winners: Sequence[int]) -> float:
    """The share of notes after the first at which the eventual winner was not in the lead (0 with one note)."""
    later = notes[1:]
    if not later:
        return 0.0
    won = set(winners)
    return sum(not _lead(n) <= won for n in later) / len(later)


def winner_worst_place(notes: Sequence[Sequence[float]], winners: Sequence[int]) -> int:
    """The eventual winners' worst place at any note after the first (the best-placed winner's place)."""
    worst = 1
    for standing in notes[1:]:
        place = min(1 + sum(v > standing[w] for v in standing) for w in winners)
        worst = max(worst, place)
    return worst


def decided_at(notes: Sequence[Sequence[float]], winners: Sequence[int]) -> float:
    """The share of the game played when the eventual winner took the lead for good: ``(k - 1) / m`` for the
    first note ``k`` (of the ``m`` after the first) from which the winners alone lead to the end."""
    later = notes[1:]
    if not later:
        return 0.0
    won = set(winners)
    k = len(later)
    while k > 0 and _lead(later[k - 1]) <= won:
        k -= 1
    return k / len(later)


def ahead_share(a: Sequence[int], b: Sequence[int], place: Sequence[int]) -> float:
    """How often the seats in ``a`` finished ahead of those in ``b`` (each pair of seats, ties half)."""
    pairs = [(x, y) for x in a for y in b]
    return sum(1.0 if place[x] < place[y] else 0.5 if place[x] == place[y] else 0.0 for x, y in pairs) / len(pairs)


@dataclass(frozen=True)
class Metric:
    """A per-game number the summary estimates and the stop rule may test: ``kind`` ``rate`` (0..1, a Wilson
    interval) or ``mean``; ``margin`` the default difference that counts as none for the stop rule, in its units;
    ``low`` / ``high`` its bounds in one game (``"n"``: the number of players, ``"-1/n"``, ``"1-1/n"``; ``None``: no
    bound), which choose its
    confidence sequence (bounded: betting; unbounded: the t-sequence); ``step`` the smallest change one game's
    value makes (its floor of spread), and the words of a verdict: ``subject`` (what changes), ``up`` / ``down``
    (the variant's verb when it rises or falls), ``unit`` (``"pp"``: a share, said in percentage points)."""

    name: str
    words: str
    kind: str
    margin: float
    low: float | str | None = 0.0
    high: float | str | None = None
    step: float = 1.0
    subject: str = ""
    up: str = "raises it"
    down: str = "lowers it"
    unit: str = ""

    @property
    def share(self) -> bool:
        """Whether the metric is a share of 0..1 (said in per cent, its differences in percentage points)."""
        return self.unit == "pp"

    def bounds(self, players: int) -> tuple[float, float]:
        """The metric's bounds in one game of ``players`` (``-inf`` / ``inf`` where it has none)."""
        named = {"n": float(players), "-1/n": -1 / players, "1-1/n": 1 - 1 / players}

        def value(x: float | str | None, missing: float) -> float:
            return missing if x is None else named[x] if isinstance(x, str) else float(x)

        return value(self.low, -math.inf), value(self.high, math.inf)

    def bounded(self, players: int) -> bool:
        low, high = self.bounds(players)
        return math.isfinite(low) and math.isfinite(high)


def _share(name: str, words: str, kind: str, margin: float, subject: str, up: str, down: str) -> Metric:
    return Metric(name, words, kind, margin, 0.0, 1.0, 0.0, subject, up, down, "pp")


METRICS: dict[str, Metric] = {m.name: m for m in (
    _share("first_player_win", "the win share of the seat that played first", "rate", 0.05,
           "the first player's edge", "gives the first player more of an edge", "takes from the first player's edge"),
    _share("skill_gap", "the line-up's first bot ahead of its last (ties half)", "rate", 0.05,
           "the first bot's lead over the last", "makes skill count for more", "makes skill count for less"),
    _share("draw", "games whose win is shared", "rate", 0.05, "shared wins", "makes shared wins more common",
           "makes shared wins rarer"),
    Metric("spread_second", "the winner's score minus the second's", "mean", 1.0, 0.0, None, 1.0,
           "the winner's lead on the second", "widens the winner's lead on the second",
           "narrows the winner's lead on the second", "points"),
    Metric("spread_last", "the winner's score minus the last's", "mean", 1.0, 0.0, None, 1.0,
           "the gap from the winner to the last", "widens the gap from the winner to the last",
           "narrows the gap from the winner to the last", "points"),
    Metric("rounds", "rounds played", "mean", 1.0, 0.0, None, 1.0, "the game's length in rounds",
           "lengthens the game", "shortens the game", "rounds"),
    Metric("turns", "turns played", "mean", 2.0, 0.0, None, 1.0, "the game's length", "lengthens the game",
           "shortens the game", "turns"),
    Metric("decisions", "decisions taken", "mean", 10.0, 0.0, None, 1.0, "the number of decisions a game takes",
           "raises the decisions a game takes", "lowers the decisions a game takes", "decisions"),
    Metric("lead_changes", "changes of the sole leader", "mean", 0.5, 0.0, None, 1.0, "the number of lead changes",
           "makes the lead change more often", "makes the lead change less often", "lead changes"),
    _share("drama", "share of the game the eventual winner was not in the lead", "mean", 0.05,
           "the time the winner spends behind", "keeps the winner behind for longer",
           "keeps the winner behind for less long"),
    Metric("winner_worst_place", "the eventual winner's worst place during the game", "mean", 0.25, 1.0, "n", 1.0,
           "the winner's worst place", "lets the winner fall further behind", "keeps the winner nearer the top",
           "places"),
    _share("decided_at", "share of the game played when the winner took the lead for good", "mean", 0.05,
           "when the game is decided", "decides the game later", "decides the game earlier"),
)}
#: The first player's edge: its win share minus a fair share (1 / players); its differences are first_player_win's.
EDGE = Metric("first_player_advantage", "the first player's win share minus a fair share (1/players)", "rate", 0.05,
              "-1/n", "1-1/n", 0.0, "the first player's edge", "gives the first player more of an edge",
              "takes from the first player's edge", "pp")


def metric(name: str) -> Metric:
    """A summary metric by name (the per-game ones of :data:`METRICS` and the first player's edge)."""
    if name == EDGE.name:
        return EDGE
    return METRICS[name]


def difference_bounds(name: str, players: int) -> tuple[float, float]:
    """The bounds of a paired difference of ``name`` (variant minus baseline): ``±(high - low)``."""
    if name == EDGE.name:
        return -1.0, 1.0
    low, high = METRICS[name].bounds(players)
    return low - high, high - low


def game_metrics(notes: Sequence[Sequence[float]], scores: Sequence[float], winners: Sequence[int],
                 first_seat: int, lineup_seats: tuple[Sequence[int], Sequence[int]] | None = None) -> dict[str, Any]:
    """Every per-game metric of the module docstring from a game's standing notes (the last is the final score),
    its scores and winners, the seat that played first and, for ``skill_gap``, the seats of the line-up's first
    and last bot (``None`` when they are the same bot: then ``skill_gap`` is ``None`` too)."""
    n = len(scores)
    place = places(scores, winners)
    shares = win_shares(n, winners)
    ordered = sorted(scores, reverse=True)
    top = max(scores[w] for w in winners)
    out: dict[str, Any] = {
        "place": place, "win": shares,
        "first_player_win": shares[first_seat],
        "draw": 1.0 if len(winners) > 1 else 0.0,
        "spread_second": top - (ordered[1] if n > 1 else top),
        "spread_last": top - ordered[-1],
        "lead_changes": lead_changes(notes),
        "drama": drama(notes, winners),
        "winner_worst_place": winner_worst_place(notes, winners),
        "decided_at": decided_at(notes, winners),
        "skill_gap": None if lineup_seats is None else ahead_share(lineup_seats[0], lineup_seats[1], place),
    }
    return out
