"""The searches a target may use, as pure bookkeeping: each asks for candidates to play one **block** each (one seed
in every seat rotation), is told the blocks' means of every goal's measure, and keeps a ranking. Playing, the store
and the runners are :mod:`games.lab.tune`'s; a search never sees a game, so the same answers give the same search.

* :class:`NTBEA` - the N-tuple bandit evolutionary algorithm (Lucas, Liu & Perez-Liebana, *The N-Tuple Bandit
  Evolutionary Algorithm for Game Agent Optimisation*, 2018; Kunanusont et al. 2017), as TAG uses it to tune game
  parameters. A model keeps statistics of every 1-tuple (one dimension's value), every 2-tuple (from three dimensions
  on) and the whole candidate. Each step it proposes the neighbours of the current candidate (every candidate when
  the space is small) and picks by UCB: the model's estimate of the target's loss, minus
  ``k·σ·mean(sqrt(2 log(1 + N) / (n + ε)))`` over its tuples, ``σ`` the spread of one block's loss
  (:meth:`NTBEA.noise`: NTBEA's fitness lies in 0..1, a target's loss has the units of its goals, so the bonus takes
  the games' own noise in those units). Adapted here, three ways. The model estimates each **measure** (turns, the
  first player's edge...) and the loss is taken of those estimates, not averaged over noisy per-game losses (one
  game's edge is −1/3 or +2/3: only a mean can be near a band). It does not average a candidate's tuples' means (an
  average of the parameters' means shrinks each one's effect by the number of parameters); like Goodman & Lucas's
  weighting it counts each tuple by its games: the mean of all blocks, plus each parameter's effect (its 1-tuple's
  mean minus that mean), plus what a pair's and then the candidate's own ``n`` blocks add beyond that, shrunk by
  ``n / (n + 3)``, so a candidate seen once is judged mostly by what its parameters' values did elsewhere, one seen
  often by its own games. And a step picks a **batch** of candidates at once (each pick counts as played for the next
  one's exploration, so a batch spreads), so workers have work and every runner gets the same search. After three
  quarters of the budget, as Goodman & Lucas (*Weighting NTBEA*, 2020) recommend, the rest goes to a **final
  comparison** of the model's best few candidates on their own games (successive halving over them), and the best
  by its own games wins.
* :class:`Halving` - successive halving over the candidates (all of them, or a random sample of a large space):
  equal games each, keep the better half, again, until one is left.
* :class:`RandomSearch` - random candidates, equal games each, the best by its own games: the yardstick.

Every search draws from :class:`games.core.Rng` seeded by the target, and candidates the game refuses (a combination
that breaks it) are skipped with their reason counted, never played.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from typing import TYPE_CHECKING, Any, Sequence

from games.core import Rng

from .variants import VariantError

if TYPE_CHECKING:
    from .spaces import Space
    from .targets import Target

Point = tuple[int, ...]
#: A space with at most this many candidates is searched over all of them at each step (else: neighbours).
ENUMERATE = 200


class Table:
    """Every candidate's blocks: per point, each block's mean of every measure, in block order (block ``k`` is seed
    ``k`` of the search for every candidate)."""

    def __init__(self) -> None:
        self.blocks: dict[Point, list[dict[str, float]]] = {}

    def count(self, point: Point) -> int:
        return len(self.blocks.get(point, ()))

    def add(self, point: Point, values: dict[str, float]) -> None:
        self.blocks.setdefault(point, []).append(values)

    def means(self, point: Point) -> dict[str, float]:
        found = self.blocks.get(point, [])
        if not found:
            return {}
        return {name: math.fsum(b[name] for b in found) / len(found) for name in found[0]}

    def __contains__(self, point: object) -> bool:
        return point in self.blocks

    def __len__(self) -> int:
        return len(self.blocks)


class Search:
    """What every search has: :meth:`ask` (the next candidates, one block each; ``[]`` when done), :meth:`tell`,
    :meth:`best`, :meth:`ranking`, the blocks ``used`` of ``budget``, the ``skipped`` reasons and the ``phase``."""

    name = ""

    def __init__(self, space: Space, target: Target, budget: int, seed: int) -> None:
        if budget < 1:
            raise ValueError(f"a search's budget is at least one block, not {budget}")
        self.space, self.target, self.budget = space, target, int(budget)
        self.rng = Rng(seed * 7_919 + 104_729)
        self.table = Table()
        self.used = 0
        self.skipped: Counter[str] = Counter()
        self._broken: set[Point] = set()
        self.phase = "search"
        self.generations = 0

    # ------------------------------------------------------------------ shared
    def valid(self, point: Point) -> bool:
        """Whether the game takes the candidate; a refused one is counted once with its reason."""
        if point in self._broken:
            return False
        reason = self.space.broken(point)
        if reason is None:
            return True
        self._broken.add(point)
        self.skipped[reason] += 1
        return False

    def first_valid(self, tries: int = 2_000) -> Point:
        """A random candidate the game takes (every candidate in turn when the space is small)."""
        if self.space.size <= ENUMERATE:
            order = list(self.space.points())
            self.rng.shuffle(order)
        else:
            order = [self.space.random_point(self.rng) for _ in range(tries)]
        for point in order:
            if self.valid(point):
                return point
        reason = self.skipped.most_common(1)[0][0] if self.skipped else "none was found"
        raise VariantError(f"no candidate of the space makes a game the lab can play: {reason}")

    def own_loss(self, point: Point) -> float:
        means = self.table.means(point)
        return self.target.loss(means) if means else math.inf

    def tell(self, told: Sequence[tuple[Point, dict[str, float]]]) -> None:
        """The blocks played for the last :meth:`ask`, in its order."""
        for point, values in told:
            self.table.add(point, values)
        self.generations += 1

    @property
    def told(self) -> int:
        """The blocks played and told (``used`` counts those asked for too)."""
        return sum(len(blocks) for blocks in self.table.blocks.values())

    def played(self) -> list[Point]:
        return [p for p in self.table.blocks if p not in self._broken]

    def best(self) -> Point | None:
        """The candidate the search would recommend now."""
        ranked = self.ranking()
        return ranked[0] if ranked else None

    def ranking(self) -> list[Point]:
        """Every candidate played, the recommendation first."""
        order = {p: i for i, p in enumerate(self.table.blocks)}
        return sorted(self.played(), key=lambda p: (self.own_loss(p), -self.table.count(p), order[p]))

    def ask(self) -> list[Point]:
        raise NotImplementedError

    def close(self) -> None:
        """End the search phase now (a budget in minutes ran out): what is left is the final comparison, if any."""
        self.budget = self.used


# ---------------------------------------------------------------------------------------------- NTBEA
class NTBEA(Search):
    """The N-tuple bandit evolutionary algorithm (module docstring). ``explore`` is UCB's ``k`` (times the noise
    of a block's loss: 0.5 beat 1 on a 3-parameter problem of ``bench/bench_tune.py`` and lost a little on a
    one-parameter one, ``docs/lab.md``), ``epsilon`` keeps an unseen tuple's bonus finite, ``neighbours`` the
    neighbourhood's size, ``final_share`` of the budget goes to the final comparison of ``finalists`` candidates,
    ``shrink`` is how many blocks of its own make a pair's or a candidate's own mean count half."""

    name = "ntbea"

    def __init__(self, space: Space, target: Target, budget: int, seed: int, explore: float = 0.5,
                 epsilon: float = 0.5, neighbours: int = 50, final_share: float = 0.25, finalists: int = 4,
                 shrink: float = 3.0) -> None:
        super().__init__(space, target, budget, seed)
        d = len(space.dimensions)
        tuples: list[tuple[int, ...]] = [(k,) for k in range(d)]
        if d >= 3:
            tuples += list(itertools.combinations(range(d), 2))
        if d >= 2:
            tuples.append(tuple(range(d)))
        self.tuples = tuples
        self.explore, self.epsilon, self.neighbours, self.shrink = explore, epsilon, neighbours, shrink
        self.finalists = finalists
        self.reserve = int(budget * final_share) if budget >= 4 * finalists else 0
        self.search_budget = budget - self.reserve
        self.stats: dict[tuple[tuple[int, ...], tuple[int, ...]], list[Any]] = {}
        self.totals: dict[str, float] = {}
        self.count = 0
        self.current: Point | None = None
        self._rounds: list[list[Point]] = []  # the final comparison's rounds so far

    def _keys(self, point: Point) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        return [(t, tuple(point[k] for k in t)) for t in self.tuples]

    def tell(self, told: Sequence[tuple[Point, dict[str, float]]]) -> None:
        super().tell(told)
        for point, values in told:
            self.count += 1
            for name, value in values.items():
                self.totals[name] = self.totals.get(name, 0.0) + value
            for key in self._keys(point):
                found = self.stats.setdefault(key, [0, {}])
                found[0] += 1
                for name, value in values.items():
                    found[1][name] = found[1].get(name, 0.0) + value

    def estimate(self, point: Point) -> dict[str, float]:
        """The model's estimate of every measure for ``point`` (module docstring): the mean of every block so far,
        plus each parameter's effect (its 1-tuple's mean minus that), plus, shrunk by ``n / (n + shrink)``, what each
        2-tuple and then the whole candidate's own ``n`` blocks say beyond what the smaller tuples predicted."""
        if not self.count:
            return {}
        grand = {name: total / self.count for name, total in self.totals.items()}
        found = {k[0]: self.stats[k] for k in self._keys(point) if k in self.stats}
        whole = len(self.space.dimensions)
        effects = {dims[0]: {name: sums[name] / n - grand[name] for name in grand}
                   for dims, (n, sums) in found.items() if len(dims) == 1}
        out = {name: grand[name] + sum(e[name] for e in effects.values()) for name in grand}
        if whole == 1:
            return out
        for dims in sorted((d for d in found if len(d) > 1), key=len):  # the pairs, then the whole candidate
            n, sums = found[dims]
            if len(dims) == whole:
                before = dict(out)
            else:
                before = {name: grand[name] + sum(effects.get(k, {}).get(name, 0.0) for k in dims) for name in grand}
            weight = n / (n + self.shrink)
            for name in grand:
                out[name] += weight * (sums[name] / n - before[name])
        return out

    def model_loss(self, point: Point) -> float:
        means = self.estimate(point)
        return self.target.loss(means) if means else 0.0

    def noise(self) -> float:
        """How much one block's loss varies, in the loss's units: per goal the spread of a block's mean around its
        candidate's mean (pooled over the candidates with two blocks or more; around the mean of every block before
        that), over the goal's unit, weighted. A band narrower than the games' noise needs more exploring."""
        spread = 0.0
        for goal in self.target.goals:
            squares, freedom = 0.0, 0
            for blocks in self.table.blocks.values():
                if len(blocks) >= 2:
                    values = [b[goal.metric] for b in blocks]
                    mean = math.fsum(values) / len(values)
                    squares += math.fsum((v - mean) ** 2 for v in values)
                    freedom += len(values) - 1
            if freedom == 0:
                values = [b[goal.metric] for blocks in self.table.blocks.values() for b in blocks]
                if len(values) < 2:
                    return 1.0
                mean = math.fsum(values) / len(values)
                squares, freedom = math.fsum((v - mean) ** 2 for v in values), len(values) - 1
            spread += goal.weight * math.sqrt(squares / freedom) / goal.unit
        return max(spread, 1e-6)

    def _bonus(self, point: Point, pending: Counter[Any], noise: float) -> float:
        """UCB's bonus: ``k`` times the noise times the mean over the candidate's tuples of
        ``sqrt(2 log(1 + N) / (n + epsilon))``."""
        log = 2 * math.log(1 + self.count)
        bonus = [math.sqrt(log / ((self.stats[k][0] if k in self.stats else 0) + pending[k] + self.epsilon))
                 for k in self._keys(point)]
        return self.explore * noise * math.fsum(bonus) / len(bonus)

    def ask(self) -> list[Point]:
        if self.phase == "search":
            left = self.search_budget - self.used
            if left > 0:
                return self._step(min(self.target.batch, left))
            self.phase = "final"
        if self.phase == "final":
            picks = self._final()
            if picks:
                self.used += len(picks)
                return picks
            self.phase = "done"
        return []

    def _step(self, batch: int) -> list[Point]:
        if self.current is None:
            self.current = self.first_valid()
        if self.space.size <= ENUMERATE:
            pool = list(self.space.points())
        else:
            pool = [self.current, *self.space.neighbours(self.current, self.rng, self.neighbours)]
        self.rng.shuffle(pool)  # equal scores (an empty model) are broken at random, the same on every runner
        pool = [p for p in pool if p not in self._broken]
        pending: Counter[Any] = Counter()
        picks: list[Point] = []
        noise = self.noise()
        while len(picks) < batch and pool:
            fresh = [p for p in pool if p not in picks] or pool
            choice = max(fresh, key=lambda p: -self.model_loss(p) + self._bonus(p, pending, noise))
            if not self.valid(choice):
                pool.remove(choice)
                continue
            picks.append(choice)
            pending.update(self._keys(choice))
        if picks:
            self.current = picks[0]
        self.used += len(picks)
        return picks

    # ------------------------------------------------------------------ the final comparison
    def close(self) -> None:
        if self.phase != "search":  # the final comparison is under way: it ends by itself
            return
        self.search_budget = self.used
        self.reserve = self.used // 3 if self.used >= 3 * self.finalists else 0  # a quarter of what is played
        self.budget = self.used + self.reserve

    def _final(self) -> list[Point]:
        """The next round of the final comparison: the model's best few candidates get equal games (half the
        reserve), then the better half of them the other half; ``[]`` when it is over."""
        left = self.budget - self.used
        if left <= 0 or len(self._rounds) >= 2:
            return []
        if not self._rounds:
            order = {p: i for i, p in enumerate(self.table.blocks)}
            ranked = sorted(self.played(), key=lambda p: (self.model_loss(p), -self.table.count(p), order[p]))
            chosen = ranked[:self.finalists]
            share = max(1, (self.reserve // 2) // max(1, len(chosen)))
        else:
            last = self._rounds[-1]
            chosen = sorted(last, key=lambda p: (self.own_loss(p), -self.table.count(p), last.index(p)))
            chosen = chosen[:max(1, math.ceil(len(chosen) / 2))]
            share = max(1, left // len(chosen))
        if not chosen:
            return []
        self._rounds.append(chosen)
        picks = [p for p in chosen for _ in range(share)]
        if len(self._rounds) == 2:  # the last round: what the shares leave goes one each to the best first
            picks += chosen[:max(0, left - len(picks))]
        return picks[:left]

    def ranking(self) -> list[Point]:
        """The recommendation first (the final comparison's winner by its own games; before it, the model's best),
        then every other candidate by the model's estimate (which follows a candidate's own games as they grow)."""
        order = {p: i for i, p in enumerate(self.table.blocks)}
        ranked = sorted(self.played(), key=lambda p: (self.model_loss(p), -self.table.count(p), order[p]))
        if self._rounds:
            last = self._rounds[-1]
            winner = min(last, key=lambda p: (self.own_loss(p), -self.table.count(p), last.index(p)))
            ranked.remove(winner)
            ranked.insert(0, winner)
        return ranked


# ---------------------------------------------------------------------------------------------- the yardsticks
class RandomSearch(Search):
    """Random candidates (different ones while the space has them), ``per`` blocks each, or the budget shared
    equally when it covers every candidate; the best by its own games."""

    name = "random"

    def __init__(self, space: Space, target: Target, budget: int, seed: int, per: int = 4) -> None:
        super().__init__(space, target, budget, seed)
        self.per = per
        self._plan: list[Point] | None = None

    def _make_plan(self) -> list[Point]:
        size = self.space.size
        per = max(self.per, self.budget // size) if size <= ENUMERATE else self.per
        count = max(1, self.budget // per)
        if size <= ENUMERATE:
            order = list(self.space.points())
            self.rng.shuffle(order)
        else:
            order = list(dict.fromkeys(self.space.random_point(self.rng) for _ in range(count * 3)))
        chosen = [p for p in order if self.valid(p)][:count]
        if not chosen:
            chosen = [self.first_valid()]
        plan = [p for p in chosen for _ in range(per)]
        plan += chosen[:max(0, self.budget - len(plan))]  # the blocks left over, one more each from the first
        return plan[:self.budget]

    def ask(self) -> list[Point]:
        if self._plan is None:
            self._plan = self._make_plan()
        if self.used >= min(self.budget, len(self._plan)):
            self.phase = "done"
            return []
        step = max(1, self.target.batch) * self.per
        picks = self._plan[self.used:min(self.budget, self.used + step)]
        self.used += len(picks)
        return picks


class Halving(Search):
    """Successive halving: ``n`` candidates (every one of a small space; else a random sample, about a sixth of the
    budget in blocks), each round's share of the budget split equally among those left, the better half kept."""

    name = "halving"

    def __init__(self, space: Space, target: Target, budget: int, seed: int) -> None:
        super().__init__(space, target, budget, seed)
        self.alive: list[Point] | None = None
        self.rounds = 1

    def _start(self) -> list[Point]:
        size = self.space.size
        wanted = max(2, self.budget // 6)
        if size <= wanted:
            order = list(self.space.points())
        else:
            order = list(dict.fromkeys(self.space.random_point(self.rng) for _ in range(wanted * 3)))
        chosen = [p for p in order if self.valid(p)][:wanted]
        self.rounds = max(1, math.ceil(math.log2(len(chosen)))) if len(chosen) > 1 else 1
        return chosen or [self.first_valid()]

    def ask(self) -> list[Point]:
        if self.alive is None:
            self.alive = self._start()
            self._round = 0
        elif self.phase == "search":
            ranked = sorted(self.alive, key=lambda p: (self.own_loss(p), self.alive.index(p)))  # type: ignore[union-attr]
            if len(ranked) <= 1:
                self.phase = "done"
                return []
            self.alive = ranked[:math.ceil(len(ranked) / 2)]
        left = self.budget - self.used
        if left <= 0 or self.phase != "search":
            self.phase = "done"
            return []
        rounds_left = max(1, self.rounds - self._round)
        each = max(1, (left // rounds_left) // len(self.alive))
        picks = [p for p in self.alive for _ in range(each)][:left]
        self._round += 1
        self.used += len(picks)
        return picks

    def ranking(self) -> list[Point]:
        alive = set(self.alive or ())
        order = {p: i for i, p in enumerate(self.table.blocks)}
        return sorted(self.played(), key=lambda p: (p not in alive, self.own_loss(p), -self.table.count(p), order[p]))


SEARCHES: dict[str, type[Search]] = {"ntbea": NTBEA, "halving": Halving, "random": RandomSearch}


def make_search(method: str, space: Space, target: Target, budget: int, seed: int, **settings: Any) -> Search:
    """The search ``method`` names (:data:`SEARCHES`) over ``space`` with ``budget`` blocks."""
    return SEARCHES[method](space, target, budget, seed, **settings)


__all__ = ["ENUMERATE", "NTBEA", "SEARCHES", "Halving", "Point", "RandomSearch", "Search", "Table", "make_search"]
