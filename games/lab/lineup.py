"""The bots of an experiment, written as texts: ``"random"``, ``"greedy"``, ``"mcts"`` (the search bot at the game's
budget), ``"mcts:200"`` (200 playouts per decision), and **restricted bots**: any of them with kinds of action
forbidden, ``"greedy never wall"``, ``"mcts:200 never trade, offer"``. A kind is an action-text prefix the game
names in ``Game.action_kinds`` ("wall": never builds a city wall); the bot refuses every action whose text is the
prefix or starts with it and a space, unless nothing else is legal (then it must).

The search bot plays on its playout budget alone, never on a clock, so a game replays the same on any machine,
in any process: the lab's results do not depend on where or how fast they were played.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from games.core import Action
from games.core.bots import Bot, make_bot, parse_bot
from games.core.parameters import quoted

from .variants import VariantError

NEVER = " never "


class LineupError(VariantError):
    """A bot text the lab cannot read, with the sentence why."""


@dataclass(frozen=True)
class BotSpec:
    """One bot of a line-up: its ``kind`` (``random``, ``greedy``, ``mcts``), search ``budget`` (``None``: the
    game's) and the action kinds it ``never`` takes. ``str()`` is its canonical text."""

    kind: str
    budget: int | None = None
    never: tuple[str, ...] = ()

    @classmethod
    def parse(cls, text: Any, game: Any = None) -> BotSpec:
        """Read a bot text; with ``game`` (a game class) its restrictions must be kinds the game names."""
        if not isinstance(text, str) or not text.strip() or len(text) > 300:
            raise LineupError(f"a bot is a text such as 'greedy', 'mcts:200' or 'greedy never wall', not "
                              f"{quoted(text)}")
        head, _, rest = f" {text.strip()} ".partition(NEVER)
        try:
            kind, budget = parse_bot(head.strip())
        except ValueError as err:
            raise LineupError(str(err)) from None
        never: tuple[str, ...] = ()
        if _:
            never = tuple(sorted({" ".join(part.split()) for part in rest.split(",") if part.strip()}))
            if not never:
                raise LineupError(f"bot {quoted(text)}: name the kinds of action it never takes after 'never'")
        spec = cls(kind, budget, never)
        if game is not None:
            spec.check(game)
        return spec

    def check(self, game: Any) -> None:
        kinds = dict(getattr(game, "action_kinds", {}) or {})
        for prefix in self.never:
            if prefix not in kinds:
                known = ", ".join(f"{k} ({w})" for k, w in sorted(kinds.items())) or "none"
                raise LineupError(f"bot '{self}': {game.title} has no kind of action {quoted(prefix)} to forbid; "
                                  f"its kinds: {known}")

    def __str__(self) -> str:
        text = self.kind if self.budget is None else f"{self.kind}:{self.budget}"
        return text + (NEVER + ", ".join(self.never) if self.never else "")

    def words(self, game: Any = None) -> str:
        """``greedy that never builds a city wall``."""
        if not self.never:
            return str(self)
        kinds = dict(getattr(game, "action_kinds", {}) or {})
        base = self.kind if self.budget is None else f"{self.kind}:{self.budget}"
        return f"{base} that " + " and ".join(kinds.get(k, f"never takes '{k}'") for k in self.never)

    def allows(self, action: Action) -> bool:
        text = str(action)
        return not any(text == k or text.startswith(k + " ") for k in self.never)

    def make(self, seed: int) -> Bot:
        """The bot, seeded; a search bot without its clock (module docstring)."""
        allow = self.allows if self.never else None
        bot = make_bot(self.kind if self.budget is None else f"{self.kind}:{self.budget}", seed, allow)
        if hasattr(bot, "seconds"):
            bot.seconds = math.inf
        return bot


def parse_lineup(texts: Any, game: Any, players: int | None = None) -> tuple[BotSpec, ...]:
    """A line-up: one bot text per seat (a single text seats that bot everywhere when ``players`` is given)."""
    if isinstance(texts, str):
        if players is None:
            raise LineupError("the bots are a list with one bot per seat, e.g. ['greedy', 'random', 'random']")
        texts = [texts] * players
    if not isinstance(texts, (list, tuple)) or not texts:
        raise LineupError(f"the bots are a list with one bot per seat, not {quoted(texts)}")
    specs = tuple(BotSpec.parse(t, game) for t in texts)
    if players is not None and len(specs) != players:
        raise LineupError(f"{len(specs)} bots for {players} players: give one bot per seat")
    if not game.min_players <= len(specs) <= game.max_players:
        raise LineupError(f"{game.title} takes {game.min_players} to {game.max_players} players, not {len(specs)} "
                          "bots")
    return specs
