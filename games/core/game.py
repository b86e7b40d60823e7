"""The game object every rules module builds on.

A :class:`Game` is one game in progress. The rules come through a few hooks (``_setup``, ``_legal``, ``_apply``,
``_why_illegal``, ``pending``, ``scores``, ``_observe``), the decision hooks answered by
:class:`~games.core.StepGame` from a game's steps; this class supplies the rest of the shared API: validation with
readable refusals, rollback, clone, undo, replay, time travel and JSON save/load.
"""

from __future__ import annotations

import dataclasses
import html
import json
from abc import ABC, abstractmethod
from itertools import repeat
from operator import is_
from typing import Any, ClassVar, Mapping, Sequence, TypeVar

from .action import Action, LegalActions, as_action
from .config import config_from_dict, config_to_dict
from .decision import Decision, Outcome, seat_label
from .errors import ConfigError, GameError, IllegalAction, InvalidNotation, SaveFileError, excerpt, read_json
from .events import Event, RuleBook
from .parameters import Parameter, Params, params_of
from .records import Record
from .rng import Rng
from .search_settings import SearchSettings
from .shared_list import SharedList

G = TypeVar("G", bound="Game")

#: How near the best rating a greedy bot's choices tie (:class:`games.core.bots.GreedyBot` draws among the actions
#: rated within it of the best); :meth:`Game.contenders` may leave out actions rated further below the best than this.
TIE = 1e-9

SAVE_FORMAT = "boardgame-notebooks/save"
SAVE_VERSION = 1
_new_event = tuple.__new__  # builds an Event from its five fields (see emit)


def _config_of(cls: type, options: dict[str, Any]) -> Any:
    """``config_from_dict(cls, {}, **options)``, built once per set of plain options (whole numbers, texts, true or
    false): configs are frozen, and games made by the thousand (bots, tournaments, the fuzz) ask for the same few
    again and again. The key holds each value's type, so ``players=True`` is still refused as it always was."""
    if not all(type(v) in (int, str, bool) for v in options.values()):
        return config_from_dict(cls, {}, **options)
    key = (cls, *sorted((name, type(v), v) for name, v in options.items()))
    config = _CONFIGS.get(key)
    if config is None:
        config = config_from_dict(cls, {}, **options)
        if len(_CONFIGS) >= 256:
            _CONFIGS.clear()
        _CONFIGS[key] = config
    return config


_CONFIGS: dict[tuple, Any] = {}


