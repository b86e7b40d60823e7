"""Hand-made Chartres positions for scenario tests.

The engine has no position config, so a builder starts a seeded game with a fixed initiative order and fixed
cellars (:func:`new_game`), lets every player pick the first three cards of their deal as the starting action row,
and then *moves* things between the piles of ``game.state``: cards from wherever they are into a hand, a row or the
top of the deck, locations and bonus tiles onto the table, citizens from the common supply onto a path. Nothing is
invented or lost, so ``game.invariant_breaks()`` stays ``[]`` (:func:`sound` checks it).

Cards are never named by a bare id: :func:`cards_of` finds designed cards by what they show (colour, resources,
abilities), so a test says "a yellow card whose main ability is 2× discard a yellow card, build a yellow window".

    game = new_game(players=2)
    x = card(colour="yellow", main=("discard:yellow", "window:yellow"), times=2)
    plays = ready_to_activate(game, 0, x, hand=cards_of(colour="yellow")[-2:])
    events = play_cards(game, plays)        # Phases C, D and E run; the game stops at the next decision
    events += play(game, "discard a19")     # ... a discard to pay for the first window

:func:`to_phase_f` plays round 4 into Phase F with the action rows given; :func:`run_to` / :func:`finish` play on
with the predictable :func:`quiet` policy (draw instead of a location, buy no tile, stop abilities, pour white).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from games.chartres.components import load_components
from games.chartres.game import ChartresGame
from games.chartres.state import Pending
from games.core import Action, Event

PARTS = load_components()
CARDS = PARTS.cards
LOCATIONS = PARTS.locations
TILES = PARTS.tiles
ANY: Any = object()  # "do not care" for a filter of cards_of


# ---------------------------------------------------------------------------------------------------- lookups
def cards_of(colour: str | None = None, resources: Sequence[str] | None = None, main: Sequence[str] | None = None,
             times: int | None = None, per: str | None = None, bonus: Any = ANY, has: Iterable[str] = (),
             lacks: Iterable[str] = ()) -> list[str]:
    """Ids of the designed assistant cards that match every filter given, sorted.

    ``resources`` is the exact multiset of icons; ``has`` / ``lacks`` icons the card must / must not show;
    ``main`` the exact atoms of the main ability (``times`` / ``per`` its multiplier); ``bonus`` the bonus atoms,
    ``None`` for "no bonus"."""
    has, lacks = tuple(has), tuple(lacks)
    out = []
    for c in CARDS.values():
        if colour is not None and c.colour != colour:
            continue
        if resources is not None and sorted(c.resources) != sorted(resources):
            continue
        if any(r not in c.resources for r in has) or any(r in c.resources for r in lacks):
            continue
        if main is not None and c.main.do != tuple(main):
            continue
        if times is not None and c.main.times != times:
            continue
        if per is not None and c.main.per != per:
            continue
        if bonus is not ANY and (c.bonus.do if c.bonus else None) != (tuple(bonus) if bonus is not None else None):
            continue
        out.append(c.id)
    return sorted(out)


#: Cellar A's wine values (the cellar of the first seat in the default set-up).
CELLAR_A = PARTS.cellars["A"].values
#: The designed cards of each colour the ability tests play most, sorted by id.
YELLOW, RED, PURPLE = (cards_of(colour=c) for c in ("yellow", "red", "purple"))


def card(**filters: Any) -> str:
    """The first designed card matching ``filters`` (see :func:`cards_of`); fails if there is none."""
    found = cards_of(**filters)
    assert found, f"no designed card has {filters}"
    return found[0]


def row_for(torch: int = 0, horse: int = 0, cart: int = 0, white: int = 0, red: int = 0,
            avoid: Iterable[str] = ()) -> list[str]:
    """Distinct designed cards (none of ``avoid``) whose resource icons add up to exactly these counts. Every card
    shows an icon, so for all zeros the row is a single card with one cart (``cart=1`` then)."""
    need = {"torch": torch, "horse": horse, "cart": cart, "white": white, "red": red}
    if not any(need.values()):
        need["cart"] = 1
    avoid = set(avoid)
    pool = sorted((c for c in CARDS.values() if c.id not in avoid), key=lambda c: (-len(c.resources), c.id))

    def search(start: int, left: dict[str, int]) -> list[str] | None:
        if not any(left.values()):
            return []
        for i in range(start, len(pool)):
            icons = pool[i].resources
            if all(icons.count(r) <= left[r] for r in icons):
                rest = dict(left)
                for r in icons:
                    rest[r] -= 1
                found = search(i + 1, rest)
                if found is not None:
                    return [pool[i].id, *found]
        return None

    found = search(0, need)
    assert found is not None, f"no designed cards show exactly {need}"
    return found


def location(name: str | None = None, **fields: Any) -> str:
    """The first location with that name (or matching fields like ``city_gate=True``)."""
    for lid, loc in sorted(LOCATIONS.items()):
        if (name is None or loc.name == name) and all(getattr(loc, k) == v for k, v in fields.items()):
            return lid
    raise AssertionError(f"no location {name!r} {fields}")


def locations_where(**fields: Any) -> list[str]:
    return sorted(lid for lid, loc in LOCATIONS.items() if all(getattr(loc, k) == v for k, v in fields.items()))


def tile(*do: str) -> str:
    """The bonus tile whose effect is exactly ``do``."""
    found = [t.id for t in TILES.values() if t.do == do]
    assert len(found) == 1, f"{len(found)} tiles do {do}"
    return found[0]


def colour_of(cid: str) -> str:
    return CARDS[cid].colour


# ---------------------------------------------------------------------------------------------------- games
def new_game(players: int = 2, seed: int = 0, initiative: Sequence[int] | None = None,
             cellars: Sequence[str] | None = None) -> ChartresGame:
    """A game after the setup picks (each seat keeps the first 3 of its 6 cards in its row): Phase A of era 1,
    round 1. Initiative defaults to seat order and cellars to A, B, C, D."""
    game = ChartresGame(None, seed, players=players, initiative=tuple(range(players) if initiative is None
                                                                          else initiative),
                        cellars=tuple(cellars or "ABCD"[:players]))
    while game.pending().kind == "setup-row":
        game.apply(game.legal_actions()[0])
    return sound(game)


def sound(game: ChartresGame) -> ChartresGame:
    """Assert the engine's own invariants hold; return the game."""
    broken = game.invariant_breaks()
    assert broken == [], broken
    return game


