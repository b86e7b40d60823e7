"""Progress cards (``progress.*``): the three decks, drawing, the hand limit, playing, and the decisions several cards
share (choose a player, give a card, take a card).

* The decks of ``progress_cards`` (``progress.deck``), shuffled face down; a player draws from the end of a deck
  (``progress.draw``). The gate on the event die lets every player whose improvements in that track show the red die
  draw one, clockwise from the roller (``improve.draw``).
* The Printer and the Constitution are shown at once and score ``progress_card_points``; they never count, nor can
  be taken (``progress.vp-reveal``).
* Hand limit ``hand_limit`` (``progress.limit``). A card over it (config ``fifth_card="bottom"``, the rule text) goes
  straight under its deck, unless its holder is the player whose turn it is and plays it at once: ``play CARD`` or
  ``bottom`` (``progress.fifth``, ``decision.ck-fifth-card``). With ``fifth_card="choose"`` the holder puts one of
  their cards under its deck (``bottom CARD``).
* On your turn, after the roll, play any number of cards, those drawn this turn too (``progress.play``,
  ``progress.after-roll``, ``progress.same-turn``); a played card goes under its deck (``progress.bottom``). Cards
  are never traded (``progress.no-trade``). A card is offered only when its effect can take place
  (``decision.ck-card-needs-effect``).

The effects of each card are in :mod:`.science`, :mod:`.trade_cards` and :mod:`.politics`.
"""

from __future__ import annotations

import bisect
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from games.catan.board import bits
from games.catan.choice import CatanStep, TurnVerb
from games.catan.pieces import card_actions, hand_size, name
from games.catan.state import waiting
from games.core import Action

from .cards import Card, target_mask
from .rounds import next_in_queue
from .state import (
    CARD_KINDS,
    CARD_ORDER,
    CARDS,
    COMMERCIAL_HARBOR,
    DESERTER,
    KIND_TRACK,
    KINDS,
    MASTER_MERCHANT,
    PRINTER,
    RESOURCE_KINDS,
    SPY,
    TRACKS,
    VP_KINDS,
    WEDDING,
)
from .state import FIFTH as FIFTH_PHASE
from .state import LIMIT as LIMIT_PHASE

if TYPE_CHECKING:
    from .game import CKGame

PLAY = tuple(Action("play", (k,)) for k in KINDS)
BOTTOM = Action("bottom")
BOTTOM_CARD = tuple(Action("bottom", (k,)) for k in KINDS)
TARGET = tuple(Action("target", (p + 1,)) for p in range(8))
GIVE_CARD = card_actions("give", CARDS)
TAKE_CARD = card_actions("take", CARDS)
TAKE_KIND = tuple(Action("take", (k,)) for k in KINDS)

__all__ = ["FIFTH_PHASE", "LIMIT_PHASE"]


#: Every kind of progress card: each card module (:mod:`.science`, :mod:`.trade_cards`, :mod:`.politics`) adds its
#: own with :func:`register` when it is imported (the game imports all three), so that this module, which they use,
#: imports none of them.
CARDS_BY_KIND: dict[int, Card] = {}


def register(cards: Mapping[int, Card]) -> Mapping[int, Card]:
    """Add a card module's cards to :data:`CARDS_BY_KIND`; returns them."""
    CARDS_BY_KIND.update(cards)
    return cards


def ordinal(n: int) -> str:
    """``5th``, ``2nd``, ``21st``: the card over the hand limit, in words."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


# ---------------------------------------------------------------- drawing
def gate_queue(game: CKGame, track: int, red: int) -> int:
    """Players whose improvements in ``track`` show the red die's value."""
    s = game.state
    queue = 0
    highest = game.design.red_die
    for q in range(game.players):
        level = s.levels[q * 3 + track]
        if level and red <= highest[level - 1]:
            queue |= 1 << q
    return queue


def continue_draws(game: CKGame) -> bool:
    """The gate's draws, clockwise from the roller; ``False`` while a hand-limit decision interrupts them."""
    s = game.state
    while True:
        q = next_in_queue(game)
        if q < 0:
            return True
        game.emit("improve.draw", f"{name(q)}'s {TRACKS[s.track]} improvements show a red {s.red}: they draw.",
                  player=q, track=TRACKS[s.track])
        draw(game, q, s.track)
        if s.stack:  # the hand limit first
            return False


