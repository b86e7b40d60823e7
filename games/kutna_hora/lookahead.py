"""The greedy bots' look-ahead in Kutná Hora, fast: every action of a decision rated in one pass, with the very
values the plain look-ahead gives (``KutnaHoraGame.lookahead`` / ``lookaheads`` delegate here).

**The plain look-ahead** (what the values are): for each action, a copy of the game reshuffles what nobody may see
(:func:`~.evaluation.shuffle_hidden`: the face-down mine tiles by back and the face-down events, from the game's own
random stream), plays the action, and rates the position as :func:`~.evaluation.heuristic` does, or, while the
acting player's own chain of choices goes on (a played card opens its action's choices: ``play 3 build`` then
``build T 7``), the best position two further own choices reach. Cards offering the same action share one rating (a
memo per position, keyed by the action a card is played for).

**Why the fast one gives the same values.** Each shortcut replaces a copy-and-play by a position that the evaluation,
and everything the rules do on the way to it, cannot tell apart from the one the plain look-ahead would reach:

1. *One reshuffle per decision, and only where a draw reads it.* Every action's copy would start from the same
   position with the same random stream, so they would all make the same shuffle: it is made once, and copied; and
   where no action's look-ahead may draw a mine tile it is not made at all (:func:`_draws`).
2. *Families* (:func:`_families`): options that play alike but for a few board cells and the price (where a plot
   marker stands, which Rights tile is taken, the column a mine tile goes to, the plot a building goes on, the
   council colour) are rated on the position the family's first option led to, with those cells and the money
   changed in place and put back (:func:`_as_member`), where that position is rated as it is and the round has not
   begun to end on the way (tax reads the money; a round's end scores the nobles, who read the boards). Where
   only the seat's own numbers differ, only that seat is rated again (:func:`~.evaluation.seat_rater`). ``miners 1``
   and ``miners 2`` share their ratings all the way (only where a miner comes from tells them apart).
3. *A pass is an idle card.* Passing the first choice of a plainly played card leaves the position that playing the
   card for no effect (``idle``) leaves, but for which card left the hand, which nothing on the way reads: the idle
   position stands in for it.
4. *A joker is the plain card, one reputation lower.* ``joker N mine`` and ``play M mine`` lead to positions that
   differ only in the acting seat's reputation (and the points a joker costs at the track's bottom) and the card
   gone. Their follow-up choices are rated together (:class:`_Pair`): each position on the plain side is rated a
   second time as the joker side would have it (:func:`~.evaluation.heuristic_pair`), as long as nothing on the way
   moved or read the reputation (no reputation event, no plot price across the cheap-plot step, the round not
   ended); where something did, the joker side is played out for real.
5. *Plain Plot, Rights and Income from the idle position* (:func:`_direct`): such a card followed by its choice
   leaves the idle position with the seat's money, held tiles or plot markers changed (a plot's price, a tile's
   Rights, the income and the council's price), so each option is rated on the idle position changed so, where it
   is rated as it is and the round's end has not begun (tax reads the money).
6. *The choice a card opened was rated already.* Playing a card for Plot, Rights, Build or Income (plainly or as
   the joker), the look-ahead rated the options of the choice it opens; where it rated one's position as it is, the
   next decision (that very choice, the card having been played) takes that rating instead of working it out
   again (:func:`_rated_before`). The positions are the same but for the reshuffle, which nothing on the way to
   them reads (1.), and rated as they are at either depth. A Mine card's permit choice is kept whole: the next
   decision reshuffles from the same position with the same random stream (playing the card drew nothing), so its
   draws are the very ones rated, and with nothing of the player's waiting under the choice every position past a
   draw is rated as it is at any depth.

The rating values are floats computed by the same expressions from equal numbers, so they are equal, not close: the
greedy bots choose exactly as before (``tests/test_greedy_games.py``), and ``tests/kutna_hora/test_lookaheads.py``
checks :func:`lookaheads` against the plain look-ahead kept in the tests, on positions of random and of greedy play
and on the greedy game itself right after a card (where it reads what the card decision rated).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from games.core import Action, Event

from . import mines, plot_action, rights_action
from .cards import joker_cost
from .choice import PASS, act
from .data import rulebook
from .effects import moved_reputation
from .evaluation import OWN_STEP_ENDS, heuristic, heuristic_pair, seat_rater, shuffle_hidden
from .income import income

if TYPE_CHECKING:
    from .game import KutnaHoraGame

#: The first choices a plainly played card opens whose ``pass`` leaves the position an idle card leaves.
_PASS_IS_IDLE = frozenset({"plot", "rights", "build", "miners"})
#: Actions a joker is rated for together with the plain card (Pairing in the module docstring).
_PAIRED = frozenset({"mine", "rights", "build", "income", "plot"})


def lookahead(game: KutnaHoraGame, action: Action, player: int) -> float:
    """Rate ``action`` for greedy bots without peeking, and with its own follow-up choices (module docstring)."""
    return lookaheads(game, (action,), player)[0]


def lookaheads(game: KutnaHoraGame, actions: Sequence[Action], player: int) -> list[float]:
    """:func:`lookahead` of each of ``actions`` (legal now), in their order (``Game.lookaheads``)."""
    # The memo belongs to one position: it keeps that state object alive (so its identity cannot be reused) and is
    # dropped as soon as the game holds another state or has moved on.
    where = (game.state, len(game.history), len(game.log))
    memo = game.lookahead_memo
    keys = [(action.verb, _what(action), player) for action in actions]
    if memo is None or memo[0][0] is not where[0] or memo[0][1:] != where[1:]:
        memo = game.lookahead_memo = (where, _rated_before(game, player, keys, actions))
    rated = memo[1]
    todo: dict[tuple, Action] = {}
    for key, action in zip(keys, actions, strict=True):
        if key not in rated and key not in todo:
            todo[key] = action
    if todo:
        base = game.clone()
        base.lookahead_memo = base.lookahead_next = None
        if _draws(base, todo.values()):
            shuffle_hidden(base)
        if base.state.stack and base.state.stack[-1].kind == "play":
            choices: dict[tuple[str, str], dict[Action, float]] = {}
            rated.update(_card_values(base, todo, player, choices))
            game.lookahead_next = (game.state, len(game.history) + 1, player, choices)
        else:
            rated.update(zip(todo, _values(base, list(todo.values()), player, 2)[0], strict=True))
    return [rated[key] for key in keys]


#: The choice each card action opens whose ratings a card decision keeps for the next decision (module docstring,
#: 6): the actions that draw no hidden tile and whose choice's positions are rated as they are, and the Mine
#: card's permit choice, whose draws the next decision makes alike.
_NEXT_CHOICE = {"plot": "plot", "rights": "rights", "build": "build", "income": "council", "mine": "miners"}


def _rated_before(game: KutnaHoraGame, player: int, keys: list[tuple], actions: Sequence[Action]) -> dict:
    """The ratings of this position's actions that the card decision just before already worked out (module
    docstring, 6): ``player`` played a card for Plot, Rights, Build or Income there, and this is that action's choice;
    the positions its options lead to were rated there as they are, and nothing on the way read what that decision's
    reshuffle dealt."""
    kept, game.lookahead_next = game.lookahead_next, None
    if kept is None or kept[0] is not game.state or kept[1] != len(game.history) or kept[2] != player:
        return {}
    last, top = game.history[-1], game.state.stack[-1] if game.state.stack else None
    if last.verb not in ("play", "joker") or top is None or top.kind != _NEXT_CHOICE.get(str(last.args[-1])):
        return {}
    choices = kept[3].get((last.verb, str(last.args[-1])))
    if not choices:
        return {}
    return {key: choices[action] for key, action in zip(keys, actions, strict=True) if action in choices}


def _draws(game: KutnaHoraGame, actions: Iterable[Action]) -> bool:
    """Whether the look-ahead of any of ``actions`` may draw mine tiles: a Mine or St. Barbara card (tile 9 mines
    twice), a permit's choice, or a draw already waiting on the stack. Only a draw reads what the reshuffle deals
    again: the events it also deals are revealed only as a round begins, where they raise the tax, which the
    evaluation does not read, and the random stream the reshuffle leaves is read by nothing else on the way but the
    red nobles' order in the town hall (module docstring, 1)."""
    s = game.state
    if any(frame.kind == "mine-draw" for frame in s.stack):
        return True
    top = s.stack[-1] if s.stack else None
    if top is None:
        return False
    if top.kind == "miners":
        return True
    return top.kind == "play" and any(a.verb != "idle" and a.args[-1] in _DRAWING for a in actions)


