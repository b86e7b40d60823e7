"""The card game's designable parameters (``games.core.parameters``): the deck, the layout, the scoring chart, the
rule text's numbers and the one rule switch, each with its printed value, source and range.

A variant's values are checked twice: each parameter's own ``check`` (a sound table) when the changes are resolved,
and :func:`cross_check` for what two parameters must agree on (the cards fill the rows, the law chips find their
marked cards, every card is within the crest limit), when a game is made
(:meth:`~games.kardinal_koenig.game.CardGame._check_config`). Every allowed value plays to its last card. How the
numbers reach the rules: :mod:`.design`. Why each range is what it is: ``docs/rules_notes/kardinal_koenig.md``,
"Designable parameters".
"""

from __future__ import annotations

from typing import Any, Mapping

from games.core import Parameter

from . import layout
from .data import approx, rulebook
from .deck import Card, card_from_cell, card_table, load_deck
from .scoring import RUNNER_UP_RULES

#: The deck the ``cards`` table describes: the designed card sheet that ships with the package.
CARDS_DECK = "approx_v1"
_PRINTED_DECK = load_deck(CARDS_DECK)
#: Most cards of one country: 20 keeps a layout of 9 × 20 = 180 cards within what the views can draw.
MOST_CARDS = 20
#: Most rows: 8 rows of 7 are still a layout with two ends a row.
MOST_ROWS = 8


def check_country_cards(value: Mapping[str, int]) -> str | None:
    return "a game needs at least one country card" if sum(value.values()) == 0 else None


def check_cards(value: Mapping[str, Mapping[str, str]]) -> str | None:
    for cid, cell in value.items():
        made = card_from_cell(cid, "", cell)
        if isinstance(made, str):
            return made
    return None


PARAMETERS: tuple[Parameter, ...] = (
    Parameter("country_cards", dict(rulebook.COUNTRY_CARDS.value), rulebook.COUNTRY_CARDS.source,
              "Cards of each country in the deck (France 8 … Denmark 4). Fewer leaves the country's last cards out "
              "(france-8 first); more adds copies of its own cards from its first on (france-9 copies france-1). "
              "The chart's points are a parameter of their own (chart_points).",
              rules=("setup.layout", "take.one-country"), low=0, high=MOST_CARDS, check=check_country_cards,
              note=rulebook.COUNTRY_CARDS.note),
    Parameter("cards", card_table(_PRINTED_DECK), _PRINTED_DECK.source,
              "Each card's crests (kinds joined by '+': 'cross+fan', a kind may repeat, '' for none; at most "
              "crest_limit of them) and route ('', 'ship', 'carriage', or 'ship+carriage'), by card id, for the "
              "designed deck approx_v1.",
              rules=("take.crest-limit", "take.routes-not-crests", "score.crests", "score.roads",
                     "inferred.crests-per-card", "inferred.one-route"),
              check=check_cards, note=_PRINTED_DECK.note),
    Parameter("layout_rows", rulebook.ROWS.value, rulebook.ROWS.source,
              "Rows the shuffled cards are laid out in, dealt evenly (56 cards in 4 rows: 14 each; 57: 15, 14, 14, "
              "14). More rows, more ends to take from.",
              rules=("setup.layout", "take.ends"), low=1, high=MOST_ROWS, note=rulebook.ROWS.note),
    Parameter("chart_points", dict(rulebook.COUNTRY_POINTS.value), rulebook.COUNTRY_POINTS.source,
              "What the most cards of each country score: the number printed on its cards (its card count).",
              rules=("score.country-first", "score.chart-order"), low=0, high=30, note=rulebook.COUNTRY_POINTS.note),
    Parameter("runner_up_points", rulebook.RUNNER_UP.value, rulebook.RUNNER_UP.source,
              "What every other player with cards of a country scores: 'above' the card count of the player ranked "
              "just above (printed), 'own' their own card count, 'none' nothing.",
              rules=("score.country-next", "score.country-ties"), choices=RUNNER_UP_RULES,
              note=rulebook.RUNNER_UP.note),
    Parameter("crest_point_value", rulebook.CREST_POINT.value, rulebook.CREST_POINT.source,
              "Points per crest of the top kind in a country (the top count scores that number).",
              rules=("score.crests",), low=0, high=5, note=rulebook.CREST_POINT.note),
    Parameter("road_minimum", rulebook.ROAD_MINIMUM.value, rulebook.ROAD_MINIMUM.source,
              "Ships (or carriages) a player needs for a road to score.",
              rules=("score.roads",), low=1, high=20, note=rulebook.ROAD_MINIMUM.note),
    Parameter("road_point_value", rulebook.ROAD_POINT.value, rulebook.ROAD_POINT.source,
              "Points per ship (or carriage) of a road that scores.",
              rules=("score.roads",), low=0, high=5, note=rulebook.ROAD_POINT.note),
    Parameter("minus_chip_points", rulebook.MINUS_CHIP_POINTS.value, rulebook.MINUS_CHIP_POINTS.source,
              "What each −2 law chip counts at the end (negative: a penalty).",
              rules=("chips.minus2", "score.minus-chips"), low=-10, high=10, note=rulebook.MINUS_CHIP_POINTS.note),
    Parameter("crest_limit", rulebook.CREST_LIMIT.value, rulebook.CREST_LIMIT.source,
              "Crests the cards taken in one turn may show in all (at least the most crests one card shows).",
              rules=("take.crest-limit", "decision.crestless-after-limit"), low=1, high=6,
              note=rulebook.CREST_LIMIT.note),
    Parameter("crest_limit_with_chip", rulebook.CREST_LIMIT_WITH_CHIP.value, rulebook.CREST_LIMIT_WITH_CHIP.source,
              "The crest limit in a turn where '3 crests allowed' is played (at least crest_limit).",
              rules=("chips.three", "decision.three-crests"), low=1, high=8, note=rulebook.CREST_LIMIT_WITH_CHIP.note),
    Parameter("stones_per_player", rulebook.STONES_PER_PLAYER.value, rulebook.STONES_PER_PLAYER.source,
              "Claim stones each player takes at the start (they place them, and pay with them for claimed cards).",
              rules=("setup.stones", "claimed.other", "claimed.no-stones"), low=0, high=6,
              note=rulebook.STONES_PER_PLAYER.note),
    Parameter("placeable_stones", {str(n): v for n, v in rulebook.PLACEABLE_STONES.value.items()},
              rulebook.PLACEABLE_STONES.source,
              "Claim stones a player may have on the layout at once, by player count (a cap: above "
              "stones_per_player it is all of them); once they are all out, one may be moved instead.",
              rules=("claim.limit-3", "claim.limit-45", "claim.move"), low=0, high=6,
              note=rulebook.PLACEABLE_STONES.note),
    Parameter("law_chips", dict(approx.LAW_CHIP_SPLIT.value), approx.LAW_CHIP_SPLIT.source,
              "Law chips of each kind, laid face down on the marked cards (row 1's 2nd card from each end, row 2's "
              "3rd, …; more chips go on deeper in the same way). The rule text prints 8 chips of 4 kinds; the "
              "split, 2 of each, is designed.",
              rules=("setup.law-chips", "chips.take", "chips.return", "chips.three", "chips.colours",
                     "chips.minus2"),
              low=0, high=6, note=f"{approx.LAW_CHIP_SPLIT.note}; {rulebook.LAW_CHIPS.value} in all: "
                                  f"{rulebook.LAW_CHIPS.note}"),
    Parameter("crestless_after_limit", True, "decision",
              "Once the turn's crests reach the limit, a card without crests may still be taken (the rule sentence); "
              "off: taking is over (the examples read literally).",
              rules=("decision.crestless-after-limit",), field="crestless_after_limit",
              note="「同色ならば、何枚でも取ることができます。ただし、取るカードに描かれた紋章は2つ以下でなければなりません」"
                   " against 「2つの紋章が描かれたカードを取りました。そのためこれ以上カードを取ることはできません」"),
)