def draw(game: CKGame, q: int, track: int) -> None:
    """``q`` draws the top card of ``track``'s deck (nothing when it is empty)."""
    s = game.state
    deck = s.decks[track]
    if not deck:
        game.emit("progress.draw", f"The {TRACKS[track]} deck is empty: {name(q)} draws nothing.", player=q,
                  track=TRACKS[track])
        return
    kind = deck.pop()
    if kind in VP_KINDS:
        if kind == PRINTER:
            s.printer = q
        else:
            s.constitution = q
        worth = game.design.progress_card_points
        s.points[q] += worth
        points = f"{worth} point{'' if worth == 1 else 's'}"
        game.emit("progress.printer" if kind == PRINTER else "progress.constitution",
                  f"The {KINDS[kind]} is worth {points}.", player=q)
        game.emit("progress.vp-reveal", f"{name(q)} draws the {KINDS[kind]} and shows it at once: {points}.",
                  player=q, card=KINDS[kind])
        return
    game.emit("progress.draw", f"{name(q)} draws a {TRACKS[track]} progress card.", player=q, track=TRACKS[track])
    receive(game, q, kind)


def receive(game: CKGame, q: int, kind: int) -> None:
    """A progress card joins ``q``'s hand; a 5th one follows the hand-limit rule."""
    s = game.state
    hand = s.progress[q]
    bisect.insort(hand, kind)
    if len(hand) <= game.design.hand_limit:
        return
    held = len(hand)
    track = KIND_TRACK[kind]
    if game.config.fifth_card == "choose":
        game.push(waiting("hand-limit", q))
        game.emit("progress.limit", f"{name(q)} holds {held} progress cards: they put one of them under its deck.",
                  player=q)
        return
    if q == s.player and s.fifth < 0 and s.turn:
        s.fifth = kind
        game.emit("progress.fifth", f"{name(q)} holds {held} progress cards: they may play the new one at once, else "
                  "it goes under its deck.", player=q)
        game.emit("decision.ck-fifth-card", "It is their turn: they decide as soon as the roll is resolved.",
                  player=q)
        return
    hand.remove(kind)
    s.decks[track].insert(0, kind)
    game.emit("progress.fifth", f"{name(q)} cannot play a {ordinal(held)} progress card now: it goes straight under "
              f"the {TRACKS[track]} deck.", player=q, track=TRACKS[track])


def under_deck(game: CKGame, q: int, kind: int) -> None:
    s = game.state
    s.progress[q].remove(kind)
    s.decks[KIND_TRACK[kind]].insert(0, kind)


# ---------------------------------------------------------------- playing
_PLAYABLE: list[Callable[[CKGame, int], bool]] = []


class PlayProgress(TurnVerb):
    """``play CARD`` after the roll: any number of progress cards per turn, each whose effect can take place now
    (progress.play); the card's steps come next."""

    verb = "play"
    form = "play CARD"

    def options(self, game: CKGame, at: Any, hand: list[int]) -> list[Action]:
        p = at.player
        held = game.state.progress[p]
        if not held:
            return []
        if not _PLAYABLE:
            _PLAYABLE.extend(CARDS_BY_KIND[k].playable for k in range(len(KINDS)))
        playable = _PLAYABLE
        out = []
        last = -1
        for kind in held:
            if kind != last:
                last = kind
                if playable[kind](game, p):
                    out.append(PLAY[kind])
        return out

    def refusal(self, game: CKGame, at: Any, action: Action) -> str | None:
        return play_refusal(game, at.player, action.args[0])

    def apply(self, game: CKGame, at: Any, action: Action) -> None:
        play_card(game, at.player, KINDS.index(str(action.args[0])))


def play_refusal(game: CKGame, p: int, card: object) -> str:
    if card not in KINDS:
        return f"there is no progress card '{card}'; the cards are {', '.join(KINDS)}."
    kind = KINDS.index(str(card))
    if kind in VP_KINDS:
        worth = game.design.progress_card_points
        points = "a point" if worth == 1 else f"{worth} points"
        return f"the {card} is shown when drawn and scores {points}; it is never played (progress.vp-reveal)."
    if kind not in game.state.progress[p]:
        return f"you hold no {card} card."
    why_not = CARDS_BY_KIND[kind].why_not
    return why_not if isinstance(why_not, str) else why_not(game)


def play_card(game: CKGame, p: int, kind: int) -> None:
    """``p`` plays ``kind``: it goes under its deck and its effect starts."""
    s = game.state
    s.progress[p].remove(kind)
    if s.fifth == kind and p == s.player:
        s.fifth = -1
    track = KIND_TRACK[kind]
    s.decks[track].insert(0, kind)
    s.card = kind
    game.emit("progress.bottom", f"{name(p)} plays the {KINDS[kind]}; it goes under the {TRACKS[track]} deck.",
              player=p, card=KINDS[kind])
    CARDS_BY_KIND[kind].play(game, p)