#: Card actions whose look-ahead may draw mine tiles (:func:`_draws`).
_DRAWING = frozenset({"mine", "barbara"})


def _what(action: Action) -> str:
    """What of ``action`` its rating depends on: the action a card is played for (any card alike), all of an idle
    play's, every word of the rest."""
    return "" if action.verb == "idle" else action.args[-1] if action.verb in ("play", "joker") else str(action)


def _card_values(game: KutnaHoraGame, todo: dict[tuple, Action], player: int,
                 choices: dict[tuple[str, str], dict[Action, float]]) -> dict[tuple, float]:
    """The ratings of the card plays ``todo`` (by memo key) at a card decision: an idle card's position stands in for
    a pass and is the start of Plot, Rights and Income played plainly, and a joker is rated with the plain card of
    its action where the hand has one (module docstring). ``choices`` gets, for Plot, Rights, Build and Income played
    plainly or as a joker, the ratings of the options of the choice it opens that were rated as they are (by
    ``("play" | "joker", action)``), for the next decision."""
    out: dict[tuple, float] = {}
    idle: list[tuple[KutnaHoraGame, list[Event]] | None] = []  # made once, when first asked for

    def idle_position() -> tuple[KutnaHoraGame, list[Event]] | None:
        if not idle:
            made = _played(game, act("idle", game.state.seats[player].cards[0]))
            idle.append(made if _ends(made[0], player, 1) else None)
        return idle[0]

    jokers = {("joker", key[1], player) for key in todo if key[0] == "play" and key[1] in _PAIRED} & todo.keys()
    for key, action in todo.items():
        if key in jokers:
            continue  # rated with the plain card of its action
        joker = ("joker", key[1], player)
        if key[1] in _DIRECT and action.verb == "play":
            pair = _Pair.joker(game, todo[joker], player) if joker in jokers else None
            rated = _direct(game, action, idle_position(), player, pair)
            if rated is not None:
                out[key] = rated[0]
                choices[key[:2]] = {option: values[0] for option, values in rated[2].items()}
                if pair is not None:
                    out[joker] = rated[1]
                    choices[joker[:2]] = {option: values[1] for option, values in rated[2].items()}
                continue
        twin, events = _played(game, action)
        if action.verb == "idle" and not idle:
            idle.append((twin, events) if _ends(twin, player, 1) else None)
        pair = None
        if joker in jokers:
            pair = _Pair.joker(game, todo[joker], player) if not _moves_reputation(events) else None
            if pair is None:
                out[joker] = _best_value(_played(game, todo[joker])[0], player, 2, owned=True)
        if _ends(twin, player, 2):
            out[key] = heuristic(twin, player)
            if pair is not None:
                out[joker] = _best_value(pair.node(), player, 2)
            continue
        top = twin.state.stack[-1]
        passed = idle_position() if action.verb == "play" and top.kind in _PASS_IS_IDLE and \
            len(twin.state.stack) == len(game.state.stack) else None
        # A Mine card's permit choice: the whole choice can be kept (its options' draws are the next decision's own,
        # below), as long as nothing of the player's waits under it (so every position past a draw is rated as it
        # is, at any depth). Other choices: their options rated as they are.
        whole = top.kind == "miners" and len(twin.state.stack) == len(game.state.stack)
        record: dict[Action, tuple[float, float]] | None = \
            {} if top.kind == _NEXT_CHOICE.get(key[1]) and (key[1] != "mine" or whole) else None
        out[key], paired = _best_values(twin, player, 2, pair, passed, owned=True, record=record, whole=whole)
        if record:
            choices[key[:2]] = {option: values[0] for option, values in record.items()}
        if pair is not None:
            out[joker] = paired
            if record:
                choices[joker[:2]] = {option: values[1] for option, values in record.items()}
    return out


