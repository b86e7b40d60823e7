"""The decision flow every game shares: each kind of step is one unit, and pending steps wait on a stack.

Each kind of decision a game can wait for (Kutná Hora's Build, Chartres' reveal, the card game's take) is one
:class:`Step`. It owns the four things a reader asks about that decision, in one place:

* ``prompt`` - the pending decision in words (for a question that never changes: the class attribute ``asks``);
* ``options`` - its legal actions;
* ``refusal`` - why a well-formed action is not legal now, in a sentence (``None``: the generic sentence);
* ``apply`` - its effect, logged with the rules it follows.

``forms`` lists the verbs the step accepts and how each is written (``{"build": "build TILE PLOT", "pass": "pass"}``);
the kernel uses it to refuse a wrong verb or a wrong number of words before the step is asked, so a step's
``refusal`` only ever explains legality, never spelling.

A step nobody decides (drawing tiles, income, the end of a round) is an :class:`Automatic` step: its ``run`` is
carried out by the kernel as soon as it is on top of the stack, so no player ever waits on one.

**The flow.** What is pending is a stack of named step records: ``game.state.stack``, a list of records (any
:class:`~games.core.Record` with at least ``kind``, a step kind, and ``player``, the seat that decides; a game adds
the fields its steps read), the top at the end. A :class:`StepGame` declares its steps once (``steps = Steps(...)``,
decisions and automatic steps together) and the kernel does the rest, the same for every game:

* ``pending()``, the legal actions and the refusals come from the step of the top record;
* ``apply`` pops the top record and hands it to its step (``at``); the step's effect pushes whatever comes next
  (:meth:`StepGame.push`, or the record again, changed, when the same decision goes on); a unit whose decision goes
  on after any effect that pushes nothing says so once (:attr:`Unit.goes_on`) and the kernel puts the record back;
* then the kernel *settles*: it runs automatic steps on top, and when the stack is empty it asks the game for the
  next turn's first step (:meth:`StepGame._next_steps`); the game is over when that finds nothing to do.

A game's ``game.py`` sets up, scores, observes and checks invariants; it never dispatches a verb::

    class Build(Step):
        kind = "build"
        forms = {"build": "build TILE PLOT", "pass": "pass"}

        def prompt(self, game, at): return f"{name(at.player)}: build a held tile on one of your plots, or pass"
        def options(self, game, at): ...
        def refusal(self, game, at, action): ...
        def apply(self, game, at, action): ...

    class KutnaHoraGame(StepGame):
        steps = Steps(Play(), Build(), ..., RoundEnd())      # every step, once
        def _next_steps(self): ...                           # the next card, turn or round; False: game over
"""

from __future__ import annotations

from typing import Any, ClassVar, Iterator, Mapping, Sequence

from .action import Action, LegalActions
from .game import Decision, Game, seat_label


class Unit:
    """What a step, and each verb of a step that takes several, answers the kernel the same three ways: its legal
    actions, why one is refused, its effect. Units hold no state: one instance serves every game, and everything a
    unit needs comes from ``game`` and ``at`` (the step's record)."""

    #: Whether the decision goes on after this unit's effect when the effect pushed nothing: the kernel then puts the
    #: record back on the stack (the main part of a Catan turn after a build, another card still to discard). The
    #: one place this is written: no unit pushes its own record back.
    goes_on: ClassVar[bool] = False

    def options(self, game: Any, at: Any) -> Sequence[Action]:
        """Every legal action now (any order unless the step is ``presorted``; a verb's then ascending by
        ``Action.sort_key``)."""
        raise NotImplementedError

    def refusal(self, game: Any, at: Any, action: Action) -> str | None:
        """Why ``action`` (spelled right: a verb of the step's ``forms`` with the right number of words) is not legal
        now: the actual reason, in a sentence (``None``: the kernel's generic sentence)."""
        return None

    def apply(self, game: Any, at: Any, action: Action) -> None:
        """Carry out ``action`` (already known to be legal), logging each effect with ``game.emit``."""
        raise NotImplementedError