class FifthCard(CatanStep):
    """The player whose turn it is holds a 5th progress card: play it at once, or it goes under its deck."""

    kind = "fifth-card"
    forms = {"bottom": "bottom", "play": "play CARD"}

    def prompt(self, game: CKGame, at: Any) -> str:
        return (f"{name(at.player)}: play your {ordinal(game.design.hand_limit + 1)} progress card at once, or it "
                "goes under its deck")

    def options(self, game: CKGame, at: Any) -> Sequence[Action]:
        kind = game.state.fifth
        if CARDS_BY_KIND[kind].playable(game, at.player):
            return (BOTTOM, PLAY[kind])
        return (BOTTOM,)

    def refusal(self, game: CKGame, at: Any, action: Action) -> str | None:
        return (f"only the {ordinal(game.design.hand_limit + 1)} card itself may be played now, and only if its "
                "effect can take place (progress.fifth).")

    def apply(self, game: CKGame, at: Any, action: Action) -> None:
        s = game.state
        p, kind = at.player, s.fifth
        if action.verb == "play":
            play_card(game, p, kind)
            return
        s.fifth = -1
        under_deck(game, p, kind)
        game.emit("progress.fifth", f"{name(p)} does not play the {ordinal(game.design.hand_limit + 1)} card: it goes "
                  f"under the {TRACKS[KIND_TRACK[kind]]} deck.", player=p, track=TRACKS[KIND_TRACK[kind]])
        game.push(waiting("resume", game.state.player))


class HandLimit(CatanStep):
    """``fifth_card="choose"``: a player with 5 progress cards puts one of them under its deck."""

    kind = "hand-limit"
    forms = {"bottom": "bottom CARD"}

    def prompt(self, game: CKGame, at: Any) -> str:
        held = len(game.state.progress[at.player])
        return f"{name(at.player)}: you hold {held} progress cards: put one under its deck"
    refused = "you hold no {place} card (progress.limit)."

    def options(self, game: CKGame, at: Any) -> Sequence[Action]:
        return [BOTTOM_CARD[k] for k in sorted(set(game.state.progress[at.player]))]

    def apply(self, game: CKGame, at: Any, action: Action) -> None:
        s = game.state
        q = at.player
        kind = KINDS.index(str(action.args[0]))
        under_deck(game, q, kind)
        game.emit("progress.limit", f"{name(q)} puts a card under the {TRACKS[KIND_TRACK[kind]]} deck.", player=q,
                  track=TRACKS[KIND_TRACK[kind]])
        if s.card >= 0:
            game.push(waiting("card-done", game.state.player))
        else:
            game.push(waiting("resume", game.state.player))


# ---------------------------------------------------------------- choices several cards share
class Target(CatanStep):
    """Choose the player a card aims at (Master Merchant, Spy, Deserter)."""

    kind = "target"
    forms = {"target": "target PLAYER"}

    def prompt(self, game: CKGame, at: Any) -> str:
        return f"{name(at.player)}: choose the player your {KINDS[game.state.card]} aims at"

    def options(self, game: CKGame, at: Any) -> Sequence[Action]:
        return [TARGET[q] for q in bits(target_mask(game, at.player, game.state.card))]

    def refusal(self, game: CKGame, at: Any, action: Action) -> str | None:
        why = {MASTER_MERCHANT: "an opponent with more points than you who holds a card",
               SPY: "an opponent with a progress card", DESERTER: "an opponent with a knight"}[game.state.card]
        return f"the {KINDS[game.state.card]} aims at {why} (progress.{KINDS[game.state.card]})."

    def apply(self, game: CKGame, at: Any, action: Action) -> None:
        s = game.state
        p = at.player
        q = int(action.args[0]) - 1  # type: ignore[arg-type]
        s.target = q
        game.emit(f"progress.{KINDS[s.card]}", f"{name(p)}'s {KINDS[s.card]} aims at {name(q)}.", player=p,
                  target=q)
        if s.card == DESERTER:
            game.push(waiting("deserter", q))
        else:
            s.count = min(game.design.card_numbers["master-merchant"], hand_size(game, q)) \
                if s.card == MASTER_MERCHANT else 1
            game.push(waiting("take", p))