#: Card actions a plain play of which is rated straight from the idle position (:func:`_direct`).
_DIRECT = frozenset({"plot", "rights", "income"})


def _direct(game: KutnaHoraGame, action: Action, idle: tuple[KutnaHoraGame, list[Event]] | None, player: int,
            pair: _Pair | None) -> tuple[float, float, dict[Action, tuple[float, float]]] | None:
    """The ratings of ``action``, a plain play of Plot, Rights or Income (and, with ``pair``, of the joker for it),
    read from the position an idle card leaves (module docstring, 5); ``None`` where that position is not rated as
    it is or the round's end has begun on the way to it (tax then reads the money)."""
    if idle is None:
        return None
    twin, events = idle
    s, t = game.state, twin.state
    if t.round != s.round or t.phase != s.phase or _moves_reputation(events) or \
            t.turn >= rulebook.TURNS_PER_ROUND.value * game.config.players:
        return None
    seat = s.seats[player]
    what = action.args[-1]
    # (groschen, held tiles, plot marker) of each kind of option, and the options of that kind: passing first
    changes: list[tuple[tuple[int, int, int], list[Action]]] = [((0, 0, -1), [PASS])]
    if what == "plot":
        if pair is not None and not pair.same_choices(game, player, "plot"):
            return None
        by_price: dict[int, list[Action]] = {}
        for where, price in plot_action.plot_options(game, player, False, False).items():
            by_price.setdefault(price, []).append(act("plot", where))
        changes += [((-price, 0, plots[0].args[0]), plots) for price, plots in by_price.items()]  # type: ignore
    elif what == "rights":
        by_cost: dict[int, list[Action]] = {}
        for tile, (_r, _c, cost) in rights_action.rights_options(game, player, False, False).items():
            by_cost.setdefault(cost, []).append(act("rights", tile))
        changes += [((-cost, 1, -1), tiles) for cost, tiles in by_cost.items()]
    else:  # Income, then the council step when it comes (income_action.Income)
        earned = income(seat.production, game.prices_now(), seat.mine_ore)
        changes = [((earned, 0, -1), [PASS])]
        if any(s.pool.values()) and seat.groschen + earned >= game.design.council_cost:
            changes.append(((earned - game.design.council_cost, 0, -1), [act("council", c) for c in s.pool
                                                                           if s.pool[c]]))
    rate = seat_rater(twin, player)  # the other seats, boards and prices stay as they are
    values, paired, options = [], [], {}
    for (groschen, held, marker), acts in changes:
        value, other = _changed(twin, player, groschen, held, marker, pair, rate)
        values.append(value)
        paired.append(other)
        options.update(dict.fromkeys(acts, (value, other)))
    return max(values), max(paired), options


