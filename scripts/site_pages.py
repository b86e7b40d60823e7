"""The classroom site's own pages, written into a built JupyterLite folder by scripts/build_site.py.

- ``index.html`` (the site's root): the play pages and the lessons, each lesson with its student view and the
  notebook editor, and JupyterLab with every lesson. Replaces JupyterLite's own root page, which only redirects.
- ``play/<game>.html`` and ``read/<lesson>.html``: short addresses a teacher can write on the board. Each opens
  JupyterLite's single-console app (``repl/``) with one line of code that shows the page
  (``widgets.shared.student_view``): outputs only, no editor, no prompt, nothing to run by hand.
- ``earlier-work.js``, loaded by the editor apps (``lab/``, ``notebooks/``, ``tree/``): the browser keeps a
  student's saved notebooks in a storage named after the build, so a new build starts clean; this script copies
  what an older build's storage holds into the folder ``earlier work/`` of the new one, once (docs/classroom.md).
"""

from __future__ import annotations

import json
import re
import shutil
import sys
import urllib.parse
from html import escape
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
#: The console app's options: no toolbar, no banner, outputs only, and the (hidden) prompt on top, so the console
#: does not scroll to the end as outputs arrive. The page's own style hides the rest.
CONSOLE_OPTIONS = {"kernel": "python", "showBanner": "0", "hideCodeInput": "1", "promptCellPosition": "top"}
#: JupyterLab's CodeMirror commands need a notebook tracker, which the console app has not: the plugin fails to
#: start with a console error and is not needed there.
CONSOLE_DISABLED = ["@jupyterlab/codemirror-extension:commands"]
#: The apps a student edits in, which carry earlier work over (the console app shows pages and saves nothing).
EDITOR_APPS = ["lab", "notebooks", "tree"]
STORAGE_PREFIX = "JupyterLite Storage - boardgame-notebooks "


def console_url(code: str | None = None) -> str:
    """The console app's address, relative to the site's root, that runs ``code`` when Python is ready."""
    return "repl/index.html?" + urllib.parse.urlencode({**CONSOLE_OPTIONS, **({"code": code} if code else {})})


def read_url(stem: str) -> str:
    return console_url(f'from widgets.shared.student_view import lesson_page; lesson_page("{stem}")')


def play_url(name: str) -> str:
    return console_url(f'from widgets.shared.student_view import play_page_in_site; play_page_in_site("{name}")')