class Game(ABC):
    """One game in progress: config + seed + the actions taken so far, and the state they lead to.

    The game-neutral half of the one base class a game subclasses, :class:`~games.core.StepGame` (its decisions as
    steps on a stack, :mod:`games.core.steps`): two classes only so that each module stays readable (under 600
    lines), so a game never subclasses this one directly (refused at class creation)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if Game in cls.__bases__ and not cls.__dict__.get("_the_flow", False):
            raise TypeError(f"{cls.__name__}: a game subclasses games.core.StepGame (its decisions as steps), "
                            "not Game")

    #: Registry id used in save files, e.g. ``"kutna_hora.economy"``.
    game_id: ClassVar[str]
    title: ClassVar[str]
    rules: ClassVar[RuleBook]
    Config: ClassVar[type]
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 1
    #: ``True`` when ``_legal`` already returns its actions sorted by ``sort_key`` and unique (skips a sort).
    legal_is_sorted: ClassVar[bool] = False
    #: ``True`` when some seat cannot see part of the state (hands, face-down tiles, a deck's order): then
    #: :meth:`redeal` deals that part again, and the shared checks require it to look the same to that seat.
    hidden_information: ClassVar[bool] = False
    #: How big a lead :meth:`heuristic` calls clear (search bots squash leads by it into a win chance).
    evaluation_scale: ClassVar[float] = 10.0
    #: How the search bot searches this game (:mod:`games.core.search_settings`): its budget, playout depth, root
    #: candidates and prior from the greedy rating, widening, shared deals and its own evaluation. A game sets its
    #: own in its ``search.py``, with the reason for each number (and the tuning run behind its weights, once one
    #: is made).
    search_settings: ClassVar[SearchSettings] = SearchSettings()

    #: Kinds of action a restricted bot of the design lab may be forbidden ("never builds a wall"): an action-text
    #: prefix (a verb, or a verb and its first words) -> what a bot so restricted never does, in words. A restricted
    #: bot refuses every action whose text is the prefix or starts with it and a space, unless nothing else is legal.
    action_kinds: ClassVar[Mapping[str, str]] = {}
    #: The game's designable parameters, what :meth:`parameters` gives unless a game works them out otherwise.
    designable: ClassVar[tuple[Parameter, ...]] = ()

    state: Record

    def __init__(self, config: Any = None, seed: int = 0, **options: Any) -> None:
        if isinstance(config, self.Config) and not options:
            self.config = config
        elif config is None:
            self.config = _config_of(self.Config, options)
        else:
            base = config_to_dict(config) if dataclasses.is_dataclass(config) else (config or {})
            self.config = config_from_dict(self.Config, base, **options)
        #: The designable parameters' values for this config (the printed ones unless its ``variant`` changes them).
        self.params: Params = params_of(type(self), self.config)
        self._check_config(self.config)
        self.seed = seed
        self.rng = Rng(seed)
        #: The actions taken and the events they caused: lists that only grow at the end, shared with clones.
        self.history: SharedList[Action] = SharedList()
        self.log: SharedList[Event] = SharedList()
        #: The index in the history of the latest action (the one being applied, while it is): ``len(history) - 1``.
        #: Its events carry it; it names the position for the memo below without a ``len`` of the history.
        self._step = -1
        #: Whether config + seed + history rebuild this position (False after loading a trusted snapshot).
        self._replays = True
        #: The legal actions of the position they were listed for: (state, latest action's index, random stream,
        #: actions).
        self._legal_memo: tuple[Any, int, int, LegalActions] | None = None
        self._prepare()
        self.state = self._setup()

    # ----------------------------------------------------------------- hooks for the rules modules
    @classmethod
    def parameters(cls) -> tuple[Parameter, ...]:
        """The designable parameters of this game (``games.core.parameters``): each number, table and switch a
        designer may change, with its printed value, source, range and the rules it feeds. Rules code reads a
        component parameter's value from ``self.params`` (the config's ``variant`` may change it); a parameter that is
        a config option (``field``) is read from the config as before. :attr:`designable` by default."""
        return cls.designable

    def _check_config(self, config: Any) -> None:  # noqa: B027 - optional hook
        """Raise :class:`ConfigError` for impossible settings (player counts, unknown data sets, ...)."""

    def _check_players(self, config: Any, named: str) -> None:
        """The player-count check every game's :meth:`_check_config` starts with: a :class:`ConfigError` when
        ``config.players`` is outside :attr:`min_players`..:attr:`max_players` (``named``: how the sentence names the
        game, "Chartres takes 2 to 4 players, not 5")."""
        if not self.min_players <= config.players <= self.max_players:
            raise ConfigError(f"{named} takes {self.min_players} to {self.max_players} players, not {config.players}")

    def _prepare(self) -> None:  # noqa: B027 - optional hook
        """Build immutable helpers derived from the config (component tables). Shared by clones."""

    @abstractmethod
    def _setup(self) -> Record:
        """Return the starting state; may use ``self.rng`` and ``self.emit``."""

    @abstractmethod
    def _legal(self) -> Sequence[Action]:
        """Every legal action of the player who must decide now (any order; the base class sorts)."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Carry out a legal action, logging each effect with :meth:`emit`."""

    def _why_illegal(self, action: Action) -> str | None:
        """A sentence explaining why ``action`` is not legal now (``None`` for the generic sentence)."""
        return None

    @abstractmethod
    def pending(self) -> Decision | None:
        """The decision the game is waiting for, or ``None`` once it is over."""

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """Whose turn it is (``None`` once the game is over)."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def scores(self) -> tuple[int, ...]:
        """Points per seat so far (final once the game is over)."""

    @abstractmethod
    def _observe(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see (``None``: the public view). JSON-ready."""

    def heuristic(self, player: int) -> float:
        """How good this position looks for ``player`` (greedy bots maximise it): by default the score lead over
        the best other player. Games override it with an evaluation that uses only what ``player`` may know."""
        scores = self.scores()
        others = [s for p, s in enumerate(scores) if p != player]
        return float(scores[player] - max(others, default=0))

    def terms(self, player: int) -> dict[str, float]:
        """The parts of ``player``'s evaluation by name (``{"points": 12, "money": 3.4}``), from what that seat may
        know: what a coach names when it says why one choice is better. By default the score alone."""
        return {"points": float(self.scores()[player])}

    def lookahead(self, action: Action, player: int) -> float:
        """How good the position after ``action`` looks for ``player`` (greedy bots' one step ahead). Games whose
        next step would reveal hidden information override it to rate the position before the reveal."""
        twin = self.clone()
        twin.apply_unchecked(action)
        return twin.heuristic(player)

    def lookaheads(self, actions: Sequence[Action], player: int) -> list[float]:
        """:meth:`lookahead` of each of ``actions`` (legal now), in their order: the greedy bot's ratings of one
        decision. A game overrides it to compute once what every action of a decision shares (the position's own
        rating, a hand's best swap) instead of once per action; the values must be those :meth:`lookahead` gives."""
        return [self.lookahead(action, player) for action in actions]

    def contenders(self, actions: Sequence[Action], player: int) -> list[float | None]:
        """:meth:`lookaheads`, except that an action the game can tell, without rating it exactly, is rated more than
        :data:`TIE` below the best of ``actions`` may be left out (``None``): all a greedy bot needs to choose, since it
        draws among the actions within :data:`TIE` of the best (the same actions, in the same order, as from every
        rating). A game overrides it when a cheap upper bound of some ratings saves working them out. By default every
        rating."""
        return self.lookaheads(actions, player)

    def playout_action(self, legal: LegalActions, rng: Rng) -> Action:
        """The action a search bot's playout takes among ``legal`` (this position's listing), drawing from ``rng``
        only: by default one uniform draw. A game overrides it when random moves make its playouts mostly noise
        (Kutná Hora finishes a seat's own follow-up choices by the one-step rating); the position is already a
        redeal from the searching seat's view, so a game may read it whole."""
        return rng.choice(legal)

    def round_number(self) -> int | None:
        """How many of the game's rounds have begun, as its rule text counts them (eras, rounds), for the design
        lab's lengths and series; ``None`` when the game has no rounds of its own (the lab then counts a round each
        time the turn comes back to the seat that played first)."""
        return None

    def standings(self) -> tuple[float, ...]:
        """Each seat's standing now, for the design lab's leader, lead changes and drama: by default the points so
        far. A game whose points come mostly at the end returns each seat's evaluation instead (what
        :meth:`heuristic` says for that seat)."""
        return tuple(float(s) for s in self.scores())

    def series(self) -> dict[str, Any]:
        """The economy the design lab follows through a game, sampled once per turn: name -> a number, or a tuple
        with one number per seat (``{"points": (3, 5, 2), "price.ore": 4}``). By default the points."""
        return {"points": tuple(float(s) for s in self.scores())}

    def redeal(self: G, viewer: int | None, rng: Rng) -> G:
        """A copy in which everything ``viewer`` cannot see (``None``: what nobody sees) is dealt again at random from
        ``rng``, consistent with all ``viewer`` has seen: the same observation, prompt and log for ``viewer``, a sound
        game that plays on. Search bots sample hidden information this way (determinization); tests build hidden-
        information twins with it. A game without hidden information returns a plain copy."""
        return self.clone()

    def invariant_breaks(self) -> list[str]:
        """Game-specific invariants that fail now, in words (conservation of pieces, limits); ``[]`` when sound.
        Random-play tests and the fuzz command call it after every decision."""
        return []

    def random_weights(self, legal: LegalActions) -> Sequence[int] | None:
        """How often random play (the fuzz, the random-play tests) picks each of ``legal``, the position's listing:
        one whole-number weight per action (0 never picks it), or ``None`` for uniform, the default. A game whose
        uniform games drag on (Catan composes trades and ends turns far more often than it builds) weights its
        actions so random games end nearer a real game's length; it changes which positions are visited, never
        which checks run."""
        return None

    def _tiebreak(self, player: int) -> tuple:
        """Sort key that breaks score ties (bigger wins); equal keys share the win."""
        return ()

    # ----------------------------------------------------------------- the shared API
    @property
    def players(self) -> int:
        return int(getattr(self.config, "players", 1))

    def emit(self, rule: str, text: str, **data: Any) -> Event:
        """Log an effect of ``rule`` (an id of :attr:`rules`)."""
        section = self.rules.section_of.get(rule)
        if section is None:
            section = self.rules[rule].section  # an unknown rule id: the rule book's KeyError names it
        event = _new_event(Event, (self._step, rule, section, text, data))  # Event(...) without its defaults
        self.log._tail.append(event)  # log.append without a Python call (games.core.shared_list)
        return event

    @abstractmethod
    def legal_actions(self, player: int | None = None) -> LegalActions:
        """Legal actions in a stable sorted order; empty for a player who is not the one to decide (listed, and
        remembered for :meth:`apply` in ``_legal_memo``, by :meth:`games.core.StepGame.legal_actions`)."""

    def _legal_of(self, player: int | None) -> Sequence[Action] | None:
        """``_legal()`` when ``player`` (``None``: whoever) decides now, else ``None``."""
        decider = self._decider()
        if decider is None or (player is not None and player != decider):
            return None
        return self._legal()

    def _listed(self, action: Action) -> bool:
        """Whether ``action`` is one of the objects :meth:`legal_actions` just listed for this very position."""
        memo = self._legal_memo
        return (memo is not None and memo[0] is self.state and memo[1] == self._step
                and memo[2] == self.rng.state and any(map(is_, memo[3], repeat(action))))

    def touched(self) -> None:
        """Say the state was changed by hand (a scenario builder, a sandbox) after listing the legal actions: the
        listed action objects are no longer taken as legal without a check. Play through :meth:`apply` needs no
        call, and neither does an action given as text."""
        self._legal_memo = None

    def _decider(self) -> int | None:
        """The seat that decides now (``None``: nobody, the game is over): ``pending().player`` without building the
        prompt. Games override it when that is cheaper."""
        decision = self.pending()
        return None if decision is None else decision.player

    def is_legal(self, action: Action | str) -> bool:
        try:
            return as_action(action) in self.legal_actions()
        except InvalidNotation:
            return False

    def explain(self, action: Action | str) -> str:
        """Why ``action`` is or is not legal now, in one sentence."""
        action = as_action(action)
        if action in self.legal_actions():
            return f"{action} is legal now."
        return self._refusal(action)

    def _refusal(self, action: Action) -> str:
        if self.is_terminal():
            return "the game is over; no more actions can be taken."
        reason = self._why_illegal(action)
        if reason:
            return reason
        legal = self.legal_actions()
        shown = ", ".join(legal.texts()[:8]) + (", ..." if len(legal) > 8 else "")
        return f"'{action}' is not an action you can take now. Legal now: {shown}."

    def apply(self, action: Action | str) -> list[Event]:
        """Validate and carry out ``action`` (an :class:`Action` or its text); return the events it caused.

        Raises :class:`InvalidNotation` for text that is not an action and :class:`IllegalAction` (with a
        readable ``reason``) for an action the rules forbid now. In both cases the game is left untouched.
        """
        if isinstance(action, Action) and self._listed(action):
            return self._commit(action, rollback=True)
        action = as_action(action)
        if action not in self.legal_actions():
            raise IllegalAction(action, self._refusal(action))
        return self._commit(action, rollback=True)

    def apply_unchecked(self, action: Action) -> list[Event]:
        """Fast path for bots that picked ``action`` from :meth:`legal_actions`: no validation, no rollback."""
        # _commit(action, rollback=False) written out: bots and random play apply every action here
        log = self.log
        tail, frozen = log._tail, log._frozen
        start = len(tail)
        self._step = step = self._step + 1
        try:
            self._apply(action)
        except BaseException:
            self._step = step - 1
            raise
        self.history._tail.append(action)
        return tail[start:] if log._tail is tail else log[frozen + start:]

    def _commit(self, action: Action, rollback: bool) -> list[Event]:
        # This action's events are appended to the log's tail (games.core.shared_list), read here directly: this runs
        # once per action, and the shared list's own len() and slicing are Python calls. Only a copy of the log made
        # while the action is applied would put a new tail in place; then the events are read through the log.
        log = self.log
        tail, frozen = log._tail, log._frozen
        start = len(tail)
        # A legal action cannot be refused half-way: an exception here is an engine bug. The position is then rebuilt
        # from config + seed + actions (deterministic), so the checked path copies nothing; only a position loaded
        # from a trusted snapshot, which its actions may not replay to, keeps a copy to roll back to.
        saved = (self.state.copy(), self.rng.state) if rollback and not self._replays else None
        self._step = step = self._step + 1
        try:
            self._apply(action)
        except BaseException:
            self._step = step - 1
            if saved is not None:
                self.state, self.rng.state = saved
                del log[frozen + start:]
            elif rollback:
                earlier = type(self).replay(self.config, self.seed, self.history)
                self.state, self.rng, self.log = earlier.state, earlier.rng, earlier.log
            raise
        self.history._tail.append(action)
        return tail[start:] if log._tail is tail else log[frozen + start:]

    def clone(self: G) -> G:
        """An independent copy: changing one never changes the other."""
        twin = object.__new__(type(self))  # shares the config and the immutable component tables
        twin.__dict__.update(self.__dict__)
        twin.state = self.state.copy()
        twin.rng = self.rng.copy()
        twin.history = self.history.copy()  # shares all but the newest items (games.core.shared_list)
        twin.log = self.log.copy()
        twin._legal_memo = None  # a copy is often changed by hand (a redeal): it lists its own actions
        return twin

    @classmethod
    def replay(cls: type[G], config: Any, seed: int, actions: Sequence[Action | str]) -> G:
        """Rebuild a game from its config, seed and action log (each action checked again)."""
        game = cls(config, seed)
        for i, action in enumerate(actions):
            try:
                game.apply(action)
            except GameError as err:
                raise SaveFileError(f"action {i + 1} ({action}) cannot be replayed: {err}") from err
        return game

    def at(self: G, step: int) -> G:
        """The game as it was after ``step`` actions (time travel; the original is unchanged)."""
        if not 0 <= step <= len(self.history):
            raise IndexError(f"step must be between 0 and {len(self.history)}, not {step}")
        return type(self).replay(self.config, self.seed, self.history[:step])

    def undo(self, steps: int = 1) -> None:
        """Take back the last ``steps`` actions, in place (replays the shorter log)."""
        if not 0 <= steps <= len(self.history):
            raise IndexError(f"can undo between 0 and {len(self.history)} actions, not {steps}")
        earlier = self.at(len(self.history) - steps)
        self.state, self.rng, self.history, self.log = earlier.state, earlier.rng, earlier.history, earlier.log
        self._step = earlier._step

    def outcome(self) -> Outcome | None:
        """Winners and final scores once the game is over (``None`` before)."""
        if not self.is_terminal():
            return None
        scores = self.scores()
        keys = [(scores[p], *self._tiebreak(p)) for p in range(self.players)]
        best = max(keys)
        winners = tuple(p for p in range(self.players) if keys[p] == best)
        return Outcome(winners, "the game has ended: most points wins", tuple(scores))

    def observe(self, player: int | None = None) -> dict[str, Any]:
        """What ``player`` may see (``None``: what everyone sees). Never contains another player's secrets."""
        if player is not None and not 0 <= player < self.players:
            raise ValueError(f"player must be between 0 and {self.players - 1}, not {player}")
        return self._observe(player)

    def teacher_view(self) -> dict[str, Any]:
        """Everything, hidden information included (for teachers and debugging, never for bots)."""
        return self.state.to_dict()

    # ----------------------------------------------------------------- saving
    def to_dict(self, snapshot: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.game_id,
            "config": config_to_dict(self.config),
            "seed": self.seed,
            "actions": [str(a) for a in self.history],
        }
        if snapshot:
            data["snapshot"] = {"state": self.state.to_dict(), "rng": self.rng.state,
                                "log": [e.to_dict() for e in self.log]}
        return data

    def to_json(self, snapshot: bool = True, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(snapshot), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls: type[G], data: Any, trust_snapshot: bool = False) -> G:
        """Load a save. By default the action log is replayed and the snapshot (if any) must agree with it, so a
        loaded game is exactly the game its log replays to. ``trust_snapshot=True`` loads the snapshot directly
        instead (fast, for files you wrote yourself): trusting means the state is taken as written, without
        replaying the log, so a hand-edited snapshot can hold a position no play reaches. Only the cheap checks
        run then: every value of the state has its annotated type, and the game's own invariants hold
        (:meth:`invariant_breaks`: pieces conserved, limits kept) and its pending decision can be read. Anything
        malformed raises :class:`SaveFileError` with one sentence."""
        try:
            return cls._load_save(data, trust_snapshot)
        except RecursionError:
            raise SaveFileError("the save nests lists or objects deeper than any game's state") from None

    @classmethod
    def _load_save(cls: type[G], data: Any, trust_snapshot: bool) -> G:
        if not isinstance(data, Mapping):
            raise SaveFileError("a save file holds a JSON object")
        if data.get("format") != SAVE_FORMAT:
            raise SaveFileError(f"not a save file of this project (format {excerpt(data.get('format'))})")
        if data.get("version") != SAVE_VERSION:
            raise SaveFileError(f"save format version {excerpt(data.get('version'))} is not supported")
        if data.get("game") != cls.game_id:
            raise SaveFileError(f"this save is a {excerpt(data.get('game'))} game, not {cls.game_id!r}")
        seed = data.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise SaveFileError(f"seed must be a whole number, not {excerpt(seed)}")
        actions = data.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise SaveFileError("'actions' must be a list of action texts")
        try:
            parsed = [Action.parse(a) for a in actions]
        except InvalidNotation as err:
            raise SaveFileError(f"unreadable action in the log: {err}") from err
        config_data = data.get("config", {})  # a save without the key plays the default config; [] or 0 are refused
        if not isinstance(config_data, Mapping):
            raise SaveFileError(f"'config' must be an object of options, not {excerpt(config_data)}")
        try:
            config = config_from_dict(cls.Config, config_data)
        except (GameError, TypeError) as err:
            raise SaveFileError(f"bad config: {err}") from err
        snap = data.get("snapshot")
        try:
            if trust_snapshot and snap is not None:
                return cls._from_snapshot(config, seed, parsed, snap)
            game = cls.replay(config, seed, parsed)
        except ConfigError as err:
            raise SaveFileError(f"bad config: {err}") from err
        if snap is not None:
            expected = {"state": game.state.to_dict(), "rng": game.rng.state,
                        "log": [e.to_dict() for e in game.log]}
            if snap != expected:
                raise SaveFileError("the snapshot disagrees with the game its action log replays to")
        return game

    @classmethod
    def _from_snapshot(cls: type[G], config: Any, seed: int, actions: list[Action], snap: Any) -> G:
        if not isinstance(snap, Mapping) or set(snap) != {"state", "rng", "log"}:
            raise SaveFileError("'snapshot' must hold exactly state, rng and log")
        game = cls(config, seed)
        game.state = type(game.state).from_dict(snap["state"], "snapshot.state")
        if isinstance(snap["rng"], bool) or not isinstance(snap["rng"], int):
            raise SaveFileError("snapshot.rng must be a whole number")
        game.rng.state = snap["rng"]
        try:
            game.log = SharedList(Event.from_dict(e) for e in snap["log"])
        except (KeyError, TypeError, ValueError) as err:
            raise SaveFileError(f"snapshot.log is malformed: {err}") from err
        game.history = SharedList(actions)
        game._step = len(actions) - 1
        game._replays = False
        try:  # the cheap checks a trusted snapshot still gets (from_dict's docstring)
            breaks = game.invariant_breaks()
            game.pending()
        except Exception as err:  # a state of the right types that the rules cannot read
            raise SaveFileError(f"the snapshot's state cannot be played: {type(err).__name__}: {err}") from None
        if breaks:
            raise SaveFileError(f"the snapshot's state breaks the game's invariants: {'; '.join(breaks)}")
        return game

    @classmethod
    def from_json(cls: type[G], text: str | bytes, trust_snapshot: bool = False) -> G:
        """Load a save from its JSON text (or UTF-8 bytes); see :meth:`from_dict`."""
        return cls.from_dict(read_json(text, SaveFileError, "a save"), trust_snapshot)

    def __repr__(self) -> str:
        decision = self.pending()
        now = f"{decision.prompt}" if decision else "game over"
        return f"<{self.title}: {len(self.history)} actions, {now}>"

    def summary(self) -> list[str]:
        """The game in a few sentences: what it is and how far, who decides what now (or how it ended), the points
        so far. What a notebook shows for a game left as a cell's last line (a table view draws its board)."""
        outcome = self.outcome()
        lines = [f"{self.title}, {self.players} players, seed {self.seed}: {len(self.history)} actions so far."]
        if outcome is not None:
            lines.append(f"Game over: {outcome.words()}")
        else:
            decision = self.pending()
            if decision is not None:
                lines.append(f"Now: {decision.words()}")
            lines.append(f"Points so far: {', '.join(f'{seat_label(p)} {s}' for p, s in enumerate(self.scores()))}.")
        return lines

    def _repr_html_(self) -> str:
        first, *rest = (html.escape(line) for line in self.summary())
        return f"<div class='bg-game-summary'><b>{first}</b>{''.join(f'<br>{line}' for line in rest)}</div>"
