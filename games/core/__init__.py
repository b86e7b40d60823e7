"""The rules kernel every game in this package shares.

A game is created from a config and a seed, and is then driven one decision at a time::

    from games import kutna_hora
    game = kutna_hora.new_economy(players=2, seed=1)   # config options as keywords, any int seed
    game.pending()            # Decision(player=0, kind='turn', prompt='...') - who must decide what now
    game.current_player       # whose turn it is (may differ from who decides, for out-of-turn choices)
    legal = game.legal_actions()          # sorted, identical across processes; "income" in legal -> True
    events = game.apply("build beer")     # text or Action; IllegalAction(reason) leaves the game untouched
    game.log[-1]              # Event: what happened and which rule (id + rulebook section) caused it
    game.undo(); game.at(3); game.clone()  # take back, time travel, independent copy
    text = game.to_json(); type(game).from_json(text)   # config + seed + action log (+ checked snapshot)
    game.is_terminal(), game.scores(), game.outcome(), game.observe(player)

Pieces:

* :class:`Action` - a verb and a few arguments, ``str()`` gives ``"advance ore 2"``, :meth:`Action.parse` reads it.
* :class:`Game` - the base class a rules module subclasses (hooks ``_setup``, ``_legal``, ``_apply``,
  ``_why_illegal``, ``pending``, ``current_player``, ``is_terminal``, ``scores``, ``_observe``).
* :class:`Step`, :class:`Automatic`, :class:`Steps`, :class:`StepGame` - each decision kind as one unit (prompt,
  options, refusal, effect), steps nobody decides, and the one decision flow; :class:`Verb` and :class:`VerbStep` -
  one unit per verb of a step that takes several: a stack of pending step records that
  the kernel dispatches from and settles (:mod:`games.core.steps`).
* :class:`Rule`, :class:`RuleBook`, :class:`Event` - rule registry (``RuleBook.load`` reads ``data/rules.json``)
  and event log.
* :class:`Rng` - the game-owned random stream (the global ``random`` is never used).
* :class:`Record` - plain-data state pieces with validated JSON load.
* :class:`Parameter`, :class:`Changes` - a game's designable parameters (``Game.parameters()``) and the changes a
  variant makes to them (the config option ``variant``; :mod:`games.core.parameters`).
* Errors: :class:`IllegalAction`, :class:`InvalidNotation`, :class:`ConfigError`, :class:`SaveFileError`,
  :class:`DataError`.
* :mod:`games.core.conformance` - the random-play checks every game must pass.
"""

from .action import Action, LegalActions, as_action
from .config import config_from_dict, config_to_dict
from .errors import ConfigError, DataError, GameError, IllegalAction, InvalidNotation, SaveFileError
from .events import DECISION, INFERRED, RULEBOOK, SANDBOX, Event, Rule, RuleBook
from .game import Decision, Game, Outcome, seat_label
from .parameters import NO_CHANGES, Changes, Parameter, ParameterError, Params
from .provenance import APPROX, EXACT_SOURCES, Sourced
from .records import Record
from .rng import Rng
from .steps import Automatic, Step, StepGame, Steps, Verb, VerbStep

__all__ = [
    "APPROX", "Action", "Automatic", "Changes", "ConfigError", "DECISION", "DataError", "Decision", "EXACT_SOURCES",
    "Event",
    "Game", "GameError", "INFERRED", "IllegalAction", "InvalidNotation", "LegalActions", "NO_CHANGES", "Outcome",
    "Parameter", "ParameterError", "Params", "RULEBOOK", "Record", "Rng", "Rule", "RuleBook", "SANDBOX",
    "SaveFileError", "Sourced", "Step", "StepGame", "Steps", "Verb",
    "VerbStep", "as_action", "config_from_dict", "config_to_dict", "seat_label",
]