def _changed(game: KutnaHoraGame, player: int, groschen: int, held: int, marker: int, pair: _Pair | None,
             rate: Callable[[int, int], float]) -> tuple[float, float]:
    """The ratings of ``game`` (and of its pair) with ``player``'s money moved by ``groschen``, ``held`` more held
    tiles and a plot marker on plot ``marker`` (-1: none), everything put back after; ``rate``: the seat's rater
    (:func:`~.evaluation.seat_rater`, only that seat's own numbers change)."""
    s = game.state
    seat = s.seats[player]
    seat.groschen += groschen
    seat.held += [""] * held  # the evaluation counts held tiles
    if marker >= 0:
        s.markers[marker] = player
    try:
        value = rate(seat.score, seat.reputation)
        return value, float("nan") if pair is None else rate(seat.score + pair.points, pair.reputation)
    finally:
        seat.groschen -= groschen
        if held:
            del seat.held[-held:]
        if marker >= 0:
            s.markers[marker] = -1


def _played(game: KutnaHoraGame, action: Action, owned: bool = False) -> tuple[KutnaHoraGame, list[Event]]:
    """A copy of ``game`` with ``action`` played, and the events it caused; ``owned``: ``game`` itself may be
    played on (nobody reads it afterwards), saving the copy."""
    twin = game if owned else game.clone()
    return twin, twin.apply_unchecked(action)


def _node(make: Callable[[], KutnaHoraGame]) -> Callable[[], KutnaHoraGame]:
    """``make``, called once: the position it makes is kept and handed out again (never played on)."""
    made: list[KutnaHoraGame] = []

    def node() -> KutnaHoraGame:
        if not made:
            made.append(make())
        return made[0]

    return node


