"""The coach's words: what a move does for the seat that decides it, in words a learner checks on the board.

:func:`move_words` names the changes to the seat's own record (its pieces, cards, money and points: :func:`seat_record`,
what ``observe(seat)`` shows it), then what the game's evaluation (``Game.terms``) sees after the seat's own next
choices; a change that another deal of what the seat cannot see does not repeat is chance, and said to be.
:func:`opened` says what a move makes possible in the same decision (a trade, then a build). A hint and a review word
the same move at the same step alike: everything is dealt from a seed. The coach (:mod:`.coach`) asks these for every
hint and every mistake of a review; a table words the rest (its places, its choices: ``Coaching.coach_words``).
"""

from __future__ import annotations

import re
from typing import Any

from games.core import Action, Game, Rng, seat_label
from games.core.bots import GreedyBot

#: The seat's own follow-up choices a reason looks through.
FOLLOW_THROUGH = 3
#: The most changes one reason names.
MOST_CHANGES = 3


def _number(x: float) -> str:
    text = f"{x:+.1f}".replace("-", "−")
    return text[:-2] if text.endswith(".0") else text


def changes(before: dict[str, float], after: dict[str, float], most: int = MOST_CHANGES) -> list[str]:
    """What changes most from ``before`` to ``after``, gains first: ``["roads +1", "brick −1"]``. The largest gain is
    always among them (a trade's 1 brick beside its 4 lumber: what a move brings, not only what it costs)."""
    found = [(name, after.get(name, 0.0) - before.get(name, 0.0)) for name in dict.fromkeys([*before, *after])]
    found = [(name, delta) for name, delta in found if abs(delta) >= 0.05]
    found.sort(key=lambda item: (-abs(item[1]), item[1] < 0))
    kept = found[:most]
    gains = [item for item in found if item[1] > 0]
    if most and gains and gains[0] not in kept:
        kept = [gains[0], *found[:most - 1]]
    kept.sort(key=lambda item: item[1] < 0)  # stable: gains first, then costs, each by size
    return [f"{name} {_number(delta)}" for name, delta in kept]


def reason_words(before: dict[str, float], after: dict[str, float], most: int = 2) -> str:
    """The evaluation's terms that change most from ``before`` to ``after``, in words: ``"town +3, groschen −1.2"``
    (``""`` when none changes)."""
    return ", ".join(changes(before, after, most))


def seat_record(game: Game, seat: int) -> dict[str, float]:
    """The numbers of the seat's own record in what it sees (``observe(seat)``: its entry of ``seats`` or
    ``players``): counts of its pieces, cards and plots, its money and points, by the record's names. What a learner
    finds in the seat's board; a list counts its items, a table of numbers gives each its own name."""
    return _numbers(_own_entry(game, seat))


def _own_entry(game: Game, seat: int) -> Any:
    """The seat's own entry of what it sees (``seats`` or ``players`` of ``observe(seat)``), or ``None``."""
    view = game.observe(seat)
    for key in ("seats", "players"):
        entries = view.get(key) if isinstance(view, dict) else None
        if isinstance(entries, list) and len(entries) == game.players and isinstance(entries[seat], dict):
            return entries[seat]
    return None


def _totals(record: Any) -> set[str]:
    """The names of the record's plain numbers that add up one of its tables of numbers (a Catan hand's size beside the
    hand): a move changes them with their parts, and the parts say more."""
    if not isinstance(record, dict):
        return set()
    sums = {sum(v.values()) for v in record.values() if isinstance(v, dict) and len(v) > 1
            and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in v.values())}
    return {str(key).replace("_", " ") for key, value in record.items()
            if isinstance(value, (int, float)) and not isinstance(value, bool) and value in sums}


def _numbers(record: Any) -> dict[str, float]:
    out: dict[str, float] = {}

    def walk(value: Any, name: str) -> None:
        if isinstance(value, bool) or name in out:
            return
        if isinstance(value, (int, float)):
            out[name] = float(value)
        elif isinstance(value, (list, tuple)):
            out[name] = float(len(value))
        elif isinstance(value, dict):
            for key, inner in value.items():
                walk(inner, str(key).replace("_", " ").replace("-", " "))

    if record is not None:
        for key, value in record.items():
            if key not in ("seat", "player", "rates", "pieces_left"):  # fixed ids, trade rates, counts mirrored
                walk(value, str(key).replace("_", " "))
    return out