class Step(Unit):
    """One kind of pending decision (see the module docstring); its :class:`Unit` answers are the decision's."""

    #: The :attr:`Decision.kind` of this step; unique within a game.
    kind: ClassVar[str]
    #: Verb -> how an action of that verb is written (its words after the verb are its arguments).
    forms: ClassVar[Mapping[str, str]]
    #: ``True`` when :meth:`options` already lists its actions sorted by ``Action.sort_key`` and unique.
    presorted: ClassVar[bool] = False
    #: ``True`` for a step nobody decides (:class:`Automatic`).
    automatic: ClassVar[bool] = False
    #: The question, for a step whose prompt never changes: the default :meth:`prompt` is "Player N: " + this, with
    #: ``{at.<field>}`` filled in from the step's record.
    asks: ClassVar[str] = ""

    def prompt(self, game: Any, at: Any) -> str:
        """The decision in words, as ``pending().prompt`` shows it (public: it never names a secret)."""
        if not self.asks:
            raise NotImplementedError(f"step {self.kind} has neither a prompt nor asks")
        return f"{seat_label(at.player)}: {self.asks.format(at=at) if '{' in self.asks else self.asks}"

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
        return f"<step {self.kind}: {', '.join(self.forms) or 'automatic'}>"


class Automatic(Step):
    """A step nobody decides: the kernel runs it as soon as its record is on top of the stack (popped first, like a
    decision's), and its effect may push further steps."""

    automatic = True
    forms: ClassVar[Mapping[str, str]] = {}

    def run(self, game: Any, at: Any) -> None:
        """Carry out the step, logging each effect with ``game.emit``."""
        raise NotImplementedError

    def options(self, game: Any, at: Any) -> Sequence[Action]:  # never asked: the kernel runs it at once
        return ()

    def apply(self, game: Any, at: Any, action: Action) -> None:
        raise AssertionError(f"the automatic step {self.kind} is run, never decided")


class Verb(Unit):
    """One verb of a step that takes several (Catan's turn after the roll: settle, city, road, buy, trade, end): the
    verb's form and its :class:`Unit` answers (options, refusal, effect) together, so "how does a settlement work?"
    is answered by one unit. A :class:`VerbStep` lists them."""

    #: The verb, as the action's first word.
    verb: ClassVar[str]
    #: How an action of this verb is written (``"settle NODE"``).
    form: ClassVar[str]

    def options(self, game: Any, at: Any, given: Any = None) -> Sequence[Action]:  # type: ignore[override]
        """The verb's legal actions now, ascending. ``given`` is what its step works out once for all its verbs
        (:meth:`VerbStep.given`: Catan's deciding hand), so a verb does not work it out again."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<verb {self.form}>"


class VerbStep(Step):
    """A step made of :class:`Verb` units: its forms, options (each verb's, in the order of :attr:`verbs`), refusal
    and effect are its verbs'. List the verbs in alphabetical order, each giving its options ascending, and the
    options come out sorted (``presorted``); or list them as the rule text names them (a misspelt action's sentence
    names the verbs in that order) and set :attr:`options_by_verb_name` to take their options alphabetically."""

    verbs: ClassVar[tuple[Verb, ...]]
    #: A verb step goes on verb by verb: each verb's :attr:`Unit.goes_on` says whether the decision goes on after it.
    goes_on: ClassVar[bool] = False
    #: Whether the options come verb by verb in alphabetical order of the verbs rather than in :attr:`verbs`' order.
    options_by_verb_name: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "verbs" in cls.__dict__:
            seen = [unit.verb for unit in cls.verbs]
            if len(set(seen)) != len(seen):
                raise ValueError(f"step {cls.__name__}: a verb is listed twice in {seen}")
            cls.forms = {unit.verb: unit.form for unit in cls.verbs}
            cls._of_verb = {unit.verb: unit for unit in cls.verbs}
            by_name = sorted(cls.verbs, key=lambda unit: unit.verb)
            cls._listing = tuple(by_name if cls.options_by_verb_name else cls.verbs)
        cls._gives = cls.given is not VerbStep.given  # a step that gives nothing is not asked (a call per listing)

    _of_verb: ClassVar[dict[str, Verb]] = {}
    _gives: ClassVar[bool] = False
    #: The verbs in the order their options come.
    _listing: ClassVar[tuple[Verb, ...]] = ()

    def given(self, game: Any, at: Any) -> Any:
        """What every verb's options read, worked out once per listing (handed to each verb's ``options``): nothing by
        default; Catan's main step gives the deciding player's hand."""
        return None

    def options(self, game: Any, at: Any) -> Sequence[Action]:
        given = self.given(game, at) if self._gives else None
        out: list[Action] = []
        for unit in self._listing:
            out += unit.options(game, at, given)
        return out

    def refusal(self, game: Any, at: Any, action: Action) -> str | None:
        unit = self._of_verb.get(action.verb)  # None: a word the step takes with no unit of its own (the generic)
        return None if unit is None else unit.refusal(game, at, action)

    def apply(self, game: Any, at: Any, action: Action) -> None:
        unit = self._of_verb[action.verb]
        unit.apply(game, at, action)
        if unit.goes_on and not game.state.stack:  # the verb's effect pushed nothing: the same decision goes on
            game.state.stack.append(at)


class Steps(Mapping[str, Step]):
    """A game's steps by kind, each registered once."""

    def __init__(self, *steps: Step) -> None:
        self._steps: dict[str, Step] = {}
        for step in steps:
            if step.kind in self._steps:
                raise ValueError(f"step kind {step.kind!r} registered twice")
            if step.automatic and step.forms:
                raise ValueError(f"step {step.kind} is automatic and so takes no verbs")
            if not step.automatic and not step.forms:
                raise ValueError(f"step {step.kind} takes no verb: a decision needs at least one form")
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

    def decisions(self) -> tuple[Step, ...]:
        """The steps a player decides, in registration order."""
        return tuple(step for step in self._steps.values() if not step.automatic)

    def automatic(self) -> tuple[Step, ...]:
        """The steps the kernel runs by itself, in registration order."""
        return tuple(step for step in self._steps.values() if step.automatic)

    def verbs(self) -> dict[str, str]:
        """Every verb of the game and how it is written (first form seen wins)."""
        out: dict[str, str] = {}
        for step in self._steps.values():
            for verb, form in step.forms.items():
                out.setdefault(verb, form)
        return out


