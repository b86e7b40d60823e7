"""Decision kinds as small units: a game is a table of steps that its ``game.py`` dispatches to.

Each kind of decision a game can wait for (Kutná Hora's Build, Chartres' reveal, the card game's claim) is one
:class:`Step`. It owns the four things a reader asks about that decision, in one place:

* ``prompt`` - the pending decision in words;
* ``options`` - its legal actions;
* ``refusal`` - why a well-formed action is not legal now, in a sentence (``None``: the generic sentence);
* ``apply`` - its effect, logged with the rules it follows.

``forms`` lists the verbs the step accepts and how each is written (``{"build": "build TILE PLOT", "pass": "pass"}``);
the kernel uses it to refuse a wrong verb or a wrong number of words before the step is asked, so a step's
``refusal`` only ever explains legality, never spelling.

A game built on steps subclasses :class:`StepGame` and says, in :meth:`StepGame._step_now`, which step is pending,
for whom, and with which record of its details (``at``: a frame of a stack, the state itself, ...). Everything
else - ``pending``, ``_legal``, ``_why_illegal``, ``_apply`` - is dispatched here, once for every game::

    class Build(Step):
        kind = "build"
        forms = {"build": "build TILE PLOT", "pass": "pass"}

        def prompt(self, game, at): return f"{name(at.player)}: build a held tile on one of your plots, or pass"
        def options(self, game, at): ...
        def refusal(self, game, at, action): ...
        def apply(self, game, at, action): ...

    STEPS = Steps(Build(), Plot(), ...)
"""

from __future__ import annotations

from typing import Any, ClassVar, Iterator, Mapping, Sequence

from .action import Action
from .game import Decision, Game


class Step:
    """One kind of pending decision (see the module docstring). Steps hold no state: one instance serves every
    game, and everything a step needs comes from ``game`` and ``at``."""

    #: The :attr:`Decision.kind` of this step; unique within a game.
    kind: ClassVar[str]
    #: Verb -> how an action of that verb is written (its words after the verb are its arguments).
    forms: ClassVar[Mapping[str, str]]
    #: ``True`` when :meth:`options` already lists its actions sorted by ``Action.sort_key`` and unique.
    presorted: ClassVar[bool] = False

    def prompt(self, game: Any, at: Any) -> str:
        """The decision in words, as ``pending().prompt`` shows it (public: it never names a secret)."""
        raise NotImplementedError

    def options(self, game: Any, at: Any) -> Sequence[Action]:
        """Every legal action of this decision (any order unless :attr:`presorted`)."""
        raise NotImplementedError

    def refusal(self, game: Any, at: Any, action: Action) -> str | None:
        """Why ``action`` (a verb of :attr:`forms` with the right number of words) is not legal now."""
        return None

    def apply(self, game: Any, at: Any, action: Action) -> None:
        """Carry out ``action`` (already known to be legal), logging each effect with ``game.emit``."""
        raise NotImplementedError

    # ------------------------------------------------------------------ spelling, shared by every step
    def arity(self, verb: str) -> int:
        return len(self.forms[verb].split()) - 1

    def spelling(self, game: Any, at: Any, action: Action) -> str | None:
        """Why ``action`` is not even an action of this step (wrong verb, wrong number of words), or ``None``."""
        if action.verb not in self.forms:
            written = " or ".join(dict.fromkeys(self.forms.values()))
            return f"now: {self.prompt(game, at)}. Write {written}."
        words = self.arity(action.verb)
        if len(action.args) != words:
            return (f"'{action}' has {len(action.args)} word(s) after '{action.verb}'; write it as "
                    f"'{self.forms[action.verb]}'.")
        return None

    def __repr__(self) -> str:
        return f"<step {self.kind}: {', '.join(self.forms)}>"


class Steps(Mapping[str, Step]):
    """A game's steps by kind, each registered once."""

    def __init__(self, *steps: Step) -> None:
        self._steps: dict[str, Step] = {}
        for step in steps:
            if step.kind in self._steps:
                raise ValueError(f"step kind {step.kind!r} registered twice")
            for verb, form in step.forms.items():
                if form.split()[0] != verb:
                    raise ValueError(f"step {step.kind}: the form {form!r} does not start with its verb {verb!r}")
            self._steps[step.kind] = step

    def __getitem__(self, kind: str) -> Step:
        return self._steps[kind]

    def __iter__(self) -> Iterator[str]:
        return iter(self._steps)

    def __len__(self) -> int:
        return len(self._steps)

    def verbs(self) -> dict[str, str]:
        """Every verb of the game and how it is written (first form seen wins)."""
        out: dict[str, str] = {}
        for step in self._steps.values():
            for verb, form in step.forms.items():
                out.setdefault(verb, form)
        return out


def _sort_key(action: Action) -> tuple:
    return action.sort_key


class StepGame(Game):
    """A :class:`Game` whose decisions are the :class:`Step` units of :attr:`steps`."""

    #: The game's decision kinds.
    steps: ClassVar[Steps]
    #: Legal actions come sorted from here: steps that are not presorted are sorted once.
    legal_is_sorted = True
    _steps_dispatched: ClassVar[bool] = True

    def _step_now(self) -> tuple[Step, Any, int] | None:
        """The pending step, its record (``at``) and the deciding seat; ``None`` once the game is over."""
        raise NotImplementedError

    def _decider(self) -> int | None:
        now = self._step_now()
        return None if now is None else now[2]

    def pending(self) -> Decision | None:
        now = self._step_now()
        if now is None:
            return None
        step, at, player = now
        return Decision(player, step.kind, step.prompt(self, at))

    def _legal(self) -> Sequence[Action]:
        now = self._step_now()
        if now is None:
            return []
        step, at, _ = now
        options = step.options(self, at)
        return options if step.presorted else sorted(set(options), key=_sort_key)

    def _legal_of(self, player: int | None) -> Sequence[Action] | None:
        if not self._steps_dispatched:  # a game that decides or lists otherwise goes the general way
            return super()._legal_of(player)
        now = self._step_now()  # asked once for the decider and the options
        if now is None or (player is not None and player != now[2]):
            return None
        step, at, _ = now
        options = step.options(self, at)
        return options if step.presorted else sorted(set(options), key=_sort_key)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        #: Whether the pending step alone says who decides and what they may do (no override of either).
        cls._steps_dispatched = cls._decider is StepGame._decider and cls._legal is StepGame._legal

    def _why_illegal(self, action: Action) -> str | None:
        now = self._step_now()
        if now is None:
            return "the game is over."
        step, at, _ = now
        return step.spelling(self, at, action) or step.refusal(self, at, action)

    def _apply(self, action: Action) -> None:
        now = self._step_now()
        assert now is not None, "apply on a finished game"  # the kernel checks legality first
        step, at, _ = now
        step.apply(self, at, action)

