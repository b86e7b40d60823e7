"""What the browser holds of a Kutná Hora game: the catalogue (what never changes while one game is shown) and one
dict per board, built from ``game.observe(seat)``, for :class:`~widgets.kutna_hora.KHTable` and the board views
(:mod:`.board_views`). Each board has one renderer in ``static/``: ``round_track.js``, ``stands.js``,
``town_hall.js`` (with the nobles), ``barbara.js``, ``mine_board.js``, ``town_board.js`` and ``player_board.js``.

What is hidden stays in Python: the tiles drawn in another player's Mine action, the face-down events and the
tiles under each town hall stack's top (``observe`` leaves them out). The tiles, boards, events and action cards
are the designed ``approx`` components, so every view shows :data:`games.kutna_hora.BANNER`.
"""

from __future__ import annotations

from typing import Any

from games.kutna_hora import BANNER, mines, town
from games.kutna_hora.data import approx, rulebook
from games.kutna_hora.data.components import GUILD_GOOD
from games.kutna_hora.game import KutnaHoraGame
from widgets.shared.table_words import rules_catalog
from widgets.shared.text import seat_label, short

from .colours import board_colours


def checked_game(game: Any) -> KutnaHoraGame:
    if not isinstance(game, KutnaHoraGame):
        raise TypeError(f"this view shows a Kutná Hora game (KutnaHoraGame(None, seed, players=2)), not "
                        f"{short(game)}")
    return game

#: Effects a tile shows in their own place (its production, population and technology icon, a public building's
#: noble); the others are listed in words.
_SHOWN_APART = ("production", "population", "technology", "noble")


def checked_seat(game: KutnaHoraGame, seat: Any) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
        raise ValueError(f"seat must be 0 to {game.players - 1}, not {short(seat)}")
    return seat


def catalog(game: KutnaHoraGame) -> dict[str, Any]:
    """What never changes while one game is shown: sent once per game, so every step only carries ids. (A table's
    driver adds the players, the seat colours and names and every rule's words.)"""
    size = game.size
    design = game.design  # the numbers this game plays with (a variant's, or the printed ones)
    return {
        "banner": BANNER, "source": approx.SOURCE, "colours": board_colours(),
        "seat_labels": [seat_label(p) for p in range(game.players)],
        # building tiles: guild, colour, wood, production, plot value, icons, the other printed effects in words,
        # technology, the noble a public building brings, population
        "tiles": {t.id: [t.guild, t.colour, t.wood, t.production, t.plot_value, list(t.icons),
                         [e.words() for e in t.effects if e.kind not in _SHOWN_APART], int(t.technology),
                         ", ".join(e.words() for e in t.effects if e.kind == "noble"), t.population]
                  for t in game.tiles.values()},
        "guild_good": dict(GUILD_GOOD.value),
        # mine tiles: back, wood cost, ore, population, points, stars
        "mine_tiles": {t.id: [t.back, t.cost, t.ore, t.population, t.points, t.stars] for t in mines.TILES.values()},
        "rocks": dict(mines.ROCKS), "mine_rows": mines.ROWS, "mine_columns": mines.COLUMNS,
        "entrances": sorted(mines.ENTRANCE_SPACES), "entrance_wood": rulebook.ENTRANCE_WOOD.value,
        "town_size": size, "edges": town.snapshot([""] * size * size, [-1] * size * size, [-1] * size * size,
                                                  size)["edges"],
        "cards": [list(halves) for halves in approx.ACTION_CARDS.value],
        # house spaces: per row, per space, its effects [kind, amount]
        "houses": [[[[e.kind, e.amount] for e in space] for space in row] for row in design.house_effects],
        "reputation": list(design.reputation_points),
        # St. Barbara's tiles: each one's tax icon (its effect is the words of rule barbara.k, in catalog.rules)
        "barbara_tax": list(design.st_barbara_tax),
        "events": {e.id: [e.tax, e.population, e.ore, e.town_builds] for e in approx.EVENTS},
        "rights_costs": [list(c) for c in design.rights_costs],
        "tax_reputation": list(design.tax_reputation[:game.rounds]), "tax_cap": design.tax_cap,
        "rounds": game.rounds, "red_round": game.red_round,
        "noble_from": game.rounds - design.noble_rounds + 1,
        "nobles": list(rulebook.NOBLE_COLOURS),  # what each scores: the words of rule nobles.<colour>
        "tech_draws": list(design.tech_draws), "council_cost": design.council_cost,
        "plot_markers": rulebook.PLOT_MARKERS.value, "held_slots": 3, "houses_per_row": rulebook.HOUSES.value // 3,
    }