@dataclass(slots=True)
class _Pair:
    """The other side of a paired rating: a position reached like the one being rated but for the acting seat's
    reputation (``reputation`` there) and points (``points`` more there, never more than 0), while no reputation
    moved on the way. ``node`` makes that position (once) when a step on the way does touch the reputation: then the
    other side is played out for real from there."""

    node: Callable[[], KutnaHoraGame]
    reputation: int
    points: int
    cheap: bool  # whether plots are cheap for the seat there (the one place the rules read reputation on the way)

    @classmethod
    def joker(cls, game: KutnaHoraGame, action: Action, player: int) -> _Pair:
        """The pair of ``game`` after a plain card that moves no reputation, and after the joker ``action`` for the
        same action: the joker's reputation cost moved as the rules move it, the rest alike (both start the action
        the same way)."""
        seat = game.state.seats[player]
        cost = joker_cost(game, player)
        reputation, beyond = moved_reputation(game.design, seat.reputation, -cost) if cost else (seat.reputation, 0)
        return cls(_node(lambda: _played(game, action)[0]), reputation, game.design.reputation_beyond * beyond,
                   reputation >= game.design.cheap_plot[0])

    def same_choices(self, game: KutnaHoraGame, player: int, kind: str | None = None) -> bool:
        """Whether the paired position's pending choice (or the choice ``kind``) offers what ``game``'s does: all
        but plot prices (cheap from a reputation on) are read without the reputation."""
        kind = game.state.stack[-1].kind if kind is None else kind
        return kind != "plot" or self.cheap == (game.state.seats[player].reputation >= game.design.cheap_plot[0])

    def after(self, action: Action) -> _Pair:
        """The pair one step further: the same numbers, its position made from this one's by ``action``."""
        return _Pair(_node(lambda: _played(self.node(), action)[0]), self.reputation, self.points, self.cheap)


def _moves_reputation(events: list[Event]) -> bool:
    """Whether any of ``events`` moved (or tried to move) a reputation marker: every such change is logged with it."""
    return any("reputation" in event.data for event in events)


def _ends(game: KutnaHoraGame, player: int, depth: int) -> bool:
    """Whether the look-ahead rates this position as it is: no depth left, the game over, or nothing of
    ``player``'s own chain pending."""
    s = game.state
    top = s.stack[-1] if s.stack else None
    return depth == 0 or top is None or s.phase == "over" or top.player != player or top.kind in OWN_STEP_ENDS


def _best_value(game: KutnaHoraGame, player: int, depth: int, owned: bool = False) -> float:
    """The position's rating for ``player``: as it is when :func:`_ends`, else the best of its actions' ratings
    (``owned``: ``game`` may be played on, :func:`_played`)."""
    return _best_values(game, player, depth, owned=owned)[0]


def _best_values(game: KutnaHoraGame, player: int, depth: int, pair: _Pair | None = None,
                 passed: tuple[KutnaHoraGame, list[Event]] | None = None, owned: bool = False,
                 record: dict[Action, tuple[float, float]] | None = None, whole: bool = False) -> tuple[float, float]:
    """:func:`_best_value` of ``game`` and, with ``pair``, of the paired position (else ``nan``); ``passed``: the
    position that stands in for the one after ``pass``, ``record``: gets the ratings of the options rated as they are
    (with ``whole``, of every option) (:func:`_values`)."""
    if _ends(game, player, depth):
        return _rated(game, player, pair)
    if pair is not None and not pair.same_choices(game, player):
        return _best_value(game, player, depth, owned), _best_value(pair.node(), player, depth)
    values, paired = _values(game, game.legal_actions(), player, depth - 1, pair, passed, owned, record, whole)
    return max(values, default=float("-inf")), max(paired, default=float("-inf")) if pair else float("nan")


def _rated(game: KutnaHoraGame, player: int, pair: _Pair | None) -> tuple[float, float]:
    """``game``'s rating and, with ``pair``, the paired position's, read from ``game`` with the seat's reputation and
    points moved (else ``nan``)."""
    if pair is None:
        return heuristic(game, player), float("nan")
    return heuristic_pair(game, player, game.state.seats[player].score + pair.points, pair.reputation)


