"""Trade: maritime 4:1 / 3:1 / 2:1, and offers between players as decisions."""

import pytest

from games.core import IllegalAction
from tests.checks import assert_refused

from .scenario import hand, legal, play, position, rules_of

rule = pytest.mark.rule


@rule("trade.maritime")
def test_four_of_a_kind_buy_one_card_from_the_bank():
    game = position(hands={0: "ore ore ore ore grain"})
    trades = [a for a in legal(game) if a.startswith("trade")]
    assert trades == ["trade ore brick", "trade ore grain", "trade ore lumber", "trade ore wool"]
    events = play(game, "trade ore wool")
    assert hand(game, 0) == {"grain": 1, "wool": 1} and rules_of(events) == ["trade.maritime"]
    with pytest.raises(IllegalAction, match="trade grain 4:1 and hold 1"):
        game.apply("trade grain ore")


@rule("trade.harbour")
def test_a_generic_harbour_trades_three_and_a_special_harbour_two_of_its_resource():
    # beginner map: intersection 0 is on a generic harbour, 10 on the 2:1 ore harbour
    game = position(settlements={0: [0]}, hands={0: "wool wool wool"})
    assert game.state.rates[:5] == [3, 3, 3, 3, 3]
    events = play(game, "trade wool ore")
    assert "3 wool for 1 ore" in events[0].text and rules_of(events) == ["trade.harbour"]
    game = position(settlements={0: [10]}, hands={0: "ore ore brick brick"})
    assert game.state.rates[:5] == [4, 4, 4, 2, 4]
    assert [a for a in legal(game) if a.startswith("trade")] == [
        "trade ore brick", "trade ore grain", "trade ore lumber", "trade ore wool"]
    assert any(e.rule == "trade.harbour" for e in game.log)


def offer(game, *steps):
    return play(game, "propose", *steps)


@rule("trade.domestic")
def test_the_player_to_move_composes_an_offer_card_by_card_and_asks_everyone():
    game = position(hands={0: "brick brick", 1: "ore", 2: "ore wool", 3: "grain"})
    assert "propose" in legal(game)
    play(game, "propose")
    assert legal(game) == ["give brick", "want grain", "want ore", "want wool", "withdraw"]  # nobody has lumber
    play(game, "give brick", "want ore")
    assert legal(game)[:4] == ["ask 2", "ask 3", "ask 4", "ask all"]
    events = play(game, "ask all")
    assert events[0].text == "Player 1 offers 1 brick for 1 ore to everyone."
    assert game.pending().player == 1 and game.pending().kind == "answer"


@rule("trade.answer")
def test_every_asked_player_answers_clockwise_and_only_holders_may_accept():
    game = position(hands={0: "brick", 1: "ore", 2: "wool", 3: "ore"})
    offer(game, "give brick", "want ore", "ask all")
    assert legal(game) == ["accept", "decline"]
    play(game, "accept")
    assert game.pending().player == 2 and legal(game) == ["decline"]  # holds no ore, is still asked
    with pytest.raises(IllegalAction, match="do not hold the cards"):
        game.apply("accept")
    events = play(game, "decline", "decline")
    assert rules_of(events) == ["trade.answer"] * 2 and game.pending().kind == "confirm"


@rule("trade.confirm")
def test_the_proposer_trades_with_one_acceptor():
    game = position(hands={0: "brick brick", 1: "ore", 2: "ore", 3: "ore"})
    offer(game, "give brick", "give brick", "want ore", "ask all")
    play(game, "accept", "decline", "accept")
    assert legal(game) == ["confirm 2", "confirm 4", "withdraw"]
    with pytest.raises(IllegalAction, match="did not accept"):
        game.apply("confirm 3")
    events = play(game, "confirm 4")
    assert hand(game, 0) == {"ore": 1} and hand(game, 3) == {"brick": 2} and hand(game, 1) == {"ore": 1}
    assert "Player 1 gives 2 brick to Player 4 for 1 ore" in events[-1].text
    assert game.pending().kind == "main"


@rule("trade.confirm")
def test_an_offer_nobody_accepts_lapses_and_one_asked_player_alone_answers():
    game = position(hands={0: "brick", 1: "ore", 2: "ore"})
    offer(game, "give brick", "want ore", "ask 3")
    assert game.pending().player == 2
    events = play(game, "decline")
    assert events[-1].text == "Nobody accepts: the offer lapses." and game.pending().kind == "main"
    assert hand(game, 0) == {"brick": 1}


