"""What the view fuzzer builds: every table, every interactive view and sandbox, and the read-only views (which must
answer any click with a sentence). Each target is a name and a function ``seed -> root widget``; a sandbox's root is
its box, and the fuzzer clicks every view and control inside it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True)
class Target:
    """One thing to fuzz: ``make(seed)`` builds it; ``model(root)`` is what a refused click must leave alone besides
    the views' synced traits (a table's game, a sandbox's own lists); ``weight`` weighs its share of a timed run
    (tables play bots, so a step costs more)."""

    name: str
    make: Callable[[int], Any]
    model: Callable[[Any], Any] | None = None
    weight: float = 1.0


def _game_json(table: Any) -> str:
    return table.game.to_json()


def _tables() -> list[Target]:
    from widgets.catan import CatanTable, CKTable
    from widgets.chartres import ChartresTable
    from widgets.kardinal_koenig import KKTable
    from widgets.kutna_hora import KHTable

    def table(cls: type, players: tuple[int, ...]) -> Callable[[int], Any]:
        def make(seed: int) -> Any:
            n = players[seed % len(players)]
            return cls(seed=seed, players=n, human=(seed // len(players)) % n, bots="random")
        return make

    return [Target("kk_table", table(KKTable, (3, 4, 5)), _game_json, 0.6),
            Target("chartres_table", table(ChartresTable, (2, 3, 4)), _game_json, 0.5),
            Target("kh_table", table(KHTable, (2, 3, 4)), _game_json, 0.4),
            Target("catan_table", table(CatanTable, (3, 4)), _game_json, 0.4),
            Target("ck_table", table(CKTable, (3, 4)), _game_json, 0.4)]


def _views() -> list[Target]:
    from games.catan import new_game as catan_game
    from games.chartres import new_game as chartres_game
    from games.kardinal_koenig import new_game as kk_game
    from games.kutna_hora import new_game as kh_game
    from widgets.catan.board_view import BoardView
    from widgets.chartres.cellar import CellarView
    from widgets.chartres.rows import RowsView
    from widgets.kardinal_koenig.chart import ChartView
    from widgets.kutna_hora.board_views import BarbaraView, PlayerBoardView, TownHallView
    from widgets.kutna_hora.mine_board import MineBoardView
    from widgets.kutna_hora.price_stand import PriceStand
    from widgets.kutna_hora.town_board import TownView
    from widgets.lab.editor import VariantEditor

    def catan_board(seed: int) -> Any:
        game = catan_game(players=3, seed=seed)
        offers = {f"node:{v}": "here" for v in range(0, 54, 3)}
        return BoardView(game, interactive=True, offers=offers)

    from games import GAMES

    games = sorted(GAMES)
    return [
        Target("catan_board", catan_board),
        Target("catan_board_picture", lambda seed: BoardView(catan_game(players=4, seed=seed))),
        Target("kk_chart", lambda seed: ChartView(kk_game(players=3, seed=seed).chart())),
        Target("chartres_cellar", lambda seed: CellarView("ABCD"[seed % 4])),
        Target("chartres_rows", lambda seed: RowsView(chartres_game(players=3, seed=seed), seed % 3)),
        Target("kh_town_hall", lambda seed: TownHallView(kh_game(players=3, seed=seed))),
        Target("kh_barbara", lambda seed: BarbaraView(kh_game(players=3, seed=seed))),
        Target("kh_player_board", lambda seed: PlayerBoardView(kh_game(players=3, seed=seed), seed % 3)),
        Target("kh_mine_board", lambda seed: MineBoardView()),
        Target("kh_town_board", lambda seed: TownView()),
        Target("kh_price_stand", lambda seed: PriceStand(), lambda stand: stand._game.to_json()),
        Target("lab_editor", lambda seed: VariantEditor(games[seed % len(games)]), lambda ed: ed.variant.to_json()),
    ]


def _sandboxes() -> list[Target]:
    from widgets.catan.sandbox import AttackSandbox, DevelopmentSandbox, PlacementSandbox
    from widgets.chartres.sandbox import WineSandbox
    from widgets.kardinal_koenig.sandbox import ScoringSandbox
    from widgets.kutna_hora.mine_sandbox import MineSandbox
    from widgets.kutna_hora.price_app import PriceStandApp
    from widgets.kutna_hora.town_sandbox import TownSandbox

    return [
        Target("catan_placement_sandbox", lambda seed: PlacementSandbox(seed=seed), lambda box: list(box.picked)),
        Target("catan_attack_sandbox", lambda seed: AttackSandbox(3 + seed % 2), lambda box: repr(box._moves)),
        Target("catan_development_sandbox", lambda seed: DevelopmentSandbox(3 + seed % 2),
               lambda box: repr(box._moves)),
        Target("chartres_wine_sandbox", lambda seed: WineSandbox("ABCD"[seed % 4])),
        Target("kk_scoring_sandbox", lambda seed: ScoringSandbox(3 + seed % 3)),
        Target("kh_mine_sandbox", lambda seed: MineSandbox(2 + seed % 3)),
        Target("kh_town_sandbox", lambda seed: TownSandbox(5 + seed % 2)),
        Target("kh_price_app", lambda seed: PriceStandApp(chart=False), lambda app: app.stand._game.to_json()),
    ]


def all_targets() -> dict[str, Target]:
    """Every target by name (imported on first use: the views pull in ipywidgets and pandas)."""
    return {t.name: t for t in (*_tables(), *_views(), *_sandboxes())}