def _notebook(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def heading_and_line(path: Path) -> tuple[str, str]:
    """A notebook's title (its first heading) and the first sentence of its first paragraph of text (not a quote, a
    list or a heading), markdown marks dropped."""
    source = "".join(_notebook(path)["cells"][0]["source"])
    paragraphs = [" ".join(part.split()) for part in re.split(r"\n\s*\n", source) if part.strip()]
    title = paragraphs[0].splitlines()[0].lstrip("# ").strip() if paragraphs else path.stem
    text = next((p for p in paragraphs[1:] if not p.startswith(("#", ">", "- ", "* ", "|"))), "")
    text = re.sub(r"[*_`]|\[([^\]]*)\]\([^)]*\)", lambda m: m.group(1) or "", text)
    first = re.match(r"(.+?[.!?])(\s|$)", text)
    line = first.group(1) if first else text
    return title, line if len(line) <= 200 else line[:200].rsplit(" ", 1)[0] + " …"


def full_lessons(lessons: Path) -> list[Path]:
    """The lessons that run whole in the site (``metadata.site.tag == "full"``)."""
    return [path for path in sorted(lessons.glob("[0-9][0-9]_*.ipynb"))
            if _notebook(path)["metadata"].get("site", {}).get("tag") == "full"]


def redirect_page(title: str, target: str) -> str:
    """A page that opens ``target`` (relative to the site's root) at once; the page itself sits one folder down."""
    href = escape("../" + target)
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title><link rel="icon" href="data:,">
<meta http-equiv="refresh" content="0; url={href}"></head>
<body><p>Opening <a href="{href}">{escape(title)}</a> ...</p>
<script>window.location.replace({json.dumps("../" + target)});</script></body></html>
"""


STYLE = """body { font-family: system-ui, sans-serif; max-width: 980px; margin: 24px auto; padding: 0 16px;
  color: #1f2933; line-height: 1.45; }
h1 { margin-bottom: 4px; } h2 { margin-top: 28px; border-bottom: 1px solid #d9dee3; padding-bottom: 4px; }
.games { display: grid; grid-template-columns: repeat(auto-fill, minmax(280px, 1fr)); gap: 12px; }
.game { display: block; border: 1px solid #cbd2d9; border-radius: 8px; padding: 10px 14px; text-decoration: none;
  color: inherit; background: #f7f9fb; }
.game:hover, .game:focus { border-color: #2f6f9f; background: #eef5fb; }
.game b { color: #1d5a85; font-size: 17px; }
table { border-collapse: collapse; width: 100%; } td { padding: 6px 8px; border-bottom: 1px solid #eef1f4; }
td.n { color: #7b8794; width: 2em; } td.go { white-space: nowrap; text-align: right; }
.note { color: #52606d; font-size: 14px; }"""


def index_page(lessons: list[Path], build_id: str) -> str:
    from widgets.shared.play import PAGES

    games = []
    for page in PAGES:
        _, line = heading_and_line(REPO / "notebooks" / "play" / f"{page.name}.ipynb")
        games.append(f'<a class="game" data-testid="play-{page.name}" href="play/{page.name}.html">'
                     f"<b>{escape(page.title)}</b><br>{escape(line)}</a>")
    rows = []
    for path in lessons:
        title, line = heading_and_line(path)
        rows.append(
            f'<tr data-testid="lesson-{path.stem}"><td class="n">{path.stem[:2]}</td>'
            f'<td><b>{escape(title)}</b><br><span class="note">{escape(line)}</span></td>'
            f'<td class="go"><a href="read/{path.stem}.html">read and try</a> · '
            f'<a href="notebooks/index.html?path={urllib.parse.quote(path.name)}">code</a></td></tr>')
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Board-game lessons</title>
<link rel="icon" href="lab/favicon.ico">
<meta name="viewport" content="width=device-width, initial-scale=1"><style>{STYLE}</style>
<!-- JupyterLite's apps read their settings from this block of every page above them (config-utils.js) -->
<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">{{}}</script></head>
<body>
<h1>Board games as living notebooks</h1>
<p class="note">Everything runs in this browser tab: Python starts in the page, so a page takes about half a minute
to open (longer on a slow laptop), and nothing is sent anywhere.</p>
<h2>Play a game</h2>
<p>You play seat 1 against bots. Click the board or a button to decide; <b>hint</b> asks the coach.</p>
<div class="games">{''.join(games)}</div>
<h2>Lessons</h2>
<p><b>read and try</b> shows a lesson as a page: its text, boards and exercises, with each piece of code behind
"Show the code". <b>code</b> opens the same lesson in the notebook editor, where you change and run the code
(Run → Run All Cells).</p>
<table>{''.join(rows)}</table>
<h2>For the teacher</h2>
<p class="note"><a href="lab/index.html">JupyterLab</a> with every lesson and a file browser. Work a student saves
stays in this browser; after the site is rebuilt it is in the folder <i>earlier work</i>. Site build
<code>{escape(build_id)}</code>.</p>
</body></html>
"""


EARLIER_WORK_JS = """// Carry a student's saved work over from an older build of this site (docs/classroom.md).
// The browser keeps saved notebooks in a storage named after the build, so a new build starts from its own lessons;
// what an older build's storage holds is copied, once, into the folder "earlier work/<date> build <id>" of this one.
(async () => {
  const PREFIX = %(prefix)s;
  if (!window.indexedDB || !indexedDB.databases) return;
  const site = await (await fetch("../jupyter-lite.json")).json();
  const current = site["jupyter-config-data"].contentsStorageName;
  const older = (await indexedDB.databases()).map((db) => db.name)
    .filter((name) => name && name.startsWith(PREFIX) && name !== current
            && !localStorage.getItem(`${current} carried ${name}`));
  if (!older.length) return;
  const readAll = (name) => new Promise((resolve) => {
    const request = indexedDB.open(name);
    request.onerror = () => resolve([]);
    request.onsuccess = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains("files")) { db.close(); resolve([]); return; }
      const all = db.transaction("files").objectStore("files").getAll();
      all.onsuccess = () => { db.close(); resolve(all.result || []); };
      all.onerror = () => { db.close(); resolve([]); };
    };
  });
  let app = window.jupyterapp;
  for (let i = 0; !app && i < 600; i++) {
    await new Promise((r) => setTimeout(r, 200));
    app = window.jupyterapp;
  }
  if (!app) return;
  await app.started;
  const contents = app.serviceManager.contents;
  let carried = 0;
  for (const name of older) {
    const files = (await readAll(name)).filter((f) => f && f.type !== "directory" && f.path);
    const newest = files.map((f) => f.last_modified || "").sort().pop() || new Date().toISOString();
    const folder = `earlier work/${newest.slice(0, 10)} build ${name.slice(PREFIX.length, PREFIX.length + 8)}`;
    const made = new Set();
    for (const file of files) {
      const target = `${folder}/${file.path}`;
      const parts = target.split("/");
      for (let i = 1; i < parts.length; i++) {  // the drive makes no missing folder itself
        const dir = parts.slice(0, i).join("/");
        if (!made.has(dir)) {
          made.add(dir);
          await contents.get(dir).catch(() => contents.save(dir, {type: "directory", format: "json", content: null}));
        }
      }
      await contents.save(target, {type: file.type, format: file.format, content: file.content});
      carried += 1;
    }
    localStorage.setItem(`${current} carried ${name}`, new Date().toISOString());
  }
  if (carried && app.commands.hasCommand("apputils:notify")) {
    app.commands.execute("apputils:notify", {type: "info", message:
      `Your ${carried} saved file(s) from an earlier version of this site are in the folder "earlier work".`,
      options: {autoClose: 15000}});
  }
  document.body.dataset.earlierWork = String(carried);
})().catch((err) => console.warn("earlier work not carried over:", err));
"""


def write_pages(site: Path, lessons: Path, build_id: str) -> None:
    """Write the site's own pages into the built folder ``site``."""
    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))
    from widgets.shared.play import PAGES

    config_path = site / "repl" / "jupyter-lite.json"
    config = json.loads(config_path.read_text(encoding="utf-8"))
    data = config.setdefault("jupyter-config-data", {})
    disabled = data.get("disabledExtensions", [])
    data["disabledExtensions"] = [*disabled, *(name for name in CONSOLE_DISABLED if name not in disabled)]
    config_path.write_text(json.dumps(config, indent=1), encoding="utf-8")
    full = full_lessons(lessons)
    for folder, items in (("play", [(p.name, f"Play {p.title}", play_url(p.name)) for p in PAGES]),
                          ("read", [(p.stem, heading_and_line(p)[0], read_url(p.stem)) for p in full])):
        (site / folder).mkdir(exist_ok=True)
        for name, title, target in items:
            (site / folder / f"{name}.html").write_text(redirect_page(title, target), encoding="utf-8")
    (site / "index.html").write_text(index_page(full, build_id), encoding="utf-8")
    shutil.copy2(site / "lab" / "favicon.ico", site / "favicon.ico")  # what a browser asks the root for
    (site / "earlier-work.js").write_text(EARLIER_WORK_JS % {"prefix": json.dumps(STORAGE_PREFIX)},
                                          encoding="utf-8")
    for app in EDITOR_APPS:
        page = site / app / "index.html"
        text = page.read_text(encoding="utf-8")
        if "earlier-work.js" not in text:
            page.write_text(text.replace("</body>", '<script src="../earlier-work.js"></script>\n</body>', 1),
                            encoding="utf-8")