def _pull(game: ChartresGame, cid: str) -> None:
    """Take card ``cid`` out of whatever pile holds it (a row card leaves its position, with the card under it)."""
    assert cid in CARDS, f"{cid} is not a designed card"
    s = game.state
    for pile in (s.deck, s.discard, *s.hand):
        if cid in pile:
            pile.remove(cid)
            return
    for p in range(game.players):
        if cid in s.row[p]:
            k = s.row[p].index(cid)
            s.row[p].pop(k)
            under = s.act[p].pop(k)
            if under:
                s.deck.insert(0, under)
            return
        if cid in s.act[p]:
            s.act[p][s.act[p].index(cid)] = ""
            return
        if cid == s.commit_row[p]:
            s.commit_row[p] = ""
            return
        if cid == s.commit_act[p]:
            s.commit_act[p], s.commit_slot[p] = "", 0
            return
    raise AssertionError(f"card {cid} is nowhere")


def give_hand(game: ChartresGame, p: int, cards: Sequence[str]) -> None:
    """Seat ``p``'s hand becomes exactly ``cards`` (taken from wherever they are; kept sorted, as the engine keeps
    hands); its old hand goes under the deck."""
    s = game.state
    old, s.hand[p] = s.hand[p], []
    s.deck[:0] = old
    for cid in cards:
        _pull(game, cid)
    s.hand[p] = sorted(cards)


def set_row(game: ChartresGame, p: int, cards: Sequence[str], under: Sequence[str] | None = None) -> None:
    """Seat ``p``'s action row becomes ``cards``, with ``under`` (card or "" per position) as its activation row;
    the old rows go under the deck."""
    s = game.state
    under = list(under) if under is not None else [""] * len(cards)
    assert len(under) == len(cards)
    old = s.row[p] + [c for c in s.act[p] if c]
    s.row[p], s.act[p] = [], []
    s.deck[:0] = old
    for cid in [*cards, *(c for c in under if c)]:
        _pull(game, cid)
    s.row[p], s.act[p] = list(cards), list(under)


