"""The classroom site's own pages (scripts/site_pages.py) written into a stand-in of a built JupyterLite folder, with
no browser and no build: the root lists every play page and every ``full`` lesson, each short address opens the
console app with the one line that shows its page, the console app's failing plugin is disabled, and the editor
apps load the script that carries earlier work over, once however often the pages are written. The site itself is
tested in a browser by tests/browser/test_site.py."""

from __future__ import annotations

import importlib.util
import json
import re
import urllib.parse
from html import unescape
from pathlib import Path

import pytest

from widgets.shared.play import PAGES

REPO = Path(__file__).resolve().parents[1]


def site_pages():
    spec = importlib.util.spec_from_file_location("site_pages", REPO / "scripts" / "site_pages.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A stand-in for what ``jupyter lite build`` leaves: the apps' pages and the console app's settings."""
    module = site_pages()
    for app in [*module.EDITOR_APPS, "repl"]:
        (tmp_path / app).mkdir()
        (tmp_path / app / "index.html").write_text("<html><body><p>app</p></body></html>", encoding="utf-8")
    (tmp_path / "lab" / "favicon.ico").write_bytes(b"icon")
    (tmp_path / "repl" / "jupyter-lite.json").write_text(json.dumps(
        {"jupyter-config-data": {"disabledExtensions": ["@a/b:c"]}}), encoding="utf-8")
    module.write_pages(tmp_path, REPO / "notebooks", "0123abcd")
    module.write_pages(tmp_path, REPO / "notebooks", "0123abcd")  # written twice: nothing doubles
    return tmp_path


def target(page: Path) -> dict[str, list[str]]:
    """The console app's options in a short address's redirect."""
    url = unescape(re.search(r'url=([^"]+)"', page.read_text(encoding="utf-8")).group(1))
    assert url.startswith("../repl/index.html?"), url
    return urllib.parse.parse_qs(urllib.parse.urlparse(url).query)


def test_every_play_page_opens_the_console_app_on_its_page(site: Path) -> None:
    for spec in PAGES:
        options = target(site / "play" / f"{spec.name}.html")
        assert options["code"] == [f'from widgets.shared.student_view import play_page_in_site; '
                                   f'play_page_in_site("{spec.name}")']
        assert options["hideCodeInput"] == ["1"] and options["showBanner"] == ["0"] and "toolbar" not in options


def test_every_full_lesson_has_a_student_view_and_the_root_lists_both(site: Path) -> None:
    module = site_pages()
    lessons = module.full_lessons(REPO / "notebooks")
    assert lessons
    root = (site / "index.html").read_text(encoding="utf-8")
    assert 'id="jupyter-config-data"' in root  # JupyterLite's apps read the pages above them
    for path in lessons:
        options = target(site / "read" / f"{path.stem}.html")
        assert options["code"] == [f'from widgets.shared.student_view import lesson_page; lesson_page("{path.stem}")']
        assert f'href="read/{path.stem}.html"' in root and f'href="notebooks/index.html?path={path.name}"' in root
        title, line = module.heading_and_line(path)
        assert title and not title.startswith("#") and "*" not in line and len(line) <= 202
    for spec in PAGES:
        assert f'href="play/{spec.name}.html"' in root
    assert "0123abcd" in root and (site / "favicon.ico").read_bytes() == b"icon"


def test_the_console_app_and_the_editors_are_set_up_once(site: Path) -> None:
    module = site_pages()
    config = json.loads((site / "repl" / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    assert config["disabledExtensions"][0] == "@a/b:c"
    assert config["disabledExtensions"] == ["@a/b:c", *module.CONSOLE_DISABLED]
    for app in module.EDITOR_APPS:
        assert (site / app / "index.html").read_text(encoding="utf-8").count("earlier-work.js") == 1
    script = (site / "earlier-work.js").read_text(encoding="utf-8")
    assert json.dumps(module.STORAGE_PREFIX) in script and "earlier work/" in script