_new_tuple = tuple.__new__  # wraps a listing in LegalActions (LegalActions.presorted written out)


def _sort_key(action: Action) -> tuple:
    return action.sort_key


class StepGame(Game):
    """A :class:`Game` whose decisions are the :class:`Step` units of :attr:`steps`, pending on ``state.stack``
    (see the module docstring)."""

    #: The one class that subclasses :class:`Game` directly: every game subclasses this one.
    _the_flow: ClassVar[bool] = True
    #: The game's step kinds, decisions and automatic steps, each registered once.
    steps: ClassVar[Steps]
    #: Legal actions come sorted from here: steps that are not presorted are sorted once.
    legal_is_sorted = True
    _steps_dispatched: ClassVar[bool] = True
    _checks_after: ClassVar[bool] = False
    #: The steps by kind as a plain dict (the pending step is looked up several times per decision).
    _by_kind: ClassVar[dict[str, Step]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "steps" in cls.__dict__:
            cls._by_kind = dict(cls.steps.items())
            # The dictionary's own look-up, no call in between: a game finds a step by kind on every turn (Chartres).
            cls.step_of = cls._by_kind.__getitem__  # type: ignore[method-assign,assignment]
        #: Whether the pending step alone says who decides and what they may do (no override of either).
        cls._steps_dispatched = cls._decider is StepGame._decider and cls._legal is StepGame._legal
        #: Whether the game checks the position after each decision (a call saved for the games that do not).
        cls._checks_after = cls._after_decision is not StepGame._after_decision

    def __init__(self, config: Any = None, seed: int = 0, **options: Any) -> None:
        super().__init__(config, seed, **options)
        self._settle()  # the first decision: automatic steps of the setup run, the first turn starts

    # ------------------------------------------------------------------ hooks of a game
    def _next_steps(self) -> bool:
        """Nothing is pending: push the next turn's (or round's) first step and return ``True``, or return ``False``:
        the game is over. By default a game ends when its stack runs empty."""
        return False

    def _after_decision(self) -> None:  # noqa: B027 - optional hook
        """Called after each decision has been applied and the flow settled (a check of the whole position, such as
        a victory that may come from any action). Nothing by default."""

    @classmethod
    def step_of(cls, kind: str) -> Step:
        """The game's step of ``kind`` (``KeyError`` for a kind it does not have); a game class with ``steps`` has
        its steps' own dictionary look-up here."""
        return cls._by_kind[kind]

    # ------------------------------------------------------------------ the flow, the same for every game
    def push(self, record: Any) -> None:
        """Put a step's record on top of the stack: it is pending next (after anything pushed later)."""
        self.state.stack.append(record)

    def _settle(self) -> None:
        """Run automatic steps, and start the next turn when nothing waits, until a player must decide or the game
        is over."""
        stack, by_kind = self.state.stack, self._by_kind
        while True:
            if not stack:
                if not self._next_steps():
                    return
                stack = self.state.stack  # a step may have replaced the state's list
                continue
            step = by_kind[stack[-1].kind]
            if not step.automatic:
                return
            step.run(self, stack.pop())  # type: ignore[attr-defined]
            stack = self.state.stack

    def _step_now(self) -> tuple[Step, Any, int] | None:
        """The pending step, its record (``at``) and the deciding seat; ``None`` once the game is over."""
        stack = self.state.stack
        if not stack:
            return None
        top = stack[-1]
        return self._by_kind[top.kind], top, top.player

    def is_terminal(self) -> bool:
        return not self.state.stack

    @property
    def current_player(self) -> int | None:
        """The seat that decides now (a game whose turn belongs to someone else meanwhile says so itself)."""
        stack = self.state.stack
        return stack[-1].player if stack else None

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

    def legal_actions(self, player: int | None = None) -> LegalActions:
        """Legal actions in a stable sorted order; empty for a player who is not the one to decide. The listing is
        remembered for ``apply`` here, the one place it is: a bot hands back one of these very objects, which needs
        no second listing (``Game._listed``)."""
        if self._steps_dispatched and self.legal_is_sorted:
            # The pending step's options read here without a call in between: every decision is listed here, and
            # the call is 1 % of a random Cities & Knights decision (bench/bench_instructions.py).
            stack = self.state.stack
            if not stack or player is not None and player != stack[-1].player:
                return LegalActions(())
            at = stack[-1]
            step = self._by_kind[at.kind]
            options = step.options(self, at)
            legal = _new_tuple(LegalActions, options if step.presorted else sorted(set(options), key=_sort_key))
        else:  # a game that decides or lists otherwise goes the general way
            found = self._legal_of(player)
            if found is None:
                return LegalActions(())
            # LegalActions.presorted written out
            legal = _new_tuple(LegalActions, found) if self.legal_is_sorted else LegalActions(found)
        self._legal_memo = (self.state, self._step, self.rng.state, legal)
        return legal

    def _legal_of(self, player: int | None) -> Sequence[Action] | None:
        if not self._steps_dispatched:  # a game that decides or lists otherwise goes the general way
            return super()._legal_of(player)
        # The pending record read here rather than through _step_now: legal actions are listed on every decision,
        # and a call and a tuple fewer are 3 % of a Catan decision (bench/bench_instructions.py).
        stack = self.state.stack
        if not stack:
            return None
        at = stack[-1]
        if player is not None and player != at.player:
            return None
        step = self._by_kind[at.kind]
        options = step.options(self, at)
        return options if step.presorted else sorted(set(options), key=_sort_key)

    def _why_illegal(self, action: Action) -> str | None:
        now = self._step_now()
        if now is None:
            return "the game is over."
        step, at, _ = now
        return step.spelling(self, at, action) or step.refusal(self, at, action)

    def _apply(self, action: Action) -> None:
        by_kind = self._by_kind
        record = self.state.stack.pop()  # decided: its effect pushes what comes next
        step = by_kind[record.kind]
        step.apply(self, record, action)
        stack = self.state.stack
        # Most decisions push the next decision: settling is then nothing, and is skipped without a call (the
        # engines' hottest path, bench/bench_before_after.py).
        if not stack:
            if step.goes_on:  # the effect pushed nothing: the same decision goes on (Unit.goes_on)
                stack.append(record)
            else:
                self._settle()
        elif by_kind[stack[-1].kind].automatic:
            self._settle()
        if self._checks_after:
            self._after_decision()
