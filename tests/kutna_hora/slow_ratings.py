"""The greedy bots' evaluation and look-ahead of Kutná Hora as they were written before the fast ratings: every
position's final scoring from :func:`~games.kutna_hora.scoring.final_breakdowns`, every action rated on a copy of
its own (reshuffled, played, its own follow-up choices tried one copy each). Slow and plain: what the fast ratings of
:mod:`games.kutna_hora.lookahead` must equal exactly (``test_lookaheads.py``)."""

from __future__ import annotations

from games.core import Action
from games.kutna_hora.evaluation import OWN_STEP_ENDS, _weights, shuffle_hidden
from games.kutna_hora.game import KutnaHoraGame
from games.kutna_hora.income import income_lines
from games.kutna_hora.scoring import final_breakdowns


def slow_income(production: dict, prices: dict, mine_ore: int) -> int:
    return sum(line[3] for line in income_lines(production, prices, mine_ore))


def slow_seat_values(game: KutnaHoraGame) -> list[float]:
    money, per_income = _weights(game)
    finals = final_breakdowns(game)
    if game.state.phase == "over":
        finals = [dict.fromkeys(final, 0) for final in finals]
    now = game.prices()
    out = []
    for p, seat in enumerate(game.state.seats):
        earned = slow_income(seat.production, now, seat.mine_ore)
        out.append(seat.score + sum(finals[p].values()) + seat.groschen * money + earned * per_income)
    return out


def slow_heuristic(game: KutnaHoraGame, player: int) -> float:
    values = slow_seat_values(game)
    mine = values[player]
    return mine - max(value for p, value in enumerate(values) if p != player)


def _best_value(game: KutnaHoraGame, player: int, depth: int) -> float:
    s = game.state
    top = s.stack[-1] if s.stack else None
    if depth == 0 or top is None or s.phase == "over" or top.player != player or top.kind in OWN_STEP_ENDS:
        return slow_heuristic(game, player)
    best = float("-inf")
    for action in game.legal_actions():
        twin = game.clone()
        twin.apply_unchecked(action)
        best = max(best, _best_value(twin, player, depth - 1))
    return best


def slow_lookahead(game: KutnaHoraGame, action: Action, player: int) -> float:
    """One action's rating as the plain look-ahead gives it (without the memo that lets cards offering the same
    action share the first one's rating: the fast one must give every card its own rating, equal to this)."""
    twin = game.clone()
    shuffle_hidden(twin)
    twin.apply_unchecked(action)
    return _best_value(twin, player, 2)