class Take(CatanStep):
    """Take a card from the target's hand, seeing it: resources and commodities (Master Merchant) or a progress card
    (Spy)."""

    kind = "take"
    forms = {"take": "take CARD"}

    def prompt(self, game: CKGame, at: Any) -> str:
        what = "a progress card" if game.state.card == SPY else f"{game.state.count} card(s)"
        return f"{name(at.player)}: look at {name(game.state.target)}'s hand and take {what}"

    def options(self, game: CKGame, at: Any) -> Sequence[Action]:
        q = game.state.target
        if game.state.card == SPY:
            return [TAKE_KIND[k] for k in sorted(set(game.state.progress[q]))]
        hands = game.state.hands
        return [TAKE_CARD[c] for c in CARD_ORDER if hands[q * CARD_KINDS + c]]

    def refusal(self, game: CKGame, at: Any, action: Action) -> str | None:
        return f"{name(game.state.target)} holds no {action.args[0]} (progress.{KINDS[game.state.card]})."

    def apply(self, game: CKGame, at: Any, action: Action) -> None:
        s = game.state
        p, q = at.player, s.target
        if s.card == SPY:
            kind = KINDS.index(str(action.args[0]))
            s.progress[q].remove(kind)
            game.emit("progress.spy", f"{name(p)} looks at {name(q)}'s progress cards and takes a "
                      f"{TRACKS[KIND_TRACK[kind]]} card.", player=p, target=q, track=TRACKS[KIND_TRACK[kind]])
            receive(game, p, kind)
            if not s.stack:  # no hand limit to settle first
                game.push(waiting("card-done", game.state.player))
            return
        c = CARDS.index(str(action.args[0]))
        s.hands[q * CARD_KINDS + c] -= 1
        s.hands[p * CARD_KINDS + c] += 1
        s.count -= 1
        kind = "resource" if c < RESOURCE_KINDS else "commodity"
        game.emit("progress.master-merchant", f"{name(p)} takes a {kind} card from {name(q)}.", player=p, target=q)
        if not s.count or not hand_size(game, q):
            game.push(waiting("card-done", game.state.player))


class Give(CatanStep):
    """A player gives a card of their choice: 2 resources or commodities to the Wedding's player, or a commodity in
    return for the Commercial Harbor's resource."""

    kind = "give"
    forms = {"give": "give CARD"}

    def prompt(self, game: CKGame, at: Any) -> str:
        if game.state.card == WEDDING:
            return f"{name(at.player)}: give {name(game.state.player)} a resource or commodity of your choice " \
                   "(Wedding, " \
                   f"{game.state.count} to go)"
        return f"{name(at.player)}: give {name(game.state.player)} a commodity of your choice (Commercial Harbor)"

    def options(self, game: CKGame, at: Any) -> Sequence[Action]:
        q = at.player
        hands = game.state.hands
        order = CARD_ORDER if game.state.card == WEDDING else (RESOURCE_KINDS, RESOURCE_KINDS + 1, RESOURCE_KINDS + 2)
        return [GIVE_CARD[c] for c in order if hands[q * CARD_KINDS + c]]

    def refusal(self, game: CKGame, at: Any, action: Action) -> str | None:
        if game.state.card == COMMERCIAL_HARBOR and action.args[0] in CARDS[:RESOURCE_KINDS]:
            return "the Commercial Harbor takes a commodity in return, not a resource (progress.commercial-harbor)."
        return f"you hold no {action.args[0]}."

    def apply(self, game: CKGame, at: Any, action: Action) -> None:
        s = game.state
        q, p = at.player, s.player
        c = CARDS.index(str(action.args[0]))
        s.hands[q * CARD_KINDS + c] -= 1
        s.hands[p * CARD_KINDS + c] += 1
        if s.card == COMMERCIAL_HARBOR:
            game.emit("progress.commercial-harbor", f"{name(q)} gives {name(p)} 1 {CARDS[c]} in return.", player=q,
                      to=p, card=c)
            game.push(waiting("card-done", game.state.player))
            return
        s.count -= 1
        game.emit("progress.wedding", f"{name(q)} gives {name(p)} 1 {CARDS[c]} (Wedding).", player=q, to=p, card=c)
        if s.count and hand_size(game, q):
            return
        next_wedding_giver(game)


def next_wedding_giver(game: CKGame) -> None:
    """The next player the Wedding asks for cards (clockwise), or the card is done."""
    s = game.state
    q = next_in_queue(game)
    if q < 0:
        game.push(waiting("card-done", s.player))
        return
    game.push(waiting("give", q))
    s.target = q
    s.count = min(game.design.card_numbers["wedding"], hand_size(game, q))


__all__ += ["Card", "FifthCard", "Give", "HandLimit", "Take", "Target", "draw", "play_card", "receive", "register"]
