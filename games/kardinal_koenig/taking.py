"""1.カードを取る (Take cards): the first step of a turn.

``take R C`` takes the end card at row R, column C (1-based, original columns); the player repeats while the cards
stay in one country and under the crest limit (the design's ``crest_limit``, or ``crest_limit_with_chip`` with the
'3 crests allowed' chip), ``play three|colours|return`` plays a law chip, ``stop`` ends the taking, and ``pass``
ends a turn with nothing to take that the player was still asked about (they hold law chips).

After each card a claim stone on it is settled in :mod:`.claimed_cards`, and taking goes on (:func:`go_on`): the
last card ends the game, else taking goes on while a card may be taken, else it ends by itself (decision.stop). When
the player chooses which stone pays, the pay step comes first and :class:`CardTaken`, a step nobody decides, waits
beneath it to go on. When taking ends the claim step follows if it offers anything
(:func:`.claim_stones.claim_step`); a turn that ends pushes nothing, and the kernel starts the next one
(:func:`.flow.next_turn`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from games.core import Action, Automatic, seat_label

from . import claim_stones, claimed_cards, law_chips
from .claimed_cards import Pay
from .decisions import CardStep, cell_of
from .deck import country_name, route_words
from .state import Pending, Turn

if TYPE_CHECKING:
    from .game import CardGame

STOP, PASS = Action("stop"), Action("pass")


def crest_limit(game: CardGame, turn: Turn) -> int:
    """Crests the cards of this turn may show in all (ships and carriages are not crests): the game's crest limit,
    or its limit with the '3 crests allowed' chip."""
    return game.limit_with_chip if turn.three else game.limit


def takeable(game: CardGame, first: bool = False) -> list[int]:
    """End cards the player may take now, in (row, column) order; with ``first`` only the first of them (whether
    any may be taken, what the flow asks after every card and at every turn's start)."""
    s = game.state
    turn = s.turn
    stone, p = s.stone, turn.player
    countries, crests = game.cell_cards()
    country = turn.country if turn.taken and not turn.colours else ""
    room = (game.limit_with_chip if turn.three else game.limit) - turn.crests  # crest_limit, inlined: the hot loop
    if room <= 0 and not game.config.crestless_after_limit:
        return []  # decision.crestless-after-limit: the examples' reading, taking is over at the limit
    may_pay = s.hand[p] + s.placed[p] > 0
    ends = game.geometry.ends(s.lo, s.hi)
    if may_pay and not country and room >= game.most_crests:  # (read after cell_cards, which sets it)
        return list(ends[:1] if first else ends)  # nothing rules an end card out: every one may be taken
    out = []
    for cell in ends:
        if (country and countries[cell] != country) or crests[cell] > room:
            continue
        owner = stone[cell]
        if owner < 0 or owner == p or may_pay:
            out.append(cell)
            if first:
                break
    return out


def why_not_take(game: CardGame, turn: Turn, cell: int) -> str | None:
    s = game.state
    frame = game.geometry
    if cell not in frame.ends(s.lo, s.hi):
        r = cell // frame.columns
        return (f"{frame.where(cell)} is not at an end of its row; the ends of row {r + 1} are columns "
                f"{s.lo[r] + 1} and {s.hi[r]}.")
    card = game.cards[s.layout[cell]]
    if turn.taken and not turn.colours and card.country != turn.country:
        return (f"this turn you are taking {country_name(turn.country)}; {country_name(card.country)} needs the "
                "'different colours allowed' law chip.")
    limit = crest_limit(game, turn)
    if turn.crests >= limit and not game.config.crestless_after_limit:
        return (f"you have taken {turn.crests} of {limit} crests this turn; at this table no further card may be "
                "taken then, not even one without crests (crestless_after_limit is off).")
    if turn.crests + len(card.crests) > limit:
        return (f"that card shows {len(card.crests)} crest(s) and you have taken {turn.crests} of "
                f"{limit} this turn (ships and carriages do not count).")
    owner = s.stone[cell]
    if owner >= 0 and owner != turn.player:
        return (f"the card carries {seat_label(owner, capital=False)}'s claim stone and you have no claim stone left "
                "to pay with.")
    return None


def take_card(game: CardGame, turn: Turn, at: Pending, cell: int) -> None:
    """Take an end card into the display, with the chip lying on it; settle a claim stone on it; go on with the
    taking step ``at`` (after the pay step, when the player chooses which stone pays)."""
    s = game.state
    p = turn.player
    cid = s.layout[cell]
    card = game.cards[cid]
    frame = game.geometry
    frame.remove(cell, s.lo, s.hi)
    s.cards_left -= 1
    s.displays[p].append(cid)
    turn.taken.append(cell)
    turn.crests += len(card.crests)
    if not turn.country:
        turn.country = card.country
    words = game.design.words
    said = words.get(("take", cell, cid))
    if said is None:  # what follows the seat depends only on the card and its cell: worded once per design
        route = f", {route_words(card)}" if card.route else ""
        said = words["take", cell, cid] = (f"{country_name(card.country)} from {frame.where(cell)} "
                                           f"({len(card.crests)} crest{'' if len(card.crests) == 1 else 's'}{route}).")
    game.emit("take.ends", f"{seat_label(p)} takes {said}", player=p, card=cid, cell=cell)
    if s.chip[cell]:
        law_chips.pick_up(game, turn, cell)
    if s.stone[cell] >= 0 and not claimed_cards.settle(game, turn, cell):
        game.push(Pending(CardTaken.kind, p))  # runs once the card is paid for
        game.push(Pending(Pay.kind, p))
        return
    go_on(game, turn, at)


def go_on(game: CardGame, turn: Turn, taking: Pending) -> None:
    """A card has been taken and paid for: the last card ends the game (nothing follows), else the taking step
    ``taking`` goes on while a card may be taken, or while the player holds law chips (decision.public-steps), else
    taking ends by itself (decision.stop)."""
    if game.state.cards_left == 0:
        return
    if takeable(game, first=True):
        game.push(taking)
    elif law_chips.must_ask(game):
        game.emit("decision.public-steps", "No further card can be taken now; "
                  f"{seat_label(turn.player, capital=False)} holds law chips and decides whether to play one or stop.",
                  player=turn.player)
        game.push(taking)
    else:
        end_taking(game, turn, auto=True)


def end_taking(game: CardGame, turn: Turn, auto: bool = False) -> None:
    """Taking is over (``auto``: because no further card could be taken): the claim step follows, if it offers
    anything."""
    if auto:
        game.emit("decision.stop",
                  f"No further card can be taken: {seat_label(turn.player, capital=False)}'s taking ends.")
    claim_stones.claim_step(game, turn)


class Take(CardStep):
    kind = "take"
    forms = {"take": "take R C", "play": "play CHIP", "stop": "stop", "pass": "pass"}

    def prompt(self, game: CardGame, at: Pending) -> str:
        turn = game.state.turn
        if turn.taken:
            what = f"take another {country_name(turn.country)} card or stop" if not turn.colours else \
                "take another card or stop"
            return f"{seat_label(at.player)}: {what} ({turn.crests} of {crest_limit(game, turn)} crests used)"
        return f"{seat_label(at.player)}: take cards from the end of a row"

    def options(self, game: CardGame, at: Pending) -> Sequence[Action]:
        taken = game.state.turn.taken
        takes = takeable(game)
        acts = [PASS] if not takes and not taken else []  # take.at-least-one: stop only after a card
        acts += law_chips.playable(game)
        if taken:
            acts.append(STOP)
        actions = game.geometry.take_actions
        acts += [actions[c] for c in takes]
        return acts

    def refusal(self, game: CardGame, at: Pending, action: Action) -> str | None:
        verb = action.verb
        turn = game.state.turn
        if verb == "take":
            return why_not_take(game, turn, cell_of(game, action))
        if verb == "play":
            return law_chips.refusal(game, action, taking=True)
        if verb == "stop":
            return "take at least one card before you stop."
        if turn.taken:  # pass
            return "you have taken a card this turn; 'stop' ends the taking."
        return "you can take a card, and at least one must be taken."

    def apply(self, game: CardGame, at: Pending, action: Action) -> None:
        verb = action.verb
        turn = game.state.turn
        if verb == "take":
            take_card(game, turn, at, cell_of(game, action))
        elif verb == "play":
            law_chips.play(game, turn, str(action.args[0]))
            if takeable(game, first=True) or law_chips.must_ask(game):
                game.push(at)
            elif turn.taken:  # the chip changed nothing the player could use
                end_taking(game, turn, auto=True)
            else:  # the turn ends
                game.emit("take.skip", f"{seat_label(at.player)} still cannot take any card and misses the turn.",
                          player=at.player)
        elif verb == "stop":
            game.emit("decision.stop", f"{seat_label(at.player)} stops taking.")
            end_taking(game, turn)
        else:  # pass: the turn ends
            game.emit("take.skip", f"{seat_label(at.player)} cannot take any card and passes.")

    def reminder(self, game: CardGame, at: Pending) -> str:
        return "you are taking cards"

    def elsewhere(self, game: CardGame, at: Pending, action: Action, reminder: str) -> str:
        verb = action.verb
        if verb == "take":
            return f"taking is over for this turn: {reminder}."
        if verb == "play":
            return law_chips.refusal(game, action, taking=False, paying=at.kind == Pay.kind)
        if verb == "stop":
            return f"'stop' ends taking; {reminder}."
        return f"'pass' is only for a turn with nothing to take; {reminder}."


class CardTaken(Automatic):
    """Taking goes on once a claimed card is paid for (the pay step waits above this one): :func:`go_on`."""

    kind = "card-taken"

    def run(self, game: CardGame, at: Pending) -> None:
        go_on(game, game.state.turn, Pending(Take.kind, at.player))