def stack_deck(game: ChartresGame, cards: Sequence[str]) -> None:
    """Put ``cards`` on top of the deck: ``cards[0]`` is drawn first."""
    for cid in cards:
        _pull(game, cid)
    game.state.deck.extend(reversed(cards))


def to_discard(game: ChartresGame, cards: Sequence[str]) -> None:
    for cid in cards:
        _pull(game, cid)
    game.state.discard.extend(cards)


def _take_out(item: str, piles: Sequence[list[str]], nowhere: str) -> None:
    """Remove ``item`` from the first of ``piles`` that holds it; fail with ``nowhere`` if none does."""
    pile = next((pile for pile in piles if item in pile), None)
    assert pile is not None, nowhere
    pile.remove(item)


def show_locations(game: ChartresGame, lids: Sequence[str]) -> None:
    """The revealed locations become exactly ``lids``; those shown before go under the location deck."""
    s = game.state
    s.loc_deck[:0] = s.loc_shown
    s.loc_shown = []
    for lid in lids:
        _take_out(lid, (s.loc_deck, s.loc_discard, *s.taverns), f"location {lid} is nowhere")
        s.loc_shown.append(lid)


def stack_locations(game: ChartresGame, lids: Sequence[str]) -> None:
    """Put ``lids`` on top of the location deck: ``lids[0]`` is revealed first."""
    s = game.state
    for lid in lids:
        _take_out(lid, (s.loc_deck, s.loc_discard), f"location {lid} is not in the deck or the discards")
    s.loc_deck.extend(reversed(lids))


def show_tiles(game: ChartresGame, tids: Sequence[str]) -> None:
    """The bonus tiles on the cathedral become exactly ``tids``."""
    s = game.state
    s.tiles_stack[:0] = s.tiles_shown
    s.tiles_shown = []
    for tid in tids:
        _take_out(tid, (s.tiles_stack, s.tiles_gone), f"tile {tid} is nowhere")
        s.tiles_shown.append(tid)


def _rebalance(game: ChartresGame, p: int) -> None:
    s = game.state
    s.common[p] = PARTS.citizens_per_colour - s.personal[p] - game.on_paths(p)
    assert s.common[p] >= 0, f"seat {p} has more than {PARTS.citizens_per_colour} citizens out"


def set_paths(game: ChartresGame, warehouse: Sequence[int] = (), townhall: Sequence[int] = ()) -> None:
    """Lay the paths out as given (owner seat per space from the building, -1 empty); each seat's citizens come
    from / go back to the common supply of its colour."""
    s = game.state
    for k, owners in enumerate((warehouse, townhall)):
        s.paths[k] = list(owners) + [-1] * (PARTS.path_spaces - len(owners))
    for p in range(game.players):
        _rebalance(game, p)


def set_personal(game: ChartresGame, p: int, n: int) -> None:
    """Seat ``p`` holds ``n`` citizens in its personal supply (the rest of its colour is in the common supply)."""
    game.state.personal[p] = n
    _rebalance(game, p)


def set_common(game: ChartresGame, p: int, n: int) -> None:
    """Leave only ``n`` citizens of seat ``p``'s colour in the common supply: the others join its personal
    supply."""
    s = game.state
    s.personal[p] += s.common[p] - n
    s.common[p] = n
    assert s.personal[p] >= 0


def start_phase(game: ChartresGame, kind: str, era: int | None = None, round: int | None = None) -> ChartresGame:
    """Move the game to the start of a step: ``location`` (queue by torches), ``commit-row``, ``bonus`` or
    ``pour`` (queue by initiative). Nothing is resolved; the next action applied continues from there."""
    s = game.state
    if era is not None:
        s.era = era
    if round is not None:
        s.round = round
    assert s.ability is None, "an ability is being resolved"
    s.phase, s.turn = kind, 0
    s.queue = game.torch_order() if kind == "location" else list(s.initiative)
    s.stack = [Pending(kind=kind, player=s.queue[0])]  # the first seat's turn of that step, as nothing was settled
    s.commit_row, s.commit_act, s.commit_slot = [""] * game.players, [""] * game.players, [0] * game.players
    return sound(game)


