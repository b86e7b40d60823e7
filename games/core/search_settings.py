"""How a game wants its search bot to search: one frozen record per game class (``Game.search_settings``).

The kernel's search (:mod:`games.core.mcts`) knows no rules. What differs from game to game is written here, as
numbers and one function, beside the reason for each in the game's own ``search.py``:

* ``iterations`` - the budget of one decision (the ``mcts`` bot's default and the coach's hint): a fixed count, so a
  search is the same on every machine for a seed, calibrated per game to stay under a second on one core;
* ``per_action`` - at most this many iterations per root action the search considers (0: no such cap): a decision
  between two choices (accept or decline an offer) needs fewer than one between twenty;
* ``depth`` - moves played by the game's playout policy (``Game.playout_action``) after the tree, before the
  position is rated (0: rated where the tree ends);
* ``playout`` - the policy of the moves after the tree: ``"game"`` (``Game.playout_action``: uniform unless the game
  says otherwise) or ``"greedy"`` (the greedy bot's one-step rating, ``Game.lookaheads``: dearer, but a playout of
  good moves; with a ``depth`` to the game's end each leaf is rated by how the game ends if both sides play on
  greedily, which improves on greedy play the way a rollout algorithm improves on its base policy);
* ``settle`` - whether a position is ready to be rated (``None``: any is); after its ``depth`` moves a playout goes on
  by the game's policy, at most :data:`SETTLE_MOST` moves, until it is (Kutná Hora: a seat's follow-up choices of the
  card it played are made first, since a card played and not yet carried out looks like money spent for nothing);
* ``exploration`` - the UCB1 constant;
* ``candidates`` - how many root actions the search considers, the best by the greedy rating (0: all);
* ``prior`` - the pull towards the greedy rating at the root (progressive bias, fading with visits; 0: off);
* ``prior_below`` - the same pull below the root, each node's actions rated when the search first walks on from it
  (the greedy rating of the deal that gets there): the other seats are expected to play what greedy likes until
  the tree knows better (0: off; it costs a one-step rating per node);
* ``widening`` - progressive widening: a node visited ``n`` times has at most ``1 + widening * sqrt(n)`` children
  (0: every legal action at once), tried best first: at the root by the greedy rating (when ``candidates`` or
  ``prior`` asks for it), below it by ``order``;
* ``minimax`` - the weight of implicit minimax backups (each node's best child's rating, mixed into its mean
  reward when the tree chooses; 0: plain means);
* ``deals`` - how many deals of the hidden information one decision's iterations share (0: a fresh deal each
  iteration); shared deals compare the actions on the same samples;
* ``by_score`` - a finished game rated by its final scores' leads (squashed like a position cut off) instead of by
  who won: a win by much beats a win by little and a narrow loss beats a wide one, which gives playouts to the end
  a signal to climb where every line wins or every line loses;
* ``evaluation`` - the search's own rating of a position, each seat's value (``None``: the greedy evaluation,
  ``Game.heuristic``); its lead over the best other seat is squashed into a win chance by ``scale``;
* ``order`` - a cheap ordering of the actions below the root, the order children are added in (``None``: at random).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

#: A search evaluation: the position -> each seat's value (bigger is better), from a deal the search made.
Evaluation = Callable[[Any], Sequence[float]]
#: Whether a position is ready to be rated (a search leaf's quiescence test).
Settle = Callable[[Any], bool]
#: The playout policies (``SearchSettings.playout``).
PLAYOUTS = ("game", "greedy")
#: The most moves a playout makes to reach a settled position.
SETTLE_MOST = 8
#: An ordering of actions for widening: the position and its legal actions -> a score per action (bigger first).
Ordering = Callable[[Any, Sequence[Any]], Sequence[float]]


@dataclass(frozen=True)
class SearchSettings:
    """A game's search (module docstring). The defaults are the kernel's search before any game tuned it."""

    iterations: int = 1000
    per_action: int = 0
    depth: int = 4
    exploration: float = 0.3
    candidates: int = 0
    prior: float = 0.0
    widening: float = 0.0
    deals: int = 0
    minimax: float = 0.0
    prior_below: float = 0.0
    scale: float | None = None
    evaluation: Evaluation | None = None
    order: Ordering | None = None
    settle: Settle | None = None
    playout: str = "game"
    by_score: bool = False

    def __post_init__(self) -> None:
        if self.iterations < 1 or min(self.per_action, self.depth, self.exploration, self.candidates, self.deals) < 0:
            raise ValueError("iterations at least 1; per_action, depth, exploration, candidates and deals 0 or more")
        if self.widening < 0 or self.prior < 0 or self.prior_below < 0 or not 0 <= self.minimax <= 1 or \
                (self.scale is not None and self.scale <= 0):
            raise ValueError("widening and prior 0 or more, minimax 0 to 1, scale above 0")
        if self.playout not in PLAYOUTS:
            raise ValueError(f"playout is one of {', '.join(PLAYOUTS)}, not {self.playout!r}")
