"""What every decision of a turn shares: presorted options and the game's own refusal sentences.

Each step of a turn (:mod:`.taking`, :mod:`.claim_stones`, :mod:`.claimed_cards`) is a :class:`CardStep`; its record
on the stack (``at``) is a :class:`~.state.Pending`, and what the turn has done so far is ``game.state.turn``. The card
game refuses actions in its own words, which predate the step kernel and are kept word for word: a cell action
first has to name a card still in the layout (``write take, a row (1-4) and a column (1-14), ...``), whatever step
is pending, and an action of another step is answered by that step (what its verb is for) followed by the pending
step's :meth:`~CardStep.reminder` (``taking is over for this turn: you may now place or move a claim stone.``). So a
:class:`CardStep` replaces the kernel's spelling check with these sentences.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from games.core import Action, Step

from .state import Pending

if TYPE_CHECKING:
    from .game import CardGame

#: How a form writes an action that names a card (``take R C``): such actions are checked against the layout.
CELL_ARGS = " R C"


class CardStep(Step):
    """A decision of a card-game turn (see the module docstring)."""

    #: Every step lists its options in sort order (verbs alphabetically, cells by row and column).
    presorted: ClassVar[bool] = True

    def reminder(self, game: CardGame, at: Pending) -> str:
        """What this step waits for, said to a player who writes another step's action (the end of that refusal)."""
        raise NotImplementedError

    def elsewhere(self, game: CardGame, at: Pending, action: Action, reminder: str) -> str:
        """Why ``action``, a verb of this step, is refused while the step of ``at`` is pending (which waits for
        ``reminder``)."""
        raise NotImplementedError

    def spelling(self, game: CardGame, at: Pending, action: Action) -> str | None:
        """The card game's sentences instead of the kernel's: a cell action must name a card in the layout; a verb
        of another step is explained by that step; an unknown verb is told every verb of the game."""
        verb = action.verb
        forms = game.steps.verbs()
        if forms.get(verb, "").endswith(CELL_ARGS):
            s = game.state
            wrong = game.geometry.misnamed(verb, action.args, s.lo, s.hi)
            if wrong:
                return wrong
        if verb in self.forms:
            return None
        for step in game.steps.values():
            if verb in step.forms:
                return step.elsewhere(game, at, action, self.reminder(game, at))  # type: ignore[attr-defined]
        *most, last = forms
        return f"'{verb}' is not an action here; the actions are {', '.join(most)} and {last}."


def cell_of(game: CardGame, action: Action) -> int:
    """The cell an action names (``take 2 14``), once :meth:`CardStep.spelling` has checked it."""
    # Geometry.cell_of written out: every take, place and discard comes through here.
    row, column = action.args
    return (row - 1) * game.geometry.columns + column - 1  # type: ignore[operator]