def move_words(game: Game, seat: int, action: Action, seed: int) -> str:
    """What ``action`` does for ``seat``, in words a learner checks on the board: the changes to the seat's own
    record (``"roads +1, brick −1, lumber −1"``), then what the evaluation sees after the seat's own next choices it
    opens (``"then points +2"``, the greedy bot making them, a few at most). A move that changes nothing yet names
    the choice it opens or who decides next. What the seat cannot see is dealt from ``Rng(seed)``: the same step
    words the same move alike. A change that another deal does not repeat (the card a purchase draws, what a roll
    brings) is chance, and said to be: a hint never tells one deal's luck as the move's effect."""
    rng = Rng(seed)
    twin, record, terms, said = _played(game, seat, action, rng)
    chance: tuple[set[str], set[str]] = (set(), set())  # the record's and the terms' names that differ by deal
    for k in range(1, CHANCE_DEALS + 1):  # a few more deals: a likely draw (a knight) would repeat on one or two
        other = _played(game, seat, action, Rng(seed + k * CHANCE_DEAL))
        for differ, mine, theirs in zip(chance, (_delta(*record), _delta(*terms)),
                                        (_delta(*other[1]), _delta(*other[2])), strict=True):
            differ |= {name for name in {*mine, *theirs} if abs(mine.get(name, 0.0) - theirs.get(name, 0.0)) >= 0.05}
    rb, ra, tb, ta = ({k: v for k, v in part.items() if k not in differ}
                      for part, differ in zip((*record, *terms), (chance[0], chance[0], chance[1], chance[1]),
                                              strict=True))
    now = changes(rb, ra)
    seen = {item.rsplit(" ", 1)[0] for item in now}
    now += [item for item in changes(tb, ta, 99) if item.rsplit(" ", 1)[0] not in seen][:MOST_CHANGES]
    if chance[0] or chance[1]:
        return (", ".join(now) + ", and more by chance" if now else "by chance") + " (what is drawn or rolled)"
    terms_now = terms[1]
    next_decision = twin.pending()
    bot = GreedyBot(rng.below(1 << 30))
    for _ in range(FOLLOW_THROUGH):
        decision = twin.pending()
        if decision is None or decision.player != seat:
            break
        twin.apply_unchecked(bot.choose(twin))
    later = changes(terms_now, twin.terms(seat), 2)
    if now:
        return ", ".join(now) + (f"; then {', '.join(later)}" if later else "")
    done = f"{_short(said[0]).rstrip('.')}; " if said else ""  # the board's change in the log's words (a row's order)
    if later:
        return done + f"then, with your next choices: {', '.join(later)}"
    if next_decision is None:
        return done + "ends the game"
    if next_decision.player == seat:
        return done + f"next, your choice: {_short(next_decision.prompt)}"
    return done + f"then {seat_label(next_decision.player)} decides"


#: The other deals a move is played on, and their seeds' step: what it changes on every deal is its effect, what
#: differs is chance (the commonest development card, a knight, repeats on all 7 deals about once in 30 purchases).
CHANCE_DEALS, CHANCE_DEAL = 6, 7919


def _played(game: Game, seat: int, action: Action, rng: Rng) -> tuple[Game, tuple[dict[str, float], dict[str, float]],
                                                                      tuple[dict[str, float], dict[str, float]],
                                                                      list[str]]:
    """``action`` played on a deal of what ``seat`` cannot see: the position after it, the seat's own record before
    and after it (the totals whose parts are named left out), the evaluation's terms before and after, and the events
    it logged."""
    twin = game.redeal(seat, rng)
    entry = _own_entry(twin, seat)
    record, terms, logged = _numbers(entry), twin.terms(seat), len(twin.log)
    twin.apply_unchecked(action)
    entry_after = _own_entry(twin, seat)
    totals = _totals(entry) & _totals(entry_after)  # a total in both records: its parts are named instead
    records = ({k: v for k, v in record.items() if k not in totals},
               {k: v for k, v in _numbers(entry_after).items() if k not in totals})
    return twin, records, (terms, twin.terms(seat)), [event.text for event in twin.log[logged:]]


def _delta(before: dict[str, float], after: dict[str, float]) -> dict[str, float]:
    return {name: after.get(name, 0.0) - before.get(name, 0.0) for name in {*before, *after}}


def opened(game: Game, seat: int, action: Action, seed: int) -> tuple[Game, list[Action]]:
    """What ``action`` is for, when the seat goes on deciding the same kind of decision after it (a trade, then a
    build): the position after it (what the seat cannot see dealt from ``Rng(seed)``, as :func:`move_words` deals
    it) and the legal actions there whose verb was not legal before (``build a road`` after a trade for brick)."""
    twin = game.redeal(seat, Rng(seed))
    before = twin.pending()
    verbs = {legal.verb for legal in twin.legal_actions()}
    twin.apply_unchecked(action)
    after = twin.pending()
    if before is None or after is None or after.player != seat or after.kind != before.kind:
        return twin, []
    return twin, [legal for legal in twin.legal_actions() if legal.verb not in verbs]


_SEAT_PREFIX = re.compile(r"^Player \d+: ")


def _short(prompt: str, most: int = 90) -> str:
    """A prompt or an event without its "Player 1: " and cut to ``most`` characters."""
    text = " ".join(_SEAT_PREFIX.sub("", prompt).split())
    return text if len(text) <= most else text[:most - 1].rstrip() + "…"


__all__ = ["CHANCE_DEALS", "FOLLOW_THROUGH", "MOST_CHANGES", "changes", "move_words", "opened", "reason_words",
           "seat_record"]
