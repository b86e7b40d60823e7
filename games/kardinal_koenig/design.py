"""What a game reads of its designable parameters (``parameters.py``), prepared once per deck and variant.

:func:`design_of` turns a config's parameter values into a :class:`Design`: the deck (with a variant's card counts,
crests and routes), the layout frame and row lengths, the marked cards of the law chips, the crest limits, the claim
stones and the scoring chart's numbers. It is built once per (deck, variant) and shared by every game made with
them and by their clones; the game copies the few numbers its hot paths read into attributes of its own
(:meth:`~games.kardinal_koenig.game.CardGame._prepare`). The printed game's design is the data modules' numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from games.core import ParameterError

from . import layout
from .data import approx
from .deck import Card, Deck, load_deck, varied_deck
from .parameters import cross_check
from .scoring import ChartRules


@dataclass(frozen=True)
class Design:
    """The prepared numbers of one (deck, variant) (module docstring)."""

    deck: Deck
    cards: Mapping[str, Card]  # by id; shared by every game of this design, never changed
    geometry: layout.Geometry
    lengths: tuple[int, ...]  # cards in each row of the shuffled layout
    chip_places: tuple[tuple[int, int], ...]  # the marked cards, 1-based (row, column), in laying order
    chip_kinds: tuple[str, ...]  # the law chips before they are shuffled, kind by kind
    crest_limit: int
    crest_limit_with_chip: int
    stones: int
    placeable: Mapping[int, int]  # by player count
    chart: ChartRules
    #: What the log says of a card at a cell, by (verb, cell, card id), worded once per design and shared by every
    #: game (the taking and placing events' sentences after the seat: cards keep their cell all game).
    words: dict[tuple[str, int, str], str] = field(default_factory=dict, compare=False, repr=False)


_DESIGNS: dict[tuple[str, Any], tuple[Deck, Design]] = {}


def design_of(config: Any, params: Mapping[str, Any]) -> Design:
    """The design of a game with ``config`` and its parameter values ``params`` (cached by the deck and the variant;
    a :class:`~games.core.ParameterError` names what two parameters disagree on)."""
    key = (config.deck, config.variant)
    base = load_deck(config.deck)
    found = _DESIGNS.get(key)
    if found is not None and found[0] is base:  # a deck registered again under its name is a new design
        return found[1]
    design = _make(config, params, base)
    if len(_DESIGNS) >= 64:
        _DESIGNS.clear()
    _DESIGNS[key] = (base, design)
    return design


def _make(config: Any, values: Mapping[str, Any], base: Deck) -> Design:
    changed = {path.split(".")[0] for path, _ in config.variant.items}
    counts, cells = values["country_cards"], values["cards"]
    if "country_cards" in changed or "cards" in changed:
        deck = varied_deck(base, counts, cells if "cards" in changed else None)
    else:
        deck = base
    reason = cross_check(values, config.deck, deck.cards, changed)
    if reason:
        raise ParameterError(reason)
    rows = values["layout_rows"]
    lengths = layout.row_lengths(len(deck.cards), rows)
    places = layout.chip_places(lengths, sum(values["law_chips"].values()))
    assert places is not None  # cross_check refused a layout without room for the chips
    split = values["law_chips"]
    return Design(
        deck=deck, cards=deck.by_id(), geometry=layout.geometry(rows, max(lengths)), lengths=lengths,
        chip_places=tuple(places),
        # kind by kind in the printed order, whatever order a variant wrote its table in: the shuffle draws the same
        chip_kinds=tuple(kind for kind in approx.LAW_CHIP_SPLIT.value for _ in range(split[kind])),
        crest_limit=values["crest_limit"], crest_limit_with_chip=values["crest_limit_with_chip"],
        stones=values["stones_per_player"],
        # a cap on the stones a player has: more than they have is all of them (as the printed game reads 3 of 3)
        placeable={int(players): min(count, values["stones_per_player"])
                   for players, count in values["placeable_stones"].items()},
        chart=ChartRules(dict(values["chart_points"]), values["runner_up_points"], values["crest_point_value"],
                         values["road_minimum"], values["road_point_value"], values["minus_chip_points"]))