# ---------------------------------------------------------------------------------------------------- playing
def play(game: ChartresGame, *actions: str) -> list[Event]:
    """Apply the actions in order; return every event they caused."""
    events: list[Event] = []
    for action in actions:
        events += game.apply(action)
    return events


def legal(game: ChartresGame) -> list[str]:
    return game.legal_actions().texts()


def rules_of(events: Iterable[Event]) -> list[str]:
    return [e.rule for e in events]


def of_rule(events: Iterable[Event], rule: str) -> list[Event]:
    return [e for e in events if e.rule == rule]


def _spare(game: ChartresGame, used: set[str], **filters: Any) -> list[str]:
    """Cards matching ``filters`` that are in no row or hand and not in ``used``; calm cards (a cart, nothing else)
    first."""
    s = game.state
    taken = used | {c for r in s.row for c in r} | {c for h in s.hand for c in h}
    calm = cards_of(lacks=("torch", "horse", "white", "red"))
    pool = cards_of(**filters)
    return [c for c in sorted(pool, key=lambda c: (c not in calm, c)) if c not in taken]


def idle_pair(game: ChartresGame, p: int, avoid: Iterable[str] = ()) -> tuple[str, str]:
    """Two cards of different colours for seat ``p`` to play without activating anything (the second goes under
    the first), away from every row, hand and ``avoid``."""
    spare = _spare(game, set(avoid))
    first = spare[0]
    second = next(c for c in spare if colour_of(c) != colour_of(first))
    return first, second


def play_cards(game: ChartresGame, plays: dict[int, tuple[str, int | None, str]]) -> list[Event]:
    """Phase C for every seat (the game is at ``commit-row``): ``plays[p] = (row card, slot, activation card)``,
    slot 1-based, ``None`` for the position of the card played now. Phases D and E follow by themselves; the game
    stops at the next decision (a discard, a path, the next round's location...)."""
    events: list[Event] = []
    while game.pending() is not None and game.pending().kind in ("commit-row", "commit-act"):
        p = game.pending().player
        row, slot, act = plays[p]
        events += game.apply(f"row {row}")
        events += game.apply(f"activate {slot or len(game.state.row[p]) + 1} {act}")
    return events


def ready_to_activate(game: ChartresGame, p: int, target: str, row: Sequence[str] | None = None,
                      hand: Sequence[str] = (), activator: str | None = None, new_card: str | None = None,
                      **phase: Any) -> dict[int, tuple[str, int | None, str]]:
    """Set up Phase C so that seat ``p`` activates ``target`` this round and every other seat activates nothing.

    ``row`` is p's action row (it must hold ``target``; default ``[target]`` plus two calm cards); p's hand becomes
    ``[new_card, activator, *hand]``: a card for the right end of the row and a card of ``target``'s colour to go
    under it (both chosen calm unless given). ``phase`` passes ``era`` / ``round`` on to :func:`start_phase`.
    Returns the plays for :func:`play_cards`."""
    used = {target, *hand, *(row or ()), *(c for c in (activator, new_card) if c)}
    for q in range(game.players):
        set_row(game, q, [])  # every row is rebuilt below
    if row is None:
        row = [target, *_spare(game, used)[:2]]
    used |= set(row)
    set_row(game, p, row)
    if activator is None:
        activator = _spare(game, used, colour=colour_of(target))[0]
    used.add(activator)
    if new_card is None:
        new_card = _spare(game, used)[0]
    used.add(new_card)
    give_hand(game, p, [new_card, activator, *hand])
    plays: dict[int, tuple[str, int | None, str]] = {p: (new_card, row.index(target) + 1, activator)}
    for q in range(game.players):
        if q != p:
            set_row(game, q, _spare(game, used)[:3])
            first, second = idle_pair(game, q, avoid=used)
            give_hand(game, q, [first, second])
            plays[q] = (first, None, second)
    start_phase(game, "commit-row", **phase)
    return plays