@rule("decision.offer")
def test_an_offer_gives_held_cards_and_asks_only_what_the_others_hold():
    game = position(hands={0: "brick", 1: "ore"})
    play(game, "propose")
    assert "ask all" not in legal(game)
    play(game, "give brick")
    assert "give brick" not in legal(game) and "want brick" not in legal(game)
    play(game, "want ore")
    assert "want ore" not in legal(game)  # the others hold one ore between them (19 - bank - own)
    with pytest.raises(IllegalAction, match="one side of an offer only"):
        game.apply("want brick")
    with pytest.raises(IllegalAction, match="do not hold that many ore"):
        game.apply("want ore")


@rule("decision.offer-limit")
def test_a_player_starts_at_most_offers_per_turn_offers():
    game = position(hands={0: "brick", 1: "ore"}, offers_per_turn=2)
    play(game, "propose", "withdraw", "propose", "withdraw")
    assert "propose" not in legal(game)
    with pytest.raises(IllegalAction, match="used up"):
        game.apply("propose")
    assert "propose" not in legal(position(hands={0: "brick", 1: "ore"}, offers_per_turn=0))


@rule("trade.domestic")
@rule("decision.offer-limit")
def test_a_refused_offer_names_the_one_reason():
    game = position(hands={0: "brick", 1: "ore"}, offers_per_turn=1)
    play(game, "propose", "withdraw")
    used_up = assert_refused(game, "propose", r"the 1 offers of this turn are used up \(decision.offer-limit\)", "main")
    empty = assert_refused(position(hands={1: "ore"}), "propose", "you hold no card to offer", "main")
    alone = assert_refused(position(hands={0: "brick"}), "propose", "the other players hold no card", "main")
    assert len({used_up, empty, alone}) == 3 and not any(", or " in said for said in (used_up, empty, alone))


@rule("decision.no-counter")
def test_an_asked_player_can_only_accept_or_decline():
    game = position(hands={0: "brick", 1: "ore"})
    offer(game, "give brick", "want ore", "ask 2")
    assert legal(game) == ["accept", "decline"]
    with pytest.raises(IllegalAction):
        game.apply("want wool")


@rule("trade.confirm")
def test_the_turns_last_offer_stays_on_record_until_the_next_offer_or_the_turns_end():
    """What was offered and who answered is public; it stays in the state after the offer lapses (the greedy bot reads
    it), and goes with the next offer or the end of the turn."""
    from games.catan.state import DECLINED, NOT_ASKED

    game = position(hands={0: "brick", 1: "ore", 2: "ore", 3: "wool"})
    offer(game, "give brick", "want ore", "ask all")
    play(game, "decline", "decline", "decline")
    s = game.state
    assert game.pending().kind == "main" and s.offers_made == 1
    assert s.offer_give[:5] == [1, 0, 0, 0, 0] and s.offer_want[:5] == [0, 0, 0, 1, 0]
    assert s.answers == [NOT_ASKED, DECLINED, DECLINED, DECLINED]
    play(game, "propose")
    assert not any(s.offer_give) and not any(s.offer_want) and s.answers == [NOT_ASKED] * 4
    play(game, "withdraw", "end")
    assert not any(s.offer_give) and s.answers == [NOT_ASKED] * 4 and s.offers_made == 0


def test_a_greedy_bot_does_not_make_again_an_offer_everyone_declined_this_turn():
    """The same one-for-one offer, declined by everyone, was made again at once (a learner answered it twice in a
    row): the greedy bot now proposes it once a turn; an accepted one, or another swap, it may offer again."""
    from games.catan import evaluation
    from games.catan.data import rulebook
    from games.catan.trade import declined_this_turn
    from games.core.bots import GreedyBot

    game = position(hands={0: "brick brick grain grain", 1: "ore wool", 2: "lumber", 3: "ore"})
    give, want, gain = evaluation.best_swap(game, 0)
    assert gain > 0.1, "the position gives the bot a swap it wants"
    names = rulebook.RESOURCES
    assert GreedyBot(0).choose(game).verb == "propose"
    offer(game, f"give {names[give]}", f"want {names[want]}", "ask all")
    while game.pending().kind == "answer":
        play(game, "decline")
    assert declined_this_turn(game, give, want) and not declined_this_turn(game, want, give)
    assert "propose" in legal(game), "the rules allow another offer"
    rated = dict((str(a), v) for a, v in GreedyBot(0).ratings(game))
    assert rated["propose"] < rated["end"], "the bot does not ask again what everyone just declined"
    assert GreedyBot(0).choose(game).verb != "propose"
