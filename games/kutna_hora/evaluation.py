"""What the greedy bots know about Kutná Hora: a documented evaluation of a position from public information, and
a look-ahead that follows the player's own choices without peeking at face-down mine tiles or events.
``KutnaHoraGame.heuristic`` and ``KutnaHoraGame.lookahead`` delegate here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from games.core import Action, Rng

from . import mines, town
from .data import rulebook
from .income import income
from .scoring import final_breakdowns

if TYPE_CHECKING:
    from .game import KutnaHoraGame

#: Decisions that end a player's own chain of choices for the look-ahead.
_OWN_STEP_ENDS = {"play", "tax", "guilds", "rows"}


#: What a groschen is worth early in the game, in points; it falls towards :data:`MONEY_FLOOR` as the game ends,
#: since money left at the end scores nothing (it only breaks ties). Money buys Rights, plots, wood and permits;
#: rated higher, the bots hoarded it and built little (see docs/rules_notes/kutna_hora.md, "Greedy bot evaluation").
MONEY_EARLY = 0.03
MONEY_FLOOR = 0.005
#: What a groschen of income is worth per round left, in points: the money an Income action brings, at about
#: 1.5 Income actions a round, and its ÷ 10 share of the final scoring.
INCOME_PER_ROUND = 0.1


def _weights(game: KutnaHoraGame) -> tuple[float, float]:
    """(points per groschen, points per groschen of income) at this point of the game."""
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
    mine = values[player]
    return mine - max(value for p, value in enumerate(values) if p != player)


def seat_values(game: KutnaHoraGame) -> list[float]:
    """Each seat's own value in :func:`heuristic` (before the best other seat's is taken off): the design lab's
    standings. The final scoring's categories as :func:`~.scoring.final_breakdowns` gives them, added up without
    building its dicts, and its town and mine points kept by the boards' contents (:func:`_board_points`): whole
    numbers whose sum is the same in any order, and the floats after them in the same order as ever."""
    s = game.state
    money, per_income = _weights(game)
    over = s.phase == "over"
    now = game.prices()
    town_pts, mine_pts = _board_points(game)
    design = game.design
    divisor, reputation_points, per_leftover = design.income_divisor, design.reputation_points, design.leftover_point
    markers = s.markers
    out = []
    for p, seat in enumerate(s.seats):
        earned = income(seat.production, now, seat.mine_ore)
        final = 0 if over else (town_pts[p] + mine_pts[p] + earned // divisor + reputation_points[seat.reputation]
                                + (len(seat.held) + markers.count(p) + seat.pelicans) * per_leftover)
        out.append(seat.score + final + seat.groschen * money + earned * per_income)
    return out


def _board_points(game: KutnaHoraGame) -> tuple[list[int], list[int]]:
    """(town points, mine points) per seat of the final scoring now, kept by the town's and the mine board's
    contents in a table shared with the game's clones: most actions a look-ahead tries change neither board."""
    s = game.state
    key = (*s.town, *s.town_owner, *s.mine, *s.mine_owner)
    cache = game.board_points_kept
    found = cache.get(key)
    if found is None:
        n = game.config.players
        town_pts = [0] * n
        for i, owner in enumerate(s.town_owner):
            if owner >= 0:
                town_pts[owner] += town.matching(i, s.town, game.size).points
        rows = mines.score_rows(s.mine, s.mine_owner, n)
        if len(cache) >= 4096:  # a bound for long runs; cheap to refill
            cache.clear()
        found = cache[key] = (town_pts, [sum(row.points[p] for row in rows) for p in range(n)])
    return found


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


def lookahead(game: KutnaHoraGame, action: Action, player: int) -> float:
    """Rate ``action`` for greedy bots without peeking, and with its own follow-up choices.

    The copy reshuffles the face-down mine tiles (by back) and the face-down events, so the next draw or reveal is
    not the real one. Playing a card only opens its action's choices, so the rating is the best position reachable
    by ``player``'s own next choices (two levels: e.g. ``play 3 build`` → ``build T 7``). Cards offering the same
    action share one rating."""
    return lookaheads(game, (action,), player)[0]


def lookaheads(game: KutnaHoraGame, actions: Sequence[Action], player: int) -> list[float]:
    """:func:`lookahead` of each of ``actions``, in their order (``Game.lookaheads``). The reshuffled copy is made
    once: every action's copy reshuffled from the same position with the same random stream alike, so one shuffle
    copied again is the very copy each would have made."""
    what_of = _what
    # The memo belongs to one position: it keeps that state object alive (so its identity cannot be reused) and is
    # dropped as soon as the game holds another state or has moved on.
    where = (game.state, len(game.history), len(game.log))
    memo = game.__dict__.get("_lookahead_memo")
    if memo is None or memo[0][0] is not where[0] or memo[0][1:] != where[1:]:
        memo = (where, {})
        game.__dict__["_lookahead_memo"] = memo
    rated = memo[1]
    shuffled = None
    out = []
    for action in actions:
        key = (action.verb, what_of(action), player)
        value = rated.get(key)
        if value is None:
            if shuffled is None:
                shuffled = game.clone()
                shuffled.__dict__.pop("_lookahead_memo", None)
                shuffle_hidden(shuffled)
            twin = shuffled.clone()
            twin.apply_unchecked(action)
            value = rated[key] = _best_value(twin, player, 2)
        out.append(value)
    return out


def _what(action: Action) -> str:
    """What of ``action`` its rating depends on: the action a card is played for (any card alike), all of an idle
    play's, every word of the rest."""
    return "" if action.verb == "idle" else action.args[-1] if action.verb in ("play", "joker") else str(action)


def playout_action(game: KutnaHoraGame, legal: Sequence[Action], rng: Rng) -> Action:
    """A search playout's move (``Game.playout_action``): a seat's own follow-up choice inside an action (which
    mine, plot, tile or Rights; the decisions that do not end its chain) by the one-step rating, the first of the
    best in listing order; every other decision (which card, tax, setup) at random. Random follow-ups waste the good
    card choices the playouts are meant to rate: a build card followed by a random plot looks no better than Income.
    The playout position is already a redeal from the searching seat's view, so rating it whole peeks at nothing."""
    top = game.state.stack[-1] if game.state.stack else None
    if top is None or top.kind in _OWN_STEP_ENDS or len(legal) == 1:
        return rng.choice(legal)
    best, best_value = legal[0], float("-inf")
    for action in legal:
        twin = game.clone()
        twin.apply_unchecked(action)
        value = heuristic(twin, top.player)
        if value > best_value:
            best, best_value = action, value
    return best


def _best_value(game: KutnaHoraGame, player: int, depth: int) -> float:
    s = game.state
    top = s.stack[-1] if s.stack else None
    if depth == 0 or top is None or s.phase == "over" or top.player != player or top.kind in _OWN_STEP_ENDS:
        return heuristic(game, player)
    best = float("-inf")
    for a in game.legal_actions():
        twin = game.clone()
        twin.apply_unchecked(a)
        best = max(best, _best_value(twin, player, depth - 1))
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
        for stack in row:
            first = 1 if stack.kind == "guild" else 0
            _deal(rng, [(stack.tiles, i) for i in range(first, len(stack.tiles) - 1)])
    return twin


def _deal(rng: Rng, spots: list[tuple[list, int]]) -> None:
    """Shuffle the items at ``spots`` (list, index) among themselves. Sorted first, so the deal does not depend on
    where the items really were."""
    items = sorted(pile[i] for pile, i in spots)
    rng.shuffle(items)
    for (pile, i), item in zip(spots, items, strict=True):
        pile[i] = item
