"""One redraw of a table: what the game says about the position shown, asked once.

A table's picture needs the pending decision, the human's legal actions and what a seat may see several times over
(the driver's status, the board, the seats, the choices' words). Each is asked of the game once per redraw and kept
here; the driver builds one :class:`Redraw` and hands it to the table (``GameTable.state_of``), so no part of the
picture asks the game again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Redraw:
    """The position one redraw shows: ``game`` (live or replayed), ``live`` (``False``: a look into the past, nothing
    offered), the ``human`` seat, the pending ``decision`` (``None``: over), ``yours`` (it is the human's decision in
    the present), ``legal`` (the human's legal action texts then, else empty), ``forms`` (the verbs the pending
    decision takes, when it is the human's), ``over`` and ``outcome``. :meth:`observe` asks each seat's view once."""

    game: Any
    live: bool
    human: int | None
    decision: Any
    yours: bool
    legal: list[str]
    forms: dict[str, str]
    over: bool
    outcome: Any
    _seen: dict[int | None, dict[str, Any]] = field(default_factory=dict, repr=False)

    @classmethod
    def of(cls, game: Any, live: bool, human: int | None) -> Redraw:
        decision = game.pending()
        yours = live and human is not None and decision is not None and decision.player == human
        steps = getattr(game, "steps", None)
        forms = dict(steps[decision.kind].forms) if yours and steps is not None and decision.kind in steps else {}
        return cls(game=game, live=live, human=human, decision=decision, yours=yours,
                   legal=game.legal_actions().texts() if yours else [], forms=forms,
                   over=game.is_terminal(), outcome=game.outcome())

    @property
    def kind(self) -> str:
        """The pending decision's kind (``"over"`` once the game is)."""
        return self.decision.kind if self.decision is not None else "over"

    def observe(self, seat: int | None) -> dict[str, Any]:
        """``game.observe(seat)``, asked once per seat in this redraw (``None``: the public view)."""
        if seat not in self._seen:
            self._seen[seat] = self.game.observe(seat)
        return self._seen[seat]


__all__ = ["Redraw"]
