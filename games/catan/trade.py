"""Trade: maritime trade with the bank and harbours, and trade between players as decisions.

Maritime (``trade.maritime``, ``trade.harbour``): ``trade GIVE GET`` gives your rate of GIVE (parameter ``rates``:
the bank's, a generic harbour's, or the special harbour's of that resource) for one GET from the bank.

Between players (``trade.domestic``): only the player whose turn it is trades with the others, after the roll.

1. ``propose`` starts an offer (at most ``offers_per_turn`` per turn, ``decision.offer-limit``);
2. the proposer composes it card by card (``give RES``, ``want RES``; both sides non-empty, no resource on both,
   ``decision.offer``) and sends it: ``ask all`` or ``ask P`` (one player), or ``withdraw``;
3. each asked player, clockwise, answers ``accept`` (only with the cards asked for) or ``decline``; a player is
   always asked, even one who cannot accept, so the answers reveal nothing the cards do not (``trade.answer``);
4. the proposer ``confirm P`` with one acceptor, or ``withdraw`` (``trade.confirm``). With no acceptor the offer
   lapses. There are no counter-offers: a player who wants other terms declines (``decision.no-counter``).

The offer and the answers are public, like a spoken offer at the table. The turn's last offer stays on record (its
cards and who answered what) until the next offer or the end of the turn: the greedy bot reads it so as not to make an
offer that everyone has just declined again (:func:`declined_this_turn`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from games.core import Action

from .choice import CatanStep, TurnVerb, place_of
from .data import rulebook
from .pieces import hand_size, name
from .state import ACCEPTED, DECLINED, NOT_ASKED, WAITING, waiting

if TYPE_CHECKING:
    from .game import CatanGame

RES = rulebook.RESOURCES
PROPOSE = Action("propose")
ASK = tuple(Action("ask", (p + 1,)) for p in range(8))
ASK_ALL = Action("ask", ("all",))
WITHDRAW = Action("withdraw")
ACCEPT, DECLINE = Action("accept"), Action("decline")
CONFIRM_ACTIONS = tuple(Action("confirm", (p + 1,)) for p in range(8))


# ---------------------------------------------------------------- maritime
def maritime_options(game: CatanGame, p: int, hand: list[int]) -> list[Action]:
    """``trade GIVE GET`` for every card ``p`` holds at their rate and every card the trade may take from the bank
    (:meth:`CatanGame.trade_targets`), in the order of the card names."""
    s = game.state
    rates, bank = s.rates, s.bank
    out: list[Action] = []
    base = p * game.width
    table = game.trade_table
    targets = game.trade_targets
    for g in game.card_order:
        rate = rates[base + g]
        if hand[g] >= rate:
            row = table[g]
            for r in targets(g, rate):
                if bank[r]:
                    out.append(row[r])
    return out


def maritime_options_of(game: CatanGame, p: int, hand: list[int],
                        targets: Sequence[Sequence[Sequence[int]]]) -> list[Action]:
    """:func:`maritime_options` of a game whose trade targets are a table, ``targets[give][rate]`` (Cities &
    Knights' design): read without a call per card."""
    s = game.state
    rates, bank = s.rates, s.bank
    out: list[Action] = []
    base = p * game.width
    table = game.trade_table
    for g in game.card_order:
        rate = rates[base + g]
        if hand[g] >= rate:
            row = table[g]
            for r in targets[g][rate]:
                if bank[r]:
                    out.append(row[r])
    return out


def maritime(game: CatanGame, p: int, give: str, get: str) -> None:
    s = game.state
    w = game.width
    g, r = game.cards.index(give), game.cards.index(get)
    rate = s.rates[p * w + g]
    s.hands[p * w + g] -= rate
    s.bank[g] += rate
    s.hands[p * w + r] += 1
    s.bank[r] -= 1
    game.emit(game.trade_rule(p, g, rate), f"{name(p)} trades {rate} {give} for 1 {get} with the bank.", player=p,
              give=g, get=r, rate=rate)


def maritime_refusal(game: CatanGame, p: int, give: object, get: object) -> str:
    s = game.state
    w = game.width
    cards = game.cards
    if give not in cards or get not in cards:
        kinds = "resources" if cards == RES else "cards"
        return f"write trade GIVE GET with two {kinds}: {', '.join(sorted(cards))}."
    if give == get:
        return "a trade gives one card for another."
    g, r = cards.index(str(give)), cards.index(str(get))
    if not s.bank[r]:
        return f"the bank has no {get} left."
    rate = s.rates[p * w + g]
    if s.hands[p * w + g] >= rate and r not in game.trade_targets(g, rate):
        return f"a trade of {give} at {rate}:1 cannot take {get} (decision.ck-commodity-trades)."
    return f"you trade {give} {rate}:1 and hold {s.hands[p * w + g]} (trade.maritime)."


# ---------------------------------------------------------------- between players
def others_holding(game: CatanGame, p: int, r: int) -> int:
    """Cards of kind ``r`` held by the players other than ``p``: public (the total minus the bank minus one's own)."""
    s = game.state
    return game.card_totals[r] - s.bank[r] - s.hands[p * game.width + r]


def propose_refusal(game: CatanGame, p: int) -> str:
    """Why ``p`` may not start a trade offer now: the one reason that holds."""
    if game.state.offers_made >= game.config.offers_per_turn:
        return (f"no trade offer can be made now: the {game.config.offers_per_turn} offers of this turn are used up "
                "(decision.offer-limit).")
    if not hand_size(game, p):
        return "no trade offer can be made now: you hold no card to offer (trade.domestic)."
    return "no trade offer can be made now: the other players hold no card (trade.domestic)."


def propose(game: CatanGame, p: int) -> None:
    s = game.state
    s.offers_made += 1
    s.offer_give = [0] * game.width
    s.offer_want = [0] * game.width
    s.answers = [NOT_ASKED] * game.players
    game.push(waiting("offer", p))
    game.emit("trade.domestic", f"{name(p)} starts a trade offer ({s.offers_made} of "
              f"{game.config.offers_per_turn} this turn).", player=p)


def offer_text(give: list[int], want: list[int], cards: tuple[str, ...] = RES) -> str:
    return f"{_side(give, cards)} for {_side(want, cards)}"


def _side(counts: list[int], cards: tuple[str, ...]) -> str:
    """One side of an offer in words (``1 brick + 2 ore``, or ``nothing``), in card order."""
    words = []
    for r, n in enumerate(counts):
        if n:
            words.append(f"{n} {cards[r]}")
    return " + ".join(words) if words else "nothing"


def _lapse(game: CatanGame, why: str) -> None:
    # the offer and its answers stay on record until the next offer or the turn's end (module docstring)
    s = game.state
    game.emit("trade.confirm", why, player=s.player)
    game.push(waiting("main", s.player))


def declined_this_turn(game: CatanGame, give: int, want: int) -> bool:
    """Whether 1 ``give`` for 1 ``want`` is the offer the player to move made last this turn and every asked player
    declined it (public: the offer and its answers were said at the table)."""
    s = game.state
    if not s.offers_made or ACCEPTED in s.answers or DECLINED not in s.answers:
        return False
    return (sum(s.offer_give) == s.offer_give[give] == 1 and sum(s.offer_want) == s.offer_want[want] == 1)


class Offer(CatanStep):
    kind = "offer"
    forms = {"give": "give RESOURCE", "want": "want RESOURCE", "ask": "ask PLAYER|all", "withdraw": "withdraw"}

    def prompt(self, game: CatanGame, at: Any) -> str:
        return (f"{name(at.player)}: compose a trade offer "
                f"({offer_text(game.state.offer_give, game.state.offer_want, game.cards)} so far)")

    def options(self, game: CatanGame, at: Any) -> Sequence[Action]:
        p, s = at.player, game.state
        give, want = s.offer_give, s.offer_want
        out: list[Action] = []
        total_want = sum(want)
        w = game.width
        hands = s.hands
        if total_want and any(give):
            for q in range(game.players):  # plain loops: every step of composing an offer lists these again
                if q != p and sum(hands[q * w:q * w + w]) >= total_want:
                    out.append(ASK[q])
            if out:
                out.append(ASK_ALL)
        own = hands[p * w:p * w + w]
        order = game.card_order
        verbs = game.card_verbs
        gives, wants = verbs["give"], verbs["want"]
        for r in order:
            if not want[r] and own[r] > give[r]:
                out.append(gives[r])
        totals, bank = game.card_totals, s.bank
        for r in order:
            if not give[r] and want[r] < totals[r] - bank[r] - own[r]:
                out.append(wants[r])
        out.append(WITHDRAW)
        return out

    def refusal(self, game: CatanGame, at: Any, action: Action) -> str | None:
        arg = action.args[0] if action.args else None
        cards = game.cards
        if action.verb in ("give", "want") and arg not in cards:
            kind = "resource" if cards == RES else "card"
            return f"'{arg}' is not a {kind}; the {kind}s are {', '.join(sorted(cards))}."
        if action.verb == "give":
            if game.state.offer_want[cards.index(str(arg))]:
                return f"you already ask for {arg}: a card is on one side of an offer only (decision.offer)."
            return f"you do not hold another {arg} to give."
        if action.verb == "want":
            if game.state.offer_give[cards.index(str(arg))]:
                return f"you already give {arg}: a resource is on one side of an offer only (decision.offer)."
            return f"the other players do not hold that many {arg} between them (decision.offer)."
        if not any(game.state.offer_give) or not any(game.state.offer_want):
            return "an offer gives at least one card and asks for at least one (decision.offer)."
        return f"'{arg}' is not a player who holds enough cards to accept; ask another player or all."

    def apply(self, game: CatanGame, at: Any, action: Action) -> None:
        s = game.state
        p = at.player
        if action.verb == "withdraw":
            _lapse(game, f"{name(p)} withdraws the offer.")
        elif action.verb in ("give", "want"):
            side = s.offer_give if action.verb == "give" else s.offer_want
            side[game.cards.index(str(action.args[0]))] += 1  # the offer is composed on
        else:
            target = action.args[0]
            one = -1 if target == "all" else int(target) - 1  # type: ignore[arg-type]
            answers = s.answers = [NOT_ASKED] * game.players
            for q in range(game.players):
                if q != p and (one < 0 or q == one):
                    answers[q] = WAITING
            to = "everyone" if one < 0 else name(one)
            game.emit("trade.domestic", f"{name(p)} offers {offer_text(s.offer_give, s.offer_want, game.cards)} "
                      f"to {to}.",
                      player=p, give=list(s.offer_give), want=list(s.offer_want), to=str(target))
            _next_answer(game)


def _next_answer(game: CatanGame) -> None:
    s = game.state
    n = game.players
    for i in range(1, n):
        q = (s.player + i) % n
        if s.answers[q] == WAITING:
            game.push(waiting("answer", q))
            return
    if ACCEPTED in s.answers:
        game.push(waiting("confirm", s.player))
    else:
        _lapse(game, "Nobody accepts: the offer lapses.")


class Answer(CatanStep):
    kind = "answer"
    forms = {"accept": "accept", "decline": "decline"}

    def prompt(self, game: CatanGame, at: Any) -> str:
        return (f"{name(at.player)}: accept or decline {name(game.state.player)}'s offer "
                f"({offer_text(game.state.offer_give, game.state.offer_want, game.cards)})")

    def options(self, game: CatanGame, at: Any) -> Sequence[Action]:
        q = at.player
        hands, want = game.state.hands, game.state.offer_want
        base = q * game.width
        for r, n in enumerate(want):
            if hands[base + r] < n:
                return (DECLINE,)
        return (ACCEPT, DECLINE)

    def refusal(self, game: CatanGame, at: Any, action: Action) -> str | None:
        asked = offer_text(game.state.offer_want, [0] * game.width, game.cards).split(" for")[0]
        return f"you do not hold the cards asked for ({asked})."

    def apply(self, game: CatanGame, at: Any, action: Action) -> None:
        s = game.state
        q = at.player
        s.answers[q] = ACCEPTED if action.verb == "accept" else DECLINED
        game.emit("trade.answer", f"{name(q)} {action.verb}s.", player=q, answer=action.verb)
        _next_answer(game)


class Confirm(CatanStep):
    kind = "confirm"
    forms = {"confirm": "confirm PLAYER", "withdraw": "withdraw"}
    refused = "{place} did not accept the offer; confirm one of the players who did (trade.confirm)."

    def prompt(self, game: CatanGame, at: Any) -> str:
        who = " or ".join(name(q) for q in range(game.players) if game.state.answers[q] == ACCEPTED)
        return f"{name(at.player)}: trade with {who}, or withdraw the offer"

    def options(self, game: CatanGame, at: Any) -> Sequence[Action]:
        answers = game.state.answers
        out = [CONFIRM_ACTIONS[q] for q in range(game.players) if answers[q] == ACCEPTED]
        out.append(WITHDRAW)
        return out

    def apply(self, game: CatanGame, at: Any, action: Action) -> None:
        s = game.state
        p = at.player
        if action.verb == "withdraw":
            _lapse(game, f"{name(p)} withdraws the offer.")
            return
        target = place_of(action)
        q = target - 1
        w = game.width
        for r in range(w):
            moved = s.offer_give[r] - s.offer_want[r]
            s.hands[p * w + r] -= moved
            s.hands[q * w + r] += moved
        _lapse(game, f"{name(p)} and {name(q)} trade: {name(p)} gives "
               f"{offer_text(s.offer_give, s.offer_want, game.cards).replace(' for ', f' to {name(q)} for ')}.")


class Trade(TurnVerb):
    """``trade GIVE GET`` after the roll: a maritime trade with the bank at your rate."""

    verb = "trade"
    form = "trade GIVE GET"

    def options(self, game: CatanGame, at: Any, hand: list[int]) -> list[Action]:
        return maritime_options(game, at.player, hand)

    def refusal(self, game: CatanGame, at: Any, action: Action) -> str | None:
        return maritime_refusal(game, at.player, action.args[0], action.args[1])

    def apply(self, game: CatanGame, at: Any, action: Action) -> None:
        maritime(game, at.player, str(action.args[0]), str(action.args[1]))


class Propose(TurnVerb):
    """``propose`` after the roll: start a trade offer to the other players (its composition comes next)."""

    verb = "propose"
    form = "propose"

    def options(self, game: CatanGame, at: Any, hand: list[int]) -> list[Action]:
        s = game.state
        if s.offers_made >= game.config.offers_per_turn:
            return []
        held = sum(hand)  # the hand's cards, and those of the others (cards_of_others), from the hand already cut
        if not held or sum(game.card_totals) - sum(s.bank) == held:
            return []
        return [PROPOSE]

    def refusal(self, game: CatanGame, at: Any, action: Action) -> str | None:
        return propose_refusal(game, at.player)

    def apply(self, game: CatanGame, at: Any, action: Action) -> None:
        propose(game, at.player)