def to_phase_f(game: ChartresGame, rows: dict[int, Sequence[str]], era: int = 1,
               under: dict[int, Sequence[str]] | None = None) -> list[Event]:
    """Round 4 of ``era``: seat p's action row is ``rows[p][:-1]`` and its hand the single card ``rows[p][-1]``,
    which it plays to the right end of the row (one card: nothing is activated, decision.short-hand). Phase F then
    starts; returns the events up to the next decision.

    Below the row lie ``under[p]`` (card or "" per position), by default cards from the top of the deck under its
    first four positions (the era's four activation cards), so that the era's discards leave 3 cards."""
    assert sorted(rows) == list(range(game.players)), "every seat needs a row"
    s = game.state
    for p in range(game.players):
        set_row(game, p, [])
        give_hand(game, p, [])
    for p, cards in rows.items():
        set_row(game, p, cards[:-1])
    for p, cards in rows.items():
        give_hand(game, p, [cards[-1]])
    for p, cards in rows.items():
        if under is not None and p in under:
            below = list(under[p])
        else:
            below = [s.deck[-1 - k] for k in range(min(4, len(cards) - 1))]
        for k, cid in enumerate(below):
            if cid:
                _pull(game, cid)
                s.act[p][k] = cid
    start_phase(game, "commit-row", era=era, round=4)
    events: list[Event] = []
    while game.pending() is not None and game.pending().kind == "commit-row":
        events += game.apply(f"row {game.state.hand[game.pending().player][0]}")
    return events


QUIET = ("pass", "draw", "stop", "pour white")


def quiet(game: ChartresGame) -> Action:
    """A predictable policy: take no location (draw), buy no tile, stop abilities early, pour white first; else the
    first legal action."""
    legal_now = game.legal_actions()
    for text in QUIET:
        if text in legal_now:
            return Action.parse(text)
    return legal_now[0]


def run_to(game: ChartresGame, kind: str, era: int | None = None, round: int | None = None, policy=quiet,
           max_steps: int = 2_000) -> list[Event]:
    """Play ``policy`` until the pending decision is of ``kind`` (in that era / round, if given)."""
    events: list[Event] = []
    for _ in range(max_steps):
        decision = game.pending()
        assert decision is not None, f"the game ended before a {kind!r} decision"
        s = game.state
        if decision.kind == kind and era in (None, s.era) and round in (None, s.round):
            return events
        events += game.apply(policy(game))
    raise AssertionError(f"no {kind!r} decision within {max_steps} actions")


def finish(game: ChartresGame, policy=quiet) -> list[Event]:
    """Play ``policy`` until the game is over; return the events."""
    events: list[Event] = []
    while game.pending() is not None:
        events += game.apply(policy(game))
    return events


# ------------------------------------------------------------------------------------------------ hidden information
def hidden_cards(game: ChartresGame, viewer: int | None) -> list[tuple[str, int, int]]:
    """Where the cards ``viewer`` may not see lie: ("deck", -, index), ("hand", seat, index), ("commit_row", seat, -),
    ("commit_act", seat, -)."""
    s = game.state
    spots: list[tuple[str, int, int]] = [("deck", -1, i) for i in range(len(s.deck))]
    for p in range(game.players):
        if p == viewer:
            continue
        spots += [("hand", p, i) for i in range(len(s.hand[p]))]
        if s.phase == "setup-row":
            spots += [("row", p, i) for i in range(len(s.row[p]))]
        for pile in ("commit_row", "commit_act"):
            if getattr(s, pile)[p]:
                spots.append((pile, p, 0))
    return spots


def hidden_twin(game: ChartresGame, viewer: int | None, shift: int = 1) -> ChartresGame:
    """The same game with the cards ``viewer`` cannot see moved round among their hidden places (another seat's
    hand, its face-down plays, the deck order): the same public position, different secrets."""
    twin = game.clone()
    s = twin.state
    spots = hidden_cards(twin, viewer)

    def get(spot):
        pile, p, i = spot
        if pile == "deck":
            return s.deck[i]
        if pile in ("hand", "row"):
            return getattr(s, pile)[p][i]
        return getattr(s, pile)[p]

    def put(spot, cid):
        pile, p, i = spot
        if pile == "deck":
            s.deck[i] = cid
        elif pile in ("hand", "row"):
            getattr(s, pile)[p][i] = cid
        else:
            getattr(s, pile)[p] = cid

    cards = [get(spot) for spot in spots]
    if cards:
        k = shift % len(cards)
        for spot, cid in zip(spots, cards[k:] + cards[:k], strict=True):
            put(spot, cid)
        for hand in s.hand:
            hand.sort()
    return twin
