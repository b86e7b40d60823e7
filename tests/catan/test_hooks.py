"""The base engine's hooks for the Cities & Knights layer (``docs/rules_notes/catan.md``, "How Cities & Knights plugs
in"): their base behaviour, and a subclass that overrides one is heard."""

from games.catan import CatanGame, new_game, pieces
from games.catan.data import rulebook
from games.catan.development import RoadBuilding
from games.catan.production import produce
from games.catan.state import ROBBER

from .scenario import force_roll, hand, legal, path, play, position


def test_the_base_card_kinds_are_the_five_resources():
    game = new_game()
    assert game.cards == rulebook.RESOURCES and game.width == 5 and game.card_order == (0, 1, 2, 3, 4)
    assert game.card_totals == (19,) * 5 and game.card_groups == ((0, 1, 2, 3, 4),)
    assert len(game.state.hands) == 4 * 5 and game.state.bank == [19] * 5


def test_trade_targets_and_rules_decide_maritime_trades():
    class NoOre(CatanGame):
        def trade_targets(self, give, rate):
            return tuple(r for r in super().trade_targets(give, rate) if rulebook.RESOURCES[r] != "ore")

        def trade_rule(self, p, give, rate):
            return "trade.harbour"

    game = position(hands={0: "wool " * 4})
    assert [a for a in legal(game) if a.startswith("trade")] == [
        "trade wool brick", "trade wool grain", "trade wool lumber", "trade wool ore"]
    assert game.trade_rule(0, 4, 4) == "trade.maritime" and game.trade_rule(0, 4, 3) == "trade.harbour"
    other = NoOre(game.config, 0)
    other.state, other.layout, other.tables = game.state.copy(), game.layout, game.tables
    assert "trade wool ore" not in legal(other)
    events = play(other, "trade wool brick")
    assert events[0].rule == "trade.harbour"


def test_rates_and_free_intersections_from_scratch_equal_the_maintained_ones():
    game = position(settlements={0: [32]}, roads={0: path(32, 26)})
    assert game.rates_from_scratch(0) == pieces.rates_from_scratch(game, 0) == [3] * 5
    assert game.free_from_scratch() == game.state.free


def test_discards_done_and_robber_done_decide_what_follows_the_seven():
    heard = []

    class Listening(CatanGame):
        def discards_done(self):
            heard.append("discards")
            super().discards_done()

        def robber_done(self):
            heard.append("robber")
            super().robber_done()

    base = position(phase="roll")
    game = Listening(base.config, 0)
    game.state, game.layout, game.tables = base.state.copy(), base.layout, base.tables
    force_roll(game, 7)
    play(game, "roll")
    assert heard == ["discards"] and game.state.phase == ROBBER
    play(game, "robber 0")
    assert heard == ["discards", "robber"] and game.pending().kind == "main"


def test_the_set_up_asks_the_next_placement_of_the_hook():
    game = new_game(players=3, layout="beginner", start_player=0)
    assert game.next_setup_step() == "setup-settlement"
    play(game, "settle 13", f"road {path(13, 8)[0]}")
    assert game.pending().kind == "setup-settlement"


def test_production_returns_who_took_cards_and_the_pieces_allow_for_reduced_cities():
    game = position(settlements={1: [13]})
    assert produce(game, 4) == 1 << 1 and hand(game, 1) == {"wool": 1}
    assert produce(game, 12) == 0 and game.reduced_cities(1) == 0


def test_the_development_deck_the_initial_state_and_the_points_rule():
    game = new_game(seed=4)
    assert len(game.state.deck) == 25 and game.points_rule == "victory.points"
    assert type(game.state).__name__ == "CatanState"
    assert RoadBuilding.rule == "dev.road-building" and game.out_of_turn == (8, 4)
