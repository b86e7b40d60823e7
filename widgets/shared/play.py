"""Play pages: one page per game for a class to play from, with the table, its coach and no code.

Each page is a notebook in ``notebooks/play/`` (the rules in a few lines, then one hidden cell) served by Voila
(``voila notebooks/play``, or ``voila notebooks`` and ``/voila/render/play/<name>.ipynb``) or, in the offline
classroom site, shown by the site's console app with no code (``widgets.shared.student_view.play_page_in_site``,
at ``play/<name>.html``). Its one cell is::

    from widgets.shared.play import play_page
    play_page("kutna_hora")

A page deals a new game on every load (its number is shown, and ``reset`` deals the same game again); the human has
seat 1 against greedy bots. The table explains everything on the page: a click the rules refuse ("Not allowed: ..."
in its message line, nothing changed), a finished game (its prompt names the winner), and a lost kernel (the view
marks itself lost; inside a play page it asks to reload the page rather than to run a cell).

:data:`PAGES` lists the pages (the site build and the tests read it); the shared layer names no game's module: a
page's table comes from :mod:`.tables` by game id.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from html import escape
from pathlib import Path

import ipywidgets

from .tables import table_class
from .text import plural

#: The class a play page's box carries; the front-end runtime reads it to word a lost kernel for a page.
PAGE_CLASS = "bg-play-page"
#: Deal numbers a page draws from (any int seeds a game; small ones are easy to read out in class).
DEALS = 10_000


@dataclass(frozen=True)
class PlayPage:
    """A play page: its notebook's stem, the game id its table plays, its title and the players at the table."""

    name: str
    game_id: str
    title: str
    players: int


PAGES: tuple[PlayPage, ...] = (
    PlayPage("kutna_hora", "kutna_hora.game", "Kutná Hora", 2),
    PlayPage("kardinal_koenig", "kardinal_koenig.cards", "Kardinal & König – the card game", 3),
    PlayPage("chartres", "chartres.game", "Chartres", 3),
    PlayPage("catan", "catan.base", "Catan", 4),
    PlayPage("cities_knights", "catan.cities_knights", "Catan: Cities & Knights", 4),
)
_BY_NAME = {page.name: page for page in PAGES}


def play_pages(root: Path | str = ".") -> list[Path]:
    """The play pages' notebooks under the repository folder ``root``."""
    return [Path(root) / "notebooks" / "play" / f"{page.name}.ipynb" for page in PAGES]


def page_named(name: str) -> PlayPage:
    """The play page ``name``; ``ValueError`` naming the pages for another."""
    if name not in _BY_NAME:
        raise ValueError(f"there is no play page {name!r}; the pages are {', '.join(_BY_NAME)}")
    return _BY_NAME[name]


def play_page(name: str, deal: int | None = None) -> ipywidgets.VBox:
    """The page's content: a line naming the deal, then the game's table (seat 1 plays, greedy bots the others).
    ``deal`` seeds the game (``None``: a new deal, drawn at random)."""
    page = page_named(name)
    if deal is None:
        deal = secrets.randbelow(DEALS)
    table = table_class(page.game_id)(players=page.players, seed=deal, human=0, bots="greedy")
    line = ipywidgets.HTML(
        f"<b>{escape(page.title)}</b>, game {deal}: you are Player 1 against {plural(page.players - 1, 'bot')}. "
        "'reset' deals this game again; reload the page for a new one.")
    box = ipywidgets.VBox([line, table])
    box.add_class(PAGE_CLASS)
    box.table = table  # for a notebook or a test that wants the game behind the page
    return box


__all__ = ["DEALS", "PAGES", "PAGE_CLASS", "PlayPage", "page_named", "play_page", "play_pages"]