def _values(game: KutnaHoraGame, actions: Sequence[Action], player: int, depth: int, pair: _Pair | None = None,
            passed: tuple[KutnaHoraGame, list[Event]] | None = None, owned: bool = False,
            record: dict[Action, tuple[float, float]] | None = None,
            whole: bool = False) -> tuple[list[float], list[float]]:
    """The rating of the position after each of ``actions`` (legal now), looking ``depth`` own choices further, and
    with ``pair`` each one's rating on the paired side (else an empty list). ``passed``: the position (and events)
    that stands in for the one after ``pass``; ``owned``: an action may be played on ``game`` itself; ``record``: gets
    each option's ratings where its position was rated as it is (with ``whole``, every option's). An action of a
    family (:func:`_families`) is rated on the position its family's first action led to, changed as it would have
    changed it, where that position is rated as it is."""
    members = _families(game, actions)
    firsts: dict[tuple, list] = {}  # family -> [its first position, member, ratings, the seat's rater once made]
    s = game.state
    round_now, phase_now = s.round, s.phase  # read before an action may be played on this very state
    round_end = rulebook.TURNS_PER_ROUND.value * game.config.players  # s.turn once a round's end has begun
    order = list(range(len(actions)))
    if owned:  # the last action in a family of its own is rated last, played on ``game`` itself
        keys = [None if members is None or members[i] is None else members[i].key for i in order]
        alone = [i for i in order if (keys[i] is None or keys.count(keys[i]) == 1)
                 and not (actions[i] is PASS and passed is not None)]
        if alone:
            order.remove(alone[-1])
            order.append(alone[-1])
    last = order[-1] if owned else -1
    out: list[float] = [0.0] * len(actions)
    paired: list[float] = [0.0] * len(actions)
    for i in order:
        action = actions[i]
        member = members[i] if members is not None else None
        first = firsts.get(member.key) if member is not None else None
        if first is not None:
            out[i], paired[i] = _as_member(first, member, player, pair)  # type: ignore[arg-type]
            if record is not None and (whole or not member.whole):  # type: ignore[union-attr]
                record[action] = (out[i], paired[i])
            continue
        if action is PASS and passed is not None:
            twin, events = passed
        else:
            twin, events = _played(game, action, i == last)
        rated_now = _ends(twin, player, depth)
        same_round = twin.state.round == round_now and twin.state.phase == phase_now
        kept = pair is not None and same_round and not _moves_reputation(events)
        if rated_now:
            if pair is None or kept:
                value, other = _rated(twin, player, pair)
            else:
                value = heuristic(twin, player)
                other = _best_value(_played(pair.node(), action)[0], player, depth, owned=True)
        elif kept:
            value, other = _best_values(twin, player, depth, pair.after(action), owned=True)  # type: ignore[union-attr]
        else:
            value = _best_value(twin, player, depth, owned=True)
            other = float("nan") if pair is None else \
                _best_value(_played(pair.node(), action)[0], player, depth, owned=True)
        if member is not None and (member.whole or (rated_now and same_round and twin.state.turn < round_end
                                                    and (pair is None or kept))):
            firsts[member.key] = [twin, member, value, other, None]
        if record is not None and (rated_now or whole):
            record[action] = (value, other)
        out[i], paired[i] = value, other
    return out, paired if pair is not None else []


class _Member(NamedTuple):
    """An action's place in its family (:func:`_families`): the family, the board cells the action writes (state
    field, index, the value there before, the value it writes) and the groschen it pays. ``whole``: the family's
    look-aheads are alike all the way (its first action's ratings serve every one as they are)."""

    key: tuple
    cells: tuple[tuple[str, int, object, object], ...] = ()
    paid: int = 0
    whole: bool = False
    read: bool = True  # whether the evaluation reads the cells (not a plot marker's place: it counts them)