def board_rules(game: KutnaHoraGame) -> dict[str, Any]:
    """The rules whose words the boards show (St. Barbara's tiles, the nobles' scorings), as a table's catalogue
    has them (``sections`` and ``rules``: :func:`widgets.shared.table_words.rules_catalog`). A table's catalogue carries
    every rule; a board view only these."""
    return rules_catalog(rule for rule in game.rules.values() if rule.id.startswith(("barbara.", "nobles.")))


def boards(game: KutnaHoraGame, human: int | None = 0, bots: str = "greedy",
           view: dict[str, Any] | None = None) -> dict[str, Any]:
    """Every board of ``game`` as seat ``human`` sees it (``None``: the public view), one dict per synced trait:
    ``board`` (round track, tax, events, St. Barbara, nobles, prices, scores, guild sets), ``stands``
    (:func:`~games.kutna_hora.prices.stand_snapshot`), ``hall`` (each stack as ``[kind, name, top tile, tiles in
    it]``), ``mine`` (cells ``[tile, owner, open, cost in wood]``, rows ``[stars, values]``, the stack and the drawn
    tiles if they are ``human``'s), ``town`` (plots ``[building, owner, marker]``) and ``seats``. ``view``:
    ``game.observe(human)`` when the caller has it already."""
    view = game.observe(human) if view is None else view
    s = game.state
    board = {
        "round": view["round"], "rounds": view["rounds"], "phase": view["phase"], "start": view["start"],
        "turn": view["turn"], "plays_left": view["plays_left"], "tax": view["tax"], "red_track": view["red_track"],
        "events": view["events"], "barbara": view["barbara"], "bank": view["bank"], "pool": view["pool"],
        "council": view["council"], "prices": view["prices"], "scores": view["scores"],
        "guild_card": view["guild_card"],
        "guild_sets": [[k + 1, list(approx.GUILD_SETUP.value[s.guild_card][k])] for k in s.guild_sets],
        "joker_cost": [game.joker_cost(p) for p in range(game.players)],
    }
    drawn = view["mine_drawn"]  # the tiles for the player who drew them; for everyone else only how many
    mine = {
        "cells": [[c["tile"], c["owner"], int(c["open"]), c["cost_here"]] for c in view["mine"]["cells"]],
        "rows": [[r["stars"], r["values"]] for r in view["mine"]["row_info"]],
        "technology": view["technology"], "tech_left": view["tech_left"], "stack": view["mine_stack"],
        "back": view["mine_stack_back"], "discard": view["mine_discard"],
        "drawn": drawn if isinstance(drawn, list) else [],
        "drawn_count": len(drawn) if isinstance(drawn, list) else drawn,
    }
    # Only each stack's top tile is open to everybody; the tiles under it stay in Python (and the message small).
    hall = {"rows": [[[st["kind"], st["name"], st["tiles"][-1], st.get("count", len(st["tiles"]))] for st in row]
                     for row in view["town_hall"]["rows"]], "discards": len(view["town_hall"]["discards"])}
    plots = {"size": view["town"]["size"],
             "plots": [[pl["building"], pl["owner"], pl["marker"]] for pl in view["town"]["plots"]]}
    seats = []
    for p, seen in enumerate(view["seats"]):
        seat = {k: seen[k] for k in ("groschen", "score", "reputation", "pelicans", "used_pelicans", "production",
                                     "mine_ore", "held", "guilds", "houses_taken", "houses_removed", "pool",
                                     "reserve", "cards", "income", "plots", "tax_due")}
        seat.update(nobles=game.noble_values(p), final=game.final_breakdown(p), you=p == human,
                    bot=None if p == human else bots)
        seats.append(seat)
    return {"board": board, "stands": view["stands"], "hall": hall, "mine": mine, "town": plots, "seats": seats}


__all__ = ["board_rules", "boards", "catalog", "checked_game", "checked_seat"]
