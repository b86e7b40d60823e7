"""What every Kutná Hora decision shares: shared action values, the wording of refusals, and passing.

A :class:`Choice` is a kernel :class:`~games.core.Step` that words its spelling refusals as this game always has:
a verb the step does not take names what may be written (:attr:`Choice.written`, e.g. "play, joker or idle"), and
``pass`` where the step cannot be passed says so rather than calling ``pass`` an unknown verb. A :class:`Passable`
choice is one verb or ``pass`` (ignoring the rest of the effect it belongs to), as most choices inside an action are.

A step that needs nobody's choice (drawing mine tiles, taking income, a St. Barbara tile, the end of the round) is
a kernel :class:`~games.core.Automatic`: the kernel runs it as soon as it is on top of the stack. A decision whose
question never changes says it in ``asks`` (the kernel's prompt puts the decider's name before it).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, ClassVar

from games.core import Action, Step, seat_label

if TYPE_CHECKING:
    from .game import KutnaHoraGame
    from .state import Pending


@functools.cache
def act(verb: str, *args: str | int) -> Action:
    """Actions are immutable values: one object per distinct action, shared by every game (building them is the
    engine's hottest path otherwise)."""
    return Action(verb, args)


PASS = act("pass")



class Choice(Step):
    """A decision of one player (see the module docstring)."""

    #: What the player may write, as a wrong verb's refusal says it ("tax pay or tax refuse").
    written: ClassVar[str]
    #: Whether the plain refusal of a well-formed action repeats the prompt (the setup choices and tax do not).
    refusal_repeats_prompt: ClassVar[bool] = True

    def spelling(self, game: KutnaHoraGame, at: Pending, action: Action) -> str | None:
        if action.verb == "pass" and "pass" not in self.forms:
            if action.args:
                return f"'{action}' has {len(action.args)} word(s) after 'pass'; write it as 'pass'."
            return f"this step cannot be passed: {self.prompt(game, at)}."
        if action.verb not in self.forms:
            return f"now: {self.prompt(game, at)}. Write {self.written}."
        return super().spelling(game, at, action)

    def refusal(self, game: KutnaHoraGame, at: Pending, action: Action) -> str | None:
        if self.refusal_repeats_prompt:
            return f"{action} is not possible now: {self.prompt(game, at)}."
        return f"{action} is not possible now."


class Passable(Choice):
    """A choice of one verb, written as :attr:`form` (its kind is the verb), or ``pass``: the player ignores the rest
    of the effect this choice belongs to. A subclass's ``apply`` hands a pass to :meth:`passed` first."""

    form: ClassVar[str]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.kind = cls.form.split()[0]
        cls.forms = {cls.kind: cls.form, "pass": "pass"}
        cls.written = cls.__dict__.get("written", f"{cls.form} or pass")

    def passed(self, game: KutnaHoraGame, at: Pending) -> None:
        """The effect of ``pass``: the rest of the effect is ignored (logged)."""
        game.emit("ignore.effect", f"{seat_label(at.player)} ignores the rest of this effect ({at.kind}).",
                  player=at.player)