def _as_member(first: list, member: _Member, player: int, pair: _Pair | None) -> tuple[float, float]:
    """``member``'s ratings from its family's first position (``first``: that position, its member, its ratings and
    the seat's rater once made): the first's cells set back, the member's written and the price told apart, rated,
    and everything put back. Where only the price differs (the cells unread), the seat alone is rated again
    (:func:`~.evaluation.seat_rater`)."""
    twin, rep, value, other, rate = first
    if rep.whole or (member.paid == rep.paid and not (member.read and member.cells)):
        return value, other
    s = twin.state
    seat = s.seats[player]
    if not (member.read and member.cells):
        if rate is None:
            rate = first[4] = seat_rater(twin, player)
        seat.groschen += rep.paid - member.paid
        try:
            return (rate(seat.score, seat.reputation),
                    float("nan") if pair is None else rate(seat.score + pair.points, pair.reputation))
        finally:
            seat.groschen -= rep.paid - member.paid
    _write_cells(s, rep.cells, _BEFORE)  # the first's cells set back, the member's written
    _write_cells(s, member.cells, _AFTER)
    seat.groschen += rep.paid - member.paid
    try:
        return _rated(twin, player, pair)
    finally:
        seat.groschen -= rep.paid - member.paid
        _write_cells(s, member.cells, _BEFORE)
        _write_cells(s, rep.cells, _AFTER)


#: Positions in a member's cell (state field, index, value before, value after): which value to write.
_BEFORE, _AFTER = 2, 3


def _write_cells(state: object, cells: tuple[tuple[str, int, object, object], ...], which: int) -> None:
    """Write each of ``cells`` (a :class:`_Member`'s) with its value before (``_BEFORE``) or after (``_AFTER``)."""
    for cell in cells:
        getattr(state, cell[0])[cell[1]] = cell[which]


def _families(game: KutnaHoraGame, actions: Sequence[Action]) -> list[_Member | None] | None:
    """For a choice whose options differ only in what the evaluation reads plainly, each action's family and what
    sets it apart (``None``: an action of its own; ``None`` for the whole list at other choices). Every action of a
    family is played alike but for a few board cells it writes and the price it pays, and nothing on the way to the
    next decision reads those (the flow to the next card, a round's end up to its tax): so where the position after
    the family's first action is rated as it is, each other one's position is that one with the cells and the price
    changed (:func:`_as_member`). Families:

    * Plot: every plot, by where its marker goes and its price.
    * Rights: every tile, by its price (the evaluation counts held tiles; which one, and how the town hall's stacks
      then lie, nothing on the way reads).
    * Mine: the same tile on any open space, by where it goes and its wood; Tech: any space.
    * Build: the same tile on any of the player's plots, by where it stands (its own effects, the house it takes
      and what that gives read no plot).
    * Council: every colour, at the one price (nothing but the noble scoring reads the council or the pool).
    * Miners, alike all the way: ``miners 1`` and ``miners 2``, the same permit. Only where a miner comes from reads
      the pool apart from the reserve; everything else, the evaluation included, reads neither or their sum.
    """
    s = game.state
    top = s.stack[-1] if s.stack else None
    if top is None:
        return None
    kind, p = top.kind, top.player
    if kind == "plot":
        prices = plot_action.plot_options(game, p, top.free, top.anywhere)
        return [_Member(("plot",), (("markers", a.args[0], -1, p),), prices[a.args[0]], read=False)
                if a.verb == "plot" else None for a in actions]
    if kind == "rights":
        offers = rights_action.rights_options(game, p, top.free, top.public_only)
        return [_Member(("rights",), (), offers[a.args[0]][2]) if a.verb == "rights" else None for a in actions]
    if kind == "mine":
        wood = mines.open_spaces(s.mine)
        price = 0 if top.free else game.price("wood")
        return [_Member(("mine", a.args[0]), (("mine", a.args[1], "", a.args[0]), ("mine_owner", a.args[1], -1, p)),
                        wood[a.args[1]] * price) if a.verb == "mine" else None for a in actions]
    if kind == "tech":
        return [_Member(("tech",), (("mine", a.args[0], "", top.tile), ("mine_owner", a.args[0], -1, p)))
                if a.verb == "tech" else None for a in actions]
    if kind == "build":
        tiles = game.tiles
        return [_Member(("build", a.args[0]), (("markers", a.args[1], p, -1), ("town", a.args[1], "", a.args[0]),
                                               ("town_owner", a.args[1], -1,
                                                -1 if tiles[a.args[0]].guild == "public" else p)))
                if a.verb == "build" else None for a in actions]
    if kind == "council":
        return [_Member(("council",)) if a.verb == "council" else None for a in actions]
    if kind == "miners":
        return [_Member(("miners",), whole=True) if a.verb == "miners" and a.args[0] else None for a in actions]
    return None