def total_cards(values: Mapping[str, Any]) -> int:
    return sum(values["country_cards"].values())


def untakeable(card: Card, values: Mapping[str, Any]) -> str | None:
    """Why a plain turn could not take ``card`` under the variant's crest limit (``None`` when it can).

    Such a card is taken only in a turn with the '3 crests allowed' chip, and there are few of those: once such cards
    lie at the row ends nobody can take a card, and the game stops long before its last card (``crest_limit`` 1 on
    the designed sheet: every game measured ended with 35 to 51 of its 56 cards left). So a variant keeps every card
    within the plain limit, which also keeps the game's end, the last card taken: the owner of a claim stone on an
    end card (anybody, for a free one) can always take it."""
    crests, limit = len(card.crests), values["crest_limit"]
    if crests > limit:
        return (f"card {card.id} shows {crests} crests, more than crest_limit ({limit}): only a turn with the "
                "'3 crests allowed' chip could take it, and once such cards lie at the row ends the game stops with "
                "cards left; give it fewer crests or raise crest_limit")
    return None


def cross_check(values: Mapping[str, Any], deck_name: str, cards: tuple[Card, ...], changed: set[str]) -> str | None:
    """What the parameters must agree on (module docstring), for a game of the deck ``deck_name`` whose cards are
    ``cards`` (the variant's); ``changed`` names the parameters the variant changes. ``None`` when sound, else the
    sentence (naming the parameters)."""
    limit, with_chip = values["crest_limit"], values["crest_limit_with_chip"]
    if with_chip < limit:
        return (f"crest_limit_with_chip is {with_chip}, below crest_limit ({limit}): the '3 crests allowed' chip "
                "raises the limit, it never lowers it")
    if "cards" in changed and deck_name != CARDS_DECK:
        return (f"cards describes the designed deck {CARDS_DECK}; the deck {deck_name!r} has cards of its own (change "
                "them in its file) or play deck approx_v1")
    total, rows = total_cards(values), values["layout_rows"]
    if total < rows:
        return (f"the {total} country cards (country_cards) cannot fill {rows} rows (layout_rows): every row needs "
                "a card")
    lengths = layout.row_lengths(total, rows)
    chips = sum(values["law_chips"].values())
    if layout.chip_places(lengths, chips) is None:
        return (f"the {chips} law chips (law_chips) do not find {chips} marked cards in {rows} rows of "
                f"{' and '.join(map(str, sorted(set(lengths), reverse=True)))} cards (row 1's 2nd card from each end, "
                "row 2's 3rd, …): use fewer chips, more cards or fewer rows")
    if changed & {"cards", "crest_limit"}:
        for card in cards:
            reason = untakeable(card, values)
            if reason:
                return reason
    return None


__all__ = ["CARDS_DECK", "PARAMETERS", "cross_check", "total_cards", "untakeable"]
