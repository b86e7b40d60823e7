"""What the greedy bots know about Kutná Hora: a documented evaluation of a position from public information, the
reshuffle of what nobody may see that the look-ahead rates on (the look-ahead itself is :mod:`.lookahead`), the
redeal for search and the search's playout moves. ``KutnaHoraGame.heuristic`` delegates here.

**Fast ratings, the same numbers.** The greedy bots rate thousands of positions a game, so the evaluation reads
them cheaply without changing a value: the final scoring's categories are added up as whole numbers without
:func:`~.scoring.final_breakdowns`' dicts (whole numbers add up alike in any order), the town's and the mine board's
points are kept by the boards' contents (:class:`BoardPoints`: the last boards, a table of the others, and a new
board added up from each building's kept matching and each mine row's kept points), the prices by the stands'
positions (``prices_now``), and the floats that follow are computed by the same expressions in the same order as
before, so they are equal, not close. :func:`heuristic_pair` reads a position and its joker-paired twin (another
reputation and score for the acting seat) at once: the other seats' values are the same in both. How the
look-ahead rates every action of a decision in one pass, and why each shortcut gives the plain look-ahead's value,
is :mod:`.lookahead`'s docstring. ``tests/kutna_hora/test_lookaheads.py`` checks all of it against the plain
evaluation and look-ahead kept in ``tests/kutna_hora/slow_ratings.py``; the price sandbox's evaluation
(``EconomyGame.heuristic``) reads the same kept prices (``test_economy_ratings.py``)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING

from games.core import Action, Rng

from . import mines, town
from .data import rulebook
from .income import income
from .scoring import final_breakdowns
from .town_hall import Stack

if TYPE_CHECKING:
    from .game import KutnaHoraGame

#: Decisions that end a player's own chain of choices for the look-ahead (and a playout's rated follow-ups).
OWN_STEP_ENDS = frozenset({"play", "tax", "guilds", "rows"})


#: What a groschen is worth early in the game, in points; it falls towards :data:`MONEY_FLOOR` as the game ends,
#: since money left at the end scores nothing (it only breaks ties). Money buys Rights, plots, wood and permits;
#: rated higher, the bots hoarded it and built little (see docs/rules_notes/kutna_hora.md, "Greedy bot evaluation").
MONEY_EARLY = 0.03
MONEY_FLOOR = 0.005
#: What a groschen of income is worth per round left, in points: the money an Income action brings, at about
#: 1.5 Income actions a round, and its ÷ 10 share of the final scoring.
INCOME_PER_ROUND = 0.1


def _weights(game: KutnaHoraGame) -> tuple[float, float]:
    """(points per groschen, points per groschen of income) at this point of the game, kept by the round, turn and
    phase for the game and its clones (``weights_kept``)."""
    s = game.state
    key = (s.round, s.turn, s.phase)
    found = game.weights_kept.get(key)
    if found is None:
        found = game.weights_kept[key] = _weights_now(game)
    return found


def _weights_now(game: KutnaHoraGame) -> tuple[float, float]:
    s = game.state
    n = game.config.players
    left = 0.0 if s.phase == "over" else game.rounds - s.round + 1 - s.turn / (rulebook.TURNS_PER_ROUND.value * n)
    progress = 1.0 - left / game.rounds
    return MONEY_EARLY * (1.0 - progress) + MONEY_FLOOR, INCOME_PER_ROUND * left


def _finals(game: KutnaHoraGame) -> list[dict[str, int]]:
    """What the final scoring would give each player now; nothing once the game is over, whose points already
    hold it (the same categories, at 0)."""
    finals = final_breakdowns(game)
    return [dict.fromkeys(final, 0) for final in finals] if game.state.phase == "over" else finals


def heuristic(game: KutnaHoraGame, player: int) -> float:
    """Documented evaluation for greedy bots (public information only), minus the same for the best other player:
    points so far; what the final scoring would give if the game ended now (town, mines, income, reputation and
    leftovers: a held tile, an empty plot or an unused pelican is worth its point at the end, and more once built);
    money at :data:`MONEY_EARLY` points per groschen early, falling as the game ends; income at
    :data:`INCOME_PER_ROUND` points per groschen per round left. :func:`terms` names the parts."""
    values = seat_values(game)
    return values[player] - max(values[:player] + values[player + 1:])


def heuristic_pair(game: KutnaHoraGame, player: int, score: int, reputation: int) -> tuple[float, float]:
    """:func:`heuristic`, and :func:`heuristic` of the position in which ``player`` had ``score`` points and
    reputation ``reputation`` instead, everything else alike (the look-ahead's paired ratings, :mod:`.lookahead`),
    from one reading of the position: the other seats' values are the same in both."""
    values, swapped = _seat_values(game, player, score, reputation)
    best_other = max(values[:player] + values[player + 1:])
    return values[player] - best_other, swapped - best_other


def seat_rater(game: KutnaHoraGame, player: int) -> Callable[[int, int], float]:
    """``rate(score, reputation)``: :func:`heuristic` of ``game`` for ``player`` had the seat ``score`` points and
    reputation ``reputation``, with its money, held tiles and plot markers as they are when it is asked. Everything
    else (the other seats' values, the boards, the prices and the weights) is read once, now: for a look-ahead that
    rates one position changed only in that seat's own numbers again and again (:mod:`.lookahead`). The seat's
    value is the sum :func:`seat_values` adds, in the same order."""
    s = game.state
    money, per_income = _weights(game)
    now = game.prices_now()
    over = s.phase == "over"
    values = seat_values(game)
    best_other = max(values[:player] + values[player + 1:])
    town_pts, mine_pts = ([0] * len(values), [0] * len(values)) if over else _board_points(game)
    design = game.design
    divisor, reputation_points, per_leftover = design.income_divisor, design.reputation_points, design.leftover_point
    seat, markers = s.seats[player], s.markers
    built = town_pts[player] + mine_pts[player]

    def rate(score: int, reputation: int) -> float:
        earned = income(seat.production, now, seat.mine_ore)
        if over:
            return score + 0 + seat.groschen * money + earned * per_income - best_other
        final = (built + earned // divisor + (len(seat.held) + markers.count(player) + seat.pelicans) * per_leftover)
        return (score + (final + reputation_points[reputation]) + seat.groschen * money + earned * per_income
                - best_other)

    return rate


def seat_values(game: KutnaHoraGame) -> list[float]:
    """Each seat's own value in :func:`heuristic` (before the best other seat's is taken off): the design lab's
    standings.

    The final scoring's categories as :func:`~.scoring.final_breakdowns` gives them, added up without building its
    dicts, and its town and mine points kept by the boards' contents (:func:`_board_points`): whole numbers whose
    sum is the same in any order, and the floats after them in the same order as ever."""
    return _seat_values(game, -1, 0, 0)[0]


def _seat_values(game: KutnaHoraGame, swap: int, score: int, reputation: int) -> tuple[list[float], float]:
    """:func:`seat_values`, and seat ``swap``'s value had it ``score`` points and reputation ``reputation`` (``nan``
    for ``swap`` -1)."""
    s = game.state
    money, per_income = _weights(game)
    now = game.prices_now()
    over = s.phase == "over"
    town_pts, mine_pts = ([], []) if over else _board_points(game)
    design = game.design
    divisor, reputation_points, per_leftover = design.income_divisor, design.reputation_points, design.leftover_point
    markers = s.markers
    out = []
    swapped = float("nan")
    for p, seat in enumerate(s.seats):
        earned = income(seat.production, now, seat.mine_ore)
        if over:
            out.append(seat.score + 0 + seat.groschen * money + earned * per_income)
            if p == swap:
                swapped = score + 0 + seat.groschen * money + earned * per_income
            continue
        # whole numbers: the final scoring's categories, reputation's last (any order gives the same sum)
        final = (town_pts[p] + mine_pts[p] + earned // divisor
                 + (len(seat.held) + markers.count(p) + seat.pelicans) * per_leftover)
        out.append(seat.score + (final + reputation_points[seat.reputation]) + seat.groschen * money
                   + earned * per_income)
        if p == swap:
            swapped = score + (final + reputation_points[reputation]) + seat.groschen * money + earned * per_income
    return out, swapped


class BoardPoints:
    """The final scoring's town and mine points per seat by the boards' contents (:func:`_board_points`), for a game
    and its clones: the last boards asked about, a table of the others, and the parts a new board is added up from
    (each building's matching by its neighbourhood, each mine row's points by its cells)."""

    __slots__ = ("last", "table", "matches", "rows")

    def __init__(self) -> None:
        self.last: tuple[list[str], list[int], list[str], list[int], tuple[list[int], list[int]]] | None = None
        self.table: dict[tuple, tuple[list[int], list[int]]] = {}
        self.matches: dict[tuple, int] = {}
        self.rows: dict[tuple, tuple[int, ...]] = {}


def _board_points(game: KutnaHoraGame) -> tuple[list[int], list[int]]:
    """(town points, mine points) per seat of the final scoring now, kept by the town's and the mine board's
    contents (``game.board_points_kept``, shared with the game's clones): most actions a look-ahead tries change
    neither board, and most positions it rates in a row have the boards of the one before. A new board is added up
    from the kept points of its buildings' neighbourhoods and its rows, the same whole numbers
    :func:`~.scoring.final_breakdowns` adds."""
    s = game.state
    kept = game.board_points_kept
    last = kept.last
    if last is not None and last[0] == s.town and last[2] == s.mine and last[1] == s.town_owner \
            and last[3] == s.mine_owner:
        return last[4]
    key = (*s.town, *s.town_owner, *s.mine, *s.mine_owner)
    table = kept.table
    found = table.get(key)
    if found is None:
        if len(table) >= 4096:  # a bound for long runs; cheap to refill
            table.clear()
            kept.matches.clear()
            kept.rows.clear()
        found = table[key] = (_town_points(game, kept.matches), _mine_points(game, kept.rows))
    kept.last = ([*s.town], [*s.town_owner], [*s.mine], [*s.mine_owner], found)
    return found


def _town_points(game: KutnaHoraGame, matches: dict[tuple, int]) -> list[int]:
    """Each seat's town points: every owned building's matching (:func:`~.town.matching`, which reads the building
    and its neighbours), kept by that neighbourhood."""
    s, size = game.state, game.size
    buildings = s.town
    around = _neighbourhoods(size)
    points = [0] * game.config.players
    for i, owner in enumerate(s.town_owner):
        if owner >= 0:
            where = (i, around[i](buildings))
            found = matches.get(where)
            if found is None:
                found = matches[where] = town.matching(i, buildings, size).points
            points[owner] += found
    return points


@functools.cache
def _neighbourhoods(size: int) -> tuple[Callable[[Sequence[str]], tuple[str, ...]], ...]:
    """Per plot of a ``size`` x ``size`` town, what reads its building and its neighbours' (:func:`~.town.neighbours`)
    out of the town in one go."""
    return tuple(itemgetter(i, *town.neighbours(i, size)) for i in range(size * size))


def _mine_points(game: KutnaHoraGame, rows: dict[tuple, tuple[int, ...]]) -> list[int]:
    """Each seat's mine points: every row's (:func:`~.mines.score_row`, which reads that row), kept by the row."""
    s, n = game.state, game.config.players
    cells, owners, columns = s.mine, s.mine_owner, mines.COLUMNS
    points = [0] * n
    for row in range(mines.ROWS):
        start = row * columns
        where = (row, *cells[start:start + columns], *owners[start:start + columns])
        found = rows.get(where)
        if found is None:
            found = rows[where] = mines.score_row(cells, owners, n, row).points
        for p in range(n):
            points[p] += found[p]
    return points


def terms(game: KutnaHoraGame, player: int) -> dict[str, float]:
    """The parts of ``player``'s own value in :func:`heuristic` (before the best other player's is taken off), by
    name: the points, what the final scoring would give now, money and income as the game's progress weighs them."""
    money, per_income = _weights(game)
    seat, final = game.state.seats[player], _finals(game)[player]
    earned = income(seat.production, game.prices(), seat.mine_ore)
    return {"points": float(seat.score), "town": float(final["town"]), "mines": float(final["mines"]),
            "income at the end": float(final["income"]), "reputation": float(final["reputation"]),
            "pieces left": float(final["leftovers"]), "groschen": seat.groschen * money,
            "income to come": earned * per_income}


def playout_action(game: KutnaHoraGame, legal: Sequence[Action], rng: Rng) -> Action:
    """A search playout's move (``Game.playout_action``): a seat's own follow-up choice inside an action (which
    mine, plot, tile or Rights; the decisions that do not end its chain) by the one-step rating, the first of the
    best in listing order; every other decision (which card, tax, setup) at random. Random follow-ups waste the good
    card choices the playouts are meant to rate: a build card followed by a random plot looks no better than Income.
    The playout position is already a redeal from the searching seat's view, so rating it whole peeks at nothing."""
    top = game.state.stack[-1] if game.state.stack else None
    if top is None or top.kind in OWN_STEP_ENDS or len(legal) == 1:
        return rng.choice(legal)
    best, best_value = legal[0], float("-inf")
    for action in legal:
        twin = game.clone()
        twin.apply_unchecked(action)
        value = heuristic(twin, top.player)
        if value > best_value:
            best, best_value = action, value
    return best


def shuffle_hidden(game: KutnaHoraGame) -> None:
    """Replace the face-down order by a fresh shuffle. Sorting first makes the result independent of the real order:
    only which tiles (by back) and which events are still hidden is used."""
    s = game.state
    for back in ("III", "II", "I"):
        idx = [i for i, t in enumerate(s.mine_stack) if mines.TILES[t].back == back]
        tiles = sorted(s.mine_stack[i] for i in idx)
        game.rng.shuffle(tiles)
        for i, t in zip(idx, tiles, strict=True):
            s.mine_stack[i] = t
    hidden = [r for r in range(s.round, len(s.events)) if s.events[r]]
    for letter in "AB":
        rounds = [r for r in hidden if s.events[r][0] == letter]
        cards = sorted(s.events[r] for r in rounds)
        game.rng.shuffle(cards)
        for r, e in zip(rounds, cards, strict=True):
            s.events[r] = e


def redeal(game: KutnaHoraGame, viewer: int | None, rng: Rng) -> KutnaHoraGame:
    """A copy with what ``viewer`` cannot see dealt again from ``rng`` (``Game.redeal``): the mine tiles face down
    in the stack, shuffled within each back (and, unless ``viewer`` drew them, the tiles just drawn among those of
    their back), the event cards still face down within their letter, and the order of the tiles under each town
    hall stack's top (a guild stack's marked tile stays at its bottom, where everyone knows it lies)."""
    twin = game.clone()
    s = twin.state
    drawer = s.stack[-1].player if s.stack else None
    drawn = [] if drawer is not None and drawer == viewer else list(range(len(s.mine_drawn)))
    for back in ("III", "II", "I"):
        spots = [("stack", i) for i, t in enumerate(s.mine_stack) if mines.TILES[t].back == back]
        spots += [("drawn", i) for i in drawn if mines.TILES[s.mine_drawn[i]].back == back]
        piles = {"stack": s.mine_stack, "drawn": s.mine_drawn}
        _deal(rng, [(piles[pile], i) for pile, i in spots])
    face_down = [r for r, e in enumerate(s.events, 1) if e and (r > s.round or (r == s.round and s.phase == "setup"))]
    for letter in "AB":
        _deal(rng, [(s.events, r - 1) for r in face_down if s.events[r - 1][0] == letter])
    for row in s.hall.rows:
        for c, stack in enumerate(row):
            first = 1 if stack.kind == "guild" else 0
            tiles = list(stack.tiles)
            _deal(rng, [(tiles, i) for i in range(first, len(tiles) - 1)])
            row[c] = Stack(stack.kind, stack.name, tuple(tiles))  # stacks are shared with the game: a new one
    return twin


def _deal(rng: Rng, spots: list[tuple[list, int]]) -> None:
    """Shuffle the items at ``spots`` (list, index) among themselves. Sorted first, so the deal does not depend on
    where the items really were."""
    items = sorted(pile[i] for pile, i in spots)
    rng.shuffle(items)
    for (pile, i), item in zip(spots, items, strict=True):
        pile[i] = item
